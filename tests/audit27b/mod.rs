//! Audit 27b: BONUS Y MALUS, the least-tested traits of the second half of the list (Levitador
//! … Élite combate), clause by clause, in play (RULES.md, "Audit 27b"). Fixtures: `build.rs`,
//! `traits/mod.rs`.

use crate::build::*;
use crate::traits::{armour, contact, gun, range, with};

mod checks;
mod defence;
mod lords;
mod meta;
mod moving;
mod sin_dientes;
mod weapons;
