//! The tools that measure the engine (product role: strength and balance studies):
//! tournaments (TOURNAMENTS.md), balance runs over army lists (BALANCE.md), the tactics suite
//! and the tuning of the evaluation weights.

pub mod balance;
pub mod suite;
pub mod tournament;
pub mod tune;
