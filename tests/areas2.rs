//! The area and scatter traits of BONUS Y MALUS (issue 14's leftovers), with scripted dice
//! (RULES.md, ÁREAS, "Area traits"): Artificiero, Munición de racimo, Munición estabilizadora,
//! Corrector de puntería, Faro, Golpe de los dioses, Alcance infinito, Área permanente,
//! Munición radiactiva, Explota, Inflamable, Distorsión envenenada and Distorsión psíquica.
//!
//! Standard race: CON 4, AGI 5 (CH IMP 5), VOL 4 (CH PSI 4); no protections, so every CH DEF
//! has target 0 and fails. Weapons are quiet so that no reaction window opens.

use crate::build::*;
use engine::State;
use serde_json::{json, Value};

/// An area weapon: ENE 2, DAÑ `dmg`, ALC `range`, CAL 3, quiet, with `extra` traits.
fn area_w(dmg: u8, range: u8, traits: &[&str]) -> Value {
    let mut w = weapon(2, dmg, range, 3, traits);
    w["noise"] = json!("quiet");
    w
}

fn foe(x: u8, y: u8) -> C {
    C::std(x, y).facing("S")
}

/// a1 (race `race`) on (5,1) with weapon `w`; b1 on (5,6); b2 far away, acted.
fn range_of(race: Value, w: Value, b1: C) -> State {
    position(
        &open(11, 12),
        &[C::new(race, 5, 1).facing("S").weapon(w)],
        &[b1, C::std(0, 11).facing("S").status("acted")],
        0,
    )
}

#[test]
fn artificiero_adds_one_dan_to_area_and_fire_weapons_only() {
    // R1 on b1: DAÑ 3 + 1 = 4 wounds (CH DEF 0 r9).
    let art = race_t(4, 5, 4, 4, &["Artificiero"]);
    let mut st = range_of(art.clone(), area_w(3, 10, &["Área (R1)"]), foe(5, 6));
    play(&mut st, &["a1 area w1 b1"], &[3, 9]);
    assert_eq!(wounds(&st), [0, 4, 0]);
    // A weapon named for fire («armas con fuego»): DAÑ 2 + 1.
    let mut fire = area_w(2, 10, &[]);
    fire["name"] = json!("Lanzallamas");
    let mut st = range_of(art.clone(), fire, foe(5, 6));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(wounds(&st), [0, 3, 0]);
    // Any other weapon: its own DAÑ 2.
    let mut st = range_of(art, area_w(2, 10, &[]), foe(5, 6));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(wounds(&st), [0, 2, 0]);
}

#[test]
fn municion_de_racimo_is_an_r_of_its_dan_with_half_the_dan() {
    // DAÑ 3: an R3 (its DAÑ) with DAÑ 2 (half of 3, Redondeo): b1 on the aim and b2 beside it
    // wholly covered.
    let a = [C::std(5, 1)
        .facing("S")
        .weapon(area_w(3, 10, &["Munición de racimo"]))];
    let b = [foe(5, 6), foe(6, 6)];
    let mut st = position(&open(11, 10), &a, &b, 0);
    assert!(all_legal(&st).contains(&"a1 area w1 5,6".to_string()));
    let log = play(&mut st, &["a1 area w1 b1"], &[3, 9, 2, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP area 5 r3",
            "b1 CH DEF 0 r9",
            "b1 CH PSI 4 r2",
            "b2 CH DEF 0 r9",
            "b2 CH PSI 4 r2"
        ]
    );
    assert_eq!(wounds(&st), [0, 2, 2]);
}

#[test]
fn estabilizadora_halves_the_scatter_and_the_corrector_rolls_it_again() {
    // A failed CH IMP (r8) at 5 K: one 1D10. Estabilizadora: 5 K rolled → 3 (Redondeo), E.
    let w = area_w(3, 10, &["Área (R1)", "Munición estabilizadora"]);
    let mut st = range_of(std_race(), w, foe(5, 6));
    let log = play(&mut st, &["a1 area w1 5,6"], &[8, 5, 3]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(8, 6))]);
    // Corrector de puntería: the first scatter (9 K, W) is rolled again (2 K, E) and stands.
    let w = area_w(3, 10, &["Área (R1)", "Corrector de puntería"]);
    let mut st = range_of(std_race(), w, foe(5, 6));
    let log = play(&mut st, &["a1 area w1 5,6"], &[8, 9, 7, 2, 3]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(7, 6))]);
    assert!(statuses(&st, &log).contains(&"a1 re-rolls the scatter".to_string()));
}

