//! BONUS Y MALUS that trigger during an attack (issue 16): what using a weapon brings
//! (Dañino, Malvado, Neuropsico, Defectuoso, Prueba de …, Munición atascada, Sin munición, De
//! Padrón), what a hit does besides the DAÑ (Munición cegadora, paralizante, psíquica,
//! corrosiva, Aplasta), what wounding and killing bring (Psicópata, Sangre de ácido, Devora
//! almas, Fatality), and the second CH DEF of 7 vidas, Otra oportunidad and Salvaguarda. Every
//! hook reads effect kinds, never a trait's name.

#[allow(unused_imports)]
use super::*;
use crate::basics::dice::chance;
use crate::creation::effect::{HitEffect, KillEffect, SecondDef, UseEffect};
use crate::psychology::add_stress;

/// What the use of a weapon left of the attack.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct UseOutcome {
    /// The attack does not go on (a failed Prueba, a jam).
    pub stopped: bool,
    /// Its DAÑ is 0 (De Padrón).
    pub no_damage: bool,
}

/// The effects of using the attack's weapon (and the attacker's own «cuando se usa» effects),
/// in the order of the weapon's traits: a failed Prueba or a jam stops the attack there.
pub(super) fn on_use(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    ctx: &mut Ctx,
) -> UseOutcome {
    let mut out = UseOutcome::default();
    let who = a.attacker;
    // How far this attack could go: the weapon's ALC (a long shot's + 50 %), a throw's reach.
    let reach = || match a.with {
        With::Object { item, .. } => crate::actions::physical::throw_of(st, who, item).0 as u16,
        With::Weapon => a.weapon.map_or(u16::MAX, |w| {
            (st.weapon_range(who, w) as u16 * 3).div_ceil(2)
        }),
        _ => u16::MAX,
    };
    if !a.melee && radiant_holds_back(st, d, log, who, Some(a.target), reach, ctx) {
        out.stopped = true;
        return out;
    }
    if !a.melee
        && st.vol(a.target) > st.vol(who)
        && st.info(a.target).has_effect(|e| *e == Effect::Manipulator)
    {
        // Manipulador: «Puede CH VOL ENF para dar un CH IMP-1 a quien le ataque a distancia, si
        // tiene más VOL» — it always does (nothing to lose).
        let mut fresh = Ctx {
            first_used: true,
            ..Ctx::default()
        };
        let (won, _, _) = super::opposed(st, d, log, a.target, who, Stat::Vol, &mut fresh);
        if won {
            ctx.agi_bonus -= 1;
        }
    }
    weapon_uses(st, d, log, who, a.weapon, ctx)
}

/// Radiante («Enemigos a 10 K deben atacarle a distancia antes que a otro, si no superan un CH
/// VOL»): whether `who`, attacking at range `target` (`None`: an area aimed at a square), is held
/// back — a Radiante enemy it sees within 10 K and within `reach` of the attack (audit 29b) is
/// not the target and its CH VOL fails (the
/// attack does not go; its ENE is spent). Every ranged attack asks it: a weapon's shot, an
/// area's (audit 28a: it did not) and a meta-ability's of ALC > 0 (audit 28a: nor it; audit
/// 25b made such an attack a ranged one).
#[allow(clippy::too_many_arguments)]
pub(crate) fn radiant_holds_back(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: Option<CharIdx>,
    reach: impl FnOnce() -> u16,
    ctx: &mut Ctx,
) -> bool {
    if !st.radiant_demands(who, target.unwrap_or(who), reach) {
        return false;
    }
    let t = attr_check_target(st, who, Stat::Vol, ctx, None, false);
    !atr_check(st, d, log, who, Stat::Vol, t, "CH VOL (Radiante)").pass
}

