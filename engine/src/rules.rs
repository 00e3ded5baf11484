//! SECUENCIA DE JUEGO, ENERGÍA and REACCIONES: the state machine that moves the game from one
//! decision to the next, and the resolution of every action.

use crate::action::{ActKind, Action, CharIdx};
use crate::check::{Event, Log};
use crate::combat::{
    atr_check, attr_check_target, opposed, resolve_attack, superiority, Attack, Ctx, Special,
};
use crate::dice::DiceSource;
use crate::effect::{CheckKind, Effect, Stat};
use crate::geom::{Facing, Pos, Side};
use crate::legal::{base_cost, eligible, initiative_value, legal_actions};
use crate::movement::{self, MoveKind};
use crate::noise::{self, Noise};
use crate::psychology::{madness, outnumbered, panic_exit, psyche, vol_target};
use crate::scenario;
use crate::state::*;

/// ENE bounds (REACCIONES: "hasta llegar a ENE −10"; ENERGÍA: "hasta un máx. de 10").
pub const ENE_MIN: i8 = -10;
/// Maximum ENE.
pub const ENE_MAX: i8 = 10;

impl State {
    /// Applies a decision without checking that it is legal: the fast path for search, where
    /// actions come from [`State::legal_actions`]. Dice are drawn from `d`; events go to `log`.
    ///
    /// An illegal action here leaves the state inconsistent; use [`State::apply`] for input
    /// from outside.
    pub fn apply_unchecked(&mut self, a: &Action, d: &mut dyn DiceSource, log: &mut Log) {
        match *a {
            Action::Initiative(c) => self.do_initiative(c, d, log),
            Action::Activate(c) => self.start_activation(c, d, log),
            Action::Act {
                who,
                kind,
                chain,
                face,
            } => {
                self.activation.declared = None;
                self.activation.vol_failed = 0;
                self.activation.declared_fails = false;
                // An action against an enemy opens the early window; so does a neuromante's
                // action an enemy neuromante in reach could counter (Contramagia replaces its
                // CH INT, so it is declared before the action resolves).
                let early_window = (kind
                    .enemy_target()
                    .is_some_and(|t| self.side_of(t) != self.side_of(who))
                    || crate::mind::counter_threat(self, who, &kind))
                    && !chain
                    && self.activation.chain == 0;
                if early_window {
                    self.activation.declared = Some(Action::Act {
                        who,
                        kind,
                        chain,
                        face,
                    });
                    if self.open_window(who, true) {
                        return;
                    }
                    self.activation.declared = None;
                }
                self.do_act(who, kind, chain, face, d, log);
            }
            Action::End { who, facing } => {
                self.ch_mut(who).facing = facing;
                self.activation.ending = true;
                let had_chain = self.activation.chain > 0;
                self.activation.chain = 0;
                if had_chain && self.open_window(who, false) {
                    return;
                }
                self.end_activation(who, log);
            }
            Action::React(c) => self.do_react(c, d, log),
            Action::Pass => {
                if let Pending::Window { actor, early, .. } = self.pending {
                    self.close_window(actor, early, d, log);
                }
            }
            Action::Reaction { .. } if matches!(self.pending, Pending::MentalCombat { .. }) => {
                crate::mind::decide(self, true, d, log)
            }
            Action::Hold(_) if matches!(self.pending, Pending::MentalCombat { .. }) => {
                crate::mind::decide(self, false, d, log)
            }
            Action::Reaction { who, kind } => self.do_reaction(who, kind, d, log),
            Action::Hold(_) => {
                if let Pending::Reaction {
                    actor, open, early, ..
                } = self.pending
                {
                    self.back_to_window(actor, open, early, d, log);
                }
            }
        }
    }

    // ----- initiative and sequence -----

