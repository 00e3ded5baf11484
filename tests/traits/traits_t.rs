//! BONUS Y MALUS in play, share T: the six traits of issue 15 still left after share F —
//! Artillero, Levitador, Araña, Pista de aterrizaje, Súper salto, Mecha (RULES.md, "Traits in
//! play, share T"), each with scripted dice and an exact outcome.

use super::gun;
use crate::build::*;
use crate::transport::{owner, with_transports};
use engine::State;
use serde_json::{json, Value};

/// A truck (ENE 2, MOV 8, DEF 4, CAL 3, Capacidad (2)) with `traits`.
fn truck_with(traits: &[&str]) -> Value {
    let mut t = vec!["Capacidad (2)"];
    t.extend_from_slice(traits);
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 3, "traits": t})
}

/// A1 drives a truck at (3, 3) facing E that moved `moved` K this turn; A2 (`crew`) aboard;
/// B1 (`b`) 6 K south facing S (its back to the truck); B2 far away. `actor`: A2 (1) or B1 (2).
pub(crate) fn crew(crew: C, b: C, moved: u8, actor: usize) -> State {
    let a = [
        owner(3, 3, truck_with(&[])).set("aboard", "t1"),
        crew.set("at", [3, 3]).set("aboard", "t1"),
    ];
    load(&with_transports(
        setup_json(
            &open(10, 14),
            &a,
            &[
                b.set("at", [3, 9]).facing("S"),
                C::std(9, 13).status("acted"),
            ],
            actor,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1",
                "started": true, "moved": moved}]),
    ))
}

#[test]
fn artillero_shoots_from_and_at_a_moving_transport_without_the_speed_malus() {
    let shooter = |traits: &[&str]| C::new(race_t(4, 5, 4, 4, traits), 0, 0).weapon(gun(3, &[]));
    // The crew fires from the truck: after 8 K this turn, Por velocidad −1 (CH IMP 4): a 5 fails.
    let mut st = crew(shooter(&[]), C::std(0, 0), 8, 1);
    let log = play(&mut st, &["a2 shoot b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a2 CH IMP 4 r5"]);
    // After 5 K it is no malus.
    let mut st = crew(shooter(&[]), C::std(0, 0), 5, 1);
    let log = play(&mut st, &["a2 shoot b1 w1", "pass"], &[6]);
    assert_eq!(checks(&st, &log), ["a2 CH IMP 5 r6"]);
    // Artillero: none after 8 K either.
    let mut st = crew(shooter(&["Artillero"]), C::std(0, 0), 8, 1);
    let log = play(&mut st, &["a2 shoot b1 w1", "pass"], &[6]);
    assert_eq!(checks(&st, &log), ["a2 CH IMP 5 r6"]);
    // At the moving truck: B1's CH IMP 5 − 1 (a 5 fails), an Artillero's 5.
    let mut st = crew(C::std(0, 0), shooter(&[]), 8, 2);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], &[5]);
    assert_eq!(checks(&st, &log), ["b1 CH IMP transport 4 r5"]);
    let mut st = crew(C::std(0, 0), shooter(&["Artillero"]), 8, 2);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], &[6]);
    assert_eq!(checks(&st, &log), ["b1 CH IMP transport 5 r6"]);
}

/// A1 (the standard race with `traits`) on (1, 5) of a 10 × 10 board whose column 2 is deep
/// water and whose (1, 4) is difficult; B1 far away.
fn river(traits: &[&str]) -> State {
    let mut board = open(10, 10);
    for row in board.iter_mut() {
        row.replace_range(2..3, "w");
    }
    board[4].replace_range(1..2, ",");
    position(
        &board,
        &[with_traits(traits).set("at", [1, 5])],
        &[C::std(9, 9)],
        0,
    )
}

fn with_traits(traits: &[&str]) -> C {
    C::new(race_t(4, 5, 4, 4, traits), 0, 0)
}

#[test]
fn levitador_floats_over_rough_ground_water_and_gaps() {
    // On foot the river stops it and the difficult square costs 1 more.
    let st = river(&[]);
    assert!(!legal(&st, "a1 run 3,5"));
    let mut st = river(&[]);
    assert_eq!(spent(&play(&mut st, &["a1 move 1,4"], &[])), [2]);
    // Floating: over the water (Correr, 2 K, ENE 2) and the rough ground at no surcharge …
    let mut st = river(&["Levitador"]);
    assert_eq!(spent(&play(&mut st, &["a1 run 3,5"], &[])), [2]);
    assert_eq!(st.ch(0).pos, sq(3, 5));
    let mut st = river(&["Levitador"]);
    assert_eq!(spent(&play(&mut st, &["a1 move 1,4"], &[])), [1]);
    // … but it does not stop over the water.
    assert!(!legal(&river(&["Levitador"]), "a1 move 2,5"));
}

