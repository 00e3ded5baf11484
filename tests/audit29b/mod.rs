//! Audit 29b: the known leftovers of audits 27 and 28 (/work/tasks/leftovers29.md), clause by
//! clause, in play (RULES.md, "Audit 29b" lines under each trait's entry). Fixtures: `build.rs`,
//! `traits/mod.rs`, `transport.rs`, `transport_mounted.rs` and the audits' own.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod at_transports;
mod hostile;
mod pinned;
mod radiante;
mod sanguinario;
mod second_def;
