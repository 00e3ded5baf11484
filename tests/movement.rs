//! MOVIMIENTO and ACCIONES DE MOVIMIENTO: distances of every movement action, terrain and
//! stance surcharges, the diagonal and the 1 K restrictions, engaged and prone characters,
//! Escalar, Correr and Esprintar on the next action, Destrabarse; the movement traits.

use crate::build::*;
use engine::state::*;
use engine::{Action, State};
use serde_json::json;

/// a1 alone in the middle of an open 21 × 21 board (b1 far in a corner, facing away).
fn alone(a: C) -> State {
    position(
        &open(21, 21),
        &[a.set("at", [10, 10]).set("ene", 10)],
        &[C::std(0, 20).facing("S")],
        0,
    )
}

/// The ENE an action costs now (terrain included), from its notation.
fn cost(st: &State, text: &str) -> i8 {
    match st
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
    {
        Action::Act { who, kind, .. } => st.action_cost(who, &kind),
        a => panic!("{a:?}"),
    }
}

fn mov2(traits: &[&str]) -> serde_json::Value {
    json!({"name": "G", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 2, "traits": traits})
}

#[test]
fn distances_of_mover_correr_esprintar_and_sneak() {
    // Natural MOV 1: Mover 1, Correr 2, Esprintar 6, Mover sin hacer ruido 1.
    let st = alone(C::std(0, 0));
    let got: Vec<u8> = ["move", "run", "sprint", "sneak"]
        .iter()
        .map(|v| reach(&st, 0, v))
        .collect();
    assert_eq!(got, [1, 2, 6, 1]);
    assert_eq!(
        [
            cost(&st, "a1 move 10,9"),
            cost(&st, "a1 run 10,8"),
            cost(&st, "a1 sprint 10,4"),
            cost(&st, "a1 sneak 10,9")
        ],
        [1, 2, 3, 2]
    );
    // Natural MOV 2: 2, 3, 7, 2.
    let st = alone(C::new(mov2(&[]), 0, 0));
    let got: Vec<u8> = ["move", "run", "sprint", "sneak"]
        .iter()
        .map(|v| reach(&st, 0, v))
        .collect();
    assert_eq!(got, [2, 3, 7, 2]);
}

#[test]
fn trait_rapido_adds_one_to_correr_and_esprintar_only() {
    let st = alone(C::new(race_t(4, 5, 4, 4, &["Rápido"]), 0, 0));
    let got: Vec<u8> = ["move", "run", "sprint", "sneak"]
        .iter()
        .map(|v| reach(&st, 0, v))
        .collect();
    assert_eq!(got, [1, 3, 7, 1]);
    // The shipped Bestia: MOV 2 and Rápido.
    let st = alone(C::new(mov2(&["Rápido"]), 0, 0));
    let got: Vec<u8> = ["move", "run", "sprint", "sneak"]
        .iter()
        .map(|v| reach(&st, 0, v))
        .collect();
    assert_eq!(got, [2, 4, 8, 2]);
}

#[test]
fn trait_lento_costs_one_more_ene_per_movement_action() {
    let st = alone(C::new(race_t(4, 5, 4, 4, &["Lento"]), 0, 0));
    assert_eq!(
        [
            cost(&st, "a1 move 10,9"),
            cost(&st, "a1 run 10,8"),
            cost(&st, "a1 sprint 10,4"),
            cost(&st, "a1 sneak 10,9")
        ],
        [2, 3, 4, 3]
    );
    assert_eq!(cost(&st, "a1 crouch"), 1, "not a movement");
}

/// A corridor: a1 on (1, 1); then difficult, difficult, easy, extreme, easy. b1 walled off.
fn corridor(a: C) -> State {
    let board = rows(&["########", "#.,,.~.#", "########", "........"]);
    position(
        &board,
        &[a.set("at", [1, 1])],
        &[C::std(7, 3).facing("S")],
        0,
    )
}

