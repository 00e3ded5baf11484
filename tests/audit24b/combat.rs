//! Combat traits of the range: Fuego automático's «ENE mín. 1», Franco tirador's «Siempre
//! acierta a un enemigo trabado», the shields' scope and recharge (Escudo coriáceo, Escudo de
//! energía).

use super::*;
use crate::traits::contact;
use serde_json::json;

#[test]
fn audit_fuego_automatico_ene_never_below_one() {
    // «CH IMP -1 y ENE -1 cada ataque a distancia consecutivo (ENE mín. 1)»: a gun of ENE 2,
    // three shots in a row — ENE 2, 1, then 1 (not 0); CH IMP 5, 4, 3.
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &["Fuego automático"])),
        tough(&[]),
        5,
    );
    let log = play(
        &mut st,
        &[
            "a1 shoot b1 w1",
            "pass",
            "a1 shoot b1 w1",
            "pass",
            "a1 shoot b1 w1",
            "pass",
        ],
        &[8, 8, 8],
    );
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r8", "a1 CH IMP 4 r8", "a1 CH IMP 3 r8"]
    );
    assert_eq!(spent(&log), [2, 1, 1]);
}

/// a1 (Franco tirador, gun) shoots b1 5 K away; a2 in contact with b1 when `engaged`.
fn sniper(engaged: bool) -> engine::State {
    let a2 = if engaged {
        C::std(5, 7).status("acted")
    } else {
        C::std(0, 11).status("acted")
    };
    position(
        &open(11, 12),
        &[
            with(&["Franco tirador"])
                .set("at", [5, 1])
                .facing("S")
                .weapon(gun(2, &[])),
            a2,
        ],
        &[C::std(5, 6).facing("S"), C::std(10, 11).status("acted")],
        0,
    )
}

#[test]
fn audit_franco_tirador_only_an_engaged_enemy() {
    // «a un enemigo trabado en CaC»: b1 alone, r9 misses.
    let mut st = sniper(false);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
    assert_eq!(wounds(&st), [0, 0, 0, 0]);
}

#[test]
fn audit_franco_tirador_always_hits_even_on_a_ten() {
    // «Siempre acierta»: a 10 on the CH IMP at an engaged b1 still hits (no fumble: no DAÑ 1
    // hit on a1, no wear on its gun).
    let mut st = sniper(true);
    let log = play(&mut st, &["a1 shoot-melee b1 w1", "pass"], &[10, 10, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r10",
            "a1 CH IMP 5 r10",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [0, 0, 2, 0]);
    assert_eq!(st.ch(0).wear[0], 0);
}

#[test]
fn audit_escudo_de_energia_not_against_a_melee_attack() {
    // «CH DEF 4 para defenderte de un ataque a distancia»: struck in melee, b1 makes only its
    // own CH DEF (r9 fails: sword 2 + 4 − 4 = 2 wounds) and keeps both levels.
    let mut st = contact(
        C::std(0, 0).weapon(sword()),
        with(&["Escudo de energía (2)"]),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (2, 2));
}

#[test]
fn audit_escudo_coriaceo_takes_melee_wounds_too() {
    // «Antes de sufrir heridas tiene que perder niveles»: any wound — the melee hit's 2 go to
    // its 2 levels; no wound, so no CH PSI.
    let mut st = contact(
        C::std(0, 0).weapon(sword()),
        tough(&["Escudo coriáceo (2)"]),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (0, 0));
}

#[test]
fn audit_escudo_de_energia_recharges_only_with_a_level_left() {
    // «Se puede recuperar un nivel con ENE 4 si tiene nivel 1 o más»: both levels of (2) lost —
    // no recharge; one left — recharged for ENE 4 (avanzado: ENE 6).
    let shielded = |t: &str, lost: u8| {
        range(
            with(&[t]).set("runs", json!({"shield_lost": lost})),
            C::std(0, 0),
            5,
        )
    };
    assert!(!legal(&shielded("Escudo de energía (2)", 2), "a1 recharge-shield"));
    for (t, ene) in [("Escudo de energía (2)", 4), ("Escudo de energía avanzado (2)", 6)] {
        let mut st = shielded(t, 1);
        assert_eq!(st.shield_left(0), 1);
        let log = play(&mut st, &["a1 recharge-shield"], &[]);
        assert_eq!(spent(&log), [ene], "{t}");
        assert_eq!(st.shield_left(0), 2);
    }
    assert!(!legal(
        &shielded("Escudo de energía avanzado (2)", 2),
        "a1 recharge-shield"
    ));
}
