//! Matches between agents: each position played from both sides with the same keyed dice
//! (duplicate pairs, [`engine::basics::dice::DuplicateDice`]), games in parallel, score with a 95 % interval.

use super::agent::{Agent, FlatMcAgent, GreedyAgent, MctsAgent, RandomAgent};
use super::expert::ExpertAgent;
use super::game::play_duplicate_game;
use super::oep::OepAgent;
use crate::search::policy::RolloutStyle;
use crate::search::{Limits, Params};
use engine::State;
use rayon::prelude::*;
use serde::Serialize;
use std::time::Duration;

/// The agents [`AgentSpec`] can build.
pub const AGENT_KINDS: &[&str] = &["random", "greedy", "flatmc", "mcts", "oep", "expert"];

/// Arms of `root=sh` when `arms` is not given: the prior's 16 best root actions (four rounds).
pub const DEFAULT_ARMS: u32 = 16;

/// Which agent, with its budget per decision.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSpec {
    /// random, greedy, flatmc, mcts, oep, expert.
    pub kind: String,
    /// Time per decision (ms).
    pub movetime_ms: Option<u64>,
    /// Iterations per decision (instead of time).
    pub iterations: Option<u64>,
    /// MCTS overrides: exploration constant, widening k, rollout depth.
    pub c: Option<f32>,
    /// Progressive widening k.
    pub pw: Option<f32>,
    /// Rollout depth.
    pub depth: Option<u32>,
    /// MCTS search threads (root-parallel; default 1).
    pub threads: Option<usize>,
    /// MCTS: progressive widening k at the root.
    pub root_pw: Option<f32>,
    /// MCTS: chance-node depth (0: none).
    pub chance: Option<usize>,
    /// MCTS: rollout horizon counted from the root (`horizon=1`).
    pub horizon: Option<bool>,
    /// MCTS: carry the tree over between decisions of one activation (`reuse=0` turns it off).
    pub reuse: Option<bool>,
    /// MCTS: sequential halving at the root with this many samples per arm in its first round
    /// (`halving=0`: UCT at the root).
    pub halving: Option<u32>,
    /// MCTS: final choice by lower confidence bound `value − lcb/√visits` (`lcb=0`: most
    /// visited).
    pub lcb: Option<f32>,
    /// MCTS: final choice by values backed up from continuations of at least this many visits.
    pub maxback: Option<u32>,
    /// MCTS: samples of a node before it grows children.
    pub expand: Option<u32>,
    /// MCTS: exact-outcome chance nodes per action before classes.
    pub exact: Option<usize>,
    /// MCTS: common random numbers at the root (`crn=1`).
    pub crn: Option<bool>,
    /// MCTS: a new node's candidates made by its first rollout step (`prefill=1`).
    pub prefill: Option<bool>,
    /// MCTS: percent of the budget spent on flat screening of every root action first.
    pub screen: Option<u32>,
    /// MCTS with halving: rounds of more arms than this sample flat.
    pub flat: Option<u32>,
    /// MCTS, greedy, flat MC, OEP: the evaluation (`weights=w1,w2,…`: the hand-set one with
    /// these weights, one per [`eval::FEATURE_NAMES`]; `eval=hand`, `eval=learned` or
    /// `eval=FILE`, a learned weights file).
    pub eval: Option<eval::Evaluator>,
    /// MCTS: the exploration constant at the root (`rootc=X`; the one below it otherwise).
    pub root_c: Option<f32>,
    /// MCTS: the root's exploration grows as (iterations / `rootref`)^X past `rootref`
    /// iterations (`rootgrow=X`; 0 off).
    pub root_grow: Option<f32>,
    /// MCTS: exploration scaled by each child's spread of values (`ucbv=S`; 0 off).
    pub ucbv: Option<f32>,
    /// MCTS: exploration scaled by the deciding node's spread of values (`ucbvp=S`; 0 off).
    pub ucbv_parent: Option<f32>,
    /// MCTS and flat MC: a rollout takes the prior's best when a d10 rolls this or less
    /// (`rgreedy=N`).
    pub rollout_greedy: Option<u8>,
    /// MCTS and flat MC: the temperature of a rollout's draw otherwise (`rtemp=X`).
    pub rollout_temp: Option<f32>,
    /// MCTS: quiet rollouts, up to N more decisions while an activation is under way
    /// (`quiet=N`; 0 off).
    pub quiet: Option<u32>,
    /// MCTS: implicit minimax backups, the weight of the minimax value in selection
    /// (`imm=α`, 0..=1; 0 off).
    pub imm: Option<f32>,
    /// MCTS: the leaf's own evaluation mixed into each sample (`leafmix=β`, 0..=1; 0 off).
    pub leaf_mix: Option<f32>,
    /// MCTS: the dice's luck as a control variate (`luck=0/1`).
    pub luck: Option<bool>,
    /// MCTS: the iterations after which `rootgrow` starts (`rootref=N`, default 1,000).
    pub root_ref: Option<u32>,
    /// MCTS: the root policy, `root=uct` or `root=sh` (sequential halving over the prior's
    /// best `arms`).
    pub root_sh: Option<bool>,
    /// MCTS with `root=sh`: how many of the prior's best root actions are arms (default 16).
    pub arms: Option<u32>,
    /// MCTS with `root=sh`: rank arms by the tree's whole statistics (`shtotal=1`).
    pub sh_total: Option<bool>,
    /// MCTS: merged candidate lists keep their best dozen (`mergecap=1`).
    pub merge_cap: Option<bool>,
    /// MCTS: `passfirst=0/1`, a reaction window's `pass` first among a node's candidates.
    pub pass_first: Option<bool>,
    /// `prior=expert`: the root ordered by the scripted expert's scores.
    pub expert_prior: Option<bool>,
    /// Progressive bias weight at the root (with `prior=expert`).
    pub pb: Option<f32>,
    /// With `maxback`: back up the most visited continuation (`backsel=visits`) or the best
    /// mean (`backsel=value`, the default).
    pub robust_back: Option<bool>,
    /// `flatwin=R`: reaction windows at the root decided by flat samples, R per iteration.
    pub flat_windows: Option<f32>,
    /// MCTS: the step cache's budget in MB (`hash=MB`; `hash=0` turns it off; the search is
    /// the same either way, only its cost changes).
    pub hash: Option<usize>,
    /// MCTS: `winback=M`, a window's `react` valued by the reactor's best reaction of ≥ M
    /// visits (0: off).
    pub winback: Option<u32>,
}

