//! ACCIONES: the resolution of every decision — the fast path `apply_unchecked`, an action of
//! an activation from payment to its noise and reaction window, and each action kind's effect
//! (the movement helpers, MOVIMIENTO, are in `sequence/moving.rs`).

use crate::actions::combat::{
    atr_check, attr_check_target, opposed, resolve_attack, Attack, Ctx, Special,
};
use crate::actions::movement::{self, MoveKind};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::Facing;
use crate::creation::effect::{Effect, Stat};
use crate::environment::noise::{self, Noise};
use crate::psychology::psyche;
use crate::state::*;

impl State {
    /// Applies a decision without checking that it is legal: the fast path for search, where
    /// actions come from [`State::legal_actions`]. Dice are drawn from `d`; events go to `log`.
    ///
    /// An illegal action here leaves the state inconsistent; use [`State::apply`] for input
    /// from outside.
    pub fn apply_unchecked(&mut self, a: &Action, d: &mut dyn DiceSource, log: &mut Log) {
        // Control del CHI: who may still re-roll while this decision resolves, and who spent it.
        let chi = self.st.chi_holders;
        if chi == 0 {
            return self.apply_decision(a, d, log);
        }
        let spent = self
            .trait_marks
            .per
            .iter()
            .filter(|m| m.bits & CHI_USED != 0)
            .fold(0u32, |b, m| b | 1 << (m.who & 31));
        log.chi_arm(chi & !spent);
        self.apply_decision(a, d, log);
        let used = log.chi_spent();
        log.chi_arm(0);
        for i in self.indices().filter(|i| used & 1 << (i & 31) != 0) {
            self.set_mark(i, CHI_USED, true);
        }
    }

