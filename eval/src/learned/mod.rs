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
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("weights file {}: cannot be read: {e}", path.display()))?;
        Model::parse(&text, &path.display().to_string())
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
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(k, l)| (k + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let Some((hl, header)) = lines.next() else {
            return Err(format!(
                "weights file {origin}: empty (no \"{HEADER}\" line)"
            ));
        };
        let count = header
            .strip_prefix(HEADER)
            .map(str::trim)
            .and_then(|c| c.parse::<usize>().ok())
            .ok_or_else(|| {
                format!(
                    "weights file {origin} line {hl}: \"{HEADER} N\" expected, found \"{header}\""
                )
            })?;
        if count != NUM_LEARNED {
            return Err(format!(
                "weights file {origin}: {count} weights, this build's learned evaluation has \
                 {NUM_LEARNED} ({})",
                LEARNED_NAMES.join(", ")
            ));
        }
        let mut w = [0f32; NUM_LEARNED];
        for (k, name) in LEARNED_NAMES.iter().enumerate() {
            let Some((ln, line)) = lines.next() else {
                return Err(format!(
                    "weights file {origin}: truncated: {k} of {NUM_LEARNED} weights (\"{name}\" \
                     missing)"
                ));
            };
            let mut parts = line.split_whitespace();
            let (found, value) = (parts.next().unwrap_or(""), parts.next());
            if found != *name || parts.next().is_some() {
                return Err(format!(
                    "weights file {origin} line {ln}: \"{name} VALUE\" expected, found \"{line}\""
                ));
            }
            let v = value
                .and_then(|v| v.parse::<f32>().ok())
                .filter(|v| v.is_finite())
                .ok_or_else(|| {
                    format!(
                        "weights file {origin} line {ln}: the weight of {name} is not a finite \
                         number: \"{}\"",
                        value.unwrap_or("")
                    )
                })?;
            w[k] = v;
        }
        if let Some((ln, line)) = lines.next() {
            return Err(format!(
                "weights file {origin} line {ln}: more than {NUM_LEARNED} weights: \"{line}\""
            ));
        }
        Ok(Model { w })
    }

    /// The text of a weights file for these weights, with `comment` lines on top.
    pub fn to_text(&self, comment: &str) -> String {
        let mut out = String::new();
        for l in comment.lines() {
            out.push_str(&format!("# {l}\n"));
        }
        out.push_str(&format!("{HEADER} {NUM_LEARNED}\n"));
        for (name, v) in LEARNED_NAMES.iter().zip(self.w) {
            out.push_str(&format!("{name} {v}\n"));
        }
        out
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
