//! ÁREAS (and CREACIÓN DE ARMAS, FORMA DEL ÁREA): the four area templates as geometry on the
//! square grid — which bases a template covers wholly and which partly.
//!
//! «Redonda, R+K de diámetro … Lineal, L+K de largo … Gota, G+K largo +K diámetro, es una
//! combinación de área L y R … Salto, S+N saltos» and «Las minis, ellas o sus peanas, totalmente
//! cubiertas por el área sufren todo el DAÑ del ataque. Cubiertas parcialmente, la mitad». Pure
//! geometry, no game state: the attack that lays a template is `actions::combat::areas`.
//!
//! Readings (RULES.md, ÁREAS): bases are round («Peanas.- Redondas»), 1 K across, centred on their
//! square; a base is covered wholly when its disc lies inside the template, partly when the two
//! overlap with a positive area (touching at a point is not covering). R's K is its diameter
//! (the table: «R4 diámetro = 4, 12,57 K²»). L is 3 K wide (the table: area = 3 × largo). G is an
//! L whose far end touches an R of the given diameter (the table: area = L + R, no overlap).

use crate::basics::geom::Pos;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The shape of an area (FORMA DEL ÁREA): a code of the area table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// Redonda: diameter in K.
    R(u8),
    /// Lineal: length in K (3 K wide).
    L(u8),
    /// Gota: the L's length, the R's diameter.
    G(u8, u8),
    /// Salto: the number of minis hit, the target first.
    S(u8),
}

/// The width of an L template (and of a G's L), in K: the area table gives L areas of
/// 3 × largo (RULES.md, ÁREAS).
pub const LINE_WIDTH: f64 = 3.0;
/// How far a Salto jumps from the last mini hit («saltando a la más cercana a 3 K»).
pub const JUMP_K: u8 = 3;

impl Shape {
    /// Parses an area code (`R3`, `L20`, `G7/4`, `S5`; case-insensitive). Sizes must be 1 or
    /// more; whether the code is in the area table is `creation::area_table`'s business.
    pub fn parse(code: &str) -> Option<Shape> {
        let code = code.trim();
        let (head, rest) = code.split_at(code.char_indices().nth(1)?.0);
        let num = |s: &str| s.parse::<u8>().ok().filter(|&n| n >= 1);
        match head.to_ascii_uppercase().as_str() {
            "R" => num(rest).map(Shape::R),
            "L" => num(rest).map(Shape::L),
            "S" => num(rest).map(Shape::S),
            "G" => {
                let (l, d) = rest.split_once('/')?;
                Some(Shape::G(num(l)?, num(d)?))
            }
            _ => None,
        }
    }

    /// Whether the template is laid from its origin along a direction (L, G).
    pub fn directed(self) -> bool {
        matches!(self, Shape::L(_) | Shape::G(..))
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Shape::R(d) => write!(f, "R{d}"),
            Shape::L(l) => write!(f, "L{l}"),
            Shape::G(l, d) => write!(f, "G{l}/{d}"),
            Shape::S(n) => write!(f, "S{n}"),
        }
    }
}

/// How much of a base a template covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Coverage {
    /// Not at all (or touching at a point).
    None,
    /// Partly: half the DAÑ.
    Partial,
    /// Wholly: the full DAÑ.
    Full,
}

/// Tolerance of the comparisons (positions are exact to far below it).
const EPS: f64 = 1e-9;
/// The radius of a base.
const BASE_R: f64 = 0.5;

/// A template laid on the board (R, L or G; a Salto has no geometry, see
/// `actions::combat::areas`). Coordinates are in K with square `(x, y)` centred on `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Template {
    /// The shape.
    pub shape: Shape,
    /// R: its centre. L, G: the point where the L starts (the middle of its near side).
    pub origin: (f64, f64),
    /// L, G: the unit vector along the template; R: unused (0, 0).
    pub dir: (f64, f64),
}

