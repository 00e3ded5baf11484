//! `wartime analyze`: search a position and explain the choice — the best activation sequence,
//! the principal variation, win probability and visits, the K best alternatives and, for each,
//! its risk breakdown. Text for people, one JSON object for tools.

use crate::search::{search, Candidate, Limits, Params, SearchResult};
use engine::actions::movement::outnumbered_at;
use engine::basics::action::Action;
use engine::State;
use serde::Serialize;
use std::time::Duration;

/// Options of an analysis.
#[derive(Clone, Debug)]
pub struct Options {
    /// Iteration budget (total).
    pub iterations: Option<u64>,
    /// Time budget.
    pub movetime: Option<Duration>,
    /// Threads.
    pub threads: usize,
    /// Seed.
    pub seed: u64,
    /// Alternatives to show.
    pub multipv: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            iterations: Some(2000),
            movetime: None,
            threads: 1,
            seed: 1,
            multipv: 3,
        }
    }
}

/// The risk breakdown of a candidate (probabilities and expectations over the simulations that
/// chose it, from its resolution to the next decision of the side that chose it).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RiskReport {
    /// Probability that it opens a reaction window to an enemy.
    pub p_reaction_window: f32,
    /// Probability that an enemy reaction wounds one of ours.
    pub p_reaction_hit: f32,
    /// Expected wounds dealt.
    pub wounds_dealt: f32,
    /// Expected wounds taken.
    pub wounds_taken: f32,
    /// Probability of a CH PSI of one of ours (wounds, numbers vs VOL, actions).
    pub p_psyche_check: f32,
    /// Probability of failing one.
    pub p_psyche_fail: f32,
    /// For a movement: whether the destination leaves the mover with more enemies than VOL +
    /// allies within 5 K (a certain CH PSI).
    pub ends_outnumbered: bool,
    /// Expected ENE left to the actor.
    pub ene_left: f32,
    /// Simulations measured.
    pub samples: u32,
}

/// One candidate.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CandidateReport {
    /// The action in notation.
    pub action: String,
    /// Visits.
    pub visits: u32,
    /// Win probability for the side deciding.
    pub win_probability: f32,
    /// Principal variation from this action, in notation.
    pub pv: Vec<String>,
    /// Risks.
    pub risk: RiskReport,
}

/// The whole analysis.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The decision analysed.
    pub decision: String,
    /// Kind of decision (initiative, activate, act, window, reaction).
    pub kind: String,
    /// Side deciding.
    pub side: Option<String>,
    /// Best action, if any is legal.
    pub best: Option<String>,
    /// Its win probability.
    pub win_probability: f32,
    /// The best activation sequence: the principal variation's leading actions of the same
    /// character (or the whole PV for other decisions).
    pub sequence: Vec<String>,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Iterations.
    pub iterations: u64,
    /// Nodes.
    pub nodes: usize,
    /// Milliseconds.
    pub time_ms: u64,
    /// Iterations per second.
    pub ips: u64,
    /// The best candidates (multipv).
    pub candidates: Vec<CandidateReport>,
}

fn candidate_report(st: &State, c: &Candidate) -> CandidateReport {
    let r = &c.risk;
    let ends_outnumbered = match c.action {
        Action::Act { who, kind, .. } => kind
            .destination()
            .is_some_and(|p| outnumbered_at(st, who, p)),
        _ => false,
    };
    // The PV is printed along the states it passes through, with fixed dice: only the notation
    // matters, and every action of it was legal in some simulation.
    CandidateReport {
        action: st.notation(&c.action),
        visits: c.visits,
        win_probability: c.value,
        pv: pv_notation(st, &c.pv),
        risk: RiskReport {
            p_reaction_window: r.p_window(),
            p_reaction_hit: r.p_reaction_hit(),
            wounds_dealt: r.exp_dealt(),
            wounds_taken: r.exp_taken(),
            p_psyche_check: r.p_psi(),
            p_psyche_fail: r.p_psi_fail(),
            ends_outnumbered,
            ene_left: r.exp_ene(),
            samples: r.samples,
        },
    }
}

