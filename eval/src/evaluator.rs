//! Which static evaluation a player uses: the hand-set one of [`crate::features`] (12 weights,
//! [`crate::Weights`]) or the learned one of [`crate::learned`] (issue 19). Both answer the same
//! question — the probability that a side wins — so the search, the agents and the tools take
//! an [`Evaluator`] and need not know which.

use crate::learned::Model;
use crate::Weights;
use engine::{Side, State};
use std::sync::Arc;

/// A static evaluation.
#[derive(Clone, Debug, PartialEq)]
pub enum Evaluator {
    /// The hand-set logistic model over [`crate::FEATURE_NAMES`].
    Hand(Weights),
    /// The learned logistic model over [`crate::learned::LEARNED_NAMES`] (shared, read-only).
    Learned(Arc<Model>),
    /// The hand-set model with the turn progress read as before the eleventh session (phases
    /// counting up; [`crate::features_with`]): `eval=hand-old`, to measure the fix against.
    HandOld(Weights),
    /// The hand-set model without the end-of-game horizon ([`crate::HORIZON_TURNS`]; the
    /// twenty-second session): `eval=hand-untimed`, to measure the horizon against.
    HandUntimed(Weights),
}

impl Default for Evaluator {
    /// The learned evaluation with the shipped weights.
    fn default() -> Self {
        Evaluator::learned()
    }
}

impl Evaluator {
    /// The hand-set evaluation with its default weights.
    pub fn hand() -> Evaluator {
        Evaluator::Hand(Weights::default())
    }

    /// The learned evaluation with the shipped weights.
    pub fn learned() -> Evaluator {
        Evaluator::Learned(Arc::new(Model::shipped()))
    }

    /// Parses an evaluation's name: `hand`, `hand-old` (the hand-set model with the turn
    /// progress before the eleventh session), `hand-untimed` (without the end-of-game horizon),
    /// `hand-noweapon` (the hand-set model without the
    /// twelfth session's `armed` term), `learned` (the shipped weights), or the path of a
    /// weights file — a hand-set one (`wartime-eval hand 1` header, as `wartime spsa` writes)
    /// or a learned one (as `wartime tune` writes).
    ///
    /// # Errors
    /// The weights file's error ([`Weights::load`], [`Model::load`]).
    pub fn from_name(name: &str) -> Result<Evaluator, String> {
        match name {
            "hand" => Ok(Evaluator::hand()),
            "learned" => Ok(Evaluator::learned()),
            "hand-old" => Ok(Evaluator::HandOld(Weights::default())),
            "hand-untimed" => Ok(Evaluator::HandUntimed(Weights::default())),
            "hand-noweapon" => Ok(Evaluator::Hand(Weights::noweapon())),
            path => {
                let text = crate::weights_file::read(std::path::Path::new(path))?;
                let hand = crate::weights_file::header_line(&text)
                    .is_some_and(|h| h.starts_with(crate::weights_file::HAND_HEADER));
                if hand {
                    Ok(Evaluator::Hand(Weights::parse(&text, path)?))
                } else {
                    Ok(Evaluator::Learned(Arc::new(Model::parse(&text, path)?)))
                }
            }
        }
    }

    /// The probability that `side` wins. Terminal positions return the game's result exactly.
    pub fn win_probability(&self, st: &State, side: Side) -> f32 {
        match self {
            Evaluator::Hand(w) => crate::win_probability_with(st, side, w),
            Evaluator::HandOld(w) => {
                crate::win_probability_from(st, side, w, crate::Reading::LegacyProgress)
            }
            Evaluator::HandUntimed(w) => {
                crate::win_probability_from(st, side, w, crate::Reading::Untimed)
            }
            Evaluator::Learned(m) => {
                if st.is_terminal() {
                    return st.returns(side);
                }
                let p_a = m.p_a(st);
                match side {
                    Side::A => p_a,
                    Side::B => 1.0 - p_a,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_evaluation_parses_and_a_bad_name_is_an_error_naming_the_file() {
        assert_eq!(Evaluator::from_name("hand"), Ok(Evaluator::hand()));
        assert_eq!(
            Evaluator::from_name("hand-untimed"),
            Ok(Evaluator::HandUntimed(Weights::default()))
        );
        assert_eq!(
            Evaluator::from_name("hand-old"),
            Ok(Evaluator::HandOld(Weights::default()))
        );
        let err = Evaluator::from_name("no/such/weights.txt").unwrap_err();
        assert!(err.contains("no/such/weights.txt"), "{err}");
    }
}
