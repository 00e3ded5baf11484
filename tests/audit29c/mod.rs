//! Audit 29c: BONUS Y MALUS, the next batch of least-tested traits (Gallina … Muro,
//! /work/tasks/list29c.txt), clause by clause, in play (RULES.md, "Audit 29c").
//! Fixtures: `build.rs`, `traits/mod.rs`.

use crate::build::*;
use crate::traits::{gun, with};

mod claws;
mod cries;
mod dan;
mod moves;