    fn do_initiative(&mut self, c: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        let side = self.side_of(c);
        self.init_pick[side.index()] = Some(c);
        if side == Side::A && !scenario::annihilated(self, Side::B) {
            self.pending = Pending::Initiative { side: Side::B };
            return;
        }
        let value = |st: &State, s: Side| -> i16 {
            st.init_pick[s.index()]
                .map(|i| initiative_value(st, i))
                .unwrap_or(-100)
        };
        let (va, vb) = (value(self, Side::A), value(self, Side::B));
        let mut winner = Side::A;
        let mut totals = [0u8; 2];
        // SECUENCIA / Turnos e iniciativa: the higher 1D10 + VOL wins; ties are re-rolled
        // (RULES.md, "Initiative ties").
        for _ in 0..100 {
            let ta = d.d10() as i16 + va;
            let tb = d.d10() as i16 + vb;
            totals = [ta.clamp(0, 255) as u8, tb.clamp(0, 255) as u8];
            if ta != tb {
                winner = if ta > tb { Side::A } else { Side::B };
                break;
            }
        }
        log.push(|| Event::Initiative { totals, winner });
        self.advantage = winner;
        self.to_move = winner;
        self.phase = 10;
        log.push(|| Event::Phase(10));
        self.next_activation(log);
    }

    /// Finds the next character to activate, moving through phases and turns.
    pub(crate) fn next_activation(&mut self, log: &mut Log) {
        if scenario::annihilated(self, Side::A) || scenario::annihilated(self, Side::B) {
            self.game_over(log);
            return;
        }
        loop {
            let has =
                |st: &State, s: Side| st.indices().any(|i| st.side_of(i) == s && eligible(st, i));
            if has(self, self.to_move) {
                self.pending = Pending::Activate { side: self.to_move };
                return;
            }
            let other = self.to_move.other();
            if has(self, other) {
                self.to_move = other;
                self.pending = Pending::Activate { side: other };
                return;
            }
            if self.phase <= 1 {
                self.end_turn(log);
                return;
            }
            self.phase -= 1;
            self.to_move = self.advantage;
            let p = self.phase;
            log.push(|| Event::Phase(p));
        }
    }

    fn end_turn(&mut self, log: &mut Log) {
        let objectives = self.st.scenario.objectives.clone();
        for o in &objectives {
            if let Some(s) = scenario::holder(self, o) {
                self.objective_points[s.index()] += o.points;
            }
        }
        if self.turn >= self.st.scenario.turn_limit {
            self.game_over(log);
            return;
        }
        self.turn += 1;
        for c in self.chars.iter_mut() {
            c.set(ACTED | SPRINTED | FAST | ENERGISED | WAITING, false);
            c.moved = 0;
            c.looted = 0;
            crate::meta::at_turn_end(c);
        }
        self.init_pick = [None, None];
        let t = self.turn;
        log.push(|| Event::Turn(t));
        self.pending = Pending::Initiative { side: Side::A };
        if scenario::annihilated(self, Side::A) {
            self.pending = Pending::Initiative { side: Side::B };
        }
    }

    fn game_over(&mut self, log: &mut Log) {
        self.pending = Pending::GameOver;
        let scores = [
            scenario::score(self, Side::A),
            scenario::score(self, Side::B),
        ];
        log.push(|| Event::GameOver { scores });
    }

    // ----- activation -----

