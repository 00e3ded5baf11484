//! Audit 31c: the known leftovers of audits 30a/30b/30c (/work/tasks/leftovers31.md), clause by
//! clause, in play (RULES.md, "Audit 31c" lines under each trait's entry). Fixtures: `build.rs`,
//! `traits/mod.rs`, `transport.rs` and the audits' own.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod gunner;
mod meta;
mod stopped;
mod transports;
