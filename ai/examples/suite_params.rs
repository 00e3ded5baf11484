//! The tactics suite under search parameters from the environment, over several seeds and
//! budgets: a quick way to see whether a search change helps the positions with a known right
//! answer (`wartime suite` runs the defaults only).
//!
//! Environment: `C`, `PW`, `ROOTPW`, `DEPTH`, `CHANCE`, `HALVING`, `SCREEN`, `BACKUP`,
//! `EXPERT` (0/1: `prior=expert`), `PB`, `LCB`,
//! `MAXBACK`, `ROBUST` (0/1: `backsel=visits`), `CRN` (0/1), `ROOTC`, `FLATWIN` (`flatwin=R`), `WINBACK` (`winback=M`), `UCBV` (`ucbv=S`), `UCBVP` (`ucbvp=S`), `RGREEDY`, `RTEMP` (`rgreedy=N`, `rtemp=X`), `IMM` (`imm=α`), `LEAFMIX` (`leafmix=β`), `LUCK` (0/1: `luck=1`) (see `search::Params`); `SEEDS` (default 3), `ITERS` (comma-separated, default 1000,3000,10000).
//!
//! ```text
//! cargo run --release -p wartime --example suite_params
//! C=0.3 cargo run --release -p wartime --example suite_params
//! ```

use ai::input::load_dir;
use ai::search::{search, Limits, Params};
use std::path::Path;

fn env<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let tactics = load_dir(Path::new("positions/tactics")).expect("run from the repository root");
    let d = Params::default();
    let seeds: u64 = env("SEEDS", 3);
    let iters: Vec<u64> = std::env::var("ITERS")
        .unwrap_or_else(|_| "1000,3000,10000".into())
        .split(',')
        .filter_map(|x| x.trim().parse().ok())
        .collect();
    for &n in &iters {
        let mut solved = 0;
        let mut missed: Vec<String> = Vec::new();
        let mut per_seed = Vec::new();
        for seed in 1..=seeds {
            let before = solved;
            let p = Params {
                seed,
                c: env("C", d.c),
                pw_k: env("PW", d.pw_k),
                root_pw_k: env("ROOTPW", d.root_pw_k),
                rollout_depth: env("DEPTH", d.rollout_depth),
                chance_depth: env("CHANCE", d.chance_depth),
                halving: env("HALVING", d.halving),
                screen: env("SCREEN", d.screen),
                horizon: env("HORIZON", d.horizon as u8) != 0,
                prefill: env("PREFILL", d.prefill as u8) != 0,
                expert_prior: env("EXPERT", d.expert_prior as u8) != 0,
                pb: env("PB", d.pb),
                lcb: env("LCB", d.lcb),
                maxback: env("MAXBACK", d.maxback),
                robust_back: env("ROBUST", d.robust_back as u8) != 0,
                crn: env("CRN", d.crn as u8) != 0,
                root_c: std::env::var("ROOTC").ok().and_then(|v| v.parse().ok()),
                flat_windows: env("FLATWIN", d.flat_windows),
                winback: env("WINBACK", d.winback),
                ucbv: env("UCBV", d.ucbv),
                ucbv_parent: env("UCBVP", d.ucbv_parent),
                imm: env("IMM", d.imm),
                leaf_mix: env("LEAFMIX", d.leaf_mix),
                luck: env("LUCK", d.luck as u8) != 0,
                rollout_style: ai::search::policy::RolloutStyle {
                    greedy: env("RGREEDY", d.rollout_style.greedy),
                    temp: env("RTEMP", d.rollout_style.temp),
                },
                ..d.clone()
            };
            let limits = Limits {
                iterations: Some(n),
                ..Limits::default()
            };
            for t in &tactics {
                let r = search(&t.state, &p, &limits, None, None);
                if r.best.is_some_and(|a| t.solved_by(&a)) {
                    solved += 1;
                } else {
                    missed.push(t.name.clone());
                    let chose = r.best.map(|a| t.state.notation(&a)).unwrap_or_default();
                    println!("  seed {seed}, {n} it: missed {} (chose {chose})", t.name);
                }
            }
            per_seed.push((solved - before).to_string());
        }
        missed.sort();
        missed.dedup();
        println!(
            "{n:>6} iterations: {solved} / {} solved over {seeds} seeds ({} by seed); missed: {}",
            tactics.len() as u64 * seeds,
            per_seed.join(" / "),
            missed.join(", ")
        );
    }
}
