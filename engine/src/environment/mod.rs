//! ENTORNO: what the surroundings do to the characters beyond terrain and sight (which live on
//! the board) — noise and who hears it ([`noise`]).

pub mod noise;
