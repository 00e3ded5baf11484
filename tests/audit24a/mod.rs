//! Audit 24a: BONUS Y MALUS from «7 vidas» to «Dios del viento» swept clause by clause — for
//! every clause (a number, a condition, a «no puede», a «una vez por», an exception, a cost in
//! ENE, a CH and what failing it does) no test pinned, an independent rule case (a position,
//! scripted dice, one action, the exact outcome), and the engine fixed where it disagreed
//! (RULES.md, "Audit 24"). Fixtures: `build.rs`, `traits/mod.rs` and
//! `audit22_traits/mod.rs`.

use crate::audit22_traits::{shot_at, tough};
use crate::build::*;
use crate::traits::{armour, contact, gun, range, with};

mod abilities;
mod attributes;
mod auras;
mod combat;
mod conduct;
mod defence;
mod meta;
mod targets;
