//! Audit 21: the rulebook read again against the engine — the leftovers of audit 20 (CaC
//! múltiple, Esquivar's fumble, Percibir, …) and the sections audit 20 did not read (MOVIMIENTO,
//! ÁREAS, Transportes, METAHABILIDADES, ESTADO DEL EQUIPO, Ruido / CdV / LdV, SECUENCIA DE
//! JUEGO), each test an independent rule case — a position, scripted dice, one action and the
//! exact outcome the text implies (RULES.md, "audit 21"). Standard race: CON 4, AGI 5, INT 4,
//! VOL 4.

use crate::build::*;
use engine::State;

/// a1 (`a`) on (5, 5) facing N and b1 (`b`) on (5, 6) facing it, in contact; a1 acts.
fn face_to_face(a: C, b: C) -> State {
    position(
        &open(11, 12),
        &[a.set("at", [5, 5])],
        &[b.set("at", [5, 6]).facing("N")],
        0,
    )
}

// ----- ACCIONES DE COMBATE / Esquivar en CaC -----

#[test]
fn audit_a_fumbled_ch_agi_enf_against_a_dodge_is_a_pifia_en_ch_imp() {
    // «Esquivar en CaC (3, AGI ENF) En lugar de CH IMP, CH AGI ENF»: the attacker's CH AGI ENF
    // stands for its CH IMP, so its fumble is «Pifia en CH IMP: se recibe un impacto automático
    // de DAÑ 1, y el arma gana 1 herida» — a1's CH DEF 0 r6 takes the wound, its CH PSI r3.
    let acts = ["a1 melee b1 w1", "b1 react", "b1 dodge", "pass"];
    let mut st = face_to_face(C::std(0, 0).weapon(sword()), C::std(0, 0));
    let log = play(&mut st, &acts, &[2, 10, 3, 6, 3]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH VOL reaction 4 r2",
            "a1 CH AGI ENF (dodged) 5 r10",
            "b1 CH AGI ENF (dodge) 4 r3",
            "a1 CH DEF 0 r6",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!(
        (st.ch(0).wounds, st.ch(0).wear[0], st.ch(1).wounds),
        (1, 1, 0)
    );
    // The dodger's own fumble on top of a lost dodge: «Pifia, DAÑ +1 al ataque» — DAÑ 2 + 1.
    let mut st = face_to_face(C::std(0, 0).weapon(sword()), C::std(0, 0));
    play(&mut st, &acts, &[2, 4, 10, 7, 3]);
    assert_eq!(st.ch(1).wounds, 3);
}

// ----- ACCIONES GENÉRICAS / Percibir -----

#[test]
fn audit_percibir_discovers_on_a_pass_and_a_critical_alike() {
    // «Percibir (2, INT) Descubre enemigos en las inmediaciones, a tantos K como INT. Si pasa, se
    // colocan marcadores de ubicación. Si hay crítico, se colocan las miniaturas»; Esconderse:
    // «CH INT ENF para descubrirle y poder actuar sobre él». Both discover: the hider within
    // INT 4 K is no longer hidden after a pass (r4) and after a critical (r1); a failure (r5)
    // leaves it hidden.
    for (die, hidden) in [(4, false), (1, false), (5, true)] {
        let mut st = position(
            &open(9, 9),
            &[C::std(4, 1)],
            &[C::std(4, 5).status("hidden").facing("S")],
            0,
        );
        let log = play(&mut st, &["a1 perceive"], &[die]);
        assert_eq!(checks(&st, &log), [format!("a1 CH INT perceive 4 r{die}")]);
        assert_eq!(st.ch(1).has(engine::state::HIDDEN), hidden, "r{die}");
    }
}

// ----- ACCIONES GENÉRICAS / En guardia, Esconderse: «No puede pivotar» -----

#[test]
fn audit_the_actor_on_guard_or_hidden_does_not_turn_freely() {
    // b1, its back to a1, sees nothing: no window after the quiet actions.
    let alone = |a: C| {
        let b = C::std(4, 8).facing("S");
        position(&open(9, 9), &[a.set("at", [4, 1])], &[b], 0)
    };
    // Free turns while acting: «Los Pj giran y pivotan cuando actúan sin coste de ENE».
    let mut st = alone(C::std(0, 0));
    play(&mut st, &["a1 concentrate facing S"], &[]);
    assert_eq!(st.ch(0).facing, engine::Facing::S);
    assert!(legal(&st, "a1 end facing E"));
    // «En guardia (2) No puede pivotar»: the turn that comes with the Guard action is the one
    // made before it (acting, a free turn and an action come in the player's order); once on
    // guard, the end of the activation keeps its facing.
    let mut st = alone(C::std(0, 0));
    play(&mut st, &["a1 guard facing S"], &[]);
    assert_eq!(st.ch(0).facing, engine::Facing::S);
    assert!(st.ch(0).has(engine::state::GUARD));
    assert!(!legal(&st, "a1 end facing E") && legal(&st, "a1 end facing S"));
    // «Esconderse (2) … No puede pivotar»: a hidden actor's action that keeps it hidden makes
    // no turn, nor does its end.
    let mut st = alone(C::std(0, 0).status("hidden"));
    play(&mut st, &["a1 concentrate facing S"], &[]);
    assert_eq!(st.ch(0).facing, engine::Facing::N);
    assert!(!legal(&st, "a1 end facing S") && legal(&st, "a1 end facing N"));
    // A move ends the hiding (and faces the way it goes), so the turn after it is free.
    let mut st = alone(C::std(0, 0).status("hidden"));
    play(&mut st, &["a1 move 4,2 facing W"], &[]);
    assert_eq!(st.ch(0).facing, engine::Facing::W);
}

// ----- PSICOLOGÍA / Cuándo chequear PSI: «Sufra una situación traumática» -----

#[test]
fn audit_an_allys_death_in_sight_is_no_situacion_traumatica() {
    // The rulebook names no «situación traumática»: the engine makes a CH PSI only where a
    // wound, an action, a trait or the count of enemies asks it (RULES.md, PSICOLOGÍA). b1 is
    // shot dead (DAÑ 6, CH DEF 0 r9: more wounds than CON 4, kept at CON + 1) before b2, 1 K
    // away and facing it: b2 makes no CH PSI (its reaction window is passed).
    let a = C::std(0, 0).weapon(weapon(2, 6, 10, 3, &[]));
    let mut st = position(
        &open(9, 9),
        &[a.set("at", [4, 1]).facing("S")],
        &[
            C::std(4, 4).facing("S"),
            C::std(5, 5).facing("NW").status("acted"),
        ],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9]);
    assert_eq!(checks(&st, &log), ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9"]);
    assert_eq!(wounds(&st), [0, 5, 0]);
}

// ----- CONCEPTOS BÁSICOS / Campo de tiro: «Un arma fija tiene un campo de tiro de 90°» -----

#[test]
fn audit_a_transports_own_weapon_is_fixed_and_fires_in_its_90_degree_field() {
    use crate::transport_gear::convoy;
    // The truck stands at (3, 3) facing S; a2 aboard fires its gun (ALC 10). Its field of fire
    // is the quarter centred on S, closed: straight ahead (3, 9), the 45° diagonal (6, 6) and
    // (5, 7) inside; (7, 6) — 4 K aside for 3 K ahead — and (7, 3), abeam, outside, though
    // within ALC and in the 180° in front.
    for (x, y, fires) in [
        (3, 9, true),
        (6, 6, true),
        (5, 7, true),
        (7, 6, false),
        (7, 3, false),
    ] {
        let st = load(&convoy(true, 1, C::std(x, y)));
        assert_eq!(legal(&st, "a2 shoot b1 t1.w1"), fires, "b1 at ({x}, {y})");
    }
}

// ----- ACCIONES DE MOVIMIENTO / Correr: «No afecta a Cargar» -----

#[test]
fn audit_correr_does_not_reach_a_charge_nor_the_melee_after_it() {
    // «Correr (2) MOV+1K. CH AGI +1 si la siguiente acción es de movimiento, y CH AGI -1 si no lo
    // es. No afecta a Cargar»: run 2 K, charge b1 (the next action, no check of its own), then
    // the melee: CH IMP 5 + 1 (Cargar) = 6, no Correr −1 carried past the charge.
    let a = C::std(0, 0).weapon(sword()).set("at", [3, 1]);
    let b = C::std(3, 8).facing("S");
    let mut st = position(&open(7, 12), &[a], &[b, C::std(0, 11).status("acted")], 0);
    let log = play(
        &mut st,
        &[
            "a1 run 3,3",
            "pass",
            "a1 charge b1 3,7",
            "pass",
            "pass",
            "a1 melee b1 w1",
            "pass",
        ],
        &[9],
    );
    assert_eq!(checks(&st, &log), ["a1 CH IMP 6 r9"]);
}

// ----- SECUENCIA DE JUEGO / Turnos e iniciativa: «Pj vivos sobre el escenario» -----

#[test]
fn audit_initiative_is_rolled_with_any_living_character_on_the_table() {
    // «Cada turno, los jugadores lanzan 1D10 + VOL de uno de sus Pj vivos sobre el escenario»:
    // a1 (VOL 7) is incapacitated (wounds = CON 4) — a casualty, but alive and on the table —
    // so side A may roll with it; a2 is dead (wounds 5 > CON) and a3 an Eliminar'd body: never.
    let a = [
        C::new(race(4, 5, 4, 7), 1, 0).set("wounds", 4),
        C::new(race(4, 5, 4, 8), 2, 0).set("wounds", 5),
        C::new(race(4, 5, 4, 9), 3, 0)
            .set("wounds", 5)
            .status("removed"),
        C::new(race(4, 5, 4, 3), 4, 0),
    ];
    let mut v = setup_json(&open(9, 9), &a, &[C::std(4, 8)], 0, 10);
    v["game"]["decision"] = serde_json::json!({"kind": "initiative", "side": "A"});
    let mut st = load(&v);
    assert_eq!(all_legal(&st), ["init a1", "init a4"]);
    // 7 + 2 against b1's 4 + 4: side A wins the advantage.
    play(&mut st, &["init a1", "init b1"], &[2, 4]);
    assert_eq!(st.advantage(), engine::Side::A);
}

// ----- BONUS Y MALUS / Horror, Cobarde: a CH PSI before the attack -----

#[test]
fn audit_horror_asks_a_ch_psi_to_attack_it_in_melee_only() {
    // «Horror: Enemigo CH PSI para poder atacar CaC»: a1's CH PSI (CH VOL 4) r3 comes first,
    // then its CH IMP 5 r3, b1's CH DEF 0 r9 (DAÑ 2) and its CH PSI r2.
    let horror = || C::new(race_t(4, 5, 4, 4, &["Horror"]), 0, 0);
    let fighter = || C::std(0, 0).weapon(sword()).weapon(bow());
    let acts = ["a1 melee b1 w1", "pass", "pass"];
    let mut st = face_to_face(fighter(), horror());
    let log = play(&mut st, &acts, &[3, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH PSI 4 r3",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    assert_eq!(st.ch(1).wounds, 2);
    // Failed (r7): «Fallo: falla la acción y +1 estrés» — no CH IMP; the ENE 2 is spent.
    let mut st = face_to_face(fighter(), horror());
    let log = play(&mut st, &acts, &[7]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r7"]);
    assert_eq!((st.ch(0).stress, st.ch(0).ene, st.ch(1).wounds), (1, 6, 0));
    // At range there is no CH PSI: only the shot (CH IMP 5 r3, CH DEF 0 r9, CH PSI r2).
    let mut st = position(
        &open(9, 9),
        &[fighter().set("at", [4, 1]).facing("S")],
        &[horror().set("at", [4, 4]).facing("N")],
        0,
    );
    let log = play(&mut st, &["a1 shoot b1 w2", "pass", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
}

#[test]
fn audit_cobarde_asks_a_ch_psi_for_any_attack() {
    // «Cobarde: Debe superar un CH PSI para atacar»: a shot too. Passed (r4 = VOL 4): the shot
    // follows; failed (r5): +1 stress, no CH IMP, the bow's ENE 2 spent.
    let coward = || C::new(race_t(4, 5, 4, 4, &["Cobarde"]), 4, 1).weapon(bow());
    let target = || C::std(4, 4).facing("N");
    let mut st = position(&open(9, 9), &[coward().facing("S")], &[target()], 0);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass", "pass"], &[4, 3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH PSI 4 r4",
            "a1 CH IMP 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2"
        ]
    );
    let mut st = position(&open(9, 9), &[coward().facing("S")], &[target()], 0);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass", "pass"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH PSI 4 r5"]);
    assert_eq!((st.ch(0).stress, st.ch(0).ene, st.ch(1).wounds), (1, 6, 0));
}

// ----- BONUS Y MALUS / auras «a 5K»: the edge of the radius -----

#[test]
fn audit_an_aura_of_5_k_reaches_5_k_and_not_6() {
    // «Hálito de podredumbre: Enemigos a 5K CH DEF -1»: a2 holds it; b1 (DEF 2) is shot by a1.
    // a2 5 K from b1 (king steps): CH DEF 2 − 1 = 1; 6 K away: 2. «Presencia de protección:
    // Aliados 5K CH DEF +1» on b2 beside b1 cancels it.
    let shot = |a2_x: u8, b2: Option<C>| {
        let a = [
            C::std(0, 0).weapon(bow()).set("at", [4, 1]).facing("S"),
            C::new(race_t(4, 5, 4, 4, &["Hálito de podredumbre"]), a2_x, 4).status("acted"),
        ];
        let mut b = vec![C::std(4, 4).facing("N").prot(prot(1, 2, 4, 4, &[]))];
        b.extend(b2);
        let mut st = position(&open(11, 9), &a, &b, 0);
        let log = play(&mut st, &["a1 shoot b1 w1", "pass", "pass"], &[3, 9, 2]);
        checks(&st, &log)[1].clone()
    };
    assert_eq!(shot(9, None), "b1 CH DEF 1 r9");
    assert_eq!(shot(10, None), "b1 CH DEF 2 r9");
    let presence = C::new(race_t(4, 5, 4, 4, &["Presencia de protección"]), 3, 5).status("acted");
    assert_eq!(shot(9, Some(presence)), "b1 CH DEF 2 r9");
}

// ----- ACCIONES DE MOVIMIENTO / Salto de longitud: every row of the AGI table -----

#[test]
fn audit_salto_de_longitud_reaches_by_every_row_of_the_agi_table() {
    use crate::movement_actions::{on, CHASM};
    // «AGI <= 3, salta tantos K como MOV. AGI <= 5, … MOVx2. AGI <= 7, … MOVx3. AGI > 7, …
    // MOVx4»: MOV 1 from (2, 2), the gap on column 3. AGI 3: 1 K clears nothing (no jump).
    for (agi, far) in [(3, 0), (4, 2), (5, 2), (6, 3), (7, 3), (8, 4), (9, 4)] {
        let st = on(&CHASM, C::new(race(4, agi, 4, 4), 0, 0), 2, 2);
        assert_eq!(reach(&st, 0, "jump"), far, "AGI {agi}");
    }
    // MOV 2 (a race twice a human's height): AGI 5 jumps MOV × 2 = 4 K.
    let big = serde_json::json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 2});
    let st = on(&CHASM, C::new(big, 0, 0), 2, 2);
    assert_eq!(reach(&st, 0, "jump"), 4);
}

