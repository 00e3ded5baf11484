//! Wartime behind the traits of the `treant` MCTS crate (0.4): the baseline that
//! `benches/search.rs` and `examples/treant_match.rs` compare our search with (PERFORMANCE.md,
//! "Search vs treant").
//!
//! * Game: [`TState`] wraps an `engine::State` with the dice it is played with. Moves are the
//!   engine's legal actions, in the engine's order ([`TMove::Play`]).
//! * Dice: treant's open-loop chance support. A fresh [`TState`] has a pending chance event
//!   ([`GameState::chance_outcomes`] returns the single outcome [`TMove::Reseed`]); treant
//!   resolves pending chance events of the root before the first selection step of **every
//!   playout**, and `make_move(Reseed)` draws a new seed from a per-thread SplitMix64 stream for
//!   the game dice and the rollout-policy dice of that playout. So each playout replays the
//!   tree's decisions on freshly sampled dice, as our open-loop search does per iteration. (Our
//!   engine rolls its dice inside `apply_unchecked`, so the individual rolls cannot be exposed
//!   as enumerable chance outcomes; one outcome that re-seeds the whole stream is the open-loop
//!   equivalent.)
//! * A treant node keeps the moves legal in the sample that created it. With other dice an edge
//!   may be illegal when a later playout reaches it (the target is down, no reaction window
//!   opened, …). treant has no notion of availability, so `make_move` then plays the rollout
//!   policy's choice instead (the same thing our search does when nothing in its tree is legal)
//!   and counts it ([`counters`]).
//! * Evaluator: our rollout policy (`ai::search::policy::rollout_choice`) for
//!   `Params::default().rollout_depth` decisions on the playout's dice, then
//!   `eval::win_probability_with(.., Side::A, &Weights::default())`: the same leaf value as our
//!   search. treant rewards are `i64`: win probabilities are scaled by [`SCALE`] and the UCT
//!   constant with them (its docs: "either normalize rewards or scale C proportionally").
//!   `evaluate_existing_state` re-runs a rollout from the current state, as treant's docs ask
//!   for open-loop games.
//! * Configuration: treant's defaults (UCT, infinite first-play urgency so every child is tried
//!   once, expansion after one visit, no transposition table, no depth limit, no progressive
//!   widening) with the constant of its tuning guide, C = 1.41 (on rewards in [0, 1]); for
//!   several threads its lock-free tree-parallel search with the virtual loss its parallel
//!   how-to recommends (as large as the largest evaluation: one full win).
//! * Optionally (`widen`, not treant's default; the match's `--widen`): treant's own
//!   progressive widening (`GameState::max_children`) with our search's schedule,
//!   ceil(2·√(visits + 1)) children, and the moves listed in the order of our heuristic prior
//!   (`ai::search::policy::prior_in`), as our search expands them.

#![allow(dead_code)]

use ai::agents::Agent;
use ai::search::policy::{prior_in, rollout_choice, Ctx};
use ai::search::Params;
use engine::{Action, Log, SeededDice, Side, State};
use eval::Weights;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use treant::tree_policy::UCTPolicy;
use treant::{Evaluator, GameState, MCTSManager, SearchHandle, MCTS};

/// Rewards are win probabilities times this (treant's rewards are integers).
pub const SCALE: f64 = 1_000_000.0;

/// The UCT constant on rewards in [0, 1] (treant's how-to: "start at sqrt(2) = 1.41").
pub const UCT_C: f64 = 1.41;

/// A treant move: a decision of the game, or the chance event that draws a playout's dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TMove {
    /// A legal action of the engine.
    Play(Action),
    /// The chance outcome: fresh dice for this playout.
    Reseed,
}

/// The game state treant searches: the engine state and the dice it is played with.
#[derive(Clone, Debug)]
pub struct TState {
    /// The position.
    pub st: State,
    dice: SeededDice,
    policy: SeededDice,
    needs_dice: bool,
    widen: bool,
}

impl TState {
    /// A root: dice are drawn at the start of every playout. `widen`: progressive widening
    /// over the moves ordered by our prior.
    pub fn new(st: &State, widen: bool) -> TState {
        TState {
            st: st.clone(),
            dice: SeededDice::new(0),
            policy: SeededDice::new(0x5eed),
            needs_dice: true,
            widen,
        }
    }
}

// ----- per-thread seeds and buffers, global counters -----

static BASE_SEED: AtomicU64 = AtomicU64::new(0x00C0_FFEE);
static THREAD_NO: AtomicU64 = AtomicU64::new(0);
static TREE_STEPS: AtomicU64 = AtomicU64::new(0);
static SUBSTITUTED: AtomicU64 = AtomicU64::new(0);