fn centre_of(p: Pos) -> (f64, f64) {
    (p.x as f64, p.y as f64)
}

impl Template {
    /// An R centred on the square `at`.
    pub fn round(diameter: u8, at: Pos) -> Template {
        Template {
            shape: Shape::R(diameter),
            origin: centre_of(at),
            dir: (0.0, 0.0),
        }
    }

    /// An L or G laid from `from` (a square) towards `towards`: `from_edge` starts it at the
    /// edge of `from`'s base (a weapon with ALC 0 lays it from its wielder), otherwise at the
    /// near edge of the base on `towards` (a weapon with ALC > 0 lays it at the aimed point, on
    /// along the line of fire). `None` when the two squares are the same (no direction) or the
    /// shape is not directed.
    pub fn directed(shape: Shape, from: Pos, towards: Pos, from_edge: bool) -> Option<Template> {
        if !shape.directed() || from == towards {
            return None;
        }
        let (fx, fy) = centre_of(from);
        let (tx, ty) = centre_of(towards);
        let (dx, dy) = (tx - fx, ty - fy);
        let n = (dx * dx + dy * dy).sqrt();
        let dir = (dx / n, dy / n);
        let origin = if from_edge {
            (fx + BASE_R * dir.0, fy + BASE_R * dir.1)
        } else {
            (tx - BASE_R * dir.0, ty - BASE_R * dir.1)
        };
        Some(Template { shape, origin, dir })
    }

    /// The same template moved by `(dx, dy)` K (Dispersión: the template is displaced, not
    /// re-aimed).
    pub fn shifted(self, dx: i16, dy: i16) -> Template {
        Template {
            origin: (self.origin.0 + dx as f64, self.origin.1 + dy as f64),
            ..self
        }
    }

    /// The R part: its centre and diameter (an R, or a G's drop at the far end of its L).
    fn round_part(&self) -> Option<((f64, f64), f64)> {
        match self.shape {
            Shape::R(d) => Some((self.origin, d as f64)),
            Shape::G(l, d) => {
                let t = l as f64 + d as f64 / 2.0;
                Some((
                    (
                        self.origin.0 + t * self.dir.0,
                        self.origin.1 + t * self.dir.1,
                    ),
                    d as f64,
                ))
            }
            _ => None,
        }
    }

    /// The centre of the area, from which the attack comes («La dirección del ataque: desde el
    /// centro del área»): R its centre; L the middle of its axis; G the centre of its drop.
    pub fn centre(&self) -> (f64, f64) {
        match self.shape {
            Shape::L(l) => {
                let t = l as f64 / 2.0;
                (
                    self.origin.0 + t * self.dir.0,
                    self.origin.1 + t * self.dir.1,
                )
            }
            _ => self.round_part().map_or(self.origin, |(c, _)| c),
        }
    }

    /// The square holding the centre (Redondeo: x,5 rounds up).
    pub fn centre_square(&self) -> Option<Pos> {
        let (x, y) = self.centre();
        let r = |v: f64| (v + 0.5 + EPS).floor();
        let (x, y) = (r(x), r(y));
        ((0.0..=255.0).contains(&x) && (0.0..=255.0).contains(&y))
            .then(|| Pos::new(x as u8, y as u8))
    }

    /// The square of the board nearest the centre: an L or a G laid towards an edge may have its
    /// centre beyond it, and the attack then comes from the board's last square that way (its
    /// direction kept, and cover traced on the board).
    pub fn centre_on_board(&self, width: u8, height: u8) -> Pos {
        let (x, y) = self.centre();
        let r =
            |v: f64, side: u8| (v + 0.5 + EPS).floor().clamp(0.0, side.max(1) as f64 - 1.0) as u8;
        Pos::new(r(x, width), r(y, height))
    }

