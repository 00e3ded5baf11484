//! A transport's own weapons as a character's (CREACIÓN DE TRANSPORTES, paso 5; RULES.md,
//! "Transportes"): the crew reloads them (Recargar), their own traits act, and an area weapon
//! mounted on a transport is fired as a character's area weapon.
//!
//! Standard race: CON 4, AGI 5 (CH IMP 5), VOL 4; no protections (CH DEF 0, failed).

use crate::build::*;
use crate::transport::{owner, truck, with_transports};
use engine::basics::action::{mounted_slot, ActKind, Action};
use engine::State;
use serde_json::{json, Value};

/// A quiet mounted weapon: ENE 2, DAÑ `dmg`, ALC 10, CAL 3, with `traits`.
pub(crate) fn mounted(dmg: u8, traits: &[&str]) -> Value {
    let mut g = weapon(2, dmg, 10, 3, traits);
    g["noise"] = json!("quiet");
    g
}

/// A1 drives a truck (DEF 4) at (3, 3) with the weapon `gun` mounted, A2 aboard; B1 at
/// `b`; `actor` acts. Open (no protection).
pub(crate) fn convoy(gun: Value, b: (u8, u8), actor: usize, rows: usize) -> Value {
    let mut t = truck();
    t["weapons"] = json!([gun]);
    let a = [
        owner(3, 3, t).set("aboard", "t1"),
        C::std(3, 3).set("aboard", "t1"),
    ];
    with_transports(
        setup_json(&open(8, rows), &a, &[C::std(b.0, b.1)], actor, 10),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1"}]),
    )
}

/// Where the area of the action landed (its `Area` event).
fn landed(log: &engine::basics::check::Log) -> engine::basics::geom::Pos {
    log.events
        .iter()
        .find_map(|e| match e {
            engine::basics::check::Event::Area { landed, .. } => Some(*landed),
            _ => None,
        })
        .expect("an area was laid")
}

/// Save → load gives the same position.
fn reloads(st: &State) {
    let s = st.to_setup();
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.fingerprint(), st.fingerprint());
    assert_eq!(back.to_setup(), s);
}

#[test]
fn the_crew_reloads_a_mounted_weapon_as_recargar() {
    // The magazine of 3 (Cargadores (3)) is empty: the crew's A2 reloads it for ENE = its DAÑ 2.
    let mut v = convoy(mounted(2, &["Cargadores (3)"]), (3, 9), 1, 12);
    v["transports"][0]["ammo"] = json!([0]);
    let st = load(&v);
    assert!(!legal(&st, "a2 shoot b1 t1.w1"), "no rounds");
    assert!(legal(&st, "a2 reload t1.w1"), "{:?}", all_legal(&st));
    // Notation: `reload tN.wM`, printed back as parsed.
    let a = st.parse_action("a2 reload t1.w1").unwrap();
    assert_eq!(
        a,
        Action::Act {
            who: 1,
            kind: ActKind::Reload {
                weapon: mounted_slot(0, 0)
            },
            chain: false,
            face: None,
        }
    );
    assert_eq!(st.notation(&a), "a2 reload t1.w1");
    // Bad notation names the weapon.
    let e = st.parse_action("a2 reload t1.w2").unwrap_err().to_string();
    assert!(e.contains("t1 has no weapon w2"), "{e}");
    let e = st.parse_action("a2 reload t3.w1").unwrap_err().to_string();
    assert!(e.contains("no transport t3"), "{e}");
    let mut st = st;
    let log = play(&mut st, &["a2 reload t1.w1", "pass"], &[]);
    assert_eq!(spent(&log), [2]);
    assert_eq!(st.transport(0).gun_ammo[0], 3);
    assert!(!legal(&st, "a2 reload t1.w1"), "full");
    assert!(legal(&st, "a2 shoot b1 t1.w1"), "{:?}", all_legal(&st));
    reloads(&st);
    // The driver drives: it does not reload.
    v["game"]["decision"]["actor"] = json!(0);
    let st = load(&v);
    assert!(!legal(&st, "a1 reload t1.w1"));
}

