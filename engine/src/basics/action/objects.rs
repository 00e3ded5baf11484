//! The notation of objects as the targets of Corromper / Poseer (POSITIONS.md, "Action
//! notation"): `b1.o1` (an object b1 carries), `b1.w2` (b1's weapon lying on the ground), `e1`
//! (a scenario element); after `possess`, what the hacker does: `on`, `off`, `wreck N`.

use super::{ActKind, ObjHack, ObjRef, ParseError, Roster};
use std::fmt;

impl ObjRef {
    /// Reads an object in notation (`b1.o1`, `b1.w2`, `e1`); the error names what is wrong.
    pub fn parse<R: Roster + ?Sized>(r: &R, s: &str) -> Result<ObjRef, String> {
        obj_arg(r, s)
    }

    /// The object in notation.
    pub fn text<R: Roster + ?Sized>(&self, r: &R) -> String {
        match *self {
            ObjRef::Carried { holder, object } => format!("{}.o{}", r.label(holder), object + 1),
            ObjRef::Ground { owner, weapon } => format!("{}.w{}", r.label(owner), weapon + 1),
            ObjRef::Element(e) => format!("e{}", e + 1),
        }
    }

    /// Writes the object in notation.
    pub fn write<R: Roster + ?Sized>(&self, f: &mut fmt::Formatter<'_>, r: &R) -> fmt::Result {
        f.write_str(&self.text(r))
    }
}

/// Whether `s` names an object rather than a character: `LABEL.oN`, `LABEL.wN`, or `eN` when no
/// character has that label.
pub(super) fn is_object<R: Roster + ?Sized>(r: &R, s: Option<&str>) -> bool {
    s.is_some_and(|s| s.contains('.') || (r.find(s).is_none() && element(s).is_some()))
}

fn element(s: &str) -> Option<u8> {
    s.strip_prefix(['e', 'E'])
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
}

/// Parses an object token (see [`is_object`]).
pub(super) fn obj_arg<R: Roster + ?Sized>(r: &R, s: &str) -> Result<ObjRef, String> {
    if let Some(e) = element(s) {
        if r.find(s).is_none() {
            return Ok(ObjRef::Element(e));
        }
    }
    let (who, what) = s
        .split_once('.')
        .ok_or_else(|| format!("\"{s}\" is not an object (b1.o1, b1.w2 or e1)"))?;
    let c = r
        .find(who)
        .ok_or_else(|| format!("\"{s}\": no character \"{who}\" holds or owns it"))?;
    let n = |p: char| {
        what.strip_prefix([p, p.to_ascii_uppercase()])
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|&n| n >= 1)
            .map(|n| n - 1)
    };
    if let Some(object) = n('o') {
        return Ok(ObjRef::Carried { holder: c, object });
    }
    if let Some(weapon) = n('w') {
        return Ok(ObjRef::Ground { owner: c, weapon });
    }
    Err(format!(
        "\"{s}\" is not an object (LABEL.oN, LABEL.wN or eN)"
    ))
}

/// `hack OBJECT` or `possess OBJECT on|off|wreck N` (`words`: the arguments after the verb).
pub(super) fn parse_kind<R: Roster + ?Sized>(
    r: &R,
    verb: &str,
    words: &[&str],
    err: impl Fn(String) -> ParseError,
) -> Result<ActKind, ParseError> {
    let obj = obj_arg(r, words[0]).map_err(&err)?;
    let rest: Vec<String> = words[1..].iter().map(|w| w.to_ascii_lowercase()).collect();
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    if verb == "hack" {
        return match rest.first() {
            None => Ok(ActKind::HackObject { obj }),
            Some(w) => Err(err(format!("unexpected \"{w}\""))),
        };
    }
    let how = match rest.as_slice() {
        ["on"] => ObjHack::On,
        ["off"] => ObjHack::Off,
        ["wreck", n] => ObjHack::Wreck(
            n.parse::<u8>()
                .ok()
                .filter(|&n| (1..=11).contains(&n))
                .ok_or_else(|| err(format!("\"{n}\" is not a number of wounds (1 to 11)")))?,
        ),
        [] => {
            return Err(err(
                "possess of an object needs what to do: on, off or wreck N".into(),
            ))
        }
        [w, ..] => {
            return Err(err(format!(
                "\"{w}\" is not what a possessed object is made to do (on, off, wreck N)"
            )))
        }
    };
    Ok(ActKind::PossessObject { obj, how })
}

/// Writes the arguments of `HackObject` / `PossessObject` (after the verb).
pub(super) fn fmt_args<R: Roster + ?Sized>(
    f: &mut fmt::Formatter<'_>,
    k: &ActKind,
    r: &R,
) -> fmt::Result {
    match *k {
        ActKind::HackObject { obj } => {
            f.write_str(" ")?;
            obj.write(f, r)
        }
        ActKind::PossessObject { obj, how } => {
            f.write_str(" ")?;
            obj.write(f, r)?;
            match how {
                ObjHack::On => f.write_str(" on"),
                ObjHack::Off => f.write_str(" off"),
                ObjHack::Wreck(n) => write!(f, " wreck {n}"),
            }
        }
        _ => Ok(()),
    }
}
