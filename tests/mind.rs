//! METAHABILIDADES' mental actions (Corromper / Hackear, Combate mental, Contramagia, Curar
//! estrés, Poseer) and the traits Shin, No vivo, Sentido arácnido and Munición silenciosa, with
//! scripted dice and exact check targets.

use crate::build::*;
use engine::state::*;
use engine::State;
use serde_json::json;

/// A neuromante: CON 4, AGI 5, INT 6, VOL 5 (the shipped Hechicero's INT and VOL).
fn neuro(traits: &[&str]) -> C {
    let mut t = vec!["Neuromante"];
    t.extend_from_slice(traits);
    C::new(race_t(4, 5, 6, 5, &t), 0, 0)
}

/// A titiritero: CON 4, AGI 5, INT 4, VOL 6.
fn puppeteer() -> C {
    C::new(race_t(4, 5, 4, 6, &["Titiritero"]), 0, 0)
}

/// a1 (`a`) on (5, 1) facing S; b1 (`b`) `d` K south of it facing S (its back to a1, so it
/// cannot react; the early window only offers it Huir); b2 far away keeps side B on the table.
fn mind_range(a: C, b: C, d: u8) -> State {
    position(
        &open(11, 14),
        &[a.set("at", [5, 1]).facing("S")],
        &[
            b.set("at", [5, 1 + d]).facing("S"),
            C::std(0, 13).facing("S"),
        ],
        0,
    )
}

fn stress(st: &State, i: u8) -> u8 {
    st.ch(i).stress
}

#[test]
fn corromper_gives_int_minus_four_stress_against_a_ch_vol() {
    // Passed CH INT 6; DAÑ = 6 − 4 = 2; failed CH DEF (a CH VOL, VOL 4): full DAÑ.
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    let log = play(&mut st, &["a1 hack b1", "pass"], &[3, 7]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT hack 6 r3", "b1 CH DEF VOL 4 r7"]
    );
    assert_eq!((stress(&st, 1), spent(&log)), (2, vec![3]));
    // Passed CH DEF: DAÑ − VOL = 2 − 4, nothing.
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[3, 4]);
    assert_eq!(stress(&st, 1), 0);
    // INT 9: DAÑ 5; passed CH DEF leaves 5 − 4 = 1.
    let sage = C::new(race_t(4, 5, 9, 5, &["Neuromante"]), 0, 0);
    let mut st = mind_range(sage, C::std(0, 0), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[3, 4]);
    assert_eq!(stress(&st, 1), 1);
    // Critical CH IMP: DAÑ + 1; fumbled CH DEF: DAÑ + 1.
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[1, 8]);
    assert_eq!(stress(&st, 1), 3);
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[3, 10]);
    assert_eq!(stress(&st, 1), 3);
    // Critical CH DEF: nothing. Failed CH INT: nothing, ENE spent.
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[3, 1]);
    assert_eq!(stress(&st, 1), 0);
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    let log = play(&mut st, &["a1 hack b1", "pass"], &[7]);
    assert_eq!((stress(&st, 1), spent(&log)), (0, vec![3]));
}

#[test]
fn corromper_reaches_int_k_and_needs_a_meta_user() {
    let st = mind_range(neuro(&[]), C::std(0, 0), 6);
    assert!(legal(&st, "a1 hack b1"));
    assert!(legal(&st, "a1 corromper b1"), "the Spanish alias");
    let st = mind_range(neuro(&[]), C::std(0, 0), 7);
    assert!(!legal(&st, "a1 hack b1"), "7 K > INT 6");
    let st = mind_range(C::std(0, 0), C::std(0, 0), 2);
    assert!(!legal(&st, "a1 hack b1"), "not a neuromante or titiritero");
    // Not an ally.
    let st = position(
        &open(11, 14),
        &[neuro(&[]).set("at", [5, 1]), C::std(5, 3)],
        &[C::std(0, 13).facing("S")],
        0,
    );
    assert!(!legal(&st, "a1 hack a2"));
}

