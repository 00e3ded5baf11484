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

mod defence;
mod melee;

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

// ----- Sin dientes -----

#[test]
fn sin_dientes_on_a_character_makes_no_critical() {
    // «No puede hacer críticos»: a 1 on its CH IMP is a plain pass — DAÑ 2, not 3.
    let a = C::new(race_t(4, 5, 4, 4, &["Sin dientes"]), 0, 0).weapon(bow());
    let mut st = at_range(a, C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r1", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
    // Without the trait the 1 is a critical: DAÑ 3.
    let mut st = at_range(shooter(), C::std(0, 0), 5);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2]);
    assert_eq!(st.ch(1).wounds, 3);
}