/// Rows 0..=2 a 3 K building, row 6 a line of high obstacles; A1 (`traits`) in the street on
/// (4, 3); B1 far away.
fn walls(traits: &[&str], at: [u8; 2]) -> State {
    let mut board = open(9, 10);
    board[6] = "HHHHHHHHH".into();
    let mut v = setup_json(
        &board,
        &[with_traits(traits).set("at", at)],
        &[C::std(0, 9)],
        0,
        10,
    );
    let mut h = vec!["333333333"; 3];
    h.extend(vec!["000000000"; 7]);
    v["board"]["heights"] = json!(h);
    load(&v)
}

#[test]
fn arana_walks_up_walls_and_over_high_obstacles_as_easy_ground() {
    // On foot a base keeps to its level and a high obstacle stops it.
    assert!(!legal(&walls(&[], [4, 3]), "a1 move 4,2"));
    assert!(!legal(&walls(&[], [4, 5]), "a1 run 4,7"));
    // Araña: up the building's face onto the roof (Mover, ENE 1): its feet are 3 K up.
    let mut st = walls(&["Araña"], [4, 3]);
    assert_eq!(spent(&play(&mut st, &["a1 move 4,2"], &[])), [1]);
    assert_eq!((st.ch(0).pos, st.feet(0)), (sq(4, 2), 3));
    // Over the high obstacles (Correr 2 K, ENE 2), never stopping on one.
    let mut st = walls(&["Araña"], [4, 5]);
    assert!(!legal(&st, "a1 move 4,6"));
    assert_eq!(spent(&play(&mut st, &["a1 run 4,7"], &[])), [2]);
    assert_eq!(st.ch(0).pos, sq(4, 7));
}

/// A1 (`traits`) on (0, 2) of a 40 × 5 board with `row` as row 2; B1 far away.
fn strip(traits: &[&str], row: &str) -> State {
    let mut board = open(40, 5);
    board[2] = row.into();
    position(
        &board,
        &[with_traits(traits).set("at", [0, 2])],
        &[C::std(39, 4)],
        0,
    )
}

#[test]
fn pista_de_aterrizaje_needs_thirty_k_of_clear_ground_in_a_line() {
    let clear = ".".repeat(40);
    let plane = ["Planeador", "Pista de aterrizaje"];
    // Without it a Planeador takes off straight up.
    assert!(legal(&strip(&["Planeador"], &clear), "a1 altitude 2 0,2"));
    // With it: not straight up, not towards the board's edge, only along 30 K of clear ground.
    let st = strip(&plane, &clear);
    assert!(!legal(&st, "a1 altitude 2 0,2"));
    assert!(!legal(&st, "a1 altitude 2 0,1"));
    let mut st = strip(&plane, &clear);
    assert_eq!(spent(&play(&mut st, &["a1 altitude 2 1,2"], &[])), [3]);
    assert_eq!((st.ch(0).pos, st.ch(0).alt), (sq(1, 2), 2));
    // A chest-high obstacle 20 K down the run closes it; 30 K on, it does not.
    let mut row = clear.clone();
    row.replace_range(20..21, "o");
    assert!(!legal(&strip(&plane, &row), "a1 altitude 2 1,2"));
    let mut row = clear.clone();
    row.replace_range(30..31, "o");
    assert!(legal(&strip(&plane, &row), "a1 altitude 2 1,2"));
}

/// A1 (`traits`) on (1, 5) of a 14 × 10 board with `row` as row 5 and terrain heights `h` on
/// row 5 (one digit per square); B1 far away.
fn leaps(traits: &[&str], row: &str, h: &str) -> State {
    let mut board = open(14, 10);
    board[5] = row.into();
    let mut v = setup_json(
        &board,
        &[with_traits(traits).set("at", [1, 5])],
        &[C::std(13, 0)],
        0,
        10,
    );
    let mut heights = vec!["0".repeat(14); 10];
    heights[5] = h.into();
    v["board"]["heights"] = json!(heights);
    load(&v)
}

