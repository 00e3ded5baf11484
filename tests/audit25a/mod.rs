//! Audit 25a: the core chapters read again as tables of clauses — COMBATE, PSICOLOGÍA,
//! METAHABILIDADES, ÁREAS and MODIFICADORES. For every clause (a number, a condition, a «no
//! puede», an exception, what a critical or a fumble does) no scripted test pinned, an
//! independent rule case: a position, scripted dice, one action (or a few) and the exact outcome
//! the text implies; the engine fixed where it disagreed (RULES.md, "Audit 25a"). Fixtures:
//! `build.rs`, `traits/mod.rs` and `audit22_traits/mod.rs`.

use crate::audit22_traits::tough;
use crate::build::*;
use crate::traits::{armour, contact, gun, range};

mod areas;
mod combat;
mod meta;
mod modifiers;
mod psyche;

/// a1 (`a`) on (5, 1) facing S shoots into a melee: b1 (`b`) on (5, 6) facing S, engaged by a2
/// on (5, 7) (already acted, facing N); b2 far away, already acted.
fn into_melee(a: C, b: C) -> engine::State {
    position(
        &open(11, 12),
        &[
            a.set("at", [5, 1]).facing("S"),
            C::std(5, 7).facing("N").status("acted"),
        ],
        &[
            b.set("at", [5, 6]).facing("S"),
            C::std(10, 11).facing("S").status("acted"),
        ],
        0,
    )
}
