//! MOVIMIENTO: how far each movement action goes, where it may end, and what it costs.
//!
//! A movement action is one decision with its destination (a macro-move): the board finds every
//! square reachable within the action's kliks and the cheapest terrain surcharge to get there.

use crate::action::CharIdx;
use crate::board::{MoveScratch, Reach, OCCUPIED, ZONE};
use crate::effect::Effect;
use crate::geom::Pos;
use crate::psychology::PSYCHE_RADIUS;
use crate::state::{Stance, State};
use std::cell::RefCell;

/// The kinds of movement, as far as reach is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Mover: MOV.
    Move,
    /// Correr: MOV + 1.
    Run,
    /// Esprintar: MOV + 5.
    Sprint,
    /// Mover sin hacer ruido: MOV.
    Sneak,
    /// Cargar: MOV + 3, at least 2 K, ending in contact with the target.
    Charge(CharIdx),
    /// Destrabarse: up to 2 K, ending out of contact.
    Disengage,
    /// Huir: up to 3 K.
    Flee,
}

struct Scratch {
    flags: Vec<u8>,
    ms: MoveScratch,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch { flags: Vec::new(), ms: MoveScratch::new() });
}

/// Kliks a movement action may cover (before the board's terrain).
pub fn max_steps(st: &State, who: CharIdx, kind: MoveKind) -> u8 {
    let info = st.info(who);
    let run_bonus: u8 = info
        .effects
        .iter()
        .map(|e| match e {
            Effect::RunBonus(k) => *k,
            _ => 0,
        })
        .sum();
    match kind {
        MoveKind::Move | MoveKind::Sneak => info.mov,
        MoveKind::Run => info.mov + 1 + run_bonus,
        MoveKind::Sprint => info.mov + 5 + run_bonus,
        MoveKind::Charge(_) => info.mov + 3,
        MoveKind::Disengage => 2,
        MoveKind::Flee => 3,
    }
}

/// ENE surcharge of movement from traits (Lento).
pub fn trait_move_ene(st: &State, who: CharIdx) -> i8 {
    st.info(who)
        .effects
        .iter()
        .map(|e| match e {
            Effect::MoveEne(k) => *k,
            _ => 0,
        })
        .sum()
}

fn fill_flags(st: &State, who: CharIdx, zones: bool, flags: &mut Vec<u8>) {
    let b = st.board();
    flags.clear();
    flags.resize(b.len(), 0);
    let side = st.side_of(who);
    let (w, h) = (b.width() as i16, b.height() as i16);
    for j in st.indices() {
        if j == who || !st.able(j) {
            continue;
        }
        let p = st.ch(j).pos;
        flags[b.index(p)] |= OCCUPIED;
        if zones && st.side_of(j) != side {
            for dy in -1i16..=1 {
                for dx in -1i16..=1 {
                    let (x, y) = (p.x as i16 + dx, p.y as i16 + dy);
                    if (dx != 0 || dy != 0) && x >= 0 && y >= 0 && x < w && y < h {
                        flags[(y * w + x) as usize] |= ZONE;
                    }
                }
            }
        }
    }
}

/// Every square a movement action of `who` can end on, with its surcharge and steps, sorted by
/// (row, column). Restrictions (MOVIMIENTO / Restricciones): never within 1 K of an enemy
/// except to charge it; Destrabarse leaves contact.
pub fn destinations(st: &State, who: CharIdx, kind: MoveKind, out: &mut Vec<Reach>) {
    let c = st.ch(who);
    let crouched = c.stance == Stance::Crouched;
    let steps = max_steps(st, who, kind);
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        let zones = kind != MoveKind::Disengage;
        fill_flags(st, who, zones, &mut s.flags);
        let allow_zone_end = matches!(kind, MoveKind::Charge(_));
        st.board().reachable(
            c.pos,
            steps,
            &s.flags,
            crouched,
            allow_zone_end,
            &mut s.ms,
            out,
        );
    });
    match kind {
        MoveKind::Charge(t) => {
            let tp = st.ch(t).pos;
            out.retain(|r| r.steps >= 2 && r.pos.adjacent(tp));
        }
        MoveKind::Disengage => {
            let side = st.side_of(who);
            out.retain(|r| {
                !st.indices()
                    .any(|j| st.side_of(j) != side && st.able(j) && st.ch(j).pos.adjacent(r.pos))
            });
        }
        _ => {}
    }
}

/// The reach entry for one destination, if the action can end there.
pub fn find(st: &State, who: CharIdx, kind: MoveKind, to: Pos) -> Option<Reach> {
    let mut v = Vec::new();
    destinations(st, who, kind, &mut v);
    v.into_iter().find(|r| r.pos == to)
}

/// PSICOLOGÍA / Huir: a character fleeing "sólo puede correr alejándose del enemigo, hacia sus
/// aliados, una cobertura o su zona de despliegue". The square must be farther from the nearest
/// enemy than where it stands, and closer to an ally, to its deployment zone, or beside cover
/// (RULES.md, "Flight").
pub fn flight_ok(st: &State, who: CharIdx, to: Pos) -> bool {
    let from = st.ch(who).pos;
    let side = st.side_of(who);
    let nearest = |p: Pos, enemy: bool| -> u8 {
        st.indices()
            .filter(|&j| j != who && st.able(j) && (st.side_of(j) != side) == enemy)
            .map(|j| st.ch(j).pos.dist(p))
            .min()
            .unwrap_or(u8::MAX)
    };
    if nearest(to, true) <= nearest(from, true) {
        return false;
    }
    let zone = st.scenario().deploy(side);
    zone.dist(to) < zone.dist(from)
        || nearest(to, false) < nearest(from, false)
        || st.board().cover_adjacent(to)
        || zone.contains(to)
}

/// Whether the character would count more enemies than VOL + allies within 5 K standing on
/// `p` (used by evaluation and legal-move annotations).
pub fn outnumbered_at(st: &State, who: CharIdx, p: Pos) -> bool {
    let side = st.side_of(who);
    let (mut e, mut a) = (0u8, 0u8);
    for j in st.indices() {
        if j == who || !st.able(j) || st.ch(j).pos.dist(p) > PSYCHE_RADIUS {
            continue;
        }
        if st.side_of(j) == side {
            a += 1
        } else {
            e += 1
        }
    }
    e > st.vol(who) + a
}
