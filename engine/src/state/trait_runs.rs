//! BONUS Y MALUS in play that keep state between actions (issue 16, share B): shields of levels
//! (Escudo coriáceo, Escudo de energía [avanzado], Anulador de escudo), the runs of consecutive
//! ranged attacks (Fuego automático, a ráfagas, sostenido), Ira's next activation, Arma de
//! carga's DEF, Energía vital, the charge distance of Berserker and Grito berserker, and the uses
//! of Cargas. What they keep lives in [`CharState::run`]; every hook reads effect kinds resolved
//! at setup, never a trait's name, and returns at once for a character without them.

#[allow(unused_imports)]
use super::*;
use crate::creation::effect::{Stance, StreakKind};
use crate::state::modifiers::scope_matches;

impl State {
    /// The shield of `who` (its first shield trait): `(def, recover, levels)`; see
    /// [`Effect::Shield`].
    pub fn shield(&self, who: CharIdx) -> Option<(u8, u8, u8)> {
        self.info(who).effects.iter().find_map(|e| match *e {
            Effect::Shield {
                def,
                recover,
                levels,
            } => Some((def, recover, levels)),
            _ => None,
        })
    }

    /// Shield levels `who` has left (0 without a shield).
    pub fn shield_left(&self, who: CharIdx) -> u8 {
        self.shield(who).map_or(0, |(_, _, l)| {
            l.saturating_sub(self.ch(who).run.shield_lost)
        })
    }

    /// One shield level of `who` is lost (a failed shield CH DEF, Anulador de escudo).
    pub fn lose_shield_level(&mut self, who: CharIdx) {
        if self.shield_left(who) > 0 {
            self.ch_mut(who).run.shield_lost += 1;
        }
    }

    /// Escudo coriáceo: «Antes de sufrir heridas tiene que perder niveles de este bonus» — of
    /// `n` wounds, those a shield that absorbs (DEF 0) takes; the levels are spent. Returns the
    /// wounds left.
    pub fn absorb_wounds(&mut self, who: CharIdx, n: u8) -> u8 {
        match self.shield(who) {
            Some((0, _, _)) => {
                let took = n.min(self.shield_left(who));
                self.ch_mut(who).run.shield_lost += took;
                n - took
            }
            _ => n,
        }
    }

    /// `n` wounds for `who` with nothing else (no CH DEF, luck, shield nor CH PSI): up to CON + 1,
    /// dead. Returns its wounds.
    pub fn gain_wounds(&mut self, who: CharIdx, n: u8) -> u8 {
        let con = self.info(who).con;
        let c = self.ch_mut(who);
        c.wounds = c.wounds.saturating_add(n).min(con + 1);
        c.wounds
    }

    /// Extra charge distance of `who`: Berserker («Distancia de carga +2 si así llega a CaC»,
    /// and a charge always ends in contact) and Grito berserker («Aliados a 5K, distancia carga
    /// +2») of allies within reach. The bonuses do not add up: the largest counts.
    pub fn charge_reach(&self, who: CharIdx) -> u8 {
        // The holder's own, folded at setup (`QuickFx`).
        let k = self.info(who).quick.charge_k;
        // Grito berserker of able allies within reach (`trait_states::ally_aura_max`).
        let aura = || {
            self.ally_aura_max(who, |e, dist| match *e {
                Effect::ChargeReach {
                    who: crate::creation::effect::Who::AlliesWithin(r),
                    k: x,
                } if dist <= r => x,
                _ => 0,
            })
        };
        // Nobody has the aura in most games: no ally's auras read (PERFORMANCE.md, "Eighteenth
        // session"; debug builds compare).
        if !self.st.any_charge_aura {
            debug_assert_eq!(aura(), 0, "a Grito berserker aura nobody was said to have");
            return k;
        }
        k.max(aura())
    }

