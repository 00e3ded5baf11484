//! Audit 22: the sections no audit had read sentence by sentence — CONCEPTOS BÁSICOS, CHEQUEOS,
//! ENERGÍA, REACCIONES, ACCIONES GENÉRICAS, CREACIÓN DE OBJETOS, the state of the equipment
//! (COMBATE / Heridas) and the hostile zones (seed 003) — each test an independent rule case: a
//! position, scripted dice, one action and the exact outcome the text implies (RULES.md,
//! "audit 22"). Standard race: CON 4, AGI 5, INT 4, VOL 4.

use crate::build::*;
use engine::State;
use serde_json::json;

/// ENE the action in notation costs its actor now.
fn ene(st: &State, text: &str) -> i8 {
    match st
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
    {
        engine::Action::Act { who, kind, .. } => st.action_cost(who, &kind),
        a => panic!("{a:?}"),
    }
}

/// a1 on (5, 5) facing S, b1 on (5, 6) facing N: in contact; a1 acts.
fn in_contact(a: C, b: C) -> State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 5]).facing("S")],
        &[b.set("at", [5, 6]).facing("N")],
        0,
    )
}

// ----- COMBATE / Heridas (the state of the equipment) -----

#[test]
fn audit_a_broken_item_that_takes_a_wound_is_destroyed_and_no_longer_repaired() {
    // «Equipo con tantas heridas como CAL: inutilizado, no se puede usar. Equipo con más
    // heridas que CAL: destruido»; «Se puede curar o reparar si las heridas no superan la CON o
    // CAL del objetivo»; Curar / Reparar: «Fallo inflige 1 herida extra». a1's sword (CAL 3)
    // has 3 wounds: broken, still repairable; a failed CH INT (r7) gives it a 4th — destroyed,
    // and no Reparar is offered any more.
    let broken = || {
        C::std(0, 0)
            .weapon(weapon(2, 4, 0, 3, &[]))
            .set("wear", vec![3])
    };
    let setup = |a: C| setup_json(&open(9, 9), &[a.set("at", [2, 2])], &[C::std(6, 8)], 0, 10);
    let mut st = load(&setup(broken()));
    assert!(!st.weapon_usable(0, 0), "wounds = CAL: inutilizado");
    assert!(legal(&st, "a1 heal a1 w1"), "3 wounds do not exceed CAL 3");
    let log = play(&mut st, &["a1 heal a1 w1"], &[7]);
    assert_eq!(checks(&st, &log), ["a1 CH INT repair 4 r7"]);
    assert_eq!(st.ch(0).wear[0], 4, "more wounds than CAL: destruido");
    assert!(!legal(&st, "a1 heal a1 w1"));
    // The position file keeps it: 4 (CAL + 1) loads, 5 does not.
    let back = load(&serde_json::to_value(st.to_setup()).unwrap());
    assert_eq!(back.ch(0).wear[0], 4);
    let v = setup(
        C::std(0, 0)
            .weapon(weapon(2, 4, 0, 3, &[]))
            .set("wear", vec![5]),
    );
    let e = load_error(&v);
    assert!(e.contains("allowed 0..=4"), "{e}");
    // A fumbled repair of a sword with 1 wound: + 3, 4 > CAL 3, destroyed at once.
    let mut st = load(&setup(broken().set("wear", vec![1])));
    play(&mut st, &["a1 heal a1 w1"], &[10]);
    assert_eq!(st.ch(0).wear[0], 4);
    assert!(!legal(&st, "a1 heal a1 w1"));
}

// ----- CHEQUEOS -----

