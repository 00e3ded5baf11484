//! MOVIMIENTO / Alturas: the vertical actions on foot — Escalar to a top, Subir a un alto,
//! Dejarse caer — and Salto de longitud between roofs and down from them (RULES.md, "Alturas").

use super::*;

/// a1 on (1, 2) in the street (0 K) before a wall of squares `h` K high on row 1 (a roof on rows
/// 0 and 1); b1 far away.
fn under_wall(a: C, h: u8, extra: &[C]) -> State {
    let r = |k: u8| char::from(b'0' + k).to_string().repeat(6);
    let heights = [r(h), r(h), r(0), r(0), r(0), r(0)];
    let hs: Vec<&str> = heights.iter().map(|s| s.as_str()).collect();
    let mut a_side = vec![a.set("at", [1, 2]).set("ene", 10)];
    a_side.extend(extra.iter().cloned());
    load(&with_heights(
        &open(6, 6),
        &hs,
        &a_side,
        &[C::std(5, 5).facing("N")],
    ))
}

#[test]
fn escalar_climbs_mov_k_per_stage_to_the_top() {
    // 2 K with MOV 1: two Escalar (6 ENE), two CH AGI.
    let mut st = under_wall(C::std(0, 0), 2, &[]);
    assert!(legal(&st, "a1 scale 1,1"));
    // Not diagonally up a straight wall: a side square (1, 1) is higher than the start.
    assert!(!legal(&st, "a1 scale 0,1"));
    let log = play(&mut st, &["a1 scale 1,1"], &[3, 4]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI climb 5 r3", "a1 CH AGI climb 5 r4"]
    );
    assert_eq!(spent(&log), [6]);
    assert_eq!((st.ch(0).pos, st.feet(0)), (sq(1, 1), 2));
    // The second stage failed: back down from 1 K (≤ its height × 2: DAÑ 0), where it was.
    let mut st = under_wall(C::std(0, 0), 2, &[]);
    let log = play(&mut st, &["a1 scale 1,1"], &[3, 8]);
    assert_eq!(spent(&log), [6]);
    assert_eq!((st.ch(0).pos, st.ch(0).wounds), (sq(1, 2), 0));
    assert!(statuses(&st, &log).contains(&"a1 falls from the wall".to_string()));
    // A MOV 2 climber takes the same 2 K in one stage (3 ENE).
    let tall = C::new(
        json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 2}),
        0,
        0,
    );
    let mut st = under_wall(tall, 2, &[]);
    let log = play(&mut st, &["a1 scale 1,1"], &[5]);
    assert_eq!(spent(&log), [3]);
    assert_eq!(st.ch(0).pos, sq(1, 1));
    // Four stages would cost 12 ENE: a 4 K wall is out of a MOV 1 climber's reach.
    let st = under_wall(C::std(0, 0), 4, &[]);
    assert!(!legal(&st, "a1 scale 1,1"));
}

#[test]
fn subir_a_un_alto_by_the_agi_table_and_helpers() {
    // AGI 5, MOV 1: ×1.5 — 1 K yes, 2 K no.
    let mut st = under_wall(C::std(0, 0), 1, &[]);
    let log = play(&mut st, &["a1 leap-up 1,1"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI leap up 5 r5"]);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![3], sq(1, 1)));
    let st = under_wall(C::std(0, 0), 2, &[]);
    assert!(!legal(&st, "a1 leap-up 1,1"));
    // «La altura se incrementa si alguien ayuda»: an ally in contact adds 1 K — 2.5 K.
    let st = under_wall(C::std(0, 0), 2, &[C::std(2, 2)]);
    assert!(legal(&st, "a1 leap-up 1,1"));
    // AGI 8: ×3 (both of the last rows match: the larger).
    let agile = C::new(race(4, 8, 4, 4), 0, 0);
    assert!(legal(&under_wall(agile.clone(), 3, &[]), "a1 leap-up 1,1"));
    assert!(!legal(&under_wall(agile, 4, &[]), "a1 leap-up 1,1"));
    // Failed: the ENE is spent and it stays.
    let mut st = under_wall(C::std(0, 0), 1, &[]);
    let log = play(&mut st, &["a1 leap-up 1,1"], &[9]);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![3], sq(1, 2)));
}

