//! BONUS Y MALUS in play: the check modifiers, re-rolls, automatic passes and damage changes
//! that a character's traits (and the meta-abilities in force on it) give.

#[allow(unused_imports)]
use super::*;

impl State {
    // ----- trait effects (BONUS Y MALUS) -----

    /// Sum of check modifiers from traits for a check of `who`. `weapon`: the weapon in use;
    /// `opponent`: the character on the other end (the target when attacking, the attacker
    /// when defending); `attacking`: whether `who` is the attacker.
    pub fn trait_check_mod(
        &self,
        who: CharIdx,
        check: CheckKind,
        scope: Scope,
        weapon: Option<u8>,
        opponent: Option<CharIdx>,
        attacking: bool,
    ) -> i8 {
        let mut total: i16 = 0;
        let info = self.info(who);
        let own = info
            .effects
            .iter()
            .chain(
                weapon
                    .and_then(|w| self.has_weapon(who, w).then(|| self.weapon_fx(who, w)))
                    .into_iter()
                    .flatten(),
            )
            .chain(self.spell_fx(who));
        // Saikikku, Munición desestabilizadora: its own bonuses stop (a spell on it still acts).
        let stopped = self.suppressed(who);
        for e in own {
            if let Effect::CheckMod {
                check: c,
                scope: s,
                who: Who::Holder,
                amount,
            } = e
            {
                if check_matches(*c, check) && scope_matches(*s, scope) && !(stopped && *amount > 0)
                {
                    total += *amount as i16;
                }
            }
        }
        if self.ch(who).tbits != 0
            || self.ch(who).aimed != 0
            || opponent.is_some_and(|o| self.ch(o).tbits & CAMOUFLAGED != 0)
            || (check == CheckKind::Hit && self.chars.iter().any(|c| c.tbits & SMOKING != 0))
        {
            total += self.trait_state_check_mod(who, check, opponent, attacking) as i16;
        }
        // Borracho's drift reaches every CH ATR (hit checks are CH AGI; the CH PSI and CH LOC
        // are CH VOL, PSICOLOGÍA — audit 21b).
        if matches!(
            check,
            CheckKind::Attr(_) | CheckKind::Hit | CheckKind::Psyche | CheckKind::Madness
        ) {
            total += self.drunk_mod(who) as i16;
        }
        // Condenado: the attribute levels lost — CON, AGI (the hit checks) and INT here; the
        // VOL level is `vol_loss`, in the VOL itself (CH VOL, PSI, LOC), so not counted twice.
        if matches!(check, CheckKind::Attr(s) if s != Stat::Vol) || check == CheckKind::Hit {
            total -= self.ch(who).run.doom_levels() as i16;
        }
        // Share G's marks (`state::trait_marks`): Cóctel de vitaminas, Droga's withdrawal.
        if !self.trait_marks.per.is_empty() {
            total += self.marks_mod_for(who, check) as i16;
        }
        if let Some(o) = opponent {
            total += self.ally_aura_check_mod(check, scope, o, attacking) as i16;
            let oi = self.info(o);
            // The opponent's traits that act on those who attack it / on its targets.
            let wanted = if attacking {
                Who::AttackersOfHolder
            } else {
                Who::TargetOfHolder
            };
            // Señor de …: an enemy's check against the holder either way (audit 27b: only the
            // attacker's was reached, not the side of a CH ENF the holder's action asks of it).
            // Every such trait names the enemy («Enemigo(s) …», Difícil de matar, Pequeño,
            // Camuflaje, Señor de la corrosión): an ally caught in the holder's area, or the
            // holder in an ally's, is no one's enemy — audit 31a: Señor de la corrosión's
            // CH DEF −2 reached the allies its area caught.
            let enemy = self.side_of(o) != self.side_of(who);
            // Saikikku, Munición desestabilizadora («anulará sus bonus»): its bonuses that act
            // on those who face it stop too — a − on their checks is its bonus (Difícil de
            // matar, Camuflaje …); a + (a malus of its own) still acts (audit 31c).
            let o_stopped = self.suppressed(o);
            for e in oi.effects.iter().filter(|_| enemy) {
                if let Effect::CheckMod {
                    check: c,
                    scope: s,
                    who: w,
                    amount,
                } = e
                {
                    if (*w == wanted || *w == Who::OpponentsOfHolder)
                        && check_matches(*c, check)
                        && scope_matches(*s, scope)
                        && !(o_stopped && *amount < 0)
                    {
                        total += *amount as i16;
                    }
                }
            }
        }
        // The auras of others that reach `who` (`traits_in_play::for_auras`).
        self.for_auras(who, |e, _, ally, d| {
            if let Effect::CheckMod {
                check: c,
                scope: s,
                who: w,
                amount,
            } = e
            {
                if Self::reaches(*w, ally, d)
                    && check_matches(*c, check)
                    && scope_matches(*s, scope)
                {
                    total += *amount as i16;
                }
            }
        });
        total.clamp(-20, 20) as i8
    }