    fn start_activation(&mut self, who: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        self.activation = Activation::default();
        let info_con = self.info(who).con as i8;
        let info_agi = self.info(who).agi as i8;
        let mut aura: i8 = 0;
        let p = self.ch(who).pos;
        let side = self.side_of(who);
        for j in self.indices() {
            if j != who && self.side_of(j) == side && self.able(j) {
                for e in &self.info(j).auras {
                    if let Effect::AlliesEneAtStart(k) = e {
                        if self.ch(j).pos.dist(p) <= *k {
                            aura += 1;
                        }
                    }
                }
            }
        }
        let c = self.ch_mut(who);
        if !c.has(ENERGISED) {
            // ENERGÍA / Inicio actuación: + CON + AGI − heridas, hasta un máx. de 10.
            let gain = info_con + info_agi - c.wounds as i8 + aura;
            c.ene = (c.ene as i16 + gain.max(0) as i16).clamp(ENE_MIN as i16, ENE_MAX as i16) as i8;
            c.set(ENERGISED, true);
        }
        c.set(WAITING | COUNTERCHARGE | DODGE | COUNTER_MAGIC, false);
        let ene = c.ene;
        crate::meta::at_activation_start(self, who);
        for j in 0..self.chars.len() {
            let cj = &mut self.chars[j];
            // Atar outlasts it: TIED stays until Desatarse.
            if cj.has(IMMOBILISED) && cj.held_by == who {
                cj.set(IMMOBILISED, false);
            }
        }
        log.push(|| Event::Activation { who, ene });
        self.pending = Pending::Act { actor: who };
        if self.ch(who).has(PANIC) {
            panic_exit(self, d, log, who);
        }
        if self.ch(who).stress >= self.vol(who) && self.able(who) {
            madness(self, d, log, who, None);
        }
        if self.able(who) && outnumbered(self, who) {
            psyche(self, d, log, who, None);
        }
        // `ending`: its stress reached VOL in these checks (PSICOLOGÍA / Estrés).
        if !self.able(who) || self.activation.ending {
            self.end_activation(who, log);
        }
    }

    fn end_activation(&mut self, who: CharIdx, log: &mut Log) {
        crate::mind::release(self, who, log);
        crate::meta::at_activation_end(self, who);
        let c = self.ch_mut(who);
        if !c.has(WAITING) {
            c.set(ACTED, true);
        }
        // What the text bounds by the activation ends with it: CH PSI crítico «hasta el final de
        // la actuación», Esprintar «Una vez por actuación». The «siguiente acción» modifiers
        // (Esprintar −3, Correr ±1, Concentrarse) are the character's next action's, whenever it
        // comes — a reaction or its next activation — as Cargar's «siguiente acción de combate
        // CaC» (RULES.md, ACCIONES): `take_ctx` spends them.
        c.set(PSI_CRITICAL | SPRINT_USED, false);
        for c in self.chars.iter_mut() {
            c.set(BULLET_TIME, false);
            // A Contramagia against this activation's action lapses with it (the action may
            // have been cancelled before it resolved).
            if c.has(COUNTER_MAGIC) && c.mark == who {
                c.set(COUNTER_MAGIC, false);
            }
        }
        self.activation = Activation::default();
        self.to_move = self.side_of(who).other();
        log.push(|| Event::Status {
            who,
            text: "ends its activation",
        });
        self.next_activation(log);
    }

    fn continue_activation(&mut self, actor: CharIdx, log: &mut Log) {
        // An action of a possessed character belongs to its possessor's activation.
        let actor = self.owner(actor);
        // Annihilation ends the game at once (RULES.md, Scenario): `next_activation` sees it.
        let annihilation =
            scenario::annihilated(self, Side::A) || scenario::annihilated(self, Side::B);
        // The window of the last action (if any) is closed: its noise is spent.
        self.activation.noise = None;
        if self.activation.ending || !self.able(actor) || annihilation {
            self.end_activation(actor, log);
        } else {
            self.pending = Pending::Act { actor };
        }
    }

