//! Audit 31d: the next least-tested traits of BONUS Y MALUS (Líder … Prueba de inteligencia,
//! /work/tasks/list31d.txt), clause by clause, in play (RULES.md, "Audit 31d" lines under each
//! trait's entry). Fixtures: `build.rs`, `traits/mod.rs`, `transport.rs`.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod meta;
mod transports;