#[test]
fn stress_from_corromper_reaching_vol_forces_a_ch_loc() {
    let mut st = mind_range(neuro(&[]), C::std(0, 0).set("stress", 2), 4);
    let log = play(&mut st, &["a1 hack b1", "pass"], &[3, 7, 4]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH INT hack 6 r3",
            "b1 CH DEF VOL 4 r7",
            "b1 CH LOC 4 r4"
        ]
    );
    assert_eq!(stress(&st, 1), 4);
    // Above VOL: unconscious, a casualty.
    let mut st = mind_range(neuro(&[]), C::std(0, 0).set("stress", 3), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[3, 7]);
    assert_eq!(stress(&st, 1), 5);
    assert!(st.ch(1).has(UNCONSCIOUS) && !st.able(1));
}

#[test]
fn titiritero_corrupts_with_vol_only_living_characters() {
    // VOL 6: reach 6 K, DAÑ 2, a CH VOL.
    let mut st = mind_range(puppeteer(), C::std(0, 0), 6);
    let log = play(&mut st, &["a1 hack b1", "pass"], &[3, 7]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH VOL hack 6 r3", "b1 CH DEF VOL 4 r7"]
    );
    assert_eq!(stress(&st, 1), 2);
    // «un titiritero (VOL) sobre un personaje vivo»: not a No vivo; a neuromante may.
    let robot = C::new(race_t(4, 5, 4, 4, &["No vivo"]), 0, 0);
    let st = mind_range(puppeteer(), robot.clone(), 3);
    assert!(!legal(&st, "a1 hack b1"));
    let st = mind_range(neuro(&[]), robot, 3);
    assert!(legal(&st, "a1 hack b1"));
}

#[test]
fn trait_shin_adds_one_to_the_stress_of_corromper() {
    let mut st = mind_range(neuro(&["Shin"]), C::std(0, 0), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[3, 7]);
    assert_eq!(stress(&st, 1), 3);
}

#[test]
fn fumbled_corromper_is_a_meta_ability_fumble_avoided_with_a_ch_psi() {
    // «Pifias con metahabilidades.- +1 estrés. Se evita con un CH PSI.»
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    let log = play(&mut st, &["a1 hack b1", "pass"], &[10, 7]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT hack 6 r10", "a1 CH PSI 5 r7"]
    );
    assert_eq!((stress(&st, 0), stress(&st, 1)), (1, 0));
    let mut st = mind_range(neuro(&[]), C::std(0, 0), 4);
    play(&mut st, &["a1 hack b1", "pass"], &[10, 4]);
    assert_eq!((stress(&st, 0), stress(&st, 1)), (0, 0));
}

/// a1 (`a`) on (5, 5) next to its ally a2 (`a2`) on (6, 5); b1 far away.
fn medic(a: C, a2: C) -> State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 5]), a2.set("at", [6, 5])],
        &[C::std(0, 11).facing("S")],
        0,
    )
}

#[test]
fn a_neuromante_heals_stress_with_curars_table() {
    for (die, want) in [(3, 1), (1, 0), (7, 3), (10, 5)] {
        let mut st = medic(neuro(&[]), C::std(0, 0).set("stress", 2));
        let log = play(&mut st, &["a1 heal-stress a2"], &[die]);
        assert_eq!(
            checks(&st, &log)[0],
            format!("a1 CH INT heal stress 6 r{die}")
        );
        assert_eq!((stress(&st, 1), spent(&log)), (want, vec![3]), "die {die}");
    }
    // Fail to stress 3; the fumble's 5 > VOL 4 is unconsciousness.
    let mut st = medic(neuro(&[]), C::std(0, 0).set("stress", 2));
    play(&mut st, &["a1 heal-stress a2"], &[10]);
    assert!(!st.able(1));
    // Only a neuromante, only on stress, self or an ally in contact.
    let st = medic(C::std(0, 0), C::std(0, 0).set("stress", 2));
    assert!(!legal(&st, "a1 heal-stress a2"));
    let st = medic(neuro(&[]), C::std(0, 0));
    assert!(!legal(&st, "a1 heal-stress a2"), "no stress");
    let st = medic(neuro(&[]).set("stress", 1), C::std(0, 0));
    assert!(legal(&st, "a1 heal-stress a1") && legal(&st, "a1 curar_estres a1"));
}

