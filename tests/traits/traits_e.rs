//! BONUS Y MALUS in play, share E (issue 16): Mal agujero, Sin miembro, Serpiente, Ponzoña,
//! Resonador, Miembro extra. Scripted dice,
//! exact outcomes (RULES.md, "Traits in play, share E"). The standard race is CON 4, AGI 5,
//! INT 4, VOL 4.

use super::*;
use engine::creation::effect::{CheckKind, Scope, Stat};
use serde_json::Value;

#[test]
fn mal_agujero_every_ch_atr_minus_one() {
    let st = range(with(&["Mal agujero"]), C::std(0, 0), 3);
    for k in [
        CheckKind::Attr(Stat::Con),
        CheckKind::Attr(Stat::Vol),
        CheckKind::Hit,
    ] {
        assert_eq!(st.trait_check_mod(0, k, Scope::Any, None, None, true), -1);
    }
    // Scripted: a shot by a1 (AGI 5 − 1) misses on a 5.
    let a = with(&["Mal agujero"]).weapon(bow());
    let mut st = range(a, C::std(0, 0), 3);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 4 r5");
}

#[test]
fn sin_miembro_ch_imp_minus_one_not_other_checks() {
    let st = range(with(&["Sin miembro"]), C::std(0, 0), 3);
    let m = |k, s| st.trait_check_mod(0, k, s, None, None, true);
    assert_eq!(m(CheckKind::Hit, Scope::Melee), -1);
    assert_eq!(m(CheckKind::Hit, Scope::Ranged), -1);
    assert_eq!(m(CheckKind::Attr(Stat::Con), Scope::Any), 0);
    let a = with(&["Sin miembro"]).weapon(bow());
    let mut st = range(a, C::std(0, 0), 3);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 4 r5");
}

/// A corridor: a1 on (1, 1); then difficult, low obstacle, easy, extreme, easy. b1 walled off.
fn corridor(a: C) -> State {
    let board = rows(&["########", "#.,o.~.#", "########", "........"]);
    position(
        &board,
        &[a.set("at", [1, 1])],
        &[C::std(7, 3).facing("S")],
        0,
    )
}

#[test]
fn serpiente_difficult_terrain_is_easy_extreme_is_not() {
    let mut st = corridor(with(&["Serpiente"]));
    let log = play(&mut st, &["a1 run 3,1"], &[]);
    assert_eq!(
        spent(&log),
        [2],
        "Correr through rubble and a low obstacle: no surcharge"
    );
    let mut st = corridor(C::std(0, 0));
    let log = play(&mut st, &["a1 run 3,1"], &[]);
    assert_eq!(spent(&log), [3]);
    let mut st = corridor(with(&["Serpiente"]));
    let log = play(&mut st, &["a1 sprint 6,1"], &[]);
    assert_eq!(spent(&log), [3 + 2], "extreme terrain keeps its +2");
}

