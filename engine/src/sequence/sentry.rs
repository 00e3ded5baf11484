//! Machina mors (BONUS Y MALUS): «Este arma puede reaccionar disparando con ENE 0 y sin CH VOL a
//! todo en su CdT. CH IMP 4.» A reactor whose weapon carries it may shoot that weapon at the
//! actor straight from the reaction window — no CH VOL — when the shot is one it could make
//! (the actor within the weapon's ALC and its facing arc: the CdT, «Área comprendida entre el
//! alcance de un arma y su ángulo de tiro»). Every reaction shot of such a weapon costs 0 ENE
//! and rolls its CH IMP against 4 (RULES.md, "Traits in play, share H").

use crate::basics::action::{ActKind, Action, CharIdx, ShotMode};
use crate::creation::effect::Effect;
use crate::sequence::legal_attacks::ranged_options;
use crate::sequence::reaction_options::{excluded, in_arc};
use crate::state::*;

/// Whether `kind` is a shot of a Machina mors weapon of `who`.
pub fn machina_shot(st: &State, who: CharIdx, kind: &ActKind) -> bool {
    matches!(*kind, ActKind::Shoot { weapon, .. }
        if st.weapon_ref(who, weapon).is_some()
            && st.weapon_fx(who, weapon).contains(&Effect::MachinaMors))
}

/// The Machina mors shots of reactor `r` at `actor` offered in the reaction window (before its
/// CH VOL): each of its Machina mors weapons that may shoot the actor now, in its arc.
pub(super) fn window_shots(st: &State, r: CharIdx, actor: CharIdx, out: &mut Vec<Action>) {
    if st.engaged(r) {
        return;
    }
    let n = st.weapon_slots(r);
    for w in 0..n {
        if !st.weapon_fx(r, w).contains(&Effect::MachinaMors) {
            continue;
        }
        let kind = ActKind::Shoot {
            target: actor,
            weapon: w,
            mode: ShotMode::Normal,
        };
        if excluded(&kind).is_some() || !in_arc(st, r, &kind) {
            continue;
        }
        let mut legal = false;
        ranged_options(st, r, actor, true, |k| legal |= k == kind);
        if legal {
            out.push(Action::Reaction { who: r, kind });
        }
    }
}
