//! `wartime balance`: is a list, or an archetype, worth its points?
//!
//! Lists of equal points (LISTAS DE JUEGO) play a round robin on the board and scenario of a
//! template position. Every matchup is played in pairs: the same game seed twice, each list once
//! on each side, the dice keyed by turn and character slot ([`play_duplicate_game`]), so the side
//! advantage and the luck of each seat are met by both lists. The report gives each list's score
//! with a 95 % interval over pairs and an Elo-like rating, a cross table, and each archetype's
//! win rate and value for its points from a ridge regression on the differences in archetype
//! counts (see [`stats::fit_value`] and BALANCE.md).

pub mod deploy;
pub mod lists;
pub mod stats;

use crate::agents::{play_duplicate_game, Agent};
use crate::arena::{AgentSpec, MatchResult};
use deploy::Template;
use engine::State;
use lists::{archetype_table, Budget, Lists};
use rayon::prelude::*;
use serde::Serialize;
use stats::{elo_of, fit_value, mean_ci, Estimate, Observation};
use std::fmt::Write;

/// Decisions after which a game is stopped and scored as it stands (as `wartime match` does).
const MAX_DECISIONS: usize = 20_000;

/// Iterations per decision given to a searching agent named without a budget: a fixed budget
/// keeps the results independent of the machine's speed.
pub const DEFAULT_ITERATIONS: u64 = 200;

/// The text report prints the cross table up to this many lists (JSON always has every
/// matchup).
const CROSS_TABLE_MAX: usize = 10;

/// The ridge penalty of the archetype regression by default (see [`stats::fit_value`]).
pub const DEFAULT_RIDGE: f64 = 4.0;

/// How to play the round robin.
#[derive(Clone, Debug)]
pub struct Options {
    /// The agent playing both sides.
    pub agent: AgentSpec,
    /// Pairs of games per matchup and board.
    pub pairs: usize,
    /// Seed of the game seeds.
    pub seed: u64,
    /// Threads (`None`: rayon's default, one per core).
    pub threads: Option<usize>,
    /// Ridge penalty of the archetype regression.
    pub ridge: f64,
}

impl Options {
    /// The agent of a spec parsed for balance runs: a searching agent (`mcts`, `flatmc`, `oep`)
    /// given neither iterations nor a time gets [`DEFAULT_ITERATIONS`].
    ///
    /// # Errors
    /// The spec does not parse (the message of [`AgentSpec::parse`]).
    pub fn agent(spec: &str) -> Result<AgentSpec, String> {
        let mut a = AgentSpec::parse(spec, None)?;
        let searches = matches!(a.kind.as_str(), "mcts" | "flatmc" | "oep");
        if searches && a.iterations.is_none() && a.movetime_ms.is_none() {
            a.iterations = Some(DEFAULT_ITERATIONS);
        }
        Ok(a)
    }
}

/// One list's line of the report.
#[derive(Clone, Debug, Serialize)]
pub struct ListRow {
    /// Name.
    pub name: String,
    /// Points (engine::points).
    pub points: i32,
    /// Its characters: `name (archetypes) cost`.
    pub composition: String,
    /// Games played.
    pub games: usize,
    /// Wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Losses.
    pub losses: usize,
    /// Pairs played.
    pub pairs: usize,
    /// Mean pair score with its 95 % interval over pairs.
    pub score: Estimate,
    /// Elo-like rating against the field (score and interval ends mapped by `400·log10(s/(1−s))`).
    pub elo: Estimate,
}

/// One matchup on one board.
#[derive(Clone, Debug, Serialize)]
pub struct MatchupRow {
    /// The first list.
    pub a: String,
    /// The second list.
    pub b: String,
    /// The template.
    pub board: String,
    /// Games won by `a`.
    pub a_wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games won by `b`.
    pub b_wins: usize,
    /// `a`'s score in each pair (the mean of its two games), in seed order.
    pub pair_scores: Vec<f64>,
    /// `a`'s mean pair score with its 95 % interval.
    pub score: Estimate,
}

