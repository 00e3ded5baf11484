//! `wartime tune`: the learned evaluation's training (issue 19). Plays self-play games with the
//! rollout policy from the shipped scenarios and from random lists of the catalogue, samples
//! positions from them labelled by the final result, keeps every fifth game apart as the
//! held-out set, fits the learned evaluation's logistic model ([`eval::learned`]) by Newton's
//! method ([`fit`]) and reports held-out log-loss, Brier score and accuracy of the hand-set
//! evaluation, of the hand-set features refitted, and of the learned one; with `--out FILE` it
//! writes the weights file the engine loads (`eval/weights/learned.txt` is the shipped one).

pub mod fit;

use crate::agents::{Agent, ExpertAgent};
use crate::search::policy::rollout_choice;
use crate::tools::balance::deploy::Template;
use crate::tools::balance::generate::generate;
use crate::tools::balance::lists::Budget;
use engine::basics::check::Log;
use engine::basics::dice::{DiceSource, SeededDice};
use engine::creation::catalogue::Catalogue;
use engine::{Side, State};
use eval::learned::{learned_features, Model, NUM_LEARNED};
use eval::{features, Weights, NUM_FEATURES};
use fit::{newton, predict, quality, Quality};
use rayon::prelude::*;
use std::path::PathBuf;

/// One sampled position: its features under both evaluations (A's perspective) and A's final
/// result.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The hand-set evaluation's features.
    pub hand: [f32; NUM_FEATURES],
    /// The learned evaluation's features.
    pub x: [f32; NUM_LEARNED],
    /// A's result: 1, 0.5 or 0.
    pub y: f32,
    /// Which game it came from.
    pub game: usize,
}

/// What `wartime tune` does.
#[derive(Clone, Debug)]
pub struct TuneOptions {
    /// Self-play games from the given positions.
    pub games: usize,
    /// Self-play games from random lists of the shipped catalogue (each pair of lists on the
    /// smallest shipped board that fits them).
    pub random_games: usize,
    /// Sample every this-many decisions of a game.
    pub every: usize,
    /// Seed.
    pub seed: u64,
    /// Where to write the fitted weights file (none: report only).
    pub out: Option<PathBuf>,
    /// Who plays the self-play games.
    pub player: Player,
}

/// Who plays the self-play games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search's rollout policy (fast, weak).
    Rollout,
    /// The scripted expert, with one decision in ten taken by the rollout policy instead, so
    /// that the games visit positions the expert alone would not.
    Expert,
}

impl Player {
    /// Parses `rollout` or `expert`.
    ///
    /// # Errors
    /// Another name.
    pub fn parse(s: &str) -> Result<Player, String> {
        match s {
            "rollout" => Ok(Player::Rollout),
            "expert" => Ok(Player::Expert),
            _ => Err(format!("--player {s}: rollout or expert expected")),
        }
    }
}

