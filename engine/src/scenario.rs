//! The scenario (aventura): points limit, turn limit, deployment zones, objectives, and how the
//! game is scored (LISTAS DE JUEGO: "Cada aventura indica un número máximo de puntos").

use crate::geom::{Pos, Side};
use crate::state::State;
use serde::{Deserialize, Serialize};

/// A rectangle of squares, corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    /// Left column.
    pub x0: u8,
    /// Top row.
    pub y0: u8,
    /// Right column.
    pub x1: u8,
    /// Bottom row.
    pub y1: u8,
}

impl Zone {
    /// Whether the square is inside.
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= self.x0 && p.x <= self.x1 && p.y >= self.y0 && p.y <= self.y1
    }
    /// Distance in kliks from a square to the nearest square of the zone.
    pub fn dist(&self, p: Pos) -> u8 {
        let dx = if p.x < self.x0 {
            self.x0 - p.x
        } else {
            p.x.saturating_sub(self.x1)
        };
        let dy = if p.y < self.y0 {
            self.y0 - p.y
        } else {
            p.y.saturating_sub(self.y1)
        };
        dx.max(dy)
    }
}

/// A square worth points to the side holding it at the end of each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Column.
    pub x: u8,
    /// Row.
    pub y: u8,
    /// Points per turn held.
    pub points: i32,
}

/// The scenario of a position file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Scenario name.
    #[serde(default)]
    pub name: String,
    /// Maximum points of each list.
    pub points_limit: i32,
    /// The game ends after this turn.
    pub turn_limit: u8,
    /// Deployment zone of side A.
    pub deploy_a: Zone,
    /// Deployment zone of side B.
    pub deploy_b: Zone,
    /// Optional objectives.
    #[serde(default)]
    pub objectives: Vec<Objective>,
}

impl Scenario {
    /// The deployment zone of a side.
    pub fn deploy(&self, s: Side) -> &Zone {
        match s {
            Side::A => &self.deploy_a,
            Side::B => &self.deploy_b,
        }
    }
}

/// Casualty points: the points of the characters of `victim` that are casualties
/// (incapacitated, dead or unconscious).
pub fn casualty_points(st: &State, victim: Side) -> i32 {
    st.indices()
        .filter(|&i| st.home_side(i) == victim && st.casualty(i))
        .map(|i| st.info(i).cost)
        .sum()
}

/// The score of a side: casualty points inflicted on the enemy plus objective points.
pub fn score(st: &State, side: Side) -> i32 {
    casualty_points(st, side.other()) + st.objective_points(side)
}

/// Whether a side has no able character left (annihilation).
pub fn annihilated(st: &State, side: Side) -> bool {
    !st.indices().any(|i| st.home_side(i) == side && st.able(i))
}

/// Who holds an objective square at this moment: the only side with an able character on it
/// or in base contact with it (RULES.md, "Objectives").
pub fn holder(st: &State, o: &Objective) -> Option<Side> {
    let p = Pos::new(o.x, o.y);
    let mut present = [false; 2];
    for i in st.indices() {
        if st.able(i) && st.ch(i).pos.dist(p) <= 1 {
            present[st.side_of(i).index()] = true;
        }
    }
    match present {
        [true, false] => Some(Side::A),
        [false, true] => Some(Side::B),
        _ => None,
    }
}

/// The result for `side` of a finished game: 1 win, 0.5 draw, 0 loss. Annihilation decides
/// first; otherwise the higher score wins.
pub fn result(st: &State, side: Side) -> f32 {
    let (ka, kb) = (annihilated(st, Side::A), annihilated(st, Side::B));
    let a_wins = match (ka, kb) {
        (true, false) => Some(false),
        (false, true) => Some(true),
        _ => {
            let (sa, sb) = (score(st, Side::A), score(st, Side::B));
            if sa == sb {
                None
            } else {
                Some(sa > sb)
            }
        }
    };
    match a_wins {
        None => 0.5,
        Some(a) => {
            if a == (side == Side::A) {
                1.0
            } else {
                0.0
            }
        }
    }
}
