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
