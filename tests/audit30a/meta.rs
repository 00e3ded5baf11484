//! A meta-ability attack that wounds («Atacar con metahabilidades»: an attack; ALC 0 a melee
//! one, audit 24): the wound triggers of BONUS Y MALUS — Psicópata («ENE +1 cada vez que hiera
//! a alguien»), Sangre de ácido («Si le hieren, todos en CaC sufre una herida»), Orgulloso («Si
//! gana heridas en CaC y no muere, podrá 1 ataque gratis a su agresor»), Rematador.

use super::*;

/// A bunkai (CH AGI) of ENE 2, ALC `alc`, CAL 4 on a Cinético race with `traits`.
pub(crate) fn kinetic(alc: u8, traits: &[&str]) -> C {
    let mut t = vec!["Cinético"];
    t.extend_from_slice(traits);
    C::new(race_t(4, 5, 4, 4, &t), 0, 0).meta(serde_json::json!({"name": "Golpe", "ene": 2,
        "range": alc, "quality": 4, "traits": ["Bunkai"]}))
}

/// a1 (`a`) uses its meta-ability on b1 (`b`): in contact (ALC 0) or 3 K away.
fn cast(a: C, b: C, melee: bool, dice: &[u8]) -> (Vec<String>, engine::State) {
    let (mut st, acts): (_, &[&str]) = if melee {
        (contact(a, b), &["a1 meta m1 b1"])
    } else {
        (range(a, b, 3), &["a1 meta m1 b1", "pass"])
    };
    let log = play(&mut st, acts, dice);
    (checks(&st, &log), st)
}

/// b1: CON 9, with `traits`.
fn tough(traits: &[&str]) -> C {
    C::new(race_t(9, 5, 4, 4, traits), 0, 0)
}

/// a1's CH AGI meta r3, the CH VOL ENF a1 r2 / b1 r6 (a1 wins), b1's CH DEF 0 r9 (4 wounds),
/// b1's CH PSI r2.
const HIT: [&str; 5] = [
    "a1 CH AGI meta 5 r3",
    "a1 CH ENF 4 r2",
    "b1 CH ENF 4 r6",
    "b1 CH DEF 0 r9",
    "b1 CH PSI 4 r2",
];

#[test]
fn audit_psicopata_gains_its_ene_wounding_with_a_meta_ability() {
    // ENE 8 − 2 for the bunkai + 1: 7, in contact and from 3 K away alike (it stayed 6). A
    // meta-ability that does not wound (CH DEF passed by a critical) gives nothing.
    for melee in [true, false] {
        let alc = if melee { 0 } else { 3 };
        let (got, st) = cast(
            kinetic(alc, &["Psicópata"]),
            tough(&[]),
            melee,
            &[3, 2, 6, 9, 2],
        );
        assert_eq!(got, HIT);
        assert_eq!((st.ch(0).ene, st.ch(1).wounds), (7, 4), "melee {melee}");
    }
    let (_, st) = cast(kinetic(3, &["Psicópata"]), tough(&[]), false, &[3, 2, 6, 1]);
    assert_eq!((st.ch(0).ene, st.ch(1).wounds), (6, 0));
    // Without the trait: 6.
    let (_, st) = cast(kinetic(0, &[]), tough(&[]), true, &[3, 2, 6, 9, 2]);
    assert_eq!(st.ch(0).ene, 6);
}

#[test]
fn audit_sangre_de_acido_burns_a_meta_ability_user_in_contact() {
    // b1 wounded by the ALC 0 bunkai: a1, in contact, takes 1 wound with no CH DEF (its CH PSI
    // r3); it took none.
    let (got, st) = cast(
        kinetic(0, &[]),
        tough(&["Sangre de ácido"]),
        true,
        &[3, 2, 6, 9, 2, 3],
    );
    assert_eq!(got[..5], HIT);
    assert_eq!(got[5..], ["a1 CH PSI 4 r3"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 4));
    // From 3 K away a1 is in contact with nobody: nothing.
    let (got, st) = cast(
        kinetic(3, &[]),
        tough(&["Sangre de ácido"]),
        false,
        &[3, 2, 6, 9, 2],
    );
    assert_eq!(got, HIT);
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn audit_orgulloso_strikes_back_at_an_alc_zero_meta_attack() {
    // Wounded in CaC by the ALC 0 bunkai and able, b1 strikes a1 for free with its sword
    // (CH IMP 5 r3, a1's CH DEF 0 r9: 3 wounds, CH PSI r2); it did not. A bunkai of ALC 3
    // is a ranged attack: no free attack.
    let b = || tough(&["Orgulloso"]).weapon(sword());
    let (got, st) = cast(kinetic(0, &[]), b(), true, &[3, 2, 6, 9, 2, 3, 9, 2]);
    assert_eq!(got[..5], HIT);
    assert_eq!(
        got[5..],
        ["b1 CH IMP 5 r3", "a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (3, 4));
    assert_eq!(st.ch(1).ene, 8, "a free attack");
    let (got, st) = cast(kinetic(3, &[]), b(), false, &[3, 2, 6, 9, 2]);
    assert_eq!(got, HIT);
    assert_eq!(st.ch(0).wounds, 0);
}
