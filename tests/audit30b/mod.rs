//! Audit 30b: the next least-tested traits of BONUS Y MALUS (/work/tasks/list30b.txt), clause
//! by clause, in play (RULES.md, "Audit 30b" lines under each trait's entry). Fixtures:
//! `build.rs`, `traits/mod.rs`.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod smoke;
pub(crate) mod transports;