#[test]
fn healing_stress_below_vol_wakes_an_unconscious_ally() {
    // Stress 5 > VOL 4: unconscious. A critical takes 3 off: 2 ≤ VOL, it wakes.
    let mut st = medic(
        neuro(&[]),
        C::std(0, 0).set("stress", 5).status("unconscious"),
    );
    assert!(!st.able(1));
    play(&mut st, &["a1 heal-stress a2"], &[1]);
    assert_eq!(stress(&st, 1), 2);
    assert!(st.able(1));
    // A pass leaves 4 = VOL: awake too («Si estrés > VOL: inconsciente»).
    let mut st = medic(
        neuro(&[]),
        C::std(0, 0).set("stress", 5).status("unconscious"),
    );
    play(&mut st, &["a1 heal-stress a2"], &[3]);
    assert!(st.able(1));
}

// ----- Combate mental -----

/// a1 (a neuromante) acts; b1 (`b`), 4 K south facing S (it cannot react).
fn duel(b: C) -> State {
    mind_range(neuro(&[]), b, 4)
}

#[test]
fn the_target_of_corromper_may_answer_with_a_mental_combat() {
    // b1, a neuromante of INT 5, is offered the combat right after the Corromper; it declines.
    let b = || C::new(race_t(4, 5, 5, 5, &["Neuromante"]), 0, 0);
    let mut st = duel(b());
    play(&mut st, &["a1 hack b1", "pass"], &[7]);
    assert!(matches!(
        st.pending(),
        Pending::MentalCombat {
            defender: 1,
            hacker: 0,
            stage: MindStage::Offer,
            ..
        }
    ));
    assert_eq!(all_legal(&st), ["b1 hold", "b1 mental-combat a1"]);
    play(&mut st, &["b1 hold"], &[]);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    // It fights: ENE 3, opposed CH INT; b1 (r2) beats a1 (r4): a1 gains 1 stress.
    let mut st = duel(b());
    let log = play(
        &mut st,
        &["a1 hack b1", "pass", "b1 mental-combat a1"],
        &[7, 2, 4],
    );
    assert_eq!(
        checks(&st, &log)[1..],
        [
            "b1 CH INT ENF mental combat 5 r2",
            "a1 CH INT ENF mental combat 6 r4"
        ]
    );
    assert_eq!((stress(&st, 0), stress(&st, 1)), (1, 0));
    assert_eq!((st.ch(0).ene, st.ch(1).ene), (5, 5));
    // A character that is neither neuromante nor titiritero cannot.
    let mut st = duel(C::std(0, 0));
    play(&mut st, &["a1 hack b1", "pass"], &[7]);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
}

#[test]
fn mental_combat_goes_on_while_both_pay_and_whoever_stops_alone_takes_one_stress() {
    let b = || C::new(race_t(4, 5, 5, 5, &["Neuromante"]), 0, 0);
    let start = ["a1 hack b1", "pass", "b1 mental-combat a1"];
    // Both go on: each pays ENE 3 and they exchange again (a1 wins this one: b1 +1).
    let mut st = duel(b());
    let mut acts = start.to_vec();
    acts.extend(["b1 mental-combat a1", "a1 mental-combat b1"]);
    let log = play(&mut st, &acts, &[7, 2, 4, 6, 3]);
    assert_eq!(spent(&log), [3, 3, 3, 3]);
    assert_eq!((stress(&st, 0), stress(&st, 1)), (1, 1));
    assert!(matches!(
        st.pending(),
        Pending::MentalCombat {
            stage: MindStage::Defender,
            ..
        }
    ));
    // b1 goes on, a1 does not: a1 closes it for 1 stress; a1's activation goes on.
    let mut st = duel(b());
    let mut acts = start.to_vec();
    acts.extend(["b1 mental-combat a1", "a1 hold"]);
    let log = play(&mut st, &acts, &[7, 2, 4]);
    assert_eq!(spent(&log), [3, 3]);
    assert_eq!((stress(&st, 0), stress(&st, 1)), (2, 0));
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    // a1 wants to go on, b1 does not: b1 takes the stress.
    let mut st = duel(b());
    let mut acts = start.to_vec();
    acts.extend(["b1 hold", "a1 mental-combat b1"]);
    play(&mut st, &acts, &[7, 2, 4]);
    assert_eq!((stress(&st, 0), stress(&st, 1)), (1, 1));
    // Neither: it ends, nobody pays.
    let mut st = duel(b());
    let mut acts = start.to_vec();
    acts.extend(["b1 hold", "a1 hold"]);
    let log = play(&mut st, &acts, &[7, 2, 4]);
    assert_eq!(spent(&log), [3, 3]);
    assert_eq!((stress(&st, 0), stress(&st, 1)), (1, 0));
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
}

