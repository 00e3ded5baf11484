//! Search, agents, analysis and the command line of `wartime`.
#![warn(missing_docs)]

pub mod agents;
pub mod analyze;
pub mod arena;
pub mod cli;
pub mod mcts;
pub mod oep;
pub mod policy;
pub mod render;
pub mod suite;
pub mod tune;
