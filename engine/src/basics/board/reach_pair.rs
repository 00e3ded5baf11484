//! MOVIMIENTO / Terreno y Energía: the bit-parallel movement search of two surcharge levels in
//! one pass. The shared movement table needs the search of level 0 and, when it refused a
//! square for its surcharge (almost always on a board with difficult terrain), of level 1: the
//! two searches read the same masks row by row and step by step, so one loop carrying both
//! frontiers loads each row's masks once and pays one loop's overhead (PERFORMANCE.md,
//! "Fourteenth session").

use super::reach::{sideways, CallMasks, RowBits, PADDED_ROWS};
use super::{Board, MAX_SIDE};

impl Board {
    /// [`Board::bfs_bits`] for levels `level` and `level + 1` at once: calls `visit(y, low,
    /// high, d)` for the squares of row y first reached at distance d by the lower level
    /// (`low`) and by the higher one (`high`), in the order of the rows, each step after the
    /// last, and returns each level's "refused" boolean. The same distances and booleans as
    /// the two searches one after the other (the randomized test
    /// `bit_parallel_search_matches_scalar` compares the table they make with the scalar one).
    /// For each non-zero `marks[i]` calls `snap(i, seen)` once with the squares each level
    /// reached within that many steps (`seen[k]`, padded like [`RowBits`], the start
    /// included), as [`Board::bfs_bits`] does.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn bfs_bits_pair(
        &self,
        fx: usize,
        fy: usize,
        level: u8,
        max_steps: u8,
        crouched: bool,
        m: &CallMasks,
        mut visit: impl FnMut(usize, u64, u64, u8),
        marks: [u8; 3],
        mut snap: impl FnMut(usize, &[RowBits; 2]),
    ) -> [bool; 2] {
        // At most MAX_SIDE rows: with the padding, every `r ± 1` below indexes the fixed-size
        // row arrays in bounds.
        let h = (self.height as usize).min(MAX_SIDE as usize);
        let (rlo, rhi) = (
            fy.saturating_sub(max_steps as usize),
            (fy + max_steps as usize).min(h - 1),
        );
        // The terrain each level admits (Agacharse: nothing at level 0), rows within reach.
        let mut admit: [RowBits; 2] = [[0; PADDED_ROWS]; 2];
        for (k, a) in admit.iter_mut().enumerate() {
            let lv = level as usize + k;
            if crouched && lv == 0 {
                continue;
            }
            let lv = lv.min(2);
            for (a, c) in a[rlo + 1..=rhi + 1]
                .iter_mut()
                .zip(&self.cost_rows[rlo..=rhi])
            {
                *a = c[lv];
            }
        }
        let mut seen: [RowBits; 2] = [[0; PADDED_ROWS]; 2];
        let mut front: [RowBits; 2] = [[0; PADDED_ROWS]; 2];
        for k in 0..2 {
            seen[k][fy + 1] = 1 << fx;
            // The start is expanded even when it is in a zone.
            front[k][fy + 1] = 1 << fx;
        }
        // Padded rows holding either frontier.
        let (mut lo, mut hi) = (fy + 1, fy + 1);
        let mut refused = [false; 2];
        // Steps done (the distance every square within it has been found at).
        let mut done = 0u8;
        for d in 0..max_steps {
            let (nlo, nhi) = (lo.saturating_sub(1).max(1), (hi + 1).min(h));
            let (mut flo, mut fhi) = (usize::MAX, 0);
            // Row r's next frontier is written over row r − 1's old one once row r is done
            // (no later row reads row r − 1): no second array, no copy per step.
            let mut pending = [0u64; 2];
            for r in nlo..=nhi {
                // The masks of the row and its neighbours, read once for both levels.
                let (side_up, side, side_down) = (m.side[r - 1], m.side[r], m.side[r + 1]);
                let (enter, zone) = (m.enter[r], m.zone[r]);
                let mut new = [0u64; 2];
                let mut grow = [0u64; 2];
                for k in 0..2 {
                    let (up, mid, down) = (front[k][r - 1], front[k][r], front[k][r + 1]);
                    // As in `bfs_bits`: orthogonal steps, then the diagonals whose two side
                    // squares are free (MOVIMIENTO / Casillas).
                    let mut to = sideways(mid) | up | down;
                    to |= side_up & sideways(up & side);
                    to |= side_down & sideways(down & side);
                    to &= enter & !seen[k][r];
                    let admitted = admit[k][r];
                    refused[k] |= to & !admitted != 0;
                    new[k] = to & admitted;
                    seen[k][r] |= new[k];
                    // ZONE squares are path ends only (MOVIMIENTO / Restricciones).
                    grow[k] = new[k] & !zone;
                    front[k][r - 1] = pending[k];
                    pending[k] = grow[k];
                }
                if new[0] | new[1] != 0 {
                    visit(r - 1, new[0], new[1], d + 1);
                }
                if grow[0] | grow[1] != 0 {
                    flo = flo.min(r);
                    fhi = r;
                }
            }
            done = d + 1;
            for (i, &mk) in marks.iter().enumerate() {
                if mk == done {
                    snap(i, &seen);
                }
            }
            if flo > fhi {
                break;
            }
            // The old frontiers lie within nlo..=nhi, so this replaces all of them (row
            // nlo − 1 got zero, which it was: a padding row or out of the old frontiers).
            for k in 0..2 {
                front[k][nhi] = pending[k];
            }
            lo = flo;
            hi = fhi;
        }
        // The marks past the last step: nothing more was reached.
        for (i, &mk) in marks.iter().enumerate() {
            if mk > done {
                snap(i, &seen);
            }
        }
        refused
    }
}
