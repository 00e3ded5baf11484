//! BONUS Y MALUS in play, share F: the transport and flight traits of issue 15 (RULES.md,
//! "Traits in play, share F"), each with scripted dice and an exact outcome.

use super::range;
use crate::build::*;
use crate::transport::{owner, with_transports};
use engine::basics::geom::Facing;
use engine::State;
use serde_json::{json, Value};

/// A truck (ENE 2, MOV 8, DEF 4, CAL 3, Capacidad (2)) with `traits`.
fn truck_with(traits: &[&str]) -> Value {
    let mut t = vec!["Capacidad (2)"];
    t.extend_from_slice(traits);
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 3,
           "traits": t})
}

/// A1 drives a truck with `traits` at (1, 5) facing E on a 14 × 10 board whose row 5 is
/// `row`; A2 aboard; B1 far away. `started`: en marcha; `moved`: K moved this turn.
fn drive(traits: &[&str], row: &str, started: bool, moved: u8) -> State {
    let mut board = open(14, 10);
    board[5] = row.into();
    let a = [
        owner(1, 5, truck_with(traits)).set("aboard", "t1"),
        C::std(1, 5).set("aboard", "t1"),
    ];
    load(&with_transports(
        setup_json(&board, &a, &[C::std(13, 0)], 0, 10),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1",
                "started": started, "moved": moved}]),
    ))
}

const ROAD: &str = "..............";

#[test]
fn pivotante_pivots_a_transport_for_ene_1() {
    let mut st = drive(&["Pivotante"], ROAD, true, 0);
    let log = play(&mut st, &["a1 pivot-transport S"], &[]);
    assert_eq!(spent(&log), vec![1]);
    assert_eq!(st.transport(0).facing, Facing::S);
    // Without it: 3.
    let mut st = drive(&[], ROAD, true, 0);
    let log = play(&mut st, &["a1 pivot-transport S"], &[]);
    assert_eq!(spent(&log), vec![3]);
}

#[test]
fn direccion_resistida_turns_at_most_45_degrees_per_action() {
    let st = drive(&["Dirección resistida"], ROAD, true, 0);
    assert!(legal(&st, "a1 pivot-transport SE"));
    assert!(legal(&st, "a1 pivot-transport NE"));
    assert!(!legal(&st, "a1 pivot-transport S"));
    assert!(!legal(&st, "a1 pivot-transport W"));
    assert!(legal(&st, "a1 drive 3,5 45"));
    // Caza's extra turn does not lift it.
    let st = drive(&["Dirección resistida", "Caza"], ROAD, true, 0);
    assert!(!legal(&st, "a1 drive 3,5 90"));
    assert!(legal(&drive(&[], ROAD, true, 0), "a1 pivot-transport W"));
}

#[test]
fn caza_turns_90_degrees_after_moving_with_ch_agi() {
    assert!(!legal(&drive(&[], ROAD, true, 0), "a1 drive 3,5 90"));
    // AGI 5: a 5 passes, it ends facing S (E + 90°).
    let mut st = drive(&["Caza"], ROAD, true, 0);
    let log = play(&mut st, &["a1 drive 3,5 90"], &[5]);
    assert_eq!(spent(&log), vec![1]);
    assert_eq!(checks(&st, &log), vec!["a1 CH AGI extra turn 5 r5"]);
    assert_eq!(
        (st.transport(0).pos, st.transport(0).facing),
        (sq(3, 5), Facing::S)
    );
    // A 6 fails: the ordinary 45° only (NE for −90).
    let mut st = drive(&["Caza"], ROAD, true, 0);
    let log = play(&mut st, &["a1 drive 3,5 -90"], &[6]);
    assert_eq!(checks(&st, &log), vec!["a1 CH AGI extra turn 5 r6"]);
    assert_eq!(st.transport(0).facing, Facing::NE);
}

#[test]
fn piloto_evasivo_adds_one_to_ch_agi_of_complex_transport_moves() {
    // Maniobrar after 12 K: CH AGI 5 − 1 (D, a difficult action) + 1 = 5; a 5 passes.
    let mut st = drive(&["Piloto evasivo"], ROAD, true, 12);
    let log = play(&mut st, &["a1 manoeuvre 2,4"], &[5]);
    assert_eq!(checks(&st, &log), vec!["a1 CH AGI manoeuvre 5 r5"]);
    assert_eq!(st.transport(0).pos, sq(2, 4));
    // Caza's extra turn too.
    let mut st = drive(&["Piloto evasivo", "Caza"], ROAD, true, 0);
    let log = play(&mut st, &["a1 drive 3,5 90"], &[6]);
    assert_eq!(checks(&st, &log), vec!["a1 CH AGI extra turn 6 r6"]);
    assert_eq!(st.transport(0).facing, Facing::S);
}

#[test]
fn anfibio_drives_over_water_at_the_cost_of_land() {
    let row = "....wwww......";
    assert!(!legal(&drive(&[], row, true, 0), "a1 drive 5,5"));
    assert!(legal(&drive(&[], row, true, 0), "a1 drive 3,5"));
    let mut st = drive(&["Anfibio"], row, true, 0);
    let log = play(&mut st, &["a1 drive 7,5"], &[]);
    assert_eq!(spent(&log), vec![1]);
    assert_eq!((st.transport(0).pos, st.ch(1).pos), (sq(7, 5), sq(7, 5)));
}

