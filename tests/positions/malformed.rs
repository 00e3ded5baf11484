//! Position files that break the schema: each is refused with an error naming the field, and
//! loading never panics (POSITIONS.md).

use super::*;
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

// ----- malformed files -----

fn duel() -> Value {
    let text = std::fs::read_to_string(positions_dir().join("duel.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Loads a position given as a JSON value, as `State::load` would (catalogue path against
/// `positions/`). Panics are caught and reported as such.
fn try_load(v: &Value) -> Result<Result<State, SetupError>, String> {
    let text = v.to_string();
    catch_unwind(AssertUnwindSafe(|| {
        let s = Setup::from_json(&text)?;
        State::from_setup(&s, Some(&positions_dir()))
    }))
    .map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

fn with_game(v: &mut Value, game: Value) {
    v["game"] = game;
}

fn game(phase: u8, decision: Value) -> Value {
    json!({"turn": 1, "phase": phase, "advantage": "A", "to_move": "A", "decision": decision})
}

type Edit = fn(&mut Value);

#[test]
fn positions_malformed_files_are_rejected() {
    // (what, edit, expected field, a word of the reason)
    let table: Vec<(&str, Edit, &str, &str)> = vec![
        (
            "unknown field",
            |v| v["colour"] = json!("red"),
            "colour",
            "unknown field",
        ),
        (
            "unknown field in a deployment zone",
            |v| v["scenario"]["deploy_a"]["x2"] = json!(3),
            "scenario.deploy_a.x2",
            "unknown field",
        ),
        (
            "unknown field in the decision",
            |v| with_game(v, game(5, json!({"kind": "act", "actor": 0, "side": "A"}))),
            "game.decision",
            "unknown field",
        ),
        (
            "unknown field in a character",
            |v| v["sides"]["A"][0]["hp"] = json!(3),
            "sides.A[0].hp",
            "unknown field",
        ),
        (
            "ragged board row",
            |v| v["board"]["rows"][3] = json!("...."),
            "board.rows",
            "row 3",
        ),
        (
            "unknown terrain symbol",
            |v| v["board"]["rows"][2] = json!("....o.....,,..X."),
            "board.rows",
            "unknown terrain symbol",
        ),
        (
            "base off the board",
            |v| v["sides"]["A"][0]["at"] = json!([40, 1]),
            "sides.A[0].at",
            "outside",
        ),
        (
            "two bases on one square",
            |v| v["sides"]["B"][0]["at"] = json!([3, 1]),
            "sides.B[0].at",
            "already taken",
        ),
        (
            "base on a wall",
            |v| v["sides"]["A"][0]["at"] = json!([6, 4]),
            "sides.A[0].at",
            "no base can stand",
        ),
        (
            "base on a high obstacle",
            |v| v["sides"]["B"][0]["at"] = json!([12, 5]),
            "sides.B[0].at",
            "no base can stand",
        ),
        (
            "ENE 11",
            |v| v["sides"]["A"][0]["ene"] = json!(11),
            "sides.A[0].ene",
            "outside",
        ),
        (
            "unknown race name",
            |v| v["sides"]["A"][0]["race"] = json!("Marciano"),
            "sides.A[0]",
            "not in the catalogue",
        ),
        (
            "unknown weapon name",
            |v| v["sides"]["B"][0]["weapons"] = json!(["Espadón"]),
            "sides.B[0]",
            "not in the catalogue",
        ),
        (
            "inline weapon with ALC > 5×DAÑ",
            |v| {
                v["sides"]["A"][0]["weapons"] = json!([
                    {"name": "Katana", "ene": 2, "dmg": 2, "range": 12, "quality": 4}
                ])
            },
            "sides.A[0]",
            "5×DAÑ",
        ),
        (
            "two transports",
            |v| v["sides"]["A"][0]["transports"] = json!(["Caballo", "Caballo"]),
            "sides.A[0]",
            "transports",
        ),
        (
            "no race",
            |v| {
                v["sides"]["A"][0].as_object_mut().unwrap().remove("race");
            },
            "sides.A[0]",
            "no race",
        ),
        (
            "list over the points limit",
            |v| v["scenario"]["points_limit"] = json!(60),
            "sides.A",
            "over the scenario's limit",
        ),
        (
            "deployment zone outside the board",
            |v| v["scenario"]["deploy_b"]["y1"] = json!(12),
            "scenario.deploy_b",
            "zone",
        ),
        (
            "inverted deployment zone",
            |v| v["scenario"]["deploy_a"]["y0"] = json!(5),
            "scenario.deploy_a",
            "x0 ≤ x1",
        ),
        (
            "objective outside the board",
            |v| v["scenario"]["objectives"] = json!([{"x": 3, "y": 30, "points": 1}]),
            "scenario.objectives[0]",
            "outside",
        ),
        (
            "turn_limit 0",
            |v| v["scenario"]["turn_limit"] = json!(0),
            "scenario.turn_limit",
            "at least 1",
        ),
        (
            "unknown status name",
            |v| v["sides"]["A"][0]["status"] = json!(["acted", "dizzy"]),
            "sides.A[0].status",
            "unknown status",
        ),
        (
            // CON 5: CON + 1 kills, and a corpse takes at most CON more (Necrófago's meals).
            "wounds above 2 × CON + 1",
            |v| v["sides"]["B"][0]["wounds"] = json!(12),
            "sides.B[0].wounds",
            "2 × CON + 1 (11",
        ),
        (
            "more wear entries than equipment",
            |v| v["sides"]["A"][0]["wear"] = json!([0, 0, 0, 1]),
            "sides.A[0].wear",
            "entries",
        ),
        (
            "dropped weapon that does not exist",
            |v| v["sides"]["B"][0]["dropped"] = json!([3]),
            "sides.B[0].dropped",
            "no weapon",
        ),
        (
            "mark naming nobody",
            |v| v["sides"]["A"][0]["mark"] = json!("c7"),
            "sides.A[0].mark",
            "no character",
        ),
        (
            "unknown facing",
            |v| v["sides"]["A"][0]["facing"] = json!("UP"),
            "sides.A[0].facing",
            "unknown variant",
        ),
        (
            "empty side",
            |v| v["sides"]["B"] = json!([]),
            "sides",
            "at least one",
        ),
        (
            "missing catalogue file",
            |v| v["catalogue"] = json!("no_such_catalogue.json"),
            "catalogue",
            "cannot read",
        ),
        (
            "game.phase 11",
            |v| with_game(v, game(11, json!({"kind": "act", "actor": 0}))),
            "game.phase",
            "outside",
        ),
        (
            "game.turn beyond the turn limit",
            |v| {
                let mut g = game(5, json!({"kind": "activate", "side": "A"}));
                g["turn"] = json!(7);
                with_game(v, g)
            },
            "game.turn",
            "outside",
        ),
        (
            "decision naming character 99",
            |v| with_game(v, game(5, json!({"kind": "act", "actor": 99}))),
            "game.decision",
            "does not exist",
        ),
        (
            "unknown decision kind",
            |v| with_game(v, game(5, json!({"kind": "dance", "side": "A"}))),
            "game.decision.kind",
            "unknown variant",
        ),
        (
            "initiative naming nobody",
            |v| {
                let mut g = game(5, json!({"kind": "activate", "side": "A"}));
                g["initiative"] = json!(["a1", "b9"]);
                with_game(v, g)
            },
            "game.initiative",
            "no character",
        ),
        (
            "initiative with three picks",
            |v| {
                let mut g = game(5, json!({"kind": "activate", "side": "A"}));
                g["initiative"] = json!(["a1", "b1", "a1"]);
                with_game(v, g)
            },
            "game.initiative",
            "at most one per side",
        ),
        (
            "declared action that cannot parse",
            |v| {
                let mut g = game(
                    5,
                    json!({"kind": "window", "side": "B", "actor": 0,
                                           "open": 2, "early": true}),
                );
                g["declared"] = json!("a1 fly 3,3");
                with_game(v, g)
            },
            "game.declared",
            "cannot parse",
        ),
    ];
    assert!(table.len() >= 15);
    check_table(table);
}

/// Each edit of duel.json is refused with `field` and a reason containing `word`, and no
/// reason speaks of Rust types.
fn check_table(table: Vec<(&str, Edit, &str, &str)>) {
    let base = duel();
    assert!(try_load(&base).unwrap().is_ok(), "duel.json itself loads");
    let mut wrong = Vec::new();
    for (what, edit, field, word) in table {
        let mut v = base.clone();
        edit(&mut v);
        let e = match try_load(&v) {
            Err(p) => panic!("{what}: loading panicked: {p}"),
            Ok(Ok(_)) => panic!("{what}: loaded, but should have been rejected"),
            Ok(Err(e)) => e,
        };
        let internal = [
            "expected u8",
            "expected i8",
            "internally tagged",
            "untagged enum",
        ]
        .iter()
        .any(|w| e.reason.contains(w));
        if e.field != field || !e.reason.contains(word) || internal {
            wrong.push(format!("{what}: expected {field} / \"{word}\", got {e}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Issue 18: numbers the rules never produce are refused, each naming the field, what was
/// found and what is allowed, in the file's words (never "expected u8").
#[test]
fn positions_nonsense_is_refused_in_plain_words() {
    let table: Vec<(&str, Edit, &str, &str)> = vec![
        (
            "wear 99 on a CAL weapon",
            |v| v["sides"]["A"][0]["wear"] = json!([99]),
            "sides.A[0].wear[0]",
            "found 99; allowed 0..=",
        ),
        (
            "wear 99 on a protection",
            |v| v["sides"]["A"][0]["wear"] = json!([0, 0, 99]),
            "sides.A[0].wear[2]",
            "(the CAL of Cuero",
        ),
        (
            "trauma 99",
            |v| v["sides"]["A"][0]["trauma"] = json!(99),
            "sides.A[0].trauma",
            "found 99; allowed 0..=60",
        ),
        (
            "ammo 99 (used to be cut to 10/10)",
            |v| v["sides"]["A"][0]["ammo"] = json!([99]),
            "sides.A[0].ammo[0]",
            "found 99; allowed 0..=10 (the magazine of Fusil holds 10)",
        ),
        (
            "ammo for a weapon without magazine",
            |v| v["sides"]["A"][0]["ammo"] = json!([10, 3]),
            "sides.A[0].ammo[1]",
            "no magazine",
        ),
        (
            "a unit that marks itself",
            |v| {
                v["sides"]["A"][0]["status"] = json!(["charging"]);
                v["sides"]["A"][0]["mark"] = json!("a1");
            },
            "sides.A[0].mark",
            "the character itself",
        ),
        (
            "to_move B with a side-A actor deciding",
            |v| {
                let mut g = game(5, json!({"kind": "act", "actor": 0}));
                g["to_move"] = json!("B");
                with_game(v, g)
            },
            "game.to_move",
            "found B; allowed A (the actor a1 is on side A)",
        ),
        (
            "a number too large for its field",
            |v| v["sides"]["A"][0]["wounds"] = json!(300),
            "sides.A[0].wounds",
            "found 300; allowed: a whole number 0..=255",
        ),
        (
            "a string for a number",
            |v| v["sides"]["A"][0]["ene"] = json!("lots"),
            "sides.A[0].ene",
            "found string \"lots\"; allowed: a whole number",
        ),
        (
            "a decision that is not an object",
            |v| with_game(v, game(5, json!("act"))),
            "game.decision",
            "allowed: a decision object",
        ),
        (
            "a weapon that is neither a name nor an object",
            |v| v["sides"]["A"][0]["weapons"] = json!([3]),
            "sides.A[0].weapons[0]",
            "neither a catalogue name",
        ),
    ];
    check_table(table);
}

#[test]
fn positions_load_reports_the_file() {
    let p = std::env::temp_dir().join(format!("wartime-bad-{}.json", std::process::id()));
    let mut v = duel();
    v["sides"]["A"][0]["ene"] = json!(-11);
    v["catalogue"] = json!(positions_dir().join("catalogue.json").to_string_lossy());
    std::fs::write(&p, v.to_string()).unwrap();
    let e = State::load(&p).unwrap_err();
    let _ = std::fs::remove_file(&p);
    assert!(e.field.contains("wartime-bad-"), "{e}");
    assert!(e.field.ends_with("sides.A[0].ene"), "{e}");
    let e = State::load(&positions_dir().join("no_such_position.json")).unwrap_err();
    assert!(e.reason.contains("cannot read"), "{e}");
}

/// Every leaf of two position files replaced by odd values: loading rejects or accepts, but
/// never panics; whatever loads lists its legal actions and saves exactly.
#[test]
fn positions_loading_never_panics() {
    fn leaves(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
        match v {
            Value::Object(m) => {
                for (k, x) in m {
                    path.push(json!(k));
                    leaves(x, path, out);
                    path.pop();
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    path.push(json!(i));
                    leaves(x, path, out);
                    path.pop();
                }
            }
            _ => out.push(path.clone()),
        }
    }
    fn at<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
        path.iter().fold(v, |v, k| match k {
            Value::String(s) => &mut v[s.as_str()],
            Value::Number(n) => &mut v[n.as_u64().unwrap() as usize],
            _ => unreachable!(),
        })
    }
    let odd = [
        json!(0),
        json!(1),
        json!(-1),
        json!(10),
        json!(11),
        json!(255),
        json!(256),
        json!(-129),
        json!(""),
        json!("x"),
        json!("a1"),
        json!(null),
        json!([]),
        json!({}),
        json!(true),
    ];
    let mut bases = vec![duel()];
    let text = std::fs::read_to_string(positions_dir().join("midgame_3v3.json")).unwrap();
    bases.push(serde_json::from_str(&text).unwrap());
    let mut tried = 0;
    for base in &bases {
        let mut paths = Vec::new();
        leaves(base, &mut Vec::new(), &mut paths);
        for path in &paths {
            for x in &odd {
                let mut v = base.clone();
                *at(&mut v, path) = x.clone();
                tried += 1;
                match try_load(&v) {
                    Err(p) => panic!("loading panicked with {path:?} = {x}: {p}"),
                    Ok(Err(_)) => {}
                    Ok(Ok(st)) => {
                        // Whatever loads lists its decisions and saves exactly.
                        let r = catch_unwind(AssertUnwindSafe(|| {
                            legal(&st);
                            round_trip(&st, "mutated");
                        }));
                        assert!(
                            r.is_ok(),
                            "a mutated position ({path:?} = {x}) loads but misbehaves"
                        );
                    }
                }
            }
        }
    }
    assert!(tried > 500);
}
