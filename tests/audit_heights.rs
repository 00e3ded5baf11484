//! Rules audit of the vertical actions (ACCIONES DE MOVIMIENTO: Subir a un alto, Dejarse caer)
//! and the falls of Saltador: every row of their tables played or checked at its edges with
//! scripted dice (RULES.md, "Alturas").

use crate::build::*;
use engine::{Facing, State};
use serde_json::{json, Value};

/// A race of MOV `mov` (its height in K, OPEN_READINGS A16 (a)).
fn tall(con: u8, agi: u8, mov: u8, traits: &[&str]) -> Value {
    json!({"name": "T", "con": con, "agi": agi, "int": 4, "vol": 4, "mov": mov, "traits": traits})
}

/// a1 on (1, 2) in the street (0 K) before a rise of `h` K on rows 0 and 1, with 10 ENE;
/// `extra`: more characters of its side; b1 far away.
fn under_wall(a: C, h: u8, extra: &[C]) -> State {
    let r = |k: u8| char::from(b'0' + k).to_string().repeat(6);
    let mut v = setup_json(
        &open(6, 6),
        &[&[a.set("at", [1, 2]).set("ene", 10)], extra].concat(),
        &[C::std(5, 5).facing("N")],
        0,
        10,
    );
    v["board"]["heights"] = json!([r(h), r(h), r(0), r(0), r(0), r(0)]);
    load(&v)
}

/// a1 on (1, 1), on a roof `h` K high (rows 0 and 1), the street below; 10 ENE.
fn on_roof(h: u8, a: C) -> State {
    let r = |k: u8| char::from(b'0' + k).to_string().repeat(6);
    let mut v = setup_json(
        &open(6, 6),
        &[a.set("at", [1, 1]).set("ene", 10)],
        &[C::std(5, 5).facing("N")],
        0,
        10,
    );
    v["board"]["heights"] = json!([r(h), r(h), r(0), r(0), r(0), r(0)]);
    load(&v)
}

#[test]
fn audit_subir_a_un_alto_every_row_of_the_agi_table() {
    // «AGI <= 3, tan alto como su altura x0.5. AGI = 4, x1. AGI = 5, x1.5. AGI >= 6, x2.
    // AGI >= 8, x3.» A MOV 2 mini is 2 K tall: 1, 2, 3, 4 and 6 K.
    for (agi, reach) in [
        (1, 1),
        (3, 1),
        (4, 2),
        (5, 3),
        (6, 4),
        (7, 4),
        (8, 6),
        (10, 6),
    ] {
        let c = || C::new(tall(4, agi, 2, &[]), 0, 0);
        assert!(
            legal(&under_wall(c(), reach, &[]), "a1 leap-up 1,1"),
            "AGI {agi}: {reach} K"
        );
        assert!(
            !legal(&under_wall(c(), reach + 1, &[]), "a1 leap-up 1,1"),
            "AGI {agi}: not {} K",
            reach + 1
        );
    }
    // A human (1 K tall): AGI 3 reaches ½ K — no rise of 1 K; AGI 4 1 K; AGI 6 2 K; AGI 8 3 K.
    let human = |agi: u8| C::new(race(4, agi, 4, 4), 0, 0);
    assert!(!legal(&under_wall(human(3), 1, &[]), "a1 leap-up 1,1"));
    assert!(legal(&under_wall(human(4), 1, &[]), "a1 leap-up 1,1"));
    assert!(!legal(&under_wall(human(4), 2, &[]), "a1 leap-up 1,1"));
    assert!(legal(&under_wall(human(6), 2, &[]), "a1 leap-up 1,1"));
    assert!(!legal(&under_wall(human(6), 3, &[]), "a1 leap-up 1,1"));
    assert!(legal(&under_wall(human(8), 3, &[]), "a1 leap-up 1,1"));
    // «La altura se incrementa si alguien ayuda» (A18: + 1 K per ally in base contact): AGI 3
    // with two helpers reaches ½ + 2 K.
    let helpers = [C::std(0, 2), C::std(2, 3)];
    assert!(legal(&under_wall(human(3), 2, &helpers), "a1 leap-up 1,1"));
    assert!(!legal(&under_wall(human(3), 3, &helpers), "a1 leap-up 1,1"));
    // Played: AGI 8, 3 K up with one CH AGI (3 ENE); a failed one leaves it below (A18 (a)).
    let mut st = under_wall(human(8), 3, &[]);
    let log = play(&mut st, &["a1 leap-up 1,1"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI leap up 8 r8"]);
    assert_eq!(
        (spent(&log), st.ch(0).pos, st.feet(0)),
        (vec![3], sq(1, 1), 3)
    );
    let mut st = under_wall(human(8), 3, &[]);
    let log = play(&mut st, &["a1 leap-up 1,1"], &[9]);
    assert_eq!(
        (spent(&log), st.ch(0).pos, st.feet(0)),
        (vec![3], sq(1, 2), 0)
    );
}

/// Falls from `h` K with a CH DEF of `def` rolled `dice[0]` (then whatever else is scripted):
/// the wounds taken.
fn fall_from(h: u8, race: Value, def: u8, dice: &[u8]) -> (Vec<String>, u8) {
    let mut st = on_roof(h, C::new(race, 0, 0).prot(prot(1, def, 4, 4, &[])));
    let log = play(&mut st, &["a1 fall 1,2"], dice);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![1], sq(1, 2)));
    (checks(&st, &log), st.ch(0).wounds)
}

