//! More actions and turn events traits give (BONUS Y MALUS, issue 16, share C): Mimético's
//! camouflage, Invisible, Apagar fuego (Munición incendiaria), Marcador de objetivos, Necrófago,
//! the fire's hit, and Resurrección / Rematador. A trait grants an action with
//! [`Effect::Ability`]; `actions::abilities` dispatches here the abilities it does not resolve
//! itself. Nothing reads a trait's name.

use crate::actions::combat::{atr_check, attr_check_target, auto_hit, Ctx};
use crate::basics::action::{Ability, ActKind, CharIdx};
use crate::basics::check::{roll_check, CheckRule, Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{Effect, Stat};
use crate::psychology::psyche;
use crate::state::*;

/// ENE of the abilities of this module.
pub fn cost(ability: Ability) -> i8 {
    match ability {
        // «Activar / desactivar, ENE 1»; «(ENE1 y CH VOL)»; «marcar un objetivo (ENE 1)».
        Ability::Camouflage | Ability::Vanish | Ability::AimMark => 1,
        // Incorpóreo: a toggle as Mimético's (RULES.md).
        Ability::Phase => 1,
        // «Apagar fuego: CH PSI y ENE 3».
        Ability::Extinguish => 3,
        // «si se alimenta de un cadáver, ENE 5».
        Ability::Feed => 5,
        // «Gana 1 munición con una acción de ENE 1 y CH CAL».
        Ability::Replenish => 1,
        // «puede dar 3 ENE a un aliado»: the order itself costs nothing (RULES.md).
        Ability::Orders => 0,
        // Not given: as Esconderse (RULES.md).
        Ability::Smoke => 2,
        // Priced in `abilities::cost`.
        Ability::Regenerate
        | Ability::PsychicEnergy
        | Ability::StealEnergy
        | Ability::RechargeShield
        | Ability::DeathHand
        | Ability::Stance => 0,
    }
}

/// The actions anyone may have from its state, whatever its traits: Apagar fuego while on fire.
pub fn anyones_options(st: &State, who: CharIdx, f: &mut impl FnMut(ActKind, i8)) {
    if st.ch(who).tbits & BURNING != 0 {
        let ability = Ability::Extinguish;
        f(
            ActKind::Ability {
                ability,
                target: who,
            },
            cost(ability),
        );
    }
}

/// The reach of Marcador de objetivos: «a tantos K como ALC» — the longest ALC of the holder's
/// weapons that carry it, or of all its weapons when it is the character's own.
fn mark_reach(st: &State, who: CharIdx) -> u8 {
    let info = st.info(who);
    let own = info.has_effect(|e| matches!(e, Effect::MarkedHit(_)));
    (0..info.def.weapons.len() as u8)
        .filter(|&w| {
            own || info.weapon_effects[w as usize]
                .iter()
                .any(|e| matches!(e, Effect::MarkedHit(_)))
        })
        .map(|w| st.weapon_range(who, w))
        .max()
        .unwrap_or(0)
}

/// The legal uses of an ability of this module that `who`'s traits give.
pub fn options(st: &State, who: CharIdx, ability: Ability, f: &mut impl FnMut(ActKind, i8)) {
    let me = ActKind::Ability {
        ability,
        target: who,
    };
    match ability {
        Ability::Camouflage | Ability::Smoke | Ability::Phase => f(me, cost(ability)),
        // Invisible: hidden anywhere, not while engaged (as Esconderse) nor already hidden.
        Ability::Vanish if !st.ch(who).has(HIDDEN) && !st.engaged(who) => f(me, cost(ability)),
        Ability::AimMark => {
            let p = st.ch(who).pos;
            let reach = mark_reach(st, who);
            let side = st.side_of(who);
            for t in st.indices() {
                if st.side_of(t) != side
                    && st.able(t)
                    && !st.hidden_from(who, t)
                    && st.ch(who).aimed != t + 1
                    && st.ch(t).pos.dist(p) <= reach
                    && st.sees(who, t)
                    && !st.mark_jammed(who, t)
                {
                    f(ActKind::Ability { ability, target: t }, cost(ability));
                }
            }
        }
        Ability::Feed => {
            if st.ch(who).wounds == 0 || st.info(who).effects.contains(&Effect::NoHealing) {
                return;
            }
            let p = st.ch(who).pos;
            for t in st.indices() {
                // «Se alimenta de un cadáver»: one it can reach — beside it on its level, not
                // aboard a transport (RULES.md, Necrófago), as a body carried or looted.
                if feedable(st, t) && st.ch(t).pos.adjacent(p) && st.body_in_reach(who, t) {
                    f(ActKind::Ability { ability, target: t }, cost(ability));
                }
            }
        }
        Ability::Replenish if replenishable(st, who).is_some() => f(me, cost(ability)),
        Ability::Orders if st.ch(who).tbits & ORDERS_GIVEN == 0 => {
            let p = st.ch(who).pos;
            let (side, reach) = (st.side_of(who), st.vol(who));
            for t in st.indices() {
                if t != who && st.side_of(t) == side && st.able(t) && st.ch(t).pos.dist(p) <= reach
                {
                    f(ActKind::Ability { ability, target: t }, cost(ability));
                }
            }
        }
        _ => {}
    }
}

/// The first weapon of `who` with Munición regenerativa whose magazine is not full: one of its
/// own, then, for a member of a transport's crew, one mounted on it (its slot: the crew
/// reloads a mounted weapon, so it regains its rounds too — audit 29b: no replenish was
/// offered for one).
pub(crate) fn replenishable(st: &State, who: CharIdx) -> Option<u8> {
    let ready = |w: u8| {
        st.weapon_fx(who, w)
            .contains(&Effect::Ability(Ability::Replenish))
            && st.weapon_magazine(who, w) > st.weapon_ammo(who, w)
            && st.weapon_usable(who, w)
    };
    // Every weapon in its hands: its own and the items it carries (audit 30c: a picked-up
    // weapon's Munición regenerativa was not offered — the trait is the weapon's).
    (0..st.weapon_slots(who))
        .find(|&w| st.holds(who, w) && ready(w))
        .or_else(|| {
            let t = st.aboard(who)?;
            let n = st.transport_info(t).arch.weapons.len() as u8;
            (0..n)
                .map(|g| crate::basics::action::mounted_slot(t as u8, g))
                .find(|&w| ready(w))
        })
}

/// A corpse Necrófago may feed on: dead, on the table, with CON left («Cada heridas recuperada,
/// CON-1 del cadáver»: each feeding adds a wound to it; CON feedings in all).
fn feedable(st: &State, t: CharIdx) -> bool {
    let con = st.info(t).con;
    st.dead(t) && !st.ch(t).has(REMOVED) && st.ch(t).wounds <= 2 * con
}

/// Resolves an ability of this module (its ENE already spent).
#[allow(clippy::too_many_arguments)]
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
        Ability::Camouflage => st.toggle_trait_state(
            log,
            who,
            CAMOUFLAGED,
            ["camouflages itself", "drops its camouflage"],
        ),
        Ability::Phase => super::incorporeal::toggle(st, log, who),
        Ability::Vanish => {
            let t = attr_check_target(st, who, Stat::Vol, ctx, None, false);
            if atr_check(st, d, log, who, Stat::Vol, t, "CH VOL vanish").pass {
                st.ch_mut(who).set(HIDDEN, true);
                log.push(|| Event::Status {
                    who,
                    text: "vanishes",
                });
            }
        }
        Ability::Extinguish if psyche(st, d, log, who, None).passed() => {
            st.ch_mut(who).tbits &= !BURNING;
            log.push(|| Event::Status {
                who,
                text: "puts the fire out",
            });
        }
        Ability::AimMark => {
            st.ch_mut(who).aimed = target + 1;
            log.push(|| Event::Status {
                who: target,
                text: "is marked as a target",
            });
        }
        Ability::Feed => {
            if !feedable(st, target) {
                return;
            }
            st.ch_mut(target).wounds += 1;
            let c = st.ch_mut(who);
            c.wounds = c.wounds.saturating_sub(1);
            log.push(|| Event::Status {
                who,
                text: "feeds on a corpse: heals 1 wound",
            });
        }
        Ability::Smoke => {
            let c = st.ch_mut(who);
            c.smoke_at = c.pos;
            c.tbits |= SMOKING;
            log.push(|| Event::Status {
                who,
                text: "lays smoke",
            });
        }
        Ability::Orders => {
            st.ch_mut(who).tbits |= ORDERS_GIVEN;
            let c = st.ch_mut(target);
            c.ene = (c.ene + 3).min(ENE_MAX);
            log.push(|| Event::Status {
                who: target,
                text: "receives orders: ENE +3",
            });
            // «Ese aliado actuará. Cuando termine, seguirá este Pj»: in this activation, once
            // the order's window is closed (`sequence::legal`; RULES.md, share I).
            if matches!(st.pending, Pending::Act { actor } if actor == who) {
                st.activation.orders = Some((target, who));
            }
        }
        Ability::Replenish => {
            let Some(w) = replenishable(st, who) else {
                return;
            };
            // CH CAL: 1D10 against the weapon's CAL left.
            let cal = st.weapon_quality(who, w) as i8 - st.weapon_wear(who, w) as i8;
            let roll = roll_check(d, cal, &CheckRule::default());
            log.push(|| Event::Check {
                who,
                what: "CH CAL",
                roll,
            });
            if roll.pass {
                let n = st.weapon_ammo(who, w) + 1;
                st.set_weapon_ammo(who, w, n);
            } else {
                // «Si falla, CAL-1».
                st.wear_weapon(who, w);
            }
        }
        _ => {}
    }
}

