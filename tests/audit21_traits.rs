//! Audit 21b: the BONUS Y MALUS catalogue read again against the engine, entry by entry —
//! independent rule cases (a position, scripted dice, an action and the exact outcome the text
//! implies) for the numbers no other test pinned, and for the disagreements found and fixed.
//! Fixtures: `build.rs` and `traits/mod.rs` (`range`, `contact`, `with`, `gun`, `armour`).

use crate::build::*;
use crate::traits::{armour, contact, gun, range, with};

/// A tough target (CON 9) so that wounds never end it.
fn tough(traits: &[&str]) -> C {
    C::new(race_t(9, 5, 4, 4, traits), 0, 0)
}

// --- Redondeo («Hasta N'49 se redondean a N, y para N'5 o más a N+1», CONCEPTOS BÁSICOS) in the
// traits that halve a number.

#[test]
fn municion_aliento_de_dragon_alc_half_rounds_half_up() {
    // «ALC /2»: ALC 5 → 2,5 → 3 K. A shot at 3 K is legal, at 4 K not.
    let w = || weapon(2, 2, 5, 5, &["Munición aliento de dragón"]);
    let st = range(C::std(0, 0).weapon(w()), C::std(0, 0), 3);
    assert!(legal(&st, "a1 shoot b1 w1"));
    let st = range(C::std(0, 0).weapon(w()), C::std(0, 0), 4);
    assert!(!legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn municion_experimental_dan_plus_three_within_half_alc_rounded_half_up() {
    // «DAÑ +3 a ALC/2»: ALC 5 → 3 K. DAÑ 1 at 3 K: 4 wounds (CH DEF 0 failed r9).
    let w = || weapon(2, 1, 5, 5, &["Munición experimental"]);
    for (d, wounds) in [(3, 4), (4, 1)] {
        let mut st = range(C::std(0, 0).weapon(w()), tough(&[]), d);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(
            checks(&st, &log),
            ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
        );
        assert_eq!(st.ch(1).wounds, wounds, "at {d} K");
    }
}

#[test]
fn gran_bestia_with_odd_con_half_rounds_half_up() {
    // «Solo es herido con DAÑ > CON/2»: CON 5 → 2,5 → 3; DAÑ 3 does not wound it, DAÑ 4 does.
    let beast = || C::new(race_t(5, 5, 1, 3, &["Gran bestia"]), 0, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 3, 0, 4, &[])), beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])), beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 3 r2");
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn miembros_prescindibles_a_limb_holds_con_half_rounded_half_up() {
    // «hasta CON/2»: CON 5 → 3. DAÑ 4 on the left arm (zone r1): 3 to it (lost), 1 to the head.
    let b = C::new(race_t(5, 5, 4, 4, &["Miembros prescindibles"]), 0, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])), b);
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 1, 2]);
    assert_eq!((st.ch(1).wounds, st.body(1).limbs), (1, [3, 0, 0, 0]));
    assert_eq!(st.lost_arms(1), 1);
}

#[test]
fn otra_oportunidad_def_half_rounds_half_up() {
    // «Tiene un 2º CH DEF con DEF /2»: DEF 5 → 3. Failed r6, the second CH DEF 3 passes r3:
    // DAÑ 2 − DEF 3 = no wounds.
    let a = C::std(0, 0).weapon(gun(2, &[]));
    let mut st = range(a, C::std(0, 0).prot(armour(5, &["Otra oportunidad"])), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 6, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 5 r6", "b1 CH DEF 3 r3"]
    );
    assert_eq!(st.ch(1).wounds, 0);
}

// --- «DAÑ x2» doubles the DAÑ, not the wounds (as ÁREAS' «la mitad del DAÑ» halves the DAÑ).

#[test]
fn blandito_doubles_the_dan_before_the_ch_def() {
    // «Sufre DAÑ x2»: DAÑ 3 → 6 against DEF 2; a passed CH DEF (r2) leaves 6 − 2 = 4 wounds.
    let mut st = range(
        C::std(0, 0).weapon(gun(3, &[])),
        tough(&["Blandito"]).prot(armour(2, &[])),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 4);
    // Failed (r9): all 6.
    let mut st = range(
        C::std(0, 0).weapon(gun(3, &[])),
        tough(&["Blandito"]).prot(armour(2, &[])),
        5,
    );
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 6);
}

#[test]
fn alergico_doubles_the_dan_of_its_substance_before_the_ch_def() {
    // «Una sustancia te provoca DAÑ x2»: a «Bala de plata» of DAÑ 3 against DEF 2, passed: 4.
    let mut w = gun(3, &[]);
    w["name"] = "Bala de plata".into();
    let mut st = range(
        C::std(0, 0).weapon(w),
        tough(&["Alérgico (plata)"]).prot(armour(2, &[])),
        5,
    );
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2, 2]);
    assert_eq!(st.ch(1).wounds, 4);
}

// --- «CH ATR» reaches the CH PSI and the CH LOC: PSICOLOGÍA, «CH PSI.- Se realiza con un CH
// VOL», «CH LOC.- Se realiza con un CH VOL».

