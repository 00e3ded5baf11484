//! ÁREAS and Dispersión with scripted dice: which minis an area reaches (friend and foe alike),
//! whole and half DAÑ, the direction of the attack from the area's centre, scatter (1D10 K per
//! 15 K; the Dispersión malus), walls and the board edge, the fumble and the critical, the
//! L from the wielder, the Salto chain, the legal aims and bad input.
//!
//! Standard race: CON 4, AGI 5 (CH IMP 5), VOL 4 (CH PSI 4); no protections, so every CH DEF
//! has target 0 and fails. Defenders face S (away from the attacker on row 1); the grenades
//! are quiet so that no reaction window opens unless a test wants one.

use crate::build::*;
use serde_json::{json, Value};

/// An area weapon: ENE 2, DAÑ 3, ALC `range`, CAL 3, quiet, with `Área (code)` and `extra`.
fn area_weapon(range: u8, code: &str, extra: &[&str]) -> Value {
    let mut traits = vec![format!("Área ({code})")];
    traits.extend(extra.iter().map(|s| s.to_string()));
    let mut w = json!({"name": "G", "ene": 2, "dmg": 3, "range": range, "quality": 3,
                       "traits": traits});
    w["noise"] = json!("quiet");
    w
}

fn thrower(w: Value) -> C {
    C::std(5, 1).weapon(w)
}

fn foe(x: u8, y: u8) -> C {
    C::std(x, y).facing("S")
}

#[test]
fn round_area_hits_friend_and_foe_whole_and_half() {
    // R3 at b1 (5,6): a2 beside it (4,6) wholly, b2 on the diagonal (6,7) partly, a1 far away.
    let a = [thrower(area_weapon(10, "R3", &[])), C::std(4, 6)];
    let b = [foe(5, 6), foe(6, 7)];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 2, 9, 2, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP area 5 r3",
            "a2 CH DEF 0 r9",
            "a2 CH PSI 4 r2",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "b2 CH DEF 0 r9",
            "b2 CH PSI 4 r2"
        ]
    );
    assert_eq!(
        wounds(&st),
        [0, 3, 3, 2],
        "DAÑ 3 whole; half of 3 rounds to 2"
    );
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 6))]);
    assert_eq!(st.ch(0).ene, 6, "the weapon's ENE 2");
    let s = statuses(&st, &log);
    assert!(s.contains(&"a2 is wholly covered by the area".to_string()));
    assert!(s.contains(&"b2 is partly covered by the area".to_string()));
}

#[test]
fn failed_imp_scatters_one_d10_per_fifteen_k_begun() {
    // 5 K to the aim: 1D10 (3 K), direction 9 (again) then 3 = E: the R3 lands on (8,6) and
    // reaches b2 on (7,7) partly; b1 on the aimed square is untouched.
    let a = [thrower(area_weapon(10, "R3", &[]))];
    let b = [foe(5, 6), foe(7, 7)];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,6"], &[8, 3, 9, 3, 9, 2]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(8, 6))]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP area 5 r8", "b2 CH DEF 0 r9", "b2 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st), [0, 0, 2]);
    // 16 K: two dice (A6, every 15 K begun).
    assert_eq!(engine::actions::combat::scatter_dice(16, 15), 2);
    assert_eq!(engine::actions::combat::scatter_dice(15, 15), 1);
    assert_eq!(engine::actions::combat::scatter_dice(1, 15), 1);
}

#[test]
fn scatter_stops_before_a_wall_and_at_the_board_edge() {
    // 8 K east from (6,6) towards a wall in column 8: it stops on (7,6).
    let mut board = open(11, 10);
    board[6] = "........#..".into();
    let a = [thrower(area_weapon(10, "R1", &[]))];
    let b = [foe(7, 6), foe(0, 9)];
    let mut st = position(&board, &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 6,6"], &[7, 8, 3, 9, 2]);
    assert_eq!(landed(&log), [(sq(6, 6), sq(7, 6))]);
    assert_eq!(wounds(&st), [0, 3, 0]);
    // 10 K north from (5,6): the edge stops it on row 0, next to the thrower (R1: only there).
    let a = [thrower(area_weapon(10, "R1", &[]))];
    let b = [foe(3, 0), foe(0, 9)];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 4,1"], &[7, 10, 1]);
    assert_eq!(landed(&log), [(sq(4, 1), sq(4, 0))]);
    assert_eq!(
        wounds(&st),
        [0, 0, 0],
        "(4,0) is empty; the R1 reaches nobody else"
    );
}

#[test]
fn fumble_hits_the_thrower_first_then_scatters() {
    // A9: the fumble's DAÑ 1 on a1 and the wear, then the scatter (1 K S onto b1's square).
    let a = [thrower(area_weapon(10, "R1", &[]))];
    let b = [foe(5, 7), foe(0, 9)];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,6"], &[10, 9, 2, 1, 5, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP area 5 r10",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 7))]);
    assert_eq!(wounds(&st), [1, 2, 0], "the worn weapon has DAÑ 3 − 1");
}

