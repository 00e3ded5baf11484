//! What a tournament prints: the line of each finished game, the standings table (cutechess's
//! Rank/Name/Elo/+/-, with nElo, W/D/L, pentanomial counts and each engine's faults), one line
//! per pair of engines, the SPRT line, and the JSON summary of `-summary`.

use crate::tools::tournament::record::{GameRecord, Termination};
use crate::tools::tournament::stats::{
    pentanomial, trinomial, Estimate, Penta, Sprt, Verdict, Wdl,
};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// What the statistics need of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Game number.
    pub game: u64,
    /// Engine indices of side A and side B.
    pub sides: [usize; 2],
    /// Side A's score (1, ½, 0).
    pub score_a: f64,
    /// How it ended.
    pub termination: Termination,
    /// Faults: engine index and kind (`crash`, `hang`, `time_loss`, `illegal`).
    pub faults: Vec<(usize, String)>,
    /// Decisions played.
    pub decisions: usize,
}

impl Outcome {
    /// The outcome of a record whose engines are `sides` (indices of its `side_a`, `side_b`).
    pub fn of(r: &GameRecord, sides: [usize; 2]) -> Outcome {
        let index = |name: &str| {
            if name == r.side_a {
                sides[0]
            } else {
                sides[1]
            }
        };
        Outcome {
            game: r.game,
            sides,
            score_a: r.returns[0],
            termination: r.termination,
            faults: r
                .engine_faults
                .iter()
                .map(|f| (index(&f.engine), f.kind.clone()))
                .collect(),
            decisions: r.decisions.len(),
        }
    }

    /// The score of engine `e` in this game (it must play in it).
    pub fn score_of(&self, e: usize) -> f64 {
        if self.sides[0] == e {
            self.score_a
        } else {
            1.0 - self.score_a
        }
    }
}

/// Results of one engine.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EngineStats {
    /// Its games.
    pub wdl: Wdl,
    /// Its pairs of games.
    pub penta: Penta,
    /// Games it lost by crashing (or failing to start).
    pub crashes: u64,
    /// Games it lost on time (hung engines, killed, included).
    pub time_losses: u64,
    /// Games it lost by an illegal action.
    pub illegal: u64,
}

/// Results of one encounter, from engine `a`'s side.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PairStats {
    /// First engine (index).
    pub a: usize,
    /// Second engine.
    pub b: usize,
    /// `a`'s games against `b`.
    pub wdl: Wdl,
    /// `a`'s pairs of games against `b`.
    pub penta: Penta,
}

/// Everything counted.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Standings {
    /// Per engine, in the order given.
    pub engines: Vec<EngineStats>,
    /// Per encounter.
    pub pairs: Vec<PairStats>,
}

/// Counts `outcomes` (by game number: games 2k-1 and 2k form a pair) for `n` engines and the
/// `encounters` of the schedule.
pub fn standings(
    n: usize,
    encounters: &[(usize, usize)],
    outcomes: &BTreeMap<u64, &Outcome>,
) -> Standings {
    let mut s = Standings {
        engines: vec![EngineStats::default(); n],
        pairs: encounters
            .iter()
            .map(|&(a, b)| PairStats {
                a,
                b,
                ..Default::default()
            })
            .collect(),
    };
    let pair_of = |o: &Outcome| {
        encounters
            .iter()
            .position(|&(a, b)| o.sides == [a, b] || o.sides == [b, a])
    };
    for o in outcomes.values() {
        for e in o.sides {
            s.engines[e].wdl.add(o.score_of(e));
        }
        if let Some(k) = pair_of(o) {
            let a = s.pairs[k].a;
            s.pairs[k].wdl.add(o.score_of(a));
            // The second game of a pair counts the pair, if the first is there too.
            if o.game % 2 == 0 {
                if let Some(first) = outcomes.get(&(o.game - 1)) {
                    if pair_of(first) == Some(k) {
                        s.pairs[k].penta.add(first.score_of(a), o.score_of(a));
                        let b = s.pairs[k].b;
                        s.engines[a].penta.add(first.score_of(a), o.score_of(a));
                        s.engines[b].penta.add(first.score_of(b), o.score_of(b));
                    }
                }
            }
        }
        for (e, kind) in &o.faults {
            let st = &mut s.engines[*e];
            match kind.as_str() {
                "crash" => st.crashes += 1,
                "illegal" => st.illegal += 1,
                _ => st.time_losses += 1,
            }
        }
    }
    s
}

