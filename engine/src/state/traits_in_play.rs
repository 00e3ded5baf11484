//! BONUS Y MALUS in play, the hooks added with the rest of the catalogue (issue 16): the luck of
//! a check (Sin suerte, Dios de …), attributes halved by an Anulador, Borracho's drift, and the
//! auras that reach others' ENE, weapons, DAÑ and the attacks on allies (Hálito de hambre, Grito
//! de …). Each reads effects resolved at setup (`CharStatic::effects` / `auras`), never a
//! trait's name.

#[allow(unused_imports)]
use super::*;
use crate::basics::check::CheckRule;
use crate::creation::effect::Versus;
use crate::state::modifiers::{check_matches, scope_matches};

impl State {
    /// The parts of a check's rule that come from the luck of `who` for checks of `kind`:
    /// Sin suerte's fumble range, Dios de …'s criticals, Sin dientes' none (the rest default).
    pub fn luck_rule(&self, who: CharIdx, kind: CheckKind) -> CheckRule {
        let mut rule = CheckRule::default();
        for e in self.info(who).effects.iter() {
            match *e {
                Effect::FumbleFrom(k) => rule.fumble_min = rule.fumble_min.min(k),
                // Sin dientes on the character (race, protection, object), «No puede hacer
                // críticos» — no check named, so none of its checks: a 1 on its CH DEF is a plain
                // pass (no 0 wounds, no hit back in CaC, Pinchos' neither), on its CH PSI no
                // CH ATR +1, as on its CH IMP (`combat::crit_max`). Audit 27b: it reached the
                // CH IMP only. Dios de …'s «con un crítico» (below) names its check and stands.
                Effect::NoCritical => rule.crit_max = 0,
                Effect::CriticalPass { check } if check_matches(check, kind) => {
                    rule.crit_any = true
                }
                _ => {}
            }
        }
        rule
    }

    /// Every able character `j` (other than `who`) whose auras reach `who`, with the aura's
    /// effects: `f(effect, j, whether j is an ally of who, distance)`.
    pub(super) fn for_auras(&self, who: CharIdx, mut f: impl FnMut(&Effect, CharIdx, bool, u8)) {
        if !self.st.any_auras {
            return;
        }
        let p = self.ch(who).pos;
        let side = self.side_of(who);
        for j in self.indices() {
            if j == who || !self.gives_auras(j) {
                continue;
            }
            let ally = self.side_of(j) == side;
            let d = self.ch(j).pos.dist(p);
            for e in &self.info(j).auras {
                f(e, j, ally, d);
            }
        }
    }

    /// Whether an aura's `Who` reaches a character that is an ally (or not) at distance `d`.
    pub(super) fn reaches(w: Who, ally: bool, d: u8) -> bool {
        match w {
            Who::AlliesWithin(k) => ally && d <= k,
            Who::EnemiesWithin(k) => !ally && d <= k,
            _ => false,
        }
    }

    /// Whether the attribute of `who` is halved for its checks (Anulador de …: «Enemigo a 2 K,
    /// AGI /2»).
    pub fn attr_halved(&self, who: CharIdx, stat: Stat) -> bool {
        let mut halved = false;
        self.for_auras(who, |e, _, ally, d| {
            if let Effect::HalveAttr { stat: s, who: w } = *e {
                halved |= s == stat && Self::reaches(w, ally, d);
            }
        });
        halved
    }

    /// Borracho: «Después del 3er turno, CH ATR -1 acumulativo cada turno» — turn 4 −1, turn 5
    /// −2 …
    pub fn drunk_mod(&self, who: CharIdx) -> i8 {
        self.info(who)
            .effects
            .iter()
            .map(|e| match *e {
                Effect::DrunkAfterTurn(t) => -(self.turn.saturating_sub(t).min(10) as i8),
                _ => 0,
            })
            .sum()
    }

    /// ENE change at the start of the activation of `who` from others' auras (Hálito de
    /// hambre).
    pub fn ene_at_start_aura(&self, who: CharIdx) -> i8 {
        let mut k: i8 = 0;
        self.for_auras(who, |e, _, ally, d| {
            if let Effect::EneAtStart { who: w, amount } = *e {
                if Self::reaches(w, ally, d) {
                    k = k.saturating_add(amount);
                }
            }
        });
        k
    }

