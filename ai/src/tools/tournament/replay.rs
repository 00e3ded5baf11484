//! `wartime replay RECORD [--game N] [--at K] [--write FILE] [--show]`: replays recorded games
//! exactly — every action parsed and checked legal in its position, every die fed back from
//! the record ([`ScriptedDice`]), which must be used up to the last and no further — and checks
//! that the replay ends with the recorded result. `--at K` stops after K decisions, `--write`
//! saves that position as a position file (`wartime analyze` loads it), `--show` draws it.

use crate::tools::tournament::record::{read_records, result_string, GameRecord, Termination};
use crate::tools::tournament::schedule::self_contained;
use engine::basics::dice::ScriptedDice;
use engine::setup::Setup;
use engine::{Log, Side, State};
use std::fmt::Write;
use std::path::PathBuf;

/// The arguments of `wartime replay`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// The record file (`-out` of a tournament).
    pub record: PathBuf,
    /// The game to replay (default: every game, checked).
    pub game: Option<u64>,
    /// Stop after this many decisions.
    pub at: Option<usize>,
    /// Write the position reached to this file.
    pub write: Option<PathBuf>,
    /// Draw the position reached.
    pub show: bool,
}

/// Replays the first `at` decisions of a record (all of them by default) and returns the state
/// reached. With all of them, also checks the recorded result.
///
/// # Errors
/// What does not match, naming the game and the decision.
pub fn replay_game(r: &GameRecord, at: Option<usize>) -> Result<State, String> {
    let g = r.game;
    let setup: Setup = serde_json::from_value(r.start.clone())
        .map_err(|e| format!("game {g}: start: not a position: {e}"))?;
    let mut st = State::from_setup(&setup, None).map_err(|e| format!("game {g}: start: {e}"))?;
    let n = r.decisions.len();
    let upto = at.unwrap_or(n);
    if upto > n {
        return Err(format!("--at {upto}: game {g} has only {n} decisions"));
    }
    let mut log = Log::off();
    for (k, d) in r.decisions[..upto].iter().enumerate() {
        let here = format!("game {g} decision {} (\"{}\")", k + 1, d.action);
        let side = st
            .to_decide()
            .map_or_else(|| "none".to_string(), |s| s.to_string());
        if side != d.side {
            return Err(format!(
                "{here}: the record says side {} decides, the replay awaits side {side}",
                d.side
            ));
        }
        if let Some(bad) = d.dice.iter().find(|x| !(1..=10).contains(*x)) {
            return Err(format!("{here}: die {bad} is not a d10 result (1..=10)"));
        }
        let a = st
            .parse_action(&d.action)
            .map_err(|e| format!("{here}: {e}"))?;
        let mut dice = ScriptedDice::new(d.dice.clone());
        st.apply(&a, &mut dice, &mut log)
            .map_err(|e| format!("{here}: {e}"))?;
        if dice.overdrawn() > 0 {
            return Err(format!(
                "{here}: the action needed more dice than the {} recorded",
                d.dice.len()
            ));
        }
        if dice.remaining() > 0 {
            return Err(format!(
                "{here}: the action used {} of the {} recorded dice",
                dice.used(),
                d.dice.len()
            ));
        }
    }
    if upto == n {
        let got = result_string(st.returns(Side::A) as f64);
        let over = st.is_terminal();
        let fits = match r.termination {
            Termination::Normal => over && got == r.result,
            Termination::MaxDecisions | Termination::Adjourned => !over && got == r.result,
            // Adjudicated: the faulty engine lost, whatever the board says.
            _ => true,
        };
        if !fits {
            return Err(format!(
                "game {g}: the record says {} ({}), the replay ends {got}{}",
                r.result,
                r.termination.name(),
                if over { "" } else { " with the game not over" }
            ));
        }
    }
    Ok(st)
}

/// `wartime replay`.
///
/// # Errors
/// A bad record file, a game that is not there, a replay that does not match, or a file that
/// cannot be written.
pub fn replay(o: &ReplayOptions) -> Result<String, String> {
    let f = read_records(&o.record)?;
    let mut out = String::new();
    if let Some((line, _)) = f.truncated {
        let _ = writeln!(
            out,
            "note: {} line {line} was cut short by an interrupted write and is ignored",
            o.record.display()
        );
    }
    let chosen: Vec<&GameRecord> = match o.game {
        Some(n) => vec![f.records.iter().find(|r| r.game == n).ok_or_else(|| {
            let mut games: Vec<u64> = f.records.iter().map(|r| r.game).collect();
            games.sort_unstable();
            format!(
                "{}: no game {n} (games: {})",
                o.record.display(),
                short_list(&games)
            )
        })?],
        None => f.records.iter().collect(),
    };
    if chosen.is_empty() {
        return Err(format!("{}: no game recorded", o.record.display()));
    }
    if chosen.len() > 1 {
        if o.at.is_some() || o.write.is_some() || o.show {
            return Err(format!(
                "--at, --write and --show need --game N ({} holds {} games)",
                o.record.display(),
                chosen.len()
            ));
        }
        let mut sorted = chosen;
        sorted.sort_by_key(|r| r.game);
        for r in sorted {
            replay_game(r, None)?;
            let _ = writeln!(
                out,
                "game {}: {} vs {}, {} decisions, {} ({}): replayed exactly",
                r.game,
                r.side_a,
                r.side_b,
                r.decisions.len(),
                r.result,
                r.termination.name()
            );
        }
        return Ok(out);
    }
    let r = chosen[0];
    let st = replay_game(r, o.at)?;
    let _ = writeln!(
        out,
        "game {} (round {}, pair {}): {} (A) vs {} (B) on {}, dice seed {}",
        r.game, r.round, r.pair, r.side_a, r.side_b, r.position, r.seed
    );
    let upto = o.at.unwrap_or(r.decisions.len());
    for (k, d) in r.decisions[..upto].iter().enumerate() {
        let _ = write!(out, "{:>4} {} {}", k + 1, d.side, d.action);
        if !d.dice.is_empty() {
            let dice: Vec<String> = d.dice.iter().map(u8::to_string).collect();
            let _ = write!(out, "  dice {}", dice.join(" "));
        }
        out.push('\n');
    }
    if upto < r.decisions.len() {
        let _ = writeln!(
            out,
            "stopped after {upto} of {} decisions: {}",
            r.decisions.len(),
            st.describe_decision()
        );
    } else {
        let _ = writeln!(
            out,
            "replayed exactly: {} decisions, every die as recorded; result {} ({})",
            r.decisions.len(),
            r.result,
            r.termination.name()
        );
        for fault in &r.engine_faults {
            let _ = writeln!(
                out,
                "fault: {} {} at decision {}: {}",
                fault.engine, fault.kind, fault.decision, fault.detail
            );
        }
    }
    if o.show {
        out.push_str(&crate::view::render::show(&st));
    }
    if let Some(p) = &o.write {
        let mut json = self_contained(&st).to_json();
        json.push('\n');
        std::fs::write(p, json)
            .map_err(|e| format!("--write {}: cannot write: {e}", p.display()))?;
        let _ = writeln!(
            out,
            "wrote {} (the position after {upto} decisions)",
            p.display()
        );
    }
    Ok(out)
}

fn short_list(v: &[u64]) -> String {
    if v.len() <= 12 {
        v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
    } else {
        format!("{} … {}", v[0], v[v.len() - 1])
    }
}
