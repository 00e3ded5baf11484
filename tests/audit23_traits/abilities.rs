//! Actions traits give, clause by clause: Sed de energía («Puede robar ENE 3 a otro
//! personaje, a tantos K como VOL (ENE 1 y CH VOL). Puede oponerse con CH VOL ENF. No se puede
//! trabado en CaC.»).

use super::*;
use crate::traits::contact;

#[test]
fn audit_sed_de_energia_not_while_engaged_in_melee() {
    // «No se puede trabado en CaC»: in contact with b1, no theft from b1 nor from anyone.
    let st = contact(with(&["Sed de energía"]), C::std(0, 0));
    assert!(!all_legal(&st).iter().any(|a| a.contains("steal-energy")));
    // 4 K away (VOL 4), it may.
    assert!(legal(
        &range(with(&["Sed de energía"]), C::std(0, 0), 4),
        "a1 steal-energy b1"
    ));
}

#[test]
fn audit_sed_de_energia_an_ally_does_not_oppose_and_a_poor_target_gives_what_it_has() {
    // «a otro personaje»: an ally (a2, 2 K away, ENE 2) does not oppose («Puede oponerse»):
    // the CH VOL r3 alone, and its 2 ENE (not 3: none below 0) pass to a1 (8 − 1 + 2).
    let mut st = position(
        &open(11, 12),
        &[
            with(&["Sed de energía"]).set("at", [5, 1]),
            C::std(7, 1).set("ene", 2).status("acted"),
        ],
        &[C::std(5, 11).facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 steal-energy a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL steal 4 r3"]);
    assert_eq!((st.ch(0).ene, st.ch(1).ene), (9, 0));
}

#[test]
fn audit_resistencia_mental_lowers_a_sed_de_energia_theft_on_it() {
    // Resistencia mental («CH ATR -1 a las acciones contra este personaje que requieran CH VOL
    // ENF»): a1's theft on b1 is such an action — its CH ENF 4 − 1; b1 (r6) fails, a1's r3
    // passes: 3 ENE change hands.
    let mut st = range(with(&["Sed de energía"]), with(&["Resistencia mental"]), 4);
    let log = play(&mut st, &["a1 steal-energy b1"], &[3, 3, 6]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH VOL steal 4 r3", "a1 CH ENF 3 r3", "b1 CH ENF 4 r6"]
    );
    assert_eq!((st.ch(0).ene, st.ch(1).ene), (10, 5));
}
