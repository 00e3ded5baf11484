//! COMBATE: resolving one attack — CH IMP, criticals and fumbles, a shot into a melee, the hit
//! and its effects, flanks (Munición silenciosa) and the front quarter.

#[allow(unused_imports)]
use super::*;

/// An extra DAÑ that takes any attack's DAÑ to 0 (De Padrón), an area's too.
pub(crate) const NO_DAMAGE: i16 = -1000;

pub(super) fn hit_roll(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    ctx: &mut Ctx,
) -> Roll {
    let mut target = atr_target(st, a.attacker, Stat::Agi, ctx, true) + hit_modifiers(st, a);
    // Munición teledirigida: «El CH IMP siempre es 8».
    if let Some(k) = st
        .fx_with_weapon(a.attacker, a.weapon)
        .find_map(|e| match e {
            Effect::FixedHit(k) => Some(*k as i8),
            _ => None,
        })
    {
        target = k;
    }
    // Machina mors: «CH IMP 4» on the weapon's reaction shots (RULES.md, share H).
    if !a.melee
        && a.weapon
            .is_some_and(|w| st.weapon_fx(a.attacker, w).contains(&Effect::MachinaMors))
        && match st.pending() {
            Pending::Window { .. } => true,
            Pending::Reaction { reactor, .. } => reactor == a.attacker,
            _ => false,
        }
    {
        target = 4;
    }
    let scope = scope_of(st, a);
    let mut rule = hit_rule(st, a.attacker, a.weapon, scope);
    // Franco tirador: «Siempre acierta a un enemigo trabado en CaC».
    rule.auto_pass |= !a.melee
        && st.engaged(a.target)
        && super::triggers::attacker_has(st, a.attacker, a.weapon, |e| {
            matches!(e, Effect::SureShotEngaged)
        });
    let roll = log.chi(a.attacker, roll_check(d, target, &rule), d, target, &rule);
    log.natural(a.attacker, &roll);
    log.push(|| Event::Check {
        who: a.attacker,
        what: "CH IMP",
        roll,
    });
    roll
}

/// Another fighter in the melee of `target` (Ataque a distancia a un combate CaC), chosen with
/// a d10 among the able characters in contact with it, in index order (RULES.md): «acierta a
/// otro luchador» — one fighting: an enemy of the target in contact with it, or an ally of the
/// target that is itself engaged (a bystander beside it fights no one).
pub(super) fn other_fighter(
    st: &State,
    d: &mut dyn DiceSource,
    shooter: CharIdx,
    target: CharIdx,
) -> Option<CharIdx> {
    let tp = st.ch(target).pos;
    let others: smallvec::SmallVec<[CharIdx; 8]> = st
        .indices()
        .filter(|&j| {
            j != target
                && j != shooter
                && st.able(j)
                && st.ch(j).pos.adjacent(tp)
                && (st.side_of(j) != st.side_of(target) || st.engaged(j))
        })
        .collect();
    if others.is_empty() {
        return None;
    }
    let r = d.d10() as usize;
    Some(others[(r - 1) % others.len()])
}