#[test]
fn faro_of_the_throwers_side_within_five_k_of_the_aim_stops_the_scatter() {
    // a2 carries a Faro 3 K from the aim: the failed CH IMP (r8) lands where aimed, on b1.
    let faro = json!({"name": "Baliza", "ene": 1, "range": 0, "quality": 1, "traits": ["Faro"]});
    let a = [
        C::std(5, 1)
            .facing("S")
            .weapon(area_w(3, 10, &["Área (R1)"])),
        C::std(5, 3).object(faro.clone()),
    ];
    let b = [foe(5, 6), C::std(0, 11).facing("S").status("acted")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,6"], &[8, 9, 2]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 6))]);
    assert_eq!(wounds(&st), [0, 0, 3, 0]);
    // An enemy's Faro does not guide a1's fire: it scatters (3 K, E).
    let a = [C::std(5, 1)
        .facing("S")
        .weapon(area_w(3, 10, &["Área (R1)"]))];
    let b = [
        foe(5, 6).object(faro),
        C::std(0, 11).facing("S").status("acted"),
    ];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 5,6"], &[8, 3, 3]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(8, 6))]);
}

#[test]
fn golpe_de_los_dioses_aims_without_sight_and_alcance_infinito_beyond_the_cdv() {
    // A wall between a1 and the aim: only Golpe de los dioses may aim there.
    let board = rows(&[
        "...........",
        "...........",
        "...........",
        "..#######..",
        "...........",
        "...........",
        "...........",
        "...........",
    ]);
    let mk = |traits: &[&str]| {
        let a = [C::std(5, 1).facing("S").weapon(area_w(3, 10, traits))];
        let b = [foe(5, 6), C::std(0, 7).facing("S").status("acted")];
        position(&board, &a, &b, 0)
    };
    let st = mk(&["Área (R1)"]);
    assert!(!legal(&st, "a1 area w1 5,6"));
    let mut st = mk(&["Área (R1)", "Dispersión", "Golpe de los dioses"]);
    assert!(legal(&st, "a1 area w1 5,6"));
    // [Dispersión] without LdV and no critical: 1D10 per 20 K — 2 K, S (direction 5).
    let log = play(&mut st, &["a1 area w1 5,6"], &[3, 2, 5]);
    assert_eq!(landed(&log), [(sq(5, 6), sq(5, 7))]);
    // Alcance infinito: ALC 2 reaches 20 K; beyond the CdV (VOL 4 × 5 = 20 K) it may aim,
    // and a hit scatters (1D10 per 30 K: 1 K, N).
    let a = [C::std(1, 1)
        .facing("S")
        .weapon(area_w(3, 2, &["Área (R1)", "Alcance infinito"]))];
    let b = [foe(1, 22), C::std(0, 24).facing("S").status("acted")];
    let mut st = position(&open(4, 25), &a, &b, 0);
    assert_eq!(st.weapon_range(0, 0), 255);
    assert!(legal(&st, "a1 area w1 1,22"));
    let log = play(&mut st, &["a1 area w1 1,22"], &[3, 1, 1]);
    assert_eq!(landed(&log), [(sq(1, 22), sq(1, 21))]);
    // Within the CdV a hit lands where aimed.
    let b = [foe(1, 12), C::std(0, 24).facing("S").status("acted")];
    let a = [C::std(1, 1)
        .facing("S")
        .weapon(area_w(3, 2, &["Área (R1)", "Alcance infinito"]))];
    let mut st = position(&open(4, 25), &a, &b, 0);
    let log = play(&mut st, &["a1 area w1 1,12"], &[3, 9, 2]);
    assert_eq!(landed(&log), [(sq(1, 12), sq(1, 12))]);
}

#[test]
fn area_permanente_stays_and_hits_who_enters_and_who_begins_inside() {
    // An R3 on b1 (5,6) that reached it stays: (5,6) and its sides wholly, diagonals partly.
    let w = area_w(3, 10, &["Área (R3)", "Área permanente"]);
    let a = [C::std(5, 1).facing("S").weapon(w)];
    let b = [foe(5, 6), C::std(6, 8).facing("S")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    assert_eq!(wounds(&st), [0, 3, 0]);
    assert_eq!(st.lasting().len(), 1);
    let l = &st.lasting()[0];
    assert_eq!((l.owner, l.dmg), (0, 3));
    assert_eq!(l.covers(sq(5, 7)), Some(true));
    assert_eq!(l.covers(sq(6, 7)), Some(false));
    assert_eq!(l.covers(sq(7, 7)), None);
    // b2 walks onto a diagonal square (6,7): at the end of its move, half the DAÑ (2).
    play(&mut st, &["a1 end facing S", "activate b2"], &[]);
    let log = play(&mut st, &["b2 move 6,7"], &[9, 2]);
    assert!(statuses(&st, &log).contains(&"b2 is hit by a lasting area".to_string()));
    assert_eq!(wounds(&st), [0, 3, 2]);
    // Saved and loaded with the position.
    let back = State::from_setup(&st.to_setup(), None).unwrap();
    assert_eq!(back.lasting(), st.lasting());
    // A lasting area that reached nobody is not laid («Si el objetivo es afectado»).
    let w = area_w(3, 10, &["Área (R1)", "Área permanente"]);
    let mut st = position(&open(11, 12), &[C::std(5, 1).facing("S").weapon(w)], &b, 0);
    play(&mut st, &["a1 area w1 3,6"], &[3]);
    assert!(st.lasting().is_empty());
}

#[test]
fn a_lasting_area_hits_a_mini_that_begins_its_activation_inside() {
    let w = area_w(3, 10, &["Área (R1)", "Área permanente"]);
    let a = [C::std(5, 1).facing("S").weapon(w)];
    let b = [
        foe(5, 6).set("status", json!([])),
        C::std(8, 8).facing("S").status("acted"),
    ];
    let mut st = position(&open(11, 12), &a, &b, 0);
    play(&mut st, &["a1 area w1 b1", "a1 end facing S"], &[3, 9, 2]);
    assert_eq!(wounds(&st), [0, 3, 0]);
    // b1 (3 wounds, CON 4: still able) begins its activation in it: DAÑ 3 again (CH DEF 0 r9):
    // dead.
    let log = play(&mut st, &["activate b1"], &[9]);
    assert!(statuses(&st, &log).contains(&"b1 is hit by a lasting area".to_string()));
    assert!(st.dead(1));
}

#[test]
fn municion_radiactiva_leaves_an_r3_of_the_weapons_dan_where_it_wounds() {
    let w = area_w(2, 10, &["Munición radiactiva"]);
    let mut st = range_of(std_race(), w, foe(5, 6));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 2]);
    assert_eq!(wounds(&st), [0, 2, 0]);
    assert_eq!(st.lasting().len(), 1);
    let l = &st.lasting()[0];
    assert_eq!((l.owner, l.dmg), (0, 2));
    assert_eq!(l.covers(sq(5, 5)), Some(true));
    assert_eq!(l.covers(sq(4, 5)), Some(false));
    // A miss leaves nothing.
    let w = area_w(2, 10, &["Munición radiactiva"]);
    let mut st = range_of(std_race(), w, foe(5, 6));
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[8]);
    assert!(st.lasting().is_empty());
}