#[test]
fn mental_combat_ends_when_a_mind_falls() {
    // a1 starts at stress 5 = its VOL: losing the first exchange puts it above VOL,
    // unconscious, and the combat is over, and a1's activation with it.
    let b = C::new(race_t(4, 5, 5, 5, &["Neuromante"]), 0, 0);
    let mut st = position(
        &open(11, 14),
        &[
            neuro(&[]).set("stress", 5).set("at", [5, 1]).facing("S"),
            C::std(10, 0).facing("N"),
        ],
        &[b.set("at", [5, 5]).facing("S")],
        0,
    );
    let log = play(
        &mut st,
        &["a1 hack b1", "pass", "b1 mental-combat a1"],
        &[7, 2, 4],
    );
    assert!(!st.able(0));
    assert_eq!(stress(&st, 0), 6);
    assert!(statuses(&st, &log).contains(&"a1 mental combat over".to_string()));
    assert!(
        matches!(st.pending(), Pending::Activate { .. }),
        "{:?}",
        st.pending()
    );
}

// ----- Contramagia -----

/// a1 (a neuromante, INT 6) on (5, 1) facing S; b1 (`b`) 4 K south facing N: it sees a1.
fn counter(b: C) -> State {
    position(
        &open(11, 14),
        &[neuro(&[]).set("at", [5, 1]).facing("S")],
        &[b.set("at", [5, 5]).facing("N"), C::std(0, 13).facing("S")],
        0,
    )
}

/// The enemy neuromante: INT 5, VOL 5.
fn counter_mage() -> C {
    C::new(race_t(4, 5, 5, 5, &["Neuromante"]), 0, 0)
}

#[test]
fn contramagia_turns_the_ch_int_into_a_ch_int_enf() {
    let acts = [
        "a1 hack b1",
        "b1 react",
        "b1 counter-magic",
        "pass",
        "b1 hold",
        "pass",
    ];
    // b1 wins (its CH INT has the early −1): the Corromper fails.
    let mut st = counter(counter_mage());
    let log = play(&mut st, &acts, &[3, 5, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 5 r3",
            "a1 CH INT ENF (countered) 6 r5",
            "b1 CH INT ENF (counter-magic) 4 r3"
        ]
    );
    assert!(statuses(&st, &log).contains(&"a1 is countered by counter-magic".to_string()));
    assert_eq!((stress(&st, 1), spent(&log)), (0, vec![3, 3]));
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    // a1 wins: «continua» — the CH DEF follows.
    let mut st = counter(counter_mage());
    let log = play(&mut st, &acts, &[3, 2, 4, 8]);
    assert_eq!(checks(&st, &log)[3], "b1 CH DEF VOL 5 r8");
    assert_eq!(stress(&st, 1), 2);
    // b1's critical: a1 receives 1 stress unless it passes a CH VOL.
    let mut st = counter(counter_mage());
    let log = play(&mut st, &acts, &[3, 5, 1, 8]);
    assert_eq!(checks(&st, &log)[3], "a1 CH DEF VOL 5 r8");
    assert_eq!((stress(&st, 0), stress(&st, 1)), (1, 0));
    // a1's fumble: a1 receives it.
    let mut st = counter(counter_mage());
    let log = play(&mut st, &acts, &[3, 10, 4, 8]);
    assert_eq!(checks(&st, &log)[3], "a1 CH DEF VOL 5 r8");
    assert_eq!((stress(&st, 0), stress(&st, 1)), (1, 0));
}

