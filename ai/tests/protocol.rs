//! The line protocol, driven through the real `wartime` binary as a subprocess (PROTOCOL.md
//! §1–7); the analysis mode, compliance, terminal play and the board picture are in
//! `frontends.rs`.

mod common;

use common::process::{duel, positions, Engine};
use engine::basics::check::{EventText, Log};
use engine::basics::dice::{DiceSource, RecordingDice, SeededDice};
use engine::State;
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let head = line.split(" text ").next().unwrap_or(line);
    let w: Vec<&str> = head.split_whitespace().collect();
    w.iter()
        .position(|t| *t == key)
        .and_then(|i| w.get(i + 1).copied())
}

/// Without the lines that depend on timing (`info`).
fn untimed(v: &[String]) -> Vec<String> {
    v.iter()
        .filter(|l| !l.starts_with("info"))
        .cloned()
        .collect()
}

#[test]
fn handshake_and_options() {
    let mut e = Engine::protocol();
    e.send("wartime");
    let v = e.until(|l| l == "wartimeok");
    assert!(v[0].starts_with("id name wartime "), "{v:?}");
    assert!(v.contains(&"id protocol 1".to_string()));
    for o in [
        "Threads",
        "Seed",
        "DiceSeed",
        "Iterations",
        "MoveTime",
        "MultiPV",
    ] {
        assert!(
            v.iter()
                .any(|l| l.starts_with(&format!("option name {o} type "))),
            "{o} missing in {v:?}"
        );
    }
    // Options without answers; bad ones answered by one error each.
    e.send("setoption name multipv value 3");
    e.send("setoption name strictdice value FALSE");
    e.send("setoption name StrictDice value true");
    assert!(e.fence().is_empty());
    e.send("setoption name MultiPV value 0");
    e.send("setoption name Nope value 1");
    e.send("setoption name Threads");
    e.send("setoption Threads 2");
    let v = e.fence();
    assert_eq!(v.len(), 4, "{v:?}");
    assert!(
        v.iter().all(|l| l.starts_with("error setoption: ")),
        "{v:?}"
    );
    assert!(v[0].contains("outside 1..=64"), "{v:?}");
    assert!(v[1].contains("unknown option \"Nope\""), "{v:?}");
    e.send("quit");
    assert!(e.close().is_empty());
}

/// Two engines play the duel against each other; the first is also the referee: it rolls the
/// dice, and the second gets every action with the dice the referee used, so both must see the
/// same events and reach the same decisions and the same final position.
#[test]
fn bot_vs_bot_game_through_the_protocol() {
    let mut a = Engine::protocol();
    let mut b = Engine::protocol();
    for e in [&mut a, &mut b] {
        e.send("wartime");
        e.until(|l| l == "wartimeok");
        e.send("setoption name Iterations value 120");
        e.send("setoption name DiceSeed value 11");
        e.send("setoption name InfoInterval value 0");
    }
    b.send("setoption name Seed value 2");
    b.send("setoption name StrictDice value true");
    let p = format!("position file {}", duel());
    let mut da = a.decision(&p).pop().unwrap();
    let db = b.decision(&p).pop().unwrap();
    assert_eq!(da, db);
    let mut plies = 0;
    let mut windows = 0;
    let mut reactions = 0;
    while field(&da, "kind") != Some("none") {
        plies += 1;
        assert!(plies < 3000, "the game does not end");
        let side = field(&da, "side").unwrap();
        let kind = field(&da, "kind").unwrap().to_string();
        let player = if side == "A" { &mut a } else { &mut b };
        let legal = if plies % 7 == 0 {
            player.legal()
        } else {
            Vec::new()
        };
        player.send(&format!("go id p{plies}"));
        let v = player.until(|l| l.starts_with("bestaction"));
        let best = v.last().unwrap();
        let action = best
            .strip_prefix("bestaction ")
            .and_then(|r| r.strip_suffix(&format!(" id p{plies}")))
            .unwrap_or_else(|| panic!("{best}"))
            .to_string();
        assert!(v[v.len() - 2].starts_with(&format!("info id p{plies} ")));
        assert_ne!(action, "none");
        if !legal.is_empty() {
            assert!(legal.contains(&action), "{action} not in {legal:?}");
        }
        match kind.as_str() {
            "window" => windows += 1,
            "reaction" => reactions += 1,
            _ => {}
        }
        // The referee rolls; the other engine gets the same dice.
        let ra = a.decision(&format!("apply {action}"));
        let dice_line = ra.iter().find(|l| l.starts_with("dice ")).unwrap();
        let used = dice_line.split(" used").nth(1).unwrap().trim().to_string();
        let cmd = if used.is_empty() {
            format!("apply {action}")
        } else {
            format!("apply {action} dice {used}")
        };
        let rb = b.decision(&cmd);
        let events = |v: &[String]| -> Vec<String> {
            v.iter()
                .filter(|l| l.starts_with("event") || l.starts_with("decision"))
                .cloned()
                .collect()
        };
        assert_eq!(events(&ra), events(&rb), "after {action}");
        da = ra.last().unwrap().clone();
    }
    assert!(da.contains(" winner "), "{da}");
    let sa = a.one("save", "save json ");
    let sb = b.one("save", "save json ");
    assert_eq!(sa, sb);
    // The record replays the game exactly in a fresh engine.
    let rec = a.one("record", "record json ");
    let mut c = Engine::protocol();
    let d = c.decision(&format!(
        "position {}",
        rec.strip_prefix("record ").unwrap()
    ));
    assert_eq!(d.last().unwrap(), &da);
    assert_eq!(c.one("save", "save json "), sa);
    // Nothing is legal any more: bestaction none, after a final info.
    a.send("go iterations 10");
    let v = a.until(|l| l.starts_with("bestaction"));
    assert_eq!(v.last().unwrap(), "bestaction none");
    assert!(v[v.len() - 2].starts_with("info "));
    eprintln!("{plies} plies, {windows} reaction windows and {reactions} reactions decided by go");
}