#[test]
fn terrain_surcharge_is_the_maximum_over_the_squares_entered() {
    let st = corridor(C::std(0, 0));
    assert_eq!(cost(&st, "a1 move 2,1"), 1 + 1, "difficult +1");
    assert_eq!(
        cost(&st, "a1 run 3,1"),
        2 + 1,
        "two difficult squares: +1, not +2"
    );
    assert_eq!(cost(&st, "a1 sprint 4,1"), 3 + 1);
    assert_eq!(cost(&st, "a1 sprint 6,1"), 3 + 2, "through extreme: +2");
    let mut st = corridor(C::std(0, 0));
    let log = play(&mut st, &["a1 run 3,1"], &[]);
    assert_eq!(spent(&log), [3]);
    assert_eq!(st.ch(0).pos, sq(3, 1));
    assert_eq!(st.ch(0).moved, 2);
    // A low obstacle is difficult terrain.
    let board = rows(&["#####", "#.o.#", "#####", "....."]);
    let st = position(&board, &[C::std(1, 1)], &[C::std(4, 3).facing("S")], 0);
    assert_eq!(cost(&st, "a1 run 3,1"), 3);
}

#[test]
fn crouched_easy_terrain_counts_as_difficult() {
    let st = corridor(C::std(0, 0).stance("crouched"));
    assert_eq!(cost(&st, "a1 move 2,1"), 2, "difficult stays +1");
    let st = alone(C::std(0, 0).stance("crouched"));
    assert_eq!(cost(&st, "a1 move 10,9"), 2);
    assert_eq!(cost(&st, "a1 run 10,8"), 3);
    assert_eq!(reach(&st, 0, "move"), 1);
}

#[test]
fn diagonal_needs_both_side_squares_free() {
    // a1 on (2, 2); a wall on (3, 2); ally a2 on (2, 3).
    let board = rows(&["......", "......", "...#..", "......", "......", "......"]);
    let a = [C::std(2, 2), C::std(2, 3)];
    let st = position(&board, &a, &[C::std(5, 5).facing("S")], 0);
    let mut d = dests(&st, 0, "move");
    d.sort();
    let mut want = vec![sq(1, 1), sq(2, 1), sq(1, 2)];
    want.sort();
    assert_eq!(d, want);
}

#[test]
fn never_end_within_one_k_of_an_enemy_except_charging() {
    let a = [C::std(2, 2).weapon(sword())];
    let st = position(&open(8, 10), &a, &[C::std(2, 5).facing("S")], 0);
    let d = dests(&st, 0, "run");
    assert!(d.contains(&sq(2, 3)) && d.contains(&sq(1, 3)));
    for p in [sq(1, 4), sq(2, 4), sq(3, 4)] {
        assert!(!d.contains(&p), "{p} touches b1");
    }
    assert!(legal(&st, "a1 charge b1 2,4"));
    // A path never goes through a square next to an enemy either: with the enemy just below
    // a gap in a wall, the squares beyond the gap cannot be reached.
    let board = rows(&[
        "........", "........", "........", "##...###", "........", "........",
    ]);
    let a = [C::std(3, 1).set("ene", 10)];
    let st = position(&board, &a, &[C::std(3, 4).facing("S")], 0);
    let d = dests(&st, 0, "sprint");
    assert!(d.iter().all(|p| p.y <= 2), "{d:?}");
}

#[test]
fn charge_moves_mov_plus_three_at_least_two() {
    let a = || [C::std(5, 1).weapon(sword())];
    let st = position(&open(11, 12), &a(), &[C::std(5, 6).facing("S")], 0);
    assert!(legal(&st, "a1 charge b1 5,5"), "4 K");
    assert_eq!(cost(&st, "a1 charge b1 5,5"), 2);
    let st = position(&open(11, 12), &a(), &[C::std(5, 7).facing("S")], 0);
    assert!(!all_legal(&st).iter().any(|s| s.contains("charge")), "5 K");
    let st = position(&open(11, 12), &a(), &[C::std(5, 3).facing("S")], 0);
    assert!(!legal(&st, "a1 charge b1 5,2"), "1 K is not a charge");
}