/// The «cuando se usa» effects of weapon `weapon` of `who` (and its own), in the order of the
/// weapon's traits, whatever the attack strikes — a character ([`on_use`]) or a transport
/// (`transport::fire`, `transport::mecha`: audit 27a, Artillero requerido and De Padrón were
/// skipped there): a failed Prueba or a jam stops the attack there.
pub(crate) fn weapon_uses(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    weapon: Option<u8>,
    ctx: &mut Ctx,
) -> UseOutcome {
    let uses: smallvec::SmallVec<[UseEffect; 4]> = st
        .fx_with_weapon(who, weapon)
        .filter_map(|e| match e {
            Effect::OnUse(u) => Some(*u),
            _ => None,
        })
        .collect();
    let out = run_uses(st, d, log, who, &uses, ctx);
    // Used: Cargas («Usable un número de veces») spends a use and Arma de campaña («Después de
    // disparar esta arma ya no se puede disparar otra arma de campaña») marks it fired — at
    // whatever the weapon is used on, an area or a transport too (audit 28b: only an attack on
    // a character spent them, so a grenade of Cargas (1) was thrown for ever).
    if let (false, Some(w)) = (out.stopped, weapon) {
        st.spend_charge(who, w);
        st.note_field_weapon(who, w);
    }
    out
}

/// The «cuando se usa» traits of object `object` of `who` (Prueba de …, Dañino, Malvado …),
/// in the order of its traits, when the object itself is used (Usar, Cóctel de vitaminas): a
/// failed Prueba stops the use there (its ENE is spent, the object stays). Audit 31b: they
/// are the object's, not its carrier's — they were read as always in force on the carrier, so
/// an Elixir with Prueba de agilidad asked a CH AGI of every shot and none of its own use.
pub(crate) fn object_uses(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    object: u8,
    ctx: &mut Ctx,
) -> UseOutcome {
    let uses: smallvec::SmallVec<[UseEffect; 4]> = st.info(who).def.objects[object as usize]
        .traits
        .iter()
        .flat_map(|t| t.effects())
        .filter_map(|e| match e {
            Effect::OnUse(u) => Some(u),
            _ => None,
        })
        .collect();
    run_uses(st, d, log, who, &uses, ctx)
}

/// The «cuando se usa» effects `uses` of something `who` uses, in order, until one stops it.
fn run_uses(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    uses: &[UseEffect],
    ctx: &mut Ctx,
) -> UseOutcome {
    let mut out = UseOutcome::default();
    for &u in uses {
        if !st.able(who) {
            out.stopped = true;
            break;
        }
        match u {
            UseEffect::Check(stat) => {
                let t = attr_check_target(st, who, stat, ctx, None, false);
                if !atr_check(st, d, log, who, stat, t, "CH ATR to use").pass {
                    out.stopped = true;
                }
            }
            UseEffect::Jam(p) => {
                if chance(d, p) {
                    log.push(|| Event::Status {
                        who,
                        text: "jams: the action ends",
                    });
                    out.stopped = true;
                }
            }
            // Dañino, Defectuoso: the wounded user's CH PSI; Neuropsico: a CH PSI. A failed one
            // «falla la acción» (PSICOLOGÍA): the attack does not happen (audit 22; it went on).
            UseEffect::Wound => {
                out.stopped = !wounds_with_psyche(st, d, log, who, 1, None).passed();
            }
            UseEffect::WoundChance(p) => {
                if chance(d, p) {
                    let r = wounds_with_psyche(st, d, log, who, 1, None);
                    out.stopped = !r.passed();
                }
            }
            UseEffect::Stress => add_stress(st, d, log, who, 1, None),
            UseEffect::Psyche => out.stopped = !psyche(st, d, log, who, None).passed(),
            UseEffect::NoDamageChance(p) => out.no_damage |= chance(d, p),
            // Artillero requerido: «Necesita 1 Pj extra para poder utilizarse» — on foot, an
            // able ally in base contact (the same altitude and level: Relación entre alturas);
            // aboard a transport, where passengers are in contact with nobody (RULES.md,
            // Transportes), another of its crew: a passenger who does not drive (audit 27a: a
            // fellow passenger never served and an ally beside the transport did).
            UseEffect::NeedsCrew => {
                let side = st.side_of(who);
                let aboard = st.aboard(who);
                let crew = st.indices().any(|j| {
                    j != who
                        && st.side_of(j) == side
                        && st.able(j)
                        && match aboard {
                            Some(t) => st.transport(t).has(j) && st.transport(t).driver != j,
                            None => st.aboard(j).is_none() && st.in_contact(who, j),
                        }
                });
                if !crew {
                    log.push(|| Event::Status {
                        who,
                        text: "has no crew for the weapon",
                    });
                    out.stopped = true;
                }
            }
        }
        if out.stopped {
            break;
        }
    }
    out
}

