//! MOVIMIENTO / Casillas, Terreno y Energía, Restricciones: where a base can move — the
//! breadth-first reference search, the bit-parallel search the engine uses, and paths.

#[allow(unused_imports)]
use super::*;

/// Caller-supplied per-square flag for [`Board::reachable`]: a base stands here; the square can
/// neither be entered nor passed through, and it does not count as free for a diagonal step
/// (MOVIMIENTO / Casillas, "ambas casillas laterales libres").
pub const OCCUPIED: u8 = 1;

/// Caller-supplied per-square flag for [`Board::reachable`]: the square is within 1 K of an
/// enemy (MOVIMIENTO / Restricciones: "no puede acercarse a un enemigo a 1 K, salvo para
/// trabarse"). It may be entered only as the last square of a path and only when
/// `allow_zone_end` is set (charges); a path never continues from it. It counts as free for the
/// side-square check of a diagonal step.
pub const ZONE: u8 = 2;

/// One destination found by [`Board::reachable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reach {
    /// The destination square.
    pub pos: Pos,
    /// Fewest king steps among the paths with the minimal surcharge.
    pub steps: u8,
    /// Minimal ENE surcharge (0, 1 or 2) of a path of at most `max_steps` steps: the maximum
    /// terrain surcharge over the squares entered (MOVIMIENTO / Terreno y Energía).
    pub surcharge: u8,
}

/// Reusable buffers for [`Board::reachable`] and [`Board::path_to`], so that legal move
/// generation does not allocate once the buffers have grown to the board size.
///
/// One scratch can serve boards of any size; it resizes itself on demand.
#[derive(Clone, Debug, Default)]
pub struct MoveScratch {
    /// Generation counter; a cell is "visited in the current BFS" when `stamp[i] == gen`.
    pub(super) gen: u32,
    /// BFS visit stamp per cell.
    pub(super) stamp: Vec<u32>,
    /// BFS distance per cell (valid when stamped).
    pub(super) dist: Vec<u8>,
    /// BFS parent per cell (valid when stamped, only filled by `path_to`).
    pub(super) parent: Vec<u16>,
    /// BFS queue; after a BFS it lists every visited cell in visiting order.
    pub(super) queue: Vec<u16>,
    /// Steps per surcharge level for `reachable` and `reach_table` (valid for the squares of
    /// the mask the bit-parallel search returns).
    pub(super) levels: Vec<[u8; 3]>,
}

impl MoveScratch {
    /// Empty buffers; they grow to the board size on first use.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes the buffers fit a board of `len` cells.
    pub(super) fn fit(&mut self, len: usize) {
        if self.stamp.len() != len {
            self.stamp.resize(len, 0);
            self.dist.resize(len, 0);
            self.parent.resize(len, 0);
            self.levels.resize(len, [u8::MAX; 3]);
        }
    }

    /// A generation number never used before on these buffers.
    fn next_gen(&mut self) -> u32 {
        if self.gen == u32::MAX {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen = 0;
        }
        self.gen += 1;
        self.gen
    }
}

/// Row bit masks of a board for the bit-parallel movement search: index `y + 1` holds row y
/// (bit x = square (x, y)); indices 0 and `height + 1` stay zero, so the rows above the first
/// and below the last need no bounds test.
pub(super) const PADDED_ROWS: usize = MAX_SIDE as usize + 2;
pub(super) type RowBits = [u64; PADDED_ROWS];

// `flag_bits` reads the two flags as bits 0 and 1 of each byte.
const _: () = assert!(OCCUPIED == 1 && ZONE == 2);

