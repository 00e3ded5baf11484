//! Anulador de escudo («Esta arma no hace DAÑ, pero si impacta quita 1 nivel de escudo de
//! energía, sin CH DEF»): the level it takes is an energy shield's.

use super::*;

#[test]
fn audit_anulador_de_escudo_takes_no_level_of_escudo_coriaceo() {
    // Escudo coriáceo («Antes de sufrir heridas tiene que perder niveles de este bonus») is no
    // «escudo de energía»: the hit (r3) takes none of its 2 levels (b1's CH DEF 0 r9, no
    // wound: the weapon makes no DAÑ).
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &["Anulador de escudo"])),
        with(&["Escudo coriáceo (2)"]),
        5,
        &[3, 9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (0, 2));
    // The same hit on an energy shield takes its level (2 → 1).
    let (c, st) = shot_at(
        with(&[]).weapon(gun(2, &["Anulador de escudo"])),
        with(&["Escudo de energía (2)"]),
        5,
        &[3, 9],
    );
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!((st.ch(1).wounds, st.shield_left(1)), (0, 1));
}

#[test]
fn audit_anulador_de_escudo_in_melee_takes_a_level_of_an_energy_shield() {
    // «si impacta quita 1 nivel»: any hit, a melee one too, though the shield's own CH DEF 4 is
    // for ranged attacks only. a1's blade hits (r3); b1's CH DEF 0 r9: no wound; 2 → 1. An
    // advanced shield likewise.
    for t in ["Escudo de energía (2)", "Escudo de energía avanzado (2)"] {
        let mut st = contact(
            with(&[]).weapon(weapon(2, 2, 0, 4, &["Anulador de escudo"])),
            with(&[t]),
        );
        let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
        assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
        assert_eq!((st.ch(1).wounds, st.shield_left(1)), (0, 1));
    }
}
