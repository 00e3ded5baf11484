//! `wartime protocol`: the line protocol for GUIs and servers (PROTOCOL.md), in the manner of
//! UCI. This module only reads command lines and writes answer lines; the position, the
//! options, the dice and the search live in [`crate::frontend::session::Session`].
//!
//! Input is read on its own thread and handed to the command loop, so that `isready` and
//! `stop` are answered while a search runs (the search runs on a third thread and reports
//! through callbacks formatted here). Every output line is written whole and flushed; the
//! lines of one answer are written together, never interleaved with `info` lines.
//!
//! Files: `commands.rs` (the command loop), `parse.rs` (reading commands), `lines.rs` (writing
//! answers), `io.rs` (the input thread and the shared output).

mod commands;
mod io;
mod lines;
mod parse;

pub use commands::{run_protocol, Flow, Protocol, COMMANDS};
pub use io::{read_line_capped, spawn_reader, Input, Out, MAX_LINE_BYTES};
pub use lines::{
    applied_lines, bestaction_line, decision_line, handshake_lines, info_lines, progress_report,
    PROTOCOL_VERSION,
};
pub use parse::{parse_action_list, parse_go, parse_planned, parse_position, Go};