    /// The streak kinds of an attack with `weapon` of `who` (its weapon's and its own).
    fn streaks(&self, who: CharIdx, weapon: Option<u8>) -> (bool, bool, bool) {
        let (mut auto, mut burst, mut sustained) = (false, false, false);
        for e in self.fx_with_weapon(who, weapon) {
            match e {
                Effect::Streak(StreakKind::AutoFire) => auto = true,
                Effect::Streak(StreakKind::Burst) => burst = true,
                Effect::Streak(StreakKind::Sustained) => sustained = true,
                _ => {}
            }
        }
        (auto, burst, sustained)
    }

    /// CH IMP change of an attack from the runs: Ira («su siguiente actuación CH IMP … +1 en
    /// combate CaC») and Fuego automático («CH IMP -1 … cada ataque a distancia consecutivo»:
    /// −1 for each ranged attack made just before in this activation).
    pub fn run_hit_mod(&self, who: CharIdx, weapon: Option<u8>, scope: Scope) -> i8 {
        let run = self.ch(who).run;
        let mut m: i8 = 0;
        if run.bits & RUN_WRATH != 0 && scope_matches(Scope::Melee, scope) {
            m += self.wrath(who, weapon);
        }
        if run.shots > 0 && scope == Scope::Ranged && self.streaks(who, weapon).0 {
            m -= run.shots.min(10) as i8;
        }
        m
    }

    /// Ira's bonus of `who` attacking with `weapon`: its own Ira's and the weapon's (a
    /// weapon's traits act when it is used; audit 30c: a weapon's Ira did nothing).
    fn wrath(&self, who: CharIdx, weapon: Option<u8>) -> i8 {
        self.fx_with_weapon(who, weapon)
            .map(|e| match e {
                Effect::WrathWhenWounded(k) => *k,
                _ => 0,
            })
            .sum()
    }

    /// DAÑ change of an attack of `who` on `target` from the runs and the holder's state: Ira in
    /// melee, Energía vital (+ its wounds), Fuego sostenido (+1 per hit just before on the same
    /// target; `None`, a transport, is no such target).
    pub fn run_damage_mod(
        &self,
        who: CharIdx,
        weapon: Option<u8>,
        target: Option<CharIdx>,
        scope: Scope,
    ) -> i16 {
        let c = self.ch(who);
        let mut d: i16 = 0;
        if c.run.bits & RUN_WRATH != 0 && scope_matches(Scope::Melee, scope) {
            d += self.wrath(who, weapon) as i16;
        }
        if c.run.stance != 0 && scope_matches(Scope::Melee, scope) {
            d += self.stance_dmg(who, weapon);
        }
        // Energía vital: the character's or the weapon's it strikes with (a weapon's traits act
        // when it is used; audit 29a: the weapon's was not read); one X, however many carry it.
        if c.wounds > 0
            && self
                .fx_with_weapon(who, weapon)
                .any(|e| matches!(*e, Effect::DamagePerOwnWound(s) if scope_matches(s, scope)))
        {
            d += c.wounds as i16;
        }
        if c.run.hits > 0
            && scope == Scope::Ranged
            && target.is_some_and(|t| c.run.on == t + 1)
            && self.streaks(who, weapon).2
        {
            d += c.run.hits as i16;
        }
        d
    }

    /// ENE change of a ranged attack of `who` with `weapon` on `target` from the runs: Fuego
    /// automático (−1 per ranged attack just before) and Fuego a ráfagas (−1 once three
    /// attacks in a row went to this target). The caller keeps the minimum of 1.
    pub fn run_ene_mod(&self, who: CharIdx, weapon: u8, target: CharIdx) -> i8 {
        let run = self.ch(who).run;
        if run.shots == 0 {
            return 0;
        }
        let (auto, burst, _) = self.streaks(who, Some(weapon));
        let mut m: i8 = 0;
        if auto {
            m -= run.shots.min(10) as i8;
        }
        if burst && run.on == target + 1 && run.same >= 3 {
            m -= 1;
        }
        m
    }