#[test]
fn audit_a_critical_passes_and_a_fumble_fails_whatever_the_modifiers() {
    // «1 en 1D10 es un crítico, CH superado ignorando modificadores. 10 en 1D10 es una pifia, CH
    // no superado ignorando modificadores.» Desatarse (4, AGI D) with AGI 1: CH AGI 1 − 1 = 0,
    // which a 1 still passes (the bonds come off).
    let b = C::new(race(4, 1, 4, 4), 5, 6).status("tied").facing("N");
    let mut st = position(&open(11, 12), &[C::std(5, 2)], &[b], 1);
    let log = play(&mut st, &["b1 untie"], &[1]);
    assert_eq!(checks(&st, &log), ["b1 CH AGI untie 0 r1"]);
    assert!(!st.ch(1).has(engine::state::TIED));
    // INT 10 after a Concentrarse (+1): CH INT 11, and a 10 fails it (b1, hidden within INT K,
    // stays hidden).
    let a = C::new(race(4, 5, 10, 4), 4, 1);
    let mut st = position(
        &open(9, 9),
        &[a],
        &[C::std(4, 5).status("hidden").facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 concentrate", "a1 perceive"], &[10]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 11 r10"]);
    assert!(st.ch(1).has(engine::state::HIDDEN));
}

#[test]
fn audit_ch_enf_the_lower_passing_die_wins_and_ties_go_to_the_defender() {
    // «CH ENF: enfrentado, un CH ATR por Pj, y gana el que pase el CH con el menor valor»;
    // Noquear (1, CON ENF): a1 (CON 8) against b1 (CON 4), after a1's CH IMP (r3).
    let ko = |dice: [u8; 2]| {
        let mut st = in_contact(C::new(race(8, 5, 4, 4), 0, 0), C::std(0, 0));
        let log = play(&mut st, &["a1 knockout b1", "pass"], &[3, dice[0], dice[1]]);
        let names = checks(&st, &log);
        assert_eq!(
            names,
            [
                "a1 CH IMP 5 r3".to_string(),
                format!("a1 CH ENF 8 r{}", dice[0]),
                format!("b1 CH ENF 4 r{}", dice[1])
            ]
        );
        st.ch(1).has(engine::state::KNOCKED_OUT)
    };
    // Both pass: the lower die wins, whatever the targets (b1's 2 beats a1's 3; a1's 2 beats
    // b1's 3).
    assert!(!ko([3, 2]));
    assert!(ko([2, 3]));
    // A tie goes to the defender (the action fails), and so does a double failure.
    assert!(!ko([3, 3]));
    assert!(!ko([9, 6]));
    // A pass beats a failure, even with the higher die.
    assert!(ko([8, 5]));
}

// ----- ACCIONES GENÉRICAS -----

#[test]
fn audit_every_row_of_acciones_genericas_costs_the_ene_in_its_brackets() {
    // The rows audit 20's table (audit_rules) did not price. a1 (ENE 10, 1 wound) holds an
    // empty gun (DAÑ 3, 1 wound, Cargadores (2)), a mine (ENE 3, Área (R3), Área de
    // activación) and an Elixir (ENE 2); b1 lies dead beside it with a sword; a chest touches
    // a1; b2 hides 3 K away.
    let gun = weapon(2, 3, 10, 3, &["Cargadores (2)"]);
    let mine = json!({"name": "Mina", "ene": 3, "dmg": 3, "range": 2, "quality": 3,
                      "noise": "quiet", "traits": ["Área (R3)", "Área de activación"]});
    let elixir = json!({"name": "Elixir", "ene": 2, "range": 1, "quality": 1,
                        "traits": ["Elixir (1)"]});
    let a = C::std(5, 5)
        .weapon(gun)
        .weapon(mine)
        .object(elixir)
        .set("wear", vec![1, 0])
        .set("ammo", vec![0])
        .set("wounds", 1)
        .set("ene", 10);
    let b = [
        C::std(5, 6).weapon(sword()).set("wounds", 5),
        C::std(5, 8).status("hidden").facing("N"),
    ];
    let mut v = setup_json(&open(11, 12), &[a], &b, 0, 10);
    v["elements"] = json!([{"name": "Cofre", "at": [4, 4], "points": 1}]);
    let st = load(&v);
    for (text, want) in [
        ("a1 search e1", 1),    // Buscar (1, INT)
        ("a1 perceive", 2),     // Percibir (2, INT)
        ("a1 loot b1 w1", 3),   // Saquear (3)
        ("a1 eliminate b1", 2), // Eliminar (2, CON, AGI, INT)
        ("a1 reload w1", 2),    // Recargar (X): X = DAÑ del arma, 3 − 1 wound
        ("a1 drop w2", 3),      // Soltar (X): a bomb, X = ENE del arma
        ("a1 use o1 a1", 2),    // Usar (X): X = ENE del elemento
    ] {
        assert_eq!(ene(&st, text), want, "{text}");
    }
}

