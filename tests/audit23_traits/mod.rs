//! Audit 23b: BONUS Y MALUS swept clause by clause, from the end of the catalogue backwards —
//! for every clause (a number, a condition, a «no puede», an exception) no test pinned, an
//! independent rule case (a position, scripted dice, one action, the exact outcome), and the
//! engine fixed where it disagreed (RULES.md, "audit 23"). Fixtures: `build.rs`,
//! `traits/mod.rs` and `audit22_traits/mod.rs`.

use crate::audit22_traits::{shot_at, tough};
use crate::build::*;
use crate::traits::{gun, range, with};

mod abilities;
mod areas;
mod auras;
mod combat;
mod decoy;
mod mind;
mod movement;
mod psyche;
mod rerolls;
mod senses;
mod strength;
mod wounded;