    /// How much of the base on square `p` the template covers.
    pub fn coverage(&self, p: Pos) -> Coverage {
        let c = centre_of(p);
        let mut best = Coverage::None;
        if let Shape::L(l) | Shape::G(l, _) = self.shape {
            best = best.max(line_coverage(self.origin, self.dir, l as f64, c));
        }
        if let Some((rc, d)) = self.round_part() {
            best = best.max(round_coverage(rc, d, c));
        }
        best
    }

    /// Every square of a `w` × `h` board the template covers, in row order, with how much.
    pub fn squares(&self, w: u8, h: u8) -> Vec<(Pos, Coverage)> {
        let mut out = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let p = Pos::new(x, y);
                let c = self.coverage(p);
                if c != Coverage::None {
                    out.push((p, c));
                }
            }
        }
        out
    }
}

/// A base centred on `c` against a disc of diameter `d` centred on `rc`: wholly inside when
/// its centre is within d/2 − ½, overlapping when within d/2 + ½ (strictly).
fn round_coverage(rc: (f64, f64), d: f64, c: (f64, f64)) -> Coverage {
    let dist = ((c.0 - rc.0).powi(2) + (c.1 - rc.1).powi(2)).sqrt();
    let r = d / 2.0;
    if dist <= r - BASE_R + EPS {
        Coverage::Full
    } else if dist < r + BASE_R - EPS {
        Coverage::Partial
    } else {
        Coverage::None
    }
}

