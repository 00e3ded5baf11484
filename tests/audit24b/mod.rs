//! Audit 24b: BONUS Y MALUS from Dirección resistida to Loco swept clause by clause — for
//! every clause (a number, a condition, a «no puede», an exception, a cost) no test pinned, an
//! independent rule case (a position, scripted dice, one action, the exact outcome), and the
//! engine fixed where it disagreed (RULES.md, "audit 24"). Fixtures: `build.rs`,
//! `traits/mod.rs` and `audit22_traits/mod.rs`.

use crate::audit22_traits::{shot_at, tough};
use crate::build::*;
use crate::traits::{gun, range, with};

mod abilities;
mod areas;
mod auras;
mod combat;
mod items;
mod movement;
mod psyche;
