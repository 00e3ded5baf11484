//! One game at the table of a browser tab (WEB.md §3; the session it wraps: PROTOCOL.md §6
//! "Driving a game"): who sits on each side (a human, or the bot with its budget), where the
//! dice come from (the engine's seeded stream, or the table's dice typed in by a referee), the
//! log of what was played, and the searches — the bot's decisions and the analyses — that run
//! on the session's own thread so that a request never waits for one.
//!
//! Every change goes through [`Session`] (atomic: on error nothing changes), so the game
//! record is always the exact list of actions and dice played and replays with
//! `wartime replay`.

use crate::frontend::analyze::{report, Report};
use crate::frontend::session::{GoRequest, Planned, Session, SessionError, Source};
use crate::search::SearchResult;
use engine::basics::action::{Action, Roster};
use engine::basics::check::{Event, EventText};
use engine::{Side, State};
use serde::Serialize;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// A human at the page (otherwise the bot).
    pub human: bool,
    /// The bot's iterations per decision.
    pub iterations: u64,
}

/// How a table is set up.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// The position's name (for the record).
    pub position: String,
    /// Sides A and B.
    pub seats: [Seat; 2],
    /// The referee types every die (also for the bot's actions); otherwise the engine's
    /// seeded stream rolls them.
    pub table_dice: bool,
    /// Seed of the engine's dice stream.
    pub dice_seed: u64,
    /// Seed of the bot's search.
    pub seed: u64,
    /// Casual game: the human may take back their last decision.
    pub casual: bool,
}

/// A check as the page shows it: the die against the target it had to reach.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CheckView {
    /// Who rolled.
    pub who: String,
    /// What for (`CH IMP`, `CH VOL reaction` …).
    pub what: String,
    /// The die.
    pub die: u8,
    /// The target after modifiers.
    pub target: i8,
    /// Passed.
    pub pass: bool,
    /// Natural critical.
    pub critical: bool,
    /// Natural fumble.
    pub fumble: bool,
}

/// One played decision in the log.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LogEntry {
    /// 1-based.
    pub n: usize,
    /// The side that decided.
    pub side: String,
    /// `human` or `bot`.
    pub by: &'static str,
    /// The action in notation.
    pub action: String,
    /// Every d10 it used.
    pub dice: Vec<u8>,
    /// Its checks, each with its die.
    pub checks: Vec<CheckView>,
    /// What happened, in words.
    pub events: Vec<String>,
    /// Milliseconds the bot thought (0 for a human or a forced decision).
    pub ms: u64,
}

/// A search's progress, shared with its thread.
#[derive(Clone, Debug, Default, Serialize)]
pub struct JobProgress {
    /// Iterations so far.
    pub iterations: u64,
    /// Milliseconds so far.
    pub elapsed_ms: u64,
    /// Best candidate so far, in notation.
    pub best: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum JobKind {
    Bot,
    Analysis { multipv: usize },
}

type Slot = Arc<Mutex<Option<Option<SearchResult>>>>;

struct Job {
    kind: JobKind,
    budget: u64,
    slot: Slot,
    progress: Arc<Mutex<JobProgress>>,
    started: Instant,
}

/// A finished analysis, kept with the record length it was made at (its plan is drawn while
/// the game is still there).
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The report.
    pub report: Report,
    /// The plan to draw: the best line's leading actions of the side analysed.
    pub plan: Vec<Action>,
    /// Record length when analysed.
    pub at: usize,
}

/// Why a table refused a request (the game unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// Not allowed now (409): the bot is thinking, it is not the human's turn, …
    Conflict(String),
    /// Bad input (400): an illegal action, bad dice, …
    Bad(String),
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Conflict(s) | TableError::Bad(s) => f.write_str(s),
        }
    }
}

fn session_error(e: SessionError) -> TableError {
    match e {
        SessionError::Searching | SessionError::NoPosition | SessionError::NothingToUndo => {
            TableError::Conflict(e.to_string())
        }
        other => TableError::Bad(other.to_string()),
    }
}

/// Who took each recorded decision.
#[derive(Clone, Debug)]
struct Taken {
    side: Side,
    human: bool,
    ms: u64,
}