#[test]
fn explota_on_death_half_the_time_with_the_killing_attacks_dan() {
    // b1 (MOV 1, Explota) has 4 wounds; a1's DAÑ 3 kills it; 1D100 = 50 (5, 0): it explodes,
    // an R2 (2 × MOV) with DAÑ 3: b2 beside it partly covered (half: 2).
    let exp = race_t(4, 5, 4, 4, &["Explota"]);
    let a = [C::std(5, 1).facing("S").weapon(area_w(3, 10, &[]))];
    let b = [
        C::new(exp.clone(), 5, 6).facing("S").set("wounds", 2),
        foe(6, 6),
    ];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 5, 10, 9, 2]);
    assert!(st.dead(1));
    assert!(statuses(&st, &log).contains(&"b1 explodes (Explota)".to_string()));
    assert_eq!(wounds(&st)[2], 2);
    // 1D100 = 51: no explosion.
    let b = [C::new(exp, 5, 6).facing("S").set("wounds", 2), foe(6, 6)];
    let mut st = position(&open(11, 12), &a, &b, 0);
    play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 5, 1]);
    assert_eq!(wounds(&st)[2], 0);
}

#[test]
fn inflamable_explodes_on_death_and_thirty_percent_of_its_fumbles() {
    // b1 carries an Inflamable tank of DAÑ 4: killed, it explodes, DAÑ 2 over an R4.
    let tank = area_w(4, 0, &["Inflamable"]);
    let a = [C::std(5, 1).facing("S").weapon(area_w(3, 10, &[]))];
    let b = [foe(5, 6).set("wounds", 2).weapon(tank.clone()), foe(6, 6)];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(&mut st, &["a1 shoot b1 w1", "pass"], &[3, 9, 9, 2]);
    assert!(st.dead(1));
    assert!(statuses(&st, &log).contains(&"b1 explodes (Inflamable)".to_string()));
    assert_eq!(wounds(&st)[2], 2, "R4: the side square wholly, DAÑ 4/2");
    // a1 fumbles a shot with an Inflamable weapon: the DAÑ 1 hit (CH DEF r9, CH PSI r2), then
    // 1D100 = 30 (3, 0): it explodes — DAÑ 2 (4/2) over an R4 on itself (CH DEF r9).
    let a = [C::std(5, 1)
        .facing("S")
        .weapon(area_w(4, 10, &["Inflamable"]))];
    let b = [foe(5, 6), foe(6, 6)];
    let mut st = position(&open(11, 12), &a, &b, 0);
    let log = play(
        &mut st,
        &["a1 shoot b1 w1", "pass"],
        &[10, 9, 2, 3, 10, 9, 2],
    );
    assert!(statuses(&st, &log).contains(&"a1 explodes (Inflamable)".to_string()));
    assert_eq!(wounds(&st)[0], 3);
}

