//! Señor de Medusa / de la confusión / del hambre («Enemigos CaC o a distancia, CH AGI / INT /
//! CON -2 contra este personaje»): the enemy's check against the holder, whichever of the two
//! acts — its CH IMP on the holder, and its side of a CH ENF when the holder acts on it.

use super::*;

/// a1 (`a`, a sword) on (5, 5) strikes b1 (`b`) on (5, 6) facing it; b1 reacts and dodges.
fn dodge(a: C, b: C, dice: &[u8]) -> Vec<String> {
    let mut st = position(
        &open(11, 12),
        &[a.set("at", [5, 5]).weapon(sword())],
        &[b.set("at", [5, 6]).facing("N")],
        0,
    );
    let acts = ["a1 melee b1 w1", "b1 react", "b1 dodge", "pass"];
    let log = play(&mut st, &acts, dice);
    checks(&st, &log)
}

#[test]
fn audit_senor_de_medusa_the_enemys_dodge_is_a_ch_agi_against_it() {
    // Without it: a1's CH AGI ENF 5, b1's 4 (the early −1); b1's r3 beats a1's r4.
    assert_eq!(
        dodge(with(&[]), with(&[]), &[2, 4, 3]),
        [
            "b1 CH VOL reaction 4 r2",
            "a1 CH AGI ENF (dodged) 5 r4",
            "b1 CH AGI ENF (dodge) 4 r3"
        ]
    );
    // a1 with Señor de Medusa: b1's CH AGI ENF is against it — 4 − 2 = 2, r3 fails, a1 hits
    // (b1 CH DEF 0 r9: 2 wounds, its CH PSI).
    assert_eq!(
        dodge(with(&["Señor de Medusa"]), with(&[]), &[2, 4, 3, 9, 2]),
        [
            "b1 CH VOL reaction 4 r2",
            "a1 CH AGI ENF (dodged) 5 r4",
            "b1 CH AGI ENF (dodge) 2 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    // b1 with it: a1's CH AGI ENF, which stands for its CH IMP, is 5 − 2 = 3.
    assert_eq!(
        dodge(with(&[]), with(&["Señor de Medusa"]), &[2, 4, 3]),
        [
            "b1 CH VOL reaction 4 r2",
            "a1 CH AGI ENF (dodged) 3 r4",
            "b1 CH AGI ENF (dodge) 4 r3"
        ]
    );
}

#[test]
fn audit_senor_del_hambre_the_pushed_enemys_ch_con_enf_against_it() {
    // Empujar (1, CON ENF): a1's CH IMP, then CH CON ENF each; a1 passes with r4. b1 (CON 4)
    // resists with 4 (r3: the lower die, it stands), and with 2 when a1 holds Señor del hambre
    // (r3 fails: pushed 1 K).
    for (traits, enf, pos) in [
        (&[][..], 4, sq(5, 6)),
        (&["Señor del hambre"][..], 2, sq(5, 7)),
    ] {
        let a = [with(traits).set("at", [5, 5])];
        let b = [C::std(5, 6).facing("S")];
        let mut st = position(&open(11, 10), &a, &b, 0);
        let log = play(&mut st, &["a1 push b1"], &[3, 4, 3]);
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP 5 r3".to_string(),
                "a1 CH ENF 4 r4".into(),
                format!("b1 CH ENF {enf} r3")
            ],
            "{traits:?}"
        );
        assert_eq!(st.ch(1).pos, pos, "{traits:?}");
    }
}

#[test]
fn audit_senor_de_la_confusion_not_on_the_holders_allies_nor_its_own_checks() {
    // Señor de la confusión on a1: a1's own CH INT (a Prueba de inteligencia) stays 4.
    let mut st = range(
        with(&["Señor de la confusión"]).weapon(gun(2, &["Prueba de inteligencia"])),
        C::std(0, 0),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH ATR to use 4 r9"]);
}
