//! Audit 27a: BONUS Y MALUS, the least-tested traits of the list (Comunicador … Larga vida, the
//! audit's share a), in play (RULES.md, "Audit 27a"). Fixtures: `build.rs`, `traits/mod.rs`.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod areas;
pub(crate) mod at_transports;
mod auras;
mod crew;
mod ram;
mod thrown;
mod turret;
