//! `wartime analyze`: search a position and explain the choice — the best activation sequence,
//! the principal variation, win probability and visits, the K best alternatives and, for each,
//! its risk breakdown. Text for people, one JSON object for tools.

use crate::search::{search, Candidate, Limits, Params, SearchResult};
use engine::actions::movement::outnumbered_at;
use engine::basics::action::Action;
use engine::State;
use serde::Serialize;
use std::time::Duration;

/// Iterations of an analysis given no budget (`wartime analyze`, the browser's "Analyse").
/// 5,000: the shipped tactics are solved at every seed from 5,000 up (310 / 310 over seeds
/// 1–10 at 5,000 and 10,000; 307 at 2,000; STRENGTH.md, thirty-first session), at 0.1–0.3 s
/// a position on one thread — the wait a person asking for an analysis does not notice.
pub const DEFAULT_ITERATIONS: u64 = 5000;

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
            iterations: Some(DEFAULT_ITERATIONS),
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
    /// Expected wounds our own area attacks dealt to our side (friendly fire, ÁREAS).
    pub friendly_fire: f32,
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
    /// Bombs lying on the board (left out of the JSON when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bombs: Vec<BombReport>,
    /// Lasting areas on the board (Área permanente, Munición radiactiva; left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<LastingReport>,
    /// Hackable elements and hacked objects (Corromper / Poseer; left out when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<crate::view::objects::ObjectView>,
}

/// A bomb lying on the board (ÁREAS, Área de activación), as the analysis reports it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BombReport {
    /// Its square, `x,y`.
    pub at: String,
    /// Its owner's label and weapon, `a1 w2`.
    pub weapon: String,
    /// Operative (its activation has ended).
    pub armed: bool,
    /// The ALC within which a mini entering sets it off.
    pub alc: u8,
    /// The label of the mini that set it off in the action under way, if any.
    pub tripped_by: Option<String>,
}

/// A lasting area, as the analysis reports it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LastingReport {
    /// Whose attack left it.
    pub owner: String,
    /// The DAÑ of its hit (half where partly covered).
    pub dmg: u8,
    /// The squares it covers wholly, `x,y`.
    pub whole: Vec<String>,
    /// The squares it covers partly.
    pub partial: Vec<String>,
}

/// The bombs and lasting areas of `st`, for the report.
fn board_items(st: &State) -> (Vec<BombReport>, Vec<LastingReport>) {
    use engine::basics::action::Roster;
    let bombs = st
        .bombs()
        .iter()
        .map(|b| BombReport {
            at: b.at.to_string(),
            weapon: format!("{} w{}", st.label(b.owner), b.weapon + 1),
            armed: b.armed,
            alc: st.weapon_range(b.owner, b.weapon),
            tripped_by: b.tripped.map(|t| st.label(t)),
        })
        .collect();
    let lasting = st
        .lasting()
        .iter()
        .map(|l| {
            let of = |full: bool| {
                l.squares
                    .iter()
                    .filter(|q| q.1 == full)
                    .map(|q| q.0.to_string())
                    .collect()
            };
            LastingReport {
                owner: st.label(l.owner),
                dmg: l.dmg,
                whole: of(true),
                partial: of(false),
            }
        })
        .collect();
    (bombs, lasting)
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
        win_probability: shown(c.value),
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
            friendly_fire: r.exp_friendly_fire(),
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
    let (bombs, lasting) = board_items(st);
    Report {
        decision: st.describe_decision(),
        kind: st.decision().name().to_string(),
        side: st.to_decide().map(|s| s.to_string()),
        best: res.best.map(|a| st.notation(&a)),
        win_probability: best.map(|c| shown(c.value)).unwrap_or(0.5),
        sequence,
        pv,
        iterations: res.iterations,
        nodes: res.nodes,
        time_ms: ms,
        ips: (res.iterations * 1000)
            .checked_div(ms)
            .unwrap_or(res.iterations),
        candidates: cands,
        bombs,
        lasting,
        objects: crate::view::objects::objects(st),
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
                "{:>2}. {:<28} visits {:>6}  win {:>5.1}%\n    risk: reaction window {:.0}%, reaction hits {:.0}%, wounds dealt {:.2} taken {:.2}{}, CH PSI {:.0}% (fail {:.0}%){}, ENE left {:.1}\n",
                k + 1,
                c.action,
                c.visits,
                c.win_probability * 100.0,
                r.p_reaction_window * 100.0,
                r.p_reaction_hit * 100.0,
                r.wounds_dealt,
                r.wounds_taken,
                if r.friendly_fire > 0.0 {
                    format!(" (friendly fire {:.2})", r.friendly_fire)
                } else {
                    String::new()
                },
                r.p_psyche_check * 100.0,
                r.p_psyche_fail * 100.0,
                if r.ends_outnumbered { ", ends outnumbered" } else { "" },
                r.ene_left
            ));
        }
        s
    }
}

