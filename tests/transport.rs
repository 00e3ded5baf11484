//! CREACIÓN DE TRANSPORTES on the board: a transport placed from its owner's archetype, its
//! passengers and driver, Embarcar / desembarcar (RULES.md, "Transportes").

use crate::build::*;
use engine::state::*;
use engine::{Setup, State};
use serde_json::{json, Value};

/// A truck: ENE 2 to start, MOV 8, DEF 4, CAL 3, Capacidad (2): three seats.
pub fn truck() -> Value {
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 3,
           "traits": ["Capacidad (2)"]})
}

/// A motorbike: one seat (no Capacidad).
pub fn bike() -> Value {
    json!({"name": "Moto", "ene": 1, "mov": 10, "def": 2, "quality": 2})
}

/// An owner with the transport archetype `t`.
pub fn owner(x: u8, y: u8, t: Value) -> C {
    C::std(x, y).set("transports", json!([t]))
}

/// The setup with `transports` entries added.
pub fn with_transports(mut v: Value, transports: Value) -> Value {
    v["transports"] = transports;
    v
}

fn load_err(v: &Value) -> String {
    let s = Setup::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"));
    State::from_setup(&s, None).unwrap_err().to_string()
}

/// A1 drives the truck at (3, 3) with A2 aboard; A3 stands by it; B1 far away.
fn convoy() -> Value {
    let a = [
        owner(3, 3, truck()).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1"),
        C::std(4, 3),
    ];
    with_transports(
        setup_json(&open(10, 10), &a, &[C::std(8, 9)], 0, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1"}]),
    )
}

#[test]
fn a_transport_loads_saves_and_shows_its_passengers() {
    let st = load(&convoy());
    assert_eq!(st.num_transports(), 1);
    let (t, info) = (st.transport(0), st.transport_info(0));
    assert_eq!((t.pos, t.driver, t.count()), (sq(3, 3), 0, 2));
    assert_eq!(
        (info.label.as_str(), info.seats, info.arch.mov),
        ("t1", 3, 8)
    );
    assert_eq!(
        (st.aboard(0), st.aboard(1), st.aboard(2), st.aboard(3)),
        (Some(0), Some(0), None, None)
    );
    // Save → load is the identity, the transport and who is aboard included.
    let s = st.to_setup();
    assert_eq!(s.transports.len(), 1);
    assert_eq!(s.sides.a[1].aboard.as_deref(), Some("t1"));
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.fingerprint(), st.fingerprint());
    assert_eq!(back.to_setup(), s);
    // A position without transports writes none.
    let plain = position(&open(4, 4), &[C::std(0, 0)], &[C::std(3, 3)], 0);
    assert!(!plain.to_setup().to_json().contains("transports"));
}

#[test]
fn bad_transports_are_refused_with_the_field() {
    // A passenger with no transport.
    let mut v = convoy();
    v["sides"]["A"][1]["aboard"] = json!("t2");
    assert!(
        load_err(&v).starts_with("sides.A[1].aboard: \"t2\": no transport of that label"),
        "{}",
        load_err(&v)
    );
    let v = setup_json(
        &open(4, 4),
        &[C::std(0, 0).set("aboard", "t1")],
        &[C::std(3, 3)],
        0,
        10,
    );
    assert!(
        load_err(&v).starts_with("sides.A[0].aboard: "),
        "{}",
        load_err(&v)
    );
    // Over capacity: the bike has the driver's seat only.
    let a = [
        owner(1, 1, bike()).set("aboard", "t1"),
        C::std(1, 1).set("aboard", "t1"),
    ];
    let v = with_transports(
        setup_json(&open(4, 4), &a, &[C::std(3, 3)], 0, 10),
        json!([{"of": "a1", "at": [1, 1]}]),
    );
    assert_eq!(
        load_err(&v),
        "sides.A[1].aboard: t1 is full: 1 seat(s), the driver's plus Capacidad 0"
    );
    // Placed in a wall.
    let mut v = convoy();
    v["board"]["rows"][5] = json!("#.........");
    v["transports"][0]["at"] = json!([0, 5]);
    v["sides"]["A"][0]["at"] = json!([0, 5]);
    v["sides"]["A"][1]["at"] = json!([0, 5]);
    assert_eq!(
        load_err(&v),
        "transports[0].at: 0,5 is Wall, which no transport can stand on"
    );
    // A passenger off the transport's square; a driver not aboard; an owner without one; a
    // base on the transport's square.
    let mut v = convoy();
    v["sides"]["A"][1]["at"] = json!([5, 5]);
    assert!(load_err(&v).starts_with("sides.A[1].at: 5,5 is not the square of t1"));
    let mut v = convoy();
    v["transports"][0]["driver"] = json!("a3");
    assert_eq!(load_err(&v), "transports[0].driver: a3 is not aboard t1");
    let mut v = convoy();
    v["transports"][0]["of"] = json!("a2");
    assert_eq!(
        load_err(&v),
        "transports[0].of: a2 has no transport archetype"
    );
    let mut v = convoy();
    v["sides"]["A"][2]["at"] = json!([3, 3]);
    assert!(load_err(&v).starts_with("sides.A[2].at: 3,3 is taken by t1"));
}

