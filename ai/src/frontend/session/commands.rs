//! The session's commands (PROTOCOL.md §2 "Commands", §6 "Driving a game"): set the
//! position, apply, undo, set an option, search on a thread of its own and stop; each atomic (on
//! error nothing changes).

use super::actions::{play_action, play_list, Applied, Planned, Played};
use super::error::SessionError;
use super::game::{load, Game, Source};
use super::options::{Options, DEFAULT_ITERATIONS};
use crate::search::{self, Limits, Params, SearchInfo, SearchResult};
use engine::basics::dice::SeededDice;
use engine::State;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

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
    files: bool,
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
            files: true,
        }
    }

    /// Switches reading files by path on or off (`--no-files`: a `position file` command, or a
    /// catalogue path inside a position, is then refused). On by default.
    pub fn allow_files(&mut self, on: bool) {
        self.files = on;
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
        let loaded = load(src, self.files)?;
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
                    search::search(&root, &params, &limits, Some(&flag), Some(&cb))
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