/// What the hit does to `target` besides its DAÑ (before the CH DEF): Munición cegadora,
/// paralizante (`dmg`: the attack's DAÑ), psíquica, Aplasta. Munición corrosiva acts in
/// [`defence_wounds`].
pub(super) fn on_hit(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    target: CharIdx,
    dmg: i16,
) {
    let hits: smallvec::SmallVec<[HitEffect; 4]> = st
        .fx_with_weapon(a.attacker, a.weapon)
        .filter_map(|e| match e {
            Effect::OnHit(h) => Some(*h),
            _ => None,
        })
        .collect();
    for h in hits {
        match h {
            HitEffect::EneLoss(k) => lose_ene(st, log, target, k as i16),
            HitEffect::EneLossDamage => lose_ene(st, log, target, dmg.max(0)),
            HitEffect::Stress(k) => add_stress(st, d, log, target, k, Some(a.attacker)),
            HitEffect::WearProtection => wear_protection(st, target),
            HitEffect::WoundOnPassedDef => {}
            // «quita 1 nivel de escudo de energía»: an energy shield's level (one with its own CH
            // DEF), not Escudo coriáceo's, which is no energy shield (audit 29a: it took one).
            HitEffect::DrainShield => {
                if st.shield(target).is_some_and(|(def, _, _)| def > 0) {
                    st.lose_shield_level(target)
                }
            }
            HitEffect::Knockback => {
                // Munición de parada: «El objetivo retrocede DAÑ +2 - CON».
                let k = dmg + 2 - st.info(target).con as i16;
                knock_back(st, log, a.attacker, target, k.clamp(0, 20) as u8);
            }
            HitEffect::Stun => st.ch_mut(target).tbits |= STUNNED | STUN_FRESH,
            HitEffect::Ignite => {
                st.ch_mut(target).tbits |= BURNING;
                log.push(|| Event::Status {
                    who: target,
                    text: "catches fire",
                });
            }
            // «Si el objetivo no muere»: on a dead one it changes nothing that matters.
            HitEffect::Destabilise => st.destabilise(target),
        }
    }
}

/// ENE lost to a hit, down to ENE −10 at most.
fn lose_ene(st: &mut State, log: &mut Log, who: CharIdx, k: i16) {
    let c = st.ch_mut(who);
    let before = c.ene;
    c.ene = (c.ene as i16 - k).max(ENE_MIN as i16) as i8;
    let (spent, left) = (before - c.ene, c.ene);
    log.push(|| Event::Ene { who, spent, left });
}

/// Whether an attack with `weapon` of `attacker` on `target` has effect `f` on the attacker's
/// or the weapon's side.
pub(super) fn attacker_has(
    st: &State,
    attacker: CharIdx,
    weapon: Option<u8>,
    f: impl Fn(&Effect) -> bool,
) -> bool {
    st.fx_with_weapon(attacker, weapon).any(f)
}

