//! Meta-abilities (METAHABILIDADES, CREACIÓN DE METAHABILIDADES): Más alcance on a
//! meta-ability.

use super::*;
use crate::audit30a::meta::kinetic;

/// A Cinético a1 whose bunkai (ENE 2, ALC 3, CAL 4) has `traits` besides Bunkai.
fn caster(traits: &[&str]) -> C {
    let mut t = vec!["Bunkai"];
    t.extend_from_slice(traits);
    C::new(race_t(4, 5, 4, 4, &["Cinético"]), 0, 0).meta(serde_json::json!({"name": "Golpe",
        "ene": 2, "range": 3, "quality": 4, "traits": t}))
}

/// Whether a1 may cast its meta-ability on b1 `d` K away.
fn may_cast(a: C, d: u8) -> bool {
    let st = range(a, C::std(0, 0), d);
    crate::build::all_legal(&st).contains(&"a1 meta m1 b1".to_string())
}

#[test]
fn audit_mas_alcance_on_a_meta_ability_lengthens_its_alc() {
    // «ALC +5 K» on the meta-ability (ALC 3): b1 is a target 8 K away, not 9 K; without the
    // trait, 3 K and not 4 K. Mucho más alcance: 13 K, not 14 K.
    assert!(may_cast(caster(&["Más alcance"]), 8));
    assert!(!may_cast(caster(&["Más alcance"]), 9));
    assert!(may_cast(caster(&[]), 3));
    assert!(!may_cast(caster(&[]), 4));
    assert!(may_cast(caster(&["Mucho más alcance"]), 13));
    assert!(!may_cast(caster(&["Mucho más alcance"]), 14));
    // On the race it is no meta-ability's ALC (it lengthens the bearer's ranged weapons,
    // audit 30a): 4 K is out of reach.
    assert!(!may_cast(kinetic(3, &["Más alcance"]), 4));
}

#[test]
fn audit_mas_alcance_leaves_a_meta_ability_an_attack() {
    // The bunkai with Más alcance is still an attack (it was a boon, cast on the user or an
    // ally): b1 (CON 9) 8 K away takes its CH AGI, the CH VOL ENF and DAÑ CAL 4 against CH DEF 0.
    let tough = C::new(race_t(9, 5, 4, 4, &[]), 0, 0);
    let mut st = range(caster(&["Más alcance"]), tough, 8);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI meta 5 r3",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r6",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 4);
    // Not a boon: it is offered on no ally nor on the user itself.
    let st = range(caster(&["Más alcance"]), C::std(0, 0), 8);
    assert!(!crate::build::all_legal(&st).contains(&"a1 meta m1 a1".to_string()));
}

/// a1 (a Cinético with `traits`, its bunkai of ALC `alc`, CAL 4) casts on b1 (CON 9): in contact
/// for ALC 0, 3 K away otherwise. Checks and b1's wounds.
fn strike(alc: u8, traits: &[&str], dice: &[u8]) -> (Vec<String>, u8) {
    let tough = C::new(race_t(9, 5, 4, 4, &[]), 0, 0);
    let (mut st, acts): (_, &[&str]) = if alc == 0 {
        (contact(kinetic(0, traits), tough), &["a1 meta m1 b1"])
    } else {
        (
            range(kinetic(alc, traits), tough, 3),
            &["a1 meta m1 b1", "pass"],
        )
    };
    let log = play(&mut st, acts, dice);
    (checks(&st, &log), st.ch(1).wounds)
}

#[test]
fn audit_odio_reaches_an_alc_zero_meta_attack_not_one_at_range() {
    // Odio («CH IMP y DAÑ +1 en CaC»): the ALC 0 bunkai is a melee attack (audit 24), so its
    // CH AGI is 6 (AGI 5 + 1) and its DAÑ 5 (CAL 4 + 1): r6 hits, CH DEF 0 r9, 5 wounds. It was
    // 5 and 4.
    let (c, w) = strike(0, &["Odio"], &[6, 2, 6, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH AGI meta 6 r6",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r6",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(w, 5);
    // ALC 3: a ranged attack, no + 1 (CH AGI 5, r6 misses).
    assert_eq!(strike(3, &["Odio"], &[6]).0, ["a1 CH AGI meta 5 r6"]);
    // ALC 3 and Profesión arquero («CH IMP +1 a distancia»): CH AGI 6; DAÑ 4.
    let (c, w) = strike(3, &["Profesión arquero"], &[6, 2, 6, 9, 2]);
    assert_eq!(c[0], "a1 CH AGI meta 6 r6");
    assert_eq!(w, 4);
    // ALC 0 and Profesión arquero: no + 1 (CH AGI 5).
    assert_eq!(
        strike(0, &["Profesión arquero"], &[6]).0,
        ["a1 CH AGI meta 5 r6"]
    );
}
