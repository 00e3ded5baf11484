//! Objects as the targets of Corromper / Hackear and Poseer (METAHABILIDADES: «Corrupción y
//! Hacking.- … realizada por un Neuromante (INT) sobre cualquier objetivo», «Posesión.- Acción
//! para tomar el control de otro personaje o de un objeto»), with the Hielo of a protected
//! object (Combate mental). RULES.md, "Objects as the targets of Corromper and Poseer".
//!
//! An object is a character's carried object, a weapon lying on the ground or a scenario
//! element marked hackable ([`ObjRef`]); its stress, wounds and switch live in the side record
//! `state::hacked`.

use crate::actions::combat::{atr_check, attr_check_target, hit_overload, Ctx};
use crate::actions::mind::{hack_damage, is_neuromante, mind_check, MIND_ENE};
use crate::basics::action::{ActKind, CharIdx, ObjHack, ObjRef};
use crate::basics::check::{opposed_winner, roll_check, CheckRule, Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::Stat;
use crate::psychology::{add_stress, meta_fumble};
use crate::state::*;

/// Every object `who` could aim a mental action at, with its square.
fn candidates(st: &State, who: CharIdx, mut f: impl FnMut(ObjRef)) {
    let side = st.side_of(who);
    for j in st.indices() {
        if st.side_of(j) == side || !st.able(j) || st.ch(j).has(HIDDEN) {
            continue;
        }
        for object in 0..st.info(j).def.objects.len().min(8) as u8 {
            f(ObjRef::Carried { holder: j, object });
        }
    }
    for (owner, weapon, _) in st.ground_items() {
        if st.home_side(owner) != side {
            f(ObjRef::Ground { owner, weapon });
        }
    }
    for e in 0..st.statics().elements.len() as u8 {
        if st.element_hack(e).is_some() {
            f(ObjRef::Element(e));
        }
    }
}

/// The object actions `who` may make acting: a neuromante («Neuromante (INT) sobre cualquier
/// objetivo»; a titiritero only «sobre un personaje vivo») within its INT K of the object —
/// Corromper while the object works and its stress is below CAL, Poseer once it is at CAL (on,
/// off and wreck where they change something for the possessor's side). Not after Esprintar
/// (an attack).
pub(crate) fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    if !is_neuromante(st, who) || st.ch(who).has(SPRINTED) {
        return;
    }
    let (p, int, side) = (st.ch(who).pos, st.info(who).int, st.side_of(who));
    candidates(st, who, |obj| {
        if st.object_square(obj).is_none_or(|q| q.dist(p) > int) {
            return;
        }
        let (cal, m, wounds) = (
            st.object_cal(obj),
            st.object_mind(obj),
            st.object_wounds(obj),
        );
        if wounds >= cal {
            return; // inutilizado: nothing left to take.
        }
        if m.stress < cal {
            f(ActKind::HackObject { obj }, MIND_ENE);
            return;
        }
        let wreck = ObjHack::Wreck(cal + 1 - wounds);
        let mut push = |how| f(ActKind::PossessObject { obj, how }, MIND_ENE);
        match obj {
            ObjRef::Carried { .. } => {
                if st.object_works(obj) {
                    push(ObjHack::Off);
                }
                push(wreck);
            }
            ObjRef::Ground { .. } => push(wreck),
            ObjRef::Element(e) => {
                let now = st.element_side(e);
                if now != Some(side) {
                    push(ObjHack::On);
                    push(wreck);
                }
                if now == Some(side.other()) {
                    push(ObjHack::Off);
                }
            }
        }
    });
}

/// The holder an object's check is made against (its modifiers of a target), if any.
fn holder(obj: ObjRef) -> Option<CharIdx> {
    match obj {
        ObjRef::Carried { holder, .. } => Some(holder),
        _ => None,
    }
}

