//! The engine session behind the line protocol (`protocol.rs`), the JSON analysis mode
//! (`analysis.rs`) and terminal play (`play.rs`): the position and how it was reached, the
//! options, the dice stream of the referee and the search thread.
//!
//! Nothing here prints. The search reports through callbacks that the protocol layer formats;
//! every change of the position goes through [`Session::set_position`], [`Session::apply`] or
//! [`Session::undo`], which are atomic (on error nothing changes) and keep the game record —
//! the base position and every action with the exact dice it used — so that any game can be
//! written out and replayed exactly ([`Session::record`]).

use crate::mcts::{self, Limits, Parallel, Params, SearchInfo, SearchResult};
use engine::check::{Event, Log};
use engine::dice::{DiceSource, SeededDice};
use engine::setup::{CatalogueSetup, Setup};
use engine::{ActionError, State};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Iterations of a `go` without limits when neither the `Iterations` nor the `MoveTime`
/// option sets one.
pub const DEFAULT_ITERATIONS: u64 = 1000;

/// The session options (`setoption`).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Search threads.
    pub threads: usize,
    /// Seed of the search.
    pub seed: u64,
    /// Seed of the referee's dice stream (dice not supplied by the caller).
    pub dice_seed: u64,
    /// Default iteration limit of `go` (0: none).
    pub iterations: u64,
    /// Default time limit of `go` in milliseconds (0: none).
    pub movetime: u64,
    /// Most nodes per search tree (0: the engine's default).
    pub nodes: usize,
    /// Candidates reported by `info` (1 = only the best).
    pub multipv: usize,
    /// Root- or tree-parallel search.
    pub parallel: Parallel,
    /// Least milliseconds between two periodic `info` reports (0: every report).
    pub info_interval: u64,
    /// Refuse an action that needs more dice than supplied instead of drawing them.
    pub strict_dice: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            seed: 1,
            dice_seed: 0,
            iterations: DEFAULT_ITERATIONS,
            movetime: 0,
            nodes: 0,
            multipv: 1,
            parallel: Parallel::Root,
            info_interval: 250,
            strict_dice: false,
        }
    }
}

/// The type of an option, as announced in the handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer in `min..=max`.
    Spin {
        /// Least value.
        min: u64,
        /// Greatest value.
        max: u64,
    },
    /// `true` or `false`.
    Check,
    /// One of a list of words.
    Combo(&'static [&'static str]),
}

/// One option: its name, type and what it does.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// Name (matched case-insensitively).
    pub name: &'static str,
    /// Type.
    pub kind: OptionKind,
    /// One line of help.
    pub help: &'static str,
}

/// Every option, in the order of the handshake.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Threads",
        kind: OptionKind::Spin { min: 1, max: 256 },
        help: "search threads",
    },
    OptionSpec {
        name: "Seed",
        kind: OptionKind::Spin {
            min: 0,
            max: u64::MAX,
        },
        help: "seed of the search (same seed, threads and iterations: same answer)",
    },
    OptionSpec {
        name: "DiceSeed",
        kind: OptionKind::Spin {
            min: 0,
            max: u64::MAX,
        },
        help: "seed of the dice stream that rolls the dice the caller does not supply; \
               the stream restarts at every position command",
    },
    OptionSpec {
        name: "Iterations",
        kind: OptionKind::Spin {
            min: 0,
            max: u64::MAX,
        },
        help: "iteration limit of a go without limits (0: none)",
    },
    OptionSpec {
        name: "MoveTime",
        kind: OptionKind::Spin {
            min: 0,
            max: 86_400_000,
        },
        help: "time limit in ms of a go without limits (0: none)",
    },
    OptionSpec {
        name: "Nodes",
        kind: OptionKind::Spin {
            min: 0,
            max: 1_000_000_000,
        },
        help: "most nodes per search tree (0: 2000000)",
    },
    OptionSpec {
        name: "MultiPV",
        kind: OptionKind::Spin { min: 1, max: 64 },
        help: "candidates reported by info",
    },
    OptionSpec {
        name: "Parallel",
        kind: OptionKind::Combo(&["root", "tree"]),
        help: "root-parallel ensembles or tree-parallel with virtual loss",
    },
    OptionSpec {
        name: "InfoInterval",
        kind: OptionKind::Spin {
            min: 0,
            max: 3_600_000,
        },
        help: "least ms between periodic info reports (0: every report)",
    },
    OptionSpec {
        name: "StrictDice",
        kind: OptionKind::Check,
        help: "refuse an action that needs more dice than supplied instead of drawing them",
    },
];