    /// ENE change of the weapons of `who` from others' auras (Grito de maestría).
    pub fn weapon_ene_aura(&self, who: CharIdx) -> i16 {
        let mut k: i16 = 0;
        self.for_auras(who, |e, _, ally, d| {
            if let Effect::WeaponEneAura { who: w, amount } = *e {
                if Self::reaches(w, ally, d) {
                    k += amount as i16;
                }
            }
        });
        k
    }

    /// DAÑ change of the attacks of `who` in `scope` from others' auras (Grito de combate,
    /// Grito de muerte).
    /// `charging`: the attack is a charge's, in `scope` Melee since Contracarga denies its
    /// bonus — no «sin cargar» aura (Grito de muerte) then.
    pub fn damage_aura(&self, who: CharIdx, scope: Scope, charging: bool) -> i16 {
        let mut k: i16 = 0;
        self.for_auras(who, |e, _, ally, d| {
            if let Effect::DamageAura {
                who: w,
                scope: s,
                amount,
            } = *e
            {
                if Self::reaches(w, ally, d)
                    && scope_matches(s, scope)
                    && !(charging && s == Scope::MeleeNoCharge)
                {
                    k += amount as i16;
                }
            }
        });
        k
    }

    /// Check modifiers from the auras that guard allies (Grito de oscuridad: enemies attacking
    /// an ally of the holder within 5 K, CH IMP −1) or mark their targets (Grito de puntería:
    /// the ranged targets of allies within 5 K, CH DEF −1). `who` makes the check against
    /// `opponent`; `attacking`: whether the checker attacks.
    pub fn ally_aura_check_mod(
        &self,
        check: CheckKind,
        scope: Scope,
        opponent: CharIdx,
        attacking: bool,
    ) -> i8 {
        let mut k: i16 = 0;
        // The auras are the opponent's allies' (around the opponent).
        self.for_auras(opponent, |e, _, ally, d| {
            if let Effect::CheckMod {
                check: c,
                scope: s,
                who: w,
                amount,
            } = *e
            {
                let on = match w {
                    Who::AttackersOfAlliesWithin(r) => attacking && ally && d <= r,
                    Who::TargetsOfAlliesWithin(r) => !attacking && ally && d <= r,
                    _ => false,
                };
                if on && check_matches(c, check) && scope_matches(s, scope) {
                    k += amount as i16;
                }
            }
        });
        k.clamp(-10, 10) as i8
    }

    /// The effects of `who` with those of its weapon `weapon` (the weapon's first).
    pub fn fx_with_weapon(
        &self,
        who: CharIdx,
        weapon: Option<u8>,
    ) -> impl Iterator<Item = &Effect> {
        weapon
            .and_then(|w| self.has_weapon(who, w).then(|| self.weapon_fx(who, w)))
            .into_iter()
            .flatten()
            .chain(self.info(who).effects.iter())
    }

    /// Whether `who` bears an effect matching `f`: its own, or on a weapon in its hands (its own
    /// not let go of, an item it carries) — a trait whose subject is the bearer (Ira's «Si es
    /// herido») written on the weapon it holds.
    pub fn bears_effect(&self, who: CharIdx, f: impl Fn(&Effect) -> bool) -> bool {
        self.info(who).effects.iter().any(&f)
            || (0..self.weapon_slots(who))
                .any(|w| self.holds(who, w) && self.weapon_fx(who, w).iter().any(&f))
    }

    /// DAÑ changes of `attacker` (and its weapon) that depend on what the target is or where it
    /// stands: Matamuertos, Munición bendecida, Munición experimental.
    pub fn damage_vs(&self, attacker: CharIdx, weapon: Option<u8>, target: CharIdx) -> i16 {
        let mut d: i16 = 0;
        // Saikikku, Munición desestabilizadora («anulará sus bonus»): these + DAÑ stop with
        // the holder's other DAÑ bonuses (`own_damage_mod`; audit 29c: Matamuertos' + 2 and
        // Munición experimental's + 3 stayed); a malus (Munición de pulso's − 2) still acts.
        let stopped = self.suppressed(attacker);
        for e in self.fx_with_weapon(attacker, weapon) {
            match *e {
                Effect::DamageVs { amount, .. } | Effect::DamageWithinHalfRange(amount)
                    if stopped && amount > 0 => {}
                Effect::DamageVs { vs, amount } => {
                    let t = self.info(target);
                    let hit = match vs {
                        Versus::NotLiving => t.has_effect(|e| matches!(e, Effect::NotLiving)),
                        Versus::IntAtLeast(k) => t.int >= k,
                        Versus::Vulnerable => self.vulnerable(target),
                        Versus::NotVulnerable => !self.vulnerable(target),
                    };
                    if hit {
                        d += amount as i16;
                    }
                }
                Effect::DamageWithinHalfRange(k) => {
                    let range = weapon.map_or(0, |w| self.weapon_range(attacker, w));
                    let dist = self.ch(attacker).pos.dist(self.ch(target).pos);
                    // «a ALC/2»: within half the ALC, that half rounded as Redondeo says
                    // («para N'5 o más a N+1»: ALC 5 → 3 K).
                    if dist as u16 <= (range as u16).div_ceil(2) {
                        d += k as i16;
                    }
                }
                _ => {}
            }
        }
        d
    }

