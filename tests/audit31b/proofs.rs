//! Prueba de agilidad / de voluntad («Requiere superar un CH AGI / VOL») — and the other «cuando
//! se usa» traits — on an object: the check is the object's, made when the object is used
//! (Usar), not when its carrier fires a weapon (RULES.md, "Audit 31b").

use super::*;
use engine::State;
use serde_json::{json, Value};

/// An Elixir (1) (Usar, ENE 1: heals 1 wound, single use) with `traits` beside it.
fn elixir(traits: &[&str]) -> Value {
    let mut t = vec!["Elixir (1)"];
    t.extend_from_slice(traits);
    json!({"name": "Frasco", "ene": 1, "range": 0, "quality": 3, "traits": t})
}

/// a1 (1 wound) carries `object` and a gun; b1 5 K south.
fn holder(object: Value) -> State {
    range(
        C::std(0, 0)
            .object(object)
            .weapon(gun(2, &[]))
            .set("wounds", 1),
        C::std(0, 0),
        5,
    )
}

#[test]
fn audit_prueba_on_an_object_is_not_asked_of_its_carriers_shots() {
    // The gun has no Prueba: the shot's first check is its CH IMP (r9 misses), whatever the
    // Elixir beside it says. Before: «a1 CH ATR to use 5 r9» and the shot did not go.
    for t in ["Prueba de agilidad", "Prueba de voluntad"] {
        let mut st = holder(elixir(&[t]));
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        let c = checks(&st, &log);
        assert_eq!(c.len(), 1, "{t}: {c:?}");
        assert!(c[0].starts_with("a1 CH IMP"), "{t}: {c:?}");
    }
}

#[test]
fn audit_prueba_de_agilidad_on_an_object_is_checked_when_it_is_used() {
    // AGI 5: r6 fails — its ENE 1 is spent, no wound healed, the Elixir is still there.
    let mut st = holder(elixir(&["Prueba de agilidad"]));
    let log = play(&mut st, &["a1 use o1 a1"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH ATR to use 5 r6"]);
    assert_eq!((st.ch(0).wounds, spent(&log)), (1, vec![1]));
    assert!(legal(&st, "a1 use o1 a1"));
    // r5 passes: healed, and the single-use Elixir is gone.
    let mut st = holder(elixir(&["Prueba de agilidad"]));
    let log = play(&mut st, &["a1 use o1 a1"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH ATR to use 5 r5"]);
    assert_eq!(st.ch(0).wounds, 0);
    assert!(!legal(&st, "a1 use o1 a1"));
    // Without the trait: no check at all.
    let mut st = holder(elixir(&[]));
    let log = play(&mut st, &["a1 use o1 a1"], &[]);
    assert!(checks(&st, &log).is_empty());
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn audit_prueba_de_voluntad_on_an_object_is_the_users_vol() {
    // VOL 4: r5 fails, r4 passes.
    let mut st = holder(elixir(&["Prueba de voluntad"]));
    let log = play(&mut st, &["a1 use o1 a1"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH ATR to use 4 r5"]);
    assert_eq!(st.ch(0).wounds, 1);
    let mut st = holder(elixir(&["Prueba de voluntad"]));
    let log = play(&mut st, &["a1 use o1 a1"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH ATR to use 4 r4"]);
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn audit_danino_on_an_object_wounds_its_user_when_used_not_when_shooting() {
    // Dañino («1 herida al usuario» when used) on the Elixir: the shot costs nothing (the CH IMP
    // r9 only, no wound, no CH PSI)…
    let mut st = holder(elixir(&["Dañino"]));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log).len(), 1);
    assert_eq!(st.ch(0).wounds, 1);
    // …using it does: its wound (1 + 1 = 2), its CH PSI (r1 passes), then the heal (2 − 1).
    let mut st = holder(elixir(&["Dañino"]));
    let log = play(&mut st, &["a1 use o1 a1"], &[1]);
    assert_eq!(checks(&st, &log).len(), 1, "{:?}", checks(&st, &log));
    assert_eq!(st.ch(0).wounds, 1);
}

#[test]
fn audit_prueba_de_voluntad_on_a_vitamin_cocktail_is_checked_when_taken() {
    use engine::creation::effect::Stat;
    let cocktail = |t: &[&str]| {
        let mut v = vec!["Cóctel de vitaminas"];
        v.extend_from_slice(t);
        json!({"name": "Cóctel", "ene": 1, "range": 0, "quality": 3, "traits": v})
    };
    // VOL 4: r5 fails — ENE 1 spent, no AGI level; r4 passes — one level.
    for (die, boost) in [(5, 0), (4, 1)] {
        let mut st = range(
            C::std(0, 0).object(cocktail(&["Prueba de voluntad"])),
            C::std(0, 0),
            5,
        );
        let log = play(&mut st, &["a1 cocktail o1 AGI"], &[die]);
        assert_eq!(checks(&st, &log), [format!("a1 CH ATR to use 4 r{die}")]);
        assert_eq!(spent(&log), [1]);
        assert_eq!(st.marks(0).boost[Stat::Agi as usize], boost);
    }
    // Without it: no check, one level.
    let mut st = range(C::std(0, 0).object(cocktail(&[])), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 cocktail o1 AGI"], &[]);
    assert!(checks(&st, &log).is_empty());
    assert_eq!(st.marks(0).boost[Stat::Agi as usize], 1);
}
