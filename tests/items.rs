//! Items on the ground and Buscar with scripted dice: an item let go of lies where it fell and
//! is picked up (1 ENE) from its square or in contact; a scenario element gives its hidden
//! items and points to a passed CH INT; save and load keep both; bad input names the part.
//!
//! Standard race: INT 4 (CH INT search 4). b1 far away faces S (no reactions).

use crate::build::*;
use engine::{Setup, State};
use serde_json::{json, Value};

fn base(extra: impl FnOnce(&mut Value)) -> Value {
    let a = [
        C::std(3, 2).weapon(bow()).weapon(sword()),
        C::std(5, 2)
            .weapon(bow())
            .weapon(sword())
            .set("dropped", json!([1])),
    ];
    let b = [C::std(9, 11).facing("S")];
    let mut v = setup_json(&open(11, 12), &a, &b, 0, 10);
    extra(&mut v);
    v
}

#[test]
fn a_dropped_item_lies_on_its_square_and_is_picked_up_in_contact() {
    let mut st = load(&base(|_| {}));
    let log = play(&mut st, &["a1 drop w1 +", "a1 move 4,2 +"], &[]);
    assert_eq!(spent(&log), [0, 1]);
    assert_eq!(
        st.ground_items().collect::<Vec<_>>(),
        [(0, 0, engine::Pos::new(3, 2))]
    );
    // In contact (4,2 next to 3,2): 1 ENE, back in the owner's hand.
    let log = play(&mut st, &["a1 pickup a1 w1"], &[]);
    assert_eq!(spent(&log), [1]);
    assert!(st.ground_items().next().is_none());
    assert!(st.weapon_usable(0, 0));
    // Two squares away it is not offered.
    let mut st = load(&base(|_| {}));
    play(&mut st, &["a1 drop w1 +", "a1 run 3,4 +"], &[]);
    assert!(!legal(&st, "a1 pickup a1 w1"));
}

#[test]
fn another_characters_item_fills_a_carried_slot() {
    // a2's sword lies on 4,2 (a position file's `ground`); a1 in contact takes it as its w3.
    let mut st = load(&base(|v| {
        v["ground"] = json!([{"item": "a2 w2", "at": [4, 2]}]);
    }));
    play(&mut st, &["a1 pickup a2 w2"], &[]);
    assert_eq!(st.weapon_slots(0), 3);
    assert_eq!(st.weapon_ref(0, 2), Some((1, 1)));
    let back = load(&serde_json::to_value(st.to_setup()).unwrap());
    assert_eq!(back.to_setup(), st.to_setup());
}