    /// Records an action of `who` in its runs: a ranged attack on `target` that hit or not
    /// extends them; any other action ends them («consecutivo»).
    pub fn note_run(&mut self, who: CharIdx, shot: Option<(CharIdx, bool)>) {
        let r = &mut self.ch_mut(who).run;
        match shot {
            Some((t, hit)) => {
                r.shots = r.shots.saturating_add(1);
                if r.on == t + 1 {
                    r.same = r.same.saturating_add(1);
                } else {
                    r.on = t + 1;
                    r.same = 1;
                    r.hits = 0;
                }
                r.hits = if hit { r.hits.saturating_add(1) } else { 0 };
            }
            None => {
                if r.shots | r.on != 0 {
                    (r.shots, r.same, r.on, r.hits) = (0, 0, 0, 0);
                }
            }
        }
    }

    /// Arma de carga: the DEF change of `who` after charging with such a weapon, while it is
    /// still in melee («DEF -2 hasta el final del combate»).
    pub fn run_def_mod(&self, who: CharIdx) -> i16 {
        if self.ch(who).run.bits & RUN_CHARGE_DEF == 0 || !self.engaged(who) {
            return 0;
        }
        (0..self.weapon_slots(who))
            .flat_map(|w| self.weapon_fx(who, w).iter())
            .map(|e| match e {
                Effect::DefAfterCharge(k) => *k as i16,
                _ => 0,
            })
            .min()
            .unwrap_or(0)
    }

    /// The runs at the start of an activation of `who`: the runs of attacks start again, Ira's
    /// mark becomes its bonus, Arma de carga's DEF ends out of melee.
    pub fn runs_at_activation_start(&mut self, who: CharIdx) {
        let engaged = self.engaged(who);
        let r = &mut self.ch_mut(who).run;
        (r.shots, r.same, r.on, r.hits) = (0, 0, 0, 0);
        r.stance = 0;
        if r.bits & RUN_WRATH_NEXT != 0 {
            r.bits = (r.bits & !RUN_WRATH_NEXT) | RUN_WRATH;
        }
        if !engaged {
            r.bits &= !RUN_CHARGE_DEF;
        }
    }

    /// Cargas: whether weapon `w` of `who` has uses left.
    pub fn charges_left(&self, who: CharIdx, w: u8) -> bool {
        let n = self.weapon_fx(who, w).iter().find_map(|e| match e {
            Effect::Charges(n) => Some(*n),
            _ => None,
        });
        match n {
            None => true,
            // A mounted weapon's uses are its transport's (audit 29b); any other weapon's are
            // kept by its owner, as its wear and rounds are (audit 30c: a carried item's were
            // counted under its holder's slot — full again in another's hands, and shifted to
            // another item when an earlier one was let go).
            Some(n) => match crate::basics::action::mounted_of(w) {
                Some((t, g)) => self.transports[t as usize].gun_uses[g as usize] < n,
                None => self.weapon_ref(who, w).is_none_or(|(o, ow)| {
                    self.ch(o)
                        .run
                        .charges
                        .get(ow as usize)
                        .is_none_or(|&used| used < n)
                }),
            },
        }
    }

    /// Arma de campaña: whether weapon `w` of `who` may fire — not when it is a field weapon and
    /// another field weapon of `who` already fired.
    /// A mounted weapon: another field weapon of its transport (audit 29b).
    pub fn field_weapon_free(&self, who: CharIdx, w: u8) -> bool {
        let (fired, k) = match crate::basics::action::mounted_of(w) {
            Some((t, g)) => (self.transports[t as usize].field_fired, g),
            None => (self.ch(who).run.bits >> RUN_FIELD_SHIFT, w),
        };
        fired == 0
            || fired == k + 1
            || !self
                .weapon_fx(who, w)
                .iter()
                .any(|e| matches!(e, Effect::FieldWeapon))
    }