/// The rule of a CH IMP of `attacker` with `weapon` in `scope`, from its traits and its
/// weapon's: criticals (Sin dientes, Arma de francotirador), Rey …'s pass, the re-rolls of a CH
/// IMP (Maestro guerrero, De precisión, Entrenado para matar …) and luck (Sin suerte, Dios de
/// …). Every CH IMP takes it — at a character and at a transport (audit 28b).
pub(crate) fn hit_rule(
    st: &State,
    attacker: CharIdx,
    weapon: Option<u8>,
    scope: Scope,
) -> CheckRule {
    let luck = st.luck_rule(attacker, CheckKind::Hit);
    // Sin suerte on the weapon («Resultados 9 y 10 son pifia»): its CH IMP, as Sin dientes on
    // a weapon is (`crit_max`; audit 30c: only the character's was read).
    // Dios del viento on the weapon («Supera CH AGI con un crítico»): its CH IMP — a CH AGI —
    // is passed as a critical (audit 31b: only the character's was read).
    let (fumble_min, crit_any) = weapon.map_or((luck.fumble_min, luck.crit_any), |w| {
        st.weapon_fx(attacker, w).iter().fold(
            (luck.fumble_min, luck.crit_any),
            |(m, c), e| match *e {
                Effect::FumbleFrom(k) => (m.min(k), c),
                Effect::CriticalPass { check } => {
                    (m, c || crate::state::check_matches(check, CheckKind::Hit))
                }
                _ => (m, c),
            },
        )
    });
    CheckRule {
        crit_max: crit_max(st, attacker, weapon),
        auto_pass: st.auto_pass(attacker, CheckKind::Hit),
        reroll: st.may_reroll(attacker, CheckKind::Hit, scope, weapon, false),
        reroll_fumble: st.may_reroll(attacker, CheckKind::Hit, scope, weapon, true),
        fumble_min,
        crit_any,
    }
}

/// Pifia en CH IMP (COMBATE): «se recibe un impacto automático de DAÑ 1, y el arma gana 1
/// herida» — the weapon (or the object swung) wears, the attacker takes the DAÑ 1 hit (its CH
/// DEF), with the weapon's fumble traits.
fn imp_fumble(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, a: &Attack) {
    let worn = match a.with {
        With::Object { item, .. } => Some(item),
        _ => a.weapon,
    };
    fumbled_imp(st, d, log, a.attacker, a.weapon, worn);
}

/// [`imp_fumble`] of `attacker` with `weapon` (`worn`: what wears, the weapon or the object
/// swung) — whatever the CH IMP was aimed at: a character, or a transport (audit 28b).
pub(crate) fn fumbled_imp(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    attacker: CharIdx,
    weapon: Option<u8>,
    worn: Option<u8>,
) {
    if let Some(w) = worn {
        st.wear_weapon(attacker, w);
    }
    // Afilada: «Se pierde con pifia» — the weapon fumbled with loses its edge (audit 21b).
    if let Some(w) = weapon {
        if super::triggers::attacker_has(st, attacker, weapon, |e| matches!(e, Effect::Sharp(_))) {
            st.blunt_weapon(attacker, w);
        }
    }
    // Peligro: «Si pifia en CH IMP, gana 1 DAÑ extra»; Munición corrosiva: «Con pifia la sufre
    // el atacante, sin CH DEF» (its wound).
    let extra: i16 = st
        .fx_with_weapon(attacker, weapon)
        .map(|e| match e {
            Effect::FumbleDamage(k) => *k as i16,
            _ => 0,
        })
        .sum();
    auto_hit(st, d, log, attacker, 1 + extra, None);
    if super::triggers::attacker_has(st, attacker, weapon, |e| {
        matches!(
            e,
            Effect::OnHit(crate::creation::effect::HitEffect::WoundOnPassedDef)
        )
    }) {
        add_wounds(st, d, log, attacker, 1, None);
    }
    // Inflamable: «Si pifia, 30% de explotar».
    super::area_traits::on_fumble(st, d, log, attacker, weapon);
}

/// Cobarde («Debe superar un CH PSI para atacar»): before any attack of a holder — a weapon's,
/// an area's, a meta-ability's — its CH PSI; failed («falla la acción y +1 estrés»), the attack
/// does not happen. Returns whether `who` holds back (`target`: the CH PSI's provoker).
pub(crate) fn coward_holds_back(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: Option<CharIdx>,
) -> bool {
    st.info(who)
        .has_effect(|e| matches!(e, Effect::PsycheToAttack))
        && !psyche(st, d, log, who, target).passed()
}