// ----- ENERGÍA -----

#[test]
fn audit_the_game_starts_with_ene_zero_and_every_action_costs_at_least_one() {
    // «Inicio.- La partida se empieza con ENE = 0»: every character of a shipped scenario.
    let st = wartime_tests::load("duel.json");
    assert!(st.indices().all(|i| st.ch(i).ene == 0));
    // «Toda acción cuesta un mínimo de ENE 1»: Maestro carnicero («ENE -1 en armas con AGI»)
    // on a blade of ENE 1 leaves the Ataque CaC at 1, not 0.
    let a = C::new(race_t(4, 5, 4, 4, &["Maestro carnicero"]), 0, 0)
        .weapon(weapon(1, 2, 0, 3, &[]))
        .weapon(weapon(3, 2, 0, 3, &[]));
    let st = in_contact(a, C::std(0, 0));
    assert_eq!(ene(&st, "a1 melee b1 w1"), 1);
    assert_eq!(
        ene(&st, "a1 melee b1 w2"),
        2,
        "the trait does lower a dearer blade"
    );
}

#[test]
fn audit_the_activation_gain_is_con_plus_agi_minus_wounds_whatever_the_armour() {
    // «Inicio actuación.- … suma a su ENE actual tanta como CON + AGI - heridas, hasta un máx.
    // de 10.» The CON and AGI are the race's: TAL over CON («Recibe un -1 a la Agilidad»,
    // MODIFICADORES: «Por TAL Vs CON.- CH AGI -1») and Sobrecarga («CH IMP y CH AGI -1») are
    // modifiers of checks, not of the gain. a1 (CON 4, AGI 3, 1 wound, ENE 1) wears a plate of
    // DEF 6 and TAL 6: 1 + 4 + 3 − 1 = 7.
    let a = C::new(race(4, 3, 4, 4), 2, 2)
        .prot(prot(1, 6, 6, 3, &[]))
        .set("ene", 1)
        .set("wounds", 1)
        .set("status", json!([]));
    let mut v = setup_json(&open(9, 9), &[a], &[C::std(6, 8).facing("S")], 0, 4);
    v["game"]["decision"] = json!({"kind": "activate", "side": "A"});
    let mut st = load(&v);
    play(&mut st, &["activate a1"], &[]);
    assert_eq!(st.ch(0).ene, 7);
}

// ----- ENTORNO / Ambiente hostil (seed 003) -----

/// Side A `a` and side B `b` on an open 11 × 12 board (a1 acts) with an Adverso zone (a natural
/// 10 strikes: a CH DEF against DAÑ 1) on (5, 5) and (5, 6).
fn zoned_many(a: &[C], b: &[C]) -> State {
    let mut v = setup_json(&open(11, 12), a, b, 0, 10);
    v["hostile"] = json!([{"squares": [[5, 5], [5, 6]], "level": "adverso",
                           "harm": {"def": {"dmg": 1}}}]);
    load(&v)
}

