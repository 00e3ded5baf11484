//! MOVIMIENTO / Casillas, Terreno y Energía: the shared search of every movement kind of one
//! mover ([`Board::reach_table`]) and the table it fills.

use super::reach::{RowBits, PADDED_ROWS};
use super::{Board, Reach};
use crate::basics::geom::Pos;

/// How many step counts a [`ReachTable`] keeps each level's squares for as row masks (its
/// marks: Mover's, Correr's and Esprintar's kliks, the kinds of most lists).
pub const MARKS: usize = 3;

/// The shared search of every movement kind of one mover ([`Board::reach_table`]): the squares
/// reached by some surcharge level as a bit mask per row, the ZONE squares likewise, and the
/// steps per level of each square (as the search found them, a row mask per level and step:
/// [`ReachTable::entry`]). A kind's destinations are read off it a row mask at a time
/// (PERFORMANCE.md, "Fourteenth session": the sorted list of `(square, steps)` it replaces was
/// read square by square, with a binary search per row of a kind's box). For the step counts
/// of its marks it also keeps, per level, the squares that level reaches within them as row
/// masks (the search's own masks at that step): a kind of those kliks reads each square's
/// surcharge off three masks, not off the square's steps (PERFORMANCE.md, "Nineteenth
/// session").
#[derive(Clone, Debug)]
pub struct ReachTable {
    /// Bit x of `rows[y]`: square (x, y) is reached by some level (the start excluded); rows
    /// out of the search's reach are zero.
    pub rows: Vec<u64>,
    /// Bit x of `zone[y]`: square (x, y) is a [`ZONE`](super::ZONE) square (valid where `rows`
    /// is).
    pub zone: Vec<u64>,
    /// The search's finds: the squares each level reached first at each step, as row masks, in
    /// the search's order (each level's in the order of its steps). Kept as found instead of
    /// written square by square into a grid of steps per level (PERFORMANCE.md, "Nineteenth
    /// session"): most lists read the marks' masks, and a square's steps are looked up here.
    finds: Vec<Find>,
    /// Per row, its last find ([`NONE`]: none); each find links the row's previous one.
    heads: [u16; 64],
    /// The step counts of the masks of `within` (0: no mark).
    marks: [u8; MARKS],
    /// Per level, all ones if it was searched, else zero (crouched, level 0 reaches nothing; a
    /// level not searched reaches nothing in fewer steps than the one below): masks `within`.
    searched: [u64; 3],
    /// Bit x of `within[(k * 3 + l) * height + y]`: level l's search reaches (x, y) within
    /// `marks[k]` steps (the start may be set too); valid for the rows within `marks[k]` of
    /// the start and the levels searched.
    within: Vec<u64>,
    /// The board's rows (the stride of `within`).
    height: usize,
}

/// The squares `bits` of row `y` that `level`'s search first reached in `steps` steps.
#[derive(Clone, Copy, Debug, Default)]
struct Find {
    bits: u64,
    /// The row's previous find ([`NONE`]: none).
    next: u16,
    level: u8,
    steps: u8,
}

/// No find ([`ReachTable`]'s row heads, `Find::next`).
const NONE: u16 = u16::MAX;

impl Default for ReachTable {
    fn default() -> ReachTable {
        ReachTable::new()
    }
}

impl ReachTable {
    /// An empty table (nothing reached; no marks).
    pub const fn new() -> ReachTable {
        ReachTable {
            rows: Vec::new(),
            zone: Vec::new(),
            finds: Vec::new(),
            heads: [NONE; 64],
            marks: [0; MARKS],
            searched: [0; 3],
            within: Vec::new(),
            height: 0,
        }
    }

    /// The destination (x, y) of a kind of `steps` kliks, if the table reaches it within them:
    /// the lowest level that does is its surcharge, that level's steps its steps (what
    /// [`Board::reachable`] with `steps` returns there).
    #[inline]
    pub fn entry(&self, x: usize, y: usize, steps: u8) -> Option<Reach> {
        let lv = self.steps_at(x, y);
        let l = (0..3).find(|&l| lv[l] <= steps)?;
        Some(Reach {
            pos: Pos::new(x as u8, y as u8),
            steps: lv[l],
            surcharge: l as u8,
        })
    }