    /// Arma de campaña: weapon `w` of `who` fired.
    pub fn note_field_weapon(&mut self, who: CharIdx, w: u8) {
        if let Some((t, g)) = crate::basics::action::mounted_of(w) {
            let field = self
                .weapon_fx(who, w)
                .iter()
                .any(|e| matches!(e, Effect::FieldWeapon));
            let tr = &mut self.transports[t as usize];
            if field && tr.field_fired == 0 {
                tr.field_fired = g + 1;
            }
            return;
        }
        if w < 7
            && self
                .weapon_fx(who, w)
                .iter()
                .any(|e| matches!(e, Effect::FieldWeapon))
        {
            let r = &mut self.ch_mut(who).run;
            if r.bits >> RUN_FIELD_SHIFT == 0 {
                r.bits |= (w + 1) << RUN_FIELD_SHIFT;
            }
        }
    }

    /// Fortuna: whether `who` ignores these wounds (the first of the turn), spending it.
    pub fn fortune(&mut self, who: CharIdx) -> bool {
        if self.ch(who).run.bits & RUN_FORTUNE != 0
            || !self.info(who).effects.contains(&Effect::Fortune)
        {
            return false;
        }
        self.ch_mut(who).run.bits |= RUN_FORTUNE;
        true
    }

    /// The end of a turn for the runs: Fortuna comes back (a use the turn left unspent first
    /// heals a wound); Héroe, incapacitated and not dead, loses a wound.
    pub fn runs_at_turn_end(&mut self) {
        for i in 0..self.chars.len() as CharIdx {
            // Fortuna, «recuperar 1 herida» (audit 22): the turn's use, unspent as the turn
            // ends, would be lost — taken then, it costs nothing (RULES.md, Fortuna).
            let fx = &self.info(i).effects;
            if self.ch(i).run.bits & RUN_FORTUNE == 0
                && self.ch(i).wounds > 0
                && !self.dead(i)
                && fx.contains(&Effect::Fortune)
                && !fx.contains(&Effect::NoHealing)
                // Back on its feet only where no base stands now (as Héroe below).
                && (!self.incapacitated(i) || self.may_rise(i))
            {
                self.ch_mut(i).wounds -= 1;
            }
            self.ch_mut(i).run.bits &= !RUN_FORTUNE;
            // Héroe's «-1 herida» is a wound recovered: not under Sin cura (audit 23).
            if self.incapacitated(i)
                && !self.dead(i)
                && self.info(i).effects.contains(&Effect::Hero)
                && !self.info(i).effects.contains(&Effect::NoHealing)
                && self.may_rise(i)
            {
                self.ch_mut(i).wounds -= 1;
            }
        }
    }

    /// Whether casualty `i` may come back on its square (Héroe, Resurrección, Ave Fénix): no
    /// able base and no transport stands there now — casualties are off the table, so another
    /// base may have taken it. While it is taken the character stays down (RULES.md, "Traits in
    /// play": rising on a taken square).
    pub fn may_rise(&self, i: CharIdx) -> bool {
        // A body Eliminar removed is off the table: it never comes back.
        if self.ch(i).has(REMOVED) {
            return false;
        }
        let p = self.ch(i).pos;
        let aboard = self.aboard(i).is_some();
        !self
            .indices()
            .any(|j| j != i && self.able(j) && self.ch(j).pos == p && !aboard)
            && (aboard || self.transport_at(p).is_none())
    }

    /// Gallina: whether `who`, engaged, faces an enemy in contact with numerical superiority
    /// (`superior`: the rule of Por superioridad numérica, from `actions::combat`). Not a
    /// character that never panics (Fanático: «Nunca huirá ni entrará en pánico»; audit 24).
    pub fn chicken(&self, who: CharIdx, superior: impl Fn(CharIdx) -> bool) -> bool {
        let info = self.info(who);
        info.effects.contains(&Effect::FleesOutnumbered)
            && !info.effects.contains(&Effect::NeverPanic)
            && self.engaged_with(who).into_iter().any(superior)
    }

