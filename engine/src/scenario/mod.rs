//! The scenario (aventura): points limit, turn limit, deployment zones, objectives, and how the
//! game is scored (LISTAS DE JUEGO: "Cada aventura indica un número máximo de puntos").

pub mod elements;
pub mod scoring;

use crate::basics::geom::{Pos, Side};
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
