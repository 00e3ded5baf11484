//! The arguments of the action notation (POSITIONS.md, "Action notation"): a square `x,y`, a
//! character by its label, an index after a letter (`m1`, `e2`), a weapon `wN` or one mounted on
//! a transport `tN.wM`, a transport `tN`.

use crate::basics::action::{CharIdx, Roster};
use crate::basics::geom::Pos;

/// A square `x,y`; `what` names the verb in the error.
pub(super) fn pos_arg(s: Option<&str>, what: &str) -> Result<Pos, String> {
    let s = s.ok_or_else(|| format!("{what} needs a square x,y"))?;
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("\"{s}\" is not a square x,y"))?;
    let x: u8 = x
        .trim()
        .parse()
        .map_err(|_| format!("\"{s}\": column is not a number 0..255"))?;
    let y: u8 = y
        .trim()
        .parse()
        .map_err(|_| format!("\"{s}\": row is not a number 0..255"))?;
    Ok(Pos::new(x, y))
}

/// A character by its label in the position.
pub(super) fn who_arg<R: Roster + ?Sized>(
    r: &R,
    s: Option<&str>,
    what: &str,
) -> Result<CharIdx, String> {
    let s = s.ok_or_else(|| format!("{what} needs a character (like b2)"))?;
    r.find(s)
        .ok_or_else(|| format!("no character \"{s}\" in this position"))
}

/// A 1-based index written after a letter (`m1`, `e2`, `o1`; either case): the number.
pub(super) fn index_arg(
    s: Option<&str>,
    letter: char,
    verb: &str,
    what: &str,
) -> Result<u8, String> {
    let l = letter.to_ascii_lowercase();
    let s = s.ok_or_else(|| format!("{verb} needs {what} ({l}1, {l}2, …)"))?;
    s.strip_prefix(l)
        .or_else(|| s.strip_prefix(l.to_ascii_uppercase()))
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("\"{s}\" is not {what} ({l}1, {l}2, …)"))
}

/// A weapon of `who`, `wN` (the first when absent), or one mounted on a transport, `tN.wM`, as
/// its weapon index.
pub(super) fn weapon_arg<R: Roster + ?Sized>(
    r: &R,
    who: CharIdx,
    s: Option<&str>,
) -> Result<u8, String> {
    match s {
        None => Ok(0),
        // `tN.wM`: a weapon mounted on a transport (`mounted`), fired or reloaded by its crew.
        Some(w) if w.contains('.') => {
            let (t, g) = mounted_arg(Some(w))
                .filter(|&(t, _)| (t as usize) < 8)
                .ok_or_else(|| format!("\"{w}\" is not a mounted weapon (t1.w1, …)"))?;
            match r.mounted_count(t) {
                Some(n) if g >= n => Err(format!(
                    "t{} has no weapon w{} (it mounts {n})",
                    t + 1,
                    g + 1
                )),
                Some(_) => Ok(crate::basics::action::mounted_slot(t, g)),
                None => Err(format!("there is no transport t{} here", t + 1)),
            }
        }
        Some(w) => {
            let n: u8 = w
                .strip_prefix('w')
                .or_else(|| w.strip_prefix('W'))
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("\"{w}\" is not a weapon (w1, w2, …)"))?;
            if n == 0 || n > r.weapon_count(who) {
                return Err(format!(
                    "{} has no weapon w{n} (it carries {})",
                    r.label(who),
                    r.weapon_count(who)
                ));
            }
            Ok(n - 1)
        }
    }
}

/// A weapon mounted on a transport, `t1.w2`: (transport, weapon), both 0-based.
pub(super) fn mounted_arg(a: Option<&str>) -> Option<(u8, u8)> {
    let (t, w) = a?.split_once('.')?;
    let w = w
        .strip_prefix(['w', 'W'])?
        .parse::<u8>()
        .ok()
        .filter(|&n| n >= 1)?;
    Some((transport_arg(Some(t))?, w - 1))
}

/// A transport argument `tN` (1-based in notation), as its 0-based index.
pub(super) fn transport_arg(a: Option<&str>) -> Option<u8> {
    a.and_then(|t| t.trim().strip_prefix(['t', 'T']))
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
}
