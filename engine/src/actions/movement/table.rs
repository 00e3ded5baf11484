//! The shared movement table of one mover in one arrangement (MOVIMIENTO): one board search
//! serves Mover, Correr, Esprintar, Mover sin hacer ruido, Huir and every Cargar and Embestir
//! of the mover; each kind's destinations are read off it a row of its box at a time.

use super::{
    filter_kind, flag_rows, heavy_gear, max_steps, walks_own_way, Memo, MoveKind, MEMO, SCRATCH,
};
use crate::basics::action::CharIdx;
use crate::basics::board::{Reach, ReachTable, MARKS};
use crate::creation::effect::Effect;
use crate::state::{Stance, State};

/// Longest reach of the kinds that share one search (all but Destrabarse), and the table's
/// marks ([`walk_marks`]).
fn shared_reach(st: &State, who: CharIdx) -> (u8, [u8; MARKS]) {
    let m = |k| max_steps(st, who, k);
    let reach = m(MoveKind::Sprint)
        .max(m(MoveKind::Charge(0)))
        .max(m(MoveKind::Flee));
    (
        reach,
        walk_marks(m(MoveKind::Move), m(MoveKind::Run), m(MoveKind::Sprint)),
    )
}

/// The step counts a table keeps row masks by surcharge for ([`ReachTable::surcharge_rows`]):
/// those of Mover (and Mover sin hacer ruido), Correr and Esprintar, the kinds of most lists.
///
/// [`ReachTable::surcharge_rows`]: crate::basics::board::ReachTable::surcharge_rows
fn walk_marks(walk: u8, run: u8, sprint: u8) -> [u8; MARKS] {
    [walk, run, sprint]
}

/// How far the shared table's first search goes: only as far as the kinds `who` may list now,
/// not always [`shared_reach`] — a search's cost grows with the square of its reach, and
/// Esprintar (MOV + 5) is the longest kind. Left out: Esprintar «una vez por actuación» once
/// sprinted, or with a trait that forbids running or sprinting (Effect::NoRun,
/// Effect::NoSprint); for the acting character, what its ENE cannot pay (Esprintar 3, Correr and
/// Cargar 2); Cargar with no able enemy within its reach + 1 (the acting list's own test).
/// Only a first guess: a kind asking further makes the table search again, to
/// [`shared_reach`] (a search to fewer kliks finds the same squares, steps and surcharges
/// within them: a breadth-first search's distances up to k do not depend on how far it goes
/// on, nor does whether a level refused a square within them) — PERFORMANCE.md, "Thirteenth
/// session".
fn table_reach(st: &State, who: CharIdx) -> (u8, [u8; MARKS]) {
    let c = st.ch(who);
    let m = |k| max_steps(st, who, k);
    // The acting character spends its own ENE; a reactor may go down to −10, and anyone else
    // asked about is not limited here.
    let acting = matches!(st.pending(), crate::state::Pending::Act { actor } if actor == who);
    let ene = if acting { c.ene } else { i8::MAX };
    let info = st.info(who);
    // Folded at setup (`QuickFx`): one byte each, not the effects scanned.
    let no_run = info.quick.no_run;
    debug_assert_eq!(no_run, info.has_effect(|e| matches!(e, Effect::NoRun)));
    debug_assert_eq!(
        info.quick.no_sprint,
        info.has_effect(|e| matches!(e, Effect::NoSprint))
    );
    let no_sprint = no_run || c.has(crate::state::SPRINT_USED) || info.quick.no_sprint;
    // `max_steps` of Mover, Huir, Esprintar and Correr from one read of MOV, the stance's
    // surge and the running bonus (four calls read them four times; debug builds compare).
    let surge = st.stance_move(who);
    let (mov, run_bonus) = (st.mov(who), info.quick.run_bonus);
    let (walk, flee) = (surge + mov, surge + 3);
    let (sprint, run) = (surge + (mov + 5 + run_bonus), surge + (mov + 1 + run_bonus));
    debug_assert_eq!(
        [walk, flee, sprint, run],
        [
            m(MoveKind::Move),
            m(MoveKind::Flee),
            m(MoveKind::Sprint),
            m(MoveKind::Run)
        ]
    );
    let mut reach = walk.max(flee);
    if ene >= 3 && !no_sprint {
        reach = reach.max(sprint);
    }
    if ene >= 2 && !no_run {
        reach = reach.max(run);
    }
    if ene >= 2 {
        let charge = m(MoveKind::Charge(0));
        let side = st.side_of(who);
        let near = st
            .sides_and_ability()
            .any(|(_, o, s, able)| s != side && able && o.pos.dist(c.pos) <= charge + 1);
        if near {
            reach = reach.max(charge);
        }
    }
    (reach, walk_marks(walk, run, sprint))
}