    /// The useful limbs of `who` («miembros útiles»): 2, plus Miembro extra, minus Sin
    /// miembro ([`Effect::Limbs`]), minus the arms lost to Miembros prescindibles.
    pub fn useful_limbs(&self, who: CharIdx) -> i8 {
        let traits: i8 = self
            .info(who)
            .effects
            .iter()
            .map(|e| match e {
                Effect::Limbs(k) => *k,
                _ => 0,
            })
            .sum();
        2 + traits - self.lost_arms(who)
    }

    /// Lucha con 2 armas: «CH IMP +1 en CaC con dos armas CaC» — while `who` holds two usable
    /// melee weapons (ALC 0) its useful limbs ([`State::useful_limbs`]) can wield together; an A 2 manos weapon takes 2 («Necesita 2 miembros
    /// útiles»), any other 1.
    pub fn two_weapons_bonus(&self, who: CharIdx) -> i8 {
        self.two_weapons_bonus_with(who, None)
    }

    /// [`State::two_weapons_bonus`] of an attack with `weapon`, whose own Lucha con 2 armas
    /// counts when another melee weapon pairs with it.
    pub fn two_weapons_bonus_with(&self, who: CharIdx, weapon: Option<u8>) -> i8 {
        let sum = |fx: &[Effect]| -> i8 {
            fx.iter()
                .map(|e| match e {
                    Effect::TwoWeaponsMelee(x) => *x,
                    _ => 0,
                })
                .sum()
        };
        let own = sum(&self.info(who).effects);
        // On a weapon (a weapon's traits act when it is used; audit 31b: it was never read):
        // the attack with that weapon, paired with another melee weapon.
        let carried = weapon
            .filter(|&w| self.has_weapon(who, w))
            .map_or(0, |w| sum(self.weapon_fx(who, w)));
        if own == 0 && carried == 0 {
            return 0;
        }
        let limbs = self.useful_limbs(who);
        // The limbs a usable melee weapon takes (A 2 manos 2, any other 1).
        let hands = |w: u8| {
            (self.weapon_usable(who, w) && self.weapon_range(who, w) == 0).then(|| {
                if self.weapon_fx(who, w).contains(&Effect::TwoHanded) {
                    2
                } else {
                    1
                }
            })
        };
        let mut k = 0;
        if own != 0 {
            let mut best = [i8::MAX; 2];
            for h in (0..self.weapon_slots(who)).filter_map(hands) {
                if h < best[1] {
                    best[1] = h;
                    best.sort_unstable();
                }
            }
            if best[1] <= 2 && best[0] + best[1] <= limbs {
                k += own;
            }
        }
        if let (true, Some(w)) = (carried != 0, weapon) {
            let other = (0..self.weapon_slots(who))
                .filter(|&v| v != w)
                .filter_map(hands)
                .min();
            if let (Some(hw), Some(hv)) = (hands(w), other) {
                if hw + hv <= limbs {
                    k += carried;
                }
            }
        }
        k
    }

    /// Whether an able ally of `who` with a leader's trait (Líder, Aura de obstinación,
    /// Presencia de honor) is within `k` K.
    fn leader_near(&self, who: CharIdx, k: u8) -> bool {
        let p = self.ch(who).pos;
        let side = self.side_of(who);
        self.indices().any(|j| {
            j != who
                && self.side_of(j) == side
                && self.gives_auras(j)
                && self.ch(j).pos.dist(p) <= k
                && self.info(j).effects.contains(&Effect::Leadership)
        })
    }