use engine::basics::dice::splitmix64 as splitmix;

thread_local! {
    static STREAM: Cell<u64> = Cell::new(splitmix(
        BASE_SEED.load(Ordering::Relaxed) ^ THREAD_NO.fetch_add(1, Ordering::Relaxed).wrapping_mul(0x9E37_79B9_7F4A_7C15),
    ));
    static BUFS: RefCell<(Vec<Action>, Vec<f32>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Restarts the seed stream of the calling thread (single-threaded searches become
/// reproducible) and the base of the threads created later.
pub fn reseed_thread(seed: u64) {
    BASE_SEED.store(seed, Ordering::Relaxed);
    STREAM.with(|s| s.set(splitmix(seed ^ 0xD1CE)));
}

fn next_seed() -> u64 {
    STREAM.with(|s| {
        let v = s.get().wrapping_add(0x9E37_79B9_7F4A_7C15);
        s.set(v);
        splitmix(v)
    })
}

/// (tree moves applied, of which illegal in their playout's sample and replaced by the rollout
/// policy's choice), since the last [`reset_counters`].
pub fn counters() -> (u64, u64) {
    (
        TREE_STEPS.load(Ordering::Relaxed),
        SUBSTITUTED.load(Ordering::Relaxed),
    )
}

/// Zeroes [`counters`].
pub fn reset_counters() {
    TREE_STEPS.store(0, Ordering::Relaxed);
    SUBSTITUTED.store(0, Ordering::Relaxed);
}

impl GameState for TState {
    type Move = TMove;
    type Player = Side;
    type MoveList = Vec<TMove>;

    fn current_player(&self) -> Side {
        self.st.to_decide().unwrap_or(Side::A)
    }

    fn available_moves(&self) -> Vec<TMove> {
        if self.st.is_terminal() {
            return Vec::new();
        }
        BUFS.with(|b| {
            let legal = &mut b.borrow_mut().0;
            self.st.legal_actions(legal);
            if !self.widen {
                return legal.iter().map(|&a| TMove::Play(a)).collect();
            }
            let ctx = Ctx::new(&self.st, legal);
            let mut scored: Vec<(f32, Action)> = legal
                .iter()
                .map(|a| (prior_in(&self.st, &ctx, a), *a))
                .collect();
            scored.sort_by(|x, y| y.0.total_cmp(&x.0));
            scored.into_iter().map(|(_, a)| TMove::Play(a)).collect()
        })
    }

    fn max_children(&self, visits: u64) -> usize {
        if self.widen {
            (2.0 * ((visits + 1) as f64).sqrt()).ceil() as usize
        } else {
            usize::MAX
        }
    }

    fn make_move(&mut self, mov: &TMove) {
        match *mov {
            TMove::Reseed => {
                let seed = next_seed();
                self.dice = SeededDice::new(seed);
                self.policy = SeededDice::new(seed ^ 0x5eed);
                self.needs_dice = false;
            }
            TMove::Play(a) => {
                if self.st.is_terminal() {
                    return;
                }
                TREE_STEPS.fetch_add(1, Ordering::Relaxed);
                BUFS.with(|b| {
                    let (legal, scratch) = &mut *b.borrow_mut();
                    self.st.legal_actions(legal);
                    if legal.is_empty() {
                        return;
                    }
                    let a = if legal.contains(&a) {
                        a
                    } else {
                        SUBSTITUTED.fetch_add(1, Ordering::Relaxed);
                        legal[rollout_choice(&self.st, legal, &mut self.policy, scratch)]
                    };
                    self.st.apply_unchecked(&a, &mut self.dice, &mut Log::off());
                });
            }
        }
    }

    fn chance_outcomes(&self) -> Option<Vec<(TMove, f64)>> {
        if self.needs_dice {
            Some(vec![(TMove::Reseed, 1.0)])
        } else {
            None
        }
    }
}

/// The leaf value: our rollout policy to our depth, then our evaluation (for side A).
pub struct TEval {
    /// Rollout length in decisions.
    pub depth: u32,
    /// Evaluation weights.
    pub weights: Weights,
}

impl Default for TEval {
    fn default() -> Self {
        TEval {
            depth: Params::default().rollout_depth,
            weights: Weights::default(),
        }
    }
}

impl TEval {
    fn rollout(&self, s: &TState) -> f32 {
        if s.needs_dice {
            // The root node's own evaluation, before any playout: never backed up.
            return eval::win_probability_with(&s.st, Side::A, &self.weights);
        }
        let mut st = s.st.clone();
        let mut dice = s.dice.clone();
        let mut policy = s.policy.clone();
        let mut off = Log::off();
        BUFS.with(|b| {
            let (legal, scratch) = &mut *b.borrow_mut();
            for _ in 0..self.depth {
                if st.is_terminal() {
                    break;
                }
                st.legal_actions(legal);
                if legal.is_empty() {
                    break;
                }
                let k = rollout_choice(&st, legal, &mut policy, scratch);
                let a = legal[k];
                st.apply_unchecked(&a, &mut dice, &mut off);
            }
        });
        eval::win_probability_with(&st, Side::A, &self.weights)
    }
}

impl Evaluator<TSpec> for TEval {
    type StateEvaluation = f32;

    fn evaluate_new_state(
        &self,
        state: &TState,
        moves: &Vec<TMove>,
        _: Option<SearchHandle<TSpec>>,
    ) -> (Vec<()>, f32) {
        (vec![(); moves.len()], self.rollout(state))
    }

    fn evaluate_existing_state(&self, state: &TState, _: &f32, _: SearchHandle<TSpec>) -> f32 {
        self.rollout(state)
    }

    fn interpret_evaluation_for_player(&self, v_a: &f32, player: &Side) -> i64 {
        let v = if *player == Side::A { *v_a } else { 1.0 - *v_a };
        (v as f64 * SCALE).round() as i64
    }
}

/// The MCTS configuration: treant's defaults, plus a seed when reproducibility is wanted.
#[derive(Default)]
pub struct TSpec {
    /// treant's own RNG seed (tie-breaks); None: from the OS, treant's default.
    pub seed: Option<u64>,
}

impl MCTS for TSpec {
    type State = TState;
    type Eval = TEval;
    type TreePolicy = UCTPolicy;
    type NodeData = ();
    type TranspositionTable = ();
    type ExtraThreadData = ();

    fn virtual_loss(&self) -> i64 {
        // treant's parallel how-to: at least the largest evaluation (no effect on one thread).
        SCALE as i64
    }

    fn rng_seed(&self) -> Option<u64> {
        self.seed
    }
}

/// A search manager for `st` with the configuration above.
pub fn manager(st: &State, seed: Option<u64>) -> MCTSManager<TSpec> {
    manager_with(st, seed, false)
}

/// [`manager`], with progressive widening over our prior's order when `widen`.
pub fn manager_with(st: &State, seed: Option<u64>, widen: bool) -> MCTSManager<TSpec> {
    let mut m = MCTSManager::new(
        TState::new(st, widen),
        TSpec { seed },
        TEval::default(),
        UCTPolicy::new(UCT_C * SCALE),
        (),
    );
    m.print_on_playout_error(false);
    m
}

/// `iterations` playouts from `st` on `threads` threads; the best move.
pub fn search(st: &State, iterations: u32, threads: usize, seed: Option<u64>) -> Option<Action> {
    let mut m = manager(st, seed);
    if threads <= 1 {
        m.playout_n(iterations as u64);
    } else {
        m.playout_n_parallel(iterations, threads);
    }
    match m.best_move() {
        Some(TMove::Play(a)) => Some(a),
        _ => None,
    }
}

/// treant as an [`Agent`]: a single-threaded search for a fixed time per decision (the clock
/// read every 32 playouts, like ours).
pub struct TreantAgent {
    movetime: Duration,
    widen: bool,
    seed: u64,
    calls: u64,
    /// Decisions searched and playouts run (a decision with one legal action is not searched).
    pub searched: u64,
    /// Playouts over all searched decisions.
    pub playouts: u64,
}

impl TreantAgent {
    /// An agent searching `movetime` per decision (`widen`: see [`manager_with`]).
    pub fn new(movetime: Duration, seed: u64, widen: bool) -> TreantAgent {
        TreantAgent {
            movetime,
            widen,
            seed,
            calls: 0,
            searched: 0,
            playouts: 0,
        }
    }
}

impl Agent for TreantAgent {
    fn name(&self) -> String {
        if self.widen { "treant+pw" } else { "treant" }.into()
    }

    fn choose(&mut self, st: &State) -> Action {
        let start = Instant::now();
        self.calls += 1;
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        if legal.len() == 1 {
            return legal[0];
        }
        let seed = self.seed ^ (self.calls << 24);
        reseed_thread(seed);
        let mut m = manager_with(st, Some(seed), self.widen);
        // The clock is read every 32 playouts, as `ai::search::search` does.
        let mut n = 0u64;
        while !n.is_multiple_of(32) || start.elapsed() < self.movetime {
            m.playout();
            n += 1;
        }
        self.searched += 1;
        self.playouts += n;
        match m.best_move() {
            Some(TMove::Play(a)) => a,
            _ => legal[0],
        }
    }
}
