//! SECUENCIA DE JUEGO: initiative (the VOL roll of each phase, the advantage), activations —
//! starting one, gaining its ENE, ending it — the end of a turn and the end of the game.

use crate::basics::action::CharIdx;
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::Side;
use crate::creation::effect::Effect;
use crate::psychology::{madness, madness_with, outnumbered, panic_exit, psyche};
use crate::scenario;
use crate::sequence::legal::{eligible, initiative_value};
use crate::state::*;

impl State {
    pub(super) fn do_initiative(&mut self, c: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        let side = self.side_of(c);
        self.init_pick[side.index()] = Some(c);
        if side == Side::A && self.picks_initiative(Side::B) {
            self.pending = Pending::Initiative { side: Side::B };
            return;
        }
        let value = |st: &State, s: Side| -> i16 {
            st.init_pick[s.index()]
                .map(|i| initiative_value(st, i))
                .unwrap_or(-100)
        };
        let (va, vb) = (value(self, Side::A), value(self, Side::B));
        // Ambiente hostil, Nivel de hostilidad variable: «las tiradas … se realizan antes de
        // comenzar cada turno» — before this turn's initiative dice.
        crate::environment::hostile::roll_turn(self, d, log);
        // Resurrección: «Cada turno, después de morir, lanza 1D10» — at the start of the turn.
        crate::actions::trait_actions::resurrections(self, d, log);
        // Ave Fénix: «Si muere, 1D10 …», each turn before its initiative.
        crate::actions::combat::phoenix(self, d, log);
        // Turrets fire by themselves at the start of the turn (RULES.md, "Doors and turrets").
        if !self.st.elements.is_empty() {
            crate::actions::combat::turrets_fire(self, d, log);
        }
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
        if scenario::scoring::annihilated(self, Side::A)
            || scenario::scoring::annihilated(self, Side::B)
        {
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

    pub(super) fn end_turn(&mut self, log: &mut Log) {
        let objectives = self.st.scenario.objectives.clone();
        for o in &objectives {
            if let Some(s) = scenario::scoring::holder(self, o) {
                self.objective_points[s.index()] += o.points;
            }
        }
        crate::actions::mind_objects::score_elements(self);
        if self.turn >= self.st.scenario.turn_limit {
            self.game_over(log);
            return;
        }
        self.turn += 1;
        self.runs_at_turn_end();
        // Humo lasts until the start of its maker's next activation (RULES.md); a maker that
        // can no longer act (a casualty: dead, incapacitated, knocked out …) has none this turn brings, so its
        // smoke clears as the turn ends — audit 30b: it stood over its corpse for the rest of
        // the game.
        for i in 0..self.chars.len() {
            if self.chars[i].tbits & SMOKING != 0 && !self.able(i as CharIdx) {
                self.chars[i].tbits &= !SMOKING;
            }
        }
        for c in self.chars.iter_mut() {
            c.set(ACTED | SPRINTED | FAST | ENERGISED | WAITING, false);
            c.moved = 0;
            c.looted = 0;
            c.tbits &= !ORDERS_GIVEN;
            crate::actions::meta::at_turn_end(c);
        }
        // A transport that did not move this turn stops: its ENE is paid again to start it
        // (OPEN_READINGS A22 (a), «until it stops»; RULES.md, Transportes).
        for t in self.transports.iter_mut() {
            t.started &= t.moved > 0;
            t.moved = 0;
            t.manoeuvred = false;
        }
        // Maná: «Otorga cada principio de turno tanta ENE como N» (what is left is lost).
        for i in 0..self.chars.len() {
            let n = crate::state::trait_states::mana_of(&self.st.chars[i]);
            self.chars[i].mana = n;
        }
        self.init_pick = [None, None];
        let t = self.turn;
        log.push(|| Event::Turn(t));
        self.pending = Pending::Initiative { side: Side::A };
        if !self.picks_initiative(Side::A) {
            self.pending = Pending::Initiative { side: Side::B };
        }
    }

    /// Whether `side` picks a character for this turn's initiative roll: it is not annihilated
    /// and one of the characters on its side now rolls («Pj vivos sobre el escenario»). A side
    /// whose only able characters an enemy possesses (Poseer, a corpse raised by Magia:
    /// resucitar — on the possessor's side, RULES.md "audit 20") has nobody to roll: the other
    /// side rolls alone (before, the game waited on a pick with no legal action: campaign
    /// 2610). One of the two sides always picks: an able character is on some side.
    fn picks_initiative(&self, side: Side) -> bool {
        !scenario::scoring::annihilated(self, side)
            && self.indices().any(|i| {
                self.side_of(i) == side && crate::sequence::legal::rolls_initiative(self, i)
            })
    }

    pub(super) fn game_over(&mut self, log: &mut Log) {
        self.pending = Pending::GameOver;
        let scores = [
            scenario::scoring::score(self, Side::A),
            scenario::scoring::score(self, Side::B),
        ];
        log.push(|| Event::GameOver { scores });
    }

    // ----- activation -----

    pub(super) fn start_activation(&mut self, who: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        self.activation = Activation::default();
        let info_con = self.info(who).con as i8;
        let info_agi = self.info(who).agi as i8;
        let mut aura: i8 = 0;
        let p = self.ch(who).pos;
        let side = self.side_of(who);
        for j in self.indices() {
            if j != who && self.side_of(j) == side && self.gives_auras(j) {
                for e in &self.info(j).auras {
                    if let Effect::AlliesEneAtStart(k) = e {
                        if self.ch(j).pos.dist(p) <= *k {
                            aura += 1;
                        }
                    }
                }
            }
        }
        // Hálito de hambre: «Enemigos a 5K ENE -1».
        aura += self.ene_at_start_aura(who);
        let c = self.ch_mut(who);
        if !c.has(ENERGISED) {
            // ENERGÍA / Inicio actuación: + CON + AGI − heridas, hasta un máx. de 10.
            let gain = info_con + info_agi - c.wounds as i8 + aura;
            c.ene = (c.ene as i16 + gain.max(0) as i16).clamp(ENE_MIN as i16, ENE_MAX as i16) as i8;
            c.set(ENERGISED, true);
        }
        c.set(WAITING | COUNTERCHARGE | DODGE | COUNTER_MAGIC, false);
        let ene = c.ene;
        crate::actions::meta::at_activation_start(self, who);
        self.trait_states_at_start(who);
        crate::actions::trait_marks::at_activation_start(self, who, d, log);
        self.runs_at_activation_start(who);
        crate::actions::abilities_death::doom_at_start(self, who);
        // Inmovilizar, «hasta el comienzo de la actuación de este»: a holder out of the fight
        // (a casualty, knocked out) holds nobody — the activation the hold lasts until never
        // comes; the victim is free when its own begins (audit 23: it stayed held for good).
        let holder = self.ch(who).held_by;
        if self.ch(who).has(IMMOBILISED) && !self.able(holder) {
            self.ch_mut(who).set(IMMOBILISED, false);
        }
        for j in 0..self.chars.len() {
            let cj = &mut self.chars[j];
            // Atar outlasts it: TIED stays until Desatarse.
            if cj.has(IMMOBILISED) && cj.held_by == who {
                cj.set(IMMOBILISED, false);
            }
        }
        log.push(|| Event::Activation { who, ene });
        self.pending = Pending::Act { actor: who };
        // Área permanente, Munición radiactiva: a lasting area hits who begins inside it.
        if !self.lasting.is_empty() {
            crate::actions::combat::lasting_at_start(self, d, log, who);
        }
        // Munición incendiaria: «Al principio de la actuación, impacto de DAÑ 1».
        if self.ch(who).tbits & BURNING != 0 {
            crate::actions::trait_actions::burn(self, d, log, who);
        }
        self.dread(who, d, log);
        self.killing_madness(who, d, log);
        if self.ch(who).has(PANIC) && self.able(who) {
            panic_exit(self, d, log, who);
        }
        // Gallina: «Huye de CaC si su bando es inferior» — as a panicked character flees (after
        // the panic exit check, which would end it at once).
        if self.able(who)
            && self.chicken(who, |e| crate::actions::combat::superiority(self, e, who))
        {
            self.ch_mut(who).set(PANIC, true);
            log.push(|| Event::Status {
                who,
                text: "flees the melee (Gallina)",
            });
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

    /// Gran demonio: «Enemigos a tantos K como VOL: CH PSI. Si falla: CH LOC -2» — at the start
    /// of the activation of each enemy within reach (RULES.md), one CH PSI per demon.
    fn dread(&mut self, who: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        if !self.st.any_auras {
            return;
        }
        let p = self.ch(who).pos;
        let side = self.side_of(who);
        let demons: smallvec::SmallVec<[(CharIdx, i8); 2]> = self
            .indices()
            .filter(|&j| self.side_of(j) != side && self.gives_auras(j))
            .filter_map(|j| {
                self.info(j).auras.iter().find_map(|e| match *e {
                    Effect::DreadAura { loc, vol_times }
                        if self.ch(j).pos.dist(p) <= self.vol(j).saturating_mul(vol_times) =>
                    {
                        Some((j, loc))
                    }
                    _ => None,
                })
            })
            .collect();
        for (j, k) in demons {
            if self.able(who) && !psyche(self, d, log, who, Some(j)).passed() && self.able(who) {
                madness_with(self, d, log, who, Some(j), k);
            }
        }
    }

    /// Locura asesina: not in melee, the % chance that this activation must attack the nearest
    /// mini (friend or foe; the first in index order on a tie): `run.mad` names it; the legal
    /// actions keep the attacks on it while there are any (`legal::actor_actions`).
    fn killing_madness(&mut self, who: CharIdx, d: &mut dyn DiceSource, log: &mut Log) {
        self.ch_mut(who).run.mad = 0;
        let Some(p) = self.info(who).effects.iter().find_map(|e| match e {
            Effect::KillingMadness(p) => Some(*p),
            _ => None,
        }) else {
            return;
        };
        if !self.able(who) || self.engaged(who) || !crate::basics::dice::chance(d, p) {
            return;
        }
        let at = self.ch(who).pos;
        let nearest = self
            .indices()
            .filter(|&j| j != who && self.able(j))
            .min_by_key(|&j| (self.ch(j).pos.dist(at), j));
        if let Some(j) = nearest {
            self.ch_mut(who).run.mad = j + 1;
            log.push(|| Event::Status {
                who,
                text: "is seized by killing madness",
            });
        }
    }

    /// Enfermo terminal: «+1 herida tras cada actuación» — no CH DEF (an illness, not an
    /// attack) and no CH PSI.
    fn wounds_after_activation(&mut self, who: CharIdx, log: &mut Log) {
        let n: u8 = self
            .info(who)
            .effects
            .iter()
            .map(|e| match e {
                Effect::WoundsAfterActivation(k) => *k,
                _ => 0,
            })
            .sum::<u8>()
            + crate::actions::items::overdose_wounds(self, who);
        if n == 0 || self.dead(who) {
            return;
        }
        let total = self.gain_wounds(who, n);
        log.push(|| Event::Wounds {
            who,
            amount: n,
            total,
        });
    }

    pub(super) fn end_activation(&mut self, who: CharIdx, log: &mut Log) {
        self.wounds_after_activation(who, log);
        crate::actions::abilities_death::doom_at_end(self, who, log);
        // Ira: the bonus lasts one activation.
        self.ch_mut(who).run.bits &= !RUN_WRATH;
        crate::actions::mind::release(self, who, log);
        crate::actions::meta::at_activation_end(self, who);
        self.trait_states_at_end(who);
        crate::actions::trait_marks::at_activation_end(self, who);
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
            // Esprintar as a reaction: «Una vez por actuación» counts the activation it answers
            // (RULES.md, REACCIONES).
            c.set(BULLET_TIME | SPRINT_USED, false);
            // A Contramagia against this activation's action lapses with it (the action may
            // have been cancelled before it resolved).
            if c.has(COUNTER_MAGIC) && c.mark == who {
                c.set(COUNTER_MAGIC, false);
            }
        }
        self.activation = Activation::default();
        self.arm_bombs();
        self.to_move = self.side_of(who).other();
        log.push(|| Event::Status {
            who,
            text: "ends its activation",
        });
        self.next_activation(log);
    }

    pub(super) fn continue_activation(&mut self, actor: CharIdx, log: &mut Log) {
        // An action of a possessed character belongs to its possessor's activation; one of an
        // ally on Órdenes to the giver's. An ally out of the fight acts on them no more.
        let actor = self.lead(actor);
        if self
            .activation
            .orders
            .is_some_and(|(ally, _)| !self.able(ally))
        {
            self.activation.orders = None;
        }
        // Annihilation ends the game at once (RULES.md, Scenario): `next_activation` sees it.
        let annihilation = scenario::scoring::annihilated(self, Side::A)
            || scenario::scoring::annihilated(self, Side::B);
        // The window of the last action (if any) is closed: its noise is spent.
        self.activation.noise = None;
        if self.activation.ending || !self.able(actor) || annihilation {
            self.end_activation(actor, log);
        } else {
            self.pending = Pending::Act { actor };
        }
    }
}
