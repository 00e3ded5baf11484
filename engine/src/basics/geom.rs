//! Squares, facings and sides: the vocabulary every other module shares.
//!
//! Rulebook, MOVIMIENTO / Casillas: "1 K = 1 casilla. Siempre moverá cruzando un lado o vértice
//! contiguo con otra casilla." A step across a side or a vertex is one klik, so the distance
//! between two squares is the Chebyshev distance (see RULES.md, "Distances").

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. Side A is listed first in position files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The first side (characters `a1`, `a2`, …).
    A,
    /// The second side (characters `b1`, `b2`, …).
    B,
}

impl Side {
    /// Both sides, A first.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The other side: the single place where the player perspective flips.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// 0 for A, 1 for B.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter used in character ids (`a`, `b`).
    pub fn letter(self) -> char {
        match self {
            Side::A => 'a',
            Side::B => 'b',
        }
    }

    /// Parses `a`/`A`/`b`/`B`.
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            'a' | 'A' => Some(Side::A),
            'b' | 'B' => Some(Side::B),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter().to_ascii_uppercase())
    }
}

/// A square of the board: `x` is the column (0 = left), `y` the row (0 = the first row of the
/// board in the position file, drawn at the top).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct Pos {
    /// Column, 0-based from the left.
    pub x: u8,
    /// Row, 0-based from the top.
    pub y: u8,
}

impl Pos {
    /// Builds a square.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// Distance in kliks: the number of king steps between the squares (Chebyshev).
    #[inline]
    pub fn dist(self, o: Pos) -> u8 {
        let dx = (self.x as i16 - o.x as i16).unsigned_abs();
        let dy = (self.y as i16 - o.y as i16).unsigned_abs();
        dx.max(dy) as u8
    }

    /// The square one step away in `dir`, if its coordinates are non-negative.
    #[inline]
    pub fn step(self, dir: Facing) -> Option<Pos> {
        let (dx, dy) = dir.delta();
        let x = self.x as i16 + dx as i16;
        let y = self.y as i16 + dy as i16;
        if (0..=255).contains(&x) && (0..=255).contains(&y) {
            Some(Pos::new(x as u8, y as u8))
        } else {
            None
        }
    }

    /// True when the squares touch across a side or a vertex (distance 1): base contact.
    #[inline]
    pub fn adjacent(self, o: Pos) -> bool {
        // |dx| ≤ 1 and |dy| ≤ 1, not the same square: one wrapping add per coordinate, no
        // widening and no absolute value (`State::engaged` asks it of every character for
        // every list; PERFORMANCE.md, "Fifteenth session").
        let dx = o.x.wrapping_sub(self.x).wrapping_add(1);
        let dy = o.y.wrapping_sub(self.y).wrapping_add(1);
        let touch = dx <= 2 && dy <= 2 && self != o;
        debug_assert_eq!(touch, self.dist(o) == 1);
        touch
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The eight facings a base can have on the grid (N is towards row 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Facing {
    /// Towards row 0.
    N,
    /// North-east.
    NE,
    /// Towards higher columns.
    E,
    /// South-east.
    SE,
    /// Towards higher rows.
    S,
    /// South-west.
    SW,
    /// Towards column 0.
    W,
    /// North-west.
    NW,
}

impl Facing {
    /// All eight, clockwise from N.
    pub const ALL: [Facing; 8] = [
        Facing::N,
        Facing::NE,
        Facing::E,
        Facing::SE,
        Facing::S,
        Facing::SW,
        Facing::W,
        Facing::NW,
    ];

    /// The (dx, dy) of one step.
    #[inline]
    pub fn delta(self) -> (i8, i8) {
        match self {
            Facing::N => (0, -1),
            Facing::NE => (1, -1),
            Facing::E => (1, 0),
            Facing::SE => (1, 1),
            Facing::S => (0, 1),
            Facing::SW => (-1, 1),
            Facing::W => (-1, 0),
            Facing::NW => (-1, -1),
        }
    }

    /// Index 0..8 clockwise from N.
    #[inline]
    pub fn index(self) -> u8 {
        self as u8
    }

    /// From an index 0..8 (taken modulo 8).
    #[inline]
    pub fn from_index(i: u8) -> Facing {
        Facing::ALL[(i % 8) as usize]
    }

    /// The facing that best points from `from` towards `to` (ties resolved clockwise from N).
    /// Returns `None` when the squares are the same.
    pub fn towards(from: Pos, to: Pos) -> Option<Facing> {
        let dx = to.x as i32 - from.x as i32;
        let dy = to.y as i32 - from.y as i32;
        if dx == 0 && dy == 0 {
            return None;
        }
        let mut best = Facing::N;
        let mut best_score = i64::MIN;
        for f in Facing::ALL {
            let (fx, fy) = f.delta();
            // cosine similarity scaled: dot / |f|; compare dot^2/|f|^2 with sign.
            let dot = (fx as i64) * dx as i64 + (fy as i64) * dy as i64;
            let norm2 = (fx as i64).pow(2) + (fy as i64).pow(2);
            // score = dot / sqrt(norm2); compare via dot*|dot|*k/norm2 using a common scale.
            let score = dot.signum() * dot * dot * 2 / norm2;
            if score > best_score {
                best_score = score;
                best = f;
            }
        }
        Some(best)
    }

    /// The notation name (`N`, `NE`, …).
    pub fn name(self) -> &'static str {
        match self {
            Facing::N => "N",
            Facing::NE => "NE",
            Facing::E => "E",
            Facing::SE => "SE",
            Facing::S => "S",
            Facing::SW => "SW",
            Facing::W => "W",
            Facing::NW => "NW",
        }
    }

    /// Parses `N`, `ne`, … (case-insensitive).
    pub fn parse(s: &str) -> Option<Facing> {
        Facing::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
    }

    /// True when `to` lies in the 180° arc in front of a base at `from` with this facing.
    /// The arc is closed: squares exactly abeam are inside (RULES.md, "Field of view").
    #[inline]
    pub fn in_front(self, from: Pos, to: Pos) -> bool {
        let (fx, fy) = self.delta();
        let dx = to.x as i32 - from.x as i32;
        let dy = to.y as i32 - from.y as i32;
        fx as i32 * dx + fy as i32 * dy >= 0
    }
}

impl fmt::Display for Facing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chebyshev_distance() {
        assert_eq!(Pos::new(0, 0).dist(Pos::new(3, 2)), 3);
        assert_eq!(Pos::new(5, 5).dist(Pos::new(4, 4)), 1);
    }

    #[test]
    fn towards_picks_nearest_of_eight() {
        assert_eq!(
            Facing::towards(Pos::new(5, 5), Pos::new(5, 0)),
            Some(Facing::N)
        );
        assert_eq!(
            Facing::towards(Pos::new(5, 5), Pos::new(9, 1)),
            Some(Facing::NE)
        );
        assert_eq!(
            Facing::towards(Pos::new(5, 5), Pos::new(9, 4)),
            Some(Facing::E)
        );
        assert_eq!(Facing::towards(Pos::new(5, 5), Pos::new(5, 5)), None);
    }

    #[test]
    fn arc_is_closed_half_plane() {
        let p = Pos::new(5, 5);
        assert!(Facing::N.in_front(p, Pos::new(9, 5)));
        assert!(!Facing::N.in_front(p, Pos::new(5, 6)));
        assert!(Facing::NE.in_front(p, Pos::new(6, 6)));
        assert!(!Facing::NE.in_front(p, Pos::new(4, 6)));
    }
}