/// The CH DEF of `who` against `dmg`, with the second CH DEF of its traits (7 vidas, Otra
/// oportunidad, Salvaguarda) after a failure that is not a fumble, and the repeated CH DEF of
/// Proveedor pirata after a pass / Munición excepcional after a pass that is not a critical;
/// Larga vida and Munición corrosiva change the wounds of a passed CH DEF. Returns the wounds
/// and the roll that decided.
#[allow(clippy::too_many_arguments)]
pub(super) fn defence_wounds(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    dmg: i16,
    extra_def: i8,
    pierce: i16,
    scope: Scope,
    attacker: Option<CharIdx>,
    weapon: Option<u8>,
) -> (i16, Roll) {
    let no_reroll =
        attacker.is_some_and(|a| attacker_has(st, a, weapon, |e| matches!(e, Effect::NoDefReroll)));
    let (mut w, mut roll) = defence_roll(
        st, d, log, who, dmg, extra_def, pierce, scope, attacker, no_reroll,
    );
    let info = st.info(who);
    let second = info.effects.iter().find_map(|e| match e {
        Effect::SecondDef(s) => Some(*s),
        _ => None,
    });
    // Proveedor pirata, «Si pasa el CH DEF, hace otro»: every pass, a critical too (audit 27b:
    // a critical was kept) — the text names no exception, where Munición excepcional's
    // «Objetivo repite CH DEF si no lo supera con un crítico» does. The second decides.
    let own = info.has_effect(|e| {
        matches!(
            e,
            Effect::RepeatPassedDef {
                who: crate::creation::effect::Who::Holder
            }
        )
    });
    let ammo = attacker.is_some_and(|a| {
        attacker_has(st, a, weapon, |e| {
            matches!(
                e,
                Effect::RepeatPassedDef {
                    who: crate::creation::effect::Who::TargetOfHolder
                }
            )
        })
    });
    if roll.pass && (own || (ammo && !roll.critical)) {
        (w, roll) = defence_roll(
            st, d, log, who, dmg, extra_def, pierce, scope, attacker, no_reroll,
        );
    }
    if !roll.pass && !roll.fumble {
        if let Some(s) = second {
            let def = st.def_total(who, false) - pierce;
            let lower = match s {
                SecondDef::Minus(k) => k as i16,
                SecondDef::Half => def - (def + 1) / 2,
                // Salvaguarda, «un 2º CH DEF con DEF = 5»: 5 stands for the DEF its protections
                // give, and what changes a DEF changes it as any (the attack's DEF cut —
                // Munición perforante —, as the scoped changes and the stance already did;
                // audit 29b: the cut was dropped, the second CH DEF made at 5 whatever pierced).
                SecondDef::Is(k) => st.def_total(who, false) - k as i16,
            };
            (w, roll) = defence_roll(
                st,
                d,
                log,
                who,
                dmg,
                extra_def,
                pierce + lower,
                scope,
                attacker,
                no_reroll,
            );
        }
    }
    if roll.pass && !roll.critical {
        if st
            .info(who)
            .has_effect(|e| matches!(e, Effect::NoWoundsOnPassedDef))
        {
            w = 0;
        }
        if attacker.is_some_and(|a| {
            attacker_has(st, a, weapon, |e| {
                matches!(e, Effect::OnHit(HitEffect::WoundOnPassedDef))
            })
        }) {
            w = w.max(1);
        }
    }
    (w, roll)
}

/// Whether `who` acts in its own activation (its «actuación»): it is the actor of the
/// activation in course, not a character reacting to it.
fn in_own_activation(st: &State, who: CharIdx) -> bool {
    match st.pending() {
        Pending::Act { actor } => actor == who,
        Pending::Window { actor, .. } | Pending::Reaction { actor, .. } => actor == who,
        _ => false,
    }
}

/// After `attacker` gave `target` wounds (`w` > 0) in an attack: Psicópata's ENE, Saikikku and
/// Sangre de ácido on those in contact with the target (a melee or a ranged wound), and, when
/// the target died in melee, Devora almas and Fatality.
pub(crate) fn after_wounds(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    attacker: CharIdx,
    weapon: Option<u8>,
    target: CharIdx,
    melee: bool,
) {
    // The attacker's traits here are the character's and, as every weapon trait when that
    // weapon is used, the weapon's (audit 21b: a weapon's Psicópata, Rematador, Devora almas or
    // Fatality did nothing).
    let gain: i8 = st
        .fx_with_weapon(attacker, weapon)
        .map(|e| match e {
            Effect::EneOnWounding(k) => *k,
            _ => 0,
        })
        .sum();
    if gain != 0 {
        let c = st.ch_mut(attacker);
        c.ene = (c.ene as i16 + gain as i16).clamp(ENE_MIN as i16, ENE_MAX as i16) as i8;
    }
    // Sanguinario: «Cada actuación, DAÑ +1 en CaC si hiere en CaC» — a wound dealt in its own
    // activation: a reaction is an «Acción de un Pj fuera de su actuación» (REACCIONES), so a
    // melee wound dealt reacting (or in a free attack in another's activation) starts no
    // streak (audit 29b: it did, and its next melee reactions struck + 1).
    if melee && in_own_activation(st, attacker) {
        st.ch_mut(attacker).tbits |= BLOODIED;
    }
    // Rematador: «Lo que mata no puede resucitar».
    if st.dead(target) && attacker_has(st, attacker, weapon, |e| *e == Effect::FinalKill) {
        st.ch_mut(target).tbits |= NO_RISE;
    }
    let stress = st.info(target).effect_sum(|e| match *e {
        Effect::StressWhenWounded(k) => Some(k as i16),
        _ => None,
    }) as u8;
    // Saikikku and Sangre de ácido: «Si le hieren» is any wound of an attack, a shot's too —
    // «todos en CaC» names who suffers, those in contact, not how it was wounded (audit 23:
    // only a melee attack's wound counted).
    if stress > 0 {
        // Saikikku: «Si le hieren, todos en CaC ganan 1 estrés, sin CH DEF. Y un bonus deja de
        // funcionarles hasta sus actuaciones».
        for j in enemies_in_contact(st, target) {
            st.ch_mut(j).tbits |= SUPPRESSED;
            add_stress(st, d, log, j, stress, Some(target));
        }
    }
    if st
        .info(target)
        .has_effect(|e| matches!(e, Effect::AcidBlood))
    {
        // «Si le hieren, todos en CaC sufre una herida, sin CH DEF, y una Protección, -1 CAL».
        for j in enemies_in_contact(st, target) {
            wear_protection(st, j);
            add_wounds(st, d, log, j, 1, Some(target));
        }
    }
    if melee && !st.able(target) && st.kill_rush_by(attacker, weapon) > 0 {
        st.ch_mut(attacker).tbits |= KILL_RUSH;
    }
    if melee {
        on_melee_kill(st, d, log, attacker, weapon, target);
    }
}