/// The CH INT of `who`'s mental action on `obj` (Contramagia may answer it); `None` when
/// countered or fumbled (a meta-ability's fumble, applied here). `imp`: the check is a CH IMP
/// (Hackear's), which Por sobrecarga reaches.
#[allow(clippy::too_many_arguments)]
fn roll_int(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    obj: ObjRef,
    ctx: &mut Ctx,
    what: &'static str,
    imp: bool,
) -> Option<crate::basics::check::Roll> {
    // Hackear's check is its CH IMP: Por sobrecarga reaches it (`combat::hit_overload`).
    let t = attr_check_target(st, who, Stat::Int, ctx, holder(obj), true)
        - if imp {
            hit_overload(st, who, Stat::Int)
        } else {
            0
        };
    let roll = mind_check(st, d, log, who, Stat::Int, t, what)?;
    if roll.fumble {
        meta_fumble(st, d, log, who);
        return None;
    }
    Some(roll)
}

/// The CH DEF of an object against a Corromper of DAÑ `dmg`: «Un objetivo sin VOL tiene un CH
/// DEF = 1» — read as a CH VOL with VOL 1 (passed: DAÑ − 1); with Hielo «INT, VOL y CAL = 3», a
/// CH VOL at 3 (passed: DAÑ − 3). COMBATE's criticals and fumbles of a CH DEF: critical, none;
/// fumble, DAÑ + 1. Logged as the hacker's (`CH DEF object`).
fn object_defence(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    hacker: CharIdx,
    obj: ObjRef,
    dmg: i16,
) {
    let vol = st.object_ice(obj).unwrap_or(1);
    let roll = roll_check(d, vol as i8, &CheckRule::default());
    log.push(|| Event::Check {
        who: hacker,
        what: "CH DEF object",
        roll,
    });
    let stress = if roll.critical {
        0
    } else if roll.pass {
        (dmg - vol as i16).max(0)
    } else if roll.fumble {
        dmg + 1
    } else {
        dmg
    };
    st.stress_object(log, hacker, obj, stress.clamp(0, 255) as u8);
}

/// Corromper / Hackear on an object: CH INT (as on a character: DAÑ INT − 4, minimum 1, + 1 on a
/// critical, + Shin), then the object's CH DEF ([`object_defence`]); its stress stops at CAL.
/// A hackable element with Hielo answers at once with one exchange of Combate mental
/// ([`element_exchange`]); a carried object's Hielo is its holder's decision (`resolve`).
pub(crate) fn hack_object(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    obj: ObjRef,
    ctx: &mut Ctx,
) {
    if let Some(roll) = roll_int(st, d, log, who, obj, ctx, "CH INT hack", true) {
        if roll.pass {
            let dmg = hack_damage(st, who, Stat::Int, &roll);
            object_defence(st, d, log, who, obj, dmg);
        }
    }
    if matches!(obj, ObjRef::Element(_)) && st.able(who) {
        element_exchange(st, d, log, who, obj);
    }
}

/// The Combate mental of a hackable element's Hielo: «sin considerarse una reacción,
/// inmediatamente después de la acción corromper / hackear». The element has no ENE to pay
/// for going on, so it is one exchange (the first envite) and no more, and nobody closes it
/// for a stress: the element's 3 against the hacker's CH INT ENF; the winner gives the loser 1
/// stress (the element's up to its CAL); ties go to the hacker.
fn element_exchange(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    hacker: CharIdx,
    obj: ObjRef,
) {
    let Some(ice) = st.object_ice(obj) else {
        return;
    };
    let ra = roll_check(d, ice as i8, &CheckRule::default());
    log.push(|| Event::Check {
        who: hacker,
        what: "CH ENF mental combat (object's Hielo)",
        roll: ra,
    });
    let mut fresh = Ctx::default();
    let t = attr_check_target(st, hacker, Stat::Int, &mut fresh, None, false);
    let rb = atr_check(st, d, log, hacker, Stat::Int, t, "CH INT ENF mental combat");
    if opposed_winner(&ra, &rb) {
        add_stress(st, d, log, hacker, 1, None);
    } else if rb.pass {
        st.stress_object(log, hacker, obj, 1);
    }
    if rb.fumble && st.able(hacker) {
        meta_fumble(st, d, log, hacker);
    }
}

