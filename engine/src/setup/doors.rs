//! Position files: doors and turrets (`elements[k].door`, `elements[k].turret`; POSITIONS.md,
//! RULES.md "Doors and turrets") — validated into the shared part and the state, and written
//! back so that a game saved mid-way reloads exactly.

#[allow(unused_imports)]
use super::*;
use crate::basics::board::Terrain;
use crate::scenario::elements::{DoorSetup, ElementSetup, Turret, TurretSetup};
use crate::state::{CLOSED_DOOR, OPEN_DOOR};

/// The door and turret of element `e` (`field`: `elements[n]`), validated on their own: a door
/// or a turret is hackable (its CAL and the side it works for), not both at once, and a turret
/// has its whole weapon profile.
pub(super) fn kinds(e: &ElementSetup, field: &str) -> Result<(bool, Option<Turret>), SetupError> {
    let what = match (&e.door, &e.turret) {
        (None, None) => return Ok((false, None)),
        (Some(_), Some(_)) => {
            return Err(err(field, "an element is a door or a turret, not both"));
        }
        (Some(_), None) => "door",
        (None, Some(_)) => "turret",
    };
    if e.hackable.is_none() {
        return Err(err(
            format!("{field}.{what}"),
            format!("a {what} needs a `hackable` part (its CAL and the side it works for)"),
        ));
    }
    let Some(t) = &e.turret else {
        return Ok((true, None));
    };
    let f = format!("{field}.turret");
    let need = |v: Option<u8>, name: &str, what: &str, hi: u8| {
        let v = v.ok_or_else(|| {
            err(
                format!("{f}.{name}"),
                format!("a turret needs a weapon profile: {what} (1 to {hi})"),
            )
        })?;
        if !(1..=hi).contains(&v) {
            return Err(err(format!("{f}.{name}"), format!("{v} is not 1 to {hi}")));
        }
        Ok(v)
    };
    let turret = Turret {
        imp: need(t.imp, "imp", "its CH IMP", 10)?,
        alc: need(t.alc, "alc", "its ALC", 60)?,
        dmg: need(t.dmg, "dmg", "its DAÑ", 20)?,
        ammo: t.ammo,
    };
    if t.shots > t.ammo.unwrap_or(u8::MAX) {
        return Err(err(
            format!("{f}.shots"),
            format!("{} shots is more than its ammo", t.shots),
        ));
    }
    Ok((false, Some(turret)))
}

/// Puts the doors' squares on the board (open: easy terrain; closed: a wall) and the doors'
/// and turrets' states into the game; the shared part is not shared yet. A door's square in
/// the file must be easy terrain or a wall, and a closed door's holds no character.
pub(super) fn install(st: &mut State, elements: &[ElementSetup]) -> Result<(), SetupError> {
    for (n, e) in elements.iter().enumerate() {
        let k = n as u8;
        if let Some(t) = &e.turret {
            st.hacked.shots[n] = t.shots;
        }
        let Some(door) = &e.door else { continue };
        let field = format!("elements[{n}].door");
        let at = st.statics().elements[n].at;
        let t = st.board().terrain(at);
        if t != OPEN_DOOR && t != CLOSED_DOOR {
            return Err(err(
                field,
                format!(
                    "a door's square is easy terrain ('.') or a wall ('#'), not '{}'",
                    t.symbol()
                ),
            ));
        }
        if !door.open {
            // A flyer at altitude 3 or 4 may hang over a closed door (a wall at its altitude is
            // open: `check_placement`), one at −1 may be under it: only a base on the ground
            // stands in the doorway.
            let in_door = st
                .indices()
                .find(|&j| st.ch(j).pos == at && st.ch(j).alt == crate::state::ALT_GROUND);
            if let Some(j) = in_door {
                return Err(err(
                    field,
                    format!("a closed door, and {} stands on it", st.label(j)),
                ));
            }
            // Nor a live transport (a wreck takes no square: RULES.md, Transportes), whether
            // the file's board shows the door open or closed.
            if let Some(t) = st.transport_at(at) {
                return Err(err(
                    field,
                    format!(
                        "a closed door, and the transport of {} stands on it",
                        st.label(st.statics().transports[t].owner)
                    ),
                ));
            }
            st.hacked.closed |= 1 << k;
        }
        let terrain: Terrain = if door.open { OPEN_DOOR } else { CLOSED_DOOR };
        std::sync::Arc::get_mut(&mut st.st)
            .expect("the shared part is not shared yet")
            .board
            .set_terrain(at, terrain);
    }
    Ok(())
}

/// The door and turret of element `e` in normal form.
pub(super) fn save(st: &State, e: u8) -> (Option<DoorSetup>, Option<TurretSetup>) {
    let door = st.is_door(e).then(|| DoorSetup {
        open: !st.door_closed(e),
    });
    let turret = st.turret(e).map(|t| TurretSetup {
        imp: Some(t.imp),
        alc: Some(t.alc),
        dmg: Some(t.dmg),
        ammo: t.ammo,
        shots: st.turret_shots(e),
    });
    (door, turret)
}