/// The primary estimate: pentanomial when there are pairs, trinomial otherwise.
pub fn primary(wdl: &Wdl, penta: &Penta) -> Option<Estimate> {
    pentanomial(penta).or_else(|| trinomial(wdl))
}

/// A signed number with one decimal, `+inf`/`-inf` for the infinite.
pub fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // + 0.0 turns -0.0 into 0.0.
        format!("{:+.1}", x + 0.0)
    }
}

fn unsigned(x: f64) -> String {
    if x.is_infinite() {
        "inf".to_string()
    } else {
        format!("{x:.1}")
    }
}

/// The `±` of the standings table: `?` when the results have no spread ([`Estimate::spread`]).
fn spread(e: &Estimate, error: f64) -> String {
    if e.spread {
        unsigned(error)
    } else {
        "?".to_string()
    }
}

/// Instead of `± 0`: why there is no interval.
fn no_spread(n: u64, unit: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    if n < 2 {
        format!("{n} {unit}{s}: too few to estimate a spread")
    } else {
        format!("{n} {unit}s, all with the same score: too few to estimate a spread")
    }
}

fn penta_text(p: &Penta) -> String {
    let v: Vec<String> = p.0.iter().map(u64::to_string).collect();
    format!("[{}]", v.join(", "))
}

/// The standings table, ranked by score.
pub fn table(names: &[String], s: &Standings) -> String {
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut order: Vec<usize> = (0..names.len()).collect();
    let pct = |e: &EngineStats| e.wdl.points() / e.wdl.games().max(1) as f64;
    order.sort_by(|&x, &y| {
        pct(&s.engines[y])
            .total_cmp(&pct(&s.engines[x]))
            .then(x.cmp(&y))
    });
    let mut out =
        format!(
        "Rank {:<width$} {:>7} {:>6} {:>7} {:>6} {:>6} {:>6}  {:<12} {:<23} {:>5} {:>4} {:>7}\n",
        "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "W/D/L", "Penta LL,LD,DD+WL,WD,WW",
        "Crash", "Time", "Illegal"
    );
    for (rank, &k) in order.iter().enumerate() {
        let e = &s.engines[k];
        let (elo, err, nelo, nerr) = match primary(&e.wdl, &e.penta) {
            Some(x) => (
                signed(x.elo),
                spread(&x, x.elo_error),
                signed(x.nelo),
                spread(&x, x.nelo_error),
            ),
            None => ("-".into(), "-".into(), "-".into(), "-".into()),
        };
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>7} {:>6} {:>7} {:>6} {:>6} {:>5.1}%  {:<12} {:<23} {:>5} {:>4} {:>7}",
            rank + 1,
            names[k],
            elo,
            err,
            nelo,
            nerr,
            e.wdl.games(),
            100.0 * pct(e),
            format!("{}/{}/{}", e.wdl.wins, e.wdl.draws, e.wdl.losses),
            penta_text(&e.penta),
            e.crashes,
            e.time_losses,
            e.illegal
        );
    }
    out
}

