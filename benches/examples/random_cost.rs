//! Instruction counts of random games (PERFORMANCE.md, "Random games"): plays `GAMES` random
//! games of a shipped position with the loop of `benches/engine.rs` (`random_game`: uniform
//! legal actions, seeded dice), for `valgrind --tool=callgrind`, whose counts do not depend on
//! the machine's load.
//!
//! ```text
//! cargo build --release -p wartime-benches --example random_cost
//! POS=battle_6v6 GAMES=100 valgrind --tool=callgrind target/release/examples/random_cost
//! ```

use engine::basics::action::Action;
use engine::basics::dice::SeededDice;
use engine::Log;

fn main() {
    let pos = std::env::var("POS").unwrap_or_else(|_| "battle_6v6".into());
    let games = wartime_benches::env_u64("GAMES", 100);
    let st0 = wartime_benches::position_from_env("random_cost", "battle_6v6");
    let mut buf: Vec<Action> = Vec::new();
    let mut actions = 0u64;
    for g in 0..games {
        let mut st = st0.clone();
        let mut dice = SeededDice::new(g);
        let mut pick = g ^ 0xA5A5_A5A5;
        let mut log = Log::off();
        while !st.is_terminal() {
            st.legal_actions(&mut buf);
            pick = pick.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let r = engine::basics::dice::splitmix64(pick);
            let a = buf[(((r >> 32) * buf.len() as u64) >> 32) as usize];
            st.apply_unchecked(&a, &mut dice, &mut log);
            actions += 1;
        }
    }
    println!(
        "{pos}: {games} random games, {:.1} actions per game",
        actions as f64 / games.max(1) as f64
    );
}
