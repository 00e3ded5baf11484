//! One tournament game: the two players at the table, every decision with the dice it
//! consumed and the time it took, an engine's fault ending the game as its loss, and the game
//! record. The game loop itself is [`crate::agents::run_duplicate`] (keyed duplicate dice).

use crate::agents::{run_duplicate, Agent, Decide};
use crate::tools::tournament::external::{ExternalEngine, Fault, FaultKind};
use crate::tools::tournament::record::{
    result_string, DecisionRecord, FaultRecord, GameRecord, Termination,
};
use engine::{Action, Side, State};
use std::time::Instant;

/// Who plays a side.
pub enum Player {
    /// An internal agent, built for this game.
    Internal(Box<dyn Agent>),
    /// An external engine process (returned to its pool after the game).
    External(ExternalEngine),
}

/// What a game is: everything but the players.
pub struct Table<'a> {
    /// Game number.
    pub game: u64,
    /// Round, 1-based.
    pub round: u64,
    /// Pair, 1-based.
    pub pair: u64,
    /// Position file name.
    pub position: &'a str,
    /// The starting position as JSON (the record's `start`).
    pub start: &'a serde_json::Value,
    /// The same on one line (sent to external engines).
    pub start_line: &'a str,
    /// The starting state (loaded from `start`).
    pub state: &'a State,
    /// Dice seed.
    pub seed: u64,
    /// Engine names of side A and side B.
    pub names: [&'a str; 2],
    /// Decisions after which the game is scored as it stands.
    pub max_decisions: usize,
}

/// How a game went.
pub struct Played {
    /// The record (`None`: the game was aborted, nothing to record).
    pub record: Option<GameRecord>,
    /// The players, to return external engines to their pools (a crashed one is `None`).
    pub players: [Option<Player>; 2],
    /// The fault that ended the game, with the side at fault.
    pub fault: Option<(Side, Fault)>,
}

enum Stop {
    Fault(Side, Fault),
    Aborted,
}

struct Seats<'a, 'b> {
    table: &'b Table<'a>,
    players: [Option<Player>; 2],
    decisions: Vec<DecisionRecord>,
    pending: Option<(String, Side, u64)>,
    abort: &'b (dyn Fn() -> bool + Sync),
    buf: Vec<Action>,
}

impl Decide for Seats<'_, '_> {
    type Stop = Stop;

    fn decide(&mut self, st: &State) -> Result<Action, Stop> {
        if (self.abort)() {
            return Err(Stop::Aborted);
        }
        let side = st.to_decide().unwrap_or(Side::A);
        st.legal_actions(&mut self.buf);
        // A decision with one legal action is played without asking: no engine could answer
        // anything else, and it saves a movetime per forced decision (initiative picks …).
        let (a, ms) = if self.buf.len() == 1 {
            (self.buf[0], 0)
        } else {
            match &mut self.players[side.index()] {
                Some(Player::Internal(agent)) => {
                    let t0 = Instant::now();
                    let a = agent.choose(st);
                    // The referee applies without checking (as for a checked external answer):
                    // an internal agent's illegal action is a fault like an engine's, never
                    // a corrupted game. `buf` holds this decision's legal list already.
                    if !self.buf.contains(&engine::game::normalise(&a)) {
                        return Err(Stop::Fault(
                            side,
                            Fault {
                                kind: FaultKind::Illegal,
                                detail: format!("internal agent chose \"{}\"", st.notation(&a)),
                            },
                        ));
                    }
                    (a, t0.elapsed().as_millis() as u64)
                }
                Some(Player::External(e)) => e
                    .decide(self.table.start_line, &self.decisions, st)
                    .map_err(|f| Stop::Fault(side, f))?,
                None => {
                    return Err(Stop::Fault(
                        side,
                        Fault {
                            kind: FaultKind::Crash,
                            detail: "no engine".into(),
                        },
                    ))
                }
            }
        };
        self.pending = Some((st.notation(&a), side, ms));
        Ok(a)
    }

    fn played(&mut self, _a: &Action, dice: &[u8]) {
        if let Some((action, side, ms)) = self.pending.take() {
            self.decisions.push(DecisionRecord {
                action,
                dice: dice.to_vec(),
                side: side.to_string(),
                ms,
            });
        }
    }
}

/// Plays the game. `players[0]` plays side A; a side whose engine could not be made ready
/// comes with its `prefault` and loses at once. `abort` is asked before every decision.
pub fn play(
    t: &Table<'_>,
    players: [Option<Player>; 2],
    prefault: Option<(Side, Fault)>,
    abort: &(dyn Fn() -> bool + Sync),
) -> Played {
    let mut seats = Seats {
        table: t,
        players,
        decisions: Vec::new(),
        pending: None,
        abort,
        buf: Vec::new(),
    };
    let (end_state, stop) = match prefault {
        Some((side, f)) => (t.state.clone(), Some(Stop::Fault(side, f))),
        None => {
            let end = run_duplicate(t.state, &mut seats, t.seed, t.max_decisions);
            (end.state, end.stopped)
        }
    };
    let (returns, termination, fault) = match stop {
        Some(Stop::Aborted) => {
            return Played {
                record: None,
                players: seats.players,
                fault: None,
            }
        }
        Some(Stop::Fault(side, f)) => {
            let a = if side == Side::A { 0.0 } else { 1.0 };
            let term = match f.kind {
                FaultKind::Crash => Termination::Crash,
                FaultKind::Hang | FaultKind::TimeLoss => Termination::Timeout,
                FaultKind::Illegal => Termination::Illegal,
            };
            if f.kind.is_fatal() {
                seats.players[side.index()] = None;
            }
            ([a, 1.0 - a], term, Some((side, f)))
        }
        None => (
            [
                end_state.returns(Side::A) as f64,
                end_state.returns(Side::B) as f64,
            ],
            if end_state.is_terminal() {
                Termination::Normal
            } else {
                Termination::MaxDecisions
            },
            None,
        ),
    };
    let engine_faults = fault
        .iter()
        .map(|(side, f)| FaultRecord {
            engine: t.names[side.index()].to_string(),
            kind: f.kind.name().to_string(),
            decision: seats.decisions.len() + 1,
            detail: f.detail.clone(),
        })
        .collect();
    let record = GameRecord {
        game: t.game,
        round: t.round,
        pair: t.pair,
        position: t.position.to_string(),
        start: t.start.clone(),
        side_a: t.names[0].to_string(),
        side_b: t.names[1].to_string(),
        seed: t.seed,
        decisions: seats.decisions,
        result: result_string(returns[0]).to_string(),
        returns,
        termination,
        engine_faults,
    };
    Played {
        record: Some(record),
        players: seats.players,
        fault,
    }
}