#[test]
fn audit_dejarse_caer_every_row_of_the_dan_table() {
    // «Altura <= miniatura x2, DAÑ=0. <= x3, DAÑ=4. <= x4, DAÑ=7. > x4, DAÑ=10.» A human is
    // 1 K tall; CON 10 so that every fall leaves it standing; DEF 3, a passed CH DEF (r2):
    // wounds = DAÑ − 3.
    let body = || race(10, 5, 4, 4);
    // 1 and 2 K: DAÑ 0, no check at all.
    assert_eq!(fall_from(1, body(), 3, &[]), (vec![], 0));
    assert_eq!(fall_from(2, body(), 3, &[]), (vec![], 0));
    // 3 K: DAÑ 4; 4 K: DAÑ 7; 5 K and more: DAÑ 10 (each wound calls its CH PSI).
    for (h, dmg) in [(3, 4), (4, 7), (5, 10), (9, 10)] {
        let (c, w) = fall_from(h, body(), 3, &[2, 1]);
        assert_eq!(c, ["a1 CH DEF 3 r2", "a1 CH PSI 4 r1"], "{h} K");
        assert_eq!(w, dmg - 3, "{h} K: DAÑ {dmg}");
    }
    // A failed CH DEF takes the whole DAÑ: 7 from 4 K.
    assert_eq!(fall_from(4, body(), 3, &[5, 1]).1, 7);
    // The rows scale with the mini's height: a MOV 2 mini falls 4 K for nothing, 5–6 K for 4,
    // 7–8 K for 7, 9 K for 10.
    for (h, dmg) in [(4, 0u8), (5, 4), (6, 4), (7, 7), (8, 7), (9, 10)] {
        let dice: &[u8] = if dmg == 0 { &[] } else { &[2, 1] };
        let (_, w) = fall_from(h, tall(10, 5, 2, &[]), 3, dice);
        assert_eq!(w, dmg.saturating_sub(3), "MOV 2, {h} K: DAÑ {dmg}");
    }
}

#[test]
fn audit_saltador_halves_fall_damage_with_redondeo() {
    // Saltador «DAÑ/2 en caídas», and CONCEPTOS BÁSICOS / Redondeo: «Hasta N'49 se redondean
    // a N, y para N'5 o más a N+1» — 4 → 2, 7 → 3,5 → 4, 10 → 5. A failed CH DEF (DEF 2, r9):
    // the whole halved DAÑ.
    let jumper = || race_t(10, 5, 4, 4, &["Saltador"]);
    for (h, dmg) in [(3, 2), (4, 4), (5, 5)] {
        let (c, w) = fall_from(h, jumper(), 2, &[9, 1]);
        assert_eq!(c, ["a1 CH DEF 2 r9", "a1 CH PSI 4 r1"], "{h} K");
        assert_eq!(w, dmg, "{h} K");
    }
}

/// A flyer at altitude 3 with `t`, a gun, on (3,5) facing N, 10 ENE; two enemy flyers at
/// altitude 3 looking away from it (no reaction window): b1 in front (3,0), b2 behind (3,10).
fn high(t: &str) -> State {
    let flyer = |x: u8, y: u8, f: &str| C::std(x, y).set("altitude", 3).facing(f);
    position(
        &open(7, 11),
        &[C::new(race_t(4, 5, 4, 4, &[t]), 3, 5)
            .set("altitude", 3)
            .set("ene", 10)
            .weapon(weapon(2, 2, 10, 3, &[]))],
        &[flyer(3, 0, "N"), flyer(3, 10, "S")],
        0,
    )
}

