//! ACCIONES DE MOVIMIENTO beyond walking: 180°, Nadar and Salto de longitud, with the deep
//! water (`w`) and gap (`_`) terrains (RULES.md, MOVIMIENTO).

use crate::build::*;
use engine::state::*;
use engine::State;

/// a1 (`a`) on (x, y) of `board` with 10 ENE; b1 far away in the bottom-right corner.
pub(crate) fn on(board: &[&str], a: C, x: u8, y: u8) -> State {
    let board = rows(board);
    let (w, h) = (board[0].len() as u8, board.len() as u8);
    position(
        &board,
        &[a.set("at", [x, y]).set("ene", 10)],
        &[C::std(w - 1, h - 1).facing("S")],
        0,
    )
}

fn open21() -> Vec<&'static str> {
    vec!["....................."; 21]
}

#[test]
fn turn180_runs_four_to_mov_plus_four_in_a_straight_line() {
    // MOV 1: 4 or 5 K along one of the eight directions (16 squares), never a bend.
    let st = on(&open21(), C::std(0, 0), 10, 10);
    let d = dests(&st, 0, "turn180");
    assert_eq!(d.len(), 16);
    assert!(d.contains(&sq(10, 5)) && d.contains(&sq(14, 14)) && d.contains(&sq(6, 10)));
    assert!(!d.contains(&sq(10, 7)), "3 K is under the 4 K minimum");
    assert!(!d.contains(&sq(11, 6)), "not a straight line");
    assert!(!d.contains(&sq(10, 4)), "beyond MOV + 4");
    round_trips(&st);
    // A wall in the way stops the line; a MOV 2 runner goes 6 K.
    let mut board = open21();
    board[7] = "..........#..........";
    let st = on(&board, C::std(0, 0), 10, 10);
    assert!(!dests(&st, 0, "turn180")
        .iter()
        .any(|p| p.x == 10 && p.y < 10));
    let fast = C::new(
        serde_json::json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 2}),
        0,
        0,
    );
    assert_eq!(reach(&on(&open21(), fast, 10, 10), 0, "turn180"), 6);
}