impl AgentSpec {
    /// An agent of `kind` with no budget of its own yet.
    ///
    /// # Errors
    /// The kind is not one of [`AGENT_KINDS`].
    pub fn new(kind: &str, default_movetime: Option<u64>) -> Result<AgentSpec, String> {
        if !AGENT_KINDS.contains(&kind) {
            return Err(format!(
                "unknown agent \"{kind}\" ({})",
                AGENT_KINDS.join(", ")
            ));
        }
        Ok(AgentSpec {
            kind: kind.to_string(),
            movetime_ms: default_movetime,
            iterations: None,
            c: None,
            pw: None,
            depth: None,
            threads: None,
            root_pw: None,
            chance: None,
            horizon: None,
            reuse: None,
            halving: None,
            lcb: None,
            maxback: None,
            expand: None,
            exact: None,
            crn: None,
            prefill: None,
            screen: None,
            flat: None,
            eval: None,
            root_c: None,
            root_grow: None,
            ucbv: None,
            ucbv_parent: None,
            quiet: None,
            imm: None,
            leaf_mix: None,
            luck: None,
            rollout_greedy: None,
            rollout_temp: None,
            root_ref: None,
            root_sh: None,
            arms: None,
            sh_total: None,
            merge_cap: None,
            pass_first: None,
            expert_prior: None,
            pb: None,
            robust_back: None,
            flat_windows: None,
            hash: None,
            winback: None,
        })
    }

