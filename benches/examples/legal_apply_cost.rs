//! Instruction counts of legal-action generation and of `apply` alone (PERFORMANCE.md,
//! "Eleventh session"): records every decision of `GAMES` random games of a shipped position
//! (the loop of `random_cost`: uniform legal actions, dice seeded by the game's index), then
//! runs only the part named by `MODE` over the recorded positions, inside a function of its
//! own that `valgrind --tool=callgrind --toggle-collect` counts alone:
//!
//! * `MODE=legal`: `legal_actions` on every recorded position with the movement memo
//!   forgotten first (cold, as on a position never seen: [`measure_legal`]);
//! * `MODE=apply`: clone + `apply_unchecked` of the recorded action on every recorded position
//!   (dice seeded by the position's index), after its legal actions were listed, as in a
//!   playout ([`measure_apply`]).
//!
//! ```text
//! cargo build --release -p wartime-benches --example legal_apply_cost
//! MODE=legal POS=battle_6v6 GAMES=5 valgrind --tool=callgrind \
//!     --toggle-collect='legal_apply_cost::measure_*' target/release/examples/legal_apply_cost
//! ```

use engine::basics::dice::{splitmix64, SeededDice};
use engine::{Action, Log, State};

/// Legal generation, cold, on every position.
#[inline(never)]
fn measure_legal(states: &[(State, Action)], buf: &mut Vec<Action>) -> usize {
    let mut n = 0;
    for (st, _) in states {
        engine::actions::movement::forget_memo();
        st.legal_actions(buf);
        n += buf.len();
    }
    n
}

/// Clone + apply of one recorded action.
#[inline(never)]
fn measure_apply(st: &State, a: &Action, seed: u64) -> bool {
    let mut s = st.clone();
    s.apply_unchecked(a, &mut SeededDice::new(seed), &mut Log::off());
    s.is_terminal()
}

fn main() {
    let pos = std::env::var("POS").unwrap_or_else(|_| "battle_6v6".into());
    let mode = std::env::var("MODE").unwrap_or_else(|_| "legal".into());
    let games = wartime_benches::env_u64("GAMES", 5);
    let st0 = wartime_benches::position_from_env("legal_apply_cost", "battle_6v6");
    // Record (position, chosen action) for every decision of the games.
    let mut states = Vec::new();
    let mut buf = Vec::new();
    for g in 0..games {
        let mut st = st0.clone();
        let mut dice = SeededDice::new(g);
        let mut pick = g ^ 0xA5A5_A5A5;
        let mut log = Log::off();
        while !st.is_terminal() {
            st.legal_actions(&mut buf);
            pick = pick.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let r = splitmix64(pick);
            let a = buf[(((r >> 32) * buf.len() as u64) >> 32) as usize];
            states.push((st.clone(), a));
            st.apply_unchecked(&a, &mut dice, &mut log);
        }
    }
    match mode.as_str() {
        "legal" => {
            let n = measure_legal(&states, &mut buf);
            println!(
                "{pos}: legal on {} positions ({games} games), {n} actions listed",
                states.len()
            );
        }
        "apply" => {
            let mut ends = 0;
            for (i, (st, a)) in states.iter().enumerate() {
                st.legal_actions(&mut buf);
                ends += measure_apply(st, a, i as u64) as usize;
            }
            println!(
                "{pos}: apply on {} positions ({games} games), {ends} ended",
                states.len()
            );
        }
        m => {
            eprintln!("legal_apply_cost: MODE={m}: expected legal or apply");
            std::process::exit(2)
        }
    }
}