impl Options {
    /// The current value of an option, as text.
    pub fn value(&self, spec: &OptionSpec) -> String {
        match spec.name {
            "Threads" => self.threads.to_string(),
            "Seed" => self.seed.to_string(),
            "DiceSeed" => self.dice_seed.to_string(),
            "Iterations" => self.iterations.to_string(),
            "MoveTime" => self.movetime.to_string(),
            "Nodes" => self.nodes.to_string(),
            "MultiPV" => self.multipv.to_string(),
            "Parallel" => match self.parallel {
                Parallel::Root => "root".into(),
                Parallel::Tree => "tree".into(),
            },
            "InfoInterval" => self.info_interval.to_string(),
            "StrictDice" => self.strict_dice.to_string(),
            _ => String::new(),
        }
    }

    /// Sets an option by name (case-insensitive) from text.
    ///
    /// # Errors
    /// A message naming the unknown option or the bad value.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let Some(spec) = OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
            let known: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
            return Err(format!(
                "unknown option \"{name}\" (options: {})",
                known.join(", ")
            ));
        };
        let value = value.trim();
        match spec.kind {
            OptionKind::Spin { min, max } => {
                let v: u64 = value.parse().map_err(|_| {
                    format!(
                        "option {}: \"{value}\" is not an integer in {min}..={max}",
                        spec.name
                    )
                })?;
                if v < min || v > max {
                    return Err(format!(
                        "option {}: {v} is outside {min}..={max}",
                        spec.name
                    ));
                }
                match spec.name {
                    "Threads" => self.threads = v as usize,
                    "Seed" => self.seed = v,
                    "DiceSeed" => self.dice_seed = v,
                    "Iterations" => self.iterations = v,
                    "MoveTime" => self.movetime = v,
                    "Nodes" => self.nodes = v as usize,
                    "MultiPV" => self.multipv = v as usize,
                    "InfoInterval" => self.info_interval = v,
                    _ => {}
                }
            }
            OptionKind::Check => {
                let v = match value.to_ascii_lowercase().as_str() {
                    "true" | "on" | "1" | "yes" => true,
                    "false" | "off" | "0" | "no" => false,
                    _ => {
                        return Err(format!(
                            "option {}: \"{value}\" is not true or false",
                            spec.name
                        ))
                    }
                };
                if spec.name == "StrictDice" {
                    self.strict_dice = v;
                }
            }
            OptionKind::Combo(vars) => {
                let Some(v) = vars.iter().find(|v| v.eq_ignore_ascii_case(value)) else {
                    return Err(format!(
                        "option {}: \"{value}\" is not one of {}",
                        spec.name,
                        vars.join(", ")
                    ));
                };
                if spec.name == "Parallel" {
                    self.parallel = if *v == "tree" {
                        Parallel::Tree
                    } else {
                        Parallel::Root
                    };
                }
            }
        }
        Ok(())
    }
}

/// An action to play, in notation, with the dice rolled at the table for it (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The action in notation.
    pub text: String,
    /// Dice supplied (d10 results, in the order the rules roll them); `None`: all from the
    /// stream.
    pub dice: Option<Vec<u8>>,
}

impl Planned {
    /// An action without dice.
    pub fn new(text: impl Into<String>) -> Planned {
        Planned {
            text: text.into(),
            dice: None,
        }
    }
}

/// One played action of the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The action in canonical notation.
    pub action: String,
    /// Every d10 it used, in order (supplied first, then drawn).
    pub dice: Vec<u8>,
}

/// What an applied action did.
#[derive(Clone, Debug)]
pub struct Applied {
    /// The action in canonical notation.
    pub action: String,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// Every d10 used.
    pub dice: Vec<u8>,
    /// How many of them were supplied by the caller.
    pub supplied: usize,
    /// How many were drawn from the stream.
    pub drawn: usize,
}

