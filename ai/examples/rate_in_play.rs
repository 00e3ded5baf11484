//! The budgets the two sides of a timed match really get: MCTS iterations and flat Monte Carlo
//! samples per decision in games between them at `MS` milliseconds per decision (default 20),
//! one game from each side of every shipped position. Compares the exchange rate inside real
//! games with `sample_cost`'s (STRENGTH.md, "Iterations at equal time").
//!
//! ```text
//! MS=20 cargo run --release -p wartime --example rate_in_play
//! ```

use ai::agents::{Agent, FlatMcAgent, MctsAgent};
use ai::search::{Limits, Params};
use engine::basics::dice::SeededDice;
use engine::game::DecisionKind;
use engine::{Log, Side, State};
use std::time::Duration;

/// CPU time of this thread in nanoseconds (`/proc/thread-self/schedstat`, first field).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|x| x.parse().ok()))
        .unwrap_or(0)
}

fn main() {
    // With `FIXED=1`: MCTS 1000 iterations and flat MC 3000 samples per decision, and the CPU
    // time each took (load-independent): nanoseconds per iteration and per sample.
    let fixed = std::env::var("FIXED").is_ok_and(|v| v == "1");
    let (mut m_ns, mut f_ns) = (0u64, 0u64);
    let ms: u64 = std::env::var("MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let files = ai::input::position_files(std::path::Path::new("positions"))
        .expect("run from the repository root");
    let kinds = ["initiative", "activate", "act", "window", "reaction"];
    // per kind: [mcts decisions, mcts iterations, flat decisions, flat samples]
    let mut t = [[0u64; 4]; 5];
    for p in &files {
        let start = State::load(p).expect("shipped position loads");
        for mcts_side in [Side::A, Side::B] {
            let limits = if fixed {
                Limits {
                    iterations: Some(1000),
                    ..Limits::default()
                }
            } else {
                Limits {
                    movetime: Some(Duration::from_millis(ms)),
                    ..Limits::default()
                }
            };
            let mut m = MctsAgent::new(Params::default(), limits);
            m.reuse = std::env::var("REUSE").map_or(true, |v| v != "0");
            let mut f = if fixed {
                FlatMcAgent::new(3000, None, 1)
            } else {
                FlatMcAgent::new(0, Some(Duration::from_millis(ms)), 1)
            };
            let mut st = start.clone();
            let mut d = SeededDice::new(9);
            for _ in 0..400 {
                if st.is_terminal() {
                    break;
                }
                let side = st.to_decide().unwrap_or(Side::A);
                let k = match st.decision() {
                    DecisionKind::Initiative => 0,
                    DecisionKind::Activate => 1,
                    DecisionKind::Act => 2,
                    DecisionKind::ReactionWindow => 3,
                    _ => 4,
                };
                let a = if side == mcts_side {
                    let c0 = cpu_ns();
                    let a = m.choose(&st);
                    if m.last_iterations > 0 {
                        m_ns += cpu_ns() - c0;
                        t[k][0] += 1;
                        t[k][1] += m.last_iterations;
                    }
                    a
                } else {
                    let c0 = cpu_ns();
                    let a = f.choose(&st);
                    if f.last_samples > 0 {
                        f_ns += cpu_ns() - c0;
                        t[k][2] += 1;
                        t[k][3] += f.last_samples;
                    }
                    a
                };
                st.apply_unchecked(&a, &mut d, &mut Log::off());
            }
        }
    }
    let (mut mi, mut md, mut fs, mut fd) = (0, 0, 0, 0);
    for (k, name) in kinds.iter().enumerate() {
        let r = t[k];
        mi += r[1];
        md += r[0];
        fs += r[3];
        fd += r[2];
        println!(
            "{name:10} mcts {:5} decisions {:7.0} it/decision   flat {:5} decisions {:7.0} samples/decision",
            r[0],
            r[1] as f64 / r[0].max(1) as f64,
            r[2],
            r[3] as f64 / r[2].max(1) as f64
        );
    }
    let (m, f) = (mi as f64 / md.max(1) as f64, fs as f64 / fd.max(1) as f64);
    println!(
        "CPU: mcts {:.2} µs per iteration, flat {:.2} µs per sample: {:.2} samples per iteration",
        m_ns as f64 / mi.max(1) as f64 / 1e3,
        f_ns as f64 / fs.max(1) as f64 / 1e3,
        (m_ns as f64 / mi.max(1) as f64) / (f_ns as f64 / fs.max(1) as f64)
    );
    println!("all        mcts {m:.0} it/decision, flat {f:.0} samples/decision: {:.2} samples per iteration", f / m);
}
