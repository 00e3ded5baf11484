//! Area traits: Campo de oscuridad («A 2 K/N se perderán los objetivos marcados. Si explota,
//! anula tantos niveles de escudo de energía y a tantos K como nivel.») on a bomb; Señor de
//! la corrosión and Señor de la laceración against an area.

use super::*;
use serde_json::json;

#[test]
fn audit_campo_de_oscuridad_a_bomb_that_goes_off_strips_n_shield_levels_within_n_k() {
    // a1 lays a mine (R1, ALC 2) with Campo de oscuridad (N) on (5, 1); b1 (Escudo de energía
    // (3)) steps from 3 K to 2 K of it and sets it off. The R1 hits a1 alone (CH DEF 0 r9, CH
    // PSI r2); with N = 2 b1, 2 K away, loses 2 levels (1 left); with N = 1 it is out of reach.
    for (n, left) in [(2u8, 1u8), (1, 3)] {
        let mine = json!({"name": "Mina", "ene": 2, "dmg": 3, "range": 2, "quality": 3,
            "noise": "quiet",
            "traits": ["Área (R1)", "Área de activación", format!("Campo de oscuridad ({n})")]});
        let mut st = position(
            &open(11, 12),
            &[C::std(5, 1).facing("S").weapon(mine)],
            &[
                with(&["Escudo de energía (3)"])
                    .set("at", [5, 4])
                    .facing("S"),
                C::std(0, 11).facing("S").status("acted"),
            ],
            0,
        );
        play(&mut st, &["a1 drop w1", "a1 end facing N"], &[]);
        assert_eq!(st.shield_left(1), 3);
        let log = play(&mut st, &["activate b1", "b1 sneak 5,3"], &[9, 2]);
        assert_eq!(checks(&st, &log), ["a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]);
        assert!(st.bombs().is_empty());
        assert_eq!(st.shield_left(1), left, "Campo de oscuridad ({n})");
    }
}

#[test]
fn audit_senor_de_la_corrosion_reaches_the_ch_def_against_its_area() {
    // «Enemigos CaC o a distancia, CH DEF -2 contra este personaje»: an area of a1's is an
    // attack at range on b1 — its CH DEF 3 − 2 = 1 (r4 fails either: DAÑ 3, CH PSI r2).
    for (t, def) in [(&[][..], 3), (&["Señor de la corrosión"][..], 1)] {
        let mut w = weapon(2, 3, 10, 3, &["Área (R1)"]);
        w["noise"] = json!("quiet");
        let mut st = range(
            with(t).weapon(w),
            tough(&[]).prot(crate::traits::armour(3, &[])),
            5,
        );
        let log = play(&mut st, &["a1 area w1 b1"], &[3, 4, 2]);
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP area 5 r3".to_string(),
                format!("b1 CH DEF {def} r4"),
                "b1 CH PSI 4 r2".into()
            ],
            "{t:?}"
        );
    }
}

#[test]
fn audit_senor_de_la_laceracion_lowers_the_dan_of_an_area_on_it() {
    // «Enemigos CaC o a distancia, DAÑ -2 contra este personaje»: a1's R1 of DAÑ 3 on b1 (CH
    // DEF 0 r9) gives 3 − 2 = 1 wound.
    for (t, w) in [(&[][..], 3), (&["Señor de la laceración"][..], 1)] {
        let mut gun = weapon(2, 3, 10, 3, &["Área (R1)"]);
        gun["noise"] = json!("quiet");
        let mut st = range(with(&[]).weapon(gun), tough(t), 5);
        play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
        assert_eq!(st.ch(1).wounds, w, "{t:?}");
    }
}
