//! Search benchmarks (PERFORMANCE.md, "Search vs treant"): `cargo bench -p wartime-benches
//! --bench search`.
//!
//! A search of 2000 iterations from two positions — monk_acts_3v3 (a mid-activation decision)
//! and battle_6v6 (the start of a 12-character game) — by our open-loop MCTS
//! (`ai::search::search`, default parameters, 1 thread and 2 root-parallel threads) and by the
//! `treant` crate searching the same game with the same rollouts and evaluation
//! (`treant_adapter.rs`: 1 thread, and its lock-free tree-parallel mode on 2 threads).
//! Criterion reports the throughput in iterations per second (`thrpt`, elements = iterations).
//! Both use the rollout depth of `Params::default()`.

use ai::search::{search, Limits, Params};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use engine::State;
use std::path::Path;
use std::time::{Duration, Instant};

#[path = "treant_adapter.rs"]
mod treant_adapter;

const ITERATIONS: u32 = 2000;

fn load(name: &str) -> State {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../positions")
        .join(name);
    State::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

use wartime_benches::loadavg;

/// User + system CPU time of the whole process, threads that ended included (Linux
/// `/proc/self/stat`, in clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest: Vec<&str> = s
        .rsplit_once(')')
        .map_or("", |x| x.1)
        .split_whitespace()
        .collect();
    let tick = |i: usize| {
        rest.get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (tick(11) + tick(12)) / 100.0
}

fn ours(st: &State, threads: usize, seed: u64) -> ai::search::SearchResult {
    let p = Params {
        threads,
        seed,
        ..Params::default()
    };
    let limits = Limits {
        iterations: Some(ITERATIONS as u64),
        ..Limits::default()
    };
    search(st, &p, &limits, None, None)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(ITERATIONS as u64));
    for name in ["monk_acts_3v3", "battle_6v6"] {
        let st = load(&format!("{name}.json"));
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        // What the searches do, outside the timings: tree size, how often a treant edge is
        // illegal in its playout's dice sample, and wall and CPU time of each kind of search
        // over a second (the process's CPU time includes every thread: "CPUs" is how many cores
        // the searches kept busy, which other jobs on the machine can limit).
        eprintln!(
            "{name}: {}, {} legal actions; load average {}",
            st.describe_decision(),
            legal.len(),
            loadavg()
        );
        let r = ours(&st, 1, 1);
        treant_adapter::reset_counters();
        let mut m = treant_adapter::manager(&st, Some(1));
        m.playout_n(ITERATIONS as u64);
        let (steps, subst) = treant_adapter::counters();
        eprintln!(
            "  ours: {} nodes; treant: {} nodes, {} tree moves of which {} ({:.1} %) illegal in \
             their sample (replaced by the rollout policy)",
            r.nodes,
            m.tree().num_nodes(),
            steps,
            subst,
            100.0 * subst as f64 / steps.max(1) as f64
        );
        drop(m);
        for (label, threads) in [("ours", 1), ("ours", 2), ("treant", 1), ("treant", 2)] {
            // At least a second per kind: the CPU clock ticks every 10 ms.
            let (w0, c0) = (Instant::now(), cpu_seconds());
            let mut runs = 0u64;
            while runs < 2 || w0.elapsed() < Duration::from_secs(1) {
                if label == "ours" {
                    ours(&st, threads, 100 + runs);
                } else {
                    treant_adapter::search(&st, ITERATIONS, threads, None);
                }
                runs += 1;
            }
            let (wall, cpu) = (w0.elapsed().as_secs_f64(), cpu_seconds() - c0);
            let n = (runs * ITERATIONS as u64) as f64;
            eprintln!(
                "  {label} {threads} thread(s): {:.0} iterations/s of wall time, {:.0} per \
                 CPU-second, {:.2} CPUs",
                n / wall,
                n / cpu,
                cpu / wall
            );
        }

        let mut seed = 0u64;
        g.bench_function(format!("ours_1t/{name}"), |b| {
            b.iter(|| {
                seed += 1;
                ours(&st, 1, seed).best
            })
        });
        g.bench_function(format!("ours_2t/{name}"), |b| {
            b.iter(|| {
                seed += 1;
                ours(&st, 2, seed).best
            })
        });
        g.bench_function(format!("treant_1t/{name}"), |b| {
            b.iter(|| treant_adapter::search(&st, ITERATIONS, 1, None))
        });
        g.bench_function(format!("treant_2t/{name}"), |b| {
            b.iter(|| treant_adapter::search(&st, ITERATIONS, 2, None))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
