//! Señor de la corrosión / de la laceración («Enemigos CaC o a distancia, CH DEF / DAÑ -2
//! contra este personaje»), Señor de la congelación («… ENE -2 …»).

use super::*;
use serde_json::json;

/// a1 (`a`, facing S on (5, 1)) lays an R3 of DAÑ 3 (quiet) on b1 (`b`, on (5, 6)); its ally
/// a2 (`a2`) stands next to b1 on (6, 6) and is caught too. b2 far away.
fn area_with_ally(a: C, a2: C, b: C, dice: &[u8]) -> (Vec<String>, engine::State) {
    let mut w = weapon(2, 3, 10, 3, &["Área (R3)"]);
    w["noise"] = json!("quiet");
    let mut st = position(
        &open(11, 16),
        &[
            a.weapon(w).set("at", [5, 1]).facing("S"),
            a2.set("at", [6, 6]).facing("S").status("acted"),
        ],
        &[
            b.set("at", [5, 6]).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 area w1 b1"], dice);
    (checks(&st, &log), st)
}

#[test]
fn audit_senor_de_la_corrosion_spares_an_ally_caught_in_its_area() {
    // «Enemigos … CH DEF -2 contra este personaje»: a1's R3 catches b1 (CH DEF 3 − 2 = 1) and
    // its ally a2 beside it, whose CH DEF stays 3 (it was 1). Each fails (r4): CH PSI r2.
    let (got, _) = area_with_ally(
        with(&["Señor de la corrosión"]),
        tough(&[]).prot(armour(3, &[])),
        tough(&[]).prot(armour(3, &[])),
        &[3, 4, 2, 4, 2],
    );
    assert_eq!(
        got,
        [
            "a1 CH IMP area 5 r3",
            "a2 CH DEF 3 r4",
            "a2 CH PSI 4 r2",
            "b1 CH DEF 1 r4",
            "b1 CH PSI 4 r2"
        ]
    );
}

#[test]
fn audit_senor_de_la_laceracion_not_against_an_allys_area() {
    // «Enemigos … DAÑ -2 contra este personaje»: a1's R3 of DAÑ 3 on b1 (CH DEF 0 r9) wounds
    // the enemy b1 once (3 − 2) and a1's ally a2 three times (it was once: an ally is no enemy).
    let (got, st) = area_with_ally(
        with(&[]),
        tough(&["Señor de la laceración"]),
        tough(&["Señor de la laceración"]),
        &[3, 9, 2, 9, 2],
    );
    assert_eq!(got.len(), 5, "{got:?}");
    assert_eq!(wounds(&st), [0, 3, 1, 0]);
}

/// a1 (CON 3, AGI 5, INT 6, VOL 7, Titiritero) uses an Atadura (ENE 2, ALC 3, CAL 4) on b1
/// (`b`, 3 K away); the ENE spent and the checks.
fn atadura_on(b: C, dice: &[u8]) -> (Vec<i8>, Vec<String>) {
    let m = json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Atadura"]});
    let a = C::new(race_t(3, 5, 6, 7, &["Titiritero"]), 0, 0).meta(m);
    let mut st = crate::meta::range(a, b, 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], dice);
    (spent(&log), checks(&st, &log))
}

#[test]
fn audit_senor_de_la_congelacion_a_meta_ability_attack_on_it_costs_two_more() {
    // «Enemigos CaC o a distancia, ENE -2 contra este personaje»: a meta-ability attack at
    // range on it (Atadura, ENE 2) costs 4 (it cost 2); on anyone else, 2. The attack itself is
    // unchanged (CH VOL 7, the CH ENF, b1's CH ENF r9, CH DEF 0: CAL 4 wounds).
    for (t, ene) in [(&["Señor de la congelación"][..], 4), (&[][..], 2)] {
        let (spent, got) = atadura_on(tough(t), &[3, 2, 9, 9, 2]);
        assert_eq!(spent, [ene], "{t:?}");
        assert_eq!(
            got,
            [
                "a1 CH VOL meta 7 r3",
                "a1 CH ENF 7 r2",
                "b1 CH ENF 4 r9",
                "b1 CH DEF 0 r9",
                "b1 CH PSI 4 r2"
            ],
            "{t:?}"
        );
    }
}

#[test]
fn audit_senor_de_la_congelacion_corromper_on_it_costs_two_more() {
    // Corromper (3, INT) of a neuromante (INT 6) on b1 4 K away: 5 ENE on a Señor de la
    // congelación (it cost 3), 3 on anyone else; the checks and the stress are the same.
    for (t, ene) in [(&["Señor de la congelación"][..], 5), (&[][..], 3)] {
        let a = C::new(race_t(4, 5, 6, 5, &["Neuromante"]), 0, 0);
        let mut st = position(
            &open(11, 14),
            &[a.set("at", [5, 1]).facing("S")],
            &[
                with(t).set("at", [5, 5]).facing("S"),
                C::std(0, 13).facing("S"),
            ],
            0,
        );
        let log = play(&mut st, &["a1 hack b1", "pass"], &[3, 7]);
        assert_eq!(
            checks(&st, &log),
            ["a1 CH INT hack 6 r3", "b1 CH DEF VOL 4 r7"],
            "{t:?}"
        );
        assert_eq!((spent(&log), st.ch(1).stress), (vec![ene], 2), "{t:?}");
    }
}