/// a1 shoots b1 (the holder of `traits`, VOL 4) with a DAÑ 1 gun: CH IMP r3, CH DEF 0 r9, then
/// b1's CH PSI with the dice that follow. Returns the checks.
fn wounded_psi(traits: &[&str], turn: u8, psi: &[u8]) -> Vec<String> {
    let mut v = setup_json(
        &open(11, 16),
        &[C::std(5, 1).weapon(weapon(2, 1, 5, 5, &[])).facing("S")],
        &[tough(traits).set("at", [5, 6]).facing("S")],
        0,
        10,
    );
    v["game"]["turn"] = turn.into();
    v["scenario"]["turn_limit"] = 8.into();
    let mut st = load(&v);
    let mut dice = vec![3, 9];
    dice.extend_from_slice(psi);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &dice);
    checks(&st, &log)
}

#[test]
fn mal_agujero_ch_atr_minus_one_reaches_the_ch_psi() {
    // «CH ATR -1»: the CH PSI of the wounded holder is VOL 4 − 1.
    assert_eq!(wounded_psi(&["Mal agujero"], 1, &[2])[2], "b1 CH PSI 3 r2");
}

#[test]
fn borracho_reaches_the_ch_psi_after_the_third_turn() {
    // «Después del 3er turno, CH ATR -1 acumulativo cada turno»: turn 5, CH PSI 4 − 2.
    assert_eq!(wounded_psi(&["Borracho"], 5, &[2])[2], "b1 CH PSI 2 r2");
    assert_eq!(wounded_psi(&["Borracho"], 3, &[2])[2], "b1 CH PSI 4 r2");
}

#[test]
fn elite_ultra_repeats_a_failed_ch_psi() {
    // «Puede repetir CH ATR»: the failed CH PSI (r7) is rolled again (r2) and passed: no stress.
    let mut v = setup_json(
        &open(11, 16),
        &[C::std(5, 1).weapon(weapon(2, 1, 5, 5, &[])).facing("S")],
        &[tough(&["Élite ultra"]).set("at", [5, 6]).facing("S")],
        0,
        10,
    );
    v["scenario"]["turn_limit"] = 8.into();
    let mut st = load(&v);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 7, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 4 r2");
    assert_eq!(st.ch(1).stress, 0);
}

#[test]
fn condenado_a_level_of_vol_lowers_the_ch_vol_once() {
    // «Pierde 1 nivel de CON, AGI, INT, REA y VOL»: one level lost (doom 1, VOL 4 → 3). The CH
    // VOL of La mano de la muerte is 3, not 2 (the level counted once); its CH IMP is AGI 5 − 1.
    let a = [
        with(&["Condenado"])
            .set("at", [3, 2])
            .set("wounds", 2)
            .set("vol_loss", 1)
            .set("runs", serde_json::json!({"doom": 1})),
        C::std(4, 2),
    ];
    let b = [C::std(9, 11).facing("S")];
    let mut st = load(&setup_json(&open(11, 12), &a, &b, 0, 10));
    let log = play(&mut st, &["a1 death-hand a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL death hand 3 r3"]);
    use engine::creation::effect::{CheckKind, Scope, Stat};
    let m = |k| st.trait_check_mod(0, k, Scope::Any, None, None, true);
    assert_eq!(
        (
            m(CheckKind::Hit),
            m(CheckKind::Attr(Stat::Con)),
            m(CheckKind::Attr(Stat::Vol))
        ),
        (-1, -1, 0)
    );
}

#[test]
fn municion_aturdidora_ch_atr_minus_one_reaches_the_ch_psi_and_the_ch_enf_once() {
    // «Si el objetivo es impactado … gana CH ATR -1»: the hit stuns b1, its wound's CH PSI is
    // VOL 4 − 1.
    let a = C::std(0, 0).weapon(gun(2, &["Munición aturdiradora"]));
    let mut st = range(a, tough(&[]), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 3 r2"]
    );
    // A CH ENF is the attribute's target plus what is written for the CH ENF alone: −1 once.
    use engine::creation::effect::{CheckKind, Scope, Stat};
    let m = |k| st.trait_check_mod(1, k, Scope::Any, None, None, false);
    assert_eq!(
        (m(CheckKind::Attr(Stat::Vol)), m(CheckKind::Enf(Stat::Vol))),
        (-1, 0)
    );
}

#[test]
fn coctel_de_vitaminas_next_activation_minus_one_reaches_the_ch_psi() {
    // «Siguiente actuación, -1 a todos los atributos» (trait_marks bit 4 on b1): its CH PSI is
    // VOL 4 − 1.
    let mut v = setup_json(
        &open(11, 16),
        &[C::std(5, 1).weapon(weapon(2, 1, 5, 5, &[])).facing("S")],
        &[tough(&[]).set("at", [5, 6]).facing("S")],
        0,
        10,
    );
    v["game"]["trait_marks"] = serde_json::json!([{"who": 1, "bits": 4}]);
    let mut st = load(&v);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 3 r2");
}
