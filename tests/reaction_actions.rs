//! REACCIONES: a reaction is any action the character could take acting, within the text's
//! limits — ENE down to −10, one action (no chain, no free turn), targets in its facing arc,
//! Esperar excluded, Esprintar once per activation answered — with CH ATR −1 when made before
//! the action ends; and a reaction declared where none is allowed is one clear error with the
//! state unchanged.

use crate::scripted_positions::*;
use engine::*;

/// AGI 5, INT 4, VOL 4.
fn t() -> String {
    race(4, 5, 4, 4)
}

/// a1 acting at (6,8) with a rifle, a2 at (2,8); b1 at (6,3) and b2 at (7,3), facing south
/// (a1 and a2 in their arc), with rifles.
fn two_and_two(b1: &str, b2: &str) -> State {
    build(
        vec![
            ch(&t(), &[RIFLE], (6, 8), "N").with(r#""ene":6"#),
            ch(&t(), &[], (2, 8), "N"),
        ],
        vec![
            ch(&t(), &[RIFLE], (6, 3), "S").with(b1),
            ch(&t(), &[RIFLE], (7, 3), "S").with(b2),
        ],
    )
    .acting(4, 0)
    .state()
}

#[test]
fn every_action_the_reactor_could_take_acting_is_a_reaction_within_the_limits() {
    let mut st = two_and_two(r#""ene":5"#, "");
    let mut d = ScriptedDice::new(vec![3, 2, 9, 2]);
    play_all(&mut st, &mut d, &["a1 crouch", "b1 react"]);
    let l = legal(&st);
    for a in [
        "b1 hold",
        "b1 pivot N",
        // Not only the fixed list of old: any enemy in its arc, the generic actions, every
        // movement action.
        "b1 shoot a2 w1",
        "b1 concentrate",
        "b1 guard",
        "b1 support b2",
        "b1 sneak 6,2",
        "b1 sprint 6,0",
    ] {
        assert!(l.iter().any(|x| x == a), "{a} missing from {l:?}");
    }
    assert!(l.iter().any(|x| x.starts_with("b1 charge a1")), "{l:?}");
    // Esperar is not a reaction; a reaction is one action (no chain, no free turn).
    assert!(!l.iter().any(|x| x == "b1 wait"), "{l:?}");
    assert!(!l.iter().any(|x| x.ends_with('+') || x.contains(" facing ")));
    // b1 shoots a2, not the actor: CH IMP 5 r2, a2's CH DEF 0 r9 (DAÑ 3), its CH PSI 4 r2.
    let ev = play(&mut st, &mut d, "b1 shoot a2 w1");
    assert_eq!(
        check_summary(&ev),
        [
            ("CH IMP", 5, true),
            ("CH DEF", 0, false),
            ("CH PSI", 4, true)
        ]
    );
    assert_eq!(c(&st, 1).wounds, 3);
    assert_eq!(c(&st, 2).ene, 3, "the rifle's ENE 2");
    all_dice_used(&d);
}

#[test]
fn a_reaction_before_the_action_ends_has_atr_minus_one_whatever_the_action() {
    // a1 declares a shot at b1; b2 (wounded) reacts first and tends its wound: CH INT 4 − 1.
    let mut st = two_and_two(r#""ene":5"#, r#""ene":5,"wounds":1"#);
    // b2's CH VOL 4 r3; its CH INT 3 r3 (passes: −1 wound); then a1's CH IMP 5 r9 misses.
    let mut d = ScriptedDice::new(vec![3, 3, 9]);
    play(&mut st, &mut d, "a1 shoot b1 w1");
    assert!(matches!(st.pending(), Pending::Window { early: true, .. }));
    play(&mut st, &mut d, "b2 react");
    let ev = play(&mut st, &mut d, "b2 heal b2");
    assert_eq!(check_summary(&ev), [("CH INT heal", 3, true)]);
    assert_eq!((c(&st, 3).wounds, c(&st, 3).ene), (0, 2));
    let ev = play(&mut st, &mut d, "pass");
    assert_eq!(check_summary(&ev), [("CH IMP", 5, false)]);
    all_dice_used(&d);
}

#[test]
fn a_reactor_sprints_once_per_activation_it_answers() {
    // Both B characters have acted: a2 activates after a1.
    let mut st = two_and_two(r#""ene":5,"status":["acted"]"#, r#""status":["acted"]"#);
    let mut d = ScriptedDice::new(vec![3, 3]);
    play_all(
        &mut st,
        &mut d,
        &["a1 crouch", "b1 react", "b1 sprint 6,5", "pass"],
    );
    assert_eq!((c(&st, 2).pos, c(&st, 2).ene), (sq(6, 5), 2));
    // In bullet time at a1's next action: no second Esprintar in this activation.
    play_all(&mut st, &mut d, &["a1 stand", "b1 react"]);
    let l = legal(&st);
    assert!(!l.iter().any(|x| x.starts_with("b1 sprint")), "{l:?}");
    assert!(l.iter().any(|x| x.starts_with("b1 run")), "{l:?}");
    play_all(&mut st, &mut d, &["b1 hold", "pass", "a1 end facing N"]);
    // The next activation answered (a2's) counts afresh; b1 sprinted this turn, so «No puede
    // atacar este turno» still holds.
    play_all(&mut st, &mut d, &["activate a2", "a2 crouch", "b1 react"]);
    let l = legal(&st);
    assert!(l.iter().any(|x| x.starts_with("b1 sprint")), "{l:?}");
    assert!(!l.iter().any(|x| x.starts_with("b1 shoot")), "{l:?}");
    all_dice_used(&d);
}

#[test]
fn a_reaction_declared_where_none_is_allowed_is_one_clear_error_and_the_state_is_unchanged() {
    let mut st = two_and_two(r#""ene":-8"#, "");
    let mut d = ScriptedDice::new(vec![3]);
    let refused = |st: &State, text: &str, part: &str| {
        let before = (st.fingerprint(), st.pending());
        let e = st.parse_action(text).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(text) && e.contains(part), "{text}: {e}");
        // Parsed in the reacting context by hand, `apply` refuses it the same way.
        if let Ok(a) =
            engine::basics::action::parse(text, st, engine::basics::action::ParseContext::Reacting)
        {
            let mut c = st.clone();
            let e2 = c.apply(&a, &mut ScriptedDice::new(vec![]), &mut Log::off());
            assert!(e2.unwrap_err().to_string().contains(part), "{text}");
            assert_eq!(
                (c.fingerprint(), c.pending()),
                before,
                "{text}: state changed"
            );
        }
    };
    // Acting: no window is open.
    let a = engine::basics::action::parse(
        "b1 crouch",
        &st,
        engine::basics::action::ParseContext::Reacting,
    )
    .unwrap();
    let before = (st.fingerprint(), st.pending());
    let e = st
        .apply(&a, &mut ScriptedDice::new(vec![]), &mut Log::off())
        .unwrap_err();
    assert!(e.to_string().contains("no reaction window is open"), "{e}");
    assert_eq!((st.fingerprint(), st.pending()), before);
    play(&mut st, &mut d, "a1 crouch");
    // The window: a reaction needs its CH VOL first.
    refused(&st, "b1 crouch", "must attempt its reaction first");
    play(&mut st, &mut d, "b1 react");
    refused(&st, "b2 crouch", "is not the reacting character (b1 is)");
    refused(&st, "b1 wait", "not a reaction (Esperar");
    refused(&st, "b1 pivot S", "may not react with it here and now");
    // ENE −8: a rifle shot (2) reaches −10; Esprintar (3) would go below.
    assert!(is_legal(&st, "b1 shoot a1 w1"));
    refused(&st, "b1 sprint 6,0", "below −10");
    all_dice_used(&d);
}

#[test]
fn a_reactor_chooses_only_targets_in_its_arc() {
    // b1 faces east: a1 (west of it) is out of its arc, but b1 hears a1's shot (6 K). Its ally
    // b2, west of it, is out of its arc for Apoyar too.
    let mut st = build(
        vec![ch(&t(), &[RIFLE], (2, 5), "E").with(r#""ene":6"#)],
        vec![
            ch(&t(), &[RIFLE], (6, 5), "E").with(r#""ene":5"#),
            ch(&t(), &[], (5, 5), "E"),
            ch(&t(), &[], (9, 5), "W"),
        ],
    )
    .acting(4, 0)
    .state();
    // a1 shoots b3 (9,5): its CH IMP r9 misses; b1 hears it (rifle 6 K) and reacts, r3.
    let mut d = ScriptedDice::new(vec![9, 3]);
    play_all(&mut st, &mut d, &["a1 shoot b3 w1", "pass", "b1 react"]);
    let l = legal(&st);
    assert!(!l.iter().any(|x| x.starts_with("b1 shoot a1")), "{l:?}");
    assert!(!l.iter().any(|x| x == "b1 support b2"), "{l:?}");
    let e = st.parse_action("b1 support b2").unwrap_err().to_string();
    assert!(e.contains("out of the reactor's facing arc"), "{e}");
    assert!(l.iter().any(|x| x == "b1 pivot W"), "{l:?}");
    all_dice_used(&d);
}

#[test]
fn a_reactions_corromper_may_be_answered_with_a_mental_combat_then_the_window_goes_on() {
    use crate::build::{position, C};
    let neuro = |int: u8| C::new(crate::build::race_t(4, 5, int, 5, &["Neuromante"]), 0, 0);
    let start = || {
        position(
            &crate::build::open(11, 14),
            &[neuro(6).set("at", [5, 1]).facing("S")],
            &[neuro(5).set("at", [5, 5]).facing("N").set("ene", 5i64)],
            0,
        )
    };
    // b1's CH VOL 5 r3; its Corromper, CH INT 5 r7, fails; a1 (a neuromante) is offered the
    // combat and declines: back to the window, which closes (nobody else may react).
    let mut st = start();
    let log = crate::build::play(&mut st, &["a1 crouch", "b1 react", "b1 hack a1"], &[3, 7]);
    assert_eq!(
        crate::build::checks(&st, &log),
        ["b1 CH VOL reaction 5 r3", "b1 CH INT hack 5 r7"]
    );
    assert!(matches!(
        st.pending(),
        Pending::MentalCombat {
            defender: 0,
            hacker: 1,
            stage: engine::state::MindStage::Offer,
            ..
        }
    ));
    crate::build::play(&mut st, &["a1 hold"], &[]);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
    // a1 fights: ENE 3, opposed CH INT ENF; a1 r2 beats b1 r4 (b1 +1 stress); both stop.
    let mut st = start();
    crate::build::play(
        &mut st,
        &[
            "a1 crouch",
            "b1 react",
            "b1 hack a1",
            "a1 mental-combat b1",
            "a1 hold",
            "b1 hold",
        ],
        &[3, 7, 2, 4],
    );
    assert_eq!((c(&st, 0).stress, c(&st, 1).stress), (0, 1));
    // a1: ENE 8 − Agacharse 1 − 3 (the defender pays the first exchange); b1: 5 − its
    // Corromper's 3.
    assert_eq!((c(&st, 0).ene, c(&st, 1).ene), (8 - 1 - 3, 5 - 3));
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
}

#[test]
fn a_declared_attack_whose_weapon_a_reaction_took_saves_and_loads() {
    // A reaction may take away the weapon the declared action names (Desarmar, Saquear): the
    // saved game declares an attack with a weapon slot its actor no longer fills, and must
    // load as it stood (campaign seed 2513: `b2 melee a1 w2` after the carried weapon was
    // taken). When the window closes the attack is no longer possible and resolves nothing.
    let mut st = two_and_two(r#""ene":5"#, r#""ene":5"#);
    let mut d = ScriptedDice::new(vec![]);
    play(&mut st, &mut d, "a1 shoot b1 w1");
    assert!(matches!(st.pending(), Pending::Window { early: true, .. }));
    let mut s = st.to_setup();
    let g = s.game.as_mut().expect("a game in progress");
    assert_eq!(g.declared.as_deref(), Some("a1 shoot b1 w1"));
    g.declared = Some("a1 shoot b1 w2".into());
    let mut st2 = State::from_setup(&s, None).expect("a declared weapon slot gone still loads");
    assert_eq!(st2.to_setup(), s, "and saves back the same");
    // Past every slot a character may fill, it is refused.
    s.game.as_mut().unwrap().declared = Some("a1 shoot b1 w9".into());
    let e = State::from_setup(&s, None).expect_err("w9 is no slot");
    assert!(e.to_string().contains("game.declared"), "{e}");
    let ev = play(&mut st2, &mut d, "pass");
    assert!(check_summary(&ev).is_empty(), "{:?}", check_summary(&ev));
    all_dice_used(&d);
}