#[test]
fn ponzona_the_holders_attacks_carry_the_substance_into_the_target() {
    let gun = || weapon(2, 2, 5, 4, &[]);
    let tough = |t: &[&str]| C::new(race_t(9, 5, 4, 4, t), 0, 0);
    let wounds = |a: C, b: C, dice: &[u8]| {
        let mut st = range(a, b, 5);
        play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        st.ch(1).wounds
    };
    // Alérgico (veneno): the poisoned shot wounds twice; without Ponzoña as usual.
    let venom = with(&["Ponzoña (veneno)"]).weapon(gun());
    assert_eq!(wounds(venom, tough(&["Alérgico (veneno)"]), &[3, 9, 2]), 4);
    let plain = C::std(0, 0).weapon(gun());
    assert_eq!(wounds(plain, tough(&["Alérgico (veneno)"]), &[3, 9, 2]), 2);
    // Invulnerable (veneno): no wounds (so no CH PSI).
    let venom = with(&["Ponzoña (veneno)"]).weapon(gun());
    assert_eq!(wounds(venom, tough(&["Invulnerable (veneno)"]), &[3, 9]), 0);
    // On a weapon, only that weapon carries it.
    let a = C::std(0, 0)
        .weapon(weapon(2, 2, 5, 4, &["Ponzoña (veneno)"]))
        .weapon(gun());
    let mut st = range(a, tough(&["Alérgico (veneno)"]), 5);
    play(&mut st, &["a1 shoot b1 w2", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

/// An Invocación: ENE 2, ALC 3, CAL 4.
fn invocation() -> Value {
    serde_json::json!({"name": "I", "ene": 2, "range": 3, "quality": 4, "traits": ["Invocación"]})
}

/// a1, a neuromante (INT 6, VOL 7), on (5, 1); `a2` on (5, 6); b1 (CON 6, `b_traits`) on
/// (5, 6 + `gap`) facing S; b2 on (0, 13) has acted.
fn resonance(a2: C, b_traits: &[&str], b2: C) -> State {
    let a1 = C::new(race_t(3, 5, 6, 7, &["Neuromante"]), 5, 1).meta(invocation());
    position(
        &open(11, 14),
        &[a1.facing("S"), a2.set("at", [5, 6])],
        &[
            C::new(race_t(6, 5, 4, 4, b_traits), 5, 8).facing("S"),
            b2.set("at", [0, 13]).facing("S"),
        ],
        0,
    )
}

#[test]
fn resonador_a_neuromante_invokes_from_an_ally_who_takes_stress_and_ch_psi() {
    let acted = |c: C| c.status("acted");
    // Without a resonator b1 (7 K away) is out of the invocation's ALC 3.
    let st = resonance(acted(C::std(0, 0)), &[], acted(C::std(0, 0)));
    assert!(!legal(&st, "a1 meta m1 b1"));
    let mut st = resonance(acted(with(&["Resonador"])), &[], acted(C::std(0, 0)));
    assert!(legal(&st, "a1 meta m1 b1"));
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 2, 2, 6, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a2 CH PSI 4 r2",
            "a1 CH INT meta 6 r2",
            "a1 CH ENF 7 r2",
            "b1 CH ENF 4 r6",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(1).stress, st.ch(2).wounds), (1, 4));
}

#[test]
fn resonador_an_enemy_resonator_resists_with_ch_vol_enf() {
    // b1 is the resonator; the target is b2, 2 K beyond it.
    let b2 = C::new(race(6, 5, 4, 4), 0, 0).facing("S");
    let mut st = position(
        &open(11, 14),
        &[C::new(race_t(3, 5, 6, 7, &["Neuromante"]), 5, 1)
            .meta(invocation())
            .facing("S")],
        &[
            C::new(race_t(4, 5, 4, 4, &["Resonador"]), 5, 6).facing("S"),
            b2.set("at", [5, 8]),
        ],
        0,
    );
    assert!(legal(&st, "a1 meta m1 b2"));
    // a1 loses the CH VOL ENF (7 vs 4: r9 fails, r2 passes): the invocation fails, ENE spent.
    let log = play(&mut st, &["a1 meta m1 b2", "pass"], &[9, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH ENF 7 r9", "b1 CH ENF 4 r2"]);
    assert_eq!(
        (st.ch(1).stress, st.ch(2).wounds, spent(&log)),
        (0, 0, vec![2])
    );
}

#[test]
fn miembro_extra_wields_a_two_handed_weapon_and_another_for_lucha_con_2_armas() {
    let great = || weapon(2, 3, 0, 4, &["A 2 manos"]);
    let bonus = |t: &[&str], w1: Value, w2: Value| {
        let mut all = vec!["Lucha con 2 armas"];
        all.extend_from_slice(t);
        contact(with(&all).weapon(w1).weapon(w2), C::std(0, 0)).two_weapons_bonus(0)
    };
    assert_eq!(bonus(&[], sword(), sword()), 1);
    assert_eq!(
        bonus(&[], great(), sword()),
        0,
        "A 2 manos takes both hands"
    );
    assert_eq!(bonus(&["Miembro extra"], great(), sword()), 1);
    assert_eq!(bonus(&["Miembro extra"], great(), great()), 0);
    assert_eq!(
        bonus(&["Sin miembro"], sword(), sword()),
        0,
        "one arm, one weapon"
    );
    // Scripted: the CH IMP of the melee attack, AGI 5 + 1.
    let a = with(&["Lucha con 2 armas", "Miembro extra"])
        .weapon(great())
        .weapon(sword());
    let mut st = contact(a, C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[8]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 6 r8");
}
