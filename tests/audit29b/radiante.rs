//! Radiante («Enemigos a 10 K deben atacarle a distancia antes que a otro, si no superan un CH
//! VOL»): the duty is to attack it instead — a Radiante beyond the reach of the attack being
//! made cannot be, and demands no CH VOL. Audit 29b (fix): it demanded one of a pistol that
//! could not reach it.

use super::*;
use crate::audit28a::radiante::field;

/// A pistol: ENE 2, DAÑ 2, ALC 6 (a long shot reaches 9 K), CAL 5.
fn pistol() -> serde_json::Value {
    weapon(2, 2, 6, 5, &[])
}

#[test]
fn audit_radiante_beyond_the_shots_reach_demands_no_ch_vol() {
    // A1 shoots B1 5 K away. The Radiante 9 K away (14, 1): within a long shot's 9 K — the
    // CH VOL r5 fails, the shot does not go.
    let mut st = field(C::std(0, 0).weapon(pistol()), [14, 1]);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL (Radiante) 4 r5"]);
    assert_eq!(st.ch(1).wounds, 0);
    // 10 K away (15, 1), still within its 10 K but past the pistol's 9: no CH VOL (it asked
    // one), the shot goes (CH IMP r3, CH DEF 0 r9: 2 wounds, CH PSI r2).
    let mut st = field(C::std(0, 0).weapon(pistol()), [15, 1]);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 5 r3");
    assert_eq!(st.ch(1).wounds, 2);
    // A gun of ALC 10 reaches it there: the CH VOL.
    let mut st = field(C::std(0, 0).weapon(gun(2, &[])), [15, 1]);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL (Radiante) 4 r5"]);
}
