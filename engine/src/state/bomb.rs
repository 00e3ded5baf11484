//! A bomb lying on the board (ACCIONES GENÉRICAS / Soltar; BONUS Y MALUS / Área de activación):
//! part of the position, laid and set off by `actions::combat::bombs`.

use crate::basics::action::CharIdx;
use crate::basics::geom::Pos;
use serde::{Deserialize, Serialize};

/// A bomb lying on the board: weapon `weapon` of `owner` (its own index), on square `at`;
/// `armed` once the activation it was laid in has ended; `tripped` by the mini that entered its
/// activation area, until it goes off at the end of that mini's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bomb {
    /// The weapon's owner.
    pub owner: CharIdx,
    /// The owner's weapon index.
    pub weapon: u8,
    /// Where it lies.
    pub at: Pos,
    /// Operative («será operativa después de que el personaje actuando termine su actuación»).
    pub armed: bool,
    /// The mini that entered its activation area, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tripped: Option<CharIdx>,
}
