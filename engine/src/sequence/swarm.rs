//! Arma de enjambre (BONUS Y MALUS): «Disparar con otras armas de enjambre a la vez. Cada
//! crítico, DEF-1. Cada pifia, anula un crítico. Puede llegar a ENE -10 actuando.» The action
//! `swarm LABEL` fires every swarm weapon of the character that could shoot the target now
//! (two at least), one after another in weapon order, for the sum of their ENE, which may take
//! the shooter down to ENE −10. Each critical CH IMP of the volley lowers the target's DEF by 1
//! for the CH DEFs that follow it in the volley (its own hit's included), each fumble cancels
//! one: the running count, never below 0, is the volley's DEF cut (`Ctx::swarm`). RULES.md,
//! "Traits in play, share H".

use crate::actions::combat::resolve_attack;
use crate::actions::combat::{Ctx, Special};
use crate::basics::action::{ActKind, Action, CharIdx, ShotMode};
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::creation::effect::Effect;
use crate::sequence::legal_attacks::ranged_options;
use crate::state::*;

/// Whether `who` carries two swarm weapons or more (a cheap test before the options).
#[inline]
pub fn has_swarm(st: &State) -> impl Fn(CharIdx) -> bool + '_ {
    move |who| {
        st.info(who)
            .weapon_effects
            .iter()
            .filter(|w| w.contains(&Effect::SwarmWeapon))
            .count()
            >= 2
    }
}

/// The swarm weapons of `who` that could shoot `target` now (whatever its ENE; not engaged),
/// in order.
pub fn volley(st: &State, who: CharIdx, target: CharIdx) -> smallvec::SmallVec<[u8; 4]> {
    let mut out = smallvec::SmallVec::new();
    if st.engaged(who) {
        return out;
    }
    for w in 0..st.weapon_slots(who) {
        if !st.weapon_fx(who, w).contains(&Effect::SwarmWeapon) {
            continue;
        }
        let kind = ActKind::Shoot {
            target,
            weapon: w,
            mode: ShotMode::Normal,
        };
        let mut legal = false;
        ranged_options(st, who, target, false, |k| legal |= k == kind);
        if legal {
            out.push(w);
        }
    }
    out
}

/// ENE of the volley of `who` at `target`: the sum of its weapons' ENE.
pub fn volley_cost(st: &State, who: CharIdx, target: CharIdx) -> i8 {
    volley(st, who, target)
        .iter()
        .map(|&w| {
            st.action_cost(
                who,
                &ActKind::Shoot {
                    target,
                    weapon: w,
                    mode: ShotMode::Normal,
                },
            )
        })
        .sum()
}

/// The `swarm` options of `who` (acting, ENE `ene`): each enemy two swarm weapons or more may
/// shoot, while the volley leaves it at ENE −10 or above («Puede llegar a ENE -10 actuando»).
pub(super) fn options(st: &State, who: CharIdx, ene: i8, out: &mut Vec<Action>) {
    if st.ch(who).has(SPRINTED) {
        return;
    }
    let side = st.side_of(who);
    for t in st.indices() {
        if st.side_of(t) == side || !st.able(t) {
            continue;
        }
        if volley(st, who, t).len() < 2 || ene - volley_cost(st, who, t) < ENE_MIN {
            continue;
        }
        out.push(Action::Act {
            who,
            kind: ActKind::Swarm { target: t },
            chain: false,
            face: None,
        });
    }
}

impl State {
    /// Resolves the volley of `who` at `target` (its ENE already spent).
    pub(super) fn swarm(
        &mut self,
        who: CharIdx,
        target: CharIdx,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let weapons = volley(self, who, target);
        self.face(who, target);
        ctx.swarm = Some(0);
        for w in weapons {
            if !self.able(who) || !self.able(target) {
                break;
            }
            let a = self.attack(who, target, Some(w), false, Special::Wound);
            resolve_attack(self, d, log, a, ctx);
        }
        ctx.swarm = None;
    }
}
