//! REACCIONES: what a character that passed its reaction CH VOL may do. «Reaccionar.- Acción de
//! un Pj fuera de su actuación» — any action, not a list: every action the character could take
//! acting (the `acting` module's list for it), within the limits the text sets on acting out of
//! the activation, plus the actions that only exist as reactions (Pivotar 1, Esquivar,
//! Contracarga, Contramagia).
//!
//! The limits (RULES.md, REACCIONES, "What a reaction may be"):
//! - ENE: «Reaccionando se puede gastar ENE hasta llegar a ENE-10» — the action's cost may take
//!   the reactor down to −10, not below.
//! - One action: a reaction is «Acción» (one); Acciones combinadas are «varias acciones
//!   encadenadas» of «un personaje» in its activation, so no chain, and no free turn after the
//!   action («Un Pj no puede pivotar fuera de su actuación»; it turns with Pivotar).
//! - Targets in its CdV: «puede elegir objetivos en su CdV» — the reactor does not turn freely,
//!   so every other character its action names, and the point an area is aimed at, lies in its
//!   facing arc.
//! - Excluded by a sentence of the text: Esperar, Poseer ([`excluded`]).
//!
//! The list itself is `reaction_actions`: the actor's list (`acting`) passed through these
//! limits, so an action added to the actor's list is a reaction too unless the text says no.
//! (The acting list skips, for a reactor, the options on enemies out of its facing arc, which
//! the arc limit would drop: `acting::Asker::Reacting`.)

use super::acting::{actor_actions_all, Asker};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::geom::Facing;
use crate::state::*;

/// The sentence of the rulebook that keeps `kind` out of reactions, if one does.
pub fn excluded(kind: &ActKind) -> Option<&'static str> {
    match kind {
        // Esperar moves the character to a later phase of the initiative sequence: it is a
        // choice of when to act, made when activated.
        ActKind::Wait => Some(
            "Esperar: «Un personaje que no esté trabado en combate CaC puede pasar a la \
             siguiente fase de iniciativa. No cuenta que haya actuado» — a reactor is not in \
             the initiative sequence",
        ),
        // Poseer gives its effect only to «el personaje actuando»: the possession lasts to the end
        // of the possessor's activation and lets it act with the possessed, which a reactor has
        // not got (RULES.md, REACCIONES).
        ActKind::Possess { .. } => Some(
            "Poseer: «el personaje actuando podrá gastar su propia ENE para realizar acciones \
             con el objetivo poseído» — the possession serves the possessor's activation, and a \
             reactor is not acting",
        ),
        _ => None,
    }
}

/// Whether every character `kind` names, and the point an area is aimed at, lies in `r`'s
/// facing arc («puede elegir objetivos en su CdV»: a reactor does not turn freely).
pub fn in_arc(st: &State, r: CharIdx, kind: &ActKind) -> bool {
    let c = st.ch(r);
    let at = match *kind {
        ActKind::Area { at, .. }
        | ActKind::MetaArea { at, .. }
        | ActKind::AreaConcentrated { at, .. } => Some(at),
        ActKind::HackObject { obj } | ActKind::PossessObject { obj, .. } => st.object_square(obj),
        _ => kind.counterpart().filter(|&j| j != r).map(|j| st.ch(j).pos),
    };
    at.is_none_or(|p| c.facing.in_front(c.pos, p))
}

/// Volar en altura 3, «No pueden realizar las acciones pivotar»: an acting character at altitude
/// 3 has no free pivot (`actions::movement::altitude::high_flight_allows`), so, as a reactor, it
/// may act only on what lies in its facing arc ([`in_arc`]); its movement actions go anywhere
/// (a move turns it the way it goes). Drops the other decisions from `out`; nothing on a board
/// without altitudes.
pub fn high_arc_filter(st: &State, out: &mut Vec<Action>) {
    if !st.has_altitudes() {
        return;
    }
    out.retain(|a| match a {
        Action::Act { who, kind, .. } => {
            st.ch(*who).alt != crate::state::ALT_HIGH
                || kind.is_movement()
                || in_arc(st, *who, kind)
        }
        _ => true,
    });
}

