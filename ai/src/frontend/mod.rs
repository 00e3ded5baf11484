//! The front-ends (product role: how GUIs, servers and scripts talk to the engine): the line
//! protocol and the session behind it (PROTOCOL.md), the JSON-lines analysis mode, the analysis
//! report, terminal play against the engine, the protocol compliance check and engines run as
//! child processes.

pub mod analysis;
pub mod analyze;
pub mod child;
pub mod compliance;
pub mod play;
pub mod protocol;
pub mod session;
