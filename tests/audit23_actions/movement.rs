//! ACCIONES DE MOVIMIENTO, clause by clause (audit 23a).

use crate::build::*;
use crate::traits::range;
use engine::state::*;

#[test]
fn audit_esprintar_minus_three_reaches_every_ch_atr_of_the_next_action_not_only_agi() {
    // «Esprintar (3) … Su siguiente acción CH ATR -3»: a Percibir (CH INT 4) right after the
    // sprint is made at 1; the one after it at 4 again.
    let hidden = C::std(4, 9).status("hidden").facing("S");
    let mut st = position(&open(9, 12), &[C::std(4, 1).set("ene", 10)], &[hidden], 0);
    let log = play(&mut st, &["a1 sprint 4,7", "pass", "a1 perceive"], &[2]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 1 r2"]);
    assert!(st.ch(1).has(HIDDEN), "2 fails CH INT 4 − 3");
    let log = play(&mut st, &["a1 perceive"], &[2]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 4 r2"]);
    assert!(!st.ch(1).has(HIDDEN));
}

#[test]
fn audit_correr_reaches_only_a_ch_agi_and_is_spent_by_the_next_action() {
    // «Correr (2) MOV+1K. CH AGI +1 si la siguiente acción es de movimiento, y CH AGI -1 si no
    // lo es»: a Percibir after the run is a CH INT — untouched (4) — and it is the next
    // action, so the shot after it has no −1 either (CH IMP 5).
    let hidden = C::std(3, 6).status("hidden").facing("S");
    let a = C::std(3, 0).weapon(bow()).set("ene", 10);
    let mut st = position(&open(7, 12), &[a], &[hidden], 0);
    let log = play(
        &mut st,
        &[
            "a1 run 3,2",
            "pass",
            "a1 perceive",
            "a1 shoot b1 w1",
            "pass",
        ],
        &[3, 9],
    );
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT perceive 4 r3", "a1 CH IMP 5 r9"]
    );
}

#[test]
fn audit_a_critical_climb_moves_one_k_more() {
    // «Escalar (3, AGI)» and MOVIMIENTO, «Crítico en acciones de movimiento.- Mueve +1 K»: a
    // climb over the obstacle on row 4 from (3, 3) lands on (3, 5); with a 1, on (3, 6), for
    // the same 3 ENE.
    let mut board = open(7, 12);
    board[4] = "...H...".into();
    let a = C::std(3, 3).set("ene", 10);
    let mut st = position(&board, &[a], &[C::std(6, 11).facing("S")], 0);
    let log = play(&mut st, &["a1 climb 3,5"], &[1]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI climb 5 r1"]);
    assert_eq!((st.ch(0).pos, spent(&log)), (sq(3, 6), vec![3]));
}

#[test]
fn audit_a_critical_swim_moves_one_k_more() {
    // «Nadar (2, AGI) Nada tantos K como MOV» and «Crítico en acciones de movimiento.- Mueve
    // +1 K»: from the bank (2, 2) into the pond (3, 2); a 1 carries it on to (4, 2), still
    // water.
    let pond = rows(&["........", "...ww...", "...ww...", "...ww...", "........"]);
    let a = C::std(2, 2).set("ene", 10);
    let mut st = position(&pond, &[a], &[C::std(7, 4).facing("S")], 0);
    let log = play(&mut st, &["a1 swim 3,2"], &[1]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI swim 5 r1"]);
    assert_eq!((st.ch(0).pos, spent(&log)), (sq(4, 2), vec![2]));
}

#[test]
fn audit_destrabarse_a_critical_ch_psi_moves_one_k_more() {
    // «Destrabarse del combate CaC (2, PSI) El personaje se alejará hasta 2 K … CH PSI. Si
    // pasa, huye libre» and «Crítico en acciones de movimiento.- Mueve +1 K»: 2 K back to
    // (5, 3), and a 1 takes it on to (5, 2).
    let b = [C::std(5, 6).weapon(sword()).facing("N")];
    let mut st = position(&open(11, 12), &[C::std(5, 5)], &b, 0);
    let log = play(&mut st, &["a1 disengage 5,3"], &[1]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r1"]);
    assert_eq!((st.ch(0).pos, spent(&log)), (sq(5, 2), vec![2]));
}

#[test]
fn audit_destrabarse_goes_at_most_two_k() {
    // «se alejará hasta 2 K», whatever its MOV: a MOV 3 fighter still leaves only 2 K.
    let fast = C::new(
        serde_json::json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 3}),
        5,
        5,
    );
    let b = [C::std(5, 6).weapon(sword()).facing("N")];
    let st = position(&open(11, 12), &[fast], &b, 0);
    assert_eq!(reach(&st, 0, "disengage"), 2);
}

#[test]
fn audit_huir_a_fumbled_ch_psi_also_asks_a_ch_loc() {
    // «Huir (1, PSI) … CH PSI después de mover» and PSICOLOGÍA, «Pifia: falla la acción, +1
    // estrés, CH LOC»: b1 flees 3 K from a1's declared shot; its CH PSI is a 10: 1 stress and
    // a CH LOC (VOL 4, r3: passed). The shot then goes on at 8 K (r9: a miss).
    let mut st = range(C::std(0, 0).weapon(bow()), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "b1 flee 5,9"], &[10, 3, 9]);
    assert_eq!(
        checks(&st, &log),
        ["b1 CH PSI 4 r10", "b1 CH LOC 4 r3", "a1 CH IMP 5 r9"]
    );
    assert_eq!((st.ch(1).pos, st.ch(1).stress), (sq(5, 9), 1));
    assert_eq!(st.ch(1).ene, 7, "Huir (1)");
}

#[test]
fn audit_levantarse_and_agacharse_change_only_the_stance() {
    // «Agacharse (1) El personaje mide la mitad», «Cuerpo a tierra (1)», «Levantarse (1) El
    // personaje se pone de pie»: each 1 ENE, no check, the base and its facing as they were;
    // prone straight to standing in one Levantarse.
    let mut st = position(
        &open(9, 9),
        &[C::std(4, 4).facing("E")],
        &[C::std(8, 8).facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 crouch", "a1 prone", "a1 stand"], &[]);
    assert_eq!((spent(&log), checks(&st, &log)), (vec![1, 1, 1], vec![]));
    assert_eq!(st.ch(0).stance, Stance::Standing);
    assert_eq!((st.ch(0).pos, st.ch(0).facing.name()), (sq(4, 4), "E"));
}

#[test]
fn audit_a_crouched_climber_pays_easy_ground_as_difficult() {
    // «Agacharse (1) … Terreno fácil es difícil» and ENERGÍA / Terreno: «Acciones de movimiento
    // por terreno fácil ENE+0, por terreno difícil ENE+1»: Escalar (3) over the obstacle onto
    // easy ground costs 3 standing and 4 crouched.
    let climber = |a: C| {
        let mut board = open(7, 12);
        board[4] = "...H...".into();
        position(
            &board,
            &[a.set("at", [3, 3]).set("ene", 10)],
            &[C::std(6, 11).facing("S")],
            0,
        )
    };
    let mut st = climber(C::std(0, 0));
    let log = play(&mut st, &["a1 climb 3,5"], &[5]);
    assert_eq!(spent(&log), [3]);
    let mut st = climber(C::std(0, 0).stance("crouched"));
    let log = play(&mut st, &["a1 climb 3,5"], &[5]);
    assert_eq!(spent(&log), [4]);
}

#[test]
fn audit_huir_a_critical_ch_psi_moves_one_k_more() {
    // «Huir (1, PSI) … mover hasta 3K … CH PSI después de mover» and «Crítico en acciones de
    // movimiento.- Mueve +1 K»: b1 flees 3 K from (5, 6) to (5, 9); its CH PSI is a 1, so it
    // goes on to (5, 10), and the declared shot (now 9 K, r9) misses.
    let mut st = range(C::std(0, 0).weapon(bow()), C::std(0, 0), 5);
    let log = play(&mut st, &["a1 shoot b1 w1", "b1 flee 5,9"], &[1, 9]);
    assert_eq!(checks(&st, &log), ["b1 CH PSI 4 r1", "a1 CH IMP 5 r9"]);
    assert_eq!((st.ch(1).pos, st.ch(1).stress), (sq(5, 10), 0));
}

#[test]
fn audit_a_critical_180_moves_one_k_more_and_still_turns_about() {
    // «180° (4, AGI D) MOV+4K en línea recta, y 1 giro de hasta 180° al final» and «Crítico en
    // acciones de movimiento.- Mueve +1 K»: 5 K north from (10, 10) to (10, 5), a 1 takes it
    // to (10, 4); it turns about (facing S) for the same 4 ENE.
    let mut st = position(
        &open(21, 21),
        &[C::std(10, 10).set("ene", 10)],
        &[C::std(20, 20).facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 turn180 10,5"], &[1]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI 180 5 r1"]);
    assert_eq!(
        (st.ch(0).pos, st.ch(0).facing.name(), spent(&log)),
        (sq(10, 4), "S", vec![4])
    );
}
