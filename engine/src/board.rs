//! The square-grid board: terrain, line of sight, cover and movement reachability.
//!
//! Rulebook, MOVIMIENTO / Casillas: "1 K = 1 casilla. Siempre moverá cruzando un lado o vértice
//! contiguo con otra casilla. No se puede cruzar en diagonal si no están ambas casillas laterales
//! libres." One king step is one klik; a diagonal step needs both side squares free.
//!
//! Terrain follows MOVIMIENTO / Terreno y Energía and MOVIMIENTO / Obstáculos; line of sight
//! follows ENTORNO / Línea de visión; cover follows COMBATE / Cobertura.
//!
//! Everything here is integer arithmetic and deterministic: equal inputs give equal outputs in
//! the same order.

use crate::geom::{Facing, Pos};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest board side accepted by [`Board::from_rows`] (squares).
pub const MAX_SIDE: u8 = 64;
/// The smallest board side accepted by [`Board::from_rows`] (squares).
pub const MIN_SIDE: u8 = 2;

/// What a square of the board is made of.
///
/// Rulebook, MOVIMIENTO / Terreno y Energía ("terreno fácil ENE+0, difícil ENE+1, extremo
/// ENE+2") and MOVIMIENTO / Obstáculos ("Un obstáculo que llegue al pecho de la miniatura será
/// terreno difícil. Más alto, la mini deberá escalar").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    /// `.` Easy terrain: open ground (ENE+0).
    Easy,
    /// `,` Difficult terrain: woods, rubble (ENE+1).
    Difficult,
    /// `~` Extreme terrain: swamp, water that can be waded (ENE+2); `w` is water too deep to wade.
    Extreme,
    /// `o` Chest-high obstacle: difficult terrain for movement (ENE+1) and partial cover.
    LowObstacle,
    /// `H` Obstacle higher than the miniature: blocks movement and line of sight; it can only
    /// be crossed with the Escalar action (handled outside this module).
    HighObstacle,
    /// `#` Wall: blocks movement and line of sight and cannot be climbed.
    Wall,
    /// `w` Deep water: no walking into it; only Nadar crosses it (ACCIONES DE MOVIMIENTO,
    /// RULES.md "Nadar"). It neither blocks line of sight nor gives cover.
    Water,
    /// `_` Gap (void): nothing walks or swims into it; Salto de longitud jumps over it, and a
    /// failed jump falls into it (RULES.md "Salto de longitud"). No line-of-sight block, no cover.
    Gap,
}

impl Terrain {
    /// Every terrain, in declaration order.
    pub const ALL: [Terrain; 8] = [
        Terrain::Easy,
        Terrain::Difficult,
        Terrain::Extreme,
        Terrain::LowObstacle,
        Terrain::HighObstacle,
        Terrain::Wall,
        Terrain::Water,
        Terrain::Gap,
    ];

    /// The one-character symbol used in position files.
    pub fn symbol(self) -> char {
        match self {
            Terrain::Easy => '.',
            Terrain::Difficult => ',',
            Terrain::Extreme => '~',
            Terrain::LowObstacle => 'o',
            Terrain::HighObstacle => 'H',
            Terrain::Wall => '#',
            Terrain::Water => 'w',
            Terrain::Gap => '_',
        }
    }

    /// Parses a position-file symbol (exact, case-sensitive); `None` for anything else.
    pub fn from_symbol(c: char) -> Option<Terrain> {
        match c {
            '.' => Some(Terrain::Easy),
            ',' => Some(Terrain::Difficult),
            '~' => Some(Terrain::Extreme),
            'o' => Some(Terrain::LowObstacle),
            'H' => Some(Terrain::HighObstacle),
            '#' => Some(Terrain::Wall),
            'w' => Some(Terrain::Water),
            '_' => Some(Terrain::Gap),
            _ => None,
        }
    }

    /// ENE surcharge of a movement action that enters this square (MOVIMIENTO / Terreno y
    /// Energía; a chest-high obstacle is difficult terrain, MOVIMIENTO / Obstáculos).
    /// `None` means the square cannot be entered by walking.
    #[inline]
    pub fn surcharge(self) -> Option<u8> {
        match self {
            Terrain::Easy => Some(0),
            Terrain::Difficult | Terrain::LowObstacle => Some(1),
            Terrain::Extreme => Some(2),
            Terrain::HighObstacle | Terrain::Wall | Terrain::Water | Terrain::Gap => None,
        }
    }

    /// True when the square stops a line of sight (higher than the miniature).
    #[inline]
    pub fn blocks_sight(self) -> bool {
        matches!(self, Terrain::HighObstacle | Terrain::Wall)
    }

    /// True when a miniature behind this square can be hidden by it (COMBATE / Cobertura).
    #[inline]
    pub fn gives_cover(self) -> bool {
        matches!(
            self,
            Terrain::LowObstacle | Terrain::HighObstacle | Terrain::Wall
        )
    }
}

/// Why a board text could not be parsed. Rows and columns are 0-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// No rows at all.
    Empty,
    /// A row whose length differs from the first row's.
    RaggedRow {
        /// Index of the offending row.
        row: usize,
        /// Length of row 0.
        expected: usize,
        /// Length of the offending row.
        found: usize,
    },
    /// A character that is not a terrain symbol.
    UnknownSymbol {
        /// Row of the character.
        row: usize,
        /// Column (character index within the row).
        col: usize,
        /// The character itself.
        symbol: char,
    },
    /// Wider or taller than [`MAX_SIDE`].
    TooLarge {
        /// Width found.
        width: usize,
        /// Height found.
        height: usize,
    },
    /// Narrower or shorter than [`MIN_SIDE`].
    TooSmall {
        /// Width found.
        width: usize,
        /// Height found.
        height: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(f, "board has no rows"),
            BoardError::RaggedRow {
                row,
                expected,
                found,
            } => write!(
                f,
                "board row {row} has {found} squares but row 0 has {expected}"
            ),
            BoardError::UnknownSymbol { row, col, symbol } => write!(
                f,
                "unknown terrain symbol {symbol:?} at board row {row}, column {col} \
                 (expected one of . , ~ o H #)"
            ),
            BoardError::TooLarge { width, height } => write!(
                f,
                "board is {width}x{height} squares; the maximum is {MAX_SIDE}x{MAX_SIDE}"
            ),
            BoardError::TooSmall { width, height } => write!(
                f,
                "board is {width}x{height} squares; the minimum is {MIN_SIDE}x{MIN_SIDE}"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

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
    gen: u32,
    /// BFS visit stamp per cell.
    stamp: Vec<u32>,
    /// BFS distance per cell (valid when stamped).
    dist: Vec<u8>,
    /// BFS parent per cell (valid when stamped, only filled by `path_to`).
    parent: Vec<u16>,
    /// BFS queue; after a BFS it lists every visited cell in visiting order.
    queue: Vec<u16>,
    /// Steps per surcharge level for `reachable` and `reach_levels` (valid for the squares of
    /// the mask the bit-parallel search returns).
    levels: Vec<[u8; 3]>,
}

impl MoveScratch {
    /// Empty buffers; they grow to the board size on first use.
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes the buffers fit a board of `len` cells.
    fn fit(&mut self, len: usize) {
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

/// What the centre-to-centre segment does next while being traced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Crossing {
    /// The segment passes through the interior of this square.
    Square(Pos),
    /// The segment passes exactly through a corner; these are the two squares beside it (the
    /// ones it only touches at that point).
    Corner(Pos, Pos),
}

/// The battlefield: a `width` × `height` grid of [`Terrain`], row-major, plus the DEF of
/// terrain cover.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    width: u8,
    height: u8,
    cells: Vec<Terrain>,
    cover_def: u8,
    /// Per row, bit x set when square (x, y) costs at most 0, at most 1, at most 2 ENE of
    /// surcharge standing (the last: passable; crouched, level 0 admits nothing and levels 1
    /// and 2 are the same masks, since only easy terrain changes cost). Derived from `cells` (so the derived equality still
    /// means "same board"); kept in step by every constructor and [`Board::set_terrain`]. Read by
    /// the bit-parallel movement search ([`Board::bfs_bits`]).
    cost_rows: Vec<[u64; 3]>,
    /// Per row, bit x set when a square at distance 1 of (x, y) gives cover
    /// ([`Board::cover_adjacent`], asked for every movement destination the search scores).
    /// Derived from `cells` like `cost_rows`.
    cover_rows: Vec<u64>,
}

/// The fields of the board proper, as the derived `Debug` printed them before `cost_rows`
/// existed (that cache is derived data and would only be noise).
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("cells", &self.cells)
            .field("cover_def", &self.cover_def)
            .finish()
    }
}

