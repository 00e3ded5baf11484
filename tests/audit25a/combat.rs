//! COMBATE (rulebook lines 147–193): CH DEF and the CH PSI it brings, the criticals and fumbles
//! of each check against each kind of attack, wear against the DAÑ en CaC, Cobertura 100 %,
//! Heridas.

use super::*;

#[test]
fn audit_a_passed_ch_def_that_leaves_no_wound_asks_no_ch_psi() {
    // «Si supera un CH DEF, gana tantas heridas como DAÑ-DEF … Un objetivo que gana heridas se
    // considera herido y debe realizar un CH PSI»: DAÑ 2 against DEF 3, passed (r2): 2 − 3 → no
    // wound, so no CH PSI either.
    let mut st = range(
        C::std(0, 0).weapon(gun(2, &[])),
        C::std(0, 0).prot(armour(3, &[])),
        5,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 3 r2"]);
    assert_eq!((st.ch(1).wounds, st.ch(1).stress), (0, 0));
}

#[test]
fn audit_a_critical_ch_def_against_a_shot_into_a_melee_hits_nobody_back() {
    // «Crítico en CH DEF: 0 heridas y, en CaC, un impacto automático de DAÑ 1 al atacante»: b1
    // is engaged, but the attack is a shot (Ataque a distancia a un combate CaC), not a melee
    // one: its critical (r1) stops the damage and hits neither the shooter nor a2 beside it.
    let mut st = into_melee(
        C::std(0, 0).weapon(gun(2, &[])).prot(armour(1, &[])),
        C::std(0, 0),
    );
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], &[3, 3, 1]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "a1 CH IMP 5 r3", "b1 CH DEF 0 r1"]
    );
    assert_eq!(wounds(&st), [0, 0, 0, 0]);
}