/// Makes `m`'s shared table reach at least `steps` kliks: searched now if it
/// is not there yet or is shorter.
pub(super) fn ensure_table(st: &State, who: CharIdx, steps: u8, m: &mut Memo) {
    if m.table_ok && steps <= m.table_reach {
        return;
    }
    // Never short of the kind asking (the first guess does not know who asks).
    let (reach, marks) = if m.table_ok {
        shared_reach(st, who)
    } else {
        table_reach(st, who)
    };
    let reach = reach.max(steps);
    let c = st.ch(who);
    let crouched = c.stance == Stance::Crouched || heavy_gear(st, who);
    SCRATCH.with(|s| {
        let s = &mut *s.borrow_mut();
        flag_rows(st, who, s);
        let (occ, zone) = (&s.occupied[..], &s.zone[..]);
        st.board()
            .reach_table(c.pos, reach, occ, zone, crouched, marks, &mut m.table);
    });
    m.table_ok = true;
    m.table_reach = reach;
}

/// The destinations of a kind other than Destrabarse, read off the memo's table of steps per
/// surcharge level (one board search serves Mover, Correr, Esprintar, sigilo, Huir and every
/// Cargar of the mover).
pub(super) fn destinations_from_table(
    st: &State,
    who: CharIdx,
    kind: MoveKind,
    m: &mut Memo,
    out: &mut Vec<Reach>,
) {
    out.clear();
    let steps = table_for(st, who, kind, m);
    let t = &m.table;
    box_rows(st, who, kind, steps, t, |y, bits| {
        t.row_entries(y, bits, steps, |r| out.push(r))
    });
    if kind != MoveKind::Sneak {
        filter_kind(st, who, kind, out);
    }
}

/// Makes the memo's table serve `kind` ([`ensure_table`]) and returns the kind's kliks.
#[inline]
fn table_for(st: &State, who: CharIdx, kind: MoveKind, m: &mut Memo) -> u8 {
    let steps = max_steps(st, who, kind);
    ensure_table(st, who, steps, m);
    steps
}

/// Hands `f` each row y of `kind`'s box (`steps` its kliks, `t` the memo's table of the
/// mover, made to serve it by [`table_for`]) with the squares the table reaches within the
/// kliks, by surcharge (`[s]`: those of surcharge `s`), in row order: [`destinations_from_table`]'s
/// list before `filter_kind` (Mover sin hacer ruido's end restriction is already applied, as
/// row masks). A kind of a table's mark reads the surcharges off its masks
/// ([`ReachTable::surcharge_rows`]: no square's steps read; debug builds compare), any other
/// off each square's steps.
#[inline(always)]
pub(super) fn table_rows(
    st: &State,
    who: CharIdx,
    kind: MoveKind,
    steps: u8,
    t: &ReachTable,
    mut f: impl FnMut(usize, [u64; 3]),
) {
    let mark = t.mark(steps);
    box_rows(st, who, kind, steps, t, |y, bits| {
        let by = match mark {
            Some(k) => {
                let s = t.surcharge_rows(k, y);
                [s[0] & bits, s[1] & bits, s[2] & bits]
            }
            None => steps_rows(t, y, bits, steps),
        };
        #[cfg(debug_assertions)]
        assert_eq!(
            by,
            steps_rows(t, y, bits, steps),
            "a mark's masks disagree with the steps"
        );
        f(y, by);
    });
}

