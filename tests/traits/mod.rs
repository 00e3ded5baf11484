//! BONUS Y MALUS in play: the coverage of the catalogue (every trait has effects or a line in
//! RULES.md's "Traits left out") and the effects of the traits with scripted dice.

mod bad_input;
mod coverage;
