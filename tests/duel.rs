//! Desenfundar (1, AGI ENF), «Para resolver un duelo» (A28), with scripted dice: the CH AGI
//! ENF's winner shoots first and the loser, still able, shoots back; a tie goes to the
//! challenged; who may duel.
//!
//! Standard race: AGI 5, CON 4; bows (DAÑ 2, ALC 10); no protections (CH DEF target 0).

use crate::build::*;

fn duellists() -> engine::State {
    let a = [C::std(5, 2).weapon(bow()).facing("S")];
    let b = [C::std(5, 7).weapon(bow()).facing("N")];
    position(&open(11, 12), &a, &b, 0)
}

#[test]
fn the_quicker_hand_shoots_first_and_the_other_answers() {
    let mut st = duellists();
    // Early window (b1 sees the draw declared): b1 passes. CH ENF 2 vs 4: a1 wins; a1's shot
    // (CH IMP r3) hits, CH DEF r5 fails: 2 wounds, b1's CH PSI r2; b1 still able shoots back
    // and misses (r9).
    let log = play(&mut st, &["a1 draw b1", "pass"], &[2, 4, 3, 5, 2, 9]);
    let c = checks(&st, &log);
    assert_eq!(c[0], "a1 CH ENF 5 r2");
    assert_eq!(c[1], "b1 CH ENF 5 r4");
    assert!(c[2].starts_with("a1 CH IMP"), "{c:?}");
    assert!(c[5].starts_with("b1 CH IMP"), "{c:?}");
    assert_eq!(spent(&log), [1]);
    assert_eq!(st.ch(1).wounds, 2);
    assert!(statuses(&st, &log).contains(&"a1 draws first".to_string()));
}

#[test]
fn a_tie_goes_to_the_challenged() {
    let mut st = duellists();
    // 3 and 3: b1 shoots first (r9: a miss); a1 answers (r9: a miss).
    let log = play(&mut st, &["a1 draw b1", "pass"], &[3, 3, 9, 9]);
    let c = checks(&st, &log);
    assert!(
        c[2].starts_with("b1 CH IMP") && c[3].starts_with("a1 CH IMP"),
        "{c:?}"
    );
    assert!(statuses(&st, &log).contains(&"b1 draws first".to_string()));
}

#[test]
fn a_duel_needs_both_ready_and_face_to_face() {
    assert!(legal(&duellists(), "a1 draw b1"));
    // b1 turned away: no duel.
    let st = position(
        &open(11, 12),
        &[C::std(5, 2).weapon(bow())],
        &[C::std(5, 7).weapon(bow()).facing("S")],
        0,
    );
    assert!(!legal(&st, "a1 draw b1"));
    // b1 unarmed: no duel.
    let st = position(
        &open(11, 12),
        &[C::std(5, 2).weapon(bow())],
        &[C::std(5, 7).facing("N")],
        0,
    );
    assert!(!legal(&st, "a1 draw b1"));
}
