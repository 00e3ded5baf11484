//! Rule cases the random-list property campaigns found (POSITIONS.md, "Random-list
//! positions"): compositions no hand wrote, each reduced to a position, scripted dice, one action
//! and the exact outcome (RULES.md names each decision).

use crate::build::*;
use crate::traits::{contact, with};
use crate::transport::{bike, owner, truck, with_transports};
use engine::state::*;
use engine::{Event, State};
use serde_json::json;

/// Whether the log holds an `Event::Wounds` for `who`.
fn wounds_logged(log: &engine::Log, who: u8) -> bool {
    log.events
        .iter()
        .any(|e| matches!(e, Event::Wounds { who: w, .. } if *w == who))
}

#[test]
fn a_limb_that_takes_every_wound_logs_none_on_the_body_but_the_ch_psi_comes() {
    // Miembros prescindibles, CON 5 (limbs hold 3): DAÑ 2 on the left arm (zone r1) all stays
    // there — no wound reaches the head / trunk, so none is logged (before: a «+0» wounds
    // event) — and «wounds on a limb still call the CH PSI of a wound» (RULES.md).
    let b = C::new(race_t(5, 5, 4, 4, &["Miembros prescindibles"]), 0, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 2, 0, 4, &[])), b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 1, 2]);
    assert_eq!((st.ch(1).wounds, st.body(1).limbs), (0, [2, 0, 0, 0]));
    assert!(!wounds_logged(&log, 1));
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
}

/// a1 (Sub: it moves at altitude −1) under ground on (2, 2); a2's bike stands driverless on
/// (3, 3); b1 far away.
fn under_a_bike() -> State {
    let a = [
        with(&["Sub"])
            .set("at", [2, 2])
            .set("altitude", -1)
            .set("ene", 10),
        owner(0, 0, bike()),
    ];
    load(&with_transports(
        setup_json(&open(10, 10), &a, &[C::std(9, 9).facing("N")], 0, 10),
        json!([{"of": "a2", "at": [3, 3], "facing": "E"}]),
    ))
}

#[test]
fn a_flyer_or_a_burrower_never_ends_on_a_transports_square() {
    // «The transport's square is taken whether anyone is aboard or not» (RULES.md,
    // Transportes): movement at another altitude passes under (or over) it but never ends
    // there, nor does Cambiar de altitud come up (or down) onto it.
    let st = under_a_bike();
    let all = all_legal(&st);
    assert!(all.iter().any(|a| a == "a1 run 4,4"), "under it: {all:?}");
    assert!(all.iter().any(|a| a == "a1 altitude 1 2,3"), "{all:?}");
    assert!(
        !all.iter()
            .any(|a| a.starts_with("a1 ") && a.contains(" 3,3")),
        "{all:?}"
    );
}

#[test]
fn a_character_that_left_the_table_keeps_its_square_and_another_base_may_take_it() {
    // Off the table (it fled beyond the edge, an Avatar not yet invoked) is a casualty as
    // CONCEPTOS BÁSICOS reads it (`State::casualty`): its square is free, and a saved game
    // with another base there loads back (before: «bases never overlap»).
    let b = [C::std(0, 9).status("off_table"), C::std(0, 9).facing("N")];
    let st = position(&open(10, 10), &[C::std(5, 0)], &b, 0);
    assert!(st.casualty(1) && st.able(2));
    assert_eq!(st.ch(1).pos, st.ch(2).pos);
    round_trips(&st);
}

/// a1 drives an open truck (no protections) on (5, 5) with a2 aboard; b1, with an R1 area gun
/// that knocks back (Munición de parada), acts 5 K south.
fn truck_under_fire() -> State {
    let a = [
        owner(5, 5, truck()).set("aboard", "t1"),
        C::std(5, 5).set("aboard", "t1"),
    ];
    let gun = weapon(2, 3, 10, 5, &["Área (R1)", "Munición de parada"]);
    let b = [C::std(5, 10).facing("N").weapon(gun)];
    load(&with_transports(
        setup_json(&open(11, 12), &a, &b, 2, 10),
        json!([{"of": "a1", "at": [5, 5], "facing": "E", "driver": "a1"}]),
    ))
}