/// A base centred on `c` against the rectangle of length `l` and width [`LINE_WIDTH`] that
/// starts at `o` and runs along the unit vector `u`.
fn line_coverage(o: (f64, f64), u: (f64, f64), l: f64, c: (f64, f64)) -> Coverage {
    let (vx, vy) = (c.0 - o.0, c.1 - o.1);
    let t = vx * u.0 + vy * u.1;
    let s = (vx * u.1 - vy * u.0).abs();
    let half = LINE_WIDTH / 2.0;
    if t >= BASE_R - EPS && t <= l - BASE_R + EPS && s <= half - BASE_R + EPS {
        return Coverage::Full;
    }
    let dt = (-t).max(t - l).max(0.0);
    let ds = (s - half).max(0.0);
    if (dt * dt + ds * ds).sqrt() < BASE_R - EPS {
        Coverage::Partial
    } else {
        Coverage::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cov(t: &Template, x: u8, y: u8) -> Coverage {
        t.coverage(Pos::new(x, y))
    }

    #[test]
    fn shapes_parse_and_print() {
        assert_eq!(Shape::parse("R3"), Some(Shape::R(3)));
        assert_eq!(Shape::parse("g7/4"), Some(Shape::G(7, 4)));
        assert_eq!(Shape::parse("S10"), Some(Shape::S(10)));
        assert_eq!(Shape::parse("L0"), None, "a size of 0");
        assert_eq!(Shape::parse("R-2"), None, "a negative size");
        assert_eq!(Shape::parse("X3"), None);
        assert_eq!(Shape::parse(""), None);
        assert_eq!(Shape::G(3, 2).to_string(), "G3/2");
    }

    #[test]
    fn round_full_and_partial() {
        // R1: only its own square, wholly (the base fills the template).
        let r1 = Template::round(1, Pos::new(5, 5));
        assert_eq!(cov(&r1, 5, 5), Coverage::Full);
        assert_eq!(cov(&r1, 6, 5), Coverage::None, "touching at a point");
        // R2: the centre wholly, the eight around it partly.
        let r2 = Template::round(2, Pos::new(5, 5));
        assert_eq!(cov(&r2, 5, 5), Coverage::Full);
        assert_eq!(cov(&r2, 6, 5), Coverage::Partial);
        assert_eq!(cov(&r2, 6, 6), Coverage::Partial);
        assert_eq!(cov(&r2, 7, 5), Coverage::None);
        // R3: the centre and its four sides wholly, the diagonals partly.
        let r3 = Template::round(3, Pos::new(5, 5));
        assert_eq!(cov(&r3, 5, 4), Coverage::Full);
        assert_eq!(cov(&r3, 6, 6), Coverage::Partial);
        assert_eq!(cov(&r3, 7, 5), Coverage::None);
        // R4: the 3 × 3 block wholly; (7,5) and (7,6) partly, (7,7) not.
        let r4 = Template::round(4, Pos::new(5, 5));
        assert_eq!(cov(&r4, 6, 6), Coverage::Full);
        assert_eq!(cov(&r4, 7, 5), Coverage::Partial);
        assert_eq!(cov(&r4, 7, 6), Coverage::Partial);
        assert_eq!(cov(&r4, 7, 7), Coverage::None);
        let n = |t: &Template, c| t.squares(20, 20).iter().filter(|s| s.1 == c).count();
        assert_eq!((n(&r4, Coverage::Full), n(&r4, Coverage::Partial)), (9, 12));
    }

    #[test]
    fn line_from_the_wielder_three_wide() {
        // An L4 from (2,5) east: columns 3..=6 wholly on rows 4..=6, column 7 not at all.
        let l = Template::directed(Shape::L(4), Pos::new(2, 5), Pos::new(3, 5), true).unwrap();
        for x in 3..=6 {
            for y in 4..=6 {
                assert_eq!(cov(&l, x, y), Coverage::Full, "({x},{y})");
            }
            assert_eq!(
                cov(&l, x, 3),
                Coverage::None,
                "1,5 K off the axis: touching"
            );
        }
        assert_eq!(cov(&l, 2, 5), Coverage::None, "not its wielder");
        assert_eq!(cov(&l, 7, 5), Coverage::None);
        // Laid at a point (ALC > 0): the aimed base is the first wholly covered.
        let l = Template::directed(Shape::L(2), Pos::new(0, 0), Pos::new(5, 0), false).unwrap();
        assert_eq!(cov(&l, 5, 0), Coverage::Full);
        assert_eq!(cov(&l, 6, 0), Coverage::Full);
        assert_eq!(cov(&l, 7, 0), Coverage::None);
        assert_eq!(cov(&l, 4, 0), Coverage::None);
        // Diagonal: along the axis wholly.
        let l = Template::directed(Shape::L(5), Pos::new(0, 0), Pos::new(1, 1), true).unwrap();
        assert_eq!(cov(&l, 1, 1), Coverage::Full);
        assert_eq!(cov(&l, 2, 1), Coverage::Full, "0,71 K off the axis");
        assert_eq!(cov(&l, 3, 3), Coverage::Full);
        assert!(Template::directed(Shape::L(5), Pos::new(1, 1), Pos::new(1, 1), true).is_none());
    }

    #[test]
    fn drop_is_a_line_then_a_round() {
        // G3/2 from (0,5) east: L over columns 1..=3, the R2 centred 4 K from the start.
        let g = Template::directed(Shape::G(3, 2), Pos::new(0, 5), Pos::new(1, 5), true).unwrap();
        assert_eq!(cov(&g, 3, 5), Coverage::Full);
        assert_eq!(g.centre(), (4.5, 5.0));
        assert_eq!(g.centre_square(), Some(Pos::new(5, 5)));
        assert_eq!(cov(&g, 4, 5), Coverage::Full, "½ K from the drop's centre");
        assert_eq!(cov(&g, 5, 5), Coverage::Full);
        assert_eq!(cov(&g, 5, 6), Coverage::Partial);
        assert_eq!(cov(&g, 6, 5), Coverage::None);
    }

    #[test]
    fn shifted_moves_without_turning() {
        let t = Template::round(3, Pos::new(5, 5)).shifted(-2, 3);
        assert_eq!(t.centre_square(), Some(Pos::new(3, 8)));
        assert_eq!(cov(&t, 3, 9), Coverage::Full);
    }
}
