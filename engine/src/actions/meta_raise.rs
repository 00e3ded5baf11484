//! Magia: resucitar (BONUS Y MALUS): «[Metahabilidad, Shin] Puede poseer un cadáver a tantos K
//! como VOL. CON original, AGI 3, INT y VOL 1.» A meta-ability with the trait is aimed at a
//! corpse (a dead character, not removed by Eliminar nor killed by a Rematador) within the
//! user's VOL K whose square no able character holds; its CH ATR passed, the corpse rises:
//! no wounds (its original CON), no stress, standing, possessed by the user for the rest of
//! the game (so on the user's side), with AGI 3, INT 1 and VOL 1 for every rule that reads
//! them; it has acted this turn. RULES.md, "Traits in play, share H".

use crate::basics::action::CharIdx;
use crate::basics::check::{Event, Log};
use crate::creation::effect::{Effect, Stat};
use crate::state::*;

/// Whether meta-ability effects `fx` raise the dead.
pub fn raises(fx: &[Effect]) -> bool {
    fx.contains(&Effect::RaiseDead)
}

/// Whether `who` may raise `target`: a corpse within its VOL K, on a square no able character
/// holds, that may still rise.
pub fn raisable(st: &State, who: CharIdx, target: CharIdx) -> bool {
    let c = st.ch(target);
    target != who
        && st.dead(target)
        && !c.has(REMOVED)
        && c.tbits & NO_RISE == 0
        && !st.raised(target)
        && st.ch(who).pos.dist(c.pos) <= st.vol(who)
        && !crate::actions::combat::occupied(st, c.pos)
}

/// The corpse `target` rises for `who` (module docs).
pub fn raise(st: &mut State, log: &mut Log, who: CharIdx, target: CharIdx) {
    let c = st.ch_mut(target);
    c.wounds = 0;
    c.stress = 0;
    c.ene = 0;
    c.stance = Stance::Standing;
    c.flags = ACTED | POSSESSED;
    c.possessor = who;
    st.body_mut(target).bits |= RAISED;
    log.push(|| Event::Status {
        who: target,
        text: "rises from the dead",
    });
}

/// The attribute a raised corpse has instead of its own: AGI 3, INT 1, VOL 1 (CON stays).
#[inline]
pub fn raised_stat(st: &State, who: CharIdx, stat: Stat) -> Option<u8> {
    if !st.raised(who) {
        return None;
    }
    match stat {
        Stat::Con => None,
        Stat::Agi => Some(3),
        Stat::Int | Stat::Vol => Some(1),
    }
}
