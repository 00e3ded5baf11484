//! The schedule of a tournament and its starting positions.
//!
//! Game numbers follow the schedule: round, encounter, pair, the two games of the pair. Pair k
//! of every encounter in round r deals the same position and the same dice seed ("deal"
//! r × pairs + k), so that within a pair luck cancels and across a gauntlet every opponent
//! meets the same dice (TOURNAMENTS.md §4–§5).

use crate::tools::tournament::options::{Config, Format, Order};
use engine::setup::{CatalogueSetup, Setup};
use engine::State;
use std::path::PathBuf;

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Game number, 1-based.
    pub game: u64,
    /// Round, 1-based.
    pub round: u64,
    /// Pair number, 1-based (games 2k-1 and 2k).
    pub pair: u64,
    /// Index of the position.
    pub position: usize,
    /// Dice seed (the same for both games of a pair).
    pub seed: u64,
    /// Engine indices playing side A and side B.
    pub sides: [usize; 2],
}

/// splitmix64 of two words: unrelated seeds for neighbouring inputs.
pub(crate) fn mix(a: u64, b: u64) -> u64 {
    engine::basics::dice::splitmix64(
        a ^ b
            .wrapping_add(0x9E37_79B9_7F4A_7C15)
            .wrapping_mul(0xD6E8_FEB8_6659_FD93),
    )
}

/// The encounters: (first engine, second engine) in schedule order.
pub fn encounters(format: Format, n: usize) -> Vec<(usize, usize)> {
    match format {
        Format::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        Format::RoundRobin => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect(),
    }
}

/// The order positions are dealt in: as given, or shuffled (Fisher–Yates) from `-srand`.
pub fn position_order(order: Order, n: usize, srand: u64) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    if order == Order::Random {
        let mut state = srand;
        for i in (1..n).rev() {
            state = mix(state, i as u64);
            v.swap(i, (state % (i as u64 + 1)) as usize);
        }
    }
    v
}

/// Every game of the tournament, in game order.
pub fn schedule(cfg: &Config, n_positions: usize) -> Vec<Job> {
    let order = position_order(cfg.order, n_positions, cfg.srand);
    let pairs = cfg.games / 2;
    let mut jobs = Vec::new();
    for r in 0..cfg.rounds {
        for &(a, b) in &encounters(cfg.format, cfg.engines.len()) {
            for k in 0..pairs {
                let deal = r * pairs + k;
                let position = order[(deal % n_positions as u64) as usize];
                let seed = mix(mix(cfg.srand, position as u64), deal);
                for sides in [[a, b], [b, a]] {
                    let game = jobs.len() as u64 + 1;
                    jobs.push(Job {
                        game,
                        round: r + 1,
                        pair: game.div_ceil(2),
                        position,
                        seed,
                        sides,
                    });
                }
            }
        }
    }
    jobs
}

/// A starting position: its file, its JSON (self-contained) and its state.
pub struct Position {
    /// The file it was read from.
    pub name: String,
    /// The setup as JSON, catalogue inline unless it is the shipped one.
    pub start: serde_json::Value,
    /// The same on one line.
    pub line: String,
    /// The state, loaded back from `start` (so that a replay starts from the same state).
    pub state: State,
}

/// The self-contained setup of a state: the catalogue inline unless it is the shipped one.
pub fn self_contained(st: &State) -> Setup {
    let mut setup = st.to_setup();
    let cat = &st.statics().catalogue;
    setup.catalogue = if *cat == engine::creation::catalogue::Catalogue::shipped() {
        None
    } else {
        Some(CatalogueSetup::Inline(cat.clone()))
    };
    setup
}

/// Loads the positions of `-positions` (directories: their position files, sorted).
///
/// # Errors
/// A file that does not load, or no position at all.
pub fn load_positions(given: &[PathBuf]) -> Result<Vec<Position>, String> {
    let mut files = Vec::new();
    for p in given {
        if p.is_dir() {
            files.extend(crate::input::position_files(p).map_err(|e| e.message)?);
        } else {
            files.push(p.clone());
        }
    }
    if files.is_empty() {
        return Err("-positions: no position file found".into());
    }
    files
        .iter()
        .map(|f| {
            let st = crate::input::load(f).map_err(|e| format!("-positions: {}", e.message))?;
            let start = serde_json::to_value(self_contained(&st)).map_err(|e| e.to_string())?;
            let setup: Setup = serde_json::from_value(start.clone()).map_err(|e| e.to_string())?;
            let state = State::from_setup(&setup, None)
                .map_err(|e| format!("-positions {}: {e}", f.display()))?;
            Ok(Position {
                name: f.display().to_string(),
                line: start.to_string(),
                start,
                state,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::tournament::options::{parse, Parsed};

    fn config(s: &str) -> Config {
        let w: Vec<String> = s.split_whitespace().map(str::to_string).collect();
        match parse(&w).unwrap() {
            Parsed::Run(c) => *c,
            Parsed::Help => panic!(),
        }
    }

    #[test]
    fn pairs_share_position_and_dice_with_sides_swapped() {
        let c = config(
            "-engine agent=random -engine agent=greedy -engine agent=oep movetime=5 \
             -games 4 -rounds 2 -positions a b c",
        );
        let jobs = schedule(&c, 3);
        // 2 rounds × 2 encounters × 4 games.
        assert_eq!(jobs.len(), 16);
        for pair in jobs.chunks(2) {
            assert_eq!(pair[0].seed, pair[1].seed);
            assert_eq!(pair[0].position, pair[1].position);
            assert_eq!(pair[0].sides, [pair[1].sides[1], pair[1].sides[0]]);
            assert_eq!(pair[0].pair, pair[1].pair);
        }
        // Every opponent of the gauntlet meets the same deals in a round.
        assert_eq!(jobs[0].seed, jobs[4].seed);
        assert_eq!(jobs[2].position, jobs[6].position);
        assert_ne!(jobs[0].seed, jobs[2].seed);
        assert_eq!((jobs[0].sides, jobs[4].sides), ([0, 1], [0, 2]));
        // Positions are dealt in order, cycling.
        let dealt: Vec<usize> = jobs.iter().step_by(2).map(|j| j.position).collect();
        assert_eq!(dealt, vec![0, 1, 0, 1, 2, 0, 2, 0]);
        assert_eq!(jobs.last().map(|j| (j.game, j.round)), Some((16, 2)));
    }

    #[test]
    fn shuffled_order_is_a_permutation_fixed_by_the_seed() {
        let a = position_order(Order::Random, 10, 5);
        let mut s = a.clone();
        s.sort_unstable();
        assert_eq!(s, (0..10).collect::<Vec<_>>());
        assert_eq!(a, position_order(Order::Random, 10, 5));
        assert_ne!(a, position_order(Order::Random, 10, 6));
        assert_eq!(position_order(Order::Sequential, 3, 5), vec![0, 1, 2]);
        assert_eq!(
            encounters(Format::RoundRobin, 3),
            vec![(0, 1), (0, 2), (1, 2)]
        );
    }
}
