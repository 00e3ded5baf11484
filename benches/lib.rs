//! Benchmarks live in the bench targets.

/// The load averages (1, 5, 15 min) of `/proc/loadavg`, printed next to every timing: the
/// machines are shared, and a figure means little without the load it was measured under.
pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split(' ')
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The shipped position named by the environment variable `POS` (without `.json`; `default`
/// when unset) and an unsigned number from `key` (`default` when unset or not a number), for
/// the examples run under callgrind. A position that does not load ends the program with its
/// error (exit code 2).
pub fn position_from_env(tool: &str, default: &str) -> engine::State {
    let pos = std::env::var("POS").unwrap_or_else(|_| default.into());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../positions")
        .join(format!("{pos}.json"));
    engine::State::load(&path).unwrap_or_else(|e| {
        eprintln!("{tool}: POS={pos}: {e}");
        std::process::exit(2)
    })
}

/// An unsigned number from the environment variable `key`; `default` when unset or not one.
pub fn env_u64(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays `games` random games from `st0` (uniform legal actions by a SplitMix64 stream, dice
/// seeded by the game's index) and calls `each` on every position an action is chosen in (the
/// start included, the final position not): once per action.
pub fn random_games(st0: &engine::State, games: u64, mut each: impl FnMut(&engine::State)) {
    let mut buf = Vec::new();
    for g in 0..games {
        let mut st = st0.clone();
        let mut dice = engine::basics::dice::SeededDice::new(g);
        let mut pick = g ^ 0xA5A5_A5A5;
        let mut log = engine::Log::off();
        while !st.is_terminal() {
            each(&st);
            st.legal_actions(&mut buf);
            pick = pick.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let r = engine::basics::dice::splitmix64(pick);
            let a = buf[(((r >> 32) * buf.len() as u64) >> 32) as usize];
            st.apply_unchecked(&a, &mut dice, &mut log);
        }
    }
}