/// «Si mata en CaC» (Devora almas, Fatality): `attacker` just attacked `target` in melee with
/// `weapon` (`None`: unarmed or a meta-ability of ALC 0, «Atacar con metahabilidades»; audit
/// 25b); nothing unless the target left the fight.
pub(crate) fn on_melee_kill(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    attacker: CharIdx,
    weapon: Option<u8>,
    target: CharIdx,
) {
    if !st.able(target) {
        let kills: smallvec::SmallVec<[KillEffect; 2]> = st
            .fx_with_weapon(attacker, weapon)
            .filter_map(|e| match e {
                Effect::OnKillMelee(k) => Some(*k),
                _ => None,
            })
            .collect();
        for k in kills {
            match k {
                KillEffect::Heal(n) => {
                    if st.info(attacker).effects.contains(&Effect::NoHealing) {
                        continue;
                    }
                    let c = st.ch_mut(attacker);
                    c.wounds = c.wounds.saturating_sub(n);
                }
                KillEffect::PsycheAround(r) => {
                    let p = st.ch(attacker).pos;
                    let side = st.side_of(attacker);
                    let near: smallvec::SmallVec<[CharIdx; 8]> = st
                        .indices()
                        .filter(|&j| {
                            st.side_of(j) != side && st.able(j) && st.ch(j).pos.dist(p) <= r
                        })
                        .collect();
                    for j in near {
                        psyche(st, d, log, j, Some(attacker));
                    }
                }
            }
        }
    }
}

/// The able enemies of `who` in base contact with it (Sangre de ácido, Saikikku).
fn enemies_in_contact(st: &State, who: CharIdx) -> smallvec::SmallVec<[CharIdx; 8]> {
    let p = st.ch(who).pos;
    let side = st.side_of(who);
    st.indices()
        .filter(|&j| st.side_of(j) != side && st.able(j) && st.ch(j).pos.adjacent(p))
        .collect()
}

/// What the substance traits change in one hit: DAÑ (Munición anti), the DAÑ the target suffers
/// (Alérgico × 2), the target's DEF (Resistencia a) and its wounds (Invulnerable × 0).
#[derive(Clone, Copy, Debug)]
pub(super) struct SubstanceMods {
    /// DAÑ change.
    pub dmg: i16,
    /// Multiplier of the DAÑ the target suffers, before its CH DEF (Alérgico: 2).
    pub dmg_mul: i16,
    /// DEF change of the target.
    pub def: i16,
    /// Wounds multiplier (Invulnerable: 0).
    pub wounds_mul: u8,
}

