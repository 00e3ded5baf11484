//! The learned evaluation (issue 19): a logistic model over the richer features of
//! [`features`], with weights fitted by `wartime tune` to the results of self-play games and
//! kept as a data file (`eval/weights/learned.txt`, embedded in the build as the default and
//! loadable from any path). A weights file that is missing, truncated, of the wrong length or
//! with a weight that is not a finite number is refused with one error naming the file: never a
//! silent fall-back to other weights.

pub mod features;

pub use features::{
    hand_logit, learned_features, learned_features_with, HAND_LOGIT, LEARNED_NAMES, NUM_LEARNED,
};

use std::path::Path;

/// The first data line of a weights file: format name and version.
pub const HEADER: &str = "wartime-eval learned 1";

/// The shipped weights, fitted by `wartime tune` (STRENGTH.md says how and on what).
pub const SHIPPED: &str = include_str!("../../weights/learned.txt");

/// Learned weights: one per [`LEARNED_NAMES`].
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The weights, in the order of [`LEARNED_NAMES`].
    pub w: [f32; NUM_LEARNED],
}

impl Model {
    /// The shipped weights ([`SHIPPED`]).
    pub fn shipped() -> Model {
        Model::parse(SHIPPED, "eval/weights/learned.txt (embedded)")
            .expect("the shipped weights file parses (tested)")
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// One message naming the file: it cannot be read, or [`Model::parse`] refuses it.
    pub fn load(path: &Path) -> Result<Model, String> {
        Model::parse(
            &crate::weights_file::read(path)?,
            &path.display().to_string(),
        )
    }

    /// Parses the text of a weights file: `#` comments and blank lines anywhere; the first
    /// other line is [`HEADER`] followed by the number of weights; then one `name value` line
    /// per feature of [`LEARNED_NAMES`], in that order.
    ///
    /// # Errors
    /// A message naming `origin` and what is wrong: no header, another count than this build's,
    /// too few lines (truncated) or too many, a name out of order, a value that is not a
    /// finite number.
    pub fn parse(text: &str, origin: &str) -> Result<Model, String> {
        let v =
            crate::weights_file::parse(text, origin, HEADER, "learned evaluation", &LEARNED_NAMES)?;
        let mut w = [0f32; NUM_LEARNED];
        w.copy_from_slice(&v);
        Ok(Model { w })
    }

    /// The text of a weights file for these weights, with `comment` lines on top.
    pub fn to_text(&self, comment: &str) -> String {
        crate::weights_file::to_text(comment, HEADER, &LEARNED_NAMES, &self.w)
    }

    /// The probability that side A wins a non-terminal position.
    pub fn p_a(&self, st: &engine::State) -> f32 {
        let f = learned_features_with(st, self.w[HAND_LOGIT] != 0.0);
        let z: f32 = f.iter().zip(self.w.iter()).map(|(a, b)| a * b).sum();
        1.0 / (1.0 + (-z).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(ws: &[f32]) -> String {
        let mut m = Model {
            w: [0.0; NUM_LEARNED],
        };
        m.w[..ws.len()].copy_from_slice(ws);
        m.to_text("test")
    }

    #[test]
    fn the_shipped_file_parses_and_round_trips() {
        let m = Model::shipped();
        let back = Model::parse(&m.to_text("again"), "x").unwrap();
        assert_eq!(m, back);
        assert!(m.w.iter().any(|w| *w != 0.0));
    }

    #[test]
    fn bad_files_are_refused_naming_the_file() {
        let good = file(&[1.5, -2.0]);
        assert!(Model::parse(&good, "f").is_ok());
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "empty"),
            ("hello\n".into(), "expected"),
            (
                good.replace(&format!("{HEADER} {NUM_LEARNED}"), &format!("{HEADER} 3")),
                "3 weights",
            ),
            (
                good.lines().take(5).collect::<Vec<_>>().join("\n"),
                "truncated",
            ),
            (
                good.replace("score 1.5", "score NaN"),
                "not a finite number",
            ),
            (
                good.replace("score 1.5", "score inf"),
                "not a finite number",
            ),
            (good.replace("score 1.5", "score"), "not a finite number"),
            (
                good.replace("score 1.5", "health 1.5"),
                "\"score VALUE\" expected",
            ),
            (format!("{good}extra 1\n"), "more than"),
        ];
        for (text, want) in cases {
            let e = Model::parse(&text, "my_weights.txt").unwrap_err();
            assert!(e.contains("my_weights.txt"), "{e}");
            assert!(e.contains(want), "{want}: {e}");
        }
        let e = Model::load(Path::new("/nonexistent/w.txt")).unwrap_err();
        assert!(
            e.contains("/nonexistent/w.txt") && e.contains("cannot be read"),
            "{e}"
        );
    }
}
