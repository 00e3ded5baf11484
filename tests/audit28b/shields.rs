//! Escudo de energía («CH DEF 4 para defenderte de un ataque a distancia. Si falla, se pierde un
//! nivel de escudo»): the shield's CH DEF is the shield's, a first defence before the
//! character's own, like 100 % cover (A33 (a); audit 27a pinned that Aura blindada does not
//! repeat it). Audit 28b (pinned): the character's CH DEF traits do not reach it either — an
//! ally's Presencia de protección («Aliados 5K CH DEF +1») — and its 10 is a failure with no
//! fumble of a CH DEF («DAÑ +1 para el atacante, una protección gana 1 herida»): a level lost,
//! and the character's own CH DEF follows as after any failure.

use super::*;
use engine::State;

/// a1 shoots b1 (Escudo de energía (2), armour DEF 2) 5 K south with a gun of DAÑ 2; b2
/// (`aura` traits) beside b1 (2 K), acted.
fn shot(aura: &[&str], dice: &[u8]) -> (Vec<String>, State) {
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(gun(2, &[]))],
        &[
            with(&["Escudo de energía (2)"])
                .set("at", [5, 6])
                .facing("S")
                .prot(armour(2, &[])),
            with(aura).set("at", [7, 6]).facing("S").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], dice);
    (checks(&st, &log), st)
}

#[test]
fn audit_presencia_de_proteccion_raises_the_characters_ch_def_not_the_shields() {
    // Shield CH DEF 4 r5: failed (with the + 1 it would pass), a level lost; b1's own CH DEF 2
    // + 1 = 3 r3 passes: DAÑ 2 − DEF 2 = 0 wounds.
    let (c, st) = shot(&["Presencia de protección"], &[3, 5, 3]);
    assert_eq!(
        c,
        ["a1 CH IMP 5 r3", "b1 CH DEF shield 4 r5", "b1 CH DEF 3 r3"]
    );
    assert_eq!((st.shield_left(1), wounds(&st)[1]), (1, 0));
    // Without the presence b1's CH DEF is 2 (r3 fails: 2 wounds and its CH PSI).
    let (c, st) = shot(&[], &[3, 5, 3, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF shield 4 r5",
            "b1 CH DEF 2 r3",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.shield_left(1), wounds(&st)[1]), (1, 2));
}

#[test]
fn audit_a_ten_on_the_shields_ch_def_is_a_failure_and_no_fumble() {
    // r10 on the shield: a level lost, no DAÑ + 1 — b1's CH DEF 2 r9 fails: 2 wounds (a fumble
    // of a CH DEF would have made it 3).
    let (c, st) = shot(&[], &[3, 10, 9, 2]);
    assert_eq!(
        c,
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF shield 4 r10",
            "b1 CH DEF 2 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.shield_left(1), wounds(&st)[1]), (1, 2));
    // A pass (r4) stops the shot: no level lost, no CH DEF of b1.
    let (c, st) = shot(&[], &[3, 4]);
    assert_eq!(c, ["a1 CH IMP 5 r3", "b1 CH DEF shield 4 r4"]);
    assert_eq!((st.shield_left(1), wounds(&st)[1]), (2, 0));
}