/// Whether a Corromper on `obj` is answered by its holder's decision of a Combate mental: a
/// carried object with a working Hielo, both able, and the holder has the ENE (down to −10).
/// Returns the holder.
pub(crate) fn duel_offered(st: &State, hacker: CharIdx, obj: ObjRef) -> Option<CharIdx> {
    let h = holder(obj)?;
    (st.object_ice(obj).is_some()
        && st.able(hacker)
        && st.able(h)
        && st.ch(h).ene - MIND_ENE >= ENE_MIN)
        .then_some(h)
}

/// The Combate mental a Corromper `kind` of `hacker` may open «inmediatamente después»: its
/// defender (the character hacked, or the holder of the Hielo object hacked) and the object
/// fighting, if one does. Sets the object fighting in the side record.
pub(crate) fn duel_after(st: &mut State, hacker: CharIdx, kind: &ActKind) -> Option<CharIdx> {
    match *kind {
        ActKind::Hack { target } => {
            crate::actions::mind::duel_offered(st, hacker, target).then_some(target)
        }
        ActKind::HackObject { obj } => {
            let h = duel_offered(st, hacker, obj)?;
            st.set_object_fight(Some(obj));
            Some(h)
        }
        _ => None,
    }
}

/// Poseer of an object (its stress at CAL: «tantos puntos de estrés como VOL o CAL»): a CH INT
/// (Contramagia may answer it; a fumble is a meta-ability's); passed, «el hacker podrá activar
/// o desactivar el objetivo, o generarle tantas heridas como considere, hasta un máximo de la
/// CAL+1» — what `how` says, at once.
pub(crate) fn possess_object(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    obj: ObjRef,
    how: ObjHack,
    ctx: &mut Ctx,
) {
    let Some(roll) = roll_int(st, d, log, who, obj, ctx, "CH INT possess", false) else {
        return;
    };
    if !roll.pass {
        return;
    }
    let cal = st.object_cal(obj);
    let side = st.side_of(who);
    match (how, obj) {
        (ObjHack::Wreck(n), ObjRef::Ground { owner, weapon }) => {
            // Up to CAL + 1, destroyed («más heridas que CAL: destruido»), as any object.
            if let Some(w) = st.ch_mut(owner).wear.get_mut(weapon as usize) {
                *w = w.saturating_add(n).min(cal + 1);
            }
        }
        (ObjHack::Wreck(n), _) => {
            let m = st.object_mind_mut(obj);
            m.wounds = m.wounds.saturating_add(n).min(cal + 1);
        }
        (ObjHack::Off, _) => st.object_mind_mut(obj).control = Control::Off,
        (ObjHack::On, ObjRef::Element(_)) => st.object_mind_mut(obj).control = Control::On(side),
        (ObjHack::On, _) => st.object_mind_mut(obj).control = Control::AsSet,
    }
    // Its passive traits act on its holder only while it works.
    if let ObjRef::Carried { holder, .. } = obj {
        st.refresh_objects(holder);
    }
    log.push(|| Event::Status {
        who,
        text: match how {
            ObjHack::Off => "switches a possessed object off",
            ObjHack::On => "switches a possessed object on",
            ObjHack::Wreck(_) => "wrecks a possessed object",
        },
    });
}

/// End of turn: each hackable element scores its points for the side it works for.
pub(crate) fn score_elements(st: &mut State) {
    for e in 0..st.statics().elements.len() as u8 {
        if let (Some(h), Some(s)) = (st.element_hack(e), st.element_side(e)) {
            st.objective_points[s.index()] += h.score;
        }
    }
}
