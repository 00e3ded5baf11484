//! Strength at equal time: our MCTS against treant (`treant_adapter.rs`), both single-threaded
//! with the same time per decision, on the shipped positions (PERFORMANCE.md, "Search vs
//! treant").
//!
//! ```text
//! cargo run --release -p wartime-benches --example treant_match -- [--movetime MS] [--pairs N]
//!     [--seed S] [--workers W] [--widen] [POSITION.json ...]
//! ```
//!
//! Every position is played `pairs` times from both sides with the same dice seed (paired
//! games, as `ai::agents::arena::run_match`); `workers` games run at once (default 2, one per
//! core: each agent thinks on one thread). Prints our score with its 95 % interval, per
//! position and in all, and what each side managed in its time (iterations per decision,
//! actual time).
//! `--widen`: treant with progressive widening over our prior's order (not its default; see
//! `treant_adapter.rs`).

use ai::agents::arena::MatchResult;
use ai::agents::{play_game, Agent};
use ai::search::{search, Limits, Params};
use engine::basics::action::Action;
use engine::basics::dice::SeededDice;
use engine::State;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "../treant_adapter.rs"]
mod treant_adapter;

use treant_adapter::TreantAgent;

/// Our MCTS exactly as `ai::agents::MctsAgent` (what `AgentSpec::parse("mcts")` builds:
/// default parameters, 1 thread, a time limit), counting its iterations.
struct Ours {
    params: Params,
    limits: Limits,
    calls: u64,
    tally: Arc<Mutex<Tally>>,
}

impl Agent for Ours {
    fn name(&self) -> String {
        "mcts".into()
    }
    fn choose(&mut self, st: &State) -> Action {
        self.calls += 1;
        let mut buf = Vec::new();
        st.legal_actions(&mut buf);
        if buf.len() == 1 {
            return buf[0];
        }
        let t = Instant::now();
        let mut p = self.params.clone();
        p.seed ^= self.calls << 24;
        let r = search(st, &p, &self.limits, None, None);
        let mut tl = self.tally.lock().unwrap();
        tl.ours_time += t.elapsed();
        tl.ours_searched += 1;
        tl.ours_iterations += r.iterations;
        r.best.expect("a legal action")
    }
}

/// treant with its playouts and time measured.
struct Timed {
    inner: TreantAgent,
    tally: Arc<Mutex<Tally>>,
}

impl Agent for Timed {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, st: &State) -> Action {
        let t = Instant::now();
        let before = (self.inner.searched, self.inner.playouts);
        let a = self.inner.choose(st);
        let mut tl = self.tally.lock().unwrap();
        if self.inner.searched > before.0 {
            tl.treant_time += t.elapsed();
        }
        tl.treant_searched += self.inner.searched - before.0;
        tl.treant_playouts += self.inner.playouts - before.1;
        a
    }
}

#[derive(Default)]
struct Tally {
    ours_searched: u64,
    ours_iterations: u64,
    ours_time: Duration,
    treant_searched: u64,
    treant_playouts: u64,
    treant_time: Duration,
    decisions: u64,
}

