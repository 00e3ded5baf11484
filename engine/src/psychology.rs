//! PSICOLOGÍA: CH PSI, CH LOC, stress, panic, and the "more enemies than VOL + allies" count.

use crate::basics::action::CharIdx;
use crate::basics::check::{roll_check, CheckRule, Event, Log, Roll};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{CheckKind, Effect, Scope, Stat};
use crate::state::{Pending, State, PANIC, PSI_CRITICAL, UNCONSCIOUS};

/// The outcome of a CH PSI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Psyche {
    /// Critical: CH ATR +1 until the end of the (current or next) activation.
    Critical,
    /// Passed.
    Pass,
    /// Failed: the action fails, +1 stress.
    Fail,
    /// Fumble: the action fails, +1 stress, CH LOC.
    Fumble,
}

impl Psyche {
    /// Whether the action that required the check goes on.
    pub fn passed(self) -> bool {
        matches!(self, Psyche::Critical | Psyche::Pass)
    }
}

/// Radius of the psychology count (PSICOLOGÍA: "aliados a 5 K").
pub const PSYCHE_RADIUS: u8 = 5;

/// A CH VOL target for psychology: effective VOL, less gained maluses, plus trait effects
/// on VOL checks. Activation modifiers (panic, chains) do not apply: these are not actions
/// (RULES.md, "Which checks a CH ATR modifier reaches").
pub(crate) fn vol_target(st: &State, who: CharIdx, kind: CheckKind) -> i8 {
    let vol = st.check_vol(who) as i8;
    // «CH PSI / CH LOC.- Se realiza con un CH VOL»: Anulador de voluntad («Enemigo a 2 K, VOL
    // /2») and Pusilánime («ATR/2 …») halve it as they halve every CH VOL, Redondeo (5 → 3) —
    // as `actions::combat::atr_target` does (audit 21b: the CH PSI kept the whole VOL).
    let vol = if st.attr_halved(who, Stat::Vol) || st.halved_without_leader(who) {
        (vol + 1) / 2
    } else {
        vol
    };
    vol - st.ch(who).trauma as i8 + st.trait_check_mod(who, kind, Scope::Any, None, None, false)
}

fn vol_rule(st: &State, who: CharIdx, kind: CheckKind) -> CheckRule {
    CheckRule {
        auto_pass: st.auto_pass(who, kind) || st.auto_pass(who, CheckKind::Attr(Stat::Vol)),
        reroll: st.may_reroll(who, kind, Scope::Any, None, false),
        reroll_fumble: st.may_reroll(who, kind, Scope::Any, None, true),
        ..st.luck_rule(who, kind)
    }
}

/// Counts the psychology trigger for `who`: able enemies within 5 K against its VOL plus able
/// allies within 5 K (RULES.md, "More enemies than VOL + allies").
pub fn outnumbered(st: &State, who: CharIdx) -> bool {
    let p = st.ch(who).pos;
    let side = st.side_of(who);
    let (mut enemies, mut allies) = (0u8, 0u8);
    // Each base's record, side and ability in one pass over the records (PERFORMANCE.md,
    // "Eighteenth session").
    for (j, c, s, able) in st.sides_and_ability() {
        if j == who || !able || c.pos.dist(p) > PSYCHE_RADIUS {
            continue;
        }
        if s == side {
            allies += 1;
        } else {
            enemies += 1;
        }
    }
    enemies > st.vol(who) + allies
}

/// Makes a CH PSI for `who`. `provoker` is what caused it (a CH LOC critical charges it).
pub fn psyche(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    provoker: Option<CharIdx>,
) -> Psyche {
    psyche_with(st, d, log, who, provoker, 0)
}

/// A CH PSI with an extra modifier (Retirada ordenada's +2 destrabándose).
pub fn psyche_with(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    provoker: Option<CharIdx>,
    extra: i8,
) -> Psyche {
    if !st.able(who) {
        return Psyche::Pass;
    }
    let target = vol_target(st, who, CheckKind::Psyche).saturating_add(extra);
    let rule = vol_rule(st, who, CheckKind::Psyche);
    let roll = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
    log.push(|| Event::Check {
        who,
        what: "CH PSI",
        roll,
    });
    psyche_outcome(st, d, log, who, provoker, roll)
}

