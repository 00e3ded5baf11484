//! `wartime tune`: the learned evaluation's training (issue 19). Plays self-play games (the
//! rollout policy, the scripted expert or the search itself: [`Player`]) from the shipped
//! scenarios and from random lists of the catalogue, samples positions from them labelled by
//! the final result — blended, for the search's games, with the search's own root value there
//! ([`TuneOptions::outcome_share`]) — keeps every fifth game apart as the held-out set, fits
//! the learned evaluation's logistic model ([`eval::learned`]) by Newton's method ([`fit`]),
//! from and shrunk toward zero or the hand-set model ([`Base`]), and reports held-out log-loss,
//! Brier score and accuracy of the hand-set evaluation, of the hand-set features refitted, and
//! of the learned one; with `--out FILE` it writes the weights file the engine loads
//! (`eval/weights/learned.txt` is the shipped one).

pub mod fit;
pub mod label;
pub mod rows;
pub mod spsa;

use crate::agents::{forced, Agent, ExpertAgent};
use crate::search::policy::rollout_choice;
use crate::tools::balance::deploy::Template;
use crate::tools::balance::generate::generate;
use crate::tools::balance::lists::Budget;
use engine::basics::check::Log;
use engine::basics::dice::{DiceSource, SeededDice};
use engine::creation::catalogue::Catalogue;
use engine::{Side, State};
use eval::learned::{learned_features, Model, HAND_LOGIT, NUM_LEARNED};
use eval::{features, Weights, NUM_FEATURES};
use fit::{newton, predict, quality, Quality};
pub use label::{Kid, Label};
use rayon::prelude::*;
use rows::Targets;
use std::path::PathBuf;

/// One sampled position: its features under both evaluations (A's perspective) and A's final
/// result.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Sample {
    /// The hand-set evaluation's features.
    pub hand: [f32; NUM_FEATURES],
    /// The learned evaluation's features.
    pub x: [f32; NUM_LEARNED],
    /// A's result: 1, 0.5 or 0.
    pub y: f32,
    /// The search's root value for A at this position, when the search played it
    /// ([`Player::Mcts`]) and had a choice there.
    pub v: Option<f32>,
    /// Which game it came from.
    pub game: usize,
    /// The deep search's root value for A here ([`TuneOptions::label`]; none without one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d: Option<f32>,
    /// The deep search's most visited root actions: the positions after them and their values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kids: Vec<Kid>,
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
    /// The share of the final result in a sample's label; the rest is the search's root value
    /// at the sample ([`Sample::v`], 1 = results only; samples without a search value keep the
    /// result).
    pub outcome_share: f32,
    /// What the fit starts from and shrinks toward.
    pub base: Base,
    /// The ridge: the strength of the pull toward [`TuneOptions::base`].
    pub ridge: f64,
    /// A samples file (JSON lines): read the samples from it when it exists instead of playing
    /// games, else play them and write it — so several fits can share one slow data set.
    pub samples: Option<PathBuf>,
    /// Who labels the sampled positions: a deep search at each of them, or none.
    pub label: Label,
    /// Which rows the fit reads from the samples (`--target`).
    pub targets: Targets,
}

/// Reads a samples file (one JSON [`Sample`] a line).
///
/// # Errors
/// The file cannot be read, or a line (named) is not a sample of this build.
pub fn read_samples(path: &std::path::Path) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("samples file {}: cannot be read: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(k, l)| {
            serde_json::from_str(l)
                .map_err(|e| format!("samples file {} line {}: {e}", path.display(), k + 1))
        })
        .collect()
}

/// Writes a samples file (one JSON [`Sample`] a line).
///
/// # Errors
/// The file cannot be written.
pub fn write_samples(path: &std::path::Path, samples: &[Sample]) -> Result<(), String> {
    let mut out = String::new();
    for s in samples {
        out.push_str(&serde_json::to_string(s).map_err(|e| e.to_string())?);
        out.push('\n');
    }
    std::fs::write(path, out)
        .map_err(|e| format!("samples file {}: cannot be written: {e}", path.display()))
}

/// What the learned model is fitted from and shrunk toward (`--base`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// Zero weights; `hand_logit` is left out (weight 0: the model does not pay for it).
    Zero,
    /// The hand-set model: `hand_logit` weight 1, the rest 0 — the fit learns a correction of
    /// the hand-set evaluation, pulled back toward it by the ridge.
    Hand,
}

