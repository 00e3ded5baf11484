//! The auras of repeats no test named: Aura de acero («Aliados a 5K repiten CH CON»), Aura de
//! sabiduría («… CH INT»), Aura de talento («… CH AGI»).

use super::*;
use serde_json::json;

/// a1 (`a`) on (5, 1) facing S acts against b1 3 K south; a2 (`ally`, already acted) on
/// `ally_at`; b2 far away. Plays a1's `action` and returns the checks.
fn with_ally(a: C, ally: C, ally_at: [u8; 2], action: &str, dice: &[u8]) -> Vec<String> {
    let mut st = position(
        &open(11, 16),
        &[
            a.set("at", [5, 1]).facing("S"),
            ally.set("at", ally_at).status("acted"),
        ],
        &[
            tough(&[]).set("at", [5, 4]).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &[action, "pass"], dice);
    checks(&st, &log)
}

/// A meta-ability attack (ENE 2, ALC 3, CAL 4) of kind `kind`.
fn meta_of(kind: &str) -> serde_json::Value {
    json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": [kind]})
}

#[test]
fn audit_aura_de_talento_an_ally_within_5k_repeats_its_ch_agi_not_at_6k_nor_its_own() {
    // A physical weapon's CH IMP is a CH AGI (COMBATE): a1's miss (r9) is rolled again (r3)
    // with a2's aura 5 K away; 6 K away it stands; the holder's own miss stands too.
    let shoot = |a: C, at: [u8; 2], dice: &[u8]| {
        with_ally(
            a.weapon(gun(2, &[])),
            with(&["Aura de talento"]),
            at,
            "a1 shoot b1 w1",
            dice,
        )
    };
    assert_eq!(
        shoot(with(&[]), [0, 1], &[9, 3, 9, 2]),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(shoot(with(&[]), [5, 7], &[9]), ["a1 CH IMP 5 r9"]);
    let own = with(&["Aura de talento"]).weapon(gun(2, &[]));
    assert_eq!(
        with_ally(own, with(&[]), [0, 1], "a1 shoot b1 w1", &[9]),
        ["a1 CH IMP 5 r9"]
    );
}

#[test]
fn audit_aura_de_acero_an_ally_within_5k_repeats_its_ch_con() {
    // a1 (Metamorfo) attacks with a Mutación (CH CON meta 4): failed (r9), rolled again (r2),
    // then the CH VOL ENF (a1 r6 loses to b1 r2: nothing more). 6 K away: the r9 stands.
    let a = || with(&["Metamorfo"]).meta(meta_of("Mutación"));
    assert_eq!(
        with_ally(
            a(),
            with(&["Aura de acero"]),
            [0, 1],
            "a1 meta m1 b1",
            &[9, 2, 6, 2]
        ),
        ["a1 CH CON meta 4 r2", "a1 CH ENF 4 r6", "b1 CH ENF 4 r2"]
    );
    assert_eq!(
        with_ally(a(), with(&["Aura de acero"]), [5, 7], "a1 meta m1 b1", &[9]),
        ["a1 CH CON meta 4 r9"]
    );
}

#[test]
fn audit_aura_de_sabiduria_an_ally_within_5k_repeats_its_ch_int() {
    // a1 (Neuromante) attacks with an Invocación (CH INT meta 4): as above.
    let a = || with(&["Neuromante"]).meta(meta_of("Invocación"));
    assert_eq!(
        with_ally(
            a(),
            with(&["Aura de sabiduría"]),
            [0, 1],
            "a1 meta m1 b1",
            &[9, 2, 6, 2]
        ),
        ["a1 CH INT meta 4 r2", "a1 CH ENF 4 r6", "b1 CH ENF 4 r2"]
    );
    assert_eq!(
        with_ally(
            a(),
            with(&["Aura de sabiduría"]),
            [5, 7],
            "a1 meta m1 b1",
            &[9]
        ),
        ["a1 CH INT meta 4 r9"]
    );
}