fn psyche_outcome(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    provoker: Option<CharIdx>,
    roll: Roll,
) -> Psyche {
    if roll.critical {
        st.ch_mut(who).set(PSI_CRITICAL, true);
        Psyche::Critical
    } else if roll.pass {
        Psyche::Pass
    } else if roll.fumble {
        fail_declared_action(st, who);
        add_stress(st, d, log, who, 1, provoker);
        // One CH LOC, not two, when the fumble's stress also reaches VOL (RULES.md).
        if st.able(who) && st.ch(who).stress != st.vol(who) {
            madness(st, d, log, who, provoker);
        }
        Psyche::Fumble
    } else {
        fail_declared_action(st, who);
        add_stress(st, d, log, who, 1, provoker);
        Psyche::Fail
    }
}

/// CH PSI «Fallo: falla la acción» (and «Pifia: falla la acción»): an early reaction happens
/// «al mismo tiempo que la acción del personaje actuando», so when it wounds the actor and the
/// actor's CH PSI fails, the action that fails is the actor's declared one, still in progress.
fn fail_declared_action(st: &mut State, who: CharIdx) {
    let early_actor = match st.pending {
        Pending::Window {
            actor, early: true, ..
        }
        | Pending::Reaction {
            actor, early: true, ..
        } => Some(actor),
        _ => None,
    };
    if early_actor == Some(who) && st.activation.declared.is_some() {
        st.activation.declared_fails = true;
    }
}

/// Makes a CH LOC. Fail: panic and a malus; fumble: also VOL −1 permanent. Critical: the
/// character charges what provoked the check when it is acting and can (RULES.md).
pub fn madness(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    provoker: Option<CharIdx>,
) {
    madness_with(st, d, log, who, provoker, 0)
}

/// A CH LOC with a change of its target (Gran demonio: «CH LOC -2»); otherwise [`madness`].
pub fn madness_with(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    provoker: Option<CharIdx>,
    modifier: i8,
) {
    let target = vol_target(st, who, CheckKind::Madness) + modifier;
    let rule = vol_rule(st, who, CheckKind::Madness);
    let roll = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
    log.push(|| Event::Check {
        who,
        what: "CH LOC",
        roll,
    });
    if roll.critical || roll.pass {
        if roll.critical {
            log.push(|| Event::Status {
                who,
                text: "is enraged by a critical CH LOC",
            });
            // CH LOC crítico: "carga contra lo que provoca el CH" (RULES.md).
            if let Some(p) = provoker {
                st.forced_charge(who, p, d, log);
            }
        }
        return;
    }
    let fearless = st.info(who).has_effect(|e| matches!(e, Effect::NeverPanic));
    let vol_before = st.vol(who);
    let c = st.ch_mut(who);
    c.add_vol_malus(roll.fumble);
    if !fearless {
        c.set(PANIC, true);
    }
    log.push(|| Event::Status {
        who,
        text: if roll.fumble {
            "panics, gains a malus and loses 1 VOL"
        } else {
            "panics and gains a malus"
        },
    });
    // CH LOC pifia: «VOL-1 permanente». The Estrés thresholds compare stress with VOL, so they
    // are checked again against the lowered VOL: stress now above it is unconsciousness, stress
    // now equal to it ends the activation and forces a CH LOC (RULES.md, PSICOLOGÍA). Only when
    // the effective VOL really dropped (it never goes below 1), so the chain of CH LOC ends.
    if st.vol(who) < vol_before {
        stress_thresholds(st, d, log, who, provoker);
    }
}

/// Adds stress and applies its thresholds (PSICOLOGÍA / Estrés): stress > VOL, unconscious;
/// stress = VOL, CH LOC (and the activation ends: handled by the caller through
/// [`stress_ends_activation`]).
pub fn add_stress(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    amount: u8,
    provoker: Option<CharIdx>,
) {
    let amount = stress_ward(st, d, log, who, amount);
    if amount == 0 {
        return;
    }
    let c = st.ch_mut(who);
    c.stress = c.stress.saturating_add(amount);
    let total = c.stress;
    log.push(|| Event::Stress {
        who,
        amount: amount as i8,
        total,
    });
    stress_thresholds(st, d, log, who, provoker);
}

