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

use crate::basics::geom::{Facing, Pos};
use serde::{Deserialize, Serialize};
use std::fmt;

mod elevation;
mod reach;
pub(crate) use reach::STEPS;
mod reach_pair;
mod reach_table;
mod sight;
pub use elevation::{lift, MAX_TERRAIN_HEIGHT};
pub use reach::{MoveScratch, Reach, OCCUPIED, ZONE};
pub use reach_table::{ReachTable, MARKS};
/// The eight king steps (dx, dy), clockwise from N.
pub const KING_STEPS: [(i16, i16); 8] = reach::STEPS;
#[cfg(test)]
mod reach_tests;
#[cfg(test)]
mod tests;

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
    /// The terrain heights (`board.heights`) do not have one row per board row, or one digit
    /// per square.
    HeightsShape {
        /// What does not match.
        what: String,
    },
    /// A terrain height that is not a digit `0`..=`9` (K).
    BadHeight {
        /// Row of the character.
        row: usize,
        /// Column.
        col: usize,
        /// The character itself.
        symbol: char,
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
            BoardError::HeightsShape { what } => write!(f, "board heights: {what}"),
            BoardError::BadHeight { row, col, symbol } => write!(
                f,
                "terrain height {symbol:?} at board row {row}, column {col} is not a height in K \
                 (expected a digit 0..={MAX_TERRAIN_HEIGHT})"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

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
    /// Per row, bit x set when square (x, y) is water (`[0]`), or water or a gap (`[1]`):
    /// whether any lies near a mover is a few row masks ([`Board::wet_near`], asked by Nadar's
    /// and Salto's options in every legal list) instead of a terrain read per square.
    /// Derived from `cells` like `cost_rows`.
    wet_rows: Vec<[u64; 2]>,
    /// Terrain height of each square in K (MOVIMIENTO / Alturas de movimiento: buildings,
    /// rooftops, cliffs), row-major; empty on a flat board (every square at 0), so a board
    /// without heights costs nothing more (`elevation.rs`).
    heights: Vec<u8>,
}

/// The fields of the board proper, as the derived `Debug` printed them before `cost_rows`
/// existed (that cache is derived data and would only be noise).
impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Board");
        d.field("width", &self.width)
            .field("height", &self.height)
            .field("cells", &self.cells)
            .field("cover_def", &self.cover_def);
        if !self.heights.is_empty() {
            d.field("heights", &self.heights);
        }
        d.finish()
    }
}

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

/// The masks of one row of `Board::wet_rows`: water, and water or gap.
fn wet_row(row: &[Terrain]) -> [u64; 2] {
    let mut m = [0u64; 2];
    for (x, t) in row.iter().enumerate() {
        match t {
            Terrain::Water => m = [m[0] | 1 << x, m[1] | 1 << x],
            Terrain::Gap => m[1] |= 1 << x,
            _ => {}
        }
    }
    m
}

fn wet_rows(width: u8, cells: &[Terrain]) -> Vec<[u64; 2]> {
    cells.chunks(width as usize).map(wet_row).collect()
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
            wet_rows: wet_rows(width, &cells),
            cells,
            cover_def,
            heights: Vec::new(),
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
            wet_rows: wet_rows(width as u8, &cells),
            cells,
            cover_def,
            heights: Vec::new(),
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

    /// Row `y`'s masks of the squares that cost at most 0, 1 and 2 ENE of surcharge on foot,
    /// standing (the last: passable on foot) — bit x for square (x, y); `y` must be on the
    /// board. Lets a walk along a line test a square with a bit (180°).
    #[inline]
    pub fn cost_masks(&self, y: usize) -> [u64; 3] {
        self.cost_rows[y]
    }

    /// Whether a square within `r` kliks of `p` (its own square only when `with_p`) is water,
    /// or (`gaps`) water or a gap: a few row masks of [`Board::wet_rows`] instead of a
    /// terrain read per square of the box (PERFORMANCE.md, "Twenty-second session"). `p`
    /// must be on the board.
    ///
    /// [`Board::wet_rows`]: Board
    pub fn wet_near(&self, p: Pos, r: u8, gaps: bool, with_p: bool) -> bool {
        let (x0, x1) = (
            p.x.saturating_sub(r),
            p.x.saturating_add(r).min(self.width - 1),
        );
        let (y0, y1) = (
            p.y.saturating_sub(r),
            p.y.saturating_add(r).min(self.height - 1),
        );
        // Columns x0..=x1 (a board is at most 64 wide: x1 ≤ 63).
        let cols = (u64::MAX >> (63 - x1)) & (u64::MAX << x0);
        let own = if with_p { 0 } else { 1u64 << p.x };
        let k = gaps as usize;
        let found = (y0..=y1).any(|y| {
            let skip = if y == p.y { own } else { 0 };
            self.wet_rows[y as usize][k] & cols & !skip != 0
        });
        #[cfg(debug_assertions)]
        {
            let wet = |q: Pos| match self.terrain(q) {
                Terrain::Water => true,
                Terrain::Gap => gaps,
                _ => false,
            };
            let slow = (y0..=y1)
                .any(|y| (x0..=x1).any(|x| (with_p || Pos::new(x, y) != p) && wet(Pos::new(x, y))));
            assert_eq!(found, slow, "water or gap near {p} within {r}");
        }
        found
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
        self.wet_rows[y] = wet_row(&self.cells[y * w..(y + 1) * w]);
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