#[test]
fn a_knock_back_does_not_carry_a_passenger_off_its_transport() {
    // Munición de parada: «El objetivo retrocede DAÑ +2 - CON» — an area reaches the passengers
    // of an open transport, but they ride inside it: nobody is pushed off its square.
    let mut st = truck_under_fire();
    let log = play(&mut st, &["b1 area w1 5,5"], &[3, 9, 9, 9, 9, 9]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH IMP area 5 r3",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r9",
            "a2 CH DEF 0 r9",
            "a2 CH PSI 4 r9",
            "b1 CH DEF transport 4 r9"
        ]
    );
    let t = st.transport(0).pos;
    assert_eq!(t, sq(5, 5));
    assert_eq!((st.ch(0).pos, st.ch(1).pos), (t, t));
    assert_eq!((st.aboard(0), st.aboard(1)), (Some(0), Some(0)));
    assert!(!log.events.iter().any(|e| matches!(e, Event::Moved { .. })));
    round_trips(&st);
}

#[test]
fn a_challenged_character_out_of_its_challengers_reach_may_still_end() {
    // Desafiante keeps only the attacks on the challenger while one is legal; under ground
    // (Sub, altitude −1) no attack reaches b1 (Relación entre alturas), so the list is the
    // rest of what a1 may do — never empty (before: nothing was legal).
    let a = [with(&["Sub"]).set("at", [2, 3]).set("altitude", -1)];
    let b = [C::std(2, 5).facing("N").set("stance", "prone")];
    let mut v = setup_json(&open(10, 10), &a, &b, 0, 6);
    v["game"]["trait_marks"] = json!([{"who": 0, "bits": CHALLENGED, "by": 1}]);
    let st = load(&v);
    let all = all_legal(&st);
    assert!(all.iter().any(|a| a.starts_with("a1 end")), "{all:?}");
    assert!(all.iter().any(|a| a.starts_with("a1 move ")), "{all:?}");
}

