//! Error analysis of the search against flat Monte Carlo (issue 19, STRENGTH.md "thirteenth
//! session"): plays MCTS (`ITERS` iterations, default 1,000) against flat MC (`SAMPLES`
//! samples, default 3,400: equal CPU) on the shipped positions, duplicate dice as `wartime
//! match` deals them, and at every decision of the search's side also asks a second flat MC
//! (same budget) what it would play. Where the two differ, an **oracle** values both actions
//! with `ORACLE` samples each (default 2,000) on common dice (the k-th sample of either action
//! starts from the same dice stream): the action, `ODEPTH` rollout decisions (comma-separated,
//! default `2,6`: flat MC's own horizon and a deeper one) and the evaluation.
//!
//! Prints one line per disagreement (`ROWS=1`) and a table by kind of decision: how often the
//! oracle rates the search's choice worse / better than flat MC's (by more than twice the
//! standard error of the paired difference), the mean loss, whether flat MC's choice was a
//! child of the search's root at all, its rank by the prior, and the search's own value of its
//! choice against the oracle's (optimism).
//!
//! ```text
//! PAIRS=1 SEED=41 cargo run --release -p wartime --example disagree
//! ```
//!
//! Environment: `PAIRS` (1), `SEED` (41), `ITERS`, `SAMPLES`, `ORACLE`, `ODEPTH`, `POS` (a
//! substring of the position files to keep), `ROWS`, and search switches `C`, `ROOTPW`, `PW`, `FLATWIN`,
//! `WINBACK` (see `search::Params`).

use ai::agents::{run_duplicate, Decide};
use ai::agents::{Agent, FlatMcAgent, MctsAgent};
use ai::search::policy::{rollout_choice, scores_into};
use ai::search::{Limits, Params};
use engine::basics::action::Action;
use engine::basics::check::Log;
use engine::basics::dice::{mix64, SeededDice};
use engine::game::DecisionKind;
use engine::{Side, State};
use eval::Evaluator;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::convert::Infallible;

fn env<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The kind of an action, for the table.
fn class(st: &State, a: &Action) -> &'static str {
    if st.decision() == DecisionKind::MentalCombat {
        return "mental";
    }
    match a {
        Action::Initiative(_) => "initiative",
        Action::Activate(_) => "activate",
        Action::Act { kind, .. } if kind.is_attack() => "attack",
        Action::Act { kind, .. } if kind.is_movement() => "move",
        Action::Act { .. } => "act-other",
        Action::End { .. } => "end",
        Action::React(_) => "react",
        Action::Pass => "pass",
        Action::Reaction { kind, .. } if kind.is_attack() => "reaction-attack",
        Action::Reaction { .. } => "reaction-other",
        Action::Hold(_) => "hold",
    }
}

/// The oracle's samples of action `a` for `me`: `n` samples, the k-th on dice stream k.
fn oracle(st: &State, a: &Action, me: Side, n: u32, depth: u32, ev: &Evaluator) -> Vec<f32> {
    let mut legal = Vec::new();
    let mut scores = Vec::new();
    (0..n)
        .map(|k| {
            let mut c = st.clone();
            let mut d = SeededDice::new(mix64(0x0ac1e, k as u64));
            let mut pol = SeededDice::new(mix64(0x0ac1e ^ 0xabc, k as u64));
            let mut off = Log::off();
            c.apply_unchecked(a, &mut d, &mut off);
            for _ in 0..depth {
                if c.is_terminal() {
                    break;
                }
                c.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let j = rollout_choice(&c, &legal, &mut pol, &mut scores);
                let b = legal[j];
                c.apply_unchecked(&b, &mut d, &mut off);
            }
            ev.win_probability(&c, me)
        })
        .collect()
}

/// One disagreement.
#[derive(Clone, Debug)]
struct Row {
    pos: String,
    kind: &'static str,
    m_class: &'static str,
    f_class: &'static str,
    m_text: String,
    f_text: String,
    legal: usize,
    /// The search's visits and mean of its choice and of flat MC's (None: not a root child).
    m_tree: (u32, f32),
    f_tree: Option<(u32, f32)>,
    /// Flat MC's choice's rank by the heuristic prior (0 = best).
    f_rank: usize,
    m_rank: usize,
    /// Flat MC's means of both actions (the shadow's).
    flat: (f32, f32),
    /// Per oracle depth: mean value of MCTS's and flat MC's choice, standard error of the
    /// paired difference.
    oracle: Vec<(f32, f32, f32)>,
    /// With `BACKM`: (mean, backed) of MCTS's and flat MC's choices in a fresh search.
    backed: Option<((f32, f32), (f32, f32))>,
}

