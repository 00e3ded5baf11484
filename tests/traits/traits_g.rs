//! BONUS Y MALUS in play, share G (issue 16): Control del CHI, Luz, Droga, Cóctel de
//! vitaminas, Desafiante, Desaparecer, Avatar, Señuelo. Scripted dice, exact outcomes (RULES.md, "Traits
//! in play, share G"). The standard race is CON 4, AGI 5, INT 4, VOL 4.

use super::*;
use engine::creation::effect::{CheckKind, Scope};
use engine::state::*;

/// The CH IMP change of a1's ranged attacks on b1 from traits and marks.
fn hit_mod(st: &State) -> i8 {
    st.trait_check_mod(0, CheckKind::Hit, Scope::Ranged, None, Some(1), true)
}

/// Saves and loads the position back: the same position, marks included.
fn round_trip(st: &State) -> State {
    let s = st.to_setup();
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.to_setup(), s);
    back
}

/// An object of ENE 1, ALC 0 with these traits.
fn object(name: &str, traits: &[&str]) -> Value {
    serde_json::json!({"name": name, "ene": 1, "range": 0, "quality": 3, "traits": traits})
}

/// a1 ends its activation (b1, when it has not acted yet, acts and ends), and the next turn
/// begins with b1 first (initiative dice 2 and 8: side B wins) until a1's activation starts.
fn next_turn_a1(st: &mut State, b1_waits: bool, dice: &[u8]) -> engine::Log {
    let mut acts = vec!["a1 end facing S"];
    if b1_waits {
        acts.extend(["activate b1", "b1 end facing S"]);
    }
    acts.extend([
        "init a1",
        "init b1",
        "activate b1",
        "b1 end facing S",
        "activate a1",
    ]);
    play(st, &acts, dice)
}

#[test]
fn control_del_chi_repeats_the_first_failed_check_of_each_activation() {
    let a = || with(&["Control del CHI"]).weapon(gun(2, &[]));
    let mut st = range(a(), C::std(0, 0), 5);
    // The first shot misses (9) and is rolled again (3): a hit, b1 wounded.
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 failed, repeated by Control del CHI: 5 r9",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert!(st.marked(0, CHI_USED));
    // Spent for this activation: the second miss stays a miss (and survives save and load).
    let mut st = round_trip(&st);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
    // Its next activation has it again.
    next_turn_a1(&mut st, true, &[2, 8]);
    assert!(!st.marked(0, CHI_USED));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[10, 9]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 failed, repeated by Control del CHI: 5 r10",
            "a1 CH IMP 5 r9"
        ]
    );
}

#[test]
fn luz_keeps_marks_in_a_campo_de_oscuridad() {
    // b1 carries a field of darkness: a mark on it is lost (share D) — unless b1 or a1's gun
    // carries a light («Ves y te ven en la oscuridad»).
    let a = |light: bool| {
        let traits: &[&str] = if light {
            &["Marcador de objetivos", "Luz"]
        } else {
            &["Marcador de objetivos"]
        };
        C::std(0, 0).weapon(gun(2, traits))
    };
    let dark = || with(&["Campo de oscuridad (1)"]);
    let st = range(a(false), dark(), 5);
    assert!(!legal(&st, "a1 aim-mark b1"));
    for (a, b) in [
        (a(true), dark()),
        (a(false), with(&["Campo de oscuridad (1)", "Luz"])),
    ] {
        let mut st = range(a, b, 5);
        play(&mut st, &["a1 aim-mark b1"], &[]);
        assert_eq!(hit_mod(&st), 1);
    }
}

