//! Playing actions at the table (PROTOCOL.md §5 "Dice and refereeing"): an action in notation
//! with the dice rolled for it, played atomically on a state and the referee's dice stream,
//! with what it did and every die it used.

use super::error::SessionError;
use engine::basics::check::{Event, Log};
use engine::basics::dice::{DiceSource, SeededDice};
use engine::{ActionError, State};

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
            engine::basics::action::ParseError {
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
            next: next_check(state, &action, supplied, &log.events),
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

/// Unwinds out of an action when the supplied dice run out (no panic hook runs).
struct OutOfDice;

/// Dice that stop the action (by unwinding) when the supplied ones run out.
struct UntilOut<'a>(&'a [u8], usize);

impl DiceSource for UntilOut<'_> {
    fn d10(&mut self) -> u8 {
        match self.0.get(self.1) {
            Some(&v) => {
                self.1 += 1;
                v.clamp(1, 10)
            }
            None => std::panic::resume_unwind(Box::new(OutOfDice)),
        }
    }
}

/// The check the first die after `supplied` is rolled for (`b1 CH AGI, target 5`), read from
/// `events`, the full play of the action: the action is played again with the supplied dice
/// only, stopped when they run out; the first check logged from that point on is the one the
/// next die decides. `None` when that die is not a check's (damage, initiative …).
fn next_check(
    state: &State,
    action: &engine::Action,
    supplied: &[u8],
    events: &[Event],
) -> Option<String> {
    use engine::basics::action::Roster;
    let mut trial = state.clone();
    let mut log = Log::recording();
    let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = trial.apply(action, &mut UntilOut(supplied, 0), &mut log);
    }));
    let before = match stopped {
        Err(p) if p.is::<OutOfDice>() => log.events.len(),
        _ => return None,
    };
    // The die is the check's own roll only when no other event comes between.
    match events.get(before) {
        Some(Event::Check { who, what, roll }) => Some(format!(
            "{} {what}, target {}",
            state.label(*who),
            roll.target
        )),
        _ => None,
    }
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