#[test]
fn a_driver_enraged_by_a_critical_ch_loc_charges_nobody_from_its_transport() {
    // A critical CH LOC forces a charge at what provoked it (PSICOLOGÍA; here b1's Gran
    // demonio), but aboard a character may only end, Esperar, Desembarcar and drive (RULES.md,
    // Transportes): it stays in its truck (before: it walked out of it, still counted aboard).
    let a = [owner(5, 5, truck()).set("aboard", "t1")];
    let demon = C::new(race_t(4, 5, 4, 4, &["Gran demonio"]), 5, 8).facing("N");
    let mut v = setup_json(&open(10, 10), &a, &[demon], 0, 4);
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    let mut st = load(&with_transports(
        v,
        json!([{"of": "a1", "at": [5, 5], "facing": "E", "driver": "a1"}]),
    ));
    let log = play(&mut st, &["activate a1"], &[9, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r9", "a1 CH LOC 2 r1"]);
    assert!(statuses(&st, &log).contains(&"a1 is enraged by a critical CH LOC".to_string()));
    assert_eq!((st.ch(0).pos, st.aboard(0)), (sq(5, 5), Some(0)));
    assert!(spent(&log).is_empty(), "no charge paid: {:?}", spent(&log));
    round_trips(&st);
}

#[test]
fn a_boon_with_an_area_names_its_target_and_parses_back() {
    // Golpe de chi (Bunkai) with Garras y dientes is a boon; given Área (R1) too, it is still
    // cast on one character
    // (`actions::meta::options`; only an area attack is aimed at points), so its notation
    // `a1 meta m1 a1` parses back to that action (before: to an area aimed at a1's square,
    // which is not legal).
    let chi = json!({"name": "Golpe de chi ~", "ene": 2, "range": 3, "quality": 4,
                     "traits": ["Bunkai", "Área (R1)", "Garras y dientes"]});
    let a = [C::new(race_t(4, 5, 4, 4, &["Cinético"]), 5, 5)
        .meta(chi)
        .set("ene", 10)];
    let st = position(&open(10, 10), &a, &[C::std(5, 9).facing("N")], 0);
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let own = legal
        .iter()
        .find(|a| st.notation(a) == "a1 meta m1 a1")
        .unwrap_or_else(|| panic!("{:?}", all_legal(&st)));
    assert_eq!(st.parse_action("a1 meta m1 a1").unwrap(), *own);
}

#[test]
fn every_drive_of_a_caza_transport_has_its_own_key() {
    // Caza: «un giro extra de 45° tras mover» — drives end with turns −2..=2; the −2 turn's
    // key overflowed into the others' (two legal actions shared a key).
    let t = json!({"name": "Cazador", "ene": 1, "mov": 4, "def": 2, "quality": 3,
                   "traits": ["Caza"]});
    let a = [owner(2, 5, t).set("aboard", "t1").set("ene", 10)];
    let st = load(&with_transports(
        setup_json(&open(10, 10), &a, &[C::std(9, 9).facing("N")], 0, 10),
        json!([{"of": "a1", "at": [2, 5], "facing": "E", "driver": "a1"}]),
    ));
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let drives: Vec<_> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                engine::Action::Act {
                    kind: engine::ActKind::Drive { .. },
                    ..
                }
            )
        })
        .collect();
    assert_eq!(
        drives.len(),
        2 * 5 * (4 + 5),
        "Mover 4 K and Correr 5 K, five turns each, chained or not"
    );
    let mut keys: Vec<u64> = drives.iter().map(|a| a.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), drives.len());
}

#[test]
fn a_flyer_high_over_a_closed_door_saves_and_loads() {
    // At altitude 3 a flyer may hang over a wall, so over a closed door (a wall while closed);
    // the loader refused such a saved game («a closed door, and b1 stands on it»). A base on
    // the ground in the doorway is still refused.
    let door = |v: &mut serde_json::Value| {
        v["board"]["rows"][5] = json!("#####.####");
        v["elements"] = json!([{"name": "Puerta", "at": [5, 5], "door": {"open": false},
                                "hackable": {"cal": 2, "side": "A"}}]);
    };
    let b = [C::std(5, 5).set("altitude", 3).facing("N")];
    let mut v = setup_json(&open(10, 10), &[C::std(0, 0)], &b, 0, 10);
    door(&mut v);
    let st = load(&v);
    assert_eq!((st.ch(1).pos, st.ch(1).alt), (sq(5, 5), 3));
    round_trips(&st);
    let mut v = setup_json(&open(10, 10), &[C::std(0, 0)], &[C::std(5, 5)], 0, 10);
    door(&mut v);
    assert_eq!(
        load_error(&v),
        "elements[0].door: a closed door, and b1 stands on it"
    );
}