#[test]
fn buscar_gives_an_elements_items_and_points_on_a_passed_ch_int() {
    let with_chest = || {
        base(|v| {
            v["elements"] =
                json!([{"name": "Cofre", "at": [3, 3], "items": ["a2 w2"], "points": 2}]);
        })
    };
    // Failed (5 > INT 4): nothing; it may be searched again.
    let mut st = load(&with_chest());
    let log = play(&mut st, &["a1 search e1"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH INT search 4 r5"]);
    assert!(!st.searched(0) && legal(&st, "a1 search e1"));
    // Passed: a2's sword in a1's hands, 2 objective points for A, the element empty.
    let log = play(&mut st, &["a1 search e1"], &[4]);
    assert_eq!(spent(&log), [1]);
    assert!(st.searched(0));
    assert_eq!(st.objective_points(engine::Side::A), 2);
    assert_eq!(st.weapon_ref(0, 2), Some((1, 1)));
    let s = st.to_setup();
    assert!(s.elements[0].searched && s.elements[0].items.is_empty());
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.to_setup(), s);
    assert_eq!(back.fingerprint(), st.fingerprint());
    // Out of contact: not offered.
    let st = load(&base(|v| {
        v["elements"] = json!([{"at": [3, 5], "points": 1}]);
    }));
    assert!(!legal(&st, "a1 search e1"));
}

#[test]
fn bad_elements_and_ground_items_name_the_part() {
    let bad = |f: &dyn Fn(&mut Value)| {
        let v = base(|v| f(v));
        let s = Setup::from_json(&v.to_string()).unwrap();
        State::from_setup(&s, None).unwrap_err().to_string()
    };
    assert_eq!(
        bad(&|v| v["elements"] = json!([{"at": [3, 30]}])),
        "elements[0].at: [3, 30] is off the board"
    );
    assert_eq!(
        bad(&|v| v["ground"] = json!([{"item": "a1 w1", "at": [3, 3]}])),
        "ground[0].item: \"a1 w1\": still in its owner's hands (list it in the owner's `dropped`)"
    );
    assert_eq!(
        bad(&|v| v["ground"] = json!([{"item": "c9 w1", "at": [3, 3]}])),
        "ground[0].item: \"c9 w1\": no such character"
    );
    assert_eq!(
        bad(&|v| {
            v["ground"] = json!([{"item": "a2 w2", "at": [3, 3]}]);
            v["elements"] = json!([{"at": [4, 4], "items": ["a2 w2"]}]);
        }),
        "ground[0].item: a2 w2 is already elsewhere"
    );
}

#[test]
fn usar_an_elixir_heals_its_level_within_alc_and_is_gone() {
    // Elixir (2) on an object of ENE 2, ALC 1: heals 2 wounds of the user or of a character
    // within 1 K in LdV, then «se elimina del juego».
    let elixir = json!({"name": "Elixir", "ene": 2, "range": 1, "quality": 1,
                        "traits": ["Elixir (2)"]});
    let a = [
        C::std(3, 2).object(elixir).set("wounds", 3),
        C::std(4, 2).set("wounds", 1),
        C::std(7, 2).set("wounds", 1),
    ];
    let b = [C::std(9, 11).facing("S")];
    let mut st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
    let acts = all_legal(&st);
    assert!(acts.contains(&"a1 use o1 a1".to_string()), "{acts:?}");
    assert!(acts.contains(&"a1 use o1 a2".to_string()));
    // a3 is 4 K away, beyond ALC 1.
    assert!(!acts.iter().any(|a| a.starts_with("a1 use o1 a3")));
    let log = play(&mut st, &["a1 use o1 a1"], &[]);
    assert_eq!(spent(&log), [2]);
    assert_eq!(st.ch(0).wounds, 1);
    assert!(st.object_used(0, 0));
    assert!(!legal(&st, "a1 use o1 a2"));
    let back = load(&serde_json::to_value(st.to_setup()).unwrap());
    assert_eq!(back.to_setup(), st.to_setup());
    assert!(back.object_used(0, 0));
    // An object whose traits do nothing when used (Bandera: Estandarte, always in force) is not
    // offered.
    let flag = json!({"name": "Bandera", "ene": 1, "range": 0, "quality": 3,
                      "traits": ["Estandarte"]});
    let st = load(&setup_json(
        &open(11, 12),
        &[C::std(3, 2).object(flag).set("wounds", 1)],
        &[C::std(9, 11).facing("S")],
        0,
        10,
    ));
    assert!(!all_legal(&st).iter().any(|a| a.contains(" use ")));
}

#[test]
fn usar_an_elixir_does_not_raise_a_casualty_on_a_square_a_base_holds() {
    // Found by the random games of traits_support_4v4: a casualty is off the table, so its user
    // may stand on its square; healed there it would share the square. As Curar, it cannot come
    // back while a base holds it (RULES.md, "rising on a taken square"): not offered.
    let elixir = json!({"name": "Elixir", "ene": 1, "range": 2, "quality": 1,
                        "traits": ["Elixir (1)"]});
    let a = [
        C::std(3, 2).object(elixir),
        C::std(3, 2).set("wounds", 4),
        C::std(4, 2).set("wounds", 4),
    ];
    let b = [C::std(9, 11).facing("S")];
    let st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
    assert!(!st.able(1) && !st.able(2));
    let acts = all_legal(&st);
    assert!(!acts.iter().any(|a| a == "a1 use o1 a2"), "{acts:?}");
    assert!(acts.contains(&"a1 use o1 a3".to_string()), "{acts:?}");
}
