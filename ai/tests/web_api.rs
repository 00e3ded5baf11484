//! `wartime serve` over HTTP (WEB.md): the page and its files, a game against the bot, the
//! record replayed to the same position, analysis, undo, table dice, stop, several tabs, and
//! every kind of bad request answered with one clear error and the game unchanged.

mod common;

use ai::tools::tournament::record::GameRecord;
use ai::tools::tournament::replay::replay_game;
use ai::web::{ServeOptions, Server};
use common::http::{get, post, request};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

fn server() -> Server {
    Server::start(&ServeOptions {
        port: 0,
        ..ServeOptions::default()
    })
    .expect("the server starts on a free port")
}

fn new_game(addr: SocketAddr, body: &str) -> Value {
    let a = post(addr, "/api/sessions", body);
    assert_eq!(a.status, 201, "{}", a.text());
    a.json()
}

fn path(v: &Value, what: &str) -> String {
    let id = v["id"].as_str().unwrap();
    if what.is_empty() {
        format!("/api/sessions/{id}")
    } else {
        format!("/api/sessions/{id}/{what}")
    }
}

/// Polls until no search runs (the bot has answered).
fn settle(addr: SocketAddr, v: &Value) -> Value {
    let t = Instant::now();
    loop {
        let a = get(addr, &path(v, ""));
        assert_eq!(a.status, 200, "{}", a.text());
        let now = a.json();
        if now["job"].is_null() {
            return now;
        }
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the bot never answered"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn act(addr: SocketAddr, v: &Value, action: &str) -> Value {
    let a = post(
        addr,
        &path(v, "act"),
        &serde_json::json!({ "action": action }).to_string(),
    );
    assert_eq!(a.status, 200, "{action}: {}", a.text());
    a.json()
}

/// Plays the human's first legal action until `n` decisions are in the log.
fn play_until(addr: SocketAddr, mut v: Value, n: usize) -> Value {
    while v["log"].as_array().unwrap().len() < n && !v["over"].as_bool().unwrap() {
        v = settle(addr, &v);
        if v["your_turn"].as_bool().unwrap() {
            let first = v["legal"][0]["text"].as_str().unwrap().to_string();
            v = act(addr, &v, &first);
        }
    }
    v
}

/// The duel against a 30-iteration bot, after the human's `init a1` and the bot's answer.
fn duel_after_init(addr: SocketAddr) -> Value {
    let v = new_game(
        addr,
        r#"{"position":"duel","b":{"human":false,"iterations":30}}"#,
    );
    settle(addr, &act(addr, &v, "init a1"))
}

#[test]
fn the_page_and_its_files_are_served_and_nothing_else() {
    let s = server();
    let addr = s.addr();
    let page = get(addr, "/");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert!(page.text().contains("<script src=\"/app.js\">"));
    assert_eq!(get(addr, "/app.js").status, 200);
    assert!(get(addr, "/style.css").text().contains("#board"));
    let pos = get(addr, "/api/positions").json();
    let ids: Vec<&str> = pos
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"duel") && ids.contains(&"battle_6v6"),
        "{ids:?}"
    );
    for (p, code, words) in [
        ("/../Cargo.toml", 400, "path traversal"),
        ("/%2e%2e/%2e%2e/etc/passwd", 400, "path traversal"),
        ("/assets/..%2fapp.js", 400, "path traversal"),
        ("/Cargo.toml", 404, "no such page"),
        ("/api/nothing", 404, "no API route"),
    ] {
        let a = get(addr, p);
        assert_eq!(a.status, code, "{p}: {}", a.text());
        assert!(a.json()["error"].as_str().unwrap().contains(words), "{p}");
    }
    assert_eq!(request(addr, "DELETE", "/app.js", None).status, 405);
    assert_eq!(request(addr, "PUT", "/api/sessions", None).status, 405);
    s.shutdown();
}

