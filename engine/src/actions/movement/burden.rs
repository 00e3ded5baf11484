//! Mover cargado con un objeto: what a body weighs for its carriers and who may pick it up
//! (MOVIMIENTO / ACCIONES DE MOVIMIENTO), shared by one carrier (`special`) and several
//! (`carry`).

use crate::basics::action::CharIdx;
use crate::state::*;

/// Mover cargado con un objeto (X): Mover's 1; X is the terrain, «terreno difícil / muy
/// difícil», paid as its surcharge (ENERGÍA).
pub const CARRY_COST: i8 = 1;

/// Mover cargado con un objeto: the surcharge floor of carrying `body` — «<= CON/2 del
/// personaje, terreno difícil» (1), «<= CON del personaje, terreno muy difícil» (2), «> CON del
/// personaje, no se puede» (`None`). The weight of a body is its CON (RULES.md).
pub fn carry_floor(st: &State, who: CharIdx, body: CharIdx) -> Option<u8> {
    let (w, con) = (st.info(body).con as u16, st.strength_con(who).max(0) as u16);
    if 2 * w <= con {
        Some(1)
    } else if w <= con {
        Some(2)
    } else {
        None
    }
}

/// Whether `who` may pick up `body`: a body in its reach ([`State::body_in_reach`]; a body
/// already carried lies under its carrier).
pub(super) fn carriable(st: &State, who: CharIdx, body: CharIdx) -> bool {
    st.body_in_reach(who, body)
}