struct Analyse {
    mcts: MctsAgent,
    flat: FlatMcAgent,
    shadow: FlatMcAgent,
    mside: Side,
    pos: String,
    oracle_n: u32,
    depths: Vec<u32>,
    rows: Vec<Row>,
    /// Decisions of the search's side with a choice, by the class of the search's choice.
    decisions: BTreeMap<&'static str, u32>,
}

fn rank_of(st: &State, legal: &[Action], a: &Action) -> usize {
    let mut scores = Vec::new();
    scores_into(st, legal, 1, 0, &mut scores);
    let i = legal.iter().position(|x| x == a).unwrap_or(0);
    let v = scores[i];
    scores
        .iter()
        .enumerate()
        .filter(|&(j, &s)| s > v || (s == v && j < i))
        .count()
}

impl Decide for Analyse {
    type Stop = Infallible;
    fn decide(&mut self, st: &State) -> Result<Action, Infallible> {
        let side = st.to_decide().unwrap_or(Side::A);
        if side != self.mside {
            return Ok(self.flat.choose(st));
        }
        let m = self.mcts.choose(st);
        if self.mcts.last_iterations == 0 {
            return Ok(m);
        }
        *self.decisions.entry(class(st, &m)).or_default() += 1;
        let f = self.shadow.choose(st);
        if f == m {
            return Ok(m);
        }
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        let cand = |a: &Action| {
            self.mcts
                .last_candidates
                .iter()
                .find(|c| c.action == *a)
                .map(|c| (c.visits, c.value))
        };
        let mean = |a: &Action| {
            self.shadow
                .last_means
                .iter()
                .find(|x| x.0 == *a)
                .map_or(f32::NAN, |x| x.1)
        };
        let ev = &self.shadow.eval;
        let oracle = self
            .depths
            .iter()
            .map(|&d| {
                let vm = oracle(st, &m, side, self.oracle_n, d, ev);
                let vf = oracle(st, &f, side, self.oracle_n, d, ev);
                let n = vm.len() as f32;
                let diffs: Vec<f32> = vf.iter().zip(&vm).map(|(a, b)| a - b).collect();
                let md = diffs.iter().sum::<f32>() / n;
                let var = diffs.iter().map(|x| (x - md).powi(2)).sum::<f32>() / (n - 1.0);
                (
                    vm.iter().sum::<f32>() / n,
                    vf.iter().sum::<f32>() / n,
                    (var / n).sqrt(),
                )
            })
            .collect();
        // A bigger search of this decision (`BIG` iterations, at the decisions of kind
        // `BIGKIND`, default the reaction windows): does the tree's preference survive a
        // larger budget? Printed at once (stderr).
        let big: u64 = env("BIG", 0);
        let kind_name = format!("{:?}", st.decision());
        if big > 0 && kind_name == std::env::var("BIGKIND").unwrap_or("ReactionWindow".into()) {
            for c in [self.mcts.params.c, env("BIGC", 0.6f32)] {
                let p = Params {
                    c,
                    ..self.mcts.params.clone()
                };
                let lim = Limits {
                    iterations: Some(big),
                    ..Limits::default()
                };
                let r = ai::search::search(st, &p, &lim, None, None);
                let show = |a: &Action| {
                    r.candidates
                        .iter()
                        .find(|x| x.action == *a)
                        .map_or("-".into(), |x| {
                            let pv: Vec<String> = x.pv.iter().map(|b| st.notation(b)).collect();
                            format!("{:.3} ({}) [{}]", x.value, x.visits, pv.join(" ; "))
                        })
                };
                eprintln!(
                    "BIG c {c}: {} {} | {} {} | best {}",
                    st.notation(&m),
                    show(&m),
                    st.notation(&f),
                    show(&f),
                    r.best.map_or("-".into(), |b| st.notation(&b))
                );
            }
        }
        // The same search afresh (no carried-over tree) with values backed up from the best
        // continuations of at least `BACKM` visits (`Params::maxback`): would they have sided
        // with the oracle? (`backed` per action, the means beside them.)
        let backm: u32 = env("BACKM", 0);
        let backed = (backm > 0).then(|| {
            let p = Params {
                maxback: backm,
                ..self.mcts.params.clone()
            };
            let r = ai::search::search(st, &p, &self.mcts.limits, None, None);
            let get = |a: &Action| {
                r.candidates
                    .iter()
                    .find(|x| x.action == *a)
                    .map_or((f32::NAN, f32::NAN), |x| (x.value, x.backed))
            };
            (get(&m), get(&f))
        });
        self.rows.push(Row {
            backed,
            pos: self.pos.clone(),
            kind: match st.decision() {
                DecisionKind::Initiative => "initiative",
                DecisionKind::Activate => "activate",
                DecisionKind::Act => "act",
                DecisionKind::ReactionWindow => "window",
                DecisionKind::Reaction => "reaction",
                DecisionKind::MentalCombat => "mental",
                DecisionKind::None => "none",
            },
            m_class: class(st, &m),
            f_class: class(st, &f),
            m_text: st.notation(&m),
            f_text: st.notation(&f),
            legal: legal.len(),
            m_tree: cand(&m).unwrap_or((0, f32::NAN)),
            f_tree: cand(&f),
            f_rank: rank_of(st, &legal, &f),
            m_rank: rank_of(st, &legal, &m),
            flat: (mean(&m), mean(&f)),
            oracle,
        });
        Ok(m)
    }
}