/// Row bit masks of a board for the bit-parallel movement search: index `y + 1` holds row y
/// (bit x = square (x, y)); indices 0 and `height + 1` stay zero, so the rows above the first
/// and below the last need no bounds test.
const PADDED_ROWS: usize = MAX_SIDE as usize + 2;
type RowBits = [u64; PADDED_ROWS];

/// The cost masks of one row of terrain (see `Board::cost_rows`).
fn cost_row(row: &[Terrain]) -> [u64; 3] {
    let mut m = [0u64; 3];
    for (x, t) in row.iter().enumerate() {
        if let Some(s) = t.surcharge() {
            for (level, bits) in m.iter_mut().enumerate() {
                if s as usize <= level {
                    *bits |= 1 << x;
                }
            }
        }
    }
    m
}

fn cost_rows(width: u8, cells: &[Terrain]) -> Vec<[u64; 3]> {
    cells.chunks(width as usize).map(cost_row).collect()
}

/// The masks of `Board::cover_rows`: the squares giving cover, spread to their eight
/// neighbours (a square's own cover does not count).
fn cover_rows(width: u8, cells: &[Terrain]) -> Vec<u64> {
    let w = width as usize;
    let gives: Vec<u64> = cells
        .chunks(w)
        .map(|row| {
            row.iter()
                .enumerate()
                .filter(|(_, t)| t.gives_cover())
                .fold(0, |m, (x, _)| m | 1 << x)
        })
        .collect();
    let mask = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    let spread = |g: u64| g | g << 1 | g >> 1;
    (0..gives.len())
        .map(|y| {
            let above = if y > 0 { spread(gives[y - 1]) } else { 0 };
            let below = gives.get(y + 1).map_or(0, |&g| spread(g));
            (above | below | gives[y] << 1 | gives[y] >> 1) & mask
        })
        .collect()
}

// `flag_bits` reads the two flags as bits 0 and 1 of each byte.
const _: () = assert!(OCCUPIED == 1 && ZONE == 2);