    /// The CH IMP modifiers written for a CH IMP alone (`CheckKind::Hit`) that reach `who`'s
    /// attack in `scope` on `opponent`: its own traits' (Profesión arquero «CH IMP +1 a
    /// distancia», Odio «… en CaC»), the auras on it (Grito de fuego), the opponent's on its
    /// attackers (Difícil de matar «Enemigo CH IMP -1») and its allies' auras (Grito de
    /// oscuridad) — for an attack whose CH IMP is another CH ATR: a meta-ability's («Atacar con
    /// metahabilidades»: «el CH IMP se realizará con» its kind's CH ATR, which
    /// [`check_matches`] lets no Hit effect reach, while the effects on every CH ATR or on that
    /// attribute already do). Its own bonuses stop when they are stopped (Saikikku), as in
    /// [`State::trait_check_mod`].
    pub fn hit_only_mod(&self, who: CharIdx, scope: Scope, opponent: Option<CharIdx>) -> i8 {
        let hit = |e: &Effect| match *e {
            Effect::CheckMod {
                check: CheckKind::Hit,
                scope: s,
                who: w,
                amount,
            } if scope_matches(s, scope) => Some((w, amount as i16)),
            _ => None,
        };
        let stopped = self.suppressed(who);
        let mut total: i16 = 0;
        for e in self.info(who).effects.iter().chain(self.spell_fx(who)) {
            if let Some((Who::Holder, k)) = hit(e) {
                if !(stopped && k > 0) {
                    total += k;
                }
            }
        }
        self.for_auras(who, |e, _, ally, d| {
            if let Some((w, k)) = hit(e) {
                if Self::reaches(w, ally, d) {
                    total += k;
                }
            }
        });
        if let Some(o) = opponent {
            // As in `check_mod`: «Enemigo(s) …» traits act on enemies only (audit 31a), and a
            // stopped opponent's − on its attackers is a bonus it loses (audit 31c).
            let enemy = self.side_of(o) != self.side_of(who);
            let o_stopped = self.suppressed(o);
            for e in self.info(o).effects.iter().filter(|_| enemy) {
                if let Some((w, k)) = hit(e) {
                    if (w == Who::AttackersOfHolder || w == Who::OpponentsOfHolder)
                        && !(o_stopped && k < 0)
                    {
                        total += k;
                    }
                }
            }
            self.for_auras(o, |e, _, ally, d| {
                if let Some((Who::AttackersOfAlliesWithin(r), k)) = hit(e) {
                    if ally && d <= r {
                        total += k;
                    }
                }
            });
        }
        total.clamp(-10, 10) as i8
    }

