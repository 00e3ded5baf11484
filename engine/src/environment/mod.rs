//! ENTORNO: what the surroundings do to the characters beyond terrain and sight (which live on
//! the board) — noise and who hears it ([`noise`]); hostile zones ([`hostile`], seed 003's
//! Ambiente hostil, adapted).

pub mod hostile;
pub mod noise;
