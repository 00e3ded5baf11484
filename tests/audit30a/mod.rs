//! Audit 30a: BONUS Y MALUS, the next least-tested traits (Muy miedoso … Baño de acero, the
//! audit's share a), clause by clause in play (RULES.md, "Audit 30a"). Fixtures: `build.rs`,
//! `traits/mod.rs`.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod defence;
pub(crate) mod meta;
mod pinned;
mod weapons;

/// a1 shoots b1 `d` K away with its first weapon; b1 has its back turned (no reaction).
pub(crate) fn shot_at(a: C, b: C, d: u8, dice: &[u8]) -> (Vec<String>, engine::State) {
    let mut st = range(a, b, d);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), st)
}