#[test]
fn a_game_against_the_bot_is_recorded_and_replays_to_the_same_position() {
    let s = server();
    let addr = s.addr();
    let v = new_game(
        addr,
        r#"{"position":"skirmish_2v2","b":{"human":false,"iterations":60},"dice_seed":7}"#,
    );
    assert_eq!(v["decision"], "initiative");
    assert!(v["your_turn"].as_bool().unwrap());
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(v["characters"][0]["fov"].as_array().unwrap().len() > 5);
    // Long enough for the dice to be rolled whatever the bot chooses (an activation of moves
    // and ends rolls none).
    let v = play_until(addr, v, 30);
    let log = v["log"].as_array().unwrap();
    assert!(log.iter().any(|e| e["by"] == "bot"), "the bot answered");
    assert!(log.iter().any(|e| e["by"] == "human"));
    assert!(
        log.iter()
            .any(|e| !e["checks"].as_array().unwrap().is_empty()),
        "some check was rolled, with its die shown"
    );
    // The record replays exactly to the position the server holds.
    let rec = get(addr, &path(&v, "record"));
    assert_eq!(rec.status, 200);
    assert!(rec
        .header("content-disposition")
        .unwrap()
        .contains("attachment"));
    let r: GameRecord = serde_json::from_str(rec.text().trim()).unwrap();
    assert_eq!(r.decisions.len(), log.len());
    assert_eq!(r.side_b, "wartime mcts 60 iterations");
    let st = replay_game(&r, None).unwrap_or_else(|e| panic!("{e}"));
    let here = get(addr, &path(&v, "position")).text();
    let replayed = ai::tools::tournament::schedule::self_contained(&st).to_json();
    assert_eq!(here.trim(), replayed.trim());
    s.shutdown();
}