/// One tab's game.
pub struct Table {
    /// How it was set up.
    pub config: TableConfig,
    session: Session,
    taken: Vec<Taken>,
    log: Vec<LogEntry>,
    job: Option<Job>,
    /// With table dice: the bot's chosen action, waiting for the referee's dice.
    pending_bot: Option<String>,
    analysis: Option<Analysis>,
    /// Why the last bot decision failed, if it did.
    bot_error: Option<String>,
    /// Last request seen (sessions idle too long are freed).
    pub last_seen: Instant,
}

/// Longest chain of forced bot decisions played in one go (a safety bound; games end far
/// sooner).
const FORCED_CAP: usize = 10_000;

impl Table {
    /// Sets up a game on a position given as JSON text.
    ///
    /// # Errors
    /// The position does not load.
    pub fn new(config: TableConfig, position_json: &str) -> Result<Table, TableError> {
        let mut session = Session::new();
        let set = |s: &mut Session, k: &str, v: String| s.set_option(k, &v);
        set(&mut session, "DiceSeed", config.dice_seed.to_string()).map_err(TableError::Bad)?;
        set(&mut session, "Seed", config.seed.to_string()).map_err(TableError::Bad)?;
        set(&mut session, "StrictDice", config.table_dice.to_string()).map_err(TableError::Bad)?;
        session
            .set_position(&Source::Json(position_json.to_string()), &[])
            .map_err(session_error)?;
        let mut t = Table {
            config,
            session,
            taken: Vec::new(),
            log: Vec::new(),
            job: None,
            pending_bot: None,
            analysis: None,
            bot_error: None,
            last_seen: Instant::now(),
        };
        t.advance();
        Ok(t)
    }

    /// The state now.
    pub fn state(&self) -> &State {
        // A table always has a position (set in `new`).
        &self.session.game().expect("a table has a position").state
    }

    /// The state the game started from.
    pub fn base(&self) -> &State {
        &self.session.game().expect("a table has a position").base
    }

    /// The position's description.
    pub fn description(&self) -> &str {
        &self
            .session
            .game()
            .expect("a table has a position")
            .description
    }

    /// Decisions played.
    pub fn played(&self) -> usize {
        self.log.len()
    }

    fn seat(&self, side: Side) -> Seat {
        self.config.seats[side as usize]
    }

    /// Whether the decision awaited is a human's.
    pub fn human_to_decide(&self) -> bool {
        self.state().to_decide().is_some_and(|s| self.seat(s).human)
    }

    /// The log.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// What the bot chose and waits for the referee's dice for (table dice only).
    pub fn pending_bot(&self) -> Option<&str> {
        self.pending_bot.as_deref()
    }

    /// Why the last bot decision failed.
    pub fn bot_error(&self) -> Option<&str> {
        self.bot_error.as_deref()
    }

    /// The running search: `bot` or `analysis`, its budget and progress.
    pub fn job(&self) -> Option<(&'static str, u64, JobProgress)> {
        self.job.as_ref().map(|j| {
            let mut p = j.progress.lock().unwrap_or_else(|e| e.into_inner()).clone();
            p.elapsed_ms = j.started.elapsed().as_millis() as u64;
            let kind = match j.kind {
                JobKind::Bot => "bot",
                JobKind::Analysis { .. } => "analysis",
            };
            (kind, j.budget, p)
        })
    }