/// Munición incendiaria: «Al principio de la actuación, impacto de DAÑ 1» — a hit of DAÑ 1
/// against its CH DEF.
pub(crate) fn burn(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx) {
    log.push(|| Event::Status { who, text: "burns" });
    auto_hit(st, d, log, who, 1, None);
}

/// Sobrecalentamiento after a movement action: a CH DEF with its DEF, with the character's CH
/// DEF traits (audit 22: it was a bare die); failed, 1 wound.
pub(crate) fn overheat(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx) {
    let def = st.def_total(who, false).clamp(0, 10) as i8;
    let roll = crate::state::plain_def_check(st, d, log, who, def, "CH DEF (overheating)");
    if !roll.pass {
        crate::actions::combat::add_wounds(st, d, log, who, 1, None);
    }
}

/// Resurrección at the start of a turn: every dead character with it (not removed from the table,
/// not killed by a Rematador) rolls 1D10; a critical (1) brings it back with CON − 1 wounds
/// («Crítico: vive con tantas her como CON-1»).
pub fn resurrections(st: &mut State, d: &mut dyn DiceSource, log: &mut Log) {
    for i in st.indices().collect::<smallvec::SmallVec<[CharIdx; 12]>>() {
        let c = st.ch(i);
        if !st.dead(i) || c.has(REMOVED) || c.tbits & NO_RISE != 0 {
            continue;
        }
        if !st.info(i).has_effect(|e| *e == Effect::Resurrect) {
            continue;
        }
        let r = d.d10();
        log.push(|| Event::Status {
            who: i,
            text: "rolls for Resurrección",
        });
        if r == 1 && st.may_rise(i) {
            let con = st.info(i).con;
            let c = st.ch_mut(i);
            c.wounds = con.saturating_sub(1);
            c.set(UNCONSCIOUS | KNOCKED_OUT, false);
            log.push(|| Event::Status {
                who: i,
                text: "rises from the dead",
            });
        }
    }
}
