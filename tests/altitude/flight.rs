//! MOVIMIENTO / Alturas: Cambiar de altitud, Despegar / aterrizar and Volar en altura 3 (no two
//! non-movement actions in a row) (RULES.md, "Alturas").

use super::*;

fn with_trait(t: &str) -> C {
    C::new(race_t(4, 5, 4, 4, &[t]), 0, 0).set("ene", 10)
}

#[test]
fn despegar_and_aterrizar_need_a_flight_trait_and_go_one_level_in_a_line() {
    // No flight trait: nothing. Planeador: up to 2, 3 ENE, its own square or 1 K (MOV 1) away.
    let st = position(
        &open(5, 5),
        &[C::std(2, 2).set("ene", 10)],
        &[C::std(4, 4).facing("N")],
        0,
    );
    assert!(!all_legal(&st).iter().any(|a| a.contains("altitude")));
    let st = position(
        &open(5, 5),
        &[with_trait("Planeador").set("at", [2, 2])],
        &[C::std(4, 4).facing("N")],
        0,
    );
    let ups: Vec<String> = all_legal(&st)
        .into_iter()
        .filter(|a| a.contains("altitude") && !a.ends_with('+'))
        .collect();
    assert_eq!(ups.len(), 9, "{ups:?}");
    assert!(
        ups.contains(&"a1 altitude 2 2,2".to_string())
            && ups.contains(&"a1 altitude 2 1,1".to_string())
    );
    let mut st2 = st.clone();
    let log = play(&mut st2, &["a1 altitude 2 2,1"], &[]);
    assert_eq!(spent(&log), [3]);
    assert_eq!((st2.ch(0).pos, st2.ch(0).alt), (sq(2, 1), ALT_LOW));
    assert!(
        st2.parse_action("a1 despegar 2 2,1").is_err(),
        "a flyer at 2 cannot go to 2"
    );
    // At 2 a Planeador may only come down (its highest is 2); landing costs 3 too.
    let st = position(
        &open(5, 5),
        &[with_trait("Planeador").set("at", [2, 2]).set("altitude", 2)],
        &[C::std(4, 4).facing("N")],
        0,
    );
    let alts: Vec<String> = all_legal(&st)
        .into_iter()
        .filter(|a| a.contains("altitude"))
        .collect();
    assert!(
        !alts.is_empty() && alts.iter().all(|a| a.starts_with("a1 altitude 1 ")),
        "{alts:?}"
    );
    // Sub: down to −1 (the «altura -3»), not up.
    let st = position(
        &open(5, 5),
        &[with_trait("Sub").set("at", [2, 2])],
        &[C::std(4, 4).facing("N")],
        0,
    );
    let alts: Vec<String> = all_legal(&st)
        .into_iter()
        .filter(|a| a.contains("altitude"))
        .collect();
    assert!(
        !alts.is_empty() && alts.iter().all(|a| a.starts_with("a1 altitude -1 ")),
        "{alts:?}"
    );
    // A mini placed at 2 without a trait may still land (never up).
    let st = position(
        &open(5, 5),
        &[C::std(2, 2).set("altitude", 2)],
        &[C::std(4, 4).facing("N")],
        0,
    );
    assert!(legal(&st, "a1 altitude 1 2,2") && !legal(&st, "a1 altitude 3 2,2"));
    // Not onto a wall at 2, not landing on a wall, next to an enemy on the ground, or on a base.
    let st = position(
        &rows(&[".....", ".#...", ".....", ".....", "....."]),
        &[with_trait("Planeador").set("at", [2, 2])],
        &[C::std(4, 4).facing("N")],
        0,
    );
    assert!(!legal(&st, "a1 altitude 2 1,1"));
    let st = position(
        &open(5, 5),
        &[C::std(2, 2).set("altitude", 2)],
        &[C::std(3, 3).facing("N")],
        0,
    );
    assert!(!legal(&st, "a1 altitude 1 2,2") && legal(&st, "a1 altitude 1 1,1"));
}

