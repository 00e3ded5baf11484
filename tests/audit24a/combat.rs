//! Combat traits swept clause by clause: Acobardamiento, Aplasta, Anulador de escudo, Arma
//! corta, Contramedidas, Dañino, Daño extra, Devora almas.

use super::*;

#[test]
fn audit_acobardamiento_on_the_race_a_hit_makes_the_target_check_psi() {
    // «Si impacta, objetivo CH PSI», carried by the character: its gun's hit (r3) whose CH DEF
    // is a critical (r1, no wound) still brings b1's CH PSI (r7: +1 stress).
    let (c, st) = shot_at(
        with(&["Acobardamiento"]).weapon(gun(2, &[])),
        with(&[]),
        5,
        &[3, 1, 7],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1", "b1 CH PSI 4 r7"]);
    assert_eq!((st.ch(1).wounds, st.ch(1).stress), (0, 1));
}

#[test]
fn audit_aplasta_a_hit_wears_one_protection_even_when_the_ch_def_passes() {
    // «Si impacta, CAL-1 a una protección enemiga»: the CH DEF 2 passed (r2, no wound), one
    // wear on one of b1's two protections, not on both.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &["Aplasta"])),
        with(&[]).prot(armour(1, &[])).prot(armour(1, &[])),
        5,
        &[3, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
    assert_eq!(st.ch(1).wear[0] + st.ch(1).wear[1], 1);
    // A miss wears nothing.
    let (_, st) = shot_at(
        with(&[]).weapon(gun(2, &["Aplasta"])),
        with(&[]).prot(armour(1, &[])),
        5,
        &[9],
    );
    assert_eq!(st.ch(1).wear[0], 0);
}

#[test]
fn audit_anulador_de_escudo_no_dan_and_no_shield_ch_def() {
    // «Esta arma no hace DAÑ, pero si impacta quita 1 nivel de escudo de energía, sin CH DEF»:
    // b1's shield (2) loses a level on the hit (r3) with no shield CH DEF; b1's own CH DEF 2
    // is rolled (RULES.md's reading, as Sin daño's) and fails (r9), yet no wound, no CH PSI.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &["Anulador de escudo"])),
        with(&["Escudo de energía (2)"]).prot(armour(2, &[])),
        5,
        &[3, 9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r9"]);
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (0, 1));
    // A miss (r8) takes no level.
    let (_, st) = shot_at(
        with(&[]).weapon(gun(2, &["Anulador de escudo"])),
        with(&["Escudo de energía (2)"]),
        5,
        &[8],
    );
    assert_eq!(st.shield_left(1), 2);
}

#[test]
fn audit_arma_corta_not_on_a_weapon_of_alc_six() {
    // «ALC = 0 en CaC en armas con hasta ALC 5»: an ALC 6 gun with it still needs the second
    // CH IMP of a gun fired in melee (r8 misses).
    let mut st = contact(
        with(&[]).weapon(weapon(2, 2, 6, 4, &["Arma corta"])),
        with(&[]),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r4", "a1 CH IMP 5 r8"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_contramedidas_not_in_melee() {
    // «Cualquier misil, torpedo, obús o proyectil similar, CH IMP -1»: a sword is none — the
    // CH IMP stays AGI 5.
    let mut st = contact(with(&[]).weapon(sword()), with(&["Contramedidas"]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_danino_wounds_its_user_on_a_miss_too() {
    // «Cuando se usa, +1 herida»: the use is the wound, hit or miss — a1's CH PSI r2, its shot
    // r9 misses, a1 keeps its wound.
    let (c, st) = shot_at(with(&[]).weapon(gun(2, &["Dañino"])), with(&[]), 5, &[2, 9]);
    assert_eq!(c, ["a1 CH PSI 4 r2", "a1 CH IMP 5 r9"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
}

#[test]
fn audit_dano_extra_on_a_melee_critical() {
    // «DAÑ +1 si crítico en CH IMP», in melee as at range: the sword's DAÑ 2 + 1 (critical)
    // + 1 (Daño extra) = 4 on a failed CH DEF 0.
    let mut st = contact(
        with(&[]).weapon(weapon(2, 2, 0, 4, &["Daño extra"])),
        tough(&[]),
    );
    play(&mut st, &["a1 melee b1 w1"], &[1, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4);
    // No critical: DAÑ 2.
    let mut st = contact(
        with(&[]).weapon(weapon(2, 2, 0, 4, &["Daño extra"])),
        tough(&[]),
    );
    play(&mut st, &["a1 melee b1 w1"], &[2, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_devora_almas_a_kill_at_range_heals_nothing() {
    // «-1 herida si mata en CaC»: a1 (1 wound) kills b1 (CON 3, 1 wound) with a DAÑ 2 shot:
    // b1 is down, a1 keeps its wound.
    let (c, st) = shot_at(
        with(&["Devora almas"]).weapon(gun(2, &[])).set("wounds", 1),
        C::new(race(3, 5, 4, 4), 0, 0).set("wounds", 1),
        5,
        &[3, 9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert!(!st.able(1));
    assert_eq!(st.ch(0).wounds, 1);
}

#[test]
fn audit_arma_arrojada_reaches_con_plus_agi_and_no_farther() {
    // «ALC=CON+AGI»: CON 4 + AGI 5 = 9 K: thrown at 9 K, not at 10 K.
    let javelin = || weapon(2, 3, 0, 4, &["Arma arrojada"]);
    assert!(legal(
        &range(with(&[]).weapon(javelin()), tough(&[]), 9),
        "a1 throw b1 w1"
    ));
    assert!(!legal(
        &range(with(&[]).weapon(javelin()), tough(&[]), 10),
        "a1 throw b1 w1"
    ));
}

#[test]
fn audit_arma_de_carga_def_minus_two_while_still_in_melee() {
    // «DEF -2 hasta el final del combate»: a1 charged with its lance (mark `charge_def`) and
    // stays engaged: b1's sword meets a1's CH DEF 3 − 2 = 1 (r2 fails it: DAÑ 2). Without the
    // mark the CH DEF is 3 (r2 passes: 0).
    for (charged, def, w) in [(true, 1, 2), (false, 3, 0)] {
        let mut a = with(&[])
            .weapon(weapon(2, 2, 0, 4, &["Arma de carga"]))
            .prot(armour(3, &[]))
            .set("at", [5, 5])
            .facing("S")
            .set("status", serde_json::json!([]));
        if charged {
            a = a.set("runs", serde_json::json!({"flags": ["charge_def"]}));
        }
        let b = C::std(5, 6).facing("N").weapon(sword());
        let mut v = setup_json(&open(11, 12), &[a], &[b], 1, 10);
        v["game"]["advantage"] = "B".into();
        let mut st = load(&v);
        let mut dice = vec![4, 2];
        if w > 0 {
            dice.push(2);
        }
        let log = play(&mut st, &["b1 melee a1 w1", "pass"], &dice);
        assert_eq!(checks(&st, &log)[1], format!("a1 CH DEF {def} r2"));
        assert_eq!(st.ch(0).wounds, w, "charged {charged}");
    }
}

#[test]
fn audit_arma_de_enjambre_down_to_ene_minus_10_and_no_lower() {
    // «Puede llegar a ENE -10 actuando»: two swarm guns (ENE 2 each) make a volley of 4: from
    // ENE −6 (to −10) it is offered, from −7 (to −11) not.
    let sg = || weapon(2, 1, 5, 5, &["Arma de enjambre"]);
    for (ene, offered) in [(-6, true), (-7, false)] {
        let st = range(
            with(&[]).weapon(sg()).weapon(sg()).set("ene", ene),
            with(&[]),
            5,
        );
        assert_eq!(legal(&st, "a1 swarm b1"), offered, "ENE {ene}");
    }
}