fn pv_notation(st: &State, pv: &[Action]) -> Vec<String> {
    // Character labels do not depend on the state, so the root state prints every action.
    pv.iter().map(|a| st.notation(a)).collect()
}

/// Analyses a position.
pub fn analyze(st: &State, o: &Options) -> Report {
    let params = Params {
        threads: o.threads.max(1),
        seed: o.seed,
        ..Params::default()
    };
    let limits = Limits {
        iterations: o.iterations,
        movetime: o.movetime,
        nodes: None,
    };
    let res = search(st, &params, &limits, None, None);
    report(st, &res, o.multipv)
}

/// Builds the report of a finished search.
pub fn report(st: &State, res: &SearchResult, multipv: usize) -> Report {
    let cands: Vec<CandidateReport> = res
        .candidates
        .iter()
        .take(multipv.max(1))
        .map(|c| candidate_report(st, c))
        .collect();
    let best = res.candidates.first();
    let pv = best.map(|c| pv_notation(st, &c.pv)).unwrap_or_default();
    let sequence = match best.map(|c| c.action) {
        Some(Action::Act { who, .. }) => best
            .map(|c| {
                c.pv.iter()
                    .take_while(|a| match a {
                        Action::Act { who: w, .. } | Action::End { who: w, .. } => *w == who,
                        _ => false,
                    })
                    .map(|a| st.notation(a))
                    .collect()
            })
            .unwrap_or_default(),
        _ => pv.iter().take(1).cloned().collect(),
    };
    let ms = res.elapsed.as_millis() as u64;
    Report {
        decision: st.describe_decision(),
        kind: st.decision().name().to_string(),
        side: st.to_decide().map(|s| s.to_string()),
        best: res.best.map(|a| st.notation(&a)),
        win_probability: best.map(|c| c.value).unwrap_or(0.5),
        sequence,
        pv,
        iterations: res.iterations,
        nodes: res.nodes,
        time_ms: ms,
        ips: (res.iterations * 1000)
            .checked_div(ms)
            .unwrap_or(res.iterations),
        candidates: cands,
    }
}

impl Report {
    /// A readable report.
    pub fn to_text(&self) -> String {
        let mut s =
            String::from("wartime analyze (how to read it: README.md, \"Reading an analysis\")\n");
        s.push_str(&format!("decision: {}\n", self.decision));
        match &self.best {
            None => s.push_str("best: none (no legal action)\n"),
            Some(b) => {
                s.push_str(&format!(
                    "best: {}   win {:.1}%   ({} iterations, {} nodes, {} ms, {} it/s)\n",
                    b,
                    self.win_probability * 100.0,
                    self.iterations,
                    self.nodes,
                    self.time_ms,
                    self.ips
                ));
                if self.sequence.len() > 1 {
                    s.push_str(&format!("activation: {}\n", self.sequence.join(" ; ")));
                }
                s.push_str(&format!("pv: {}\n", self.pv.join(" ; ")));
            }
        }
        for (k, c) in self.candidates.iter().enumerate() {
            let r = &c.risk;
            s.push_str(&format!(
                "{:>2}. {:<28} visits {:>6}  win {:>5.1}%\n    risk: reaction window {:.0}%, reaction hits {:.0}%, wounds dealt {:.2} taken {:.2}, CH PSI {:.0}% (fail {:.0}%){}, ENE left {:.1}\n",
                k + 1,
                c.action,
                c.visits,
                c.win_probability * 100.0,
                r.p_reaction_window * 100.0,
                r.p_reaction_hit * 100.0,
                r.wounds_dealt,
                r.wounds_taken,
                r.p_psyche_check * 100.0,
                r.p_psyche_fail * 100.0,
                if r.ends_outnumbered { ", ends outnumbered" } else { "" },
                r.ene_left
            ));
        }
        s
    }
}
