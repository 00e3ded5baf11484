//! Traits that reach others or change attributes: Anulador de …, Servus, Borracho, Hálito de
//! hambre, Grito de oscuridad / puntería / maestría / combate / muerte, and the CH ENF traits
//! (Runas de combate, Resistencia mental, Runas de rechazo).

use super::*;
use serde_json::json;

#[test]
fn anulador_de_agilidad_halves_the_agi_of_enemies_within_two_k() {
    // a1 AGI 5 → 3 (Redondeo) for its CH IMP at 2 K; at 3 K it keeps 5.
    for (d, target) in [(2, 3), (3, 5)] {
        let mut st = range(
            C::std(0, 0).weapon(gun(2, &[])),
            with(&["Anulador de agilidad"]),
            d,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {target} r8")],
            "{d} K"
        );
    }
}

#[test]
fn servus_con_and_agi_plus_one_for_the_whole_game() {
    let st = range(with(&["Servus"]).weapon(gun(2, &[])), C::std(0, 0), 5);
    assert_eq!((st.info(0).con, st.info(0).agi), (5, 6));
    let mut st = st;
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r8"]);
}

#[test]
fn borracho_ch_atr_minus_one_per_turn_after_the_third() {
    for (turn, target) in [(3, 5), (4, 4), (6, 2)] {
        let a = with(&["Borracho"]).weapon(gun(2, &[]));
        let mut v = setup_json(
            &open(11, 16),
            &[a.set("at", [5, 1]).facing("S")],
            &[C::std(5, 6).facing("S")],
            0,
            10,
        );
        v["game"]["turn"] = json!(turn);
        v["scenario"]["turn_limit"] = json!(8);
        let mut st = load(&v);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {target} r8")],
            "turn {turn}"
        );
    }
}

#[test]
fn halito_de_hambre_enemies_within_five_k_start_with_one_ene_less() {
    // b1 starts its activation: ENE 0 + CON 4 + AGI 5 = 9, − 1 with a1's Hálito 5 K away.
    for (traits, ene) in [(&[][..], 9), (&["Hálito de hambre"][..], 8)] {
        let a = with(traits).set("at", [5, 1]).status("acted");
        let b = C::std(5, 6).set("ene", 0).set("status", json!([]));
        let mut v = setup_json(&open(11, 12), &[a], &[b], 0, 4);
        v["game"]["to_move"] = json!("B");
        v["game"]["decision"] = json!({"kind": "activate", "side": "B"});
        let mut st = load(&v);
        play(&mut st, &["activate b1"], &[]);
        assert_eq!(st.ch(1).ene, ene, "{traits:?}");
    }
}

/// a1 (gun) shooting b1 5 K south; a2 beside a1 and b2 beside b1 carry the traits.
fn guarded(a2: &[&str], b2: &[&str], a1w: Value) -> State {
    position(
        &open(11, 12),
        &[
            C::std(5, 1).facing("S").weapon(a1w),
            with(a2).set("at", [7, 1]).facing("S").status("acted"),
        ],
        &[
            C::std(5, 6).facing("S").prot(armour(2, &[])),
            with(b2).set("at", [7, 6]).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn grito_de_oscuridad_and_grito_de_punteria() {
    // b2's Grito de oscuridad: a1, attacking b1 (2 K from b2), CH IMP − 1.
    let mut st = guarded(&[], &["Grito de oscuridad"], gun(2, &[]));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r8"]);
    // a2's Grito de puntería: b1, shot by a1 (2 K from a2), CH DEF − 1.
    let mut st = guarded(&["Grito de puntería"], &[], gun(2, &[]));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 1 r5", "b1 CH PSI 4 r2"]
    );
    // Grito de maestría: a1's ENE 2 gun costs 1.
    let mut st = guarded(&["Grito de maestría"], &[], gun(2, &[]));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(spent(&log), [1]);
}

#[test]
fn grito_de_combate_and_grito_de_muerte_melee_dan_plus_one() {
    // Sword DAÑ 2 + CON 4 − 4 = 2; + 1 with a2's Grito de muerte (not charging).
    for (t, w) in [
        (&[][..], 2),
        (&["Grito de muerte"][..], 3),
        (&["Grito de combate"][..], 2),
    ] {
        let mut st = position(
            &open(11, 12),
            &[
                C::std(5, 5).weapon(sword()),
                with(t).set("at", [7, 5]).status("acted"),
            ],
            &[
                C::new(race(9, 5, 4, 4), 5, 6).facing("S"),
                C::std(10, 11).facing("S").status("acted"),
            ],
            0,
        );
        play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3]);
        assert_eq!(st.ch(2).wounds, w, "{t:?}");
    }
}

/// A Golpe de chi (Bunkai: CH AGI, then CH VOL ENF) of a1 (Cinético) at b1 3 K away.
fn chi(a: &[&str], b: &[&str], dice: &[u8]) -> Vec<String> {
    let mut at = vec!["Cinético"];
    at.extend_from_slice(a);
    let m = json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Bunkai"]});
    let mut st = range(with(&at).meta(m), C::new(race_t(6, 5, 4, 4, b), 0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], dice);
    checks(&st, &log)
}

#[test]
fn runas_de_combate_resistencia_mental_and_runas_de_rechazo_on_the_ch_vol_enf() {
    // Runas de combate: a1's CH VOL ENF 5 (b1 wins on the lower roll 2 < 3).
    let c = chi(&["Runas de combate"], &[], &[3, 3, 2]);
    assert_eq!(
        c,
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 5 r3", "b1 CH ENF 4 r2"]
    );
    // Resistencia mental on b1: a1's CH ENF 3.
    let c = chi(&[], &["Resistencia mental"], &[3, 3, 2]);
    assert_eq!(
        c,
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 3 r3", "b1 CH ENF 4 r2"]
    );
    // Runas de rechazo: b1, the target, re-rolls its failed CH ENF (r7, then r1); a1 does not
    // re-roll with them.
    let c = chi(&[], &["Runas de rechazo"], &[3, 2, 7, 1]);
    assert_eq!(
        c,
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r1"]
    );
    let c = chi(&["Runas de rechazo"], &[], &[3, 7, 2]);
    assert_eq!(
        c,
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r7", "b1 CH ENF 4 r2"]
    );
}
