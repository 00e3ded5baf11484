//! The text of a balance report (BALANCE.md §7 "The report"): the run, the lists with their
//! scores and ratings, the cross table, the archetypes and the notes.

use super::run::Report;
use super::stats::Estimate;
use std::fmt::Write;

/// The text report prints the cross table up to this many lists (JSON always has every
/// matchup).
const CROSS_TABLE_MAX: usize = 10;

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
        if !self.trustworthy {
            let _ = writeln!(
                s,
                "WARNING: result not trustworthy: the lists carry {} trait(s) with no effect in \
                 play (see the notes)",
                self.inert_traits.len()
            );
        }
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
