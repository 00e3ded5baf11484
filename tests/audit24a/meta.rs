//! The defender's traits of the range against «Atacar con metahabilidades» («el CH IMP se
//! realizará con: mutación CH CON, bunkai CH AGI, invocación CH INT y atadura CH VOL»): a
//! meta-ability attack is an attack whose CH IMP is its kind's CH ATR and whose DAÑ is its CAL.

use super::*;
use serde_json::json;

/// a1 (Cinético) strikes b1 (`b`) 3 K away with a Golpe de chi (Bunkai, ENE 2, ALC 3, CAL 4).
fn chi_at(b: C, dice: &[u8]) -> (Vec<String>, engine::State) {
    let m = json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Bunkai"]});
    let mut st = range(with(&["Cinético"]).meta(m), b, 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], dice);
    (checks(&st, &log), st)
}

#[test]
fn audit_dificil_de_matar_and_camuflaje_lower_a_meta_attacks_ch_imp() {
    // «Enemigo CH IMP -1», «Enemigo tiene CH IMP -1 a distancia» (3 K away): the CH AGI meta
    // 5 → 4 (r8 misses).
    for t in ["Difícil de matar", "Camuflaje"] {
        let (c, _) = chi_at(tough(&[t]), &[8]);
        assert_eq!(c, ["a1 CH AGI meta 4 r8"], "{t}");
    }
}

#[test]
fn audit_absorcion_de_impacto_and_blandito_against_a_meta_attacks_dan() {
    // DAÑ = CAL 4: Absorción de impacto − 1 → 3 wounds; Blandito × 2 → 8 (CON 9 holds).
    for (t, w) in [("Absorción de impacto", 3), ("Blandito", 8)] {
        let (c, st) = chi_at(tough(&[t]), &[3, 2, 6, 9, 2]);
        assert_eq!(c[3], "b1 CH DEF 0 r9", "{t}");
        assert_eq!(st.ch(1).wounds, w, "{t}");
    }
}

#[test]
fn audit_7_vidas_a_second_ch_def_against_a_meta_attack() {
    // b1 with armour 2: the CH DEF 2 fails (r6), the second with DEF 1 passes (r1): no wound.
    let (c, st) = chi_at(tough(&["7 vidas"]).prot(armour(2, &[])), &[3, 2, 6, 6, 1]);
    assert_eq!(&c[3..], ["b1 CH DEF 2 r6", "b1 CH DEF 1 r1"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_acobardamiento_on_the_race_a_meta_attacks_hit_makes_the_target_check_psi() {
    // «Si impacta, objetivo CH PSI», carried by the character: its Golpe de chi hits (CH AGI
    // r3, CH ENF won), b1's CH DEF 2 is a critical (r1, no wound): b1 still makes its CH PSI
    // (r7: +1 stress).
    let m = json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Bunkai"]});
    let mut st = range(
        with(&["Cinético", "Acobardamiento"]).meta(m),
        tough(&[]).prot(armour(2, &[])),
        3,
    );
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[3, 2, 6, 1, 7]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI meta 5 r3",
            "a1 CH ENF 4 r2",
            "b1 CH ENF 4 r6",
            "b1 CH DEF 2 r1",
            "b1 CH PSI 4 r7"
        ]
    );
    assert_eq!((st.ch(1).wounds, st.ch(1).stress), (0, 1));
}

#[test]
fn audit_dificil_de_matar_lowers_an_area_weapons_ch_imp_aimed_at_it() {
    // «Enemigo CH IMP -1»: a grenade (R1) aimed at b1's square: CH IMP area 5 − 1 (r8 fails
    // and scatters: 5 K, one 1D10 = 2 K, direction 1 = N).
    let grenade = weapon(2, 3, 10, 3, &["Área (R1)"]);
    let mut st = range(with(&[]).weapon(grenade), tough(&["Difícil de matar"]), 5);
    let log = play(&mut st, &["a1 area w1 5,6", "pass"], &[8, 2, 1]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP area 4 r8");
}

#[test]
fn audit_camuflaje_lowers_an_area_weapons_ch_imp_aimed_at_it_not_beside_it() {
    // «Enemigo tiene CH IMP -1 a distancia»: a grenade (R1) aimed at b1's square: CH IMP area
    // 5 − 1; aimed at the empty square beside it, the whole 5 (r8 fails and scatters 2 K N).
    for (at, imp) in [("5,6", 4), ("6,6", 5)] {
        let grenade = weapon(2, 3, 10, 3, &["Área (R1)"]);
        let mut st = range(with(&[]).weapon(grenade), tough(&["Camuflaje"]), 5);
        let log = play(&mut st, &[&format!("a1 area w1 {at}"), "pass"], &[8, 2, 1]);
        assert_eq!(
            checks(&st, &log)[0],
            format!("a1 CH IMP area {imp} r8"),
            "{at}"
        );
    }
}

#[test]
fn audit_dios_del_viento_a_bunkais_ch_agi_is_a_critical() {
    // «Supera CH AGI con un crítico»: a bunkai's CH IMP is a CH AGI — r9 passes as a critical,
    // DAÑ = CAL 4 + 1 = 5 on a failed CH DEF 0.
    let m = json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Bunkai"]});
    let mut st = range(
        with(&["Cinético", "Dios del viento"]).meta(m),
        tough(&[]),
        3,
    );
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[9, 2, 6, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH AGI meta 5 r9");
    assert_eq!(st.ch(1).wounds, 5);
}