#[test]
fn a_mounted_weapons_own_traits_act_as_on_a_characters_weapon() {
    // Munición teledirigida («El CH IMP siempre es 8»), Munición reforzada («DAÑ +1 a
    // distancia») and Más alcance («ALC +5 K») on the mounted gun; B1 14 K away.
    let gun = mounted(
        2,
        &["Munición teledirigida", "Munición reforzada", "Más alcance"],
    );
    let st = load(&convoy(gun, (3, 17), 1, 20));
    // ALC 10 + 5: 14 K is a normal shot, not a long one.
    assert!(legal(&st, "a2 shoot b1 t1.w1"), "{:?}", all_legal(&st));
    assert!(!legal(&st, "a2 shoot-long b1 t1.w1"));
    let mut st = st;
    // CH IMP 8 (not AGI 5 − 1 for the distance) r7: a hit; B1's CH DEF 0 r9: DAÑ 2 + 1.
    let log = play(&mut st, &["a2 shoot b1 t1.w1", "pass"], &[7, 9, 2]);
    assert_eq!(
        checks(&st, &log),
        ["a2 CH IMP 8 r7", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(st.ch(2).wounds, 3);
    // Without the traits: ALC 10 — only a long shot at 14 K.
    let st = load(&convoy(mounted(2, &[]), (3, 17), 1, 20));
    assert!(!legal(&st, "a2 shoot b1 t1.w1"));
    assert!(legal(&st, "a2 shoot-long b1 t1.w1"));
}

#[test]
fn the_crew_fires_a_mounted_area_weapon_with_its_template_and_dispersion() {
    // A mounted grenade launcher: DAÑ 3, Área (R1).
    let st = load(&convoy(mounted(3, &["Área (R1)"]), (3, 9), 1, 12));
    assert!(
        all_legal(&st).contains(&"a2 area t1.w1 3,9".to_string()),
        "{:?}",
        all_legal(&st)
    );
    assert!(
        !legal(&st, "a2 shoot b1 t1.w1"),
        "an area weapon is aimed, not shot"
    );
    assert!(!legal(
        &load(&convoy(mounted(3, &["Área (R1)"]), (3, 9), 0, 12)),
        "a1 area t1.w1 3,9"
    ));
    let mut hit = st.clone();
    // CH IMP area 5 r3: it lands on 3,9; B1 wholly covered: CH DEF 0 r9, DAÑ 3; its CH PSI.
    let log = play(&mut hit, &["a2 area t1.w1 3,9", "pass"], &[3, 9, 2]);
    assert_eq!(
        checks(&hit, &log),
        ["a2 CH IMP area 5 r3", "b1 CH DEF 0 r9", "b1 CH PSI 4 r2"]
    );
    assert_eq!(hit.ch(2).wounds, 3);
    assert_eq!(landed(&log), sq(3, 9));
    assert_eq!(hit.ch(1).ene, 6, "the weapon's ENE 2");
    // Failed (r8): it scatters 1D10 per 15 K begun (6 K: one die) — 2 K to the N (1): 3,7,
    // where nobody stands.
    let mut miss = st.clone();
    let log = play(&mut miss, &["a2 area t1.w1 3,9", "pass"], &[8, 2, 1]);
    assert_eq!(checks(&miss, &log), ["a2 CH IMP area 5 r8"]);
    assert_eq!(miss.ch(2).wounds, 0);
    assert_eq!(landed(&log), sq(3, 7));
    // With Dispersión, a passed CH IMP without a critical scatters too (1D10 per 30 K with
    // LdV): r3, then 2 K to the N.
    let mut st = load(&convoy(
        mounted(3, &["Área (R1)", "Dispersión"]),
        (3, 9),
        1,
        12,
    ));
    let log = play(&mut st, &["a2 area t1.w1 3,9", "pass"], &[3, 2, 1]);
    assert_eq!(checks(&st, &log), ["a2 CH IMP area 5 r3"]);
    assert_eq!(st.ch(2).wounds, 0);
    assert_eq!(landed(&log), sq(3, 7));
}

/// A row of open ground.
const ROAD: &str = "..............";

/// An object archetype (ENE 1, ALC 0, CAL 3) with `traits`.
fn object(name: &str, traits: &[&str]) -> Value {
    json!({"name": name, "ene": 1, "range": 0, "quality": 3, "traits": traits})
}

/// A1 drives a truck facing E at (1, 5) of a 14 × 10 board whose row 5 is `row`, with
/// `objects` and `invocations` equipped; A2 aboard; B1 far away. `moved`: K moved this turn.
fn equipped(objects: Value, invocations: Value, row: &str, moved: u8) -> Value {
    let mut board = open(14, 10);
    board[5] = row.into();
    let mut t = truck();
    t["objects"] = objects;
    t["invocations"] = invocations;
    let a = [
        owner(1, 5, t).set("aboard", "t1"),
        C::std(1, 5).set("aboard", "t1"),
    ];
    with_transports(
        setup_json(&board, &a, &[C::std(13, 0)], 0, 10),
        json!([{"of": "a1", "at": [1, 5], "facing": "E", "driver": "a1",
                "started": true, "moved": moved}]),
    )
}

#[test]
fn objects_and_invocations_equipped_on_a_transport_give_it_their_traits_and_their_cost() {
    let water = "....wwww......";
    // Bare: the truck stops before the water.
    let bare = load(&equipped(json!([]), json!([]), water, 0));
    assert!(!legal(&bare, "a1 drive 5,5"));
    // An amphibious kit (an object with Anfibio) equipped: the truck drives over the water.
    let kit = object("Kit anfibio", &["Anfibio"]);
    let mut st = load(&equipped(json!([kit]), json!([]), water, 0));
    assert!(legal(&st, "a1 drive 5,5"), "{:?}", all_legal(&st));
    play(&mut st, &["a1 drive 7,5"], &[]);
    assert_eq!(st.transport(0).pos, sq(7, 5));
    // Priced as paso 5 says: the transport's own cost plus the object's (CREACIÓN DE OBJETOS).
    let arch = &st.transport_info(0).arch;
    assert_eq!(arch.cost(), arch.own_cost() + arch.objects[0].cost());
    assert_eq!(
        st.info(0).cost - bare.info(0).cost,
        arch.objects[0].cost(),
        "the owner pays for it"
    );
    // An invocation bound to the transport (Invocación + Piloto evasivo): its bonus is the
    // transport's — Maniobrar after 12 K at CH AGI 5 − 1 (a difficult action) + 1; its kind is no trait of the
    // transport nor of the rider.
    let spirit = json!({"name": "Espíritu del motor", "ene": 1, "range": 0, "quality": 3,
                        "traits": ["Invocación", "Piloto evasivo"]});
    let v = equipped(json!([]), json!([spirit]), ROAD, 12);
    let mut st = load(&v);
    let log = play(&mut st, &["a1 manoeuvre 2,4"], &[5]);
    assert_eq!(checks(&st, &log), ["a1 CH AGI manoeuvre 5 r5"]);
    assert_eq!(st.transport(0).pos, sq(2, 4));
    let arch = &st.transport_info(0).arch;
    assert_eq!(arch.cost(), arch.own_cost() + arch.invocations[0].cost());
    assert!(!st
        .transport_info(0)
        .effects
        .iter()
        .any(|e| matches!(e, engine::creation::effect::Effect::MetaKind(_))));
    // Saved inline with the transport and loaded back exactly.
    reloads(&st);
    let text = st.to_setup().to_json();
    assert!(text.contains("Espíritu del motor"), "{text}");
}

#[test]
fn bad_objects_and_invocations_on_a_transport_are_refused_with_the_field() {
    let err = |v: &Value| match engine::Setup::from_json(&v.to_string()) {
        Err(e) => e.to_string(),
        Ok(s) => State::from_setup(&s, None).unwrap_err().to_string(),
    };
    // An invocation without the Invocación kind.
    let v = equipped(json!([]), json!([object("Chispa", &["Duro"])]), ROAD, 0);
    let e = err(&v);
    assert!(
        e.contains("invocations[0]") && e.contains("no trait Invocación"),
        "{e}"
    );
    // An object with CAL 0.
    let mut o = object("Roto", &[]);
    o["quality"] = json!(0);
    let e = err(&equipped(json!([o]), json!([]), ROAD, 0));
    assert!(e.contains("objects[0]") && e.contains("CAL 0"), "{e}");
    // An unknown field of an object on a transport.
    let mut o = object("Raro", &[]);
    o["colour"] = json!("red");
    let e = err(&equipped(json!([o]), json!([]), ROAD, 0));
    assert!(e.contains("colour"), "{e}");
}
