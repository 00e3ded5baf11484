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
    assert!(!legal(
        &shielded("Escudo de energía (2)", 2),
        "a1 recharge-shield"
    ));
    for (t, ene) in [
        ("Escudo de energía (2)", 4),
        ("Escudo de energía avanzado (2)", 6),
    ] {
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

#[test]
fn audit_fuego_sostenido_another_target_or_a_miss_starts_again() {
    // «DAÑ+1 por cada impacto consecutivo a un mismo enemigo»: b1 hit (2), b2 hit (2, another
    // enemy), b1 hit again (2, not 3); then a miss on b1 and a hit (2 again).
    let mut st = position(
        &open(11, 16),
        &[C::std(5, 1)
            .facing("S")
            .set("ene", 10)
            .weapon(gun(2, &["Fuego sostenido"]))],
        &[
            tough(&[]).set("at", [5, 6]).facing("S"),
            C::std(8, 6).facing("S").status("acted"),
        ],
        0,
    );
    play(
        &mut st,
        &[
            "a1 shoot b1 w1",
            "pass",
            "a1 shoot b2 w1",
            "pass",
            "a1 shoot b1 w1",
            "pass",
        ],
        &[3, 9, 2, 3, 9, 2, 3, 9, 2],
    );
    assert_eq!((st.ch(1).wounds, st.ch(2).wounds), (4, 2));
    play(
        &mut st,
        &["a1 shoot b1 w1", "pass", "a1 shoot b1 w1", "pass"],
        &[9, 3, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 6);
}

#[test]
fn audit_energia_vital_not_at_range() {
    // «En CaC, antes de CH DEF, puede DAÑ+X»: a1 (1 wound, Energía vital) shoots: DAÑ 2, not 3.
    let (_, st) = shot_at(
        with(&["Energía vital"])
            .set("wounds", 1)
            .weapon(gun(2, &[])),
        tough(&[]),
        5,
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_frenesi_def_zero_lasts_to_its_next_activation() {
    // «DEF=0 hasta el inicio de su siguiente actuación»: a1 (Frenesí, DEF 3) takes the stance
    // and ends; b1's melee attack meets CH DEF 0; a1's next activation (turn 2) lifts it.
    let mut st = position(
        &open(11, 12),
        &[C::new(race_t(9, 5, 4, 4, &["Frenesí"]), 5, 5)
            .weapon(sword())
            .prot(crate::traits::armour(3, &[]))],
        &[C::std(5, 6).facing("N").weapon(sword()).status("acted")],
        0,
    );
    play(&mut st, &["a1 stance", "pass", "a1 end facing N"], &[]);
    // Through the turn's end it stays.
    assert_eq!(st.stance_def(0), -1000);
    play(&mut st, &["init a1", "init b1", "activate a1"], &[8, 2]);
    assert_eq!(st.stance_def(0), 0);
    assert!(legal(&st, "a1 stance"));
}

#[test]
fn audit_fuego_a_rafagas_every_further_shot_and_another_target_starts_again() {
    // «cada siguiente ataque costará ENE-1»: the 5th shot at b1 too (2, 2, 2, 1, 1); a shot at
    // b2 then costs 2 (a new target, a new run).
    let mut st = position(
        &open(11, 16),
        &[C::std(5, 1)
            .facing("S")
            .set("ene", 10)
            .weapon(gun(2, &["Fuego a ráfagas"]))],
        &[
            tough(&[]).set("at", [5, 6]).facing("S"),
            tough(&[]).set("at", [8, 6]).facing("S").status("acted"),
        ],
        0,
    );
    let shot = ["a1 shoot b1 w1", "pass"];
    let log = play(
        &mut st,
        &[shot, shot, shot, shot, shot].concat(),
        &[8, 8, 8, 8, 8],
    );
    assert_eq!(spent(&log), [2, 2, 2, 1, 1]);
    let log = play(&mut st, &["a1 shoot b2 w1", "pass"], &[8]);
    assert_eq!(spent(&log), [2]);
}

#[test]
fn audit_fuego_automatico_another_action_ends_the_run() {
    // «cada ataque a distancia consecutivo»: a Mover between two shots — the second is again
    // CH IMP 5, ENE 2.
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
            "a1 move 4,1",
            "a1 shoot b1 w1",
            "pass",
        ],
        &[8, 8],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r8", "a1 CH IMP 5 r8"]);
    assert_eq!(spent(&log), [2, 1, 2]);
}

#[test]
fn audit_grito_de_guerra_not_the_holder() {
    // «Aliados a 5K, repiten CH IMP»: the holder's own failed CH IMP is not repeated.
    let (c, _) = shot_at(
        with(&["Grito de guerra"]).weapon(gun(2, &[])),
        tough(&[]),
        5,
        &[9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r9"]);
}
