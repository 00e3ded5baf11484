//! Issue 15's leftovers: Mover cargado with several carriers («<= CON de varios, terreno
//! difícil») and Volar en altura 3's «Siempre mueven su MOV completo» as A21 (b), with Retros
//! («Puede parar su movimiento en el aire, en altura 3 (ENE 1). Cuenta como acción de
//! movimiento») (RULES.md, MOVIMIENTO and Alturas).

use crate::build::*;
use engine::basics::action::{ActKind, Action};
use engine::State;

/// Save → load gives the same position.
fn reloads(st: &State) {
    let text = st.to_setup().to_json();
    let setup = engine::Setup::from_json(&text).unwrap();
    let back = State::from_setup(&setup, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.to_setup(), st.to_setup());
}

/// The legal joint carries, in notation.
fn joint(st: &State) -> Vec<String> {
    all_legal(st)
        .into_iter()
        .filter(|a| a.contains(" with ") && !a.ends_with('+'))
        .collect()
}

/// a1 (CON 4, MOV 1, ENE 10) on 2,2 beside a body of CON `weight` (a3) on 3,2; a2 (CON 4) on
/// 3,1 and a4 (CON 4) on 2,3, both in contact with the body; b1 far off.
fn wounded(weight: u8, board: &[String]) -> State {
    wounded_helper_ene(weight, board, 4)
}

/// [`wounded`] with a2 at ENE `ene`.
fn wounded_helper_ene(weight: u8, board: &[String], ene: i8) -> State {
    position(
        board,
        &[
            C::std(2, 2).set("ene", 10),
            C::std(3, 1).set("ene", ene),
            C::new(race(weight, 5, 4, 4), 3, 2).set("wounds", weight),
            C::std(2, 3).set("ene", 4),
        ],
        &[C::std(8, 4).facing("S")],
        0,
    )
}

/// a1 (ENE 10) on 2,2, the helper `helper` as a2 and a body of CON `weight` (a3) on 3,2.
fn one_helper(helper: C, weight: u8) -> State {
    position(
        &open(9, 5),
        &[
            C::std(2, 2).set("ene", 10),
            helper,
            C::new(race(weight, 5, 4, 4), 3, 2).set("wounds", weight),
        ],
        &[C::std(8, 4).facing("S")],
        0,
    )
}

#[test]
fn several_carriers_lift_what_one_cannot() {
    // CON 7 > a1's CON 4: alone, no; with a2 (4 + 4 = 8 ≥ 7), as difficult terrain (1 + 1).
    let mut st = wounded(7, &open(9, 5));
    assert!(!legal(&st, "a1 carry a3 1,2"));
    assert!(legal(&st, "a1 carry a3 1,2 with a2"));
    assert!(legal(&st, "a1 carry a3 1,2 with a4"));
    assert!(
        !legal(&st, "a1 carry a3 1,2 with a2,a4"),
        "no more carriers than needed"
    );
    round_trips(&st);
    let log = play(&mut st, &["a1 carry a3 1,2 with a2"], &[]);
    // The actor pays 2 from its ENE; the helper its share of 2 from its own (4 → 2).
    assert_eq!(spent(&log), [2, 2]);
    assert_eq!((st.ch(0).ene, st.ch(1).ene), (8, 2));
    // a1 and the body on 1,2; a2 on the square beside it nearest to where it stood (2,1).
    assert_eq!(
        (st.ch(0).pos, st.ch(2).pos, st.ch(1).pos),
        (sq(1, 2), sq(1, 2), sq(2, 1))
    );
    assert_eq!(statuses(&st, &log), ["a1 carries a body with its helpers"]);
    // The helper keeps its own activation (it acted as a reaction does).
    assert!(!st.ch(1).has(engine::state::ACTED));
    reloads(&st);
}

