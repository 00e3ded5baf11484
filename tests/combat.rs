//! COMBATE, ACCIONES DE COMBATE and MODIFICADORES with scripted dice: every test states the
//! exact target of each check (that is how modifiers are pinned) and the exact outcome.
//!
//! Conventions: the standard race is CON 4, AGI 5, INT 4, VOL 4, so an unmodified CH IMP with a
//! physical weapon has target 5 and a CH PSI target 4. Defenders face away from the attacker so
//! that no reaction window opens, except where a test is about one or the defender hears the
//! attack (ENTORNO / Ruido: a shot is heard at DAÑ × 2 K, a move at the K moved × 2). A ranged
//! attack (or a charge) against a target that is not engaged always opens the early window in
//! which the target could Huir: the tests `pass` it.

use crate::build::*;
use engine::state::*;
use engine::State;

/// a1 (attacker, `a`) on (5, 1); b1 (`b`) straight south at `d` K, facing S (away).
fn at_range(a: C, b: C, d: u8) -> State {
    let h = (d + 3) as usize;
    let a = a.set("at", [5, 1]);
    let b = b.set("at", [5, 1 + d]).facing("S");
    position(&open(11, h.max(8)), &[a], &[b], 0)
}

/// a1 on (5, 5) in base contact with b1 on (5, 6), b1 facing S (its back to a1); b2, far
/// away facing S, keeps side B on the table when b1 falls.
fn in_contact(a: C, b: C) -> State {
    let a = a.set("at", [5, 5]);
    let b = b.set("at", [5, 6]).facing("S");
    position(&open(11, 12), &[a], &[b, C::std(10, 11).facing("S")], 0)
}

fn shooter() -> C {
    C::std(0, 0).weapon(bow())
}

fn fighter() -> C {
    C::std(0, 0).weapon(sword())
}

// ----- Atacar a distancia -----

#[test]
fn ranged_hit_failed_def_takes_full_damage_and_psi() {
    let mut st = at_range(shooter(), C::std(0, 0).prot(prot(1, 2, 4, 4, &[])), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 6, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r6", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    assert_eq!(st.ch(0).ene, 6, "the bow costs its ENE 2");
    assert_eq!(spent(&log), [2]);
}

#[test]
fn ranged_passed_def_takes_dmg_minus_def() {
    let a = C::std(0, 0).weapon(weapon(3, 3, 15, 5, &[]));
    let mut st = at_range(a, C::std(0, 0).prot(prot(1, 2, 4, 4, &[])), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 2, 5]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH PSI 4 r5"]
    );
    assert_eq!(st.ch(1).wounds, 1, "DAÑ 3 − DEF 2");
    assert_eq!(st.ch(1).stress, 1, "failed CH PSI: +1 stress");
}

#[test]
fn ranged_miss_rolls_no_def() {
    let mut st = at_range(shooter(), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[6]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r6"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn ranged_minus_one_per_ten_k_after_the_first_ten() {
    // VOL 6: CdV 30 K. Weapon ENE 7 DAÑ 6 ALC 30.
    for (d, t) in [(10, 5), (11, 4), (20, 4), (21, 3), (30, 3)] {
        let a = C::new(race(4, 5, 4, 6), 0, 0).weapon(weapon(7, 6, 30, 1, &[]));
        let mut st = at_range(a, C::std(0, 0), d);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {t} r9")], "at {d} K");
    }
}

#[test]
fn long_range_beyond_alc_up_to_one_and_a_half() {
    // ALC 8: long range up to 12 K, CH −1 (and −1 for 11–20 K).
    let w = || weapon(2, 2, 8, 4, &[]);
    let st = at_range(C::std(0, 0).weapon(w()), C::std(0, 0), 8);
    assert!(legal(&st, "a1 shoot b1 w1"));
    assert!(!legal(&st, "a1 shoot-long b1 w1"));
    for (d, t) in [(9, 4), (12, 3)] {
        let mut st = at_range(C::std(0, 0).weapon(w()), C::std(0, 0), d);
        assert!(!legal(&st, "a1 shoot b1 w1"), "beyond ALC at {d} K");
        let log = play(&mut st, &["a1 shoot-long b1 w1", "pass"], &[9]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {t} r9")]);
    }
    let st = at_range(C::std(0, 0).weapon(w()), C::std(0, 0), 13);
    assert!(!legal(&st, "a1 shoot-long b1 w1"));
    assert!(!legal(&st, "a1 shoot b1 w1"));
    // ALC 5: 5 × 1.5 = 7.5, rounded half up to 8.
    let w5 = || weapon(2, 1, 5, 3, &[]);
    let st = at_range(C::std(0, 0).weapon(w5()), C::std(0, 0), 8);
    assert!(legal(&st, "a1 shoot-long b1 w1"));
    let st = at_range(C::std(0, 0).weapon(w5()), C::std(0, 0), 9);
    assert!(!legal(&st, "a1 shoot-long b1 w1"));
}

#[test]
fn a_bulto_beyond_cdv_up_to_one_and_a_half_within_alc() {
    // VOL 1: CdV 5 K, a bulto up to 7.5 → 8 K; ALC 10.
    let a = || C::new(race(4, 5, 4, 1), 0, 0).weapon(bow());
    let st = at_range(a(), C::std(0, 0), 5);
    assert!(legal(&st, "a1 shoot b1 w1"));
    assert!(!legal(&st, "a1 shoot-wide b1 w1"));
    for d in [6, 8] {
        let mut st = at_range(a(), C::std(0, 0), d);
        assert!(!legal(&st, "a1 shoot b1 w1"), "beyond the CdV at {d} K");
        let log = play(&mut st, &["a1 shoot-wide b1 w1", "pass"], &[9]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"]);
    }
    let st = at_range(a(), C::std(0, 0), 9);
    assert!(!legal(&st, "a1 shoot-wide b1 w1"), "beyond CdV × 1.5");
    // Both bounds: beyond the CdV (VOL 2: 10 K, ×1.5 = 15) and beyond ALC 10 → nothing.
    let a2 = C::new(race(4, 5, 4, 2), 0, 0).weapon(bow());
    let st = at_range(a2, C::std(0, 0), 11);
    assert!(!legal(&st, "a1 shoot-wide b1 w1"));
    assert!(!legal(&st, "a1 shoot-long b1 w1"));
}

/// a1 shoots at b1 (5, 6), which a2 (4, 7) and a3 (6, 7) have engaged.
fn into_melee() -> State {
    let a = [
        C::std(5, 1).weapon(bow()),
        C::std(4, 7).facing("N"),
        C::std(6, 7).facing("N"),
    ];
    let b = [C::std(5, 6).facing("S")];
    position(&open(11, 10), &a, &b, 0)
}

#[test]
fn into_melee_failed_second_check_hits_another_fighter_by_d10() {
    let mut st = into_melee();
    assert!(!legal(&st, "a1 shoot b1 w1"), "an engaged target");
    assert!(legal(&st, "a1 shoot-melee b1 w1"));
    // Second CH IMP fails; d10 = 2 → (2 − 1) mod 2 = 1 → a3 (index order a2, a3).
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], &[4, 7, 2, 6, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "a1 CH IMP 5 r7",
            "a3 CH DEF 0 r6",
            "a3 CH PSI 4 r3"
        ]
    );
    assert!(statuses(&st, &log).contains(&"a3 is hit instead".to_string()));
    assert_eq!(
        (st.ch(1).wounds, st.ch(2).wounds, st.ch(3).wounds),
        (0, 2, 0)
    );
    // d10 = 3 → (3 − 1) mod 2 = 0 → a2.
    let mut st = into_melee();
    play(&mut st, &["a1 shoot-melee b1 w1"], &[4, 7, 3, 6, 3]);
    assert_eq!(
        (st.ch(1).wounds, st.ch(2).wounds, st.ch(3).wounds),
        (2, 0, 0)
    );
}

#[test]
fn into_melee_passed_second_check_or_critical_hits_the_target() {
    let mut st = into_melee();
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], &[4, 5, 8, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "a1 CH IMP 5 r5",
            "b1 CH DEF 0 r8",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(3).wounds, 2);
    // A critical needs no second check (and DAÑ + 1).
    let mut st = into_melee();
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], &[1, 8, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r1", "b1 CH DEF 0 r8", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(3).wounds, 3);
}

