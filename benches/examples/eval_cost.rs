//! Instruction counts of the static evaluations (PERFORMANCE.md, "Evaluation"): gathers the
//! positions of `GAMES` random games of a shipped position (every decision), then evaluates
//! each of them `REPS` times with the evaluation `EVAL` (`hand`, `learned`, or `none` to count
//! the gathering alone), for `valgrind --tool=callgrind`: the difference between two runs is the
//! evaluations' cost, whatever the machine's load.
//!
//! ```text
//! cargo build --release -p wartime-benches --example eval_cost
//! for e in none hand learned; do
//!   EVAL=$e POS=battle_6v6 valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$e \
//!     target/release/examples/eval_cost
//! done
//! ```

use engine::Side;

fn main() {
    let games = wartime_benches::env_u64("GAMES", 20);
    let reps = wartime_benches::env_u64("REPS", 10);
    let which = std::env::var("EVAL").unwrap_or_else(|_| "learned".into());
    let ev = match which.as_str() {
        "none" => None,
        name => Some(eval::Evaluator::from_name(name).unwrap_or_else(|e| panic!("{e}"))),
    };
    let st0 = wartime_benches::position_from_env("eval_cost", "battle_6v6");
    let mut states = Vec::new();
    wartime_benches::random_games(&st0, games, |st| states.push(st.clone()));
    let mut sum = 0f64;
    if let Some(ev) = &ev {
        for _ in 0..reps {
            for st in &states {
                sum += ev.win_probability(std::hint::black_box(st), Side::A) as f64;
            }
        }
    }
    println!(
        "{which}: {} positions × {reps} evaluations, mean {:.4}",
        states.len(),
        sum / (states.len() as u64 * reps).max(1) as f64
    );
}