    /// The last analysis, if it was made on the position now.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref().filter(|a| a.at == self.log.len())
    }

    /// Plays an action for the side to decide: a human's, or (with table dice) the bot's
    /// chosen action with the dice the referee rolled for it.
    ///
    /// # Errors
    /// The bot is thinking or it is the bot's decision; the action is not notation or not
    /// legal; the dice do not fit it.
    pub fn act(&mut self, text: &str, dice: Option<Vec<u8>>) -> Result<(), TableError> {
        self.collect();
        if matches!(self.job.as_ref().map(|j| j.kind), Some(JobKind::Bot)) {
            return Err(TableError::Conflict(
                "the bot is thinking (wait, or stop it to make it play now)".into(),
            ));
        }
        let Some(side) = self.state().to_decide() else {
            return Err(TableError::Conflict("the game is over".into()));
        };
        let human = self.seat(side).human;
        if !human {
            match &self.pending_bot {
                Some(p) if p.split_whitespace().eq(text.split_whitespace()) => {}
                Some(p) => {
                    return Err(TableError::Conflict(format!(
                        "the bot plays \"{p}\": give the dice rolled for it"
                    )))
                }
                None => {
                    return Err(TableError::Conflict(format!(
                        "side {side} is played by the bot, not by you"
                    )))
                }
            }
        }
        if self.config.table_dice && dice.is_none() {
            return Err(TableError::Bad(
                "table dice: give the dice rolled for this action (\"dice\": [] if it rolls none)"
                    .into(),
            ));
        }
        if let Some(bad) = dice.iter().flatten().find(|d| !(1..=10).contains(*d)) {
            return Err(TableError::Bad(format!(
                "die {bad} is not a d10 result (1..=10)"
            )));
        }
        self.stop_analysis();
        self.play(
            &Planned {
                text: text.to_string(),
                dice,
            },
            human,
            0,
        )?;
        self.pending_bot = None;
        self.advance();
        Ok(())
    }

    fn play(&mut self, p: &Planned, human: bool, ms: u64) -> Result<(), TableError> {
        let side = self
            .state()
            .to_decide()
            .ok_or_else(|| TableError::Conflict("the game is over".into()))?;
        let applied = self
            .session
            .apply(std::slice::from_ref(p))
            .map_err(session_error)?;
        let st = self.state().clone();
        for a in applied {
            self.taken.push(Taken { side, human, ms });
            self.log.push(LogEntry {
                n: self.log.len() + 1,
                side: side.to_string(),
                by: if human { "human" } else { "bot" },
                action: a.action.clone(),
                dice: a.dice.clone(),
                checks: checks(&st, &a.events),
                events: a
                    .events
                    .iter()
                    .map(|e| {
                        EventText {
                            event: e,
                            roster: &st,
                        }
                        .to_string()
                    })
                    .collect(),
                ms,
            });
        }
        Ok(())
    }

    /// Collects a finished search: the bot's decision is played (or, with table dice, waits
    /// for its dice); an analysis becomes the report shown. Then lets the bot go on.
    pub fn tick(&mut self) {
        self.collect();
        self.advance();
    }

    fn collect(&mut self) {
        let done = self.job.as_ref().and_then(|j| {
            j.slot
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
                .map(|r| (j.kind, r, j.started.elapsed().as_millis() as u64))
        });
        let Some((kind, result, ms)) = done else {
            return;
        };
        self.job = None;
        let st = self.state().clone();
        let Some(res) = result else {
            self.bot_error = Some("the search failed (internal error, please report)".into());
            return;
        };
        match kind {
            JobKind::Analysis { multipv } => {
                let plan = res
                    .candidates
                    .first()
                    .map(|c| crate::view::svg::own_lead(&st, &c.pv))
                    .unwrap_or_default();
                self.analysis = Some(Analysis {
                    report: report(&st, &res, multipv),
                    plan,
                    at: self.log.len(),
                });
            }
            JobKind::Bot => match res.best {
                Some(a) => self.bot_plays(st.notation(&a), ms),
                None => self.bot_error = Some("the bot found no legal action".into()),
            },
        }
    }

    fn bot_plays(&mut self, text: String, ms: u64) {
        if self.config.table_dice {
            self.pending_bot = Some(text);
            return;
        }
        if let Err(e) = self.play(&Planned::new(text), false, ms) {
            self.bot_error = Some(format!("the bot's action failed: {e}"));
        }
    }

    /// Lets the bot decide while it is its turn: a forced decision at once, otherwise a
    /// search on the session's thread.
    fn advance(&mut self) {
        for _ in 0..FORCED_CAP {
            if self.job.is_some() || self.pending_bot.is_some() || self.bot_error.is_some() {
                return;
            }
            let Some(side) = self.state().to_decide() else {
                return;
            };
            let seat = self.seat(side);
            if seat.human {
                return;
            }
            let mut legal = Vec::new();
            self.state().legal_actions(&mut legal);
            if legal.len() == 1 {
                let text = self.state().notation(&legal[0]);
                self.bot_plays(text, 0);
                continue;
            }
            if let Err(e) = self.start(JobKind::Bot, seat.iterations) {
                self.bot_error = Some(format!("cannot start the bot: {e}"));
            }
            return;
        }
    }

    fn start(&mut self, kind: JobKind, iterations: u64) -> Result<(), TableError> {
        let slot: Slot = Arc::new(Mutex::new(None));
        let progress = Arc::new(Mutex::new(JobProgress::default()));
        let (s, p) = (slot.clone(), progress.clone());
        self.session
            .go(
                &GoRequest {
                    iterations: Some(iterations.max(1)),
                    ..GoRequest::default()
                },
                Box::new(move |st, info| {
                    let mut g = p.lock().unwrap_or_else(|e| e.into_inner());
                    g.iterations = info.iterations;
                    g.best = info.candidates.first().map(|c| st.notation(&c.action));
                }),
                Box::new(move |_, r| *s.lock().unwrap_or_else(|e| e.into_inner()) = Some(r)),
            )
            .map_err(session_error)?;
        self.job = Some(Job {
            kind,
            budget: iterations.max(1),
            slot,
            progress,
            started: Instant::now(),
        });
        Ok(())
    }

    /// Starts an analysis of the position now (the report comes with a later view).
    ///
    /// # Errors
    /// A search is running, or the game is over.
    pub fn analyse(&mut self, iterations: u64, multipv: usize) -> Result<(), TableError> {
        self.collect();
        if self.job.is_some() {
            return Err(TableError::Conflict(
                "a search is running (wait for it or stop it first)".into(),
            ));
        }
        if self.state().is_terminal() {
            return Err(TableError::Conflict(
                "the game is over: nothing to analyse".into(),
            ));
        }
        self.start(JobKind::Analysis { multipv }, iterations)
    }

    /// Stops the running search: the bot plays the best action found so far; an analysis
    /// reports what it found.
    pub fn stop(&mut self) {
        if self.job.is_some() {
            self.session.stop();
            self.tick();
        }
    }

    fn stop_analysis(&mut self) {
        if matches!(
            self.job.as_ref().map(|j| j.kind),
            Some(JobKind::Analysis { .. })
        ) {
            self.session.stop();
            self.job = None;
        }
    }

    /// Takes back the human's last decision and every bot decision after it (casual games).
    ///
    /// # Errors
    /// Not a casual game, or no human decision to take back.
    pub fn undo(&mut self) -> Result<usize, TableError> {
        if !self.config.casual {
            return Err(TableError::Conflict(
                "undo is for casual games only (this game was started without \"casual\")".into(),
            ));
        }
        let Some(k) = self.taken.iter().rposition(|t| t.human) else {
            return Err(TableError::Conflict(
                "no decision of yours to take back".into(),
            ));
        };
        if self.job.is_some() {
            self.session.stop();
            self.job = None;
        }
        let n = self.log.len() - k;
        for _ in 0..n {
            self.session.undo().map_err(session_error)?;
            self.taken.pop();
            self.log.pop();
        }
        self.pending_bot = None;
        self.bot_error = None;
        Ok(n)
    }

    /// The game record in the tournament format (TOURNAMENTS.md §9): the start, every
    /// decision with its dice, and the result (`adjourned` before the end).
    pub fn record(&self) -> crate::tools::tournament::record::GameRecord {
        use crate::tools::tournament::record::{
            result_string, DecisionRecord, GameRecord, Termination,
        };
        let game = self.session.game().expect("a table has a position");
        let start = crate::tools::tournament::schedule::self_contained(&game.base);
        let st = &game.state;
        let name = |s: Side| {
            let seat = self.seat(s);
            if seat.human {
                "human".to_string()
            } else {
                format!("wartime mcts {} iterations", seat.iterations)
            }
        };
        let a = st.returns(Side::A) as f64;
        GameRecord {
            game: 1,
            round: 1,
            pair: 1,
            position: self.config.position.clone(),
            start: serde_json::to_value(&start).unwrap_or_default(),
            side_a: name(Side::A),
            side_b: name(Side::B),
            seed: self.config.dice_seed,
            decisions: game
                .record
                .iter()
                .zip(&self.taken)
                .map(|(p, t)| DecisionRecord {
                    action: p.action.clone(),
                    dice: p.dice.clone(),
                    side: t.side.to_string(),
                    ms: t.ms,
                })
                .collect(),
            result: result_string(a).to_string(),
            returns: [a, st.returns(Side::B) as f64],
            termination: if st.is_terminal() {
                Termination::Normal
            } else {
                Termination::Adjourned
            },
            engine_faults: Vec::new(),
        }
    }
}

fn checks(st: &State, events: &[Event]) -> Vec<CheckView> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Check { who, what, roll } => Some(CheckView {
                who: st.label(*who),
                what: what.to_string(),
                die: roll.roll,
                target: roll.target,
                pass: roll.pass,
                critical: roll.critical,
                fumble: roll.fumble,
            }),
            _ => None,
        })
        .collect()
}
