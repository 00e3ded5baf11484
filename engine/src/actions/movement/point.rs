//! One destination of a movement action looked up alone. `apply` asks for the square of the
//! action just chosen twice (its ENE with the terrain surcharge, then the steps of its move):
//! the memo's shared table is read at that one square, not the kind's whole list built and
//! searched (PERFORMANCE.md, "Fourteenth session"). The answer is the list's: the same table
//! entry, then the same end restrictions, Apestoso and Serpiente applied to that one square.

use super::{
    destinations, ends_in_zone, ensure_table, filter_kind, max_steps, nooks, stench, walks_own_way,
    MoveKind, ReachBuf, MEMO,
};
use crate::basics::action::CharIdx;
use crate::basics::board::Reach;
use crate::basics::geom::Pos;
use crate::state::State;

/// The reach entry for one destination, if the action can end there (the entry of `to` in
/// [`destinations`]).
pub fn find(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    let found = if from_table(st, who, kind) {
        table_entry(st, who, kind, to)
    } else {
        listed(st, who, kind, to)
    };
    #[cfg(debug_assertions)]
    assert_eq!(
        found,
        listed(st, who, kind, to),
        "movement point lookup disagrees with the list"
    );
    found
}

/// Whether `destinations` reads `kind` off the shared table (on the ground, walking plainly,
/// not Destrabarse): the branches of `destinations_kept`.
fn from_table(st: &State, who: CharIdx, kind: MoveKind) -> bool {
    kind != MoveKind::Disengage
        && st.ch(who).alt == crate::state::ALT_GROUND
        && !walks_own_way(st, who, kind)
}

/// `to`'s entry in the whole list of `kind` (the other searches: flight, Levitador, Araña,
/// Destrabarse).
fn listed(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    let mut v = ReachBuf::take();
    destinations(st, who, kind, &mut v.0);
    v.0.iter().find(|r| r.pos == to).copied()
}

/// `to`'s entry read off the shared table, then passed through the list's filters.
fn table_entry(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    let steps = max_steps(st, who, kind);
    let r = MEMO.with(|ms| {
        let ms = &mut *ms.borrow_mut();
        let i = ms.select(st, who);
        let m = &mut ms.entries[i];
        ensure_table(st, who, steps, m);
        let (x, y) = (to.x as usize, to.y as usize);
        let t = &m.table;
        if !t.has(x, y) || (!ends_in_zone(kind) && t.zone[y] >> x & 1 != 0) {
            return None;
        }
        t.entry(st.board().width() as usize, x, y, steps)
    })?;
    // The list's own filters, on a one-square list: the same code, so the same answer.
    let mut one = ReachBuf::take();
    one.0.push(r);
    filter_kind(st, who, kind, &mut one.0);
    stench(st, who, &mut one.0);
    nooks(st, who, &mut one.0);
    one.0.first().copied()
}