#[test]
fn contramagia_needs_a_neuromante_within_its_int() {
    let reacting = |b: C| {
        let mut st = counter(b);
        play(&mut st, &["a1 hack b1", "b1 react"], &[3]);
        st
    };
    assert!(legal(&reacting(counter_mage()), "b1 counter-magic"));
    assert!(legal(&reacting(counter_mage()), "b1 contramagia"));
    assert!(!legal(&reacting(C::std(0, 0)), "b1 counter-magic"));
    // INT 3 < 4 K.
    let short = C::new(race_t(4, 5, 3, 5, &["Neuromante"]), 0, 0);
    assert!(!legal(&reacting(short), "b1 counter-magic"));
    // Not against a titiritero (its Corromper is a CH VOL).
    let mut st = position(
        &open(11, 14),
        &[puppeteer().set("at", [5, 1]).facing("S")],
        &[counter_mage().set("at", [5, 5]).facing("N"), C::std(0, 13)],
        0,
    );
    play(&mut st, &["a1 hack b1", "b1 react"], &[3]);
    assert!(!legal(&st, "b1 counter-magic"));
}

#[test]
fn contramagia_answers_curar_estres_in_an_early_window() {
    // An enemy neuromante within its INT K of the healer: the healing is declared first.
    let mut st = position(
        &open(11, 14),
        &[
            neuro(&[]).set("at", [5, 5]).facing("S"),
            C::std(6, 5).set("stress", 2),
        ],
        &[counter_mage().set("at", [5, 9]).facing("N")],
        0,
    );
    let mut declared = st.clone();
    play(&mut declared, &["a1 heal-stress a2"], &[]);
    assert!(matches!(
        declared.pending(),
        Pending::Window { early: true, .. }
    ));
    let log = play(
        &mut st,
        &["a1 heal-stress a2", "b1 react", "b1 counter-magic", "pass"],
        &[3, 5, 3],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 5 r3",
            "a1 CH INT ENF (countered) 6 r5",
            "b1 CH INT ENF (counter-magic) 4 r3"
        ]
    );
    assert_eq!(stress(&st, 1), 2, "countered: no healing");
    // Out of its INT K (6 K > INT 5), no early window: the healing resolves at once.
    let mut st = position(
        &open(11, 14),
        &[
            neuro(&[]).set("at", [5, 5]).facing("S"),
            C::std(6, 5).set("stress", 2),
        ],
        &[counter_mage().set("at", [5, 11]).facing("N")],
        0,
    );
    play(&mut st, &["a1 heal-stress a2"], &[3]);
    assert_eq!(stress(&st, 1), 1);
    assert!(matches!(st.pending(), Pending::Window { early: false, .. }));
}

// ----- Traits: Sentido arácnido, Munición silenciosa -----

/// a1 on (5, 1) facing S; b1 (`b`) `d` K south of it with its back to a1.
fn behind(b: C, d: u8) -> State {
    position(
        &open(11, 14),
        &[C::std(5, 1).facing("S")],
        &[
            b.set("at", [5, 1 + d]).facing("S"),
            C::std(0, 13).facing("S"),
        ],
        0,
    )
}

fn spider() -> C {
    C::new(race_t(4, 5, 4, 4, &["Sentido arácnido"]), 0, 0)
}

#[test]
fn trait_sentido_aracnido_reacts_unseen_within_vol_and_pivots_for_free() {
    // a1 crouches, silent and out of b1's CdV: b1 may still react (3 K ≤ VOL 4).
    let mut st = behind(spider(), 3);
    play(&mut st, &["a1 crouch"], &[]);
    assert!(matches!(st.pending(), Pending::Window { early: false, .. }));
    assert_eq!(all_legal(&st), ["pass", "b1 react", "b1 pivot N"]);
    // The turn towards a1 costs neither ENE nor a CH VOL, and b1 may still react.
    let log = play(&mut st, &["b1 pivot N"], &[]);
    assert_eq!(
        (st.ch(1).facing, st.ch(1).ene, spent(&log)),
        (engine::Facing::N, 8, vec![])
    );
    assert_eq!(all_legal(&st), ["pass", "b1 react"]);
    let log = play(&mut st, &["b1 react"], &[3]);
    assert_eq!(checks(&st, &log), ["b1 CH VOL reaction 4 r3"]);
    // Beyond VOL K, or without the trait: no window.
    let mut st = behind(spider(), 5);
    play(&mut st, &["a1 crouch"], &[]);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    let mut st = behind(C::std(0, 0), 3);
    play(&mut st, &["a1 crouch"], &[]);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
}