    /// The option keys [`AgentSpec::set`] knows.
    pub const KEYS: &'static [&'static str] = &[
        "iterations",
        "movetime",
        "c",
        "pw",
        "rootpw",
        "chance",
        "horizon",
        "depth",
        "threads",
        "reuse",
        "halving",
        "lcb",
        "maxback",
        "expand",
        "exact",
        "crn",
        "prefill",
        "screen",
        "flat",
        "weights",
        "eval",
        "rootc",
        "root",
        "arms",
        "shtotal",
        "mergecap",
        "passfirst",
        "prior",
        "pb",
        "backsel",
        "flatwin",
        "hash",
        "winback",
        "rootgrow",
        "ucbv",
        "ucbvp",
        "rgreedy",
        "rtemp",
        "rootref",
        "quiet",
        "imm",
        "leafmix",
        "luck",
    ];

    /// Sets one option of [`AgentSpec::KEYS`] from text (numbers; `horizon`, `reuse`, `crn`
    /// as 0/1; `weights` as w1,w2,…; TOURNAMENTS.md's key table says what each does).
    /// `iterations` replaces a time budget (an iteration limit makes games reproducible).
    ///
    /// # Errors
    /// A message naming the key or the bad value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if key == "weights" {
            let w: Vec<f32> = value
                .split(',')
                .map(|x| x.trim().parse::<f32>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("weights={value}: numbers separated by commas expected"))?;
            let arr: [f32; eval::NUM_FEATURES] = w
                .try_into()
                .map_err(|_| format!("weights={value}: {} weights expected", eval::NUM_FEATURES))?;
            self.eval = Some(eval::Evaluator::Hand(eval::Weights(arr)));
            return Ok(());
        }
        if key == "root" {
            self.root_sh = Some(match value {
                "uct" => false,
                "sh" => true,
                _ => return Err(format!("root={value}: \"uct\" or \"sh\" expected")),
            });
            return Ok(());
        }
        if key == "prior" {
            self.expert_prior = Some(match value {
                "heuristic" => false,
                "expert" => true,
                _ => {
                    return Err(format!(
                        "prior={value}: \"heuristic\" or \"expert\" expected"
                    ))
                }
            });
            return Ok(());
        }
        if key == "backsel" {
            self.robust_back = Some(match value {
                "value" => false,
                "visits" => true,
                _ => return Err(format!("backsel={value}: \"value\" or \"visits\" expected")),
            });
            return Ok(());
        }
        if key == "eval" {
            self.eval = Some(eval::Evaluator::from_name(value)?);
            return Ok(());
        }
        let x: f64 = value
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| format!("{key}={value}: {value} is not a non-negative number"))?;
        let n = x as u64;
        match key {
            "iterations" => {
                self.iterations = Some(n.max(1));
                self.movetime_ms = None;
            }
            "movetime" => self.movetime_ms = Some(n),
            "c" => self.c = Some(x as f32),
            "pw" => self.pw = Some(x as f32),
            "rootpw" => self.root_pw = Some(x as f32),
            "chance" => self.chance = Some(n as usize),
            "horizon" => self.horizon = Some(n != 0),
            "depth" => self.depth = Some(n as u32),
            "reuse" => self.reuse = Some(n != 0),
            "halving" => self.halving = Some(n as u32),
            "lcb" => self.lcb = Some(x as f32),
            "maxback" => self.maxback = Some(n as u32),
            "expand" => self.expand = Some(n as u32),
            "exact" => self.exact = Some(n as usize),
            "crn" => self.crn = Some(n != 0),
            "prefill" => self.prefill = Some(n != 0),
            "screen" => {
                if n > 100 {
                    return Err(format!("screen={value}: a percentage, 0..=100, expected"));
                }
                self.screen = Some(n as u32);
            }
            "flat" => self.flat = Some(n as u32),
            "rootc" => self.root_c = Some(x as f32),
            "arms" => self.arms = Some(n.max(1) as u32),
            "shtotal" => self.sh_total = Some(n != 0),
            "mergecap" => self.merge_cap = Some(n != 0),
            "passfirst" => self.pass_first = Some(n != 0),
            "hash" => self.hash = Some(n as usize),
            "pb" => self.pb = Some(x as f32),
            "flatwin" => self.flat_windows = Some(x as f32),
            "winback" => self.winback = Some(n as u32),
            "rootgrow" => self.root_grow = Some(x as f32),
            "ucbv" => self.ucbv = Some(x as f32),
            "ucbvp" => self.ucbv_parent = Some(x as f32),
            "rgreedy" => {
                if n > 10 {
                    return Err(format!("rgreedy={value}: 0..=10 expected"));
                }
                self.rollout_greedy = Some(n as u8);
            }
            "rtemp" => {
                if x <= 0.0 {
                    return Err(format!("rtemp={value}: a positive number expected"));
                }
                self.rollout_temp = Some(x as f32);
            }
            "rootref" => self.root_ref = Some(n.max(1) as u32),
            "quiet" => self.quiet = Some(n.min(64) as u32),
            "imm" => {
                if !(0.0..=1.0).contains(&x) {
                    return Err(format!("imm={value}: a weight, 0..=1, expected"));
                }
                self.imm = Some(x as f32);
            }
            "leafmix" => {
                if !(0.0..=1.0).contains(&x) {
                    return Err(format!("leafmix={value}: a weight, 0..=1, expected"));
                }
                self.leaf_mix = Some(x as f32);
            }
            "luck" => self.luck = Some(n != 0),
            "threads" => {
                if !(1..=256).contains(&n) {
                    return Err(format!("threads={value}: expected 1..=256"));
                }
                self.threads = Some(n as usize);
            }
            _ => {
                return Err(format!(
                    "unknown option {key} ({})",
                    AgentSpec::KEYS.join(", ")
                ))
            }
        }
        Ok(())
    }

    /// `base` with this spec's `rgreedy` / `rtemp` where it sets them.
    fn rollout_style(&self, base: RolloutStyle) -> RolloutStyle {
        RolloutStyle {
            greedy: self.rollout_greedy.unwrap_or(base.greedy),
            temp: self.rollout_temp.unwrap_or(base.temp),
        }
    }

    /// Parses `kind[:iterations=N][:movetime=MS]` (and the other keys of [`AgentSpec::set`]).
    ///
    /// # Errors
    /// A message naming the bad part.
    pub fn parse(s: &str, default_movetime: Option<u64>) -> Result<AgentSpec, String> {
        let mut parts = s.split(':');
        let mut spec = AgentSpec::new(parts.next().unwrap_or(""), default_movetime)?;
        for p in parts {
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| format!("\"{p}\": expected key=value"))?;
            spec.set(k, v).map_err(|e| format!("\"{p}\": {e}"))?;
        }
        Ok(spec)
    }

    /// Builds the agent.
    pub fn build(&self, seed: u64) -> Box<dyn Agent> {
        let mt = self.movetime_ms.map(Duration::from_millis);
        match self.kind.as_str() {
            "random" => Box::new(RandomAgent::new(seed)),
            "greedy" => Box::new({
                let mut g = GreedyAgent::new(2, seed);
                if let Some(e) = &self.eval {
                    g.eval = e.clone();
                }
                g
            }),
            "expert" => Box::new(ExpertAgent::new(seed)),
            "flatmc" => Box::new({
                let mut f = FlatMcAgent::new(
                    self.iterations.unwrap_or(500) as u32,
                    if self.iterations.is_some() { None } else { mt },
                    seed,
                );
                if let Some(d) = self.depth {
                    f.depth = d;
                }
                if let Some(e) = &self.eval {
                    f.eval = e.clone();
                }
                f.style = self.rollout_style(f.style);
                f
            }),
            "oep" => Box::new({
                let mut o = OepAgent::new(
                    mt.unwrap_or(Duration::from_millis(100)),
                    self.iterations.map(|n| n as u32),
                    seed,
                );
                if let Some(e) = &self.eval {
                    o.set_eval(e.clone());
                }
                o
            }),
            _ => Box::new({
                let d = Params::default();
                let params = Params {
                    seed,
                    threads: self.threads.unwrap_or(1),
                    c: self.c.unwrap_or(d.c),
                    pw_k: self.pw.unwrap_or(d.pw_k),
                    root_pw_k: self.root_pw.unwrap_or(d.root_pw_k),
                    chance_depth: self.chance.unwrap_or(d.chance_depth),
                    horizon: self.horizon.unwrap_or(d.horizon),
                    rollout_depth: self.depth.unwrap_or(d.rollout_depth),
                    halving: self.halving.unwrap_or(d.halving),
                    lcb: self.lcb.unwrap_or(d.lcb),
                    maxback: self.maxback.unwrap_or(d.maxback),
                    expand_after: self.expand.unwrap_or(d.expand_after),
                    exact: self.exact.unwrap_or(d.exact),
                    crn: self.crn.unwrap_or(d.crn),
                    prefill: self.prefill.unwrap_or(d.prefill),
                    screen: self.screen.unwrap_or(d.screen),
                    flat_above: self.flat.unwrap_or(d.flat_above),
                    eval: self.eval.clone().unwrap_or(d.eval),
                    root_c: self.root_c.or(d.root_c),
                    root_sh: match self.root_sh {
                        Some(true) => self.arms.unwrap_or(DEFAULT_ARMS),
                        Some(false) => 0,
                        None => d.root_sh,
                    },
                    sh_total: self.sh_total.unwrap_or(d.sh_total),
                    merge_cap: self.merge_cap.unwrap_or(d.merge_cap),
                    pass_first: self.pass_first.unwrap_or(d.pass_first),
                    expert_prior: self.expert_prior.unwrap_or(d.expert_prior),
                    pb: self.pb.unwrap_or(d.pb),
                    robust_back: self.robust_back.unwrap_or(d.robust_back),
                    flat_windows: self.flat_windows.unwrap_or(d.flat_windows),
                    hash_mb: self.hash.unwrap_or(d.hash_mb),
                    winback: self.winback.unwrap_or(d.winback),
                    root_grow: self.root_grow.unwrap_or(d.root_grow),
                    ucbv: self.ucbv.unwrap_or(d.ucbv),
                    ucbv_parent: self.ucbv_parent.unwrap_or(d.ucbv_parent),
                    rollout_style: self.rollout_style(d.rollout_style),
                    root_ref: self.root_ref.unwrap_or(d.root_ref),
                    quiet: self.quiet.unwrap_or(d.quiet),
                    imm: self.imm.unwrap_or(d.imm),
                    leaf_mix: self.leaf_mix.unwrap_or(d.leaf_mix),
                    luck: self.luck.unwrap_or(d.luck),
                    ..d
                };
                let limits = Limits {
                    iterations: self.iterations,
                    movetime: if self.iterations.is_some() { None } else { mt },
                    nodes: None,
                };
                let mut m = MctsAgent::new(params, limits);
                m.reuse = self.reuse.unwrap_or(true);
                m
            }),
        }
    }

    /// A short label.
    pub fn label(&self) -> String {
        match (self.iterations, self.movetime_ms) {
            (Some(n), _) => format!("{}({n} it)", self.kind),
            (None, Some(ms)) => format!("{}({ms} ms)", self.kind),
            _ => self.kind.clone(),
        }
    }
}

