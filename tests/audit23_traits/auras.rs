//! Orador («Alcance VOLx2») read against every reach of its bearer: the shouts and presences
//! (audit 22) and the two the widening missed — Grito berserker's «Aliados a 5K, distancia
//! carga +2» and Gran demonio's «Enemigos a tantos K como VOL».

use super::*;
use serde_json::json;

#[test]
fn audit_orador_widens_grito_berserker_to_vol_times_two() {
    // a1 (MOV 1) charges b1 7 K away only with +2 K; the shouting ally a2 (VOL 4) stands 6 K
    // from a1: out of Grito berserker's 5 K, within Orador's 4 × 2 = 8 K; 9 K away, out of both.
    let charge = |ally: &[&str], x: u8| {
        let st = position(
            &open(16, 12),
            &[
                C::std(5, 1).facing("S"),
                with(ally).set("at", [5 + x, 1]).status("acted"),
            ],
            &[C::std(5, 8).facing("S")],
            0,
        );
        all_legal(&st).iter().any(|a| a.starts_with("a1 charge b1"))
    };
    assert!(charge(&["Grito berserker"], 5));
    assert!(!charge(&["Grito berserker"], 6));
    assert!(charge(&["Grito berserker", "Orador"], 6));
    assert!(charge(&["Grito berserker", "Orador"], 8));
    assert!(!charge(&["Grito berserker", "Orador"], 9));
}

/// a1 (acted, traits) on (5, 1); b1 `d` K south activates (ENE 0).
fn b_activates(a: C, d: u8) -> engine::State {
    let a = a.set("at", [5, 1]).status("acted");
    let b = C::std(5, 1 + d).set("ene", 0).set("status", json!([]));
    let mut v = setup_json(&open(11, 14), &[a], &[b], 0, 4);
    v["game"]["to_move"] = json!("B");
    v["game"]["decision"] = json!({"kind": "activate", "side": "B"});
    load(&v)
}

#[test]
fn audit_orador_gran_demonio_reaches_vol_times_two() {
    // a1 VOL 4 with Orador: b1 8 K away makes its CH PSI (r9: fails) and CH LOC 4 − 2;
    // 9 K away, nothing; without Orador 5 K is already out (VOL 4).
    let demon = || with(&["Gran demonio", "Orador"]);
    let mut st = b_activates(demon(), 8);
    let log = play(&mut st, &["activate b1"], &[9, 2]);
    assert_eq!(checks(&st, &log), ["b1 CH PSI 4 r9", "b1 CH LOC 2 r2"]);
    let mut st = b_activates(demon(), 9);
    let log = play(&mut st, &["activate b1"], &[]);
    assert!(checks(&st, &log).is_empty());
    let mut st = b_activates(with(&["Gran demonio"]), 5);
    let log = play(&mut st, &["activate b1"], &[]);
    assert!(checks(&st, &log).is_empty());
}
