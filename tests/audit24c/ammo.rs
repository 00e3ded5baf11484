//! The Munición traits swept clause by clause: what a hit does whatever the CH DEF (cegadora,
//! paralizante, psíquica), corrosiva's two clauses, teledirigida's «siempre», ultraperforante
//! «si crítico», de parada at 0, ígnea «si el arma hiere», incendiaria's failed CH PSI.

use super::*;
use crate::traits::armour;
use engine::state::{BURNING, OVERHEATED};

/// a1 shoots b1 (`b`) 5 K away with a gun of DAÑ `dmg` carrying `w`.
fn shot(dmg: u8, w: &[&str], b: C, dice: &[u8]) -> (Vec<String>, engine::State) {
    shot_at(with(&[]).weapon(gun(dmg, w)), b, 5, dice)
}

#[test]
fn audit_municion_cegadora_a_hit_costs_ene_even_with_a_passed_ch_def() {
    // «Si es impactado, ENE-3»: CH DEF 0 passed on r1 (critical): no wound, ENE 8 − 3.
    let (c, st) = shot(2, &["Munición cegadora"], tough(&[]), &[3, 1]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1"]);
    assert_eq!((st.ch(1).wounds, st.ch(1).ene), (0, 5));
}

#[test]
fn audit_municion_paralizante_loses_the_dan_not_the_wounds() {
    // «pierde tanta ENE como DAÑ»: DAÑ 4 against DEF 3, CH DEF passed (r2): 1 wound, yet 4 ENE
    // lost (8 → 4).
    let (c, st) = shot(
        4,
        &["Munición paralizante"],
        tough(&[]).prot(armour(3, &[])),
        &[3, 2, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 3 r2", "b1 CH PSI 4 r2"]);
    assert_eq!((st.ch(1).wounds, st.ch(1).ene), (1, 4));
}

#[test]
fn audit_municion_psiquica_stress_on_a_hit_without_a_wound() {
    // «Inflige estrés» (on the hit): a passed CH DEF 0 (r1) still leaves 1 stress; a miss none.
    let (_, st) = shot(2, &["Munición psíquica"], tough(&[]), &[3, 1]);
    assert_eq!((st.ch(1).wounds, st.ch(1).stress), (0, 1));
    let (_, st) = shot(2, &["Munición psíquica"], tough(&[]), &[8]);
    assert_eq!(st.ch(1).stress, 0);
}

#[test]
fn audit_municion_corrosiva_a_fumble_wounds_the_attacker_without_ch_def() {
    // «Con pifia la sufre el atacante, sin CH DEF»: CH IMP r10 — the fumble's own automatic
    // hit (DAÑ 1, its CH DEF 0 r2 fails) and then corrosiva's 1 wound with no CH DEF: 2
    // wounds, a CH PSI each; b1 untouched.
    let (c, st) = shot(2, &["Munición corrosiva"], tough(&[]), &[10, 2, 3, 3]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r10",
            "a1 CH DEF 0 r2",
            "a1 CH PSI 4 r3",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (2, 0));
    // Without it: the fumble's 1 wound alone.
    let (_, st) = shot(2, &[], tough(&[]), &[10, 2, 3]);
    assert_eq!(st.ch(0).wounds, 1);
}

#[test]
fn audit_municion_corrosiva_a_critical_ch_def_takes_no_wound() {
    // «si supera el CH DEF, sufrirá 1 herida» (RULES.md: not on a critical, which avoids all
    // harm): r1 on CH DEF 2 — no wound.
    let (c, st) = shot(
        2,
        &["Munición corrosiva"],
        tough(&[]).prot(armour(2, &[])),
        &[3, 1],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r1"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_municion_teledirigida_eight_whatever_the_distance() {
    // «El CH IMP siempre es 8»: at 12 K (−1 for the distance with an ALC 20, DAÑ 4 gun) still 8.
    let mut st = range(
        with(&[]).weapon(weapon(2, 4, 20, 5, &["Munición teledirigida"])),
        tough(&[]),
        12,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 8 r9"]);
    // Without it: 5 − 1.
    let mut st = range(with(&[]).weapon(weapon(2, 4, 20, 5, &[])), tough(&[]), 12);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"]);
}

#[test]
fn audit_municion_ultraperforante_no_critical_no_def_minus_five() {
    // «DEF-5 si crítico»: a CH IMP r3 (no critical) leaves b1's CH DEF at 5.
    let (c, st) = shot(
        2,
        &["Munición ultraperforante"],
        tough(&[]).prot(armour(5, &[])),
        &[3, 6, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 5 r6", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_municion_de_parada_no_step_back_at_zero() {
    // «retrocede DAÑ +2 - CON»: DAÑ 2 + 2 − CON 4 = 0: b1 stays on (5, 6).
    let (_, st) = shot(2, &["Munición de parada"], C::std(0, 0), &[3, 9, 2]);
    assert_eq!(st.ch(1).pos, sq(5, 6));
}

#[test]
fn audit_municion_ignea_no_wound_no_overheating() {
    // «Si el arma hiere»: a passed CH DEF 3 against DAÑ 2 (no wound): no Sobrecalentamiento.
    let (_, st) = shot(
        2,
        &["Munición ígnea"],
        tough(&[]).prot(armour(3, &[])),
        &[3, 2],
    );
    assert_eq!(st.ch(1).wounds, 0);
    assert_eq!(st.ch(1).tbits & OVERHEATED, 0);
}

#[test]
fn audit_municion_incendiaria_a_failed_ch_psi_leaves_the_fire() {
    // «Apagar fuego: CH PSI y ENE 3»: b1 on fire fails its CH PSI (r7): ENE 3 spent, still
    // burning.
    let (mut st, _) = {
        let (c, st) = shot(2, &["Munición incendiaria"], C::std(0, 0), &[3, 1]);
        (st, c)
    };
    assert!(st.ch(1).tbits & BURNING != 0);
    play(&mut st, &["a1 end facing S", "activate b1"], &[9, 2]);
    let ene = st.ch(1).ene;
    let log = play(&mut st, &["b1 extinguish"], &[7]);
    assert_eq!(checks(&st, &log), ["b1 CH PSI 4 r7"]);
    assert_eq!(spent(&log), [3]);
    assert_eq!(st.ch(1).ene, ene - 3);
    assert!(st.ch(1).tbits & BURNING != 0);
}

#[test]
fn audit_municion_magnetica_halves_an_energy_shields_def_not_the_dan() {
    // «La DEF de escudos de energía del objetivo = DEF/2»: b1's shield CH DEF 4 → 2 (r3 fails:
    // a level lost); its armour's CH DEF 0 r9 fails: the full DAÑ 2 (no «DAÑ/2» with a shield).
    let (c, st) = shot(
        2,
        &["Munición magnética"],
        tough(&["Escudo de energía (1)"]),
        &[3, 3, 9, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF shield 2 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_municion_desestabilizadora_marks_lost_and_bonuses_back_at_its_next_activation() {
    // «perderá los objetivos marcados»: b1 had a1 aimed at (Marcador de objetivos) — gone.
    // «hasta su siguiente actuación»: when b1's next activation starts its bonuses work again.
    let b = tough(&["Profesión caballero"])
        .weapon(gun(2, &["Marcador de objetivos"]))
        .set("aimed", "a1");
    let st0 = range(with(&[]).weapon(gun(2, &[])), b.clone(), 5);
    assert_eq!(st0.to_setup().sides.b[0].aimed.as_deref(), Some("a1"));
    let (_, mut st) = shot(2, &["Munición desestabilizadora"], b, &[3, 9, 2]);
    assert!(st.suppressed(1));
    assert_eq!(st.to_setup().sides.b[0].aimed, None);
    play(&mut st, &["a1 end facing S", "activate b1"], &[]);
    assert!(!st.suppressed(1));
}

#[test]
fn audit_municion_atascada_the_jammed_shot_still_costs_its_ene() {
    // «10% de que el arma se atasque. Terminará la acción»: 1D100 = 10 jams it — no CH IMP,
    // and the action's ENE 2 is spent (it ended, it was made).
    let (c, st) = shot(2, &["Munición atascada"], C::std(0, 0), &[1, 10]);
    assert!(c.is_empty());
    assert_eq!(st.ch(0).ene, 6);
}
