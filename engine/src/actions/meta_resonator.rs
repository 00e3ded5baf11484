//! Resonador (BONUS Y MALUS): «Un neuromante puede invocar desde este Pj, que recibe 1 estrés y
//! CH PSI. Puede resistirse con CH VOL ENF.» A neuromante's meta-ability reaches a target within
//! its ALC of any able character with the trait (RULES.md, "Traits in play, share E").

use crate::basics::action::CharIdx;
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::creation::effect::Effect;
use crate::psychology::{add_stress, psyche};
use crate::state::State;

/// The resonator `who` invokes through to reach `target` with meta-ability `m` (its direct ALC
/// does not): the first able character, other than `who`, with [`Effect::Resonator`] and
/// `target` within the meta-ability's ALC of it. None unless `who` is a neuromante. Only an
/// invocation goes through one: `meta::via_resonator` asks that first (audit 27b).
pub fn resonator(st: &State, who: CharIdx, m: u8, target: CharIdx) -> Option<CharIdx> {
    if !crate::actions::mind::is_neuromante(st, who) {
        return None;
    }
    st.info(who).def.meta_abilities.get(m as usize)?;
    // Its ALC with its own ALC traits (Más alcance …: `State::meta_range`).
    let alc = st.meta_range(who, m).max(1);
    let to = st.ch(target).pos;
    st.indices().find(|&r| {
        r != who
            && st.able(r)
            && st.info(r).has_effect(|e| matches!(e, Effect::Resonator))
            && st.ch(r).pos.dist(to) <= alc
    })
}

/// The price of invoking through resonator `r`: an enemy resonator resists with a CH VOL ENF
/// (winning it, the invocation fails: returns false); otherwise it gains 1 stress and takes a
/// CH PSI. An ally lends itself (its side chose to invoke through it) and does not resist.
pub fn resonate(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    r: CharIdx,
) -> bool {
    if st.side_of(r) != st.side_of(who)
        && !crate::actions::combat::vol_enf(st, d, log, who, r, "resists being a resonator")
    {
        return false;
    }
    add_stress(st, d, log, r, 1, Some(who));
    if st.able(r) {
        psyche(st, d, log, r, Some(who));
    }
    true
}