#[derive(Default)]
struct Tally {
    decisions: u32,
    disagree: u32,
    worse: u32,
    better: u32,
    loss: f64,
    not_child: u32,
    f_rank: f64,
    m_rank: f64,
    optimism: f64,
    optimism_n: u32,
    legal: f64,
}

fn table(
    title: &str,
    rows: &[Row],
    decisions: &BTreeMap<&'static str, u32>,
    by_m: bool,
    od: usize,
) {
    let mut t: BTreeMap<&'static str, Tally> = BTreeMap::new();
    if by_m {
        for (k, &n) in decisions {
            t.entry(k).or_default().decisions = n;
        }
    }
    for r in rows {
        let key = if by_m { r.m_class } else { r.f_class };
        let e = t.entry(key).or_default();
        e.disagree += 1;
        let (om, of, se) = r.oracle[od];
        if of - om > 2.0 * se {
            e.worse += 1;
        }
        if om - of > 2.0 * se {
            e.better += 1;
        }
        e.loss += (of - om) as f64;
        e.not_child += u32::from(r.f_tree.is_none());
        e.f_rank += r.f_rank as f64;
        e.m_rank += r.m_rank as f64;
        e.legal += r.legal as f64;
        if r.m_tree.1.is_finite() {
            e.optimism += (r.m_tree.1 - om) as f64;
            e.optimism_n += 1;
        }
    }
    println!("\n{title}");
    println!("| kind | decisions | disagreements | MCTS worse | MCTS better | mean loss (pts) | flat's choice not a root child | prior rank flat / MCTS | legal | tree value − oracle (MCTS's choice) |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut all = Tally::default();
    for (k, e) in &t {
        let n = e.disagree.max(1) as f64;
        println!(
            "| {k} | {} | {} | {} | {} | {:+.2} | {} | {:.1} / {:.1} | {:.0} | {:+.3} |",
            if by_m {
                e.decisions.to_string()
            } else {
                "".into()
            },
            e.disagree,
            e.worse,
            e.better,
            100.0 * e.loss / n,
            e.not_child,
            e.f_rank / n,
            e.m_rank / n,
            e.legal / n,
            e.optimism / e.optimism_n.max(1) as f64
        );
        all.decisions += e.decisions;
        all.disagree += e.disagree;
        all.worse += e.worse;
        all.better += e.better;
        all.loss += e.loss;
        all.not_child += e.not_child;
    }
    println!(
        "| all | {} | {} | {} | {} | {:+.2} | {} | | | |",
        all.decisions,
        all.disagree,
        all.worse,
        all.better,
        100.0 * all.loss / all.disagree.max(1) as f64,
        all.not_child
    );
}

/// One game's disagreements, tab-separated, as soon as the game ends (stderr).
fn print_rows(rows: &[Row], result: f32) {
    let mut out = String::new();
    for r in rows {
        let (fv, ft) = r.f_tree.unwrap_or((0, f32::NAN));
        let o: Vec<String> = r
            .oracle
            .iter()
            .map(|(m, f, s)| format!("{m:.3}\t{f:.3}\t{s:.3}"))
            .collect();
        out += &format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\t{}\t{:.3}\t{}\t{}\t{:.3}\t{:.3}\t{}\t{}\n",
            r.pos,
            r.kind,
            r.m_class,
            r.f_class,
            r.m_text,
            r.f_text,
            r.legal,
            r.m_tree.1,
            r.m_tree.0,
            ft,
            fv,
            r.m_rank,
            r.flat.0,
            r.flat.1,
            r.f_rank,
            o.join("\t")
        );
        if let Some(((mm, mb), (fm, fb))) = r.backed {
            out += &format!("BACKED\t{}\t{mm:.3}\t{mb:.3}\t{fm:.3}\t{fb:.3}\n", r.kind);
        }
    }
    out += &format!(
        "# game over: {} disagreements, search's result {result}\n",
        rows.len()
    );
    eprint!("{out}");
}

