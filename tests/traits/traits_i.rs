//! BONUS Y MALUS in play, share I (issue 16's leftovers): Incorpóreo, Órdenes acting at once,
//! Maestría (X) with X an action, Radar's sight in the darkness, Meta visión through opaque
//! obstacles, a lost leg's MOV. Scripted dice, exact outcomes (RULES.md, "Traits in play, share
//! I"). The standard race is CON 4, AGI 5, INT 4, VOL 4.

use super::*;
use engine::state::*;

/// A1 (`a`) on (3, 2) facing E, a wall down column 4 of an 11 × 6 board; B1 (`b`) on (8, 2)
/// facing W; B2 far away, already acted. `actor`: 0 (a1) or 1 (b1).
fn walled(a: C, b: C, actor: usize) -> State {
    let row = "....#......";
    position(
        &rows(&[row; 6]),
        &[a.set("at", [3, 2]).facing("E")],
        &[
            b.set("at", [8, 2]).facing("W"),
            C::std(10, 5).facing("S").status("acted"),
        ],
        actor,
    )
}

#[test]
fn incorporeo_phases_for_ene_one_crosses_walls_and_nobody_may_choose_it() {
    let ghost = || with(&["Incorpóreo"]).weapon(gun(2, &[]));
    let mut st = walled(ghost(), C::std(0, 0), 0);
    assert!(!legal(&st, "a1 run 5,2"), "solid, the wall stops it");
    assert_eq!(spent(&play(&mut st, &["a1 phase"], &[])), [1]);
    assert!(st.ch(0).tbits & PHASED != 0);
    // Through the wall, never ending inside it.
    assert!(!legal(&st, "a1 run 4,2") && !legal(&st, "a1 move 4,2"));
    assert_eq!(spent(&play(&mut st, &["a1 run 5,2", "pass"], &[])), [2]);
    assert_eq!(st.ch(0).pos, sq(5, 2));
    // «ni combatir»: no attack while incorporeal; back to solid (ENE 1) it may shoot again.
    assert!(!legal(&st, "a1 shoot b1 w1"));
    assert!(!any_attack(&st, 0));
    play(&mut st, &["a1 phase", "pass"], &[]);
    assert!(legal(&st, "a1 shoot b1 w1"));
    // «ni ser elegido para una acción»: b1 may not shoot it, charge it nor aim anything at it.
    let shooter = || C::std(0, 0).weapon(gun(2, &[]));
    let open_board = open(11, 6);
    let at = |a: C, b: C| {
        position(
            &open_board,
            &[a.set("at", [3, 2]).facing("E")],
            &[
                b.set("at", [6, 2]).facing("W"),
                C::std(10, 5).facing("S").status("acted"),
            ],
            1,
        )
    };
    let st = at(ghost(), shooter());
    let charges = |st: &State| all_legal(st).iter().any(|a| a.starts_with("b1 charge a1"));
    assert!(legal(&st, "b1 shoot a1 w1") && charges(&st));
    let st = at(ghost().status("phased"), shooter());
    assert!(!legal(&st, "b1 shoot a1 w1") && !charges(&st));
    assert!(!any_attack(&st, 1));
}

#[test]
fn miembros_prescindibles_a_lost_leg_halves_mov_both_leave_none() {
    use engine::actions::movement::{max_steps, MoveKind};
    // b1: MOV 3, CON 4 (a limb holds 2); a1's blade DAÑ 3 against DEF 0.
    let mut race = race_t(4, 5, 4, 4, &["Miembros prescindibles"]);
    race["mov"] = 3.into();
    let blade = || weapon(2, 3, 0, 4, &[]);
    let mut st = contact(C::std(0, 0).weapon(blade()), C::new(race, 0, 0));
    assert_eq!((st.mov(1), max_steps(&st, 1, MoveKind::Run)), (3, 4));
    // Zone 5: the left leg takes 2 and is lost: MOV 3 / 2 = 1 (rounded down).
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 5, 2]);
    assert_eq!(st.body(1).limbs, [0, 0, 2, 0]);
    assert_eq!((st.mov(1), max_steps(&st, 1, MoveKind::Run)), (1, 2));
    assert_eq!(st.info(1).mov, 3, "the archetype keeps its MOV");
    // Zone 8: the right leg too: MOV 0 (Correr still has its +1).
    play(&mut st, &["a1 melee b1 w1"], &[3, 9, 8, 2]);
    assert_eq!(st.body(1).limbs, [0, 0, 2, 2]);
    assert_eq!((st.mov(1), max_steps(&st, 1, MoveKind::Run)), (0, 1));
}

