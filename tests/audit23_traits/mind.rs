//! Mental traits: Shin («[Neuromante] DAÑ+1 en Ataque psíquico / Hackear») in a Combate
//! mental, whose exchanges are the «ataques mentales» of METAHABILIDADES.

use super::*;

/// A neuromante with traits: CON 4, AGI 5, INT `int`, VOL 5.
fn neuro(int: u8, traits: &[&str]) -> C {
    let mut t = vec!["Neuromante"];
    t.extend_from_slice(traits);
    C::new(race_t(4, 5, int, 5, &t), 0, 0)
}

#[test]
fn audit_shin_adds_one_to_the_stress_of_a_mental_combat_exchange_won() {
    // a1 hacks b1 (CH INT 6 r7: missed); b1 answers with a Combate mental. b1 r2 beats a1 r4:
    // a1 takes «DAÑ = 1 punto de Estrés», + 1 with b1's Shin.
    for (t, s) in [(&[][..], 1), (&["Shin"][..], 2)] {
        let mut st = range(neuro(6, &[]), neuro(5, t), 4);
        play(
            &mut st,
            &["a1 hack b1", "pass", "b1 mental-combat a1"],
            &[7, 2, 4],
        );
        assert_eq!((st.ch(0).stress, st.ch(1).stress), (s, 0), "b1 {t:?}");
    }
    // a1's Shin when a1 wins (b1 r6, a1 r3): b1 takes 2.
    let mut st = range(neuro(6, &["Shin"]), neuro(5, &[]), 4);
    play(
        &mut st,
        &["a1 hack b1", "pass", "b1 mental-combat a1"],
        &[7, 6, 3],
    );
    assert_eq!((st.ch(0).stress, st.ch(1).stress), (0, 2));
}