#[test]
fn droga_thirty_percent_addiction_and_a_missed_turn_brings_withdrawal() {
    let start = || {
        position(
            &open(11, 12),
            &[C::std(5, 1).object(object("Pipa", &["Droga"]))],
            &[C::std(5, 9).facing("S")],
            0,
        )
    };
    // 1D100 = 31: no addiction.
    let mut st = start();
    play(&mut st, &["a1 use o1 a1"], &[3, 1]);
    assert!(!st.marked(0, ADDICT));
    // 1D100 = 30: an addict, dosed this turn.
    let mut st = start();
    let log = play(&mut st, &["a1 use o1 a1"], &[3, 10]);
    assert_eq!(statuses(&st, &log), ["a1 becomes addicted"]);
    assert!(st.marked(0, ADDICT) && st.marked(0, DOSED));
    // Turn 2: dosed in turn 1, no withdrawal; it takes nothing.
    next_turn_a1(&mut st, true, &[2, 8]);
    assert_eq!((st.ch(0).stress, hit_mod(&st)), (0, 0));
    // Turn 3: withdrawal — 1 stress, CH PSI (passed), every CH ATR −1 in this activation, and
    // 1D100 = 10 ≤ 10: «yonki».
    let log = next_turn_a1(&mut st, false, &[2, 8, 3, 1, 10]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r3"]);
    assert_eq!((st.ch(0).stress, hit_mod(&st)), (1, -1));
    assert!(st.marked(0, CRAVING) && st.marked(0, JUNKIE));
    let st = round_trip(&st);
    assert_eq!(st.marks(0).bits, ADDICT | CRAVING | JUNKIE);
}

#[test]
fn coctel_de_vitaminas_one_level_now_and_minus_one_next_activation() {
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).object(object("Cóctel", &["Cóctel de vitaminas"]))],
        &[C::std(5, 9).facing("S")],
        0,
    );
    // Two cocktails of AGI: CH IMP (an AGI check) +2 for the rest of the activation; INT +0.
    let log = play(&mut st, &["a1 cocktail o1 AGI", "a1 cocktail o1 agi"], &[]);
    assert_eq!(spent(&log), [1, 1]);
    let int = |st: &State| {
        st.trait_check_mod(0, CheckKind::Attr(Stat::Int), Scope::Any, None, None, true)
    };
    assert_eq!((hit_mod(&st), int(&st)), (2, 0));
    let mut st = round_trip(&st);
    // The next activation: −1 to every attribute.
    next_turn_a1(&mut st, true, &[2, 8]);
    assert_eq!((hit_mod(&st), int(&st)), (-1, -1));
    // And the one after: nothing.
    next_turn_a1(&mut st, false, &[2, 8]);
    assert_eq!((hit_mod(&st), int(&st)), (0, 0));
}

use engine::creation::effect::Stat;

#[test]
fn desafiante_the_loser_of_the_ch_vol_enf_must_attack_it_in_melee() {
    // a1 challenges b1 (2 K away, facing a1): CH VOL ENF, a1 r2 against b1 r5 (failed).
    let start = || {
        position(
            &open(11, 12),
            &[with(&["Desafiante"]).set("at", [5, 3]).facing("S")],
            &[
                C::std(5, 5).facing("N").weapon(sword()),
                C::std(10, 11).facing("S").status("acted"),
            ],
            0,
        )
    };
    let mut st = start();
    let log = play(&mut st, &["a1 challenge b1", "pass"], &[2, 5]);
    assert_eq!(spent(&log), [3]);
    assert_eq!(checks(&st, &log), ["a1 CH ENF 4 r2", "b1 CH ENF 4 r5"]);
    assert!(st.marked(1, CHALLENGED) && st.marks(1).by == 0);
    let mut st = round_trip(&st);
    // b1's activation: its only choices are to charge a1.
    play(&mut st, &["a1 end facing S", "activate b1"], &[]);
    let acts = all_legal(&st);
    assert!(!acts.is_empty());
    assert!(
        acts.iter().all(|a| a.starts_with("b1 charge a1")),
        "{acts:?}"
    );
    // Lost by a1 (b1 passes with the lower roll): nothing.
    let mut st = start();
    play(&mut st, &["a1 challenge b1", "pass"], &[5, 2]);
    assert!(!st.marked(1, CHALLENGED));
}

#[test]
fn desaparecer_once_out_of_melee_back_at_the_deployment_edge() {
    // Side A deploys on row 0 (the board's edge).
    let mut st = position(
        &open(11, 12),
        &[with(&["Desaparecer"]).set("at", [5, 6])],
        &[C::std(0, 11).facing("S"), C::std(10, 11).facing("S")],
        0,
    );
    assert!(legal(&st, "a1 disappear 3,0"));
    assert!(!legal(&st, "a1 disappear 3,1"));
    let log = play(&mut st, &["a1 disappear 3,0"], &[]);
    assert_eq!(spent(&log), [1]);
    assert_eq!(st.ch(0).pos, engine::Pos::new(3, 0));
    // Its activation ended; once per game.
    assert!(st.ch(0).has(ACTED));
    assert!(st.marked(0, VANISH_USED));
    let st = round_trip(&st);
    assert!(st.marked(0, VANISH_USED));
    // Engaged in melee it cannot.
    let st = contact(with(&["Desaparecer"]), C::std(0, 0));
    assert!(!legal(&st, "a1 disappear 3,0"));
}

