//! Integration tests of the rules engine: one module per rulebook section, plus properties,
//! perft counts and position files.

mod smoke;