#[test]
fn equipo_pesado_makes_easy_ground_difficult_at_con_4_or_less() {
    use super::{armour, range};
    let mover = |con: u8, traits: &[&str]| {
        let a = C::new(race_t(con, 5, 4, 4, &[]), 0, 0).prot(armour(1, traits));
        let mut st = range(a, C::std(0, 0), 9);
        spent(&play(&mut st, &["a1 move 5,2"], &[]))
    };
    // CON 4 in Equipo pesado: Mover 1 K on open ground costs 1 + 1 (difficult terrain).
    assert_eq!(mover(4, &["Equipo pesado"]), vec![2]);
    assert_eq!(mover(4, &[]), vec![1]);
    // CON 5: no effect.
    assert_eq!(mover(5, &["Equipo pesado"]), vec![1]);
}

#[test]
fn enorme_needs_mega_armadura_or_a_transport() {
    use super::{armour, gun, load_error};
    let board = open(6, 6);
    let setup = |a: C| setup_json(&board, &[a], &[C::std(4, 4)], 0, 10);
    // An Enorme gun on a character without Mega armadura: refused, naming the weapon and trait.
    let e = load_error(&setup(C::std(1, 1).weapon(gun(3, &["Enorme"]))));
    assert!(e.contains("weapon \"W\""), "{e}");
    assert!(
        e.contains("Enorme goes only on a transport or with Mega armadura"),
        "{e}"
    );
    // With Mega armadura on its protection: accepted.
    let ok = C::std(1, 1)
        .weapon(gun(3, &["Enorme"]))
        .prot(armour(2, &["Mega armadura"]));
    load(&setup(ok));
    // An Enorme transport archetype: accepted.
    let t = json!({"name": "Tanque", "ene": 2, "mov": 6, "def": 5, "quality": 4,
                   "traits": ["Enorme"]});
    load(&setup(owner(1, 1, t)));
}

#[test]
fn saltador_jumps_two_k_further_and_halves_fall_damage() {
    use engine::actions::movement::special::jump_length;
    let jumper = C::new(race_t(4, 5, 4, 4, &["Saltador"]), 0, 0);
    let plain = range(C::std(0, 0), C::std(0, 0), 9);
    let st = range(jumper.clone(), C::std(0, 0), 9);
    assert_eq!(jump_length(&st, 0), jump_length(&plain, 0) + 2);
    // From a 3 K roof: DAÑ 4 halved to 2; DEF 2, a 4 fails: 2 wounds (not 4).
    let mut v = setup_json(
        &open(6, 6),
        &[jumper
            .prot(super::armour(2, &[]))
            .set("at", [1, 1])
            .set("ene", 10)],
        &[C::std(5, 5).facing("N")],
        0,
        10,
    );
    let r = |k: u8| char::from(b'0' + k).to_string().repeat(6);
    v["board"]["heights"] = json!([r(3), r(3), r(0), r(0), r(0), r(0)]);
    let mut st = load(&v);
    // (The wound calls its CH PSI: a 3 passes.)
    let log = play(&mut st, &["a1 fall 1,2"], &[4, 3]);
    assert_eq!(checks(&st, &log), ["a1 CH DEF 2 r4", "a1 CH PSI 4 r3"]);
    assert_eq!(st.ch(0).wounds, 2);
}

#[test]
fn arma_ata_shoots_between_any_altitudes() {
    use super::gun;
    let sky = |traits: &[&str]| {
        range(
            C::std(0, 0).weapon(gun(3, traits)),
            C::std(0, 0).set("altitude", 3),
            5,
        )
    };
    // A flyer at altitude 3 is out of reach of an ordinary gun at altitude 1 …
    assert!(!legal(&sky(&[]), "a1 shoot b1 w1"));
    // … and within reach of an Arma ATA.
    assert!(legal(&sky(&["Arma ATA"]), "a1 shoot b1 w1"));
}

#[test]
fn asiento_eyectable_spares_the_passengers_the_explosion() {
    use super::gun;
    let a = [
        owner(3, 3, truck_with(&["Asiento eyectable"])).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1"),
        C::std(3, 5),
    ];
    let mut st = load(&with_transports(
        setup_json(
            &open(8, 14),
            &a,
            &[C::std(3, 13).weapon(gun(2, &[]))],
            3,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1", "wounds": 3}]),
    ));
    // CH IMP 5 r3, the truck's CH DEF 4 r9: it explodes (DAÑ 4 within 8 K); A1 and A2 aboard are
    // spared, A3 (2 K away) is hit: CH DEF 0 r8, 4 wounds.
    // Then «dispersa a 1D10K»: A1 3 K E (3, then direction 3), A2 2 K SE (2, then 4).
    let log = play(
        &mut st,
        &["b1 shoot-transport t1 w1"],
        &[3, 9, 8, 3, 3, 2, 4],
    );
    assert_eq!(
        checks(&st, &log),
        [
            "b1 CH IMP transport 5 r3",
            "b1 CH DEF transport 4 r9",
            "a3 CH DEF 0 r8"
        ]
    );
    assert!(st.transport_destroyed(0));
    assert_eq!(
        (st.ch(0).wounds, st.ch(1).wounds, st.ch(2).wounds),
        (0, 0, 4)
    );
    assert_eq!((st.ch(0).pos, st.ch(1).pos), (sq(6, 3), sq(5, 5)));
    // Scattered towards a wall, it lands on the last free square before it.
    let mut board = open(8, 14);
    board[3] = "......#.".into();
    let a = [
        owner(3, 3, truck_with(&["Asiento eyectable"])).set("aboard", "t1"),
        C::std(7, 12),
    ];
    let mut st = load(&with_transports(
        setup_json(&board, &a, &[C::std(3, 13).weapon(gun(2, &[]))], 2, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1", "wounds": 3}]),
    ));
    // 9 K E: it stops before the wall, on (5, 3).
    play(&mut st, &["b1 shoot-transport t1 w1"], &[3, 9, 9, 3]);
    assert_eq!(st.ch(0).pos, sq(5, 3));
}
