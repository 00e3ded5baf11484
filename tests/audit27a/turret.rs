//! Fosforito («CH IMP +1 a distancia»: whoever shoots the holder) when the shooter is a turret
//! (RULES.md, "Doors and turrets"). Audit 27a (fix): a turret's shot read none of its target's
//! traits on those who attack it (nor Absorción de impacto's «Enemigo tiene DAÑ -1»).

use super::*;
use engine::State;
use serde_json::json;

/// A fresh game (before turn 1's initiative): A1 (`traits`) on (5, 1); B1 on (5, 5); a turret
/// of B on (5, 3) (CH IMP 6, ALC 12, DAÑ 2), 2 K from A1, the nearest enemy.
fn under_fire(traits: &[&str]) -> State {
    turret_game(&[C::new(race_t(4, 5, 4, 4, traits), 5, 1).facing("S")])
}

/// The game of [`under_fire`] with side A's characters `a`.
fn turret_game(a: &[C]) -> State {
    let b = [C::std(5, 5).facing("N"), C::std(0, 13).facing("S")];
    let mut v = setup_json(&open(11, 14), a, &b, 0, 10);
    v["elements"] = json!([{"name": "Turret", "at": [5, 3],
        "turret": {"imp": 6, "alc": 12, "dmg": 2}, "hackable": {"cal": 2, "side": "B"}}]);
    v.as_object_mut().unwrap().remove("game");
    load(&v)
}

#[test]
fn audit_fosforito_a_turret_shoots_the_holder_at_one_more() {
    // CH IMP 6 r7: a miss; at Fosforito's A1, 7 r7: a hit (it missed), CH DEF 0 r9: 2 wounds.
    let mut st = under_fire(&[]);
    let log = play(&mut st, &["init a1", "init b1"], &[7, 5, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP turret 6 r7");
    assert_eq!(st.ch(0).wounds, 0);
    let mut st = under_fire(&["Fosforito"]);
    let log = play(&mut st, &["init a1", "init b1"], &[7, 9, 2, 5, 2]);
    assert_eq!(
        checks(&st, &log)[..3],
        ["a1 CH IMP turret 7 r7", "a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(0).wounds, 2);
}

#[test]
fn audit_absorcion_de_impacto_a_turrets_dan_minus_one() {
    // CH IMP 6 r3, CH DEF 0 r9: DAÑ 2, with Absorción de impacto 1 (it was 2).
    let mut st = under_fire(&["Absorción de impacto"]);
    play(&mut st, &["init a1", "init b1"], &[3, 9, 2, 5, 2]);
    assert_eq!(st.ch(0).wounds, 1);
}

/// [`under_fire`] with A2 (`a2_traits`) on (0, 1), 5 K from A1 and 5 K from the turret (A1 stays
/// the nearest enemy).
fn under_fire_with_ally(a2_traits: &[&str]) -> State {
    turret_game(&[
        C::new(race_t(4, 5, 4, 4, &[]), 5, 1).facing("S"),
        C::new(race_t(4, 5, 4, 4, a2_traits), 0, 1).facing("S"),
    ])
}

#[test]
fn audit_grito_de_oscuridad_a_turret_shooting_an_ally_within_5k_at_one_less() {
    // Grito de oscuridad («Enemigos atacando a aliados a 5K de este personaje sufren CH IMP-1»)
    // on A2, 5 K from A1: the turret's CH IMP at A1 is 5, not 6 (a turret attacks as any
    // shooter; audit 27a left it out).
    let mut st = under_fire_with_ally(&[]);
    let log = play(&mut st, &["init a1", "init b1"], &[7, 5, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP turret 6 r7");
    let mut st = under_fire_with_ally(&["Grito de oscuridad"]);
    let log = play(&mut st, &["init a1", "init b1"], &[7, 5, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP turret 5 r7");
}