impl Base {
    /// Parses `zero` or `hand`.
    ///
    /// # Errors
    /// Another name.
    pub fn parse(s: &str) -> Result<Base, String> {
        match s {
            "zero" => Ok(Base::Zero),
            "hand" => Ok(Base::Hand),
            _ => Err(format!("--base {s}: zero or hand expected")),
        }
    }

    /// The prior weights.
    fn prior(self) -> [f32; NUM_LEARNED] {
        let mut w = [0f32; NUM_LEARNED];
        if self == Base::Hand {
            w[HAND_LOGIT] = 1.0;
        }
        w
    }
}

/// Who plays the self-play games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The search's rollout policy (fast, weak).
    Rollout,
    /// The scripted expert, with one decision in ten taken by the rollout policy instead, so
    /// that the games visit positions the expert alone would not.
    Expert,
    /// The search (MCTS defaults, the hand-set evaluation, one thread, no tree carried over)
    /// with this many iterations a decision: the positions the search reaches and its own
    /// results, and its root value at each sample.
    Mcts(u64),
}

impl Player {
    /// Parses `rollout`, `expert` or `mcts:N` (N iterations a decision, at least 1).
    ///
    /// # Errors
    /// Another name.
    pub fn parse(s: &str) -> Result<Player, String> {
        match s {
            "rollout" => Ok(Player::Rollout),
            "expert" => Ok(Player::Expert),
            _ => s
                .strip_prefix("mcts:")
                .and_then(|n| n.parse::<u64>().ok())
                .filter(|&n| n > 0)
                .map(Player::Mcts)
                .ok_or_else(|| format!("--player {s}: rollout, expert or mcts:N expected")),
        }
    }

    /// The name `parse` reads.
    pub fn name(self) -> String {
        match self {
            Player::Rollout => "rollout".into(),
            Player::Expert => "expert".into(),
            Player::Mcts(n) => format!("mcts:{n}"),
        }
    }
}

/// The search's choice at `st` and its root value for A (the most visited root action's mean).
fn search_choice(st: &State, iterations: u64, seed: u64) -> (engine::Action, f32) {
    let r = label::run_search(st, iterations, seed);
    let best = r.best.expect("a legal action at a non-terminal position");
    (best, label::for_a(st, label::root_value(&r)))
}