/// A2 stands next to the truck (at (3, 3), A1 its driver aboard); B1 far away. `started`: the
/// truck en marcha.
fn boarding(started: bool) -> State {
    let a = [
        owner(3, 3, truck()).set("aboard", "t1"),
        C::new(race(4, 3, 3, 3), 4, 3),
    ];
    let v = with_transports(
        setup_json(&open(10, 10), &a, &[C::std(8, 9)], 1, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1", "started": started}]),
    );
    load(&v)
}

#[test]
fn embarcar_puts_a_character_aboard_and_it_leaves_the_board_squares() {
    let mut st = boarding(false);
    assert!(legal(&st, "a2 embark t1"));
    // A stopped transport: no check, 1 ENE.
    let log = play(&mut st, &["a2 embark t1"], &[]);
    assert_eq!(spent(&log), vec![1]);
    assert_eq!(st.aboard(1), Some(0));
    assert_eq!(st.ch(1).pos, sq(3, 3));
    assert_eq!(st.transport(0).count(), 2);
    // Aboard it neither moves on foot nor is a target; it may get off next to the transport.
    let mut st = boarding(false);
    play(&mut st, &["a2 embark t1 chain"], &[]);
    let all = all_legal(&st);
    assert!(
        all.iter()
            .all(|a| !a.contains(" move ") && !a.contains(" run ")),
        "{all:?}"
    );
    assert!(legal(&st, "a2 disembark 2,2"));
    assert!(!legal(&st, "a2 disembark 5,5"));
}

#[test]
fn embarcar_on_a_moving_transport_needs_ch_agi_d() {
    // CON 4, AGI 3: D = 1, CH AGI 3 − 1 = 2. A roll of 2 passes, 3 fails (it stays outside).
    let mut st = boarding(true);
    let log = play(&mut st, &["a2 embark t1"], &[2]);
    assert_eq!(checks(&st, &log), vec!["a2 CH AGI boarding 2 r2"]);
    assert_eq!(st.aboard(1), Some(0));
    let mut st = boarding(true);
    let log = play(&mut st, &["a2 embark t1"], &[3]);
    assert_eq!(checks(&st, &log), vec!["a2 CH AGI boarding 2 r3"]);
    assert_eq!((st.aboard(1), st.ch(1).pos), (None, sq(4, 3)));
    assert_eq!(spent(&log), vec![1]);
}

#[test]
fn desembarcar_frees_the_seat_and_the_driver_seat() {
    let mut st = load(&convoy());
    // A1, the driver, gets off: the truck has no driver; A2 stays aboard.
    let log = play(&mut st, &["a1 disembark 3,2"], &[]);
    assert_eq!(spent(&log), vec![1]);
    assert_eq!((st.aboard(0), st.ch(0).pos), (None, sq(3, 2)));
    assert_eq!(st.transport(0).driver, NO_DRIVER);
    assert_eq!(st.transport(0).count(), 1);
    // Nobody gets off onto a base or next to an enemy.
    let st = load(&convoy());
    assert!(!legal(&st, "a1 disembark 4,3"));
}

/// A1 drives the truck (MOV 8) at (1, 5) facing E, A2 aboard; a wall at (9, 5) on a 14-wide
/// board; B1 far away. `started`: en marcha.
fn road(started: bool) -> State {
    let mut board = open(14, 10);
    board[5] = ".........#....".into();
    let a = [
        owner(1, 5, truck()).set("aboard", "t1"),
        C::std(1, 5).set("aboard", "t1"),
    ];
    load(&with_transports(
        setup_json(&board, &a, &[C::std(13, 0)], 0, 10),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1", "started": started}]),
    ))
}

#[test]
fn the_driver_moves_the_transport_straight_ahead_with_its_mov_and_its_passengers() {
    let st = road(false);
    // Mover: up to MOV 8 ahead, but the wall at (9, 5) stops it at (8, 5); never sideways.
    assert!(legal(&st, "a1 drive 8,5"));
    assert!(!legal(&st, "a1 drive 9,5"));
    assert!(!legal(&st, "a1 drive 3,6"), "only straight ahead");
    assert!(!legal(&st, "a2 drive 3,5"), "only the driver drives");
    // A stopped transport: Mover 1 + its ENE 2 to start it; it ends turned 45° clockwise.
    let mut st = road(false);
    let log = play(&mut st, &["a1 drive 5,5 45"], &[]);
    assert_eq!(spent(&log), vec![3]);
    let t = *st.transport(0);
    assert_eq!(
        (t.pos, t.facing, t.started, t.moved),
        (sq(5, 5), engine::basics::geom::Facing::SE, true, 4)
    );
    assert_eq!((st.ch(0).pos, st.ch(1).pos), (sq(5, 5), sq(5, 5)));
    // En marcha: Mover costs 1, Correr 2, Pivotar 3.
    let mut st = road(true);
    let log = play(
        &mut st,
        &[
            "a1 drive 3,5 chain",
            "a1 drive-run 5,5 chain",
            "a1 pivot-transport N",
        ],
        &[],
    );
    assert_eq!(spent(&log), vec![1, 2, 3]);
    assert_eq!(
        (st.transport(0).pos, st.transport(0).facing),
        (sq(5, 5), engine::basics::geom::Facing::N)
    );
}

#[test]
fn a_transport_stops_before_a_base_and_nobody_walks_onto_it() {
    let mut board = open(14, 10);
    board[5] = "..............".into();
    let a = [owner(1, 5, truck()).set("aboard", "t1"), C::std(4, 5)];
    let st = load(&with_transports(
        setup_json(&board, &a, &[C::std(13, 0)], 0, 10),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1"}]),
    ));
    assert!(legal(&st, "a1 drive 3,5"));
    assert!(!legal(&st, "a1 drive 5,5"));
    // An empty transport still takes its square: A2 cannot end a move on it.
    let a = [owner(1, 5, truck()), C::std(2, 5)];
    let st = load(&with_transports(
        setup_json(&board, &a, &[C::std(13, 0)], 1, 10),
        json!([{"of": "a1", "at": [3, 5], "facing": "E"}]),
    ));
    assert!(!legal(&st, "a2 move 3,5"));
    assert!(legal(&st, "a2 move 2,4"));
}

/// [`road`] with the truck en marcha after `moved` K this turn.
fn road_after(moved: u8) -> State {
    let mut s = road(true).to_setup();
    s.transports[0].moved = moved;
    State::from_setup(&s, None).unwrap()
}

#[test]
fn maniobrar_moves_one_k_after_moving_with_ch_agi_d_from_ten_k() {
    // Before moving: no Maniobrar.
    assert!(!legal(&road(true), "a1 manoeuvre 2,4"));
    // After 3 K: no check; 1 K any way, facing unchanged; once.
    let mut st = road_after(3);
    let log = play(&mut st, &["a1 manoeuvre 2,4 chain"], &[]);
    assert_eq!((spent(&log), checks(&st, &log)), (vec![1], vec![]));
    assert_eq!((st.transport(0).pos, st.ch(1).pos), (sq(2, 4), sq(2, 4)));
    assert_eq!(st.transport(0).facing, engine::basics::geom::Facing::E);
    assert!(!legal(&st, "a1 manoeuvre 2,3"));
    // After 12 K: CH AGI D (AGI 5, D: a difficult action, −1): 4. After 20 K: D − 3 → 1; failed,
    // it stays.
    let mut st = road_after(12);
    let log = play(&mut st, &["a1 manoeuvre 2,4"], &[4]);
    assert_eq!(checks(&st, &log), vec!["a1 CH AGI manoeuvre 4 r4"]);
    assert_eq!(st.transport(0).pos, sq(2, 4));
    let mut st = road_after(20);
    let log = play(&mut st, &["a1 manoeuvre 2,4"], &[3]);
    assert_eq!(checks(&st, &log), vec!["a1 CH AGI manoeuvre 1 r3"]);
    assert_eq!(st.transport(0).pos, sq(1, 5));
}

/// The truck at (3, 3), worn down to its CAL (3 wounds: it no longer moves), A1 driving, A2
/// aboard; B1 with a bow (DAÑ 2, ALC 10) 10 K away acts.
fn wreck() -> State {
    let a = [
        owner(3, 3, truck()).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1"),
    ];
    load(&with_transports(
        setup_json(&open(8, 14), &a, &[C::std(3, 13).weapon(bow())], 2, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1", "wounds": 3}]),
    ))
}

#[test]
fn a_shot_past_cal_blows_the_transport_up_and_the_blast_hits_its_passengers() {
    let st = wreck();
    assert!(st.transport_disabled(0));
    assert!(!legal(&st, "b1 shoot a1 w1"), "passengers are not targets");
    assert!(legal(&st, "b1 shoot-transport t1 w1"));
    let mut st = wreck();
    // CH IMP 5 (AGI 5, 10 K: no malus) r3; the truck's CH DEF 4 r9 fails: 2 wounds, 5 > CAL 3:
    // it explodes, DAÑ 4 (its DEF) within 8 K (its MOV): A1 and A2 (CH DEF 0, failed: 4
    // wounds each, CON 4: down), not B1 (10 K).
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], &[3, 9, 8, 8]);
    let c = checks(&st, &log);
    assert_eq!(
        c,
        [
            "b1 CH IMP transport 5 r3",
            "b1 CH DEF transport 4 r9",
            "a1 CH DEF 0 r8",
            "a2 CH DEF 0 r8"
        ]
    );
    assert!(st.transport_destroyed(0));
    assert_eq!(
        (st.ch(0).wounds, st.ch(1).wounds, st.ch(2).wounds),
        (4, 4, 0),
        "{c:?}"
    );
    assert_eq!(st.aboard(0), None);
    // A wreck takes no square and seats nobody; the survivors are set down around it.
    assert_eq!(st.transport_at(sq(3, 3)), None);
}