    /// Each level's steps to square (x, y) as its search found them (`u8::MAX`: not found,
    /// or found by the level below in as many steps, which then says it).
    fn steps_at(&self, x: usize, y: usize) -> [u8; 3] {
        let mut lv = [u8::MAX; 3];
        // The row's finds, latest first: a level's fewest steps to the square is its last
        // one met.
        let mut i = self.heads[y & 63];
        while i != NONE {
            let f = &self.finds[i as usize];
            if f.bits >> x & 1 != 0 {
                lv[f.level as usize] = f.steps;
            }
            i = f.next;
        }
        lv
    }

    /// The steps per surcharge level of square (x, y) as a grid of them holds them: `u8::MAX`
    /// where the level does not reach it, or not in fewer steps than a lower level (valid for
    /// the squares of `rows`).
    pub fn levels_at(&self, x: usize, y: usize) -> [u8; 3] {
        let found = self.steps_at(x, y);
        let (mut lv, mut best) = ([u8::MAX; 3], u8::MAX);
        for (l, &d) in found.iter().enumerate() {
            if d < best {
                (lv[l], best) = (d, d);
            }
        }
        lv
    }

    /// Whether square (x, y) is in the table (reached by some level within the search's kliks).
    #[inline]
    pub fn has(&self, x: usize, y: usize) -> bool {
        x < 64 && self.rows.get(y).is_some_and(|r| r >> x & 1 != 0)
    }

    /// The mark of `steps` kliks, if the table keeps one ([`ReachTable::surcharge_rows`]).
    #[inline]
    pub fn mark(&self, steps: u8) -> Option<usize> {
        if steps == 0 {
            return None;
        }
        self.marks.iter().position(|&m| m == steps)
    }

    /// The squares of row y that a kind of mark `k`'s kliks reaches, by surcharge: `[s]`
    /// holds those whose surcharge is `s` (the lowest level reaching them within the kliks, as
    /// [`ReachTable::entry`] says), among the squares of `rows[y]` (the start may be set
    /// too: mask with `rows`). Row y must be within the mark's kliks of the start.
    #[inline]
    pub fn surcharge_rows(&self, k: usize, y: usize) -> [u64; 3] {
        let h = self.height;
        let base = k * 3 * h + y;
        let (w0, w1, w2) = (
            self.within[base] & self.searched[0],
            self.within[base + h] & self.searched[1],
            self.within[base + 2 * h] & self.searched[2],
        );
        [w0, w1 & !w0, w2 & !(w0 | w1)]
    }

    /// Calls `f` with the destination of each square of `bits` (row y) that a kind of `steps`
    /// kliks reaches, in column order ([`ReachTable::entry`] of each).
    pub fn row_entries(&self, y: usize, bits: u64, steps: u8, mut f: impl FnMut(Reach)) {
        if bits & bits.wrapping_sub(1) == 0 {
            // One square (or none): its own walk of the row's finds.
            if bits != 0 {
                self.entry(bits.trailing_zeros() as usize, y, steps)
                    .map(&mut f);
            }
            return;
        }
        // One walk of the row's finds for all the squares: each level's steps per square, the
        // last met (the fewest) kept, as `steps_at` keeps them.
        let mut lv = [[u8::MAX; 3]; 64];
        let mut i = self.heads[y & 63];
        while i != NONE {
            let fd = &self.finds[i as usize];
            let mut hit = fd.bits & bits;
            while hit != 0 {
                lv[hit.trailing_zeros() as usize][fd.level as usize] = fd.steps;
                hit &= hit - 1;
            }
            i = fd.next;
        }
        let mut b = bits;
        while b != 0 {
            let x = b.trailing_zeros() as usize;
            b &= b - 1;
            if let Some(l) = (0..3).find(|&l| lv[x][l] <= steps) {
                f(Reach {
                    pos: Pos::new(x as u8, y as u8),
                    steps: lv[x][l],
                    surcharge: l as u8,
                });
            }
        }
        #[cfg(debug_assertions)]
        {
            let mut each = Vec::new();
            let mut b = bits;
            while b != 0 {
                let x = b.trailing_zeros() as usize;
                b &= b - 1;
                each.extend(self.entry(x, y, steps));
            }
            let mut all = Vec::new();
            let mut b = bits;
            while b != 0 {
                let x = b.trailing_zeros() as usize;
                b &= b - 1;
                if let Some(l) = (0..3).find(|&l| lv[x][l] <= steps) {
                    all.push(Reach {
                        pos: Pos::new(x as u8, y as u8),
                        steps: lv[x][l],
                        surcharge: l as u8,
                    });
                }
            }
            assert_eq!(all, each, "a row's entries disagree with each square's");
        }
    }
}

