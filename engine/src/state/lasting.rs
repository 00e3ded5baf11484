//! A lasting area on the board (BONUS Y MALUS: Área permanente «los efectos permanecen en el
//! punto de impacto», Munición radiactiva «se genera un área R3 permanente»): part of the
//! position, laid and resolved by `actions::combat::area_traits`.

use crate::basics::action::CharIdx;
use crate::basics::geom::Pos;
use serde::{Deserialize, Serialize};

/// A lasting area: the squares it covers (`true`: a base there is wholly covered, `false`:
/// partly), the DAÑ of its hit, and the character whose attack left it (its hits are that
/// character's). It stays until the end of the game (RULES.md, ÁREAS, "Lasting areas").
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lasting {
    /// Whose attack left it.
    pub owner: CharIdx,
    /// The DAÑ of its hit.
    pub dmg: u8,
    /// The squares it covers, and whether wholly.
    pub squares: Vec<(Pos, bool)>,
}

impl Lasting {
    /// How a base on `p` is covered: `Some(true)` wholly, `Some(false)` partly, `None` not.
    pub fn covers(&self, p: Pos) -> Option<bool> {
        self.squares.iter().find(|(q, _)| *q == p).map(|&(_, f)| f)
    }
}
