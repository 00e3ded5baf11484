//! BONUS Y MALUS in play: the states traits leave on a character (`CharState::tbits`, `mana`,
//! `aimed`) and the modifiers they give — Sanguinario's streak, the bonuses stopped by Saikikku
//! and Munición desestabilizadora, Munición aturdidora's stun, Mimético's camouflage, Marcador
//! de objetivos' mark, Maná's pool, Orador's reach, Munición de pulso's vulnerable targets. The
//! checks read bits first (the hot path pays one test); effects are read only when a bit is set.

#[allow(unused_imports)]
use super::*;

/// Maná (N) of a character: «Otorga cada principio de turno tanta ENE como N para usar
/// metahabilidades» (0: none).
pub fn mana_of(info: &CharStatic) -> u8 {
    info.effects
        .iter()
        .map(|e| match *e {
            Effect::Mana(n) => n,
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Sed de sangre: the K more a charge reaches after a kill in melee.
pub fn kill_rush(info: &CharStatic) -> u8 {
    kill_rush_of(&info.effects)
}

/// Sed de sangre's K among `fx`.
fn kill_rush_of(fx: &[Effect]) -> u8 {
    fx.iter()
        .map(|e| match *e {
            Effect::KillRush(k) => k,
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// Orador («Alcance VOLx2»): every reach of the holder's auras becomes VOL × the factor when
/// that is longer (RULES.md, "Traits in play, share C"; audit 23: Grito berserker's too, and
/// Gran demonio's «a tantos K como VOL» becomes VOL × the factor). Not the maluses (Radiante)
/// nor an object's field («A 5 K de este objeto»).
pub fn orator_reach(auras: &mut [Effect], effects: &[Effect], vol: u8) {
    let Some(m) = effects.iter().find_map(|e| match *e {
        Effect::AuraReachVol(m) => Some(m),
        _ => None,
    }) else {
        return;
    };
    let r = vol.saturating_mul(m);
    let widen = |w: &mut Who| match w {
        Who::AlliesWithin(k)
        | Who::EnemiesWithin(k)
        | Who::AttackersOfAlliesWithin(k)
        | Who::TargetsOfAlliesWithin(k) => *k = (*k).max(r),
        _ => {}
    };
    for e in auras.iter_mut() {
        match e {
            Effect::CheckMod { who, .. }
            | Effect::Reroll { who, .. }
            | Effect::HalveAttr { who, .. }
            | Effect::EneAtStart { who, .. }
            | Effect::WeaponEneAura { who, .. }
            | Effect::DamageAura { who, .. }
            | Effect::ChargeReach { who, .. } => widen(who),
            Effect::DreadAura { vol_times, .. } => *vol_times = (*vol_times).max(m),
            Effect::AlliesEneAtStart(k)
            | Effect::ExtraAttackOnCritical(k)
            | Effect::ShareVol(k)
            | Effect::VengeanceAura(k)
            | Effect::KillRushAura { within: k, .. } => *k = (*k).max(r),
            _ => {}
        }
    }
}

impl State {
    /// A trait state switched on and off by its own action (Mimético's camouflage, Incorpóreo's
    /// phase): flips `bit` of [`CharState::tbits`] and logs `texts[0]` (on) or `texts[1]` (off).
    pub(crate) fn toggle_trait_state(
        &mut self,
        log: &mut crate::basics::check::Log,
        who: CharIdx,
        bit: u16,
        texts: [&'static str; 2],
    ) {
        let c = self.ch_mut(who);
        c.tbits ^= bit;
        let on = c.tbits & bit != 0;
        log.push(|| crate::basics::check::Event::Status {
            who,
            text: texts[!on as usize],
        });
    }

    /// The largest value `f` gives for an aura of an able ally of `who` (not `who` itself)
    /// within its reach — `f` gets the aura and the distance in K (0: none). Auras of the Grito
    /// kind (Grito de veterano, de sangre, de venganza).
    pub fn ally_aura_max(&self, who: CharIdx, f: impl Fn(&Effect, u8) -> u8) -> u8 {
        if !self.st.any_auras {
            return 0;
        }
        let p = self.ch(who).pos;
        let side = self.side_of(who);
        // The holders first (one length read per character: few carry an aura, and Cargar's
        // reach asks this for every movement list; PERFORMANCE.md, "Fifteenth session").
        self.indices()
            .filter(|&j| {
                !self.info(j).auras.is_empty()
                    && j != who
                    && self.side_of(j) == side
                    && self.gives_auras(j)
            })
            .flat_map(|j| {
                let dist = self.ch(j).pos.dist(p);
                self.info(j).auras.iter().map(move |e| (e, dist))
            })
            .map(|(e, dist)| f(e, dist))
            .max()
            .unwrap_or(0)
    }

    /// Campo de oscuridad: whether `target` stands within the reach of an able character's
    /// field, where the marks of `marker` are lost (RULES.md, "Traits in play, share D"). Luz
    /// («Ves y te ven en la oscuridad») on either keeps the mark (share G).
    pub fn mark_jammed(&self, marker: CharIdx, target: CharIdx) -> bool {
        // Radar: «Ve en oscuridad» — the marker's darkness is no darkness to it.
        if !self.st.any_auras
            || self.has_light(marker)
            || self.has_light(target)
            || self.info(marker).effects.contains(&Effect::DarkSight)
        {
            return false;
        }
        let p = self.ch(target).pos;
        self.indices().any(|j| {
            self.gives_auras(j)
                && self
                    .info(j)
                    .auras
                    .iter()
                    .any(|e| matches!(*e, Effect::MarkJammer(k) if self.ch(j).pos.dist(p) <= k))
        })
    }

    /// The K more a charge of `who` reaches after it killed in melee in this activation: Sed de
    /// sangre (its own) or Grito de sangre (an ally's aura), the larger.
    /// A Sed de sangre on a weapon in its hands counts too (audit 30c): the kill that opened
    /// the rush was made with it ([`Self::kill_rush_by`]).
    pub fn kill_rush_k(&self, who: CharIdx) -> u8 {
        let held = (0..self.weapon_slots(who))
            .filter(|&w| self.holds(who, w))
            .map(|w| kill_rush_of(self.weapon_fx(who, w)))
            .max()
            .unwrap_or(0);
        self.kill_rush_by(who, None).max(held)
    }

    /// The K more a kill in melee of `who` with `weapon` opens (Sed de sangre on it or on the
    /// weapon — a weapon's traits act when it is used; audit 30c: the weapon's did nothing —
    /// or an ally's Grito de sangre).
    pub fn kill_rush_by(&self, who: CharIdx, weapon: Option<u8>) -> u8 {
        let on_weapon = weapon
            .filter(|&w| self.has_weapon(who, w))
            .map_or(0, |w| kill_rush_of(self.weapon_fx(who, w)));
        let aura = self.ally_aura_max(who, |e, dist| match *e {
            Effect::KillRushAura { within, k } if dist <= within => k,
            _ => 0,
        });
        aura.max(kill_rush(self.info(who))).max(on_weapon)
    }

    /// Radiante («Enemigos a 10 K deben atacarle a distancia antes que a otro, si no superan un
    /// CH VOL»): whether `attacker`, shooting `target`, must first pass a CH VOL — an able
    /// enemy of it with Radiante, other than the target, within its reach and seen.
    /// `reach`: how far the attack being made could go (its weapon's ALC, long shot included;
    /// a throw's; a meta-ability's) — a Radiante beyond it could not be attacked instead, so it
    /// demands nothing (audit 29b: «deben atacarle a distancia antes que a otro» asks what the
    /// attacker can do; it demanded a CH VOL of a pistol 9 K from it).
    pub fn radiant_demands(
        &self,
        attacker: CharIdx,
        target: CharIdx,
        reach: impl FnOnce() -> u16,
    ) -> bool {
        if !self.st.any_auras {
            return false;
        }
        // Found only where some aura is (the hot path of a shot asks nothing more).
        let reach = reach();
        let p = self.ch(attacker).pos;
        let side = self.side_of(attacker);
        self.indices().any(|j| {
            let d = self.ch(j).pos.dist(p);
            j != target
                && self.side_of(j) != side
                && self.able(j)
                && d as u16 <= reach
                && self
                    .info(j)
                    .auras
                    .iter()
                    .any(|e| matches!(*e, Effect::Radiant(k) if d <= k))
                && self.sees(attacker, j)
        })
    }

    /// Whether this movement costs `who` ENE as Mover (Silencioso, Pez).
    pub fn walks(&self, who: CharIdx, kind: crate::creation::effect::WalkLike) -> bool {
        self.info(who).has_effect(|e| *e == Effect::WalkCost(kind))
    }

    /// Whether the trait bonuses of `who` are stopped (Saikikku, Munición desestabilizadora:
    /// «anulará sus bonus hasta su siguiente actuación»).
    #[inline]
    pub fn suppressed(&self, who: CharIdx) -> bool {
        self.ch(who).tbits & SUPPRESSED != 0
    }

    /// Whether `j`'s auras, shouts, presences and fields reach others: able, and its bonuses not
    /// stopped — Munición desestabilizadora «anulará sus bonus», Saikikku «un bonus deja de
    /// funcionarles»: an aura is one of its bonuses (a trait of BONUS Y MALUS bought at a cost:
    /// Genio estratega, the Gritos, the Hálitos, Líder …), so it stops with them (audit 30c:
    /// a stopped holder still gave them). Radiante, the one malus among them, is not asked.
    #[inline]
    pub fn gives_auras(&self, j: CharIdx) -> bool {
        self.able(j) && !self.suppressed(j)
    }

    /// Vulnerable (Munición de pulso, RULES.md decision): knocked out, immobilised, tied or
    /// unconscious — a target that cannot defend itself.
    pub fn vulnerable(&self, who: CharIdx) -> bool {
        self.ch(who)
            .has(KNOCKED_OUT | IMMOBILISED | TIED | UNCONSCIOUS)
    }

    /// Check modifiers from trait states: stunned (CH ATR −1, hit checks included), Mimético's
    /// camouflage (the CH IMP of the camouflaged and of those who attack it, unless they have
    /// True sight), Marcador de objetivos (CH IMP against the marked target).
    pub fn trait_state_check_mod(
        &self,
        who: CharIdx,
        check: CheckKind,
        opponent: Option<CharIdx>,
        attacking: bool,
    ) -> i8 {
        let c = self.ch(who);
        let mut k: i8 = 0;
        // Munición aturdidora's «CH ATR -1»: every CH ATR — the hit checks (CH AGI), the CH PSI
        // and CH LOC (CH VOL, PSICOLOGÍA) — but not `Enf` on its own: a CH ENF's target is
        // already the attribute's, which this reaches (audit 21b: it took −2).
        let attr = matches!(
            check,
            CheckKind::Attr(_) | CheckKind::Hit | CheckKind::Psyche | CheckKind::Madness
        );
        if attr && c.tbits & STUNNED != 0 {
            k -= 1;
        }
        if check != CheckKind::Hit || !attacking {
            return k;
        }
        if c.tbits & CAMOUFLAGED != 0 {
            k += self.camouflage(who);
        }
        if let Some(o) = opponent {
            k += self.smoke_hit_mod(who, o);
            if self.ch(o).tbits & CAMOUFLAGED != 0 && !self.true_sight(who) {
                k += self.camouflage(o);
            }
            if c.aimed == o + 1 && !self.mark_jammed(who, o) {
                k += self
                    .info(who)
                    .effects
                    .iter()
                    .chain(self.info(who).weapon_effects.iter().flatten())
                    .map(|e| match *e {
                        Effect::MarkedHit(m) => m,
                        _ => 0,
                    })
                    .max()
                    .unwrap_or(0);
            }
        }
        k
    }

    /// Humo: «Ataques hacia o desde el humo CH IMP -1» — the worst smoke `attacker` or its
    /// target stands in; Súper sentidos sees through it.
    fn smoke_hit_mod(&self, attacker: CharIdx, target: CharIdx) -> i8 {
        if self
            .info(attacker)
            .has_effect(|e| *e == Effect::SeeThroughThin)
        {
            return 0;
        }
        let (a, t) = (self.ch(attacker).pos, self.ch(target).pos);
        let mut worst = 0;
        for j in self.indices() {
            let c = self.ch(j);
            if c.tbits & SMOKING == 0 {
                continue;
            }
            let info = self.info(j);
            for e in info
                .effects
                .iter()
                .chain(info.weapon_effects.iter().flatten())
            {
                if let Effect::Smoke { radius, malus } = *e {
                    if c.smoke_at.dist(a) <= radius || c.smoke_at.dist(t) <= radius {
                        worst = worst.min(malus);
                    }
                }
            }
        }
        worst
    }

    fn camouflage(&self, who: CharIdx) -> i8 {
        self.info(who)
            .effects
            .iter()
            .map(|e| match *e {
                Effect::Camouflage(m) => m,
                _ => 0,
            })
            .min()
            .unwrap_or(0)
    }

    /// Whether `who` ignores invisible and mimético (Radar, Meta visión).
    pub fn true_sight(&self, who: CharIdx) -> bool {
        self.info(who)
            .has_effect(|e| matches!(e, Effect::TrueSight(_)))
    }

    /// Sanguinario: the melee DAÑ change once `attacker` has wounded in melee this activation.
    /// With `weapon`: its own Sanguinario and the weapon's (a weapon's traits act when it is
    /// used; audit 30c: a weapon's Sanguinario did nothing). The streak is the holder's (any
    /// melee wound of its activation, `triggers`).
    pub fn bloodied_damage(&self, attacker: CharIdx, weapon: Option<u8>, scope: Scope) -> i16 {
        if self.ch(attacker).tbits & BLOODIED == 0 || !scope_matches(Scope::Melee, scope) {
            return 0;
        }
        self.fx_with_weapon(attacker, weapon)
            .map(|e| match *e {
                Effect::DamageAfterWounding(k) => k as i16,
                _ => 0,
            })
            .sum()
    }

    /// The start of `who`'s activation for its trait states: the bonuses stopped «hasta su
    /// siguiente actuación» work again, Sanguinario's streak starts anew, a stun now runs to the
    /// end of this activation.
    pub(crate) fn trait_states_at_start(&mut self, who: CharIdx) {
        let c = self.ch_mut(who);
        // Humo lasts until the start of its maker's next activation (RULES.md).
        c.tbits &= !(SUPPRESSED | BLOODIED | STUN_FRESH | SMOKING);
        // Drogas de combate: «ENE 0 en la siguiente actuación».
        if c.tbits & DRUGGED != 0 {
            c.ene = 0;
            c.tbits &= !DRUGGED;
        }
    }

    /// The end of `who`'s activation: a stun from before it ends with it.
    pub(crate) fn trait_states_at_end(&mut self, who: CharIdx) {
        let c = self.ch_mut(who);
        if c.tbits & STUN_FRESH == 0 {
            c.tbits &= !STUNNED;
        }
        c.tbits &= !(BLOODIED | KILL_RUSH);
        // Drogas de combate: «sin poder reaccionar» lasts to the end of the next activation.
        if c.tbits & DRUGGED == 0 {
            c.tbits &= !DRUG_CRASH;
        }
    }

    /// Munición desestabilizadora on `who`: «sus armas se descargarán, perderá los objetivos
    /// marcados, y anulará sus bonus hasta su siguiente actuación».
    pub(crate) fn destabilise(&mut self, who: CharIdx) {
        let c = self.ch_mut(who);
        c.ammo = [0; MAX_MAGAZINES];
        c.aimed = 0;
        c.tbits |= SUPPRESSED;
        for c in self.chars.iter_mut() {
            if c.has(MARKED) && c.marker == who {
                c.set(MARKED, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orador_widens_auras_to_vol_times_two() {
        let mut auras = vec![
            Effect::AlliesEneAtStart(5),
            Effect::DamageAura {
                who: Who::AlliesWithin(5),
                scope: Scope::Any,
                amount: 1,
            },
            Effect::ShareVol(12),
        ];
        orator_reach(&mut auras, &[Effect::AuraReachVol(2)], 4);
        assert_eq!(
            auras,
            [
                Effect::AlliesEneAtStart(8),
                Effect::DamageAura {
                    who: Who::AlliesWithin(8),
                    scope: Scope::Any,
                    amount: 1,
                },
                Effect::ShareVol(12),
            ]
        );
        // Without Orador nothing changes.
        orator_reach(&mut auras, &[], 4);
        assert_eq!(auras[0], Effect::AlliesEneAtStart(8));
    }
}
