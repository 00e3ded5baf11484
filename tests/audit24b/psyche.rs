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

#[test]
fn audit_gallina_fanatico_never_flees() {
    // Fanático «Nunca huirá ni entrará en pánico» over Gallina «Huye de CaC si su bando es
    // inferior»: engaged with a1 and a2, b1 does not panic.
    let a = [
        C::std(4, 5).status("acted").facing("S"),
        C::std(6, 5).status("acted").facing("S"),
    ];
    let b = C::new(race_t(4, 5, 4, 4, &["Gallina", "Fanático"]), 5, 6)
        .set("ene", 0)
        .set("status", json!([]));
    let mut v = setup_json(&open(11, 12), &a, &[b], 0, 4);
    v["game"]["to_move"] = json!("B");
    v["game"]["decision"] = json!({"kind": "activate", "side": "B"});
    let mut st = load(&v);
    play(&mut st, &["activate b1"], &[]);
    assert!(!st.ch(2).has(engine::state::PANIC));
}

/// b1 (ENE 0) starts its activation 4 K from a1 (`a`); b2 (`b2`) beside b1.
fn b_starts(a: C, b2: C) -> engine::State {
    let a = a.set("at", [5, 1]).status("acted");
    let b = [
        C::std(5, 5).set("ene", 0).set("status", json!([])),
        b2.set("at", [6, 5]).status("acted"),
    ];
    let mut v = setup_json(&open(11, 12), &[a], &b, 0, 4);
    v["game"]["to_move"] = json!("B");
    v["game"]["decision"] = json!({"kind": "activate", "side": "B"});
    load(&v)
}

#[test]
fn audit_gran_demonio_a_passed_ch_psi_brings_no_ch_loc() {
    // «CH PSI. Si falla: CH LOC -2»: passed (r2), nothing more.
    let mut st = b_starts(with(&["Gran demonio"]), C::std(0, 0));
    let log = play(&mut st, &["activate b1"], &[2]);
    assert_eq!(checks(&st, &log), ["b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).stress, 0);
}

#[test]
fn audit_gran_demonio_not_its_allies() {
    // «Enemigos a tantos K como VOL»: b2's Gran demonio beside b1 asks b1 nothing.
    let mut st = b_starts(C::std(0, 0), with(&["Gran demonio"]));
    let log = play(&mut st, &["activate b1"], &[]);
    assert!(checks(&st, &log).is_empty());
}