/// Why a session command failed. The session is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// The command needs the session idle.
    Searching,
    /// The command needs a position.
    NoPosition,
    /// The position does not load.
    Load(String),
    /// An action cannot be parsed or is illegal.
    Action(ActionError),
    /// More dice supplied than the action used.
    TooManyDice {
        /// Supplied.
        supplied: Vec<u8>,
        /// Used.
        used: usize,
    },
    /// Fewer dice supplied than the action needs (with `StrictDice`).
    NotEnoughDice {
        /// Supplied.
        supplied: usize,
    },
    /// An action of a list failed: its 1-based index, its text and why.
    InList {
        /// 1-based index in the list.
        index: usize,
        /// The text given.
        text: String,
        /// Why.
        error: Box<SessionError>,
    },
    /// `undo` with no action played since the position was set.
    NothingToUndo,
    /// A bug inside the engine (reported, never a crash).
    Internal(String),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Searching => write!(f, "a search is running (send stop first)"),
            SessionError::NoPosition => write!(
                f,
                "no position (send \"position file PATH\" or \"position json {{...}}\" first)"
            ),
            SessionError::Load(e) => write!(f, "{e}"),
            SessionError::Action(e) => write!(f, "{e}"),
            SessionError::TooManyDice { supplied, used } => {
                let list: Vec<String> = supplied.iter().map(|d| d.to_string()).collect();
                write!(
                    f,
                    "{} dice supplied ({}) but the action used {used}; nothing applied",
                    supplied.len(),
                    list.join(" ")
                )
            }
            SessionError::NotEnoughDice { supplied } => write!(
                f,
                "the action needs more than the {supplied} dice supplied (StrictDice is on); \
                 nothing applied"
            ),
            SessionError::InList { index, text, error } => {
                write!(f, "action {index} \"{text}\": {error}")
            }
            SessionError::NothingToUndo => write!(f, "no action to undo"),
            SessionError::Internal(e) => write!(f, "internal error (please report): {e}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// Dice for one action: the supplied ones first, then the stream; every roll recorded.
struct TableDice<'a> {
    script: &'a [u8],
    next: usize,
    stream: &'a mut SeededDice,
    rolls: Vec<u8>,
    drawn: usize,
}

impl DiceSource for TableDice<'_> {
    fn d10(&mut self) -> u8 {
        let v = if let Some(&v) = self.script.get(self.next) {
            self.next += 1;
            v.clamp(1, 10)
        } else {
            self.drawn += 1;
            self.stream.d10()
        };
        self.rolls.push(v);
        v
    }
}

/// Reads an action in notation ([`State::parse_action`]), refusing first the lines that are
/// only a chain mark and/or a facing (`+`, `chain`, `facing N`), which leave the engine's
/// parser no word to read.
///
/// # Errors
/// The action cannot be parsed or is illegal.
pub fn parse_action(st: &State, text: &str) -> Result<engine::Action, SessionError> {
    let mut w: Vec<&str> = text.split_whitespace().collect();
    if matches!(w.last(), Some(&"+") | Some(&"chain")) {
        w.pop();
    }
    if w.len() >= 2 && w[w.len() - 2].eq_ignore_ascii_case("facing") {
        w.truncate(w.len() - 2);
    }
    if w.is_empty() {
        return Err(SessionError::Action(ActionError::Parse(
            engine::action::ParseError {
                text: text.trim().to_string(),
                reason: "no action (only a chain mark or a facing)".into(),
            },
        )));
    }
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| st.parse_action(text)))
        .map_err(|_| SessionError::Internal(format!("reading the action \"{}\"", text.trim())))?
        .map_err(SessionError::Action)
}

/// Plays one action on `state` with the supplied dice and then `stream`. Atomic: on error
/// neither the state nor the stream changes.
///
/// # Errors
/// The action cannot be parsed or is illegal, more dice were supplied than used, or (with
/// `strict`) fewer than needed.
pub fn play_action(
    state: &mut State,
    stream: &mut SeededDice,
    p: &Planned,
    strict: bool,
) -> Result<Applied, SessionError> {
    let action = parse_action(state, &p.text)?;
    let mut trial = state.clone();
    let mut trial_stream = stream.clone();
    let supplied = p.dice.as_deref().unwrap_or(&[]);
    let mut dice = TableDice {
        script: supplied,
        next: 0,
        stream: &mut trial_stream,
        rolls: Vec::new(),
        drawn: 0,
    };
    let mut log = Log::recording();
    trial
        .apply(&action, &mut dice, &mut log)
        .map_err(|e| SessionError::Action(ActionError::Illegal(e)))?;
    let (used, drawn, rolls) = (dice.next, dice.drawn, dice.rolls);
    if used < supplied.len() {
        return Err(SessionError::TooManyDice {
            supplied: supplied.to_vec(),
            used: rolls.len(),
        });
    }
    if strict && drawn > 0 {
        return Err(SessionError::NotEnoughDice {
            supplied: supplied.len(),
        });
    }
    let text = state.notation(&action);
    *state = trial;
    *stream = trial_stream;
    Ok(Applied {
        action: text,
        events: log.events,
        dice: rolls,
        supplied: used,
        drawn,
    })
}

