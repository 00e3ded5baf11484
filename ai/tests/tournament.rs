//! End-to-end tests of `wartime tournament` and `wartime replay`: the real binary with
//! iteration-limited agents on the small shipped positions, our own binary as an external
//! engine, and tiny shell scripts as broken engines (crash, hang, illegal answer, exit after
//! the handshake). Kept fast: few games, short timeouts.

mod common;

use common::{run, BIN};
use std::path::{Path, PathBuf};
use std::process::Output;

fn pos(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../positions")
        .join(name)
        .display()
        .to_string()
}

/// A fresh path in cargo's per-target temporary directory.
fn tmp(name: &str) -> PathBuf {
    common::tmp("wartime-tournament", name)
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).to_string(),
        String::from_utf8_lossy(&o.stderr).to_string(),
    )
}

/// Runs and expects success and a quiet standard error; returns standard output.
fn ok(args: &[&str]) -> String {
    let o = run(args);
    let (out, err) = text(&o);
    assert!(o.status.success(), "wartime {args:?} failed:\n{out}{err}");
    assert!(err.is_empty(), "stderr: {err}");
    out
}

/// Runs and expects exit code `code`; returns (stdout, stderr).
fn fails(code: i32, args: &[&str]) -> (String, String) {
    let o = run(args);
    let (out, err) = text(&o);
    assert_eq!(o.status.code(), Some(code), "wartime {args:?}:\n{out}{err}");
    assert!(
        !err.contains("panic") && !err.contains("internal error"),
        "{err}"
    );
    (out, err)
}

/// The records of a file, by game, with the times zeroed (they vary from run to run).
fn records(p: &Path) -> Vec<serde_json::Value> {
    let mut v: Vec<serde_json::Value> = std::fs::read_to_string(p)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for r in &mut v {
        for d in r["decisions"].as_array_mut().unwrap() {
            d["ms"] = 0.into();
        }
    }
    v.sort_by_key(|r| r["game"].as_u64());
    v
}

/// The output without the lines that report the time taken and the record file.
fn untimed(s: &str) -> String {
    s.lines()
        .filter(|l| !l.starts_with("Played ") && !l.starts_with("Game records"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn mcts_vs_greedy<'a>(extra: &[&'a str], duel: &'a str, skirmish: &'a str) -> Vec<&'a str> {
    let mut v = vec![
        "tournament",
        "-engine",
        "name=m",
        "agent=mcts",
        "iterations=40",
        "-engine",
        "agent=greedy",
        "-games",
        "2",
        "-rounds",
        "2",
        "-positions",
        duel,
        skirmish,
    ];
    v.extend_from_slice(extra);
    v
}

#[test]
fn results_do_not_depend_on_concurrency_and_print_in_game_order() {
    let (duel, skirmish) = (pos("duel.json"), pos("skirmish_2v2.json"));
    let (a, b) = (tmp("c1.jsonl"), tmp("c2.jsonl"));
    let (sa, sb) = (a.display().to_string(), b.display().to_string());
    let one = ok(&mcts_vs_greedy(
        &["-concurrency", "1", "-out", &sa],
        &duel,
        &skirmish,
    ));
    let two = ok(&mcts_vs_greedy(
        &["-concurrency", "2", "-out", &sb],
        &duel,
        &skirmish,
    ));
    assert_eq!(records(&a), records(&b));
    assert_eq!(records(&a).len(), 4);
    let finished: Vec<&str> = one
        .lines()
        .filter(|l| l.starts_with("Finished game"))
        .collect();
    assert_eq!(finished.len(), 4, "{one}");
    for (k, l) in finished.iter().enumerate() {
        assert!(
            l.starts_with(&format!("Finished game {} (", k + 1)),
            "{one}"
        );
    }
    let strip = |s: &str| untimed(s).replace("concurrency 2", "concurrency 1");
    assert_eq!(strip(&one), strip(&two));
    assert!(one.contains("Rank Name"), "{one}");
    assert!(one.contains("m vs greedy: 4 games"), "{one}");
    // The two games of a pair share position and dice seed, sides swapped.
    let r = records(&a);
    assert_eq!(r[0]["seed"], r[1]["seed"]);
    assert_eq!(r[0]["side_a"], r[1]["side_b"]);
    assert_ne!(r[0]["seed"], r[2]["seed"]);
}

