//! SECUENCIA DE JUEGO, ACCIONES, ENERGÍA and REACCIONES: the state machine that moves the game
//! from one decision to the next — the legal decisions ([`legal`]) and the resolution of each
//! ([`resolve`]), with initiative, activations, ENE and reaction windows.

mod aboard;
mod acting;
mod cost;
pub mod energy;
pub mod legal;
mod legal_attacks;
mod moving;
pub mod reaction_options;
pub mod reactions;
pub mod resolve;
pub mod sentry;
pub mod swarm;
pub mod turn;
