//! ENERGÍA and ACCIONES: what an action costs (base cost, chained and early actions, terrain),
//! the modifiers it carries to its CH ATR, and paying for it.

use crate::actions::combat::Ctx;
use crate::actions::movement::{self, MoveKind};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::geom::Pos;
use crate::sequence::legal::base_cost;
use crate::state::*;

impl State {
    /// ENE an action costs `who` now, terrain included.
    pub fn action_cost(&self, who: CharIdx, kind: &ActKind) -> i8 {
        self.action_cost_steps(who, kind).0
    }

    /// [`State::action_cost`], with the destination and kliks of the cheapest path it read
    /// for a move along the ground (the steps the move then takes: `Ctx::walk`).
    pub(crate) fn action_cost_steps(
        &self,
        who: CharIdx,
        kind: &ActKind,
    ) -> (i8, Option<(Pos, u8)>) {
        let base = base_cost(self, who, kind);
        let mk = match kind {
            ActKind::Move(_) => MoveKind::Move,
            ActKind::Run(_) => MoveKind::Run,
            ActKind::Sprint(_) => MoveKind::Sprint,
            ActKind::Sneak(_) => MoveKind::Sneak,
            ActKind::Charge { target, .. } => MoveKind::Charge(*target),
            ActKind::Ram { target, .. } => MoveKind::Ram(*target),
            ActKind::Disengage(_) => MoveKind::Disengage,
            ActKind::Flee(_) => MoveKind::Flee,
            ActKind::Turn180(_)
            | ActKind::Swim(_)
            | ActKind::Jump(_)
            | ActKind::Carry { .. }
            | ActKind::CarryJoint { .. } => {
                return (
                    crate::actions::movement::special::cost(self, who, kind).unwrap_or(base),
                    None,
                );
            }
            ActKind::Vertical { .. }
            | ActKind::ChangeAltitude { .. }
            | ActKind::Embark { .. }
            | ActKind::Disembark(_)
            | ActKind::Drive { .. }
            | ActKind::PivotTransport(_)
            | ActKind::Manoeuvre(_) => return (base, None),
            ActKind::Climb(to) => {
                let sur = movement::special::climb_surcharge(self, who, *to);
                return (base + sur + movement::trait_move_ene(self, who), None);
            }
            _ => return (base, None),
        };
        let to = kind.destination().unwrap_or_default();
        let found = movement::find(self, who, mk, to);
        let sur = found.map(|r| r.surcharge as i8).unwrap_or(0);
        (
            base + sur + movement::trait_move_ene(self, who),
            Some((to, found.map_or(0, |r| r.steps))),
        )
    }

    /// Takes the "next action" modifiers off a character and builds the check context.
    pub(super) fn take_ctx(
        &mut self,
        who: CharIdx,
        kind: &ActKind,
        chain: bool,
        early: bool,
    ) -> Ctx {
        // Maestría (X) with X an action: every CH ATR of it (RULES.md, share I).
        let table = &self.info(who).action_mastery;
        let mastery: i8 = if table.is_empty() {
            0
        } else {
            table
                .iter()
                .filter(|(verb, _)| *verb == kind.verb())
                .map(|(_, k)| k)
                .sum()
        };
        let c = self.ch_mut(who);
        let mut ctx = Ctx {
            chain,
            early,
            all_bonus: mastery,
            ..Ctx::default()
        };
        if c.has(SPRINT_NEXT) {
            ctx.all_bonus -= 3;
        }
        if c.has(RAN) && !matches!(kind, ActKind::Charge { .. }) {
            // Correr: CH AGI +1 if the next action is a movement, −1 if not; not for Cargar.
            ctx.agi_bonus = if kind.is_movement() { 1 } else { -1 };
        }
        // Apoyar: the +1 joins the first CH ATR of this action; it is spent only when that check
        // is made (`spend_support`), so an action without a CH ATR keeps it.
        ctx.first_bonus = c.support;
        if !matches!(kind, ActKind::Concentrate) {
            if c.has(CONCENTRATING) {
                ctx.first_bonus += c.bonus;
            }
            c.bonus = 0;
            c.set(CONCENTRATING, false);
        }
        c.set(RAN | SPRINT_NEXT, false);
        // Ataque sorpresa must be the action right after the silent approach.
        if !matches!(kind, ActKind::Surprise { .. }) {
            c.set(SILENT, false);
        }
        if !matches!(kind, ActKind::Guard) {
            c.set(GUARD, false);
        }
        ctx
    }

    /// ACCIONES GENÉRICAS / Apoyar: «CH ATR +1 a un aliado» — the bonus is the ally's next
    /// CH ATR's, so only an action that made a CH ATR (its first one took the bonus) spends it.
    /// The text gives it no other end (unlike Concentrarse's «siguiente acción» or En guardia's
    /// «desaparece si realiza cualquier otra acción»): it does not expire (RULES.md).
    pub(super) fn spend_support(&mut self, who: CharIdx, ctx: &Ctx) {
        if ctx.first_used {
            self.ch_mut(who).support = 0;
        }
    }

    /// Takes `cost` ENE from `who` (never below −10) and logs it.
    pub(crate) fn pay(&mut self, who: CharIdx, cost: i8, log: &mut Log) {
        let c = self.ch_mut(who);
        c.ene = (c.ene - cost).max(ENE_MIN);
        let left = c.ene;
        log.push(|| Event::Ene {
            who,
            spent: cost,
            left,
        });
    }
}
