//! ACCIONES GENÉRICAS / Soltar of a bomb and the traits Área de activación, Bomba autónoma, Bomba
//! viviente and Área manguante, with scripted dice (RULES.md, ÁREAS, "Bombs"). Standard race:
//! CON 4, AGI 5, VOL 4; no protections (every CH DEF has target 0 and fails).

use crate::build::*;
use engine::state::Bomb;
use engine::{Pos, State};
use serde_json::{json, Value};

/// A mine: ENE 2, DAÑ 3, ALC 2 (its activation area), quiet, `Área (code)` and `extra`.
fn mine(code: &str, extra: &[&str]) -> Value {
    let mut traits = vec![format!("Área ({code})"), "Área de activación".to_string()];
    traits.extend(extra.iter().map(|s| s.to_string()));
    json!({"name": "Mina", "ene": 2, "dmg": 3, "range": 2, "quality": 3, "noise": "quiet",
           "traits": traits})
}

/// a1 on (5,1) with `w`; b1 on (5,4) facing S (a1 behind it); b2 far away, acted.
fn minefield(w: Value, b1: C) -> State {
    position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(w)],
        &[
            b1.set("at", [5, 4]).facing("S"),
            C::std(0, 11).facing("S").status("acted"),
        ],
        0,
    )
}

fn bomb(at: Pos, armed: bool) -> Bomb {
    Bomb {
        owner: 0,
        weapon: 0,
        at,
        armed,
        tripped: None,
    }
}

#[test]
fn soltar_lays_a_bomb_that_is_armed_when_the_activation_ends_and_goes_off_when_a_mini_enters() {
    let mut st = minefield(mine("R5", &[]), C::std(0, 0));
    // Soltar (X): X = the weapon's ENE 2; the bomb lies on a1's square, not operative yet.
    play(&mut st, &["a1 drop w1"], &[]);
    assert_eq!(st.ch(0).ene, 6);
    assert_eq!(st.bombs(), [bomb(sq(5, 1), false)]);
    play(&mut st, &["a1 end facing N"], &[]);
    assert_eq!(st.bombs(), [bomb(sq(5, 1), true)]);
    // b1 sneaks from 3 K to 2 K of it (its ALC): at the end of the move the R5 goes off on the
    // bomb's square, no CH IMP: a1 on it and b1 2 K away are wholly covered (DAÑ 3; CH DEF 0
    // r9, CH PSI 4 r2 each, in index order).
    let log = play(&mut st, &["activate b1", "b1 sneak 5,3"], &[9, 2, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [3, 3, 0]);
    assert!(st.bombs().is_empty(), "it went off");
    assert!(statuses(&st, &log).contains(&"a1 a bomb goes off".to_string()));
}

#[test]
fn a_bomb_is_not_set_off_before_it_is_armed_nor_by_a_mini_already_inside() {
    // b1 starts within the ALC (2 K): moving inside it does not «entrar».
    let mut st = minefield(mine("R3", &[]), C::std(0, 0));
    let b1_near = |st: &mut State| {
        let mut v = st.to_setup();
        v.sides.b[0].at = [5, 3];
        State::from_setup(&v, None).unwrap()
    };
    play(&mut st, &["a1 drop w1", "a1 end facing N"], &[]);
    let mut st = b1_near(&mut st);
    play(&mut st, &["activate b1", "b1 sneak 6,3"], &[]);
    assert_eq!(st.bombs().len(), 1);
    assert_eq!(wounds(&st), [0, 0, 0]);
}

#[test]
fn bomba_autonoma_goes_for_a_slow_intruder_and_not_for_a_fast_one() {
    let run = |b1: C| {
        let mut st = minefield(mine("R3", &["Bomba autónoma"]), b1);
        let acts = [
            "a1 drop w1",
            "a1 end facing N",
            "activate b1",
            "b1 sneak 5,3",
        ];
        let log = play(&mut st, &acts, &[9, 2]);
        (checks(&st, &log), wounds(&st))
    };
    // Slow (5 K or less this turn): the R3 is centred on b1 (5,3) — a1 2 K away is outside it.
    let (c, w) = run(C::std(0, 0));
    assert_eq!(c, ["b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]);
    assert_eq!(w, [0, 3, 0]);
    // Fast (moved more than 5 K this turn): the area stays on the bomb's square (a1's).
    let (c, w) = run(C::std(0, 0).status("fast"));
    assert_eq!(c, ["a1 CH DEF 0 r9", "a1 CH PSI 4 r2"]);
    assert_eq!(w, [3, 0, 0]);
}

#[test]
fn bomba_viviente_explodes_when_it_dies() {
    // b1 (CON 4, AGI 9, Bomba viviente, 3 wounds) on (5,6); a2 2 K from it on (3,6). a1's bow
    // (DAÑ 2) kills it: CH IMP 5 r3, CH DEF 0 r9. It explodes: R5 (AGI/2 = 4.5 → 5), DAÑ 2
    // (CON/2): a2 wholly covered: CH DEF 0 r9, CH PSI 4 r2.
    let living = C::new(race_t(4, 9, 4, 4, &["Bomba viviente"]), 5, 6)
        .facing("S")
        .set("wounds", 3);
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(bow()), C::std(3, 6)],
        &[living, C::std(0, 11).facing("S").status("acted")],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "a2 CH DEF 0 r9",
            "a2 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [0, 2, 5, 0]);
    assert!(statuses(&st, &log).contains(&"b1 explodes (Bomba viviente)".to_string()));
}

#[test]
fn area_manguante_loses_one_dan_per_k_from_the_centre() {
    // An R5 grenade (DAÑ 3) with Área manguante at (5,6): b1 on the centre takes 3, b2 1 K away
    // 2, b3 2 K away 1 (all wholly covered).
    let g = json!({"name": "G", "ene": 2, "dmg": 3, "range": 10, "quality": 3, "noise": "quiet",
                   "traits": ["Área (R5)", "Área manguante"]});
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 1).facing("S").weapon(g)],
        &[
            C::std(5, 6).facing("S"),
            C::std(6, 6).facing("S"),
            C::std(7, 6).facing("S"),
        ],
        0,
    );
    play(&mut st, &["a1 area w1 5,6"], &[3, 9, 2, 9, 2, 9, 2]);
    assert_eq!(wounds(&st), [0, 3, 2, 1]);
}

#[test]
fn bombs_save_and_load_and_a_bad_bomb_is_named() {
    let mut st = minefield(mine("R3", &[]), C::std(0, 0));
    play(&mut st, &["a1 drop w1"], &[]);
    let saved = st.to_setup();
    let back = State::from_setup(&saved, None).unwrap();
    assert_eq!(back.bombs(), [bomb(sq(5, 1), false)]);
    let mut bad = saved.clone();
    bad.game.as_mut().unwrap().bombs[0].at = sq(40, 1);
    let e = State::from_setup(&bad, None).unwrap_err().to_string();
    assert!(
        e.contains("game.bombs[0]") && e.contains("off the board"),
        "{e}"
    );
    let mut bad = saved;
    bad.game.as_mut().unwrap().bombs[0].weapon = 3;
    let e = State::from_setup(&bad, None).unwrap_err().to_string();
    assert!(e.contains("game.bombs[0]"), "{e}");
}
