//! Doors and turrets, the scenario elements that change the battlefield (RULES.md, "Doors and
//! turrets"): whether each door is closed and how many shots each turret has fired, kept in
//! the hacked-objects side record (`state::hacked`, empty in games without them).
//!
//! A closed door is a wall on its square (MOVIMIENTO / Obstáculos: higher than the miniature,
//! and not to be climbed): the board itself says so, so the movement search, the line of
//! sight, cover, `show` and the picture need no door of their own. Opening or closing one gives
//! the game a fresh copy of its shared part with the square changed — rare (an action or a
//! possession), and nothing is paid in a game without doors.

use crate::basics::board::Terrain;
use crate::scenario::elements::Turret;
use crate::state::State;
use std::sync::Arc;

/// What an open door's square is: easy terrain.
pub const OPEN_DOOR: Terrain = Terrain::Easy;
/// What a closed door's square is: a wall.
pub const CLOSED_DOOR: Terrain = Terrain::Wall;

impl State {
    /// Whether element `e` is a door.
    pub fn is_door(&self, e: u8) -> bool {
        self.st.elements.get(e as usize).is_some_and(|el| el.door)
    }

    /// Whether door `e` is closed now.
    pub fn door_closed(&self, e: u8) -> bool {
        self.hacked.closed & (1 << e) != 0
    }

    /// Opens or closes door `e`: its bit, and its square on the board (a new shared part, so
    /// every other state of the game keeps its own board).
    pub(crate) fn set_door(&mut self, e: u8, closed: bool) {
        if self.door_closed(e) == closed {
            return;
        }
        self.hacked.closed ^= 1 << e;
        let mut shared = (*self.st).clone();
        let at = shared.elements[e as usize].at;
        shared
            .board
            .set_terrain(at, if closed { CLOSED_DOOR } else { OPEN_DOOR });
        self.st = Arc::new(shared);
    }

    /// The weapon profile of turret `e`, if element `e` is one.
    pub fn turret(&self, e: u8) -> Option<Turret> {
        self.st.elements.get(e as usize).and_then(|el| el.turret)
    }

    /// Shots turret `e` has fired so far.
    pub fn turret_shots(&self, e: u8) -> u8 {
        self.hacked.shots.get(e as usize).copied().unwrap_or(0)
    }

    /// Whether turret `e` has a shot left.
    pub fn turret_loaded(&self, e: u8) -> bool {
        self.turret(e)
            .is_some_and(|t| t.ammo.is_none_or(|n| self.turret_shots(e) < n))
    }

    pub(crate) fn spend_turret_shot(&mut self, e: u8) {
        if let Some(k) = self.hacked.shots.get_mut(e as usize) {
            *k = k.saturating_add(1);
        }
    }
}
