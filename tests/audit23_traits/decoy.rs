//! Señuelo («Una vez por av., al final de su actuación, puede decir que fue un señuelo. Se
//! ignora todo lo realizado excepto la ENE consumida y las heridas que este señuelo haya
//! infligido o sufrido.»): once per game.

use super::*;

/// After a1's activation: `b` (whoever of side B has not acted) acts and ends; the next turn
/// begins with b1 first (initiative dice 2 and 8) until a1's activation starts.
fn next_turn_a1(st: &mut engine::State, b: &str) {
    let act = format!("activate {b}");
    let end = format!("{b} end facing S");
    let mut acts = vec![act.as_str(), end.as_str()];
    acts.extend([
        "init a1",
        "init b1",
        "activate b1",
        "b1 end facing S",
        "activate a1",
    ]);
    play(st, &acts, &[2, 8]);
}

#[test]
fn audit_senuelo_once_per_game() {
    let mut st = range(with(&["Señuelo"]).weapon(gun(2, &[])), C::std(0, 0), 5);
    play(&mut st, &["a1 end facing S"], &[]);
    next_turn_a1(&mut st, "b1");
    play(&mut st, &["a1 move 4,1"], &[]);
    assert!(legal(&st, "a1 decoy"));
    play(&mut st, &["a1 decoy"], &[]);
    // Spent: its next activation offers no decoy, whatever it does.
    next_turn_a1(&mut st, "b2");
    play(&mut st, &["a1 move 4,1"], &[]);
    assert!(!legal(&st, "a1 decoy"));
}