/// Acobardamiento «Si impacta, objetivo CH PSI»: the character's, or the weapon's when that
/// weapon hits (a weapon's trait acts when it is used; audit 21b: only the character's did) —
/// after a hit of `attacker` with `weapon` (none: a meta-ability's, audit 24) on `target`.
pub(crate) fn frighten_on_hit(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    attacker: CharIdx,
    weapon: Option<u8>,
    target: CharIdx,
) {
    if st.able(target)
        && super::triggers::attacker_has(st, attacker, weapon, |e| matches!(e, Effect::PsycheOnHit))
    {
        psyche(st, d, log, target, Some(attacker));
    }
}

/// Resolves an attack. Returns whether the target was hit.
pub fn resolve_attack(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    mut a: Attack,
    ctx: &mut Ctx,
) -> bool {
    // BONUS Y MALUS: Cobarde (CH PSI to attack), Horror (CH PSI to attack it in melee).
    let needs_psi = st
        .info(a.attacker)
        .has_effect(|e| matches!(e, Effect::PsycheToAttack))
        || (a.melee
            && st
                .info(a.target)
                .has_effect(|e| matches!(e, Effect::PsycheToBeCharged)));
    if needs_psi && !psyche(st, d, log, a.attacker, Some(a.target)).passed() {
        return false;
    }
    // Esconderse: enemies need a CH INT ENF to find it and act on it (not Radar an Invisible
    // one: it stays hidden from the others).
    if st.ch(a.target).has(HIDDEN) && st.hidden_from(a.attacker, a.target) {
        let (found, _, _) = opposed(st, d, log, a.attacker, a.target, Stat::Int, ctx);
        if !found {
            log.push(|| Event::Status {
                who: a.target,
                text: "stays hidden",
            });
            return false;
        }
        st.ch_mut(a.target).set(HIDDEN, false);
    }
    // BONUS Y MALUS of using the weapon (Prueba de …, Munición atascada, Dañino …).
    let used = super::triggers::on_use(st, d, log, &a, ctx);
    if used.stopped {
        super::triggers::finish_melee(st, &a);
        return false;
    }
    // Cargadores: every shot spends a round — «Ataque CaC con arma de disparo» too, since the gun
    // is fired (weapon DAÑ, a second CH IMP); only weapons with a magazine count rounds.
    // (Cargas and Arma de campaña: spent by `triggers::weapon_uses`.)
    if let Some(w) = a.weapon {
        if st.weapon_magazine(a.attacker, w) > 0 {
            let left = st.weapon_ammo(a.attacker, w).saturating_sub(1);
            st.set_weapon_ammo(a.attacker, w, left);
        }
    }
    // Arma de carga: «DAÑ +2 extra cargando y DEF -2 hasta el final del combate» — the DEF
    // is the price of charging with it, hit or miss (audit 29a: only a hit that reached the CH
    // DEF set it).
    super::runs::on_charge(st, &a);
    let surprise = a.melee && {
        let c = st.ch(a.attacker);
        c.has(SURPRISING) && c.mark == a.target
    };
    let dodging = a.melee && !matches!(a.with, With::Body { .. }) && {
        let t = st.ch(a.target);
        t.has(DODGE) && t.mark == a.attacker
    };
    let mut critical = false;
    // A fumbled second CH IMP of a shot into a melee: its mishap comes after the shot.
    let mut mishap = false;
    // De Padrón: «50% DAÑ=0» — an extra that takes any DAÑ to 0.
    let mut extra_dmg: i16 = if used.no_damage { NO_DAMAGE } else { 0 };
    if surprise {
        log.push(|| Event::Status {
            who: a.attacker,
            text: "hits by surprise",
        });
    } else if dodging {
        // Esquivar en CaC: CH AGI ENF instead of the CH IMP.
        st.ch_mut(a.target).set(DODGE, false);
        let ta = atr_target(st, a.attacker, Stat::Agi, ctx, true) + hit_modifiers(st, &a);
        let ra = atr_check(st, d, log, a.attacker, Stat::Agi, ta, "CH AGI ENF (dodged)");
        let mut early = Ctx {
            early: true,
            ..Ctx::default()
        };
        let tb = attr_check_target(st, a.target, Stat::Agi, &mut early, Some(a.attacker), false);
        let rb = atr_check(st, d, log, a.target, Stat::Agi, tb, "CH AGI ENF (dodge)");
        if rb.critical {
            auto_hit(st, d, log, a.attacker, 1, Some(a.target));
        }
        if !opposed_winner(&ra, &rb) {
            log.push(|| Event::Status {
                who: a.target,
                text: "dodges",
            });
            // «En lugar de CH IMP, CH AGI ENF»: the attacker's check stands for its CH IMP —
            // its critical is the CH IMP's (below), and so is its fumble: a Pifia en CH IMP
            // (RULES.md, ACTIONS, Esquivar en CaC; audit 21).
            if ra.fumble {
                imp_fumble(st, d, log, &a);
            }
            super::triggers::finish_melee(st, &a);
            return false;
        }
        critical = ra.critical;
        if rb.fumble {
            extra_dmg += 1;
        }
    } else {
        let r = hit_roll(st, d, log, &a, ctx);
        // Arma de enjambre: «Cada crítico, DEF-1. Cada pifia, anula un crítico».
        if let Some(n) = ctx.swarm.as_mut() {
            *n += r.critical as i8 - r.fumble as i8;
        }
        if r.fumble {
            imp_fumble(st, d, log, &a);
            super::triggers::finish_melee(st, &a);
            return false;
        }
        if !r.pass {
            super::triggers::finish_melee(st, &a);
            return false;
        }
        critical = r.critical;
        // Arma corta: «ALC = 0 en CaC en armas con hasta ALC 5» — a melee weapon there.
        let gun_in_melee = a.melee
            && a.weapon.is_some_and(|w| {
                let range = st.weapon_def(a.attacker, w).range;
                range > 0
                    && !(range <= 5 && st.weapon_fx(a.attacker, w).contains(&Effect::ShortArm))
            });
        if gun_in_melee {
            // Ataque CaC con arma de disparo: a second CH IMP.
            let r2 = hit_roll(st, d, log, &a, ctx);
            // «un segundo CH IMP»: its fumble is a Pifia en CH IMP too.
            if r2.fumble {
                imp_fumble(st, d, log, &a);
            }
            if !r2.pass {
                super::triggers::finish_melee(st, &a);
                return false;
            }
        }
        if a.mode == ShotMode::IntoMelee && !a.melee && !r.critical {
            let r2 = hit_roll(st, d, log, &a, ctx);
            // «un segundo CH IMP»: its fumble is a Pifia en CH IMP (on the shooter) — after the
            // shot, which as a failure still strikes another fighter with the weapon as fired.
            mishap = r2.fumble;
            if !r2.pass {
                match other_fighter(st, d, a.attacker, a.target) {
                    Some(o) => {
                        log.push(|| Event::Status {
                            who: o,
                            text: "is hit instead",
                        });
                        a.target = o;
                    }
                    None => {
                        if mishap {
                            imp_fumble(st, d, log, &a);
                        }
                        return false;
                    }
                }
            }
        }
    }
    // Guardaespaldas: «Cruza este Pj en la LdF» — the hit is its.
    if let Some(g) = super::runs::bodyguard(st, &a) {
        log.push(|| Event::Status {
            who: g,
            text: "takes the hit (Guardaespaldas)",
        });
        a.target = g;
    }
    let hit_target = a.target;
    match a.special {
        Special::Wound => {
            let before = st.ch(a.target).wounds;
            // Poderoso: «Puede incrementar DAÑ con Poder» — all of it, on this hit.
            let power = std::mem::take(&mut st.ch_mut(a.attacker).power);
            if power > 0 {
                log.push(|| Event::Status {
                    who: a.attacker,
                    text: "adds its Poder to the DAÑ",
                });
            }
            let extra_dmg = extra_dmg + power as i16;
            // Ataque sorpresa: DEF −2; a swarm volley's criticals: DEF −1 each.
            let volley = ctx.swarm.map_or(0, |n| n.max(0) as i16);
            let cut = if surprise { 2 } else { 0 } + volley;
            apply_hit(st, d, log, &a, critical, cut, extra_dmg, None);
            // Munición explosiva: «Impacta 2 veces (2 CH DEF)». Both hits are this one combat
            // action's, so Ataque sorpresa's «DEF-2 en la siguiente acción de combate CaC»
            // lowers the second CH DEF too (audit 28a: it had the volley's cut only).
            if st.able(a.target)
                && super::triggers::attacker_has(st, a.attacker, a.weapon, |e| {
                    matches!(e, Effect::HitsTwice)
                })
            {
                apply_hit(st, d, log, &a, critical, cut, extra_dmg, None);
            }
            if !ctx.free {
                let wounded = st.ch(a.target).wounds > before;
                super::triggers::free_attacks(st, d, log, &a, critical, wounded);
            }
        }
        Special::Push => {
            let (won, ra, _) = opposed(st, d, log, a.attacker, a.target, Stat::Con, ctx);
            if won {
                push(st, log, a.attacker, a.target, ra.critical);
            }
        }
        Special::Disarm => {
            let (won, _, _) = opposed(st, d, log, a.attacker, a.target, Stat::Agi, ctx);
            if won {
                disarm(st, log, a.target);
            }
        }
        Special::Knockout => {
            let (won, _, _) = opposed(st, d, log, a.attacker, a.target, Stat::Con, ctx);
            if won {
                st.ch_mut(a.target).set(KNOCKED_OUT, true);
                log.push(|| Event::Status {
                    who: a.target,
                    text: "is knocked out",
                });
            }
        }
        Special::Immobilise => {
            let (won, _, _) = opposed(st, d, log, a.attacker, a.target, Stat::Con, ctx);
            if won {
                let t = st.ch_mut(a.target);
                t.set(IMMOBILISED, true);
                t.held_by = a.attacker;
                log.push(|| Event::Status {
                    who: a.target,
                    text: "is immobilised",
                });
            }
        }
    }
    frighten_on_hit(st, d, log, a.attacker, a.weapon, hit_target);
    if mishap {
        imp_fumble(st, d, log, &a);
    }
    super::triggers::finish_melee(st, &a);
    true
}

