//! The text format of an evaluation's weights file, shared by the hand-set model
//! ([`crate::Weights`], `eval/weights/hand.txt`) and the learned one (the learned `Model`,
//! `eval/weights/learned.txt`): `#` comments and blank lines anywhere; the first other line is
//! the model's header followed by the number of weights; then one `name value` line per
//! feature, in the model's order. Issue 19's bad input: a file that is missing, truncated, of
//! the wrong length, with a name out of order or a weight that is not a finite number is
//! refused with one message naming the file — never a silent fall-back to other weights.

/// Parses the weights of a model whose header is `header` and whose features are `names`;
/// `model` names the model in the count error ("learned evaluation").
///
/// # Errors
/// A message naming `origin` and what is wrong: no header, another count than this build's,
/// too few lines (truncated) or too many, a name out of order, a value that is not a finite
/// number.
pub(crate) fn parse(
    text: &str,
    origin: &str,
    header: &str,
    model: &str,
    names: &[&str],
) -> Result<Vec<f32>, String> {
    let n = names.len();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(k, l)| (k + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let Some((hl, first)) = lines.next() else {
        return Err(format!(
            "weights file {origin}: empty (no \"{header}\" line)"
        ));
    };
    let count = first
        .strip_prefix(header)
        .map(str::trim)
        .and_then(|c| c.parse::<usize>().ok())
        .ok_or_else(|| {
            format!("weights file {origin} line {hl}: \"{header} N\" expected, found \"{first}\"")
        })?;
    if count != n {
        return Err(format!(
            "weights file {origin}: {count} weights, this build's {model} has {n} ({})",
            names.join(", ")
        ));
    }
    let mut w = Vec::with_capacity(n);
    for (k, name) in names.iter().enumerate() {
        let Some((ln, line)) = lines.next() else {
            return Err(format!(
                "weights file {origin}: truncated: {k} of {n} weights (\"{name}\" missing)"
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
        w.push(v);
    }
    if let Some((ln, line)) = lines.next() {
        return Err(format!(
            "weights file {origin} line {ln}: more than {n} weights: \"{line}\""
        ));
    }
    Ok(w)
}

/// The text of a weights file: `comment` lines on top, the header with the count, one
/// `name value` line per weight (values printed so that they read back bit for bit).
pub(crate) fn to_text(comment: &str, header: &str, names: &[&str], w: &[f32]) -> String {
    let mut out = String::new();
    for l in comment.lines() {
        out.push_str(&format!("# {l}\n"));
    }
    out.push_str(&format!("{header} {}\n", names.len()));
    for (name, v) in names.iter().zip(w) {
        out.push_str(&format!("{name} {v}\n"));
    }
    out
}

/// The text of the weights file at `path`.
///
/// # Errors
/// One message naming the file: it cannot be read.
pub(crate) fn read(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path)
        .map_err(|e| format!("weights file {}: cannot be read: {e}", path.display()))
}

/// The header of a weights file's text (its first line that is neither blank nor a comment).
pub(crate) fn header_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The first data line of a hand-set weights file: format name and version.
pub const HAND_HEADER: &str = "wartime-eval hand 1";

/// The shipped hand-set weights (`eval/weights/hand.txt`, embedded in the build).
pub const SHIPPED_HAND: &str = include_str!("../weights/hand.txt");

impl crate::Weights {
    /// The shipped hand-set weights ([`SHIPPED_HAND`]), parsed once.
    pub fn shipped() -> crate::Weights {
        static SHIPPED: std::sync::OnceLock<crate::Weights> = std::sync::OnceLock::new();
        SHIPPED
            .get_or_init(|| {
                crate::Weights::parse(SHIPPED_HAND, "eval/weights/hand.txt (embedded)")
                    .expect("the shipped hand-set weights file parses (tested)")
            })
            .clone()
    }

    /// Parses the text of a hand-set weights file ([`HAND_HEADER`], then one line per
    /// [`crate::FEATURE_NAMES`]).
    ///
    /// # Errors
    /// A message naming `origin` and what is wrong (as for the learned model's files).
    pub fn parse(text: &str, origin: &str) -> Result<crate::Weights, String> {
        let v = parse(
            text,
            origin,
            HAND_HEADER,
            "hand-set evaluation",
            &crate::FEATURE_NAMES,
        )?;
        let mut w = [0f32; crate::NUM_FEATURES];
        w.copy_from_slice(&v);
        Ok(crate::Weights(w))
    }

    /// Reads a hand-set weights file.
    ///
    /// # Errors
    /// One message naming the file: it cannot be read, or [`crate::Weights::parse`] refuses it.
    pub fn load(path: &std::path::Path) -> Result<crate::Weights, String> {
        crate::Weights::parse(&read(path)?, &path.display().to_string())
    }

    /// The text of a hand-set weights file for these weights, with `comment` lines on top.
    pub fn to_text(&self, comment: &str) -> String {
        to_text(comment, HAND_HEADER, &crate::FEATURE_NAMES, &self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Weights;

    #[test]
    fn the_shipped_hand_file_parses_round_trips_and_keeps_the_first_sessions_weights() {
        let w = Weights::shipped();
        assert_eq!(
            w.0,
            [6.0, 4.0, -1.0, -1.5, 0.3, 2.0, 0.8, 0.0, 2.0, 0.0, 0.0, 4.0]
        );
        assert_eq!(Weights::parse(&w.to_text("again"), "x").unwrap(), w);
        assert_eq!(Weights::default(), w);
    }

    #[test]
    fn bad_hand_files_are_refused_naming_the_file() {
        let good = Weights::shipped().to_text("t");
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "empty"),
            (good.replace("hand 1 12", "hand 1 11"), "11 weights"),
            (
                good.lines().take(6).collect::<Vec<_>>().join("\n"),
                "truncated",
            ),
            (
                good.replace("panic -1.5", "panic NaN"),
                "not a finite number",
            ),
            (
                good.replace("score 6", "health 6"),
                "\"score VALUE\" expected",
            ),
            (format!("{good}extra 1\n"), "more than"),
            // A learned file is not a hand-set one.
            (
                "wartime-eval learned 1 27\nscore 1\n".to_string(),
                "expected",
            ),
        ];
        for (text, want) in cases {
            let e = Weights::parse(&text, "hw.txt").unwrap_err();
            assert!(e.contains("hw.txt") && e.contains(want), "{want}: {e}");
        }
        let e = Weights::load(std::path::Path::new("/nonexistent/hw.txt")).unwrap_err();
        assert!(
            e.contains("/nonexistent/hw.txt") && e.contains("cannot be read"),
            "{e}"
        );
    }

    #[test]
    fn the_header_line_skips_comments_and_blanks() {
        assert_eq!(header_line("# a\n\n  x y\nz"), Some("x y"));
        assert_eq!(header_line("# only\n"), None);
    }
}
