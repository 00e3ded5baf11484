//! ENTORNO / Línea de visión and COMBATE / Cobertura on the board: the centre-to-centre trace,
//! line of sight, cover, the field of view (CdV) and the square beyond an obstacle.

#[allow(unused_imports)]
use super::*;

/// What the centre-to-centre segment does next while being traced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Crossing {
    /// The segment passes through the interior of this square.
    Square(Pos),
    /// The segment passes exactly through a corner; these are the two squares beside it (the
    /// ones it only touches at that point).
    Corner(Pos, Pos),
}

impl Board {
    /// Walks the segment between the centres of `a` and `b` (a supercover traversal in doubled
    /// coordinates, exact integer arithmetic), reporting every square whose interior it crosses
    /// (excluding `a` and `b`) and every lattice corner it passes exactly through, in order
    /// from `a`. Stops early and returns false when `f` returns false.
    ///
    /// Centres are at odd doubled coordinates, so the segment never runs along a grid line: it
    /// either crosses a square's interior or touches squares at a single corner point. The
    /// classification is geometric, hence the same set of events is reported from `b` to `a`.
    pub(super) fn trace<F: FnMut(Crossing) -> bool>(&self, a: Pos, b: Pos, mut f: F) -> bool {
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
}
