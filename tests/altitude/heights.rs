//! MOVIMIENTO / Alturas de movimiento and Relación entre alturas: heights and altitudes in
//! position files, line of sight and cover across heights, who may act on whom, walking on one
//! level and flying over the rest (RULES.md, "Alturas").

use super::*;

fn load_err(v: &Value) -> String {
    let s = Setup::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"));
    State::from_setup(&s, None).unwrap_err().to_string()
}

fn shooter() -> C {
    C::std(0, 0).weapon(weapon(2, 3, 10, 3, &[]))
}

fn target() -> C {
    C::std(0, 0).prot(prot(1, 2, 4, 4, &[])).facing("S")
}

/// Rows 0..=2 a 3 K building (flat roof), the street below; a chest-high wall on (4, 6).
fn rooftop(a: C, b: C) -> State {
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    let mut h = vec!["333333333"; 3];
    h.extend(vec!["000000000"; 7]);
    load(&with_heights(&board, &h, &[a], &[b]))
}

#[test]
fn heights_and_altitudes_load_save_and_show() {
    let st = rooftop(shooter().set("at", [4, 2]), target().set("at", [4, 7]));
    assert!(st.board().has_heights());
    assert_eq!(st.board().terrain_height(sq(0, 0)), 3);
    assert_eq!(st.board().terrain_height(sq(0, 3)), 0);
    assert_eq!((st.feet(0), st.feet(1)), (3, 0));
    // Save → load is the identity, heights and altitudes included.
    let s = st.to_setup();
    assert_eq!(
        s.board.heights.as_ref().map(|r| r[0].as_str()),
        Some("333333333")
    );
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.fingerprint(), st.fingerprint());
    assert_eq!(back.to_setup(), s);
    // A flyer keeps its altitude through a save; a flat board writes no heights.
    let flyer = position(
        &open(6, 6),
        &[C::std(1, 1).set("altitude", 2)],
        &[C::std(4, 4)],
        0,
    );
    assert_eq!(flyer.ch(0).alt, ALT_LOW);
    let s = flyer.to_setup();
    assert!(s.board.heights.is_none());
    assert_eq!(s.sides.a[0].altitude, 2);
    assert_eq!(s.sides.b[0].altitude, 1);
    assert!(!s.to_json().contains("\"heights\""));
    assert_eq!(State::from_setup(&s, None).unwrap().ch(0).alt, ALT_LOW);
    // All-zero heights are a flat board.
    let st = load(&with_heights(
        &open(3, 2),
        &["000", "000"],
        &[C::std(0, 0)],
        &[C::std(2, 1)],
    ));
    assert!(!st.board().has_heights());
}

#[test]
fn bad_heights_and_altitudes_are_refused_with_the_field() {
    let a = [C::std(0, 0)];
    let b = [C::std(2, 1)];
    let e = load_err(&with_heights(&open(3, 2), &["000"], &a, &b));
    assert!(
        e.starts_with("board.heights: board heights: 1 rows for a board of 2"),
        "{e}"
    );
    let e = load_err(&with_heights(&open(3, 2), &["000", "0a0"], &a, &b));
    assert!(
        e.contains("board.heights") && e.contains("'a'") && e.contains("row 1, column 1"),
        "{e}"
    );
    let e = load_err(&with_heights(&open(3, 2), &["000", "00"], &a, &b));
    assert!(e.contains("row 1 has 2 heights for 3 squares"), "{e}");
    for bad in [0, 5, -3] {
        let v = setup_json(&open(3, 2), &[C::std(0, 0).set("altitude", bad)], &b, 0, 10);
        let e = load_err(&v);
        assert!(
            e.starts_with("sides.A[0].altitude:") && e.contains("not a movement altitude"),
            "{e}"
        );
    }
    // A flyer inside a wall; nothing under a gap; a walker still cannot stand in a wall.
    let v = setup_json(
        &rows(&["#..", "..."]),
        &[C::std(0, 0).set("altitude", 2)],
        &b,
        0,
        10,
    );
    assert_eq!(
        load_err(&v),
        "sides.A[0].altitude: a flyer at altitude 2 on 0,0 would be inside a wall"
    );
    let v = setup_json(
        &rows(&["_..", "..."]),
        &[C::std(0, 0).set("altitude", -1)],
        &b,
        0,
        10,
    );
    assert!(load_err(&v).contains("gap"));
    let v = setup_json(&rows(&["#..", "..."]), &[C::std(0, 0)], &b, 0, 10);
    assert!(load_err(&v).starts_with("sides.A[0].at:"));
    // Over a high obstacle, water or a gap a flyer is fine; at 3 and 4 even over a wall.
    for (row, alt) in [("H..", 2), ("w..", 2), ("_..", 2), ("#..", 3), ("#..", 4)] {
        let v = setup_json(
            &rows(&[row, "..."]),
            &[C::std(0, 0).set("altitude", alt)],
            &b,
            0,
            10,
        );
        let s = Setup::from_json(&v.to_string()).unwrap();
        assert!(State::from_setup(&s, None).is_ok(), "{row} {alt}");
    }
}

