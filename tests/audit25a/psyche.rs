//! PSICOLOGÍA (rulebook lines 193–239): which checks panic's «CH ATR -1» and a critical CH PSI's
//! «CH ATR +1» reach, the malus of a failed CH LOC on the panic exit, a fumbled CH PSI whose CH
//! LOC passes.

use super::*;
use engine::state::PANIC;
use serde_json::json;

#[test]
fn audit_panic_and_a_critical_ch_psi_reach_neither_ch_def_nor_ch_psi() {
    // «Pánico.- El Pj tendrá CH ATR -1» and «Crítico: CH ATR +1»: a CH DEF is the protections'
    // check («un CH cuyo éxito es igual al sumario de los atributos DEF») and a CH PSI answers
    // the wound, not the character's action (RULES.md, "Which checks a CH ATR modifier
    // reaches"): shot, b1 makes CH DEF 2 and CH PSI 4 in either state.
    for status in ["panic", "psi_critical"] {
        let b = C::std(0, 0).prot(armour(2, &[])).status(status);
        let mut st = range(C::std(0, 0).weapon(gun(3, &[])), b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(
            checks(&st, &log),
            ["a1 CH IMP 5 r3", "b1 CH DEF 2 r9", "b1 CH PSI 4 r2"],
            "{status}"
        );
    }
}

/// a1 (VOL 4, `trauma` maluses) in panic starts its activation alone (b1 far away).
fn panicked(trauma: u8) -> engine::State {
    let a = C::std(5, 1)
        .set("ene", 0)
        .set("status", json!(["panic"]))
        .set("trauma", trauma);
    let mut v = setup_json(
        &open(11, 12),
        &[a],
        &[C::std(5, 11).status("acted").facing("S")],
        0,
        4,
    );
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    load(&v)
}

#[test]
fn audit_a_ch_loc_malus_lowers_the_panic_exit_check() {
    // «CH LOC … Fallo: pánico y gana un malus» (read as CH VOL −1 each, RULES.md) and «Para
    // salir, debe superar un CH VOL al principio de su actuación»: the exit check is a CH VOL,
    // so two maluses make it VOL 4 − 2 = 2 (no ally near): r3 fails, it stays in panic.
    let mut st = panicked(2);
    let log = play(&mut st, &["activate a1"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL panic 2 r3"]);
    assert!(st.ch(0).has(PANIC));
    // Without the maluses r3 passes (VOL 4) and the panic ends.
    let mut st = panicked(0);
    let log = play(&mut st, &["activate a1"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL panic 4 r3"]);
    assert!(!st.ch(0).has(PANIC));
}

#[test]
fn audit_a_fumbled_ch_psi_whose_ch_loc_passes_leaves_only_the_stress() {
    // «Pifia: falla la acción, +1 estrés, CH LOC» and «CH LOC … Supera: continúa normalmente»:
    // shot, b1 fumbles its CH PSI (r10): stress 1 and a CH LOC, passed (r3) — no panic, no
    // malus, VOL kept.
    let mut st = range(C::std(0, 0).weapon(gun(2, &[])), tough(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 10, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r10",
            "b1 CH LOC 4 r3"
        ]
    );
    let b1 = st.ch(1);
    assert_eq!((b1.wounds, b1.stress, b1.trauma), (2, 1, 0));
    assert!(!b1.has(PANIC));
    assert_eq!(st.vol(1), 4);
}

#[test]
fn audit_a_failed_ch_loc_malus_reaches_the_next_ch_psi() {
    // «Fallo: pánico y gana un malus»: the malus is a CH VOL −1, and «CH PSI.- Se realiza con un
    // CH VOL»: b1 with one malus checks PSI at 3 after its wound.
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &[])),
        tough(&[]).set("trauma", 1),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 3 r3"]
    );
    assert_eq!(st.ch(1).stress, 0);
}

#[test]
fn audit_a_panicked_target_flees_with_huir_only_away_from_the_enemy() {
    // «Un Pj en pánico siempre huye. Huir.- Un Pj huyendo sólo puede correr alejándose del
    // enemigo, hacia sus aliados, una cobertura o su zona de despliegue»; Huir (the action)
    // «mover hasta 3K en cualquier dirección». a1 (5, 1) declares a shot at b1 (5, 6): a calm
    // b1 may flee 3 K any way — towards a1 too (5, 3); a panicked one only away from a1 and
    // nearer its ally b2 or its deployment zone (row 15): (5, 9), not (5, 3) nor (2, 6).
    // (Decision, audit 25a: the engine offered the panicked target every 3 K square.)
    for (status, towards) in [("energised", true), ("panic", false)] {
        let mut st = range(
            C::std(0, 0).weapon(gun(2, &[])),
            C::std(0, 0).status(status),
            5,
        );
        play(&mut st, &["a1 shoot b1 w1"], &[]);
        assert_eq!(legal(&st, "b1 flee 5,3"), towards, "{status}");
        assert_eq!(legal(&st, "b1 flee 2,6"), towards, "{status}");
        assert!(legal(&st, "b1 flee 5,9"), "{status}");
        // It flees and makes Huir's CH PSI after moving (r2).
        let log = play(&mut st, &["b1 flee 5,9"], &[2, 9]);
        assert_eq!(checks(&st, &log)[0], "b1 CH PSI 4 r2", "{status}");
        assert_eq!(st.ch(1).pos, sq(5, 9));
    }
}

/// a1 (VOL 2) on (2, 6) starts its activation with three enemies within 5 K — b3 with `b3`'s
/// wounds — and its ally a2 (in panic when `panicked`) at (2, 1) when `ally`.
fn crowd(b3_wounds: u8, ally: Option<bool>) -> engine::State {
    let mut a = vec![C::new(race(4, 4, 4, 2), 2, 6)
        .set("ene", 0)
        .set("status", json!([]))];
    if let Some(panicked) = ally {
        let s = if panicked {
            json!(["acted", "panic"])
        } else {
            json!(["acted"])
        };
        a.push(C::std(2, 1).set("status", s));
    }
    let b = [
        C::std(7, 5).status("acted"),
        C::std(7, 6).status("acted"),
        C::std(7, 7).status("acted").set("wounds", b3_wounds),
    ];
    let mut v = setup_json(&open(11, 12), &a, &b, 0, 2);
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    load(&v)
}

#[test]
fn audit_outnumbered_counts_able_enemies_and_a_panicked_ally_still_counts() {
    // «Tenga más enemigos que VOL + aliados a 5 K»: three able enemies against VOL 2: CH PSI.
    let mut st = crowd(0, None);
    let log = play(&mut st, &["activate a1"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 2 r3"]);
    // b3 incapacitated (4 wounds, CON 4) is no enemy in the count: 2 > 2 is false.
    let mut st = crowd(4, None);
    let log = play(&mut st, &["activate a1"], &[]);
    assert!(checks(&st, &log).is_empty());
    // An ally within 5 K counts even in panic (the panic exit counts only calm allies; this
    // count says «aliados»): 3 > 2 + 1 is false.
    let mut st = crowd(0, Some(true));
    let log = play(&mut st, &["activate a1"], &[]);
    assert!(checks(&st, &log).is_empty());
}
