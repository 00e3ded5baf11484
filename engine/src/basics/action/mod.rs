//! Actions (ACCIONES) as values, and their one-line notation.
//!
//! Every decision of the game is an [`Action`]: choosing the character whose VOL is rolled for
//! initiative, activating a character, each action of an activation, attempting a reaction, the
//! reaction itself, passing. The notation is documented in POSITIONS.md; `parse` then `print` is
//! the identity on canonical text, and `print` then `parse` is the identity on values.
//!
//! This file holds the [`Action`] value itself; `kind` the table of actions ([`ActKind`]),
//! `groups` what group of ACCIONES each belongs to and its verb, `operands` and `ability` the
//! operands it carries, `key` its one-number key, `notation` / `parse` / `objects` / `mounted`
//! its text.

use crate::basics::geom::{Facing, Pos};
use std::fmt;

mod ability;
pub use ability::Ability;
mod groups;
mod key;
mod kind;
pub use kind::{ActKind, Fix};
mod mounted;
pub use mounted::{mounted_of, mounted_slot, WeaponLabel, MOUNTED_SLOT};
mod notation;
mod objects;
mod operands;
pub use notation::{Notation, Roster};
pub use operands::{ObjHack, ObjRef, ShotMode, Vertical};
mod parse;
pub use parse::{parse, spanish_verb, ParseContext, ParseError};
#[cfg(test)]
mod tests;

/// Index of a character in the position (0-based, side A first).
pub type CharIdx = u8;

/// One decision of the game.
///
/// `Hash` writes [`Action::key`] (one `u64`): searches hash whole legal lists at every node,
/// and one write per action is several times cheaper than the derived field-by-field hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The deciding side rolls initiative with this character's VOL.
    Initiative(CharIdx),
    /// Activate this character (its actuación starts).
    Activate(CharIdx),
    /// An action of the active character. `chain`: the next action is chained to this one
    /// (acciones combinadas). `face`: a free turn after the action (only while acting).
    Act {
        /// The acting character.
        who: CharIdx,
        /// What it does.
        kind: ActKind,
        /// Chain the next action to this one.
        chain: bool,
        /// Free facing change after the action.
        face: Option<Facing>,
    },
    /// The active character ends its activation facing this way.
    End {
        /// The acting character.
        who: CharIdx,
        /// Final facing.
        facing: Facing,
    },
    /// In a reaction window: this character attempts to react (CH VOL).
    React(CharIdx),
    /// In a reaction window: no (more) reactions from the deciding side.
    Pass,
    /// The reaction of a character that passed its CH VOL (or a Huir, which needs none).
    Reaction {
        /// The reacting character.
        who: CharIdx,
        /// What it does.
        kind: ActKind,
    },
    /// A character that passed its CH VOL does nothing after all.
    Hold(CharIdx),
}
