//! Audit 20: the rulebook's COMBATE, MODIFICADORES, ACCIONES and PSICOLOGÍA read again sentence
//! by sentence, each test an independent rule case — a position, scripted dice, one action and
//! the exact outcome the text implies. Standard race: CON 4, AGI 5, INT 4, VOL 4.

use crate::build::*;
// The meta-ability profile and the shooting range of the meta-ability tests.
use crate::meta::{meta, range};
use engine::State;
use serde_json::{json, Value};

// ----- MODIFICADORES / Por sobrecarga -----

/// Heavy armour on a CON 4 wearer: DEF 6 (TAL 4, so no TAL vs CON), sobrecarga 6 − 4 = 2.
fn heavy() -> Value {
    prot(1, 6, 4, 6, &[])
}

#[test]
fn audit_sobrecarga_reaches_a_meta_attacks_ch_imp_whatever_its_attribute() {
    // «Por sobrecarga.- CH IMP y CH AGI -1 por cada punto de DEF por encima de CON - heridas»;
    // «Atacar con metahabilidades.- … el CH IMP se realizará con: mutación CH CON …»: the
    // mutation's CH CON is a CH IMP, 4 − 2 = 2.
    let a = C::new(race_t(4, 5, 4, 4, &["Metamorfo"]), 0, 0)
        .meta(meta(2, 3, 4, &["Mutación"]))
        .prot(heavy());
    let mut st = range(a, C::new(race(6, 5, 4, 4), 0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 9, 9]);
    assert_eq!(checks(&st, &log)[0], "a1 CH CON meta 2 r2");
    // A bunkai's CH AGI is a CH IMP and a CH AGI: −2 once, not twice (5 − 2 = 3).
    let a = C::new(race_t(4, 5, 4, 4, &["Cinético"]), 0, 0)
        .meta(meta(2, 3, 4, &["Bunkai"]))
        .prot(heavy());
    let mut st = range(a, C::new(race(6, 5, 4, 4), 0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[2, 9, 9]);
    assert_eq!(checks(&st, &log)[0], "a1 CH AGI meta 3 r2");
    // A boon is no attack: its CH CON is no CH IMP, and keeps its 4.
    let a = C::new(race_t(4, 5, 4, 4, &["Metamorfo"]), 0, 0)
        .meta(meta(2, 0, 5, &["Mutación", "Duro"]))
        .prot(heavy());
    let mut st = range(a, C::std(0, 0), 3);
    let log = play(&mut st, &["a1 meta m1 a1"], &[2]);
    assert_eq!(checks(&st, &log), ["a1 CH CON meta 4 r2"]);
}

#[test]
fn audit_sobrecarga_reaches_the_ch_imp_of_corromper_and_of_combate_mental() {
    // Corromper: «CH IMP: CH INT / VOL» — INT 6 less sobrecarga 2 = 4.
    let neuro = |int: u8| C::new(race_t(4, 5, int, 5, &["Neuromante"]), 0, 0);
    let mut st = range(neuro(6).prot(heavy()), C::std(0, 0), 3);
    let log = play(&mut st, &["a1 hack b1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH INT hack 4 r9"]);
    // Combate mental: «CH IMP: CH INT / VOL ENF» — the armoured defender's INT 5 − 2 = 3; the
    // hacker, unarmoured, keeps its 6.
    let mut st = range(neuro(6), neuro(5).prot(heavy()), 3);
    let log = play(
        &mut st,
        &["a1 hack b1", "pass", "b1 mental-combat a1"],
        &[7, 2, 4],
    );
    assert_eq!(
        checks(&st, &log)[1..],
        [
            "b1 CH INT ENF mental combat 3 r2",
            "a1 CH INT ENF mental combat 6 r4"
        ]
    );
}

// ----- COMBATE / Críticos, Cobertura -----

#[test]
fn audit_a_critical_ch_imp_ignores_full_cover_too() {
    // «Crítico en CH IMP: ignora cobertura y DAÑ+1»; «a un objetivo oculto 100%, 1º un CH DEF de
    // la cobertura y, si falla, un 2º CH DEF +2 normal» — a critical skips both: no cover CH DEF
    // and no + 2. b1 prone behind the wall (prone beyond 3 K: CH IMP −2), DEF 2; DAÑ 3 + 1 − 2.
    let mut board = open(9, 10);
    board[6] = "....o....".into();
    let a = C::std(4, 1).weapon(weapon(2, 3, 10, 3, &[]));
    let b = C::std(4, 7)
        .prot(prot(1, 2, 4, 4, &[]))
        .stance("prone")
        .facing("S");
    let mut st = position(&board, &[a], &[b], 0);
    let log = play(&mut st, &["a1 shoot b1 w1"], &[1, 2, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 3 r1", "b1 CH DEF 2 r2", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(1).wounds, 2);
}

// ----- ACCIONES GENÉRICAS / Curar / Reparar on equipment -----

/// a1 (INT 4) beside its ally a2 on an open board; b1 far away with its back turned.
fn workshop(a1: C, a2: C) -> State {
    position(
        &open(10, 10),
        &[a1.set("at", [2, 2]), a2.set("at", [3, 2])],
        &[C::std(8, 9).facing("S")],
        0,
    )
}

#[test]
fn audit_reparar_recovers_an_items_wounds_with_curars_table() {
    // «Curar / Reparar (3, INT) … recupera 1 herida. Crítico recupera 3 heridas. Fallo inflige 1
    // herida extra. Pífia inflige 3 heridas extra»; «Las armas sufren DAÑ-1 por cada herida»:
    // a2's sword (DAÑ 4, CAL 4) with 2 wounds, its armour (DEF 3, CAL 4) with 1.
    let a2 = || {
        C::std(0, 0)
            .weapon(weapon(2, 4, 0, 4, &[]))
            .prot(prot(1, 3, 4, 4, &[]))
            .set("wear", vec![2, 1])
    };
    let st = workshop(C::std(0, 0), a2());
    assert!(legal(&st, "a1 heal a2 w1"));
    assert!(legal(&st, "a1 heal a2 p1"));
    assert!(legal(&st, "a1 reparar a2 w1"), "the rulebook's verb");
    // Passed CH INT 4: −1 wound, ENE 3.
    let mut st = workshop(C::std(0, 0), a2());
    let log = play(&mut st, &["a1 heal a2 w1"], &[4]);
    assert_eq!(checks(&st, &log), ["a1 CH INT repair 4 r4"]);
    assert_eq!((st.ch(1).wear[0], spent(&log)), (1, vec![3]));
    assert_eq!(st.weapon_dmg(1, 0), 3, "DAÑ 4 − 1 wound");
    // Critical: −3 (not below 0).
    let mut st = workshop(C::std(0, 0), a2());
    play(&mut st, &["a1 heal a2 w1"], &[1]);
    assert_eq!(st.ch(1).wear[0], 0);
    // Failed: +1; fumbled: +3, up to CAL + 1 — «Equipo con más heridas que CAL: destruido»
    // (audit 22: it stopped at the CAL), and a destroyed item is no longer repaired.
    let mut st = workshop(C::std(0, 0), a2());
    play(&mut st, &["a1 heal a2 p1"], &[7]);
    assert_eq!(st.ch(1).wear[1], 2);
    let mut st = workshop(C::std(0, 0), a2());
    play(&mut st, &["a1 heal a2 w1"], &[10]);
    assert_eq!(st.ch(1).wear[0], 5);
    assert!(!st.weapon_usable(1, 0), "wounds > CAL: destruido");
    assert!(!legal(&st, "a1 heal a2 w1"));
    // «Se puede … reparar si las heridas no superan la … CAL»: a broken item (wounds = CAL) is
    // repaired back into use.
    let broken = C::std(0, 0)
        .weapon(weapon(2, 4, 0, 4, &[]))
        .set("wear", vec![4]);
    let mut st = workshop(broken, C::std(0, 0));
    play(&mut st, &["a1 heal a1 w1"], &[2]);
    assert_eq!(st.ch(0).wear[0], 3);
    assert!(st.weapon_usable(0, 0));
}

#[test]
fn audit_reparar_needs_a_worn_item_of_oneself_or_an_ally_in_contact() {
    let worn = || {
        C::std(0, 0)
            .weapon(weapon(2, 4, 0, 4, &[]))
            .set("wear", vec![1])
    };
    // Nothing worn: nothing to repair.
    let st = workshop(C::std(0, 0), C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])));
    assert!(!legal(&st, "a1 heal a2 w1"));
    // An ally 2 K away: not in contact.
    let st = position(
        &open(10, 10),
        &[C::std(2, 2), worn().set("at", [4, 2])],
        &[C::std(8, 9).facing("S")],
        0,
    );
    assert!(!legal(&st, "a1 heal a2 w1"));
    // An enemy's item: no.
    let st = position(
        &open(10, 10),
        &[C::std(2, 2)],
        &[worn().set("at", [3, 2]).facing("S"), C::std(8, 9)],
        0,
    );
    assert!(!legal(&st, "a1 heal b1 w1"));
    // Too little ENE (3).
    let st = workshop(C::std(0, 0).set("ene", 2), worn());
    assert!(!legal(&st, "a1 heal a2 w1"));
    // Its own, in hand.
    let st = workshop(worn(), C::std(0, 0));
    assert!(legal(&st, "a1 heal a1 w1"));
}