/// How an area hits one of the bases it covers (ÁREAS, Daño): the attack comes from the area's
/// centre, and a base partly covered takes half the DAÑ.
#[derive(Clone, Copy, Debug)]
pub(super) struct AreaHit {
    /// The square of the area's centre (`None` when it is the target's own square: no
    /// direction, so no cover and no flank).
    pub from: Option<Pos>,
    /// Partly covered: Redondeo of DAÑ / 2.
    pub half: bool,
}

/// The DEF the weapon of an attack takes off its target's (a character's or a transport's):
/// Munición perforante «El objetivo, DEF -2», and on a critical CH IMP Munición
/// ultraperforante «DEF-5 si crítico».
pub(crate) fn weapon_pierce(
    st: &State,
    attacker: CharIdx,
    weapon: Option<u8>,
    critical: bool,
) -> i16 {
    let mut pierce: i16 = weapon
        .map(|w| {
            st.weapon_fx(attacker, w)
                .iter()
                .map(|e| match e {
                    Effect::PierceDef { amount } => *amount as i16,
                    _ => 0,
                })
                .sum()
        })
        .unwrap_or(0);
    if critical {
        pierce += st
            .fx_with_weapon(attacker, weapon)
            .map(|e| match e {
                Effect::PierceOnCritical(k) => *k as i16,
                _ => 0,
            })
            .sum::<i16>();
    }
    pierce
}