#[test]
fn maestria_an_action_gives_ch_atr_plus_one_to_that_action_only() {
    // Maestría (Percibir): the CH INT of Percibir is 4 + 1; Incapacidad (Percibir) 4 − 1.
    let watcher = |traits: &[&str]| {
        position(
            &open(9, 9),
            &[with(traits).set("at", [4, 1])],
            &[C::std(4, 5).status("hidden").facing("S")],
            0,
        )
    };
    let mut st = watcher(&["Maestría (Percibir)"]);
    let log = play(&mut st, &["a1 perceive"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 5 r5"]);
    assert!(!st.ch(1).has(HIDDEN));
    let mut st = watcher(&["Incapacidad (Percibir)"]);
    let log = play(&mut st, &["a1 perceive"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 3 r4"]);
    assert!(st.ch(1).has(HIDDEN));
    // Another action's checks are as they were: Maestría (Escalar) leaves Percibir at 4.
    let mut st = watcher(&["Maestría (Escalar)"]);
    let log = play(&mut st, &["a1 perceive"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 4 r4"]);
}

#[test]
fn meta_vision_sees_and_targets_through_a_wall_within_int_k() {
    let eyes = |traits: &[&str], bx: u8| {
        let row = "....#......";
        position(
            &rows(&[row; 6]),
            &[with(traits)
                .weapon(gun(2, &[]))
                .set("at", [3, 2])
                .facing("E")],
            &[
                C::std(bx, 2).facing("W"),
                C::std(10, 5).facing("S").status("acted"),
            ],
            0,
        )
    };
    // INT 4: b1 3 K away behind the wall is seen and may be shot; 5 K away it is not.
    let st = eyes(&["Meta visión"], 6);
    assert!(st.sees(0, 1) && legal(&st, "a1 shoot b1 w1"));
    assert!(!st.sees(1, 0), "b1 has no such sight");
    let st = eyes(&["Meta visión"], 8);
    assert!(!st.sees(0, 1) && !legal(&st, "a1 shoot b1 w1"));
    let st = eyes(&[], 6);
    assert!(!st.sees(0, 1) && !legal(&st, "a1 shoot b1 w1"));
}

#[test]
fn radar_sees_in_the_darkness_of_a_campo_de_oscuridad() {
    // Marcador de objetivos against a target inside a Campo de oscuridad: lost without Radar,
    // kept with it (RULES.md: the engine's darkness is the Campo's).
    let marker = |traits: &[&str]| with(traits).weapon(gun(2, &["Marcador de objetivos"]));
    let dark = || with(&["Campo de oscuridad (1)"]);
    assert!(!legal(&range(marker(&[]), dark(), 5), "a1 aim-mark b1"));
    let mut st = range(marker(&["Radar"]), dark(), 5);
    assert_eq!(spent(&play(&mut st, &["a1 aim-mark b1"], &[])), [1]);
    assert!(!st.mark_jammed(0, 1));
}

#[test]
fn ordenes_the_ally_acts_at_once_with_the_ene_given_then_the_giver_goes_on() {
    // a2 has acted already and has no ENE: the orders give it 3 and it acts inside a1's
    // activation; b1 is far, its back turned (no windows).
    let mut st = position(
        &open(11, 16),
        &[
            with(&["Órdenes"]).set("at", [5, 1]),
            C::std(7, 1).set("ene", 0).status("acted"),
        ],
        &[C::std(5, 15).facing("S")],
        0,
    );
    let ene = st.ch(0).ene;
    play(&mut st, &["a1 orders a2"], &[]);
    assert_eq!((st.ch(0).ene, st.ch(1).ene), (ene, 3));
    // Only a2 acts now: a1 waits, a2 may not Esperar nor chain.
    assert!(!legal(&st, "a1 crouch") && !legal(&st, "a1 end facing S"));
    assert!(legal(&st, "a2 run 7,3") && !legal(&st, "a2 wait") && !legal(&st, "a2 crouch +"));
    assert_eq!(spent(&play(&mut st, &["a2 run 7,3"], &[])), [2]);
    assert_eq!(
        (st.ch(1).pos, st.ch(1).ene, st.ch(0).ene),
        (sq(7, 3), 1, ene)
    );
    // «Cuando termine, seguirá este Pj»: a2's end is the orders' end; a1 goes on.
    let log = play(&mut st, &["a2 end facing N"], &[]);
    assert!(statuses(&st, &log).contains(&"a2 has carried out its orders".to_string()));
    assert_eq!(st.ch(1).facing, engine::Facing::N);
    assert!(legal(&st, "a1 crouch") && !legal(&st, "a2 crouch"));
    assert_eq!(st.activation().orders, None);
    // a1 ends its own activation as usual.
    play(&mut st, &["a1 end facing S"], &[]);
    assert!(st.ch(0).has(ACTED));
}