#[test]
fn dispersion_malus_scatters_a_hit_unless_critical() {
    let w = || area_weapon(10, "R1", &["Dispersión"]);
    // Passed, not critical: with LdV, 1D10 per 30 K (5 K: one die), 2 K to the SE.
    let b = [foe(5, 6), foe(0, 9)];
    let mut st = position(&open(11, 10), &[thrower(w())], &b, 0);
    let log = play(&mut st, &["a1 area w1 5,6"], &[3, 2, 4]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(7, 8))]);
    assert_eq!(wounds(&st), [0, 0, 0]);
    // Critical: no scatter, DAÑ + 1.
    let mut st = position(&open(11, 10), &[thrower(w())], &b, 0);
    let log = play(&mut st, &["a1 area w1 5,6"], &[1, 9]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 6))]);
    assert_eq!(
        wounds(&st),
        [0, 4, 0],
        "DAÑ 3 + 1: incapacitated, no CH PSI"
    );
}

#[test]
fn the_attack_comes_from_the_centre_of_the_area() {
    // R7 centred on (5,4); b1 on (5,7) behind a low obstacle on (5,6) as seen from the centre,
    // not from the thrower on (0,7): cover, CH DEF + 2 (DEF 1 protection: target 1 + 2 = 3).
    let mut board = open(11, 10);
    board[6] = ".....o.....".into();
    let a = [C::std(0, 7).weapon(area_weapon(10, "R7", &[]))];
    // b2 on (4,3) gives the aim: it is beside the centre (no cover from it).
    let b = [foe(5, 7).prot(prot(1, 1, 4, 4, &[])), foe(4, 3)];
    let mut st = position(&board, &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,4"], &[3, 4, 2, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP area 5 r3",
            "b1 CH DEF 3 r4",
            "b1 CH PSI 4 r2",
            "b2 CH DEF 0 r9",
            "b2 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [0, 3, 3]);
}

#[test]
fn a_line_whose_centre_lies_beyond_the_board_edge_comes_from_the_last_square() {
    // L10 south from (5,1) on a board 5 rows high: its centre (row 7) is off the board; the
    // attack comes from (5,4), the board's last square that way (found in a game of
    // trenches_3v3, where tracing cover from the centre indexed the board out of bounds).
    let a = [thrower(area_weapon(0, "L10", &[]))];
    let b = [foe(5, 3)];
    let mut st = position(&open(11, 5), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,2"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP area 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st), [0, 3]);
}

#[test]
fn line_with_alc_zero_starts_at_the_wielder_and_a_miss_does_not_scatter() {
    // L3 south from (5,1): rows 2..=4, columns 4..=6 wholly.
    let a = [thrower(area_weapon(0, "L3", &[])), C::std(4, 2)];
    let b = [foe(5, 4), foe(7, 3)];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,2"], &[3, 9, 2, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP area 5 r3",
            "a2 CH DEF 0 r9",
            "a2 CH PSI 4 r2",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [0, 3, 3, 0]);
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,2"], &[6]);
    assert!(landed(&log).is_empty(), "ALC 0: a failed CH IMP misses");
    assert_eq!(wounds(&st), [0, 0, 0, 0]);
}

#[test]
fn salto_jumps_to_the_nearest_within_three_k() {
    // S3 at b1 (5,6): the nearest to b1 within 3 K is a2 (5,8) at 2 K (before b2 at 3 K);
    // from a2 the nearest not hit is b2 (8,7), 3 K; b3 (10,0) is beyond every jump.
    let a = [thrower(area_weapon(10, "S3", &[])), C::std(5, 8)];
    let b = [foe(5, 6), foe(8, 7), foe(10, 0)];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let hit = engine::actions::combat::jumps(&st, 0, sq(5, 6), 3);
    assert_eq!(hit, [2, 1, 3]);
    // A Salto is aimed at an enemy, not at a point.
    assert!(!legal(&st, "a1 area w1 5,5"));
    let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 2, 9, 2, 9, 2]);
    assert_eq!(wounds(&st), [0, 3, 3, 3, 0]);
    assert_eq!(checks(&st, &log)[1], "a2 CH DEF 0 r9", "index order");
}