impl Board {
    /// Every square reachable from `from` within `max_steps`, with its fewest steps at each
    /// surcharge level 0, 1, 2 (as the searches find them: [`ReachTable::entry`],
    /// [`ReachTable::levels_at`]), ZONE squares included as path ends. One call serves every
    /// movement kind of a character: the destinations of a kind with `m` kliks are the squares
    /// some level reaches within m, the lowest such level being the surcharge — exactly what
    /// [`Board::reachable`] with `m` returns (ZONE squares aside when the kind may not end
    /// there: they are never expanded, so the other squares' distances do not depend on them).
    /// For each of `marks` from 1 to `max_steps`, the squares each level reaches within that
    /// many steps are kept as row masks too ([`ReachTable::surcharge_rows`]).
    ///
    /// The caller's flags come as row masks ([`Board::flag_rows`] of a flag array, or built
    /// straight from the bases): bit x of `occupied[y]` is [`OCCUPIED`](super::OCCUPIED) on
    /// (x, y), of `zone[y]` [`ZONE`](super::ZONE).
    #[allow(clippy::too_many_arguments)]
    pub fn reach_table(
        &self,
        from: Pos,
        max_steps: u8,
        occupied: &[u64],
        zone: &[u64],
        crouched: bool,
        marks: [u8; MARKS],
        out: &mut ReachTable,
    ) {
        let h = self.height as usize;
        debug_assert!(occupied.len() >= h && zone.len() >= h, "a mask per row");
        out.rows.clear();
        out.rows.resize(h, 0);
        out.zone.clear();
        out.zone.resize(h, 0);
        out.height = h;
        // A mark the search does not go as far as is none.
        out.marks = marks.map(|m| if m <= max_steps { m } else { 0 });
        out.searched = [0; 3];
        if out.within.len() < MARKS * 3 * h {
            out.within.resize(MARKS * 3 * h, 0);
        }
        if max_steps == 0 {
            out.finds.clear();
            out.heads = [NONE; 64];
            return;
        }
        let fy = from.y as usize;
        let mut reached: RowBits = [0; PADDED_ROWS];
        let (finds, heads) = (&mut out.finds, &mut out.heads);
        finds.clear();
        *heads = [NONE; 64];
        let record = |y: usize, level: usize, bits: u64, steps: u8| {
            reached[y + 1] |= bits;
            // At most 3 levels × 64 steps × 64 rows finds: within `u16`.
            let i = finds.len() as u16;
            finds.push(Find {
                bits,
                next: heads[y & 63],
                level: level as u8,
                steps,
            });
            heads[y & 63] = i;
        };
        let (marks, within) = (out.marks, &mut out.within[..]);
        // Each mark's rows (those within its kliks of the start) of each level's masks, as
        // the search has them at that step.
        let snap = |i: usize, lv: usize, seen: &RowBits| {
            let m = marks[i] as usize;
            let (a, b) = (fy.saturating_sub(m), (fy + m).min(h - 1));
            let base = (i * 3 + lv) * h;
            for (dst, &src) in within[base + a..=base + b].iter_mut().zip(&seen[a + 1..]) {
                *dst = src;
            }
        };
        let rows = |y: usize| (occupied[y], zone[y]);
        let (lo, hi, searched) =
            self.levels_bits(from, max_steps, rows, crouched, true, record, marks, snap);
        out.searched = searched.map(|s| if s { u64::MAX } else { 0 });
        out.rows[lo..=hi].copy_from_slice(&reached[lo + 1..=hi + 1]);
        out.zone[lo..=hi].copy_from_slice(&zone[lo..=hi]);
    }
}