#[test]
fn dejarse_caer_hurts_by_the_height_over_the_minis_size() {
    use engine::actions::movement::vertical::fall_dmg;
    // The table, for a human (1 K) and a MOV 2 mini.
    let rows: Vec<i16> = (0..=6).map(|h| fall_dmg(h, 1)).collect();
    assert_eq!(rows, [0, 0, 0, 4, 7, 10, 10]);
    assert_eq!(
        (
            fall_dmg(4, 2),
            fall_dmg(6, 2),
            fall_dmg(8, 2),
            fall_dmg(9, 2)
        ),
        (0, 4, 7, 10)
    );
    // From a 2 K roof to the street: 1 ENE, no hit.
    let on_roof = |h: u8, c: C| {
        let r = |k: u8| char::from(b'0' + k).to_string().repeat(6);
        let heights = [r(h), r(h), r(0), r(0), r(0), r(0)];
        let hs: Vec<&str> = heights.iter().map(|s| s.as_str()).collect();
        load(&with_heights(
            &open(6, 6),
            &hs,
            &[c.set("at", [1, 1]).set("ene", 10)],
            &[C::std(5, 5).facing("N")],
        ))
    };
    let mut st = on_roof(2, C::std(0, 0));
    assert!(!legal(&st, "a1 move 1,2"), "not on foot");
    let log = play(&mut st, &["a1 fall 1,2"], &[]);
    assert_eq!(
        (spent(&log), st.ch(0).pos, st.feet(0)),
        (vec![1], sq(1, 2), 0)
    );
    // From 3 K: DAÑ 4, a hit it defends with its CH DEF (DEF 2: a 4 fails, full DAÑ).
    let mut st = on_roof(3, C::std(0, 0).prot(prot(1, 2, 4, 4, &[])));
    let log = play(&mut st, &["a1 fall 1,2"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH DEF 2 r4"]);
    assert_eq!(st.ch(0).wounds, 4, "CON 4: incapacitated by the fall");
    // A critical CH DEF stops it.
    let mut st = on_roof(3, C::std(0, 0).prot(prot(1, 2, 4, 4, &[])));
    play(&mut st, &["a1 fall 1,2"], &[1]);
    assert_eq!(st.ch(0).wounds, 0);
    // Caer con estilo: no damage.
    let styled = C::new(race_t(4, 5, 4, 4, &["Caer con estilo"]), 0, 0);
    let mut st = on_roof(3, styled);
    play(&mut st, &["a1 fall 1,2"], &[]);
    assert_eq!(st.ch(0).wounds, 0);
    // No vertical action on a flat board, nor in the air.
    let st = position(&open(5, 5), &[C::std(1, 1)], &[C::std(4, 4)], 0);
    assert!(!all_legal(&st)
        .iter()
        .any(|a| a.contains("scale") || a.contains("fall") || a.contains("leap-up")));
}

#[test]
fn vertical_actions_print_and_parse_back() {
    let st = under_wall(C::std(0, 0), 1, &[]);
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    let texts: Vec<String> = buf.iter().map(|a| st.notation(a)).collect();
    assert!(
        texts.contains(&"a1 scale 1,1".to_string())
            && texts.contains(&"a1 leap-up 1,1".to_string())
    );
    for (a, text) in buf.iter().zip(&texts) {
        assert_eq!(st.parse_action(text).as_ref(), Ok(a), "{text}");
    }
    let top = {
        let mut st = st.clone();
        play(&mut st, &["a1 leap-up 1,1", "pass"], &[5]);
        st
    };
    assert!(top.notation(&top.parse_action("a1 fall 1,2").unwrap()) == "a1 fall 1,2");
}

#[test]
fn spanish_names_of_the_vertical_actions() {
    let st = under_wall(C::std(0, 0), 1, &[]);
    assert_eq!(
        st.parse_action("a1 subir_a_un_alto 1,1"),
        st.parse_action("a1 leap-up 1,1")
    );
    assert_eq!(
        st.parse_action("a1 Trepar 1,1"),
        st.parse_action("a1 scale 1,1")
    );
}

/// Two 3 K buildings with a 1 K street between them (x 3) and the street again from x 7; A1 on
/// `at`; B1 far away in the street.
fn roofs(at: [u8; 2]) -> State {
    let h = vec!["333033300000"; 6];
    load(&with_heights(
        &open(12, 6),
        &h,
        &[C::std(0, 0).set("at", at)],
        &[C::std(11, 5)],
    ))
}

#[test]
fn a_salto_jumps_between_rooftops_and_down_with_the_fall_table() {
    // Across the street, roof to roof (2 K over the void): Salto's ENE 3 and CH AGI 5.
    let st = roofs([2, 2]);
    assert!(legal(&st, "a1 jump 4,2"));
    let mut st = roofs([2, 2]);
    let log = play(&mut st, &["a1 jump 4,2"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI jump 5 r4"]);
    assert_eq!(
        (spent(&log), st.ch(0).pos, st.feet(0)),
        (vec![3], sq(4, 2), 3)
    );
    // Failed: it falls into the street, 3 K: Dejarse caer's DAÑ 4 (its CH DEF 0 r1: a critical,
    // no wound).
    let mut st = roofs([2, 2]);
    let log = play(&mut st, &["a1 jump 4,2"], &[6, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI jump 5 r6", "a1 CH DEF 0 r1"]);
    assert_eq!(
        (st.ch(0).pos, st.feet(0), st.ch(0).wounds),
        (sq(3, 2), 0, 0)
    );
    // Down from the roof over the street's edge: the drop of 3 K hurts as a fall.
    let mut st = roofs([6, 2]);
    assert!(!legal(&st, "a1 jump 7,2"), "a jump is at least 2 K");
    let log = play(&mut st, &["a1 jump 8,2"], &[3, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI jump 5 r3", "a1 CH DEF 0 r1"]);
    assert_eq!((st.ch(0).pos, st.feet(0)), (sq(8, 2), 0));
}