#[test]
fn super_salto_leaps_ten_k_with_ch_agi_on_rough_ground() {
    let row = "...HH....,...#";
    let flat = "00000000000000";
    assert!(!legal(&leaps(&[], row, flat), "a1 super-jump 6,5"));
    // Over the high obstacles, 5 K on easy ground: ENE 5, no check.
    let mut st = leaps(&["Súper salto"], row, flat);
    assert_eq!(spent(&play(&mut st, &["a1 super-jump 6,5"], &[])), [5]);
    assert_eq!(st.ch(0).pos, sq(6, 5));
    // At most 10 K, never past a wall.
    let st = leaps(&["Súper salto"], row, flat);
    assert!(legal(&st, "a1 super-jump 11,5"));
    assert!(!legal(&st, "a1 super-jump 12,5"));
    // Landing on difficult ground: CH AGI 5; a 6 fails: ENE −2 and CH CON 4; a 5 fails: 3
    // wounds (their CH PSI: a 1 passes).
    let mut st = leaps(&["Súper salto"], row, flat);
    let log = play(&mut st, &["a1 super-jump 9,5"], &[6, 5, 1]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI super jump 5 r6",
            "a1 CH CON super jump 4 r5",
            "a1 CH PSI 4 r1"
        ]
    );
    assert_eq!(spent(&log), [5]);
    assert_eq!(
        (st.ch(0).pos, st.ch(0).ene, st.ch(0).wounds),
        (sq(9, 5), 1, 3)
    );
    // Onto a 3 K roof, not a 4 K one.
    let st = leaps(&["Súper salto"], "..............", "00000300004000");
    assert!(legal(&st, "a1 super-jump 5,5"));
    assert!(!legal(&st, "a1 super-jump 10,5"));
}

/// A mecha (ENE 1, MOV 3, DEF 4, CAL 3) or a truck driven by A1 at (3, 3) facing E, started;
/// B1 (a sword) on `b1`.
fn mech(traits: &[&str], b1: [u8; 2], actor: usize) -> State {
    let t = json!({"name": "Robot", "ene": 1, "mov": 3, "def": 4, "quality": 3, "traits": traits});
    load(&with_transports(
        setup_json(
            &open(10, 10),
            &[owner(3, 3, t).set("aboard", "t1").weapon(sword())],
            &[
                C::std(0, 0).set("at", b1).weapon(sword()),
                C::std(9, 9).status("acted"),
            ],
            actor,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1", "started": true}]),
    ))
}

#[test]
fn mecha_walks_like_a_character_and_fights_in_melee() {
    // A vehicle drives straight ahead; a mecha walks anywhere, facing the way it went.
    assert!(!legal(&mech(&[], [8, 8], 0), "a1 drive 3,5"));
    let mut st = mech(&["Mecha"], [8, 8], 0);
    assert_eq!(spent(&play(&mut st, &["a1 drive 2,5"], &[])), [1]);
    assert_eq!(
        (st.transport(0).pos, st.transport(0).facing, st.ch(0).pos),
        (sq(2, 5), engine::basics::geom::Facing::SW, sq(2, 5))
    );
    // Its Pivotar is a character's: ENE 1.
    let mut st = mech(&["Mecha"], [8, 8], 0);
    assert_eq!(spent(&play(&mut st, &["a1 pivot-transport W"], &[])), [1]);
    // An enemy in contact attacks it in melee: CH IMP 5 r3, its CH DEF 4 r9: DAÑ 2 wounds.
    assert!(!legal(&mech(&[], [3, 4], 1), "b1 melee-transport t1 w1"));
    let mut st = mech(&["Mecha"], [3, 4], 1);
    let log = play(&mut st, &["b1 melee-transport t1 w1"], &[3, 9]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP mecha 5 r3", "b1 CH DEF transport 4 r9"]
    );
    assert_eq!(st.transport(0).wounds, 2);
    // Its pilot fights from it the enemies in contact with it (CH IMP 5 r3; B1's CH DEF 0 r9:
    // DAÑ 2; its CH PSI r1).
    let mut st = mech(&["Mecha"], [3, 4], 0);
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[3, 9, 1]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r1"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    assert!(!legal(&mech(&[], [3, 4], 0), "a1 melee b1 w1"));
}

#[test]
fn the_crew_may_react_with_a_shot_from_the_transport() {
    // B1 shoots the truck (CH IMP r8: a miss); A2 aboard (facing S, B1 in sight) reacts: its
    // CH VOL 4 r3, then a shot from the truck is among its reactions.
    let gunman = C::std(0, 0).weapon(gun(3, &[])).facing("S");
    let mut st = crew(gunman, C::std(0, 0).weapon(gun(3, &[])), 0, 2);
    let log = play(&mut st, &["b1 shoot-transport t1 w1", "a2 react"], &[8, 3]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH IMP transport 5 r8", "a2 CH VOL reaction 4 r3"]
    );
    let all = all_legal(&st);
    assert!(
        all.iter().any(|a| a.starts_with("a2 shoot b1 w1")),
        "{all:?}"
    );
}
