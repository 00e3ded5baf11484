//! Orador («Alcance VOLx2»), Sobrecalentamiento on a transport, and the open readings of
//! Cojitranco / Lento on difficult terrain and of Fortuna's choices.

use super::*;
use crate::traits::with;
use serde_json::json;

#[test]
fn orador_an_aura_reaches_vol_times_two() {
    // b2 (VOL 4) holds Presencia de honor («Aliados a 5K CH VOL +1»): with Orador it reaches
    // 4 × 2 = 8 K. b1, wounded by a1's shot, checks PSI with VOL 4 + 1 with b2 8 K away; 9 K
    // away, or without Orador, with VOL 4.
    for (traits, at, psi) in [
        (&["Orador", "Presencia de honor"][..], 14, 5),
        (&["Orador", "Presencia de honor"][..], 15, 4),
        (&["Presencia de honor"][..], 14, 4),
        (&["Presencia de honor"][..], 11, 5),
    ] {
        let mut st = position(
            &open(11, 16),
            &[with(&[]).weapon(gun(2, &[])).set("at", [5, 1]).facing("S")],
            &[
                tough(&[]).set("at", [5, 6]).facing("S"),
                with(traits).set("at", [5, at]).facing("S").status("acted"),
            ],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(
            checks(&st, &log)[2],
            format!("b1 CH PSI {psi} r2"),
            "{traits:?} b2 {} K away",
            at - 6
        );
    }
}

/// A1 drives a truck (DEF 4, CAL 7, `wounds`, Sobrecalentamiento) that is moving, at (1, 5)
/// facing E; B1 far away.
fn hot_truck(wounds: u8) -> engine::State {
    let truck = json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 7,
                       "traits": ["Sobrecalentamiento"]});
    let a = [C::std(1, 5)
        .set("transports", json!([truck]))
        .set("aboard", "t1")];
    load(&crate::transport::with_transports(
        setup_json(&open(14, 10), &a, &[C::std(13, 0)], 0, 10),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1", "started": true,
                "wounds": wounds}]),
    ))
}

#[test]
fn sobrecalentamiento_a_transport_with_five_wounds_checks_def_after_moving() {
    // «Si el transporte acumula 5 heridas, y realiza acciones de movimiento, CH DEF. Fallo, 1
    // herida»: driven with 5 wounds, its CH DEF 4 r5 fails: 6 wounds; r4 passes: 5.
    for (die, wounds) in [(5, 6), (4, 5)] {
        let mut st = hot_truck(5);
        let log = play(&mut st, &["a1 drive 3,5"], &[die]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH DEF overheating 4 r{die}")]
        );
        assert_eq!(st.transport(0).wounds, wounds);
    }
    // With 4 wounds it has not «acumulado 5»: no check.
    let mut st = hot_truck(4);
    let log = play(&mut st, &["a1 drive 3,5"], &[]);
    assert!(checks(&st, &log).is_empty());
    assert_eq!(st.transport(0).wounds, 4);
}

/// The ENE of a1's action `text` in `st`.
fn cost(st: &engine::State, text: &str) -> i8 {
    match st.parse_action(text).unwrap() {
        engine::Action::Act { who, kind, .. } => st.action_cost(who, &kind),
        a => panic!("{a:?}"),
    }
}

#[test]
fn cojitranco_and_lento_add_up_on_difficult_terrain() {
    // Audit 22 (decision): Cojitranco («Terreno un nivel más difícil») raises the terrain of
    // every square by one level for the ENE of a movement action (ENERGÍA), Lento («ENE+1 en
    // acciones de movimiento») adds 1 to that action: two things, so they add up. Mover (1)
    // into difficult terrain (+1): Cojitranco +1, Lento +1, both +2.
    let board = rows(&["########", "#.,,.~.#", "########", "........"]);
    for (traits, into_difficult, open_ground) in [
        (&[][..], 2, 1),
        (&["Cojitranco"][..], 3, 2),
        (&["Lento"][..], 3, 2),
        (&["Cojitranco", "Lento"][..], 4, 3),
    ] {
        let st = position(
            &board,
            &[with(traits).set("at", [1, 1])],
            &[C::std(7, 3).facing("S")],
            0,
        );
        assert_eq!(cost(&st, "a1 move 2,1"), into_difficult, "{traits:?}");
        let st = crate::traits::range(with(traits), C::std(0, 0), 5);
        assert_eq!(cost(&st, "a1 move 5,0"), open_ground, "{traits:?}");
    }
    // Not the actions that move nothing (Agacharse: ENE 1 for everyone).
    for traits in [&["Cojitranco"][..], &["Lento"][..]] {
        let st = crate::traits::range(with(traits), C::std(0, 0), 5);
        assert_eq!(cost(&st, "a1 crouch"), 1, "{traits:?}");
    }
}