#[test]
fn audit_a_critical_ch_def_against_a_gun_fired_in_melee_hits_back() {
    // «Ataque CaC con arma de disparo … Como "ataque CaC"»: a melee attack, so b1's critical CH
    // DEF (r1) hits a1 back with DAÑ 1: a1's CH DEF 1 fails (r5), 1 wound and its CH PSI.
    let mut st = contact(
        C::std(0, 0).weapon(gun(2, &[])).prot(armour(1, &[])),
        C::std(0, 0),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 4, 1, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r1",
            "a1 CH DEF 1 r5",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
}

#[test]
fn audit_a_critical_first_ch_imp_of_a_gun_in_melee_still_needs_the_second() {
    // «Ataque a distancia a un combate CaC … sin crítico en el CH IMP debe realizar un segundo
    // CH IMP» exempts a critical; «Ataque CaC con arma de disparo … si pasa el CH IMP, deberá
    // pasar un segundo CH IMP» does not: a critical first check (r1) and a failed second (r9)
    // is a miss.
    let mut st = contact(C::std(0, 0).weapon(gun(2, &[])), tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[1, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r1", "a1 CH IMP 5 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
    // Passed second (r4): the critical's DAÑ + 1 stands — 2 + CON 4 − 4 + 1 = 3.
    let mut st = contact(C::std(0, 0).weapon(gun(2, &[])), tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[1, 4, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r1",
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_an_unarmed_fumble_hits_the_attacker_and_wears_no_weapon() {
    // «Pifia en CH IMP: se recibe un impacto automático de DAÑ 1, y el arma gana 1 herida»: an
    // Ataque CaC sin armas has no weapon — a1's DAÑ 1 hit (CH DEF 0 r9: 1 wound, CH PSI), and
    // the sword it carries but did not use keeps its wear at 0.
    let mut st = contact(C::std(0, 0).weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &["a1 unarmed b1"], &[10, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).wear[0]), (1, 0));
}

#[test]
fn audit_a_fumbled_ch_def_does_not_wound_a_broken_protection_further() {
    // «Pifia en CH DEF: DAÑ +1 para el atacante, una protección gana 1 herida»: b1's only
    // protection is already inutilizado (2 wounds, CAL 2), so «una protección» is none — the DAÑ
    // + 1 stands (2 + 1 = 3 wounds) but the broken one is not destroyed by it.
    let b = tough(&[]).prot(prot(0, 2, 4, 2, &[])).set("wear", vec![2]);
    let mut st = range(C::std(0, 0).weapon(gun(2, &[])), b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 10, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r10", "b1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(1).wounds, st.ch(1).wear[0]), (3, 2));
}

#[test]
fn audit_melee_damage_floors_a_worn_weapon_before_adding_con() {
    // «Las armas sufren DAÑ-1 por cada herida, mínimo DAÑ 1» is the weapon's DAÑ; then «DAÑ en
    // CaC.- DAÑ=DAÑ del arma + CON - 4 - heridas sufridas»: a sword DAÑ 2 with 3 wounds (CAL 4,
    // still usable) is DAÑ 1, and a CON 6 wielder adds 2 → 3 (not 2 − 3 + 2 = 1).
    let a = C::new(race(6, 5, 4, 4), 0, 0)
        .weapon(sword())
        .set("wear", vec![3]);
    let mut st = contact(a, tough(&[]));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn audit_a_critical_ch_imp_adds_one_to_a_worn_weapons_floor() {
    // «mínimo DAÑ 1» then «Crítico en CH IMP: … DAÑ+1»: a gun DAÑ 2 with 2 wounds (CAL 3) is
    // DAÑ 1; a critical makes it 2.
    let a = C::std(0, 0)
        .weapon(weapon(2, 2, 10, 3, &[]))
        .set("wear", vec![2]);
    let mut st = range(a, tough(&[]), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn audit_the_hit_back_of_a_critical_ch_def_brings_no_hit_back_of_its_own() {
    // The DAÑ 1 «impacto automático» of b1's critical CH DEF is met by a1's CH DEF; a1's own
    // critical there (r1) takes no wound and sends nothing back to b1 (it is no melee attack).
    let mut st = contact(
        C::std(0, 0).weapon(sword()).prot(armour(1, &[])),
        C::std(0, 0),
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 1, 1]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r1", "a1 CH DEF 1 r1"]
    );
    assert_eq!(wounds(&st), [0, 0, 0]);
}

/// a1 on (4, 1) shooting south at b1 (`b`, prone) on (4, 7) behind a low obstacle on (4, 6):
/// «oculto 100%».
fn fully_covered(b: C) -> engine::State {
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    position(
        &board,
        &[C::std(4, 1).weapon(gun(3, &[]))],
        &[
            b.set("at", [4, 7]).facing("S").stance("prone"),
            C::std(8, 9).facing("S").status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_a_fumbled_cover_ch_def_is_only_the_cover_failing() {
    // «a un objetivo oculto 100%, 1º un CH DEF de la cobertura y, si falla, un 2º CH DEF +2
    // normal». Decision: the first check is the cover's (the board's cover DEF 5, no modifier of
    // the target), so its fumble (r10) is a failure and no more — no DAÑ + 1, no wound on b1's
    // protection; then b1's own CH DEF 2 + 2 passes (r3): DAÑ 3 − DEF 2 = 1 wound. (CH IMP:
    // prone beyond 3 K, −2.)
    let mut st = fully_covered(C::std(0, 0).prot(armour(2, &[])));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 10, 3, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 3 r3",
            "b1 CH DEF cover 5 r10",
            "b1 CH DEF 4 r3",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(1).wounds, st.ch(1).wear[0]), (1, 0));
}

#[test]
fn audit_a_critical_cover_ch_def_stops_the_attack_with_no_hit_back() {
    // The cover's passed check (a critical, r1) stops the attack: «si falla, un 2º CH DEF» —
    // no second check, no wound, nothing back to the shooter (a shot, and the cover's check).
    let mut st = fully_covered(C::std(0, 0));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 1]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 3 r3", "b1 CH DEF cover 5 r1"]
    );
    assert_eq!(wounds(&st), [0, 0, 0]);
}

/// a1 on (5, 5) beside its ally a2 on (6, 5) (`a2`); b1 far away.
fn medic(a2: C) -> engine::State {
    position(
        &open(11, 12),
        &[C::std(5, 5), a2.set("at", [6, 5]).status("acted")],
        &[C::std(0, 11).facing("S")],
        0,
    )
}

#[test]
fn audit_an_incapacitated_ally_may_be_healed_and_a_dead_one_not() {
    // «Se puede curar o reparar si las heridas no superan la CON … Pj con tantas heridas como
    // CON: incapacitado … Pj con más heridas que CON: muerto. No se puede curar»: a2 with 4
    // wounds (CON 4) is healed (r3: −1) and is able again; with 5 it is dead and not a target.
    let mut st = medic(C::std(0, 0).set("wounds", 4));
    assert!(!st.able(1));
    let log = play(&mut st, &["a1 heal a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT heal 4 r3"]);
    assert_eq!(st.ch(1).wounds, 3);
    assert!(st.able(1));
    let st = medic(C::std(0, 0).set("wounds", 5));
    assert!(st.dead(1));
    assert!(!legal(&st, "a1 heal a2"));
}

#[test]
fn audit_a_fumbled_first_ch_imp_into_a_melee_strays_onto_nobody() {
    // «Pifia en CH IMP: se recibe un impacto automático de DAÑ 1, y el arma gana 1 herida»; only
    // a failed *second* CH IMP «acierta a otro luchador». The first fumbled (r10): no second
    // check, no fighter hit — a1 takes the DAÑ 1 (CH DEF 1 r5 fails: 1 wound, CH PSI) and its
    // gun 1 wound.
    let mut st = into_melee(
        C::std(0, 0).weapon(gun(2, &[])).prot(armour(1, &[])),
        C::std(0, 0),
    );
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], &[10, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 1 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st), [1, 0, 0, 0]);
    assert_eq!(st.ch(0).wear[0], 1);
}

#[test]
fn audit_the_hit_of_a_fumbled_ch_imp_meets_the_ch_defs_own_critical_and_fumble() {
    // «Pifia en CH IMP: se recibe un impacto automático de DAÑ 1, y el arma gana 1 herida»: a
    // hit with no attacker, so its CH DEF's critical (r1) only stops it — nothing back to b1 —
    // and its fumble (r10) is «Pifia en CH DEF: DAÑ +1 … una protección gana 1 herida»: 2
    // wounds and a1's armour worn, beside the sword's own wound.
    let a = || C::std(0, 0).weapon(sword()).prot(armour(1, &[]));
    let mut st = contact(a(), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[10, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r10", "a1 CH DEF 1 r1"]);
    assert_eq!(wounds(&st), [0, 0, 0]);
    assert_eq!(st.ch(0).wear[..2], [1, 0]);
    let mut st = contact(a(), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[10, 10, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 1 r10", "a1 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st), [2, 0, 0]);
    assert_eq!(st.ch(0).wear[..2], [1, 1]);
}