#[test]
fn engaged_only_destrabarse_moves() {
    let a = [C::std(5, 5).set("ene", 10)];
    let mut board = open(11, 12);
    board[4] = "......H....".into();
    let st = position(&board, &a, &[C::std(5, 6).facing("S")], 0);
    for v in ["move", "run", "sprint", "sneak", "climb"] {
        assert!(dests(&st, 0, v).is_empty(), "{v}");
    }
    let d = dests(&st, 0, "disengage");
    assert!(!d.is_empty());
    assert!(d
        .iter()
        .all(|p| p.dist(sq(5, 5)) <= 2 && p.dist(sq(5, 6)) >= 2));
    assert!(d.contains(&sq(5, 3)) && d.contains(&sq(3, 5)));
}

#[test]
fn prone_cannot_move_until_it_stands() {
    let st = alone(C::std(0, 0).stance("prone").weapon(sword()));
    for v in ["move", "run", "sprint", "sneak"] {
        assert!(dests(&st, 0, v).is_empty(), "{v}");
    }
    assert!(legal(&st, "a1 stand"));
    let mut st = alone(C::std(0, 0).stance("prone"));
    let log = play(&mut st, &["a1 stand"], &[]);
    assert_eq!(spent(&log), [1]);
    assert_eq!(reach(&st, 0, "move"), 1);
}

/// a1 on (3, y) north of a high obstacle on (3, 4); b1 far away.
fn wall_ahead(a: C, y: u8) -> State {
    let mut board = open(7, 12);
    board[4] = "...H...".into();
    position(
        &board,
        &[a.set("at", [3, y]).set("ene", 10)],
        &[C::std(6, 11).facing("S")],
        0,
    )
}

