//! Audit 29a: BONUS Y MALUS, the next least-tested traits (Élite valiente … Fuego sostenido, the
//! audit's share a), clause by clause in play (RULES.md, "Audit 29a"). Fixtures: `build.rs`,
//! `traits/mod.rs`.

use crate::build::*;
#[allow(unused_imports)]
use crate::traits::{armour, contact, gun, range, with};

mod charges;
mod distortions;
mod meta;
mod pinned;
mod shields;
mod weapons;

/// a1 shoots b1 `d` K away with its first weapon; b1 has its back turned (no reaction).
pub(crate) fn shot_at(a: C, b: C, d: u8, dice: &[u8]) -> (Vec<String>, engine::State) {
    let mut st = range(a, b, d);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), st)
}

/// a1 (Neuromante with `race_traits`, an Invocación of ENE 3, ALC 10, carrying an object with
/// `object_traits` when there are any) casts at b1 5 K away; b2 far away: the checks rolled.
pub(crate) fn cast(race_traits: &[&str], object_traits: &[&str], dice: &[u8]) -> Vec<String> {
    let bola = serde_json::json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                                  "traits": ["Invocación"]});
    let mut t = vec!["Neuromante"];
    t.extend_from_slice(race_traits);
    let mut caster = C::new(race_t(4, 5, 4, 4, &t), 5, 1).facing("S").meta(bola);
    if !object_traits.is_empty() {
        caster = caster.object(serde_json::json!({"name": "Ídolo", "ene": 1, "range": 0,
                                                  "quality": 1, "traits": object_traits}));
    }
    let b = [
        C::std(5, 6).facing("S"),
        C::std(10, 11).facing("S").status("acted"),
    ];
    let mut st = position(&open(11, 12), &[caster], &b, 0);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], dice);
    checks(&st, &log)
}
