//! CONCEPTOS BÁSICOS and CHEQUEOS: the vocabulary every rule is written in — squares, facings
//! and sides ([`geom`]), dice ([`dice`]), checks and the event log ([`check`]), actions and their
//! notation ([`action`]) and the board with its terrain, line of sight and cover ([`board`]).
//!
//! Nothing here knows the game state: these modules sit at the bottom of the engine.

pub mod action;
pub mod area;
pub mod board;
pub mod check;
pub mod dice;
pub mod geom;
