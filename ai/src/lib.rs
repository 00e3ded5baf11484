//! Search, agents, analysis and the command line of `wartime`.
#![warn(missing_docs)]

pub mod agents;
pub mod analysis;
pub mod analyze;
pub mod arena;
pub mod balance;
pub mod child;
pub mod cli;
pub mod compliance;
pub mod mcts;
pub mod oep;
pub mod play;
pub mod policy;
pub mod protocol;
pub mod render;
pub mod session;
pub mod suite;
pub mod svg;
pub mod tournament;
pub mod tune;