#[test]
fn audit_reparar_a_transport_and_a_failure_past_its_cal_wrecks_it() {
    // A truck (DEF 4, CAL 3, MOV 8) with 2 wounds, a1 beside it.
    let truck = json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 3});
    let setup = |wounds: u8| {
        let mut v = setup_json(
            &open(12, 12),
            &[
                C::std(2, 2).set("transports", json!([truck.clone()])),
                C::std(0, 11),
            ],
            &[C::std(11, 11).facing("S")],
            0,
            10,
        );
        v["transports"] = json!([{"of": "a1", "at": [3, 2], "facing": "E", "wounds": wounds}]);
        load(&v)
    };
    let st = setup(0);
    assert!(!legal(&st, "a1 heal t1"), "no wounds to recover");
    let mut st = setup(2);
    let log = play(&mut st, &["a1 heal t1"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT repair 4 r3"]);
    assert_eq!((st.transport(0).wounds, spent(&log)), (1, vec![3]));
    // A failure with 3 wounds (= CAL, inutilizado): 4 > CAL, destroyed — it explodes with DAÑ =
    // DEF 4 within max(MOV, 3) = 8 K: a1 beside it makes its CH DEF (DEF 0, r9: 4 wounds,
    // incapacitated at CON 4).
    let mut st = setup(3);
    assert!(legal(&st, "a1 heal t1"));
    let log = play(&mut st, &["a1 heal t1"], &[8, 9]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT repair 4 r8", "a1 CH DEF 0 r9"]
    );
    assert!(st.transport_destroyed(0));
    assert_eq!(st.ch(0).wounds, 4);
    // A wreck is not repaired.
    let st = setup(4);
    assert!(!legal(&st, "a1 heal t1"));
}

// ----- METAHABILIDADES / Posesión: the possessor's side -----

#[test]
fn audit_a_corpse_raised_by_its_own_side_stays_on_that_side() {
    // Magia: resucitar: «Puede poseer un cadáver …» — possessed by its raiser, so on the
    // raiser's side (RULES.md, share H). A dead ally of the raiser rose on the enemy's side:
    // possession flipped the side instead of giving the possessor's.
    let raise = json!({"name": "R", "ene": 2, "range": 0, "quality": 3,
        "traits": ["Invocación", "Magia: resucitar"]});
    let mut st = position(
        &open(11, 16),
        &[
            C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
                .meta(raise)
                .facing("S"),
            C::new(race(6, 7, 6, 6), 5, 5).set("wounds", 7),
        ],
        &[C::std(0, 15).facing("S").status("acted")],
        0,
    );
    assert!(st.dead(1));
    let log = play(&mut st, &["a1 meta m1 a2"], &[3]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 4 r3"]);
    assert!(st.able(1) && st.raised(1));
    assert_eq!(st.side_of(1), engine::Side::A);
    // A file with a possessed character names its possessor (its side is the possessor's).
    let mut v = setup_json(
        &open(6, 6),
        &[C::std(0, 0)],
        &[C::std(5, 5).status("possessed")],
        0,
        10,
    );
    let s = engine::Setup::from_json(&v.to_string()).unwrap();
    let e = State::from_setup(&s, None).unwrap_err().to_string();
    assert!(e.contains("possessor"), "{e}");
    v["sides"]["B"][0]["possessor"] = json!("a1");
    let st = load(&v);
    assert_eq!(st.side_of(1), engine::Side::A);
}

#[test]
fn audit_a_willing_ally_is_possessed_without_stress() {
    // Posesión: «Requiere que el objetivo tenga tantos niveles de estrés como VOL o CAL, excepto
    // si el objetivo se presta voluntario a la posesión». a1 (titiritero, VOL 6) and its ally
    // a2 (stress 0, already acted, ENE 0) 3 K away; b1 far off, its back turned.
    let willing = || {
        position(
            &open(11, 14),
            &[
                C::new(race_t(4, 5, 4, 6, &["Titiritero"]), 5, 1).facing("S"),
                C::std(5, 4).set("ene", 0).status("acted"),
            ],
            &[C::std(5, 13).facing("S")],
            0,
        )
    };
    let mut st = willing();
    assert!(legal(&st, "a1 possess a2"));
    // CH VOL 6: no early window (no enemy is its target), no CH VOL ENF.
    let log = play(&mut st, &["a1 possess a2"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH VOL possess 6 r5"]);
    assert_eq!(st.side_of(1), engine::Side::A, "it stays on its side");
    // «el personaje actuando podrá gastar su propia ENE para realizar acciones con el objetivo
    // poseído»: a2 moves on a1's ENE (8 − 3 − 1).
    let log = play(&mut st, &["a2 move 5,5"], &[]);
    assert_eq!(spent(&log), [1]);
    assert_eq!((st.ch(0).ene, st.ch(1).ene, st.ch(1).pos), (4, 0, sq(5, 5)));
    // A failed check: nothing. Beyond VOL K (6): not offered.
    let mut st = willing();
    play(&mut st, &["a1 possess a2"], &[7]);
    assert!(!legal(&st, "a2 move 5,5"));
    let st = position(
        &open(11, 14),
        &[
            C::new(race_t(4, 5, 4, 6, &["Titiritero"]), 5, 1).facing("S"),
            C::std(5, 8),
        ],
        &[C::std(5, 13).facing("S")],
        0,
    );
    assert!(!legal(&st, "a1 possess a2"));
}

// ----- ACCIONES GENÉRICAS / En guardia, Esconderse: «No puede pivotar» -----

/// a1 acts on (5, 1); b1 (`b`) on (5, 5) facing it, so it may react to what a1 does.
fn watched(b: C) -> State {
    position(
        &open(11, 10),
        &[C::std(5, 1).facing("S")],
        &[b.set("at", [5, 5]).facing("N"), C::std(0, 9).facing("S")],
        0,
    )
}

#[test]
fn audit_a_reactor_on_guard_or_hidden_does_not_pivot() {
    // «En guardia (2) No puede pivotar. … El éxito de su siguiente CH VOL por una reacción se
    // verá incrementado en +2 puntos»: the CH VOL is 4 + 2; passed, its reaction may be any
    // but Pivotar («Pivotar (3/1) … Pj reaccionando 1»), and making it ends the guard.
    let mut st = watched(C::std(0, 0).status("guard"));
    let log = play(&mut st, &["a1 crouch", "b1 react"], &[6]);
    assert_eq!(checks(&st, &log), ["b1 CH VOL reaction 6 r6"]);
    assert!(!legal(&st, "b1 pivot S"));
    assert!(legal(&st, "b1 crouch"));
    play(&mut st, &["b1 crouch"], &[]);
    assert!(!st.ch(1).has(engine::state::GUARD));
    // Without the guard the same reactor may pivot.
    let mut st = watched(C::std(0, 0));
    play(&mut st, &["a1 crouch", "b1 react"], &[4]);
    assert!(legal(&st, "b1 pivot S"));
    // «Esconderse (2) … No puede pivotar»: hidden, no Pivotar either.
    let mut st = watched(C::std(0, 0).status("hidden"));
    play(&mut st, &["a1 crouch", "b1 react"], &[4]);
    assert!(!legal(&st, "b1 pivot S"));
    assert!(legal(&st, "b1 crouch"));
}

// ----- COMBATE / Combate CaC múltiple -----

#[test]
fn audit_when_the_target_falls_the_fighter_takes_another_or_steps_away() {
    // «Combate CaC múltiple.- … Si el objetivo es baja podemos: combatir con otro Pj trabado,
    // combatir con otro Pj no trabado a 1 K, o apartarnos.» a1 (CON 6, DAÑ 6 + 2) is in contact
    // with b1 and b2; b3 stands 2 K off (a 1 K gap). b1 falls to the first blow.
    let mut st = position(
        &open(11, 12),
        &[C::new(race(6, 5, 4, 4), 5, 5)
            .weapon(weapon(2, 6, 0, 4, &[]))
            .set("ene", 10)],
        &[
            C::std(5, 6).facing("S"),
            C::std(4, 6).facing("S"),
            C::std(7, 5).facing("E"),
            C::std(10, 11).facing("S"),
        ],
        0,
    );
    play(&mut st, &["a1 melee b1 w1"], &[3, 9]);
    assert!(st.dead(1));
    // «combatir con otro Pj trabado»: b2, still in contact.
    assert!(legal(&st, "a1 melee b2 w1"));
    assert!(dests(&st, 0, "move").is_empty(), "still engaged with b2");
    // b2 falls too: «combatir con otro Pj no trabado a 1 K» — a Cargar into contact with b3
    // (2 K moved, its + 1 CH IMP and DAÑ) — «o apartarnos»: free to move, no Destrabarse.
    play(&mut st, &["a1 melee b2 w1"], &[3, 9]);
    assert!(st.dead(2));
    assert!(legal(&st, "a1 charge b3 7,4"));
    assert!(!dests(&st, 0, "move").is_empty());
    assert!(dests(&st, 0, "disengage").is_empty());
}

// ----- ACCIONES DE COMBATE / Ataque sorpresa -----

#[test]
fn audit_ataque_sorpresa_also_after_arriving_mimetic_or_invisible() {
    // «Ataque sorpresa (0) El atacante debe llegar: en silencio, invisible o mimético a la espalda
    // del defensor. CH IMP superado automáticamente y DEF-2 en la siguiente acción de combate
    // CaC.» a1 (Mimético, camouflaged) charges b1 from behind (b1 faces S, away from it).
    let scene = |a: C| {
        position(
            &open(11, 10),
            &[a.set("at", [5, 2]).weapon(sword())],
            &[
                C::std(5, 5).prot(prot(1, 2, 4, 4, &[])).facing("S"),
                C::std(0, 9).facing("S"),
            ],
            0,
        )
    };
    let mimetic = || C::new(race_t(4, 5, 4, 4, &["Mimético"]), 0, 0);
    let mut st = scene(mimetic().status("camouflaged"));
    play(&mut st, &["a1 charge b1 5,4", "pass", "pass"], &[]);
    assert!(legal(&st, "a1 surprise b1"));
    // No CH IMP; CH DEF 2 − 2 = 0; DAÑ 2 + Cargar's 1.
    let log = play(&mut st, &["a1 surprise b1", "a1 melee b1 w1"], &[5, 3]);
    assert_eq!(checks(&st, &log), ["b1 CH DEF 0 r5", "b1 CH PSI 4 r3"]);
    assert_eq!(st.ch(1).wounds, 3);
    // Not camouflaged, the same charge arrives seen (b1 hears it: the second window): no
    // surprise.
    let mut st = scene(mimetic());
    play(&mut st, &["a1 charge b1 5,4", "pass", "pass"], &[]);
    assert!(!legal(&st, "a1 surprise b1"));
    // Invisible (hidden, Invisible's state): arriving from hiding is arriving unseen.
    let mut st = scene(C::new(race_t(4, 5, 4, 4, &["Invisible"]), 0, 0).status("hidden"));
    play(&mut st, &["a1 charge b1 5,4", "pass", "pass"], &[]);
    assert!(legal(&st, "a1 surprise b1"));
}

// ----- ACCIONES: the ENE of every row -----

/// The ENE an action costs now, from its notation.
fn ene(st: &State, text: &str) -> i8 {
    match st
        .parse_action(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
    {
        engine::Action::Act { who, kind, .. } => st.action_cost(who, &kind),
        a => panic!("{a:?}"),
    }
}

#[test]
fn audit_every_row_of_acciones_costs_the_ene_in_its_brackets() {
    // In contact: a1 (a blade of ENE 3, a bow of ENE 2) with b1; a2, wounded, beside a1.
    let melee = position(
        &open(11, 10),
        &[
            C::std(5, 5)
                .weapon(weapon(3, 2, 0, 4, &[]))
                .weapon(bow())
                .set("ene", 10),
            C::std(4, 5).set("wounds", 1),
        ],
        &[C::std(5, 6).facing("S"), C::std(0, 9).facing("S")],
        0,
    );
    for (text, want) in [
        ("a1 melee b1 w1", 3),      // Ataque CaC (X): X = ENE del arma
        ("a1 melee b1 w2", 2),      // Ataque CaC con arma de disparo (X)
        ("a1 unarmed b1", 1),       // Ataque CaC sin armas (1)
        ("a1 club b1 w2", 3),       // Ataque CaC con objeto improvisado (3)
        ("a1 disarm b1", 3),        // Desarmar (3)
        ("a1 push b1", 1),          // Empujar (1)
        ("a1 immobilise b1", 1),    // Inmovilizar enemigo (1)
        ("a1 knockout b1", 1),      // Noquear (1)
        ("a1 disengage 5,3", 2),    // Destrabarse del combate CaC (2)
        ("a1 support a2", 3),       // Apoyar (3)
        ("a1 heal a2", 3),          // Curar / Reparar (3)
        ("a1 concentrate", 2),      // Concentrarse (2)
        ("a1 guard", 2),            // En guardia (2)
        ("a1 crouch", 1),           // Agacharse (1)
        ("a1 prone", 1),            // Cuerpo a tierra (1)
        ("a1 trade a2 give w2", 1), // Comerciar (1)
        ("a1 drop w1", 0),          // Soltar (X): X = 0 but for a bomb
    ] {
        assert_eq!(ene(&melee, text), want, "{text}");
    }
    // At range: a1 with its bow, b1 5 K off; a cover square beside a1.
    let mut board = open(11, 10);
    board[1] = "....o......".into();
    let ranged = position(
        &board,
        &[C::std(5, 1).weapon(bow()).set("ene", 10)],
        &[C::std(5, 6).facing("S"), C::std(0, 9).facing("S")],
        0,
    );
    for (text, want) in [
        ("a1 shoot b1 w1", 2),   // Ataque a distancia (X): X = ENE del arma
        ("a1 throw b1 w1", 2),   // Lanzar armas / objetos (2)
        ("a1 charge b1 5,5", 2), // Cargar (2)
        ("a1 move 6,2", 1),      // Mover (1)
        ("a1 run 6,3", 2),       // Correr (2)
        ("a1 sprint 10,1", 3),   // Esprintar (3)
        ("a1 sneak 6,2", 2),     // Mover sin hacer ruido (2)
        ("a1 hide", 2),          // Esconderse (2)
        ("a1 wait", 1),          // Esperar (1)
    ] {
        assert_eq!(ene(&ranged, text), want, "{text}");
    }
}

// ----- COMBATE / Pifia en CH IMP on the second CH IMP -----

#[test]
fn audit_a_fumbled_second_ch_imp_is_a_pifia_en_ch_imp() {
    // «Pifia en CH IMP: se recibe un impacto automático de DAÑ 1, y el arma gana 1 herida»;
    // «Ataque a distancia a un combate CaC … sin crítico en el CH IMP debe realizar un segundo
    // CH IMP. … si falla, acierta a otro luchador». a1 shoots b1, engaged by a2 and a3: the
    // first CH IMP passes, the second is a 10 — failed, the d10 (2) sends the shot to a3 (the
    // bow's DAÑ 2 as fired); then the pifia: a1 takes its DAÑ 1 (CH DEF 0 r9, 1 wound, CH PSI)
    // and the bow gains a wound.
    let into = || {
        position(
            &open(11, 10),
            &[
                C::std(5, 1).weapon(bow()),
                C::std(4, 7).facing("N"),
                C::std(6, 7).facing("N"),
            ],
            &[C::std(5, 6).facing("S")],
            0,
        )
    };
    let mut st = into();
    let log = play(&mut st, &["a1 shoot-melee b1 w1"], &[4, 10, 2, 6, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "a1 CH IMP 5 r10",
            "a3 CH DEF 0 r6",
            "a3 CH PSI 4 r3",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!((st.ch(0).wounds, st.ch(0).wear[0]), (1, 1));
    assert_eq!(
        (st.ch(1).wounds, st.ch(2).wounds, st.ch(3).wounds),
        (0, 2, 0)
    );
    // «Ataque CaC con arma de disparo … si pasa el CH IMP, deberá pasar un segundo CH IMP»: its
    // second check fumbled, the same mishap, and b1 is not hit.
    let mut st = position(
        &open(11, 12),
        &[C::std(5, 5).weapon(bow())],
        &[C::std(5, 6).facing("S"), C::std(10, 11).facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 10, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r3",
            "a1 CH IMP 5 r10",
            "a1 CH DEF 0 r9",
            "a1 CH PSI 4 r2"
        ]
    );
    assert_eq!(
        (st.ch(0).wounds, st.ch(0).wear[0], st.ch(1).wounds),
        (1, 1, 0)
    );
}

#[test]
fn audit_a_shot_into_a_melee_strays_only_onto_a_fighter() {
    // «si falla, acierta a otro luchador»: a2 fights b1; b2 stands beside b1 but in contact with
    // no enemy — no fighter. The second CH IMP fails and the d10 (2) picks among the fighters
    // only: a2 (before, b2 was a candidate too and this d10 picked it).
    let mut st = position(
        &open(11, 10),
        &[C::std(5, 1).weapon(bow()), C::std(4, 7).facing("N")],
        &[C::std(5, 6).facing("S"), C::std(6, 5).facing("S")],
        0,
    );
    let log = play(&mut st, &["a1 shoot-melee b1 w1", "pass"], &[4, 7, 2, 6, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP 5 r4",
            "a1 CH IMP 5 r7",
            "a2 CH DEF 0 r6",
            "a2 CH PSI 4 r3"
        ]
    );
    assert_eq!(wounds(&st), [0, 2, 0, 0]);
}
