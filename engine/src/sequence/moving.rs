//! MOVIMIENTO in the resolution of an action: a movement action's move (facing, FAST, noise
//! marks, bombs and lasting areas entered), Crítico en acciones de movimiento, the checks after
//! a move, Destrabarse del combate CaC and the charge a critical CH LOC forces. Split from
//! `sequence/resolve.rs` along the rulebook's MOVIMIENTO / ACCIONES DE MOVIMIENTO seam.

use crate::actions::combat::{resolve_attack, superiority, Ctx, Special};
use crate::actions::movement::{self, MoveKind};
use crate::basics::action::CharIdx;
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Effect;
use crate::psychology::{outnumbered, psyche};
use crate::state::*;

impl State {
    /// The charge a critical CH LOC forces on `who` against `target`, at once and without a
    /// decision: Cargar's 2 ENE (reaction bounds: down to −10) and movement, to the reachable
    /// square in contact with the fewest steps (then the first in row order); nothing happens
    /// when no such square exists, the target is gone, or `who` is aboard a transport, engaged
    /// or prone.
    pub(crate) fn forced_charge(
        &mut self,
        who: CharIdx,
        target: CharIdx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        // Aboard, a character may only end, Esperar, Desembarcar and drive (RULES.md,
        // Transportes): no charge leaves the transport.
        if !self.able(who)
            || !self.able(target)
            || self.side_of(who) == self.side_of(target)
            || self.aboard(who).is_some()
            || self.engaged(who)
            || self.ch(who).stance == Stance::Prone
            || self.ch(who).ene - 2 < ENE_MIN
            || !self.sight(who, target)
        {
            return;
        }
        let mut v = Vec::new();
        movement::destinations(self, who, MoveKind::Charge(target), &mut v);
        let Some(r) = v
            .iter()
            .min_by_key(|r| (r.steps, r.pos.y, r.pos.x))
            .copied()
        else {
            return;
        };
        let cost = 2 + r.surcharge as i8 + movement::trait_move_ene(self, who);
        self.pay(who, cost, log);
        self.move_to(who, r.pos, r.steps, false, log);
        let c = self.ch_mut(who);
        c.set(CHARGING, true);
        c.mark = target;
        log.push(|| Event::Status {
            who,
            text: "charges what provoked its madness",
        });
        // The charge is a move of its own, outside any action: a bomb whose activation area it
        // entered («Se activa cuando una mini entra») goes off at its end, not at the end of
        // whatever action comes next (RULES.md, ÁREAS, Bombs).
        self.detonate(d, log);
    }

    /// A movement action's move: the steps of its cheapest path (what `legal_actions` found),
    /// silent for Mover sin hacer ruido.
    pub(crate) fn move_by(&mut self, who: CharIdx, kind: MoveKind, to: Pos, log: &mut Log) {
        let steps = movement::find(self, who, kind, to).map_or(0, |r| r.steps);
        self.move_to(who, to, steps, kind == MoveKind::Sneak, log);
    }

    /// [`State::move_by`] with the kliks the action's ENE already read (`Ctx::walk`, taken
    /// when it is for `to`): the same move without looking the path up again.
    pub(crate) fn move_walked(
        &mut self,
        who: CharIdx,
        kind: MoveKind,
        to: Pos,
        ctx: &mut Ctx,
        log: &mut Log,
    ) {
        match ctx.walk.take() {
            Some((at, steps)) if at == to => {
                debug_assert_eq!(
                    steps,
                    movement::find(self, who, kind, to).map_or(0, |r| r.steps),
                    "the kliks the action's ENE read"
                );
                self.move_to(who, to, steps, kind == MoveKind::Sneak, log);
            }
            _ => self.move_by(who, kind, to, log),
        }
    }