/// Muro («Esta protección protege de estrés en lugar de heridas»): a CH DEF with its DEF against
/// the stress, as a CH DEF against DAÑ — a critical takes none, a pass the stress above the
/// DEF, a failure all of it. Returns the stress that gets through.
fn stress_ward(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx, n: u8) -> u8 {
    let def = st.ward_def(who);
    if def == 0 || n == 0 {
        return n;
    }
    // The protection's DEF in a CH DEF of the wearer's, as its DEF against DAÑ is: its CH DEF
    // traits apply (Presencia de protección, Refuerzo, Élite blindado's re-roll, Sin suerte …;
    // `state::plain_def_check`, as Sobrecalentamiento's). Audit 29b: it was a bare die.
    let roll = crate::state::plain_def_check(st, d, log, who, def.min(10) as i8, "CH DEF (Muro)");
    if roll.critical {
        0
    } else if roll.pass {
        (n as i16 - def).max(0) as u8
    } else {
        n
    }
}

/// PSICOLOGÍA / Estrés, checked whenever stress rises or VOL drops: «Si estrés > VOL:
/// inconsciente»; «Si estrés=VOL: fin de la actuación, CH LOC».
fn stress_thresholds(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    provoker: Option<CharIdx>,
) {
    if !st.able(who) {
        return;
    }
    let (total, vol) = (st.ch(who).stress, st.vol(who));
    if total > vol {
        st.ch_mut(who).set(UNCONSCIOUS, true);
        log.push(|| Event::Status {
            who,
            text: "falls unconscious from stress",
        });
    } else if total == vol {
        // "Si estrés=VOL: fin de la actuación": when `who` is the active character, however
        // the stress came (its own action, a reaction to it, its activation's first checks).
        let active = match st.pending {
            Pending::Act { actor }
            | Pending::Window { actor, .. }
            | Pending::Reaction { actor, .. }
            | Pending::MentalCombat { hacker: actor, .. } => Some(actor),
            _ => None,
        };
        // A possessed character's actions belong to its possessor's activation.
        if active.map(|a| st.owner(a)) == Some(who) {
            st.activation.ending = true;
        }
        madness(st, d, log, who, provoker);
    }
}

/// Whether `who`'s stress equals its VOL, which ends its activation.
pub fn stress_ends_activation(st: &State, who: CharIdx) -> bool {
    st.ch(who).stress >= st.vol(who)
}

/// The target and rule of `who`'s panic exit check (PSICOLOGÍA / Pánico: CH VOL, +1 per ally
/// not in panic within 5 K).
fn panic_exit_check(st: &State, who: CharIdx) -> (i8, CheckRule) {
    let p = st.ch(who).pos;
    let side = st.side_of(who);
    let calm = st
        .indices()
        .filter(|&j| {
            j != who
                && st.side_of(j) == side
                && st.able(j)
                && !st.ch(j).has(PANIC)
                && st.ch(j).pos.dist(p) <= PSYCHE_RADIUS
        })
        .count() as i8;
    let target = vol_target(st, who, CheckKind::Attr(Stat::Vol)) + calm;
    (target, vol_rule(st, who, CheckKind::Attr(Stat::Vol)))
}

/// The chance, in percent, that `who` passes its panic exit check as things stand: what an
/// evaluation weighs a panicked character's threat by (it may only flee until it passes).
pub fn panic_exit_chance(st: &State, who: CharIdx) -> u8 {
    let (target, rule) = panic_exit_check(st, who);
    crate::basics::check::pass_chance(target, &rule)
}

/// The panic exit check at the start of an activation: CH VOL, +1 per ally not in panic within
/// 5 K (PSICOLOGÍA / Pánico).
pub fn panic_exit(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx) {
    let (target, rule) = panic_exit_check(st, who);
    let roll = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
    log.push(|| Event::Check {
        who,
        what: "CH VOL panic",
        roll,
    });
    if roll.pass {
        st.ch_mut(who).set(PANIC, false);
        log.push(|| Event::Status {
            who,
            text: "recovers from panic",
        });
    }
}

/// «Pifias con metahabilidades.- +1 estrés. Se evita con un CH PSI»: a CH PSI, whose failure
/// is that +1 stress (the CH PSI's own outcomes stand: a pass avoids it, a critical gives CH ATR
/// +1, a fumble adds the CH LOC).
pub(crate) fn meta_fumble(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx) {
    log.push(|| Event::Status {
        who,
        text: "fumbles a meta-ability",
    });
    // Runas de protección: «No sufre "peligros de las metahabs"».
    if st.info(who).has_effect(|e| *e == Effect::NoMetaHazards) {
        return;
    }
    psyche(st, d, log, who, None);
}