/// The bot decides as reactor too: in a reaction window of its side `go` answers `pass` or
/// which character attempts to react, and after a passed CH VOL, the reaction itself.
#[test]
fn the_bot_decides_reaction_windows_and_reactions() {
    let mut e = Engine::protocol();
    e.send("setoption name DiceSeed value 5");
    e.send("setoption name Iterations value 200");
    let mut d = e
        .decision(&format!(
            "position file {}",
            positions().join("skirmish_2v2.json").display()
        ))
        .pop()
        .unwrap();
    let mut r = Rng(77);
    let (mut windows, mut reactions) = (0, 0);
    for ply in 0..2000 {
        if field(&d, "kind") == Some("none") || (windows >= 3 && reactions >= 1) {
            break;
        }
        let legal = e.legal();
        let kind = field(&d, "kind").unwrap().to_string();
        let reacting = kind == "window" && legal.iter().any(|a| a.ends_with(" react"));
        let action = if reacting || kind == "reaction" {
            e.send(&format!("go id r{ply}"));
            let v = e.until(|l| l.starts_with("bestaction"));
            let a = v
                .last()
                .unwrap()
                .strip_prefix("bestaction ")
                .unwrap()
                .strip_suffix(&format!(" id r{ply}"))
                .unwrap()
                .to_string();
            assert!(legal.contains(&a), "{a} not legal in {d}: {legal:?}");
            if reacting {
                windows += 1;
                assert!(a == "pass" || a.ends_with(" react"), "{a}");
            } else {
                reactions += 1;
            }
            a
        } else {
            legal[r.below(legal.len())].clone()
        };
        d = e.decision(&format!("apply {action}")).pop().unwrap();
    }
    assert!(windows >= 3, "only {windows} reaction windows");
    assert!(reactions >= 1, "no reaction decided by the bot");
}