/// The things lying on the board (`view::svg_items`) in the picture and in the report.
/// A candidate's mean as the win probability shown. With the luck correction (`luck=1`, the
/// default) a node's mean is `value − β · luck`, an unbiased estimate that may stray a little
/// outside [0, 1] where every sample is a win or a loss (tactic 17's 1.014 at 100
/// iterations); a probability is reported clamped. The search's own choice reads the
/// unclamped means.
fn shown(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

#[cfg(test)]
mod items_in_the_picture {
    use engine::State;

    #[test]
    fn bombs_lasting_areas_ground_items_and_elements_are_drawn_and_reported() {
        let v = serde_json::json!({
            "name": "t", "board": {"rows": ["......", "......", "......", "......"]},
            "scenario": {"points_limit": 200, "turn_limit": 3,
                "deploy_a": {"x0": 0, "y0": 0, "x1": 5, "y1": 0},
                "deploy_b": {"x0": 0, "y0": 3, "x1": 5, "y1": 3}},
            "sides": {
                "A": [{"race": {"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4},
                        "at": [0, 0], "facing": "S",
                        "weapons": [
                            {"name": "Mina", "ene": 2, "dmg": 3, "range": 2, "quality": 3,
                             "traits": ["Área (R3)", "Área de activación"]},
                            {"name": "Pistola", "ene": 2, "dmg": 2, "range": 10, "quality": 3,
                             }], "dropped": [1]}],
                "B": [{"race": {"name": "T", "con": 4, "agi": 5, "int": 4, "vol": 4},
                        "at": [5, 3], "facing": "N"}]
            },
            "elements": [{"name": "Caja", "at": [3, 0], "points": 2}],
            "ground": [{"item": "a1 w2", "at": [2, 2]}],
            "game": {"turn": 1, "phase": 10, "advantage": "A", "to_move": "A",
                     "decision": {"kind": "act", "actor": 0},
                     "bombs": [{"owner": 0, "weapon": 0, "at": {"x": 1, "y": 1}, "armed": true}],
                     "lasting": [{"owner": 0, "dmg": 2,
                                  "squares": [[{"x": 4, "y": 1}, true], [{"x": 4, "y": 2}, false]]}]}
        });
        let st = State::from_setup(&serde_json::from_value(v).unwrap(), None).unwrap();
        let svg = crate::view::svg::svg(&st, &Default::default());
        assert!(svg.contains(r#"<g id="bomb-1">"#), "{svg}");
        assert!(svg.contains("bomb k1 at 1,1: a1 w1, armed; goes off when a mini comes within 2 K"));
        assert!(svg.contains(r#"<g id="lasting-1"><title>lasting area of a1: DAÑ 2"#));
        assert!(svg.contains("element e1 Caja: 0 item(s), 2 point(s) to find"));
        assert!(svg.contains("on the ground at 2,2: a1 w2"));
        // The analysis JSON reports the same bombs and lasting areas.
        let r = super::analyze(
            &st,
            &super::Options {
                iterations: Some(20),
                ..Default::default()
            },
        );
        let j = serde_json::to_value(&r).unwrap();
        assert_eq!(
            j["bombs"],
            serde_json::json!([{"at": "1,1", "weapon": "a1 w1", "armed": true, "alc": 2,
                                "tripped_by": null}])
        );
        assert_eq!(
            j["lasting"],
            serde_json::json!([{"owner": "a1", "dmg": 2, "whole": ["4,1"], "partial": ["4,2"]}])
        );
    }
}
