//! Audit 26a: BONUS Y MALUS, the least-tested traits of the second half of the A–L list, in play
//! (RULES.md, "Audit 26a"). Fixtures: `build.rs`, `traits/mod.rs`.

use crate::build::*;
use crate::traits::{gun, range, with};

mod auras;
