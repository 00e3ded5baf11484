//! The traits that ask for a CH of an attribute or change it: Prueba de constitución /
//! inteligencia / voluntad (and de agilidad), Anulador de inteligencia, físico (and de
//! agilidad), Señor de la confusión / del hambre / del sometimiento.

use super::*;
use crate::traits::{contact, with};

#[test]
fn prueba_de_constitucion_inteligencia_voluntad_a_ch_of_that_attribute_before_the_ch_imp() {
    // «Requiere superar un CH CON / INT / VOL»: the user (CON 3, INT 6, VOL 7) checks that
    // attribute when it uses the weapon, after its ENE. Failed (one over): no CH IMP, ENE 2 spent.
    for (t, target) in [
        ("Prueba de constitución", 3),
        ("Prueba de inteligencia", 6),
        ("Prueba de voluntad", 7),
        ("Prueba de agilidad", 5),
    ] {
        let a = odd(&[]).weapon(gun(2, &[t]));
        let mut st = range(a.clone(), tough(&[]), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[target + 1]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH ATR to use {target} r{}", target + 1)],
            "{t}"
        );
        assert_eq!((st.ch(1).wounds, spent(&log)), (0, vec![2]), "{t}");
        // Passed (on the target): the attack goes on, DAÑ 2 on a failed CH DEF 0.
        let (c, st) = shot_at(a, tough(&[]), 5, &[target, 3, 9, 2]);
        assert_eq!(
            c,
            [
                format!("a1 CH ATR to use {target} r{target}"),
                "a1 CH IMP 5 r3".into(),
                "b1 CH DEF 0 r9".into(),
                "b1 CH PSI 4 r2".into()
            ],
            "{t}"
        );
        assert_eq!(st.ch(1).wounds, 2, "{t}");
    }
}

#[test]
fn prueba_de_constitucion_on_a_melee_weapon_too() {
    // «Requiere superar un CH CON» whatever the attack: a sword with it, r4 on CON 3 fails.
    let a = odd(&[]).weapon(weapon(2, 2, 0, 4, &["Prueba de constitución"]));
    let mut st = contact(a, tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH ATR to use 3 r4"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn anulador_de_inteligencia_fisico_y_agilidad_halve_the_ch_of_an_enemy_within_two_k() {
    // «Enemigo a 2 K, INT /2» (CON /2, AGI /2): a1 (CON 3, AGI 5, INT 6) shoots b1, the
    // holder, with a Prueba gun: within 2 K the check is made with half the attribute
    // (Redondeo: 3 → 2, 5 → 3, 6 → 3); 3 K away with all of it. r9 fails either way.
    for (anulador, prueba, half, whole) in [
        ("Anulador de inteligencia", "Prueba de inteligencia", 3, 6),
        ("Anulador físico", "Prueba de constitución", 2, 3),
        ("Anulador de agilidad", "Prueba de agilidad", 3, 5),
    ] {
        for (d, target) in [(2, half), (3, whole)] {
            let (c, _) = odd_shot(&[], &[prueba], tough(&[anulador]), d, &[9]);
            assert_eq!(
                c,
                [format!("a1 CH ATR to use {target} r9")],
                "{anulador} {d} K"
            );
        }
    }
    // «Enemigo»: the holder's own check keeps its INT (a1 holds it and uses the Prueba).
    let (c, _) = shot_at(
        odd(&["Anulador de inteligencia"]).weapon(gun(2, &["Prueba de inteligencia"])),
        tough(&[]),
        2,
        &[9],
    );
    assert_eq!(c, ["a1 CH ATR to use 6 r9"]);
}

#[test]
fn anulador_fisico_halves_the_checks_not_the_con_of_the_melee_dan() {
    // RULES.md («checks only, not ENE gain nor DAÑ»): a1 (CON 6) strikes b1 (Anulador físico)
    // in contact with a sword of DAÑ 2: «sumará al DAÑ su CON-4» with the whole CON, 2 + 2 = 4
    // wounds on a failed CH DEF 0.
    let a = C::new(race(6, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = contact(a, tough(&["Anulador físico"]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 4);
}

/// a1 (the odd race with the user trait of `kind`) attacks b1 (CON 6, traits `b`) 3 K away
/// with a meta-ability of `kind` (ENE 2, ALC 3, CAL 4): the kind's CH ATR r1 (a critical, its
/// target still logged), the CH VOL ENF a1 r2 against b1 r9 (a1 wins), b1's CH DEF r9 and CH
/// PSI r2. The first two checks.
fn meta_on(kind: &str, user: &str, b: &[&str]) -> Vec<String> {
    let m = serde_json::json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": [kind]});
    let a = odd(&[user]).meta(m);
    let b = C::new(race_t(6, 5, 4, 4, b), 0, 0);
    let (c, _) = shot_at_meta(a, b);
    c[..2].to_vec()
}

fn shot_at_meta(a: C, b: C) -> (Vec<String>, engine::State) {
    let mut st = crate::meta::range(a, b, 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[1, 2, 9, 9, 2]);
    (checks(&st, &log), st)
}

#[test]
fn senor_de_la_confusion_del_hambre_del_sometimiento_minus_two_to_the_enemys_ch_against_it() {
    // «Enemigos CaC o a distancia, CH INT / CON / VOL -2 contra este personaje»: a1 (CON 3,
    // INT 6, VOL 7) attacks b1 with a meta-ability whose CH IMP is that attribute's
    // («Atacar con metahabilidades»: mutación CH CON, invocación CH INT, atadura CH VOL).
    let cases = [
        ("Mutación", "Metamorfo", "CON", 3),
        ("Invocación", "Neuromante", "INT", 6),
        ("Atadura", "Titiritero", "VOL", 7),
    ];
    let lords = [
        ("Señor del hambre", "CON"),
        ("Señor de la confusión", "INT"),
        ("Señor del sometimiento", "VOL"),
    ];
    for (kind, user, stat, whole) in cases {
        for (lord, of) in lords {
            let c = meta_on(kind, user, &[lord]);
            let imp = if of == stat { whole - 2 } else { whole };
            // The CH VOL ENF «extra» of a meta-ability on an enemy is a CH VOL against it too.
            let enf = if of == "VOL" { 5 } else { 7 };
            assert_eq!(
                c,
                [
                    format!("a1 CH {stat} meta {imp} r1"),
                    format!("a1 CH ENF {enf} r2")
                ],
                "{kind} on {lord}"
            );
        }
        assert_eq!(
            meta_on(kind, user, &[]),
            [
                format!("a1 CH {stat} meta {whole} r1"),
                "a1 CH ENF 7 r2".into()
            ]
        );
    }
    // A check with no opponent — the CH CON a Prueba de constitución asks to use the weapon
    // shot at the holder — is not «contra este personaje»: CON 3.
    let (c, _) = odd_shot(
        &[],
        &["Prueba de constitución"],
        tough(&["Señor del hambre"]),
        5,
        &[9],
    );
    assert_eq!(c, ["a1 CH ATR to use 3 r9"]);
    // A physical weapon's CH IMP is a CH AGI (COMBATE): none of the three touches it.
    for lord in [
        "Señor del hambre",
        "Señor de la confusión",
        "Señor del sometimiento",
    ] {
        let (c, _) = shot_at(with(&[]).weapon(gun(2, &[])), with(&[lord]), 5, &[9]);
        assert_eq!(c, ["a1 CH IMP 5 r9"], "{lord}");
    }
}
