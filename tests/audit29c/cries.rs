//! The cries (Grito de veterano …): what an ally's extra attack may still do.

use super::*;
use engine::State;

/// a1 (`a`, with the weapon `w`) on (3, 1) facing S; a2 with Grito de veterano 2 K east
/// (acted); b1 (CON 9) 5 K south of a1; b2 far away, acted.
fn veteran(a: C, w: serde_json::Value, target: C) -> State {
    position(
        &open(11, 12),
        &[
            a.set("at", [3, 1]).facing("S").weapon(w),
            with(&["Grito de veterano"])
                .set("at", [5, 1])
                .status("acted"),
        ],
        &[
            target.set("at", [3, 6]).facing("S"),
            C::std(10, 11).status("acted"),
        ],
        0,
    )
}

#[test]
fn audit_grito_de_veterano_no_extra_shot_from_an_empty_magazine() {
    // «ganan ataque extra (ENE 0)»: free of ENE, not of rounds — a gun of Cargadores (1) whose
    // one round the critical shot spent has nothing to fire the extra shot with.
    let mut st = veteran(
        C::std(0, 0),
        gun(2, &["Cargadores (1)"]),
        C::new(race(9, 5, 4, 4), 0, 0),
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r1", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.weapon_ammo(0, 0), 0);
    // With two rounds the extra shot is fired and spends the second.
    let mut st = veteran(
        C::std(0, 0),
        gun(2, &["Cargadores (2)"]),
        C::new(race(9, 5, 4, 4), 0, 0),
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2, 8]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r1",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "a1 CH IMP 5 r8"
        ]
    );
    assert_eq!(st.weapon_ammo(0, 0), 0);
}

#[test]
fn audit_grito_de_veterano_no_extra_shot_with_a_spent_charge() {
    // Cargas (1) «Usable un número de veces»: the critical shot used it; the extra one would be
    // a second use.
    let mut st = veteran(
        C::std(0, 0),
        gun(2, &["Cargas (1)"]),
        C::new(race(9, 5, 4, 4), 0, 0),
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[1, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r1", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
}

/// a1 (sword: DAÑ 2 + CON 4 − 4 = 2) on (5, 1) charges b1 (CON 9) on (5, 5) and strikes it;
/// a2 (`ally` traits) on (7, 3), acted. Returns the checks and b1's wounds.
fn charge(ally: &[&str], dice: &[u8]) -> (Vec<String>, u8) {
    let a = [
        C::std(5, 1).weapon(sword()),
        with(ally).set("at", [7, 3]).status("acted"),
    ];
    let b = [C::new(race(9, 5, 4, 4), 5, 5).facing("S")];
    let mut st = position(&open(11, 10), &a, &b, 0);
    let log = play(
        &mut st,
        &["a1 charge b1 5,4", "pass", "pass", "a1 melee b1 w1"],
        dice,
    );
    (checks(&st, &log), st.ch(2).wounds)
}

#[test]
fn audit_grito_de_veterano_the_extra_attack_after_a_charge_has_no_charge_bonus() {
    // Cargar: «CH IMP +1 y DAÑ +1 en la siguiente acción de combate CaC». The critical
    // charge (CH IMP 6, DAÑ 2 + 1 + 1 critical = 4) spends it; the extra attack «(ENE 0)» is an
    // action of its own: CH IMP 5 (a 6 misses) and, hitting, DAÑ 2.
    let (c, w) = charge(&["Grito de veterano"], &[1, 9, 2, 6]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 6 r1",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "a1 CH IMP 5 r6"
        ]
    );
    assert_eq!(w, 4);
    let (c, w) = charge(&["Grito de veterano"], &[1, 9, 2, 5, 9, 2]);
    assert_eq!(c.len(), 6, "{c:?}");
    assert_eq!(w, 4 + 2);
    // Nor Grito de combate's «DAÑ+1 en 1er ataque cargando» on the extra attack: 4 + 1, then 2.
    let (_, w) = charge(
        &["Grito de veterano", "Grito de combate"],
        &[1, 9, 2, 5, 9, 2],
    );
    assert_eq!(w, 5 + 2);
}

/// a1 (`a`, gun DAÑ 2) on (3, 1) shoots b1 (CON 9) 5 K south; a2 (`ally` traits) 2 K east,
/// acted. Returns the checks.
fn cry_shot(a: C, ally: &[&str], dice: &[u8]) -> Vec<String> {
    let mut st = position(
        &open(11, 12),
        &[
            a.set("at", [3, 1]).facing("S").weapon(gun(2, &[])),
            with(ally).set("at", [5, 1]).status("acted"),
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
fn audit_grito_de_guerra_still_reaches_an_ally_whose_bonuses_are_stopped() {
    // Munición desestabilizadora / Saikikku stop «sus bonus» — the stopped character's own
    // (RULES.md, Saikikku). Grito de guerra («Aliados a 5K, repiten CH IMP») is a2's, as Grito
    // de fuego's «CH IMP +1» is: a1's failed r8 is re-rolled (r3) stopped or not (it was not,
    // stopped).
    // (The log shows the roll kept.)
    let reroll = ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"];
    for a in [C::std(0, 0), C::std(0, 0).status("suppressed")] {
        assert_eq!(cry_shot(a, &["Grito de guerra"], &[8, 3, 9, 2]), reroll);
    }
    let c = cry_shot(
        C::std(0, 0).status("suppressed"),
        &["Grito de fuego"],
        &[6, 9, 2],
    );
    assert_eq!(c[0], "a1 CH IMP 6 r6");
    // Its own re-roll (Élite combate: «Puede repetir CH AGI», the CH IMP a CH AGI) stops.
    let elite = || C::new(race_t(4, 5, 4, 4, &["Élite combate"]), 0, 0);
    assert_eq!(cry_shot(elite(), &[], &[8, 3, 9, 2]), reroll);
    let c = cry_shot(elite().status("suppressed"), &[], &[8]);
    assert_eq!(c, ["a1 CH IMP 5 r8"]);
}