/// One line per encounter: games, W/D/L, score, Elo with both intervals, nElo, LOS, pairs.
pub fn pair_lines(names: &[String], s: &Standings) -> String {
    let mut out = String::new();
    for p in &s.pairs {
        let g = p.wdl.games();
        if g == 0 {
            continue;
        }
        let tri = trinomial(&p.wdl);
        let _ = write!(
            out,
            "{} vs {}: {g} games, +{} ={} -{}, score {:.1}%",
            names[p.a],
            names[p.b],
            p.wdl.wins,
            p.wdl.draws,
            p.wdl.losses,
            100.0 * p.wdl.points() / g as f64
        );
        match (pentanomial(&p.penta), tri) {
            (Some(e), Some(_)) if !e.spread => {
                let _ = write!(
                    out,
                    ", Elo {} ({}), LOS {:.1}%, pentanomial {}",
                    signed(e.elo),
                    no_spread(e.n, "pair"),
                    100.0 * e.los,
                    penta_text(&p.penta)
                );
            }
            (None, Some(t)) if !t.spread => {
                let _ = write!(
                    out,
                    ", Elo {} ({}), LOS {:.1}%",
                    signed(t.elo),
                    no_spread(t.n, "game"),
                    100.0 * t.los
                );
            }
            (Some(e), Some(t)) => {
                let _ = write!(
                    out,
                    ", Elo {} ± {} (pentanomial, {} pairs; trinomial ± {}), nElo {} ± {}, LOS {:.1}%, \
                     pentanomial {}",
                    signed(e.elo),
                    unsigned(e.elo_error),
                    e.n,
                    unsigned(t.elo_error),
                    signed(e.nelo),
                    unsigned(e.nelo_error),
                    100.0 * e.los,
                    penta_text(&p.penta)
                );
            }
            (None, Some(t)) => {
                let _ = write!(
                    out,
                    ", Elo {} ± {} (trinomial: no complete pair), nElo {} ± {}, LOS {:.1}%",
                    signed(t.elo),
                    unsigned(t.elo_error),
                    signed(t.nelo),
                    unsigned(t.nelo_error),
                    100.0 * t.los
                );
            }
            _ => {}
        }
        out.push('\n');
    }
    out
}

/// cutechess's running score lines: `Score of A vs B: W - L - D  [0.625] 8`.
pub fn score_lines(names: &[String], s: &Standings) -> String {
    let mut out = String::new();
    for p in &s.pairs {
        let g = p.wdl.games();
        if g > 0 {
            let _ = writeln!(
                out,
                "Score of {} vs {}: {} - {} - {}  [{:.3}] {g}",
                names[p.a],
                names[p.b],
                p.wdl.wins,
                p.wdl.losses,
                p.wdl.draws,
                p.wdl.points() / g as f64
            );
        }
    }
    out
}

/// The SPRT line (cutechess's wording): LLR, its share of the bound it heads for, the bounds,
/// and the verdict if there is one.
pub fn sprt_line(t: &Sprt, llr: f64, verdict: Option<Verdict>) -> String {
    let (lower, upper) = t.bounds();
    let share = if llr >= 0.0 { llr / upper } else { llr / lower };
    let end = match verdict {
        Some(Verdict::H1) => " - H1 was accepted",
        Some(Verdict::H0) => " - H0 was accepted",
        None => "",
    };
    format!(
        "SPRT: llr {llr:.2} ({:.1}%), lbound {lower:.2}, ubound {upper:.2}{end} (elo0 {}, elo1 {}, \
         alpha {}, beta {}; pentanomial GSPRT)\n",
        100.0 * share,
        t.elo0,
        t.elo1,
        t.alpha,
        t.beta
    )
}

/// One engine in the JSON summary.
#[derive(Clone, Debug, Serialize)]
pub struct EngineSummary {
    /// Its name.
    pub name: String,
    /// Its counts.
    #[serde(flatten)]
    pub stats: EngineStats,
    /// The primary estimate (±∞ Elo is `null`).
    pub estimate: Option<Estimate>,
}

/// One encounter in the JSON summary.
#[derive(Clone, Debug, Serialize)]
pub struct PairSummary {
    /// First engine.
    pub a: String,
    /// Second engine.
    pub b: String,
    /// `a`'s games.
    pub wdl: Wdl,
    /// `a`'s pairs.
    pub penta: Penta,
    /// Over pairs (primary).
    pub pentanomial: Option<Estimate>,
    /// Over games.
    pub trinomial: Option<Estimate>,
}

/// The SPRT in the JSON summary.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SprtSummary {
    /// Its parameters.
    #[serde(flatten)]
    pub test: Sprt,
    /// The log-likelihood ratio at the end.
    pub llr: f64,
    /// log(β/(1-α)).
    pub lower: f64,
    /// log((1-β)/α).
    pub upper: f64,
    /// The verdict, if it decided.
    pub verdict: Option<Verdict>,
}