/// One archetype's line of the report.
#[derive(Clone, Debug, Serialize)]
pub struct ArchetypeRow {
    /// `race`, `weapon`, `protection`, `meta_ability`, `object` or `transport`.
    pub kind: &'static str,
    /// Name.
    pub name: String,
    /// Points (engine::points).
    pub cost: i32,
    /// Lists holding at least one copy.
    pub lists: usize,
    /// Games in which at least one side held it.
    pub games: usize,
    /// Pairs in which exactly one side held it.
    pub pairs_without: usize,
    /// The holder's mean pair score in those pairs, with its 95 % interval.
    pub win_rate: Option<Estimate>,
    /// Regression: the change in pair score from one more copy.
    pub effect: Option<Estimate>,
    /// `effect / cost` (for a positive cost).
    pub per_point: Option<Estimate>,
    /// `effect − value of a point × cost`: what a copy brings beyond its points.
    pub over_cost: Option<Estimate>,
    /// `over_cost / cost` (for a positive cost): its effect per point minus the average's.
    pub over_cost_per_point: Option<Estimate>,
    /// `under-costed`, `over-costed`, `in line` (interval of `over_cost` across 0) or
    /// `no data` (its count never differed between the sides).
    pub verdict: &'static str,
}

/// The regression's summary.
#[derive(Clone, Debug, Serialize)]
pub struct RegressionInfo {
    /// Ridge penalty.
    pub ridge: f64,
    /// Observations (pairs).
    pub pairs: usize,
    /// Clusters (matchups).
    pub matchups: usize,
    /// Residual standard deviation of a pair score.
    pub residual_sd: f64,
    /// Degrees of freedom the fit used.
    pub dof_used: f64,
    /// The value of one point of cost, in pair score.
    pub point_value: Estimate,
}

/// The whole report; `--json` prints it as one object.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The lists' set name.
    pub name: String,
    /// The templates played on.
    pub boards: Vec<String>,
    /// The agent.
    pub agent: String,
    /// Pairs per matchup and board.
    pub pairs: usize,
    /// Seed.
    pub seed: u64,
    /// The points window.
    pub budget: Budget,
    /// Games played.
    pub games: usize,
    /// Lists, strongest first.
    pub lists: Vec<ListRow>,
    /// Matchups, in play order.
    pub matchups: Vec<MatchupRow>,
    /// Archetypes, best value over cost first (those without data last).
    pub archetypes: Vec<ArchetypeRow>,
    /// The regression, when there was one.
    pub regression: Option<RegressionInfo>,
    /// Warnings about what the numbers can and cannot say.
    pub notes: Vec<String>,
}