    /// The VOL `who` checks with: its own, or a Líder's within reach when higher («Comparte su
    /// nivel de VOL a 5K»).
    pub fn check_vol(&self, who: CharIdx) -> u8 {
        let mut v = self.vol(who);
        if !self.st.any_auras {
            return v;
        }
        let p = self.ch(who).pos;
        let side = self.side_of(who);
        for j in self.indices() {
            if j == who || self.side_of(j) != side || !self.gives_auras(j) {
                continue;
            }
            for e in &self.info(j).auras {
                if let Effect::ShareVol(k) = *e {
                    if self.ch(j).pos.dist(p) <= k {
                        v = v.max(self.vol(j));
                    }
                }
            }
        }
        v
    }

    /// Pusilánime: «ATR/2 sin un aliado a 10 K con bonus líder, aura de obstinación o presencia
    /// de honor».
    pub fn halved_without_leader(&self, who: CharIdx) -> bool {
        self.info(who).effects.iter().any(|e| match *e {
            Effect::HalvedWithoutLeader(k) => !self.leader_near(who, k),
            _ => false,
        })
    }

    /// Whether `who` must charge when it can: Ansia de sangre always, Animal interior without a
    /// leader near.
    pub fn must_charge(&self, who: CharIdx) -> bool {
        self.info(who).effects.iter().any(|e| match *e {
            Effect::MustCharge => true,
            Effect::MustChargeWithoutLeader(k) => !self.leader_near(who, k),
            _ => false,
        })
    }

    /// Whether `who` may shoot at `t` at all: Anónimo («Tampoco disparar si hay otro Pj a 3K»)
    /// on `t`, Miedo en las manos («Disparando debe elegir el más cercano») on `who`.
    pub fn may_shoot_at(&self, who: CharIdx, t: CharIdx) -> bool {
        let tp = self.ch(t).pos;
        for e in &self.info(t).effects {
            if let Effect::Anonymous(k) = *e {
                if self
                    .indices()
                    .any(|j| j != t && self.able(j) && self.ch(j).pos.dist(tp) <= k)
                {
                    return false;
                }
            }
        }
        // Miedo en las manos: «Disparando debe elegir el más cercano» — the nearest of those
        // it can choose: the enemies it sees (an unseen nearer one does not hold every shot
        // back; audit 24); seeing none, the nearest of all (its blind shots).
        if self.info(who).effects.contains(&Effect::NearestTargetOnly) {
            let p = self.ch(who).pos;
            let side = self.side_of(who);
            let enemies = || {
                self.indices()
                    .filter(move |&j| self.side_of(j) != side && self.able(j))
            };
            let seen = enemies()
                .filter(|&j| self.sight(who, j))
                .map(|j| self.ch(j).pos.dist(p))
                .min();
            let nearest = seen.or_else(|| enemies().map(|j| self.ch(j).pos.dist(p)).min());
            if nearest.is_some_and(|n| p.dist(tp) > n) {
                return false;
            }
        }
        true
    }

    /// Whether `t` may be charged (Anónimo: «No se le puede cargar a este personaje»).
    pub fn may_be_charged(&self, t: CharIdx) -> bool {
        !self
            .info(t)
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Anonymous(_)))
    }

    /// The shortest distance a weapon shoots at (Campo ciego: «no puede disparar en los 5
    /// primeros K/N» — within 5 × N K it cannot).
    pub fn weapon_min_range(&self, who: CharIdx, w: u8) -> u8 {
        self.weapon_fx(who, w)
            .iter()
            .map(|e| match e {
                Effect::MinRange(k) => k.saturating_add(1),
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }

    /// Garras y dientes: «No puede coger equipo» — no Comerciar taking an item, no Saquear.
    pub fn takes_no_equipment(&self, who: CharIdx) -> bool {
        self.info(who).effects.contains(&Effect::Claws)
    }

    /// CAL of weapon `w` of `i` with its trait changes (Munición aliento de dragón: CAL − 1),
    /// at least 1.
    pub fn weapon_quality(&self, i: CharIdx, w: u8) -> u8 {
        let k: i16 = self
            .weapon_fx(i, w)
            .iter()
            .map(|e| match e {
                Effect::QualityMod(k) => *k as i16,
                _ => 0,
            })
            .sum();
        (self.weapon_def(i, w).quality as i16 + k).clamp(1, 255) as u8
    }

    /// ENE an enemy's attack on `target` costs `who` more (Señor de la congelación).
    pub fn ene_against(&self, who: CharIdx, target: CharIdx) -> i8 {
        if self.side_of(who) == self.side_of(target) {
            return 0;
        }
        self.info(target)
            .effects
            .iter()
            .map(|e| match e {
                Effect::EneAgainst(k) => *k,
                _ => 0,
            })
            .sum()
    }
}
