//! Why a session command failed (PROTOCOL.md §3: the `error` lines); the session is unchanged.

use engine::ActionError;
use std::fmt;

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
        /// The check the next die is for, when it is one: `b1 CH AGI (180°), target 5`.
        next: Option<String>,
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
            SessionError::NotEnoughDice { supplied, next } => write!(
                f,
                "the action needs more than the {supplied} dice supplied (StrictDice is on){}; \
                 nothing applied",
                next.as_ref()
                    .map(|n| format!("; the next die is for {n}"))
                    .unwrap_or_default()
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
