//! Integration tests of the rules engine: one module per rulebook section, plus properties,
//! perft counts and position files.

mod actions;
mod altitude;
mod areas;
mod build;
mod combat;
mod meta;
mod mind;
mod movement;
mod movement_actions;
mod perft;
mod physical;
mod points;
mod positions;
mod properties;
mod psychology;
mod reactions;
mod scripted_positions;
mod sequence;
mod smoke;
