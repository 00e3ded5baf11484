//! REACCIONES: who may react to an action (sight, noise, ENE down to −10), the reaction window
//! with its CH VOL, early reactions and bullet time, and the reaction itself.

use crate::actions::combat::atr_check;
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{CheckKind, Effect, Stat};
use crate::environment::noise::{self};
use crate::psychology::vol_target;
use crate::sequence::legal::act_is_legal;
use crate::state::*;

impl State {
    /// The enemies of `actor` that may attempt a reaction now: able, not in panic, not
    /// immobilised, with ENE above −10, and with the actor in their field of view, or in
    /// bullet time, or — in the window after the action — within the radius of its noise
    /// (REACCIONES, Reaccionar al ruido); and at an altitude from which it may interact with
    /// the actor (Relación entre alturas).
    ///
    /// Only the characters of `among` (a bit per index) are tested: the callers keep no other
    /// (PERFORMANCE.md, "Eighteenth session": a window reopened tested every enemy's sight
    /// again, then kept those of its open mask).
    pub(super) fn reactors(&self, actor: CharIdx, early: bool, among: u32) -> u32 {
        let side = self.side_of(actor);
        let noise = if early { None } else { self.activation.noise };
        let mut mask = 0u32;
        for (j, c, s, able) in self.sides_and_ability() {
            if among & 1 << j == 0 || s == side || !able {
                continue;
            }
            // Munición aturdidora: «no podrá reaccionar».
            if c.has(PANIC | IMMOBILISED | TIED)
                || c.ene <= ENE_MIN
                || c.tbits & (STUNNED | DRUG_CRASH) != 0
            {
                continue;
            }
            // Relación entre alturas: reacting to an enemy is interacting with it.
            if !self.interacts(j, actor, true) {
                continue;
            }
            // The line of sight last: the other tests are a few comparisons each, and any one
            // of them is enough (PERFORMANCE.md, "Thirteenth session").
            if c.has(BULLET_TIME)
                || noise.is_some_and(|n| noise::hears(self, n, c.pos))
                || crate::actions::mind::spider_sense(self, j, actor)
                || self.sees(j, actor)
            {
                mask |= 1 << j;
            }
        }
        mask
    }

    /// Whether the target of the declared action may answer it with Huir (REACCIONES; the
    /// early window opens for it even when no enemy may react).
    pub(super) fn flee_possible(&self, actor: CharIdx) -> bool {
        let Some(Action::Act { kind, .. }) = self.activation.declared else {
            return false;
        };
        let Some(t) = kind.enemy_target() else {
            return false;
        };
        self.side_of(t) != self.side_of(actor)
            && !self.activation.fled
            && self.able(t)
            && !self.engaged(t)
            && self.ch(t).ene > ENE_MIN
            && !self.ch(t).has(IMMOBILISED | TIED)
            && self.ch(t).stance != Stance::Prone
            // Fanático: "Nunca huirá ni entrará en pánico".
            && !self.info(t).has_effect(|e| matches!(e, Effect::NeverPanic))
            // Huir is a run on foot; a passenger (one that embarked in this very window, in
            // bullet time) is off the board's squares and walks nowhere (RULES.md, Huir).
            && self.aboard(t).is_none()
    }

    pub(super) fn open_window(&mut self, actor: CharIdx, early: bool) -> bool {
        // REACCIONES: reacting early («Reaccionar antes de terminar la acción») is a timing of
        // the reaction to the declared action, not a second reaction to it: who failed its
        // CH VOL in the early window gets no other attempt once the action is done (who
        // passed it is in bullet time and needs none).
        let failed = if early {
            0
        } else {
            std::mem::take(&mut self.activation.vol_failed)
        };
        let open = self.reactors(actor, early, !failed);
        debug_assert_eq!(open, self.reactors(actor, early, u32::MAX) & !failed);
        if open == 0 && !(early && self.flee_possible(actor)) {
            return false;
        }
        self.pending = Pending::Window {
            side: self.side_of(actor).other(),
            actor,
            open,
            early,
        };
        true
    }

    pub(crate) fn back_to_window(
        &mut self,
        actor: CharIdx,
        open: u32,
        early: bool,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let kept = self.reactors(actor, early, open);
        debug_assert_eq!(kept, open & self.reactors(actor, early, u32::MAX));
        let open = kept;
        if !self.able(actor) || (open == 0 && !(early && self.flee_possible(actor))) {
            self.close_window(actor, early, d, log);
        } else {
            self.pending = Pending::Window {
                side: self.side_of(actor).other(),
                actor,
                open,
                early,
            };
        }
    }

    pub(super) fn close_window(
        &mut self,
        actor: CharIdx,
        early: bool,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        if !early {
            self.continue_activation(actor, log);
            return;
        }
        let declared = self.activation.declared.take();
        self.activation.fled = false;
        let Some(Action::Act {
            who,
            kind,
            chain,
            face,
        }) = declared
        else {
            self.continue_activation(actor, log);
            return;
        };
        // PSICOLOGÍA / Estrés: «Si estrés=VOL: fin de la actuación». Stress that reached VOL in
        // the early window (a wound from an early reaction and its failed CH PSI) ends the
        // activation there: the declared action is not made and costs nothing.
        if self.activation.ending {
            log.push(|| Event::Status {
                who: actor,
                text: "ends its activation before its declared action",
            });
            self.continue_activation(actor, log);
            return;
        }
        // The declared action is resolved only if it is still legal after the reactions.
        self.pending = Pending::Act {
            actor: self.lead(actor),
        };
        let norm = Action::Act {
            who,
            kind,
            chain,
            face: None,
        };
        if self.able(actor) && act_is_legal(self, &norm) {
            self.do_act(who, kind, chain, face, d, log);
        } else {
            log.push(|| Event::Status {
                who: actor,
                text: "cannot complete its declared action",
            });
            self.activation.vol_failed = 0;
            self.activation.declared_fails = false;
            self.continue_activation(actor, log);
        }
        // The window's actor names the answers (a possessor for its puppet's attack). A dodge
        // is spent with the attack it answers; a Contracarga lasts while the charge's bonus
        // does (`finish_melee`), so it is lost here only with a charge that was not made.
        for a in [who, actor] {
            self.drop_answers(a, DODGE);
            if !self.ch(a).has(CHARGING) {
                self.drop_answers(a, COUNTERCHARGE);
            }
        }
    }

