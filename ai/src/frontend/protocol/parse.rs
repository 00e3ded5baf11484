//! Reading the protocol's commands (PROTOCOL.md §2 "Commands": `position`, `apply`,
//! `actions`, `go`): the actions with the dice rolled at the table, the position's source, the
//! search request, and user text made safe to echo.

use crate::frontend::session::{GoRequest, Planned, Source};
use std::path::PathBuf;

/// Text safe to echo on one line: control characters replaced, at most 80 characters.
pub(super) fn echo(s: &str) -> String {
    let mut t: String = s
        .chars()
        .take(80)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if s.chars().count() > 80 {
        t.push('…');
    }
    t
}

/// One line: control characters (newlines) replaced by spaces.
pub(super) fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Whitespace-separated words with their byte ranges.
pub(super) fn words(s: &str) -> Vec<(usize, &str)> {
    let mut v = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c.is_whitespace() {
            if let Some(b) = start.take() {
                v.push((b, &s[b..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(b) = start {
        v.push((b, &s[b..]));
    }
    v
}

/// Reads `ACTION [dice D1 D2 …]` (dice separated by spaces or commas, each 1..=10).
///
/// # Errors
/// A message naming the bad die or the missing action.
pub fn parse_planned(text: &str) -> Result<Planned, String> {
    let w = words(text);
    let Some(k) = w.iter().position(|(_, t)| t.eq_ignore_ascii_case("dice")) else {
        let t = text.trim();
        if t.is_empty() {
            return Err("no action".into());
        }
        return Ok(Planned::new(t));
    };
    let action = text[..w[k].0].trim();
    if action.is_empty() {
        return Err("no action before \"dice\"".into());
    }
    let mut dice = Vec::new();
    for (_, t) in &w[k + 1..] {
        for d in t.split(',').filter(|d| !d.is_empty()) {
            match d.parse::<u8>() {
                Ok(v) if (1..=10).contains(&v) => dice.push(v),
                _ => {
                    return Err(format!(
                        "dice: \"{}\" is not a d10 result (1..=10)",
                        echo(d)
                    ))
                }
            }
        }
    }
    Ok(Planned {
        text: action.to_string(),
        dice: Some(dice),
    })
}

/// Reads `A ; B dice 3 7 ; …` (empty items skipped).
///
/// # Errors
/// The 1-based index and the error of the first bad item.
pub fn parse_action_list(text: &str) -> Result<Vec<Planned>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .enumerate()
        .map(|(k, t)| {
            parse_planned(t).map_err(|e| format!("action {} \"{}\": {e}", k + 1, echo(t)))
        })
        .collect()
}

/// Reads the arguments of `position`: the source and the actions.
///
/// # Errors
/// A message naming what is wrong.
pub fn parse_position(args: &str) -> Result<(Source, Vec<Planned>), String> {
    let args = args.trim();
    let w = words(args);
    let Some(&(_, kind)) = w.first() else {
        return Err("expected \"file PATH\" or \"json {...}\"".into());
    };
    let after_kind = args[kind.len()..].trim_start();
    let (src, rest): (Source, &str) = if kind.eq_ignore_ascii_case("file") {
        let ws = words(after_kind);
        let cut = ws
            .iter()
            .position(|(_, t)| t.eq_ignore_ascii_case("actions"))
            .map_or(after_kind.len(), |k| ws[k].0);
        let path = after_kind[..cut].trim();
        if path.is_empty() {
            return Err("file: no path".into());
        }
        (Source::File(PathBuf::from(path)), &after_kind[cut..])
    } else if kind.eq_ignore_ascii_case("json") {
        if !after_kind.starts_with('{') {
            return Err("json: expected a JSON object starting with {".into());
        }
        let mut it =
            serde_json::Deserializer::from_str(after_kind).into_iter::<serde::de::IgnoredAny>();
        match it.next() {
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(format!("json: {e}")),
            None => return Err("json: expected a JSON object".into()),
        }
        let end = it.byte_offset();
        (
            Source::Json(after_kind[..end].to_string()),
            &after_kind[end..],
        )
    } else {
        return Err(format!(
            "expected \"file PATH\" or \"json {{...}}\", not \"{}\"",
            echo(kind)
        ));
    };
    let rest = rest.trim();
    if rest.is_empty() {
        return Ok((src, Vec::new()));
    }
    let ws = words(rest);
    if !ws[0].1.eq_ignore_ascii_case("actions") {
        return Err(format!(
            "unexpected \"{}\" after the position (expected \"actions\")",
            echo(ws[0].1)
        ));
    }
    let list = parse_action_list(&rest[ws[0].1.len()..])?;
    Ok((src, list))
}

/// A parsed `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Limits.
    pub req: GoRequest,
    /// Candidates reported (overrides the MultiPV option).
    pub multipv: Option<usize>,
    /// Echoed in `info` and `bestaction`.
    pub id: Option<String>,
}

/// Reads the arguments of `go`. On error, also returns the `id` if one could be read (so that
/// the `bestaction none` that answers a bad `go` still carries it).
///
/// # Errors
/// A message naming the bad argument, and the id.
pub fn parse_go(args: &str) -> Result<Go, (String, Option<String>)> {
    let w: Vec<&str> = args.split_whitespace().collect();
    let id = w
        .iter()
        .position(|t| t.eq_ignore_ascii_case("id"))
        .and_then(|k| w.get(k + 1))
        .map(|s| echo(s));
    let fail = |m: String| Err((m, id.clone()));
    let mut g = Go::default();
    let mut k = 0;
    while k < w.len() {
        let key = w[k].to_ascii_lowercase();
        let val = w.get(k + 1).copied();
        let num = |name: &str, min: u64| -> Result<u64, String> {
            match val.map(str::parse::<u64>) {
                Some(Ok(v)) if v >= min => Ok(v),
                Some(_) => Err(format!(
                    "{name}: \"{}\" is not an integer ≥ {min}",
                    echo(val.unwrap_or(""))
                )),
                None => Err(format!("{name}: missing value")),
            }
        };
        match key.as_str() {
            "infinite" => {
                g.req.infinite = true;
                k += 1;
                continue;
            }
            "iterations" => match num("iterations", 1) {
                Ok(v) => g.req.iterations = Some(v),
                Err(e) => return fail(e),
            },
            "movetime" => match num("movetime", 1) {
                Ok(v) => g.req.movetime = Some(v),
                Err(e) => return fail(e),
            },
            "nodes" => match num("nodes", 1) {
                Ok(v) => g.req.nodes = Some(v as usize),
                Err(e) => return fail(e),
            },
            "multipv" => match num("multipv", 1) {
                Ok(v) if v <= 64 => g.multipv = Some(v as usize),
                Ok(v) => return fail(format!("multipv: {v} is outside 1..=64")),
                Err(e) => return fail(e),
            },
            "id" => match val {
                Some(v) => g.id = Some(echo(v)),
                None => return fail("id: missing value".into()),
            },
            other => {
                return fail(format!(
                    "unknown argument \"{}\" (expected iterations, movetime, nodes, \
                     multipv, infinite or id)",
                    echo(other)
                ))
            }
        }
        k += 2;
    }
    Ok(g)
}

/// An error message that may quote user text: one line, at most 600 characters.
pub(super) fn echo_long(s: &str) -> String {
    let mut t: String = s.chars().take(600).collect();
    if s.chars().count() > 600 {
        t.push('…');
    }
    one_line(&t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn planned_with_and_without_dice() {
        assert_eq!(
            parse_planned("a1 move 3,4").unwrap(),
            Planned::new("a1 move 3,4")
        );
        let p = parse_planned("a1 shoot b1 w1 + dice 3 7,1").unwrap();
        assert_eq!(p.text, "a1 shoot b1 w1 +");
        assert_eq!(p.dice, Some(vec![3, 7, 1]));
        assert!(parse_planned("a1 move 3,4 dice 11").is_err());
        assert!(parse_planned("dice 3").is_err());
        assert!(parse_planned("   ").is_err());
    }

    #[test]
    fn position_arguments() {
        let (s, l) = parse_position("file positions/duel.json").unwrap();
        assert!(matches!(s, Source::File(p) if p == Path::new("positions/duel.json")));
        assert!(l.is_empty());
        let (s, l) =
            parse_position("json {\"a\": {\"b\": \"}\"}} actions init a1 ; init b1 dice 4")
                .unwrap();
        assert!(matches!(s, Source::Json(j) if j == "{\"a\": {\"b\": \"}\"}}"));
        assert_eq!(l.len(), 2);
        assert_eq!(l[1].dice, Some(vec![4]));
        assert!(parse_position("json {\"a\": ").is_err());
        assert!(parse_position("json {} foo").is_err());
        assert!(parse_position("startpos").is_err());
        assert!(parse_position("").is_err());
    }

    #[test]
    fn go_arguments() {
        let g = parse_go("iterations 300 id q7 multipv 2").unwrap();
        assert_eq!(g.req.iterations, Some(300));
        assert_eq!(g.id.as_deref(), Some("q7"));
        assert_eq!(g.multipv, Some(2));
        assert!(parse_go("infinite").unwrap().req.infinite);
        let (e, id) = parse_go("iterations x id z").unwrap_err();
        assert!(e.contains("iterations"), "{e}");
        assert_eq!(id.as_deref(), Some("z"));
        assert!(parse_go("depth 3").is_err());
        assert!(parse_go("movetime").is_err());
    }
}
