//! Audit 31a: BONUS Y MALUS, the next least-tested traits (Neuropsico … Ave Fénix, the audit's
//! share a), clause by clause in play (RULES.md, "Audit 31a"). Fixtures: `build.rs`,
//! `traits/mod.rs`.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod hits;
mod lords;

/// A CON 9 race (wounds do not put it out of the fight) with traits.
pub(crate) fn tough(traits: &[&str]) -> C {
    C::new(race_t(9, 5, 4, 4, traits), 0, 0)
}
