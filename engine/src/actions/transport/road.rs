//! Where a transport may go and what starting it costs (MOVIMIENTO; CREACIÓN DE TRANSPORTES:
//! «arrancar el motor»): shared by driving, Embestir with a transport and Maniobrar.

use crate::basics::action::CharIdx;
use crate::basics::board::Terrain;
use crate::basics::geom::Pos;
use crate::creation::effect::Effect;
use crate::state::State;

/// The transport `who` drives and may move now: aboard as its driver, neither disabled nor
/// destroyed.
pub fn driven(st: &State, who: CharIdx) -> Option<usize> {
    let t = st.aboard(who)?;
    (st.transport(t).driver == who && !st.transport_disabled(t)).then_some(t)
}

/// The ENE to start transport `t` if it is stopped.
pub(super) fn start_cost(st: &State, t: usize) -> i8 {
    if st.transport(t).started {
        0
    } else {
        st.transport_info(t).arch.ene as i8
    }
}

/// Whether a transport may enter `q` from `p`: on the board, walkable, at the same terrain
/// height, no able base on foot and no other transport there; a diagonal step also needs both
/// side squares walkable.
pub(super) fn open(st: &State, t: usize, p: Pos, q: Pos) -> bool {
    let b = st.board();
    // Anfibio: «puede moverse sobre tierra y agua».
    let wet = super::has(st, t, |e| matches!(e, Effect::Amphibious));
    let walk = |s: Pos| {
        (b.passable(s) || (wet && b.terrain(s) == Terrain::Water))
            && b.terrain_height(s) == b.terrain_height(p)
    };
    if !walk(q) || !walk(Pos::new(q.x, p.y)) || !walk(Pos::new(p.x, q.y)) {
        return false;
    }
    if st.transport_at(q).is_some_and(|o| o != t) {
        return false;
    }
    !st.indices()
        .any(|j| st.able(j) && st.aboard(j).is_none() && st.ch(j).pos == q)
}
