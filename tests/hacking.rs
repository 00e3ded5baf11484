//! Objects and hacking (issue 16 item 5, seed 000 mapped onto Wartime): the Hielo trait, with
//! scripted dice (RULES.md, METAHABILIDADES, Hielo).

use crate::build::*;
use engine::state::*;
use engine::State;
use serde_json::json;

/// a1, a neuromante (INT 6), on (5,1) facing S; b1 (`b`) 4 K south facing S.
fn duel(b: C) -> State {
    position(
        &open(11, 14),
        &[C::new(race_t(4, 5, 6, 5, &["Neuromante"]), 5, 1).facing("S")],
        &[b.set("at", [5, 5]).facing("S"), C::std(0, 13).facing("S")],
        0,
    )
}

#[test]
fn hielo_answers_a_hack_with_a_mental_combat_at_three() {
    // b1 is no neuromante nor titiritero, but carries an object with Hielo: after a1's Corromper
    // (its CH INT r7 fails), it is offered the Combate mental, and fights with «INT, VOL y CAL
    // = 3».
    let ice = json!({"name": "Cortafuegos", "ene": 1, "range": 0, "quality": 3,
                     "traits": ["Hielo"]});
    let mut st = duel(C::std(0, 0).object(ice.clone()));
    play(&mut st, &["a1 hack b1", "pass"], &[7]);
    assert!(matches!(
        st.pending(),
        Pending::MentalCombat {
            defender: 1,
            hacker: 0,
            ..
        }
    ));
    // Its 3 (r2) beats a1's INT 6 (r5): a1 gains 1 stress; b1 paid ENE 3.
    let mut st = duel(C::std(0, 0).object(ice));
    let log = play(
        &mut st,
        &["a1 hack b1", "pass", "b1 mental-combat a1"],
        &[7, 2, 5],
    );
    assert_eq!(
        checks(&st, &log)[1..],
        [
            "b1 CH VOL ENF mental combat 3 r2",
            "a1 CH INT ENF mental combat 6 r5"
        ]
    );
    assert_eq!((st.ch(0).stress, st.ch(1).stress), (1, 0));
    assert_eq!(st.ch(1).ene, 5);
    // Without the object it is not offered.
    let mut st = duel(C::std(0, 0));
    play(&mut st, &["a1 hack b1", "pass"], &[7]);
    assert_eq!(st.pending(), Pending::Act { actor: 0 });
}
