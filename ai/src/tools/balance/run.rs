//! The round robin of `wartime balance` (BALANCE.md §6 "How the games are played"): every
//! matchup in seeded pairs on every board, and the report built from the games — scores,
//! ratings, the cross table and the archetype regression.

use super::deploy::Template;
use super::lists::{archetype_table, Budget, Lists};
use super::stats::{elo_of, fit_value, mean_ci, Estimate, Observation};
use crate::agents::arena::{AgentSpec, MatchResult};
use crate::agents::{play_duplicate_game, Agent};
use engine::State;
use rayon::prelude::*;
use serde::Serialize;

/// Decisions after which a game is stopped and scored as it stands (as `wartime match` does).
const MAX_DECISIONS: usize = 20_000;

/// Iterations per decision given to a searching agent named without a budget: a fixed budget
/// keeps the results independent of the machine's speed.
pub const DEFAULT_ITERATIONS: u64 = 200;

/// The ridge penalty of the archetype regression by default (see [`fit_value`]).
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
    /// Points (engine::creation::points).
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
    /// Points (engine::creation::points).
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
    /// False when a list carries a trait with no effect in play: its points buy nothing, so
    /// the measured value of its archetypes is not the priced one.
    pub trustworthy: bool,
    /// The traits with no effect in play, as `list: character: trait "…" of kind "…"`.
    pub inert_traits: Vec<String>,
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
///
/// [`lists::validate`]: super::lists::validate
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
    let inert_traits = super::lists::inert_traits(&lists.lists);
    if !inert_traits.is_empty() {
        notes.insert(
            0,
            format!(
                "NOT TRUSTWORTHY: {} trait use(s) have no effect in play (priced, but they do \
                 nothing): {}",
                inert_traits.len(),
                inert_traits.join("; ")
            ),
        );
    }
    Ok(Report {
        trustworthy: inert_traits.is_empty(),
        inert_traits,
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