#[test]
fn the_doomed_transport_tactic_has_the_danger_it_describes() {
    let path = wartime_tests::positions_dir().join("tactics/28_leave_the_doomed_transport.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let dir = path.parent().unwrap().to_path_buf();
    let at = |p: &Value| {
        let s = Setup::from_json(&p.to_string()).unwrap();
        State::from_setup(&s, Some(&dir)).unwrap()
    };
    let st = at(&v["position"]);
    // Inutilizado: the truck no longer moves; one more wound destroys it.
    assert!(st.transport_disabled(0) && !st.transport_destroyed(0));
    assert!(legal(&st, "a2 disembark 4,7 +") && legal(&st, "a2 end facing N"));
    // B1's Ballesta next: CH IMP 3 (Enano AGI 3) r3, the truck's CH DEF 2 (DEF 4 less the
    // Ballesta's Munición perforante, audit 29b) r9 fails: 3 wounds, it
    // explodes (DAÑ 4 within 3 K): both Humanos aboard (CH DEF 0, r8) are down; B1, 6 K away, is
    // not touched.
    let mut b = v["position"].clone();
    b["game"]["to_move"] = json!("B");
    b["game"]["decision"]["actor"] = json!(2);
    b["sides"]["B"][0]["ene"] = json!(5);
    b["sides"]["B"][0]["status"] = json!(["energised"]);
    let mut st = at(&b);
    let log = play(&mut st, &["b1 shoot-transport t1 w1"], &[3, 9, 8, 8]);
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH IMP transport 3 r3",
            "b1 CH DEF transport 2 r9",
            "a1 CH DEF 0 r8",
            "a2 CH DEF 0 r8"
        ]
    );
    assert!(st.transport_destroyed(0));
    assert!(!st.able(0) && !st.able(1) && st.able(2));
}