#[test]
fn avatar_starts_off_the_table_until_a_neuromante_invokes_it_with_ch_int() {
    let a = [
        with(&["Neuromante"]).set("at", [5, 3]).facing("S"),
        with(&["Avatar"]).set("at", [0, 0]),
    ];
    let b = [C::std(5, 11).facing("S")];
    // A fresh position (no game section): the avatar is off the table, no casualty for the
    // score.
    let mut fresh = setup_json(&open(11, 12), &a, &b, 0, 10);
    fresh.as_object_mut().unwrap().remove("game");
    let st = load(&fresh);
    assert!(st.ch(1).has(OFF_TABLE) && !st.able(1));
    assert_eq!(
        engine::scenario::scoring::casualty_points(&st, engine::Side::A),
        0
    );
    // In play (status off_table): failed CH INT (r9), then passed (r3): on (5, 4).
    let a = [a[0].clone(), a[1].clone().status("off_table")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    assert!(!legal(&st, "a2 move 0,1"));
    assert!(!legal(&st, "a1 invoke a2 5,6"));
    let log = play(&mut st, &["a1 invoke a2 5,4"], &[9]);
    assert_eq!(spent(&log), [3]);
    assert!(st.ch(1).has(OFF_TABLE));
    play(&mut st, &["a1 invoke a2 5,4"], &[3]);
    assert!(!st.ch(1).has(OFF_TABLE) && st.able(1));
    assert_eq!(st.ch(1).pos, engine::Pos::new(5, 4));
    round_trip(&st);
}

#[test]
fn senuelo_undoes_its_activation_but_the_ene_and_the_wounds() {
    let mut st = range(with(&["Señuelo"]).weapon(gun(2, &[])), C::std(0, 0), 5);
    // This position starts in the middle of a1's activation: no start to go back to.
    assert!(!legal(&st, "a1 decoy"));
    next_turn_a1(&mut st, true, &[2, 8]);
    let ene = st.ch(0).ene;
    // a1 steps aside and shoots: b1 takes 2 wounds.
    play(
        &mut st,
        &["a1 move 4,1", "a1 shoot b1 w1", "pass"],
        &[3, 9, 2],
    );
    assert_eq!((st.ch(0).pos, st.ch(1).wounds), (engine::Pos::new(4, 1), 2));
    // The snapshot survives save and load.
    let mut st = round_trip(&st);
    let log = play(&mut st, &["a1 decoy"], &[]);
    assert_eq!(spent(&log), [0]);
    // Back where it started, the ENE spent and the wounds dealt kept; its activation over.
    assert_eq!(st.ch(0).pos, engine::Pos::new(5, 1));
    assert_eq!((st.ch(0).ene, st.ch(1).wounds), (ene - 3, 2));
    assert!(st.ch(0).has(ACTED) && st.marked(0, DECOY_USED));
    assert!(st.decoy_snapshot().is_none());
    round_trip(&st);
}

#[test]
fn bad_trait_marks_are_refused_naming_the_field() {
    let base = || {
        setup_json(
            &open(11, 12),
            &[C::std(5, 1)],
            &[C::std(5, 9).facing("S")],
            0,
            10,
        )
    };
    for (marks, why) in [
        (serde_json::json!([{"who": 7, "bits": 1}]), "does not exist"),
        (serde_json::json!([{"who": 0, "bits": 4096}]), "no mark"),
        (
            serde_json::json!([{"who": 0, "boost": [10, 0, 0, 0]}]),
            "above 9",
        ),
        (
            serde_json::json!([{"who": 0, "bits": 512, "by": 9}]),
            "challenged by",
        ),
        (
            serde_json::json!([{"who": 0, "bits": 1}, {"who": 0, "bits": 8}]),
            "repeats",
        ),
    ] {
        let mut v = base();
        v["game"]["trait_marks"] = marks;
        let e = load_error(&v);
        assert!(e.contains("game.trait_marks[") && e.contains(why), "{e}");
    }
    // Señuelo's snapshot for a character without it.
    let mut v = base();
    v["game"]["decoy"] = serde_json::json!({"who": 0, "position": base()});
    let e = load_error(&v);
    assert!(e.contains("game.decoy") && e.contains("Señuelo"), "{e}");
}

#[test]
fn share_g_actions_print_and_parse_back() {
    let a = [
        with(&["Neuromante", "Desafiante", "Desaparecer"])
            .set("at", [5, 3])
            .facing("S")
            .object(object("Cóctel", &["Cóctel de vitaminas"])),
        with(&["Avatar"]).set("at", [0, 0]).status("off_table"),
    ];
    let st = position(&open(11, 12), &a, &[C::std(5, 8).facing("N")], 0);
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    let mut verbs = std::collections::BTreeSet::new();
    for act in &buf {
        let text = st.notation(act);
        assert_eq!(st.parse_action(&text).as_ref(), Ok(act), "{text}");
        if let engine::Action::Act { kind, .. } = act {
            verbs.insert(kind.verb());
        }
    }
    for v in ["cocktail", "challenge", "disappear", "invoke"] {
        assert!(verbs.contains(v), "{v}: {verbs:?}");
    }
    // The Spanish names.
    for (es, en) in [
        ("a1 coctel o1 vol", "a1 cocktail o1 VOL"),
        ("a1 desafiar b1", "a1 challenge b1"),
        ("a1 invocar a2 5,4", "a1 invoke a2 5,4"),
    ] {
        assert_eq!(st.parse_action(es), st.parse_action(en));
    }
}