#[test]
fn an_avatar_not_yet_invoked_is_aboard_no_transport() {
    // Avatar: «sólo puede desplegarse si se le invoca» — off the table at the start, so in no
    // transport either (an invoked avatar was set on the board still counted aboard).
    let a = [C::new(race_t(4, 5, 4, 4, &["Avatar"]), 3, 3)
        .set("transports", json!([bike()]))
        .set("aboard", "t1")];
    let v = with_transports(
        setup_json(&open(10, 10), &a, &[C::std(9, 9).facing("N")], 0, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1"}]),
    );
    let mut v = v;
    v.as_object_mut().unwrap().remove("game");
    assert_eq!(
        load_error(&v),
        "sides.A[0].aboard: a1 is off the table (an Avatar not yet invoked): it cannot be aboard"
    );
}

#[test]
fn a_target_that_boarded_its_mount_in_the_window_may_not_flee_on_foot() {
    // Campaign 2402: b1, charged (the early window: Huir), reacted in bullet time by getting
    // on its own bike (Embarcar), then was offered Huir from it — a walk of a passenger off
    // its transport's square. Aboard, nobody walks (RULES.md, Transportes): no Huir; the
    // declared attack on a passenger fails when it resolves.
    let a = [C::std(2, 2)
        .facing("S")
        .set("ene", 10)
        .weapon(weapon(2, 3, 15, 4, &[]))];
    let b = [owner(2, 8, bike()).facing("N").set("ene", 5)];
    let mut st = load(&with_transports(
        setup_json(&open(12, 12), &a, &b, 0, 10),
        json!([{"of": "b1", "at": [3, 8], "facing": "N"}]),
    ));
    play(&mut st, &["a1 shoot b1 w1"], &[]);
    assert!(legal(&st, "b1 flee 2,10"), "{:?}", all_legal(&st));
    play(&mut st, &["b1 react", "b1 embark t1"], &[1]);
    let all = all_legal(&st);
    assert!(st.aboard(1).is_some());
    assert!(all.iter().all(|a| !a.contains("flee")), "{all:?}");
}

#[test]
fn a_trait_action_on_an_enemy_reaches_no_passenger_nor_a_corpse_aboard() {
    // Passengers are not on the board's squares: nobody targets them (RULES.md, Transportes) —
    // Sed de energía included (it drained b1 inside its truck); a Necrófago feeds on no corpse
    // aboard (a casualty aboard stays aboard, out of reach as for carrying and looting).
    let a = [
        C::new(race_t(4, 5, 4, 4, &["Sed de energía", "Necrófago"]), 2, 2)
            .facing("S")
            .set("ene", 10)
            .set("wounds", 1),
    ];
    let b = [
        owner(2, 4, truck()).facing("N").set("ene", 5),
        C::std(2, 4).set("wounds", 5),
        C::std(5, 5).facing("N").set("ene", 5),
    ];
    let mut v = setup_json(&open(8, 8), &a, &b, 0, 10);
    v["sides"]["B"][0]["aboard"] = json!("t1");
    v["sides"]["B"][1]["aboard"] = json!("t1");
    let st = load(&with_transports(
        v,
        json!([{"of": "b1", "at": [2, 4], "facing": "N", "driver": "b1"}]),
    ));
    assert!(st.dead(2) && st.aboard(2).is_some());
    assert!(legal(&st, "a1 steal-energy b3"), "{:?}", all_legal(&st));
    assert!(!legal(&st, "a1 steal-energy b1"), "the driver, aboard");
    assert!(!legal(&st, "a1 feed b2"), "the corpse, aboard");
}

#[test]
fn a_corpse_fed_on_to_its_last_meal_loads_back() {
    // Campaign 2407: a corpse a Necrófago ate CON meals of (CON 4: 5 + 4 = 9 wounds) was
    // refused by the loader (wounds > CON + 1), so the game could not be saved. Up to
    // 2 · CON + 1 now loads (RULES.md, Necrófago); one more names the field.
    let a = [C::std(2, 2), C::std(3, 3).set("wounds", 9)];
    let st = load(&setup_json(&open(8, 8), &a, &[C::std(6, 6)], 0, 10));
    assert!(st.dead(1));
    assert_eq!(st.ch(1).wounds, 9);
    let a = [C::std(2, 2), C::std(3, 3).set("wounds", 10)];
    let v = setup_json(&open(8, 8), &a, &[C::std(6, 6)], 0, 10);
    let s = engine::Setup::from_json(&v.to_string()).unwrap();
    let e = State::from_setup(&s, None).unwrap_err().to_string();
    assert!(e.contains("sides.A[1].wounds"), "{e}");
}

#[test]
fn fortuna_raises_no_casualty_under_another_base_at_the_turns_end() {
    // Campaign 2407: a1 (Fortuna, CON 3) lay incapacitated with a2 standing on its square (a
    // casualty is off the table); the turn's unspent Fortuna healed a wound as the turn ended
    // and a1 stood up under a2 — two able bases on one square. As Héroe and Resurrección, it
    // rises only where no base stands (RULES.md, rising on a taken square).
    // a1 with Fortuna, incapacitated on (3, y); a2 on (3, 3) ends the turn's last activation.
    let turn_end = |y: u8| {
        let a1 = C::new(race_t(3, 4, 4, 4, &["Fortuna"]), 3, y).set("wounds", 3);
        let b = [C::std(7, 7).set("status", json!(["acted"]))];
        let mut st = load(&setup_json(&open(8, 8), &[a1, C::std(3, 3)], &b, 1, 10));
        play(&mut st, &["a2 end facing N"], &[]);
        assert_eq!(st.turn(), 2);
        st.ch(0).wounds
    };
    assert_eq!(turn_end(3), 3, "still down under a2");
    // Beside a2, not under it, it rises as the turn ends.
    assert_eq!(turn_end(4), 2);
}

#[test]
fn a_body_eliminar_removed_never_comes_back() {
    // Campaign 2602: a2 (Héroe) lay down, a1 removed its body (Eliminar, «Retira un cadáver»);
    // Héroe's «-1 herida cada actuación» then brought it back under its wounds' count and it
    // activated again — and, when a1 fell, side A with no character able to roll initiative
    // was still not annihilated: no legal action, the game not over. A removed body is a
    // casualty for good (RULES.md, Eliminar).
    let b = [C::std(7, 7).set("status", json!(["acted"]))];
    let hero = |wounds: u8| {
        C::new(race_t(4, 4, 4, 4, &["Héroe"]), 3, 4)
            .set("wounds", wounds)
            .set("status", json!(["removed"]))
    };
    // The turn's end takes no wound off a removed Héroe, and it rolls no initiative.
    let mut st = load(&setup_json(
        &open(8, 8),
        &[hero(4), C::std(3, 3)],
        &b,
        1,
        10,
    ));
    assert!(!st.able(0));
    play(&mut st, &["a2 end facing N"], &[]);
    assert_eq!((st.turn(), st.ch(0).wounds), (2, 4));
    assert!(!legal(&st, "init a1") && legal(&st, "init a2"));
    // A removed body below its CON (loaded so) is no able character: when a2 (Enfermo
    // terminal, one wound from CON) ends its activation down, side A is annihilated.
    let a2 = C::new(race_t(4, 4, 4, 4, &["Enfermo terminal"]), 3, 3).set("wounds", 3);
    let mut st = load(&setup_json(&open(8, 8), &[hero(1), a2], &b, 1, 10));
    assert!(!st.able(0));
    play(&mut st, &["a2 end facing N"], &[]);
    assert!(st.is_terminal(), "{}", st.describe_decision());
}

#[test]
fn a_transport_driven_onto_a_wreck_saves_and_loads() {
    // Campaigns 2607 and 2608: a mount drove onto the square of a destroyed one — the wreck
    // takes no square (RULES.md, Transportes: «Destroyed») — and the saved game did not load
    // («already taken by t1»). A wreck (wounds past CAL) is loaded wherever it lies.
    let a = [owner(1, 5, bike()).set("aboard", "t1"), owner(1, 1, bike())];
    let mut st = load(&with_transports(
        setup_json(&open(10, 10), &a, &[C::std(9, 9)], 0, 10),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1"},
               {"of": "a2", "at": [4, 5], "facing": "N", "wounds": 3}]),
    ));
    assert!(st.transport_destroyed(1));
    play(&mut st, &["a1 drive 4,5"], &[]);
    assert_eq!(st.transport(0).pos, st.transport(1).pos);
    let back = load(&serde_json::to_value(st.to_setup()).unwrap());
    assert_eq!(back.to_setup(), st.to_setup());
}
