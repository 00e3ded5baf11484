//! A carried object's passive traits while it is switched off or wrecked (RULES.md, "Objects as
//! the targets of Corromper and Poseer"): the holder's traits are resolved into its static
//! record at setup, so the record without an object's traits is built then too
//! (`Static::object_variants`) and swapped in — a fresh copy of the shared part — when a
//! possessor switches the object off, wrecks it, or switches it on again. Hooks that read the
//! object itself at play time (Usar, Hielo) ask `object_works` as before.

use crate::basics::action::{CharIdx, ObjRef};
use crate::state::State;
use std::sync::Arc;

impl State {
    /// Which of `holder`'s objects with traits do not work now, a bit per object.
    fn objects_not_working(&self, holder: CharIdx) -> u8 {
        let objects = &self.info(holder).def.objects;
        (0..objects.len().min(8) as u8)
            .filter(|&object| {
                !objects[object as usize].traits.is_empty()
                    && !self.object_works(ObjRef::Carried { holder, object })
            })
            .fold(0, |m, k| m | 1 << k)
    }

    /// Puts in the static record of `holder` that matches its objects now (their traits in
    /// force only while they work). Nothing happens in a game where nobody carries an object
    /// with traits.
    pub(crate) fn refresh_objects(&mut self, holder: CharIdx) {
        if self.st.object_variants.is_empty() {
            return;
        }
        let mask = self.objects_not_working(holder);
        let now = self
            .st
            .objects_off
            .iter()
            .find(|(w, _)| *w == holder)
            .map_or(0, |&(_, m)| m);
        if mask == now {
            return;
        }
        let Some(v) = self
            .st
            .object_variants
            .iter()
            .find(|v| v.who == holder && v.mask == mask)
        else {
            return; // beyond the objects modelled: the record stays.
        };
        let mut shared = (*self.st).clone();
        shared.chars[holder as usize] = v.info.clone();
        shared.objects_off.retain(|(w, _)| *w != holder);
        if mask != 0 {
            shared.objects_off.push((holder, mask));
        }
        self.st = Arc::new(shared);
    }
}