// ----- COMBATE / Combate CaC múltiple: «Se puede mover por encima de aliados y enemigos» -----

/// Which free squares beside b1 a1 may charge to, as `"x,y"`.
fn charges_at_b1(st: &State) -> Vec<String> {
    all_legal(st)
        .iter()
        .filter_map(|a| a.strip_prefix("a1 charge b1 "))
        .filter(|to| !to.ends_with('+'))
        .map(str::to_string)
        .collect()
}

#[test]
fn audit_a_charge_into_a_melee_crosses_its_fighters_bases() {
    // A corridor three squares wide (walls on columns 3 and 7). b1 on (5, 5) fights a2, a3, a4,
    // which fill row 4 in front of a1 (5, 1). Cargar reaches MOV + 3 = 4 K: over a2 or a4 (and
    // past a3 diagonally) to the free squares beside b1, (4, 5) and (6, 5), 4 steps away; row 6
    // is 5 steps away, out of reach. Without crossing no square beside b1 could be reached.
    let board = rows(&["...#...#..."; 10]);
    let side_a = |row: u8| {
        vec![
            C::std(5, 1).weapon(sword()).facing("S"),
            C::std(4, row).facing("S").status("acted"),
            C::std(5, row).facing("S").status("acted"),
            C::std(6, row).facing("S").status("acted"),
        ]
    };
    let b = |y: u8| vec![C::std(5, y).facing("N"), C::std(9, 9).status("acted")];
    let mut st = position(&board, &side_a(4), &b(5), 0);
    assert_eq!(charges_at_b1(&st), ["4,5", "6,5"]);
    play(&mut st, &["a1 charge b1 4,5", "pass"], &[]);
    assert_eq!((st.ch(0).pos, st.ch(0).ene), (sq(4, 5), 6));
    // The bases of those outside the melee still hold: a2–a4 on row 3 are in contact with
    // nobody, and b1 (5, 5) fights a5 on (5, 6) — a melee, but a1 cannot get past row 3.
    let mut a = side_a(3);
    a.push(C::std(5, 6).facing("N").status("acted"));
    let st = position(&board, &a, &b(5), 0);
    assert!(charges_at_b1(&st).is_empty(), "{:?}", all_legal(&st));
}

