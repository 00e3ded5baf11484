//! Charges: Caballería («Cargando, DAÑ +2 en lugar de +1») and Arma de carga («DAÑ +2 extra
//! cargando y DEF -2 hasta el final del combate»).

use super::*;

/// a1 (`a`, on (5, 1)) charges b1 (CON 8, on (5, 5), its back to a1) to (5, 4) and strikes
/// with its first weapon; b1's CH DEF 0 r9 and CH PSI r2. Returns b1's wounds.
fn charge_and_strike(a: C) -> u8 {
    let b = [
        C::new(race(8, 5, 4, 4), 5, 5).facing("S"),
        C::std(10, 9).facing("S").status("acted"),
    ];
    let mut st = position(&open(11, 10), &[a.set("at", [5, 1])], &b, 0);
    play(
        &mut st,
        &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
        &[6, 9, 2],
    );
    st.ch(1).wounds
}

#[test]
fn audit_caballeria_on_the_weapon_charging_with_it() {
    // A lance with Caballería: charging with it, DAÑ 2 + 2 (not + 1): 4 wounds; a plain sword
    // 3.
    let lance = weapon(2, 2, 0, 4, &["Caballería"]);
    assert_eq!(charge_and_strike(with(&[]).weapon(lance)), 4);
    assert_eq!(charge_and_strike(with(&[]).weapon(sword())), 3);
    // On the rider and on the lance: still + 2 in all («en lugar de +1»).
    let lance = weapon(2, 2, 0, 4, &["Caballería"]);
    assert_eq!(charge_and_strike(with(&["Caballería"]).weapon(lance)), 4);
}

#[test]
fn audit_caballeria_and_arma_de_carga_add_up() {
    // The rider's Caballería (+ 2 instead of + 1) and the weapon's Arma de carga (+ 2 extra):
    // DAÑ 2 + 2 + 2 = 6; Arma de carga alone 2 + 1 + 2 = 5.
    let w = weapon(2, 2, 0, 4, &["Arma de carga"]);
    assert_eq!(
        charge_and_strike(with(&["Caballería"]).weapon(w.clone())),
        6
    );
    assert_eq!(charge_and_strike(with(&[]).weapon(w)), 5);
}

#[test]
fn audit_arma_de_carga_a_missed_charge_still_lowers_the_def() {
    // «DEF -2 hasta el final del combate» comes with charging with it, hit or miss: the charge's
    // CH IMP r9 misses (CH IMP 6), a1's DEF is − 2 while engaged; a plain sword's miss, 0.
    for (w, k) in [(weapon(2, 2, 0, 4, &["Arma de carga"]), -2), (sword(), 0)] {
        let b = [
            C::new(race(8, 5, 4, 4), 5, 5).facing("S"),
            C::std(10, 9).facing("S").status("acted"),
        ];
        let mut st = position(
            &open(11, 10),
            &[with(&[]).set("at", [5, 1]).weapon(w)],
            &b,
            0,
        );
        let log = play(
            &mut st,
            &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
            &[9],
        );
        assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
        assert_eq!(st.run_def_mod(0), k);
    }
}
