//! Combat traits swept clause by clause: Sombra («DEF +1 tras cobertura»), Sin sangre
//! («Cualquier arma cuesta ENE +1»), Sin cura («No puede recuperar heridas ni ser curado»).

use super::*;
use crate::traits::{armour, contact};

#[test]
fn audit_sombra_no_def_plus_one_in_the_open() {
    // «DEF +1 tras cobertura»: in the open b1's CH DEF is its armour's 2 (with cover, 5: the
    // trigger test); passed, DAÑ 2 − DEF 2 = 0 wounds.
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["Sombra"]).prot(armour(2, &[])),
        5,
        &[3, 3, 2],
    );
    // r3 fails the CH DEF 2 (it would pass a CH DEF 3): the full DAÑ 2, and its CH PSI.
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r3", "b1 CH PSI 4 r2"]);
    assert_eq!(st.ch(1).wounds, 2);
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        with(&["Sombra"]).prot(armour(2, &[])),
        5,
        &[3, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn audit_sin_sangre_a_melee_weapon_costs_one_more_ene() {
    // «Cualquier arma»: the sword (ENE 2) costs 3 in melee as the gun does at range.
    for (t, ene) in [(&[][..], 2), (&["Sin sangre"][..], 3)] {
        let mut st = contact(with(t).weapon(sword()), tough(&[]));
        let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
        assert_eq!(spent(&log), [ene], "{t:?}");
    }
}

#[test]
fn audit_sin_cura_an_elixir_cannot_heal_it() {
    // «No puede recuperar heridas ni ser curado»: a1's Elixir (ALC 1) heals a wounded a2 next
    // to it — not one with Sin cura (the use is not offered).
    let elixir = serde_json::json!({"name": "Elixir", "ene": 2, "range": 1, "quality": 1,
                                    "traits": ["Elixir (2)"]});
    for (t, offered) in [(&[][..], true), (&["Sin cura"][..], false)] {
        let a = [
            C::std(3, 2).object(elixir.clone()),
            with(t).set("at", [4, 2]).set("wounds", 2),
        ];
        let mut st = load(&setup_json(
            &open(11, 12),
            &a,
            &[C::std(9, 11).facing("S")],
            0,
            10,
        ));
        assert_eq!(legal(&st, "a1 use o1 a2"), offered, "{t:?}");
        if offered {
            play(&mut st, &["a1 use o1 a2"], &[]);
            assert_eq!(st.ch(1).wounds, 0);
        }
    }
}

#[test]
fn audit_sin_cura_a_heroe_down_recovers_no_wound() {
    // Héroe («Si Her >= CON, inconsciente, -1 herida cada actuación») with Sin cura («No puede
    // recuperar heridas»): down with 4 wounds it keeps them at the end of the turn (3 without).
    for (t, left) in [(&["Héroe"][..], 3), (&["Héroe", "Sin cura"][..], 4)] {
        let mut st = range(C::std(0, 0), with(t).set("wounds", 4), 5);
        play(&mut st, &["a1 end facing S"], &[]);
        assert_eq!((st.turn(), st.ch(1).wounds), (2, left), "{t:?}");
    }
}

#[test]
fn audit_municion_perforante_not_against_an_energy_shield() {
    // «El objetivo, DEF -2. No vale contra escudos de energía»: b1's shield CH DEF stays 4
    // (r5 fails: a level lost); its armour's CH DEF is 3 − 2 = 1 (r9 fails: DAÑ 2, CH PSI r2).
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &["Munición perforante"])),
        tough(&["Escudo de energía (1)"]).prot(armour(3, &[])),
        5,
        &[3, 5, 9, 2],
    );
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF shield 4 r5",
            "b1 CH DEF 1 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_matarife_a_ranged_critical_keeps_its_plus_one() {
    // «Con crítico en el CH IMP en CaC, DAÑ+2, no +1»: at range a critical is still DAÑ + 1
    // (2 + 1 = 3 wounds on a failed CH DEF 0).
    let (_, st) = shot_at(
        with(&[]).weapon(gun(2, &["Matarife"])),
        tough(&[]),
        5,
        &[1, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_escuchimizado_def_minus_one_but_not_below_zero() {
    // «DEF -1 (mínimo 0)»: armour 2 → CH DEF 1; no armour → CH DEF 0, not −1.
    for (armoured, def) in [(true, 1), (false, 0)] {
        let b = tough(&["Escuchimizado"]);
        let b = if armoured { b.prot(armour(2, &[])) } else { b };
        let (c, _) = shot_at(with(&[]).weapon(gun(2, &[])), b, 5, &[3, 9, 2]);
        assert_eq!(c[1], format!("b1 CH DEF {def} r9"), "armoured {armoured}");
    }
}

#[test]
fn audit_poderoso_gains_poder_when_it_receives_wounds_up_to_ten() {
    // «Poder +1 si recibe … 1 herida (máx. 10)»: b1 (Poderoso) takes 2 wounds: Poder 2; with
    // Poder 9 already, a DAÑ 4 hit leaves it at 10.
    let (_, st) = shot_at(
        with(&[]).weapon(gun(2, &[])),
        tough(&["Poderoso"]),
        5,
        &[3, 9, 2],
    );
    assert_eq!((st.ch(1).wounds, st.ch(1).power), (2, 2));
    let (_, st) = shot_at(
        with(&[]).weapon(gun(4, &[])),
        tough(&["Poderoso"]).set("power", 9),
        5,
        &[3, 9, 2],
    );
    assert_eq!((st.ch(1).wounds, st.ch(1).power), (4, 10));
}

#[test]
fn audit_orgulloso_no_free_attack_when_the_wound_kills_it() {
    // «Si gana heridas en CaC y no muere»: b1 (Orgulloso, CON 4, 3 wounds) takes 2 more from
    // a1's sword: dead, no strike back.
    let mut st = contact(
        C::std(0, 0).weapon(sword()),
        with(&["Orgulloso"]).set("wounds", 3),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 7]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r4", "b1 CH DEF 0 r7"]);
    assert!(st.dead(1));
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn audit_odio_and_odiado_dan_plus_one_in_melee_only() {
    // Odio «CH IMP y DAÑ +1 en CaC» on a1, Odiado «Enemigo en CaC CH IMP +1 y DAÑ +1» on b1:
    // the sword's DAÑ 2 (CON 4 − 4) becomes 3 on a failed CH DEF 0; a shot's stays 2.
    for (a, b) in [(&["Odio"][..], &[][..]), (&[][..], &["Odiado"][..])] {
        let mut st = contact(with(a).weapon(sword()), tough(b));
        play(&mut st, &["a1 melee b1 w1"], &[4, 9, 2]);
        assert_eq!(st.ch(1).wounds, 3, "{a:?} {b:?}");
        let (_, st) = shot_at(with(a).weapon(gun(2, &[])), tough(b), 5, &[3, 9, 2]);
        assert_eq!(st.ch(1).wounds, 2, "{a:?} {b:?} at range");
    }
}
