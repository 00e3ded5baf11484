//! Wear and destruction of a transport (ESTADO DEL EQUIPO: «Equipo con tantas heridas como CAL:
//! inutilizado … Equipo con más heridas que CAL: destruido. Un transporte explotará con DAÑ =
//! DEF, y un radio = MOV, de un mínimo de 3 K»; BONUS Y MALUS: Sobrecalentamiento). Decisions
//! (RULES.md, "Transportes"): the explosion is a hit of DAÑ = the archetype's DEF (OPEN_READINGS
//! A26 (a)) on every character within max(MOV, 3) K of its square, its passengers included
//! (each with its own CH DEF); the passengers that are still on their feet are set down on the
//! wreck's square and the free squares around it (clockwise from N), the others lie there too;
//! the wreck no longer takes its square.

use crate::actions::combat::auto_hit;
use crate::basics::action::CharIdx;
use crate::basics::check::{roll_check, CheckRule, Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Effect;
use crate::state::{State, NO_DRIVER};

/// Sobrecalentamiento: «Si el transporte acumula 5 heridas».
pub const OVERHEAT_WOUNDS: u8 = 5;

impl State {
    /// `k` wounds on transport `t` (by `who`'s doing, for the log); past CAL it explodes.
    pub(crate) fn wound_transport(
        &mut self,
        d: &mut dyn DiceSource,
        log: &mut Log,
        who: CharIdx,
        t: usize,
        k: u8,
    ) {
        if k == 0 || self.transport_destroyed(t) {
            return;
        }
        // Up to CAL + 1, a wreck (as a character's wounds stop at CON + 1): a position file
        // holds no more.
        let cap = self.transport_info(t).arch.quality + 1;
        let m = self.transport_mut(t);
        m.wounds = m.wounds.saturating_add(k).min(cap);
        log.push(|| Event::Status {
            who,
            text: "wears the transport",
        });
        if self.transport_destroyed(t) {
            self.explode_transport(d, log, who, t);
        }
    }

    /// The explosion of transport `t` and what becomes of its passengers.
    fn explode_transport(&mut self, d: &mut dyn DiceSource, log: &mut Log, who: CharIdx, t: usize) {
        let (tr, info) = (*self.transport(t), self.transport_info(t));
        let (dmg, radius) = (info.def as i16, info.arch.mov.max(3));
        log.push(|| Event::Status {
            who,
            text: "the transport explodes",
        });
        // Off the transport first: the wreck is no seat, and the hits land on the board.
        let m = self.transport_mut(t);
        m.aboard = 0;
        m.driver = NO_DRIVER;
        // Asiento eyectable: «sobrevive» — its passengers are out of the blast.
        let ejected = super::has(self, t, |e| matches!(e, Effect::Ejector));
        let caught: Vec<CharIdx> = self
            .indices()
            .filter(|&j| self.able(j) && self.ch(j).pos.dist(tr.pos) <= radius)
            .filter(|&j| !(ejected && tr.has(j)))
            .collect();
        for j in caught {
            auto_hit(self, d, log, j, dmg, None);
        }
        // Set the passengers down: the wreck's square, then the free squares around it.
        let mut spots = vec![tr.pos];
        for f in Facing::ALL {
            if let Some(q) = self.board().step(tr.pos, f) {
                let free = self.board().passable(q)
                    && self.transport_at(q).is_none()
                    && !self.indices().any(|j| self.able(j) && self.ch(j).pos == q);
                if free {
                    spots.push(q);
                }
            }
        }
        let mut k = 0;
        for j in self.indices().filter(|&j| tr.has(j)).collect::<Vec<_>>() {
            if ejected && self.able(j) {
                // «… y dispersa a 1D10K»: Dispersión's roll (1D10 K, then the direction).
                let q = self.eject(d, j, tr.pos);
                self.ch_mut(j).pos = q;
                log.push(|| Event::Moved {
                    who: j,
                    from: tr.pos,
                    to: q,
                });
            } else if self.able(j) {
                let q = spots.get(k).copied().unwrap_or(tr.pos);
                self.ch_mut(j).pos = q;
                k += 1;
            }
        }
    }

    /// Asiento eyectable: where passenger `j` of the transport exploding on `from` lands — 1D10 K
    /// in a direction rolled as Dispersión's (`combat::areas::scatter`: it stops before a wall,
    /// a high obstacle or the board's edge); on the farthest square of that line it can stand
    /// on, free of bases and transports (RULES.md, "Traits in play, share T"); none: the wreck.
    fn eject(&mut self, d: &mut dyn DiceSource, j: CharIdx, from: Pos) -> Pos {
        let (to, dir, _) = crate::actions::combat::scatter(self, d, from, 1);
        let mut line = vec![from];
        let mut p = from;
        while p != to {
            match self.board().step(p, dir) {
                Some(q) => p = q,
                None => break,
            }
            line.push(p);
        }
        let free = |q: Pos| {
            self.board().passable(q) && !crate::actions::movement::landing::taken(self, j, q)
        };
        line.into_iter().rev().find(|&q| free(q)).unwrap_or(from)
    }

    /// Sobrecalentamiento: a transport with 5 wounds or more making a movement action — CH DEF
    /// (its DEF, with its own CH DEF traits: `transport::check_mod`); a failure, 1 wound. Its
    /// own trait, or gained from a Munición ígnea that wounded it (`TransportState::overheated`).
    pub(crate) fn overheat(
        &mut self,
        d: &mut dyn DiceSource,
        log: &mut Log,
        who: CharIdx,
        t: usize,
    ) {
        let hot = self
            .transport_info(t)
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Overheat))
            || self.transport(t).overheated;
        if !hot || self.transport(t).wounds < OVERHEAT_WOUNDS {
            return;
        }
        // Its CH DEF traits (Refuerzo «CH DEF +1» on the hull) reach this CH DEF as they reach
        // the CH DEF against a hit (audit 30b) and as a character's reach its overheating CH DEF
        // (audit 22); audit 31d: it was its bare DEF.
        let target = (self.transport_info(t).def as i8).saturating_add(super::check_mod(
            self,
            t,
            crate::creation::effect::CheckKind::Def,
            crate::creation::effect::Scope::Any,
        ));
        let roll = roll_check(d, target, &CheckRule::default());
        log.push(|| Event::Check {
            who,
            what: "CH DEF overheating",
            roll,
        });
        if !roll.pass {
            self.wound_transport(d, log, who, t, 1);
        }
    }
}
