//! Garras y dientes («DAÑ CaC sin armas igual a CON/2. No puede coger equipo»): no equipment
//! taken from the ground nor from a searched element, as no Comerciar nor Saquear.

use super::*;
use serde_json::{json, Value};

/// a1 (`traits`, CON 4) on (3, 2); a2 on (5, 2) with a sword; b1 far away facing S. `extra`
/// edits the setup.
fn base(traits: &[&str], extra: impl FnOnce(&mut Value)) -> engine::State {
    let a = [
        with(traits).set("at", [3, 2]),
        C::std(5, 2).weapon(sword()).set("dropped", json!([0])),
    ];
    let b = [C::std(9, 11).facing("S")];
    let mut v = setup_json(&open(11, 12), &a, &b, 0, 10);
    extra(&mut v);
    load(&v)
}

#[test]
fn audit_garras_y_dientes_picks_up_no_item_from_the_ground() {
    // a2's sword lies on (4, 2), in contact with a1: picked up (1 ENE) without the trait, not
    // offered with it.
    let ground = |v: &mut Value| v["ground"] = json!([{"item": "a2 w1", "at": [4, 2]}]);
    let st = base(&[], ground);
    assert!(legal(&st, "a1 pickup a2 w1"));
    let st = base(&["Garras y dientes"], ground);
    assert!(!legal(&st, "a1 pickup a2 w1"));
}

#[test]
fn audit_garras_y_dientes_a_search_leaves_the_items_on_the_ground() {
    // A passed Buscar (r4 ≤ INT 4) gives the element's points to the side either way; the
    // sword goes to the searcher's hands — or, with Garras y dientes, lies on the element's
    // square (as when its hands are full).
    let chest = |v: &mut Value| {
        v["elements"] = json!([{"name": "Cofre", "at": [3, 3], "items": ["a2 w1"], "points": 2}]);
    };
    let mut st = base(&[], chest);
    play(&mut st, &["a1 search e1"], &[4]);
    assert_eq!(st.weapon_slots(0), 1);
    assert!(st.ground_items().next().is_none());
    let mut st = base(&["Garras y dientes"], chest);
    play(&mut st, &["a1 search e1"], &[4]);
    assert_eq!(st.objective_points(engine::Side::A), 2);
    assert_eq!(st.weapon_slots(0), 0);
    assert_eq!(
        st.ground_items().collect::<Vec<_>>(),
        [(1, 0, engine::Pos::new(3, 3))]
    );
}