#[test]
fn changing_altitude_on_difficult_ground_needs_ch_agi() {
    let board = rows(&[".....", ".....", "..,..", ".....", "....."]);
    // Retros (1 ENE a change): on difficult terrain a CH AGI; failed: ENE −3 and it stays.
    let mut st = position(
        &board,
        &[with_trait("Retros").set("at", [2, 2])],
        &[C::std(4, 4).facing("N")],
        0,
    );
    let log = play(&mut st, &["a1 altitude 2 2,1"], &[7]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI altitude 5 r7"]);
    assert_eq!(
        (st.ch(0).pos, st.ch(0).alt, st.ch(0).ene),
        (sq(2, 2), ALT_GROUND, 10 - 1 - 3)
    );
    // Fumbled: 3 wounds too.
    let mut st = position(
        &board,
        &[with_trait("Retros").set("at", [2, 2])],
        &[C::std(4, 4).facing("N")],
        0,
    );
    let log = play(&mut st, &["a1 altitude 2 2,2"], &[10, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI altitude 5 r10", "a1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(0).wounds, 3);
    // Passed: up.
    let mut st = position(
        &board,
        &[with_trait("Retros").set("at", [2, 2])],
        &[C::std(4, 4).facing("N")],
        0,
    );
    play(&mut st, &["a1 altitude 2 2,2"], &[5]);
    assert_eq!(st.ch(0).alt, ALT_LOW);
    // From 2 to 3 there is no ground: no check.
    let mut st = position(
        &board,
        &[with_trait("Retros").set("at", [2, 2]).set("altitude", 2)],
        &[C::std(4, 4).facing("N")],
        0,
    );
    play(&mut st, &["a1 altitude 3 2,2"], &[]);
    assert_eq!(st.ch(0).alt, ALT_HIGH);
    // Planeador: a failed CH AGI calls a CH CON; failing it is the 3 wounds.
    let mut st = position(
        &board,
        &[with_trait("Planeador").set("at", [2, 2])],
        &[C::std(4, 4).facing("N")],
        0,
    );
    let log = play(&mut st, &["a1 altitude 2 2,2"], &[8, 9, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH AGI altitude 5 r8",
            "a1 CH CON altitude 4 r9",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).ene), (3, 10 - 3 - 3));
}

#[test]
fn at_altitude_three_no_two_non_movement_actions_in_a_row() {
    let flyer = |t: &str| {
        with_trait(t)
            .set("at", [2, 2])
            .set("altitude", 3)
            .facing("S")
    };
    let mut st = position(
        &open(7, 7),
        &[flyer("Retros")],
        &[C::std(6, 6).facing("N")],
        0,
    );
    assert!(legal(&st, "a1 concentrate"));
    play(&mut st, &["a1 concentrate"], &[]);
    assert!(st.ch(0).has(HIGH_STILL));
    let after: Vec<String> = all_legal(&st);
    assert!(
        !after
            .iter()
            .any(|a| a == "a1 concentrate" || a == "a1 guard"),
        "{after:?}"
    );
    assert!(after.iter().any(|a| a.starts_with("a1 move")));
    // A movement clears it.
    let to = after
        .iter()
        .find(|a| a.starts_with("a1 move"))
        .unwrap()
        .clone();
    play(&mut st, &[&to], &[]);
    assert!(!st.ch(0).has(HIGH_STILL) && legal(&st, "a1 guard"));
    // Aerostático: any action in a row.
    let mut st = position(
        &open(7, 7),
        &[flyer("Aerostático")],
        &[C::std(6, 6).facing("N")],
        0,
    );
    play(&mut st, &["a1 concentrate"], &[]);
    assert!(legal(&st, "a1 guard"));
    // The mark is saved and loaded.
    let mut st = position(
        &open(7, 7),
        &[flyer("Retros")],
        &[C::std(6, 6).facing("N")],
        0,
    );
    play(&mut st, &["a1 concentrate"], &[]);
    let s = st.to_setup();
    assert!(s.sides.a[0].status.contains(&"high_still".to_string()));
    assert_eq!(
        State::from_setup(&s, None).unwrap().fingerprint(),
        st.fingerprint()
    );
}
