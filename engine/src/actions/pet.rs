//! Mascota mágica (BONUS Y MALUS): «Acompaña al personaje: CON y DEF 3. Tiene 3 bonus. El Pj
//! puede usar uno de estos bonus por aventura (ENE 1) que dura hasta el final de su siguiente
//! actuación.» The pet is an object of the character's list carrying the trait; its other
//! traits are the pet's bonuses, not in force until used (`setup::statics` lists them after the
//! meta-abilities' effects). Once per game the character spends 1 ENE on one of them (`pet pN`):
//! it is in force on the character as a meta-ability cast on itself is (the spell slot), to the
//! end of its next activation. RULES.md, "Traits in play, share H".

use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::state::*;

/// How many bonuses the pet of `who` has (0: no pet).
#[inline]
pub fn bonuses(st: &State, who: CharIdx) -> u8 {
    let info = st.info(who);
    (info.meta_effects.len() - info.def.meta_abilities.len()).min(u8::MAX as usize) as u8
}

/// Whether spell slot value `spell` cast by `by` on `who` is a pet's bonus.
#[inline]
pub fn is_pet_spell(st: &State, who: CharIdx, spell: u8, by: CharIdx) -> bool {
    by == who && spell as usize > st.info(who).def.meta_abilities.len()
}

/// The pet's bonuses `who` may use now: each, once per game.
pub(crate) fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    if st.body(who).bits & PET_USED != 0 {
        return;
    }
    for k in 0..bonuses(st, who) {
        f(ActKind::PetBonus(k));
    }
}

/// Uses bonus `k` of the pet of `who` (its ENE already spent).
pub(crate) fn use_bonus(st: &mut State, log: &mut Log, who: CharIdx, k: u8) {
    let slot = st.info(who).def.meta_abilities.len() as u8 + k + 1;
    let c = st.ch_mut(who);
    c.spell = slot;
    c.spell_by = who;
    // Through the end of this activation; `meta::at_activation_start` turns it into one that
    // ends with the next.
    c.set(SPELL_SELF, true);
    st.body_mut(who).bits |= PET_USED;
    log.push(|| Event::Status {
        who,
        text: "uses a bonus of its magic pet",
    });
}