/// Why `r` may not take `kind` (of ENE `cost`) as a reaction: the text's exclusions, a target
/// out of its arc, the ENE floor; `None` when none of these (the position's own conditions are
/// the legal list's).
pub fn why_not(st: &State, r: CharIdx, kind: &ActKind, cost: i8) -> Option<String> {
    if let Some(s) = excluded(kind) {
        return Some(format!("not a reaction ({s})"));
    }
    if !in_arc(st, r, kind) {
        return Some(
            "its target is out of the reactor's facing arc (CdV: «puede elegir objetivos en su \
             CdV»; a reactor turns only with Pivotar)"
                .into(),
        );
    }
    if st.ch(r).ene - cost < ENE_MIN {
        return Some(format!(
            "ENE {} − {cost} is below −10 («Reaccionando se puede gastar ENE hasta llegar a \
             ENE-10»)",
            st.ch(r).ene
        ));
    }
    None
}

/// The reactions of `r` (answering `actor`; `early`: before the declared action resolves):
/// holding, Pivotar (1), every action of its acting list within the limits of
/// this module (REACCIONES), and
/// in an early window Esquivar, Contracarga and Contramagia where they answer the declared
/// action.
pub(super) fn reaction_actions(
    st: &State,
    r: CharIdx,
    actor: CharIdx,
    early: bool,
    out: &mut Vec<Action>,
) {
    out.push(Action::Hold(r));
    let ch = *st.ch(r);
    // «hasta llegar a ENE-10»: an action of cost X is possible while ENE − X ≥ −10.
    let budget = ch.ene - ENE_MIN;
    // «Pivotar (3/1) Transporte 3 o Pj reaccionando 1: gira sobre su base» — but not on guard
    // nor hidden: «En guardia (2) No puede pivotar», «Esconderse (2) … No puede pivotar».
    let still = ch.has(GUARD | HIDDEN);
    let turns = Facing::ALL
        .into_iter()
        .filter(|&f| f != ch.facing && budget >= 1 && !still);
    out.extend(turns.map(|f| Action::Reaction {
        who: r,
        kind: ActKind::Pivot(f),
    }));
    // The acting list written straight after these, then turned into reactions in place: no
    // buffer of its own, no copy (PERFORMANCE.md, "Thirteenth session").
    let start = out.len();
    actor_actions_all(st, r, budget, Asker::Reacting, None, out);
    let mut kept = start;
    for i in start..out.len() {
        if let Action::Act {
            kind,
            chain: false,
            face: None,
            ..
        } = out[i]
        {
            // A plain movement (most of a reactor's list) names no other character and no
            // point, and no sentence excludes it: kept without the two out-of-line matches
            // (debug builds check that they agree).
            let plain = kind.is_plain_move();
            debug_assert!(!plain || (excluded(&kind).is_none() && in_arc(st, r, &kind)));
            if plain || (excluded(&kind).is_none() && in_arc(st, r, &kind)) {
                out[kept] = Action::Reaction { who: r, kind };
                kept += 1;
            }
        }
    }
    out.truncate(kept);
    if !early {
        return;
    }
    let mut push = |k: ActKind, cost: i8| {
        if cost <= budget {
            out.push(Action::Reaction { who: r, kind: k });
        }
    };
    if let Some(Action::Act { kind, .. }) = st.activation().declared {
        if kind.enemy_target() == Some(r) {
            if kind.is_melee() {
                push(ActKind::Dodge, 3);
            }
            if matches!(kind, ActKind::Charge { .. }) {
                push(ActKind::Countercharge, 3);
            }
        }
        // Contramagia: a neuromante within its INT K of the acting neuromante.
        if crate::actions::mind::may_counter(st, r, actor, &kind) {
            push(ActKind::CounterMagic, crate::actions::mind::MIND_ENE);
        }
    }
}
