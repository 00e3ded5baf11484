//! The ranges of a character's dynamic fields and the sequence of play in a position file
//! (POSITIONS.md §7 "Validation and errors"): each value out of what the rules can produce is
//! refused with the field, what was found and what is allowed. Why: a number the rules never
//! produce (wear 99 on a CAL 5 weapon, a character marking itself) used to be shown or silently
//! cut, and the game then played from a position that cannot happen.

use super::{err, CharSetup, GameSetup, SetupError};
use crate::basics::action::{CharIdx, Roster};
use crate::state::{Pending, State, MAX_MAGAZINES, MAX_VOL_MALUS};

/// Checks the numbers of character `idx` (its file entry `c`, its path `field`).
pub(super) fn character(
    st: &State,
    idx: CharIdx,
    c: &CharSetup,
    field: &str,
) -> Result<(), SetupError> {
    let def = &st.info(idx).def;
    let nw = def.weapons.len();
    for (k, &w) in c.wear.iter().enumerate() {
        let (name, cal) = if k < nw {
            (&def.weapons[k].name, def.weapons[k].quality)
        } else {
            let p = &def.protections[k - nw];
            (&p.name, p.quality)
        };
        if w > cal + 1 {
            let top = cal + 1;
            return Err(err(
                format!("{field}.wear[{k}]"),
                format!(
                    "found {w}; allowed 0..={top} (the CAL of {name} is {cal}: at {cal} it is \
                     broken, at {top} destroyed)"
                ),
            ));
        }
    }
    if let Some(ammo) = &c.ammo {
        let mags = &st.info(idx).magazine;
        let n = mags.len().min(MAX_MAGAZINES);
        if ammo.len() > n {
            return Err(err(
                format!("{field}.ammo"),
                format!(
                    "found {} entries; allowed at most {n} (one per weapon, first {MAX_MAGAZINES})",
                    ammo.len()
                ),
            ));
        }
        for (k, (&a, &m)) in ammo.iter().zip(mags).enumerate() {
            if a > m {
                let why = if m == 0 {
                    "its weapon has no magazine: write 0".to_string()
                } else {
                    format!("the magazine of {} holds {m}", def.weapons[k].name)
                };
                return Err(err(
                    format!("{field}.ammo[{k}]"),
                    format!("found {a}; allowed 0..={m} ({why})"),
                ));
            }
        }
    }
    for (name, v) in [("trauma", c.trauma), ("vol_loss", c.vol_loss)] {
        if v > MAX_VOL_MALUS {
            return Err(err(
                format!("{field}.{name}"),
                format!("found {v}; allowed 0..={MAX_VOL_MALUS} (more maluses change no CH VOL)"),
            ));
        }
    }
    if !(0..=3).contains(&c.bonus) {
        return Err(err(
            format!("{field}.bonus"),
            format!(
                "found {}; allowed 0..=3 (Concentrarse adds up to +3)",
                c.bonus
            ),
        ));
    }
    if c.waited > 10 {
        return Err(err(
            format!("{field}.waited"),
            format!("found {}; allowed 0..=10 (a phase)", c.waited),
        ));
    }
    // `held_by` may name the character itself: a hostile zone's IMM-1 (Ambiente hostil) holds
    // it until its own next activation.
    for (name, who) in [
        ("mark", &c.mark),
        ("possessor", &c.possessor),
        ("marker", &c.marker),
    ] {
        if let Some(l) = who {
            if st.find(l) == Some(idx) {
                return Err(err(
                    format!("{field}.{name}"),
                    format!("found \"{l}\", the character itself; allowed: another character"),
                ));
            }
        }
    }
    Ok(())
}

/// Checks that the side to move is the side deciding: `Activate { side }` is `to_move`'s, and
/// the actor of `Act` belongs to `to_move` (the activation passes to the other side only when
/// it ends: SECUENCIA DE JUEGO).
pub(super) fn sequence(st: &State, g: &GameSetup) -> Result<(), SetupError> {
    let decider = match g.decision {
        Pending::Activate { side } => Some((side, format!("the decision is side {side}'s"))),
        Pending::Act { actor } => Some((
            st.side_of(actor),
            format!(
                "the actor {} is on side {}",
                st.label(actor),
                st.side_of(actor)
            ),
        )),
        _ => None,
    };
    if let Some((side, why)) = decider {
        if side != g.to_move {
            return Err(err(
                "game.to_move",
                format!("found {}; allowed {side} ({why})", g.to_move),
            ));
        }
    }
    Ok(())
}