/// A1 drives the truck at (1, 5) facing E, started; B1 (CON 6, a protection of DEF 3) on
/// (5, 5); B2 far away.
fn ram_range() -> State {
    let b1 = C::new(race(5, 5, 4, 4), 5, 5).prot(prot(0, 3, 6, 5, &[]));
    load(&with_transports(
        setup_json(
            &open(12, 10),
            &[owner(1, 5, truck()).set("aboard", "t1")],
            &[b1, C::std(11, 0).status("acted")],
            0,
            10,
        ),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1", "started": true}]),
    ))
}

#[test]
fn embestir_with_a_transport_hits_with_def_plus_k_takes_the_recoil_and_pushes() {
    let st = ram_range();
    // At least 2 K, straight ahead, into the base on the next square.
    assert!(legal(&st, "a1 ram-transport b1 4,5"));
    assert!(!legal(&st, "a1 ram-transport b1 3,5"));
    let mut st = ram_range();
    // 3 K: ENE 4. CH IMP 5 r3; DAÑ min(DEF 4 + 3, 8) = 7 on B1: CH DEF 3 r2, 4 wounds (CH PSI
    // r1); the recoil on the truck: CON 5 + 3/2 (1'5 rounds up: Redondeo) = 7, its CH DEF 4 r3:
    // 3 wounds; B1 pushed DAÑ − CON = 2 K east.
    let log = play(&mut st, &["a1 ram-transport b1 4,5", "pass"], &[3, 2, 1, 3]);
    assert_eq!(spent(&log), [4]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH IMP ram 5 r3",
            "b1 CH DEF 3 r2",
            "b1 CH PSI 4 r1",
            "a1 CH DEF transport 4 r3"
        ]
    );
    assert_eq!(
        (st.transport(0).pos, st.ch(0).pos, st.ch(1).pos),
        (sq(4, 5), sq(4, 5), sq(7, 5))
    );
    assert_eq!((st.ch(1).wounds, st.transport(0).wounds), (4, 3));
}

