//! The weapon traits: Rambo («Cualquier arma tendrá ENE 4 como máx.»), Mucho más alcance («ALC
//! +10 K»), Munición estabilizadora («Dispersa la mitad»).

use super::*;

/// The ENE a1 spends on one shot (missed, r8) at b1 5 K away.
fn shot_ene(a: C) -> Vec<i8> {
    let mut st = range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    spent(&log)
}

#[test]
fn audit_rambo_caps_at_four_what_raises_the_ene_too_and_leaves_a_lower_ene() {
    // ENE 3 stays 3; ENE 6 costs 4.
    assert_eq!(
        shot_ene(with(&["Rambo"]).weapon(weapon(3, 2, 10, 5, &[]))),
        [3]
    );
    assert_eq!(
        shot_ene(with(&["Rambo"]).weapon(weapon(6, 2, 10, 5, &[]))),
        [4]
    );
    // Fuego pesado's ENE + 3 (2 + 3 = 5) is capped too: 4.
    assert_eq!(
        shot_ene(with(&[]).weapon(weapon(2, 2, 10, 5, &["Fuego pesado"]))),
        [5]
    );
    assert_eq!(
        shot_ene(with(&["Rambo"]).weapon(weapon(2, 2, 10, 5, &["Fuego pesado"]))),
        [4]
    );
}

#[test]
fn audit_rambo_on_a_weapon_caps_that_weapon() {
    assert_eq!(
        shot_ene(with(&[]).weapon(weapon(6, 2, 10, 5, &["Rambo"]))),
        [4]
    );
    assert_eq!(shot_ene(with(&[]).weapon(weapon(6, 2, 10, 5, &[]))), [6]);
}

#[test]
fn audit_mucho_mas_alcance_the_long_shot_is_half_again_the_new_alc() {
    // ALC 4 + 10 = 14: at 14 K a shot, at 15 K only «a larga distancia» (+50 % of 14 = 21), at
    // 22 K nothing (VOL 5: CdV 25 K, so the view is not what stops it).
    let a =
        || C::new(race_t(4, 5, 4, 5, &[]), 0, 0).weapon(weapon(2, 1, 4, 5, &["Mucho más alcance"]));
    let b = || C::std(0, 0);
    let at = |d: u8| {
        let st = position(
            &open(11, 26),
            &[a().set("at", [5, 1]).facing("S")],
            &[b().set("at", [5, 1 + d]).facing("S")],
            0,
        );
        (
            legal(&st, "a1 shoot b1 w1"),
            legal(&st, "a1 shoot-long b1 w1"),
        )
    };
    assert_eq!(at(14), (true, false));
    assert_eq!(at(15), (false, true));
    assert_eq!(at(21), (false, true));
    assert_eq!(at(22), (false, false));
}

#[test]
fn audit_municion_estabilizadora_a_one_k_scatter_stays_one_k() {
    // A failed CH IMP (r8) at 5 K: one 1D10 rolled 1 → ½, Redondeo («N'5 o más a N+1»): 1 K,
    // E (r3). Not 0 (where aimed).
    let w = {
        let mut w = weapon(2, 3, 10, 3, &["Área (R1)", "Munición estabilizadora"]);
        w["noise"] = serde_json::json!("quiet");
        w
    };
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(w)],
        &[
            C::std(5, 6).facing("S"),
            C::std(0, 11).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 area w1 5,6"], &[8, 1, 3]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(6, 6))]);
}