#[test]
fn audit_a_hostile_zone_strikes_both_sides_of_a_ch_enf_and_a_reactions_checks_only() {
    // Seed 003: «cada vez que una tropa obtenga un valor determinado … en una Tirada que se haya
    // debido a una declaración de Orden u ORA (no se aplica a Tirada de Agallas o de BLI)»; its
    // example 3: both melee rollers trigger. Adverso: a natural 10 strikes with a CH DEF against
    // DAÑ 1. The zone covers (5, 5) and (5, 6).
    let zoned = |a: C, b: &[C]| zoned_many(&[a], b);
    // a1's Noquear: both CH CON ENF fumble (the defender keeps its wits); each roller takes the
    // zone's CH DEF (r5: 1 wound) and the wound's CH PSI — b1's a 10, which is Agallas (CH PSI)
    // and strikes nothing, nor does the CH LOC its fumble asks.
    let mut st = zoned(C::std(5, 5).facing("S"), &[C::std(5, 6).facing("N")]);
    let log = play(
        &mut st,
        &["a1 knockout b1", "pass"],
        &[3, 10, 10, 5, 2, 5, 10, 3],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "a1 CH ENF 4 r10",
            "b1 CH ENF 4 r10",
            "a1 CH DEF 0 r5",
            "a1 CH PSI 4 r2",
            "b1 CH DEF 0 r5",
            "b1 CH PSI 4 r10",
            "b1 CH LOC 4 r3"
        ]
    );
    assert_eq!(wounds(&st), [1, 1]);
    // b1 in the zone watches a1 outside it (a2 hidden within b1's INT K: something to
    // Percibir). Its reaction CH VOL of 10 (it decides whether one may react, as Agallas)
    // strikes nothing; a passed one and a reaction Percibir of 10 (an ORA's check) does.
    let watched = || {
        let a = [
            C::std(5, 2).facing("S"),
            C::std(4, 7).status("hidden").facing("N"),
        ];
        zoned_many(&a, &[C::std(5, 6).facing("N")])
    };
    let mut st = watched();
    let log = play(&mut st, &["a1 concentrate", "b1 react"], &[10]);
    assert_eq!(checks(&st, &log), ["b1 CH VOL reaction 4 r10"]);
    assert_eq!(st.ch(2).wounds, 0);
    let mut st = watched();
    let log = play(
        &mut st,
        &["a1 concentrate", "b1 react", "b1 perceive"],
        &[2, 10, 5, 2],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r2",
            "b1 CH INT perceive 4 r10",
            "b1 CH DEF 0 r5",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(2).wounds, 1);
}

