//! Instruction counts of random games (PERFORMANCE.md, "Random games"): plays `GAMES` random
//! games of a shipped position with the loop of `benches/engine.rs` (`random_game`: uniform
//! legal actions, seeded dice), for `valgrind --tool=callgrind`, whose counts do not depend on
//! the machine's load.
//!
//! ```text
//! cargo build --release -p wartime-benches --example random_cost
//! POS=battle_6v6 GAMES=100 valgrind --tool=callgrind target/release/examples/random_cost
//! ```

fn main() {
    let pos = std::env::var("POS").unwrap_or_else(|_| "battle_6v6".into());
    let games = wartime_benches::env_u64("GAMES", 100);
    let st0 = wartime_benches::position_from_env("random_cost", "battle_6v6");
    let mut actions = 0u64;
    wartime_benches::random_games(&st0, games, |_| actions += 1);
    println!(
        "{pos}: {games} random games, {:.1} actions per game",
        actions as f64 / games.max(1) as f64
    );
}