/// Wins, draws and losses of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Games.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
    /// Points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }
    /// Counts one game of score 1, ½ or 0.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }
    /// The other side's view.
    pub fn flipped(&self) -> Wdl {
        Wdl {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// The outcome of a match, from the first agent's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchResult {
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Per-game scores (1, 0.5, 0), in order.
    pub scores: Vec<f32>,
}

impl MatchResult {
    /// Counts per-game scores (1, 0.5, 0) as wins, draws and losses.
    pub fn from_scores(scores: Vec<f32>) -> MatchResult {
        let mut w = Wdl::default();
        for &s in &scores {
            w.add(s as f64);
        }
        MatchResult {
            wins: w.wins as u32,
            draws: w.draws as u32,
            losses: w.losses as u32,
            scores,
        }
    }
    /// Games played.
    pub fn games(&self) -> usize {
        self.scores.len()
    }
    /// Mean score.
    pub fn score(&self) -> f64 {
        self.scores.iter().map(|&x| x as f64).sum::<f64>() / self.games().max(1) as f64
    }
    /// Half-width of the 95 % interval of the mean score (normal approximation over games).
    pub fn ci95(&self) -> f64 {
        let n = self.games() as f64;
        if n < 2.0 {
            return 0.5;
        }
        let m = self.score();
        let var = self
            .scores
            .iter()
            .map(|&x| (x as f64 - m).powi(2))
            .sum::<f64>()
            / (n - 1.0);
        1.96 * (var / n).sqrt()
    }

    /// Half-width of the 95 % interval computed over pairs: the two games of a pair share
    /// their dice, so their results are correlated and the pair (mean of its two games) is the
    /// independent unit. `scores` must hold the games pair by pair, as [`run_match`] leaves them.
    pub fn pair_ci95(&self) -> f64 {
        let pairs: Vec<f64> = self
            .scores
            .chunks_exact(2)
            .map(|c| (c[0] as f64 + c[1] as f64) / 2.0)
            .collect();
        let n = pairs.len() as f64;
        if n < 2.0 {
            return 0.5;
        }
        let m = pairs.iter().sum::<f64>() / n;
        let var = pairs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
        1.96 * (var / n).sqrt()
    }
}

/// One position's share of a match ([`MatchResult::per_position`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PositionTally {
    /// Games played on it.
    pub games: usize,
    /// The first agent's mean score on it.
    pub score: f64,
    /// Pairs the first agent won on balance (more than half of the pair's points).
    pub won: usize,
    /// Pairs split evenly (typically each agent won the same side: the side decided).
    pub split: usize,
    /// Pairs the first agent lost on balance.
    pub lost: usize,
}

