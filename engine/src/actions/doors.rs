//! Doors (RULES.md, "Doors and turrets"): a scenario element that is a wall while closed.
//! Poseer («activar o desactivar el objetivo») decides whom a door works for, as for any
//! hackable element; the side it works for opens and closes it with an action — a character
//! at it, or a neuromante of that side within its INT K («el personaje actuando podrá gastar
//! su propia ENE para realizar acciones con el objetivo poseído»). A door switched off or
//! wrecked works for nobody and stays as it is.

use crate::actions::mind::is_neuromante;
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::state::State;

/// Opening or closing a door: the ENE of «Activar / desactivar, ENE 1» (Mimético), the
/// rulebook's one price for switching something; no check.
pub const DOOR_COST: i8 = 1;

/// The doors `who` may open or close now: those working for its side, at it (base contact:
/// the door's square or one next to it) or within its INT K if it is a neuromante; a door is
/// not closed on a character or a transport standing in it.
pub(crate) fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    let (p, side) = (st.ch(who).pos, st.side_of(who));
    for (e, el) in st.statics().elements.iter().enumerate() {
        let e = e as u8;
        if !el.door || st.element_side(e) != Some(side) {
            continue;
        }
        let d = el.at.dist(p);
        let reach = d <= 1 || (d <= st.info(who).int && is_neuromante(st, who));
        // Nor on a transport standing in it, manned or not (its square is taken either way:
        // RULES.md, Transportes; a closed door is a wall, where no transport stands).
        let free = st.at(el.at).is_none()
            && (st.num_transports() == 0 || st.transport_at(el.at).is_none());
        if reach && (st.door_closed(e) || free) {
            f(ActKind::Door { element: e });
        }
    }
}

/// Opens door `element` if it is closed, closes it otherwise.
pub(crate) fn toggle(st: &mut State, log: &mut Log, who: CharIdx, element: u8) {
    let closed = !st.door_closed(element);
    st.set_door(element, closed);
    log.push(|| Event::Status {
        who,
        text: if closed {
            "closes a door"
        } else {
            "opens a door"
        },
    });
}
