//! What one search iteration costs against one flat Monte Carlo sample, on the same decisions:
//! the exchange rate behind "equal time" (STRENGTH.md, "Iterations at equal time").
//!
//! Decisions: every sixth decision of a random game (seed 7, dice seed 3, 60 decisions) on each
//! shipped position. Prints the user CPU time of 1000 MCTS iterations and of 1000 flat MC
//! samples per decision, and their ratio. Search options come from the environment: `DEPTH`
//! (rollout depth), `C`, `PW`, `HALVING`, `ROOTSH` (arms of `root=sh`), `EXPAND`, `EXACT`, `SCREEN`, `FLAT` (see
//! `search::Params`); `ONLY=mcts` or `ONLY=flat` runs one side alone (to profile it).
//!
//! ```text
//! cargo run --release -p wartime --example sample_cost
//! EXACT=4 cargo run --release -p wartime --example sample_cost
//! ```

use ai::agents::{Agent, FlatMcAgent, RandomAgent};
use ai::search::{search, Limits, Params};
use engine::basics::dice::SeededDice;
use engine::{Log, State};
use std::time::Instant;

fn env<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn decisions() -> Vec<State> {
    let files = ai::input::position_files(std::path::Path::new("positions"))
        .expect("run from the repository root");
    let mut states = Vec::new();
    for p in files {
        let mut st = State::load(&p).expect("shipped position loads");
        let mut r = RandomAgent::new(7);
        let mut d = SeededDice::new(3);
        for k in 0..60 {
            if st.is_terminal() {
                break;
            }
            if k % 6 == 0 {
                states.push(st.clone());
            }
            let a = r.choose(&st);
            st.apply_unchecked(&a, &mut d, &mut Log::off());
        }
    }
    states
}

/// CPU time of this thread's process so far (user + system), in seconds.
fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    let rest = s.rsplit(')').next().unwrap_or("");
    let f: Vec<f64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|x| x.parse().ok())
        .collect();
    f.iter().sum::<f64>() / 100.0
}

fn main() {
    // `EVERY=k` keeps every k-th decision (a shorter run for cache simulation).
    let every: usize = env("EVERY", 1);
    let states: Vec<State> = decisions().into_iter().step_by(every.max(1)).collect();
    let p = Params {
        rollout_depth: env("DEPTH", 2),
        halving: env("HALVING", 0),
        expand_after: env("EXPAND", 1),
        exact: env("EXACT", 0),
        screen: env("SCREEN", 0),
        flat_above: env("FLAT", 0),
        horizon: env("HORIZON", 0u8) != 0,
        prefill: env("PREFILL", 1u8) != 0,
        c: env("C", Params::default().c),
        pw_k: env("PW", Params::default().pw_k),
        root_sh: env("ROOTSH", Params::default().root_sh),
        ..Params::default()
    };
    let limits = Limits {
        iterations: Some(1000),
        ..Limits::default()
    };
    // `ONLY=mcts` or `ONLY=flat` times one side alone (for a profiler).
    let only = std::env::var("ONLY").unwrap_or_default();
    let (c0, t0) = (cpu(), Instant::now());
    for st in states.iter().filter(|_| only != "flat") {
        search(st, &p, &limits, None, None);
    }
    let mcts = cpu() - c0;
    let mcts_wall = t0.elapsed().as_secs_f64();
    let (c0, t0) = (cpu(), Instant::now());
    let mut f = FlatMcAgent::new(1000, None, 1);
    for st in states.iter().filter(|_| only != "mcts") {
        f.choose(st);
    }
    let flat = cpu() - c0;
    let flat_wall = t0.elapsed().as_secs_f64();
    let n = states.len() as f64 * 1000.0;
    println!("{} decisions, 1000 iterations / samples each", states.len());
    println!(
        "mcts:   {:.2} µs per iteration (CPU; wall {:.2})",
        mcts / n * 1e6,
        mcts_wall / n * 1e6
    );
    println!(
        "flatmc: {:.2} µs per sample (CPU; wall {:.2})",
        flat / n * 1e6,
        flat_wall / n * 1e6
    );
    println!(
        "ratio:  {:.2} flat MC samples per MCTS iteration",
        mcts / flat
    );
}