/// The seed of the `k`-th pair of matchup `m` on board `b`: distinct, unrelated streams.
fn game_seed(seed: u64, b: usize, m: usize, k: usize) -> u64 {
    let mut z = seed
        ^ (b as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)
        ^ (m as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (k as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    z = (z ^ (z >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z ^ (z >> 32)
}

/// One game: `start` played to the end by `agent` on both sides, each side's agent seeded from
/// the game seed and its side only (so swapping two identical lists replays the same game).
fn play(start: &State, agent: &AgentSpec, seed: u64) -> f64 {
    let mut agents: [Box<dyn Agent>; 2] = [agent.build(seed ^ 0xA), agent.build(seed ^ 0xB)];
    play_duplicate_game(start, &mut agents, seed, MAX_DECISIONS).0 as f64
}

/// Win, draw or loss counts of scores (the rule of [`MatchResult::from_scores`]).
fn wdl(scores: impl Iterator<Item = f64>) -> (usize, usize, usize) {
    let r = MatchResult::from_scores(scores.map(|s| s as f32).collect());
    (r.wins as usize, r.draws as usize, r.losses as usize)
}

/// Plays the round robin and builds the report. The lists are expected to have passed
/// [`lists::validate`], which gave `budget`.
///
/// # Errors
/// Two archetypes share a name, a list does not fit on a template (or the engine's loader
/// rejects the position), or the thread pool cannot be built.
pub fn run(
    lists: &Lists,
    budget: Budget,
    boards: &[Template],
    o: &Options,
) -> Result<Report, String> {
    let k = lists.lists.len();
    let (parts, counts) = archetype_table(&lists.lists)?;
    let matchups: Vec<(usize, usize)> = (0..k)
        .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
        .collect();
    // Every start position first, so a bad list fails before any game is played.
    let mut starts: Vec<[State; 2]> = Vec::new();
    for t in boards {
        for &(i, j) in &matchups {
            let (x, y) = (&lists.lists[i], &lists.lists[j]);
            starts.push([
                t.position(x, y, &lists.catalogue, budget.limit)?,
                t.position(y, x, &lists.catalogue, budget.limit)?,
            ]);
        }
    }
    let pairs = o.pairs.max(1);
    let jobs: Vec<(usize, usize, usize)> = (0..boards.len())
        .flat_map(|b| (0..matchups.len()).flat_map(move |m| (0..pairs).map(move |p| (b, m, p))))
        .collect();
    let play_all = || -> Vec<[f64; 2]> {
        jobs.par_iter()
            .flat_map_iter(|&(b, m, p)| [(b, m, p, 0), (b, m, p, 1)])
            .map(|(b, m, p, side)| {
                let seed = game_seed(o.seed, b, m, p);
                let r = play(&starts[b * matchups.len() + m][side], &o.agent, seed);
                // The first list of the matchup is on side A in game 0, on side B in game 1.
                if side == 0 {
                    r
                } else {
                    1.0 - r
                }
            })
            .collect::<Vec<f64>>()
            .chunks(2)
            .map(|g| [g[0], g[1]])
            .collect()
    };
    let results = match o.threads {
        None => play_all(),
        Some(t) => rayon::ThreadPoolBuilder::new()
            .num_threads(t.max(1))
            .build()
            .map_err(|e| format!("cannot start {t} threads: {e}"))?
            .install(play_all),
    };
    // Per list: its pair scores and game scores, from its own side.
    let mut pair_scores: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut game_scores: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut rows = Vec::new();
    let mut obs = Vec::new();
    let mut holder = vec![Vec::new(); parts.len()];
    for (&(b, m, _), g) in jobs.iter().zip(&results) {
        let (i, j) = matchups[m];
        let s = (g[0] + g[1]) / 2.0;
        pair_scores[i].push(s);
        pair_scores[j].push(1.0 - s);
        game_scores[i].extend(g);
        game_scores[j].extend(g.iter().map(|x| 1.0 - x));
        let x: Vec<f64> = (0..parts.len())
            .map(|a| counts[i][a] - counts[j][a])
            .collect();
        for a in 0..parts.len() {
            match (counts[i][a] > 0.0, counts[j][a] > 0.0) {
                (true, false) => holder[a].push(s),
                (false, true) => holder[a].push(1.0 - s),
                _ => {}
            }
        }
        obs.push(Observation {
            x,
            y: s - 0.5,
            cluster: m,
        });
        if rows.len() <= b * matchups.len() + m {
            rows.push(MatchupRow {
                a: lists.lists[i].name.clone(),
                b: lists.lists[j].name.clone(),
                board: boards[b].label.clone(),
                a_wins: 0,
                draws: 0,
                b_wins: 0,
                pair_scores: Vec::new(),
                score: Estimate::pm(0.0, 0.0),
            });
        }
        let row = rows.last_mut().expect("a row");
        let (w, d, l) = wdl(g.iter().copied());
        row.a_wins += w;
        row.draws += d;
        row.b_wins += l;
        row.pair_scores.push(s);
    }
    for r in &mut rows {
        r.score = mean_ci(&r.pair_scores).clamp(0.0, 1.0);
    }
    let mut list_rows: Vec<ListRow> = lists
        .lists
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let (wins, draws, losses) = wdl(game_scores[i].iter().copied());
            let score = mean_ci(&pair_scores[i]).clamp(0.0, 1.0);
            ListRow {
                name: l.name.clone(),
                points: l.cost(),
                composition: l.describe(),
                games: game_scores[i].len(),
                wins,
                draws,
                losses,
                pairs: pair_scores[i].len(),
                score,
                elo: elo_of(&score, game_scores[i].len()),
            }
        })
        .collect();
    list_rows.sort_by(|a, b| b.score.estimate.total_cmp(&a.score.estimate));
    let costs: Vec<f64> = parts.iter().map(|p| p.cost as f64).collect();
    let fit = fit_value(&obs, &costs, o.ridge, budget.limit as f64);
    let games_per_matchup = 2 * pairs * boards.len();
    let mut archetypes: Vec<ArchetypeRow> = parts
        .iter()
        .enumerate()
        .map(|(a, p)| {
            let held = |i: usize| counts[i][a] > 0.0;
            let games = matchups
                .iter()
                .filter(|&&(i, j)| held(i) || held(j))
                .count()
                * games_per_matchup;
            let identified = fit.as_ref().is_some_and(|f| f.identified[a]);
            let effect = fit.as_ref().filter(|_| identified).map(|f| f.effect[a]);
            let over_cost = fit.as_ref().filter(|_| identified).map(|f| f.over_cost[a]);
            ArchetypeRow {
                kind: p.kind,
                name: p.name.clone(),
                cost: p.cost,
                lists: (0..k).filter(|&i| held(i)).count(),
                games,
                pairs_without: holder[a].len(),
                win_rate: (!holder[a].is_empty()).then(|| mean_ci(&holder[a]).clamp(0.0, 1.0)),
                effect,
                per_point: effect.filter(|_| p.cost > 0).map(|e| e.per(p.cost as f64)),
                over_cost,
                over_cost_per_point: over_cost
                    .filter(|_| p.cost > 0)
                    .map(|e| e.per(p.cost as f64)),
                verdict: match over_cost.map(|e| e.sign()) {
                    None => "no data",
                    Some(1) => "under-costed",
                    Some(-1) => "over-costed",
                    Some(_) => "in line",
                },
            }
        })
        .collect();
    // Best value for points first; archetypes the games cannot price last.
    let key = |r: &ArchetypeRow| r.over_cost.map_or(f64::NEG_INFINITY, |e| e.estimate);
    archetypes.sort_by(|a, b| key(b).total_cmp(&key(a)));
    let mut notes = Vec::new();
    if o.agent.iterations.is_none() && o.agent.movetime_ms.is_some() {
        notes.push(
            "the agent is limited by time: results depend on the machine's speed and load and \
             do not repeat; give it iterations"
                .to_string(),
        );
    }
    if parts.len() + 1 > k {
        notes.push(format!(
            "{} archetypes but {k} lists: a round robin of {k} lists tells at most {} strength \
             differences apart, so the archetype estimates lean on the ridge prior (\"priced \
             right\"); add lists (--auto sweeps many) for firmer answers",
            parts.len(),
            k - 1
        ));
    }
    if let Some(f) = &fit {
        // The games inform the value of a point when its interval is well inside the prior's
        // (standard deviation 2 / limit, stats::fit_value).
        let prior_half = 1.96 * 2.0 / budget.limit as f64;
        if f.point_value.hi - f.point_value.estimate > prior_half / 2.0 {
            notes.push(
                "the lists' points differ too little to measure the value of a point: effect/copy \
                 and per point carry its whole uncertainty; over cost (and the verdict) does not"
                    .to_string(),
            );
        }
    }
    Ok(Report {
        name: lists.name.clone(),
        boards: boards.iter().map(|t| t.label.clone()).collect(),
        agent: o.agent.label(),
        pairs,
        seed: o.seed,
        budget,
        games: results.len() * 2,
        lists: list_rows,
        matchups: rows,
        archetypes,
        regression: fit.map(|f| RegressionInfo {
            ridge: o.ridge,
            pairs: obs.len(),
            matchups: matchups.len(),
            residual_sd: f.residual_sd,
            dof_used: f.dof_used,
            point_value: f.point_value,
        }),
        notes,
    })
}

/// `0.517` or `—` for a missing number.
fn num(x: f64, digits: usize) -> String {
    if x.is_finite() {
        format!("{x:.digits$}")
    } else {
        "—".into()
    }
}

/// `+0.050 (−0.010..+0.110)`.
fn signed(e: &Estimate, digits: usize) -> String {
    let s = |x: f64| {
        if x.is_finite() {
            format!("{x:+.digits$}")
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    format!("{} ({}..{})", s(e.estimate), s(e.lo), s(e.hi))
}

impl Report {
    /// The report as text: the run, the lists, the cross table, the archetypes, the notes.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let b = &self.budget;
        let _ = writeln!(
            s,
            "wartime balance{}: {} lists of {}..{} points (limit {}, tolerance {} %)",
            if self.name.is_empty() {
                String::new()
            } else {
                format!(" \"{}\"", self.name)
            },
            self.lists.len(),
            b.floor,
            b.limit,
            b.limit,
            b.tolerance * 100.0
        );
        let _ = writeln!(
            s,
            "board {} · agent {} · {} pairs per matchup · seed {} · {} games",
            self.boards.join(", "),
            self.agent,
            self.pairs,
            self.seed,
            self.games
        );
        let w = self
            .lists
            .iter()
            .map(|l| l.name.chars().count())
            .max()
            .unwrap_or(4)
            .max(5);
        let _ = writeln!(
            s,
            "\n{:<w$}  points  games    +    =    -  score  95 % interval  Elo vs field",
            "lists"
        );
        for l in &self.lists {
            let _ = writeln!(
                s,
                "{:<w$}  {:>6}  {:>5}  {:>3}  {:>3}  {:>3}  {}  {}..{}   {:+.0} ({:+.0}..{:+.0})",
                l.name,
                l.points,
                l.games,
                l.wins,
                l.draws,
                l.losses,
                num(l.score.estimate, 3),
                num(l.score.lo, 3),
                num(l.score.hi, 3),
                l.elo.estimate,
                l.elo.lo,
                l.elo.hi
            );
        }
        let _ = writeln!(s, "\ncompositions:");
        for l in &self.lists {
            let _ = writeln!(s, "  {}: {}", l.name, l.composition);
        }
        // Cross table: the row list's mean pair score against the column list, all boards.
        let names: Vec<&str> = self.lists.iter().map(|l| l.name.as_str()).collect();
        let cell = |r: &str, c: &str| -> String {
            let v: Vec<f64> = self
                .matchups
                .iter()
                .flat_map(|m| {
                    if m.a == r && m.b == c {
                        m.pair_scores.clone()
                    } else if m.a == c && m.b == r {
                        m.pair_scores.iter().map(|x| 1.0 - x).collect()
                    } else {
                        Vec::new()
                    }
                })
                .collect();
            if v.is_empty() {
                "—".into()
            } else {
                format!("{:.3}", v.iter().sum::<f64>() / v.len() as f64)
            }
        };
        let cw = w.max(6);
        if names.len() > CROSS_TABLE_MAX {
            let _ = writeln!(
                s,
                "\ncross table: {} lists are too many to print (at most {CROSS_TABLE_MAX}); \
                 --json has every matchup",
                names.len()
            );
        } else {
            let _ = writeln!(
                s,
                "\ncross table: the row list's mean pair score against the column list"
            );
            let mut head = format!("{:<w$}", "");
            for n in &names {
                let _ = write!(head, "  {:>cw$}", n);
            }
            let _ = writeln!(s, "{}", head.trim_end());
            for r in &names {
                let mut line = format!("{r:<w$}");
                for c in &names {
                    let v = if r == c { "—".into() } else { cell(r, c) };
                    let _ = write!(line, "  {v:>cw$}");
                }
                let _ = writeln!(s, "{line}");
            }
        }
        let aw = self
            .archetypes
            .iter()
            .map(|a| a.kind.len() + 1 + a.name.chars().count())
            .max()
            .unwrap_or(9)
            .max(10);
        let _ = writeln!(
            s,
            "\narchetypes: win rate = the holder's score in pairs where only one side holds it;\n\
             effect = change in pair score from one more copy (ridge regression, 95 % intervals);\n\
             over cost = effect minus what its points buy at the value of a point"
        );
        let _ = writeln!(
            s,
            "{:<aw$}  cost  lists  games  win rate (pairs)          effect/copy               \
             per point                       over cost                 verdict",
            "archetype"
        );
        for a in &self.archetypes {
            let label = format!("{} {}", a.kind, a.name);
            let wr = match &a.win_rate {
                Some(e) => format!(
                    "{} {}..{} ({})",
                    num(e.estimate, 2),
                    num(e.lo, 2),
                    num(e.hi, 2),
                    a.pairs_without
                ),
                None => "—".into(),
            };
            let opt =
                |e: &Option<Estimate>, d: usize| e.as_ref().map_or("—".into(), |e| signed(e, d));
            let _ = writeln!(
                s,
                "{label:<aw$}  {:>4}  {:>5}  {:>5}  {wr:<24}  {:<24}  {:<30}  {:<24}  {}",
                a.cost,
                a.lists,
                a.games,
                opt(&a.effect, 3),
                opt(&a.per_point, 4),
                opt(&a.over_cost, 3),
                a.verdict
            );
        }
        if let Some(r) = &self.regression {
            let _ = writeln!(
                s,
                "value of a point: {} pair score per point; residual sd of a pair score {:.3}; \
                 {} pairs in {} matchups; ridge {}",
                signed(&r.point_value, 4),
                r.residual_sd,
                r.pairs,
                r.matchups,
                r.ridge
            );
        }
        for n in &self.notes {
            let _ = writeln!(s, "note: {n}");
        }
        s
    }
}

/// The long help of `wartime balance` (`wartime balance --help`).
pub const LONG_ABOUT: &str =
    "Play army lists of equal points against each other and report whether each \
        list, and each archetype, is worth its points (BALANCE.md).\n\n\
        Every pair of lists plays --pairs pairs of games on each board: the same seed twice, \
        each list once on each side, the dice keyed by turn and character slot. Reported: each \
        list's score with a 95 % interval over pairs and an Elo-like rating against the field; \
        a cross table; each archetype's win rate where only one side holds it, and from a ridge \
        regression on the differences in archetype counts its effect per copy, per point, and \
        beyond what its points buy (under-costed, over-costed, in line). Same seed and an \
        iteration-limited agent give the same report on any number of threads.";

/// The arguments of `wartime balance`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
        wartime balance positions/lists/sample_100pts.json --agent greedy --pairs 20\n  \
        wartime balance --auto 100 --lists 8 --agent greedy --save-lists sweep.json")]
pub struct Args {
    /// Lists file (JSON; see BALANCE.md). Not with --auto.
    #[arg(value_name = "LISTS.json", required_unless_present = "auto")]
    pub file: Option<std::path::PathBuf>,
    /// Instead of a file: generate random legal lists of this many points from the catalogue.
    #[arg(long, value_name = "POINTS", conflicts_with = "file",
          value_parser = clap::value_parser!(i32).range(10..))]
    pub auto: Option<i32>,
    /// With --auto: how many lists.
    #[arg(long = "lists", value_name = "K", default_value_t = 6, requires = "auto",
          value_parser = clap::value_parser!(u16).range(2..=200))]
    pub count: u16,
    /// With --auto: at most this many characters a list.
    #[arg(long, value_name = "N", default_value_t = 6, requires = "auto",
          value_parser = clap::value_parser!(u8).range(1..=16))]
    pub max_characters: u8,
    /// With --auto: the catalogue to build from (default: the shipped one).
    #[arg(long, value_name = "FILE", requires = "auto")]
    pub catalogue: Option<std::path::PathBuf>,
    /// Template position whose board, scenario and start squares are used; repeat for several
    /// boards (default: the smallest shipped position with room for the largest list).
    #[arg(long, value_name = "POSITION")]
    pub board: Vec<std::path::PathBuf>,
    /// The agent playing both sides: random, greedy, flatmc, mcts or oep, with
    /// `:iterations=N` (searching agents without a budget get 200 iterations).
    #[arg(long, value_name = "AGENT", default_value = "mcts:iterations=200")]
    pub agent: String,
    /// Pairs of games per matchup and board.
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub pairs: u32,
    /// Seed (of the game seeds, and of --auto's lists).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// How much cheaper than the points limit a list may be, in percent.
    #[arg(long, value_name = "PCT", default_value_t = 5.0)]
    pub tolerance: f64,
    /// Ridge penalty of the archetype regression (pseudo-pairs of "priced right" per archetype).
    #[arg(long, value_name = "L", default_value_t = DEFAULT_RIDGE)]
    pub ridge: f64,
    /// Write the lists played (the generated ones with --auto) as a lists file.
    #[arg(long, value_name = "OUT.json")]
    pub save_lists: Option<std::path::PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `wartime balance`: loads or generates the lists, checks them, plays and reports.
