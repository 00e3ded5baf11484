//! End-to-end tests of `wartime balance`: the real binary on the sample lists file and on small
//! lists written for each test (greedy or tiny MCTS budgets, two-character lists, so the whole
//! file runs in seconds).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_wartime");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn sample() -> String {
    root()
        .join("positions/lists/sample_100pts.json")
        .display()
        .to_string()
}

/// A fresh path in cargo's per-target temporary directory.
fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("wartime-balance");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Writes a lists file whose archetypes come from the shipped catalogue.
fn lists_file(name: &str, lists: &str) -> String {
    let p = tmp(name);
    std::fs::write(&p, format!(r#"{{"points": 100, "lists": {lists}}}"#)).unwrap();
    p.display().to_string()
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("balance")
        .args(args)
        .output()
        .expect("the wartime binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// Runs and expects success; returns standard output.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    assert!(
        o.status.success(),
        "wartime balance {args:?} failed ({:?}):\n{}{}",
        o.status.code(),
        text(&o.stdout),
        text(&o.stderr)
    );
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
    text(&o.stdout)
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    serde_json::from_str(&ok(&a)).expect("one JSON object")
}

/// Runs and expects a bad-input failure: exit 2, nothing on standard output, one error line.
fn fails(args: &[&str]) -> String {
    let o = run(args);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "wartime balance {args:?}:\n{err}");
    assert!(o.stdout.is_empty(), "{}", text(&o.stdout));
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

const TWO_FUSILEROS: &str =
    r#"[{"name": "Fusilero", "race": "Humano", "weapons": ["Fusil"], "count": 2}]"#;
const ORCOS: &str =
    r#"[{"race": "Orco", "weapons": ["Hacha"]}, {"race": "Orco", "weapons": ["Espada"]}]"#;

#[test]
fn sample_report_lists_every_list_and_archetype() {
    let s = ok(&[&sample(), "--agent", "greedy", "--pairs", "1"]);
    assert!(
        s.starts_with(
            "wartime balance \"Muestra de 100 puntos\": 5 lists of 95..100 points (limit 100, \
             tolerance 5 %)\nboard positions/skirmish_2v2.json · agent greedy · 1 pairs per \
             matchup · seed 1 · 20 games\n"
        ),
        "{s}"
    );
    for name in [
        "Fusileros",
        "Arquera",
        "Orcos",
        "Veterano",
        "Bestia y monje",
    ] {
        assert!(s.contains(&format!("\n{name} ")), "{name} missing:\n{s}");
    }
    for a in [
        "race Humano",
        "weapon Fusil",
        "protection Cuero",
        "race Monje",
    ] {
        assert!(s.contains(a), "{a} missing:\n{s}");
    }
    assert!(s.contains("cross table"), "{s}");
    assert!(s.contains("value of a point:"), "{s}");
    // 15 archetypes from 5 lists: the report says the estimates lean on the prior.
    assert!(s.contains("note: 15 archetypes but 5 lists"), "{s}");

    let j = json(&[&sample(), "--agent", "greedy", "--pairs", "1"]);
    assert_eq!(j["games"], 20);
    let lists = j["lists"].as_array().unwrap();
    assert_eq!(lists.len(), 5);
    for l in lists {
        // Each list meets the 4 others: 1 pair × 2 games each.
        assert_eq!(l["games"], 8);
        assert_eq!(l["pairs"], 4);
        let w = l["wins"].as_u64().unwrap()
            + l["draws"].as_u64().unwrap()
            + l["losses"].as_u64().unwrap();
        assert_eq!(w, 8);
        let p = l["points"].as_i64().unwrap();
        assert!((95..=100).contains(&p), "{l}");
        let s = &l["score"];
        assert!(s["lo"].as_f64().unwrap() <= s["estimate"].as_f64().unwrap());
    }
    // The scores of a round robin average exactly 0.5.
    let mean: f64 = lists
        .iter()
        .map(|l| l["score"]["estimate"].as_f64().unwrap())
        .sum::<f64>()
        / 5.0;
    assert!((mean - 0.5).abs() < 1e-9);
    let humano = j["archetypes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "Humano")
        .unwrap();
    assert_eq!(humano["cost"], 20);
    assert_eq!(humano["lists"], 2);
    assert!(
        ["under-costed", "over-costed", "in line"].contains(&humano["verdict"].as_str().unwrap())
    );
}

#[test]
fn identical_lists_score_exactly_half_in_every_pair() {
    // Mirroring: each pair plays the same seed twice with the lists swapped, and each side's
    // agent is seeded by the side; two identical lists therefore replay one game from both
    // sides and split every pair exactly.
    let f = lists_file(
        "twins.json",
        &format!(
            r#"[{{"name": "Gemelos A", "characters": {TWO_FUSILEROS}}},
                {{"name": "Gemelos B", "characters": {TWO_FUSILEROS}}},
                {{"name": "Orcos", "characters": {ORCOS}}}]"#
        ),
    );
    let j = json(&[&f, "--agent", "mcts:iterations=4", "--pairs", "3"]);
    let twins = &j["matchups"][0];
    assert_eq!(
        (twins["a"].as_str(), twins["b"].as_str()),
        (Some("Gemelos A"), Some("Gemelos B"))
    );
    assert_eq!(twins["pair_scores"], serde_json::json!([0.5, 0.5, 0.5]));
    assert_eq!(twins["a_wins"], twins["b_wins"]);
    // Every matchup: 3 pairs, 6 games, each list once on each side.
    for m in j["matchups"].as_array().unwrap() {
        let games = m["a_wins"].as_u64().unwrap()
            + m["draws"].as_u64().unwrap()
            + m["b_wins"].as_u64().unwrap();
        assert_eq!(games, 6, "{m}");
    }
}

#[test]
fn same_seed_same_report_on_any_number_of_threads() {
    let f = lists_file(
        "determinism.json",
        &format!(
            r#"[{{"name": "Fusileros", "characters": {TWO_FUSILEROS}}},
                {{"name": "Orcos", "characters": {ORCOS}}},
                {{"name": "Bestia", "characters": [{{"race": "Bestia", "weapons": ["Garras"]}},
                                                   {{"race": "Monje", "protections": ["Cuero"]}}]}}]"#
        ),
    );
    let args = [
        "--agent",
        "mcts:iterations=4",
        "--pairs",
        "1",
        "--seed",
        "9",
    ];
    let one = ok(&[&[f.as_str(), "--threads", "1"], &args[..]].concat());
    let two = ok(&[&[f.as_str(), "--threads", "2"], &args[..]].concat());
    assert_eq!(one, two);
    let again = ok(&[&[f.as_str(), "--threads", "2"], &args[..]].concat());
    assert_eq!(two, again);
    // Another seed plays other games.
    let other = json(&[&f, "--agent", "random", "--pairs", "4", "--seed", "10"]);
    let first = json(&[&f, "--agent", "random", "--pairs", "4", "--seed", "9"]);
    assert_ne!(other["matchups"], first["matchups"]);
    assert_eq!(other["seed"], 10);
}

#[test]
fn auto_lists_are_legal_equal_points_and_reload_to_the_same_report() {
    let saved = tmp("auto_saved.json");
    let saved_s = saved.display().to_string();
    let args = ["--agent", "greedy", "--pairs", "1", "--seed", "4", "--json"];
    let auto: Value = serde_json::from_str(&ok(&[
        &[
            "--auto",
            "120",
            "--lists",
            "4",
            "--tolerance",
            "5",
            "--save-lists",
            &saved_s,
        ],
        &args[..],
    ]
    .concat()))
    .unwrap();
    let lists = auto["lists"].as_array().unwrap();
    assert_eq!(lists.len(), 4);
    for l in lists {
        let p = l["points"].as_i64().unwrap();
        // 120 − 5 % = 114.
        assert!((114..=120).contains(&p), "{l}");
    }
    assert_eq!(auto["budget"]["limit"], 120);
    assert_eq!(auto["budget"]["floor"], 114);
    // The saved file is a lists file: played again with the same seed, the same games.
    let again: Value =
        serde_json::from_str(&ok(&[&[saved_s.as_str()][..], &args[..]].concat())).unwrap();
    assert_eq!(again["matchups"], auto["matchups"]);
    assert_eq!(again["lists"], auto["lists"]);
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert_eq!(file["points"], 120);
    assert_eq!(file["lists"].as_array().unwrap().len(), 4);
}

#[test]
fn invalid_lists_name_the_list_and_the_rule() {
    let over = lists_file(
        "over.json",
        &format!(
            r#"[{{"name": "Fusileros", "characters": {TWO_FUSILEROS}}},
                {{"name": "Caros", "characters": [{{"race": "Cabo", "weapons": ["Fusil", "Pistola"]}}]}}]"#
        ),
    );
    let e = fails(&[&over]);
    assert!(
        e.contains("list \"Caros\" costs 101 points, over the limit of 100 (LISTAS DE JUEGO"),
        "{e}"
    );
    let under = lists_file(
        "under.json",
        &format!(
            r#"[{{"name": "Fusileros", "characters": {TWO_FUSILEROS}}},
                {{"name": "Pocos", "characters": [{{"race": "Humano", "weapons": ["Fusil"]}}]}}]"#
        ),
    );
    let e = fails(&[&under]);
    assert!(
        e.contains("list \"Pocos\" costs 48 points, under 95 = 100 − 5 %"),
        "{e}"
    );
    // A wider tolerance accepts it... but 48 is still under 100 − 50 %.
    let e = fails(&[&under, "--tolerance", "50"]);
    assert!(e.contains("under 50 = 100 − 50 %"), "{e}");
    let unknown = lists_file(
        "unknown.json",
        r#"[{"name": "Raros", "characters": [{"race": "Humano", "weapons": ["Bazuca"]}]},
            {"name": "Otros", "characters": [{"race": "Humano"}]}]"#,
    );
    let e = fails(&[&unknown]);
    assert!(
        e.contains(
            "list \"Raros\" (lists[0]), character 1: weapon \"Bazuca\": not in the catalogue"
        ),
        "{e}"
    );
    let bad_race = lists_file(
        "bad_race.json",
        r#"[{"name": "Titanes", "characters": [{"race": {"name": "Titán", "con": 11, "agi": 4,
              "int": 4, "vol": 4}}]}, {"name": "Otros", "characters": [{"race": "Humano"}]}]"#,
    );
    let e = fails(&[&bad_race]);
    assert!(
        e.contains("list \"Titanes\" (lists[0]), character 1: race \"Titán\": CON 11 outside 1..=10 (CREACIÓN DE RAZAS, paso 1)"),
        "{e}"
    );
    let empty = lists_file(
        "empty.json",
        &format!(
            r#"[{{"name": "Nadie"}}, {{"name": "Fusileros", "characters": {TWO_FUSILEROS}}}]"#
        ),
    );
    let e = fails(&[&empty]);
    assert!(
        e.contains("list \"Nadie\": no characters (LISTAS DE JUEGO, paso 3"),
        "{e}"
    );
    let one = lists_file(
        "one.json",
        &format!(r#"[{{"name": "Fusileros", "characters": {TWO_FUSILEROS}}}]"#),
    );
    assert!(fails(&[&one]).contains("at least 2 lists (got 1)"));
}

