//! A character whose bonuses are stopped — Munición desestabilizadora («anulará sus bonus hasta
//! su siguiente actuación»), Saikikku («un bonus deja de funcionarles») — gives none of its
//! auras to others: an aura is one of its bonuses (RULES.md, "Audit 30c"; audit 29c left it
//! open). Both ways of reading an aura: a check's (`for_auras`) and the largest of the allies'
//! (`ally_aura_max`).

use super::*;
use engine::State;

/// A1 shoots B1 5 K away with a gun; A2 (`ally`, already acted) 2 K beside A1; B2 far away.
fn shot_beside(ally: C, dice: &[u8]) -> Vec<String> {
    let mut st = position(
        &open(11, 16),
        &[
            C::std(5, 1).facing("S").weapon(gun(2, &[])),
            ally.set("at", [3, 1]).status("acted"),
        ],
        &[
            C::std(5, 6).facing("S"),
            C::std(0, 15).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    checks(&st, &log)
}

#[test]
fn audit_a_stopped_grito_de_fuego_gives_no_ch_imp() {
    // Grito de fuego («Ali. a 5K, CH IMP +1 en combate a distancia»): 6; its holder's bonuses
    // stopped, 5 (it still gave + 1).
    assert_eq!(
        shot_beside(with(&["Grito de fuego"]), &[7]),
        ["a1 CH IMP 6 r7"]
    );
    let stopped = with(&["Grito de fuego"]).status("suppressed");
    assert_eq!(shot_beside(stopped, &[7]), ["a1 CH IMP 5 r7"]);
}

#[test]
fn audit_a_stopped_grito_berserker_lengthens_no_charge() {
    // As `traits::share_b::berserker_…`: MOV 1, B1 7 K away is reached only with + 2.
    let charge = |ally: C| {
        let st: State = position(
            &open(11, 12),
            &[
                C::std(5, 1).facing("S"),
                ally.set("at", [1, 1]).status("acted"),
            ],
            &[C::std(5, 8).facing("S")],
            0,
        );
        all_legal(&st).iter().any(|a| a.starts_with("a1 charge b1"))
    };
    assert!(charge(with(&["Grito berserker"])));
    assert!(!charge(with(&["Grito berserker"]).status("suppressed")));
    assert!(!charge(C::std(0, 0)));
}
