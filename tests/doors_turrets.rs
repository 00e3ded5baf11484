//! Doors and turrets, the hackable scenario elements that change the battlefield (issue 14's
//! objects; RULES.md, "Doors and turrets"), with scripted dice: a closed door is a wall for
//! movement and sight, the side it works for opens and closes it, a possessor takes it over;
//! a turret shoots at the start of each turn for its side, through the normal CH IMP, cover,
//! CH DEF and wounds; position files carry both, and bad input names the element.

use crate::build::*;
use engine::basics::action::ObjRef;
use engine::basics::board::Terrain;
use engine::basics::geom::Pos;
use engine::{Setup, Side, State};
use serde_json::{json, Value};

/// An 11 × 14 board walled across row 3 but for the door's square (5, 3).
fn walled() -> Vec<String> {
    let mut b = open(11, 14);
    b[3] = "#####.#####".into();
    b
}

/// a1, a neuromante (INT 6, ENE 10), on (5,1) facing S; `b` facing N; b2 far away;
/// `actor` acts; the elements are `elements`.
fn setup(b: C, actor: usize, elements: Value) -> Value {
    let a = [C::new(race_t(4, 5, 6, 5, &["Neuromante"]), 5, 1)
        .facing("S")
        .set("ene", 10)];
    let b = [b.facing("N").set("ene", 10), C::std(0, 13).facing("S")];
    let mut v = setup_json(&walled(), &a, &b, actor, 10);
    v["elements"] = elements;
    v
}

/// A closed door on (5,3) that works for B, CAL 2.
fn door(open: bool) -> Value {
    json!([{"name": "Door", "at": [5, 3], "door": {"open": open},
        "hackable": {"cal": 2, "side": "B"}}])
}

fn reload(st: &State) -> State {
    load(&serde_json::to_value(st.to_setup()).unwrap())
}

#[test]
fn a_closed_door_is_a_wall_and_its_side_opens_and_closes_it() {
    let mut st = load(&setup(C::std(5, 4), 1, door(false)));
    let at = Pos::new(5, 3);
    assert_eq!(st.board().terrain(at), Terrain::Wall);
    assert!(st.door_closed(0));
    assert!(!st.board().line_of_sight(Pos::new(5, 1), Pos::new(5, 5)));
    // b1 (B: the door works for B) in contact opens it (1 ENE, no check).
    assert!(legal(&st, "b1 door e1"), "{:?}", all_legal(&st));
    let closed_print = st.fingerprint();
    let log = play(&mut st, &["b1 door e1"], &[]);
    assert_eq!(statuses(&st, &log), ["b1 opens a door"]);
    assert_eq!(spent(&log), [1]);
    assert_eq!(st.board().terrain(at), Terrain::Easy);
    assert!(st.board().line_of_sight(Pos::new(5, 1), Pos::new(5, 5)));
    assert_ne!(st.fingerprint(), closed_print);
    // Open, it reloads open; b1 may step into it, and close it once out of it.
    let back = reload(&st);
    assert_eq!(back.to_setup(), st.to_setup());
    assert_eq!(back.fingerprint(), st.fingerprint());
    assert!(!back.door_closed(0));
    // a1 now sees b1 act: its reaction window comes first.
    play(&mut st, &["pass"], &[]);
    assert!(legal(&st, "b1 move 5,3"));
    play(&mut st, &["b1 move 5,3", "pass"], &[]);
    assert!(!legal(&st, "b1 door e1"), "not closed on itself");
    play(&mut st, &["b1 move 5,4", "pass", "b1 door e1"], &[]);
    assert!(st.door_closed(0));
    assert_eq!(st.board().terrain(at), Terrain::Wall);
}

#[test]
fn a_door_is_not_closed_on_a_character_and_the_enemy_cannot_use_it() {
    // b1 stands in the open door: it cannot close it.
    let st = load(&setup(C::std(5, 3), 1, door(true)));
    assert!(!legal(&st, "b1 door e1"));
    // a1 (A) cannot open B's door, nor walk through it closed.
    let st = load(&setup(C::std(5, 5), 0, door(false)));
    assert!(!legal(&st, "a1 door e1"));
    assert!(!legal(&st, "a1 move 5,3"));
    assert!(!legal(&st, "a1 move 5,4"));
    // The file's board row keeps the door as it is now.
    assert_eq!(st.to_setup().board.rows[3], "###########");
}

