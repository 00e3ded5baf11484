//! Instruction counts of the treant comparison (PERFORMANCE.md, "Search vs treant"): runs
//! `RUNS` searches of 2,000 iterations on one thread from one position, by our MCTS or by
//! treant (`treant_adapter.rs`), for `valgrind --tool=callgrind`, whose counts do not depend on
//! the machine's load (the criterion bench `benches/search.rs` times the same searches).
//!
//! ```text
//! cargo build --release -p wartime-benches --example search_cost
//! WHO=ours POS=monk_acts_3v3 valgrind --tool=callgrind target/release/examples/search_cost
//! WHO=treant POS=monk_acts_3v3 valgrind --tool=callgrind target/release/examples/search_cost
//! ```
//!
//! `WHO` is `ours` (default) or `treant`; `POS` a shipped position without `.json` (default
//! monk_acts_3v3); `RUNS` the number of searches (default 5, seeds 100, 101, …); `EVAL` our
//! search's evaluation (`hand`, the default; `learned`; or a weights file: the iteration cost of
//! an evaluation, for equal-CPU budgets, STRENGTH.md twelfth session); `HASH` the step cache's
//! budget in MB (`Params::hash_mb`; 0 turns it off); `RTEMP` the rollouts' temperature; `LUCK=0` / `LUCK=1` the luck correction off / on (`Params::luck`; on by default). It also prints
//! our trees' memory ([`ai::search::Tree::bytes`]: bytes per node) and the size of the state.

use ai::search::{search_from, Limits, Params};
use engine::State;

#[path = "../treant_adapter.rs"]
mod treant_adapter;

const ITERATIONS: u32 = 2000;

fn main() {
    let who = std::env::var("WHO").unwrap_or_else(|_| "ours".into());
    let pos = std::env::var("POS").unwrap_or_else(|_| "monk_acts_3v3".into());
    let runs = wartime_benches::env_u64("RUNS", 5);
    let st = wartime_benches::position_from_env("search_cost", "monk_acts_3v3");
    let eval = eval::Evaluator::from_name(&std::env::var("EVAL").unwrap_or_else(|_| "hand".into()))
        .unwrap_or_else(|e| panic!("{e}"));
    for r in 0..runs {
        match who.as_str() {
            "ours" => {
                let p = Params {
                    seed: 100 + r,
                    // MERGECAP=0 for the whole merged lists (the default before the eleventh
                    // session), MERGECAP=1 for the capped ones (the default now).
                    merge_cap: std::env::var("MERGECAP").as_deref() != Ok("0"),
                    eval: eval.clone(),
                    // HASH=MB: the step cache's budget (0: off; PERFORMANCE.md, thirteenth
                    // session).
                    hash_mb: wartime_benches::env_u64("HASH", ai::search::DEFAULT_HASH_MB as u64)
                        as usize,
                    // RTEMP=X: the rollouts' temperature (`rtemp=X`; STRENGTH.md, eighteenth
                    // session).
                    rollout_style: ai::search::policy::RolloutStyle {
                        temp: std::env::var("RTEMP")
                            .ok()
                            .and_then(|v| v.parse().ok())
                            .unwrap_or(Params::default().rollout_style.temp),
                        ..Params::default().rollout_style
                    },
                    // LUCK=0 / 1: the luck correction off / on (`luck=0/1`; on by default since
                    // the twenty-first session, STRENGTH.md).
                    luck: std::env::var("LUCK")
                        .map(|v| v != "0")
                        .unwrap_or(Params::default().luck),
                    ..Params::default()
                };
                let limits = Limits {
                    iterations: Some(ITERATIONS as u64),
                    ..Limits::default()
                };
                let (r, trees) = search_from(&st, &p, &limits, None, None, Vec::new());
                let bytes: usize = trees.iter().map(|t| t.bytes()).sum();
                println!(
                    "ours: {} nodes, {} bytes, {:.0} bytes per node (a node {} B, the rest its heap)",
                    r.nodes,
                    bytes,
                    bytes as f64 / r.nodes.max(1) as f64,
                    ai::search::Tree::node_size()
                );
                for t in &trees {
                    println!("ours: step cache {:?}", t.cache_stats());
                }
            }
            "treant" => {
                treant_adapter::search(&st, ITERATIONS, 1, Some(100 + r));
            }
            other => {
                eprintln!("search_cost: WHO={other}: expected \"ours\" or \"treant\"");
                std::process::exit(2);
            }
        }
    }
    println!("{who} {pos}: {runs} searches of {ITERATIONS} iterations");
    println!(
        "size_of: CharState {} B, State {} B, Action {} B",
        std::mem::size_of::<engine::state::CharState>(),
        std::mem::size_of::<State>(),
        std::mem::size_of::<engine::basics::action::Action>()
    );
}