/// Plays a list of actions in order (atomic: on error nothing changes).
///
/// # Errors
/// [`SessionError::InList`] naming the first action that fails.
pub fn play_list(
    state: &mut State,
    stream: &mut SeededDice,
    list: &[Planned],
    strict: bool,
) -> Result<Vec<Applied>, SessionError> {
    let mut st = state.clone();
    let mut s = stream.clone();
    let mut out = Vec::with_capacity(list.len());
    for (k, p) in list.iter().enumerate() {
        match play_action(&mut st, &mut s, p, strict) {
            Ok(a) => out.push(a),
            Err(e) => {
                return Err(SessionError::InList {
                    index: k + 1,
                    text: p.text.trim().to_string(),
                    error: Box::new(e),
                })
            }
        }
    }
    *state = st;
    *stream = s;
    Ok(out)
}

/// Where a position comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// A position file (a catalogue path in it is relative to its directory).
    File(PathBuf),
    /// A position as JSON text (a catalogue path in it is relative to the current directory).
    Json(String),
}

/// A loaded position: the state, the normalised setup it came from and the directory its
/// catalogue path is relative to.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The state.
    pub state: State,
    /// The position as one line of JSON, catalogue path made absolute (replayable anywhere).
    pub json: String,
    /// The directory a catalogue path is relative to (`None`: the current directory).
    pub base: Option<PathBuf>,
    /// The position's description.
    pub description: String,
}

/// Loads a position.
///
/// # Errors
/// The position's [`engine::SetupError`] as text (file, field and reason).
pub fn load(src: &Source) -> Result<Loaded, SessionError> {
    let (setup, base): (Setup, Option<PathBuf>) = match src {
        Source::File(path) => {
            let s = Setup::from_file(path).map_err(|e| SessionError::Load(e.to_string()))?;
            let base = path
                .parent()
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        PathBuf::from(".")
                    } else {
                        p.to_path_buf()
                    }
                })
                .unwrap_or_else(|| PathBuf::from("."));
            let state = State::from_setup(&s, Some(&base)).map_err(|e| {
                SessionError::Load(format!("{}: {}: {}", path.display(), e.field, e.reason))
            })?;
            return Ok(Loaded {
                json: one_line_json(&state, &s.description, Some(&base)),
                state,
                base: Some(base),
                description: s.description,
            });
        }
        Source::Json(text) => (
            Setup::from_json(text).map_err(|e| SessionError::Load(e.to_string()))?,
            None,
        ),
    };
    let state = State::from_setup(&setup, base.as_deref())
        .map_err(|e| SessionError::Load(e.to_string()))?;
    Ok(Loaded {
        json: one_line_json(&state, &setup.description, None),
        state,
        base: None,
        description: setup.description,
    })
}

/// A state as one line of JSON with its catalogue path made absolute, so that it loads the same
/// from any directory.
pub fn one_line_json(st: &State, description: &str, base: Option<&Path>) -> String {
    let mut setup = st.to_setup();
    setup.description = description.to_string();
    if let Some(CatalogueSetup::Path(p)) = &setup.catalogue {
        let full = match base {
            Some(b) => b.join(p),
            None => PathBuf::from(p),
        };
        if let Ok(abs) = full.canonicalize() {
            setup.catalogue = Some(CatalogueSetup::Path(abs.to_string_lossy().into_owned()));
        }
    }
    serde_json::to_string(&setup).unwrap_or_default()
}

/// The current game: the base position, the record of what was played since, the state now.
#[derive(Clone, Debug)]
pub struct Game {
    /// The position set by the last `position` command, before its actions.
    pub base: State,
    /// The base as one line of JSON.
    pub base_json: String,
    /// The state now.
    pub state: State,
    /// Every action played since the base, with its dice.
    pub record: Vec<Played>,
    /// The directory the position's catalogue path is relative to.
    pub base_dir: Option<PathBuf>,
    /// The position's description.
    pub description: String,
}

