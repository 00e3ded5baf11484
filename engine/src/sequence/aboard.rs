//! The acting options of a character aboard a transport (CREACIÓN DE TRANSPORTES; RULES.md,
//! "Transportes"): it is not on the board's squares, so of its own actions only ending,
//! Esperar and Desembarcar remain; the driver also drives (`actions::transport`).

use super::cost::{push_act, push_wanted, Only};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::geom::Facing;
use crate::state::State;

/// The options of `c`, aboard a transport, with `ene` to spend.
pub(super) fn aboard_actions(st: &State, c: CharIdx, ene: i8, only: Only, out: &mut Vec<Action>) {
    for f in Facing::ALL {
        out.push(Action::End { who: c, facing: f });
    }
    if st.activation().actions == 0 && st.phase() > 1 && only.is_none_or(|o| o == ActKind::Wait) {
        push_act(out, c, ActKind::Wait, 1, ene);
    }
    crate::actions::transport::boarding::options(st, c, push_wanted(out, c, ene, only));
    crate::actions::transport::driving::options(st, c, push_wanted(out, c, ene, only));
}