#[test]
fn from_the_roof_a_chest_high_wall_gives_no_cover() {
    // In the street (the same squares, flat board): DEF 2 + 2 for the cover.
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    let mut st = position(
        &board,
        &[shooter().set("at", [4, 2])],
        &[target().set("at", [4, 7])],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4, 2]);
    assert_eq!(checks(&st, &log)[1], "b1 CH DEF 4 r4");
    // On the 3 K roof it shoots over the wall: DEF 2 alone, so the 4 fails and it is hit.
    let mut st = rooftop(shooter().set("at", [4, 2]), target().set("at", [4, 7]));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r4", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 3, "a failed CH DEF takes the full DAÑ 3");
}

#[test]
fn a_parapet_covers_a_roof_from_the_street_but_not_from_a_higher_roof() {
    // b1 on a 3 K roof (rows 0..=3) behind a parapet `o` on its edge (4, 4), itself 3 K high.
    let mut board = open(9, 12);
    board[4] = "....o....".into();
    let mut h = vec!["333333333"; 5];
    h.extend(vec!["000000000"; 7]);
    let st = load(&with_heights(
        &board,
        &h,
        &[shooter().set("at", [4, 9])],
        &[target().set("at", [4, 3])],
    ));
    assert!(
        st.sight(0, 1) && st.in_cover_from(0, 1),
        "the parapet hides it from below"
    );
    // From a 5 K tower the parapet (top 4 K) is below the shooter's feet: no cover.
    let mut h2 = h.clone();
    h2[9] = "000050000";
    let st = load(&with_heights(
        &board,
        &h2,
        &[shooter().set("at", [4, 9])],
        &[target().set("at", [4, 3])],
    ));
    assert!(st.sight(0, 1) && !st.in_cover_from(0, 1));
}

#[test]
fn a_building_blocks_sight_in_the_street_and_a_roof_sees_over_its_edge() {
    // A 3 K block across rows 4 and 5.
    let board = open(9, 10);
    let mut h = vec!["000000000"; 10];
    h[4] = "333333333";
    h[5] = "333333333";
    let st = load(&with_heights(
        &board,
        &h,
        &[shooter().set("at", [4, 1])],
        &[target().set("at", [4, 8])],
    ));
    assert!(!st.sight(0, 1) && !st.sight(1, 0));
    assert!(!legal(&st, "a1 shoot b1 w1"));
    // On the roof's far edge (4, 5) it sees down into the street; from its near edge (4, 4) the
    // line to b1 (eyes 4 K → 1 K) still clears (4, 5) (at 3.25 K over a 3 K top).
    for y in [4, 5] {
        let st = load(&with_heights(
            &board,
            &h,
            &[shooter().set("at", [4, y])],
            &[target().set("at", [4, 8])],
        ));
        assert!(st.sight(0, 1), "from (4, {y})");
        assert!(legal(&st, "a1 shoot b1 w1"));
    }
    // Two squares back from the edge the roof hides the street close under it.
    let mut h3 = vec!["000000000"; 10];
    for r in h3.iter_mut().take(6) {
        *r = "333333333";
    }
    let st = load(&with_heights(
        &board,
        &h3,
        &[shooter().set("at", [4, 3])],
        &[target().set("at", [4, 7])],
    ));
    assert!(!st.sight(0, 1), "(4, 5): 4·4 − 3·2 = 10 < 12");
    // Range is measured on the table (horizontally): 5 K from the roof is 5 K.
    let st = load(&with_heights(
        &board,
        &h,
        &[shooter().set("at", [4, 5])],
        &[target().set("at", [4, 8])],
    ));
    assert_eq!(st.ch(0).pos.dist(st.ch(1).pos), 3);
}