impl MatchResult {
    /// The tallies of each of `positions` positions, for scores laid out as [`run_match`]
    /// leaves them (position by position, pair by pair).
    pub fn per_position(&self, positions: usize) -> Vec<PositionTally> {
        let per = self.scores.len() / positions.max(1);
        if per == 0 {
            return Vec::new();
        }
        self.scores
            .chunks(per)
            .map(|games| {
                let mut t = PositionTally {
                    games: games.len(),
                    score: games.iter().map(|&x| x as f64).sum::<f64>() / games.len() as f64,
                    ..PositionTally::default()
                };
                for pair in games.chunks_exact(2) {
                    match (pair[0] + pair[1]).partial_cmp(&1.0) {
                        Some(std::cmp::Ordering::Greater) => t.won += 1,
                        Some(std::cmp::Ordering::Less) => t.lost += 1,
                        _ => t.split += 1,
                    }
                }
                t
            })
            .collect()
    }
}

/// Plays `pairs` pairs of games on every position: in a pair, the same dice seed, the first
/// agent once as side A and once as side B. Games run in parallel.
pub fn run_match(
    positions: &[State],
    a: &AgentSpec,
    b: &AgentSpec,
    pairs: usize,
    seed: u64,
) -> MatchResult {
    let jobs: Vec<(usize, usize, bool)> = (0..positions.len())
        .flat_map(|p| (0..pairs).flat_map(move |k| [(p, k, true), (p, k, false)]))
        .collect();
    let scores: Vec<f32> = jobs
        .par_iter()
        .map(|&(p, k, a_first)| {
            let game_seed =
                seed ^ ((p as u64) << 32) ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            play_paired(&positions[p], a, b, game_seed, a_first)
        })
        .collect();
    MatchResult::from_scores(scores)
}