// ----- MOVIMIENTO / Obstáculos: «Un obstáculo que llegue al pecho de la miniatura» -----

#[test]
fn audit_a_high_obstacle_is_difficult_terrain_to_a_giant() {
    // «Un obstáculo que llegue al pecho de la miniatura será terreno difícil. Más alto, la mini
    // deberá escalar»; «MOV natural igual a tantos K como veces sean de alto». A high obstacle
    // is 2 K (A16), a chest half a miniature's height: to a MOV 4 giant it is chest-high — it
    // walks over row 3 at + 1 ENE (never stopping on it); to a MOV 3 one it is a climb.
    let tall = |mov: u8| serde_json::json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": mov});
    let mut board = open(7, 12);
    board[3] = "HHHHHHH".into();
    let at = |mov: u8| {
        let a = C::new(tall(mov), 3, 1).set("ene", 10);
        position(&board, &[a], &[C::std(3, 11).facing("S")], 0)
    };
    let st = at(4);
    let d = dests(&st, 0, "move");
    assert!(
        d.contains(&sq(3, 5)) && !d.iter().any(|p| p.y == 3),
        "{d:?}"
    );
    let mut st = st;
    let log = play(&mut st, &["a1 move 3,5"], &[]);
    assert_eq!((spent(&log), st.ch(0).pos), (vec![2], sq(3, 5)));
    assert!(dests(&at(3), 0, "move").iter().all(|p| p.y < 3));
}