#[test]
fn ranged_needs_line_of_sight() {
    // A wall between: no shot of any kind (no ally sees b1 for a blind shot); a low obstacle
    // does not block.
    for (row, ok) in [("#####", false), ("..o..", true)] {
        let mut board = open(5, 8);
        board[3] = row.into();
        let a = [shooter().set("at", [2, 1])];
        let b = [C::std(2, 6).facing("S")];
        let st = position(&board, &a, &b, 0);
        assert_eq!(legal(&st, "a1 shoot b1 w1"), ok, "{row}");
    }
}

/// a1 (bow) on (5, 1) and b1 on (5, 6) with the wall `row` on row 3 between them; a2 on (9, 2)
/// facing `a2_facing` (facing S it sees b1 past the wall's end).
fn blind_position(row: &str, a2_facing: &str, bow: serde_json::Value) -> State {
    let mut board = open(11, 10);
    board[3] = row.into();
    let a = [
        C::std(5, 1).weapon(bow).facing("S"),
        C::std(9, 2).facing(a2_facing),
    ];
    position(&board, &a, &[C::std(5, 6).facing("N")], 0)
}

#[test]
fn blind_shot_without_ldv_at_a_target_an_ally_sees() {
    let mut st = blind_position("....###....", "S", bow());
    assert!(!legal(&st, "a1 shoot b1 w1"), "no LdV");
    assert!(legal(&st, "a1 shoot-blind b1 w1"));
    // CH IMP AGI 5 − 1 (difícil) = 4, passed; b1's CH DEF 0 fails: DAÑ 2; CH PSI 4 passed.
    let log = play(&mut st, &["a1 shoot-blind b1 w1", "pass"], &[4, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 4 r4", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(2).wounds, 2, "b1 (a2 is index 1)");
    assert_eq!(spent(&log), [2]);
    // The same die 5 misses: the −1 is on the check.
    let mut st = blind_position("....###....", "S", bow());
    let log = play(&mut st, &["a1 shoot-blind b1 w1", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r5"]);
}

#[test]
fn blind_shot_is_illegal_with_ldv_without_a_spotter_or_beyond_alc() {
    // a1 sees b1: an ordinary shot only.
    let st = blind_position("...........", "S", bow());
    assert!(legal(&st, "a1 shoot b1 w1"));
    assert!(!legal(&st, "a1 shoot-blind b1 w1"));
    // No ally sees b1 (a2 faces away).
    let st = blind_position("....###....", "N", bow());
    assert!(!legal(&st, "a1 shoot-blind b1 w1"));
    // Beyond ALC (4 K at 5 K): no blind shot, a larga distancia neither.
    let st = blind_position("....###....", "S", weapon(2, 2, 4, 3, &[]));
    assert!(!all_legal(&st).iter().any(|s| s.contains("shoot")));
}

#[test]
fn cannot_shoot_when_engaged() {
    let a = [C::std(5, 5).weapon(bow())];
    let b = [C::std(5, 6).facing("S"), C::std(5, 11).facing("S")];
    let st = position(&open(11, 13), &a, &b, 0);
    assert!(!legal(&st, "a1 shoot b2 w1"));
    assert!(!all_legal(&st).iter().any(|s| s.contains("shoot")));
    // The bow can still be used in melee (Ataque CaC con arma de disparo).
    assert!(legal(&st, "a1 melee b1 w1"));
}

#[test]
fn cannot_attack_after_sprinting() {
    let a = [C::std(2, 1).weapon(bow()).set("ene", 10)];
    let b = [C::std(2, 10).facing("S")];
    let mut st = position(&open(6, 14), &a, &b, 0);
    assert!(legal(&st, "a1 shoot b1 w1"));
    play(&mut st, &["a1 sprint 2,7"], &[]);
    assert!(st.ch(0).has(SPRINTED));
    assert!(!any_attack(&st, 0), "{:?}", all_legal(&st));
}

#[test]
fn magazines_spend_ammo_and_recargar_costs_dan() {
    // ENE 2, DAÑ 3, Cargadores (2).
    let a = C::std(0, 0)
        .weapon(weapon(2, 3, 10, 3, &["Cargadores (2)"]))
        .set("ene", 10);
    let mut st = at_range(a, C::std(0, 0), 5);
    assert_eq!(st.ch(0).ammo[0], 2, "a magazine starts full");
    assert!(!legal(&st, "a1 reload w1"), "nothing to reload");
    play(
        &mut st,
        // Each shot (DAÑ 3) is heard at 6 K: b1, 5 K away with its back to a1, may react.
        &[
            "a1 shoot b1 w1",
            "pass",
            "pass",
            "a1 shoot b1 w1",
            "pass",
            "pass",
        ],
        &[9, 9],
    );
    assert_eq!(st.ch(0).ammo[0], 0);
    assert!(!legal(&st, "a1 shoot b1 w1"), "empty magazine");
    let log = play(&mut st, &["a1 reload w1"], &[]);
    assert_eq!(spent(&log), [3], "Recargar: ENE = DAÑ of the weapon");
    assert_eq!(st.ch(0).ammo[0], 2);
    assert_eq!(st.ch(0).ene, 10 - 2 - 2 - 3);
    assert!(legal(&st, "a1 shoot b1 w1"));
    // Cargadores without a number: 10 − DAÑ shots.
    let a = C::std(0, 0).weapon(weapon(2, 3, 10, 3, &["Cargadores"]));
    let st = at_range(a, C::std(0, 0), 5);
    assert_eq!((st.info(0).magazine[0], st.ch(0).ammo[0]), (7, 7));
    // A weapon without Cargadores has no magazine and cannot be reloaded.
    let st = at_range(shooter(), C::std(0, 0), 5);
    assert_eq!(st.info(0).magazine[0], 0);
    assert!(!legal(&st, "a1 reload w1"));
}

#[test]
fn ranged_stance_modifiers_of_attacker_and_target() {
    let cases: [(&str, &str, u8, i8); 8] = [
        ("crouched", "standing", 5, 6), // attacker crouched: +1
        ("prone", "standing", 5, 6),    // attacker prone: +1
        ("standing", "crouched", 4, 4), // target crouched beyond 3 K: −1
        ("standing", "crouched", 3, 5), // … not at 3 K
        ("standing", "prone", 4, 3),    // target prone beyond 3 K: −2
        ("standing", "prone", 3, 5),    // … not at 3 K
        ("crouched", "prone", 6, 4),    // both
        ("standing", "standing", 5, 5),
    ];
    for (sa, sb, d, t) in cases {
        let mut st = at_range(shooter().stance(sa), C::std(0, 0).stance(sb), d);
        let acts: &[&str] = if sb == "prone" {
            &["a1 shoot b1 w1"] // a prone target cannot Huir: no window
        } else {
            &["a1 shoot b1 w1", "pass"]
        };
        let log = play(&mut st, acts, &[9]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {t} r9")],
            "{sa} vs {sb} at {d}"
        );
    }
}

#[test]
fn target_sprinted_size_and_speed_modifiers() {
    let one = |a: C, b: C, acts: &[&str]| -> Vec<String> {
        let mut st = at_range(a, b, 5);
        let log = play(&mut st, acts, &[9]);
        checks(&st, &log)
    };
    let shot: &[&str] = &["a1 shoot b1 w1", "pass"];
    // Target sprinted this turn: −1.
    assert_eq!(
        one(shooter(), C::std(0, 0).status("sprinted"), shot),
        ["a1 CH IMP 4 r9"]
    );
    // Por tamaño: the target's natural MOV is larger: +1; equal: nothing.
    let big = || {
        C::new(race(4, 5, 4, 4), 0, 0).set(
            "race",
            serde_json::json!({"name": "G", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 2}),
        )
    };
    assert_eq!(one(shooter(), big(), shot), ["a1 CH IMP 6 r9"]);
    let big_shooter = big().weapon(bow());
    assert_eq!(one(big_shooter, big(), shot), ["a1 CH IMP 5 r9"]);
    // Por velocidad: the target moved more than 5 K this turn: −1.
    assert_eq!(
        one(shooter(), C::std(0, 0).status("fast"), shot),
        ["a1 CH IMP 4 r9"]
    );
    // The shooter: 5 K + 1 K = 6 > 5 → −1; 4 K + 1 K = 5 → nothing.
    let mv: &[&str] = &["a1 move 5,2", "a1 shoot b1 w1", "pass"];
    assert_eq!(
        one(shooter().set("moved", 5), C::std(0, 0), mv),
        ["a1 CH IMP 4 r9"]
    );
    assert_eq!(
        one(shooter().set("moved", 4), C::std(0, 0), mv),
        ["a1 CH IMP 5 r9"]
    );
}

// ----- Atacar CaC -----

#[test]
fn melee_damage_is_weapon_plus_con_minus_four_minus_wounds() {
    // CON 6, 1 wound, weapon DAÑ 2: 2 + 6 − 4 − 1 = 3.
    let a = C::new(race(6, 5, 4, 4), 0, 0)
        .weapon(sword())
        .set("wounds", 1);
    let mut st = in_contact(a, C::new(race(5, 5, 4, 4), 0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 0 r7", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 3);
    // CON 2, weapon DAÑ 1: 1 + 2 − 4 = −1 → minimum 1.
    let a = C::new(race(2, 5, 4, 4), 0, 0).weapon(weapon(1, 1, 0, 2, &[]));
    let mut st = in_contact(a, C::std(0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[4, 7, 3]);
    assert_eq!(st.ch(1).wounds, 1);
}

#[test]
fn unarmed_is_con_minus_four_at_most_one_wound_plus_one_on_critical() {
    let a = || C::new(race(7, 5, 4, 4), 0, 0); // DAÑ 7 − 4 = 3
    let b = || C::new(race(5, 5, 4, 4), 0, 0);
    let mut st = in_contact(a(), b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 0 r7", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 1, "DAÑ 3 but at most 1 wound");
    assert_eq!(spent(&log), [1]);
    let mut st = in_contact(a(), b());
    play(&mut st, &["a1 unarmed b1"], &[1, 7, 3]);
    assert_eq!(st.ch(1).wounds, 2, "critical: DAÑ 4, at most 1 + 1 wounds");
}

/// «Ataque CaC sin armas … Como "ataque CaC", pero DAÑ=CON-4»: the unarmed DAÑ replaces «DAÑ del
/// arma + CON − 4» and keeps the rest of the melee formula (MODIFICADORES, DAÑ en CaC: «− heridas
/// sufridas (mínimo 1)»), so the attacker's wounds lower it, down to 1.
#[test]
fn unarmed_damage_is_lowered_by_the_attackers_wounds() {
    // CON 7: DAÑ 3; b1 passes its CH DEF (DEF 2): 3 − 2 = 1 wound.
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    let mut st = in_contact(C::new(race(7, 5, 4, 4), 0, 0), b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 2, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 2 r2", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 1);
    // With 2 wounds: DAÑ 7 − 4 − 2 = 1, and the passed CH DEF leaves 1 − 2 → no wound.
    let a = C::new(race(7, 5, 4, 4), 0, 0).set("wounds", 2);
    let mut st = in_contact(a, b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r4", "b1 CH DEF 2 r2"]);
    assert_eq!(st.ch(1).wounds, 0);
    // CON 5 with 3 wounds: 5 − 4 − 3 = −2 → minimum 1; b1 fails its CH DEF: 1 wound.
    let a = C::new(race(5, 5, 4, 4), 0, 0).set("wounds", 3);
    let mut st = in_contact(a, b());
    let log = play(&mut st, &["a1 unarmed b1"], &[4, 7, 3]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r4", "b1 CH DEF 2 r7", "b1 CH PSI 4 r3"]
    );
    assert_eq!(st.ch(1).wounds, 1);
}

/// ACCIONES DE COMBATE, «Ataque CaC sin armas (1, AGI)»: the unarmed CH IMP is a CH AGI, so the
/// CH AGI traits reach it like an armed one's — Profesión acróbata +1, Muy torpe −1, and Élite
/// combate («Puede repetir CH AGI») re-rolls a failed one.
#[test]
fn unarmed_hit_check_is_a_ch_agi_for_agi_traits_and_rerolls() {
    let b = || C::std(0, 0);
    for (t, imp) in [("Profesión acróbata", 6), ("Muy torpe", 4)] {
        let a = C::new(race_t(4, 5, 4, 4, &[t]), 0, 0);
        let mut st = in_contact(a, b());
        let log = play(&mut st, &["a1 unarmed b1"], &[9]);
        assert_eq!(checks(&st, &log), [format!("a1 CH IMP {imp} r9")], "{t}");
    }
    // Élite combate: the failed CH IMP (9) is re-rolled (3) and the second roll stands.
    let a = C::new(race_t(4, 5, 4, 4, &["Élite combate"]), 0, 0);
    let mut st = in_contact(a, b());
    let log = play(&mut st, &["a1 unarmed b1"], &[9, 3, 7, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r7", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 1);
}

#[test]
fn gun_in_melee_needs_a_second_hit_check() {
    let mut st = in_contact(shooter(), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 6]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "a1 CH IMP 5 r6"]);
    assert_eq!(st.ch(1).wounds, 0);
    let mut st = in_contact(shooter(), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 4, 7, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "a1 CH IMP 5 r4",
            "b1 CH DEF 0 r7",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 2, "DAÑ 2 + CON 4 − 4");
}

/// «Ataque CaC con arma de disparo (X, AGI) Como "ataque CaC", pero si pasa el CH IMP, deberá pasar
/// un segundo CH IMP»: the gun is fired at point-blank range (its DAÑ, a second CH IMP like a shot
/// into a melee), so a gun with Cargadores spends a round, and an empty one cannot make it.
#[test]
fn gun_in_melee_spends_ammo_and_an_empty_magazine_cannot_fire() {
    // ENE 2, DAÑ 3, ALC 10, Cargadores (1).
    let a = C::std(0, 0)
        .weapon(weapon(2, 3, 10, 3, &["Cargadores (1)"]))
        .set("ene", 10);
    let mut st = in_contact(a, C::std(0, 0));
    assert!(legal(&st, "a1 melee b1 w1"));
    // The gun is fired, so it is heard (DAÑ 3: 6 K) by b1 and b2: a window opens.
    let log = play(&mut st, &["a1 melee b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
    assert_eq!(st.ch(0).ammo[0], 0, "the missed shot spent the round");
    assert!(!legal(&st, "a1 melee b1 w1"), "empty magazine");
    assert!(legal(&st, "a1 unarmed b1"));
    play(&mut st, &["a1 reload w1"], &[]);
    assert!(legal(&st, "a1 melee b1 w1"), "reloaded");
}

#[test]
fn melee_stance_modifiers() {
    for (sa, sb, t) in [
        ("crouched", "standing", 4),
        ("prone", "standing", 3),
        ("standing", "crouched", 6),
        ("standing", "prone", 7),
        ("prone", "prone", 5),
    ] {
        let mut st = in_contact(fighter().stance(sa), C::std(0, 0).stance(sb));
        let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {t} r9")],
            "{sa} {sb}"
        );
    }
}

#[test]
fn numerical_superiority_in_melee() {
    // a1 and a2 both in contact with b1: 2 against 1 → +1.
    let a = [C::std(5, 5).weapon(sword()), C::std(6, 5).facing("S")];
    let mut st = position(&open(11, 12), &a, &[C::std(5, 6).facing("S")], 0);
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
    // b2 in contact with a1: 2 against 2 → nothing.
    let b = [C::std(5, 6).facing("S"), C::std(4, 4).facing("NW")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 melee b1 w1"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn charge_gives_plus_one_imp_and_dan_to_the_next_melee_only() {
    let a = [C::std(5, 1).weapon(sword())];
    let b = [C::new(race(6, 5, 4, 4), 5, 5).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    assert!(!legal(&st, "a1 charge b1 5,2"), "must end in contact");
    let log = play(
        &mut st,
        &[
            "a1 charge b1 5,4",
            "pass",
            // The charge is heard (3 K moved: 6 K): b1, its back to a1, may react.
            "pass",
            "a1 melee b1 w1",
            "a1 melee b1 w1",
        ],
        &[6, 9, 2, 5, 9, 2],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 6 r6",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "a1 CH IMP 5 r5",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).pos, sq(5, 4));
    assert_eq!(st.ch(1).wounds, 3 + 2, "DAÑ 2 + 1 charging, then DAÑ 2");
    assert_eq!(spent(&log), [2, 2, 2]);
}

#[test]
fn contracarga_reaction_gives_def_plus_one_against_the_charger() {
    let a = [C::std(5, 1).weapon(sword())];
    let b = [C::new(race(6, 5, 4, 4), 5, 5)
        .prot(prot(1, 1, 4, 3, &[]))
        .facing("N")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(
        &mut st,
        &[
            "a1 charge b1 5,4",
            "b1 react",
            "b1 countercharge",
            "pass", // the early window closes: the charge resolves
            "pass", // b1 is in bullet time: a window after the charge
            "a1 melee b1 w1",
            "pass",
            "pass",
        ],
        &[3, 4, 2, 3],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r3",
            "a1 CH IMP 6 r4",
            "b1 CH DEF 2 r2", // DEF 1 + 1
            "b1 CH PSI 4 r3"
        ]
    );
    assert_eq!(st.ch(1).wounds, 3 - 1, "passed: DAÑ 3 − DEF 1");
    assert_eq!(st.ch(1).ene, 8 - 3, "Contracarga costs 3");
}

/// a1 attacks b1, which faces it (and so may react).
fn facing_fight(a: C, b: C) -> State {
    let a = a.set("at", [5, 5]);
    let b = b.set("at", [5, 6]).facing("N");
    position(&open(11, 12), &[a], &[b], 0)
}

#[test]
fn esquivar_turns_the_hit_check_into_an_opposed_agi_check() {
    let acts = ["a1 melee b1 w1", "b1 react", "b1 dodge", "pass"];
    // The dodger passes with the lower die (its CH AGI has the early −1).
    let mut st = facing_fight(fighter(), C::std(0, 0));
    let log = play(&mut st, &acts, &[2, 3, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r2",
            "a1 CH AGI ENF (dodged) 5 r3",
            "b1 CH AGI ENF (dodge) 4 r2"
        ]
    );
    assert!(statuses(&st, &log).contains(&"b1 dodges".to_string()));
    assert_eq!((st.ch(1).wounds, st.ch(1).ene), (0, 5));
    // The attacker wins: a normal hit.
    let mut st = facing_fight(fighter(), C::std(0, 0));
    let log = play(&mut st, &acts, &[2, 2, 3, 7, 3]);
    assert_eq!(checks(&st, &log)[3..], ["b1 CH DEF 0 r7", "b1 CH PSI 4 r3"]);
    assert_eq!(st.ch(1).wounds, 2);
    // Dodger's critical: DAÑ 1 against the attacker (which makes its CH DEF).
    let mut st = facing_fight(fighter(), C::std(0, 0));
    let log = play(&mut st, &acts, &[2, 4, 1, 6, 3]);
    assert_eq!(checks(&st, &log)[3..], ["a1 CH DEF 0 r6", "a1 CH PSI 4 r3"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    // Dodger's fumble: the attack has DAÑ + 1.
    let mut st = facing_fight(fighter(), C::std(0, 0));
    play(&mut st, &acts, &[2, 4, 10, 7, 3]);
    assert_eq!(st.ch(1).wounds, 3);
}

#[test]
fn empujar_distance_direction_and_critical() {
    let pusher = || C::new(race(6, 5, 4, 4), 0, 0);
    // CON 6 − CON 4 = 2 K straight away from the pusher.
    let mut st = in_contact(pusher(), C::std(0, 0));
    let log = play(&mut st, &["a1 push b1"], &[3, 4, 5]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "a1 CH ENF 6 r4", "b1 CH ENF 4 r5"]
    );
    assert_eq!(st.ch(1).pos, sq(5, 8));
    assert_eq!(st.ch(1).stance, Stance::Standing);
    assert_eq!(spent(&log), [1]);
    // Critical CH CON: knocked prone.
    let mut st = in_contact(pusher(), C::std(0, 0));
    play(&mut st, &["a1 push b1"], &[3, 1, 2]);
    assert_eq!((st.ch(1).pos, st.ch(1).stance), (sq(5, 8), Stance::Prone));
    // The defender wins: nothing moves.
    let mut st = in_contact(pusher(), C::std(0, 0));
    play(&mut st, &["a1 push b1"], &[3, 4, 3]);
    assert_eq!(st.ch(1).pos, sq(5, 6));
    // Equal CON: the minimum 1 K.
    let mut st = in_contact(C::std(0, 0), C::std(0, 0));
    play(&mut st, &["a1 push b1"], &[3, 2, 5]);
    assert_eq!(st.ch(1).pos, sq(5, 7));
    // Stops before a wall.
    let mut board = open(11, 12);
    board[8] = ".....#.....".into();
    let a = pusher().set("at", [5, 5]);
    let b = C::std(5, 6).facing("S");
    let mut st = position(&board, &[a], &[b], 0);
    play(&mut st, &["a1 push b1"], &[3, 4, 5]);
    assert_eq!(st.ch(1).pos, sq(5, 7));
}

#[test]
fn empujar_not_against_twice_the_pushers_con_in_con_or_def() {
    let st = in_contact(C::std(0, 0), C::new(race(8, 5, 4, 4), 0, 0));
    assert!(!legal(&st, "a1 push b1"), "CON 8 = 2 × 4");
    let st = in_contact(C::std(0, 0), C::new(race(7, 5, 4, 4), 0, 0));
    assert!(legal(&st, "a1 push b1"));
    let st = in_contact(C::std(0, 0), C::std(0, 0).prot(prot(1, 8, 4, 5, &[])));
    assert!(!legal(&st, "a1 push b1"), "DEF 8 = 2 × 4");
    let st = in_contact(C::std(0, 0), C::std(0, 0).prot(prot(1, 7, 4, 5, &[])));
    assert!(legal(&st, "a1 push b1"));
}

#[test]
fn desarmar_drops_the_highest_dan_weapon() {
    let b = || C::std(0, 0).weapon(weapon(1, 1, 0, 2, &[])).weapon(sword());
    let mut st = in_contact(C::std(0, 0), b());
    let log = play(&mut st, &["a1 disarm b1"], &[2, 3, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r2", "a1 CH ENF 5 r3", "b1 CH ENF 5 r6"]
    );
    assert_eq!(st.ch(1).dropped, 0b10, "the DAÑ 2 sword falls");
    assert!(st.weapon_usable(1, 0) && !st.weapon_usable(1, 1));
    assert_eq!(spent(&log), [3]);
    // The defender passes with the lower die: it keeps its weapons.
    let mut st = in_contact(C::std(0, 0), b());
    play(&mut st, &["a1 disarm b1"], &[2, 3, 2]);
    assert_eq!(st.ch(1).dropped, 0);
}

#[test]
fn noquear_knocks_out_a_casualty() {
    let mut st = in_contact(C::std(0, 0), C::std(0, 0));
    let log = play(&mut st, &["a1 knockout b1"], &[3, 2, 5]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "a1 CH ENF 4 r2", "b1 CH ENF 4 r5"]
    );
    assert!(st.ch(1).has(KNOCKED_OUT) && st.casualty(1));
    assert!(!st.engaged(0), "a casualty no longer engages");
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn inmovilizar_and_liberarse() {
    let mut st = in_contact(C::std(0, 0), C::std(0, 0));
    play(&mut st, &["a1 immobilise b1"], &[3, 2, 6]);
    assert!(st.ch(1).has(IMMOBILISED));
    assert_eq!(st.ch(1).held_by, 0);
    // The victim acting: only Liberarse or end.
    let a = [C::std(5, 5)];
    let b = [C::std(5, 6)
        .status("immobilised")
        .set("held_by", "a1")
        .facing("N")];
    let mut st = position(&open(11, 12), &a, &b, 1);
    let acts = all_legal(&st);
    assert!(
        acts.iter()
            .all(|s| s.starts_with("b1 end") || s.starts_with("b1 free")),
        "{acts:?}"
    );
    assert!(acts.contains(&"b1 free".to_string()));
    let log = play(&mut st, &["b1 free"], &[2, 5]);
    assert_eq!(checks(&st, &log), ["b1 CH ENF 4 r2", "a1 CH ENF 4 r5"]);
    assert!(!st.ch(1).has(IMMOBILISED));
    assert_eq!(spent(&log), [3]);
}

#[test]
fn inmovilizar_ends_when_the_immobiliser_activates() {
    let a = [C::std(5, 5)];
    let b = [C::std(5, 6)
        .status("immobilised")
        .set("held_by", "a1")
        .facing("S")];
    let mut v = setup_json(&open(11, 12), &a, &b, 0, 4);
    v["game"]["decision"] = serde_json::json!({"kind": "activate", "side": "A"});
    let mut st = load(&v);
    play(&mut st, &["activate a1"], &[]);
    assert!(!st.ch(1).has(IMMOBILISED));
}

#[test]
fn ataque_sorpresa_after_a_silent_approach_from_behind() {
    let a = [C::std(5, 3).weapon(sword())];
    let b = [C::std(5, 5).prot(prot(1, 2, 4, 4, &[])).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    assert!(
        dests(&st, 0, "sneak").contains(&sq(5, 4)),
        "sneaking into contact at the defender's back"
    );
    assert!(!dests(&st, 0, "move").contains(&sq(5, 4)));
    let log = play(
        &mut st,
        &["a1 sneak 5,4", "a1 surprise b1", "a1 melee b1 w1"],
        &[5, 3],
    );
    // No CH IMP: it hits automatically; CH DEF 2 − 2.
    assert_eq!(checks(&st, &log), ["b1 CH DEF 0 r5", "b1 CH PSI 4 r3"]);
    assert!(statuses(&st, &log).contains(&"a1 hits by surprise".to_string()));
    assert_eq!(st.ch(1).wounds, 2);
    assert_eq!(spent(&log), [2, 0, 2]);
    assert!(
        !legal(&st, "a1 surprise b1"),
        "one surprise per silent approach"
    );
}

#[test]
fn ataque_sorpresa_def_minus_two_is_subtracted_from_the_damage_too() {
    // «DEF-2 en la siguiente acción de combate CaC», like Munición perforante's «DEF -2»: the
    // DEF 4 of b1's armour counts as 2 for the check and for a passed CH DEF.
    let a = [C::new(race(5, 5, 4, 4), 5, 3).weapon(weapon(4, 4, 0, 5, &[]))];
    let b = [C::std(5, 5).prot(prot(1, 4, 4, 5, &[])).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(
        &mut st,
        &["a1 sneak 5,4", "a1 surprise b1", "a1 melee b1 w1"],
        &[2, 3],
    );
    // DAÑ 4 + CON 5 − 4 = 5; CH DEF 2 ≤ 4 − 2 passes: 5 − 2 = 3 wounds (not 5 − 4).
    assert_eq!(checks(&st, &log), ["b1 CH DEF 2 r2", "b1 CH PSI 4 r3"]);
    assert_eq!(st.ch(1).wounds, 3);
    assert_eq!(spent(&log), [2, 0, 4]);
}

#[test]
fn ataque_sorpresa_needs_the_back_and_to_follow_the_sneak() {
    // Facing the sneaker: it cannot end in contact.
    let a = [C::std(5, 3).weapon(sword())];
    let b = [C::std(5, 5).facing("N")];
    let st = position(&open(11, 10), &a, &b, 0);
    assert!(!dests(&st, 0, "sneak").contains(&sq(5, 4)));
    // Another action between the approach and the surprise loses it.
    let b = [C::std(5, 5).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    play(&mut st, &["a1 sneak 5,4", "a1 crouch"], &[]);
    assert!(!legal(&st, "a1 surprise b1"));
}

// ----- CH DEF, criticals and fumbles -----

#[test]
fn ch_def_is_the_sum_of_usable_protections_after_wear() {
    // DEF 2 (CAL 5) + DEF 3 (CAL 4); wear: weapons first, then protections.
    for (wear, t) in [
        ([0, 0], 5),
        ([1, 0], 4),
        ([3, 0], 4), // DEF 2 − 3 → minimum 1
        ([5, 0], 3), // wounds = CAL: unusable
        ([0, 4], 2),
    ] {
        let b = C::std(0, 0)
            .prot(prot(1, 2, 4, 5, &[]))
            .prot(prot(1, 3, 0, 4, &[]))
            .set("wear", wear.to_vec());
        let mut st = at_range(shooter(), b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
        assert_eq!(
            checks(&st, &log)[1],
            format!("b1 CH DEF {t} r9"),
            "{wear:?}"
        );
    }
}

#[test]
fn critical_def_in_melee_hits_back_with_dan_one() {
    let a = fighter().prot(prot(1, 1, 4, 3, &[]));
    let mut st = in_contact(a, C::std(0, 0).prot(prot(1, 2, 4, 4, &[])));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 1, 4, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 2 r1",
            "a1 CH DEF 1 r4",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    // At range a critical CH DEF only stops the damage.
    let b = C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    let mut st = at_range(shooter(), b, 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 1]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 2 r1"]);
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (0, 0));
}

#[test]
fn fumbled_def_adds_one_dan_and_wears_the_first_usable_protection() {
    // The first protection is already unusable (wear 2 = CAL 2): the second wears.
    let b = C::new(race(5, 5, 4, 4), 0, 0)
        .prot(prot(1, 1, 4, 2, &[]))
        .prot(prot(1, 2, 0, 4, &[]))
        .set("wear", vec![2, 0]);
    let mut st = in_contact(fighter(), b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 10, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r10", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 3, "DAÑ 2 + 1");
    assert_eq!(st.ch(1).wear[..2], [2, 1]);
}

#[test]
fn fumbled_imp_hits_the_attacker_and_wears_the_weapon() {
    let a = fighter().prot(prot(1, 1, 4, 3, &[]));
    let mut st = in_contact(a, C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[10, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r10", "a1 CH DEF 1 r5", "a1 CH PSI 4 r2"]
    );
    assert_eq!((st.ch(0).wounds, st.ch(1).wounds), (1, 0));
    assert_eq!(st.ch(0).wear[0], 1);
    assert_eq!(st.weapon_dmg(0, 0), 1, "DAÑ 2 − 1 wound");
}

// ----- Cobertura -----

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
fn cover_over_half_gives_def_plus_two() {
    let a = || C::std(0, 0).weapon(weapon(2, 3, 10, 3, &[]));
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 4 r4", "b1 CH PSI 4 r2"]
    );
    assert_eq!(
        st.ch(1).wounds,
        1,
        "passed: DAÑ 3 − DEF 2 (cover is not DEF)"
    );
    // A critical CH IMP ignores cover and has DAÑ + 1.
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r1", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2, "DAÑ 4 − DEF 2");
    // An obstacle within 1 K of the attacker gives no cover.
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    let mut st = position(
        &board,
        &[a().set("at", [4, 5])],
        &[b().set("at", [4, 8]).facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4, 2]);
    assert_eq!(checks(&st, &log)[1], "b1 CH DEF 2 r4");
}

#[test]
fn cover_hundred_percent_rolls_the_cover_def_first() {
    let a = || C::std(0, 0).weapon(weapon(2, 3, 10, 3, &[]));
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[])).stance("crouched");
    // The cover's CH DEF (board cover_def 5) passes: the attack stops.
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 4]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 4 r3", "b1 CH DEF cover 5 r4"],
        "crouched beyond 3 K: CH IMP −1"
    );
    assert_eq!(st.ch(1).wounds, 0);
    // It fails: the normal CH DEF + 2.
    let mut st = behind_cover(a(), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 6, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 4 r3",
            "b1 CH DEF cover 5 r6",
            "b1 CH DEF 4 r5",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 3);
    // Prone behind cover: the same (CH IMP −2); no flee window for a prone target.
    let mut st = behind_cover(a(), b().stance("prone"));
    let log = play(&mut st, &["a1 shoot b1 w1"], &[3, 4]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 3 r3", "b1 CH DEF cover 5 r4"]
    );
}

// ----- Heridas y desgaste -----

#[test]
fn worn_weapons_lose_dan_and_are_unusable_at_cal() {
    let a = C::std(0, 0)
        .weapon(weapon(2, 3, 10, 3, &[]))
        .set("wear", vec![1]);
    let mut st = at_range(a, C::std(0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2, "DAÑ 3 − 1 wound");
    let a = C::std(0, 0)
        .weapon(weapon(2, 3, 10, 3, &[]))
        .set("wear", vec![3]);
    let st = at_range(a, C::std(0, 0), 5);
    assert!(!legal(&st, "a1 shoot b1 w1"), "wounds = CAL: unusable");
}

#[test]
fn incapacitated_at_con_dead_above_and_removed() {
    // 2 + 2 wounds = CON 4: incapacitated, no CH PSI.
    let mut st = in_contact(fighter(), C::std(0, 0).set("wounds", 2));
    assert!(dests(&st, 0, "move").is_empty(), "engaged");
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert!(statuses(&st, &log).contains(&"b1 is incapacitated".to_string()));
    assert!(st.incapacitated(1) && !st.dead(1) && st.casualty(1));
    assert!(!st.engaged(0));
    let d = dests(&st, 0, "move");
    assert!(
        d.contains(&sq(4, 6)) && d.contains(&sq(6, 6)),
        "a casualty no longer holds the squares around it: {d:?}"
    );
    assert!(
        d.contains(&sq(5, 6)),
        "nor its own square: it is off the table"
    );
    // DAÑ 3 on 2 wounds: 5 > CON 4, dead.
    let a = C::new(race(5, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a, C::std(0, 0).set("wounds", 2));
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert!(statuses(&st, &log).contains(&"b1 is dead".to_string()));
    assert!(st.dead(1));
    assert_eq!(st.ch(1).wounds, 5);
}

// ----- MODIFICADORES: sobrecarga, TAL vs CON -----

#[test]
fn sobrecarga_and_tal_against_con_reach_the_hit_check() {
    let one = |a: C| {
        let mut st = at_range(a, C::std(0, 0), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        checks(&st, &log)
    };
    // DEF 5 over CON 4: −1; with a wound, CON − heridas = 3: −2.
    let heavy = || shooter().prot(prot(1, 5, 4, 5, &[]));
    assert_eq!(one(heavy()), ["a1 CH IMP 4 r9"]);
    assert_eq!(one(heavy().set("wounds", 1)), ["a1 CH IMP 3 r9"]);
    // TAL 6 on CON 4: CH AGI −2.
    assert_eq!(
        one(shooter().prot(prot(1, 1, 6, 3, &[]))),
        ["a1 CH IMP 3 r9"]
    );
    // TAL 0 (a shield) and TAL = CON: nothing.
    assert_eq!(
        one(shooter()
            .prot(prot(1, 1, 0, 3, &[]))
            .prot(prot(1, 1, 4, 3, &[]))),
        ["a1 CH IMP 5 r9"]
    );
}

// ----- Traits (BONUS Y MALUS) used by the shipped catalogue -----

#[test]
fn trait_profesion_arquero_only_at_range() {
    let a = || C::new(race_t(4, 5, 4, 4, &["Profesión arquero"]), 0, 0).weapon(bow());
    let mut st = at_range(a(), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
    let mut st = in_contact(a().weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w2"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

#[test]
fn trait_afilada_dan_plus_one_in_melee_only() {
    let sharp = || weapon(2, 2, 0, 4, &["Afilada"]);
    let mut st = in_contact(C::std(0, 0).weapon(sharp()), C::std(0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 3);
    let a = C::std(0, 0).weapon(weapon(2, 2, 10, 3, &["Afilada"]));
    let mut st = at_range(a, C::std(0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn trait_rabia_imp_and_dan_plus_one_def_minus_one_in_melee() {
    let rage = || race_t(4, 5, 4, 4, &["Rabia"]);
    let mut st = in_contact(C::new(rage(), 0, 0).weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &["a1 melee b1 w1"], &[6, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 6 r6");
    assert_eq!(st.ch(1).wounds, 3);
    let mut st = at_range(C::new(rage(), 0, 0).weapon(bow()), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[5, 9, 2]);
    assert_eq!(checks(&st, &log)[0], "a1 CH IMP 5 r5");
    assert_eq!(st.ch(1).wounds, 2);
    // Its DEF in melee is 1 lower, for the check and for the subtraction: DEF 3 − 1 = 2,
    // passed against DAÑ 4 (CON 6 + sword): 4 − 2 = 2 wounds.
    let b = || C::new(rage(), 0, 0).prot(prot(1, 3, 4, 4, &[]));
    let a6 = C::new(race(6, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a6, b());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    // At range its DEF is whole.
    let mut st = at_range(shooter(), b(), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 3]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 3 r3"]);
    assert_eq!(st.ch(1).wounds, 0);
}

#[test]
fn trait_gran_bestia_only_wounded_by_dan_above_half_con() {
    // CON 6: only DAÑ 4 or more wounds it.
    let beast = || C::new(race_t(6, 5, 1, 3, &["Gran bestia"]), 0, 0);
    // DAÑ 3 (CON 5 + sword): failed CH DEF, no wounds, no CH PSI.
    let a5 = C::new(race(5, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a5, beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(st.ch(1).wounds, 0);
    // DAÑ 4 (CON 6 + sword): 4 wounds.
    let a6 = || C::new(race(6, 5, 4, 4), 0, 0).weapon(sword());
    let mut st = in_contact(a6(), beast());
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 2]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 3 r2");
    assert_eq!(st.ch(1).wounds, 4);
    // DAÑ 4 against DEF 2, passed: 2 wounds — the DAÑ, not the wounds, is compared.
    let mut st = in_contact(a6(), beast().prot(prot(1, 2, 6, 4, &[])));
    play(&mut st, &["a1 melee b1 w1"], &[3, 2, 2]);
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn trait_entrenado_para_vivir_rerolls_a_fumbled_def() {
    for b in [
        C::new(race_t(4, 5, 4, 4, &["Entrenado para vivir"]), 0, 0).prot(prot(1, 2, 4, 4, &[])),
        C::std(0, 0)
            .prot(prot(1, 1, 4, 4, &[]))
            .prot(prot(1, 1, 0, 3, &["Entrenado para vivir"])),
    ] {
        // 10, re-rolled: 2 passes (the log keeps the last die).
        let mut st = at_range(shooter(), b.clone(), 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 10, 2]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 2 r2"]);
        assert_eq!(st.ch(1).wounds, 0);
        // A plain failure is not re-rolled.
        let mut st = at_range(shooter(), b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 8, 2]);
        assert_eq!(checks(&st, &log)[1], "b1 CH DEF 2 r8");
        assert_eq!(st.ch(1).wounds, 2);
    }
}

#[test]
fn trait_estandarte_aura_plus_one_ch_vol_to_allies_within_ten() {
    // b1 is shot and checks PSI; b2 carries the standard (race trait or the Bandera object).
    let banner_race = |x: u8, y: u8| C::new(race_t(4, 5, 4, 5, &["Estandarte"]), x, y);
    let bandera = serde_json::json!({"name": "Bandera", "ene": 1, "range": 0, "quality": 3, "traits": ["Estandarte"]});
    for (b2, t) in [
        (banner_race(5, 15), 5),                    // 10 K: +1
        (banner_race(5, 16), 4),                    // 11 K
        (C::std(5, 15).object(bandera.clone()), 5), // the object
        (C::std(5, 16).object(bandera.clone()), 4),
    ] {
        let a = [shooter().set("at", [5, 1])];
        let b = [C::std(5, 5).facing("S"), b2.facing("S")];
        let mut st = position(&open(11, 18), &a, &b, 0);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 9]);
        assert_eq!(checks(&st, &log)[2], format!("b1 CH PSI {t} r9"));
    }
    // The bearer itself gets nothing.
    let a = [shooter().set("at", [5, 1])];
    let b = [banner_race(5, 5).facing("S")];
    let mut st = position(&open(11, 8), &a, &b, 0);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 9]);
    assert_eq!(checks(&st, &log)[2], "b1 CH PSI 5 r9", "its own VOL 5");
}

#[test]
fn trait_super_vista_cdv_plus_five() {
    // VOL 3: CdV 15, with Súper vista 20; a DAÑ 4 ALC 20 weapon at 18 K.
    let gun = || weapon(4, 4, 20, 5, &[]);
    let st = at_range(
        C::new(race(4, 5, 4, 3), 0, 0).weapon(gun()),
        C::std(0, 0),
        18,
    );
    assert!(!legal(&st, "a1 shoot b1 w1"));
    assert!(legal(&st, "a1 shoot-wide b1 w1"));
    let a = C::new(race_t(4, 5, 4, 3, &["Súper vista"]), 0, 0).weapon(gun());
    let mut st = at_range(a, C::std(0, 0), 18);
    assert!(!legal(&st, "a1 shoot-wide b1 w1"));
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 4 r9"]);
    assert_eq!(st.view_range(0), 20);
}

#[test]
fn trait_arma_de_francotirador_critical_on_two() {
    let rifle = |t: &[&str]| C::std(0, 0).weapon(weapon(4, 4, 20, 5, t));
    let b = || C::std(0, 0).prot(prot(1, 2, 4, 4, &[]));
    // 2 is a critical: DAÑ 5 and no cover; passed CH DEF 2: 3 wounds.
    let mut st = behind_cover(rifle(&["Arma de francotirador"]), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[2, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r2", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 3);
    // Without the trait a 2 is a plain hit: cover counts, DAÑ 4 − DEF 2.
    let mut st = behind_cover(rifle(&[]), b());
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[2, 2, 2]);
    assert_eq!(checks(&st, &log)[1], "b1 CH DEF 4 r2");
    assert_eq!(st.ch(1).wounds, 2);
}

#[test]
fn trait_contracarga_negates_the_charge_bonus() {
    // On the race, or on a carried weapon (the shipped Lanza).
    let lanza = weapon(2, 2, 0, 3, &["Contracarga"]);
    for b in [
        C::new(race_t(6, 5, 4, 4, &["Contracarga"]), 5, 5),
        C::new(race(6, 5, 4, 4), 5, 5).weapon(lanza),
    ] {
        let a = [C::std(5, 1).weapon(sword())];
        let mut st = position(&open(11, 10), &a, &[b.facing("S")], 0);
        let log = play(
            &mut st,
            &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
            &[5, 9, 2],
        );
        assert_eq!(
            checks(&st, &log),
            ["a1 CH IMP 5 r5", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
        );
        assert_eq!(st.ch(1).wounds, 2, "no DAÑ + 1");
    }
}

#[test]
fn trait_caballeria_charge_dan_plus_two() {
    let horse = serde_json::json!([{"name": "Caballo", "ene": 1, "mov": 3, "def": 1, "quality": 3, "traits": ["Caballería"]}]);
    let a = [C::std(5, 1).weapon(sword()).set("transports", horse)];
    let b = [C::new(race(6, 5, 4, 4), 5, 5).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    play(
        &mut st,
        &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
        &[6, 9, 2],
    );
    assert_eq!(st.ch(1).wounds, 4, "DAÑ 2 + 2 charging");
}

#[test]
fn trait_matarife_and_dano_extra_on_a_critical() {
    // Matarife: a melee critical gives DAÑ + 2 instead of + 1.
    let claws = C::std(0, 0).weapon(weapon(2, 2, 0, 5, &["Matarife"]));
    let mut st = in_contact(claws, C::new(race(6, 5, 4, 4), 0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[1, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4);
    // Without a critical: nothing.
    let claws = C::std(0, 0).weapon(weapon(2, 2, 0, 5, &["Matarife"]));
    let mut st = in_contact(claws, C::new(race(6, 5, 4, 4), 0, 0));
    play(&mut st, &["a1 melee b1 w1"], &[2, 9, 2]);
    assert_eq!(st.ch(1).wounds, 2);
    // Daño extra: DAÑ + 1 more on a critical CH IMP.
    let gun = C::std(0, 0).weapon(weapon(2, 2, 10, 3, &["Daño extra"]));
    let mut st = at_range(gun, C::new(race(6, 5, 4, 4), 0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2]);
    assert_eq!(st.ch(1).wounds, 4);
}

#[test]
fn trait_municion_perforante_bano_de_acero_absorcion() {
    let shoot = |a: C, b: C, dice: &[u8]| {
        let mut st = at_range(a, b, 5);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
        (checks(&st, &log), st.ch(1).wounds)
    };
    // Munición perforante: the target's DEF − 2 (check and subtraction).
    let xbow = || C::std(0, 0).weapon(weapon(3, 3, 12, 4, &["Munición perforante"]));
    let (c, w) = shoot(xbow(), C::std(0, 0).prot(prot(1, 3, 4, 4, &[])), &[3, 1]);
    assert_eq!(c[1], "b1 CH DEF 1 r1");
    assert_eq!(w, 0);
    let (c, w) = shoot(xbow(), C::std(0, 0).prot(prot(1, 3, 4, 4, &[])), &[3, 7, 2]);
    assert_eq!(c[1], "b1 CH DEF 1 r7");
    assert_eq!(w, 3);
    // Baño de acero: DEF + 1.
    let plate = C::std(0, 0).prot(prot(3, 4, 4, 5, &["Baño de acero"]));
    let (c, _) = shoot(shooter(), plate, &[3, 9, 2]);
    assert_eq!(c[1], "b1 CH DEF 5 r9");
    // Absorción de impacto: the attacker's DAÑ − 1.
    let vest = C::std(0, 0).prot(prot(1, 2, 4, 3, &["Absorción de impacto"]));
    let (c, w) = shoot(
        C::std(0, 0).weapon(weapon(3, 3, 15, 5, &[])),
        vest,
        &[3, 9, 2],
    );
    assert_eq!(c[1], "b1 CH DEF 2 r9");
    assert_eq!(w, 2);
}

#[test]
fn trait_arma_pesada_needs_more_con_than_dan() {
    let greatsword = || weapon(4, 4, 0, 5, &["A 2 manos", "Arma pesada"]);
    let st = in_contact(C::std(0, 0).weapon(greatsword()), C::std(0, 0));
    assert!(!legal(&st, "a1 melee b1 w1"), "CON 4 = DAÑ 4");
    let st = in_contact(
        C::new(race(5, 5, 4, 4), 0, 0).weapon(greatsword()),
        C::std(0, 0),
    );
    assert!(legal(&st, "a1 melee b1 w1"));
}
