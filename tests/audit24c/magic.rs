//! The Magia: traits swept clause by clause: dormir («Duerme a un enemigo tranquilo»),
//! tranquilizar («Tranquiliza a un enemigo»), despistar («Mueve a un enemigo tantos K como
//! INT»). A Bunkai meta-ability (CH AGI) of ALC 3 on a Cinético.

use super::*;
use serde_json::json;

/// A Cinético with a Bunkai meta-ability (ENE 2, ALC 3, CAL 4) carrying `traits`.
fn caster(traits: &[&str]) -> C {
    let mut t = vec!["Bunkai"];
    t.extend_from_slice(traits);
    with(&["Cinético"]).meta(json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": t}))
}

/// a1 (`a`) on (5, 1) facing S, a2 (`ally`) 2 K south of it, b1 (`b`) 3 K south; b2 far away.
fn trio(a: C, ally: C, b: C) -> engine::State {
    position(
        &open(11, 12),
        &[
            a.set("at", [5, 1]).facing("S"),
            ally.set("at", [6, 3]).facing("S"),
        ],
        &[
            b.set("at", [5, 4]).facing("S"),
            C::std(10, 11).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_magia_dormir_not_on_a_panicked_enemy() {
    // «un enemigo tranquilo»: b1 in panic with no stress is not calm — not a target.
    let st = trio(
        caster(&["Magia: dormir"]),
        C::std(0, 0),
        C::std(0, 0).status("panic"),
    );
    assert!(!legal(&st, "a1 meta m1 b1"));
    let st = trio(caster(&["Magia: dormir"]), C::std(0, 0), C::std(0, 0));
    assert!(legal(&st, "a1 meta m1 b1"));
}

#[test]
fn audit_magia_dormir_not_on_an_ally() {
    // «a un enemigo»: a calm ally 2 K away is no target.
    let st = trio(caster(&["Magia: dormir"]), C::std(0, 0), C::std(0, 0));
    assert!(!legal(&st, "a1 meta m1 a2"));
}

#[test]
fn audit_magia_tranquilizar_not_on_an_ally() {
    // «Tranquiliza a un enemigo»: a2, an ally with 2 stress, is no target; b1 with 2 is.
    let st = trio(
        caster(&["Magia: tranquilizar"]),
        C::std(0, 0).set("stress", 2),
        C::std(0, 0).set("stress", 2),
    );
    assert!(!legal(&st, "a1 meta m1 a2"));
    assert!(legal(&st, "a1 meta m1 b1"));
}

#[test]
fn audit_magia_tranquilizar_ends_a_panic() {
    // «Tranquiliza»: b1 in panic with 1 stress: after the CH AGI and the CH VOL ENF, no stress
    // and no panic (its 1 stress lowers its CH VOL ENF to 3).
    let mut st = trio(
        caster(&["Magia: tranquilizar"]),
        C::std(0, 0),
        C::std(0, 0).set("stress", 1).status("panic"),
    );
    let log = play(&mut st, &["a1 meta m1 b1"], &[3, 2, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH AGI meta 5 r3", "a1 CH ENF 4 r2", "b1 CH ENF 3 r6"]
    );
    assert_eq!(st.ch(1).stress, 0);
    assert!(!st.ch(1).has(engine::state::PANIC));
}

#[test]
fn audit_magia_despistar_not_on_an_ally() {
    // «Mueve a un enemigo»: a2 is no target, b1 is.
    let st = trio(caster(&["Magia: despistar"]), C::std(0, 0), C::std(0, 0));
    assert!(!legal(&st, "a1 meta m1 a2"));
    assert!(legal(&st, "a1 meta m1 b1"));
}
