//! Perft-style regression counts: for every shipped position (`positions/*.json` except
//! `catalogue.json`), the number of decision sequences of depth 1, 2 and 3 from its start, with
//! deterministic dice (every child is its parent cloned, then the action applied with a fresh
//! `SeededDice::new(0)`). Also from mid-activation states of `midgame_3v3.json` and
//! `battle_6v6.json` (a chain open, the actor to act again), reached by the actions written on
//! the file's `after:` line.
//!
//! The expected counts live in `positions/perft/<position>.txt` (and
//! `<position>.mid-activation.txt`). Any change in legal move generation or in the resolution
//! of actions shows up here. After an intended rules change, rewrite the files with
//!
//! ```text
//! WARTIME_PERFT_WRITE=1 cargo test -p wartime-tests --test integration perft
//! ```
//!
//! and review the diff.

use engine::{ActKind, Action, DecisionKind, Log, SeededDice, State};
use std::path::{Path, PathBuf};

/// Depths counted.
const DEPTHS: [u32; 3] = [1, 2, 3];

/// The mid-activation states: (position file, perft file).
const MID_ACTIVATION: &[(&str, &str)] = &[
    ("midgame_3v3.json", "midgame_3v3.mid-activation.txt"),
    ("battle_6v6.json", "battle_6v6.mid-activation.txt"),
];

const HEADER: &str = "\
# Perft counts: the number of decision sequences of depth N from the state below, that is the
# sum over its legal actions of the counts of their subtrees (depth 0 counts 1; a finished game
# has no sequence of depth 1 or more). Dice are deterministic: every child is its parent
# cloned, then the action applied (apply_unchecked) with a fresh engine::SeededDice::new(0).
# Checked by tests/perft.rs. After an intended rules change, rewrite every file with
#   WARTIME_PERFT_WRITE=1 cargo test -p wartime-tests --test integration perft
# and review the diff.
";

fn perft_dir() -> PathBuf {
    wartime_tests::positions_dir().join("perft")
}

fn write_mode() -> bool {
    std::env::var("WARTIME_PERFT_WRITE").is_ok_and(|v| !v.is_empty() && v != "0")
}

fn child(st: &State, a: &Action) -> State {
    let mut c = st.clone();
    c.apply_unchecked(a, &mut SeededDice::new(0), &mut Log::off());
    c
}

/// Decision sequences of length `depth` from `st` (leaves counted in bulk at depth 1).
fn perft(st: &State, depth: u32, bufs: &mut [Vec<Action>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per depth");
    st.legal_actions(buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for a in buf.iter() {
        n += perft(&child(st, a), depth - 1, rest);
    }
    n
}

/// The same, the root's subtrees spread over the available cores.
fn perft_parallel(st: &State, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(st, depth, &mut [Vec::new()]);
    }
    let mut root = Vec::new();
    st.legal_actions(&mut root);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut bufs = vec![Vec::new(); depth as usize];
                    let mut n = 0;
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(a) = root.get(k) else { break };
                        n += perft(&child(st, a), depth - 1, &mut bufs);
                    }
                    n
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    })
}

/// A perft file: the `after:` actions, if any, and the counts by depth.
#[derive(Debug, PartialEq)]
struct PerftFile {
    after: Vec<String>,
    counts: Vec<(u32, u64)>,
}

fn parse_file(text: &str, path: &Path) -> PerftFile {
    let mut f = PerftFile {
        after: Vec::new(),
        counts: Vec::new(),
    };
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("after:") {
            f.after = rest.split(';').map(|s| s.trim().to_string()).collect();
        } else if let Some(rest) = line.strip_prefix("depth ") {
            let (d, n) = rest
                .split_once(':')
                .unwrap_or_else(|| panic!("{}: bad line \"{line}\"", path.display()));
            let parse = |s: &str| {
                s.trim()
                    .parse::<u64>()
                    .unwrap_or_else(|_| panic!("{}: bad line \"{line}\"", path.display()))
            };
            f.counts.push((parse(d) as u32, parse(n)));
        } else {
            panic!("{}: unknown line \"{line}\"", path.display());
        }
    }
    f
}

fn format_file(what: &str, f: &PerftFile) -> String {
    let mut s = String::from(HEADER);
    for (k, line) in what.lines().enumerate() {
        let lead = if k == 0 { "State: " } else { "" };
        s.push_str(&format!("# {lead}{line}\n"));
    }
    if !f.after.is_empty() {
        s.push_str(&format!("after: {}\n", f.after.join("; ")));
    }
    for (d, n) in &f.counts {
        s.push_str(&format!("depth {d}: {n}\n"));
    }
    s
}