// ----- BONUS Y MALUS / Otra oportunidad «DEF /2» and CONCEPTOS BÁSICOS / Redondeo -----

#[test]
fn audit_otra_oportunidad_halves_an_odd_def_by_redondeo() {
    use crate::traits::{armour, gun};
    // «Otra oportunidad: Tiene un 2º CH DEF con DEF /2»; «Redondeo.- Hasta N'49 se redondean a
    // N, y para N'5 o más a N+1»: DEF 3 / 2 = 1,5 → 2; DEF 5 → 3 (2,5). The first CH DEF fails
    // (r6), the second passes at its edge: DAÑ 2 − DEF 2 = 0 wounds; DAÑ 4 − 3 = 1.
    for (def, dmg, second, wounds) in [(3u8, 2u8, 2u8, 0u8), (5, 4, 3, 1)] {
        let a = C::std(0, 0).weapon(gun(dmg, &[]));
        let b = C::std(0, 0).prot(armour(def, &["Otra oportunidad"]));
        let mut st = crate::meta::range(a, b, 5);
        // A wound asks b1's CH PSI (r2).
        let dice = if wounds > 0 {
            vec![3, 6, second, 2]
        } else {
            vec![3, 6, second]
        };
        let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &dice);
        assert_eq!(
            checks(&st, &log)[..3],
            [
                "a1 CH IMP 5 r3".to_string(),
                format!("b1 CH DEF {def} r6"),
                format!("b1 CH DEF {second} r{second}")
            ]
        );
        assert_eq!(st.ch(1).wounds, wounds, "DEF {def}");
    }
}

