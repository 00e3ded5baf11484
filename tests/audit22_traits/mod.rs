//! Audit 22a: the BONUS Y MALUS entries no test exercised by name, each read again against the
//! rulebook — an independent rule case (a position, scripted dice, one action and the exact
//! outcome the text implies) per trait, and the engine fixed where it disagreed (RULES.md,
//! "audit 22"). Fixtures: `build.rs` and `traits/mod.rs` (`range`, `contact`, `with`, `gun`).

use crate::build::*;
use crate::traits::{gun, range};

mod attributes;
mod luck;
mod rerolls;
mod uses;
mod various;

/// A race whose attributes differ (CON 3, AGI 5, INT 6, VOL 7), so that a check names the one
/// it was made with.
pub(crate) fn odd(traits: &[&str]) -> C {
    C::new(race_t(3, 5, 6, 7, traits), 0, 0)
}

/// A tough target (CON 9) that wounds never end.
pub(crate) fn tough(traits: &[&str]) -> C {
    C::new(race_t(9, 5, 4, 4, traits), 0, 0)
}

/// a1 (`a`) shoots b1 (`b`) `d` K away with its first weapon; the checks and the state after.
pub(crate) fn shot_at(a: C, b: C, d: u8, dice: &[u8]) -> (Vec<String>, engine::State) {
    let mut st = range(a, b, d);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), st)
}

/// a1 (the odd race with `a`) shoots b1 (`b`) `d` K away with a gun of DAÑ 2 carrying `w`.
pub(crate) fn odd_shot(
    a: &[&str],
    w: &[&str],
    b: C,
    d: u8,
    dice: &[u8],
) -> (Vec<String>, engine::State) {
    shot_at(odd(a).weapon(gun(2, w)), b, d, dice)
}
