//! Save then load is exact (issue 16, trait states in position files): random games of every
//! shipped position, saved (`to_setup` → JSON) and loaded back (`from_setup`) at EVERY
//! decision, and the loaded state compared with the one saved — each character's whole dynamic
//! record (trait states, marks, runs included), the sequence of play, and the fingerprint, which
//! covers the rest (bombs, lasting areas, transports, ground, hostile zones).
//!
//! A failure names the position, the game, the step, the character and the fields that differ,
//! so that the field `save` drops can be found.

use engine::state::State;
use engine::{Action, Log, SeededDice, Setup};

/// Games per shipped position.
const GAMES: u64 = 3;

/// SplitMix64 picker of actions (independent of the dice).
fn pick(seed: &mut u64, n: usize) -> usize {
    *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let x = engine::basics::dice::splitmix64(*seed);
    (((x >> 32) * n as u64) >> 32) as usize
}

/// The `name: value` pairs of a `Debug` record that differ (a rough field-by-field diff).
fn differing_fields(a: &str, b: &str) -> String {
    let split = |s: &str| -> Vec<String> { s.split(", ").map(str::to_string).collect() };
    let (x, y) = (split(a), split(b));
    let out: Vec<String> = x
        .iter()
        .zip(&y)
        .filter(|(p, q)| p != q)
        .map(|(p, q)| format!("{p} → {q}"))
        .collect();
    if out.is_empty() {
        format!("{a}\n→ {b}")
    } else {
        out.join("; ")
    }
}

/// The first difference between a state and the same state saved and loaded back.
pub fn save_load_difference(st: &State) -> Option<String> {
    let setup = st.to_setup();
    let json = setup.to_json();
    let parsed = match Setup::from_json(&json) {
        Ok(p) => p,
        Err(e) => return Some(format!("the saved JSON does not parse: {e}")),
    };
    let back = match State::from_setup(&parsed, Some(&wartime_tests::positions_dir())) {
        Ok(b) => b,
        Err(e) => return Some(format!("the saved file does not load: {e}")),
    };
    for i in st.indices() {
        let (a, b) = (st.ch(i), back.ch(i));
        if a != b {
            return Some(format!(
                "{}: {}",
                st.info(i).label,
                differing_fields(&format!("{a:?}"), &format!("{b:?}"))
            ));
        }
    }
    if st.pending() != back.pending() {
        return Some(format!(
            "decision {:?} → {:?}",
            st.pending(),
            back.pending()
        ));
    }
    if st.activation() != back.activation() {
        return Some(format!(
            "activation {:?} → {:?}",
            st.activation(),
            back.activation()
        ));
    }
    if (st.turn(), st.phase(), st.advantage()) != (back.turn(), back.phase(), back.advantage()) {
        return Some("turn, phase or advantage".into());
    }
    if st.fingerprint() != back.fingerprint() {
        return Some("the fingerprint (bombs, areas, transports, ground, initiative …)".into());
    }
    None
}

fn play(name: &str, start: &State, game: u64) -> usize {
    let mut st = start.clone();
    let mut dice = SeededDice::new(game);
    let mut seed = game ^ 0x5AFE_10AD;
    let mut buf: Vec<Action> = Vec::new();
    let mut step = 0;
    while !st.is_terminal() {
        if let Some(d) = save_load_difference(&st) {
            panic!(
                "{name}: game {game}, step {step}: save then load is not exact: {d}\n\
                 decision: {}",
                st.describe_decision()
            );
        }
        st.legal_actions(&mut buf);
        assert!(!buf.is_empty(), "{name}: no legal action at step {step}");
        let a = buf[pick(&mut seed, buf.len())];
        st.apply_unchecked(&a, &mut dice, &mut Log::off());
        step += 1;
        assert!(step < 200_000, "{name}: the game does not end");
    }
    step
}

#[test]
fn save_then_load_is_exact_at_every_decision_of_random_games_of_every_shipped_position() {
    let mut decisions = 0;
    for name in wartime_tests::position_names() {
        let st = wartime_tests::load(&name);
        for g in 0..GAMES {
            decisions += play(&name, &st, g);
        }
    }
    println!("save then load exact at {decisions} decisions");
}

/// A position whose a1 carries trait states of every kind the file holds.
fn with_trait_states() -> serde_json::Value {
    use crate::build::*;
    let a = C::new(
        race_t(
            4,
            5,
            4,
            4,
            &["Maná (3)", "Poderoso", "Escudo de energía (3)", "Humo"],
        ),
        2,
        2,
    )
    .weapon(weapon(
        2,
        2,
        10,
        3,
        &["Marcador de objetivos", "Cargas (3)"],
    ))
    .status("stunned")
    .status("smoking")
    .set("mana", 1)
    .set("power", 4)
    .set("aimed", "b1")
    .set("smoke", serde_json::json!([2, 3]))
    .set(
        "runs",
        serde_json::json!({"shield_lost": 2, "flags": ["wrath", "fortune_used"], "shots": 2,
                           "same": 2, "on": "b1", "hits": 1, "doom": 1, "stance": ["taken"],
                           "mad": "b1", "charges": [1]}),
    );
    setup_json(&open(8, 8), &[a], &[C::std(5, 6)], 0, 10)
}