#[test]
fn distorsiones_reach_meta_users_within_five_k_unless_a_faro_stands_near() {
    let bola = json!({"name": "Bola", "ene": 3, "range": 10, "quality": 3,
                      "traits": ["Invocación"]});
    let env = json!({"name": "Ídolo", "ene": 1, "range": 0, "quality": 1,
                     "traits": ["Distorsión envenenada", "Distorsión psíquica"]});
    let faro = json!({"name": "Baliza", "ene": 1, "range": 0, "quality": 1, "traits": ["Faro"]});
    let mk = |b2: C| {
        let a = [C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
            .facing("S")
            .meta(bola.clone())];
        position(&open(11, 12), &a, &[foe(5, 6), b2], 0)
    };
    // b2 with the idol 3 K from a1: CH INT 4 − 1 = 3, and a 9 is a fumble.
    let mut st = mk(foe(5, 4).object(env.clone()));
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[9, 2]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 3 r9", "a1 CH PSI 4 r2"]);
    // 6 K away: nothing.
    let mut st = mk(foe(5, 7).object(env.clone()));
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 4 r9"]);
    // A Faro within 5 K of a1 (its own) cancels both.
    let a = [
        C::new(race_t(4, 5, 4, 4, &["Neuromante"]), 5, 1)
            .facing("S")
            .meta(bola.clone()),
        C::std(3, 1).object(faro),
    ];
    let mut st = position(&open(11, 12), &a, &[foe(5, 6), foe(5, 4).object(env)], 0);
    let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[9]);
    assert_eq!(checks(&st, &log), ["a1 CH INT meta 4 r9"]);
}

