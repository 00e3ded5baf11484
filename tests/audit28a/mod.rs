//! Audit 28a: BONUS Y MALUS, the next least-tested traits (Campo ciego … Área, the audit's share
//! a), in play (RULES.md, "Audit 28a"). Fixtures: `build.rs`, `traits/mod.rs`.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod explosiva;
mod magazines;
mod pinned;
pub(crate) mod radiante;
pub(crate) mod sanguinario;