/// The [`OCCUPIED`] and [`ZONE`] flags of one board row (at most 64 bytes) as two bit masks
/// (bit x = `row[x]`), eight bytes at a time.
#[inline]
fn flag_bits(row: &[u8]) -> (u64, u64) {
    const LOW: u64 = 0x0101_0101_0101_0101;
    // Multiplying the isolated bit 0 of byte k by this constant puts it at bit 56 + k; the other
    // partial products land on distinct lower (or discarded) bits, so nothing carries into the
    // top byte.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (mut occ, mut zone) = (0u64, 0u64);
    for (k, chunk) in row.chunks(8).enumerate() {
        let mut bytes = [0u8; 8];
        bytes[..chunk.len()].copy_from_slice(chunk);
        let v = u64::from_le_bytes(bytes);
        occ |= ((v & LOW).wrapping_mul(GATHER) >> 56) << (8 * k);
        zone |= (((v >> 1) & LOW).wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    (occ, zone)
}

/// Per-call masks of the bit-parallel search (padded like [`RowBits`]; only the rows within
/// `max_steps` of the start are filled, the others are never reached).
struct CallMasks {
    /// Passable and no base: free as a side square of a diagonal step (ZONE squares are free).
    side: RowBits,
    /// May be entered: `side`, minus the ZONE squares unless `allow_zone_end`.
    enter: RowBits,
    /// ZONE squares: never expanded.
    zone: RowBits,
}

/// `bits` shifted one column left and one column right (bits past the board's width are
/// removed by the masks they are combined with; column 63 falls off a `u64` by itself).
#[inline(always)]
fn sideways(bits: u64) -> u64 {
    (bits << 1) | (bits >> 1)
}

/// The eight steps in [`Facing::ALL`] order (clockwise from N), as a table: the breadth-first
/// searches of movement expand neighbours in this order (PERFORMANCE.md: the `Facing` loop and
/// its `delta` match were a visible share of the search's instructions).
const STEPS: [(i16, i16); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

impl Board {
    /// A `width` × `height` board of easy terrain.
    pub fn new(width: u8, height: u8, cover_def: u8) -> Result<Board, BoardError> {
        check_size(width as usize, height as usize)?;
        let cells = vec![Terrain::Easy; width as usize * height as usize];
        Ok(Board {
            width,
            height,
            cost_rows: cost_rows(width, &cells),
            cover_rows: cover_rows(width, &cells),
            cells,
            cover_def,
        })
    }

    /// Parses the position-file text of a board: one string per row, top row first, one
    /// [`Terrain::symbol`] per square, nothing else (no spaces, no `\r`).
    ///
    /// Errors: no rows; a row of a different length from row 0; a side outside
    /// [`MIN_SIDE`]..=[`MAX_SIDE`]; an unknown symbol (checked in that order).
    pub fn from_rows(rows: &[String], cover_def: u8) -> Result<Board, BoardError> {
        let first = rows.first().ok_or(BoardError::Empty)?;
        let width = first.chars().count();
        for (row, text) in rows.iter().enumerate() {
            let found = text.chars().count();
            if found != width {
                return Err(BoardError::RaggedRow {
                    row,
                    expected: width,
                    found,
                });
            }
        }
        check_size(width, rows.len())?;
        let mut cells = Vec::with_capacity(width * rows.len());
        for (row, text) in rows.iter().enumerate() {
            for (col, symbol) in text.chars().enumerate() {
                let t = Terrain::from_symbol(symbol).ok_or(BoardError::UnknownSymbol {
                    row,
                    col,
                    symbol,
                })?;
                cells.push(t);
            }
        }
        Ok(Board {
            width: width as u8,
            height: rows.len() as u8,
            cost_rows: cost_rows(width as u8, &cells),
            cover_rows: cover_rows(width as u8, &cells),
            cells,
            cover_def,
        })
    }

    /// The position-file text of the board; `from_rows(&b.to_rows(), b.cover_def()) == b`.
    pub fn to_rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width as usize)
            .map(|row| row.iter().map(|t| t.symbol()).collect())
            .collect()
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> u8 {
        self.height
    }

    /// DEF of terrain cover: the first CH DEF against a target hidden 100% (COMBATE /
    /// Cobertura, "1º un CH DEF de la cobertura").
    #[inline]
    pub fn cover_def(&self) -> u8 {
        self.cover_def
    }

    /// Number of squares (`width * height`).
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least 2×2 squares. (Present for clippy's `len` convention.)
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// True when (x, y) is a square of this board (signed, so callers can test `p + delta`).
    #[inline]
    pub fn contains(&self, x: i16, y: i16) -> bool {
        x >= 0 && y >= 0 && x < self.width as i16 && y < self.height as i16
    }

    /// True when `p` is a square of this board.
    #[inline]
    pub fn contains_pos(&self, p: Pos) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// Row-major index of a square: `y * width + x`. `p` must be on the board.
    #[inline]
    pub fn index(&self, p: Pos) -> usize {
        debug_assert!(
            self.contains_pos(p),
            "{p} is off a {}x{} board",
            self.width,
            self.height
        );
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The square with row-major index `index` (inverse of [`Board::index`]).
    #[inline]
    pub fn pos(&self, index: usize) -> Pos {
        debug_assert!(index < self.cells.len());
        let w = self.width as usize;
        Pos::new((index % w) as u8, (index / w) as u8)
    }

    /// Terrain of a square. Panics if `p` is off the board.
    #[inline]
    pub fn terrain(&self, p: Pos) -> Terrain {
        self.cells[self.index(p)]
    }

    /// Replaces the terrain of a square (scenario editing, tests). Panics if `p` is off the
    /// board.
    pub fn set_terrain(&mut self, p: Pos, t: Terrain) {
        let i = self.index(p);
        self.cells[i] = t;
        let w = self.width as usize;
        let y = p.y as usize;
        self.cost_rows[y] = cost_row(&self.cells[y * w..(y + 1) * w]);
        self.cover_rows = cover_rows(self.width, &self.cells);
    }

    /// The neighbouring square in direction `dir`, if it is on the board.
    #[inline]
    pub fn step(&self, p: Pos, dir: Facing) -> Option<Pos> {
        let (dx, dy) = dir.delta();
        let x = p.x as i16 + dx as i16;
        let y = p.y as i16 + dy as i16;
        self.contains(x, y).then(|| Pos::new(x as u8, y as u8))
    }

    /// True when a walking miniature can enter the square (its terrain has a surcharge).
    #[inline]
    pub fn passable(&self, p: Pos) -> bool {
        self.terrain(p).surcharge().is_some()
    }

    /// Walks the segment between the centres of `a` and `b` (a supercover traversal in doubled
    /// coordinates, exact integer arithmetic), reporting every square whose interior it crosses
    /// (excluding `a` and `b`) and every lattice corner it passes exactly through, in order
    /// from `a`. Stops early and returns false when `f` returns false.
    ///
    /// Centres are at odd doubled coordinates, so the segment never runs along a grid line: it
    /// either crosses a square's interior or touches squares at a single corner point. The
    /// classification is geometric, hence the same set of events is reported from `b` to `a`.
    fn trace<F: FnMut(Crossing) -> bool>(&self, a: Pos, b: Pos, mut f: F) -> bool {
        let dx = b.x as i32 - a.x as i32;
        let dy = b.y as i32 - a.y as i32;
        let (nx, ny) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut x, mut y) = (a.x as i32, a.y as i32);
        let (mut ix, mut iy) = (0i32, 0i32);
        while ix < nx || iy < ny {
            // The segment crosses the ix-th vertical grid line at parameter (2ix+1)/(2nx) and
            // the iy-th horizontal one at (2iy+1)/(2ny); compare them without division.
            let decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
            if decision == 0 {
                let side_x = Pos::new((x + sx) as u8, y as u8);
                let side_y = Pos::new(x as u8, (y + sy) as u8);
                if !f(Crossing::Corner(side_x, side_y)) {
                    return false;
                }
                x += sx;
                y += sy;
                ix += 1;
                iy += 1;
            } else if decision < 0 {
                x += sx;
                ix += 1;
            } else {
                y += sy;
                iy += 1;
            }
            if (ix < nx || iy < ny) && !f(Crossing::Square(Pos::new(x as u8, y as u8))) {
                return false;
            }
        }
        true
    }

    /// Line of sight (ENTORNO / Línea de visión: "línea recta trazada desde los ojos del Pj
    /// hasta un objetivo") between the centres of `a` and `b`.
    ///
    /// Blocked when a square the segment crosses (other than `a` and `b`) blocks sight
    /// ([`Terrain::blocks_sight`]), or when the segment passes exactly through a corner whose
    /// two side squares both block sight (one can look past a single wall corner, but not
    /// through the point where two walls meet). Squares at distance 0 or 1 always see each
    /// other. Symmetric: `line_of_sight(a, b) == line_of_sight(b, a)`.
    pub fn line_of_sight(&self, a: Pos, b: Pos) -> bool {
        if a.dist(b) <= 1 {
            return true;
        }
        self.trace(a, b, |c| match c {
            Crossing::Square(p) => !self.terrain(p).blocks_sight(),
            Crossing::Corner(p, q) => {
                !(self.terrain(p).blocks_sight() && self.terrain(q).blocks_sight())
            }
        })
    }

    /// Clears `out` and fills it with the squares whose interior the centre-to-centre segment
    /// from `a` to `b` crosses, in order from `a`, excluding `a` and `b` (the squares touched
    /// only at a corner are not listed). Same traversal as [`Board::line_of_sight`].
    pub fn squares_on_line(&self, a: Pos, b: Pos, out: &mut Vec<Pos>) {
        out.clear();
        self.trace(a, b, |c| {
            if let Crossing::Square(p) = c {
                out.push(p);
            }
            true
        });
    }

    /// True when a target at `target` is "oculto en más del 50%" from an attacker at
    /// `attacker` (COMBATE / Cobertura: CH DEF +2). Line of sight is not checked here.
    ///
    /// Rule: some square the attacker→target segment crosses gives cover
    /// ([`Terrain::gives_cover`]), lies within 1 K of the target and is NOT within 1 K of the
    /// attacker (an attacker leaning on an obstacle shoots over it; at 2 K or less every square
    /// between the two touches both, so there is no cover). A corner the segment passes
    /// exactly through counts when both of its side squares satisfy all of that.
    pub fn cover(&self, attacker: Pos, target: Pos) -> bool {
        let counts =
            |p: Pos| self.terrain(p).gives_cover() && p.dist(target) <= 1 && p.dist(attacker) > 1;
        !self.trace(attacker, target, |c| match c {
            Crossing::Square(p) => !counts(p),
            Crossing::Corner(p, q) => !(counts(p) && counts(q)),
        })
    }

    /// True when some square at distance 1 of `p` gives cover: the condition of the Esconderse
    /// action ("debe cubrirse más del 50%").
    pub fn cover_adjacent(&self, p: Pos) -> bool {
        self.cover_rows
            .get(p.y as usize)
            .is_some_and(|r| p.x < 64 && r >> p.x & 1 != 0)
    }

    /// Field of view (ENTORNO / Campo de visión: arc of 180° and a range): `to` is in the closed
    /// half-plane in front of `facing`, within `range` K, and in line of sight.
    pub fn in_field_of_view(&self, from: Pos, facing: Facing, to: Pos, range: u8) -> bool {
        facing.in_front(from, to) && from.dist(to) <= range && self.line_of_sight(from, to)
    }

    /// The square reached by continuing from `from` through the adjacent square `over` one more
    /// step in the same direction (where a climber lands after crossing `over`, MOVIMIENTO /
    /// Obstáculos). `None` when it is off the board or `over` is not adjacent to `from`.
    pub fn straight_line_beyond(&self, from: Pos, over: Pos) -> Option<Pos> {
        if !from.adjacent(over) {
            return None;
        }
        let x = 2 * over.x as i16 - from.x as i16;
        let y = 2 * over.y as i16 - from.y as i16;
        self.contains(x, y).then(|| Pos::new(x as u8, y as u8))
    }

    /// Movement surcharge of entering cell `i`, with Agacharse turning easy into difficult.
    #[inline]
    fn cost(&self, i: usize, crouched: bool) -> Option<u8> {
        match self.cells[i] {
            Terrain::Easy if crouched => Some(1),
            t => t.surcharge(),
        }
    }

    /// True when cell `i` is free as a side square of a diagonal step (passable terrain and no
    /// base; ZONE squares are free).
    #[inline]
    fn side_free(&self, i: usize, flags: &[u8]) -> bool {
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
    fn bfs_level(
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
        let (reached, lo, hi) =
            self.levels_bits(from, max_steps, flags, crouched, allow_zone_end, scratch);
        // Row by row, column by column: the (y, x) order without a sort. A square's surcharge is
        // the first level whose search reached it, its steps that search's distance.
        let w = self.width as usize;
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

    /// Every square reachable from `from` within `max_steps`, with its fewest steps at each
    /// surcharge level 0, 1, 2 (`u8::MAX` where that level cannot reach it), ZONE squares
    /// included as path ends. One call serves every movement kind of a character: the
    /// destinations of a kind with `m` kliks are the squares with some level ≤ m, the lowest
    /// such level being the surcharge — exactly what [`Board::reachable`] with `m` returns
    /// (ZONE squares aside when the kind may not end there: they are never expanded, so the
    /// other squares' distances do not depend on them). Sorted by (row, column).
    #[allow(clippy::too_many_arguments)]
    pub fn reach_levels(
        &self,
        from: Pos,
        max_steps: u8,
        flags: &[u8],
        crouched: bool,
        scratch: &mut MoveScratch,
        out: &mut Vec<(Pos, [u8; 3])>,
    ) {
        debug_assert_eq!(flags.len(), self.len(), "one flag byte per square");
        out.clear();
        if max_steps == 0 {
            return;
        }
        let (reached, lo, hi) = self.levels_bits(from, max_steps, flags, crouched, true, scratch);
        let w = self.width as usize;
        for y in lo..=hi {
            let mut bits = reached[y + 1];
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push((Pos::new(x as u8, y as u8), scratch.levels[y * w + x]));
            }
        }
    }

    /// The searches of [`Board::reachable`] and [`Board::reach_levels`]: one bit-parallel
    /// breadth-first search per surcharge level (from 0, or 1 when crouched, upwards while
    /// some square was refused only for its surcharge). Returns the squares reached by some
    /// level (`from` excluded; padded like [`RowBits`]) and the range of rows that can hold
    /// them; `scratch.levels` holds the steps per level of each of those squares (`u8::MAX`
    /// where that level did not reach it).
    #[allow(clippy::too_many_arguments)]
    fn levels_bits(
        &self,
        from: Pos,
        max_steps: u8,
        flags: &[u8],
        crouched: bool,
        allow_zone_end: bool,
        scratch: &mut MoveScratch,
    ) -> (RowBits, usize, usize) {
        debug_assert!(self.contains_pos(from), "{from} is off the board");
        scratch.fit(self.len());
        let w = self.width as usize;
        let (fx, fy) = (from.x as usize, from.y as usize);
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
            let (occupied, zone) = flag_bits(&flags[y * w..(y + 1) * w]);
            let side = self.cost_rows[y][2] & !occupied;
            m.side[y + 1] = side;
            m.enter[y + 1] = if allow_zone_end { side } else { side & !zone };
            m.zone[y + 1] = zone;
        }
        let mut reached: RowBits = [0; PADDED_ROWS];
        let levels = &mut scratch.levels;
        // Crouched, every passable square costs at least 1: level 0 would find nothing.
        for level in u8::from(crouched)..=2 {
            let refused = self.bfs_bits(fx, fy, level, max_steps, crouched, &m, |y, bits, d| {
                let row = y * w;
                let mut fresh = bits & !reached[y + 1];
                reached[y + 1] |= bits;
                while fresh != 0 {
                    levels[row + fresh.trailing_zeros() as usize] = [u8::MAX; 3];
                    fresh &= fresh - 1;
                }
                let mut bits = bits;
                while bits != 0 {
                    levels[row + bits.trailing_zeros() as usize][level as usize] = d;
                    bits &= bits - 1;
                }
            });
            if !refused {
                break;
            }
        }
        (reached, lo, hi)
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
    fn bfs_bits(
        &self,
        fx: usize,
        fy: usize,
        level: u8,
        max_steps: u8,
        crouched: bool,
        m: &CallMasks,
        mut visit: impl FnMut(usize, u64, u8),
    ) -> bool {
        let h = self.height as usize;
        // Agacharse: easy terrain costs 1, so nothing is admitted at level 0.
        let lv = level.min(2) as usize;
        let admit = |r: usize| {
            if crouched && level == 0 {
                0
            } else {
                self.cost_rows[r - 1][lv]
            }
        };
        let mut seen: RowBits = [0; PADDED_ROWS];
        let mut front: RowBits = [0; PADDED_ROWS];
        let mut next: RowBits = [0; PADDED_ROWS];
        seen[fy + 1] = 1 << fx;
        // The start is expanded even when it is in a zone.
        front[fy + 1] = 1 << fx;
        // Padded rows holding the frontier.
        let (mut lo, mut hi) = (fy + 1, fy + 1);
        let mut refused = false;
        for d in 0..max_steps {
            let (nlo, nhi) = (lo.saturating_sub(1).max(1), (hi + 1).min(h));
            let (mut flo, mut fhi) = (usize::MAX, 0);
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
                let admitted = admit(r);
                // Refused only for its surcharge: a higher level may reach more (the squares
                // already seen, `from` included, are never refused, as in `bfs_level`).
                refused |= to & !admitted != 0;
                let new = to & admitted;
                seen[r] |= new;
                // ZONE squares are path ends only (MOVIMIENTO / Restricciones).
                let grow = new & !m.zone[r];
                next[r] = grow;
                if new != 0 {
                    visit(r - 1, new, d + 1);
                }
                if grow != 0 {
                    flo = flo.min(r);
                    fhi = r;
                }
            }
            if flo > fhi {
                break;
            }
            // The old frontier lies within nlo..=nhi, so this replaces all of it.
            front[nlo..=nhi].copy_from_slice(&next[nlo..=nhi]);
            lo = flo;
            hi = fhi;
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

impl fmt::Display for Board {
    /// The rows of [`Board::to_rows`], one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.to_rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

fn check_size(width: usize, height: usize) -> Result<(), BoardError> {
    if width > MAX_SIDE as usize || height > MAX_SIDE as usize {
        Err(BoardError::TooLarge { width, height })
    } else if width < MIN_SIDE as usize || height < MIN_SIDE as usize {
        Err(BoardError::TooSmall { width, height })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_table_is_facing_order() {
        for (f, &(dx, dy)) in Facing::ALL.iter().zip(STEPS.iter()) {
            let (ex, ey) = f.delta();
            assert_eq!((dx, dy), (ex as i16, ey as i16), "{f:?}");
        }
    }

    fn board(rows: &[&str]) -> Board {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        Board::from_rows(&rows, 3).unwrap()
    }

    fn parse_err(rows: &[&str]) -> BoardError {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        Board::from_rows(&rows, 3).unwrap_err()
    }

    fn p(x: u8, y: u8) -> Pos {
        Pos::new(x, y)
    }

    fn reach(
        b: &Board,
        from: Pos,
        max: u8,
        flags: &[u8],
        crouched: bool,
        zone_end: bool,
    ) -> Vec<Reach> {
        let mut sc = MoveScratch::new();
        let mut out = Vec::new();
        b.reachable(from, max, flags, crouched, zone_end, &mut sc, &mut out);
        out
    }

    fn find(r: &[Reach], q: Pos) -> Option<(u8, u8)> {
        r.iter()
            .find(|x| x.pos == q)
            .map(|x| (x.steps, x.surcharge))
    }

    /// Tiny deterministic LCG (Knuth MMIX constants).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> u32 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) as u32
        }
    }

    #[test]
    fn terrain_symbols_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_symbol(t.symbol()), Some(t));
        }
        assert_eq!(Terrain::from_symbol('x'), None);
        assert_eq!(Terrain::Easy.surcharge(), Some(0));
        assert_eq!(Terrain::LowObstacle.surcharge(), Some(1));
        assert_eq!(Terrain::Extreme.surcharge(), Some(2));
        assert_eq!(Terrain::Wall.surcharge(), None);
        assert!(Terrain::HighObstacle.blocks_sight() && !Terrain::LowObstacle.blocks_sight());
        assert!(Terrain::LowObstacle.gives_cover() && !Terrain::Difficult.gives_cover());
    }

    #[test]
    fn parse_print_round_trip() {
        let rows = ["..,~.", "oH#..", "~~,,o"];
        let b = board(&rows);
        assert_eq!(
            (b.width(), b.height(), b.len(), b.cover_def()),
            (5, 3, 15, 3)
        );
        assert_eq!(b.to_rows(), rows.to_vec());
        assert_eq!(b.terrain(p(1, 1)), Terrain::HighObstacle);
        assert_eq!(b.terrain(p(3, 0)), Terrain::Extreme);
        assert_eq!(b.index(p(2, 1)), 7);
        assert_eq!(b.pos(7), p(2, 1));
        assert!(b.contains(4, 2) && !b.contains(5, 0) && !b.contains(-1, 0) && !b.contains(0, 3));
        assert!(b.passable(p(4, 2)) && !b.passable(p(2, 1)) && !b.passable(p(1, 1)));
        assert_eq!(Board::from_rows(&b.to_rows(), 3).unwrap(), b);
        assert_eq!(b.to_string(), "..,~.\noH#..\n~~,,o\n");
    }

    #[test]
    fn parse_errors_name_the_place() {
        assert_eq!(parse_err(&[]), BoardError::Empty);
        assert_eq!(parse_err(&[]).to_string(), "board has no rows");

        let e = parse_err(&["...", "...", ".."]);
        assert_eq!(
            e,
            BoardError::RaggedRow {
                row: 2,
                expected: 3,
                found: 2
            }
        );
        assert_eq!(e.to_string(), "board row 2 has 2 squares but row 0 has 3");

        let e = parse_err(&["...", "..x"]);
        assert_eq!(
            e,
            BoardError::UnknownSymbol {
                row: 1,
                col: 2,
                symbol: 'x'
            }
        );
        assert_eq!(
            e.to_string(),
            "unknown terrain symbol 'x' at board row 1, column 2 (expected one of . , ~ o H #)"
        );

        let wide = ".".repeat(65);
        let e = parse_err(&[&wide, &wide]);
        assert_eq!(
            e,
            BoardError::TooLarge {
                width: 65,
                height: 2
            }
        );
        assert_eq!(e.to_string(), "board is 65x2 squares; the maximum is 64x64");

        let e = parse_err(&["...."]);
        assert_eq!(
            e,
            BoardError::TooSmall {
                width: 4,
                height: 1
            }
        );
        assert_eq!(e.to_string(), "board is 4x1 squares; the minimum is 2x2");

        let tall: Vec<&str> = vec!["."; 65];
        // Both too narrow and too tall: "too large" is reported first.
        assert_eq!(
            parse_err(&tall),
            BoardError::TooLarge {
                width: 1,
                height: 65
            }
        );
        // 64x64 is fine.
        let ok = ".".repeat(64);
        let rows: Vec<String> = vec![ok; 64];
        assert_eq!(Board::from_rows(&rows, 0).unwrap().len(), 4096);
        let _: &dyn std::error::Error = &e;
    }

    #[test]
    fn line_of_sight_walls_and_low_obstacles() {
        let b = board(&[".....", "..#..", "....."]);
        assert!(!b.line_of_sight(p(0, 1), p(4, 1)));
        assert!(!b.line_of_sight(p(4, 1), p(0, 1)));
        assert!(b.line_of_sight(p(0, 0), p(4, 0)));
        assert!(!b.line_of_sight(p(1, 1), p(3, 1)));
        // Adjacent squares always see each other.
        assert!(b.line_of_sight(p(1, 1), p(2, 0)));
        let b = board(&[".....", "..o..", "....."]);
        assert!(b.line_of_sight(p(0, 1), p(4, 1)));
        let b = board(&[".....", "..H..", "....."]);
        assert!(!b.line_of_sight(p(0, 1), p(4, 1)));
        let mut v = Vec::new();
        b.squares_on_line(p(0, 1), p(4, 1), &mut v);
        assert_eq!(v, vec![p(1, 1), p(2, 1), p(3, 1)]);
        // Shallow line: centres (1,1) and (9,3) in doubled coordinates; it crosses into row 1
        // at doubled x = 5, the middle of column 2, so both (2,0) and (2,1) are crossed.
        b.squares_on_line(p(0, 0), p(4, 1), &mut v);
        assert_eq!(v, vec![p(1, 0), p(2, 0), p(2, 1), p(3, 1)]);
        assert!(!b.line_of_sight(p(0, 0), p(4, 1)));
        assert!(b.line_of_sight(p(0, 0), p(4, 0)));
    }

    #[test]
    fn line_of_sight_corner_rule() {
        // Walls at (2,1) and (1,2) meet at a corner on the main diagonal.
        let b = board(&["....", "..#.", ".#..", "...."]);
        let mut v = Vec::new();
        b.squares_on_line(p(0, 0), p(3, 3), &mut v);
        assert_eq!(v, vec![p(1, 1), p(2, 2)]);
        assert!(!b.line_of_sight(p(0, 0), p(3, 3)));
        assert!(!b.line_of_sight(p(3, 3), p(0, 0)));
        // Only one of the two: the diagonal gap is open.
        let b = board(&["....", "..#.", "....", "...."]);
        assert!(b.line_of_sight(p(0, 0), p(3, 3)));
        assert!(b.line_of_sight(p(3, 3), p(0, 0)));
        // Along the walls' own diagonal the squares themselves block.
        let b = board(&["....", "..#.", ".#..", "...."]);
        assert!(!b.line_of_sight(p(0, 3), p(3, 0)));
        // Diagonally adjacent across two wall corners: still in sight (adjacent).
        let b = board(&[".#..", "#...", "....", "...."]);
        assert!(b.line_of_sight(p(0, 0), p(1, 1)));
        assert!(!b.line_of_sight(p(0, 0), p(2, 2)));
    }

    #[test]
    fn line_of_sight_is_symmetric() {
        let mut rng = Lcg(0x5eed);
        for _round in 0..8 {
            let mut b = Board::new(10, 10, 2).unwrap();
            for i in 0..b.len() {
                let t = match rng.next() % 10 {
                    0 | 1 => Terrain::Wall,
                    2 => Terrain::HighObstacle,
                    3 => Terrain::LowObstacle,
                    _ => Terrain::Easy,
                };
                b.set_terrain(b.pos(i), t);
            }
            let (mut v, mut w) = (Vec::new(), Vec::new());
            let mut blocked = 0;
            for i in 0..b.len() {
                for j in 0..b.len() {
                    let (a, c) = (b.pos(i), b.pos(j));
                    let los = b.line_of_sight(a, c);
                    assert_eq!(los, b.line_of_sight(c, a), "{a} {c}");
                    let _ = b.cover(a, c);
                    blocked += usize::from(!los);
                    b.squares_on_line(a, c, &mut v);
                    b.squares_on_line(c, a, &mut w);
                    w.reverse();
                    assert_eq!(v, w, "{a} {c}");
                }
            }
            assert!(blocked > 0);
        }
    }

    /// The precomputed rows agree with the definition (some neighbour gives cover) on every
    /// square of boards of every terrain, edited square by square.
    #[test]
    fn cover_adjacent_rows_match_the_neighbours() {
        let mut b = Board::new(9, 7, 1).unwrap();
        let mut k = 7usize;
        for round in 0..40 {
            for y in 0..7u8 {
                for x in 0..9u8 {
                    let brute = Facing::ALL
                        .iter()
                        .filter_map(|&f| b.step(p(x, y), f))
                        .any(|q| b.terrain(q).gives_cover());
                    assert_eq!(b.cover_adjacent(p(x, y)), brute, "round {round} at {x},{y}");
                }
            }
            k = (k * 31 + 11) % 997;
            let t = Terrain::ALL[k % Terrain::ALL.len()];
            b.set_terrain(p((k % 9) as u8, (k / 9 % 7) as u8), t);
        }
        assert!(!b.cover_adjacent(p(9, 0)) && !b.cover_adjacent(p(0, 7)));
    }

    #[test]
    fn cover_cases() {
        let b = board(&[".......", "...o...", "......."]);
        // Obstacle adjacent to the target, far from the attacker.
        assert!(b.cover(p(0, 1), p(4, 1)));
        // Obstacle 3 K from the target: no cover.
        assert!(!b.cover(p(0, 1), p(6, 1)));
        // Attacker leaning on the obstacle (2 K apart): no cover.
        assert!(!b.cover(p(2, 1), p(4, 1)));
        // Seen from the side: the obstacle is not on the line.
        assert!(!b.cover(p(4, 0), p(4, 2)));
        assert!(b.cover_adjacent(p(4, 2)));
        assert!(!b.cover_adjacent(p(6, 1)));
        assert!(!b.cover_adjacent(p(0, 0)));

        // Corner: low obstacles at (2,1) and (1,2) shelter a target at (2,2) from (0,0) only
        // together, and they are both adjacent to the target and not the attacker.
        let b = board(&["....", "..o.", ".o..", "...."]);
        assert!(b.cover(p(0, 0), p(2, 2)));
        let b = board(&["....", "..o.", "....", "...."]);
        assert!(!b.cover(p(0, 0), p(2, 2)));
        assert!(b.line_of_sight(p(0, 0), p(2, 2)));
    }

    #[test]
    fn field_of_view() {
        let b = board(&[".....", "..#..", "....."]);
        assert!(b.in_field_of_view(p(0, 0), Facing::E, p(4, 0), 5));
        assert!(!b.in_field_of_view(p(0, 0), Facing::E, p(4, 0), 3));
        assert!(!b.in_field_of_view(p(4, 0), Facing::E, p(0, 0), 5));
        assert!(b.in_field_of_view(p(0, 0), Facing::N, p(4, 0), 5));
        assert!(!b.in_field_of_view(p(0, 1), Facing::E, p(4, 1), 5));
    }

    #[test]
    fn straight_line_beyond_climb() {
        let b = board(&["....", "..H.", "....", "...."]);
        assert_eq!(b.straight_line_beyond(p(1, 1), p(2, 1)), Some(p(3, 1)));
        assert_eq!(b.straight_line_beyond(p(1, 0), p(2, 1)), Some(p(3, 2)));
        assert_eq!(b.straight_line_beyond(p(2, 1), p(3, 1)), None);
        assert_eq!(b.straight_line_beyond(p(1, 1), p(0, 0)), None);
        assert_eq!(b.straight_line_beyond(p(0, 0), p(2, 2)), None);
    }

    #[test]
    fn open_field_two_steps() {
        let b = Board::new(7, 7, 0).unwrap();
        let flags = vec![0u8; b.len()];
        let r = reach(&b, p(3, 3), 2, &flags, false, false);
        assert_eq!(r.len(), 24);
        assert!(r.iter().all(|x| x.surcharge == 0));
        assert_eq!(r.iter().filter(|x| x.steps == 1).count(), 8);
        assert_eq!(r.iter().filter(|x| x.steps == 2).count(), 16);
        assert!(r.iter().all(|x| x.steps == x.pos.dist(p(3, 3))));
        assert!(find(&r, p(3, 3)).is_none());
        // Deterministic order (y, x).
        let mut sorted = r.clone();
        sorted.sort_by_key(|x| (x.pos.y, x.pos.x));
        assert_eq!(r, sorted);
        assert_eq!(r[0].pos, p(1, 1));
        assert_eq!(r[23].pos, p(5, 5));
        // Corner of the board: fewer squares.
        let r = reach(&b, p(0, 0), 1, &flags, false, false);
        assert_eq!(
            r.iter().map(|x| x.pos).collect::<Vec<_>>(),
            vec![p(1, 0), p(0, 1), p(1, 1)]
        );
        assert!(reach(&b, p(3, 3), 0, &flags, false, false).is_empty());
    }

    #[test]
    fn difficult_terrain_and_detours() {
        let b = board(&[
            ".....", "..,..", "..,..", "..,..", "..,..", "..,..", ".....",
        ]);
        let flags = vec![0u8; b.len()];
        // The easy detour round the difficult column takes 6 steps.
        let r = reach(&b, p(0, 3), 4, &flags, false, false);
        assert_eq!(find(&r, p(4, 3)), Some((4, 1)));
        assert_eq!(find(&r, p(2, 3)), Some((2, 1)));
        assert_eq!(find(&r, p(1, 3)), Some((1, 0)));
        assert_eq!(find(&r, p(2, 0)), Some((3, 0)));
        let r = reach(&b, p(0, 3), 6, &flags, false, false);
        assert_eq!(find(&r, p(4, 3)), Some((6, 0)));
        assert_eq!(find(&r, p(3, 3)), Some((6, 0)));
        assert_eq!(find(&r, p(2, 3)), Some((2, 1)));

        let mut sc = MoveScratch::new();
        let mut path = Vec::new();
        assert!(b.path_to(
            p(0, 3),
            p(4, 3),
            6,
            &flags,
            false,
            false,
            &mut sc,
            &mut path
        ));
        assert_eq!(path.len(), 6);
        assert!(path.iter().all(|&q| b.terrain(q) == Terrain::Easy));
        assert_eq!(path.last(), Some(&p(4, 3)));
        let again = path.clone();
        assert!(b.path_to(
            p(0, 3),
            p(4, 3),
            6,
            &flags,
            false,
            false,
            &mut sc,
            &mut path
        ));
        assert_eq!(path, again);
        assert!(b.path_to(
            p(0, 3),
            p(4, 3),
            4,
            &flags,
            false,
            false,
            &mut sc,
            &mut path
        ));
        assert_eq!(path.len(), 4);
        assert_eq!(
            path.iter()
                .filter(|&&q| b.terrain(q) == Terrain::Difficult)
                .count(),
            1
        );
        assert!(!b.path_to(
            p(0, 3),
            p(4, 3),
            3,
            &flags,
            false,
            false,
            &mut sc,
            &mut path
        ));
        assert!(path.is_empty());
        assert!(!b.path_to(
            p(0, 3),
            p(0, 3),
            3,
            &flags,
            false,
            false,
            &mut sc,
            &mut path
        ));

        // Extreme terrain and obstacles.
        let b = board(&["~o.", "...", "..#"]);
        let flags = vec![0u8; b.len()];
        let r = reach(&b, p(1, 1), 1, &flags, false, false);
        assert_eq!(find(&r, p(0, 0)), Some((1, 2)));
        assert_eq!(find(&r, p(1, 0)), Some((1, 1)));
        assert_eq!(find(&r, p(2, 2)), None);
        assert_eq!(r.len(), 7);
    }

    #[test]
    fn diagonal_needs_both_sides_free() {
        let b = board(&[".#.", "#..", "..."]);
        let flags = vec![0u8; b.len()];
        assert!(reach(&b, p(0, 0), 5, &flags, false, false).is_empty());
        // One wall at a side is enough to close the diagonal.
        let b = board(&[".#.", "...", "..."]);
        let flags = vec![0u8; b.len()];
        let r = reach(&b, p(0, 0), 1, &flags, false, false);
        assert_eq!(r.iter().map(|x| x.pos).collect::<Vec<_>>(), vec![p(0, 1)]);
        assert_eq!(
            find(&reach(&b, p(0, 0), 2, &flags, false, false), p(1, 1)),
            Some((2, 0))
        );
        // A base at a side also closes it...
        let b = Board::new(3, 3, 0).unwrap();
        let mut flags = vec![0u8; b.len()];
        flags[b.index(p(0, 1))] = OCCUPIED;
        let r = reach(&b, p(0, 0), 1, &flags, false, false);
        assert_eq!(r.iter().map(|x| x.pos).collect::<Vec<_>>(), vec![p(1, 0)]);
        // ...but an enemy zone does not (the zone square itself stays closed).
        flags[b.index(p(0, 1))] = ZONE;
        let r = reach(&b, p(0, 0), 1, &flags, false, false);
        assert_eq!(
            r.iter().map(|x| x.pos).collect::<Vec<_>>(),
            vec![p(1, 0), p(1, 1)]
        );
        // A low obstacle at a side is passable terrain, so the diagonal is open.
        let b = board(&[".o.", "...", "..."]);
        let flags = vec![0u8; b.len()];
        assert_eq!(
            find(&reach(&b, p(0, 0), 1, &flags, false, false), p(1, 1)),
            Some((1, 0))
        );
    }

    #[test]
    fn occupied_and_zone() {
        let b = board(&[".....", "#####"]);
        let mut flags = vec![0u8; b.len()];
        flags[b.index(p(2, 0))] = OCCUPIED;
        let r = reach(&b, p(0, 0), 4, &flags, false, false);
        assert_eq!(
            r,
            vec![Reach {
                pos: p(1, 0),
                steps: 1,
                surcharge: 0
            }]
        );
        let r = reach(&b, p(0, 0), 4, &flags, false, true);
        assert_eq!(r.len(), 1);

        flags[b.index(p(2, 0))] = ZONE;
        let r = reach(&b, p(0, 0), 4, &flags, false, false);
        assert_eq!(r.iter().map(|x| x.pos).collect::<Vec<_>>(), vec![p(1, 0)]);
        let r = reach(&b, p(0, 0), 4, &flags, false, true);
        assert_eq!(
            r.iter().map(|x| x.pos).collect::<Vec<_>>(),
            vec![p(1, 0), p(2, 0)]
        );
        let mut sc = MoveScratch::new();
        let mut path = Vec::new();
        assert!(b.path_to(p(0, 0), p(2, 0), 4, &flags, false, true, &mut sc, &mut path));
        assert_eq!(path, vec![p(1, 0), p(2, 0)]);
        assert!(!b.path_to(p(0, 0), p(3, 0), 4, &flags, false, true, &mut sc, &mut path));
        assert!(!b.path_to(
            p(0, 0),
            p(2, 0),
            4,
            &flags,
            false,
            false,
            &mut sc,
            &mut path
        ));

        // Starting inside a zone is allowed: the mover may leave it.
        let mut flags = vec![0u8; b.len()];
        flags[b.index(p(2, 0))] = ZONE;
        flags[b.index(p(1, 0))] = ZONE;
        let r = reach(&b, p(2, 0), 2, &flags, false, false);
        assert_eq!(
            r.iter().map(|x| x.pos).collect::<Vec<_>>(),
            vec![p(3, 0), p(4, 0)]
        );
    }

    #[test]
    fn crouched_easy_is_difficult() {
        let b = board(&["...", ".,.", "..~"]);
        let flags = vec![0u8; b.len()];
        let r = reach(&b, p(0, 0), 1, &flags, true, false);
        assert_eq!(r.len(), 3);
        assert!(r.iter().all(|x| x.surcharge == 1));
        let r = reach(&b, p(0, 0), 2, &flags, true, false);
        assert_eq!(find(&r, p(2, 2)), Some((2, 2)));
        assert_eq!(find(&r, p(2, 0)), Some((2, 1)));
        let r = reach(&b, p(0, 0), 2, &flags, false, false);
        assert_eq!(find(&r, p(1, 1)), Some((1, 1)));
        assert_eq!(find(&r, p(2, 0)), Some((2, 0)));
    }

    #[test]
    fn scratch_is_reusable_across_boards_and_calls() {
        let big = Board::new(12, 9, 0).unwrap();
        let small = board(&["..,", "...", "#.."]);
        let mut sc = MoveScratch::new();
        let (mut o1, mut o2) = (Vec::new(), Vec::new());
        let fb = vec![0u8; big.len()];
        let fs = vec![0u8; small.len()];
        for _ in 0..3 {
            big.reachable(p(5, 5), 3, &fb, false, false, &mut sc, &mut o1);
            assert_eq!(o1.len(), 48);
            small.reachable(p(0, 0), 3, &fs, false, false, &mut sc, &mut o2);
            assert_eq!(o2.len(), 7);
            assert_eq!(find(&o2, p(2, 0)), Some((2, 1)));
        }
        let mut fresh = Vec::new();
        small.reachable(
            p(0, 0),
            3,
            &fs,
            false,
            false,
            &mut MoveScratch::new(),
            &mut fresh,
        );
        assert_eq!(o2, fresh);
    }

    /// The scalar `Board::reachable` before the bit-parallel search (reference).
    #[allow(clippy::too_many_arguments)]
    fn reachable_scalar(
        b: &Board,
        from: Pos,
        max_steps: u8,
        flags: &[u8],
        crouched: bool,
        allow_zone_end: bool,
        sc: &mut MoveScratch,
    ) -> Vec<Reach> {
        let mut out = Vec::new();
        if max_steps == 0 {
            return out;
        }
        sc.fit(b.len());
        let mut found = vec![false; b.len()];
        for level in u8::from(crouched)..=2 {
            let (_, refused) = b.bfs_level(
                b.index(from),
                level,
                max_steps,
                flags,
                crouched,
                allow_zone_end,
                sc,
            );
            for k in 1..sc.queue.len() {
                let j = sc.queue[k] as usize;
                if !found[j] {
                    found[j] = true;
                    out.push(Reach {
                        pos: b.pos(j),
                        steps: sc.dist[j],
                        surcharge: level,
                    });
                }
            }
            if !refused {
                break;
            }
        }
        out.sort_unstable_by_key(|r| (r.pos.y, r.pos.x));
        out
    }

    /// The scalar `Board::reach_levels` before the bit-parallel search (reference).
    fn reach_levels_scalar(
        b: &Board,
        from: Pos,
        max_steps: u8,
        flags: &[u8],
        crouched: bool,
        sc: &mut MoveScratch,
    ) -> Vec<(Pos, [u8; 3])> {
        if max_steps == 0 {
            return Vec::new();
        }
        sc.fit(b.len());
        let mut levels: Vec<Option<[u8; 3]>> = vec![None; b.len()];
        let mut touched = Vec::new();
        for level in u8::from(crouched)..=2 {
            let (_, refused) =
                b.bfs_level(b.index(from), level, max_steps, flags, crouched, true, sc);
            for k in 1..sc.queue.len() {
                let j = sc.queue[k] as usize;
                let lv = levels[j].get_or_insert_with(|| {
                    touched.push(j);
                    [u8::MAX; 3]
                });
                lv[level as usize] = sc.dist[j];
            }
            if !refused {
                break;
            }
        }
        touched.sort_unstable();
        touched
            .into_iter()
            .map(|j| (b.pos(j), levels[j].unwrap()))
            .collect()
    }

    /// The bit-parallel searches of `reachable` and `reach_levels` give exactly what the
    /// scalar breadth-first search gave, on random boards of every size up to 64×64 (width 64
    /// included), random terrain, bases and zones, starts and reaches.
    #[test]
    fn bit_parallel_search_matches_scalar() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0x6266_735f_7465_7374);
        let mut below = |n: u32| (rng.next_u32() % n) as u8;
        let mut sc = MoveScratch::new();
        let (mut fast, mut table) = (Vec::new(), Vec::new());
        let (mut nonempty, mut level2_squares) = (0, 0);
        for round in 0..3000 {
            // Every fourth board is 64 wide or 64 tall; the rest any size.
            let w = if round % 4 == 0 { 64 } else { 2 + below(63) };
            let h = if round % 8 == 1 { 64 } else { 2 + below(63) };
            let mut b = Board::new(w, h, 0).unwrap();
            // Terrain mixes from mostly open to mostly blocked.
            let (rough, blocked) = (below(60) as u32, below(40) as u32);
            for y in 0..h {
                for x in 0..w {
                    let r = below(100) as u32;
                    let t = if r < blocked / 2 {
                        Terrain::Wall
                    } else if r < blocked {
                        Terrain::HighObstacle
                    } else if r < blocked + rough / 3 {
                        Terrain::Difficult
                    } else if r < blocked + 2 * rough / 3 {
                        Terrain::LowObstacle
                    } else if r < blocked + rough {
                        Terrain::Extreme
                    } else {
                        Terrain::Easy
                    };
                    b.set_terrain(p(x, y), t);
                }
            }
            let (occ, zone) = (below(30), below(30));
            let flags: Vec<u8> = (0..b.len())
                .map(|_| {
                    let mut f = 0;
                    if below(100) < occ {
                        f |= OCCUPIED;
                    }
                    if below(100) < zone {
                        f |= ZONE;
                    }
                    f
                })
                .collect();
            // The start square may have any terrain and flags, as for the scalar search.
            let from = p(below(w as u32), below(h as u32));
            let max_steps = below(21);
            for crouched in [false, true] {
                let expect = reach_levels_scalar(&b, from, max_steps, &flags, crouched, &mut sc);
                b.reach_levels(from, max_steps, &flags, crouched, &mut sc, &mut table);
                assert_eq!(table, expect, "reach_levels, round {round}");
                nonempty += usize::from(!table.is_empty());
                level2_squares += table.iter().filter(|(_, l)| l[2] != u8::MAX).count();
                for zone_end in [false, true] {
                    let expect =
                        reachable_scalar(&b, from, max_steps, &flags, crouched, zone_end, &mut sc);
                    b.reachable(
                        from, max_steps, &flags, crouched, zone_end, &mut sc, &mut fast,
                    );
                    assert_eq!(fast, expect, "reachable, round {round}");
                }
            }
        }
        // The boards were not all trivial.
        assert!(nonempty > 4000, "{nonempty}");
        assert!(level2_squares > 0);
    }

    #[test]
    fn flag_bits_reads_every_column() {
        for w in 1..=64usize {
            for k in 0..w {
                for f in [OCCUPIED, ZONE, OCCUPIED | ZONE, 0x80 | ZONE] {
                    let mut row = vec![0u8; w];
                    row[k] = f;
                    let bit = 1u64 << k;
                    let expect = (
                        if f & OCCUPIED != 0 { bit } else { 0 },
                        if f & ZONE != 0 { bit } else { 0 },
                    );
                    assert_eq!(flag_bits(&row), expect, "w {w} column {k} flags {f}");
                }
            }
            let full = vec![OCCUPIED | ZONE; w];
            let all = if w == 64 { u64::MAX } else { (1 << w) - 1 };
            assert_eq!(flag_bits(&full), (all, all));
        }
    }
}