/// Hands `f` each row y of `kind`'s box (`steps` its kliks, `t` the memo's table of the
/// mover) with the table's squares in it (`bits`, not empty), less the ZONE squares unless
/// the kind may end there and a sneak's squares in front of a foe, in row order.
#[inline(always)]
fn box_rows(
    st: &State,
    who: CharIdx,
    kind: MoveKind,
    steps: u8,
    t: &ReachTable,
    mut f: impl FnMut(usize, u64),
) {
    let zone_end = matches!(
        kind,
        MoveKind::Charge(_) | MoveKind::Ram(_) | MoveKind::Sneak
    );
    // Only the table's squares that can be destinations are read: a square reached in at most
    // `steps` king steps is within `steps` of the mover in both coordinates, and a charge (or a
    // ram) ends beside its target (`filter_kind`). The box keeps the table's (row, column)
    // order; the shared table reaches the longest kind's squares, most of them out of a Mover's
    // or a Cargar's box (PERFORMANCE.md, "Twelfth session").
    let from = st.ch(who).pos;
    let span = |c: u8, r: u8| (c.saturating_sub(r), c.saturating_add(r));
    let (mut x0, mut x1) = span(from.x, steps);
    let (mut y0, mut y1) = span(from.y, steps);
    if let MoveKind::Charge(t) | MoveKind::Ram(t) = kind {
        let tp = st.ch(t).pos;
        let (tx0, tx1) = span(tp.x, 1);
        let (ty0, ty1) = span(tp.y, 1);
        (x0, x1, y0, y1) = (x0.max(tx0), x1.min(tx1), y0.max(ty0), y1.min(ty1));
    }
    // A row of the box at a time: the table's squares reached in it, minus the ZONE squares
    // unless the kind may end there, one bit per destination (the (row, column) order).
    let b = st.board();
    let h = b.height() as usize;
    let x1 = x1.min(63);
    let cols = if x0 > x1 {
        0
    } else {
        (u64::MAX >> (63 - x1)) & (u64::MAX << x0)
    };
    // Mover sin hacer ruido: the squares in front of a foe beside it, as row masks (the end
    // restriction of `filter_kind` without testing every destination against every foe).
    let sneak = kind == MoveKind::Sneak;
    // Only a sneak builds the masks (a 512-byte array zeroed for every other kind's list was
    // a `memset` call per list).
    let front = sneak.then(|| foes_front(st, who));
    // Rows y0..=y1 of the box (within the board); `rows`, `zone` and `front` are read at the
    // same row.
    #[allow(clippy::needless_range_loop)]
    for y in y0 as usize..=(y1 as usize).min(h - 1) {
        let mut bits = t.rows[y] & cols & !front.as_ref().map_or(0, |f| f[y]);
        if !zone_end {
            bits &= !t.zone[y];
        }
        if bits == 0 {
            continue;
        }
        f(y, bits);
    }
}

/// The squares `bits` of row y that the table reaches within `steps`, by surcharge, read off
/// each square's steps ([`ReachTable::row_entries`]).
fn steps_rows(t: &ReachTable, y: usize, bits: u64, steps: u8) -> [u64; 3] {
    let mut by = [0u64; 3];
    t.row_entries(y, bits, steps, |r| by[r.surcharge as usize] |= 1 << r.pos.x);
    by
}

/// The squares a sneak may not end on, bit x of row y: beside an able enemy at the mover's
/// altitude and in its facing arc (Ataque sorpresa: it arrives «a la espalda del defensor»;
/// `filter_kind` says the same per destination). Each foe's three rows come from
/// [`FRONT3`] (which of its eight neighbours are in front depends on its facing alone),
/// shifted to its column, instead of eight squares tested one by one (PERFORMANCE.md,
/// "Seventeenth session"); debug builds compare with the square-by-square masks.
#[inline(never)]
fn foes_front(st: &State, who: CharIdx) -> [u64; 64] {
    let b = st.board();
    let (w, h) = (b.width().min(64) as usize, b.height().min(64) as usize);
    let width = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let mut front = [0u64; 64];
    let side = st.side_of(who);
    let alt = st.ch(who).alt;
    // `foes_at_altitude`'s bases, without collecting them, in one pass over the records.
    for (_, c, s, able) in st.sides_and_ability() {
        if s == side || !able || c.alt != alt {
            continue;
        }
        let (p, f) = (c.pos, c.facing);
        for (k, &m) in FRONT3[f.index() as usize].iter().enumerate() {
            // Row p.y − 1 + k, within the board.
            let Some(y) = (p.y as usize + k).checked_sub(1).filter(|&y| y < h) else {
                continue;
            };
            // Bit 0 of `m` is column p.x − 1 (gone off the board's left edge at column 0).
            front[y] |= (((m as u128) << p.x) >> 1) as u64 & width;
        }
    }
    #[cfg(debug_assertions)]
    assert_eq!(front, foes_front_slow(st, who), "sneak's front masks");
    front
}