/// b1 (acting) owns a bike (CAL 2) and stands by the open door (`door`).
fn bike_by_an_open_door() -> Value {
    let bike = json!([{"name": "Moto", "ene": 1, "mov": 10, "def": 2, "quality": 2}]);
    setup(C::std(5, 4).set("transports", bike), 1, door(true))
}

#[test]
fn a_door_is_not_closed_on_a_transport_standing_in_it() {
    // A campaign position (seed 2406): B's unmanned mount stood in the open door and a1, for
    // whom the door worked, closed it — a transport on a wall, which no file loads back. The
    // transport's square is taken, manned or not (RULES.md, Transportes; Doors and turrets).
    let mut v = bike_by_an_open_door();
    v["transports"] = json!([{"of": "b1", "at": [5, 3], "facing": "N"}]);
    let st = load(&v);
    assert!(!legal(&st, "b1 door e1"), "{:?}", all_legal(&st));
    // Without the bike in it, the same door closes.
    v["transports"] = json!([{"of": "b1", "at": [6, 5], "facing": "N"}]);
    assert!(legal(&load(&v), "b1 door e1"));
}

#[test]
fn a_wreck_in_a_doorway_takes_no_square_and_saves_and_loads() {
    // Campaign 2605: a destroyed mount (wounds past CAL 2) lay in the open door; the wreck
    // takes no square (RULES.md, Transportes: «Destroyed»), so b1 closed the door on it — and
    // the file the game wrote did not load («a transport on a wall»). A wreck is loaded
    // wherever it lies: on a closed door, or under a live transport (campaigns 2607, 2608).
    let mut v = bike_by_an_open_door();
    v["transports"] = json!([{"of": "b1", "at": [5, 3], "facing": "N", "wounds": 3}]);
    let mut st = load(&v);
    assert!(legal(&st, "b1 door e1"), "{:?}", all_legal(&st));
    play(&mut st, &["b1 door e1"], &[]);
    assert!(st.door_closed(0));
    let back = reload(&st);
    assert_eq!(back.to_setup(), st.to_setup());
    // A live transport may not be loaded on the closed door.
    v["transports"] = json!([{"of": "b1", "at": [5, 3], "facing": "N", "wounds": 2}]);
    v["elements"][0]["door"]["open"] = json!(false);
    assert!(
        load_error(&v).contains("the transport of b1 stands on it"),
        "{}",
        load_error(&v)
    );
}

#[test]
fn a_possessed_door_works_for_the_hacker_who_opens_it_from_afar() {
    let mut st = load(&setup(C::std(5, 5), 0, door(false)));
    // Hack (CH INT 6 − 1 chained r3: DAÑ 2; CH DEF 1 r5): stress 2 = CAL; possess it on (r4).
    play(&mut st, &["a1 hack e1 +", "a1 possess e1 on +"], &[3, 5, 4]);
    assert_eq!(st.element_side(0), Some(Side::A));
    // a1, a neuromante of A within its INT K, opens it from where it stands.
    assert!(legal(&st, "a1 door e1"));
    let log = play(&mut st, &["a1 door e1"], &[]);
    assert_eq!(statuses(&st, &log), ["a1 opens a door"]);
    assert!(!st.door_closed(0));
    let back = reload(&st);
    assert_eq!(back.to_setup(), st.to_setup());
    assert_eq!(back.element_side(0), Some(Side::A));
    assert_eq!(back.object_mind(ObjRef::Element(0)).stress, 2);
}

/// A turret on (5,3) that works for B: CH IMP 6, ALC 12, DAÑ 2, `ammo`.
fn turret(ammo: Option<u8>) -> Value {
    let mut t = json!({"imp": 6, "alc": 12, "dmg": 2});
    if let Some(n) = ammo {
        t["ammo"] = json!(n);
    }
    json!([{"name": "Turret", "at": [5, 3], "turret": t,
        "hackable": {"cal": 2, "side": "B"}}])
}

