//! CREACIÓN DE TRANSPORTES and the ACCIONES DE MOVIMIENTO of transports: `boarding`
//! (Embarcar / desembarcar). The transport record is `state::transport`; its file part
//! `setup::transport` (RULES.md, "Transportes").

pub mod boarding;
pub mod damage;
pub mod driving;
pub mod fire;

use crate::basics::action::CharIdx;
use crate::state::State;

/// «D» of a check of `who` on a transport: CON − AGI, never a bonus (as 180°: RULES.md).
pub fn difficulty(st: &State, who: CharIdx) -> i8 {
    let info = st.info(who);
    (info.con as i8 - info.agi as i8).max(0)
}