/// The JSON summary (`-summary FILE`).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// Games scheduled.
    pub games_scheduled: u64,
    /// Games counted in the results.
    pub games_counted: u64,
    /// Seconds this run took.
    pub seconds: f64,
    /// Per engine, in the order given.
    pub engines: Vec<EngineSummary>,
    /// Per encounter.
    pub pairs: Vec<PairSummary>,
    /// The SPRT, if one ran.
    pub sprt: Option<SprtSummary>,
}

impl Summary {
    /// The summary of standings.
    pub fn new(names: &[String], s: &Standings, scheduled: u64, seconds: f64) -> Summary {
        Summary {
            games_scheduled: scheduled,
            games_counted: s.pairs.iter().map(|p| p.wdl.games()).sum(),
            seconds,
            engines: s
                .engines
                .iter()
                .zip(names)
                .map(|(e, n)| EngineSummary {
                    name: n.clone(),
                    stats: e.clone(),
                    estimate: primary(&e.wdl, &e.penta),
                })
                .collect(),
            pairs: s
                .pairs
                .iter()
                .map(|p| PairSummary {
                    a: names[p.a].clone(),
                    b: names[p.b].clone(),
                    wdl: p.wdl,
                    penta: p.penta,
                    pentanomial: pentanomial(&p.penta),
                    trinomial: trinomial(&p.wdl),
                })
                .collect(),
            sprt: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(game: u64, sides: [usize; 2], score_a: f64) -> Outcome {
        Outcome {
            game,
            sides,
            score_a,
            termination: Termination::Normal,
            faults: vec![],
            decisions: 10,
        }
    }

    #[test]
    fn pairs_are_counted_from_both_games() {
        let v = [
            outcome(1, [0, 1], 1.0),
            outcome(2, [1, 0], 0.0),
            outcome(3, [0, 1], 0.5),
            outcome(4, [1, 0], 1.0),
            Outcome {
                faults: vec![(1, "time_loss".into())],
                ..outcome(5, [0, 1], 1.0)
            },
        ];
        let m: BTreeMap<u64, &Outcome> = v.iter().map(|o| (o.game, o)).collect();
        let s = standings(2, &[(0, 1)], &m);
        let p = &s.pairs[0];
        assert_eq!((p.wdl.wins, p.wdl.draws, p.wdl.losses), (3, 1, 1));
        // Pair 1: 2 points (WW); pair 2: ½ (LD); game 5 has no partner yet.
        assert_eq!(p.penta.0, [0, 1, 0, 0, 1]);
        assert_eq!(s.engines[1].penta.0, [1, 0, 0, 1, 0]);
        assert_eq!(s.engines[1].time_losses, 1);
        let names = vec!["a".to_string(), "b".to_string()];
        let t = table(&names, &s);
        assert!(
            t.lines().nth(1).unwrap().trim_start().starts_with("1 a"),
            "{t}"
        );
        assert!(pair_lines(&names, &s).contains("a vs b: 5 games, +3 =1 -1"));
        assert_eq!(
            score_lines(&names, &s),
            "Score of a vs b: 3 - 1 - 1  [0.700] 5\n"
        );
    }

    /// Issue 18: three pairs that all split used to read "Elo +0.0 ± 0.0".
    #[test]
    fn pairs_that_all_split_have_no_spread_to_report() {
        let v: Vec<Outcome> = (1..=6)
            .map(|g| outcome(g, if g % 2 == 1 { [0, 1] } else { [1, 0] }, 1.0))
            .collect();
        let m: BTreeMap<u64, &Outcome> = v.iter().map(|o| (o.game, o)).collect();
        let s = standings(2, &[(0, 1)], &m);
        assert_eq!(s.pairs[0].penta.0, [0, 0, 3, 0, 0]);
        let names = vec!["a".to_string(), "b".to_string()];
        let l = pair_lines(&names, &s);
        assert!(
            l.contains(
                "Elo +0.0 (3 pairs, all with the same score: too few to estimate a spread), \
                 LOS 50.0%"
            ),
            "{l}"
        );
        assert!(!l.contains('±'), "{l}");
        let t = table(&names, &s);
        let row = t.lines().nth(1).unwrap();
        assert!(row.contains("+0.0      ?"), "{t}");
    }
}