/// The [`OCCUPIED`] and [`ZONE`] flags of one board row (at most 64 bytes) as two bit masks
/// (bit x = `row[x]`), eight bytes at a time.
#[inline]
pub(super) fn flag_bits(row: &[u8]) -> (u64, u64) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Multiplying the isolated bit 0 of byte k by this constant puts it at bit 56 + k; the other
    // partial products land on distinct lower (or discarded) bits, so nothing carries into the
    // top byte.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (mut occ, mut zone) = (0u64, 0u64);
    for (k, chunk) in row.chunks(8).enumerate() {
        // A whole chunk read as one word; the short last one byte by byte (a `copy_from_slice`
        // into a zeroed word was a `memcpy` call per chunk).
        let v = match <[u8; 8]>::try_from(chunk) {
            Ok(bytes) => u64::from_le_bytes(bytes),
            Err(_) => chunk
                .iter()
                .enumerate()
                .fold(0u64, |v, (i, &b)| v | (b as u64) << (8 * i)),
        };
        occ |= ((v & LOW).wrapping_mul(GATHER) >> 56) << (8 * k);
        zone |= (((v >> 1) & LOW).wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    (occ, zone)
}

/// Per-call masks of the bit-parallel search (padded like [`RowBits`]; only the rows within
/// `max_steps` of the start are filled, the others are never reached).
pub(super) struct CallMasks {
    /// Passable and no base: free as a side square of a diagonal step (ZONE squares are free).
    pub(super) side: RowBits,
    /// May be entered: `side`, minus the ZONE squares unless `allow_zone_end`.
    pub(super) enter: RowBits,
    /// ZONE squares: never expanded.
    pub(super) zone: RowBits,
}

/// `bits` shifted one column left and one column right (bits past the board's width are
/// removed by the masks they are combined with; column 63 falls off a `u64` by itself).
#[inline(always)]
pub(super) fn sideways(bits: u64) -> u64 {
    (bits << 1) | (bits >> 1)
}

/// The eight steps in [`Facing::ALL`] order (clockwise from N), as a table: the breadth-first
/// searches of movement expand neighbours in this order (PERFORMANCE.md: the `Facing` loop and
/// its `delta` match were a visible share of the search's instructions).
pub(crate) const STEPS: [(i16, i16); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Records in `levels` (steps per surcharge level, one triple per square at `y * w + x`) the
/// squares `bits` of row y that level `lv`'s search reached in `d` steps, and marks them in
/// `reached` (padded like [`RowBits`]): a square new to every level gets its whole entry in
/// one store; one a lower level reached, this level's steps only — when fewer than every
/// lower level's (as many say nothing more: a kind's surcharge is the first level within its
/// kliks).
#[inline(always)]
pub(super) fn record_levels(
    levels: &mut [[u8; 3]],
    reached: &mut RowBits,
    w: usize,
    y: usize,
    lv: usize,
    bits: u64,
    d: u8,
) {
    let row = y * w;
    let mut fresh = bits & !reached[y + 1];
    let mut known = bits & reached[y + 1];
    reached[y + 1] |= bits;
    let mut entry = [u8::MAX; 3];
    entry[lv] = d;
    while fresh != 0 {
        levels[row + fresh.trailing_zeros() as usize] = entry;
        fresh &= fresh - 1;
    }
    while known != 0 {
        let e = &mut levels[row + known.trailing_zeros() as usize];
        if e[..lv].iter().all(|&l| d < l) {
            e[lv] = d;
        }
        known &= known - 1;
    }
}

impl Board {
    /// Movement surcharge of entering cell `i`, with Agacharse turning easy into difficult.
    #[inline]
    pub(super) fn cost(&self, i: usize, crouched: bool) -> Option<u8> {
        match self.cells[i] {
            Terrain::Easy if crouched => Some(1),
            t => t.surcharge(),
        }
    }

    /// True when cell `i` is free as a side square of a diagonal step (passable terrain and no
    /// base; ZONE squares are free).
    #[inline]
    pub(super) fn side_free(&self, i: usize, flags: &[u8]) -> bool {
        flags[i] & OCCUPIED == 0 && self.cells[i].surcharge().is_some()
    }

    /// One breadth-first search from `from` admitting only squares of surcharge ≤ `level`, one
    /// square at a time: [`Board::path_to`] uses it (its parents, with ties broken by the order
    /// of [`STEPS`], define the path a move takes), and it is the reference of the bit-parallel
    /// [`Board::bfs_bits`] (same distances, same "refused"). Leaves in `sc.queue` every visited
    /// cell in visiting order (`from` first) with `sc.dist` (and `sc.parent`) filled, and stamps them with the returned generation. The boolean is
    /// true when some square was refused only because its surcharge exceeds `level` (so a
    /// higher level may reach more).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bfs_level(
        &self,
        from: usize,
        level: u8,
        max_steps: u8,
        flags: &[u8],
        crouched: bool,
        allow_zone_end: bool,
        sc: &mut MoveScratch,
    ) -> (u32, bool) {
        let g = sc.next_gen();
        let w = self.width as i16;
        let mut refused = false;
        sc.queue.clear();
        sc.queue.push(from as u16);
        sc.stamp[from] = g;
        sc.dist[from] = 0;
        let mut head = 0;
        while head < sc.queue.len() {
            let i = sc.queue[head] as usize;
            head += 1;
            let d = sc.dist[i];
            if d >= max_steps || (i != from && flags[i] & ZONE != 0) {
                continue;
            }
            let x = (i % w as usize) as i16;
            let y = (i / w as usize) as i16;
            for (dx, dy) in STEPS {
                let (nx, ny) = (x + dx, y + dy);
                if !self.contains(nx, ny) {
                    continue;
                }
                let j = (ny * w + nx) as usize;
                if sc.stamp[j] == g || flags[j] & OCCUPIED != 0 {
                    continue;
                }
                if flags[j] & ZONE != 0 && !allow_zone_end {
                    continue;
                }
                let Some(cost) = self.cost(j, crouched) else {
                    continue;
                };
                // MOVIMIENTO / Casillas: a diagonal needs both side squares free.
                if dx != 0
                    && dy != 0
                    && !(self.side_free((y * w + nx) as usize, flags)
                        && self.side_free((ny * w + x) as usize, flags))
                {
                    continue;
                }
                if cost > level {
                    refused = true;
                    continue;
                }
                sc.stamp[j] = g;
                sc.dist[j] = d + 1;
                sc.parent[j] = i as u16;
                sc.queue.push(j as u16);
            }
        }
        (g, refused)
    }

    /// Every square a walking miniature at `from` can end on with a movement of 1..=`max_steps`
    /// king steps (never `from` itself), with the minimal ENE surcharge and, for it, the fewest
    /// steps. `out` is cleared and sorted by (y, x).
    ///
    /// * Paths go through passable squares without [`OCCUPIED`]; a diagonal step from (x, y) to
    ///   (x+dx, y+dy) needs (x+dx, y) and (x, y+dy) passable and not OCCUPIED (MOVIMIENTO /
    ///   Casillas).
    /// * The surcharge of a path is the maximum terrain surcharge of the squares it enters
    ///   (destination included, `from` excluded); with `crouched`, easy terrain counts as
    ///   difficult (Agacharse: "Terreno fácil es difícil").
    /// * [`ZONE`] squares are only destinations, and only when `allow_zone_end`; a path never
    ///   continues from one. `from` itself may be in a zone (moving away is the caller's call).
    ///
    /// `flags` has one entry per square (`flags[board.index(p)]`); a shorter slice panics.
    /// Allocation-free once `scratch` and `out` have grown.
    #[allow(clippy::too_many_arguments)]
    pub fn reachable(
        &self,
        from: Pos,
        max_steps: u8,
        flags: &[u8],
        crouched: bool,
        allow_zone_end: bool,
        scratch: &mut MoveScratch,
        out: &mut Vec<Reach>,
    ) {
        debug_assert_eq!(flags.len(), self.len(), "one flag byte per square");
        out.clear();
        if max_steps == 0 {
            return;
        }
        let w = self.width as usize;
        let rows = |y: usize| flag_bits(&flags[y * w..(y + 1) * w]);
        scratch.fit(self.len());
        let mut reached: RowBits = [0; PADDED_ROWS];
        let levels = &mut scratch.levels;
        let record = |y: usize, lv: usize, bits: u64, d: u8| {
            record_levels(levels, &mut reached, w, y, lv, bits, d)
        };
        let (lo, hi, _) = self.levels_bits(
            from,
            max_steps,
            rows,
            crouched,
            allow_zone_end,
            record,
            [0; 3],
            |_, _, _| {},
        );
        // Row by row, column by column: the (y, x) order without a sort. A square's surcharge is
        // the first level whose search reached it, its steps that search's distance.
        for y in lo..=hi {
            let mut bits = reached[y + 1];
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let lv = scratch.levels[y * w + x];
                let level = lv.iter().position(|&d| d != u8::MAX).unwrap_or(0);
                out.push(Reach {
                    pos: Pos::new(x as u8, y as u8),
                    steps: lv[level],
                    surcharge: level as u8,
                });
            }
        }
    }

    /// A flag array ([`OCCUPIED`], [`ZONE`], one byte per square) as row masks for
    /// [`Board::reach_table`].
    pub fn flag_rows(&self, flags: &[u8], occupied: &mut Vec<u64>, zone: &mut Vec<u64>) {
        let w = self.width as usize;
        occupied.clear();
        zone.clear();
        for row in flags.chunks(w).take(self.height as usize) {
            let (o, z) = flag_bits(row);
            occupied.push(o);
            zone.push(z);
        }
    }

    /// The searches of [`Board::reachable`] and [`Board::reach_table`]: one bit-parallel
    /// breadth-first search per surcharge level (from 0, or 1 when crouched, upwards while
    /// some square was refused only for its surcharge; the two lowest in one pass,
    /// [`Board::bfs_bits_pair`]). Calls `visit(y, level, bits, d)` for the squares `bits` of
    /// row y that `level`'s search first reached in `d` steps (`from` never; each level's
    /// calls in the order of `d`, the levels' calls interleaved), less those the level below
    /// reached in the same `d` steps (no level says more there); for each non-zero `marks[i]`
    /// and each level searched, calls `snap(i, level, seen)` once with the squares that level
    /// reached within that many steps (padded like [`RowBits`], `from` included). Returns the
    /// range of rows that can hold the squares reached and which levels were searched (a level
    /// not searched reaches nothing in fewer steps than the one below).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn levels_bits(
        &self,
        from: Pos,
        max_steps: u8,
        flag_rows: impl Fn(usize) -> (u64, u64),
        crouched: bool,
        allow_zone_end: bool,
        mut visit: impl FnMut(usize, usize, u64, u8),
        marks: [u8; 3],
        mut snap: impl FnMut(usize, usize, &RowBits),
    ) -> (usize, usize, [bool; 3]) {
        debug_assert!(self.contains_pos(from), "{from} is off the board");
        let (fx, fy) = (from.x as usize, from.y as usize);
        // `flag_rows(y)`: the OCCUPIED and ZONE squares of row y as masks.
        // Squares more than `max_steps` rows away can neither be entered nor be the side
        // square of a step.
        let lo = fy.saturating_sub(max_steps as usize);
        let hi = (fy + max_steps as usize).min(self.height as usize - 1);
        let mut m = CallMasks {
            side: [0; PADDED_ROWS],
            enter: [0; PADDED_ROWS],
            zone: [0; PADDED_ROWS],
        };
        for y in lo..=hi {
            let (occupied, zone) = flag_rows(y);
            let side = self.cost_rows[y][2] & !occupied;
            m.side[y + 1] = side;
            m.enter[y + 1] = if allow_zone_end { side } else { side & !zone };
            m.zone[y + 1] = zone;
        }
        // The two lowest levels in one pass (crouched, every passable square costs at least 1:
        // level 0 would find nothing, so levels 1 and 2). The higher one matters only where
        // the lower refused a square for its surcharge; where it did not, the higher search is
        // the lower one again and finds no square in fewer steps.
        let low = u8::from(crouched) as usize;
        // Where the two lowest levels admit the same terrain in every row within reach (no
        // difficult ground there; crouched, no extreme ground), the higher one's search is the
        // lower one's again — the same squares at the same steps, the same refusals — and
        // reaches nothing in fewer steps: one search serves both (PERFORMANCE.md, "Nineteenth
        // session").
        let admits = |lv: usize, y: usize| {
            if crouched && lv == 0 {
                0
            } else {
                self.cost_rows[y][lv.min(2)]
            }
        };
        let same = (lo..=hi).all(|y| admits(low, y) == admits(low + 1, y));
        let mut searched = [false; 3];
        searched[low] = true;
        let high_refused = if same {
            self.bfs_bits(
                fx,
                fy,
                low as u8,
                max_steps,
                crouched,
                &m,
                |y, bits, d| visit(y, low, bits, d),
                marks,
                |i, seen| snap(i, low, seen),
            )
        } else {
            searched[low + 1] = true;
            let [_, high_refused] = self.bfs_bits_pair(
                fx,
                fy,
                low as u8,
                max_steps,
                crouched,
                &m,
                |y, lo_bits, hi_bits, d| {
                    if lo_bits != 0 {
                        visit(y, low, lo_bits, d);
                    }
                    // A square both reach at this step: the lower level's call says it (most
                    // rows have none: no call).
                    let high = hi_bits & !lo_bits;
                    if high != 0 {
                        visit(y, low + 1, high, d);
                    }
                },
                marks,
                |i, seen| {
                    snap(i, low, &seen[0]);
                    snap(i, low + 1, &seen[1]);
                },
            );
            high_refused
        };
        if !crouched && high_refused {
            searched[2] = true;
            self.bfs_bits(
                fx,
                fy,
                2,
                max_steps,
                crouched,
                &m,
                |y, bits, d| visit(y, 2, bits, d),
                marks,
                |i, seen| snap(i, 2, seen),
            );
        }
        (lo, hi, searched)
    }

    /// The bit-parallel twin of [`Board::bfs_level`]: the same search from (`fx`, `fy`) for one
    /// surcharge `level`, a whole frontier at a time, one `u64` per row (boards are at most
    /// [`MAX_SIDE`] squares wide). Calls `visit(y, bits, d)` for the squares of row y first
    /// reached at distance d (`from` is never reported) and returns the same "refused" boolean.
    /// It finds exactly the distances of `bfs_level` (a breadth-first search's distances do
    /// not depend on the order it expands neighbours in; the randomized test
    /// `bit_parallel_search_matches_scalar` compares them), but not its parents, so
    /// [`Board::path_to`] keeps the scalar search.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn bfs_bits(
        &self,
        fx: usize,
        fy: usize,
        level: u8,
        max_steps: u8,
        crouched: bool,
        m: &CallMasks,
        mut visit: impl FnMut(usize, u64, u8),
        marks: [u8; 3],
        mut snap: impl FnMut(usize, &RowBits),
    ) -> bool {
        // At most MAX_SIDE rows: with the padding, every `r ± 1` below indexes the fixed-size
        // row arrays in bounds, and the compiler drops the checks.
        let h = (self.height as usize).min(MAX_SIDE as usize);
        // Agacharse: easy terrain costs 1, so nothing is admitted at level 0.
        let lv = level.min(2) as usize;
        // The rows of terrain this level admits, padded like the masks, read once per search
        // instead of once per row and step (only the rows within reach are filled).
        let mut admit: RowBits = [0; PADDED_ROWS];
        if !(crouched && level == 0) {
            let (rlo, rhi) = (
                fy.saturating_sub(max_steps as usize),
                (fy + max_steps as usize).min(h - 1),
            );
            for (a, c) in admit[rlo + 1..=rhi + 1]
                .iter_mut()
                .zip(&self.cost_rows[rlo..=rhi])
            {
                *a = c[lv];
            }
        }
        let mut seen: RowBits = [0; PADDED_ROWS];
        let mut front: RowBits = [0; PADDED_ROWS];
        seen[fy + 1] = 1 << fx;
        // The start is expanded even when it is in a zone.
        front[fy + 1] = 1 << fx;
        // Padded rows holding the frontier.
        let (mut lo, mut hi) = (fy + 1, fy + 1);
        let mut refused = false;
        // Steps done, as in `bfs_bits_pair`.
        let mut done = 0u8;
        for d in 0..max_steps {
            let (nlo, nhi) = (lo.saturating_sub(1).max(1), (hi + 1).min(h));
            let (mut flo, mut fhi) = (usize::MAX, 0);
            // Row r's next frontier is written over row r − 1's old one once row r is done
            // (no later row reads row r − 1), as in `bfs_bits_pair`: no second array, no copy
            // per step (PERFORMANCE.md, "Eighteenth session").
            let mut pending = 0u64;
            for r in nlo..=nhi {
                let (up, mid, down) = (front[r - 1], front[r], front[r + 1]);
                // Orthogonal steps: sideways within the row, straight from the rows above and
                // below.
                let mut to = sideways(mid) | up | down;
                // MOVIMIENTO / Casillas ("no se puede cruzar en diagonal si no están ambas
                // casillas laterales libres"): a diagonal step from (x, r ∓ 1) to (x ± 1, r)
                // needs (x, r) free (hence the source masked with row r before the sideways
                // shift) and (x ± 1, r ∓ 1) free (the shifted bits masked with the source row).
                to |= m.side[r - 1] & sideways(up & m.side[r]);
                to |= m.side[r + 1] & sideways(down & m.side[r]);
                to &= m.enter[r] & !seen[r];
                let admitted = admit[r];
                // Refused only for its surcharge: a higher level may reach more (the squares
                // already seen, `from` included, are never refused, as in `bfs_level`).
                refused |= to & !admitted != 0;
                let new = to & admitted;
                seen[r] |= new;
                // ZONE squares are path ends only (MOVIMIENTO / Restricciones).
                let grow = new & !m.zone[r];
                front[r - 1] = pending;
                pending = grow;
                if new != 0 {
                    visit(r - 1, new, d + 1);
                }
                if grow != 0 {
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
            // The old frontier lies within nlo..=nhi, so this replaces all of it (row nlo − 1
            // got zero, which it was: a padding row or out of the old frontier).
            front[nhi] = pending;
            lo = flo;
            hi = fhi;
        }
        for (i, &mk) in marks.iter().enumerate() {
            if mk > done {
                snap(i, &seen);
            }
        }
        refused
    }

    /// One path from `from` to `to` under the rules of [`Board::reachable`], with the minimal
    /// surcharge and, for it, the fewest steps. Ties are broken deterministically (breadth-first
    /// search expanding neighbours clockwise from N). `out` is cleared and receives the squares
    /// entered in order, `to` last and `from` excluded (so `out.len()` is the step count).
    /// Returns false (and leaves `out` empty) when `to` is not reachable or equals `from`.
    #[allow(clippy::too_many_arguments)]
    pub fn path_to(
        &self,
        from: Pos,
        to: Pos,
        max_steps: u8,
        flags: &[u8],
        crouched: bool,
        allow_zone_end: bool,
        scratch: &mut MoveScratch,
        out: &mut Vec<Pos>,
    ) -> bool {
        debug_assert_eq!(flags.len(), self.len(), "one flag byte per square");
        out.clear();
        if max_steps == 0 || from == to || !self.contains_pos(to) {
            return false;
        }
        scratch.fit(self.len());
        let from_i = self.index(from);
        let to_i = self.index(to);
        for level in u8::from(crouched)..=2 {
            let (g, refused) = self.bfs_level(
                from_i,
                level,
                max_steps,
                flags,
                crouched,
                allow_zone_end,
                scratch,
            );
            if scratch.stamp[to_i] == g {
                let mut i = to_i;
                while i != from_i {
                    out.push(self.pos(i));
                    i = scratch.parent[i] as usize;
                }
                out.reverse();
                return true;
            }
            if !refused {
                break;
            }
        }
        false
    }
}
