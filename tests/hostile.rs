//! ENTORNO / Ambiente hostil (seed 003, adapted) with scripted dice: which natural results
//! trigger each level (whole faces, half faces confirmed by a second 1D10), in and touching the
//! zone and not beyond, the CH DEF without cover against the zone's DAÑ, the CH CON against
//! being immobilised until the character's own activation, the variable zone's 1D100 rolls
//! before the initiative, save and load, and bad zones.
//!
//! Standard race: CON 4, AGI 5, INT 4 (CH INT perceive 4), VOL 4; no protections, so every
//! CH DEF has target 0. The actor is a1 on (2, 2); b1 hidden on (6, 6) faces S (something to Percibir within INT K; no reactions).

use crate::build::*;
use engine::environment::hostile::zone::{Harm, Level, Rolled};
use engine::{Event, Log, Setup, State};
use serde_json::{json, Value};

pub(crate) fn with_zones(zones: Value, actor_at: (u8, u8)) -> Value {
    let a = [C::std(actor_at.0, actor_at.1)];
    let b = [C::std(6, 6).facing("S").status("hidden")];
    let mut v = setup_json(&open(11, 12), &a, &b, 0, 10);
    v["hostile"] = zones;
    v
}

fn zone(level: &str, harm: Value) -> Value {
    json!([{"squares": [[2, 2], [3, 2]], "level": level, "harm": harm}])
}

pub(crate) fn triggers(log: &Log) -> Vec<u8> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::HostileTrigger { natural, .. } => Some(*natural),
            _ => None,
        })
        .collect()
}

#[test]
fn a_natural_of_the_level_strikes_with_a_ch_def_against_the_zones_dan() {
    // Adverso (19–20 → 10): the fumbled CH INT triggers; CH DEF 0 fails → DAÑ 2 wounds; the
    // wounds' CH PSI (4) passes with a 3.
    let mut st = load(&with_zones(
        zone("adverso", json!({"def": {"dmg": 2}})),
        (2, 2),
    ));
    let log = play(&mut st, &["a1 perceive"], &[10, 5, 3]);
    assert_eq!(triggers(&log), [10]);
    assert_eq!(
        checks(&st, &log),
        [
            "a1 CH INT perceive 4 r10",
            "a1 CH DEF 0 r5",
            "a1 CH PSI 4 r3"
        ]
    );
    assert_eq!(st.ch(0).wounds, 2);
    // A 9 is not Adverso's.
    let mut st = load(&with_zones(
        zone("adverso", json!({"def": {"dmg": 2}})),
        (2, 2),
    ));
    let log = play(&mut st, &["a1 perceive"], &[9]);
    assert!(triggers(&log).is_empty());
    assert_eq!(st.ch(0).wounds, 0);
}

#[test]
fn a_half_face_needs_a_confirming_six_or_more() {
    // Peligroso (18+ → 10, or 9 confirmed): 9 then 6 triggers, 9 then 5 does not.
    let z = || zone("peligroso", json!({"def": {"dmg": 1}}));
    let mut st = load(&with_zones(z(), (2, 2)));
    let log = play(&mut st, &["a1 perceive"], &[9, 6, 4, 2]);
    assert_eq!(triggers(&log), [9]);
    assert_eq!(st.ch(0).wounds, 1);
    let mut st = load(&with_zones(z(), (2, 2)));
    let log = play(&mut st, &["a1 perceive"], &[9, 5]);
    assert!(triggers(&log).is_empty());
    // Inseguro (20 → a 10 confirmed): a 10 alone is not enough.
    let mut st = load(&with_zones(
        zone("inseguro", json!({"def": {"dmg": 1}})),
        (2, 2),
    ));
    let log = play(&mut st, &["a1 perceive"], &[10, 3]);
    assert!(triggers(&log).is_empty());
    // Salvaje (14+ → 8–10, or 7 confirmed): an 8 outright.
    let mut st = load(&with_zones(
        zone("salvaje", json!({"def": {"dmg": 1}})),
        (2, 2),
    ));
    let log = play(&mut st, &["a1 perceive"], &[8, 6, 2]);
    assert_eq!(triggers(&log), [8]);
}

