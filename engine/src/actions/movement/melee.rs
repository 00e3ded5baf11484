//! COMBATE / Combate CaC múltiple: «Se puede mover por encima de aliados y enemigos para llegar
//! a una posición libre en un combate CaC múltiple» (RULES.md, COMBATE, audit 21).
//!
//! **Reading**: the move that reaches a place in a melee is Cargar (the engine's one way of
//! getting into contact: «salvo para trabarse CaC», Restricciones). A charge at a target that is
//! already in a melee may pass **over the bases of that melee's fighters** — the target and
//! everyone engaged with it, and with them in turn — and through the squares beside them, to a
//! free square in contact with the target. The bases of anyone else, walls, terrain, the reach
//! (MOV + 3, at least 2 K) and the 1 K around enemies outside the melee hold as for any charge.
//!
//! Cold: only a charge whose target is engaged, and only when the ordinary search missed a
//! free square beside the target, makes the second search.

use super::{fill_flags, heavy_gear, max_steps, walks_own_way, MoveKind};
use crate::basics::action::CharIdx;
use crate::basics::board::{MoveScratch, Reach, OCCUPIED, ZONE};
use crate::basics::geom::Pos;
use crate::state::{Stance, State, ALT_GROUND};
use smallvec::SmallVec;

/// Whether a charge of `who` at `t` is one into a melee (Combate CaC múltiple): `who` walks on
/// the ground as plain walkers do and `t` is engaged with someone.
pub(super) fn into_melee(st: &State, who: CharIdx, t: CharIdx) -> bool {
    st.ch(who).alt == ALT_GROUND && !walks_own_way(st, who, MoveKind::Charge(t)) && st.engaged(t)
}

/// The fighters of the melee `t` is in: `t`, every able enemy in contact with it, and so on
/// (a melee is every base linked to `t` by contacts between able enemies at its altitude).
fn fighters(st: &State, t: CharIdx) -> SmallVec<[CharIdx; 16]> {
    let mut v: SmallVec<[CharIdx; 16]> = SmallVec::new();
    v.push(t);
    let mut k = 0;
    while k < v.len() {
        let f = v[k];
        for j in st.engaged_with(f) {
            if !v.contains(&j) {
                v.push(j);
            }
        }
        k += 1;
    }
    v
}

/// The squares of the board around `p` (king steps of 1).
fn around(st: &State, p: Pos) -> impl Iterator<Item = Pos> + '_ {
    let b = st.board();
    (-1i16..=1)
        .flat_map(move |dy| (-1i16..=1).map(move |dx| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .map(move |(dx, dy)| (p.x as i16 + dx, p.y as i16 + dy))
        .filter(move |&(x, y)| b.contains(x, y))
        .map(|(x, y)| Pos::new(x as u8, y as u8))
}

/// Whether a base (an able character other than `who`, or a standing transport) is on `p`.
fn taken(st: &State, who: CharIdx, p: Pos) -> bool {
    st.indices()
        .any(|j| j != who && st.able(j) && st.aboard(j).is_none() && st.ch(j).pos == p)
        || (0..st.num_transports()).any(|t| !st.transport_destroyed(t) && st.transport(t).pos == p)
}

/// Adds to `out` (a charge's destinations at `t`) the free squares beside `t` reached over the
/// bases of its melee, with their steps and surcharge when crossing it is cheaper; `out` stays
/// sorted by (row, column).
pub(super) fn over_the_melee(st: &State, who: CharIdx, t: CharIdx, out: &mut Vec<Reach>) {
    if !into_melee(st, who, t) {
        return;
    }
    let b = st.board();
    let tp = st.ch(t).pos;
    // Every free square beside the target already reached: nothing to add.
    let missed = around(st, tp)
        .any(|p| b.passable(p) && !taken(st, who, p) && !out.iter().any(|r| r.pos == p));
    if !missed {
        return;
    }
    let mut flags = Vec::new();
    fill_flags(st, who, false, &mut flags);
    let me = st.ch(who);
    let side = st.side_of(who);
    let level = b.has_heights().then(|| b.terrain_height(me.pos));
    let melee = fighters(st, t);
    for &f in &melee {
        let p = st.ch(f).pos;
        if level.is_none_or(|l| b.terrain_height(p) == l) {
            flags[b.index(p)] &= !OCCUPIED;
        }
    }
    // The 1 K around every enemy outside the melee still holds (Restricciones).
    for j in st.indices() {
        if melee.contains(&j)
            || !st.able(j)
            || st.side_of(j) == side
            || st.ch(j).alt != me.alt
            || st.aboard(j).is_some()
        {
            continue;
        }
        for p in around(st, st.ch(j).pos) {
            flags[b.index(p)] |= ZONE;
        }
    }
    let crouched = me.stance == Stance::Crouched || heavy_gear(st, who);
    let mut found = Vec::new();
    b.reachable(
        me.pos,
        max_steps(st, who, MoveKind::Charge(t)),
        &flags,
        crouched,
        true,
        &mut MoveScratch::new(),
        &mut found,
    );
    for r in found {
        if r.steps < 2 || !r.pos.adjacent(tp) || taken(st, who, r.pos) {
            continue;
        }
        match out.iter_mut().find(|o| o.pos == r.pos) {
            Some(o) if (r.surcharge, r.steps) < (o.surcharge, o.steps) => *o = r,
            Some(_) => {}
            None => out.push(r),
        }
    }
    out.sort_by_key(|r| (r.pos.y, r.pos.x));
}