// ----- BONUS Y MALUS / Miembros prescindibles «hasta CON/2» and Redondeo -----

#[test]
fn audit_a_limb_holds_con_half_by_redondeo() {
    use crate::traits::contact;
    // «Se acumularán heridas en cada extremidad hasta CON/2, que se perderá. Después en cabeza»;
    // Redondeo: CON 5 / 2 = 2,5 → 3. b1 (CON 5) takes DAÑ 4 (CH DEF 0 r9) on zone 1 (left arm):
    // the arm holds 3 and is lost, 1 goes to the head.
    let b = C::new(race_t(5, 5, 4, 4, &["Miembros prescindibles"]), 0, 0);
    let mut st = contact(C::std(0, 0).weapon(weapon(2, 4, 0, 4, &[])), b);
    let log = play(&mut st, &["a1 melee b1 w1"], &[3, 9, 1, 2]);
    assert!(statuses(&st, &log).contains(&"b1 loses a limb".to_string()));
    assert_eq!((st.ch(1).wounds, st.body(1).limbs), (1, [3, 0, 0, 0]));
    // (CON 4 holds 2 either way: `traits::traits_h::miembros_prescindibles_…`.)
}

// ----- BONUS Y MALUS / Munición aliento de dragón «ALC /2» and Redondeo -----