    pub(crate) fn move_to(
        &mut self,
        who: CharIdx,
        to: Pos,
        steps: u8,
        silent: bool,
        log: &mut Log,
    ) {
        let c = self.ch_mut(who);
        let from = c.pos;
        // Ataque sorpresa: «llegar: en silencio, invisible o mimético» — a silent move, or one
        // begun hidden or camouflaged, arrives unseen (RULES.md, ACTIONS).
        let unseen = silent || c.has(HIDDEN) || c.tbits & CAMOUFLAGED != 0;
        if let Some(f) = Facing::towards(from, to) {
            c.facing = f;
        }
        c.pos = to;
        c.moved = c.moved.saturating_add(steps);
        if c.moved > 5 {
            c.set(FAST, true);
        }
        c.set(HIDDEN, false);
        c.set(SILENT, unseen);
        log.push(|| Event::Moved { who, from, to });
        if !self.bombs.is_empty() {
            self.trip_bombs(who, from, to);
        }
        if !self.lasting.is_empty() {
            crate::actions::combat::enter_lasting(self, who, from, to);
        }
    }

    pub(crate) fn face(&mut self, who: CharIdx, target: CharIdx) {
        let (a, b) = (self.ch(who).pos, self.ch(target).pos);
        if let Some(f) = Facing::towards(a, b) {
            // Turning while acting is free; a reactor keeps its facing (it pivots with an action).
            if matches!(self.pending, Pending::Act { actor } if actor == who) {
                self.ch_mut(who).facing = f;
            }
        }
    }

    /// After a movement action: the psychology count for the mover (RULES.md).
    /// Crítico en acciones de movimiento: the extra klik of [`movement::critical_step`] in the
    /// way from `from` to where the action left the base (facing kept).
    pub(crate) fn critical_move(&mut self, who: CharIdx, from: Pos, log: &mut Log) {
        let at = self.ch(who).pos;
        let Some(dir) = Facing::towards(from, at) else {
            return;
        };
        if let Some(to) = movement::critical_step(self, who, dir) {
            let facing = self.ch(who).facing;
            log.push(|| Event::Status {
                who,
                text: "moves 1 K more (critical)",
            });
            self.move_to(who, to, 1, false, log);
            self.ch_mut(who).facing = facing;
        }
    }

    pub(crate) fn after_move(&mut self, who: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        // Sobrecalentamiento (from Munición ígnea): «Si … acumula 5 heridas, y realiza acciones
        // de movimiento, CH DEF. Fallo, 1 herida».
        if self.ch(who).tbits & OVERHEATED != 0 && self.ch(who).wounds >= 5 && self.able(who) {
            crate::actions::trait_actions::overheat(self, d, log, who);
        }
        if self.able(who) && outnumbered(self, who) {
            psyche(self, d, log, who, None);
        }
    }

    /// Destrabarse (2, PSI): free if its side outnumbers the enemy in this melee; otherwise a
    /// CH PSI: passed, it leaves; failed, the action fails and the nearest enemy attacks it with
    /// CH IMP +1 and no ENE.
    pub(super) fn disengage(
        &mut self,
        who: CharIdx,
        p: Pos,
        _ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let foes = self.engaged_with(who);
        let free = foes.iter().all(|&f| superiority(self, who, f));
        // Retirada ordenada: «CH ATR +2 destrabándose».
        let extra = self.info(who).effect_sum(|e| match *e {
            Effect::DisengageMod(k) => Some(k as i16),
            _ => None,
        }) as i8;
        let check = (!free).then(|| {
            crate::psychology::psyche_with(self, d, log, who, foes.first().copied(), extra)
        });
        if check.is_none_or(|c| c.passed()) {
            let from = self.ch(who).pos;
            self.move_by(who, MoveKind::Disengage, p, log);
            if check == Some(crate::psychology::Psyche::Critical) {
                self.critical_move(who, from, log);
            }
            self.after_move(who, d, log);
            return;
        }
        let me = self.ch(who).pos;
        let Some(&foe) = foes.iter().min_by_key(|&&f| (self.ch(f).pos.dist(me), f)) else {
            return;
        };
        if !self.able(who) {
            return;
        }
        let weapon = self.best_melee_weapon(foe);
        let mut a = self.attack(foe, who, weapon, true, Special::Wound);
        a.free_bonus = 1;
        let mut ctx = Ctx {
            first_used: true,
            ..Ctx::default()
        };
        resolve_attack(self, d, log, a, &mut ctx);
    }
}