/// Plays one self-play game per index by `player` (both sides) from `positions[g % len]`, and
/// samples every `every`-th decision, labelled by `label` when it is a deep search (the
/// sampled positions of a game searched in parallel). Game `g` gets number `first + g`.
pub fn self_play(
    positions: &[State],
    games: usize,
    every: usize,
    seed: u64,
    first: usize,
    player: Player,
    label: Label,
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
                let sample = n % every.max(1) == 0;
                st.legal_actions(&mut buf);
                let mut v = None;
                let a = match (&mut expert, player) {
                    (Some(e), _) if pol.d10() != 1 => e.choose(&st),
                    (_, Player::Mcts(iters)) => match forced(&st, &mut Vec::new()) {
                        Some(a) => a,
                        None => {
                            let s = seed ^ (id as u64) << 20 ^ n as u64;
                            let (a, va) = search_choice(&st, iters, s);
                            v = Some(va);
                            a
                        }
                    },
                    _ => buf[rollout_choice(&st, &buf, &mut pol, &mut scores)],
                };
                if sample {
                    let deep = (label != Label::None).then(|| (st.clone(), n));
                    xs.push((features(&st), learned_features(&st), v, deep));
                }
                st.apply_unchecked(&a, &mut dice, &mut log);
                n += 1;
            }
            let y = st.returns(Side::A);
            xs.into_par_iter()
                .map(move |(hand, x, v, deep)| {
                    let (d, kids) = match (label, deep) {
                        (Label::Mcts(iters), Some((at, n))) => {
                            let (d, kids) =
                                label::deep_label(&at, iters, label::label_seed(seed, id, n));
                            (Some(d), kids)
                        }
                        _ => (None, Vec::new()),
                    };
                    Sample {
                        hand,
                        x,
                        y,
                        v,
                        game: id,
                        d,
                        kids,
                    }
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

/// One model's scores on deep-labelled samples: Brier against the root values and against the
/// kids' values, and its order of the kids.
fn deep_scores<const K: usize>(
    deep: &[&Sample],
    w: &[f32; K],
    pick: impl Fn(&Sample) -> [f32; K],
    pick_kid: impl Fn(&Kid) -> [f32; K] + Copy,
) -> (Quality, Quality, rows::SiblingOrder) {
    let root = quality(
        deep.iter()
            .map(|s| (predict(w, &pick(s)), s.d.unwrap_or(s.y))),
    );
    let kids = quality(
        deep.iter()
            .flat_map(|s| s.kids.iter().map(|k| (predict(w, &pick_kid(k)), k.q))),
    );
    (root, kids, rows::sibling_order(deep, w, pick_kid))
}

/// The held-out report against the deep labels (samples with [`Sample::d`]) and on the deep
/// search's siblings ([`Sample::kids`]): Brier against the values, and how each model orders
/// the siblings ([`rows::sibling_order`]); empty without deep labels.
fn deep_report(
    test: &[Sample],
    hand: &[f32; NUM_FEATURES],
    shipped: &[f32; NUM_LEARNED],
    refit: &[f32; NUM_FEATURES],
    w: &[f32; NUM_LEARNED],
    mask: &dyn Fn([f32; NUM_LEARNED]) -> [f32; NUM_LEARNED],
) -> String {
    let deep: Vec<&Sample> = test.iter().filter(|s| s.d.is_some()).collect();
    if deep.is_empty() {
        return String::new();
    }
    let kids = deep.iter().map(|s| s.kids.len()).sum::<usize>();
    let mut out = format!(
        "held-out against the deep labels ({} samples; {} kids): Brier vs root value, Brier vs \
         kids' values, siblings ordered right (pairs; a tie is half), the model's ties, deep choice found\n",
        deep.len(),
        kids
    );
    let hand_kid = |k: &Kid| k.hand;
    let x_kid = |k: &Kid| mask(k.x);
    let models = [
        (
            "hand-set evaluation (shipped)",
            deep_scores(&deep, hand, |s| s.hand, hand_kid),
        ),
        (
            "hand-set features, refitted",
            deep_scores(&deep, refit, |s| s.hand, hand_kid),
        ),
        (
            "learned (shipped weights)",
            deep_scores(&deep, shipped, |s| s.x, |k| k.x),
        ),
        (
            "learned evaluation (this fit)",
            deep_scores(&deep, w, |s| mask(s.x), x_kid),
        ),
    ];
    for (name, (root, kid, order)) in models {
        out.push_str(&format!(
            "  {name:<34} Brier {:.4}  kids {:.4}  order {:.3} of {} (ties {:.3})  choice {:.3} of {}\n",
            root.brier,
            kid.brier,
            order.pair_accuracy,
            order.pairs,
            order.ties,
            order.best_accuracy,
            order.sets
        ));
    }
    out
}

/// Runs the whole tuning and returns a report (and writes the weights file if asked).
///
/// # Errors
/// Random lists could not be made, or the weights file could not be written.
pub fn tune(positions: &[State], o: &TuneOptions) -> Result<String, String> {
    let cached = o.samples.as_ref().filter(|p| p.exists());
    let (samples, matchups) = if let Some(path) = cached {
        (read_samples(path)?, 0)
    } else {
        let mut samples = self_play(positions, o.games, o.every, o.seed, 0, o.player, o.label);
        let random = random_positions(o.random_games.div_ceil(4), o.seed)?;
        samples.extend(self_play(
            &random,
            o.random_games,
            o.every,
            o.seed,
            o.games,
            o.player,
            o.label,
        ));
        if let Some(path) = &o.samples {
            write_samples(path, &samples)?;
        }
        (samples, random.len())
    };
    let (train, test): (Vec<Sample>, Vec<Sample>) =
        samples.into_iter().partition(|s| s.game % 5 != 0);
    let hand_w = Weights::default();
    let share = o.outcome_share.clamp(0.0, 1.0);
    let refit = newton(
        &rows::rows(&train, o.targets, share, |s| s.hand, |k| k.hand),
        &[0.0; NUM_FEATURES],
        1e-4,
        30,
    );
    // Without the hand-set base, its logit is no feature (the model must not pay for it).
    let mask = |mut x: [f32; NUM_LEARNED]| {
        if o.base == Base::Zero {
            x[HAND_LOGIT] = 0.0;
        }
        x
    };
    let x = |s: &Sample| mask(s.x);
    let fit_rows = rows::rows(&train, o.targets, share, x, |k| mask(k.x));
    if fit_rows.is_empty() {
        return Err(format!(
            "--target {}: no training rows (the samples have no deep labels' kids: `--label mcts:N`)",
            o.targets.name()
        ));
    }
    let w = newton(&fit_rows, &o.base.prior(), o.ridge, 30);
    let q_hand = quality(test.iter().map(|s| (predict(&hand_w.0, &s.hand), s.y)));
    let q_refit = quality(test.iter().map(|s| (predict(&refit, &s.hand), s.y)));
    let q_new = quality(test.iter().map(|s| (predict(&w, &x(s)), s.y)));
    let q_train = quality(train.iter().map(|s| (predict(&w, &x(s)), s.y)));
    // How well each predicts the search's own root values (held out, where there are some).
    let valued: Vec<&Sample> = test.iter().filter(|s| s.v.is_some()).collect();
    let v_of = |s: &Sample| s.v.unwrap_or(s.y);
    let held_games = test
        .iter()
        .map(|s| s.game)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let mut out = match cached {
        Some(p) => format!(
            "samples read from {} (the games options below are not used)\n",
            p.display()
        ),
        None => String::new(),
    };
    out += &format!(
        "self-play games: {} from the positions, {} from {} random matchups of the catalogue; \
         {} training samples, {} held-out samples from {held_games} held-out games (every \
         fifth), seed {}\n",
        o.games,
        o.random_games,
        matchups,
        train.len(),
        test.len(),
        o.seed
    );
    out.push_str("held-out:\n");
    out.push_str(&line("hand-set evaluation (shipped)", &q_hand));
    out.push_str(&line("hand-set features, refitted", &q_refit));
    out.push_str(&line("learned evaluation", &q_new));
    out.push_str(&line("(learned, on its training set)", &q_train));
    if !valued.is_empty() {
        out.push_str(&format!(
            "held-out against the search's root values ({} samples):\n",
            valued.len()
        ));
        let q = |f: &dyn Fn(&Sample) -> f32| quality(valued.iter().map(|s| (f(s), v_of(s))));
        out.push_str(&line(
            "hand-set evaluation (shipped)",
            &q(&|s| predict(&hand_w.0, &s.hand)),
        ));
        out.push_str(&line("learned evaluation", &q(&|s| predict(&w, &x(s)))));
    }
    let shipped = Model::shipped().w;
    out.push_str(&deep_report(&test, &hand_w.0, &shipped, &refit, &w, &mask));
    let model = Model { w };
    // The games' options say nothing when the samples were read from a file: name the file.
    let games = match cached {
        Some(p) => format!("--samples {}", p.display()),
        None => format!(
            "--games {} --random {} --every {} --player {} --label {} --seed {}",
            o.games,
            o.random_games,
            o.every,
            o.player.name(),
            o.label.name(),
            o.seed
        ),
    };
    let comment = format!(
        "wartime learned evaluation: logistic regression over eval::learned::LEARNED_NAMES\n\
         written by `wartime tune {games} --target {} --outcome {} --base {} --ridge {}`\n\
         held-out log-loss {:.4} (hand-set {:.4}), Brier {:.4} (hand-set {:.4})",
        o.targets.name(),
        share,
        match o.base {
            Base::Zero => "zero",
            Base::Hand => "hand",
        },
        o.ridge,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_bases_parse_and_bad_names_are_refused() {
        assert_eq!(Player::parse("mcts:100"), Ok(Player::Mcts(100)));
        assert_eq!(Player::parse("expert"), Ok(Player::Expert));
        for bad in ["mcts:0", "mcts:", "mcts:x", "search"] {
            let e = Player::parse(bad).unwrap_err();
            assert!(e.contains(bad), "{e}");
        }
        assert_eq!(Player::Mcts(7).name(), "mcts:7");
        assert_eq!(Base::parse("hand"), Ok(Base::Hand));
        assert!(Base::parse("one").unwrap_err().contains("one"));
        assert_eq!(Base::Hand.prior()[HAND_LOGIT], 1.0);
        assert!(Base::Zero.prior().iter().all(|w| *w == 0.0));
    }

    #[test]
    fn the_search_plays_samples_with_its_root_values_and_they_round_trip_a_file() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions");
        let s = engine::Setup::from_file(&dir.join("duel.json")).unwrap();
        let st = State::from_setup(&s, Some(&dir)).unwrap();
        let samples = self_play(&[st], 2, 3, 9, 0, Player::Mcts(20), Label::None);
        assert!(!samples.is_empty());
        assert!(samples.iter().any(|s| s.v.is_some()));
        for s in &samples {
            assert!(s.v.is_none_or(|v| (0.0..=1.0).contains(&v)), "{s:?}");
        }
        let path = std::env::temp_dir().join(format!("tune_samples_{}.jsonl", std::process::id()));
        write_samples(&path, &samples).unwrap();
        let back = read_samples(&path).unwrap();
        assert_eq!(back.len(), samples.len());
        assert_eq!(back[0].x, samples[0].x);
        std::fs::write(&path, "{\"hand\": 1}\n").unwrap();
        let e = read_samples(&path).unwrap_err();
        assert!(
            e.contains("line 1") && e.contains(&path.display().to_string()),
            "{e}"
        );
        std::fs::remove_file(&path).ok();
    }

    fn duel() -> State {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions");
        let s = engine::Setup::from_file(&dir.join("duel.json")).unwrap();
        State::from_setup(&s, Some(&dir)).unwrap()
    }

    fn options(samples: &std::path::Path, out: &std::path::Path, targets: &str) -> TuneOptions {
        TuneOptions {
            games: 3,
            random_games: 0,
            every: 5,
            seed: 4,
            out: Some(out.to_path_buf()),
            player: Player::Rollout,
            outcome_share: 0.0,
            base: Base::Zero,
            ridge: 1e-3,
            samples: Some(samples.to_path_buf()),
            label: Label::Mcts(40),
            targets: rows::Targets::parse(targets).unwrap(),
        }
    }

    #[test]
    fn deep_labels_are_the_same_for_a_seed_whatever_the_threads() {
        let st = duel();
        let run = |threads: usize, seed: u64| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| {
                    self_play(
                        std::slice::from_ref(&st),
                        2,
                        4,
                        seed,
                        0,
                        Player::Rollout,
                        Label::Mcts(40),
                    )
                })
        };
        let (one, two) = (run(1, 6), run(2, 6));
        assert!(!one.is_empty());
        assert!(one
            .iter()
            .all(|s| s.d.is_some_and(|d| (0.0..=1.0).contains(&d))));
        assert!(one.iter().any(|s| !s.kids.is_empty()));
        let key = |v: &[Sample]| {
            v.iter()
                .map(|s| (s.game, s.d, s.kids.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(key(&one), key(&two));
        // Another seed, other games and searches.
        assert_ne!(key(&one), key(&run(1, 7)));
        // Without a deep label, nothing is searched.
        let plain = self_play(&[st], 1, 4, 6, 0, Player::Rollout, Label::None);
        assert!(plain.iter().all(|s| s.d.is_none() && s.kids.is_empty()));
    }

    #[test]
    fn a_fit_on_a_tiny_deep_sample_file_moves_the_weights() {
        let dir = std::env::temp_dir().join(format!("tune_deep_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (samples, out) = (dir.join("s.jsonl"), dir.join("w.txt"));
        let report = tune(&[duel()], &options(&samples, &out, "root")).unwrap();
        assert!(
            report.contains("held-out against the deep labels"),
            "{report}"
        );
        let back = read_samples(&samples).unwrap();
        assert!(back.iter().all(|s| s.d.is_some()));
        let zero = |path: &std::path::Path| {
            let m = Model::load(path).unwrap();
            m.w.iter().all(|w| *w == 0.0)
        };
        assert!(!zero(&out));
        let root = Model::load(&out).unwrap();
        // The same file, the siblings as rows: read, not played again; other weights.
        let report = tune(&[duel()], &options(&samples, &out, "after,pairs")).unwrap();
        assert!(report.contains("samples read from"), "{report}");
        assert!(!zero(&out));
        assert_ne!(Model::load(&out).unwrap(), root);
        // A samples file without deep labels has no siblings to fit.
        let plain = back
            .into_iter()
            .map(|s| Sample {
                d: None,
                kids: Vec::new(),
                ..s
            })
            .collect::<Vec<_>>();
        write_samples(&samples, &plain).unwrap();
        let e = tune(&[duel()], &options(&samples, &out, "after")).unwrap_err();
        assert!(e.contains("--target after") && e.contains("--label"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
