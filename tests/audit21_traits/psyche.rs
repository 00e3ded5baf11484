//! Audit 21b: «CH PSI.- Se realiza con un CH VOL» (PSICOLOGÍA) — the traits that halve VOL
//! halve the CH PSI too.

use super::*;

#[test]
fn anulador_de_voluntad_halves_the_vol_of_a_ch_psi() {
    // «Enemigo a 2 K, VOL /2»: a1 (with it) wounds b1 (VOL 5) 2 K away: CH PSI 5/2 → 3
    // (Redondeo); 3 K away: 5.
    for (d, psi) in [(2, 3), (3, 5)] {
        let a = with(&["Anulador de voluntad"]).weapon(weapon(2, 1, 5, 5, &[]));
        let mut st = range(a, C::new(race(9, 5, 4, 5), 0, 0), d);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(checks(&st, &log)[2], format!("b1 CH PSI {psi} r2"), "{d} K");
    }
}

#[test]
fn pusilanime_halves_the_vol_of_a_ch_psi_without_a_leader_near() {
    // «ATR/2 sin un aliado a 10 K con bonus líder …»: b1 (VOL 5) alone: CH PSI 3; with b2
    // (Líder) beside it: 5.
    for (b2, psi) in [(&[][..], 3), (&["Líder"][..], 5)] {
        let (c, _) = shot_with_friends(
            C::std(0, 0).weapon(weapon(2, 1, 5, 5, &[])),
            C::std(0, 0),
            C::new(race_t(9, 5, 4, 5, &["Pusilánime"]), 0, 0),
            with(b2),
            &[3, 9, 2],
        );
        assert_eq!(c[2], format!("b1 CH PSI {psi} r2"), "{b2:?}");
    }
}

#[test]
fn heroe_above_con_is_down_not_dead() {
    // «Si Her >= CON, inconsciente, -1 herida cada actuación»: b1 (CON 4, Héroe) takes DAÑ 6
    // (CH DEF 0 r9): wounds 5 (CON + 1, the most kept) — down, not dead; the turn's end takes
    // a wound (4), the next another (3): back on its feet.
    let a = with(&[]).weapon(weapon(2, 6, 10, 5, &[]));
    let mut st = range(a, with(&["Héroe"]), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
    assert_eq!(st.ch(1).wounds, 5);
    assert!(!st.dead(1) && st.incapacitated(1));
    play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!((st.turn(), st.ch(1).wounds), (2, 4));
    // Without the trait: dead.
    let a = with(&[]).weapon(weapon(2, 6, 10, 5, &[]));
    let mut st = range(a, with(&[]), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
    assert!(st.dead(1));
}