#[test]
fn fortuna_its_one_use_goes_to_damage_not_to_a_fumble() {
    // Audit 22 (decision): «Una vez por turno: ignorar DAÑ o pifia; anular dado, recuperar 1
    // herida, éxito +1, DAÑ+1» — one use per turn; the engine spends it on the first DAÑ the
    // holder would suffer (the choice that needs no player decision). A fumbled CH IMP (r10)
    // stands — the gun wears — but the fumble's DAÑ 1 hit (CH DEF 0 r9) is ignored.
    let mut st = range(with(&["Fortuna"]).weapon(gun(2, &[])), tough(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[10, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r10", "a1 CH DEF 0 r9"]);
    assert_eq!((st.ch(0).wounds, st.ch(0).wear[0]), (0, 1));
    assert!(crate::build::statuses(&st, &log).contains(&"a1 is fortunate: no wounds".into()));
}

#[test]
fn fortuna_an_unspent_use_recovers_a_wound_as_the_turn_ends() {
    // Audit 22 (decision): «recuperar 1 herida» — the use the turn did not spend would be lost
    // as it ends, so the engine takes it then: b1 (2 wounds) ends turn 1 with 1.
    let b = |t: &[&str]| with(t).set("wounds", 2).status("acted");
    let mut st = range(with(&[]), b(&["Fortuna"]), 5);
    play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!((st.turn(), st.ch(1).wounds), (2, 1));
    // Without Fortuna, or under Sin cura («No puede recuperar heridas»): 2.
    for t in [&[][..], &["Fortuna", "Sin cura"][..]] {
        let mut st = range(with(&[]), b(t), 5);
        play(&mut st, &["a1 end facing S"], &[]);
        assert_eq!((st.turn(), st.ch(1).wounds), (2, 2), "{t:?}");
    }
    // Spent in the turn (a shot's wounds ignored): no wound recovered.
    let mut st = range(with(&[]).weapon(gun(2, &[])), b(&["Fortuna"]), 5);
    play(
        &mut st,
        &["a1 shoot b1 w1", "pass", "a1 end facing S"],
        &[3, 9],
    );
    assert_eq!((st.turn(), st.ch(1).wounds), (2, 2));
}

#[test]
fn an_overheated_character_checks_def_with_its_ch_def_traits() {
    // Sobrecalentamiento on a character (Munición ígnea's mark; RULES.md): after its movement
    // action, «CH DEF. Fallo, 1 herida» — the character's CH DEF, so its CH DEF traits apply:
    // Refuerzo «CH DEF +1», Rey Inmortal «Siempre supera los CH DEF», Élite blindado «Puede
    // repetir CH DEF» (audit 22: a bare die took none of them). DEF 0, 5 wounds, CON 8.
    let cases: &[(&[&str], &[u8], &str, u8)] = &[
        (&[], &[5, 2], "a1 CH DEF (overheating) 0 r5", 6),
        (&["Refuerzo"], &[5, 2], "a1 CH DEF (overheating) 1 r5", 6),
        (&["Rey Inmortal"], &[9], "a1 CH DEF (overheating) 0 r9", 5),
        (
            &["Élite blindado"],
            &[9, 1],
            "a1 CH DEF (overheating) 0 r1",
            5,
        ),
    ];
    for &(traits, dice, check, wounds) in cases {
        let a = C::new(race_t(8, 5, 4, 4, traits), 5, 1)
            .set("wounds", 5)
            .status("overheated");
        let mut st = position(&open(11, 12), &[a], &[C::std(5, 10).facing("S")], 0);
        let log = play(&mut st, &["a1 move 5,2"], dice);
        assert_eq!(checks(&st, &log)[0], check, "{traits:?}");
        assert_eq!(st.ch(0).wounds, wounds, "{traits:?}");
    }
}
