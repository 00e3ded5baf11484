//! REACCIONES / Reaccionar al ruido: who hears an action (twice the kliks moved, the loudest
//! action of a chain, silenced weapons, walls), and what a reactor may do to an actor out of
//! its arc or behind a wall (blind fire, area weapons).

use super::reactions::{act, t, window};
use crate::scripted_positions::*;
use engine::state::BULLET_TIME;
use engine::*;

// ----- Reaccionar al ruido -----

/// [`RIFLE`] (heard at 6 K) with more fields: `,"traits":["Silenciador"]`, `,"noise":"quiet"`.
fn rifle_with(extra: &str) -> String {
    format!(r#"{{"name":"Rifle","ene":2,"dmg":3,"range":15,"quality":5{extra}}}"#)
}

#[test]
fn enemies_that_hear_the_action_may_react_in_the_window_after_it() {
    let mut st = build(
        vec![ch(&t(), &[RIFLE], (6, 4), "S").with(r#""ene":6"#)],
        vec![
            // b1: sees a1 (in front, 3 K).
            ch(&t(), &[RIFLE], (6, 1), "S"),
            // b2: a1 behind it at 6 K: hears the rifle (DAÑ 3 × 2 = 6 K).
            ch(&t(), &[RIFLE], (6, 10), "S"),
            // b3: a1 behind it at 7 K: hears nothing.
            ch(&t(), &[RIFLE], (0, 11), "S"),
        ],
    )
    .acting(4, 0)
    .state();
    // a1's CH IMP 9 misses; b2's CH VOL 4 passes.
    let mut d = ScriptedDice::new(vec![9, 4]);
    play(&mut st, &mut d, "a1 shoot b1");
    // The shot is not made yet: nothing is heard in the early window.
    assert_eq!(st.pending(), window(0, &[1], true));
    let ev = play(&mut st, &mut d, "pass");
    assert_eq!(check_summary(&ev), [("CH IMP", 5, false)]);
    assert_eq!(st.pending(), window(0, &[1, 2], false));
    let ev = play(&mut st, &mut d, "b2 react");
    assert_eq!(check_summary(&ev), [("CH VOL reaction", 4, true)]);
    assert!(c(&st, 2).has(BULLET_TIME));
    // It does not see a1: no attack at it; it may turn, change stance or move.
    let l = legal(&st);
    for a in ["b2 hold", "b2 pivot N", "b2 crouch", "b2 move 6,9"] {
        assert!(l.iter().any(|x| x == a), "{a} missing from {l:?}");
    }
    assert!(!l.iter().any(|x| x.starts_with("b2 shoot")), "{l:?}");
    play(&mut st, &mut d, "b2 pivot N");
    assert_eq!(c(&st, 2).facing, Facing::N);
    assert_eq!(c(&st, 2).ene, -1);
    assert_eq!(st.pending(), window(0, &[1], false));
    play(&mut st, &mut d, "pass");
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn moving_is_heard_at_twice_the_kliks_moved_and_sneaking_is_not() {
    // b1 3 K south of a1, its back to it.
    let pos = || {
        build(
            vec![ch(&t(), &[], (6, 6), "N").with(r#""ene":6"#)],
            vec![ch(&t(), &[], (6, 9), "S")],
        )
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![]);
    for (action, heard) in [
        // 1 K: heard at 2 K; it ends 2 K from b1.
        ("a1 move 6,7", true),
        // Mover sin hacer ruido: the same square, no noise.
        ("a1 sneak 6,7", false),
        // 1 K away from b1: 4 K off.
        ("a1 move 5,5", false),
        // Correr 2 K: heard at 4 K, ending 3 K from b1.
        ("a1 run 4,6", true),
    ] {
        let mut st = pos();
        play(&mut st, &mut d, action);
        let want = if heard {
            window(0, &[1], false)
        } else {
            act(0)
        };
        assert_eq!(st.pending(), want, "{action}");
    }
    all_dice_used(&d);
}

#[test]
fn a_chain_is_heard_at_its_loudest_action_from_where_it_was_made() {
    let mut st = build(
        vec![ch(&t(), &[RIFLE], (6, 5), "S").with(r#""ene":8"#)],
        vec![
            // b1, the target: its back to a1, no ENE to react or flee.
            ch(&t(), &[], (6, 1), "N").with(r#""ene":-10"#),
            // b2: 6 K from the shot, 7 K from where a1 ends.
            ch(&t(), &[], (6, 11), "S"),
        ],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![9]);
    let ev = play(&mut st, &mut d, "a1 shoot b1 +");
    assert_eq!(check_summary(&ev), [("CH IMP", 4, false)]);
    assert_eq!(st.pending(), act(0));
    // The move is heard at 2 K only; the shot, the loudest, from (6,5).
    play(&mut st, &mut d, "a1 move 6,4");
    assert_eq!(st.pending(), window(0, &[2], false));
    play(&mut st, &mut d, "pass");
    assert_eq!(st.pending(), act(0));
    all_dice_used(&d);
}

#[test]
fn silenced_and_wind_weapons_are_not_heard_and_loud_melee_weapons_are() {
    // b1, the target, cannot react or flee; b2 is 5 K south of a1, its back to it.
    let pos = |weapon: &str, b1_at: (u8, u8)| {
        build(
            vec![ch(&t(), &[weapon], (6, 5), "N").with(r#""ene":6"#)],
            vec![
                ch(&t(), &[], b1_at, "N").with(r#""ene":-10"#),
                ch(&t(), &[], (6, 10), "S"),
            ],
        )
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![9; 7]);
    for (weapon, heard) in [
        (rifle_with(""), true),
        (rifle_with(r#","traits":["Silenciador"]"#), false),
        (rifle_with(r#","traits":["Munición silenciosa"]"#), false),
        // A wind or string weapon (arco, ballesta…).
        (rifle_with(r#","noise":"quiet""#), false),
    ] {
        let mut st = pos(&weapon, (6, 2));
        let ev = play(&mut st, &mut d, "a1 shoot b1");
        assert_eq!(check_summary(&ev), [("CH IMP", 5, false)], "{weapon}");
        let want = if heard {
            window(0, &[2], false)
        } else {
            act(0)
        };
        assert_eq!(st.pending(), want, "{weapon}");
    }
    // In melee: a knife is silent; a motosierra (DAÑ 3: 6 K) and a gun fired in contact
    // (Ataque CaC con arma de disparo) are heard.
    for (weapon, heard) in [
        (KNIFE.to_string(), false),
        (
            r#"{"name":"Motosierra","ene":2,"dmg":3,"range":0,"quality":5,"noise":"loud"}"#.into(),
            true,
        ),
        (rifle_with(""), true),
    ] {
        let mut st = pos(&weapon, (6, 4));
        let ev = play(&mut st, &mut d, "a1 melee b1");
        assert_eq!(check_summary(&ev)[0], ("CH IMP", 5, false), "{weapon}");
        let want = if heard {
            window(0, &[2], false)
        } else {
            act(0)
        };
        assert_eq!(st.pending(), want, "{weapon}");
    }
    all_dice_used(&d);
}

#[test]
fn walls_take_their_def_off_the_noise_that_crosses_them() {
    let mut rows = vec![".".repeat(12); 12];
    rows[5].replace_range(3..9, "######");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let pos = |def: u8| {
        build(
            vec![ch(&t(), &[RIFLE], (6, 3), "N").with(r#""ene":6"#)],
            vec![
                // The target: its back to a1, no ENE to react or flee.
                ch(&t(), &[], (6, 0), "N").with(r#""ene":-10"#),
                // Behind the wall, 5 K: 6 − DEF 2 = 4 K is too short.
                ch(&t(), &[], (6, 8), "S"),
                // Behind the wall, 4 K: heard.
                ch(&t(), &[], (6, 7), "S"),
                // In the open, 5 K, facing away: heard.
                ch(&t(), &[], (11, 3), "E"),
            ],
        )
        .rows(&rows)
        .cover_def(def)
        .acting(4, 0)
        .state()
    };
    let mut d = ScriptedDice::new(vec![9, 9]);
    for (def, open) in [(2, &[3, 4][..]), (0, &[2, 3, 4][..])] {
        let mut st = pos(def);
        let ev = play(&mut st, &mut d, "a1 shoot b1");
        assert_eq!(check_summary(&ev), [("CH IMP", 5, false)]);
        assert_eq!(st.pending(), window(0, open, false), "DEF {def}");
    }
    all_dice_used(&d);
}

#[test]
fn a_reactor_attacks_only_an_actor_in_its_arc() {
    // a1 fires its pistol at b1 in contact (heard at 4 K); b1 has its back to a1.
    let mut st = build(
        vec![ch(&t(), &[PISTOL], (6, 5), "S").with(r#""ene":6"#)],
        vec![ch(&t(), &[KNIFE], (6, 6), "S").with(r#""ene":5"#)],
    )
    .acting(4, 0)
    .state();
    // a1's CH IMP 9 misses; b1's CH VOL 3 passes.
    let mut d = ScriptedDice::new(vec![9, 3]);
    let ev = play(&mut st, &mut d, "a1 melee b1");
    assert_eq!(check_summary(&ev), [("CH IMP", 5, false)]);
    assert_eq!(st.pending(), window(0, &[1], false));
    play(&mut st, &mut d, "b1 react");
    let l = legal(&st);
    assert!(l.iter().any(|x| x == "b1 pivot N"), "{l:?}");
    for verb in [
        "melee",
        "unarmed",
        "push",
        "disarm",
        "knockout",
        "immobilise",
    ] {
        assert!(
            !l.iter().any(|x| x.starts_with(&format!("b1 {verb}"))),
            "{l:?}"
        );
    }
    play(&mut st, &mut d, "b1 pivot N");
    assert_eq!(st.pending(), act(0));
    // Facing a1 now, in bullet time, it may strike at a1's next action.
    play_all(&mut st, &mut d, &["a1 crouch", "b1 react"]);
    assert!(is_legal(&st, "b1 melee a1 w1"));
    all_dice_used(&d);
}

#[test]
fn a_reactor_that_hears_the_actor_behind_a_wall_may_shoot_blind_if_an_ally_sees_it() {
    let mut rows = vec![".".repeat(12); 12];
    rows[6].replace_range(5..8, "###");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut st = build(
        vec![ch(&t(), &[RIFLE], (6, 4), "S").with(r#""ene":6"#)],
        vec![
            // b1 sees a1 (and is its target, with no ENE to react or flee).
            ch(&t(), &[RIFLE], (6, 1), "S").with(r#""ene":-10"#),
            // b2 faces a1 behind the wall, 5 K: it hears the rifle (6 − DEF 1).
            ch(&t(), &[RIFLE], (6, 9), "N"),
        ],
    )
    .rows(&rows)
    .cover_def(1)
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![9, 4]);
    play(&mut st, &mut d, "a1 shoot b1");
    assert_eq!(st.pending(), window(0, &[2], false));
    play(&mut st, &mut d, "b2 react");
    assert!(is_legal(&st, "b2 shoot-blind a1 w1"));
    assert!(!is_legal(&st, "b2 shoot a1 w1"));
    all_dice_used(&d);
}

// ----- Reacting with an area weapon -----

#[test]
fn a_reactor_throws_its_grenade_only_at_the_actor_in_its_arc() {
    // b1 (a grenade, R3, ALC 10) faces a1, who crouches 5 K away; b2 beside a1 is in the R3.
    const GRENADE: &str = r#"{"name":"G","ene":2,"dmg":3,"range":10,"quality":3,"noise":"quiet","traits":["Área (R3)"]}"#;
    let mut st = build(
        vec![ch(&t(), &[], (6, 8), "N").with(r#""ene":6"#)],
        vec![
            ch(&t(), &[GRENADE], (6, 3), "S").with(r#""ene":2"#),
            ch(&t(), &[], (7, 8), "N"),
        ],
    )
    .acting(4, 0)
    .state();
    let mut d = ScriptedDice::new(vec![3, 3, 9, 2, 9, 2]);
    play(&mut st, &mut d, "a1 crouch");
    play(&mut st, &mut d, "b1 react");
    let aims: Vec<String> = legal(&st)
        .into_iter()
        .filter(|a| a.starts_with("b1 area"))
        .collect();
    // a1's square and the 8 around it, all in b1's arc and reach; b2's other side is not.
    assert_eq!(aims.len(), 9, "{aims:?}");
    assert!(!aims.contains(&"b1 area w1 8,8".to_string()));
    play(&mut st, &mut d, "b1 area w1 6,8");
    // CH VOL 4 r3; CH IMP 5 r3 (a1 crouched beyond 3 K: −1; 5 K: no range malus) — target 4;
    // then a1 and b2 (its own side's) wholly covered: CH DEF, CH PSI each.
    assert_eq!(d.remaining(), 0);
    assert_eq!((st.ch(0).wounds, st.ch(2).wounds), (3, 3));
    assert_eq!(st.ch(1).ene, 0, "the grenade's ENE 2");
}