/// A fresh game on an open board (the turret stands on (5,3)), before turn 1's initiative.
fn fresh(elements: Value) -> Value {
    let mut v = setup(C::std(5, 5), 0, elements);
    v["board"]["rows"] = json!(open(11, 14));
    v.as_object_mut().unwrap().remove("game");
    v
}

#[test]
fn a_turret_shoots_the_nearest_enemy_at_the_start_of_the_turn() {
    let mut st = load(&fresh(turret(Some(1))));
    assert_eq!(engine::actions::combat::turret_target(&st, 0), Some(0));
    // Before the initiative dice: CH IMP 6 r3 (hit), a1's CH DEF (DEF 0) r7: DAÑ 2, 2 wounds
    // (and its CH PSI r2);
    // then the initiative 5 + 5 / 2 + 4.
    let log = play(&mut st, &["init a1", "init b1"], &[3, 7, 2, 5, 2]);
    let c = checks(&st, &log);
    assert_eq!(c[..2], ["a1 CH IMP turret 6 r3", "a1 CH DEF 0 r7"]);
    assert_eq!(st.ch(0).wounds, 2);
    assert_eq!(st.turret_shots(0), 1);
    assert!(!st.turret_loaded(0));
    // Its one shot spent, the next turn it is silent; the count is saved.
    let back = reload(&st);
    assert_eq!(back.to_setup(), st.to_setup());
    assert_eq!(back.turret_shots(0), 1);
}

#[test]
fn a_turret_misses_and_a_possessed_turret_turns_or_goes_off() {
    // Missed (r8): no CH DEF.
    let mut st = load(&fresh(turret(None)));
    let log = play(&mut st, &["init a1", "init b1"], &[8, 5, 2]);
    assert_eq!(checks(&st, &log)[..1], ["a1 CH IMP turret 6 r8"]);
    assert_eq!(st.ch(0).wounds, 0);
    // Switched off by a possessor, it works for nobody and does not fire.
    let mut v = fresh(turret(None));
    v["elements"][0]["hackable"]["stress"] = json!(2);
    v["elements"][0]["hackable"]["control"] = json!("off");
    let mut st = load(&v);
    assert_eq!(st.element_side(0), None);
    assert_eq!(engine::actions::combat::turret_target(&st, 0), None);
    let log = play(&mut st, &["init a1", "init b1"], &[5, 2]);
    assert!(checks(&st, &log).is_empty());
    // Taken over for A, it shoots B's nearest (b1, 2 K away) instead.
    v["elements"][0]["hackable"]["control"] = json!("A");
    let st = load(&v);
    assert_eq!(engine::actions::combat::turret_target(&st, 0), Some(1));
}

#[test]
fn bad_doors_and_turrets_name_the_element() {
    let bad = |f: &dyn Fn(&mut Value), want: &str| {
        let mut v = setup(C::std(5, 5), 0, door(false));
        f(&mut v);
        let e = Setup::from_json(&v.to_string())
            .and_then(|s| State::from_setup(&s, None).map(|_| ()))
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{e} should contain {want}");
    };
    bad(
        &|v| v["elements"][0]["at"] = json!([11, 3]),
        "elements[0].at",
    );
    bad(
        &|v| {
            v["elements"][0]["hackable"] = Value::Null;
        },
        "elements[0].door: a door needs a `hackable` part",
    );
    bad(
        &|v| v["elements"][0]["hackable"]["cal"] = Value::Null,
        "elements[0].hackable.cal",
    );
    bad(
        &|v| v["board"]["rows"][3] = json!("#####H#####"),
        "elements[0].door: a door's square",
    );
    bad(
        &|v| v["sides"]["B"][0]["at"] = json!([5, 3]),
        "elements[0].door: a closed door, and b1 stands on it",
    );
    bad(
        &|v| {
            v["elements"] = turret(None);
            v["elements"][0]["turret"] = json!({"alc": 12, "dmg": 2});
        },
        "elements[0].turret.imp: a turret needs a weapon profile",
    );
    bad(
        &|v| {
            v["elements"] = turret(None);
            v["elements"][0]["hackable"] = Value::Null;
        },
        "elements[0].turret: a turret needs a `hackable` part",
    );
    bad(
        &|v| {
            v["elements"] = turret(Some(1));
            v["elements"][0]["turret"]["shots"] = json!(2);
        },
        "elements[0].turret.shots",
    );
}