#[test]
fn a_pair_helps_only_when_no_single_helper_is_enough() {
    // CON 10: 4 + 4 < 10, 4 + 4 + 4 ≥ 10 — only the three together.
    let mut st = wounded(10, &open(9, 5));
    assert!(!legal(&st, "a1 carry a3 1,2 with a2"));
    assert!(legal(&st, "a1 carry a3 1,2 with a2,a4"));
    round_trips(&st);
    let log = play(&mut st, &["a1 carry a3 1,2 with a2,a4"], &[]);
    assert_eq!(spent(&log), [2, 2, 2]);
    // a2 takes 2,1 (1 step); a4 is already beside 1,2 on 2,3 and stays.
    assert_eq!(
        (st.ch(0).pos, st.ch(1).pos, st.ch(3).pos),
        (sq(1, 2), sq(2, 1), sq(2, 3))
    );
    // Too heavy for the two there are (CON 10 > 4 + 4): nothing.
    let st = one_helper(C::std(3, 1).set("ene", 4), 10);
    assert!(joint(&st).is_empty());
}

#[test]
fn one_carrier_over_very_difficult_terrain_may_take_help_for_difficult() {
    // CON 4 ≤ a1's CON: alone as very difficult (1 + 2); with a helper as difficult (1 + 1).
    let mut st = wounded(4, &open(9, 5));
    assert!(legal(&st, "a1 carry a3 1,2"));
    let log = play(&mut st, &["a1 carry a3 1,2 with a2"], &[]);
    assert_eq!(spent(&log), [2, 2]);
    // CON 2 ≤ CON/2: one carrier already goes as difficult — no joint form.
    assert!(joint(&wounded(2, &open(9, 5))).is_empty());
    // No casualty, no joint carry: nothing listed on a position without bodies.
    let st = position(
        &open(9, 5),
        &[C::std(2, 2), C::std(3, 2)],
        &[C::std(8, 4).facing("S")],
        0,
    );
    assert!(joint(&st).is_empty());
}

#[test]
fn the_slowest_terrain_of_the_group_governs_and_helpers_pay_down_to_minus_ten() {
    // The actor's destination 1,2 is extreme ground: every carrier pays 1 + 2.
    let board = rows(&[
        ".........",
        ".........",
        ".~.......",
        ".........",
        ".........",
    ]);
    let mut st = wounded(7, &board);
    let log = play(&mut st, &["a1 carry a3 1,2 with a2"], &[]);
    assert_eq!(spent(&log), [3, 3]);
    // A helper at ENE −8 may still pay 2 (to −10); at −9 it cannot.
    let helper_at = |ene: i8| wounded_helper_ene(7, &open(9, 5), ene);
    let mut st = helper_at(-8);
    assert!(legal(&st, "a1 carry a3 1,2 with a2"));
    play(&mut st, &["a1 carry a3 1,2 with a2"], &[]);
    assert_eq!(st.ch(1).ene, -10);
    assert!(!legal(&helper_at(-9), "a1 carry a3 1,2 with a2"));
    // The slowest MOV: a helper on 4,3 (MOV 1) cannot be beside 1,2 after one Mover, so the
    // group does not go there; beside 3,3 it already is.
    let st = one_helper(C::std(4, 3).set("ene", 4), 7);
    assert!(!legal(&st, "a1 carry a3 1,2 with a2"));
    let mut st2 = st.clone();
    play(&mut st2, &["a1 carry a3 3,3 with a2"], &[]);
    assert_eq!((st2.ch(0).pos, st2.ch(1).pos), (sq(3, 3), sq(4, 3)));
}

#[test]
fn helpers_must_be_able_allies_in_contact_on_their_feet() {
    // a2 engaged with an enemy: not a helper; a4 prone: not a helper either.
    let st = position(
        &open(9, 5),
        &[
            C::std(2, 2).set("ene", 10),
            C::std(3, 1).set("ene", 4),
            C::new(race(7, 5, 4, 4), 3, 2).set("wounds", 7),
            C::std(4, 3).set("ene", 4).stance("prone"),
        ],
        &[C::std(3, 0).facing("S"), C::std(8, 4).facing("S")],
        0,
    );
    assert!(joint(&st).is_empty(), "{:?}", joint(&st));
    // Out of contact with the body (a2 on 5,1): not a helper.
    let st = one_helper(C::std(5, 1).set("ene", 4), 7);
    assert!(joint(&st).is_empty());
}