#[test]
fn audit_a_re_rolled_check_strikes_by_its_last_die() {
    // «cada vez que una tropa obtenga un valor determinado … en una Tirada»: a re-rolled check
    // is one Tirada, and the die that stands is the one obtained. a1 (Élite erudito: «Puede
    // repetir CH INT») perceives in the Adverso zone: 7 then 10 strikes (CH DEF r5, 1 wound, CH
    // PSI r2); 10 then 3 does not.
    let a = |at: [u8; 2]| {
        C::new(race_t(4, 5, 4, 4, &["Élite erudito"]), 0, 0)
            .set("at", at.to_vec())
            .facing("S")
    };
    let hider = || C::std(5, 8).status("hidden").facing("N");
    let mut st = zoned_many(&[a([5, 5])], &[hider()]);
    let log = play(&mut st, &["a1 perceive"], &[7, 10, 5, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH INT perceive 4 r10",
            "a1 CH DEF 0 r5",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(0).wounds, 1);
    let mut st = zoned_many(&[a([5, 5])], &[hider()]);
    let log = play(&mut st, &["a1 perceive"], &[10, 3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT perceive 4 r3"]);
    assert_eq!(st.ch(0).wounds, 0);
}

// ----- OPEN_READINGS A14: range across altitudes -----

#[test]
fn audit_range_across_altitudes_is_measured_on_the_table() {
    // A14, reading (a): a1 at altitude 2 (3 K up) shoots b1 on the ground 3 K away on the table
    // with a gun of ALC 3: within ALC, so no «A larga distancia» −1 (CH IMP 5); in 3-D it would
    // be √18 ≈ 4,24 → 4 K, beyond ALC.
    let a = C::std(4, 1)
        .weapon(weapon(2, 3, 3, 3, &[]))
        .set("altitude", 2)
        .facing("S");
    let mut st = position(&open(9, 9), &[a], &[C::std(4, 4).facing("S")], 0);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r9"]);
}

// ----- OPEN_READINGS A27: «moviendo a más de 5 K» on both sides -----

#[test]
fn audit_por_velocidad_is_one_minus_one_when_shooter_and_target_both_moved() {
    // «Por velocidad.- CH IMP -1 por disparar desde o hacia a un objetivo moviendo a más de 5 K»
    // (A27): the movement of the turn (`fast`: more than 5 K moved this turn); «desde o hacia»
    // names one malus, so a1 and b1 both fast give CH IMP 5 − 1 = 4, not 3; either alone is
    // the same −1.
    let shot = |a: C, b: C| {
        let a = a.set("at", [5, 1]).weapon(bow()).facing("S");
        let mut st = position(&open(11, 12), &[a], &[b.set("at", [5, 6]).facing("S")], 0);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[9]);
        checks(&st, &log)
    };
    let fast = || C::std(0, 0).status("fast");
    assert_eq!(shot(fast(), fast()), ["a1 CH IMP 4 r9"]);
    assert_eq!(shot(fast(), C::std(0, 0)), ["a1 CH IMP 4 r9"]);
    assert_eq!(shot(C::std(0, 0), fast()), ["a1 CH IMP 4 r9"]);
    assert_eq!(shot(C::std(0, 0), C::std(0, 0)), ["a1 CH IMP 5 r9"]);
}

// ----- REACCIONES: the actions only a reactor takes -----

#[test]
fn audit_the_reaction_actions_cost_the_ene_in_their_brackets() {
    // ACCIONES: «Esquivar en CaC (3, AGI ENF)», «Contracarga (3)», «Huir (1, PSI)», «Pivotar
    // (3/1) … Pj reaccionando 1». b1 (ENE 8) answers a1's declared attack in the early window.
    let ene_after = |acts: &[&str], dice: &[u8]| {
        let mut st = position(
            &open(11, 12),
            &[C::std(5, 5).weapon(sword()).facing("S")],
            &[C::std(5, 6).facing("N")],
            0,
        );
        play(&mut st, acts, dice);
        st.ch(1).ene
    };
    // Esquivar: the CH VOL (r2), then the dodge at once (a1 CH AGI ENF r6 fails, b1 r3 passes).
    assert_eq!(
        ene_after(&["a1 melee b1 w1", "b1 react", "b1 dodge"], &[2, 6, 3]),
        5
    );
    // Huir («no trabado en combate CaC»: against a1's shot from 4 K): no CH VOL; the CH PSI
    // after moving (r2); then the shot, missed (r9).
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 2).weapon(bow()).facing("S")],
        &[C::std(5, 6).facing("N")],
        0,
    );
    play(&mut st, &["a1 shoot b1 w1", "b1 flee 5,9"], &[2, 9]);
    assert_eq!(st.ch(1).ene, 7);
    // Pivotar as a reaction: 1 (then the blow, missed: r9).
    assert_eq!(
        ene_after(&["a1 melee b1 w1", "b1 react", "b1 pivot E"], &[2, 9]),
        7
    );
    // Contracarga: a1 charges b1 from 4 K.
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 2).weapon(sword()).facing("S")],
        &[C::std(5, 6).facing("N")],
        0,
    );
    play(
        &mut st,
        &["a1 charge b1 5,5", "b1 react", "b1 countercharge"],
        &[2],
    );
    assert_eq!(st.ch(1).ene, 5);
}
