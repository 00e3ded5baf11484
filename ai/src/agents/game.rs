//! Playing a game between two agents (TOURNAMENTS.md §4 "Pairs and dice: the duplicate
//! format"): a plain game, and one game of a duplicate pair (dice keyed by character and turn,
//! so that both games of a pair roll the same for the same character); used by matches,
//! tournaments, balance runs and tests.

use super::agent::Agent;
use engine::basics::action::Action;
use engine::basics::check::Log;
use engine::basics::dice::{DiceSource, DuplicateDice, RecordingDice};
use engine::{Side, State};

/// Plays a game to the end; `agents[0]` plays side A. Returns A's result (1, 0.5, 0) and the
/// number of decisions.
pub fn play_game(
    start: &State,
    agents: &mut [Box<dyn Agent>; 2],
    dice: &mut dyn DiceSource,
    max_decisions: usize,
) -> (f32, usize) {
    let mut st = start.clone();
    let mut n = 0;
    let mut log = Log::off();
    while !st.is_terminal() && n < max_decisions {
        let side = st.to_decide().unwrap_or(Side::A);
        let a = agents[side.index()].choose(&st);
        st.apply_unchecked(&a, dice, &mut log);
        n += 1;
    }
    (st.returns(Side::A), n)
}

/// Who decides in a game played by [`run_duplicate`], and what it is told of each decision.
pub trait Decide {
    /// Why a game can end early (a faulty engine, an aborted game).
    type Stop;
    /// The decision of the side to decide in `st` (which has at least one legal action), or a
    /// reason to stop the game here.
    ///
    /// # Errors
    /// The reason to stop.
    fn decide(&mut self, st: &State) -> Result<Action, Self::Stop>;
    /// The action just applied and the dice it consumed, in order (game records).
    fn played(&mut self, _a: &Action, _dice: &[u8]) {}
}

impl Decide for [Box<dyn Agent>; 2] {
    type Stop = std::convert::Infallible;
    fn decide(&mut self, st: &State) -> Result<Action, Self::Stop> {
        let side = st.to_decide().unwrap_or(Side::A);
        let a = self[side.index()].choose(st);
        debug_assert!(
            st.is_legal(&a),
            "{} chose an illegal action: {}",
            self[side.index()].name(),
            st.notation(&a)
        );
        Ok(a)
    }
}

/// The end of a game played by [`run_duplicate`].
#[derive(Clone, Debug)]
pub struct GameEnd<S> {
    /// The state when the game ended.
    pub state: State,
    /// Decisions applied.
    pub decisions: usize,
    /// Set when [`Decide::decide`] stopped the game.
    pub stopped: Option<S>,
}

/// Plays a game of a duplicate pair from `start` until it is over, `max_decisions` were taken
/// or `who` stops it. The dice come from a [`DuplicateDice`] keyed by [`State::dice_key`]
/// before every action, so the other game of the pair (same seed, sides swapped) hands the
/// same die to the same character's k-th check of a turn, whoever controls it; every die an
/// action consumes is reported to [`Decide::played`].
pub fn run_duplicate<D: Decide + ?Sized>(
    start: &State,
    who: &mut D,
    seed: u64,
    max_decisions: usize,
) -> GameEnd<D::Stop> {
    let mut st = start.clone();
    let mut dice = DuplicateDice::new(seed);
    let mut n = 0;
    let mut log = Log::off();
    while !st.is_terminal() && n < max_decisions {
        let a = match who.decide(&st) {
            Ok(a) => a,
            Err(stop) => {
                return GameEnd {
                    state: st,
                    decisions: n,
                    stopped: Some(stop),
                }
            }
        };
        dice.select(st.dice_key(&a));
        let mut rec = RecordingDice::new(&mut dice);
        st.apply_unchecked(&a, &mut rec, &mut log);
        let rolls = rec.rolls;
        who.played(&a, &rolls);
        n += 1;
    }
    GameEnd {
        state: st,
        decisions: n,
        stopped: None,
    }
}

/// Plays one game of a duplicate pair ([`run_duplicate`]); `agents[0]` plays side A. Returns
/// side A's result and the decisions taken.
pub fn play_duplicate_game(
    start: &State,
    agents: &mut [Box<dyn Agent>; 2],
    seed: u64,
    max_decisions: usize,
) -> (f32, usize) {
    let end = run_duplicate(start, agents, seed, max_decisions);
    (end.state.returns(Side::A), end.decisions)
}
