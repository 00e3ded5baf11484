//! The tactics suite (`positions/tactics/`): every file loads, its best and avoid actions are
//! legal, and `run_suite` runs over the directory. Also the loader's errors and the verdicts.

use ai::frontend::analyze::Options;
use ai::input::{load_tactic, tactic_files, Verdict};
use ai::tools::suite::run_suite;
use std::path::{Path, PathBuf};

fn tactics_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions/tactics")
}

/// A fresh directory in cargo's per-target temporary directory.
fn tmp_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("wartime-suite")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small valid tactic (inline catalogue: the shipped one is not next to the temporary
/// directory) with `best` and `avoid` replaced.
fn tactic_text(best: &str, avoid: &str) -> String {
    format!(
        r#"{{
  "name": "t", "theme": "finish_wounded", "why": "b1 dies to any wound.",
  "position": {{
    "name": "p",
    "board": {{"rows": ["......", "......", "......", "......"]}},
    "catalogue": {{"races": [{{"name": "Humano", "con": 4, "agi": 4, "int": 4, "vol": 4}}],
                  "weapons": [{{"name": "Fusil", "ene": 3, "dmg": 3, "range": 15, "quality": 5}}]}},
    "scenario": {{"points_limit": 500, "turn_limit": 1,
                 "deploy_a": {{"x0": 0, "y0": 3, "x1": 5, "y1": 3}},
                 "deploy_b": {{"x0": 0, "y0": 0, "x1": 5, "y1": 0}}}},
    "sides": {{
      "A": [{{"race": "Humano", "weapons": ["Fusil"], "at": [2, 3], "ene": 3, "status": ["energised"]}}],
      "B": [{{"race": "Humano", "at": [1, 0], "wounds": 3, "status": ["acted", "energised"]}},
            {{"race": "Humano", "at": [4, 0], "status": ["acted", "energised"]}}]
    }},
    "game": {{"turn": 1, "phase": 1, "advantage": "A", "to_move": "A",
              "decision": {{"kind": "act", "actor": 0}}}}
  }},
  "best": [{best}],
  "avoid": [{avoid}]
}}"#
    )
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn every_tactic_loads_and_its_best_and_avoid_actions_are_legal() {
    let files = tactic_files(&tactics_dir()).unwrap();
    assert!(
        files.len() >= 22,
        "the suite has {} tactics; it should have at least 22",
        files.len()
    );
    let mut names = Vec::new();
    for f in &files {
        let t = load_tactic(f).unwrap_or_else(|e| panic!("{e}"));
        assert!(!t.why.trim().is_empty(), "{}: no why", f.display());
        assert!(!t.theme.trim().is_empty(), "{}: no theme", f.display());
        assert!(
            !t.best.is_empty() || !t.avoid.is_empty(),
            "{}: tests nothing",
            f.display()
        );
        assert!(!t.state.is_terminal(), "{}: the game is over", f.display());
        for a in t.best.iter().chain(&t.avoid) {
            assert!(
                t.state.is_legal(a),
                "{}: {} is not legal",
                f.display(),
                t.state.notation(a)
            );
            // Notation round trip: what the report prints parses back to the same action.
            let text = t.state.notation(a);
            assert_eq!(t.state.parse_action(&text).ok(), Some(*a), "{text}");
        }
        for a in &t.best {
            assert_eq!(t.verdict(a), Verdict::Best);
        }
        for a in &t.avoid {
            assert_eq!(t.verdict(a), Verdict::Avoid);
        }
        assert!(!names.contains(&t.name), "two tactics named {}", t.name);
        names.push(t.name.clone());
    }
}

#[test]
fn run_suite_runs_every_tactic_at_a_small_budget() {
    let files = tactic_files(&tactics_dir()).unwrap();
    let opts = Options {
        iterations: Some(100),
        threads: 1,
        seed: 1,
        ..Options::default()
    };
    let r = run_suite(&tactics_dir(), &opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.total, files.len());
    assert_eq!(r.lines.len(), files.len());
    assert_eq!(r.solved, r.lines.iter().filter(|l| l.solved).count());
    for l in &r.lines {
        assert!(l.choice.is_some(), "{}: no choice", l.file);
        assert_eq!(l.iterations, 100, "{}", l.file);
        assert!(
            (0.0..=1.0).contains(&l.win_probability),
            "{}: {}",
            l.file,
            l.win_probability
        );
        assert!((0.0..=1.0).contains(&l.best_share), "{}", l.file);
        assert_eq!(l.solved, l.verdict == Verdict::Best);
    }
    let text = r.to_text();
    assert!(text.ends_with(&format!("solved {} / {}\n", r.solved, r.total)));
    assert!(text.lines().count() >= r.total + 2);
    let json: serde_json::Value = serde_json::from_str(&r.to_json()).unwrap();
    assert_eq!(json["total"], r.total);
    println!("{text}");
    println!("solved {} / {} at 100 iterations", r.solved, r.total);
}

