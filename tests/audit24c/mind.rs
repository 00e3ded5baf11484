//! Maná («Otorga cada principio de turno tanta ENE como N para usar metahabilidades»),
//! Manipulador («… CH IMP-1 a quien le ataque a distancia, si tiene más VOL»), Mimético
//! («Este personaje y el enemigo que le ataque tienen CH IMP -3»).

use super::*;
use crate::traits::contact;

#[test]
fn audit_mana_is_not_for_a_weapon() {
    // «para usar metahabilidades»: a1 (Maná (2)) shoots its gun (ENE 2): its ENE 8 pays, the
    // pool stays 2.
    let mut st = range(with(&["Maná (2)"]).weapon(gun(2, &[])), C::std(0, 0), 5);
    assert_eq!(st.ch(0).mana, 2);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!((st.ch(0).ene, st.ch(0).mana), (6, 2));
}

#[test]
fn audit_mana_is_set_to_n_at_the_start_of_each_turn() {
    // «cada principio de turno»: a1 spent its pool (mana 0); the turn ends (every other
    // character has acted): turn 2 starts with 2 in it again.
    let mut st = range(
        with(&["Maná (2)"]).set("mana", 0),
        C::std(0, 0).status("acted"),
        5,
    );
    assert_eq!(st.ch(0).mana, 0);
    play(&mut st, &["a1 end facing S"], &[]);
    assert_eq!((st.turn(), st.ch(0).mana), (2, 2));
}

#[test]
fn audit_manipulador_not_against_a_melee_attack() {
    // «a quien le ataque a distancia»: b1 (VOL 6, Manipulador) attacked in melee by a1 (VOL 4):
    // no CH VOL ENF, the CH IMP is a1's 5.
    let b = C::new(race_t(9, 5, 4, 6, &["Titiritero", "Manipulador"]), 0, 0);
    let mut st = contact(with(&[]).weapon(sword()), b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r8"]);
}

#[test]
fn audit_mimetico_minus_three_in_melee_too() {
    // «el enemigo que le ataque tienen CH IMP -3»: a1 camouflaged, b1 in contact: a1's melee
    // CH IMP is 5 − 3 = 2.
    let mut st = contact(with(&["Mimético"]).weapon(sword()), tough(&[]));
    let log = play(&mut st, &["a1 camouflage", "a1 melee b1 w1"], &[8]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 2 r8"]);
}

#[test]
fn audit_meta_vision_anula_mimetico() {
    // «Anula invisible o mimético»: b1 (Meta visión) attacks the camouflaged a1 with no −3;
    // a1's own −3 stays. Checked on the CH IMP modifiers of each side at range.
    let mut st = range(with(&["Mimético"]), with(&["Meta visión"]), 5);
    play(&mut st, &["a1 camouflage"], &[]);
    let hit = |who, other| {
        st.trait_check_mod(
            who,
            engine::creation::effect::CheckKind::Hit,
            engine::creation::effect::Scope::Ranged,
            None,
            Some(other),
            true,
        )
    };
    assert_eq!((hit(0, 1), hit(1, 0)), (-3, 0));
}
