//! Necrófago («Cada heridas recuperada, CON-1 del cadáver»), Muy tonto («CH INT -1»), Muy
//! miedoso («CH VOL -1») on the CH PSI, Muy débil («CH CON -1»).

use super::*;
use crate::traits::contact;

#[test]
fn audit_necrofago_a_corpse_feeds_con_times() {
    // «Cada heridas recuperada, CON-1 del cadáver»: b1 (CON 1) died with 2 wounds; a1 (3
    // wounds of CON 9) feeds once (2 wounds left, ENE 10 − 5) and the corpse is spent: no
    // second meal though a1 has the ENE for it.
    let mut st = contact(
        C::new(race_t(9, 5, 4, 4, &["Necrófago"]), 0, 0)
            .set("wounds", 3)
            .set("ene", 10),
        C::new(race(1, 5, 4, 4), 0, 0).set("wounds", 2),
    );
    play(&mut st, &["a1 feed b1"], &[]);
    assert_eq!((st.ch(0).wounds, st.ch(0).ene), (2, 5));
    assert!(!legal(&st, "a1 feed b1"));
}

#[test]
fn audit_muy_tonto_ch_int_minus_one() {
    // «CH INT -1»: Percibir's CH INT 4 − 1.
    let mut st = position(
        &open(9, 9),
        &[with(&["Muy tonto"]).set("at", [4, 1])],
        &[C::std(4, 5).status("hidden").facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 perceive"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 3 r4"]);
}

#[test]
fn audit_muy_miedoso_ch_vol_minus_one_reaches_the_ch_psi() {
    // «CH VOL -1» (CH PSI: «Se realiza con un CH VOL»): b1 wounded checks PSI 4 − 1.
    let (c, _) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        tough(&["Muy miedoso"]),
        5,
        &[3, 9, 2],
    );
    assert_eq!(c[2], "b1 CH PSI 3 r2");
}
