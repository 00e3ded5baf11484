//! Humo («Crea esferas de humo de hasta 2 K. Ataques hacia o desde el humo CH IMP -1»): the
//! smoke lasts until the start of its maker's next activation (RULES.md, share C). Audit 30b
//! (fix): a maker that fell before that activation kept its smoke for the rest of the game.

use super::*;
use engine::State;

/// a1 (Humo, 3 wounds: one more hit kills it) on (5, 5), a2 on (5, 6) (already acted), both
/// facing N; b1 (a gun DAÑ 2) on (5, 14) facing N, to act in phase 4.
fn smoke_then_fall() -> State {
    position(
        &open(11, 16),
        &[
            with(&["Humo"])
                .set("at", [5, 5])
                .set("wounds", 3)
                .facing("N"),
            C::std(5, 6).status("acted").facing("N"),
        ],
        &[C::std(5, 14)
            .weapon(gun(2, &[]))
            .facing("N")
            .set("status", serde_json::json!([]))],
        0,
    )
}

#[test]
fn audit_humo_a_fallen_makers_smoke_clears_when_the_turn_ends() {
    let mut st = smoke_then_fall();
    // Turn 1: a1 lays its smoke and ends; b1 shoots it from 9 K: CH IMP 5 − 1 (into the smoke)
    // = 4, r3 hits, 2 wounds: a1 is dead. Its smoke stays this turn: b1's shot at a2 (1 K from
    // its centre) is CH IMP 4 too.
    let log = play(
        &mut st,
        &[
            "a1 smoke",
            "pass",
            "a1 end facing N",
            "activate b1",
            "b1 shoot a1 w1",
            "pass",
            "b1 shoot a2 w1",
            "pass",
            "b1 end facing N",
        ],
        &[3, 9, 4, 9, 2],
    );
    assert!(st.dead(0));
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH IMP 4 r3",
            "a1 CH DEF 0 r9",
            "b1 CH IMP 4 r4",
            "a2 CH DEF 0 r9",
            "a2 CH PSI 4 r2"
        ]
    );
    // Turn 2 (b1 wins the initiative): a1 has no activation to clear it at, and its smoke is
    // gone — b1's shot at a2 is CH IMP 5 (it stood at 4 for the rest of the game).
    let log = play(
        &mut st,
        &[
            "init a2",
            "init b1",
            "activate b1",
            "b1 shoot a2 w1",
            "pass",
        ],
        &[1, 9, 5, 9],
    );
    assert_eq!(st.turn(), 2);
    assert_eq!(checks(&st, &log)[0], "b1 CH IMP 5 r5");
}