/// a1 with a bow of Munición silenciosa on `at`; b1 on (5, 6) facing N with a DEF 3
/// protection.
fn silent_shot(at: [u8; 2]) -> State {
    let bow = weapon(2, 2, 10, 3, &["Munición silenciosa"]);
    position(
        &open(11, 14),
        &[C::std(0, 0).set("at", at).weapon(bow)],
        &[
            C::std(5, 6).facing("N").prot(prot(0, 3, 1, 3, &[])),
            C::std(0, 13).facing("S"),
        ],
        0,
    )
}

#[test]
fn trait_municion_silenciosa_ch_def_minus_one_from_a_flank_or_behind() {
    // From the front (straight ahead, and on the 45° diagonal): CH DEF 3.
    for at in [[5, 1], [2, 3]] {
        let mut st = silent_shot(at);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2]);
        assert_eq!(checks(&st, &log)[1], "b1 CH DEF 3 r2", "from {at:?}");
    }
    // From the flank (abeam) and from behind: CH DEF 2.
    for at in [[0, 6], [5, 11]] {
        let mut st = silent_shot(at);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2]);
        assert_eq!(checks(&st, &log)[1], "b1 CH DEF 2 r2", "from {at:?}");
    }
}

// ----- Poseer, Marcar un objetivo -----

/// a1 (a neuromante) on (5, 1) facing S; b1 (`b`, with a bow) on (5, 5) facing S; b2 on (5, 9)
/// facing S, both with their backs to a1.
fn possession(b: C) -> State {
    position(
        &open(11, 14),
        &[neuro(&[]).set("at", [5, 1]).facing("S")],
        &[
            b.set("at", [5, 5]).facing("S").weapon(bow()),
            C::std(5, 9).facing("S"),
        ],
        0,
    )
}