#[test]
fn only_the_same_altitude_interacts_except_shots_between_one_and_two() {
    let fly = |alt: i8, x: u8, y: u8| {
        C::std(x, y)
            .weapon(weapon(2, 3, 10, 3, &[]))
            .weapon(sword())
            .set("altitude", alt)
    };
    // a1 flying at altitude 2, b1 on the ground 4 K away: they may shoot each other.
    let st = position(&open(9, 9), &[fly(2, 4, 1)], &[fly(1, 4, 5).facing("N")], 0);
    assert!(legal(&st, "a1 shoot b1 w1"));
    assert!(
        !all_legal(&st).iter().any(|a| a.starts_with("a1 charge")),
        "no charge across altitudes"
    );
    let st = position(&open(9, 9), &[fly(1, 4, 1)], &[fly(2, 4, 5).facing("N")], 0);
    assert!(legal(&st, "a1 shoot b1 w1"));
    // In base contact across altitudes nobody is engaged, and there is no melee.
    let st = position(&open(9, 9), &[fly(2, 4, 4)], &[fly(1, 4, 5).facing("N")], 0);
    assert!(!st.engaged(0) && !st.engaged(1));
    assert!(!legal(&st, "a1 melee b1 w2"));
    assert!(
        legal(&st, "a1 shoot b1 w1"),
        "a shot from the air at the mini below"
    );
    // At the same altitude 2 they are engaged and fight.
    let st = position(&open(9, 9), &[fly(2, 4, 4)], &[fly(2, 4, 5).facing("N")], 0);
    assert!(st.engaged(0) && legal(&st, "a1 melee b1 w2"));
    // Altitude 3 and 1: not even a shot; nor 2 and 3, nor −1 and 1.
    for (x, y) in [(3, 1), (2, 3), (-1, 1)] {
        let st = position(&open(9, 9), &[fly(x, 4, 1)], &[fly(y, 4, 5).facing("N")], 0);
        assert!(!any_attack(&st, 0), "{x} vs {y}");
    }
}

#[test]
fn on_foot_a_base_keeps_to_its_level() {
    // a1 on a 2 K roof of 3 × 3 squares in the corner; the street around it.
    let mut h = vec!["000000"; 6];
    h[0] = "222000";
    h[1] = "222000";
    h[2] = "222000";
    let st = load(&with_heights(
        &open(6, 6),
        &h,
        &[C::std(1, 1)],
        &[C::std(5, 5).facing("N")],
    ));
    let mut d = dests(&st, 0, "run");
    d.sort_by_key(|p| (p.y, p.x));
    let roof: Vec<_> = (0..3)
        .flat_map(|y| (0..3).map(move |x| sq(x, y)))
        .filter(|&p| p != sq(1, 1))
        .collect();
    assert_eq!(d, roof, "Correr (2 K) stays on the roof");
    // Down in the street the roof is out of reach on foot.
    let st = load(&with_heights(
        &open(6, 6),
        &h,
        &[C::std(3, 3)],
        &[C::std(5, 5).facing("N")],
    ));
    assert!(dests(&st, 0, "run")
        .iter()
        .all(|p| st.board().terrain_height(*p) == 0));
}

#[test]
fn flyers_cross_anything_but_walls_and_high_altitude_moves_its_full_mov() {
    let board = rows(&[".....", ".H#..", ".w_..", ".....", "....."]);
    let st = position(
        &board,
        &[C::std(0, 1).set("altitude", 2)],
        &[C::std(4, 4).facing("N")],
        0,
    );
    let d = dests(&st, 0, "run");
    assert!(
        d.contains(&sq(1, 1)) && d.contains(&sq(1, 2)) && d.contains(&sq(2, 2)),
        "{d:?}"
    );
    assert!(!d.contains(&sq(2, 1)), "a wall reaches altitude 2");
    // The ground does not cost a flyer: Correr over the obstacle costs its 2 ENE.
    let mut st2 = st.clone();
    let log = play(&mut st2, &["a1 run 1,2"], &[]);
    assert_eq!(spent(&log), [2]);
    assert_eq!(st2.ch(0).pos, sq(1, 2));
    // Altitude 3: «siempre mueven su MOV completo» — Mover (MOV 1) ends exactly 1 K away,
    // Correr exactly 2 K, and even over the wall.
    let st = position(
        &board,
        &[C::std(1, 0).set("altitude", 3)],
        &[C::std(4, 4).facing("N")],
        0,
    );
    assert!(dests(&st, 0, "move").iter().all(|p| p.dist(sq(1, 0)) == 1));
    let d = dests(&st, 0, "run");
    assert!(!d.is_empty() && d.iter().all(|p| p.dist(sq(1, 0)) == 2));
    assert!(d.contains(&sq(2, 2)));
    // No Escalar, 180°, Nadar or Salto in the air.
    let st = position(
        &board,
        &[C::std(0, 1).set("altitude", 2).set("ene", 10)],
        &[C::std(4, 4).facing("N")],
        0,
    );
    assert!(dests(&st, 0, "climb").is_empty() && dests(&st, 0, "turn180").is_empty());
}