    fn apply_decision(&mut self, a: &Action, d: &mut dyn DiceSource, log: &mut Log) {
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
                    || crate::actions::mind::counter_threat(self, who, &kind))
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
            // Órdenes: «Cuando termine, seguirá este Pj» — the ally's end is the orders' end.
            Action::End { who, facing }
                if self.activation.orders.is_some_and(|(a, _)| a == who) =>
            {
                self.ch_mut(who).facing = facing;
                let giver = self.lead(who);
                self.activation.orders = None;
                log.push(|| Event::Status {
                    who,
                    text: "has carried out its orders",
                });
                self.pending = Pending::Act { actor: giver };
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
                crate::actions::mind::decide(self, true, d, log)
            }
            Action::Hold(_) if matches!(self.pending, Pending::MentalCombat { .. }) => {
                crate::actions::mind::decide(self, false, d, log)
            }
            Action::Reaction { who, kind } => self.do_reaction(who, kind, d, log),
            Action::Hold(who) => {
                if let Pending::Reaction {
                    actor, open, early, ..
                } = self.pending
                {
                    // Holding is the end of the En guardia its CH VOL used (`do_react`).
                    self.ch_mut(who).set(GUARD, false);
                    self.back_to_window(actor, open, early, d, log);
                }
            }
        }
    }

    // ----- initiative and sequence -----

    pub(super) fn do_act(
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
        // En guardia / Esconderse «No puede pivotar»: the free turn of a Guard or Hide action
        // taken by one not yet on guard or hidden is the turn made before it (acting, the order
        // of a free turn and an action is the player's); any other is made on guard or hidden.
        let turn_first =
            matches!(kind, ActKind::Guard | ActKind::Hide) && !self.ch(who).has(GUARD | HIDDEN);
        let (cost, walk) = self.action_cost_steps(who, &kind);
        // Poseer: «podrá gastar su propia ENE para realizar acciones con el objetivo poseído».
        let owner = self.owner(who);
        self.pay(owner, cost, log);
        let in_chain = chain || self.activation.chain > 0;
        let mut ctx = self.take_ctx(who, &kind, in_chain, false);
        ctx.walk = walk;
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
            let watch = crate::environment::hostile::begin(self, log);
            self.resolve(who, kind, None, &mut ctx, d, log);
            crate::environment::hostile::finish(self, watch, d, log);
            crate::actions::movement::altitude::after_action(self, who, &kind);
            crate::actions::trait_marks::after_action(self, who, &kind);
            // A21 (b): the actor's own movement (not a puppet's) lets it end at altitude 3.
            self.activation.moved |= who == owner && kind.is_movement();
            let moved = self.ch(who).moved.saturating_sub(moved);
            self.make_noise(who, &kind, moved);
            self.detonate(d, log);
        }
        self.spend_support(who, &ctx);
        // 180°: a failed check «no gira» — not even the free turn after the action; Volar en
        // altura 3: «no pueden realizar las acciones pivotar» (no free pivot there either); En
        // guardia and Esconderse: «No puede pivotar» — nor the actor whose action leaves it on
        // guard or hidden, but for the turn before a Guard or Hide (RULES.md, REACCIONES;
        // audit 21).
        let no_turn = std::mem::take(&mut self.activation.no_turn)
            || (self.ch(who).has(GUARD | HIDDEN) && !turn_first);
        if let Some(f) = face.filter(|_| !no_turn && movement::altitude::free_pivot(self, who)) {
            self.ch_mut(who).facing = f;
        }
        self.activation.actions = self.activation.actions.saturating_add(1);
        let c = self.ch(owner);
        // PSICOLOGÍA / Estrés: reaching stress = VOL ends the activation (the possessor's); an
        // ally on Órdenes ends its orders instead, and the giver goes on.
        let stop = (c.stress > stress_before && c.stress >= self.vol(owner)) || !self.able(owner);
        if stop && self.lead(who) != owner {
            self.activation.orders = None;
        } else if stop {
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
        // A hacked object's Hielo too: its holder decides (`mind_objects`).
        let duel = if fails {
            None
        } else {
            crate::actions::mind_objects::duel_after(self, who, &kind)
        };
        if let Some(defender) = duel {
            self.pending = Pending::MentalCombat {
                defender,
                hacker: who,
                stage: MindStage::Offer,
                chain,
            };
            return;
        }
        self.after_act(who, chain, log);
    }

    /// The end of an action of the active character `who`: the chain goes on, or the window
    /// after the action opens, or the activation continues.
    pub(crate) fn after_act(&mut self, who: CharIdx, chain: bool, log: &mut Log) {
        let owner = self.lead(who);
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
    pub(super) fn make_noise(&mut self, who: CharIdx, kind: &ActKind, moved: u8) {
        let radius = noise::action_noise(self, who, kind, moved);
        if radius > 0 && self.activation.noise.is_none_or(|n| radius >= n.radius) {
            let at = self.ch(who).pos;
            self.activation.noise = Some(Noise { at, radius });
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
            mode: crate::basics::action::ShotMode::Normal,
            special,
            free_bonus: 0,
            with: crate::actions::combat::With::Weapon,
        }
    }

    pub(super) fn resolve(
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
        // Fuego automático, a ráfagas, sostenido: only ranged attacks in a row make a run.
        if !matches!(kind, ActKind::Shoot { .. }) {
            self.note_run(who, None);
        }
        // Locura asesina: the one attack it owes is made.
        if let ActKind::Shoot { target, .. } | ActKind::Charge { target, .. } = kind {
            if self.ch(who).run.mad == target + 1 {
                self.ch_mut(who).run.mad = 0;
            }
        }
        match kind {
            ActKind::Move(p) | ActKind::Run(p) | ActKind::Sprint(p) | ActKind::Sneak(p) => {
                let mk = match kind {
                    ActKind::Move(_) => MoveKind::Move,
                    ActKind::Run(_) => MoveKind::Run,
                    ActKind::Sprint(_) => MoveKind::Sprint,
                    _ => MoveKind::Sneak,
                };
                self.move_walked(who, mk, p, ctx, log);
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
                let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI climb");
                if roll.pass {
                    let from = self.ch(who).pos;
                    self.move_to(who, p, 2, false, log);
                    if roll.critical {
                        self.critical_move(who, from, log);
                    }
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
                let hit = resolve_attack(self, d, log, a, ctx);
                self.note_run(who, Some((target, hit)));
            }
            ActKind::Area { weapon, at } => {
                if let Some(f) = Facing::towards(self.ch(who).pos, at) {
                    if matches!(self.pending, Pending::Act { actor } if actor == who) {
                        self.ch_mut(who).facing = f;
                    }
                }
                crate::actions::combat::resolve_area(self, d, log, who, weapon, at, ctx);
            }
            ActKind::AreaConcentrated { weapon, at } => {
                if let Some(f) = Facing::towards(self.ch(who).pos, at) {
                    if matches!(self.pending, Pending::Act { actor } if actor == who) {
                        self.ch_mut(who).facing = f;
                    }
                }
                crate::actions::combat::resolve_concentrated(self, d, log, who, weapon, at, ctx);
            }
            ActKind::Detonate { bomb } => crate::actions::combat::detonate_remote(self, who, bomb),
            ActKind::PetBonus(k) => crate::actions::pet::use_bonus(self, log, who, k),
            ActKind::Swarm { target } => self.swarm(who, target, ctx, d, log),
            ActKind::Heave { transport, target } => {
                crate::actions::heave::resolve(self, d, log, who, transport as usize, target, ctx)
            }
            ActKind::Telekinesis {
                meta,
                owner,
                weapon,
            } => crate::actions::meta_telekinesis::resolve(
                self, d, log, who, meta, owner, weapon, ctx,
            ),
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
                self.move_walked(who, MoveKind::Charge(target), to, ctx, log);
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
                let from = self.ch(who).pos;
                self.move_walked(who, MoveKind::Flee, p, ctx, log);
                // Huir (1, PSI): "CH PSI después de mover".
                if psyche(self, d, log, who, actor) == crate::psychology::Psyche::Critical {
                    self.critical_move(who, from, log);
                }
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
            ActKind::Heal { target, item } => match item {
                None => self.heal(who, target, ctx, d, log),
                Some(i) => crate::actions::repair::repair(self, d, log, who, target, i, ctx),
            },
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
            ActKind::Turn180(_)
            | ActKind::Swim(_)
            | ActKind::Jump(_)
            | ActKind::Carry { .. }
            | ActKind::CarryJoint { .. } => {
                self.resolve_movement_action(who, kind, ctx, d, log);
            }
            ActKind::Vertical { .. } => {
                self.resolve_vertical(who, kind, ctx, d, log);
            }
            ActKind::ChangeAltitude { .. } => {
                self.resolve_change_altitude(who, kind, ctx, d, log);
            }
            // Retros: it stays where it is; the action is the stop (its ENE is paid).
            ActKind::Hover => log.push(|| Event::Status {
                who,
                text: "stops in the air (Retros)",
            }),
            ActKind::Embark { .. } | ActKind::Disembark(_) => {
                self.resolve_boarding(who, kind, ctx, d, log);
            }
            ActKind::Drive { .. } | ActKind::PivotTransport(_) => {
                self.resolve_driving(who, kind, ctx, d, log);
            }
            ActKind::ShootTransport { .. } => {
                self.resolve_shoot_transport(who, kind, ctx, d, log);
            }
            ActKind::ShootMounted { .. } => {
                self.resolve_shoot_mounted(who, kind, ctx, d, log);
            }
            ActKind::Manoeuvre(_) => {
                self.resolve_manoeuvre(who, kind, ctx, d, log);
            }
            ActKind::SuperJump(_) => {
                self.resolve_super_jump(who, kind, ctx, d, log);
            }
            ActKind::MeleeTransport { .. } => {
                self.resolve_melee_transport(who, kind, ctx, d, log);
            }
            ActKind::RamTransport { .. } => {
                self.resolve_ram_transport(who, kind, ctx, d, log);
            }
            ActKind::Hack { target } => crate::actions::mind::hack(self, d, log, who, target, ctx),
            ActKind::HealStress { target } => {
                crate::actions::mind::heal_stress(self, d, log, who, target, ctx)
            }
            ActKind::CounterMagic => {
                let c = self.ch_mut(who);
                c.set(COUNTER_MAGIC, true);
                c.mark = actor.unwrap_or(who);
            }
            // Decisions of a Combate mental are routed to `mind::decide`, never resolved here.
            ActKind::MentalCombat { .. } => {}
            ActKind::Possess { target } => {
                crate::actions::mind::possess(self, d, log, who, target, ctx)
            }
            ActKind::Mark { target } => crate::actions::mind::mark(self, d, log, who, target, ctx),
            ActKind::HackObject { obj } => {
                crate::actions::mind_objects::hack_object(self, d, log, who, obj, ctx)
            }
            ActKind::PossessObject { obj, how } => {
                crate::actions::mind_objects::possess_object(self, d, log, who, obj, how, ctx)
            }
            ActKind::Meta { meta, target } => {
                crate::actions::meta::use_meta(self, d, log, who, meta, target, ctx)
            }
            ActKind::MetaArea { meta, at } => {
                if let Some(f) = Facing::towards(self.ch(who).pos, at) {
                    if matches!(self.pending, Pending::Act { actor } if actor == who) {
                        self.ch_mut(who).facing = f;
                    }
                }
                crate::actions::meta::use_meta_area(self, d, log, who, meta, at, ctx)
            }
            ActKind::PickUp { .. } | ActKind::Search { .. } | ActKind::Use { .. } => {
                self.resolve_items(who, kind, ctx, d, log);
            }
            ActKind::Door { element } => crate::actions::doors::toggle(self, log, who, element),
            ActKind::Draw { target } => {
                self.face(who, target);
                crate::actions::combat::duel(self, d, log, who, target, ctx);
            }
            ActKind::Ability { ability, target } => {
                crate::actions::abilities::resolve(self, d, log, who, ability, target, ctx)
            }
            ActKind::Cocktail { .. }
            | ActKind::Challenge { .. }
            | ActKind::Disappear(_)
            | ActKind::Invoke { .. }
            | ActKind::Decoy => {
                crate::actions::trait_marks::resolve(self, who, kind, ctx, d, log);
            }
        }
    }

    /// The melee weapon used for Empujar, Desarmar, Noquear, Inmovilizar and free attacks:
    /// the usable ALC 0 weapon with the highest DAÑ, else none (unarmed).
    pub(super) fn best_melee_weapon(&self, who: CharIdx) -> Option<u8> {
        (0..self.weapon_slots(who))
            .filter(|&w| self.weapon_usable(who, w) && self.weapon_def(who, w).range == 0)
            .max_by_key(|&w| (self.weapon_dmg(who, w), std::cmp::Reverse(w)))
    }

    /// Curar / Reparar (3, INT): pass −1 wound, critical −3, fail +1, fumble +3; also wakes a
    /// knocked-out ally ("hasta que le atienda un tercero").
    pub(super) fn heal(
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
            // Sin cura: «No puede recuperar heridas ni ser curado».
            let n = if self.st.chars[target as usize]
                .effects
                .contains(&Effect::NoHealing)
            {
                0
            } else if roll.critical {
                3
            } else {
                1
            };
            let c = self.ch_mut(target);
            c.wounds = c.wounds.saturating_sub(n);
            log.push(|| Event::Status {
                who: target,
                text: "is healed",
            });
        } else {
            let n = if roll.fumble { 3 } else { 1 };
            crate::actions::combat::add_wounds(self, d, log, target, n, None);
        }
    }
}
