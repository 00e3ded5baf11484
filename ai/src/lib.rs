//! Search, agents, analysis and the command line of `wartime`.
//!
//! One room per role: [`search`] (MCTS and its policy), [`agents`] (agents, games, matches),
//! [`frontend`] (protocol, session, analysis mode, child engines), [`view`] (text, SVG,
//! terminal play), [`tools`] (tournaments, balance, tactics suite, tuning), [`input`] (position
//! and tactics files, the error of a bad input), [`web`] (`wartime serve`: play and analyse in
//! the browser) and [`cli`] (parses the command line and
//! dispatches).
#![warn(missing_docs)]

pub mod agents;
pub mod cli;
pub mod frontend;
pub mod input;
pub mod search;
pub mod tools;
pub mod view;
pub mod web;
