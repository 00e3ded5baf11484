//! Audit 30c: the known leftovers of audits 29a/29b/29c (/work/tasks/leftovers30.md), clause by
//! clause, in play (RULES.md, "Audit 30c" lines under each trait's entry). Fixtures: `build.rs`,
//! `traits/mod.rs`, `transport.rs` and the audits' own.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod auras;
mod carried;
mod pinned;
mod transports;
mod weapons;