#[allow(clippy::too_many_arguments)]
pub(super) fn apply_hit(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    critical: bool,
    def_cut: i16,
    extra_dmg: i16,
    area: Option<AreaHit>,
) {
    let scope = scope_of(st, a);
    let subst = super::triggers::substance_mods(st, a);
    let mut dmg = (attack_damage(st, a, critical) + extra_dmg + subst.dmg).max(0);
    if area.is_some_and(|h| h.half) {
        // Redondeo: «Hasta N'49 se redondean a N, y para N'5 o más a N+1».
        dmg = (dmg + 1) / 2;
    }
    // Ataque sorpresa: «DEF-2 en la siguiente acción de combate CaC». Like «Munición
    // perforante: El objetivo, DEF -2», it lowers the defender's DEF itself — the CH DEF target
    // and the DEF a passed CH DEF subtracts — not only the check (unlike cobertura's «CH DEF +2»).
    // (and Arma de enjambre's criticals: `def_cut`).
    let mut pierce = weapon_pierce(st, a.attacker, a.weapon, critical) + def_cut;
    let mut extra: i8 = 0;
    let t = st.ch(a.target);
    if t.has(COUNTERCHARGE) && t.mark == a.attacker && st.ch(a.attacker).has(CHARGING) {
        extra += 1;
    }
    let tp = t.pos;
    let ap = match area {
        Some(h) => h.from.unwrap_or(tp),
        None => st.ch(a.attacker).pos,
    };
    // Munición buscadora: «Niega DEF por cobertura».
    let seeker = super::triggers::attacker_has(st, a.attacker, a.weapon, |e| {
        matches!(e, Effect::IgnoreCover)
    });
    let covered = !a.melee
        && !critical
        && !seeker
        && ap != tp
        && match area {
            // An area's centre is a square, not a character: the flat rule.
            Some(_) => st.board().cover(ap, tp),
            None => st.in_cover_from(a.attacker, a.target),
        };
    // Cuerpo a tierra: «Se tira al suelo o se cubre 100% tras cobertura» — only prone.
    let full = covered && t.stance == Stance::Prone;
    if full {
        // COMBATE / Cobertura, 100 %: first a CH DEF of the cover.
        let cover_def = st.board().cover_def() as i8;
        let roll = roll_check(d, cover_def, &CheckRule::default());
        log.push(|| Event::Check {
            who: a.target,
            what: "CH DEF cover",
            roll,
        });
        if roll.pass {
            return;
        }
    }
    if covered {
        extra += 2;
        // Sombra: «DEF +1 tras cobertura» (the DEF itself: a lower pierce).
        pierce -= st
            .info(a.target)
            .effects
            .iter()
            .map(|e| match e {
                Effect::CoverDef(k) => *k as i16,
                _ => 0,
            })
            .sum::<i16>();
    }
    // Resistencia a: «DEF+2 contra ()» — the DEF itself, as Sombra's.
    pierce -= subst.def;
    // Invulnerable: «Inmune a una sustancia o elemento» — a target immune to what the attack is
    // made of takes none of its hit's effects either (Munición incendiaria's fire, cegadora's
    // ENE …), not only no wounds (audit 28b: the fire caught and burned it every activation).
    if subst.wounds_mul != 0 {
        super::triggers::on_hit(st, d, log, a, a.target, dmg);
    }
    if !st.able(a.target) || super::runs::energy_shield(st, d, log, a) {
        return;
    }
    if ap != tp {
        extra += flank_def(st, a, tp, ap);
    }
    // Blandito and Alérgico («Sufre DAÑ x2», «te provoca DAÑ x2»): the DAÑ suffered is doubled
    // before the CH DEF (`damage::taken_damage`); `dmg` stays the attack's own DAÑ.
    let taken = super::damage::taken_damage(st, a.target, dmg) * subst.dmg_mul;
    let (w, droll) = super::triggers::defence_wounds(
        st,
        d,
        log,
        a.target,
        taken,
        extra,
        pierce,
        scope,
        Some(a.attacker),
        a.weapon,
    );
    let mut w = final_wounds(st, a.target, w, taken + droll.fumble as i16);
    // Invulnerable: no wounds from the substance.
    w = w.saturating_mul(subst.wounds_mul);
    // Sin daño: «Esta arma no inflige heridas».
    if a.weapon.is_some()
        && super::triggers::attacker_has(st, a.attacker, a.weapon, |e| {
            matches!(e, Effect::NoWounds)
        })
    {
        w = 0;
    }
    if a.weapon.is_none()
        && a.with == With::Weapon
        && !st
            .info(a.attacker)
            .has_effect(|e| matches!(e, Effect::Claws))
    {
        // Ataque CaC sin armas: at most 1 wound + 1 per critical.
        w = w.min(1 + critical as u8);
    }
    super::area_traits::set_hit_damage(dmg);
    let before = st.ch(a.target).wounds;
    add_wounds(st, d, log, a.target, w, Some(a.attacker));
    super::runs::after_hit(st, a, st.ch(a.target).wounds > before);
    if w > 0 {
        // Munición radiactiva: «Si hiere o mata, en ese punto se genera un área R3».
        super::area_traits::after_wounding(st, log, a);
        super::triggers::after_wounds(st, d, log, a.attacker, a.weapon, a.target, a.melee);
        // Munición ígnea: «Si el arma hiere, el objetivo ganará el malus sobrecalentamiento».
        if super::triggers::attacker_has(st, a.attacker, a.weapon, |e| {
            *e == Effect::OverheatOnWound
        }) {
            st.ch_mut(a.target).tbits |= OVERHEATED;
        }
    }
    if a.melee && droll.critical && !matches!(a.with, With::Body { .. }) {
        // Crítico en CH DEF en CaC: an automatic hit of DAÑ 1 on the attacker (not on a rammer:
        // Embestir, «No recibe impacto»).
        super::damage::critical_def_counter(st, d, log, a.target, a.attacker);
    }
}

