//! COMBATE: CH IMP then CH DEF, criticals and fumbles, cover, melee damage, equipment wear,
//! and the opposed combat actions (Empujar, Desarmar, Noquear, Inmovilizar, Esquivar).

use crate::basics::action::{CharIdx, ShotMode};
use crate::basics::check::{opposed_winner, roll_check, CheckRule, Event, Log, Roll};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::{CheckKind, Effect, Scope, Stat};
use crate::psychology::psyche;
use crate::state::*;

mod modifiers;
pub use modifiers::*;
mod damage;
pub use damage::*;
mod attack;
pub use attack::*;
mod opposed;
pub use opposed::*;
mod areas;
pub use areas::*;
mod bombs;
pub use bombs::*;
mod duel;
pub use duel::*;
mod area_traits;
pub use area_traits::{concentrated_shape, detonate_options, distortion};
pub(crate) use area_traits::{detonate_remote, enter_lasting, lasting_at_start};
mod runs;
pub use runs::phoenix;
pub(crate) use triggers::{
    after_wounds, object_uses, proud_strikes_back, radiant_holds_back, weapon_uses,
};
mod limbs;
mod turret;
pub use turret::turret_target;
pub(crate) use turret::turrets_fire;

/// Modifiers of the action being resolved that reach its CH ATR (ACCIONES: combined actions,
/// reacting early; Esprintar, Correr, Concentrarse, Apoyar on "the next action").
#[derive(Clone, Copy, Debug, Default)]
pub struct Ctx {
    /// The action is part of a chain: CH ATR −1.
    pub chain: bool,
    /// A reaction made before the action it answers ends: CH ATR −1.
    pub early: bool,
    /// Applied to the first CH ATR of the action only (Concentrarse, Apoyar).
    pub first_bonus: i8,
    /// Applied to every CH ATR of the action (Esprintar −3).
    pub all_bonus: i8,
    /// Applied to CH AGI of the action (Correr ±1).
    pub agi_bonus: i8,
    /// Whether the first-check bonus was used.
    pub first_used: bool,
    /// A free attack given by a trait (Orgulloso, Grito de veterano): it gives none in turn.
    pub free: bool,
    /// Arma de enjambre: within a volley, its criticals less its fumbles so far (the DEF cut of
    /// its hits when above 0; `sequence::swarm`).
    pub swarm: Option<i8>,
    /// The square and kliks of the move whose ENE `action_cost_steps` found, so the move
    /// itself does not look its cheapest path up again (taken by the move; checked against
    /// the lookup in debug builds).
    pub walk: Option<(crate::basics::geom::Pos, u8)>,
}

/// What an attack is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Wounds (normal attack).
    Wound,
    /// Empujar: CH CON ENF instead of CH DEF.
    Push,
    /// Desarmar: CH AGI ENF instead of CH DEF.
    Disarm,
    /// Noquear: CH CON ENF instead of wounds.
    Knockout,
    /// Inmovilizar: CH CON ENF instead of CH DEF.
    Immobilise,
}

/// What strikes, when it is not the weapon of [`Attack::weapon`] (or bare hands). The rulebook
/// gives these actions their own DAÑ (RULES.md, Embestir, Lanzar armas / objetos, Ataque CaC con
/// objeto improvisado); the item's own traits do not act, since it is not used as its weapon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum With {
    /// The weapon `weapon`, or bare hands when it is `None`.
    #[default]
    Weapon,
    /// A held item (weapon index `item`) thrown or swung as an improvised object, DAÑ by its
    /// material (steel 2, wood 1).
    Object {
        /// Weapon index of the item.
        item: u8,
        /// Its DAÑ.
        dmg: u8,
    },
    /// The attacker's body (Embestir): DAÑ = CON, and it receives no hit («No recibe impacto»).
    Body {
        /// The DAÑ.
        dmg: u8,
    },
    /// A power of the attacker that is not a weapon, with its own DAÑ: a meta-ability's CAL
    /// (its area), a Bomba viviente's CON/2.
    Power {
        /// The DAÑ.
        dmg: u8,
    },
}

/// An attack to resolve.
#[derive(Clone, Copy, Debug)]
pub struct Attack {
    /// The attacker.
    pub attacker: CharIdx,
    /// The declared target.
    pub target: CharIdx,
    /// Weapon index, or None for unarmed.
    pub weapon: Option<u8>,
    /// Melee (CaC) or ranged.
    pub melee: bool,
    /// The ranged variant.
    pub mode: ShotMode,
    /// Effect of a hit.
    pub special: Special,
    /// Free attack with CH IMP +1 (Destrabarse failure).
    pub free_bonus: i8,
    /// What strikes (`weapon` is `None` unless it is [`With::Weapon`]).
    pub with: With,
}
mod triggers;