    /// Whether `who` may re-roll a failed check of this kind (Élite …, auras of re-roll).
    pub fn may_reroll(
        &self,
        who: CharIdx,
        check: CheckKind,
        scope: Scope,
        weapon: Option<u8>,
        fumbled: bool,
    ) -> bool {
        let info = self.info(who);
        let ok = |e: &Effect, allow: &dyn Fn(Who) -> bool| -> bool {
            if let Effect::Reroll {
                check: c,
                scope: s,
                who: w,
                only_fumble,
                not_fumble,
            } = e
            {
                allow(*w)
                    && check_matches(*c, check)
                    && scope_matches(*s, scope)
                    && (!*only_fumble || fumbled)
                    && (!*not_fumble || !fumbled)
            } else {
                false
            }
        };
        let holder = |w: Who| w == Who::Holder;
        // Saikikku, Munición desestabilizadora («anulará sus bonus»): its own re-rolls stop, not
        // an ally's aura (Grito de guerra, as Grito de fuego's + 1 — audit 29c: it stopped too).
        if !self.suppressed(who)
            && (info.effects.iter().any(|e| ok(e, &holder))
                || weapon
                    .and_then(|w| self.has_weapon(who, w).then(|| self.weapon_fx(who, w)))
                    .is_some_and(|v| v.iter().any(|e| ok(e, &holder))))
        {
            return true;
        }
        if self.st.any_auras {
            let p = self.ch(who).pos;
            let side = self.side_of(who);
            for j in self.indices() {
                if j == who || !self.gives_auras(j) || self.side_of(j) != side {
                    continue;
                }
                let d = self.ch(j).pos.dist(p);
                let within = |w: Who| matches!(w, Who::AlliesWithin(k) if d <= k);
                if self.info(j).auras.iter().any(|e| ok(e, &within)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `who` always passes checks of this kind (Rey …).
    pub fn auto_pass(&self, who: CharIdx, check: CheckKind) -> bool {
        self.info(who)
            .effects
            .iter()
            .any(|e| matches!(e, Effect::AutoPass { check: c } if check_matches(*c, check)))
    }

    /// Damage modifiers: the attacker's own (and its weapon's), and the defender's effects that
    /// change the damage it receives.
    pub fn trait_damage_mod(
        &self,
        attacker: CharIdx,
        weapon: Option<u8>,
        target: CharIdx,
        scope: Scope,
        critical: bool,
    ) -> i16 {
        // The target's «Enemigo(s) … DAÑ» (Absorción de impacto, Señor de la laceración) is
        // not an ally's: audit 31a — an ally's area on the holder was lowered too.
        let taken = if self.side_of(attacker) != self.side_of(target) {
            self.damage_taken_mod(target, scope)
        } else {
            0
        };
        self.own_damage_mod(attacker, weapon, Some(target), scope, critical)
            + taken
            + self.damage_vs(attacker, weapon, target)
    }

    /// The attacker's own DAÑ changes — its traits and its weapon's, the auras on it, its
    /// state and runs — whatever it strikes: `target` a character, or `None` for a transport
    /// (`transport::fire`, `transport::mecha`: audit 27a, Filo romo, Artificiero and the rest
    /// were skipped there).
    pub fn own_damage_mod(
        &self,
        attacker: CharIdx,
        weapon: Option<u8>,
        target: Option<CharIdx>,
        scope: Scope,
        critical: bool,
    ) -> i16 {
        let mut d: i16 = 0;
        let info = self.info(attacker);
        let own = info.effects.iter().chain(
            weapon
                .and_then(|w| {
                    self.has_weapon(attacker, w)
                        .then(|| self.weapon_fx(attacker, w))
                })
                .into_iter()
                .flatten(),
        );
        let stopped = self.suppressed(attacker);
        for e in own.filter(|_| !stopped) {
            match e {
                Effect::DamageMod {
                    scope: s,
                    who: Who::Holder,
                    amount,
                } if scope_matches(*s, scope) => d += *amount as i16,
                // Afilada: «DAÑ +1 en CaC. Se pierde con pifia».
                Effect::Sharp(k)
                    if scope_matches(Scope::Melee, scope)
                        && !self.weapon_blunt(attacker, weapon) =>
                {
                    d += *k as i16
                }
                Effect::DamageOnCritical { scope: s, amount }
                    if critical && scope_matches(*s, scope) =>
                {
                    d += *amount as i16
                }
                // Artificiero: «DAÑ+1 en armas con fuego o área > 0».
                Effect::AreaWeaponDamage(k)
                    if weapon.is_some_and(|w| self.weapon_area_or_fire(attacker, w)) =>
                {
                    d += *k as i16
                }
                // Reventamuros: «DAÑ+3 en CaC a … tanques» (a transport struck: `None`).
                Effect::MeleeDamageVsTransport(k)
                    if scope_matches(Scope::Melee, scope)
                        && target.is_none_or(|t| self.info(t).def.transport.is_some()) =>
                {
                    d += *k as i16
                }
                _ => {}
            }
        }
        // A charge's attack whose bonus Contracarga denies («Sin bonus cuando le cargan») comes
        // with the melee scope, yet it is still made charging: Grito de muerte's «sin cargar»
        // does not reach it (audit 28b: its + 1 came in the charge bonus's place).
        let charging = scope == Scope::Melee
            && target.is_some_and(|t| {
                let c = self.ch(attacker);
                c.has(CHARGING) && c.mark == t
            });
        d + self.damage_aura(attacker, scope, charging)
            + self.bloodied_damage(attacker, weapon, scope)
            + self.run_damage_mod(attacker, weapon, target, scope)
    }

    /// The DAÑ change `target`'s own traits give whoever attacks it in `scope` (Absorción de
    /// impacto: «Enemigo tiene DAÑ -1»): a weapon's attack and a meta-ability's alike.
    pub fn damage_taken_mod(&self, target: CharIdx, scope: Scope) -> i16 {
        // A stopped target (Saikikku, Munición desestabilizadora) loses the − (its bonus).
        let stopped = self.suppressed(target);
        self.info(target)
            .effects
            .iter()
            .map(|e| match e {
                Effect::DamageMod {
                    scope: s,
                    who: Who::AttackersOfHolder,
                    amount,
                } if scope_matches(*s, scope) && !(stopped && *amount < 0) => *amount as i16,
                _ => 0,
            })
            .sum()
    }

    /// The CH IMP change `target`'s own traits give whoever attacks it in `scope` (Difícil de
    /// matar: «Enemigo CH IMP -1»; Camuflaje: «… a distancia»), for an attack whose CH IMP is
    /// not a hit check of its own: a meta-ability's, «el CH IMP se realizará con» its kind's
    /// CH ATR (ACCIONES, Atacar con metahabilidades).
    pub fn hit_mod_against(&self, target: CharIdx, scope: Scope) -> i8 {
        // A stopped target (Saikikku, Munición desestabilizadora) loses the − (its bonus).
        let stopped = self.suppressed(target);
        self.info(target)
            .effects
            .iter()
            .map(|e| match e {
                Effect::CheckMod {
                    check: CheckKind::Hit,
                    scope: s,
                    who: Who::AttackersOfHolder,
                    amount,
                } if scope_matches(*s, scope) && !(stopped && *amount < 0) => *amount as i16,
                _ => 0,
            })
            .sum::<i16>()
            .clamp(-10, 10) as i8
    }
}

/// Whether an effect written for check kind `eff` applies to a check of kind `actual`.
/// Every CH IMP the engine resolves is a CH AGI: physical weapons (COMBATE, «Armas físicas,
/// CH AGI»), the ranged variants «(X, AGI D)» and «Ataque CaC sin armas (1, AGI)» alike, so AGI
/// effects (Profesión acróbata, Muy torpe, Mala hechura, Élite combate's re-roll) reach every hit
/// check, armed or not. A meta-ability's CH IMP «depende del tipo» (`actions::meta`): its
/// kind's CH ATR, which AGI effects reach for a bunkai only.
/// "Any CH ATR" effects reach every attribute and hit check, and the CH PSI and CH LOC too:
/// PSICOLOGÍA, «CH PSI.- Se realiza con un CH VOL» and «CH LOC.- Se realiza con un CH VOL» —
/// a CH VOL is a CH ATR (Élite ultra's re-roll, Mal agujero's −1; audit 21b).
#[inline]
pub fn check_matches(eff: CheckKind, actual: CheckKind) -> bool {
    eff == actual
        || matches!(
            (eff, actual),
            (
                CheckKind::AnyAttr,
                CheckKind::Attr(_) | CheckKind::Hit | CheckKind::Psyche | CheckKind::Madness
            ) | (CheckKind::Attr(Stat::Agi), CheckKind::Hit)
                | (
                    CheckKind::Attr(Stat::Vol),
                    CheckKind::Psyche | CheckKind::Madness
                )
        )
}

/// Whether an effect limited to `eff` applies in situation `actual`.
#[inline]
pub fn scope_matches(eff: Scope, actual: Scope) -> bool {
    match eff {
        Scope::Any => true,
        Scope::Melee => matches!(actual, Scope::Melee | Scope::Charge),
        Scope::Ranged => actual == Scope::Ranged,
        Scope::Charge => actual == Scope::Charge,
        Scope::MeleeNoCharge => actual == Scope::Melee,
    }
}

/// A CH DEF of `who` against DEF `def` that no attack asks for (Sobrecalentamiento's «CH DEF»):
/// still a CH DEF of the character, so its CH DEF traits apply as in `combat::defence_roll` —
/// modifiers (Refuerzo, Maldita armadura), Rey Inmortal, re-rolls (Élite blindado), luck (Dios
/// del acero, Sin suerte). It lives beside the check modifiers rather than in `actions::combat`,
/// so that psychology (Muro) and the trait actions (Sobrecalentamiento) reach it without
/// importing the combat rules, which import psychology.
pub fn plain_def_check(
    st: &State,
    d: &mut dyn crate::basics::dice::DiceSource,
    log: &mut crate::basics::check::Log,
    who: CharIdx,
    def: i8,
    what: &'static str,
) -> crate::basics::check::Roll {
    let tmod = st.trait_check_mod(who, CheckKind::Def, Scope::Any, None, None, false);
    let target = def.saturating_add(tmod);
    let rule = crate::basics::check::CheckRule {
        auto_pass: st.auto_pass(who, CheckKind::Def),
        reroll: st.may_reroll(who, CheckKind::Def, Scope::Any, None, false),
        reroll_fumble: st.may_reroll(who, CheckKind::Def, Scope::Any, None, true),
        ..st.luck_rule(who, CheckKind::Def)
    };
    let roll = log.chi(
        who,
        crate::basics::check::roll_check(d, target, &rule),
        d,
        target,
        &rule,
    );
    log.push(|| crate::basics::check::Event::Check { who, what, roll });
    roll
}
