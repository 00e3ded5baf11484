//! Objects used (Usar): Elixir («Sana 1 herida /N y elimina efectos como veneno. Después se
//! elimina del juego»).

use super::*;
use engine::state::{BURNING, STUNNED, STUN_FRESH};
use serde_json::json;

fn elixir(n: u8) -> serde_json::Value {
    json!({"name": "Elixir", "ene": 1, "range": 1, "quality": 1,
           "traits": [format!("Elixir ({n})")]})
}

/// a1 holds an Elixir (1); a2 stands by it with `status` (and `wounds`); b1 far away.
fn by(status: &[&str], wounds: u8) -> engine::State {
    let mut a2 = C::std(4, 2).set("wounds", wounds);
    for s in status {
        a2 = a2.status(s);
    }
    let a = [C::std(3, 2).object(elixir(1)), a2];
    let b = [C::std(9, 11).facing("S")];
    load(&setup_json(&open(11, 12), &a, &b, 0, 10))
}

#[test]
fn audit_elixir_clears_a_stun_on_an_unwounded_character() {
    // «elimina efectos como veneno»: a2, unwounded but stunned by Munición aturdidora (no
    // reactions, CH ATR −1), is helped: the Elixir is offered on it and clears the stun.
    let mut st = by(&["stunned", "stun_fresh"], 0);
    assert!(st.body_ills(1));
    let log = play(&mut st, &["a1 use o1 a2"], &[]);
    assert_eq!(spent(&log), [1]);
    assert!(!st.body_ills(1));
    assert_eq!(st.ch(1).tbits & (STUNNED | STUN_FRESH), 0);
    assert!(st.object_used(0, 0));
}

#[test]
fn audit_elixir_clears_the_drug_crash_and_overdose_and_heals_its_level() {
    // Drogas de combate's aftermath (ENE 0 next activation, no reactions, the 5 wounds of a
    // second dose) is a substance in the body: cleared; and 1 wound healed (Elixir (1)).
    let mut st = by(&["drugged", "drug_crash", "overdosed", "overheated"], 2);
    play(&mut st, &["a1 use o1 a2"], &[]);
    assert_eq!(st.ch(1).wounds, 1);
    assert!(!st.body_ills(1));
}

#[test]
fn audit_elixir_leaves_fire_and_is_not_offered_for_it_alone() {
    // Fire (Munición incendiaria) has its own remedy, Apagar fuego: not «como veneno». An
    // unwounded character that is only burning is not offered the Elixir.
    let st = by(&["burning"], 0);
    assert!(!st.body_ills(1));
    assert!(!legal(&st, "a1 use o1 a2"));
    // Nor an unwounded, healthy one.
    let st = by(&[], 0);
    assert!(!legal(&st, "a1 use o1 a2"));
    // Burning and wounded: healed, still burning.
    let mut st = by(&["burning"], 1);
    play(&mut st, &["a1 use o1 a2"], &[]);
    assert_eq!(st.ch(1).wounds, 0);
    assert_ne!(st.ch(1).tbits & BURNING, 0);
}

#[test]
fn audit_elixir_sin_cura_keeps_its_stun() {
    // Sin cura «No puede recuperar heridas ni ser curado»: clearing a poison-like state is
    // being cured — not offered on it.
    let a = [
        C::std(3, 2).object(elixir(1)),
        C::new(race_t(4, 5, 4, 4, &["Sin cura"]), 4, 2)
            .status("stunned")
            .status("stun_fresh"),
    ];
    let b = [C::std(9, 11).facing("S")];
    let st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
    assert!(!legal(&st, "a1 use o1 a2"));
}

fn drugs(traits: &[&str]) -> serde_json::Value {
    json!({"name": "Drogas", "ene": 1, "range": 0, "quality": 3, "traits": traits})
}

#[test]
fn audit_drogas_de_combate_is_a_droga_thirty_percent_addiction() {
    // «[Droga] +5 ENE …»: combat drugs are a Droga — each dose rolls its «30% de crear una
    // adicción»: 1D100 = 30, an addict (and the +5 ENE: 8 − 1 + 5, at most 10).
    use engine::state::ADDICT;
    let start = |t: &[&str]| {
        position(
            &open(11, 12),
            &[C::new(race(9, 5, 4, 4), 5, 1).object(drugs(t))],
            &[C::std(5, 9).facing("S")],
            0,
        )
    };
    let mut st = start(&["Drogas de combate"]);
    let log = play(&mut st, &["a1 use o1 a1"], &[3, 10]);
    assert_eq!(
        statuses(&st, &log),
        ["a1 becomes addicted", "a1 takes combat drugs"]
    );
    assert!(st.marked(0, ADDICT));
    assert_eq!(st.ch(0).ene, 10);
    // 1D100 = 31: none.
    let mut st = start(&["Drogas de combate"]);
    play(&mut st, &["a1 use o1 a1"], &[3, 1]);
    assert!(!st.marked(0, ADDICT));
    // Droga written beside it: still one roll per dose.
    let mut st = start(&["Droga", "Drogas de combate"]);
    play(&mut st, &["a1 use o1 a1"], &[3, 1]);
    assert!(!st.marked(0, ADDICT));
}

#[test]
fn audit_incorporeo_uses_its_own_elixir_on_itself_only() {
    // Incorpóreo «no interactuar con otros»: phased, a1 may still drink its own Elixir (it
    // touches nobody, as a Cóctel de vitaminas), but not give it to a2 beside it.
    let a = [
        C::new(race_t(4, 5, 4, 4, &["Incorpóreo"]), 3, 2)
            .object(elixir(1))
            .set("wounds", 1)
            .status("phased"),
        C::std(4, 2).set("wounds", 1),
    ];
    let b = [C::std(9, 11).facing("S")];
    let mut st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
    assert!(!legal(&st, "a1 use o1 a2"));
    play(&mut st, &["a1 use o1 a1"], &[]);
    assert_eq!(st.ch(0).wounds, 0);
}