#[test]
fn isready_and_stop_during_go_infinite() {
    let mut e = Engine::protocol();
    e.decision(&format!(
        "position file {} actions init a1 ; init b1",
        duel()
    ));
    e.send("setoption name InfoInterval value 50");
    e.send("setoption name MultiPV value 2");
    e.send("go infinite id inf");
    std::thread::sleep(Duration::from_millis(300));
    for _ in 0..3 {
        let t = Instant::now();
        let v = e.fence();
        assert!(t.elapsed() < Duration::from_secs(2), "isready was slow");
        assert!(
            v.iter().all(|l| l.starts_with("info id inf ")),
            "only info lines during the search: {v:?}"
        );
        // Read-only commands work during the search.
        assert!(!e.legal().is_empty());
        std::thread::sleep(Duration::from_millis(200));
    }
    // Still searching: nothing but info lines, no bestaction, for a while.
    let end = Instant::now() + Duration::from_millis(500);
    while let Some(l) = e.next(end.saturating_duration_since(Instant::now())) {
        assert!(l.starts_with("info"), "{l}");
    }
    let t = Instant::now();
    e.send("stop");
    let v = e.until(|l| l.starts_with("bestaction"));
    assert!(
        t.elapsed() < Duration::from_secs(1),
        "stop took {:?}",
        t.elapsed()
    );
    let n = v.len();
    assert!(v[n - 1].starts_with("bestaction activate ") && v[n - 1].ends_with(" id inf"));
    assert!(
        v[n - 2].starts_with("info id inf multipv 2 ")
            || v[n - 2].starts_with("info id inf multipv 1 ")
    );
    // The final info reports real work.
    let iters: u64 = field(&v[n - 2], "iterations").unwrap().parse().unwrap();
    assert!(iters > 0);
    // Exactly one bestaction: a second stop and a fence produce nothing.
    e.send("stop");
    assert!(e.fence().is_empty());
    // The position was not touched by the search.
    assert_eq!(e.legal().len(), e.legal().len());
    e.send("quit");
    e.close();
}

#[test]
fn go_with_limits_reports_info_and_one_bestaction() {
    let mut e = Engine::protocol();
    e.decision(&format!(
        "position file {} actions activate b3",
        positions().join("midgame_3v3.json").display()
    ));
    let legal = e.legal();
    assert!(legal.len() > 3);
    e.send("setoption name InfoInterval value 0");
    e.send("go iterations 600 multipv 3");
    let v = e.until(|l| l.starts_with("bestaction"));
    let infos: Vec<&String> = v.iter().filter(|l| l.starts_with("info")).collect();
    assert_eq!(infos.len() + 1, v.len());
    // Periodic reports (every 256 iterations) and the final three.
    assert!(infos.len() >= 5, "{v:?}");
    let last3 = &v[v.len() - 4..v.len() - 1];
    for (k, l) in last3.iter().enumerate() {
        assert!(
            l.starts_with(&format!("info multipv {} iterations 600 ", k + 1)),
            "{l}"
        );
        for key in [
            "nodes",
            "time",
            "nps",
            "visits",
            "value",
            "risk_window",
            "risk_hit",
            "risk_psi",
            "pv",
        ] {
            assert!(field(l, key).is_some(), "{key} missing in {l}");
        }
        let value: f32 = field(l, "value").unwrap().parse().unwrap();
        assert!((0.0..=1.0).contains(&value));
    }
    let best = v.last().unwrap().strip_prefix("bestaction ").unwrap();
    assert!(legal.iter().any(|a| a == best), "{best}");
    assert!(
        last3[0].ends_with(&format!(" pv {best}")) || last3[0].contains(&format!(" pv {best} ; "))
    );
    // Same seed, same iterations: the same answer.
    e.send("go iterations 600 multipv 3");
    let w = e.until(|l| l.starts_with("bestaction"));
    assert_eq!(w.last(), v.last());
    // movetime ends on its own.
    let t = Instant::now();
    e.send("go movetime 300");
    e.until(|l| l.starts_with("bestaction"));
    assert!(t.elapsed() < Duration::from_secs(5));
    // eval, show.
    let ev = e.one("eval", "eval ");
    assert_eq!(field(&ev, "side"), Some("B"));
    e.send("show");
    let s = e.until(|l| l.starts_with("decision ") || l.starts_with("error"));
    assert!(s
        .iter()
        .take(s.len() - 1)
        .all(|l| l == "show" || l.starts_with("show ")));
    assert!(s.iter().any(|l| l.starts_with("show A1 ")));
    e.send("quit");
    e.close();
}

