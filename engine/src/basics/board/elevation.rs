//! MOVIMIENTO / Alturas de movimiento on the board: the terrain height of every square
//! (buildings, rooftops, cliffs) in K, the height of a base above it at each movement altitude,
//! and line of sight and cover across heights (RULES.md, "Alturas").
//!
//! Why here: heights are terrain, and sight and cover are the board's geometry; the rules about
//! who may act on whom at which altitude live in `engine::actions::movement::altitude`.
//!
//! Units (A16, reading (a)): 1 K of height is the height of a human miniature, the unit of
//! «MOV natural igual a tantos K como veces sean de alto». A base's eyes are 1 K above its feet.
//! A flat board (no `heights`) keeps every answer of `sight.rs` exactly (the callers use the
//! flat functions when nothing is raised: the same results, the same speed).

#[allow(unused_imports)]
use super::*;

/// The highest terrain height of a square, in K (one digit in position files).
pub const MAX_TERRAIN_HEIGHT: u8 = 9;

/// A height no line passes over: a wall `#` («no se puede escalar») reaches every altitude up
/// to 2.
const UNBOUNDED: u16 = 1000;

/// How high above its square's terrain a base at movement altitude `alt` has its feet, in K
/// («Altura 1, sobre el terreno; Altura 2, a 3 K sobre altura 1; Altura 3, gran altitud;
/// Altura 4, el espacio; Altura -1, bajo tierra / agua»). Altitude 3 and 4 are given no height
/// by the text: 30 and 60 K put them above every terrain of a board (at most 9 K) and a flyer
/// at altitude 2. Altitude −1 is at the terrain's level (its minis only meet each other).
pub fn lift(alt: i8) -> u16 {
    match alt {
        2 => 3,
        3 => 30,
        4 => 60,
        _ => 0,
    }
}

impl Board {
    /// Whether some square has a terrain height above 0.
    #[inline]
    pub fn has_heights(&self) -> bool {
        !self.heights.is_empty()
    }

    /// Terrain height of a square in K (0 on a flat board). Panics if `p` is off the board.
    #[inline]
    pub fn terrain_height(&self, p: Pos) -> u8 {
        if self.heights.is_empty() {
            0
        } else {
            self.heights[self.index(p)]
        }
    }

    /// Sets the terrain heights from their position-file text: one string per board row, one
    /// digit `0`..=`9` per square (K). All zero leaves the board flat.
    ///
    /// # Errors
    /// A row count or length that differs from the board's, or a character that is not a digit.
    pub fn set_heights(&mut self, rows: &[String]) -> Result<(), BoardError> {
        if rows.len() != self.height as usize {
            return Err(BoardError::HeightsShape {
                what: format!("{} rows for a board of {}", rows.len(), self.height),
            });
        }
        let mut heights = Vec::with_capacity(self.cells.len());
        for (row, text) in rows.iter().enumerate() {
            let n = text.chars().count();
            if n != self.width as usize {
                return Err(BoardError::HeightsShape {
                    what: format!("row {row} has {n} heights for {} squares", self.width),
                });
            }
            for (col, symbol) in text.chars().enumerate() {
                let h = symbol
                    .to_digit(10)
                    .filter(|&d| d <= MAX_TERRAIN_HEIGHT as u32)
                    .ok_or(BoardError::BadHeight { row, col, symbol })?;
                heights.push(h as u8);
            }
        }
        self.heights = if heights.iter().all(|&h| h == 0) {
            Vec::new()
        } else {
            heights
        };
        Ok(())
    }

    /// Sets the terrain height of one square (tests, scenario editing). Panics if `p` is off
    /// the board or `h` is above [`MAX_TERRAIN_HEIGHT`].
    pub fn set_terrain_height(&mut self, p: Pos, h: u8) {
        assert!(h <= MAX_TERRAIN_HEIGHT, "terrain height {h} above 9 K");
        if self.heights.is_empty() {
            if h == 0 {
                return;
            }
            self.heights = vec![0; self.cells.len()];
        }
        let i = self.index(p);
        self.heights[i] = h;
        if self.heights.iter().all(|&h| h == 0) {
            self.heights.clear();
        }
    }

