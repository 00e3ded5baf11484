//! Brute force on the tactics (POSITIONS.md, "Writing one"): each candidate root action of a
//! tactic played out to the end of the game many times, MCTS deciding every later decision of
//! both sides, the same duplicate dice streams for every candidate (game k of every candidate
//! uses seed k), so the differences between candidates are paired. It checks a tactic's answer
//! under the engine's current rules, and tells a search that misses a tactic from a tactic
//! whose answer is no longer right.
//!
//! Candidates: every action of the best and avoid sets (at most `SET` of each, default 4, in
//! file order) and the search's own choice at `ITERS` iterations (default 3000) for seeds
//! 1–`SEEDS` (default 3).
//!
//! With `ALL=1` every legal root action is a candidate instead (after a first pass of
//! `GAMES` games each, the `TOP` best (default 8) are played again over `2 × GAMES` games).
//!
//! With `CANDS` (actions in notation, separated by `;`) exactly those are the candidates.
//!
//! Environment: `TACTICS` (comma-separated file-name prefixes, e.g. `06,26`; default all),
//! `GAMES` (games per candidate, default 200), `CONT` (the continuation's MCTS iterations per
//! decision, default 300), `SET`, `ITERS`, `SEEDS`.
//!
//! ```text
//! TACTICS=06,26 GAMES=300 cargo run --release -p wartime --example brute
//! ```

use ai::agents::{run_duplicate, Agent, MctsAgent};
use ai::input::load_dir;
use ai::search::{search, Limits, Params};
use engine::basics::action::Action;
use engine::game::normalise;
use engine::{Side, State};
use rayon::prelude::*;
use std::path::Path;

fn env<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The first decision forced to the candidate, every later one by the side's MCTS agent.
struct Forced {
    first: Option<Action>,
    agents: [Box<dyn Agent>; 2],
}

impl ai::agents::Decide for Forced {
    type Stop = std::convert::Infallible;
    fn decide(&mut self, st: &State) -> Result<Action, Self::Stop> {
        if let Some(a) = self.first.take() {
            return Ok(a);
        }
        let side = st.to_decide().unwrap_or(Side::A);
        Ok(self.agents[side.index()].choose(st))
    }
}

/// The default search with `seed` and an iteration budget.
fn budget(seed: u64, iterations: u64) -> (Params, Limits) {
    let p = Params {
        seed,
        ..Params::default()
    };
    let l = Limits {
        iterations: Some(iterations),
        ..Limits::default()
    };
    (p, l)
}

fn agent(seed: u64, iterations: u64) -> Box<dyn Agent> {
    let (p, l) = budget(seed, iterations);
    Box::new(MctsAgent::new(p, l))
}

/// The results of `games` games after `a` for the side to decide, from its side (1 win,
/// ½ draw, 0 loss), game k on duplicate seed k.
fn play_out(st: &State, a: Action, games: u64, cont: u64) -> Vec<f32> {
    let side = st.to_decide().unwrap_or(Side::A);
    (0..games)
        .into_par_iter()
        .map(|k| {
            let mut who = Forced {
                first: Some(a),
                agents: [agent(1000 + 2 * k, cont), agent(1001 + 2 * k, cont)],
            };
            run_duplicate(st, &mut who, 0xb207e ^ (k << 8), 400)
                .state
                .returns(side)
        })
        .collect()
}

fn main() {
    let tactics = load_dir(Path::new("positions/tactics")).expect("run from the repository root");
    let only: Vec<String> = std::env::var("TACTICS")
        .map(|s| s.split(',').map(|x| x.trim().to_string()).collect())
        .unwrap_or_default();
    let games: u64 = env("GAMES", 200);
    let cont: u64 = env("CONT", 300);
    let set: usize = env("SET", 4);
    let iters: u64 = env("ITERS", 3000);
    let seeds: u64 = env("SEEDS", 3);
    for t in &tactics {
        let file = t.path.file_name().unwrap().to_string_lossy().to_string();
        if !only.is_empty() && !only.iter().any(|p| file.starts_with(p.as_str())) {
            continue;
        }
        let mut cands: Vec<(Action, String)> = Vec::new();
        let mut add = |a: Action, why: &str| {
            let a = normalise(&a);
            if !cands.iter().any(|(b, _)| *b == a) {
                cands.push((a, why.to_string()));
            }
        };
        if let Ok(list) = std::env::var("CANDS") {
            for text in list.split(';').map(str::trim).filter(|x| !x.is_empty()) {
                match t.state.parse_action(text) {
                    Ok(a) => add(a, &format!("{:?}", t.verdict(&a)).to_lowercase()),
                    Err(e) => eprintln!("{file}: {text}: {e}"),
                }
            }
        } else if env("ALL", 0u8) != 0 {
            let mut legal = Vec::new();
            t.state.legal_actions(&mut legal);
            for a in legal {
                let why = format!("{:?}", t.verdict(&a)).to_lowercase();
                add(a, &why);
            }
        }
        let own = std::env::var("CANDS").is_err();
        for a in t.best.iter().take(if own { set } else { 0 }) {
            add(*a, "best");
        }
        for a in t.avoid.iter().take(if own { set } else { 0 }) {
            add(*a, "avoid");
        }
        for seed in 1..=(if own { seeds } else { 0 }) {
            let (p, l) = budget(seed, iters);
            if let Some(a) = search(&t.state, &p, &l, None, None).best {
                let v = t.verdict(&a);
                add(a, &format!("search seed {seed} ({v:?})"));
            }
        }
        println!("{file}: {games} games per candidate, continuation MCTS {cont} it");
        let mut results: Vec<Vec<f32>> = cands
            .iter()
            .map(|(a, _)| play_out(&t.state, *a, games, cont))
            .collect();
        if env("ALL", 0u8) != 0 {
            // The first pass's best `TOP` get as many games again, on new seeds.
            let top: usize = env("TOP", 8);
            let mut order: Vec<usize> = (0..cands.len()).collect();
            order.sort_by(|&i, &j| {
                let m = |k: usize| results[k].iter().sum::<f32>();
                m(j).total_cmp(&m(i))
            });
            order.truncate(top);
            let keep: Vec<(Action, String)> = order.iter().map(|&i| cands[i].clone()).collect();
            results = keep
                .iter()
                .map(|(a, _)| play_out(&t.state, *a, 2 * games, cont))
                .collect();
            cands = keep;
        }
        let best_i = (0..cands.len())
            .max_by(|&i, &j| {
                let m = |k: usize| results[k].iter().sum::<f32>();
                m(i).total_cmp(&m(j))
            })
            .unwrap_or(0);
        for (i, (a, why)) in cands.iter().enumerate() {
            let r = &results[i];
            let n = r.len() as f32;
            let mean = r.iter().sum::<f32>() / n;
            // The paired difference to the best candidate: same dice stream k in both.
            let d: Vec<f32> = r.iter().zip(&results[best_i]).map(|(x, y)| x - y).collect();
            let dm = d.iter().sum::<f32>() / n;
            let var = d.iter().map(|x| (x - dm) * (x - dm)).sum::<f32>() / (n - 1.0).max(1.0);
            println!(
                "  {:<28} {:<26} {:.3}   vs best {:+.3} ± {:.3}",
                t.state.notation(a),
                why,
                mean,
                dm,
                1.96 * (var / n).sqrt()
            );
        }
    }
}