#[test]
fn escalar_over_a_high_obstacle_with_ch_agi() {
    let mut st = wall_ahead(C::std(0, 0), 3);
    assert_eq!(dests(&st, 0, "climb"), [sq(3, 5)]);
    assert!(
        !dests(&st, 0, "move").contains(&sq(3, 4)),
        "a high obstacle is not walked"
    );
    let log = play(&mut st, &["a1 climb 3,5"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI climb 5 r5"]);
    assert_eq!(spent(&log), [3]);
    assert_eq!(st.ch(0).pos, sq(3, 5));
    // Failed: the ENE is spent and the character stays.
    let mut st = wall_ahead(C::std(0, 0), 3);
    let log = play(&mut st, &["a1 climb 3,5"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI climb 5 r6"]);
    assert_eq!((st.ch(0).pos, st.ch(0).ene), (sq(3, 3), 7));
    // Not from two squares away.
    let st = wall_ahead(C::std(0, 0), 2);
    assert!(dests(&st, 0, "climb").is_empty());
}

#[test]
fn escalar_check_has_sobrecarga_and_tal_penalties() {
    let mut st = wall_ahead(C::std(0, 0).prot(prot(1, 5, 4, 5, &[])), 3);
    let log = play(&mut st, &["a1 climb 3,5"], &[9]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI climb 4 r9"],
        "DEF 5 over CON 4"
    );
    let mut st = wall_ahead(C::std(0, 0).prot(prot(1, 1, 6, 3, &[])), 3);
    let log = play(&mut st, &["a1 climb 3,5"], &[9]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI climb 3 r9"],
        "TAL 6 on CON 4"
    );
}

#[test]
fn correr_gives_plus_one_ch_agi_to_a_movement_and_minus_one_otherwise() {
    // Run to the obstacle, then climb: CH AGI + 1.
    let mut st = wall_ahead(C::std(0, 0), 1);
    let log = play(&mut st, &["a1 run 3,3", "a1 climb 3,5"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI climb 6 r6"]);
    assert_eq!(st.ch(0).pos, sq(3, 5));
    // Run, then shoot: CH AGI (the CH IMP) − 1.
    let a = C::std(0, 0).weapon(bow());
    let b = [C::std(3, 9).facing("S")];
    let mut st = position(&open(7, 12), &[a.set("at", [3, 1])], &b, 0);
    let log = play(&mut st, &["a1 run 3,3", "a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"]);
    // Only the next action: run, crouch, shoot (crouched attacker +1).
    let a = C::std(0, 0).weapon(bow());
    let mut st = position(&open(7, 12), &[a.set("at", [3, 1])], &b, 0);
    let log = play(
        &mut st,
        &["a1 run 3,3", "a1 crouch", "a1 shoot b1 w1", "pass"],
        &[9],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
}

#[test]
fn esprintar_once_per_activation_and_minus_three_on_the_next_action() {
    let mut board = open(7, 12);
    board[8] = "...H...".into();
    let a = [C::std(3, 1).set("ene", 10)];
    let mut st = position(&board, &a, &[C::std(6, 11).facing("S")], 0);
    // Each move is heard (6 K moved: 12 K; the climb's 2 K: 4 K) by b1, which may react.
    play(&mut st, &["a1 sprint 3,7", "pass"], &[]);
    assert!(dests(&st, 0, "sprint").is_empty(), "once per activation");
    assert_eq!(reach(&st, 0, "run"), 2);
    let log = play(&mut st, &["a1 climb 3,9", "pass"], &[2]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI climb 2 r2"]);
    assert_eq!(st.ch(0).pos, sq(3, 9));
    assert!(
        dests(&st, 0, "sprint").is_empty(),
        "still the same activation"
    );
}

#[test]
fn destrabarse_is_free_when_outnumbering() {
    let a = [C::std(5, 5), C::std(6, 5).facing("S")];
    let b = [C::std(5, 6).weapon(sword()).facing("S")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 disengage 5,3"], &[]);
    assert!(checks(&st, &log).is_empty());
    assert_eq!(st.ch(0).pos, sq(5, 3));
    assert_eq!(spent(&log), [2]);
}

#[test]
fn destrabarse_needs_a_ch_psi_otherwise() {
    let b = || {
        [C::std(5, 6)
            .weapon(weapon(1, 1, 0, 2, &[]))
            .weapon(sword())
            .facing("S")]
    };
    // Passed: it leaves.
    let mut st = position(&open(11, 12), &[C::std(5, 5)], &b(), 0);
    let log = play(&mut st, &["a1 disengage 5,3"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r4"]);
    assert_eq!(st.ch(0).pos, sq(5, 3));
    // Failed: +1 stress, it stays, and b1 attacks it for free with CH IMP + 1 and its best
    // melee weapon (the sword: DAÑ 2 + CON 4 − 4).
    let mut st = position(&open(11, 12), &[C::std(5, 5)], &b(), 0);
    let log = play(&mut st, &["a1 disengage 5,3"], &[5, 6, 7, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH PSI 4 r5",
            "b1 CH IMP 6 r6",
            "a1 CH DEF 0 r7",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).pos, sq(5, 5));
    assert_eq!((st.ch(0).stress, st.ch(0).wounds), (1, 2));
    assert_eq!(st.ch(1).ene, 8, "the free attack costs no ENE");
    assert_eq!(spent(&log), [2]);
}

#[test]
fn sneak_sets_silent_and_any_move_clears_hidden() {
    let mut board = open(9, 9);
    board[4] = "....o....".into();
    let a = [C::std(4, 3).status("hidden")];
    let mut st = position(&board, &a, &[C::std(8, 8).facing("S")], 0);
    play(&mut st, &["a1 sneak 3,3"], &[]);
    assert!(st.ch(0).has(SILENT));
    assert!(!st.ch(0).has(HIDDEN), "moving loses Esconderse");
    play(&mut st, &["a1 move 3,2"], &[]);
    assert!(!st.ch(0).has(SILENT));
}