#[test]
fn a_bad_lasting_area_is_refused_naming_it() {
    let w = area_w(3, 10, &["Área (R1)", "Área permanente"]);
    let a = [C::std(5, 1).facing("S").weapon(w)];
    let b = [foe(5, 6), C::std(8, 8).facing("S")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    play(&mut st, &["a1 area w1 b1"], &[3, 9, 2]);
    let mut v = serde_json::to_value(st.to_setup()).unwrap();
    v["game"]["lasting"][0]["squares"][0][0] = json!({"x": 40, "y": 1});
    let s: engine::Setup = serde_json::from_value(v).unwrap();
    let e = State::from_setup(&s, None).unwrap_err().to_string();
    assert!(
        e.contains("game.lasting[0]") && e.contains("off the board"),
        "{e}"
    );
}

#[test]
fn arco_concentrado_fires_the_drop_as_a_line_with_two_more_dan() {
    // A G3/2 of ALC 0 and DAÑ 1: concentrated, an L5 from a1's base towards (5,2), DAÑ 3.
    let w = area_w(1, 0, &["Área (G3/2)", "Arco concentrado"]);
    let a = [C::std(5, 1).facing("S").weapon(w)];
    let b = [foe(5, 5), C::std(0, 11).facing("S").status("acted")];
    let mut st = position(&open(11, 12), &a, &b, 0);
    assert!(all_legal(&st).contains(&"a1 arc w1 5,2".to_string()));
    let log = play(&mut st, &["a1 arc w1 5,2"], &[3, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH IMP area 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(wounds(&st), [0, 3, 0]);
    assert_eq!(st.ch(0).ene, 6, "the weapon's ENE");
    // Without the trait there is no concentrated mode.
    let w = area_w(1, 0, &["Área (G3/2)"]);
    let st = position(&open(11, 12), &[C::std(5, 1).facing("S").weapon(w)], &b, 0);
    assert!(!legal(&st, "a1 arc w1 5,2"));
}

#[test]
fn control_remoto_sets_a_bomb_off_for_one_ene_without_sight() {
    let mine = |extra: &[&str]| {
        let mut t = vec!["Área (R3)", "Área de activación"];
        t.extend_from_slice(extra);
        area_w(3, 2, &t)
    };
    let board = rows(&[
        "...........",
        "...........",
        "..#######..",
        "...........",
        "...........",
        "...........",
    ]);
    let mk = |w: Value| {
        let a = [C::std(5, 1).facing("N").weapon(w)];
        let b = [foe(5, 4), C::std(0, 5).facing("S").status("acted")];
        let st = position(&board, &a, &b, 0);
        let mut v = st.to_setup();
        v.game.as_mut().unwrap().bombs = vec![engine::state::Bomb {
            owner: 0,
            weapon: 0,
            at: sq(5, 4),
            armed: true,
            tripped: None,
        }];
        State::from_setup(&v, None).unwrap()
    };
    // Behind a wall, 3 K away: ENE 1, the R3 goes off on its square (b1 on it, CH DEF r9).
    let mut st = mk(mine(&["Control remoto"]));
    assert!(legal(&st, "a1 detonate k1"));
    let log = play(&mut st, &["a1 detonate k1"], &[9, 2]);
    assert!(statuses(&st, &log).contains(&"a1 a bomb goes off".to_string()));
    assert_eq!(wounds(&st), [0, 3, 0]);
    assert_eq!(st.ch(0).ene, 7);
    assert!(st.bombs().is_empty());
    // A bomb without the trait, or a bomb index that does not exist: not legal.
    let st = mk(mine(&[]));
    assert!(!legal(&st, "a1 detonate k1"));
    assert!(st.parse_action("a1 detonate k0").is_err());
}

/// a1 on (5,1) with a bow and a mine (R3, ALC 1) lying armed on (5,3); b1 (MOV 4) on `b1`.
fn mined(b1: C) -> State {
    let mine = area_w(3, 1, &["Área (R3)", "Área de activación"]);
    let a = [C::std(5, 1).facing("S").weapon(bow()).weapon(mine)];
    let b = [b1, C::std(0, 11).facing("S").status("acted")];
    let st = position(&open(11, 12), &a, &b, 0);
    let mut v = st.to_setup();
    let g = v.game.as_mut().unwrap();
    g.bombs = vec![engine::state::Bomb {
        owner: 0,
        weapon: 1,
        at: sq(5, 3),
        armed: true,
        tripped: None,
    }];
    State::from_setup(&v, None).unwrap()
}

#[test]
fn a_forced_charge_sets_a_bomb_off_at_its_own_end() {
    // b1 begins its activation in a1's lasting area (DAÑ 1): CH DEF r9, 1 wound; CH PSI r10 is
    // a fumble: stress and a CH LOC, r1 a critical: b1 charges a1 (what provoked it) and ends
    // on (4,2), within the mine's ALC: the mine goes off there and then (CH DEF r9; b1 on the
    // R3's diagonal: half of DAÑ 3), before b1 takes any action (CH PSI r2 for the wounds).
    let fast = json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 4});
    let mut st = mined(C::new(fast, 5, 6).facing("N").set("status", json!([])));
    let mut v = st.to_setup();
    v.game.as_mut().unwrap().lasting = vec![engine::state::Lasting {
        owner: 0,
        dmg: 1,
        squares: vec![(sq(5, 6), true)],
    }];
    st = State::from_setup(&v, None).unwrap();
    play(&mut st, &["a1 end facing S"], &[]);
    let log = play(&mut st, &["activate b1"], &[9, 10, 1, 9, 2]);
    let s = statuses(&st, &log);
    assert!(
        s.contains(&"b1 charges what provoked its madness".to_string()),
        "{s:?}"
    );
    assert!(s.contains(&"a1 a bomb goes off".to_string()), "{s:?}");
    assert!(st.bombs().is_empty());
    assert_eq!(st.ch(1).pos, sq(4, 2));
    assert_eq!(
        wounds(&st),
        [0, 3, 0],
        "1, then half of 3 on the R3's diagonal"
    );
}

#[test]
fn a_move_that_only_crosses_a_bombs_activation_area_does_not_set_it_off() {
    // b1 (MOV 4) moves from (3,3) to (7,3), over the mine's square: it ends 2 K away, beyond
    // ALC 1: nothing (A11 b: the square where the move ends decides).
    let fast = json!({"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4, "mov": 4});
    let mut st = mined(C::new(fast, 3, 3).facing("E").set("status", json!([])));
    play(&mut st, &["a1 end facing S", "activate b1"], &[]);
    play(&mut st, &["b1 move 7,3"], &[]);
    assert_eq!(st.ch(1).pos, sq(7, 3));
    assert_eq!(st.bombs().len(), 1);
    assert!(st.bombs()[0].tripped.is_none());
}
