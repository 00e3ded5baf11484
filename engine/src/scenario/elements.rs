//! Scenario elements (ACCIONES GENÉRICAS, Buscar: «Busca e investiga en un elemento») and items
//! lying on the ground, as a position file gives them (POSITIONS.md, `elements`, `ground`).
//!
//! «Lo que se encuentra» is the scenario's (A29): an element may hold items (weapons of the
//! lists, out of their owners' hands, hidden in it) and objective points for the side that
//! searches it. The rule that searches and picks up is `actions::items`.

use crate::basics::geom::Pos;
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
}

fn is_zero(v: &i32) -> bool {
    *v == 0
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
}