/// Plays one self-play game per index with the rollout policy (both sides) from
/// `positions[g % len]`, and samples every `every`-th decision. Game `g` gets number
/// `first + g`.
pub fn self_play(
    positions: &[State],
    games: usize,
    every: usize,
    seed: u64,
    first: usize,
    player: Player,
) -> Vec<Sample> {
    if positions.is_empty() {
        return Vec::new();
    }
    (0..games)
        .into_par_iter()
        .flat_map_iter(|g| {
            let id = first + g;
            let mut st = positions[g % positions.len()].clone();
            let mut dice = SeededDice::new(seed ^ (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mut pol = SeededDice::new(seed ^ 0x77 ^ id as u64);
            let (mut buf, mut scores, mut log) = (Vec::new(), Vec::new(), Log::off());
            let mut xs = Vec::new();
            let mut expert = (player == Player::Expert).then(|| ExpertAgent::new(seed ^ id as u64));
            let mut n = 0;
            while !st.is_terminal() && n < 20_000 {
                if n % every.max(1) == 0 {
                    xs.push((features(&st), learned_features(&st)));
                }
                st.legal_actions(&mut buf);
                let a = match &mut expert {
                    Some(e) if pol.d10() != 1 => e.choose(&st),
                    _ => buf[rollout_choice(&st, &buf, &mut pol, &mut scores)],
                };
                st.apply_unchecked(&a, &mut dice, &mut log);
                n += 1;
            }
            let y = st.returns(Side::A);
            xs.into_iter()
                .map(move |(hand, x)| Sample {
                    hand,
                    x,
                    y,
                    game: id,
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Start positions of `k` random matchups of the shipped catalogue: lists of 60, 100 and 150
/// points in turn (two distinct lists each), on the smallest shipped board that fits them.
///
/// # Errors
/// The lists could not be generated or placed.
pub fn random_positions(k: usize, seed: u64) -> Result<Vec<State>, String> {
    let cat = Catalogue::shipped();
    let mut out = Vec::with_capacity(k);
    for m in 0..k {
        let points = [60, 100, 150][m % 3];
        let lists = generate(&cat, Budget::new(points, 0.25), 2, 6, seed ^ m as u64)?;
        let size = lists.iter().map(|l| l.characters.len()).max().unwrap_or(1);
        out.push(Template::shipped_for(size).position(&lists[0], &lists[1], &cat, points)?);
    }
    Ok(out)
}

fn line(name: &str, q: &Quality) -> String {
    format!(
        "  {name:<34} log-loss {:.4}  Brier {:.4}  accuracy {:.3}\n",
        q.log_loss, q.brier, q.accuracy
    )
}

/// Runs the whole tuning and returns a report (and writes the weights file if asked).
///
/// # Errors
/// Random lists could not be made, or the weights file could not be written.
pub fn tune(positions: &[State], o: &TuneOptions) -> Result<String, String> {
    let mut samples = self_play(positions, o.games, o.every, o.seed, 0, o.player);
    let random = random_positions(o.random_games.div_ceil(4), o.seed)?;
    samples.extend(self_play(
        &random,
        o.random_games,
        o.every,
        o.seed,
        o.games,
        o.player,
    ));
    let (train, test): (Vec<Sample>, Vec<Sample>) =
        samples.into_iter().partition(|s| s.game % 5 != 0);
    let hand_w = Weights::default();
    let refit = newton(
        &train.iter().map(|s| (s.hand, s.y)).collect::<Vec<_>>(),
        1e-4,
        30,
    );
    let w = newton(
        &train.iter().map(|s| (s.x, s.y)).collect::<Vec<_>>(),
        1e-4,
        30,
    );
    let q_hand = quality(test.iter().map(|s| (predict(&hand_w.0, &s.hand), s.y)));
    let q_refit = quality(test.iter().map(|s| (predict(&refit, &s.hand), s.y)));
    let q_new = quality(test.iter().map(|s| (predict(&w, &s.x), s.y)));
    let q_train = quality(train.iter().map(|s| (predict(&w, &s.x), s.y)));
    let held_games = test
        .iter()
        .map(|s| s.game)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let mut out = format!(
        "self-play games: {} from the positions, {} from {} random matchups of the catalogue; \
         {} training samples, {} held-out samples from {held_games} held-out games (every \
         fifth), seed {}\n",
        o.games,
        o.random_games,
        random.len(),
        train.len(),
        test.len(),
        o.seed
    );
    out.push_str("held-out:\n");
    out.push_str(&line("hand-set evaluation (shipped)", &q_hand));
    out.push_str(&line("hand-set features, refitted", &q_refit));
    out.push_str(&line("learned evaluation", &q_new));
    out.push_str(&line("(learned, on its training set)", &q_train));
    let model = Model { w };
    let comment = format!(
        "wartime learned evaluation: logistic regression over eval::learned::LEARNED_NAMES\n\
         written by `wartime tune --games {} --random {} --every {} --player {} --seed {}`\n\
         held-out log-loss {:.4} (hand-set {:.4}), Brier {:.4} (hand-set {:.4})",
        o.games,
        o.random_games,
        o.every,
        match o.player {
            Player::Rollout => "rollout",
            Player::Expert => "expert",
        },
        o.seed,
        q_new.log_loss,
        q_hand.log_loss,
        q_new.brier,
        q_hand.brier
    );
    let text = model.to_text(&comment);
    out.push_str("weights:\n");
    for l in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        out.push_str(&format!("  {l}\n"));
    }
    if let Some(path) = &o.out {
        std::fs::write(path, &text)
            .map_err(|e| format!("weights file {}: cannot be written: {e}", path.display()))?;
        out.push_str(&format!("written to {}\n", path.display()));
    }
    Ok(out)
}
