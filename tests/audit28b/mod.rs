//! Audit 28b: BONUS Y MALUS, the next batch of least-tested traits (Campo de oscuridad … Área
//! manguante, /work/tasks/list28b.txt), clause by clause, in play (RULES.md, "Audit 28b").
//! Fixtures: `build.rs`, `traits/mod.rs`, `transport.rs`.

use crate::build::*;
use crate::traits::{armour, gun, range, with};

pub(crate) mod at_transports;
mod charges;
mod shields;
mod substances;
mod uses;