impl Game {
    /// The state now as one line of JSON (a `position json` argument).
    pub fn state_json(&self) -> String {
        one_line_json(&self.state, &self.description, self.base_dir.as_deref())
    }
}

/// The final result of a search, or `None` when the search thread failed.
pub type Done = Box<dyn FnOnce(&State, Option<SearchResult>) + Send>;
/// Periodic progress of a search.
pub type Progress = Box<dyn Fn(&State, &SearchInfo) + Send + Sync>;

/// What to search for (`go`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoRequest {
    /// Iteration limit.
    pub iterations: Option<u64>,
    /// Time limit in milliseconds.
    pub movetime: Option<u64>,
    /// Node cap per tree.
    pub nodes: Option<usize>,
    /// Search until stopped.
    pub infinite: bool,
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before the result is reported: from then on the search is over for the
    /// caller (who may answer the report at once), even if its thread has not exited yet.
    over: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    infinite: bool,
}

/// The session.
pub struct Session {
    /// The options.
    pub options: Options,
    game: Option<Game>,
    dice: SeededDice,
    search: Option<Running>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session with the default options and no position.
    pub fn new() -> Session {
        let options = Options::default();
        Session {
            dice: SeededDice::new(options.dice_seed),
            options,
            game: None,
            search: None,
        }
    }

    /// The current game, if a position is set.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The state now.
    ///
    /// # Errors
    /// [`SessionError::NoPosition`].
    pub fn state(&self) -> Result<&State, SessionError> {
        self.game
            .as_ref()
            .map(|g| &g.state)
            .ok_or(SessionError::NoPosition)
    }

    /// Whether a search is running (a finished one is collected).
    pub fn searching(&mut self) -> bool {
        if self
            .search
            .as_ref()
            .is_some_and(|r| r.over.load(Ordering::SeqCst) || r.handle.is_finished())
        {
            if let Some(r) = self.search.take() {
                let _ = r.handle.join();
            }
        }
        self.search.is_some()
    }

    fn idle(&mut self) -> Result<(), SessionError> {
        if self.searching() {
            Err(SessionError::Searching)
        } else {
            Ok(())
        }
    }