#[test]
fn trait_states_are_written_read_back_and_bad_values_refused_naming_the_field() {
    use engine::state::{SMOKING, STUNNED};
    let v = with_trait_states();
    let st = crate::build::load(&v);
    let c = st.ch(0);
    assert_eq!(c.tbits, STUNNED | SMOKING);
    assert_eq!((c.mana, c.power, c.aimed), (1, 4, 2));
    assert_eq!((c.smoke_at.x, c.smoke_at.y), (2, 3));
    assert_eq!(
        (
            c.run.shield_lost,
            c.run.shots,
            c.run.same,
            c.run.on,
            c.run.hits
        ),
        (2, 2, 2, 2, 1)
    );
    assert_eq!(
        (c.run.doom, c.run.stance, c.run.mad, c.run.charges),
        (1, 1, 2, [1, 0, 0, 0])
    );
    assert_eq!(save_load_difference(&st), None);
    // Written back as read.
    let saved: serde_json::Value = serde_json::from_str(&st.to_setup().to_json()).unwrap();
    let a1 = &saved["sides"]["A"][0];
    assert_eq!(
        a1["status"],
        serde_json::json!(["energised", "stunned", "smoking"])
    );
    assert_eq!(a1["runs"], v["sides"]["A"][0]["runs"]);
    assert_eq!(
        (a1["mana"].clone(), a1["aimed"].clone()),
        (1.into(), "b1".into())
    );
    // Arma de campaña fired from a carried weapon's slot (its 2nd slot, one weapon of its own)
    // since dropped: the mark outlives the slot and still loads back (found by the random games
    // of traits_ranged_4v4).
    let mut carried = v.clone();
    carried["sides"]["A"][0]["runs"]["field_weapon"] = 2.into();
    let st2 = crate::build::load(&carried);
    assert_eq!(save_load_difference(&st2), None);
    // Full Maná is not written.
    let mut full = v.clone();
    full["sides"]["A"][0]["mana"] = 3.into();
    let saved = crate::build::load(&full).to_setup().to_json();
    assert!(!saved.contains("\"mana\""), "{saved}");
    let refused = |path: &[&str], bad: serde_json::Value, field: &str| {
        let mut w = v.clone();
        let mut at = &mut w["sides"]["A"][0];
        for p in &path[..path.len() - 1] {
            at = &mut at[*p];
        }
        at[path[path.len() - 1]] = bad;
        let s = Setup::from_json(&w.to_string()).expect("parses");
        let e = State::from_setup(&s, None).expect_err("refused");
        assert_eq!(e.field, field, "{e}");
    };
    refused(&["mana"], 4.into(), "sides.A[0].mana");
    refused(&["power"], 11.into(), "sides.A[0].power");
    refused(&["aimed"], "a1".into(), "sides.A[0].aimed");
    refused(&["aimed"], "z9".into(), "sides.A[0].aimed");
    refused(&["smoke"], serde_json::json!([8, 0]), "sides.A[0].smoke");
    refused(
        &["runs", "shield_lost"],
        4.into(),
        "sides.A[0].runs.shield_lost",
    );
    refused(
        &["runs", "flags"],
        serde_json::json!(["angry"]),
        "sides.A[0].runs.flags",
    );
    refused(
        &["runs", "stance"],
        serde_json::json!(["x"]),
        "sides.A[0].runs.stance",
    );
    refused(
        &["runs", "field_weapon"],
        8.into(),
        "sides.A[0].runs.field_weapon",
    );
    refused(&["runs", "doom"], 11.into(), "sides.A[0].runs.doom");
    refused(&["runs", "on"], "z9".into(), "sides.A[0].runs.on");
    refused(&["runs", "mad"], "a1".into(), "sides.A[0].runs.mad");
    refused(
        &["runs", "charges"],
        serde_json::json!([0, 0, 0, 0, 0]),
        "sides.A[0].runs.charges",
    );
    refused(
        &["status"],
        serde_json::json!(["stunnedd"]),
        "sides.A[0].status",
    );
    // An unknown field inside `runs` is refused by the parser, naming it.
    let mut w = v.clone();
    w["sides"]["A"][0]["runs"]["wrath"] = 1.into();
    let e = Setup::from_json(&w.to_string()).expect_err("unknown field");
    assert!(e.field.contains("runs"), "{e}");
}