#[test]
fn turn180_passed_turns_about_failed_does_not_turn_fumbled_hurts() {
    // Passed CH AGI (CON 4 − AGI 5: no difficulty): it ends facing back the way it came.
    let mut st = on(&open21(), C::std(0, 0), 10, 10);
    let log = play(&mut st, &["a1 turn180 10,5"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI 180 5 r5"]);
    assert_eq!(spent(&log), [4]);
    assert_eq!((st.ch(0).pos, st.ch(0).facing.name()), (sq(10, 5), "S"));
    // Failed: it still runs, but faces the way it ran, even with a free turn asked for.
    let mut st = on(&open21(), C::std(0, 0), 10, 10);
    let log = play(&mut st, &["a1 turn180 10,5 facing E"], &[6]);
    assert_eq!(statuses(&st, &log), ["a1 fails the 180° turn"]);
    assert_eq!((st.ch(0).pos, st.ch(0).facing.name()), (sq(10, 5), "N"));
    // Passed, the free turn after the action still applies.
    let mut st = on(&open21(), C::std(0, 0), 10, 10);
    play(&mut st, &["a1 turn180 10,5 facing E"], &[1]);
    assert_eq!(st.ch(0).facing.name(), "E");
    // Fumbled after 4 K: DAÑ 4 (its CH DEF fails: 4 wounds, incapacitated at CON 4).
    let mut st = on(&open21(), C::std(0, 0), 10, 10);
    let log = play(&mut st, &["a1 turn180 10,6"], &[10, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI 180 5 r10", "a1 CH DEF 0 r9"]);
    assert_eq!((st.ch(0).pos, st.ch(0).wounds), (sq(10, 6), 4));
}

#[test]
fn turn180_difficulty_is_con_minus_agi_and_minus_one_through_difficult_terrain() {
    // CON 6, AGI 4: D = 2, so CH AGI 2.
    let heavy = C::new(race(6, 4, 4, 4), 0, 0);
    let mut st = on(&open21(), heavy, 10, 10);
    let log = play(&mut st, &["a1 turn180 10,6"], &[2]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI 180 2 r2"]);
    // Through difficult terrain: −1 more, and its ENE + 1.
    let mut board = open21();
    board[8] = "..........,..........";
    let mut st = on(&board, C::std(0, 0), 10, 10);
    let log = play(&mut st, &["a1 turn180 10,6"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI 180 4 r4"]);
    assert_eq!(spent(&log), [5]);
}

const POND: [&str; 5] = ["........", "...ww...", "...ww...", "...ww...", "........"];

#[test]
fn nadar_crosses_deep_water_that_cannot_be_walked() {
    let mut st = on(&POND, C::std(0, 0), 2, 2);
    assert!(
        !dests(&st, 0, "move").contains(&sq(3, 2)),
        "water is not walked"
    );
    // From the bank with MOV 1: only into the water.
    assert_eq!(dests(&st, 0, "swim"), [sq(3, 1), sq(3, 2), sq(3, 3)]);
    round_trips(&st);
    let log = play(&mut st, &["a1 swim 3,2"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI swim 5 r5"]);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![2], sq(3, 2)));
    // In the water: on through it, or out onto either bank next to it.
    let d = dests(&st, 0, "swim");
    assert!(d.contains(&sq(4, 2)) && d.contains(&sq(2, 2)) && d.contains(&sq(2, 1)));
    assert!(!dests(&st, 0, "move").contains(&sq(4, 2)), "nor walked in");
    // Failed CH AGI: ENE spent, no movement.
    let log = play(&mut st, &["a1 swim 4,2"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI swim 5 r6"]);
    assert_eq!((st.ch(0).pos, st.ch(0).ene), (sq(3, 2), 6));
    // A MOV 2 swimmer crosses the 2-wide pond to the far bank in one action.
    let fast = C::new(
        serde_json::json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 2}),
        0,
        0,
    );
    let st = on(&POND, fast, 2, 2);
    assert!(dests(&st, 0, "swim").contains(&sq(4, 2)));
    assert!(!dests(&st, 0, "swim").contains(&sq(5, 2)), "3 K");
}

pub(crate) const CHASM: [&str; 5] = [
    "..._......",
    "..._......",
    "..._......",
    "..._......",
    "..._......",
];

#[test]
fn salto_de_longitud_jumps_over_a_gap_by_the_agi_table() {
    // AGI 5, MOV 1: MOV × 2 = 2 K, straight over the gap.
    let mut st = on(&CHASM, C::std(0, 0), 2, 2);
    assert!(
        dests(&st, 0, "move").iter().all(|p| p.x < 3),
        "a gap is not walked"
    );
    assert_eq!(dests(&st, 0, "jump"), [sq(4, 0), sq(4, 2), sq(4, 4)]);
    round_trips(&st);
    let log = play(&mut st, &["a1 jump 4,2"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI jump 5 r5"]);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![3], sq(4, 2)));
    // AGI ≤ 3: MOV, too short to clear anything; AGI 8: MOV × 4.
    assert!(dests(&on(&CHASM, C::new(race(4, 3, 4, 4), 0, 0), 2, 2), 0, "jump").is_empty());
    let st = on(&CHASM, C::new(race(4, 8, 4, 4), 0, 0), 2, 2);
    assert_eq!(reach(&st, 0, "jump"), 4);
    assert!(dests(&st, 0, "jump").contains(&sq(6, 2)));
}

#[test]
fn salto_de_longitud_failed_falls_into_the_void_or_the_water() {
    let mut st = on(&CHASM, C::std(0, 0), 2, 2);
    let log = play(&mut st, &["a1 jump 4,2"], &[6, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI jump 5 r6", "a1 CH DEF 0 r9"]);
    assert!(statuses(&st, &log).contains(&"a1 falls into the void".to_string()));
    let c = st.ch(0);
    assert_eq!(c.pos, sq(3, 2));
    assert!(st.dead(0) && c.has(REMOVED), "DAÑ 10 and off the table");
    // Over water, it falls in and swims on.
    let river: Vec<&str> = CHASM.iter().map(|_| "...w......").collect();
    let mut st = on(&river, C::std(0, 0), 2, 2);
    let log = play(&mut st, &["a1 jump 4,2"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI jump 5 r6"]);
    assert_eq!(st.ch(0).pos, sq(3, 2));
    assert!(st.able(0) && !dests(&st, 0, "swim").is_empty());
}

/// The position survives a save and reload unchanged (a swimmer in `w`, a body in `_` or under
/// its carrier).
fn reloads(st: &State) {
    let text = st.to_setup().to_json();
    let setup = engine::Setup::from_json(&text).unwrap();
    let back = State::from_setup(&setup, None).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.to_setup(), st.to_setup());
}

#[test]
fn new_terrains_and_bodies_reload() {
    let mut st = on(&POND, C::std(0, 0), 2, 2);
    play(&mut st, &["a1 swim 3,2"], &[5]);
    reloads(&st);
    let mut st = on(&CHASM, C::std(0, 0), 2, 2);
    play(&mut st, &["a1 jump 4,2"], &[6, 9]);
    reloads(&st);
}

/// a1 (CON 4) at (2,2) next to a2, a casualty of CON `con` at (3,2).
fn with_body(con: u8) -> State {
    position(
        &open(9, 5),
        &[
            C::std(2, 2).set("ene", 10),
            C::new(race(con, 5, 4, 4), 3, 2).set("wounds", con),
        ],
        &[C::std(8, 4).facing("S")],
        0,
    )
}

#[test]
fn mover_cargado_carries_a_body_by_its_weight() {
    // CON 2 ≤ CON/2: as difficult terrain (ENE 1 + 1); the body comes along.
    let mut st = with_body(2);
    assert!(dests(&st, 0, "carry").contains(&sq(1, 2)));
    round_trips(&st);
    let log = play(&mut st, &["a1 carry a2 1,2"], &[]);
    assert_eq!(spent(&log), [2]);
    assert_eq!((st.ch(0).pos, st.ch(1).pos), (sq(1, 2), sq(1, 2)));
    reloads(&st);
    // It can be carried on from under its carrier.
    assert!(dests(&st, 0, "carry").contains(&sq(0, 2)));
    // CON 4 ≤ CON: very difficult (ENE 1 + 2). CON 5 > CON: not at all.
    let mut st = with_body(4);
    let log = play(&mut st, &["a1 carry a2 1,2"], &[]);
    assert_eq!(spent(&log), [3]);
    assert!(dests(&with_body(5), 0, "carry").is_empty());
    // Only bodies: an able ally is not carried.
    let st = position(
        &open(9, 5),
        &[C::std(2, 2), C::std(3, 2)],
        &[C::std(8, 4).facing("S")],
        0,
    );
    assert!(dests(&st, 0, "carry").is_empty());
}

#[test]
fn critical_in_a_movement_action_moves_one_k_more() {
    // «Crítico en acciones de movimiento.- Mueve +1 K»: a critical jump lands 1 K further on,
    // straight, facing kept.
    let mut st = on(&CHASM, C::std(0, 0), 2, 2);
    let log = play(&mut st, &["a1 jump 4,2"], &[1]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI jump 5 r1"]);
    assert!(statuses(&st, &log).contains(&"a1 moves 1 K more (critical)".to_string()));
    assert_eq!(st.ch(0).pos, sq(5, 2));
    assert_eq!(spent(&log), [3], "the extra klik is free");
    // Not onto an enemy's 1 K (Restricciones): with b2 on 6,2 it stays on 4,2.
    let board = rows(&CHASM);
    let mut st = position(
        &board,
        &[C::std(2, 2).set("ene", 10)],
        &[C::std(6, 2).facing("E"), C::std(9, 4).facing("S")],
        0,
    );
    play(&mut st, &["a1 jump 4,2"], &[1]);
    assert_eq!(st.ch(0).pos, sq(4, 2));
    // Nor off the board: a critical jump to the edge stays there.
    let edge = ["..._.", "..._.", "..._."];
    let mut st = on(&edge, C::std(0, 0), 2, 0);
    play(&mut st, &["a1 jump 4,0"], &[1]);
    assert_eq!(st.ch(0).pos, sq(4, 0));
}
