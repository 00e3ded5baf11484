//! Traits that trigger in an attack: using the weapon (Dañino, Malvado, Neuropsico, Prueba de
//! …, Munición atascada, De Padrón), the hit (Munición cegadora, paralizante, psíquica,
//! corrosiva, Aplasta), wounding and killing (Psicópata, Sangre de ácido, Devora almas,
//! Fatality), and the DAÑ and CH IMP changes of weapons (Matamuertos, Munición experimental,
//! teledirigida, ultraperforante, explosiva, buscadora, Sombra, Sin daño, Peligro, Pinchos,
//! Rambo, Munición autopropulsada / aliento de dragón). A gun of DAÑ 2 at 5 K: CH IMP 5.

use super::*;
use crate::build::statuses;

pub(super) fn shoot(a: C, b: C, dice: &[u8]) -> (State, Vec<String>, engine::Log) {
    let mut st = range(a, b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    let c = checks(&st, &log);
    (st, c, log)
}

#[test]
fn danino_wounds_its_user_and_malvado_stresses_it() {
    let (st, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Dañino"])),
        C::std(0, 0),
        &[2, 3, 9, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH PSI 4 r2",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 2));
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Malvado"])),
        C::std(0, 0),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(0).stress, 1);
    // Neuropsico: a CH PSI of the user before the CH IMP.
    let (_, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Neuropsico"])),
        C::std(0, 0),
        &[2, 8],
    );
    assert_eq!(c, ["a1 CH PSI 4 r2", "a1 CH IMP 5 r8"]);
}

#[test]
fn prueba_de_agilidad_a_failed_check_stops_the_attack_after_its_ene() {
    let a = C::std(0, 0).weapon(gun(2, &["Prueba de agilidad"]));
    let (st, c, log) = shoot(a.clone(), C::std(0, 0), &[7]);
    assert_eq!(c, ["a1 CH ATR to use 5 r7"]);
    assert_eq!((st.ch(1).wounds, spent(&log)), (0, vec![2]));
    let (st, _, _) = shoot(a, C::std(0, 0), &[5, 3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn municion_atascada_jams_on_ten_percent_and_de_padron_zeroes_the_dan_on_fifty() {
    // 1D100 = tens, units: 1, 10 → 10 ≤ 10: jammed.
    let a = C::std(0, 0).weapon(gun(2, &["Munición atascada"]));
    let (st, c, log) = shoot(a.clone(), C::std(0, 0), &[1, 10]);
    assert!(c.is_empty());
    assert!(statuses(&st, &log).contains(&"a1 jams: the action ends".to_string()));
    // 1, 1 → 11: it fires.
    let (st, _, _) = shoot(a, C::std(0, 0), &[1, 1, 3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
    // De Padrón: 5, 10 → 50 ≤ 50: DAÑ 0 — a failed CH DEF leaves no wound and no CH PSI.
    let a = C::std(0, 0).weapon(gun(2, &["De Padrón"]));
    let (st, c, _) = shoot(a.clone(), C::std(0, 0), &[5, 10, 3, 9]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
    let (st, _, _) = shoot(a, C::std(0, 0), &[5, 1, 3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn hit_effects_ene_stress_wear_and_corrosion() {
    // Munición cegadora: ENE − 3 (8 → 5); paralizante: − DAÑ (8 → 6).
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Munición cegadora"])),
        C::std(0, 0),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).ene, 5);
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Munición paralizante"])),
        C::std(0, 0),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).ene, 6);
    // A miss does nothing.
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Munición cegadora"])),
        C::std(0, 0),
        &[8],
    );
    assert_eq!(st.ch(1).ene, 8);
    // Munición psíquica: 1 stress.
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Munición psíquica"])),
        C::std(0, 0),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).stress, 1);
    // Aplasta: the protection CAL − 1 (one wear).
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Aplasta"])),
        C::std(0, 0).prot(armour(1, &[])),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).wear[0], 1);
    // Munición corrosiva: CH DEF 2 passed (r2, DAÑ 2 − DEF 2 = 0) still 1 wound.
    let (st, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Munición corrosiva"])),
        C::std(0, 0).prot(armour(2, &[])),
        &[3, 2, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 1);
}

#[test]
fn psicopata_gains_ene_and_sangre_de_acido_burns_those_in_contact() {
    // ENE 8 − 2 for the shot + 1 for the wound.
    let (st, _, _) = shoot(
        with(&["Psicópata"]).weapon(gun(2, &[])),
        C::std(0, 0),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(0).ene, 7);
    // a1 wounds b1 (Sangre de ácido) in melee: a1 takes 1 wound (no CH DEF, its CH PSI) and
    // its protection a wear.
    let a = C::std(0, 0).weapon(sword()).prot(armour(1, &[]));
    let mut st = contact(a, with(&["Sangre de ácido"]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r7",
            "b1 CH PSI 4 r3",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).wear[1]), (1, 1));
}

#[test]
fn devora_almas_heals_and_fatality_frightens_on_a_kill_in_melee() {
    // Sword DAÑ 2 + CON 4 − 4 − 1 wound = 1… so a CON 6 killer: 2 + 6 − 4 − 1 = 3 on a CON 3
    // victim with 1 wound: incapacitated.
    let killer = |t: &[&str]| {
        C::new(race_t(6, 5, 4, 4, t), 0, 0)
            .weapon(sword())
            .set("wounds", 1)
    };
    let victim = || C::new(race(3, 5, 4, 4), 0, 0).set("wounds", 1);
    let mut st = contact(killer(&["Devora almas"]), victim());
    play(&mut st, &["a1 melee b1 w1"], &[4, 7]);
    assert!(!st.able(1));
    assert_eq!(st.ch(0).wounds, 0);
    // Fatality: b2, within 5 K of a1, takes a CH PSI.
    let mut st = position(
        &open(11, 12),
        &[killer(&["Fatality"]).set("at", [5, 5])],
        &[
            victim().set("at", [5, 6]).facing("S"),
            C::std(5, 9).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 0 r7", "b2 CH PSI 4 r3"]
    );
}

#[test]
fn dan_against_kinds_of_target_and_within_half_range() {
    // Matamuertos: DAÑ 2 + 2 against No vivo.
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Matamuertos"])),
        C::new(race_t(9, 5, 4, 4, &["No vivo"]), 0, 0),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 4);
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Matamuertos"])),
        C::new(race(9, 5, 4, 4), 0, 0),
        &[3, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 2);
    // Munición experimental: DAÑ + 3 within ALC / 2 = 5 K, not at 6 K.
    let a = || C::std(0, 0).weapon(gun(2, &["Munición experimental"]));
    let b = || C::new(race(9, 5, 4, 4), 0, 0);
    let (st, _, _) = shoot(a(), b(), &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 5);
    let mut st = range(a(), b(), 6);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn weapon_changes_of_the_ch_imp_ene_and_alc() {
    // Munición teledirigida: CH IMP 8 whatever the attacker (AGI 5 would give 5).
    let mut st = range(
        C::std(0, 0).weapon(weapon(2, 2, 10, 5, &["Munición teledirigida"])),
        C::std(0, 0),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 8 r8");
    // Rambo: an ENE 6 weapon costs 4.
    let mut st = range(
        with(&["Rambo"]).weapon(weapon(6, 2, 10, 5, &[])),
        C::std(0, 0),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert_eq!(spent(&log), [4]);
    // Munición autopropulsada ALC × 2; aliento de dragón ALC / 2.
    let st = range(
        C::std(0, 0)
            .weapon(gun(2, &["Munición autopropulsada"]))
            .weapon(gun(2, &["Munición aliento de dragón"])),
        C::std(0, 0),
        5,
    );
    assert_eq!((st.weapon_range(0, 0), st.weapon_range(0, 1)), (20, 5));
}

#[test]
fn sin_dano_peligro_ultraperforante_and_explosiva() {
    // Sin daño: a failed CH DEF, no wounds.
    let (st, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Sin daño"])),
        C::std(0, 0),
        &[3, 9],
    );
    assert_eq!((c.len(), st.ch(1).wounds), (2, 0));
    // Peligro: the fumble's hit on the user has DAÑ 2.
    let (st, _, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Peligro"])),
        C::std(0, 0),
        &[10, 9, 2],
    );
    assert_eq!(st.ch(0).wounds, 2);
    // Munición ultraperforante: a critical CH IMP takes DEF 5 to 0 (DAÑ 2 + 1).
    let (st, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Munición ultraperforante"])),
        C::new(race(9, 5, 4, 4), 0, 0).prot(armour(5, &[])),
        &[1, 5, 2],
    );
    assert_eq!(c[1], "b1 CH DEF 0 r5");
    assert_eq!(st.ch(1).wounds, 3);
    // Munición explosiva: two CH DEF, each with its wounds.
    let (st, c, _) = shoot(
        C::std(0, 0).weapon(gun(2, &["Munición explosiva"])),
        C::new(race(9, 5, 4, 4), 0, 0),
        &[3, 9, 2, 9, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn pinchos_the_critical_ch_def_in_melee_strikes_back_with_dan_two() {
    let mut st = contact(C::std(0, 0).weapon(sword()), with(&["Pinchos"]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 1, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r1",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).wounds, 2);
}

/// a1 on (4, 1) shooting south at b1 on (4, 7); a low obstacle on (4, 6).
fn behind_cover(a: C, b: C) -> State {
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    position(
        &board,
        &[a.set("at", [4, 1])],
        &[b.set("at", [4, 7]).facing("S")],
        0,
    )
}

#[test]
fn sombra_def_plus_one_behind_cover_and_municion_buscadora_denies_cover() {
    // Cover: CH DEF 2 + 2; Sombra's DEF + 1 makes it 5, and a pass takes DAÑ 3 − DEF 3 = 0.
    let a = || C::std(0, 0).weapon(weapon(2, 3, 10, 3, &[]));
    let mut st = behind_cover(a(), with(&["Sombra"]).prot(armour(2, &[])));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 5]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 5 r5"]);
    assert_eq!(st.ch(1).wounds, 0);
    // Munición buscadora: no cover, so CH DEF 2 only.
    let a = C::std(0, 0).weapon(weapon(2, 3, 10, 3, &["Munición buscadora"]));
    let mut st = behind_cover(a, C::std(0, 0).prot(armour(2, &[])));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r4", "b1 CH PSI 4 r2"]
    );
}