#[test]
fn audit_aliento_de_dragon_halves_an_odd_alc_by_redondeo() {
    // «Munición aliento de dragón: ALC /2, DAÑ +2 y CAL -1»; Redondeo: ALC 5 / 2 = 2,5 → 3.
    // An ordinary shot reaches b1 3 K away, not 4 K away (that is a long shot).
    let a = || C::std(0, 0).weapon(weapon(2, 2, 5, 5, &["Munición aliento de dragón"]));
    let st = crate::meta::range(a(), C::std(0, 0), 3);
    assert!(legal(&st, "a1 shoot b1 w1"));
    let st = crate::meta::range(a(), C::std(0, 0), 4);
    assert!(!legal(&st, "a1 shoot b1 w1") && legal(&st, "a1 shoot-long b1 w1"));
}

#[test]
fn audit_explorador_adds_one_to_the_initiative_roll() {
    // «Explorador: +1 a la tirada de ventaja»: a1 (VOL 4, Explorador) rolls 4 + 1 + 3 = 8
    // against b1's 4 + 4 = 8 — a tie, rolled again (RULES.md): 4 + 1 + 2 = 7 against 4 + 4.
    let a = [C::new(race_t(4, 5, 4, 4, &["Explorador"]), 4, 0)];
    let mut v = setup_json(&open(9, 9), &a, &[C::std(4, 8)], 0, 10);
    v["game"]["decision"] = serde_json::json!({"kind": "initiative", "side": "A"});
    let mut st = load(&v);
    let log = play(&mut st, &["init a1", "init b1"], &[3, 4, 2, 4]);
    let totals: Vec<[u8; 2]> = log
        .events
        .iter()
        .filter_map(|e| match e {
            engine::Event::Initiative { totals, .. } => Some(*totals),
            _ => None,
        })
        .collect();
    assert_eq!(totals, [[7, 8]]);
    assert_eq!(st.advantage(), engine::Side::B);
}
