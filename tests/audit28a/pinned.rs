//! Clauses pinned with no change (RULES.md, "Audit 28a"): Fuego en las venas' wound against
//! Escudo coriáceo, Entrenado para vivir's re-roll of a fumble only, Presencia de destreza's
//! 5 K on a shot's CH IMP (a CH AGI), Muy débil on a CH CON ENF.

use super::*;

#[test]
fn audit_fuego_en_las_venas_its_wound_takes_a_level_of_escudo_coriaceo() {
    // «Gana 1 herida» and «Antes de sufrir heridas tiene que perder niveles»: the shield takes it
    // (no wound, no CH PSI), the 3 K more stand.
    let mut st = range(
        with(&["Fuego en las venas", "Escudo coriáceo (2)"]),
        C::std(0, 0),
        9,
    );
    let log = play(&mut st, &["a1 stance"], &[]);
    assert_eq!(
        statuses(&st, &log),
        ["a1 takes its stance", "a1 its shield takes the wounds"]
    );
    assert_eq!(st.ch(0).wounds, 0);
    assert_eq!(reach(&st, 0, "move"), 4);
    // Without the shield: 1 wound and its CH PSI (r2).
    let mut st = range(with(&["Fuego en las venas"]), C::std(0, 0), 9);
    let log = play(&mut st, &["a1 stance"], &[2]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r2"]);
    assert_eq!(st.ch(0).wounds, 1);
}

#[test]
fn audit_fuego_en_las_venas_three_k_more_in_every_movement_kind() {
    // Correr 2 → 5, Esprintar 6 → 9, Mover sin hacer ruido 1 → 4.
    let mut st = range(with(&["Fuego en las venas"]), C::std(0, 0), 9);
    let r = |st: &engine::State| {
        (
            reach(st, 0, "run"),
            reach(st, 0, "sprint"),
            reach(st, 0, "sneak"),
        )
    };
    assert_eq!(r(&st), (2, 6, 1));
    play(&mut st, &["a1 stance"], &[2]);
    assert_eq!(r(&st), (5, 9, 4));
}

#[test]
fn audit_entrenado_para_vivir_repeats_a_fumbled_ch_def_not_a_failed_one() {
    // A fumble (r10) is repeated (r9: 2 wounds); a plain failure (r9 against DEF 3) is not.
    let shot = |b: C, dice: &[u8]| {
        let mut st = range(C::std(0, 0).weapon(gun(2, &[])), b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        checks(&st, &log)
    };
    assert_eq!(
        shot(with(&["Entrenado para vivir"]), &[3, 10, 9, 2]),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(
        shot(
            with(&["Entrenado para vivir"]).prot(armour(3, &[])),
            &[3, 9, 2]
        ),
        ["a1 CH IMP 5 r3", "b1 CH DEF 3 r9", "b1 CH PSI 4 r2"]
    );
    // Without it the fumble stands.
    assert_eq!(
        shot(C::std(0, 0), &[3, 10, 2]),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r10", "b1 CH PSI 4 r2"]
    );
}

#[test]
fn audit_presencia_de_destreza_an_allys_shot_within_5k_not_6k_nor_the_holder() {
    // «Aliados a 5K CH AGI +1»: a1's CH IMP (a CH AGI, AGI 5) is 6 with a2 5 K away, 5 with it
    // 6 K away; the holder's own CH IMP is 5.
    for (d, t) in [(5u8, 6), (6, 5)] {
        let mut st = position(
            &open(16, 16),
            &[
                C::std(5, 1).facing("S").weapon(gun(2, &[])),
                with(&["Presencia de destreza"])
                    .set("at", [5 + d, 1])
                    .facing("S")
                    .status("acted"),
            ],
            &[
                C::std(5, 6).facing("S"),
                C::std(0, 15).facing("S").status("acted"),
            ],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {t} r9")], "{d} K");
    }
    let mut st = range(
        with(&["Presencia de destreza"]).weapon(gun(2, &[])),
        C::std(0, 0),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_muy_debil_lowers_its_ch_con_enf() {
    // «CH CON -1»: Empujar's CH CON ENF (CON 4) is 3 with it, 4 without.
    for (t, k) in [(&["Muy débil"][..], 3), (&[][..], 4)] {
        let mut st = contact(with(t).weapon(sword()), C::std(0, 0));
        let log = play(&mut st, &["a1 push b1"], &[5, 5, 9]);
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP 5 r5".to_string(),
                format!("a1 CH ENF {k} r5"),
                "b1 CH ENF 4 r9".to_string()
            ]
        );
    }
}
