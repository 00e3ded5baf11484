//! Writing the protocol's answers (PROTOCOL.md §3 "Answer lines": `id`, `option`,
//! `decision`, `applied`, `event`, `dice`, `info`, `bestaction`): one function per kind of line.

use super::parse::one_line;
use crate::frontend::analyze::{report, Report};
use crate::frontend::session::{Applied, OptionKind, Options, OPTIONS};
use crate::search::{SearchInfo, SearchResult};
use engine::basics::action::Roster;
use engine::basics::check::EventText;
use engine::{Pending, Side, State};

/// The protocol version announced by `id protocol`.
pub const PROTOCOL_VERSION: u32 = 1;

/// The `decision …` line: kind, side, turn, phase, the characters involved, the result when
/// the game is over, and the sentence.
pub fn decision_line(st: &State) -> String {
    let side = st
        .to_decide()
        .map_or_else(|| "none".to_string(), |s| s.to_string());
    let mut s = format!(
        "decision kind {} side {} turn {} phase {}",
        st.decision().name(),
        side,
        st.turn(),
        st.phase()
    );
    match st.pending() {
        Pending::Act { actor } => s.push_str(&format!(" actor {}", st.label(actor))),
        Pending::Window { actor, early, .. } => {
            s.push_str(&format!(" actor {} early {early}", st.label(actor)))
        }
        Pending::Reaction {
            reactor,
            actor,
            early,
            ..
        } => s.push_str(&format!(
            " actor {} reactor {} early {early}",
            st.label(actor),
            st.label(reactor)
        )),
        Pending::MentalCombat { hacker, .. } => {
            let who = st.pending().mind_decider().unwrap_or(hacker);
            s.push_str(&format!(
                " actor {} reactor {}",
                st.label(hacker),
                st.label(who)
            ))
        }
        Pending::GameOver => {
            let a = st.returns(Side::A);
            let winner = if a > 0.75 {
                "A"
            } else if a < 0.25 {
                "B"
            } else {
                "draw"
            };
            s.push_str(&format!(
                " winner {winner} score_a {} score_b {}",
                engine::scenario::scoring::score(st, Side::A),
                engine::scenario::scoring::score(st, Side::B)
            ));
        }
        _ => {}
    }
    s.push_str(" text ");
    s.push_str(&one_line(&st.describe_decision()));
    s
}

/// The lines answering one applied action: `applied`, `event`s, `dice`.
pub fn applied_lines(st: &State, a: &Applied) -> Vec<String> {
    let mut v = vec![format!("applied {}", a.action)];
    for e in &a.events {
        v.push(format!(
            "event {}",
            one_line(
                &EventText {
                    event: e,
                    roster: st
                }
                .to_string()
            )
        ));
    }
    let used: Vec<String> = a.dice.iter().map(|d| d.to_string()).collect();
    let mut d = format!("dice supplied {} drawn {} used", a.supplied, a.drawn);
    if !used.is_empty() {
        d.push(' ');
        d.push_str(&used.join(" "));
    }
    v.push(d);
    v
}

/// The `info` lines of a report (one per candidate, `multipv 1` the best).
pub fn info_lines(r: &Report, id: Option<&str>) -> Vec<String> {
    let idp = id.map(|i| format!(" id {i}")).unwrap_or_default();
    if r.candidates.is_empty() {
        return vec![format!(
            "info{idp} iterations {} nodes {} time {} nps {}",
            r.iterations, r.nodes, r.time_ms, r.ips
        )];
    }
    r.candidates
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let q = &c.risk;
            format!(
                "info{idp} multipv {} iterations {} nodes {} time {} nps {} visits {} value {:.4} \
                 risk_window {:.3} risk_hit {:.3} risk_dealt {:.3} risk_taken {:.3} \
                 risk_psi {:.3} risk_psifail {:.3} risk_outnumbered {} risk_ene {:.2} \
                 risk_friendly {:.3} pv {}",
                k + 1,
                r.iterations,
                r.nodes,
                r.time_ms,
                r.ips,
                c.visits,
                c.win_probability,
                q.p_reaction_window,
                q.p_reaction_hit,
                q.wounds_dealt,
                q.wounds_taken,
                q.p_psyche_check,
                q.p_psyche_fail,
                u8::from(q.ends_outnumbered),
                q.ene_left,
                q.friendly_fire,
                c.pv.join(" ; ")
            )
        })
        .collect()
}

/// A report of the search so far.
pub fn progress_report(st: &State, si: &SearchInfo, multipv: usize) -> Report {
    let res = SearchResult {
        best: si.candidates.first().map(|c| c.action),
        candidates: si.candidates.clone(),
        iterations: si.iterations,
        nodes: si.nodes,
        elapsed: si.elapsed,
    };
    report(st, &res, multipv)
}

/// The `bestaction` line.
pub fn bestaction_line(st: &State, res: Option<&SearchResult>, id: Option<&str>) -> String {
    let a = res
        .and_then(|r| r.best)
        .map_or_else(|| "none".to_string(), |a| st.notation(&a));
    match id {
        Some(i) => format!("bestaction {a} id {i}"),
        None => format!("bestaction {a}"),
    }
}

/// The handshake lines.
pub fn handshake_lines() -> Vec<String> {
    let mut v = vec![
        format!("id name wartime {}", env!("CARGO_PKG_VERSION")),
        "id author the wartime authors".to_string(),
        format!("id protocol {PROTOCOL_VERSION}"),
    ];
    let d = Options::default();
    for o in OPTIONS {
        let default = d.value(o);
        v.push(match o.kind {
            OptionKind::Spin { min, max } => format!(
                "option name {} type spin default {default} min {min} max {max}",
                o.name
            ),
            OptionKind::Check => format!("option name {} type check default {default}", o.name),
        });
    }
    v.push("wartimeok".into());
    v
}

pub(super) fn bestaction_line_none(id: Option<&str>) -> String {
    match id {
        Some(i) => format!("bestaction none id {i}"),
        None => "bestaction none".into(),
    }
}
