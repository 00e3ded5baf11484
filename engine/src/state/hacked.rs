//! Objects hacked and possessed (METAHABILIDADES: Corrupción y Hacking, Posesión; RULES.md,
//! "Objects as the targets of Corromper and Poseer"): a small side record of the objects a
//! Corromper or a Poseer has touched — their stress (up to the object's CAL), their wounds and
//! whether they work — kept apart from the characters (`CharState` is at its 64 B), empty (and
//! free to clone) in every game where no object is hacked.

use crate::basics::action::{CharIdx, ObjRef};
use crate::basics::check::{Event, Log};
use crate::basics::geom::{Pos, Side};
use crate::creation::effect::Effect;
use crate::scenario::elements::ElementHack;
use crate::state::State;

/// Who an object works for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Control {
    /// As it was set up: a carried object works for its holder; an element for the side the
    /// position file names, if any.
    #[default]
    AsSet,
    /// Switched off by a possessor («desactivar»): it works for nobody.
    Off,
    /// Switched on by a possessor of this side («activar»).
    On(Side),
}

/// The state of one hacked object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObjectMind {
    /// The object.
    pub obj: ObjRef,
    /// Stress from Corromper and Combate mental, at most its CAL.
    pub stress: u8,
    /// Wounds a possessor gave it (a ground weapon's go to its owner's `wear` instead).
    pub wounds: u8,
    /// Whom it works for.
    pub control: Control,
}

/// The side record: the objects touched so far, in `ObjRef` order, and the object fighting a
/// Combate mental now (its holder decides and pays; the object takes the stress).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hacked {
    /// Objects with a state, sorted by `obj`.
    pub list: Vec<ObjectMind>,
    /// The object whose Hielo answers the Corromper now (`Pending::MentalCombat`).
    pub fight: Option<ObjRef>,
    /// The doors closed now, a bit per element (`state::doors`).
    pub closed: u8,
    /// Shots each turret has fired, by element (`state::doors`).
    pub shots: [u8; crate::scenario::elements::MAX_ELEMENTS],
}

impl State {
    /// The state of object `obj` (all zero when nothing touched it).
    pub fn object_mind(&self, obj: ObjRef) -> ObjectMind {
        self.hacked
            .list
            .iter()
            .find(|m| m.obj == obj)
            .copied()
            .unwrap_or(ObjectMind {
                obj,
                stress: 0,
                wounds: 0,
                control: Control::AsSet,
            })
    }

    /// Every hacked object's state.
    pub fn hacked_objects(&self) -> &[ObjectMind] {
        &self.hacked.list
    }

    /// The object fighting a Combate mental now, if any.
    pub fn object_fight(&self) -> Option<ObjRef> {
        self.hacked.fight
    }

    pub(crate) fn set_object_fight(&mut self, obj: Option<ObjRef>) {
        self.hacked.fight = obj;
    }

    pub(crate) fn object_mind_mut(&mut self, obj: ObjRef) -> &mut ObjectMind {
        let k = match self.hacked.list.binary_search_by(|m| m.obj.cmp(&obj)) {
            Ok(k) => k,
            Err(k) => {
                self.hacked.list.insert(k, self.object_mind(obj));
                k
            }
        };
        &mut self.hacked.list[k]
    }

    /// Adds `n` stress to `obj` (Corromper, Combate mental), up to its CAL.
    pub(crate) fn stress_object(&mut self, log: &mut Log, by: CharIdx, obj: ObjRef, n: u8) {
        if n == 0 {
            return;
        }
        let cal = self.object_cal(obj);
        let m = self.object_mind_mut(obj);
        m.stress = m.stress.saturating_add(n).min(cal);
        log.push(|| Event::Status {
            who: by,
            text: "puts stress on an object",
        });
    }

    /// The hackable part of element `e`, if it is hackable.
    pub fn element_hack(&self, e: u8) -> Option<ElementHack> {
        self.st.elements.get(e as usize).and_then(|el| el.hack)
    }