#[test]
fn the_helpers_of_a_joint_carry_run_their_own_after_move_checks() {
    // The helper a2 (VOL 1) ends on 2,1 with three enemies within 5 K and one ally (a1): it is
    // outnumbered beyond its VOL and takes the CH PSI a mover takes; a1 on 1,2 is not (the
    // enemies on column 7 are 6 K away from it).
    let make = || {
        position(
            &open(9, 5),
            &[
                C::std(2, 2).set("ene", 10),
                C::new(race(4, 5, 4, 1), 3, 1).set("ene", 4),
                C::new(race(7, 5, 4, 4), 3, 2).set("wounds", 7),
            ],
            &[
                C::std(7, 0).facing("S"),
                C::std(7, 1).facing("S"),
                C::std(7, 2).facing("S"),
            ],
            0,
        )
    };
    let mut st = make();
    let log = play(&mut st, &["a1 carry a3 1,2 with a2"], &[5, 1]);
    assert_eq!(checks(&st, &log), ["a2 CH PSI 1 r5", "a2 CH LOC 1 r1"]);
    assert_eq!(st.ch(1).pos, sq(2, 1));
    // Failed: a stress level, and the CH LOC a failed CH PSI asks (passed here).
    assert_eq!(st.ch(1).stress, 1);
    // Passed (a 1 on VOL 1): no stress.
    let mut st = make();
    let log = play(&mut st, &["a1 carry a3 1,2 with a2"], &[1]);
    assert_eq!(checks(&st, &log), ["a2 CH PSI 1 r1"]);
    assert_eq!(st.ch(1).stress, 0);
    reloads(&st);
    // Sobrecalentamiento (Munición ígnea's mark, 5 wounds): the helper that moved takes its
    // CH DEF (0) r5, failed: 1 wound, and the CH PSI of the wound (r2).
    let helper = C::new(race(8, 5, 4, 4), 3, 1)
        .set("ene", 4)
        .set("wounds", 5)
        .status("overheated");
    let mut st = one_helper(helper, 7);
    let log = play(&mut st, &["a1 carry a3 1,2 with a2"], &[5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a2 CH DEF (overheating) 0 r5", "a2 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 6);
}

#[test]
fn joint_carry_notation_refuses_bad_helper_lists() {
    let st = wounded(7, &open(9, 5));
    let before = st.to_setup();
    for (text, needle) in [
        ("a1 carry a3 1,2 with a2,a2", "the same helper twice"),
        ("a1 carry a3 1,2 with zz", "zz"),
        ("a1 carry a3 1,2 by a2", "\"by\""),
        ("a1 carry a3 1,2 with a2,a4,b1", "one or two helpers"),
    ] {
        let e = st.parse_action(text).unwrap_err().to_string();
        assert!(e.contains(needle), "{text}: {e}");
    }
    // Spanish: «con».
    assert_eq!(
        st.parse_action("a1 mover_cargado a3 1,2 con a2"),
        st.parse_action("a1 carry a3 1,2 with a2")
    );
    assert_eq!(st.to_setup(), before);
}

/// A flyer at altitude 3 on 3,3 of an open 7 × 7 board, facing S, with `traits`.
fn high(traits: &[&str], ene: i8) -> State {
    position(
        &open(7, 7),
        &[C::new(race_t(4, 5, 4, 4, traits), 3, 3)
            .set("altitude", 3)
            .set("ene", ene)
            .facing("S")],
        &[C::std(6, 6).facing("N")],
        0,
    )
}

fn may_end(st: &State) -> bool {
    all_legal(st).iter().any(|a| a.contains("end"))
}

#[test]
fn at_altitude_three_the_activation_does_not_end_before_a_move() {
    // A21 (b): no End until it has moved; after a Mover (its full MOV) it may end.
    let mut st = high(&["Aerostático"], 6);
    assert!(!may_end(&st));
    assert!(
        !all_legal(&st).contains(&"a1 hover".to_string()),
        "no Retros"
    );
    play(&mut st, &["a1 concentrate"], &[]);
    assert!(!may_end(&st), "a non-movement action does not count");
    play(&mut st, &["a1 move 3,4"], &[]);
    assert!(may_end(&st));
    reloads(&st);
    // Saved mid-activation after its move, it still may end once loaded.
    let back = State::from_setup(&st.to_setup(), None).unwrap();
    assert!(may_end(&back));
    // With no ENE for any movement it may end (nothing impossible is asked).
    let st = high(&["Aerostático"], 0);
    assert!(may_end(&st));
    // On the ground (or at altitude 2) nothing changes.
    let st = position(
        &open(7, 7),
        &[C::std(3, 3).set("altitude", 2)],
        &[C::std(6, 6).facing("N")],
        0,
    );
    assert!(may_end(&st));
}

#[test]
fn retros_stops_in_the_air_as_a_movement_action() {
    let mut st = high(&["Retros"], 6);
    assert!(!may_end(&st));
    round_trips(&st);
    // ENE 1, it stays on its square at altitude 3, and may end.
    let log = play(&mut st, &["a1 hover"], &[]);
    assert_eq!(spent(&log), [1]);
    assert_eq!(statuses(&st, &log), ["a1 stops in the air (Retros)"]);
    assert_eq!((st.ch(0).pos, st.ch(0).alt), (sq(3, 3), 3));
    assert!(may_end(&st));
    // «Cuenta como acción de movimiento»: after a non-movement action it is one.
    let mut st = high(&["Retros"], 6);
    play(&mut st, &["a1 concentrate"], &[]);
    assert!(!legal(&st, "a1 guard"));
    play(&mut st, &["a1 hover"], &[]);
    assert!(!st.ch(0).has(engine::state::HIGH_STILL) && legal(&st, "a1 guard"));
    // Spanish alias; not below altitude 3.
    assert_eq!(st.parse_action("a1 retros"), st.parse_action("a1 hover"));
    let low = position(
        &open(7, 7),
        &[C::new(race_t(4, 5, 4, 4, &["Retros"]), 3, 3).set("altitude", 2)],
        &[C::std(6, 6).facing("N")],
        0,
    );
    assert!(!legal(&low, "a1 hover"));
    let a = st.parse_action("a1 hover").unwrap();
    assert!(matches!(
        a,
        Action::Act {
            kind: ActKind::Hover,
            ..
        }
    ));
}

#[test]
fn the_rescue_tactic_carries_the_ambassador_with_two_and_reloads() {
    // tests/data/carry_the_ambassador.json (a tactic-shaped position, not in the suite: the
    // medic may also heal the ambassador, which the search prefers): the escort (a2) cannot
    // lift the ogre ambassador (CON 7) alone; with the medic (a3) it can — the group moves
    // south, away from the orc. Its catalogue is the shipped one (`../catalogue.json` from
    // positions/tactics).
    let dir = wartime_tests::positions_dir().join("tactics");
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let text = std::fs::read_to_string(data.join("carry_the_ambassador.json")).unwrap();
    let tactic: serde_json::Value = serde_json::from_str(&text).unwrap();
    let setup = engine::Setup::from_json(&tactic["position"].to_string()).unwrap();
    let mut st = State::from_setup(&setup, Some(&dir)).unwrap();
    let carries: Vec<String> = all_legal(&st)
        .into_iter()
        .filter(|a| a.starts_with("a2 carry"))
        .collect();
    assert!(!carries.is_empty() && carries.iter().all(|a| a.contains(" with a3")));
    round_trips(&st);
    let log = play(&mut st, &["a2 carry a1 4,7 with a3"], &[]);
    // Difficult ground under the actor's destination: the joint floor, 1 + 1 each.
    assert_eq!(spent(&log), [2, 2]);
    assert_eq!(
        (st.ch(1).pos, st.ch(0).pos, st.ch(2).pos),
        (sq(4, 7), sq(4, 7), sq(5, 6))
    );
    // The saved position (its catalogue named by path) reads back to the same setup.
    let setup = st.to_setup();
    assert_eq!(engine::Setup::from_json(&setup.to_json()).unwrap(), setup);
}