/// The folded words an attack is made of: the weapon's name and its traits (names and texts),
/// or, with no weapon, the attacker's race and its traits (claws, fists).
fn attack_matter(st: &State, a: &Attack) -> String {
    use crate::creation::effect::SubstanceRole;
    use crate::creation::traits::fold_name;
    let info = st.info(a.attacker);
    let (name, traits) = match a.weapon.filter(|&w| st.has_weapon(a.attacker, w)) {
        Some(w) => {
            let wp = st.weapon_def(a.attacker, w);
            (wp.name.as_str(), &wp.traits)
        }
        None => (info.def.race.name.as_str(), &info.def.race.traits),
    };
    let mut out = fold_name(name);
    for t in traits {
        out.push(' ');
        out.push_str(&fold_name(&t.to_string()));
    }
    // Ponzoña: the substance poured on the attacker's weapons (or on this one) goes in too.
    for s in &info.substances {
        if s.role == SubstanceRole::Venom && (s.weapon.is_none() || s.weapon == a.weapon) {
            out.push(' ');
            out.push_str(&s.text);
        }
    }
    out
}

/// The folded words a target is made of: its race, its race's traits and its protections.
fn target_matter(st: &State, t: CharIdx) -> String {
    use crate::creation::traits::fold_name;
    let def = &st.info(t).def;
    let mut out = fold_name(&def.race.name);
    for tr in &def.race.traits {
        out.push(' ');
        out.push_str(&fold_name(&tr.to_string()));
    }
    for p in &def.protections {
        out.push(' ');
        out.push_str(&fold_name(&p.name));
    }
    out
}

/// Alérgico («Una sustancia te provoca DAÑ x2»), Invulnerable («Inmune a una sustancia o
/// elemento»), Resistencia a («DEF+2 contra ()»), Munición anti («DAÑ+2 contra ()»): the text
/// matches when it appears in the folded names of the attack (weapon and its traits) or of the
/// target (race, its traits, protections).
pub(super) fn substance_mods(st: &State, a: &Attack) -> SubstanceMods {
    use crate::creation::effect::SubstanceRole;
    let mut m = SubstanceMods {
        dmg: 0,
        dmg_mul: 1,
        def: 0,
        wounds_mul: 1,
    };
    let (att, tgt) = (st.info(a.attacker), st.info(a.target));
    if att.substances.is_empty() && tgt.substances.is_empty() {
        return m;
    }
    let found = |hay: &str, s: &str| !s.is_empty() && hay.contains(s);
    if !tgt.substances.is_empty() {
        let matter = attack_matter(st, a);
        for s in &tgt.substances {
            if !found(&matter, &s.text) {
                continue;
            }
            match s.role {
                // «Una sustancia te provoca DAÑ x2»: the DAÑ, before the CH DEF (audit 21b).
                SubstanceRole::Allergic => m.dmg_mul = 2,
                SubstanceRole::Immune => m.wounds_mul = 0,
                SubstanceRole::Resistant => m.def += 2,
                SubstanceRole::Anti | SubstanceRole::Venom => {}
            }
        }
    }
    let anti = att
        .substances
        .iter()
        .filter(|s| s.role == SubstanceRole::Anti && (s.weapon.is_none() || s.weapon == a.weapon));
    let mut matter = None;
    for s in anti {
        let hay = matter.get_or_insert_with(|| target_matter(st, a.target));
        if found(hay, &s.text) {
            m.dmg += 2;
        }
    }
    m
}

