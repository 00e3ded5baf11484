//! The acting options of a character aboard a transport (CREACIÓN DE TRANSPORTES; RULES.md,
//! "Transportes"): it is not on the board's squares, so of its own actions only ending,
//! Esperar and Desembarcar remain; the driver also drives (`actions::transport`), and the crew
//! (the other passengers) fire their ranged weapons from it.

use super::cost::{push_act, push_wanted, Only};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::state::{State, SPRINTED};

/// The options of `c`, aboard a transport, with `ene` to spend.
pub(super) fn aboard_actions(st: &State, c: CharIdx, ene: i8, only: Only, out: &mut Vec<Action>) {
    super::cost::push_ends(st, c, out);
    if st.activation().actions == 0 && st.phase() > 1 && only.is_none_or(|o| o == ActKind::Wait) {
        push_act(out, c, ActKind::Wait, 1, ene);
    }
    crate::actions::transport::boarding::options(st, c, push_wanted(out, c, ene, only));
    crate::actions::transport::driving::options(st, c, push_wanted(out, c, ene, only));
    crew_fire(st, c, ene, only, out);
    // Esprintar, «No puede atacar este turno»: aboard as on foot (audit 23; a sprinter that
    // embarked still fired and fought from the transport).
    if !st.ch(c).has(SPRINTED) {
        mecha_melee(st, c, ene, only, out);
    }
}

/// Mecha («Actúa como un Pj a pie … se puede trabar en CaC»): its driver fights in melee, with
/// its own weapons, the enemies on foot in base contact with the mecha on its level.
fn mecha_melee(st: &State, c: CharIdx, ene: i8, only: Only, out: &mut Vec<Action>) {
    use crate::actions::transport::mecha::is_mecha;
    let Some(t) = st.aboard(c) else { return };
    let tp = st.transport(t).pos;
    // Inutilizado (wounds = CAL), it fights no more, as its own weapons fire none (ESTADO DEL
    // EQUIPO; audit 25b: only a destroyed one stopped).
    if st.transport(t).driver != c || st.transport_disabled(t) || !is_mecha(st, t) {
        return;
    }
    let (side, b) = (st.side_of(c), st.board());
    let targets: Vec<CharIdx> = st
        .indices()
        .filter(|&j| {
            let e = st.ch(j);
            st.side_of(j) != side
                && st.able(j)
                && st.aboard(j).is_none()
                && e.alt == crate::state::ALT_GROUND
                && e.pos.adjacent(tp)
                && b.terrain_height(e.pos) == b.terrain_height(tp)
        })
        .collect();
    let mut push = push_wanted(out, c, ene, only);
    for j in targets {
        super::legal_attacks::melee_options(st, c, j, |k| {
            push(k, super::cost::base_cost(st, c, &k))
        });
    }
}

/// The crew firing from the transport (CREACIÓN DE TRANSPORTES: «armas que dispara la
/// tripulación»; RULES.md, "Traits in play, share T"): a passenger who does not drive shoots
/// its own ranged weapons from the transport's square at the enemies on the board (never at
/// other passengers), with the shot's every rule; Por velocidad counts the transport's
/// movement (`combat::modifiers`). The crew also fires the transport's own weapons
/// (CREACIÓN DE TRANSPORTES, paso 5; `actions::transport::mounted`).
fn crew_fire(st: &State, c: CharIdx, ene: i8, only: Only, out: &mut Vec<Action>) {
    let Some(t) = st.aboard(c) else { return };
    if st.transport(t).driver == c || st.transport_destroyed(t) {
        return;
    }
    let side = st.side_of(c);
    let targets: Vec<CharIdx> = st
        .indices()
        .filter(|&j| st.side_of(j) != side && st.able(j) && st.aboard(j).is_none())
        .collect();
    let mut push = push_wanted(out, c, ene, only);
    // Esprintar, «No puede atacar este turno»: a sprinter aboard reloads, and fires nothing.
    let sprinted = st.ch(c).has(SPRINTED);
    // The transport's area weapons and Recargar of its weapons (`mounted::crew_options`).
    crate::actions::transport::mounted::crew_options(st, c, t, |k| {
        if !sprinted || matches!(k, ActKind::Reload { .. } | ActKind::Ability { .. }) {
            push(k, super::cost::base_cost(st, c, &k))
        }
    });
    if sprinted {
        return;
    }
    for j in targets {
        super::legal_attacks::ranged_options(st, c, j, false, |k| {
            push(k, super::cost::base_cost(st, c, &k))
        });
        // The transport's own weapons (`actions::transport::mounted`).
        crate::actions::transport::mounted::options(st, c, t, j, |k| {
            push(k, super::cost::base_cost(st, c, &k))
        });
    }
}