#[test]
fn bad_files_and_arguments_give_one_clear_error() {
    let e = fails(&["/nonexistent/lists.json"]);
    assert!(e.contains("/nonexistent/lists.json: cannot read"), "{e}");
    let p = tmp("broken.json");
    std::fs::write(&p, "{\"lists\": [").unwrap();
    let e = fails(&[&p.display().to_string()]);
    assert!(
        e.contains("broken.json: lists file: EOF while parsing"),
        "{e}"
    );
    let e = fails(&[&sample(), "--agent", "genius"]);
    assert!(e.contains("--agent: unknown agent \"genius\""), "{e}");
    let midgame = root()
        .join("positions/midgame_3v3.json")
        .display()
        .to_string();
    let e = fails(&[&sample(), "--board", &midgame]);
    assert!(e.contains("a mid-game position"), "{e}");
    let e = fails(&[&sample(), "--board", "/nonexistent/board.json"]);
    assert!(
        e.contains("--board /nonexistent/board.json: cannot read"),
        "{e}"
    );
    let e = fails(&["--auto", "11", "--tolerance", "0", "--lists", "3"]);
    assert!(e.contains("found only"), "{e}");
    let e = fails(&[&sample(), "--ridge=-1"]);
    assert!(e.contains("--ridge -1"), "{e}");
    // clap: neither a file nor --auto; both.
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[&sample(), "--auto", "100"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn several_boards_and_deployment_beyond_the_start_squares() {
    let f = lists_file(
        "boards.json",
        &format!(
            r#"[{{"name": "Fusileros", "characters": {TWO_FUSILEROS}}},
                {{"name": "Orcos", "characters": {ORCOS}}},
                {{"name": "Zelotes", "characters": [{{"race": "Zelote", "weapons": ["Hacha"],
                                                      "count": 3}}]}}]"#
        ),
    );
    let patrol = root()
        .join("positions/patrol_3v3.json")
        .display()
        .to_string();
    let duel = root().join("positions/duel.json").display().to_string();
    let j = json(&[
        &f, "--agent", "greedy", "--pairs", "1", "--board", &patrol, "--board", &duel,
    ]);
    assert_eq!(j["boards"].as_array().unwrap().len(), 2);
    // 3 matchups × 2 boards × 1 pair × 2 games; duel.json has one start square a side, so the
    // other characters of each list are deployed on free squares of its zone.
    assert_eq!(j["games"], 12);
    assert_eq!(j["matchups"].as_array().unwrap().len(), 6);
    assert_eq!(j["matchups"][3]["board"], duel.as_str());
    // Without --board: the smallest shipped template with three start squares a side.
    let s = ok(&[&f, "--agent", "random", "--pairs", "1"]);
    assert!(s.contains("board positions/patrol_3v3.json ·"), "{s}");
}