#[test]
fn bad_requests_get_one_clear_error_and_leave_the_game_unchanged() {
    let s = server();
    let addr = s.addr();
    let v = duel_after_init(addr);
    let before = get(addr, &path(&v, "position")).text();
    let log_len = v["log"].as_array().unwrap().len();
    let act_path = path(&v, "act");
    let first = v["legal"][0]["text"].as_str().unwrap().to_string();
    let cases: Vec<(String, String, u16, &str)> = vec![
        (act_path.clone(), "{not json".into(), 400, "malformed JSON"),
        (act_path.clone(), "".into(), 400, "empty"),
        (
            act_path.clone(),
            r#"{"action":5}"#.into(),
            400,
            "malformed JSON",
        ),
        (
            act_path.clone(),
            r#"{"action":"a1 run 1,1","x":1}"#.into(),
            400,
            "unknown field",
        ),
        (
            act_path.clone(),
            r#"{"action":"a1 fly to the moon"}"#.into(),
            400,
            "a1",
        ),
        (
            act_path.clone(),
            r#"{"action":"init a1"}"#.into(),
            400,
            "illegal",
        ),
        (
            act_path.clone(),
            r#"{"action":"b1 end facing N"}"#.into(),
            400,
            "illegal",
        ),
        (
            act_path.clone(),
            format!(r#"{{"action":"{first}","dice":[11]}}"#),
            400,
            "d10",
        ),
        (
            act_path.clone(),
            format!(r#"{{"action":"{first}","dice":[3,4,5,6,7,8,9,9,9,9,9,9,9,9,9,9]}}"#),
            400,
            "dice supplied",
        ),
        (
            "/api/sessions/0123456789abcdef0123456789abcdef/act".into(),
            r#"{"action":"init a1"}"#.into(),
            404,
            "unknown session id",
        ),
        (
            "/api/sessions/not-an-id/act".into(),
            "{}".into(),
            400,
            "malformed session id",
        ),
        (path(&v, "fly"), "{}".into(), 404, "no route"),
        (
            path(&v, "analyse"),
            r#"{"iterations":0}"#.into(),
            400,
            "at least 1",
        ),
        (
            path(&v, "analyse"),
            r#"{"multipv":99}"#.into(),
            400,
            "multipv",
        ),
        (
            "/api/sessions".into(),
            r#"{"position":"nowhere"}"#.into(),
            400,
            "no shipped position",
        ),
        (
            "/api/sessions".into(),
            r#"{"position":"duel","upload":"{}"}"#.into(),
            400,
            "exactly one",
        ),
        (
            "/api/sessions".into(),
            r#"{"position":"duel","dice":"loaded"}"#.into(),
            400,
            "dice",
        ),
        (
            "/api/sessions".into(),
            r#"{"upload":"{\"name\":1}"}"#.into(),
            400,
            "not a position file",
        ),
    ];
    for (p, body, code, words) in &cases {
        let a = post(addr, p, body);
        assert_eq!(a.status, *code, "{p} {body}: {}", a.text());
        let e = a.json()["error"].as_str().unwrap().to_string();
        assert!(e.contains(words), "{p} {body}: {e}");
        assert_eq!(get(addr, &path(&v, "position")).text(), before, "{body}");
    }
    // The bot's decision is not the page's to take.
    let v2 = new_game(
        addr,
        r#"{"position":"duel","a":{"human":false,"iterations":30},"b":{"human":true}}"#,
    );
    let v2 = settle(addr, &v2);
    let bots = v2["log"].as_array().unwrap().len();
    assert!(bots >= 1, "the bot (side A) began");
    // An oversized body is refused before it is read.
    let big = format!(r#"{{"upload":"{}"}}"#, "x".repeat(ai::web::MAX_BODY + 10));
    let a = post(addr, "/api/sessions", &big);
    assert_eq!(a.status, 413, "{}", a.text());
    assert!(a.json()["error"].as_str().unwrap().contains("too large"));
    let after = get(addr, &path(&v, "")).json();
    assert_eq!(after["log"].as_array().unwrap().len(), log_len);
    s.shutdown();
}

#[test]
fn an_upload_may_not_name_a_file_on_the_server() {
    let s = server();
    let addr = s.addr();
    let mut duel: Value = serde_json::from_str(include_str!("../../positions/duel.json")).unwrap();
    duel["catalogue"] = Value::String("/etc/passwd".into());
    let body = serde_json::json!({ "upload": duel.to_string() }).to_string();
    let a = post(addr, "/api/sessions", &body);
    assert_eq!(a.status, 400);
    assert!(a.json()["error"].as_str().unwrap().contains("catalogue"));
    duel.as_object_mut().unwrap().remove("catalogue");
    let body = serde_json::json!({ "upload": duel.to_string() }).to_string();
    let v = new_game(addr, &body);
    assert_eq!(v["position"], "uploaded");
    s.shutdown();
}

#[test]
fn analysis_reports_the_best_activation_and_draws_its_plan() {
    let s = server();
    let addr = s.addr();
    let v = duel_after_init(addr);
    // Up to the human's first action of an activation (the plan is an activation).
    let mut v = settle(addr, &v);
    for _ in 0..60 {
        if v["decision"] == "act" && v["your_turn"].as_bool().unwrap() {
            break;
        }
        let first = v["legal"][0]["text"].as_str().unwrap().to_string();
        v = settle(addr, &act(addr, &v, &first));
    }
    assert_eq!(v["decision"], "act");
    let a = post(
        addr,
        &path(&v, "analyse"),
        r#"{"iterations":300,"multipv":2}"#,
    );
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(a.json()["job"]["kind"], "analysis");
    // A second search while one runs is refused.
    let again = post(addr, &path(&v, "analyse"), "{}");
    assert!(
        again.status == 409 || again.status == 200,
        "{}",
        again.text()
    );
    let v = settle(addr, &v);
    let r = &v["analysis"];
    assert!(r["best"].is_string(), "{r}");
    assert_eq!(r["candidates"].as_array().unwrap().len().min(2), 2);
    assert!(r["candidates"][0]["risk"]["samples"].as_u64().is_some());
    assert!(
        v["svg"].as_str().unwrap().contains("id=\"plan\""),
        "{}: {r}",
        v["decision_text"]
    );
    // Once the game moves on, the analysis no longer shows.
    let best = r["best"].as_str().unwrap().to_string();
    let v = act(addr, &v, &best);
    assert!(v["analysis"].is_null());
    s.shutdown();
}

#[test]
fn undo_takes_back_the_humans_last_decision_in_casual_games_only() {
    let s = server();
    let addr = s.addr();
    let v = new_game(
        addr,
        r#"{"position":"duel","b":{"human":false,"iterations":30}}"#,
    );
    let start = get(addr, &path(&v, "position")).text();
    let v = settle(addr, &act(addr, &v, "init a1"));
    assert!(v["log"].as_array().unwrap().len() > 1, "the bot answered");
    let u = post(addr, &path(&v, "undo"), "");
    assert_eq!(u.status, 200, "{}", u.text());
    assert_eq!(u.json()["log"].as_array().unwrap().len(), 0);
    assert_eq!(get(addr, &path(&v, "position")).text(), start);
    let e = post(addr, &path(&v, "undo"), "");
    assert_eq!(e.status, 409);
    let strict = new_game(
        addr,
        r#"{"position":"duel","b":{"human":false,"iterations":30},"casual":false}"#,
    );
    let strict = settle(addr, &act(addr, &strict, "init a1"));
    let e = post(addr, &path(&strict, "undo"), "");
    assert_eq!(e.status, 409);
    assert!(e.json()["error"].as_str().unwrap().contains("casual"));
    s.shutdown();
}

#[test]
fn table_dice_are_typed_for_the_human_and_for_the_bot() {
    let s = server();
    let addr = s.addr();
    let v = new_game(
        addr,
        r#"{"position":"duel","b":{"human":false,"iterations":30},"dice":"table"}"#,
    );
    assert!(v["table_dice"].as_bool().unwrap());
    let a = post(addr, &path(&v, "act"), r#"{"action":"init a1"}"#);
    assert_eq!(a.status, 400);
    assert!(a.json()["error"].as_str().unwrap().contains("table dice"));
    // init a1 rolls no die; the bot's forced init b1 waits for the referee's dice.
    let a = post(addr, &path(&v, "act"), r#"{"action":"init a1","dice":[]}"#);
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    assert_eq!(v["pending_bot"], "init b1");
    // Too few dice for the initiative roll: refused (StrictDice), nothing played.
    let a = post(addr, &path(&v, "act"), r#"{"action":"init b1","dice":[]}"#);
    assert_eq!(a.status, 400, "{}", a.text());
    let a = post(
        addr,
        &path(&v, "act"),
        r#"{"action":"init b1","dice":[4,9]}"#,
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    let log = v["log"].as_array().unwrap();
    assert_eq!(log[1]["action"], "init b1");
    assert_eq!(log[1]["dice"], serde_json::json!([4, 9]));
    s.shutdown();
}

#[test]
fn a_long_search_never_blocks_the_page_and_stop_makes_the_bot_play() {
    let s = server();
    let addr = s.addr();
    let v = new_game(
        addr,
        r#"{"position":"duel","b":{"human":false,"iterations":1000000}}"#,
    );
    let v = act(addr, &v, "init a1");
    // init b1 and activate are forced; then the bot searches its first action.
    let mut v = v;
    for _ in 0..50 {
        if v["job"]["kind"] == "bot" {
            break;
        }
        v = get(addr, &path(&v, "")).json();
    }
    assert_eq!(v["job"]["kind"], "bot", "{}", v["decision_text"]);
    // Other requests are answered while it searches, and the page's own actions refused.
    let t = Instant::now();
    let during = get(addr, &path(&v, ""));
    assert_eq!(during.status, 200);
    assert!(t.elapsed() < Duration::from_secs(10));
    let refused = post(addr, &path(&v, "act"), r#"{"action":"a1 end facing N"}"#);
    assert_eq!(refused.status, 409);
    let other = new_game(addr, r#"{"position":"patrol_3v3"}"#);
    assert!(other["your_turn"].as_bool().unwrap());
    let n = v["log"].as_array().unwrap().len();
    let stopped = post(addr, &path(&v, "stop"), "");
    assert_eq!(stopped.status, 200);
    let w = stopped.json();
    assert!(
        w["log"].as_array().unwrap().len() > n,
        "the bot played at once"
    );
    assert_eq!(w["log"][n]["by"], "bot");
    // Closing frees the session; its id is then unknown.
    assert_eq!(s.sessions().len(), 2);
    assert_eq!(post(addr, &path(&v, "close"), "").status, 200);
    assert_eq!(s.sessions().len(), 1);
    assert_eq!(get(addr, &path(&v, "")).status, 404);
    assert_eq!(request(addr, "DELETE", &path(&other, ""), None).status, 200);
    assert!(s.sessions().is_empty());
    s.shutdown();
}

#[test]
fn same_seeds_and_same_clicks_give_the_same_game() {
    let s = server();
    let addr = s.addr();
    let body =
        r#"{"position":"skirmish_2v2","b":{"human":false,"iterations":40},"dice_seed":3,"seed":5}"#;
    let one = play_until(addr, new_game(addr, body), 10);
    let two = play_until(addr, new_game(addr, body), 10);
    let one = settle(addr, &one);
    let two = settle(addr, &two);
    let rec = |v: &Value| {
        let r: GameRecord =
            serde_json::from_str(get(addr, &path(v, "record")).text().trim()).unwrap();
        r.decisions
            .iter()
            .map(|d| (d.action.clone(), d.dice.clone(), d.side.clone()))
            .collect::<Vec<_>>()
    };
    assert!(rec(&one).len() >= 10);
    assert_eq!(rec(&one), rec(&two));
    s.shutdown();
}