/// Per facing (in [`crate::basics::geom::Facing::index`] order), the neighbours of a base
/// in its facing arc (`Facing::in_front`): one row of three bits (bit dx + 1) per dy + 1,
/// the base's own square excluded.
const FRONT3: [[u8; 3]; 8] = front3();

const fn front3() -> [[u8; 3]; 8] {
    let mut t = [[0u8; 3]; 8];
    let mut f = 0;
    while f < 8 {
        // `Facing::delta` in index order: the board's step table.
        let (fx, fy) = crate::basics::board::STEPS[f];
        let (fx, fy) = (fx as i32, fy as i32);
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                if (dx != 0 || dy != 0) && fx * dx + fy * dy >= 0 {
                    t[f][(dy + 1) as usize] |= 1 << (dx + 1);
                }
                dx += 1;
            }
            dy += 1;
        }
        f += 1;
    }
    t
}

/// [`foes_front`] square by square (the reference debug builds compare with).
#[cfg(debug_assertions)]
fn foes_front_slow(st: &State, who: CharIdx) -> [u64; 64] {
    let b = st.board();
    let (w, h) = (b.width() as i16, b.height() as i16);
    let mut front = [0u64; 64];
    for (p, f) in super::foes_at_altitude(st, who) {
        for (dx, dy) in crate::basics::board::KING_STEPS {
            let (x, y) = (p.x as i16 + dx, p.y as i16 + dy);
            if x >= 0 && y >= 0 && x < w.min(64) && y < h.min(64) {
                let q = crate::basics::geom::Pos::new(x as u8, y as u8);
                if f.in_front(p, q) {
                    front[y as usize] |= 1 << x;
                }
            }
        }
    }
    front
}

/// [`destinations`] of a walk on the ground — Mover, Correr, Esprintar or Mover sin hacer
/// ruido — handed to `f` a row at a time straight off the memo's table, in the list's order:
/// `f(y, by)` for row y, `by[s]` the destinations of surcharge `s` in it (bit x: square (x, y);
/// rows without any may be handed or not) — no `Reach` list written and read again
/// (PERFORMANCE.md, "Seventeenth session"; by rows, "Nineteenth session").
/// Returns false, having handed nothing, where the list is made otherwise (in flight,
/// Levitador, Araña, a phased Incorpóreo) or filtered further (Apestoso in the game): the
/// caller then asks [`destinations`](super::destinations) for the list. Serpiente's easy nooks are applied here as
/// [`nooks`] applies them. Debug builds compare the squares handed with the list.
///
/// [`nooks`]: super::nooks
pub fn each_walk_destination(
    st: &State,
    who: CharIdx,
    kind: MoveKind,
    mut f: impl FnMut(usize, [u64; 3]),
) -> bool {
    let plain = matches!(
        kind,
        MoveKind::Move | MoveKind::Run | MoveKind::Sprint | MoveKind::Sneak
    );
    if !plain
        || st.ch(who).alt != crate::state::ALT_GROUND
        || walks_own_way(st, who, kind)
        || st.st.any_stinky
    {
        return false;
    }
    let easy = st.info(who).quick.nooks_easy;
    #[cfg(debug_assertions)]
    let mut handed = Vec::new();
    MEMO.with(|ms| {
        let ms = &mut *ms.borrow_mut();
        let i = ms.select(st, who);
        let m = &mut ms.entries[i];
        let steps = table_for(st, who, kind, m);
        // Mover, Correr and Esprintar have no end filter (`filter_kind`); a sneak's is in
        // `table_rows`' masks.
        table_rows(st, who, kind, steps, &m.table, |y, mut by| {
            if easy {
                by[0] |= by[1];
                by[1] = 0;
            }
            #[cfg(debug_assertions)]
            for (s, &row) in by.iter().enumerate() {
                let mut bits = row;
                while bits != 0 {
                    let x = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let r = m.table.entry(x, y, steps).expect("a handed square");
                    handed.push(Reach {
                        surcharge: s as u8,
                        ..r
                    });
                }
            }
            f(y, by)
        });
    });
    #[cfg(debug_assertions)]
    {
        let mut list = Vec::new();
        super::destinations(st, who, kind, &mut list);
        handed.sort_by_key(|r| (r.pos.y, r.pos.x));
        assert_eq!(
            handed, list,
            "walk destinations off the table disagree with the list"
        );
    }
    true
}
