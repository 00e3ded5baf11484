//! Where a base may come down on foot (MOVIMIENTO / Restricciones): the square checks that
//! getting off a transport, Súper salto, rooftop jumps and pushes share.

use crate::basics::action::CharIdx;
use crate::basics::geom::Pos;
use crate::state::{State, ALT_GROUND};

/// Whether a transport, or an able base on the board other than `who`'s, stands on `q`.
pub fn taken(st: &State, who: CharIdx, q: Pos) -> bool {
    st.transport_at(q).is_some()
        || st
            .indices()
            .any(|j| j != who && st.able(j) && st.aboard(j).is_none() && st.ch(j).pos == q)
}

/// Whether an able enemy of `who` on foot at altitude 1, on `q`'s level, is within 1 K of `q`
/// («no puede acercarse a un enemigo a 1 K»).
pub fn near_enemy(st: &State, who: CharIdx, q: Pos) -> bool {
    let (b, side) = (st.board(), st.side_of(who));
    st.indices().any(|j| {
        let c = st.ch(j);
        st.able(j)
            && st.side_of(j) != side
            && st.aboard(j).is_none()
            && c.alt == ALT_GROUND
            && c.pos.adjacent(q)
            && b.terrain_height(c.pos) == b.terrain_height(q)
    })
}

/// Whether `who` may come down on `q`: walkable, free ([`taken`]) and out of every enemy's 1 K
/// ([`near_enemy`]).
pub fn may_land(st: &State, who: CharIdx, q: Pos) -> bool {
    st.board().passable(q) && !taken(st, who, q) && !near_enemy(st, who, q)
}