/// Plays a random game with the engine library, recording the dice of every action, then
/// referees the same game through the protocol with those dice: the events and the final
/// position must be the same, and no die may come from the engine's own stream.
#[test]
fn referee_mode_reproduces_a_scripted_game() {
    let path = positions().join("skirmish_2v2.json");
    let mut st = State::load(&path).unwrap();
    let mut stream = SeededDice::new(2024);
    // A pick seed whose game rolls dice often (more than 20 actions with dice; the legal lists,
    // and so the game a seed picks, change when actions are added).
    let mut pick = SeededDice::new(9);
    let mut buf = Vec::new();
    let mut script: Vec<(String, Vec<u8>, Vec<String>)> = Vec::new();
    while !st.is_terminal() && script.len() < 400 {
        st.legal_actions(&mut buf);
        let a = buf[(pick.d100() as usize * 131 + pick.d10() as usize) % buf.len()];
        let text = st.notation(&a);
        let mut rec = RecordingDice::new(&mut stream);
        let mut log = Log::recording();
        st.apply(&a, &mut rec, &mut log).unwrap();
        let rolls = rec.rolls.clone();
        let events = log
            .events
            .iter()
            .map(|e| {
                format!(
                    "event {}",
                    EventText {
                        event: e,
                        roster: &st
                    }
                )
            })
            .collect();
        script.push((text, rolls, events));
    }
    assert!(script.iter().filter(|s| !s.1.is_empty()).count() > 20);
    let mut e = Engine::protocol();
    e.send("setoption name StrictDice value true");
    e.decision(&format!("position file {}", path.display()));
    for (text, dice, events) in &script {
        let d: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
        let cmd = if d.is_empty() {
            format!("apply {text}")
        } else {
            format!("apply {text} dice {}", d.join(" "))
        };
        let v = e.decision(&cmd);
        assert_eq!(v[0], format!("applied {text}"));
        let got: Vec<String> = v
            .iter()
            .filter(|l| l.starts_with("event "))
            .cloned()
            .collect();
        assert_eq!(&got, events, "{cmd}");
        let dl = v.iter().find(|l| l.starts_with("dice ")).unwrap();
        assert!(
            dl.starts_with(&format!("dice supplied {} drawn 0 used", dice.len())),
            "{dl}"
        );
    }
    let save = e.one("save", "save json ");
    let mut got: Value = serde_json::from_str(save.strip_prefix("save json ").unwrap()).unwrap();
    let mut want = serde_json::to_value(st.to_setup()).unwrap();
    for v in [&mut got, &mut want] {
        let o = v.as_object_mut().unwrap();
        o.remove("catalogue");
        o.remove("description");
    }
    assert_eq!(got, want);
    // Too many dice, or too few with StrictDice: refused, nothing changes.
    e.send("newgame");
    e.decision(&format!("position file {}", path.display()));
    e.send("apply init a1 dice 4");
    e.send("actions init a1 ; init b1 dice 3");
    let v = e.fence();
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(
        v[0].contains("1 dice supplied (4) but the action used 0"),
        "{}",
        v[0]
    );
    assert!(
        v[1].contains("action 2 \"init b1\"") && v[1].contains("StrictDice"),
        "{}",
        v[1]
    );
    e.decision("apply init a1");
    let v = e.decision("apply init b1 dice 9 2");
    assert!(
        v.contains(&"dice supplied 2 drawn 0 used 9 2".to_string()),
        "{v:?}"
    );
    // Undo replays the record with its dice.
    let before = e.one("save", "save json ");
    let next = e.legal()[0].clone();
    e.decision(&format!("apply {next}"));
    let u = e.decision("undo");
    assert_eq!(u[0], format!("undone {next}"));
    assert_eq!(e.one("save", "save json "), before);
    e.send("quit");
    e.close();
}

/// Draws from a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.below(v.len())]
    }
}

const COMMANDS: &[&str] = &[
    "wartime",
    "isready",
    "setoption",
    "newgame",
    "position",
    "apply",
    "actions",
    "undo",
    "legal",
    "go",
    "stop",
    "eval",
    "show",
    "record",
    "save",
    "help",
    "quit",
];