#[test]
fn the_same_seed_gives_the_same_report() {
    let dir = tmp_dir("same_seed");
    write(
        &dir,
        "a.json",
        &tactic_text(r#""a1 shoot b1 w1""#, r#""a1 shoot b2 w1""#),
    );
    let opts = Options {
        iterations: Some(300),
        ..Options::default()
    };
    let a = run_suite(&dir, &opts).unwrap();
    let b = run_suite(&dir, &opts).unwrap();
    assert_eq!(a.lines[0].choice, b.lines[0].choice);
    assert_eq!(a.lines[0].win_probability, b.lines[0].win_probability);
    assert_eq!(a.total, 1);
}

#[test]
fn a_valid_tactic_loads_and_judges_actions() {
    let dir = tmp_dir("valid");
    let p = write(
        &dir,
        "t.json",
        &tactic_text(
            r#""a1 shoot b1 w1 facing N""#,
            r#""a1 shoot b2 w1", "a1 end facing N""#,
        ),
    );
    let t = load_tactic(&p).unwrap();
    assert_eq!(t.best_notation(), vec!["a1 shoot b1 w1"]);
    assert_eq!(
        t.avoid_notation(),
        vec!["a1 shoot b2 w1", "a1 end facing N"]
    );
    let st = &t.state;
    // The free facing after an action is not part of the answer.
    let shot = st.parse_action("a1 shoot b1 w1 facing S").unwrap();
    assert_eq!(t.verdict(&shot), Verdict::Best);
    assert!(t.solved_by(&shot));
    assert_eq!(
        t.verdict(&st.parse_action("a1 shoot b2 w1").unwrap()),
        Verdict::Avoid
    );
    // Ending facing another way is another action: neither right nor listed as wrong.
    assert_eq!(
        t.verdict(&st.parse_action("a1 end facing S").unwrap()),
        Verdict::Other
    );
    assert!(!t.solved_by(&st.parse_action("a1 end facing S").unwrap()));
}

#[test]
fn an_empty_best_set_means_anything_not_avoided() {
    let dir = tmp_dir("empty_best");
    let p = write(&dir, "t.json", &tactic_text("", r#""a1 shoot b2 w1""#));
    let t = load_tactic(&p).unwrap();
    let st = &t.state;
    assert!(t.solved_by(&st.parse_action("a1 end facing S").unwrap()));
    assert!(t.solved_by(&st.parse_action("a1 shoot b1 w1").unwrap()));
    assert!(!t.solved_by(&st.parse_action("a1 shoot b2 w1").unwrap()));
}

#[test]
fn load_errors_name_the_file_and_the_field() {
    let dir = tmp_dir("errors");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "illegal.json",
            tactic_text(r#""a1 move 0,0""#, ""),
            "best[0]: illegal action \"a1 move 0,0\"",
        ),
        (
            "unparsable.json",
            tactic_text(r#""a1 shoot b1 w1""#, r#""a1 fly 3,3""#),
            "avoid[0]: cannot parse action \"a1 fly 3,3\"",
        ),
        (
            "both.json",
            tactic_text(r#""a1 shoot b1 w1""#, r#""a1 shoot b1 w1 facing S""#),
            "best[0]: \"a1 shoot b1 w1\" is also in avoid",
        ),
        (
            "twice.json",
            tactic_text(r#""a1 shoot b1 w1", "a1 shoot b1""#, ""),
            "best[1]: \"a1 shoot b1\" is the same action as best[0]",
        ),
        (
            "nothing.json",
            tactic_text("", ""),
            "best, avoid: both empty",
        ),
        (
            "unknown_field.json",
            tactic_text(r#""a1 shoot b1 w1""#, "").replacen(
                "\"name\": \"t\"",
                "\"name\": \"t\", \"colour\": 1",
                1,
            ),
            "unknown field `colour`",
        ),
        (
            "no_why.json",
            tactic_text(r#""a1 shoot b1 w1""#, "").replacen(
                "\"why\": \"b1 dies to any wound.\",",
                "",
                1,
            ),
            "missing field `why`",
        ),
        (
            "empty_why.json",
            tactic_text(r#""a1 shoot b1 w1""#, "").replacen(
                "\"why\": \"b1 dies to any wound.\"",
                "\"why\": \" \"",
                1,
            ),
            "why: must not be empty",
        ),
        (
            "bad_position.json",
            tactic_text(r#""a1 shoot b1 w1""#, "").replacen(
                "\"ene\": 3, \"status\"",
                "\"ene\": 30, \"status\"",
                1,
            ),
            "position.sides.A[0].ene: 30 is outside",
        ),
        (
            "schema.json",
            tactic_text(r#""a1 shoot b1 w1""#, "").replacen("\"board\"", "\"tablero\"", 1),
            "position: unknown field `tablero`",
        ),
    ];
    for (name, text, expected) in cases {
        let p = write(&dir, name, &text);
        let e = load_tactic(&p).expect_err(name);
        assert!(
            e.contains(name),
            "{name}: the error does not name the file: {e}"
        );
        assert!(
            e.contains(expected),
            "{name}: expected {expected:?} in {e:?}"
        );
    }
    let missing = dir.join("missing.json");
    let e = load_tactic(&missing).unwrap_err();
    assert!(
        e.contains("missing.json") && e.contains("cannot read"),
        "{e}"
    );
    // run_suite stops at the first file that does not load, naming it.
    let e = run_suite(&dir, &Options::default()).unwrap_err();
    assert!(e.contains(".json"), "{e}");
    let empty = tmp_dir("empty");
    let e = run_suite(&empty, &Options::default()).unwrap_err();
    assert!(e.contains("no tactic files"), "{e}");
}