/// Plays the `after:` actions (each with a fresh `SeededDice::new(0)`).
fn replay(st: &State, after: &[String]) -> State {
    let mut st = st.clone();
    for text in after {
        let a = st
            .parse_action(text)
            .unwrap_or_else(|e| panic!("after: \"{text}\": {e}"));
        st.apply(&a, &mut SeededDice::new(0), &mut Log::off())
            .unwrap_or_else(|e| panic!("after: {e}"));
    }
    st
}

/// Compares (or, in write mode, writes) one perft file. Returns a mismatch message.
fn check(file: &str, what: &str, st: &State, after: Vec<String>) -> Option<String> {
    let path = perft_dir().join(file);
    let counts: Vec<(u32, u64)> = DEPTHS.iter().map(|&d| (d, perft_parallel(st, d))).collect();
    let got = PerftFile { after, counts };
    eprintln!("perft {file}: {:?}", got.counts);
    if write_mode() {
        std::fs::create_dir_all(perft_dir()).unwrap();
        std::fs::write(&path, format_file(what, &got)).unwrap();
        return None;
    }
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Some(format!(
            "{}: missing (counts {:?}); write it with WARTIME_PERFT_WRITE=1",
            path.display(),
            got.counts
        ));
    };
    let want = parse_file(&text, &path);
    (want.counts != got.counts).then(|| {
        format!(
            "{}: expected {:?}, got {:?}",
            path.display(),
            want.counts,
            got.counts
        )
    })
}

fn position_names() -> Vec<String> {
    let dir = wartime_tests::positions_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json") && n != "catalogue.json")
        .collect();
    names.sort();
    names
}

#[test]
fn perft_from_the_start_of_every_position() {
    let mut bad = Vec::new();
    for name in position_names() {
        let st = wartime_tests::load(&name);
        let stem = name.trim_end_matches(".json");
        let what = format!("positions/{name} as loaded.");
        bad.extend(check(&format!("{stem}.txt"), &what, &st, Vec::new()));
    }
    assert!(bad.is_empty(), "perft mismatch:\n{}", bad.join("\n"));
}

/// The actions that lead from a position to a mid-activation state: activate the first
/// character that may be activated, then its first chained movement (else its first chained
/// action), so that the actor acts again with a chain open.
fn to_mid_activation(st: &State) -> Vec<String> {
    let mut st = st.clone();
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..64 {
        st.legal_actions(&mut buf);
        let pick = match st.decision() {
            DecisionKind::Act if st.activation().actions == 0 => buf
                .iter()
                .find(|a| {
                    matches!(
                        a,
                        Action::Act {
                            kind: ActKind::Move(_),
                            chain: true,
                            ..
                        }
                    )
                })
                .or_else(|| {
                    buf.iter()
                        .find(|a| matches!(a, Action::Act { chain: true, .. }))
                }),
            DecisionKind::Act => break,
            _ => buf.first(),
        };
        let a = *pick.expect("a way to a mid-activation state");
        out.push(st.notation(&a));
        st = child(&st, &a);
    }
    assert_eq!(st.decision(), DecisionKind::Act);
    assert!(st.activation().chain > 0, "not inside a chain");
    out
}

#[test]
fn perft_from_a_mid_activation_state() {
    let mut bad = Vec::new();
    for &(position, file) in MID_ACTIVATION {
        if !wartime_tests::positions_dir().join(position).exists() {
            continue;
        }
        let st0 = wartime_tests::load(position);
        let after = if write_mode() {
            to_mid_activation(&st0)
        } else {
            let path = perft_dir().join(file);
            match std::fs::read_to_string(&path) {
                Ok(text) => parse_file(&text, &path).after,
                Err(_) => {
                    bad.push(format!(
                        "{}: missing; write it with WARTIME_PERFT_WRITE=1",
                        path.display()
                    ));
                    continue;
                }
            }
        };
        let st = replay(&st0, &after);
        assert_eq!(
            st.decision(),
            DecisionKind::Act,
            "{file}: not an Act decision"
        );
        let what = format!(
            "positions/{position} after the actions of the \"after:\" line (each applied\n\
             with a fresh SeededDice::new(0)); decision: {}.",
            st.describe_decision()
        );
        bad.extend(check(file, &what, &st, after));
    }
    assert!(bad.is_empty(), "perft mismatch:\n{}", bad.join("\n"));
}

/// Bulk counting at the leaves gives the same numbers as expanding them.
#[test]
fn perft_bulk_counting_agrees() {
    let st = wartime_tests::load("duel.json");
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    let a = buf[0];
    let c = child(&st, &a);
    let mut b2 = Vec::new();
    c.legal_actions(&mut b2);
    let expanded: u64 = b2.iter().map(|a| perft(&child(&c, a), 0, &mut [])).sum();
    assert_eq!(expanded, perft(&c, 1, &mut [Vec::new()]));
    assert_eq!(
        perft_parallel(&st, 2),
        perft(&st, 2, &mut [Vec::new(), Vec::new()])
    );
}
