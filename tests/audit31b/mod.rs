//! Audit 31b: the next least-tested traits of BONUS Y MALUS (/work/tasks/list31b.txt), clause by
//! clause, in play (RULES.md, "Audit 31b" lines under each trait's entry).

#[allow(unused_imports)]
use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod proofs;
mod weapons;