    /// ENE an action costs `who` now, terrain included.
    pub fn action_cost(&self, who: CharIdx, kind: &ActKind) -> i8 {
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
            ActKind::Turn180(_) | ActKind::Swim(_) | ActKind::Jump(_) | ActKind::Carry { .. } => {
                return crate::movement_actions::cost(self, who, kind).unwrap_or(base);
            }
            ActKind::Climb(to) => {
                let sur = self.board().terrain(*to).surcharge().unwrap_or(0) as i8;
                return base + sur + movement::trait_move_ene(self, who);
            }
            _ => return base,
        };
        let to = kind.destination().unwrap_or_default();
        let sur = movement::find(self, who, mk, to)
            .map(|r| r.surcharge as i8)
            .unwrap_or(0);
        base + sur + movement::trait_move_ene(self, who)
    }

    /// Takes the "next action" modifiers off a character and builds the check context.
    fn take_ctx(&mut self, who: CharIdx, kind: &ActKind, chain: bool, early: bool) -> Ctx {
        let c = self.ch_mut(who);
        let mut ctx = Ctx {
            chain,
            early,
            ..Ctx::default()
        };
        if c.has(SPRINT_NEXT) {
            ctx.all_bonus = -3;
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
    fn spend_support(&mut self, who: CharIdx, ctx: &Ctx) {
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

    fn do_act(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        chain: bool,
        face: Option<Facing>,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        // Set by a failed CH PSI of the actor in the early window of this (declared) action.
        let fails = std::mem::take(&mut self.activation.declared_fails);
        let cost = self.action_cost(who, &kind);
        // Poseer: «podrá gastar su propia ENE para realizar acciones con el objetivo poseído».
        let owner = self.owner(who);
        self.pay(owner, cost, log);
        let in_chain = chain || self.activation.chain > 0;
        let mut ctx = self.take_ctx(who, &kind, in_chain, false);
        let stress_before = self.ch(owner).stress;
        if fails {
            // CH PSI «Fallo: falla la acción»: taken (ENE spent, an action of the activation, a
            // window after it), with no effect — as a Cobarde's attack after a failed CH PSI.
            log.push(|| Event::Status {
                who,
                text: "fails its declared action (failed CH PSI)",
            });
        } else {
            let moved = self.ch(who).moved;
            self.resolve(who, kind, None, &mut ctx, d, log);
            let moved = self.ch(who).moved.saturating_sub(moved);
            self.make_noise(who, &kind, moved);
        }
        self.spend_support(who, &ctx);
        // 180°: a failed check «no gira» — not even the free turn after the action.
        let no_turn = std::mem::take(&mut self.activation.no_turn);
        if let Some(f) = face.filter(|_| !no_turn) {
            self.ch_mut(who).facing = f;
        }
        self.activation.actions = self.activation.actions.saturating_add(1);
        let c = self.ch(owner);
        // PSICOLOGÍA / Estrés: reaching stress = VOL ends the activation (the possessor's).
        if c.stress > stress_before && c.stress >= self.vol(owner) {
            self.activation.ending = true;
        }
        if !self.able(owner) {
            self.activation.ending = true;
        }
        // A Contramagia declared against this action and not used (the action made no CH INT)
        // does not outlive it.
        for c in self.chars.iter_mut() {
            if c.has(COUNTER_MAGIC) && c.mark == who {
                c.set(COUNTER_MAGIC, false);
            }
        }
        // Combate mental: the target of a Corromper may strike back «inmediatamente después»;
        // the rest of the action (chain, window) waits for the combat (`mind::decide`).
        if let ActKind::Hack { target } = kind {
            if !fails && crate::mind::duel_offered(self, who, target) {
                self.pending = Pending::MentalCombat {
                    defender: target,
                    hacker: who,
                    stage: MindStage::Offer,
                    chain,
                };
                return;
            }
        }
        self.after_act(who, chain, log);
    }

    /// The end of an action of the active character `who`: the chain goes on, or the window
    /// after the action opens, or the activation continues.
    pub(crate) fn after_act(&mut self, who: CharIdx, chain: bool, log: &mut Log) {
        let owner = self.owner(who);
        if !self.able(owner) {
            self.activation.ending = true;
        }
        if chain && !self.activation.ending {
            self.activation.chain = self.activation.chain.saturating_add(1);
            self.pending = Pending::Act { actor: owner };
            return;
        }
        self.activation.chain = 0;
        if self.able(who) && self.open_window(who, false) {
            return;
        }
        self.continue_activation(who, log);
    }

    // ----- reactions -----

    /// REACCIONES / Reaccionar al ruido: keeps the loudest noise of the action (or chain) the
    /// next window answers, on the square where it was made (the later one on a tie).
    fn make_noise(&mut self, who: CharIdx, kind: &ActKind, moved: u8) {
        let radius = noise::action_noise(self, who, kind, moved);
        if radius > 0 && self.activation.noise.is_none_or(|n| radius >= n.radius) {
            let at = self.ch(who).pos;
            self.activation.noise = Some(Noise { at, radius });
        }
    }

    /// The enemies of `actor` that may attempt a reaction now: able, not in panic, not
    /// immobilised, with ENE above −10, and with the actor in their field of view, or in
    /// bullet time, or — in the window after the action — within the radius of its noise
    /// (REACCIONES, Reaccionar al ruido).
    fn reactors(&self, actor: CharIdx, early: bool) -> u32 {
        let side = self.side_of(actor);
        let noise = if early { None } else { self.activation.noise };
        let mut mask = 0u32;
        for j in self.indices() {
            if self.side_of(j) == side || !self.able(j) {
                continue;
            }
            let c = self.ch(j);
            if c.has(PANIC | IMMOBILISED | TIED) || c.ene <= ENE_MIN {
                continue;
            }
            if c.has(BULLET_TIME)
                || self.sees(j, actor)
                || noise.is_some_and(|n| noise::hears(self, n, c.pos))
                || crate::mind::spider_sense(self, j, actor)
            {
                mask |= 1 << j;
            }
        }
        mask
    }

    fn flee_possible(&self, actor: CharIdx) -> bool {
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
            && !self.info(t).has_effect(|e| matches!(e, Effect::NeverPanic))
    }

    fn open_window(&mut self, actor: CharIdx, early: bool) -> bool {
        let mut open = self.reactors(actor, early);
        if !early {
            // REACCIONES: reacting early («Reaccionar antes de terminar la acción») is a timing of
            // the reaction to the declared action, not a second reaction to it: who failed its
            // CH VOL in the early window gets no other attempt once the action is done (who
            // passed it is in bullet time and needs none).
            open &= !std::mem::take(&mut self.activation.vol_failed);
        }
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

    fn back_to_window(
        &mut self,
        actor: CharIdx,
        open: u32,
        early: bool,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let open = open & self.reactors(actor, early);
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

    fn close_window(&mut self, actor: CharIdx, early: bool, d: &mut dyn DiceSource, log: &mut Log) {
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
            actor: self.owner(actor),
        };
        let mut buf = Vec::new();
        legal_actions(self, &mut buf);
        let norm = Action::Act {
            who,
            kind,
            chain,
            face: None,
        };
        if self.able(actor) && buf.contains(&norm) {
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
    }

    fn do_react(&mut self, c: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        let Pending::Window {
            actor, open, early, ..
        } = self.pending
        else {
            return;
        };
        let open = open & !(1 << c);
        if !self.ch(c).has(BULLET_TIME) {
            // REACCIONES: "Requiere pasar CH VOL"; En guardia +2 to the next one.
            let mut t = vol_target(self, c, CheckKind::Attr(Stat::Vol));
            if self.ch(c).has(GUARD) {
                t += 2;
                self.ch_mut(c).set(GUARD, false);
            }
            // A CH VOL is a CH ATR: critical CH PSI +1 reaches it (panic −1 cannot: a panicked
            // character does not react); the early −1 does not (RULES.md, CHEQUEOS).
            if self.ch(c).has(PSI_CRITICAL) {
                t += 1;
            }
            let roll = atr_check(self, d, log, c, Stat::Vol, t, "CH VOL reaction");
            if !roll.pass {
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

    fn do_reaction(&mut self, who: CharIdx, kind: ActKind, d: &mut dyn DiceSource, log: &mut Log) {
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
        let cost = self.action_cost(who, &kind);
        self.pay(who, cost, log);
        let mut ctx = self.take_ctx(who, &kind, false, early);
        self.resolve(who, kind, Some(actor), &mut ctx, d, log);
        self.spend_support(who, &ctx);
        self.back_to_window(actor, open, early, d, log);
    }

    // ----- resolution of one action -----

    /// The charge a critical CH LOC forces on `who` against `target`, at once and without a
    /// decision: Cargar's 2 ENE (reaction bounds: down to −10) and movement, to the reachable
    /// square in contact with the fewest steps (then the first in row order); nothing happens
    /// when no such square exists, the target is gone, or `who` is engaged or prone.
    pub(crate) fn forced_charge(&mut self, who: CharIdx, target: CharIdx, log: &mut Log) {
        if !self.able(who)
            || !self.able(target)
            || self.side_of(who) == self.side_of(target)
            || self.engaged(who)
            || self.ch(who).stance == Stance::Prone
            || self.ch(who).ene - 2 < ENE_MIN
            || !self
                .board()
                .line_of_sight(self.ch(who).pos, self.ch(target).pos)
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
    }

    /// A movement action's move: the steps of its cheapest path (what `legal_actions` found),
    /// silent for Mover sin hacer ruido.
    pub(crate) fn move_by(&mut self, who: CharIdx, kind: MoveKind, to: Pos, log: &mut Log) {
        let steps = movement::find(self, who, kind, to).map_or(0, |r| r.steps);
        self.move_to(who, to, steps, kind == MoveKind::Sneak, log);
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
        if let Some(f) = Facing::towards(from, to) {
            c.facing = f;
        }
        c.pos = to;
        c.moved = c.moved.saturating_add(steps);
        if c.moved > 5 {
            c.set(FAST, true);
        }
        c.set(HIDDEN, false);
        c.set(SILENT, silent);
        log.push(|| Event::Moved { who, from, to });
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

    pub(crate) fn attack(
        &self,
        who: CharIdx,
        target: CharIdx,
        weapon: Option<u8>,
        melee: bool,
        special: Special,
    ) -> Attack {
        Attack {
            attacker: who,
            target,
            weapon,
            melee,
            mode: crate::action::ShotMode::Normal,
            special,
            free_bonus: 0,
            with: crate::combat::With::Weapon,
        }
    }

    fn resolve(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        actor: Option<CharIdx>,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        if kind.is_attack() {
            self.ch_mut(who).set(HIDDEN, false);
        }
        match kind {
            ActKind::Move(p) | ActKind::Run(p) | ActKind::Sprint(p) | ActKind::Sneak(p) => {
                let mk = match kind {
                    ActKind::Move(_) => MoveKind::Move,
                    ActKind::Run(_) => MoveKind::Run,
                    ActKind::Sprint(_) => MoveKind::Sprint,
                    _ => MoveKind::Sneak,
                };
                self.move_by(who, mk, p, log);
                let c = self.ch_mut(who);
                match mk {
                    MoveKind::Run => c.set(RAN, true),
                    MoveKind::Sprint => c.set(SPRINTED | SPRINT_USED | SPRINT_NEXT, true),
                    _ => {}
                }
                self.after_move(who, d, log);
            }
            ActKind::Climb(p) => {
                // Trait modifiers of the attribute (Profesión acróbata …) reach the check.
                let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
                if atr_check(self, d, log, who, Stat::Agi, t, "CH AGI climb").pass {
                    self.move_to(who, p, 2, false, log);
                    self.after_move(who, d, log);
                }
            }
            ActKind::Crouch => self.ch_mut(who).stance = Stance::Crouched,
            ActKind::Prone => self.ch_mut(who).stance = Stance::Prone,
            ActKind::Stand => self.ch_mut(who).stance = Stance::Standing,
            ActKind::Pivot(f) => self.ch_mut(who).facing = f,
            ActKind::Shoot {
                target,
                weapon,
                mode,
            } => {
                self.face(who, target);
                let mut a = self.attack(who, target, Some(weapon), false, Special::Wound);
                a.mode = mode;
                resolve_attack(self, d, log, a, ctx);
            }
            ActKind::Melee { target, weapon } => {
                self.face(who, target);
                let a = self.attack(who, target, Some(weapon), true, Special::Wound);
                resolve_attack(self, d, log, a, ctx);
            }
            ActKind::Unarmed { target } => {
                self.face(who, target);
                let a = self.attack(who, target, None, true, Special::Wound);
                resolve_attack(self, d, log, a, ctx);
            }
            ActKind::Push { target }
            | ActKind::Disarm { target }
            | ActKind::Knockout { target }
            | ActKind::Immobilise { target } => {
                self.face(who, target);
                let special = match kind {
                    ActKind::Push { .. } => Special::Push,
                    ActKind::Disarm { .. } => Special::Disarm,
                    ActKind::Knockout { .. } => Special::Knockout,
                    _ => Special::Immobilise,
                };
                let weapon = self.best_melee_weapon(who);
                let a = self.attack(who, target, weapon, true, special);
                resolve_attack(self, d, log, a, ctx);
            }
            ActKind::Charge { target, to } => {
                self.move_by(who, MoveKind::Charge(target), to, log);
                self.face(who, target);
                let c = self.ch_mut(who);
                c.set(CHARGING, true);
                c.mark = target;
                self.after_move(who, d, log);
            }
            ActKind::Countercharge => {
                let c = self.ch_mut(who);
                c.set(COUNTERCHARGE, true);
                c.mark = actor.unwrap_or(who);
            }
            ActKind::Dodge => {
                let c = self.ch_mut(who);
                c.set(DODGE, true);
                c.mark = actor.unwrap_or(who);
            }
            ActKind::Disengage(p) => self.disengage(who, p, ctx, d, log),
            ActKind::Free => {
                let by = self.ch(who).held_by;
                let (won, _, _) = opposed(self, d, log, who, by, Stat::Con, ctx);
                if won {
                    self.ch_mut(who).set(IMMOBILISED, false);
                    log.push(|| Event::Status {
                        who,
                        text: "breaks free",
                    });
                }
            }
            ActKind::Flee(p) => {
                self.move_by(who, MoveKind::Flee, p, log);
                // Huir (1, PSI): "CH PSI después de mover".
                psyche(self, d, log, who, actor);
            }
            ActKind::Surprise { target } => {
                let c = self.ch_mut(who);
                c.set(SURPRISING, true);
                c.mark = target;
            }
            ActKind::Support { ally } => {
                let c = self.ch_mut(ally);
                c.support = 1;
            }
            ActKind::Concentrate => {
                let step = self
                    .info(who)
                    .effects
                    .iter()
                    .find_map(|e| match e {
                        Effect::ConcentrateStep(k) => Some(*k as i8),
                        _ => None,
                    })
                    .unwrap_or(1);
                let c = self.ch_mut(who);
                c.bonus = (c.bonus + step).min(3);
                c.set(CONCENTRATING, true);
            }
            ActKind::Heal { target } => self.heal(who, target, ctx, d, log),
            ActKind::Guard => self.ch_mut(who).set(GUARD, true),
            ActKind::Hide => self.ch_mut(who).set(HIDDEN, true),
            ActKind::Wait => {
                let phase = self.phase;
                let c = self.ch_mut(who);
                c.set(WAITING, true);
                c.waited = phase.saturating_sub(1);
                self.activation.ending = true;
            }
            ActKind::Perceive => {
                let t = attr_check_target(self, who, Stat::Int, ctx, None, false);
                if atr_check(self, d, log, who, Stat::Int, t, "CH INT perceive").pass {
                    let p = self.ch(who).pos;
                    let int = self.info(who).int;
                    let side = self.side_of(who);
                    for j in 0..self.chars.len() as CharIdx {
                        if self.side_of(j) != side && self.ch(j).pos.dist(p) <= int {
                            self.ch_mut(j).set(HIDDEN, false);
                        }
                    }
                }
            }
            ActKind::Reload { weapon } => {
                let mag = self.weapon_magazine(who, weapon);
                self.set_weapon_ammo(who, weapon, mag);
            }
            // Named, not `_`: an action added later must say where it resolves.
            ActKind::Ram { .. }
            | ActKind::Throw { .. }
            | ActKind::Drop { .. }
            | ActKind::Club { .. }
            | ActKind::Tie { .. }
            | ActKind::Untie => {
                self.resolve_physical(who, kind, ctx, d, log);
            }
            ActKind::Trade { .. } | ActKind::Loot { .. } | ActKind::Eliminate { .. } => {
                self.resolve_equipment(who, kind, ctx, d, log);
            }
            ActKind::Turn180(_) | ActKind::Swim(_) | ActKind::Jump(_) | ActKind::Carry { .. } => {
                self.resolve_movement_action(who, kind, ctx, d, log);
            }
            ActKind::Hack { target } => crate::mind::hack(self, d, log, who, target, ctx),
            ActKind::HealStress { target } => {
                crate::mind::heal_stress(self, d, log, who, target, ctx)
            }
            ActKind::CounterMagic => {
                let c = self.ch_mut(who);
                c.set(COUNTER_MAGIC, true);
                c.mark = actor.unwrap_or(who);
            }
            // Decisions of a Combate mental are routed to `mind::decide`, never resolved here.
            ActKind::MentalCombat { .. } => {}
            ActKind::Possess { target } => crate::mind::possess(self, d, log, who, target, ctx),
            ActKind::Mark { target } => crate::mind::mark(self, d, log, who, target, ctx),
            ActKind::Meta { meta, target } => {
                crate::meta::use_meta(self, d, log, who, meta, target, ctx)
            }
        }
    }

    /// The melee weapon used for Empujar, Desarmar, Noquear, Inmovilizar and free attacks:
    /// the usable ALC 0 weapon with the highest DAÑ, else none (unarmed).
    fn best_melee_weapon(&self, who: CharIdx) -> Option<u8> {
        (0..self.weapon_slots(who))
            .filter(|&w| self.weapon_usable(who, w) && self.weapon_def(who, w).range == 0)
            .max_by_key(|&w| (self.weapon_dmg(who, w), std::cmp::Reverse(w)))
    }

    /// After a movement action: the psychology count for the mover (RULES.md).
    pub(crate) fn after_move(&mut self, who: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        if self.able(who) && outnumbered(self, who) {
            psyche(self, d, log, who, None);
        }
    }

    /// Destrabarse (2, PSI): free if its side outnumbers the enemy in this melee; otherwise a
    /// CH PSI: passed, it leaves; failed, the action fails and the nearest enemy attacks it with
    /// CH IMP +1 and no ENE.
    fn disengage(
        &mut self,
        who: CharIdx,
        p: Pos,
        _ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let foes = self.engaged_with(who);
        let free = foes.iter().all(|&f| superiority(self, who, f));
        let leaves = free || psyche(self, d, log, who, foes.first().copied()).passed();
        if leaves {
            self.move_by(who, MoveKind::Disengage, p, log);
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

    /// Curar / Reparar (3, INT): pass −1 wound, critical −3, fail +1, fumble +3; also wakes a
    /// knocked-out ally ("hasta que le atienda un tercero").
    fn heal(
        &mut self,
        who: CharIdx,
        target: CharIdx,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        // Profesión sabio (CH INT +1) and other INT traits reach the check.
        let t = attr_check_target(self, who, Stat::Int, ctx, None, false);
        let roll = atr_check(self, d, log, who, Stat::Int, t, "CH INT heal");
        let c = self.ch_mut(target);
        if roll.pass {
            if c.has(KNOCKED_OUT) && target != who {
                c.set(KNOCKED_OUT, false);
            }
            let n = if roll.critical { 3 } else { 1 };
            c.wounds = c.wounds.saturating_sub(n);
            log.push(|| Event::Status {
                who: target,
                text: "is healed",
            });
        } else {
            let n = if roll.fumble { 3 } else { 1 };
            crate::combat::add_wounds(self, d, log, target, n, None);
        }
    }
}