#[test]
fn audit_at_altitude_three_no_free_pivot_and_targets_in_the_arc() {
    // Volar en altura 3: «No pueden realizar las acciones "pivotar"» — not the free pivot of
    // an acting Pj either (MOVIMIENTO / Girar y pivotar; Aerostático's «puede pivotar como
    // acción» says a pivot is otherwise not to be had there): it acts only on what lies in its
    // facing arc, and turns by moving.
    let mut st = high("Retros");
    assert!(legal(&st, "a1 shoot b1 w1"), "in front");
    assert!(
        !legal(&st, "a1 shoot b2 w1"),
        "behind: it cannot turn to it"
    );
    assert!(!legal(&st, "a1 pivot S"), "no Pivotar while acting");
    // A free turn written after an action is not made: it still faces N.
    play(&mut st, &["a1 move 4,4 facing S"], &[]);
    assert_eq!((st.ch(0).pos, st.ch(0).facing), (sq(4, 4), Facing::NE));
    // It ends facing as it is (it moved: A21 (b) lets it end).
    assert!(legal(&st, "a1 end facing NE") && !legal(&st, "a1 end facing S"));
    // Moving turns it: a move south faces it S, and b2 is then in its arc.
    let mut st = high("Retros");
    play(&mut st, &["a1 move 3,6"], &[]);
    assert_eq!(st.ch(0).facing, Facing::S);
    assert!(!legal(&st, "a1 shoot b1 w1") && legal(&st, "a1 shoot b2 w1"));
    // Aerostático: «puede pivotar como acción» — Pivotar, ENE 1, then b2 is in its arc.
    let mut st = high("Aerostático");
    assert!(!legal(&st, "a1 shoot b2 w1") && !legal(&st, "a1 pivot N"));
    let log = play(&mut st, &["a1 pivot S"], &[]);
    assert_eq!((spent(&log), st.ch(0).facing), (vec![1], Facing::S));
    assert!(legal(&st, "a1 shoot b2 w1"));
    // At altitude 1 (or 2) the free pivot stands.
    let mut st = position(
        &open(7, 7),
        &[C::std(3, 3).set("ene", 10)],
        &[C::std(6, 6).facing("S")],
        0,
    );
    assert!(legal(&st, "a1 end facing W"));
    play(&mut st, &["a1 move 3,2 facing S"], &[]);
    assert_eq!(st.ch(0).facing, Facing::S);
}