#[test]
fn sprt_stops_early_when_the_strong_agent_is_clearly_stronger() {
    let out = ok(&[
        "tournament",
        "-engine",
        "name=m",
        "agent=mcts",
        "iterations=100",
        "-engine",
        "agent=random",
        "-games",
        "2",
        "-rounds",
        "200",
        "-positions",
        &pos("duel.json"),
        &pos("skirmish_2v2.json"),
        "-sprt",
        "elo0=0",
        "elo1=150",
        "alpha=0.05",
        "beta=0.05",
        "-concurrency",
        "2",
        "-quiet",
    ]);
    assert!(out.contains("H1 was accepted"), "{out}");
    let counted: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("Played "))
        .and_then(|l| l.split(" counted").next())
        .and_then(|l| l.rsplit('(').next())
        .and_then(|n| n.parse().ok())
        .expect("a Played line");
    assert!(counted < 400 && counted.is_multiple_of(2), "{out}");
    assert!(
        !out.contains("Finished game"),
        "-quiet prints only the results: {out}"
    );
}

#[test]
fn records_replay_exactly_and_a_replayed_position_loads_in_analyze() {
    let (duel, skirmish) = (pos("duel.json"), pos("skirmish_2v2.json"));
    let rec = tmp("replay.jsonl");
    let srec = rec.display().to_string();
    ok(&mcts_vs_greedy(
        &["-out", &srec, "-quiet"],
        &duel,
        &skirmish,
    ));
    let all = ok(&["replay", &srec]);
    assert_eq!(all.matches("replayed exactly").count(), 4, "{all}");
    let one = ok(&["replay", &srec, "--game", "2"]);
    assert!(one.contains("replayed exactly:"), "{one}");
    assert!(one.contains("dice "), "{one}");
    let at = tmp("at.json");
    let sat = at.display().to_string();
    let cut = ok(&[
        "replay", &srec, "--game", "2", "--at", "8", "--write", &sat, "--show",
    ]);
    assert!(cut.contains("stopped after 8 of"), "{cut}");
    let analysis = ok(&["analyze", &sat, "--iterations", "200", "--json"]);
    assert!(analysis.contains("\"best\""), "{analysis}");
    // A die changed in the record: the replay names the game and the decision.
    let mut lines: Vec<serde_json::Value> = std::fs::read_to_string(&rec)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let g = lines.iter().position(|r| r["game"] == 1).unwrap();
    let k = lines[g]["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .position(|d| !d["dice"].as_array().unwrap().is_empty())
        .unwrap();
    lines[g]["decisions"][k]["dice"]
        .as_array_mut()
        .unwrap()
        .push(5.into());
    let bad = tmp("tampered.jsonl");
    let body: Vec<String> = lines.iter().map(|r| r.to_string()).collect();
    std::fs::write(&bad, body.join("\n") + "\n").unwrap();
    let (_, err) = fails(2, &["replay", &bad.display().to_string(), "--game", "1"]);
    assert!(
        err.contains(&format!("game 1 decision {}", k + 1)) && err.contains("recorded dice"),
        "{err}"
    );
    let (_, err) = fails(2, &["replay", &duel]);
    assert!(err.contains("line 1: not a game record"), "{err}");
}

#[test]
fn resume_after_an_interrupted_write_gives_the_games_of_a_fresh_run() {
    let (duel, skirmish) = (pos("duel.json"), pos("skirmish_2v2.json"));
    let (full, part) = (tmp("full.jsonl"), tmp("part.jsonl"));
    let (sf, sp) = (full.display().to_string(), part.display().to_string());
    ok(&mcts_vs_greedy(&["-out", &sf, "-quiet"], &duel, &skirmish));
    // Two games and the start of a third, as if the run had been killed mid-write.
    let text = std::fs::read_to_string(&full).unwrap();
    let l: Vec<&str> = text.lines().collect();
    std::fs::write(&part, format!("{}\n{}\n{}", l[0], l[1], &l[2][..50])).unwrap();
    let args = mcts_vs_greedy(&["-out", &sp, "-resume"], &duel, &skirmish);
    let o = run(&args);
    let (out, err) = text_of(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(err.contains("line 3 was cut short"), "{err}");
    assert!(
        out.contains("Resuming") && out.contains("2 game(s) already recorded"),
        "{out}"
    );
    assert_eq!(out.matches("Finished game").count(), 2, "{out}");
    assert_eq!(records(&full), records(&part));
    // Without -resume an existing record file is not appended to.
    let (_, err) = fails(2, &mcts_vs_greedy(&["-out", &sp], &duel, &skirmish));
    assert!(err.contains("add -resume"), "{err}");
    // Other flags than the first run's: refused, naming the game.
    let (_, err) = fails(
        2,
        &mcts_vs_greedy(&["-out", &sp, "-resume", "-srand", "7"], &duel, &skirmish),
    );
    assert!(err.contains("game 1 was played as"), "{err}");
}

fn text_of(o: &Output) -> (String, String) {
    text(o)
}

#[test]
fn our_binary_plays_as_an_external_engine() {
    let rec = tmp("external.jsonl");
    let srec = rec.display().to_string();
    let cmd = format!("cmd={BIN} protocol");
    let out = ok(&[
        "tournament",
        "-engine",
        "name=ext",
        &cmd,
        "iterations=60",
        "option.Seed=3",
        "-engine",
        "name=m",
        "agent=mcts",
        "iterations=60",
        "-games",
        "2",
        "-rounds",
        "2",
        "-concurrency",
        "2",
        "-positions",
        &pos("duel.json"),
        "-out",
        &srec,
    ]);
    assert_eq!(out.matches("Finished game").count(), 4, "{out}");
    assert!(!out.contains("crashed") && !out.contains("hung"), "{out}");
    for r in records(&rec) {
        assert_eq!(r["termination"], "normal", "{r}");
    }
    assert_eq!(
        ok(&["replay", &srec]).matches("replayed exactly").count(),
        4
    );
    // A refused option is reported before any game.
    let bad = format!("cmd={BIN} protocol");
    let (_, err) = fails(
        2,
        &[
            "tournament",
            "-engine",
            "name=ext",
            &bad,
            "movetime=20",
            "option.Nope=1",
            "-engine",
            "agent=random",
            "-positions",
            &pos("duel.json"),
        ],
    );
    assert!(err.contains("engine ext: option.Nope=1 refused"), "{err}");
}

/// A shell script engine in the temporary directory.
fn script(name: &str, body: &str) -> String {
    let p = tmp(name);
    std::fs::write(&p, format!("#!/bin/sh\n{body}")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    p.display().to_string()
}

const HANDSHAKE: &str = "    wartime) echo \"id name broken\"; echo wartimeok;;\n    \
                         isready) echo readyok;;\n";

fn broken(name: &str, on_go: &str) -> String {
    script(
        name,
        &format!(
            "while read -r line; do\n  case \"$line\" in\n{HANDSHAKE}    go*) {on_go};;\n  \
             esac\ndone\n"
        ),
    )
}

/// The Crash, Time and Illegal columns of the broken engine's row of the table.
fn faults_of_bad(out: &str) -> Vec<String> {
    let row = out
        .lines()
        .find(|l| l.contains(" bad "))
        .expect("a row for bad");
    let cols: Vec<&str> = row.split_whitespace().collect();
    cols[cols.len() - 3..]
        .iter()
        .map(|c| c.to_string())
        .collect()
}

fn against_random<'a>(cmd: &'a str, extra: &[&'a str], duel: &'a str) -> Vec<&'a str> {
    let mut v = vec![
        "tournament",
        "-engine",
        "name=bad",
        cmd,
        "movetime=30",
        "timemargin=30",
        "-engine",
        "agent=random",
        "-games",
        "2",
        "-positions",
        duel,
        "-ratinginterval",
        "0",
    ];
    v.extend_from_slice(extra);
    v
}

/// Plays a broken engine (a script answering `go` with `on_go`) against random with -recover:
/// both games are its losses, each game line says `says`, its Crash/Time/Illegal columns are
/// `counts` and every record ends with `termination`. Returns the engine's `cmd=` word.
fn loses_both_games(
    script: &str,
    on_go: &str,
    says: &str,
    counts: [&str; 3],
    termination: &str,
) -> String {
    let duel = pos("duel.json");
    let cmd = format!("cmd={}", broken(script, on_go));
    let rec = tmp(&format!("{script}.jsonl"));
    let srec = rec.display().to_string();
    let out = ok(&against_random(&cmd, &["-recover", "-out", &srec], &duel));
    assert_eq!(out.matches(says).count(), 2, "{out}");
    assert_eq!(faults_of_bad(&out), counts, "{out}");
    for r in records(&rec) {
        assert_eq!(r["termination"], termination, "{r}");
        assert_eq!(r["engine_faults"][0]["engine"], "bad");
    }
    cmd
}

#[test]
fn a_crashed_engine_loses_and_is_restarted_or_stops_the_tournament() {
    let cmd = loses_both_games(
        "crash.sh",
        "exit 3",
        "bad crashed",
        ["2", "0", "0"],
        "crash",
    );
    // Without -recover: the finished games are kept, the run stops with a clear message.
    let duel = pos("duel.json");
    let rec = tmp("crash2.jsonl");
    let srec = rec.display().to_string();
    let (out, err) = fails(
        1,
        &against_random(&cmd, &["-rounds", "3", "-out", &srec], &duel),
    );
    assert!(
        err.contains("engine bad failed in game") && err.contains("-recover"),
        "{err}"
    );
    assert!(out.contains("Rank Name"), "{out}");
    let kept = records(&rec).len();
    assert!((1..6).contains(&kept), "{kept}");
}

#[test]
fn hung_and_illegal_engines_lose_and_are_counted() {
    loses_both_games("hang.sh", ":", "bad hung", ["0", "2", "0"], "timeout");
    let liar = "echo \"bestaction a1 fly 3,3\"";
    let illegal = "bad played an illegal action";
    loses_both_games("illegal.sh", liar, illegal, ["0", "0", "2"], "illegal");
    let duel = pos("duel.json");
    // One that answers the handshake and exits: reported before any game.
    let quitter = format!(
        "cmd={}",
        script("quitter.sh", "read -r line\necho wartimeok\nexit 0\n")
    );
    let (out, err) = fails(2, &against_random(&quitter, &[], &duel));
    assert!(err.contains("engine bad: no answer to isready"), "{err}");
    assert!(!out.contains("Finished game"), "{out}");
}

#[test]
fn bad_flags_give_one_clear_error() {
    let two = "tournament -engine agent=random -engine agent=greedy";
    for (args, needle) in [
        (
            "tournament -engine agent=random".to_string(),
            "at least two engines",
        ),
        (format!("{two} -games 3"), "-games 3"),
        (format!("{two} -frob"), "unknown flag -frob"),
        (
            "tournament -engine agent=mcts -engine agent=greedy".into(),
            "give mcts a budget",
        ),
        (
            format!("{two} -positions /nonexistent/x.json"),
            "-positions: ",
        ),
        (
            format!(
                "tournament -engine cmd=/nonexistent/engine movetime=10 -engine agent=greedy \
                 -positions {}",
                pos("duel.json")
            ),
            "cannot start \"/nonexistent/engine\"",
        ),
        ("replay /nonexistent/r.jsonl".into(), "cannot read"),
    ] {
        let words: Vec<&str> = args.split_whitespace().collect();
        let (_, err) = fails(2, &words);
        assert!(err.contains(needle), "{args}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let help = ok(&["tournament", "-help"]);
    assert!(help.contains("-engine") && help.contains("-sprt"), "{help}");
}
