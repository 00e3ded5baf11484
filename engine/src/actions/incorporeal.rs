//! BONUS Y MALUS: **Incorpóreo** («Se hace traslúcido y puede cruzar obstáculos; pero no
//! interactuar con otros, ni combatir, ni ser elegido para una acción.», 5 pts).
//!
//! Decisions (RULES.md, "Traits in play, share I"):
//! - «Se hace» reads as an act: `phase` (ENE 1, as Mimético's toggle) turns it incorporeal and
//!   back; the state is [`PHASED`] on [`CharState::tbits`].
//! - While incorporeal it moves through obstacles and walls (never ending inside one:
//!   `movement::walk`, [`Walk::Ghost`]); its own actions are the ones that touch nobody:
//!   movements (not Cargar, Embestir, Mover cargado nor Embarcar), stances, Esconderse,
//!   Percibir, Recargar, Esperar and the actions on itself — as an actor, a puppet and a
//!   reactor.
//! - Nobody may choose it for an action: every action aimed at it (attacks, Cargar, hacking,
//!   meta-abilities, boons of its allies, Órdenes …) is dropped from the lists. An area is not
//!   chosen for a character, but «no interactuar con otros» keeps it out of the areas' hits as
//!   well (`combat::areas`).
//!
//! Cost: [`Static::any_phase`] (a position without Incorpóreo pays one branch per list).

use crate::basics::action::{Ability, ActKind, Action, CharIdx};
use crate::basics::check::Log;
use crate::state::*;

/// Whether `who` is incorporeal now.
#[inline]
pub fn phased(st: &State, who: CharIdx) -> bool {
    st.ch(who).tbits & PHASED != 0
}

/// `phase`: incorporeal on or off.
pub(crate) fn toggle(st: &mut State, log: &mut Log, who: CharIdx) {
    let texts = ["turns incorporeal", "turns solid again"];
    st.toggle_trait_state(log, who, PHASED, texts);
}

/// The character an action is aimed at, whoever it is (an enemy, an ally or itself).
pub fn chosen(kind: &ActKind) -> Option<CharIdx> {
    if let Some(t) = kind.enemy_target() {
        return Some(t);
    }
    match *kind {
        ActKind::Support { ally: target }
        | ActKind::Heal { target, .. }
        | ActKind::HealStress { target }
        | ActKind::MentalCombat { target }
        | ActKind::Mark { target }
        | ActKind::Use { target, .. }
        | ActKind::Ability { target, .. }
        | ActKind::Challenge { target }
        | ActKind::Trade { with: target, .. } => Some(target),
        _ => None,
    }
}

/// Whether an incorporeal `who` may take this action: it touches nobody and fights no one.
fn allowed(who: CharIdx, kind: &ActKind) -> bool {
    match *kind {
        ActKind::Move(_)
        | ActKind::Run(_)
        | ActKind::Sprint(_)
        | ActKind::Sneak(_)
        | ActKind::Climb(_)
        | ActKind::Crouch
        | ActKind::Prone
        | ActKind::Stand
        | ActKind::Pivot(_)
        | ActKind::Disengage(_)
        | ActKind::Dodge
        | ActKind::Flee(_)
        | ActKind::Concentrate
        | ActKind::Hide
        | ActKind::Wait
        | ActKind::Perceive
        | ActKind::Reload { .. }
        | ActKind::Turn180(_)
        | ActKind::Swim(_)
        | ActKind::Jump(_)
        | ActKind::Vertical { .. }
        | ActKind::ChangeAltitude { .. }
        | ActKind::SuperJump(_)
        | ActKind::Cocktail { .. } => true,
        // Its own abilities on itself (the `phase` back to solid among them).
        ActKind::Ability { target, ability } => target == who || ability == Ability::Phase,
        // Its own object used on itself (an Elixir, a drug), as Cóctel: it touches nobody
        // (audit 24).
        ActKind::Use { target, .. } => target == who,
        _ => false,
    }
}

/// Drops from `out` the actions an incorporeal character may not take and those that choose
/// one. Called on every action list when [`Static::any_phase`].
pub fn filter(st: &State, out: &mut Vec<Action>) {
    let phased_any = st.indices().any(|i| phased(st, i));
    if !phased_any {
        return;
    }
    out.retain(|a| match a {
        Action::Act { who, kind, .. } | Action::Reaction { who, kind } => {
            if phased(st, *who) && !allowed(*who, kind) {
                return false;
            }
            !chosen(kind).is_some_and(|t| t != *who && phased(st, t))
        }
        _ => true,
    });
}
