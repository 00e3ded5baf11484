//! BONUS Y MALUS in play, share D (issue 16): Grito de sangre, Grito de venganza, Drogas de
//! combate, Campo de oscuridad. Scripted dice, exact outcomes (RULES.md, "Traits in play,
//! share D"). The standard race is CON 4, AGI 5, INT 4, VOL 4.

use super::*;
use engine::state::*;

/// a1 on (5, 5) with a sword in contact with b1 on (5, 6) (its back to a1, 3 wounds: one hit
/// kills it; b3 may react: the tests `pass`); a2 (`ally`, already acted) of side A on `at`; b2 on (10, 11) and b3 (`foe`) of
/// side B on `foe_at`, both already acted.
fn melee_with_allies(ally: C, at: [u8; 2], b1: C, foe: C, foe_at: [u8; 2]) -> State {
    position(
        &open(11, 16),
        &[
            C::std(5, 5).weapon(sword()),
            ally.set("at", at).status("acted"),
        ],
        &[
            b1.set("at", [5, 6]).facing("S").set("wounds", 3),
            C::std(10, 11).facing("S").status("acted"),
            foe.set("at", foe_at).status("acted"),
        ],
        0,
    )
}

/// a1 strikes b1 with these dice, every reaction window passed; every die used. The log.
fn strike(st: &mut State, dice: &[u8]) -> engine::Log {
    let mut d = engine::ScriptedDice::new(dice.to_vec());
    let mut log = engine::Log::recording();
    let mut text = "a1 melee b1 w1";
    while legal(st, text) {
        let a = st.parse_action(text).unwrap();
        st.apply(&a, &mut d, &mut log).unwrap();
        text = "pass";
    }
    assert_eq!(
        (d.remaining(), d.overdrawn()),
        (0, 0),
        "{:?}",
        checks(st, &log)
    );
    log
}

#[test]
fn grito_de_sangre_an_ally_within_five_k_that_kills_in_melee_charges_two_k_further() {
    // MOV 1: a charge reaches 1 + 3 K, too short for b2; after the kill in melee, a2's Grito
    // de sangre (3 K away) adds 2 K; from 10 K away it does not.
    let kill = |at: [u8; 2]| {
        let mut st = melee_with_allies(
            with(&["Grito de sangre"]),
            at,
            C::std(0, 0),
            C::std(0, 0),
            [10, 15],
        );
        strike(&mut st, &[3, 9]);
        assert!(!st.able(2));
        reach(&st, 0, "charge")
    };
    assert_eq!((kill([5, 2]), kill([0, 15])), (6, 0));
}

#[test]
fn grito_de_venganza_an_ally_killed_in_melee_strikes_its_killer_once() {
    // b1 (sword) dies to a1's hit; b3 with Grito de venganza 3 K away: b1 strikes a1, free
    // (CH IMP 4: from its back).
    let kill = |at: [u8; 2], dice: &[u8]| {
        let mut st = melee_with_allies(
            C::std(0, 0),
            [0, 0],
            C::std(0, 0).weapon(sword()),
            with(&["Grito de venganza"]),
            at,
        );
        let log = strike(&mut st, dice);
        (checks(&st, &log), st.ch(0).wounds)
    };
    let (c, w) = kill([8, 8], &[3, 9, 4, 9, 3]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH IMP 4 r4",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!(w, 1);
    // b3 10 K away: no strike.
    let (c, w) = kill([0, 15], &[3, 9]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(w, 0);
}

/// Drogas de combate on an object of ENE 1, ALC 0, reusable.
fn drugs() -> Value {
    serde_json::json!({"name": "Drogas", "ene": 1, "range": 0, "quality": 3,
        "traits": ["Drogas de combate"]})
}

#[test]
fn drogas_de_combate_five_ene_then_ene_zero_and_no_reactions_and_a_second_dose_wounds_five() {
    // a1 (CON 9, ENE 8) takes `n` doses: 8 − 1 + 5, at most 10 ENE; it ends its
    // activation, b1 walks in its sight: with a dose it cannot react.
    let at = |n: usize, dice: &[u8]| {
        let mut st = position(
            &open(11, 12),
            &[C::new(race(9, 5, 4, 4), 5, 1).object(drugs())],
            &[C::std(5, 9).facing("S")],
            0,
        );
        // Each dose rolls its [Droga] addiction: 1D100 = 99, none (audit 24).
        let log = play(&mut st, &vec!["a1 use o1 a1"; n], &vec![9; 2 * n]);
        let ene = st.ch(0).ene;
        let after = play(
            &mut st,
            &["a1 end facing S", "activate b1", "b1 move 5,8"],
            dice,
        );
        assert_eq!(checks(&st, &after).len(), dice.len());
        (st, ene, spent(&log))
    };
    let (st, ene, spent) = at(0, &[]);
    assert_eq!((ene, spent, st.ch(0).wounds), (8, vec![], 0));
    assert!(legal(&st, "a1 react"));
    let (mut st, ene, spent) = at(1, &[]);
    assert_eq!((ene, spent, st.ch(0).wounds), (10, vec![1], 0));
    assert!(!legal(&st, "a1 react"));
    // Turn 2 (initiative dice 2 and 8: side B first): a1's activation starts with ENE 0.
    play(
        &mut st,
        &[
            "b1 end facing S",
            "init a1",
            "init b1",
            "activate b1",
            "b1 end facing S",
            "activate a1",
        ],
        &[2, 8],
    );
    assert_eq!(st.ch(0).ene, 0);
    // Two doses: 5 wounds at the end of the activation.
    let (st, ene, spent) = at(2, &[]);
    assert_eq!((ene, spent, st.ch(0).wounds), (10, vec![1, 1], 5));
}

#[test]
fn campo_de_oscuridad_marks_are_lost_within_two_k_per_level() {
    use engine::creation::effect::{CheckKind, Scope};
    let hit_mod =
        |st: &State| st.trait_check_mod(0, CheckKind::Hit, Scope::Ranged, None, Some(1), true);
    let a = || C::std(0, 0).weapon(gun(2, &["Marcador de objetivos"]));
    // b1 (5 K from a1) carries the field: it cannot be marked.
    let st = range(a(), with(&["Campo de oscuridad (1)"]), 5);
    assert!(!legal(&st, "a1 aim-mark b1"));
    assert_eq!(hit_mod(&st), 0);
    // Without it, marked: CH IMP +1.
    let mut st = range(a(), C::std(0, 0), 5);
    play(&mut st, &["a1 aim-mark b1"], &[]);
    assert_eq!(hit_mod(&st), 1);
}
