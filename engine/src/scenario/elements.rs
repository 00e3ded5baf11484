//! Scenario elements (ACCIONES GENÉRICAS, Buscar: «Busca e investiga en un elemento») and items
//! lying on the ground, as a position file gives them (POSITIONS.md, `elements`, `ground`).
//!
//! «Lo que se encuentra» is the scenario's (A29): an element may hold items (weapons of the
//! lists, out of their owners' hands, hidden in it) and objective points for the side that
//! searches it. The rule that searches and picks up is `actions::items`.

use crate::basics::geom::{Pos, Side};
use serde::{Deserialize, Serialize};

/// Most elements in one position (a bit each in the state's `searched` mask).
pub const MAX_ELEMENTS: usize = 8;

/// A scenario element as a position file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElementSetup {
    /// Display name (default `E1`, `E2`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its square `[x, y]`.
    pub at: [i16; 2],
    /// Items hidden in it, each `"LABEL wN"` (the owner and the owner's weapon, which must be
    /// out of its owner's hands: `dropped`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<String>,
    /// Objective points for the side that finds them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: i32,
    /// Already searched (nothing left in it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub searched: bool,
    /// Hackable: a target of Corromper / Poseer, with what it does (RULES.md, "Objects as the
    /// targets of Corromper and Poseer").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hackable: Option<HackableSetup>,
    /// A door on its square: closed, a wall (RULES.md, "Doors and turrets"); needs `hackable`
    /// (its CAL and the side that opens and closes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub door: Option<DoorSetup>,
    /// A turret on its square: it shoots for the side it works for (RULES.md, "Doors and
    /// turrets"); needs `hackable`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turret: Option<TurretSetup>,
}

/// A door, as a position file gives it (`elements[k].door`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoorSetup {
    /// Open (default: closed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open: bool,
}

/// A turret, as a position file gives it (`elements[k].turret`): its weapon profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurretSetup {
    /// CH IMP value (1 to 10). Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imp: Option<u8>,
    /// ALC in K (1 to 60). Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alc: Option<u8>,
    /// DAÑ (1 to 20). Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dmg: Option<u8>,
    /// Shots it has (none: unlimited).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammo: Option<u8>,
    /// Shots fired so far (at most `ammo`).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub shots: u8,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

fn is_zero_u8(v: &u8) -> bool {
    *v == 0
}

/// The hackable part of a scenario element, as a position file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HackableSetup {
    /// CAL (1 to 10): the stress a Poseer needs and its wear limit. Required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cal: Option<u8>,
    /// Hielo: it answers a Corromper with a Combate mental at 3.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hielo: bool,
    /// Objective points for the side it works for, at the end of each turn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub score: i32,
    /// The side it works for when the game starts (`A`, `B`; none: nobody).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// Stress so far (at most CAL).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub stress: u8,
    /// Wounds so far (at most CAL + 1; CAL or more: it works no more).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub wounds: u8,
    /// Switched by a possessor: `off`, or the side it now works for (`A`, `B`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<String>,
}

/// An item lying on the ground, as a position file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroundSetup {
    /// `"LABEL wN"`: the owner and the owner's weapon (out of its owner's hands: `dropped`).
    pub item: String,
    /// Where it lies `[x, y]`.
    pub at: [i16; 2],
}

/// A validated element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// Display name.
    pub name: String,
    /// Its square.
    pub at: Pos,
    /// Items hidden in it (`1 + owner × 8 + weapon`, as a carried slot).
    pub items: Vec<u16>,
    /// Objective points for the finder's side.
    pub points: i32,
    /// Its hackable part (Corromper / Poseer), if any.
    pub hack: Option<ElementHack>,
    /// A door (its open / closed state is the game's: `State::door_closed`).
    pub door: bool,
    /// A turret's weapon profile, if it is one.
    pub turret: Option<Turret>,
}

/// A turret's weapon profile (POSITIONS.md, `elements[k].turret`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turret {
    /// CH IMP value.
    pub imp: u8,
    /// ALC in K.
    pub alc: u8,
    /// DAÑ.
    pub dmg: u8,
    /// Shots it has (`None`: unlimited).
    pub ammo: Option<u8>,
}

/// The hackable part of a scenario element (POSITIONS.md, `elements[k].hackable`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementHack {
    /// CAL: its stress limit and wear limit.
    pub cal: u8,
    /// Hielo: the INT / VOL / CAL its Combate mental is made with (0: none).
    pub ice: u8,
    /// Objective points scored at the end of each turn by the side it works for.
    pub score: i32,
    /// The side it works for when the game starts.
    pub side: Option<Side>,
}