/// A1 drives the truck at (3, 3) with A2 aboard, a casualty (`wounds`); B1 (its sword in
/// hand) acts on (3, 4), beside the truck; A3 lies dead on (2, 4), beside B1 but on the board.
fn body_aboard() -> State {
    let a = [
        owner(3, 3, truck()).set("aboard", "t1"),
        C::std(3, 3)
            .weapon(sword())
            .set("aboard", "t1")
            .set("wounds", 5),
        C::std(2, 4).weapon(sword()).set("wounds", 5),
    ];
    let b = [C::std(3, 4).facing("N").set("ene", 10)];
    load(&with_transports(
        setup_json(&open(10, 10), &a, &b, 3, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "E", "driver": "a1"}]),
    ))
}

#[test]
fn a_body_aboard_a_transport_is_out_of_reach_for_carrying_and_looting() {
    // «Passengers are not on the board's squares … in contact with nobody» (RULES.md,
    // Transportes): a casualty aboard stays aboard; only A3's body on the board is reached.
    let st = body_aboard();
    assert!(st.casualty(1) && st.aboard(1) == Some(0));
    let all = all_legal(&st);
    assert!(
        all.iter().any(|a| a.starts_with("b1 carry a3 ")),
        "the body on the board is carried: {all:?}"
    );
    assert!(legal(&st, "b1 loot a3 w1"));
    assert!(
        !all.iter()
            .any(|a| a.starts_with("b1 carry a2") || a.starts_with("b1 loot a2")),
        "the body aboard is not reached: {all:?}"
    );
    round_trips(&st);
}
