//! Auras of the range: Grito de odio, Grito de puntería, Hálito de debilidad, Hálito de
//! imbecilidad, Líder — each clause's reach (5 K in, 6 K out) and scope.

use super::*;
use crate::traits::armour;

/// a1 (sword) in base contact with b1 (`b`, facing S: its back to a1) on (5, 6)/(5, 7); a2
/// (`a2`) on (5, 6 − `k`), `k` K from a1; b2 far away.
fn melee_with_ally(a2: C, k: u8, b: C, dice: &[u8]) -> Vec<String> {
    let mut st = position(
        &open(11, 13),
        &[
            C::std(5, 6).weapon(sword()),
            a2.set("at", [5, 6 - k]).facing("S").status("acted"),
        ],
        &[
            b.set("at", [5, 7]).facing("S"),
            C::std(10, 12).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 melee b1 w1"], dice);
    checks(&st, &log)
}

#[test]
fn audit_grito_de_odio_allies_within_5_k_ch_imp_plus_one_in_melee() {
    // «Aliados a 5K CH IMP+1 en CaC»: a2 5 K from a1 — CH IMP 5 + 1; 6 K — 5 (r9 misses).
    let odio = || with(&["Grito de odio"]);
    assert_eq!(
        melee_with_ally(odio(), 5, tough(&[]), &[9]),
        ["a1 CH IMP 6 r9"]
    );
    assert_eq!(
        melee_with_ally(odio(), 6, tough(&[]), &[9]),
        ["a1 CH IMP 5 r9"]
    );
}

#[test]
fn audit_grito_de_odio_not_at_range_nor_on_the_holder() {
    // «en CaC»: a1's shot with a2 (Grito de odio) beside it keeps CH IMP 5.
    let (c, _) = crate::audit21_traits::shot_with_friends(
        C::std(0, 0).weapon(gun(2, &[])),
        with(&["Grito de odio"]),
        C::std(0, 0),
        C::std(0, 0),
        &[9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r9"]);
    // «Aliados»: the holder's own melee attack keeps CH IMP 5.
    let mut st = crate::traits::contact(with(&["Grito de odio"]).weapon(sword()), tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_grito_de_punteria_not_in_melee() {
    // «Los objetivos a distancia de los aliados a 5K sufren CH DEF -1»: b1 (DEF 3) struck in
    // melee by a1 with a2 (Grito de puntería) 1 K away keeps CH DEF 3.
    let c = melee_with_ally(
        with(&["Grito de puntería"]),
        1,
        tough(&[]).prot(armour(3, &[])),
        &[3, 9, 2],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 3 r9", "b1 CH PSI 4 r2"]);
}

#[test]
fn audit_halito_de_debilidad_enemies_within_5_k_ch_con_minus_one() {
    // «Enemigos a 5K CH CON -1»: a1's Regeneración (CH CON) with b1 (Hálito de debilidad)
    // 5 K away: 4 − 1; 6 K away: 4.
    for (d, t) in [(5, 3), (6, 4)] {
        let mut st = range(
            with(&["Regeneración"]).set("wounds", 2),
            with(&["Hálito de debilidad"]),
            d,
        );
        let log = play(&mut st, &["a1 regenerate"], &[3]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH CON regenerate {t} r3")],
            "{d} K"
        );
    }
}

#[test]
fn audit_halito_de_imbecilidad_enemies_within_5_k_ch_int_minus_one() {
    // «Enemigos a 5K CH INT -1»: a1's Percibir (CH INT) of the hidden b1 with b2 (Hálito de
    // imbecilidad) 5 K away: 4 − 1; 6 K away: 4. Not the holder's allies: a2 with it, 4.
    for (at, t) in [(6u8, 3), (7, 4)] {
        let mut st = position(
            &open(9, 9),
            &[C::std(4, 1)],
            &[
                C::std(4, 5).status("hidden").facing("S"),
                with(&["Hálito de imbecilidad"])
                    .set("at", [4, at])
                    .facing("S")
                    .status("acted"),
            ],
            0,
        );
        let log = play(&mut st, &["a1 perceive"], &[5]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH INT perceive {t} r5")],
            "{at}"
        );
    }
    let mut st = position(
        &open(9, 9),
        &[
            C::std(4, 1),
            with(&["Hálito de imbecilidad"])
                .set("at", [3, 1])
                .status("acted"),
        ],
        &[C::std(4, 5).status("hidden").facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 perceive"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 4 r5"]);
}

#[test]
fn audit_lider_shares_its_vol_at_5_k_not_6() {
    // «Comparte su nivel de VOL a 5K»: b1, shot (2 wounds), takes its CH PSI with b2's VOL 7
    // (Líder) when b2 stands 5 K away; 6 K away, with its own VOL 4.
    for (at, t) in [(11u8, 7), (12, 4)] {
        let mut st = position(
            &open(11, 16),
            &[C::std(5, 1).facing("S").weapon(gun(2, &[]))],
            &[
                C::std(5, 6).facing("S"),
                C::new(race_t(4, 5, 4, 7, &["Líder"]), 5, at)
                    .facing("S")
                    .status("acted"),
            ],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP 5 r3".to_string(),
                "b1 CH DEF 0 r9".to_string(),
                format!("b1 CH PSI {t} r2")
            ]
        );
    }
}

#[test]
fn audit_fatality_enemies_within_5_k_not_6() {
    // «Si mata en CaC, enemigos a 5K, acobardamiento»: b2 5 K from a1 takes a CH PSI; 6 K
    // away, none. (CON 6 killer: sword 2 + 6 − 4 − 1 wound = 3 on a CON 3 victim with 1
    // wound.)
    for (at, psi) in [(10u8, true), (11, false)] {
        let mut st = position(
            &open(11, 12),
            &[C::new(race_t(6, 5, 4, 4, &["Fatality"]), 5, 5)
                .weapon(sword())
                .set("wounds", 1)],
            &[
                C::new(race(3, 5, 4, 4), 5, 6).set("wounds", 1).facing("S"),
                C::std(5, at).facing("S").status("acted"),
            ],
            0,
        );
        let dice: &[u8] = if psi { &[4, 7, 3] } else { &[4, 7] };
        let log = play(&mut st, &["a1 melee b1 w1"], dice);
        assert!(!st.able(1));
        assert_eq!(checks(&st, &log).len(), 2 + psi as usize, "b2 on y {at}");
    }
}

#[test]
fn audit_guardaespaldas_an_ally_within_3_k_not_4() {
    // «Puede asignarse el impacto de un ataque a un aliado a 3K»: b2 3 K from b1 takes the
    // hit; 4 K away, b1 takes it.
    for (x, taker) in [(8u8, 2usize), (9, 1)] {
        let mut st = position(
            &open(11, 12),
            &[C::std(5, 1).facing("S").weapon(gun(2, &[]))],
            &[
                C::std(5, 6).facing("S"),
                with(&["Guardaespaldas"])
                    .set("at", [x, 6])
                    .facing("S")
                    .status("acted"),
            ],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        let who = if taker == 2 { "b2" } else { "b1" };
        assert_eq!(
            checks(&st, &log),
            [
                "a1 CH IMP 5 r3".to_string(),
                format!("{who} CH DEF 0 r9"),
                format!("{who} CH PSI 4 r2")
            ]
        );
        assert_eq!(st.ch(taker as u8).wounds, 2);
    }
}

#[test]
fn audit_grito_de_fuego_not_in_melee() {
    // «Ali. a 5K, CH IMP +1 en combate a distancia»: a1's melee attack with a2 (Grito de
    // fuego) 1 K away keeps CH IMP 5.
    let c = melee_with_ally(with(&["Grito de fuego"]), 1, tough(&[]), &[9]);
    assert_eq!(c, ["a1 CH IMP 5 r9"]);
}

#[test]
fn audit_grito_de_maestria_ene_never_below_one() {
    // «Armas de aliados a 5K ENE-1, mín. 1»: a1's gun of ENE 1 with a2 (Grito de maestría)
    // beside it still costs 1.
    let mut st = position(
        &open(11, 16),
        &[
            C::std(5, 1).facing("S").weapon(weapon(1, 2, 10, 5, &[])),
            with(&["Grito de maestría"])
                .set("at", [4, 1])
                .facing("S")
                .status("acted"),
        ],
        &[C::std(5, 6).facing("S"), C::std(0, 15).status("acted")],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(spent(&log), [1]);
}

#[test]
fn audit_genio_estratega_reaches_3_k() {
    // «Aliados a 3 K, ENE+1 al iniciar su actuación»: a2 exactly 3 K from a1 — a1 (CON 2,
    // AGI 2, ENE 0) gains 4 + 1.
    let a = [
        C::new(race(2, 2, 4, 4), 5, 1)
            .set("ene", 0)
            .set("status", serde_json::json!([])),
        with(&["Genio estratega"]).set("at", [2, 1]).status("acted"),
    ];
    let mut v = setup_json(&open(11, 12), &a, &[C::std(5, 9).status("acted")], 0, 4);
    v["game"]["decision"] = serde_json::json!({"kind": "activate", "side": "A"});
    let mut st = load(&v);
    play(&mut st, &["activate a1"], &[]);
    assert_eq!(st.ch(0).ene, 5);
}

#[test]
fn audit_humo_spheres_of_2_k_and_humo_denso_of_4_k() {
    // «Crea esferas de humo de hasta 2 K / 4 K. Ataques hacia o desde el humo CH IMP -1 / -3»:
    // a2 stands `k` K from a1's smoke and shoots b1 (far from it): from inside the sphere the
    // malus, one K further none.
    use engine::creation::effect::{CheckKind, Scope};
    for (t, k, m) in [
        ("Humo", 2u8, -1i8),
        ("Humo", 3, 0),
        ("Humo denso", 4, -3),
        ("Humo denso", 5, 0),
    ] {
        let mut st = position(
            &open(11, 16),
            &[
                with(&[t]).set("at", [5, 1]).facing("S"),
                C::std(5, 1 + k).facing("S").status("acted"),
            ],
            &[C::std(0, 15).facing("S").status("acted")],
            0,
        );
        play(&mut st, &["a1 smoke"], &[]);
        let hit = st.trait_check_mod(1, CheckKind::Hit, Scope::Ranged, None, Some(2), true);
        assert_eq!(hit, m, "{t} at {k} K");
    }
}

/// a1 (`a`) shoots b1 (CON 9) 5 K away; a2 (`a2`) `k` K east of a1.
fn veteran_shot(a: C, a2: C, k: u8, dice: &[u8]) -> Vec<String> {
    let mut st = position(
        &open(11, 12),
        &[
            a.set("at", [3, 1]).facing("S").weapon(gun(2, &[])),
            a2.set("at", [3 + k, 1]).status("acted"),
        ],
        &[
            C::new(race(9, 5, 4, 4), 3, 6).facing("S"),
            C::std(10, 11).status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    checks(&st, &log)
}

#[test]
fn audit_grito_de_veterano_allies_within_5_k_not_6_nor_the_holder() {
    // «Aliados a 5K con crítico en CH IMP ganan ataque extra (ENE 0)»: a2 5 K away — a1's
    // critical (r1) brings a second shot (r8); 6 K away, none; the holder's own critical,
    // none.
    let first = ["a1 CH IMP 5 r1", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"];
    let c = veteran_shot(C::std(0, 0), with(&["Grito de veterano"]), 5, &[1, 9, 2, 8]);
    assert_eq!(c, [&first[..], &["a1 CH IMP 5 r8"]].concat());
    let c = veteran_shot(C::std(0, 0), with(&["Grito de veterano"]), 6, &[1, 9, 2]);
    assert_eq!(c, first);
    let c = veteran_shot(with(&["Grito de veterano"]), C::std(0, 0), 1, &[1, 9, 2]);
    assert_eq!(c, first);
}
