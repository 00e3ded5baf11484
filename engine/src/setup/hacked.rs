//! Position files: hacked objects (`hacked`) and hackable scenario elements
//! (`elements[k].hackable`; POSITIONS.md) — validated into the state and written back, so a
//! game saved mid-way reloads exactly (RULES.md, "Objects as the targets of Corromper and
//! Poseer").

#[allow(unused_imports)]
use super::*;
use crate::basics::action::ObjRef;
use crate::scenario::elements::HackableSetup;
use crate::state::{Control, ElementHack, ObjectMind};

/// A hacked object a character carries or a weapon lying on the ground, as a position file
/// gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HackedSetup {
    /// `LABEL.oN` (an object of that character) or `LABEL.wN` (that character's weapon lying on
    /// the ground).
    pub object: String,
    /// Stress so far (at most its CAL).
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub stress: u8,
    /// Wounds so far of a carried object (at most CAL + 1); a ground weapon's are its owner's
    /// `wear`.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub wounds: u8,
    /// Switched off by a possessor.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub off: bool,
    /// Its Hielo is fighting the Combate mental the game waits on.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fighting: bool,
}

fn is_zero_u8(v: &u8) -> bool {
    *v == 0
}

fn control_of(text: &Option<String>, field: &str) -> Result<Control, SetupError> {
    match text.as_deref().map(str::trim) {
        None => Ok(Control::AsSet),
        Some(t) if t.eq_ignore_ascii_case("off") => Ok(Control::Off),
        Some(t) if t.eq_ignore_ascii_case("a") => Ok(Control::On(Side::A)),
        Some(t) if t.eq_ignore_ascii_case("b") => Ok(Control::On(Side::B)),
        Some(t) => Err(err(field, format!("\"{t}\" is not off, A or B"))),
    }
}

/// The hackable part of element `n` (`field`: `elements[n]`); `None` when it has none.
pub(super) fn element(
    h: Option<&HackableSetup>,
    field: &str,
) -> Result<Option<(ElementHack, u8, u8, Control)>, SetupError> {
    let Some(h) = h else {
        return Ok(None);
    };
    let f = format!("{field}.hackable");
    let cal = h.cal.ok_or_else(|| {
        err(
            format!("{f}.cal"),
            "a hackable element needs a CAL (1 to 10)",
        )
    })?;
    if !(1..=10).contains(&cal) {
        return Err(err(format!("{f}.cal"), format!("{cal} is not 1 to 10")));
    }
    limits(h.stress, h.wounds, cal, &f)?;
    let control = control_of(&h.control, &format!("{f}.control"))?;
    let hack = ElementHack {
        cal,
        ice: if h.hielo { 3 } else { 0 },
        score: h.score,
        side: h.side,
    };
    Ok(Some((hack, h.stress, h.wounds, control)))
}

fn limits(stress: u8, wounds: u8, cal: u8, f: &str) -> Result<(), SetupError> {
    if stress > cal {
        return Err(err(
            format!("{f}.stress"),
            format!("{stress} is above its CAL {cal}"),
        ));
    }
    if wounds > cal + 1 {
        return Err(err(
            format!("{f}.wounds"),
            format!("{wounds} is above its CAL + 1 = {}", cal + 1),
        ));
    }
    Ok(())
}

/// Validates `hacked` against the built state (elements and ground already in it) and puts
/// the objects' states, and the elements' (`elems`, by element), into it.
pub(super) fn build(
    st: &mut State,
    hacked: &[HackedSetup],
    elems: &[(u8, u8, u8, Control)],
) -> Result<(), SetupError> {
    for &(e, stress, wounds, control) in elems {
        if (stress, wounds, control) != (0, 0, Control::AsSet) {
            *st.object_mind_mut(ObjRef::Element(e)) = ObjectMind {
                obj: ObjRef::Element(e),
                stress,
                wounds,
                control,
            };
        }
    }
    let mut fights = 0;
    for (n, h) in hacked.iter().enumerate() {
        let f = format!("hacked[{n}]");
        let fo = format!("{f}.object");
        let obj = ObjRef::parse(st, h.object.trim()).map_err(|why| err(fo.clone(), why))?;
        match obj {
            ObjRef::Element(_) => {
                return Err(err(
                    fo,
                    format!(
                        "\"{}\": an element's state goes in its `hackable`",
                        h.object
                    ),
                ))
            }
            ObjRef::Carried { holder, object } => {
                let have = st.info(holder).def.objects.len().min(8);
                if object as usize >= have {
                    return Err(err(
                        fo,
                        format!(
                            "\"{}\": {} carries {have} object(s)",
                            h.object,
                            st.label(holder)
                        ),
                    ));
                }
            }
            ObjRef::Ground { owner, weapon } => {
                // A hacked weapon keeps its stress once picked up again (the record names the
                // owner's weapon, wherever it is now), so the weapon need only exist.
                if st.object_square(obj).is_none()
                    && weapon as usize >= st.info(owner).def.weapons.len()
                {
                    return Err(err(
                        fo,
                        format!("\"{}\": {} has no such weapon", h.object, st.label(owner)),
                    ));
                }
                if h.wounds > 0 || h.off {
                    return Err(err(
                        f,
                        "a ground weapon's wounds are its owner's `wear`, and it is never off",
                    ));
                }
            }
        }
        if st.hacked.list.iter().any(|m| m.obj == obj) {
            return Err(err(fo, format!("\"{}\" is listed twice", h.object)));
        }
        limits(h.stress, h.wounds, st.object_cal(obj), &f)?;
        *st.object_mind_mut(obj) = ObjectMind {
            obj,
            stress: h.stress,
            wounds: h.wounds,
            control: if h.off { Control::Off } else { Control::AsSet },
        };
        if h.fighting {
            fights += 1;
            st.set_object_fight(Some(obj));
        }
    }
    if fights > 1 {
        return Err(err("hacked", "more than one object fighting"));
    }
    // The holders of objects off or wrecked play without those objects' traits.
    for i in st.indices() {
        st.refresh_objects(i);
    }
    Ok(())
}

/// The `hacked` list of a state (carried objects and ground weapons), in normal form.
pub(super) fn save(st: &State) -> Vec<HackedSetup> {
    st.hacked_objects()
        .iter()
        .filter(|m| !matches!(m.obj, ObjRef::Element(_)))
        .map(|m| HackedSetup {
            object: m.obj.text(st),
            stress: m.stress,
            wounds: m.wounds,
            off: m.control == Control::Off,
            fighting: st.object_fight() == Some(m.obj),
        })
        .collect()
}

/// The hackable part of element `e` in normal form, if it has one.
pub(super) fn save_element(st: &State, e: u8) -> Option<HackableSetup> {
    let h = st.element_hack(e)?;
    let m = st.object_mind(ObjRef::Element(e));
    Some(HackableSetup {
        cal: Some(h.cal),
        hielo: h.ice > 0,
        score: h.score,
        side: h.side,
        stress: m.stress,
        wounds: m.wounds,
        control: match m.control {
            Control::AsSet => None,
            Control::Off => Some("off".into()),
            Control::On(s) => Some(if s == Side::A { "A" } else { "B" }.into()),
        },
    })
}