#[test]
fn audit_a_critical_in_cambiar_de_altitud_moves_one_k_more() {
    // «Crítico en acciones de movimiento.- Mueve +1 K»: Cambiar de altitud is one of the
    // ACCIONES DE MOVIMIENTO, and on difficult ground it has a CH AGI. Retros (1 ENE) on a
    // difficult square (2,2): up to altitude 2 on (2,1) with a critical — on to (2,0), facing N.
    let board = rows(&[".....", ".....", "..,..", ".....", "....."]);
    let flyer = |alt: i8, y: u8| {
        C::new(race_t(4, 5, 4, 4, &["Retros"]), 2, y)
            .set("altitude", alt)
            .set("ene", 10)
    };
    let mut st = position(&board, &[flyer(1, 2)], &[C::std(4, 4).facing("E")], 0);
    let log = play(&mut st, &["a1 altitude 2 2,1"], &[1]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI altitude 5 r1"]);
    assert_eq!((st.ch(0).pos, st.ch(0).alt), (sq(2, 0), 2));
    assert!(statuses(&st, &log).contains(&"a1 moves 1 K more (critical)".to_string()));
    // Landing from (2,3) onto the difficult (2,2) with a critical: on along the ground to (2,1).
    let mut st = position(&board, &[flyer(2, 3)], &[C::std(4, 4).facing("E")], 0);
    play(&mut st, &["a1 altitude 1 2,2"], &[1]);
    assert_eq!((st.ch(0).pos, st.ch(0).alt), (sq(2, 1), 1));
    // Straight up on its square there is no line: it stays.
    let mut st = position(&board, &[flyer(1, 2)], &[C::std(4, 4).facing("E")], 0);
    play(&mut st, &["a1 altitude 2 2,2"], &[1]);
    assert_eq!((st.ch(0).pos, st.ch(0).alt), (sq(2, 2), 2));
    // A passed, not critical, check: where it was aimed.
    let mut st = position(&board, &[flyer(1, 2)], &[C::std(4, 4).facing("E")], 0);
    play(&mut st, &["a1 altitude 2 2,1"], &[5]);
    assert_eq!((st.ch(0).pos, st.ch(0).alt), (sq(2, 1), 2));
}

#[test]
fn audit_salto_de_longitud_every_row_of_the_agi_table() {
    // «AGI <= 3, salta tantos K como MOV. AGI <= 5, MOVx2. AGI <= 7, MOVx3. AGI > 7, MOVx4.»
    // A MOV 2 mini: 2, 4, 6, 8 K.
    use engine::actions::movement::special::jump_length;
    let rows: Vec<u8> = (1..=10)
        .map(|agi| {
            let st = position(
                &open(5, 5),
                &[C::new(tall(4, agi, 2, &[]), 0, 0)],
                &[C::std(4, 4)],
                0,
            );
            jump_length(&st, 0)
        })
        .collect();
    assert_eq!(rows, [2, 2, 2, 4, 4, 6, 6, 8, 8, 8]);
}

#[test]
fn audit_a_hostile_zone_reaches_the_ground_and_altitude_two_only() {
    // Ambiente hostil is terrain («Altura 1, sobre el terreno»): a roll of its level strikes a
    // mini at altitude 1 or 2 in it (1 and 2 interact, as with bombs), not one at 3 above it.
    // Adverso, DAÑ 2; a1 (Retros) on the zone's (2,2) fumbles its CH INT perceive.
    for (alt, struck) in [(1, true), (2, true), (3, false)] {
        let mut v = setup_json(
            &open(11, 12),
            &[C::new(race_t(4, 5, 4, 4, &["Retros"]), 2, 2).set("altitude", alt)],
            &[C::std(6, 6).facing("S").status("hidden")],
            0,
            10,
        );
        v["hostile"] = json!([{"squares": [[2, 2], [3, 2]], "level": "adverso",
                               "harm": {"def": {"dmg": 2}}}]);
        let mut st = load(&v);
        let dice: &[u8] = if struck { &[10, 5, 3] } else { &[10] };
        play(&mut st, &["a1 perceive"], dice);
        assert_eq!(
            st.ch(0).wounds,
            if struck { 2 } else { 0 },
            "altitude {alt}"
        );
    }
}

#[test]
fn a_body_on_a_roof_is_out_of_reach_from_the_street_below() {
    // Mover cargado / Saquear reach a body «in contact»: across a change of level nobody is
    // (Relación entre alturas; RULES.md, "Mover cargado"). a1 in the street on (1, 2); a2 lies
    // dead on the 2 K roof at (1, 1), a3 dead in the street at (2, 2).
    let dead = |x: u8, y: u8| C::std(x, y).weapon(sword()).set("wounds", 5);
    let st = under_wall(C::std(0, 0), 2, &[dead(1, 1), dead(2, 2)]);
    let all = all_legal(&st);
    assert!(!st.body_in_reach(0, 1) && st.body_in_reach(0, 2));
    assert!(all.iter().any(|a| a.starts_with("a1 carry a3 ")), "{all:?}");
    assert!(legal(&st, "a1 loot a3 w1"));
    assert!(
        !all.iter()
            .any(|a| a.starts_with("a1 carry a2") || a.starts_with("a1 loot a2")),
        "the body on the roof is not reached: {all:?}"
    );
}

#[test]
fn audit_a_trait_action_on_another_mini_keeps_to_the_altitudes_that_interact() {
    // Relación entre alturas: «Una mini solo puede interactuar con otras minis moviéndose en su
    // misma altura. Las minis en alturas 1 y 2 pueden interactuar con acciones a distancia».
    // Sed de energía («a tantos K como VOL») is such an action: on a flyer at altitude 2 it
    // goes (at a distance), on one at altitude 3 or under ground it does not (it did).
    let thirsty = || {
        C::new(race_t(4, 5, 4, 4, &["Sed de energía"]), 2, 2)
            .facing("S")
            .set("ene", 10)
    };
    let st = position(
        &open(8, 8),
        &[thirsty()],
        &[
            C::std(2, 4).set("altitude", 2),
            C::std(3, 4).set("altitude", 3),
            C::std(1, 4).set("altitude", -1),
        ],
        0,
    );
    assert!(legal(&st, "a1 steal-energy b1"), "{:?}", all_legal(&st));
    assert!(!legal(&st, "a1 steal-energy b2"), "altitude 3");
    assert!(!legal(&st, "a1 steal-energy b3"), "under ground");
}

#[test]
fn audit_an_object_used_on_another_mini_keeps_to_the_altitudes_that_interact() {
    // Usar «a la distancia a la que podemos elegir un objetivo» (ALC 2 here) is an action at a
    // distance on another mini (Relación entre alturas): an ally at altitude 2 within it gets
    // the Elixir, one at altitude 3 above it or one under ground does not (they did).
    let elixir = json!({"name": "Elixir", "ene": 1, "range": 2, "quality": 1,
                        "traits": ["Elixir (1)"]});
    let a = [
        C::std(3, 2).object(elixir),
        C::std(4, 2).set("wounds", 1).set("altitude", 2),
        C::std(2, 2).set("wounds", 1).set("altitude", 3),
        C::std(3, 3).set("wounds", 1).set("altitude", -1),
    ];
    let st = position(&open(8, 8), &a, &[C::std(7, 7).facing("S")], 0);
    let acts = all_legal(&st);
    assert!(acts.contains(&"a1 use o1 a2".to_string()), "{acts:?}");
    assert!(!acts.contains(&"a1 use o1 a3".to_string()), "altitude 3");
    assert!(!acts.contains(&"a1 use o1 a4".to_string()), "under ground");
}
