//! BONUS Y MALUS in play: the coverage of the catalogue (every trait has effects or a line in
//! RULES.md's "Traits left out") and the effects of the traits with scripted dice.

mod auras;
mod bad_input;
mod coverage;
mod defence;
mod effect_kinds;
mod found;
mod more;
mod share_b;
mod share_c;
mod traits_d;
mod traits_e;
mod traits_f;
mod traits_g;
mod traits_h;
mod traits_i;
pub(crate) mod traits_t;
mod triggers;

use crate::build::*;
use engine::State;
use serde_json::Value;

/// a1 (`a`) on (5, 1) facing S; b1 (`b`) `d` K south facing S (its back to a1: no reaction,
/// the early window offers it only Huir, which the tests `pass`); b2 far away, already acted,
/// keeps side B on the table.
pub fn range(a: C, b: C, d: u8) -> State {
    position(
        &open(11, 16),
        &[a.set("at", [5, 1]).facing("S")],
        &[
            b.set("at", [5, 1 + d]).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    )
}

/// a1 on (5, 5) in base contact with b1 on (5, 6), b1 facing S (its back to a1); b2 far away.
pub fn contact(a: C, b: C) -> State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 5])],
        &[
            b.set("at", [5, 6]).facing("S"),
            C::std(10, 11).facing("S").status("acted"),
        ],
        0,
    )
}

/// The standard race with traits.
pub fn with(traits: &[&str]) -> C {
    C::new(race_t(4, 5, 4, 4, traits), 0, 0)
}

/// A gun: ENE 2, DAÑ `dmg`, ALC 10, CAL 5, traits.
pub fn gun(dmg: u8, traits: &[&str]) -> Value {
    weapon(2, dmg, 10, 5, traits)
}

/// A protection of DEF `def` (ENE 0, TAL 4, CAL 5) with traits.
pub fn armour(def: u8, traits: &[&str]) -> Value {
    prot(0, def, 4, 5, traits)
}
