//! The actions traits give (BONUS Y MALUS): Regeneración («Puede ENE 3 y CH CON para quitar 1
//! herida»), Energía psíquica («Puede estrés+1 y ENE+3») and Sed de energía («Puede robar ENE 3
//! a otro personaje, a tantos K como VOL (ENE 1 y CH VOL). Puede oponerse con CH VOL ENF. No se
//! puede trabado en CaC»). A trait grants one with [`Effect::Ability`]; which ones a character
//! has is read from its effects, never from a trait's name.

use crate::actions::combat::{atr_check, attr_check_target, vol_then_enf, Ctx};
use crate::basics::action::{Ability, ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{Effect, Stat};
use crate::psychology::add_stress;
use crate::state::*;

/// ENE an ability costs `who`.
pub fn cost(st: &State, who: CharIdx, ability: Ability) -> i8 {
    match ability {
        Ability::Regenerate => 3,
        Ability::PsychicEnergy => 0,
        Ability::StealEnergy => 1,
        Ability::RechargeShield => st.shield(who).map_or(4, |(_, r, _)| r as i8),
        Ability::DeathHand => 3,
        Ability::Stance => 0,
        other => super::trait_actions::cost(other),
    }
}

/// The abilities of `who` and their legal uses: Regeneración while wounded (and not under Sin
/// cura), Energía psíquica always, Sed de energía on every other able character within VOL K
/// while not engaged.
pub fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let info = st.info(who);
    super::trait_actions::anyones_options(st, who, &mut f);
    // No ability or stance among its effects: nothing below to find (folded at setup,
    // `QuickFx::abilities`; PERFORMANCE.md, "Thirteenth session").
    if !info.quick.abilities {
        // An item it carries may bring Munición regenerativa (audit 30c), which the fold of
        // its own archetypes does not see: asked only when it carries one.
        if st.ch(who).carried[0] != 0 {
            let ability = Ability::Replenish;
            super::trait_actions::options(st, who, ability, &mut f);
        }
        return;
    }
    for ability in Ability::ALL {
        let has_fx = |fx: &[Effect]| fx.contains(&Effect::Ability(ability));
        // A stance may come from a weapon's trait (Empuñadura larga, Fuego a larga).
        let has = match ability {
            Ability::Stance => st.has_stance(who),
            // Munición regenerativa: on a weapon in its hands, a carried item's too (audit 30c).
            Ability::Replenish => super::trait_actions::replenishable(st, who).is_some(),
            // On the character, or on one of its weapons (Marcador de objetivos is equipment).
            _ => has_fx(&info.effects) || info.weapon_effects.iter().any(|w| has_fx(w)),
        };
        if !has {
            continue;
        }
        // The abilities a character uses on itself: whether it may now.
        let on_self = match ability {
            Ability::Regenerate => {
                st.ch(who).wounds > 0 && !info.effects.contains(&Effect::NoHealing)
            }
            Ability::PsychicEnergy | Ability::Stance => true,
            // «si tiene nivel 1 o más»: a level left, and one lost to get back.
            Ability::RechargeShield => {
                st.shield_left(who) >= 1
                    && st.ch(who).run.shield_lost > 0
                    && st.shield(who).is_some_and(|(_, r, _)| r > 0)
            }
            _ => false,
        };
        if on_self {
            let target = who;
            f(ActKind::Ability { ability, target }, cost(st, who, ability));
            continue;
        }
        match ability {
            Ability::Regenerate
            | Ability::PsychicEnergy
            | Ability::Stance
            | Ability::RechargeShield => {}
            Ability::DeathHand => {
                super::abilities_death::options(st, who, |t| {
                    f(
                        ActKind::Ability { ability, target: t },
                        cost(st, who, ability),
                    )
                });
            }
            Ability::StealEnergy => {
                if st.engaged(who) {
                    continue;
                }
                let p = st.ch(who).pos;
                let reach = st.vol(who);
                for t in st.indices() {
                    if t != who && st.able(t) && st.ch(t).pos.dist(p) <= reach {
                        f(
                            ActKind::Ability { ability, target: t },
                            cost(st, who, ability),
                        );
                    }
                }
            }
            other => super::trait_actions::options(st, who, other, &mut f),
        }
    }
}

/// Resolves an ability (its ENE already spent).
pub fn resolve(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    ability: Ability,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    match ability {
        Ability::RechargeShield => {
            let c = st.ch_mut(who);
            c.run.shield_lost = c.run.shield_lost.saturating_sub(1);
            log.push(|| Event::Status {
                who,
                text: "gets a shield level back",
            });
        }
        Ability::DeathHand => super::abilities_death::resolve(st, d, log, who, target, ctx),
        Ability::Stance => {
            let wounds = st.take_stance(who);
            log.push(|| Event::Status {
                who,
                text: "takes its stance",
            });
            crate::actions::combat::add_wounds(st, d, log, who, wounds, None);
        }
        Ability::Regenerate => {
            let t = attr_check_target(st, who, Stat::Con, ctx, None, false);
            if atr_check(st, d, log, who, Stat::Con, t, "CH CON regenerate").pass {
                let c = st.ch_mut(who);
                c.wounds = c.wounds.saturating_sub(1);
                log.push(|| Event::Status {
                    who,
                    text: "regenerates 1 wound",
                });
            }
        }
        Ability::PsychicEnergy => {
            let c = st.ch_mut(who);
            c.ene = (c.ene + 3).min(ENE_MAX);
            add_stress(st, d, log, who, 1, None);
        }
        Ability::StealEnergy => {
            // «Puede oponerse»: an enemy always does; an ally lets it.
            let enemy = st.side_of(target) != st.side_of(who);
            if !vol_then_enf(st, d, log, who, target, ctx, "CH VOL steal", enemy) {
                return;
            }
            let taken = st.ch(target).ene.clamp(0, 3);
            st.ch_mut(target).ene -= taken;
            let c = st.ch_mut(who);
            c.ene = (c.ene + taken).min(ENE_MAX);
            log.push(|| Event::Status {
                who,
                text: "steals ENE",
            });
        }
        other => super::trait_actions::resolve(st, d, log, who, other, target, ctx),
    }
}