    /// Sets an option (not during a search).
    ///
    /// # Errors
    /// A search is running, or the option or its value is bad.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if self.searching() {
            return Err(SessionError::Searching.to_string());
        }
        self.options.set(name, value)
    }

    /// Forgets the position and its record and restarts the dice stream. Stops a search first
    /// (its result is reported as usual).
    pub fn new_game(&mut self) {
        self.stop();
        self.game = None;
        self.dice = SeededDice::new(self.options.dice_seed);
    }

    /// Sets the position and plays `actions` from it (dice from the restarted stream when not
    /// supplied). Atomic.
    ///
    /// # Errors
    /// A search is running, the position does not load, or an action fails.
    pub fn set_position(
        &mut self,
        src: &Source,
        actions: &[Planned],
    ) -> Result<Vec<Applied>, SessionError> {
        self.idle()?;
        let loaded = load(src)?;
        let mut state = loaded.state.clone();
        let mut dice = SeededDice::new(self.options.dice_seed);
        let applied = play_list(&mut state, &mut dice, actions, self.options.strict_dice)?;
        self.game = Some(Game {
            base: loaded.state,
            base_json: loaded.json,
            record: applied
                .iter()
                .map(|a| Played {
                    action: a.action.clone(),
                    dice: a.dice.clone(),
                })
                .collect(),
            state,
            base_dir: loaded.base,
            description: loaded.description,
        });
        self.dice = dice;
        Ok(applied)
    }

    /// Plays actions on the current position (atomic).
    ///
    /// # Errors
    /// A search is running, there is no position, or an action fails.
    pub fn apply(&mut self, actions: &[Planned]) -> Result<Vec<Applied>, SessionError> {
        self.idle()?;
        let strict = self.options.strict_dice;
        let game = self.game.as_mut().ok_or(SessionError::NoPosition)?;
        let applied = if actions.len() == 1 {
            vec![play_action(
                &mut game.state,
                &mut self.dice,
                &actions[0],
                strict,
            )?]
        } else {
            play_list(&mut game.state, &mut self.dice, actions, strict)?
        };
        game.record.extend(applied.iter().map(|a| Played {
            action: a.action.clone(),
            dice: a.dice.clone(),
        }));
        Ok(applied)
    }

    /// Takes back the last action: replays the record but the last from the base with the
    /// recorded dice. The dice stream is not rewound.
    ///
    /// # Errors
    /// A search is running, there is no position, or nothing was played.
    pub fn undo(&mut self) -> Result<Played, SessionError> {
        self.idle()?;
        let game = self.game.as_mut().ok_or(SessionError::NoPosition)?;
        let Some(last) = game.record.last().cloned() else {
            return Err(SessionError::NothingToUndo);
        };
        let keep = &game.record[..game.record.len() - 1];
        let list: Vec<Planned> = keep
            .iter()
            .map(|p| Planned {
                text: p.action.clone(),
                dice: Some(p.dice.clone()),
            })
            .collect();
        let mut state = game.base.clone();
        let mut scratch = SeededDice::new(0);
        play_list(&mut state, &mut scratch, &list, true)?;
        game.state = state;
        game.record.pop();
        Ok(last)
    }

    /// Starts a search of the current position on its own thread. `progress` receives periodic
    /// reports; `done` the result exactly once (after `stop` when `infinite`).
    ///
    /// # Errors
    /// A search is running, or there is no position.
    pub fn go(
        &mut self,
        req: &GoRequest,
        progress: Progress,
        done: Done,
    ) -> Result<(), SessionError> {
        self.idle()?;
        let root = self.state()?.clone();
        let o = &self.options;
        let params = Params {
            threads: o.threads.max(1),
            seed: o.seed,
            parallel: o.parallel,
            ..Params::default()
        };
        let mut limits = Limits {
            iterations: req.iterations,
            movetime: req.movetime.map(Duration::from_millis),
            nodes: req.nodes.or((o.nodes > 0).then_some(o.nodes)),
        };
        if !req.infinite && limits.iterations.is_none() && limits.movetime.is_none() {
            limits.iterations = (o.iterations > 0).then_some(o.iterations);
            limits.movetime = (o.movetime > 0).then(|| Duration::from_millis(o.movetime));
            if limits.iterations.is_none() && limits.movetime.is_none() {
                limits.iterations = Some(DEFAULT_ITERATIONS);
            }
        }
        if req.infinite {
            limits.iterations = None;
            limits.movetime = None;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let over = Arc::new(AtomicBool::new(false));
        let over_flag = over.clone();
        let infinite = req.infinite;
        let handle = std::thread::Builder::new()
            .name("wartime-search".into())
            .spawn(move || {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let cb = |si: &SearchInfo| progress(&root, si);
                    mcts::search(&root, &params, &limits, Some(&flag), Some(&cb))
                }))
                .ok();
                // An infinite search reports only once stopped, even when it had nothing
                // to search.
                while infinite && !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                over_flag.store(true, Ordering::SeqCst);
                done(&root, result);
            })
            .map_err(|e| SessionError::Internal(format!("cannot start the search thread: {e}")))?;
        self.search = Some(Running {
            stop,
            over,
            handle,
            infinite,
        });
        Ok(())
    }

    /// Stops the search, if any, and waits until it has reported its result.
    pub fn stop(&mut self) {
        if let Some(r) = self.search.take() {
            r.stop.store(true, Ordering::Relaxed);
            let _ = r.handle.join();
        }
    }

    /// Waits for a finite search to end by itself; stops an infinite one (end of input).
    pub fn finish(&mut self) {
        if let Some(r) = self.search.take() {
            if r.infinite {
                r.stop.store(true, Ordering::Relaxed);
            }
            let _ = r.handle.join();
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The record as the arguments of a `position` command that replays the game exactly:
/// `json {…} actions A dice 3 7 ; B ; …` (every action with every die it used).
pub fn record_command(g: &Game) -> String {
    let mut s = format!("json {}", g.base_json);
    if !g.record.is_empty() {
        s.push_str(" actions ");
        let items: Vec<String> = g
            .record
            .iter()
            .map(|p| {
                if p.dice.is_empty() {
                    p.action.clone()
                } else {
                    let d: Vec<String> = p.dice.iter().map(|d| d.to_string()).collect();
                    format!("{} dice {}", p.action, d.join(" "))
                }
            })
            .collect();
        s.push_str(&items.join(" ; "));
    }
    s
}
