//! Psychology traits of the range: Gallina («Huye de CaC si su bando es inferior»).

use super::*;
use serde_json::json;

#[test]
fn audit_gallina_does_not_flee_an_even_melee() {
    // One against one in contact (a2 elsewhere on the table, out of the melee): its side is not
    // inferior there, b1 does not panic.
    let a = [
        C::std(5, 5).status("acted").facing("S"),
        C::std(0, 0).status("acted").facing("S"),
    ];
    let b = C::new(race_t(4, 5, 4, 4, &["Gallina"]), 5, 6)
        .set("ene", 0)
        .set("status", json!([]));
    let mut v = setup_json(&open(11, 12), &a, &[b], 0, 4);
    v["game"]["to_move"] = json!("B");
    v["game"]["decision"] = json!({"kind": "activate", "side": "B"});
    let mut st = load(&v);
    play(&mut st, &["activate b1"], &[]);
    assert!(!st.ch(2).has(engine::state::PANIC));
}
