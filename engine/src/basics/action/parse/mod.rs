//! The one-line notation of actions, read (POSITIONS.md, "Action notation"): syntax and names
//! only — whether the action is legal is the game state's business.

#[allow(unused_imports)]
use super::*;

mod args;
mod combat;
mod generic;
mod movement;
mod traits;
mod verbs;
use args::who_arg;
pub use verbs::spanish_verb;
use verbs::{canonical_verb, fold};

/// Why a line of notation could not be read (as opposed to an illegal action).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The offending text.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot parse action \"{}\": {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseError {}

/// Whether the parsed action is for the character's own activation or a reaction: the notation
/// of both is the same, the decision being taken tells which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseContext {
    /// An action of the active character.
    Acting,
    /// A reaction.
    Reacting,
}

/// Parses one line of notation. Only the syntax and the names are checked here; legality is
/// the game state's business (`State::parse_action`).
///
/// # Errors
/// A [`ParseError`] naming the part that cannot be read.
pub fn parse<R: Roster + ?Sized>(
    text: &str,
    roster: &R,
    ctx: ParseContext,
) -> Result<Action, ParseError> {
    let err = |reason: String| ParseError {
        text: text.trim().to_string(),
        reason,
    };
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err(err("empty action".into()));
    }
    let mut chain = false;
    if words.last() == Some(&"+") || words.last() == Some(&"chain") {
        chain = true;
        words.pop();
    } else if let Some(last) = words.last_mut() {
        if last.len() > 1 && last.ends_with('+') {
            *last = &last[..last.len() - 1];
            chain = true;
        }
    }
    let mut face = None;
    if words.len() >= 2 && words[words.len() - 2].eq_ignore_ascii_case("facing") {
        let d = words[words.len() - 1];
        face = Some(Facing::parse(d).ok_or_else(|| {
            err(format!(
                "\"{d}\" is not a facing (N, NE, E, SE, S, SW, W, NW)"
            ))
        })?);
        words.truncate(words.len() - 2);
    }
    if words.is_empty() {
        return Err(err("no action: only a chain mark or a facing".into()));
    }
    let lower: Vec<String> = words.iter().map(|w| fold(w)).collect();
    match lower[0].as_str() {
        "pass" | "pasar" if words.len() == 1 => return Ok(Action::Pass),
        "init" | "initiative" | "iniciativa" => {
            let c = who_arg(roster, words.get(1).copied(), "init").map_err(err)?;
            return Ok(Action::Initiative(c));
        }
        "activate" | "activar" => {
            let c = who_arg(roster, words.get(1).copied(), "activate").map_err(err)?;
            return Ok(Action::Activate(c));
        }
        _ => {}
    }
    let who = roster.find(words[0]).ok_or_else(|| {
        err(format!(
            "\"{}\" is neither a command nor a character",
            words[0]
        ))
    })?;
    let verb = lower
        .get(1)
        .map(|v| canonical_verb(v.as_str()))
        .ok_or_else(|| err(format!("no action after \"{}\"", words[0])))?;
    let expect = |n: usize| -> Result<(), ParseError> {
        if words.len() > n {
            Err(err(format!("unexpected \"{}\"", words[n])))
        } else {
            Ok(())
        }
    };
    let kind = match verb {
        "end" => {
            expect(2)?;
            if chain {
                return Err(err("end cannot be chained".into()));
            }
            return Ok(Action::End {
                who,
                facing: face.ok_or_else(|| err("end needs \"facing DIR\"".into()))?,
            });
        }
        "react" => {
            expect(2)?;
            return Ok(Action::React(who));
        }
        "hold" => {
            expect(2)?;
            return Ok(Action::Hold(who));
        }
        _ => {
            let line = Line {
                text,
                roster,
                who,
                verb,
                words: &words,
                lower: &lower,
            };
            // ACCIONES DE MOVIMIENTO, DE COMBATE, GENÉRICAS, then the actions of traits and
            // meta-abilities: each group reads its own verbs and answers `None` to the rest.
            let groups = [
                movement::kind::<R>,
                combat::kind::<R>,
                generic::kind::<R>,
                traits::kind::<R>,
            ];
            let mut found = None;
            for group in groups {
                if let Some(k) = group(&line)? {
                    found = Some(k);
                    break;
                }
            }
            found.ok_or_else(|| err(format!("unknown action \"{verb}\"")))?
        }
    };
    Ok(wrap(who, kind, chain, face, ctx))
}

/// The action `kind` of `who`: one of its activation, or a reaction, as `ctx` says.
pub(super) fn wrap(
    who: CharIdx,
    kind: ActKind,
    chain: bool,
    face: Option<Facing>,
    ctx: ParseContext,
) -> Action {
    match ctx {
        ParseContext::Acting => Action::Act {
            who,
            kind,
            chain,
            face,
        },
        ParseContext::Reacting => Action::Reaction { who, kind },
    }
}

/// [`Line::parts`]: roster, actor, verb, words, folded words, first and second operand.
type LineParts<'a, R> = (
    &'a R,
    CharIdx,
    &'a str,
    &'a [&'a str],
    &'a [String],
    Option<&'a str>,
    Option<&'a str>,
);

/// One line of notation, its actor and its verb read: what the verb groups parse the rest of.
pub(super) struct Line<'a, R: ?Sized> {
    /// The whole text, for errors.
    text: &'a str,
    /// The names of the position.
    roster: &'a R,
    /// The acting character.
    who: CharIdx,
    /// The canonical verb.
    verb: &'a str,
    /// The words of the line (the chain mark and facing taken off).
    words: &'a [&'a str],
    /// The same words folded to lower-case ASCII.
    lower: &'a [String],
}

impl<R: Roster + ?Sized> Line<'_, R> {
    /// The error naming `reason` for this line.
    fn err(&self, reason: String) -> ParseError {
        ParseError {
            text: self.text.trim().to_string(),
            reason,
        }
    }

    /// What the verb groups read: the roster, the actor, the verb, the words, the words folded,
    /// and the first two words after the verb (`a1`, `a2`), if there are.
    fn parts(&self) -> LineParts<'_, R> {
        let (a1, a2) = (self.words.get(2).copied(), self.words.get(3).copied());
        (
            self.roster,
            self.who,
            self.verb,
            self.words,
            self.lower,
            a1,
            a2,
        )
    }

    /// No word after the first `n`.
    fn expect(&self, n: usize) -> Result<(), ParseError> {
        if self.words.len() > n {
            Err(self.err(format!("unexpected \"{}\"", self.words[n])))
        } else {
            Ok(())
        }
    }
}
