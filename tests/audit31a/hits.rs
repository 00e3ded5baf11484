//! Acobardamiento («Si impacta, objetivo CH PSI») on an area weapon.

use super::*;
use serde_json::json;

/// a1 lays an R3 of DAÑ 3 (quiet) with `traits` on b1 (CON 9) 5 K away: the checks, b1's
/// stress.
fn area_on(traits: &[&str], dice: &[u8]) -> (Vec<String>, u8) {
    let mut t = vec!["Área (R3)"];
    t.extend_from_slice(traits);
    let mut w = weapon(2, 3, 10, 3, &t);
    w["noise"] = json!("quiet");
    let mut st = range(with(&[]).weapon(w), tough(&[]), 5);
    let log = play(&mut st, &["a1 area w1 b1"], dice);
    (checks(&st, &log), st.ch(1).stress)
}

#[test]
fn audit_acobardamiento_on_an_area_weapon_each_base_it_covers_checks_psi() {
    // The area hits b1 (CH IMP r3), whose CH DEF is a critical (r1, no wound): with
    // Acobardamiento b1 still makes a CH PSI (r7, failed: 1 stress), as a shot's target does
    // (`audit21_traits::acobardamiento_on_a_weapon_a_hit_makes_the_target_check_psi`); it made
    // none. Without it, nothing.
    assert_eq!(
        area_on(&["Acobardamiento"], &[3, 1, 7]),
        (
            vec![
                "a1 CH IMP area 5 r3".to_string(),
                "b1 CH DEF 0 r1".into(),
                "b1 CH PSI 4 r7".into()
            ],
            1
        )
    );
    assert_eq!(
        area_on(&[], &[3, 1]),
        (
            vec!["a1 CH IMP area 5 r3".to_string(), "b1 CH DEF 0 r1".into()],
            0
        )
    );
    // Wounded (CH DEF r9), the wound's CH PSI and then Acobardamiento's, as for a shot.
    let (got, stress) = area_on(&["Acobardamiento"], &[3, 9, 7, 7]);
    assert_eq!(
        got,
        [
            "a1 CH IMP area 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r7",
            "b1 CH PSI 4 r7"
        ]
    );
    assert_eq!(stress, 2);
}

#[test]
fn audit_acobardamiento_on_a_shot_that_wounds_two_ch_psi() {
    // The reference of the area's case: a shot that hits and wounds brings the wound's CH PSI
    // and Acobardamiento's.
    let mut st = range(with(&[]).weapon(gun(2, &["Acobardamiento"])), tough(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 7, 7]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r7",
            "b1 CH PSI 4 r7"
        ]
    );
}