/// A line that is wrong: (the bytes, whether it is a `go` also answered by `bestaction none`).
fn bad_line(r: &mut Rng) -> (Vec<u8>, bool) {
    // `min` to `min + span - 1` characters.
    let junk = |r: &mut Rng, min: usize, span: usize| -> String {
        const C: &[u8] = b"abcxyzQ019,;{}[]\"':+-_ #\t\\/~";
        let n = min + r.below(span);
        (0..n).map(|_| C[r.below(C.len())] as char).collect()
    };
    match r.below(12) {
        0 => {
            // Random bytes, invalid UTF-8 and control characters included (no newline).
            let n = 1 + r.below(60);
            let mut v: Vec<u8> = (0..n)
                .map(|_| (r.next() % 256) as u8)
                .filter(|&b| b != b'\n')
                .collect();
            v.insert(0, b'~');
            (v, false)
        }
        1 => (format!("zz{}", junk(r, 1, 30)).into_bytes(), false),
        2 => (format!("apply {}", junk(r, 0, 30)).into_bytes(), false),
        3 => (
            format!(
                "apply a1 {} 99,{}",
                r.pick(&["move", "run", "shoot", "fly", "melee"]),
                r.below(300)
            )
            .into_bytes(),
            false,
        ),
        4 => (
            format!("position json {{{}", junk(r, 0, 40)).into_bytes(),
            false,
        ),
        5 => (
            format!(
                "position file /nonexistent/{}.json actions init a1",
                r.below(1000)
            )
            .into_bytes(),
            false,
        ),
        6 => (
            format!(
                "setoption name {} value {}",
                r.pick(&["Threads", "MultiPV", "Parallel", "StrictDice", "Bogus", ""]),
                r.pick(&["-1", "1e9", "maybe", "", "99999999999999999999999"])
            )
            .into_bytes(),
            false,
        ),
        7 => (
            r.pick(&[
                "go iterations 0",
                "go movetime -5",
                "go nodes x",
                "go depth 3",
                "go multipv 65",
                "go id",
                "go iterations",
                "go infinite sideways",
                "go movetime 1e3 id q",
            ])
            .as_bytes()
            .to_vec(),
            true,
        ),
        8 => (
            format!(
                "{} j{}",
                r.pick(&[
                    "legal", "eval", "show", "undo", "record", "save", "isready", "newgame",
                    "quit", "stop", "wartime", "help"
                ]),
                junk(r, 0, 10)
            )
            .into_bytes(),
            false,
        ),
        9 => (
            format!("actions {} ; {}", junk(r, 5, 1), junk(r, 5, 1)).into_bytes(),
            false,
        ),
        10 => (
            format!(
                "apply init a1 dice {}",
                r.pick(&["0", "11", "x", "3 -1", "1,,99"])
            )
            .into_bytes(),
            false,
        ),
        _ => {
            let mut s = format!("{} ", r.pick(COMMANDS));
            if r.below(50) == 0 {
                s.push_str(&"x".repeat(100_000));
            } else {
                s.push_str(&junk(r, 1, 20));
            }
            s.insert_str(0, "bad");
            (s.into_bytes(), false)
        }
    }
}

#[test]
fn thousands_of_bad_lines_change_nothing_and_crash_nothing() {
    let mut e = Engine::protocol();
    e.decision(&format!(
        "position file {} actions init a1 ; init b1",
        duel()
    ));
    e.decision("apply activate b1");
    let save0 = e.one("save", "save json ");
    let record0 = e.one("record", "record json ");
    let legal0 = e.legal();
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut sent = 0;
    let mut gos = 0;
    let mut all: Vec<u8> = Vec::new();
    for round in 0..30 {
        let mut lines = 0;
        let mut round_gos = 0;
        for _ in 0..100 {
            let (l, go) = bad_line(&mut r);
            all.extend_from_slice(&l);
            all.push(b'\n');
            std::fs::write(
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("bad_lines.txt"),
                &all,
            )
            .unwrap();
            e.send_bytes(&l);
            lines += 1;
            if go {
                round_gos += 1;
            }
        }
        let v = e.fence();
        let errors = v.iter().filter(|l| l.starts_with("error ")).count();
        let nones = v
            .iter()
            .filter(|l| l.starts_with("bestaction none"))
            .count();
        assert_eq!(
            errors, lines,
            "round {round}: {} lines, answers {v:?}",
            lines
        );
        assert_eq!(nones, round_gos, "round {round}");
        assert_eq!(errors + nones, v.len(), "round {round}: {v:?}");
        sent += lines;
        gos += round_gos;
    }
    assert!(sent > 2000, "{sent}");
    assert!(gos > 100);
    assert_eq!(e.one("save", "save json "), save0);
    assert_eq!(e.one("record", "record json "), record0);
    assert_eq!(e.legal(), legal0);
    e.send("quit");
    e.close();
}

#[test]
fn end_of_input_finishes_a_finite_search_and_stops_an_infinite_one() {
    let mut e = Engine::protocol();
    e.decision(&format!("position file {}", duel()));
    e.send("go iterations 300");
    let rest = e.close();
    assert!(
        rest.last().unwrap().starts_with("bestaction init a1"),
        "{rest:?}"
    );
    let mut e = Engine::protocol();
    e.decision(&format!("position file {}", duel()));
    e.send("go infinite");
    let t = Instant::now();
    let rest = e.close();
    assert!(t.elapsed() < Duration::from_secs(10));
    assert_eq!(untimed(&rest), vec!["bestaction init a1".to_string()]);
}
