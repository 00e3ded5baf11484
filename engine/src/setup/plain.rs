//! The errors of reading a position file's JSON in the words of the file (POSITIONS.md §7
//! "Validation and errors"): the field as a path (`sides.A[0].wear[1]`), what was found and
//! what is allowed. Why: serde's own messages speak of Rust types ("expected u8", "expected
//! internally tagged enum Pending"), which a person writing a file cannot act on.

use super::{err, SetupError};
use serde::de::DeserializeOwned;

/// Parses JSON text into `T`; an error names the field path (`root` for the whole text) and
/// says, in the file's words, what was found and what is allowed.
///
/// # Errors
/// A [`SetupError`] whose `field` is the path and whose `reason` is plain.
pub fn from_json<T: DeserializeOwned>(text: &str, root: &str) -> Result<T, SetupError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        // `?`: a place serde could not name (the end of the text).
        let path = e.path().to_string();
        let path = path.trim_end_matches(".?");
        let field = if matches!(path, "." | "" | "?") {
            root.to_string()
        } else {
            path.to_string()
        };
        err(field, plain(&e.into_inner().to_string()))
    })
}

/// What a Rust type name means in a file.
fn allowed(expected: &str) -> String {
    let e = expected.trim();
    let range = |t: &str| match t {
        "u8" => Some("a whole number 0..=255"),
        "u16" => Some("a whole number 0..=65535"),
        "u32" => Some("a whole number 0..=4294967295"),
        "u64" | "usize" => Some("a whole number ≥ 0"),
        "i8" => Some("a whole number −128..=127"),
        "i16" => Some("a whole number −32768..=32767"),
        "i32" | "i64" | "isize" => Some("a whole number"),
        "f32" | "f64" => Some("a number"),
        "a boolean" => Some("true or false"),
        "a string" => Some("a string"),
        "a sequence" => Some("a list [ … ]"),
        "a map" => Some("an object { … }"),
        _ => None,
    };
    if let Some(r) = range(e) {
        return r.to_string();
    }
    if let Some(n) = e.strip_prefix("an array of length ") {
        return format!("a list of {n} values");
    }
    if e == "internally tagged enum Pending" {
        return "a decision object {\"kind\": …} (POSITIONS.md §6)".to_string();
    }
    if let Some(name) = e.strip_prefix("internally tagged enum ") {
        return format!("an object with a \"kind\" ({})", name.to_lowercase());
    }
    if e.starts_with("struct ") {
        return "an object { … }".to_string();
    }
    if let Some(rest) = e.strip_prefix("one of ") {
        return format!("one of {}", rest.replace('`', "\""));
    }
    if e.starts_with("variant identifier") || e.starts_with("field identifier") {
        return "a name (a string)".to_string();
    }
    e.replace('`', "\"")
}

/// What serde_json found, in the file's words.
fn found(f: &str) -> String {
    let f = f.trim();
    if let Some(n) = f.strip_prefix("integer ") {
        return n.trim_matches('`').to_string();
    }
    if let Some(n) = f.strip_prefix("floating point ") {
        return n.trim_matches('`').to_string();
    }
    if let Some(b) = f.strip_prefix("boolean ") {
        return b.trim_matches('`').to_string();
    }
    match f {
        "map" => "an object".into(),
        "sequence" => "a list".into(),
        "unit value" | "null" => "null".into(),
        _ => f.replace('`', "\""),
    }
}

/// serde_json's message, plain: `found X; allowed: Y`, the location kept.
pub fn plain(msg: &str) -> String {
    let (body, at) = match msg.rfind(" at line ") {
        Some(i) => (
            &msg[..i],
            format!(" (line {})", msg[i + 9..].replace(" column ", ", column ")),
        ),
        None => (msg, String::new()),
    };
    let text = if let Some(rest) = body
        .strip_prefix("invalid value: ")
        .or_else(|| body.strip_prefix("invalid type: "))
        .or_else(|| body.strip_prefix("invalid length "))
    {
        match rest.split_once(", expected ") {
            Some((f, e)) => format!("found {}; allowed: {}", found(f), allowed(e)),
            None => rest.to_string(),
        }
    } else if let Some(rest) = body.strip_prefix("unknown field ") {
        match rest.split_once(", expected ") {
            Some((f, e)) => format!("unknown field {}; allowed: {}", found(f), allowed(e)),
            None => format!(
                "unknown field {}; this object has no fields",
                found(rest.trim_end_matches(", there are no fields"))
            ),
        }
    } else if let Some(rest) = body.strip_prefix("unknown variant ") {
        match rest.split_once(", expected ") {
            Some((f, e)) => format!("unknown variant {}; allowed: {}", found(f), allowed(e)),
            None => format!("unknown variant {}", found(rest)),
        }
    } else if let Some(f) = body.strip_prefix("missing field ") {
        format!("missing field {} (required)", found(f))
    } else if let Some(f) = body.strip_prefix("duplicate field ") {
        format!("field {} given twice", found(f))
    } else if let Some(name) = body.strip_prefix("data did not match any variant of untagged enum ")
    {
        match name {
            "Spec" => "found neither a catalogue name (a string) nor an archetype object".into(),
            "CatalogueSetup" => {
                "found neither a catalogue path (a string) nor a catalogue object".into()
            }
            other => format!("found a value that is no form of {}", other.to_lowercase()),
        }
    } else if let Some(e) = body.strip_prefix("expected ") {
        format!("allowed: {}", allowed(e))
    } else {
        body.to_string()
    };
    format!("{text}{at}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_words_become_the_files_words() {
        for (raw, want) in [
            (
                "invalid value: integer `300`, expected u8 at line 5 column 10",
                "found 300; allowed: a whole number 0..=255 (line 5, column 10)",
            ),
            (
                "invalid type: string \"x\", expected i8",
                "found string \"x\"; allowed: a whole number −128..=127",
            ),
            (
                "invalid type: string \"act\", expected internally tagged enum Pending",
                "found string \"act\"; allowed: a decision object {\"kind\": …} (POSITIONS.md §6)",
            ),
            (
                "unknown variant `UP`, expected one of `N`, `NE`",
                "unknown variant \"UP\"; allowed: one of \"N\", \"NE\"",
            ),
            ("missing field `at`", "missing field \"at\" (required)"),
            (
                "invalid length 3, expected an array of length 2",
                "found 3; allowed: a list of 2 values",
            ),
        ] {
            assert_eq!(plain(raw), want);
        }
    }
}