#[test]
fn touching_the_zone_counts_and_one_square_beyond_does_not() {
    let z = || zone("adverso", json!({"def": {"dmg": 1, "checks": 2}}));
    // (4, 3) is in base contact with (3, 2): two CH DEF (BLI + PB), 1 wound each, one CH PSI
    // after each.
    let mut st = load(&with_zones(z(), (4, 3)));
    let log = play(&mut st, &["a1 perceive"], &[10, 5, 2, 5, 2]);
    assert_eq!(triggers(&log), [10]);
    assert_eq!(st.ch(0).wounds, 2);
    // (5, 3) is not.
    let mut st = load(&with_zones(z(), (5, 3)));
    let log = play(&mut st, &["a1 perceive"], &[10]);
    assert!(triggers(&log).is_empty());
}

#[test]
fn ch_con_harm_immobilises_until_the_characters_own_activation() {
    // FIS / IMM-1 difícil: CH CON 4 − 1 = 3 with a 4 fails → immobilised, held by itself.
    let mut st = load(&with_zones(zone("agresivo", json!("con_hard")), (2, 2)));
    let log = play(&mut st, &["a1 perceive"], &[9, 4]);
    assert_eq!(triggers(&log), [9]);
    assert_eq!(
        checks(&st, &log),
        ["a1 CH INT perceive 4 r9", "a1 CH CON hostile 3 r4"]
    );
    assert!(st.ch(0).has(engine::state::IMMOBILISED));
    assert_eq!(st.ch(0).held_by, 0);
    // Save and load keep it (held by itself), and the zone.
    let back = load(&serde_json::from_str(&st.to_setup().to_json()).unwrap());
    assert_eq!(back.to_setup(), st.to_setup());
    assert!(back.ch(0).has(engine::state::IMMOBILISED));
    // A pass leaves it free.
    let mut st = load(&with_zones(zone("agresivo", json!("con")), (2, 2)));
    play(&mut st, &["a1 perceive"], &[9, 4]);
    assert!(!st.ch(0).has(engine::state::IMMOBILISED));
}

#[test]
fn a_variable_zone_rolls_level_and_harm_on_d100_before_the_initiative() {
    let mut v = with_zones(zone("variable", json!("variable")), (2, 2));
    v.as_object_mut().unwrap().remove("game");
    let mut st = load(&v);
    assert_eq!(st.hostile_now(0), None);
    // d100 = 8,7 → 87 Letal; 7,3 → 73 DAÑ 2 twice; then the initiative dice 5, 4.
    let log = play(&mut st, &["init a1", "init b1"], &[8, 7, 7, 3, 5, 4]);
    assert_eq!(
        st.hostile_now(0),
        Some(Rolled {
            level: Level::Letal,
            harm: Harm::Def { dmg: 2, checks: 2 }
        })
    );
    assert!(log
        .events
        .iter()
        .any(|e| matches!(e, Event::HostileTurn { zone: 0, .. })));
    // The roll is saved with the zone and loads back.
    let s = st.to_setup();
    assert_eq!(
        s.hostile[0].rolled.map(|r| r.level),
        Some(Level::Letal),
        "{}",
        s.to_json()
    );
    let back = State::from_setup(&s, None).unwrap();
    assert_eq!(back.hostile_now(0), st.hostile_now(0));
    assert_eq!(back.fingerprint(), st.fingerprint());
}

#[test]
fn bad_zones_are_rejected_naming_the_part() {
    let bad = |z: Value| {
        let v = with_zones(z, (2, 2));
        let s = Setup::from_json(&v.to_string()).unwrap();
        State::from_setup(&s, None).unwrap_err().to_string()
    };
    assert_eq!(
        bad(json!([{"squares": [[2, 2], [11, 2]], "level": "letal", "harm": "con"}])),
        "hostile[0].squares[1]: [11, 2] is off the board"
    );
    assert_eq!(
        bad(json!([{"circle": {"at": [2, 2], "diameter": -1}, "level": "letal", "harm": "con"}])),
        "hostile[0].circle.diameter: -1 — a size must be at least 1"
    );
    assert_eq!(
        bad(json!([{"circle": {"at": [2, 20], "diameter": 3}, "level": "letal", "harm": "con"}])),
        "hostile[0].circle.at: [2, 20] is off the board"
    );
    assert_eq!(
        bad(json!([{"squares": [[1, 1]], "level": "letal", "harm": {"def": {"dmg": 0}}}])),
        "hostile[0].harm: DAÑ 0 — from 1 to 10"
    );
    assert_eq!(
        bad(json!([{"level": "letal", "harm": "con"}])),
        "hostile[0]: needs squares or a circle"
    );
    // An unknown level is a parse error naming the field.
    let v = with_zones(
        json!([{"squares": [[1, 1]], "level": "mortal", "harm": "con"}]),
        (2, 2),
    );
    let e = Setup::from_json(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("hostile[0].level"), "{e}");
}
