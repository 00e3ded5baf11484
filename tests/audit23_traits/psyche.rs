//! Psychology traits clause by clause: Pusilánime («ATR/2 sin un aliado a 10 K con bonus
//! líder, aura de obstinación o presencia de honor»).

use super::*;

#[test]
fn audit_pusilanime_a_leader_counts_at_ten_k_not_eleven_each_of_the_three() {
    // a1 (AGI 5, Pusilánime) shoots: CH IMP 5 with a leader 10 K away, 5 / 2 = 3 at 11 K —
    // for each of Líder («bonus líder»), Aura de obstinación and Presencia de honor; an ally
    // with another aura (Presencia de fuerza) is no leader.
    for (t, x, imp) in [
        ("Líder", 11, 5),
        ("Líder", 12, 3),
        ("Aura de obstinación", 11, 5),
        ("Aura de obstinación", 12, 3),
        ("Presencia de honor", 11, 5),
        ("Presencia de honor", 12, 3),
        ("Presencia de fuerza", 11, 3),
    ] {
        let mut st = position(
            &open(16, 12),
            &[
                with(&["Pusilánime"])
                    .set("at", [1, 1])
                    .facing("S")
                    .weapon(gun(2, &[])),
                with(&[t]).set("at", [x, 1]).status("acted"),
            ],
            &[C::std(1, 6).facing("S"), C::std(15, 11).status("acted")],
            0,
        );
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
        assert_eq!(
            checks(&st, &log),
            [format!("a1 CH IMP {imp} r8")],
            "{t} at {x}"
        );
    }
}