///
/// # Errors
/// Bad input of any kind (exit 2, one message naming the failing part); the lists file of
/// --save-lists cannot be written (exit 1).
pub fn command(a: &Args) -> Result<String, crate::cli::CliError> {
    use crate::cli::{CliError, EXIT_IO};
    let input = |m: String| CliError::input(m);
    if !(a.ridge >= 0.0 && a.ridge.is_finite()) {
        return Err(input(format!("--ridge {}: must be a number ≥ 0", a.ridge)));
    }
    if !a.tolerance.is_finite() {
        return Err(input(format!(
            "--tolerance {}: must be a percentage",
            a.tolerance
        )));
    }
    let tolerance = a.tolerance / 100.0;
    let agent = Options::agent(&a.agent).map_err(|e| input(format!("--agent: {e}")))?;
    let lists = match (a.auto, &a.file) {
        (Some(points), _) => {
            let catalogue = match &a.catalogue {
                Some(p) => lists::load_catalogue(p).map_err(input)?,
                None => engine::catalogue::Catalogue::shipped(),
            };
            let budget = Budget::new(points, tolerance);
            if !(0.0..1.0).contains(&tolerance) {
                return Err(input(format!(
                    "--tolerance {}: must be at least 0 % and under 100 %",
                    a.tolerance
                )));
            }
            let generated = lists::generate(
                &catalogue,
                budget,
                a.count as usize,
                a.max_characters as usize,
                a.seed,
            )
            .map_err(input)?;
            Lists {
                name: format!("auto {points} points, seed {}", a.seed),
                catalogue,
                points: Some(points),
                lists: generated,
            }
        }
        (None, Some(file)) => Lists::load(file).map_err(input)?,
        (None, None) => return Err(input("give a lists file or --auto POINTS".into())),
    };
    let budget = lists::validate(&lists.lists, lists.points, tolerance).map_err(input)?;
    let boards = if a.board.is_empty() {
        let most = lists
            .lists
            .iter()
            .map(|l| l.characters.len())
            .max()
            .unwrap_or(1);
        vec![Template::shipped_for(most)]
    } else {
        a.board
            .iter()
            .map(|p| Template::load(p).map_err(|e| input(format!("--board {e}"))))
            .collect::<Result<Vec<_>, _>>()?
    };
    let o = Options {
        agent,
        pairs: a.pairs as usize,
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        ridge: a.ridge,
    };
    let report = run(&lists, budget, &boards, &o).map_err(input)?;
    let mut out = if a.json {
        serde_json::to_string(&report).unwrap_or_default() + "\n"
    } else {
        report.to_text()
    };
    if let Some(p) = &a.save_lists {
        let file = lists.to_file("written by wartime balance --save-lists");
        let text = serde_json::to_string_pretty(&file).unwrap_or_default() + "\n";
        std::fs::write(p, text).map_err(|e| CliError {
            code: EXIT_IO,
            message: format!("cannot write {}: {e}", p.display()),
            stdout: out.clone(),
        })?;
        if !a.json {
            let _ = writeln!(out, "wrote the lists to {}", p.display());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searching_agents_get_a_fixed_budget() {
        let a = Options::agent("mcts").unwrap();
        assert_eq!(a.iterations, Some(DEFAULT_ITERATIONS));
        assert_eq!(a.movetime_ms, None);
        assert_eq!(Options::agent("greedy").unwrap().iterations, None);
        assert_eq!(
            Options::agent("mcts:iterations=7").unwrap().iterations,
            Some(7)
        );
        // A time budget is kept (and the report warns that it does not repeat).
        let t = Options::agent("mcts:movetime=20").unwrap();
        assert_eq!((t.iterations, t.movetime_ms), (None, Some(20)));
        assert!(Options::agent("wizard").is_err());
    }

    #[test]
    fn game_seeds_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for b in 0..3 {
            for m in 0..50 {
                for k in 0..20 {
                    assert!(seen.insert(game_seed(1, b, m, k)), "({b}, {m}, {k})");
                }
            }
        }
        assert_ne!(game_seed(1, 0, 0, 0), game_seed(2, 0, 0, 0));
    }

    #[test]
    fn wins_draws_losses() {
        assert_eq!(wdl([1.0, 0.5, 0.0, 1.0].into_iter()), (2, 1, 1));
    }
}
