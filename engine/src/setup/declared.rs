//! The action declared before an early reaction window (`game.declared`), read back from a
//! position file. REACCIONES: the declared action resolves when the window closes, and only if
//! it is still possible then (`sequence::reactions`); meanwhile a reaction may take away what it
//! names — Desarmar drops the weapon, Saquear loots it — so a saved game may declare an attack
//! with a weapon its actor no longer carries. The file must load as the game stood: the weapon
//! is read as a slot of the actor (its own weapons and every slot it may carry), not as a weapon
//! it holds now.

use super::{err, SetupError};
use crate::basics::action::{parse, ParseContext};
use crate::basics::action::{Action, CharIdx, Roster};
use crate::basics::geom::Pos;
use crate::state::{State, MAX_CARRIED};

/// The state as a roster in which every character may name any of its weapon slots.
struct Slots<'a>(&'a State);

impl Roster for Slots<'_> {
    fn label(&self, idx: CharIdx) -> String {
        self.0.label(idx)
    }
    fn find(&self, label: &str) -> Option<CharIdx> {
        self.0.find(label)
    }
    fn weapon_count(&self, idx: CharIdx) -> u8 {
        match self.0.weapon_count(idx) {
            0 => 0,
            _ => self.0.info(idx).def.weapons.len() as u8 + MAX_CARRIED as u8,
        }
    }
    fn square(&self, idx: CharIdx) -> Option<Pos> {
        self.0.square(idx)
    }
    fn meta_area(&self, idx: CharIdx, m: u8) -> bool {
        self.0.meta_area(idx, m)
    }
    fn mounted_count(&self, t: u8) -> Option<u8> {
        self.0.mounted_count(t)
    }
}

/// Reads `game.declared`.
///
/// # Errors
/// A [`SetupError`] on `game.declared` when the text is no action of this roster.
pub(super) fn read(st: &State, text: &str) -> Result<Action, SetupError> {
    parse(text, &Slots(st), ParseContext::Acting).map_err(|e| err("game.declared", e.to_string()))
}