/// Munición silenciosa: «CH DEF -1 atacando por un flanco o por detrás» — the CH DEF change of
/// the weapon (or of every weapon, on a race, protection or object) when the attacker stands
/// outside the target's front: the quarter (90°) centred on its facing, closed (RULES.md,
/// Traits). The 180° CdV arc cannot be the front here: «por detrás» is already outside it (as
/// Ataque sorpresa's «a la espalda»), so «un flanco» is the rest of it beyond the front quarter.
///
/// The weapon's effects are those of the weapon index used, whosever it is — an item carried
/// from another, a transport's mounted weapon (audit 29b: only the attacker's own weapon
/// indices were read, so the trait on a carried or a mounted weapon did nothing).
pub(super) fn flank_def(st: &State, a: &Attack, tp: Pos, ap: Pos) -> i8 {
    let k: i8 = st
        .fx_with_weapon(a.attacker, a.weapon)
        .map(|e| match e {
            Effect::FlankDef(k) => *k,
            _ => 0,
        })
        .sum();
    if k == 0 || in_front_quarter(st.ch(a.target).facing, tp, ap) {
        0
    } else {
        k
    }
}

/// Whether `to` lies within 45° of the facing of a base at `from` (the front quarter).
pub fn in_front_quarter(facing: Facing, from: Pos, to: Pos) -> bool {
    let (fx, fy) = facing.delta();
    let dx = to.x as i32 - from.x as i32;
    let dy = to.y as i32 - from.y as i32;
    let dot = fx as i32 * dx + fy as i32 * dy;
    let f2 = (fx * fx + fy * fy) as i32;
    // cos² ≥ ½ with a positive cosine: 2·dot² ≥ |d|²·|f|².
    dot > 0 && 2 * dot * dot >= (dx * dx + dy * dy) * f2
}