    /// Whether `obj` exists now as an object: an object its holder has, a weapon lying on the
    /// ground, a hackable element.
    pub fn object_exists(&self, obj: ObjRef) -> bool {
        match obj {
            ObjRef::Carried { holder, object } => {
                (holder as usize) < self.chars.len()
                    && (object as usize) < self.info(holder).def.objects.len().min(8)
            }
            ObjRef::Ground { .. } => self.object_square(obj).is_some(),
            ObjRef::Element(e) => self.element_hack(e).is_some(),
        }
    }

    /// CAL of `obj` (CREACIÓN DE OBJETOS: «Calidad, resistencia al desgaste y durabilidad»).
    pub fn object_cal(&self, obj: ObjRef) -> u8 {
        match obj {
            ObjRef::Carried { holder, object } => {
                self.info(holder).def.objects[object as usize].quality
            }
            ObjRef::Ground { owner, weapon } => self.weapon_quality(owner, weapon),
            ObjRef::Element(e) => self.element_hack(e).map_or(1, |h| h.cal),
        }
    }

    /// Where `obj` is: its holder's square, where it lies, the element's square.
    pub fn object_square(&self, obj: ObjRef) -> Option<Pos> {
        match obj {
            ObjRef::Carried { holder, .. } => Some(self.ch(holder).pos),
            ObjRef::Ground { owner, weapon } => self
                .ground_items()
                .find(|&(o, w, _)| o == owner && w == weapon)
                .map(|(_, _, p)| p),
            ObjRef::Element(e) => self.st.elements.get(e as usize).map(|el| el.at),
        }
    }

    /// The object's wounds: a ground weapon's wear, or what a possessor gave it.
    pub fn object_wounds(&self, obj: ObjRef) -> u8 {
        match obj {
            ObjRef::Ground { owner, weapon } => self.weapon_wear(owner, weapon),
            _ => self.object_mind(obj).wounds,
        }
    }

    /// Whether `obj` works: not switched off, and with fewer wounds than CAL («Equipo con tantas
    /// heridas como CAL: inutilizado, no se puede usar»).
    pub fn object_works(&self, obj: ObjRef) -> bool {
        let m = self.object_mind(obj);
        m.control != Control::Off && self.object_wounds(obj) < self.object_cal(obj)
    }

    /// The side a hackable element works for now (it scores for it), if any.
    pub fn element_side(&self, e: u8) -> Option<Side> {
        let h = self.element_hack(e)?;
        let obj = ObjRef::Element(e);
        if !self.object_works(obj) {
            return None;
        }
        match self.object_mind(obj).control {
            Control::AsSet => h.side,
            Control::On(s) => Some(s),
            Control::Off => None,
        }
    }

    /// Hielo of `obj` while it works («Puede combate mental contra corrupción / hackeo, con INT,
    /// VOL y CAL = 3»): the value its Combate mental and its CH DEF are made with.
    pub fn object_ice(&self, obj: ObjRef) -> Option<u8> {
        if !self.object_works(obj) {
            return None;
        }
        let ice = |e: Effect| match e {
            Effect::Ice(k) => Some(k),
            _ => None,
        };
        match obj {
            ObjRef::Carried { holder, object } => self.info(holder).def.objects[object as usize]
                .traits
                .iter()
                .flat_map(|t| t.effects())
                .find_map(ice),
            ObjRef::Ground { owner, weapon } => self.info(owner).def.weapons[weapon as usize]
                .traits
                .iter()
                .flat_map(|t| t.effects())
                .find_map(ice),
            ObjRef::Element(e) => self.element_hack(e).map(|h| h.ice).filter(|&k| k > 0),
        }
    }

    /// The Hielo `who` carries that answers a Corromper on it: its race's or a protection's,
    /// or a working object's (an object switched off or wrecked no longer protects).
    pub fn carried_ice(&self, who: CharIdx) -> Option<u8> {
        let def = &self.info(who).def;
        let fixed = def
            .race
            .traits
            .iter()
            .chain(def.protections.iter().flat_map(|p| &p.traits))
            .flat_map(|t| t.effects())
            .find_map(|e| match e {
                Effect::Ice(k) => Some(k),
                _ => None,
            });
        fixed.or_else(|| {
            (0..def.objects.len().min(8) as u8).find_map(|object| {
                self.object_ice(ObjRef::Carried {
                    holder: who,
                    object,
                })
            })
        })
    }
}