    /// The stances `who` may take: its own traits' and its own weapons'.
    fn stances(&self, who: CharIdx) -> impl Iterator<Item = (Option<u8>, Stance)> + '_ {
        let info = self.info(who);
        let own = info.effects.iter().map(|e| (None, e));
        let weapons = (0..info.weapon_effects.len() as u8).flat_map(move |w| {
            info.weapon_effects[w as usize]
                .iter()
                .map(move |e| (Some(w), e))
        });
        own.chain(weapons).filter_map(|(w, e)| match e {
            Effect::Stance(s) => Some((w, *s)),
            _ => None,
        })
    }

    /// Whether `who` may take a stance now (it has one and has not taken it).
    pub fn has_stance(&self, who: CharIdx) -> bool {
        self.ch(who).run.stance == 0 && self.stances(who).next().is_some()
    }

    /// Takes the stance of `who`; returns the wounds it costs (Fuego en las venas).
    pub fn take_stance(&mut self, who: CharIdx) -> u8 {
        let (mut wounds, mut once) = (0u8, false);
        for (_, s) in self.stances(who) {
            wounds = wounds.saturating_add(s.wounds);
            once |= s.once && s.dmg != 0;
        }
        self.ch_mut(who).run.stance = STANCE_ON | if once { STANCE_DMG } else { 0 };
        wounds
    }

    /// The stance of `who` while taken: its DAÑ in melee with `weapon`, its DEF (`None` when
    /// DEF is 0), its extra kliks of movement.
    fn stance_dmg(&self, who: CharIdx, weapon: Option<u8>) -> i16 {
        let flags = self.ch(who).run.stance;
        self.stances(who)
            .filter(|(w, s)| (w.is_none() || *w == weapon) && (!s.once || flags & STANCE_DMG != 0))
            .map(|(_, s)| s.dmg as i16)
            .sum()
    }

    /// DEF change of the stance of `who` (Empuñadura larga −1; Frenesí: DEF 0, as −1000).
    pub fn stance_def(&self, who: CharIdx) -> i16 {
        if self.ch(who).run.stance == 0 {
            return 0;
        }
        self.stances(who)
            .map(|(_, s)| if s.def_zero { -1000 } else { s.def as i16 })
            .sum::<i16>()
            .max(-1000)
    }

    /// Extra kliks of every movement action of `who` from its stance (Fuego en las venas).
    /// Inlined for its first test (no stance taken: most characters, and `max_steps` asks it
    /// of every movement kind); the stances are read out of line (PERFORMANCE.md,
    /// "Twenty-second session").
    #[inline]
    pub fn stance_move(&self, who: CharIdx) -> u8 {
        if self.ch(who).run.stance == 0 {
            return 0;
        }
        self.stance_move_taken(who)
    }

    /// [`State::stance_move`] of a character with a stance taken.
    #[inline(never)]
    fn stance_move_taken(&self, who: CharIdx) -> u8 {
        self.stances(who).map(|(_, s)| s.move_k).max().unwrap_or(0)
    }

    /// Whether weapon `w` of `who` shoots long (Fuego a larga: «ALCx2 y ENEx2») now.
    #[inline]
    pub fn long_shot(&self, who: CharIdx, w: u8) -> bool {
        self.ch(who).run.stance != 0
            && self
                .weapon_fx(who, w)
                .iter()
                .any(|e| matches!(e, Effect::Stance(s) if s.long_shot))
    }

    /// Frenesí's once-only DAÑ is spent by a melee attack that hit.
    pub fn stance_hit(&mut self, who: CharIdx) {
        self.ch_mut(who).run.stance &= !STANCE_DMG;
    }

    /// Cargas: one use of weapon `w` of `who` is spent.
    pub fn spend_charge(&mut self, who: CharIdx, w: u8) {
        if self
            .weapon_fx(who, w)
            .iter()
            .any(|e| matches!(e, Effect::Charges(_)))
        {
            if let Some((t, g)) = crate::basics::action::mounted_of(w) {
                let u = &mut self.transports[t as usize].gun_uses[g as usize];
                *u = u.saturating_add(1);
                return;
            }
            // Its owner keeps the count (`charges_left`).
            if let Some((o, ow)) = self.weapon_ref(who, w) {
                if let Some(u) = self.ch_mut(o).run.charges.get_mut(ow as usize) {
                    *u = u.saturating_add(1);
                }
            }
        }
    }
}