#[test]
fn a_flyer_is_not_held_off_by_enemies_below_it() {
    // b1 on the ground at (2, 2); a1 at altitude 2 may end next to it (no 1 K restriction
    // across altitudes) but not on its square (bases never overlap).
    let st = position(
        &open(5, 5),
        &[C::std(0, 2).set("altitude", 2)],
        &[C::std(2, 2).facing("N")],
        0,
    );
    let d = dests(&st, 0, "run");
    assert!(d.contains(&sq(1, 2)) && !d.contains(&sq(2, 2)));
    // On the ground it may not.
    let st = position(&open(5, 5), &[C::std(0, 2)], &[C::std(2, 2).facing("N")], 0);
    assert!(!dests(&st, 0, "run").contains(&sq(1, 2)));
}

#[test]
fn the_rooftop_tactic_has_the_cover_it_describes() {
    let path = wartime_tests::positions_dir().join("tactics/27_shoot_from_the_roof.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let dir = path.parent().unwrap().to_path_buf();
    let at = |p: &Value| {
        let s = Setup::from_json(&p.to_string()).unwrap();
        State::from_setup(&s, Some(&dir)).unwrap()
    };
    let mut st = at(&v["position"]);
    assert!(st.sight(0, 1) && st.sight(0, 2));
    assert!(!st.in_cover_from(0, 1), "a1's feet are above b1's low wall");
    assert!(st.in_cover_from(0, 2), "b2's parapet is above a1's feet");
    // Seen from the street (the same squares with no heights) b1 would be in cover.
    let mut flat = v["position"].clone();
    flat["board"].as_object_mut().unwrap().remove("heights");
    assert!(at(&flat).in_cover_from(0, 1));
    // The shot at b1: CH IMP 4 (Humano AGI 4), CH DEF 2 (Cota de malla), no cover: a 5 fails
    // and DAÑ 3 on 2 wounds of CON 4 kills; at b2 the same 3 passes (CH DEF 2 + 2).
    let mut st2 = st.clone();
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 3]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r3", "b1 CH DEF 2 r3"]);
    assert!(st.dead(1));
    let log = play(&mut st2, &["a1 shoot b2 w1", "pass"], &[3, 3, 2]);
    assert_eq!(
        checks(&st2, &log),
        ["a1 CH IMP 4 r3", "b2 CH DEF 4 r3", "b2 CH PSI 3 r2"]
    );
    assert_eq!(st2.ch(2).wounds, 3);
}

#[test]
fn an_area_reaches_only_the_altitudes_its_thrower_may_shoot() {
    use engine::actions::combat::aim_cover;
    let grenade = weapon(2, 3, 10, 3, &["Área (R3)"]);
    let at = |alt: i8| {
        position(
            &open(9, 9),
            &[C::std(4, 8).weapon(grenade.clone())],
            &[
                C::std(4, 2).facing("S").set("altitude", alt),
                C::std(5, 2).facing("S"),
            ],
            0,
        )
    };
    // Both on the ground: the template covers both (2 points each for a full cover).
    let both = aim_cover(&at(1), 0, 0, sq(4, 2)).0;
    // b1 at altitude 2 is still reached (1 and 2 interact at a distance); at 3 it is not.
    assert_eq!(aim_cover(&at(2), 0, 0, sq(4, 2)).0, both);
    assert!(aim_cover(&at(3), 0, 0, sq(4, 2)).0 < both);
}