#[test]
fn poseer_takes_a_character_with_stress_vol_and_acts_with_it_on_the_possessors_ene() {
    let mut st = possession(C::std(0, 0).set("stress", 4));
    let log = play(&mut st, &["a1 possess b1", "pass"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT possess 6 r3"]);
    assert!(st.ch(1).has(POSSESSED) && st.ch(1).possessor == 0);
    assert_eq!(
        st.side_of(1),
        engine::Side::A,
        "it acts for the possessor's side"
    );
    // Its actions are in a1's activation, with a1's ENE: b1 shoots its own ally b2.
    assert!(legal(&st, "b1 shoot b2 w1"));
    assert!(!legal(&st, "b1 shoot b2 w1 +"), "no chains");
    assert!(!legal(&st, "b1 end facing N"), "the activation is a1's");
    // Its former allies react to it: b2 hears the shot (DAÑ 2 × 2 = 4 K).
    let log = play(&mut st, &["b1 shoot b2 w1", "pass", "pass"], &[3, 5, 3]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP 5 r3", "b2 CH DEF 0 r5", "b2 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(2).wounds, 2);
    assert_eq!((st.ch(0).ene, st.ch(1).ene), (3, 8));
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    // The possession ends with a1's activation.
    let log = play(&mut st, &["a1 end facing S"], &[]);
    assert!(statuses(&st, &log).contains(&"b1 is no longer possessed".to_string()));
    assert!(!st.ch(1).has(POSSESSED));
    assert_eq!(st.side_of(1), engine::Side::B);
}

#[test]
fn poseer_needs_stress_vol_and_a_failed_check_does_nothing() {
    let st = possession(C::std(0, 0).set("stress", 3));
    assert!(!legal(&st, "a1 possess b1"), "stress 3 < VOL 4");
    assert!(legal(&st, "a1 hack b1"));
    let mut st = possession(C::std(0, 0).set("stress", 4));
    play(&mut st, &["a1 possess b1", "pass"], &[7]);
    assert!(!st.ch(1).has(POSSESSED));
    assert!(!legal(&st, "b1 move 5,6"));
    // A titiritero possesses with VOL, only the living.
    let robot = C::new(race_t(4, 5, 4, 4, &["No vivo"]), 0, 0).set("stress", 4);
    let st = position(
        &open(11, 14),
        &[puppeteer().set("at", [5, 1]).facing("S")],
        &[robot.set("at", [5, 5]), C::std(5, 9)],
        0,
    );
    assert!(!legal(&st, "a1 possess b1"));
}

#[test]
fn a_possessed_unconscious_character_stands_up_and_falls_again() {
    let mut st = possession(C::std(0, 0).set("stress", 5).status("unconscious"));
    assert!(!st.able(1));
    play(&mut st, &["a1 possess b1"], &[3]);
    assert!(st.able(1), "«se levantará»");
    play(&mut st, &["b1 move 5,6"], &[]);
    assert_eq!(st.ch(1).pos, sq(5, 6));
    play(&mut st, &["a1 end facing S"], &[]);
    assert!(!st.able(1) && st.ch(1).has(UNCONSCIOUS), "«volverá a caer»");
}

#[test]
fn marcar_un_objetivo_lets_its_possessor_possess_it_again_without_the_stress() {
    let mut st = possession(C::std(0, 0).set("stress", 4));
    assert!(!legal(&st, "a1 mark b1"), "only the character it possesses");
    play(&mut st, &["a1 possess b1", "pass"], &[3]);
    let log = play(&mut st, &["a1 mark b1"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT mark 6 r4"]);
    assert!(st.ch(1).has(MARKED) && st.ch(1).marker == 0);
    assert!(!legal(&st, "a1 mark b1"), "once");
    // Marked, stress 0: a1 may try again; another neuromante may not.
    let marked = C::std(0, 0).status("marked").set("marker", "a1");
    let st = possession(marked.clone());
    assert!(legal(&st, "a1 possess b1"));
    let st = position(
        &open(11, 14),
        &[
            neuro(&[]).set("at", [5, 1]).facing("S"),
            neuro(&[]).set("at", [6, 1]).facing("S"),
        ],
        &[marked.set("at", [5, 5]), C::std(5, 9)],
        1,
    );
    assert!(!legal(&st, "a2 possess b1"));
}

/// Saves `st` as a position and loads it back: the same fingerprint (every dynamic field).
fn round_trip(st: &State) {
    let json = st.to_setup().to_json();
    let back = load(&serde_json::from_str(&json).unwrap());
    assert_eq!(back.fingerprint(), st.fingerprint(), "{json}");
}

#[test]
fn possession_marks_and_mental_combat_save_and_load() {
    let mut st = possession(C::std(0, 0).set("stress", 4));
    play(&mut st, &["a1 possess b1", "pass", "a1 mark b1"], &[3, 4]);
    round_trip(&st);
    let mut st = duel(C::new(race_t(4, 5, 5, 5, &["Neuromante"]), 0, 0));
    play(
        &mut st,
        // Chained: no early window.
        &["a1 hack b1 +", "b1 mental-combat a1", "b1 hold"],
        &[7, 2, 4],
    );
    assert!(matches!(
        st.pending(),
        Pending::MentalCombat {
            stage: MindStage::Hacker {
                defender_goes_on: false
            },
            chain: true,
            ..
        }
    ));
    round_trip(&st);
    // The chained Corromper's chain goes on after the combat.
    play(&mut st, &["a1 hold"], &[]);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    assert_eq!(st.activation().chain, 1);
}

/// Random games between two sides of neuromantes and titiriteres (Sentido arácnido, Munición
/// silenciosa) that favour the mental actions: every legal action prints and parses back to
/// itself, applies, changes the state, and the state saves and loads back the same.
#[test]
fn random_games_between_minds_keep_the_invariants() {
    use engine::{ActKind, Action, Log, SeededDice};
    let n = |x: u8, y: u8, f: &str| {
        C::new(
            race_t(4, 5, 6, 5, &["Neuromante", "Sentido arácnido"]),
            x,
            y,
        )
        .facing(f)
        .weapon(bow())
    };
    let t = |x: u8, y: u8, f: &str| {
        C::new(race_t(4, 5, 4, 6, &["Titiritero"]), x, y)
            .facing(f)
            .weapon(weapon(2, 2, 10, 3, &["Munición silenciosa"]))
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        let mut st = position(
            &open(12, 12),
            &[n(3, 2, "S"), t(7, 2, "S")],
            &[n(4, 7, "N"), t(8, 7, "N")],
            0,
        );
        let mut d = SeededDice::new(seed);
        let mut buf = Vec::new();
        let mut r = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        for _ in 0..600 {
            if st.is_terminal() {
                break;
            }
            st.legal_actions(&mut buf);
            let mind: Vec<Action> = buf
                .iter()
                .copied()
                .filter(|a| {
                    matches!(
                        a,
                        Action::React(_)
                            | Action::Act {
                                kind: ActKind::Hack { .. }
                                    | ActKind::Possess { .. }
                                    | ActKind::HealStress { .. }
                                    | ActKind::Mark { .. },
                                ..
                            }
                            | Action::Reaction {
                                kind: ActKind::MentalCombat { .. } | ActKind::CounterMagic,
                                ..
                            }
                    )
                })
                .collect();
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let a = if !mind.is_empty() && r % 4 != 0 {
                mind[(r as usize / 4) % mind.len()]
            } else {
                buf[(r as usize) % buf.len()]
            };
            if let Action::Act { kind, who, .. } | Action::Reaction { kind, who } = a {
                seen.insert(kind.verb());
                if st.owner(who) != who {
                    seen.insert("puppet");
                }
            }
            let text = st.notation(&a);
            assert_eq!(st.parse_action(&text).unwrap(), a, "{text}");
            let fp = st.fingerprint();
            st.apply(&a, &mut d, &mut Log::off()).unwrap();
            assert_ne!(fp, st.fingerprint(), "{text}");
            let back = load(&serde_json::from_str(&st.to_setup().to_json()).unwrap());
            assert_eq!(back.to_setup(), st.to_setup(), "after {text}");
            assert_eq!(back.pending(), st.pending(), "after {text}");
        }
    }
    for verb in [
        "hack",
        "heal-stress",
        "counter-magic",
        "mental-combat",
        "possess",
        "mark",
        "puppet",
    ] {
        assert!(seen.contains(verb), "{verb} never played");
    }
}

#[test]
fn a_possessed_character_picked_for_initiative_saves_in_its_pickers_slot() {
    // Campaign 2606: b1, possessed by a1 (on side A, RULES.md "audit 20"), is side A's pick for
    // the initiative roll; B picks b2. The file wrote `["b1", "b2"]` and the loader put each in
    // its home side's slot — b1 in B's, then b2 over it: A's pick lost. Two entries are now
    // `[A's, B's]`, and a pick of the other side's character is written with both slots.
    let mut v = setup_json(
        &open(11, 14),
        &[neuro(&[]).set("at", [5, 1]).facing("S")],
        &[
            C::std(5, 5)
                .facing("S")
                .status("possessed")
                .set("possessor", "a1"),
            C::std(5, 9).facing("S"),
        ],
        0,
        10,
    );
    v["game"]["decision"] = json!({"kind": "initiative", "side": "A"});
    let mut st = load(&v);
    play(&mut st, &["init b1"], &[]);
    let written = st.to_setup().game.expect("a game record").initiative;
    assert_eq!(written, [Some("b1".to_string()), None]);
    round_trip(&st);
    play(&mut st, &["init b2"], &[7, 2]);
    round_trip(&st);
}

#[test]
fn a_side_whose_only_character_an_enemy_possesses_does_not_pick_initiative() {
    // Campaign 2610: a1, side A's last able character, is a corpse b1 raised (Magia:
    // resucitar: possessed by its raiser, on side B). At the turn's end side A, not annihilated
    // (a1 stands), had nobody on its side to roll for initiative, and the game waited on its
    // pick with no legal action. Side B now rolls alone.
    let mut v = setup_json(
        &open(11, 14),
        &[C::std(5, 5)
            .facing("S")
            .set("status", json!(["possessed", "acted"]))
            .set("possessor", "b1")],
        &[
            neuro(&[])
                .set("at", [5, 9])
                .facing("N")
                .set("status", json!(["acted"])),
            C::std(6, 9).facing("N"),
        ],
        2,
        1,
    );
    v["game"]["bodies"] = json!([{"who": "a1", "raised": true}]);
    let mut st = load(&v);
    play(&mut st, &["b2 end facing N"], &[]);
    assert_eq!(st.turn(), 2);
    // B's pick, among its own and the corpse it holds.
    assert!(
        st.describe_decision().starts_with("side B picks"),
        "{}",
        st.describe_decision()
    );
    assert_eq!(all_legal(&st), ["init a1", "init b1", "init b2"]);
}