#[test]
fn legal_aims_are_enemies_and_the_squares_around_them() {
    let a = [thrower(area_weapon(10, "R3", &[]))];
    let b = [foe(5, 6), foe(10, 9)];
    let st = position(&open(11, 10), &a, &b, 0);
    let aims: Vec<String> = all_legal(&st)
        .into_iter()
        .filter(|s| s.starts_with("a1 area") && !s.ends_with('+'))
        .collect();
    // b1's square and its 8 neighbours; b2 is 9 K away (beyond ALC... within 10: 9 squares
    // on the board around (10,9): (9,8), (10,8), (9,9), (10,9)).
    assert_eq!(aims.len(), 9 + 4, "{aims:?}");
    assert!(aims.contains(&"a1 area w1 4,5".to_string()));
    assert!(
        !all_legal(&st).iter().any(|s| s.contains("shoot")),
        "an area weapon only areas"
    );
    // Aimed at a character is aimed at its square; out of reach or off the board: illegal.
    assert_eq!(
        st.parse_action("a1 area w1 b1").unwrap(),
        st.parse_action("a1 area w1 5,6").unwrap()
    );
    // 3,3 is not in the list (no enemy near it) but is a valid point: legal (free aims).
    assert!(!aims.contains(&"a1 area w1 3,3".to_string()));
    assert!(legal(&st, "a1 area w1 3,3"));
    assert!(st.parse_action("a1 area w1 40,3").is_err());
    assert!(st
        .parse_action("a1 area w2 5,6")
        .unwrap_err()
        .to_string()
        .contains("no weapon w2"));
}

#[test]
fn bad_area_codes_are_rejected_naming_the_trait() {
    for code in ["R0", "R-2", "L11", "X3"] {
        let a = [thrower(area_weapon(10, code, &[]))];
        let v = setup_json(&open(11, 10), &a, &[foe(5, 6)], 0, 10);
        let err = load_error(&v);
        assert!(err.contains("Área") && err.contains(code), "{code}: {err}");
    }
}

#[test]
fn any_valid_point_may_be_aimed_from_notation_and_invalid_ones_are_named() {
    // a1 on (5,1) with an R3 grenade (ALC 10); a wall on (1..4,3); b1 far on (5,8). The legal list
    // offers b1's square and its neighbours only; notation may aim at any point in reach, in
    // LdV, on the board, not in a wall and not a1's own square.
    let mut board = open(11, 10);
    board[3].replace_range(1..5, "####");
    let a = [thrower(area_weapon(10, "R3", &[])), C::std(8, 3)];
    let b = [foe(5, 8)];
    let st = position(&board, &a, &b, 0);
    assert!(!all_legal(&st).contains(&"a1 area w1 7,3".to_string()));
    // Its own square, a wall, behind the wall (no LdV), off the board.
    for bad in [
        "a1 area w1 5,1",
        "a1 area w1 2,3",
        "a1 area w1 2,5",
        "a1 area w1 11,3",
    ] {
        let e = st.parse_action(bad).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains(bad), "{bad}: {e}");
    }
    // Aimed at (7,3), beside a2 (8,3): CH IMP 5 r3 hits; a2 is wholly covered by the R3
    // (DAÑ 3; CH DEF 0 r9, CH PSI 4 r2); b1 far away is untouched.
    let mut st2 = st.clone();
    let log = play(&mut st2, &["a1 area w1 7,3"], &[3, 9, 2]);
    assert_eq!(landed(&log), [(sq(7, 3), sq(7, 3))]);
    assert_eq!(
        checks(&st2, &log),
        ["a1 CH IMP area 5 r3", "a2 CH DEF 0 r9", "a2 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st2), [0, 3, 0]);
    assert_eq!(st2.ch(0).ene, 6, "the weapon's ENE 2");
}
