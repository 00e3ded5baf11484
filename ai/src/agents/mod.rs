//! The agents (product role: the opponents the engine plays and measures itself with): the
//! [`Agent`] trait with random, greedy one-ply, flat Monte Carlo and MCTS agents, a scripted
//! expert ([`expert`]), open-loop
//! evolutionary planning ([`oep`]), the game runners, and matches between agents ([`arena`]).

mod agent;
pub mod arena;
pub mod expert;
mod game;
pub mod oep;

pub use agent::{forced, Agent, FlatMcAgent, GreedyAgent, MctsAgent, RandomAgent, FLAT_MC_DEPTH};
pub use expert::ExpertAgent;
pub use game::{play_duplicate_game, play_game, run_duplicate, Decide, GameEnd};
pub use oep::OepAgent;