fn main() {
    let pairs: usize = env("PAIRS", 1);
    let seed: u64 = env("SEED", 41);
    let iters: u64 = env("ITERS", 1000);
    let samples: u32 = env("SAMPLES", 3400);
    let oracle_n: u32 = env("ORACLE", 2000);
    let depths: Vec<u32> = std::env::var("ODEPTH")
        .unwrap_or_else(|_| "2,6".into())
        .split(',')
        .filter_map(|x| x.trim().parse().ok())
        .collect();
    let filter = std::env::var("POS").unwrap_or_default();
    let files: Vec<_> = ai::input::position_files(std::path::Path::new("positions"))
        .expect("run from the repository root")
        .into_iter()
        .filter(|p| filter.split(',').any(|f| p.to_string_lossy().contains(f)))
        .collect();
    let positions: Vec<(String, State)> = files
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, State::load(p).expect("shipped position loads"))
        })
        .collect();
    // The jobs and seeds of `agents::arena::run_match`: position p, pair k, MCTS as A or B.
    let jobs: Vec<(usize, usize, bool)> = (0..positions.len())
        .flat_map(|p| (0..pairs).flat_map(move |k| [(p, k, true), (p, k, false)]))
        .collect();
    let d = Params::default();
    let results: Vec<(Vec<Row>, BTreeMap<&'static str, u32>, f32)> = jobs
        .par_iter()
        .map(|&(p, k, a_first)| {
            let game_seed =
                seed ^ ((p as u64) << 32) ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let params = Params {
                seed: game_seed ^ 0xA,
                c: env("C", d.c),
                root_pw_k: env("ROOTPW", d.root_pw_k),
                pw_k: env("PW", d.pw_k),
                flat_windows: env("FLATWIN", d.flat_windows),
                winback: env("WINBACK", d.winback),
                ..d.clone()
            };
            let limits = Limits {
                iterations: Some(iters),
                ..Limits::default()
            };
            let mut shadow = FlatMcAgent::new(samples, None, game_seed ^ 0xC);
            shadow.record = true;
            let mut a = Analyse {
                mcts: MctsAgent::new(params, limits),
                flat: FlatMcAgent::new(samples, None, game_seed ^ 0xB),
                shadow,
                mside: if a_first { Side::A } else { Side::B },
                pos: positions[p].0.clone(),
                oracle_n,
                depths: depths.clone(),
                rows: Vec::new(),
                decisions: BTreeMap::new(),
            };
            let end = run_duplicate(&positions[p].1, &mut a, game_seed, 20_000);
            let r = end.state.returns(a.mside);
            if env("ROWS", 0) == 1 {
                print_rows(&a.rows, r);
            }
            (a.rows, a.decisions, r)
        })
        .collect();
    let mut rows = Vec::new();
    let mut decisions: BTreeMap<&'static str, u32> = BTreeMap::new();
    let mut score = 0.0;
    for (r, dd, s) in results.iter() {
        rows.extend(r.iter().cloned());
        for (k, n) in dd {
            *decisions.entry(k).or_default() += n;
        }
        score += s;
    }
    println!(
        "{} games, MCTS {iters} it vs flat MC {samples} samples, seed {seed}: MCTS scores {:.3}",
        results.len(),
        score / results.len() as f32
    );
    for (i, dpt) in depths.iter().enumerate() {
        table(
            &format!("By the search's choice, oracle depth {dpt} ({oracle_n} samples per action):"),
            &rows,
            &decisions,
            true,
            i,
        );
        table(
            &format!("By flat MC's choice, oracle depth {dpt}:"),
            &rows,
            &decisions,
            false,
            i,
        );
    }
}
