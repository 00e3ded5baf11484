//! Munición ígnea («Si el arma hiere, el objetivo ganará el malus sobrecalentamiento») and
//! Sobrecalentamiento («Si el transporte acumula 5 heridas, y realiza acciones de movimiento,
//! CH DEF. Fallo, 1 herida») on a placed transport (RULES.md, "Audit 31d").

use super::*;
use crate::transport::{owner, with_transports};
use engine::State;
use serde_json::{json, Value};

/// A truck (ENE 2, MOV 8, DEF 4, CAL 9) with `traits`.
fn truck_t(traits: &[&str]) -> Value {
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 9, "traits": traits})
}

/// A1 drives the truck with `traits` (`wounds` already) at (3, 3) facing S; B1 on (3, 7)
/// with a weapon of DAÑ `dmg` (ENE 2, ALC 5) carrying `ammo`, acts.
fn placed(traits: &[&str], dmg: u8, ammo: &[&str], wounds: u8) -> State {
    let a1 = owner(3, 3, truck_t(traits)).set("aboard", "t1");
    load(&with_transports(
        setup_json(
            &open(8, 14),
            &[a1],
            &[
                C::std(3, 7).weapon(weapon(2, dmg, 5, 5, ammo)),
                C::std(7, 0).status("acted"),
            ],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1", "wounds": wounds}]),
    ))
}

/// B1 shoots the truck (CH IMP r3, CH DEF `def`), ends; A1 drives it 1 K south (`after`: the
/// dice after the shot). The checks, the truck's wounds after the shot and at the end.
fn shot_then_drive(
    traits: &[&str],
    ammo: &[&str],
    wounds: u8,
    def: u8,
    after: &[u8],
) -> (Vec<String>, u8, u8) {
    let mut st = placed(traits, 1, ammo, wounds);
    let mut log = play(
        &mut st,
        &["b1 shoot-transport t1 w1", "b1 end facing N"],
        &[3, def],
    );
    let hit = st.transport(0).wounds;
    assert_eq!(crate::save_exact::save_load_difference(&st), None);
    let more = play(&mut st, &["activate a1", "a1 drive 3,4"], after);
    log.events.extend(more.events);
    (checks(&st, &log), hit, st.transport(0).wounds)
}

#[test]
fn audit_municion_ignea_wounding_a_transport_gives_it_sobrecalentamiento() {
    // DAÑ 1, its CH DEF 4 failed (r9): 4 + 1 = 5 wounds. With Munición ígnea the truck has
    // gained the malus: driven with 5 wounds, CH DEF 4, r5 fails — a sixth wound; r4 passes.
    for (die, end) in [(5, 6), (4, 5)] {
        let (c, hit, w) = shot_then_drive(&[], &["Munición ígnea"], 4, 9, &[die]);
        assert_eq!(
            c,
            [
                "b1 CH IMP transport 5 r3".to_string(),
                "b1 CH DEF transport 4 r9".into(),
                format!("a1 CH DEF overheating 4 r{die}")
            ]
        );
        assert_eq!((hit, w), (5, end));
    }
    // The same shot without it: no malus, no check.
    let (c, hit, w) = shot_then_drive(&[], &[], 4, 9, &[]);
    assert_eq!(c.len(), 2, "{c:?}");
    assert_eq!((hit, w), (5, 5));
}

#[test]
fn audit_municion_ignea_that_does_not_wound_a_transport_gives_nothing() {
    // «Si el arma hiere»: DAÑ 1 against DEF 4 with the CH DEF passed (r4) — no wound, so no
    // malus, even once the truck has 5 wounds (it had 5 already): driven, no check.
    let (c, hit, w) = shot_then_drive(&[], &["Munición ígnea"], 5, 4, &[]);
    assert_eq!(c.len(), 2, "{c:?}");
    assert_eq!((hit, w), (5, 5));
}

#[test]
fn audit_sobrecalentamiento_a_transports_ch_def_takes_its_ch_def_traits() {
    // Refuerzo («CH DEF +1») on the truck: its overheating CH DEF is 5, not its bare DEF 4 — r5
    // passes (no sixth wound), as a character's overheating CH DEF takes its traits.
    let (c, _, w) = shot_then_drive(&["Sobrecalentamiento", "Refuerzo"], &[], 4, 9, &[5]);
    assert_eq!(c[2], "a1 CH DEF overheating 5 r5");
    assert_eq!(w, 5);
    let (c, _, w) = shot_then_drive(&["Sobrecalentamiento"], &[], 4, 9, &[5]);
    assert_eq!(c[2], "a1 CH DEF overheating 4 r5");
    assert_eq!(w, 6);
}