fn main() {
    let mut movetime = 20u64;
    let mut pairs = 2usize;
    let mut seed = 2024u64;
    let mut workers = 2usize;
    let mut widen = false;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |what: &str| -> u64 {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{what}: a number"))
        };
        match a.as_str() {
            "--movetime" => movetime = num("--movetime"),
            "--pairs" => pairs = num("--pairs") as usize,
            "--seed" => seed = num("--seed"),
            "--workers" => workers = num("--workers").max(1) as usize,
            "--widen" => widen = true,
            _ => files.push(PathBuf::from(a)),
        }
    }
    if files.is_empty() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions");
        let v = ai::input::position_files(&dir).expect("positions/");
        files = v;
    }
    let positions: Vec<(String, State)> = files
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, State::load(p).unwrap_or_else(|e| panic!("{e}")))
        })
        .collect();
    let mt = Duration::from_millis(movetime);
    println!(
        "ours: ai::mcts (default parameters, 1 thread) vs treant 0.4 (UCT C = {}, defaults{}, 1 \
         thread); {movetime} ms per decision; {} positions x {pairs} pairs = {} games, {workers} \
         at a time; load average at start: {}",
        treant_adapter::UCT_C,
        if widen {
            " + progressive widening over our prior"
        } else {
            ""
        },
        positions.len(),
        positions.len() * pairs * 2,
        wartime_benches::loadavg()
    );

    // Longest positions first, so the workers finish together.
    let mut jobs: Vec<(usize, usize, bool)> = (0..positions.len())
        .rev()
        .flat_map(|p| (0..pairs).flat_map(move |k| [(p, k, true), (p, k, false)]))
        .collect();
    jobs.sort_by_key(|&(p, _, _)| std::cmp::Reverse(positions[p].1.num_chars()));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, usize, bool, f32)>> = Mutex::new(Vec::new());
    let tally = Arc::new(Mutex::new(Tally::default()));
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(p, k, ours_first)) = jobs.get(j) else {
                    break;
                };
                let game_seed =
                    seed ^ ((p as u64) << 32) ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let mut dice = SeededDice::new(game_seed);
                let ours = Ours {
                    params: Params {
                        seed: game_seed ^ 0xA,
                        ..Params::default()
                    },
                    limits: Limits {
                        iterations: None,
                        movetime: Some(mt),
                        nodes: None,
                    },
                    calls: 0,
                    tally: Arc::clone(&tally),
                };
                let theirs = Timed {
                    inner: TreantAgent::new(mt, game_seed ^ 0xB, widen),
                    tally: Arc::clone(&tally),
                };
                let mut agents: [Box<dyn Agent>; 2] = if ours_first {
                    [Box::new(ours), Box::new(theirs)]
                } else {
                    [Box::new(theirs), Box::new(ours)]
                };
                let (ra, n) = play_game(&positions[p].1, &mut agents, &mut dice, 20_000);
                let score = if ours_first { ra } else { 1.0 - ra };
                tally.lock().unwrap().decisions += n as u64;
                eprintln!(
                    "{:>14} pair {k} ours as {}: {score} ({n} decisions, {:.0} s)",
                    positions[p].0,
                    if ours_first { "A" } else { "B" },
                    start.elapsed().as_secs_f64()
                );
                results.lock().unwrap().push((p, k, ours_first, score));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|x| (x.0, x.1, !x.2));
    let tally = tally.lock().unwrap();

    let summary = MatchResult::from_scores;
    println!("| position | games | ours W-D-L | our score |");
    println!("|---|---|---|---|");
    for (p, (name, _)) in positions.iter().enumerate() {
        let r = summary(
            results
                .iter()
                .filter(|x| x.0 == p)
                .map(|x| x.3)
                .collect::<Vec<_>>(),
        );
        println!(
            "| {name} | {} | {}-{}-{} | {:.3} ± {:.3} |",
            r.games(),
            r.wins,
            r.draws,
            r.losses,
            r.score(),
            r.ci95()
        );
    }
    let all = summary(results.iter().map(|x| x.3).collect());
    // Paired interval: the mean of the pair means (the two games of a pair share the dice).
    let mut pair_means = Vec::new();
    for w in results.chunks(2) {
        if w.len() == 2 && w[0].0 == w[1].0 && w[0].1 == w[1].1 {
            pair_means.push((w[0].3 + w[1].3) / 2.0);
        }
    }
    let pm = MatchResult {
        scores: pair_means,
        ..MatchResult::default()
    };
    println!(
        "| all | {} | {}-{}-{} | **{:.3} ± {:.3}** (pairs: ± {:.3}) |",
        all.games(),
        all.wins,
        all.draws,
        all.losses,
        all.score(),
        all.ci95(),
        pm.ci95()
    );
    println!(
        "ours: {:.0} iterations per searched decision, {:.1} ms each; treant: {:.0} playouts per \
         searched decision, {:.1} ms each; {:.0} decisions per game; {:.0} s wall",
        tally.ours_iterations as f64 / tally.ours_searched.max(1) as f64,
        tally.ours_time.as_secs_f64() * 1e3 / tally.ours_searched.max(1) as f64,
        tally.treant_playouts as f64 / tally.treant_searched.max(1) as f64,
        tally.treant_time.as_secs_f64() * 1e3 / tally.treant_searched.max(1) as f64,
        tally.decisions as f64 / all.games().max(1) as f64,
        start.elapsed().as_secs_f64()
    );
    let (steps, subst) = treant_adapter::counters();
    println!(
        "treant tree moves illegal in their playout's sample (replaced by the rollout policy): \
         {subst} of {steps} ({:.1} %)",
        100.0 * subst as f64 / steps.max(1) as f64
    );
}