/// The free attacks traits give after a melee hit (`ctx.free`: none in answer to them):
/// Orgulloso («Si gana heridas en CaC y no muere, podrá 1 ataque gratis a su agresor») — the
/// wounded target strikes back with its best melee weapon; Grito de veterano («Aliados a 5K con
/// crítico en CH IMP ganan ataque extra (ENE 0)») — the attacker strikes the same target again.
pub(super) fn free_attacks(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    critical: bool,
    wounded: bool,
) {
    let mut free = Ctx {
        first_used: true,
        free: true,
        ..Ctx::default()
    };
    let proud = a.melee
        && wounded
        && st.able(a.target)
        && st.able(a.attacker)
        && st
            .info(a.target)
            .effects
            .contains(&Effect::FreeAttackWhenWounded);
    if proud {
        proud_strike(st, d, log, a, &mut free);
    }
    // Grito de venganza: the ally killed in melee strikes its killer with its best melee weapon
    // (RULES.md, "Traits in play, share D": «muere» — dead, not only out of the fight).
    let avenged = a.melee
        && wounded
        && st.dead(a.target)
        && st.able(a.attacker)
        && st.ally_aura_max(a.target, |e, dist| match *e {
            Effect::VengeanceAura(k) => (dist <= k) as u8,
            _ => 0,
        }) > 0;
    if avenged {
        log.push(|| Event::Status {
            who: a.target,
            text: "strikes its killer (Grito de venganza)",
        });
        strike_back(st, d, log, a, &mut free);
    }
    // «ganan ataque extra (ENE 0)»: free of ENE, not of the weapon's rounds or uses — an
    // emptied magazine or a spent Cargas has no extra shot (audit 29c: it fired anyway).
    let ready = a.weapon.is_none_or(|w| st.weapon_ready(a.attacker, w));
    if critical && ready && st.able(a.attacker) && st.able(a.target) && veteran_near(st, a.attacker)
    {
        log.push(|| Event::Status {
            who: a.attacker,
            text: "attacks again (Grito de veterano)",
        });
        // The extra attack «(ENE 0)» is a combat action of its own: Cargar's «CH IMP +1 y DAÑ
        // +1 en la siguiente acción de combate CaC» was the critical one's (audit 29c: the
        // extra attack charged again, + 1 and + 1, and Grito de combate's «1er ataque»).
        finish_melee(st, a);
        resolve_attack(st, d, log, *a, &mut free);
    }
}

/// Orgulloso's «1 ataque gratis a su agresor» (the checks made by the caller).
fn proud_strike(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, a: &Attack, free: &mut Ctx) {
    log.push(|| Event::Status {
        who: a.target,
        text: "strikes back (Orgulloso)",
    });
    strike_back(st, d, log, a, free);
}

/// Orgulloso after a melee attack that is no weapon's (a meta-ability of ALC 0, «Atacar con
/// metahabilidades»): `target`, wounded by `attacker` in CaC and still able, strikes it back
/// for free with its best melee weapon, as after a weapon's attack (`free_attacks`).
pub(crate) fn proud_strikes_back(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    attacker: CharIdx,
    target: CharIdx,
) {
    if st.able(target)
        && st.able(attacker)
        && st
            .info(target)
            .effects
            .contains(&Effect::FreeAttackWhenWounded)
    {
        let a = Attack {
            attacker,
            target,
            weapon: None,
            melee: true,
            mode: ShotMode::Normal,
            special: Special::Wound,
            free_bonus: 0,
            with: With::Weapon,
        };
        let mut free = Ctx {
            first_used: true,
            free: true,
            ..Ctx::default()
        };
        proud_strike(st, d, log, &a, &mut free);
    }
}

/// Whether an able ally of `who` with Grito de veterano is within its reach.
fn veteran_near(st: &State, who: CharIdx) -> bool {
    st.ally_aura_max(who, |e, dist| match *e {
        Effect::ExtraAttackOnCritical(k) => (dist <= k) as u8,
        _ => 0,
    }) > 0
}

/// The target of `a` strikes its attacker once, free, with its best melee weapon (Orgulloso,
/// Grito de venganza).
fn strike_back(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, a: &Attack, free: &mut Ctx) {
    let weapon = (0..st.weapon_slots(a.target))
        .filter(|&w| st.weapon_usable(a.target, w) && st.weapon_def(a.target, w).range == 0)
        .max_by_key(|&w| (st.weapon_dmg(a.target, w), std::cmp::Reverse(w)));
    let back = Attack {
        attacker: a.target,
        target: a.attacker,
        weapon,
        melee: true,
        mode: ShotMode::Normal,
        special: Special::Wound,
        free_bonus: 0,
        with: With::Weapon,
    };
    resolve_attack(st, d, log, back, free);
}

/// The charge and surprise bonuses last for one melee combat action. So does a Contracarga
/// against that charge («CH DEF+1 contra carga»): with the charge spent it answers nothing
/// more (audit 23; it met the charger's next charge too, until the counter's activation).
pub(super) fn finish_melee(st: &mut State, a: &Attack) {
    if a.melee {
        let charged = st.ch(a.attacker).has(CHARGING);
        let c = st.ch_mut(a.attacker);
        c.set(CHARGING | SURPRISING, false);
        if charged {
            st.drop_answers(a.attacker, COUNTERCHARGE);
        }
    }
}