/// One game of a duplicate pair between `a` and `b` (agents seeded from `game_seed`, the
/// dice keyed by it): `a` plays side A when `a_first`, else side B. Returns `a`'s result.
pub fn play_paired(
    start: &State,
    a: &AgentSpec,
    b: &AgentSpec,
    game_seed: u64,
    a_first: bool,
) -> f32 {
    let ag_a = a.build(game_seed ^ 0xA);
    let ag_b = b.build(game_seed ^ 0xB);
    let mut agents: [Box<dyn Agent>; 2] = if a_first { [ag_a, ag_b] } else { [ag_b, ag_a] };
    let (ra, _) = play_duplicate_game(start, &mut agents, game_seed, 20_000);
    if a_first {
        ra
    } else {
        1.0 - ra
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_options_parse_and_bad_ones_are_named() {
        let w = ["1"; eval::NUM_FEATURES].join(",");
        let s = AgentSpec::parse(
            &format!("mcts:iterations=50:rootpw=4:chance=0:horizon=1:reuse=0:depth=1:weights={w}"),
            None,
        )
        .unwrap();
        assert_eq!(s.iterations, Some(50));
        assert_eq!(s.root_pw, Some(4.0));
        assert_eq!(s.chance, Some(0));
        assert_eq!(s.horizon, Some(true));
        assert_eq!(s.reuse, Some(false));
        assert_eq!(s.depth, Some(1));
        assert_eq!(
            s.eval,
            Some(eval::Evaluator::Hand(eval::Weights(
                [1.0; eval::NUM_FEATURES]
            )))
        );
        let e = AgentSpec::parse("mcts:weights=1,2", None).unwrap_err();
        assert!(e.contains("weights expected"), "{e}");
        let e = AgentSpec::parse("mcts:weights=1,x", None).unwrap_err();
        assert!(e.contains("numbers separated by commas"), "{e}");
        let e = AgentSpec::parse("mcts:bogus=1", None).unwrap_err();
        assert!(e.contains("bogus"), "{e}");
        let s = AgentSpec::parse("flatmc:rgreedy=2:rtemp=0.5:ucbv=0.1:ucbvp=0.2", None).unwrap();
        assert_eq!(
            (s.rollout_greedy, s.rollout_temp, s.ucbv, s.ucbv_parent),
            (Some(2), Some(0.5), Some(0.1), Some(0.2))
        );
        assert_eq!(
            AgentSpec::parse("mcts:quiet=4", None).unwrap().quiet,
            Some(4)
        );
        assert_eq!(
            AgentSpec::parse("mcts:imm=0.3", None).unwrap().imm,
            Some(0.3)
        );
        assert_eq!(
            AgentSpec::parse("mcts:leafmix=0.5", None).unwrap().leaf_mix,
            Some(0.5)
        );
        let e = AgentSpec::parse("mcts:leafmix=-1", None).unwrap_err();
        assert!(e.contains("leafmix=-1"), "{e}");
        let e = AgentSpec::parse("mcts:imm=2", None).unwrap_err();
        assert!(e.contains("imm=2") && e.contains("0..=1"), "{e}");
        let e = AgentSpec::parse("mcts:rgreedy=11", None).unwrap_err();
        assert!(e.contains("rgreedy=11") && e.contains("0..=10"), "{e}");
        let e = AgentSpec::parse("mcts:rtemp=0", None).unwrap_err();
        assert!(e.contains("rtemp=0") && e.contains("positive"), "{e}");
    }

    #[test]
    fn per_position_tallies_count_pairs_won_split_and_lost() {
        // Two positions, two pairs each: the first won one pair both ways and split one; the
        // second lost one pair and drew the other half-and-half (a split).
        let r = MatchResult::from_scores(vec![1.0, 1.0, 1.0, 0.0, 0.0, 0.5, 0.5, 0.5]);
        let t = r.per_position(2);
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].games, t[0].won, t[0].split, t[0].lost), (4, 1, 1, 0));
        assert_eq!(t[0].score, 0.75);
        assert_eq!((t[1].won, t[1].split, t[1].lost), (0, 1, 1));
        assert_eq!(t[1].score, 0.375);
    }

    #[test]
    fn pair_interval_uses_pairs() {
        // Two pairs that split 1-0 each: every pair scores 0.5, so the pair interval is 0
        // while the games vary.
        let r = MatchResult::from_scores(vec![1.0, 0.0, 1.0, 0.0]);
        assert_eq!(r.pair_ci95(), 0.0);
        assert!(r.ci95() > 0.5);
    }
}