    /// The position-file text of the terrain heights; `None` on a flat board.
    pub fn heights_rows(&self) -> Option<Vec<String>> {
        (!self.heights.is_empty()).then(|| {
            self.heights
                .chunks(self.width as usize)
                .map(|r| r.iter().map(|&h| char::from(b'0' + h)).collect())
                .collect()
        })
    }

    /// The height up to which square `p` stops a line of sight and hides a body, in half K
    /// (so that a chest-high obstacle stands below the eyes): its terrain height (the edge of a
    /// roof or a cliff), plus ½ K for a chest-high obstacle («que llegue al pecho»), 2 K for a
    /// high obstacle (higher than a miniature), and unbounded for a wall.
    #[inline]
    fn top_halves(&self, p: Pos) -> i32 {
        2 * self.terrain_height(p) as i32
            + match self.terrain(p) {
                Terrain::LowObstacle => 1,
                Terrain::HighObstacle => 4,
                Terrain::Wall => UNBOUNDED as i32,
                _ => 0,
            }
    }

    /// Line of sight between a base whose feet are `fa` K over the board's base level on `a`
    /// and one with its feet `fb` K up on `b`; eyes are 1 K above the feet. A square the
    /// centre-to-centre segment crosses stops it when the segment passes below that square's top
    /// there (the segment's height, linear along it, taken where it passes nearest the square's
    /// centre); a corner
    /// passed exactly stops it when both side squares do. Squares at distance 0 or 1 always see
    /// each other. With flat terrain and both feet at 0 this is [`Board::line_of_sight`]
    /// exactly. Symmetric.
    pub fn line_of_sight_at(&self, a: Pos, fa: u16, b: Pos, fb: u16) -> bool {
        if a.dist(b) <= 1 {
            return true;
        }
        let (dx, dy) = (b.x as i32 - a.x as i32, b.y as i32 - a.y as i32);
        let total = dx * dx + dy * dy;
        // Eyes in half K.
        let (ea, eb) = (2 * fa as i32 + 2, 2 * fb as i32 + 2);
        // The segment's height where it passes nearest p's centre (the projection of the centre,
        // at `along / total` of the way from `a`: the same point seen from `b`), times `total`,
        // against p's top, times `total`.
        let stops = |p: Pos| {
            let along = (p.x as i32 - a.x as i32) * dx + (p.y as i32 - a.y as i32) * dy;
            ea * total + (eb - ea) * along < self.top_halves(p) * total
        };
        self.trace(a, b, |c| match c {
            sight::Crossing::Square(p) => !stops(p),
            sight::Crossing::Corner(p, q) => !(stops(p) && stops(q)),
        })
    }

    /// [`Board::cover`] across heights: the attacker's feet at `fa` K over `attacker`, the
    /// target's at `ft` over `target`. A square the segment crosses within 1 K of the target and
    /// not within 1 K of the attacker covers it when its top ([`Terrain::gives_cover`] squares, or any square raised above the
    /// target's feet) is above the target's feet
    /// (it hides part of the body) and the attacker's feet are below that top (an attacker
    /// standing as high as the top of a chest-high wall, on a roof or flying, shoots over it:
    /// OPEN_READINGS A17, reading (a)). With flat terrain and both feet at 0 this is
    /// [`Board::cover`] exactly.
    pub fn cover_at(&self, attacker: Pos, fa: u16, target: Pos, ft: u16) -> bool {
        let counts = |p: Pos| {
            let top = self.top_halves(p);
            top > 2 * ft as i32
                && (2 * fa as i32) < top
                && p.dist(target) <= 1
                && p.dist(attacker) > 1
        };
        !self.trace(attacker, target, |c| match c {
            sight::Crossing::Square(p) => !counts(p),
            sight::Crossing::Corner(p, q) => !(counts(p) && counts(q)),
        })
    }
}