    /// Esquivar en CaC, «Se declara después de elegir el objetivo», and Contracarga, «CH DEF+1
    /// contra carga»: an early answer belongs to the declared action it answers. Drops the
    /// answers `bit` (DODGE, COUNTERCHARGE) marked on `attacker`: used, or lost with an attack
    /// that was not rolled — cancelled, failed by the attacker's CH PSI, struck by surprise — so
    /// they never meet a later blow (audit 23: they waited for the attacker's next melee
    /// action, or next charge, until the answerer's own activation).
    pub(crate) fn drop_answers(&mut self, attacker: CharIdx, bit: Flags) {
        for c in self.chars.iter_mut() {
            if c.has(bit) && c.mark == attacker {
                c.set(bit, false);
            }
        }
    }

    pub(super) fn do_react(&mut self, c: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        let Pending::Window {
            actor, open, early, ..
        } = self.pending
        else {
            return;
        };
        let open = open & !(1 << c);
        if !self.ch(c).has(BULLET_TIME) {
            // REACCIONES: "Requiere pasar CH VOL"; En guardia +2 to the next one. Passed, the
            // guard lasts until the reaction is chosen — «En guardia (2) No puede pivotar»: the
            // reaction it watched for is no Pivotar (`reaction_options`); the reaction (any
            // action: `take_ctx`) or holding ends it.
            let mut t = vol_target(self, c, CheckKind::Attr(Stat::Vol));
            let guard = self.ch(c).has(GUARD);
            if guard {
                t += 2;
            }
            // A CH VOL is a CH ATR: critical CH PSI +1 reaches it (panic −1 cannot: a panicked
            // character does not react); the early −1 does not (RULES.md, CHEQUEOS).
            if self.ch(c).has(PSI_CRITICAL) {
                t += 1;
            }
            let roll = atr_check(self, d, log, c, Stat::Vol, t, "CH VOL reaction");
            if !roll.pass {
                self.ch_mut(c).set(GUARD, false);
                if early {
                    self.activation.vol_failed |= 1 << c;
                }
                self.back_to_window(actor, open, early, d, log);
                return;
            }
            self.ch_mut(c).set(BULLET_TIME, true);
        }
        self.pending = Pending::Reaction {
            reactor: c,
            actor,
            open,
            early,
        };
    }

    pub(super) fn do_reaction(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let (actor, open, early) = match self.pending {
            Pending::Window {
                actor, open, early, ..
            } if matches!(kind, ActKind::Pivot(_)) => {
                // Sentido arácnido: «Puede pivotar hacia ellos sin gastar ENE ni CH VOL» — a
                // free turn towards the actor it does not see, straight from the window; it may
                // still attempt a reaction after it.
                if let ActKind::Pivot(f) = kind {
                    self.ch_mut(who).facing = f;
                }
                log.push(|| Event::Status {
                    who,
                    text: "turns towards what its spider sense feels",
                });
                self.back_to_window(actor, open, early, d, log);
                return;
            }
            Pending::Window {
                actor, open, early, ..
            } if super::sentry::machina_shot(self, who, &kind) => {
                // Machina mors: «sin CH VOL» — straight from the window, no bullet time.
                (actor, open & !(1 << who), early)
            }
            Pending::Window {
                actor, open, early, ..
            } => {
                // Huir, declared straight from the window (no CH VOL: it makes its own CH PSI).
                self.activation.fled = true;
                (actor, open & !(1 << who), early)
            }
            Pending::Reaction {
                actor, open, early, ..
            } => (actor, open, early),
            _ => return,
        };
        // Machina mors: «reaccionar disparando con ENE 0».
        // The move's kliks read with its ENE go on to the move (`Ctx::walk`).
        let (cost, walk) = if super::sentry::machina_shot(self, who, &kind) {
            (0, None)
        } else {
            self.action_cost_steps(who, &kind)
        };
        self.pay(who, cost, log);
        let mut ctx = self.take_ctx(who, &kind, false, early);
        ctx.walk = walk;
        let watch = crate::environment::hostile::begin(self, log);
        self.resolve(who, kind, Some(actor), &mut ctx, d, log);
        self.detonate(d, log);
        crate::environment::hostile::finish(self, watch, d, log);
        crate::actions::movement::altitude::after_action(self, who, &kind);
        self.spend_support(who, &ctx);
        // Combate mental «inmediatamente después de la acción corromper / hackear», a reaction's
        // too: the window waits for the combat (`mind::decide` returns to it).
        if let Some(defender) = crate::actions::mind_objects::duel_after(self, who, &kind) {
            self.activation.mind_window = Some(WindowReturn { actor, open, early });
            self.pending = Pending::MentalCombat {
                defender,
                hacker: who,
                stage: MindStage::Offer,
                chain: false,
            };
            return;
        }
        self.back_to_window(actor, open, early, d, log);
    }

    // ----- resolution of one action -----
}
