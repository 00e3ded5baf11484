//! The analysis mode, compliance, terminal play and the board picture, driven through the real
//! `wartime` binary as a subprocess (PROTOCOL.md §8–11).

mod common;

use common::process::{duel, positions, Engine};
use common::{run_with_input, BIN};
use engine::basics::check::Log;
use engine::basics::dice::SeededDice;
use engine::State;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

#[test]
fn compliance_passes_on_ourselves_and_fails_on_a_dead_engine() {
    let o = Command::new(BIN)
        .args(["compliance", &format!("{BIN} protocol")])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("15 of 15 checks passed"), "{out}");
    let o = Command::new(BIN)
        .args(["compliance", "true"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("FAIL handshake"));
    // Also through the library.
    assert!(ai::frontend::compliance::compliance("/nonexistent/engine").is_err());
}

fn json_lines(v: &[String]) -> Vec<Value> {
    v.iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn analysis_mode_answers_every_query_once() {
    let mut e = Engine::start(&["analysis"]);
    let file = duel();
    let q1 = serde_json::json!({
        "id": "q1", "file": file,
        "actions": ["init a1", {"action": "init b1", "dice": [7, 3]}, "activate b1"],
        "analyze_after": [0, 3], "iterations": 600, "multipv": 2, "report_every_ms": 1
    });
    e.send(&q1.to_string());
    e.send(r#"{"id": "q2", "file": "x.json", "iterations": "many"}"#);
    e.send(&format!(
        r#"{{"id": "q3", "file": "{file}", "maxVisits": 10}}"#
    ));
    e.send(&format!(
        r#"{{"id": "q4", "file": "{file}", "actions": ["init a1", "a1 fly"]}}"#
    ));
    e.send("this is not json");
    e.send(r#"{"id": "q5", "position": {"name": "x"}}"#);
    e.send(&format!(
        r#"{{"id": "q6", "file": "{file}", "movetime": 600000}}"#
    ));
    e.send(r#"{"id": "t6", "action": "terminate", "terminate_id": "q6"}"#);
    e.send(r#"{"id": "v", "action": "query_version"}"#);
    e.send(&format!(
        r#"{{"id": "q7", "file": "{file}", "analyze_after": [2]}}"#
    ));
    let rest = e.close();
    let v = json_lines(&rest);
    let finals = |id: &str| -> Vec<&Value> {
        v.iter()
            .filter(|x| x["id"] == id && x["is_final"] == true)
            .collect()
    };
    for id in ["q1", "q2", "q3", "q4", "q5", "q6", "t6", "v", "q7"] {
        assert_eq!(finals(id).len(), 1, "{id}: {rest:?}");
    }
    let q1f = finals("q1")[0];
    assert_eq!(q1f["terminated"], false);
    let res = q1f["results"].as_array().unwrap();
    assert_eq!(res.len(), 2);
    assert_eq!(res[0]["after"], 0);
    assert_eq!(res[0]["report"]["best"], "init a1");
    assert_eq!(res[1]["after"], 3);
    assert_eq!(res[1]["report"]["kind"], "act");
    assert_eq!(res[1]["report"]["iterations"], 600);
    assert_eq!(res[1]["report"]["candidates"].as_array().unwrap().len(), 2);
    let progress = v
        .iter()
        .filter(|x| x["id"] == "q1" && x["is_final"] == false)
        .count();
    assert!(progress >= 2, "{rest:?}");
    assert_eq!(finals("q2")[0]["field"], "iterations");
    assert_eq!(finals("q3")[0]["field"], "maxVisits");
    assert_eq!(finals("q4")[0]["field"], "actions[1]");
    assert!(finals("q4")[0]["error"].as_str().unwrap().contains("fly"));
    assert_eq!(finals("q5")[0]["field"], "position");
    let q6 = finals("q6")[0];
    assert_eq!(q6["terminated"], true);
    assert_eq!(finals("t6")[0]["terminated"], 1);
    assert!(finals("v")[0]["version"].is_string());
    assert_eq!(finals("q7")[0]["field"], "analyze_after[0]");
    let bad: Vec<&Value> = v.iter().filter(|x| x["id"].is_null()).collect();
    assert_eq!(bad.len(), 1);
    assert!(bad[0]["error"].as_str().unwrap().starts_with("not JSON"));
}

#[test]
fn play_in_the_terminal() {
    let (code, out) = run_with_input(
        &[
            "play",
            &duel(),
            "--human",
            "A",
            "--iterations",
            "60",
            "--dice-seed",
            "5",
        ],
        b"1\nhelp\nhint\na1 fly\nshow\nundo\nrecord\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("dice seed 5"), "{out}");
    // The legal actions are listed, numbered and grouped, at every decision: "1" works at once.
    let first = out.find("legal actions (1) — type a number").expect(&out);
    assert!(
        out[first..].starts_with(
            "legal actions (1) — type a number, or an action in notation:\n  init 1 a1\n"
        ),
        "{out}"
    );
    assert!(out.contains("A plays init a1"), "{out}");
    assert!(out.contains("B plays init b1\n    initiative A "), "{out}");
    // The bot says why: win %, plan, risks, the best alternative.
    let why = out.find("  why: win ").expect(&out);
    assert!(out[why..].contains("\n  risk: reaction window "), "{out}");
    assert!(out.contains("the bot suggests: "), "{out}");
    assert!(out.contains("unknown action \"fly\""), "{out}");
    // Undo says what it took back.
    assert!(out.contains("took back: "), "{out}");
    assert!(out.contains("record json {"), "{out}");
    // The board is drawn at the start, on show, and when it changed (the bot's moves, undo),
    // not after each of the initiative actions and phases that move nothing.
    let boards = out.matches(" 0  . . . .").count();
    assert!((2..=6).contains(&boards), "{boards}: {out}");
}

#[test]
fn board_picture() {
    let mut st = State::load(&positions().join("skirmish_2v2.json")).unwrap();
    for a in ["init a1", "init b1"] {
        let a = st.parse_action(a).unwrap();
        st.apply(&a, &mut SeededDice::new(3), &mut Log::off())
            .unwrap();
    }
    let plan = ai::view::svg::plan(&st, 2000, 1);
    assert!(!plan.is_empty());
    let s = ai::view::svg::svg(
        &st,
        &ai::view::svg::SvgOptions {
            fov: true,
            threats: true,
            plan,
        },
    );
    assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(s.trim_end().ends_with("</svg>"));
    assert!(s.matches("<circle").count() >= st.num_chars());
    for g in [
        "id=\"terrain\"",
        "id=\"fov\"",
        "id=\"threats\"",
        "id=\"characters\"",
        "id=\"plan\"",
        "id=\"legend\"",
        "planned attack",
        "a ready enemy can hit it this turn",
    ] {
        assert!(s.contains(g), "{g}");
    }
    // Threats count the ready enemies per square: none once they have all acted.
    let side = st.to_decide().unwrap();
    assert!(!ai::view::svg::threatened(&st, side).is_empty());
    // `--plan` still works as `--plan-iterations`; --threats leaves the fields of view out
    // unless --fov is given.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let out = dir.join("duel_threats.svg");
    for (flags, fov) in [
        (vec!["--plan", "50", "--threats"], false),
        (vec!["--plan-iterations", "50", "--threats", "--fov"], true),
    ] {
        let o = Command::new(BIN)
            .args(["show", &duel(), "--svg", out.to_str().unwrap()])
            .args(&flags)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{flags:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let s = std::fs::read_to_string(&out).unwrap();
        assert_eq!(s.contains("id=\"fov\""), fov, "{flags:?}");
        assert!(s.contains("id=\"threats\""));
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("skirmish_2v2.svg"), &s).unwrap();
}

/// `--table-dice`: the prompt names the check a die is for and its target (issue 18).
#[test]
fn table_dice_prompts_name_the_check_and_its_target() {
    let (code, out) = run_with_input(
        &[
            "play",
            &duel(),
            "--human",
            "both",
            "--table-dice",
            "--dice-seed",
            "5",
        ],
        b"init a1\ninit b1\n7\n3\nactivate b1\nb1 sprint 7,6\na1 react\n3\nquit\n",
    );
    assert_eq!(code, Some(0), "{out}");
    // Initiative is no check: the prompt names the action.
    assert!(out.contains("roll a d10 for \"init b1\" > "), "{out}");
    assert!(
        out.contains("roll a d10 for a1 CH VOL reaction, target 4 > "),
        "{out}"
    );
    assert!(
        out.contains("a1 CH VOL reaction target 4 rolled 3: pass"),
        "{out}"
    );
}

#[test]
fn board_picture_draws_an_area_template() {
    // ÁREAS: a grenade (R3) at the orc of trenches_3v3 covers 5 squares wholly and 4 partly.
    let st = State::load(&positions().join("trenches_3v3.json")).unwrap();
    let grenade = st.parse_action("a1 area w1 8,5").unwrap();
    let s = ai::view::svg::svg(
        &st,
        &ai::view::svg::SvgOptions {
            plan: vec![grenade],
            ..Default::default()
        },
    );
    assert_eq!(s.matches("R3 covers").count(), 9);
    assert_eq!(s.matches("wholly</title>").count(), 5);
    assert!(
        s.contains("<title>R3 covers 8,4 wholly</title>"),
        "the flamer's square"
    );
}

#[test]
fn analyze_counts_friendly_fire_from_our_areas() {
    // Tactic 25: a grenade at b1 (7,6) also covers a2 and a3 wholly; the risk breakdown of that
    // candidate counts the wounds it deals to them, and a grenade at the lone b2 (1,8) far fewer.
    let t =
        ai::input::load_tactic(positions().join("tactics/25_no_grenade_on_allies.json")).unwrap();
    let r = ai::frontend::analyze::analyze(
        &t.state,
        &ai::frontend::analyze::Options {
            iterations: Some(3000),
            multipv: 100,
            ..Default::default()
        },
    );
    let ff = |a: &str| {
        r.candidates
            .iter()
            .find(|c| c.action == a)
            .map(|c| (c.risk.samples, c.risk.friendly_fire))
            .unwrap_or_else(|| panic!("{a} not among the candidates"))
    };
    let (n, on_allies) = ff("a1 area w1 7,6");
    assert!(n > 0 && on_allies > 1.0, "{n} samples, {on_allies}");
    let (_, on_b2) = ff("a1 area w1 1,8");
    assert!(on_b2 < 0.3, "{on_b2}");
    assert!(r.to_text().contains("friendly fire"));
}
