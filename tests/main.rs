//! Integration tests of the rules engine: one module per rulebook section, plus properties,
//! perft counts and position files.

mod actions;
mod altitude;
mod areas;
mod areas2;
mod bombs;
mod build;
mod carry_retros;
mod combat;
mod doors_turrets;
mod duel;
mod hacking;
mod hostile;
mod items;
mod meta;
mod meta_areas;
mod mind;
mod movement;
mod movement_actions;
mod objects_hacking;
mod perft;
mod physical;
mod points;
mod positions;
mod properties;
mod psychology;
mod reaction_actions;
mod reaction_noise;
mod reactions;
mod save_exact;
mod scripted_positions;
mod sequence;
mod smoke;
mod traits;
mod transport;
mod transport_gear;
