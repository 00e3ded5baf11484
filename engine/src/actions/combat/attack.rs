//! COMBATE: resolving one attack — CH IMP, criticals and fumbles, a shot into a melee, the hit
//! and its effects, flanks (Munición silenciosa) and the front quarter.

#[allow(unused_imports)]
use super::*;

pub(super) fn hit_roll(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    ctx: &mut Ctx,
) -> Roll {
    let target = atr_target(st, a.attacker, Stat::Agi, ctx, true) + hit_modifiers(st, a);
    let scope = scope_of(st, a);
    let rule = CheckRule {
        crit_max: crit_max(st, a.attacker, a.weapon),
        auto_pass: st.auto_pass(a.attacker, CheckKind::Hit),
        reroll: st.may_reroll(a.attacker, CheckKind::Hit, scope, a.weapon, false),
        reroll_fumble: st.may_reroll(a.attacker, CheckKind::Hit, scope, a.weapon, true),
    };
    let roll = roll_check(d, target, &rule);
    log.push(|| Event::Check {
        who: a.attacker,
        what: "CH IMP",
        roll,
    });
    roll
}

/// Another fighter in the melee of `target` (Ataque a distancia a un combate CaC), chosen with
/// a d10 among the able characters in contact with it, in index order (RULES.md).
pub(super) fn other_fighter(
    st: &State,
    d: &mut dyn DiceSource,
    shooter: CharIdx,
    target: CharIdx,
) -> Option<CharIdx> {
    let tp = st.ch(target).pos;
    let others: smallvec::SmallVec<[CharIdx; 8]> = st
        .indices()
        .filter(|&j| j != target && j != shooter && st.able(j) && st.ch(j).pos.adjacent(tp))
        .collect();
    if others.is_empty() {
        return None;
    }
    let r = d.d10() as usize;
    Some(others[(r - 1) % others.len()])
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
    // Esconderse: enemies need a CH INT ENF to find it and act on it.
    if st.ch(a.target).has(HIDDEN) {
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
    // Cargadores: every shot spends a round — «Ataque CaC con arma de disparo» too, since the gun
    // is fired (weapon DAÑ, a second CH IMP); only weapons with a magazine count rounds.
    if let Some(w) = a.weapon {
        if st.weapon_magazine(a.attacker, w) > 0 {
            let left = st.weapon_ammo(a.attacker, w).saturating_sub(1);
            st.set_weapon_ammo(a.attacker, w, left);
        }
    }
    let surprise = a.melee && {
        let c = st.ch(a.attacker);
        c.has(SURPRISING) && c.mark == a.target
    };
    let dodging = a.melee && !matches!(a.with, With::Body { .. }) && {
        let t = st.ch(a.target);
        t.has(DODGE) && t.mark == a.attacker
    };
    let mut critical = false;
    let mut extra_dmg: i16 = 0;
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
            finish_melee(st, &a);
            return false;
        }
        critical = ra.critical;
        if rb.fumble {
            extra_dmg += 1;
        }
    } else {
        let r = hit_roll(st, d, log, &a, ctx);
        if r.fumble {
            // Pifia en CH IMP: an automatic hit of DAÑ 1 on the attacker, the weapon wears.
            let worn = match a.with {
                With::Object { item, .. } => Some(item),
                _ => a.weapon,
            };
            if let Some(w) = worn {
                st.wear_weapon(a.attacker, w);
            }
            auto_hit(st, d, log, a.attacker, 1, None);
            finish_melee(st, &a);
            return false;
        }
        if !r.pass {
            finish_melee(st, &a);
            return false;
        }
        critical = r.critical;
        let gun_in_melee = a.melee
            && a.weapon
                .is_some_and(|w| st.weapon_def(a.attacker, w).range > 0);
        if gun_in_melee {
            // Ataque CaC con arma de disparo: a second CH IMP.
            let r2 = hit_roll(st, d, log, &a, ctx);
            if !r2.pass {
                finish_melee(st, &a);
                return false;
            }
        }
        if a.mode == ShotMode::IntoMelee && !a.melee && !r.critical {
            let r2 = hit_roll(st, d, log, &a, ctx);
            if !r2.pass {
                match other_fighter(st, d, a.attacker, a.target) {
                    Some(o) => {
                        log.push(|| Event::Status {
                            who: o,
                            text: "is hit instead",
                        });
                        a.target = o;
                    }
                    None => return false,
                }
            }
        }
    }
    let hit_target = a.target;
    match a.special {
        Special::Wound => apply_hit(st, d, log, &a, critical, surprise, extra_dmg, None),
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
    if st.able(hit_target)
        && st
            .info(a.attacker)
            .has_effect(|e| matches!(e, Effect::PsycheOnHit))
    {
        psyche(st, d, log, hit_target, Some(a.attacker));
    }
    finish_melee(st, &a);
    true
}

/// The charge and surprise bonuses last for one melee combat action.
pub(super) fn finish_melee(st: &mut State, a: &Attack) {
    if a.melee {
        let c = st.ch_mut(a.attacker);
        c.set(CHARGING | SURPRISING, false);
    }
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

#[allow(clippy::too_many_arguments)]
pub(super) fn apply_hit(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    critical: bool,
    surprise: bool,
    extra_dmg: i16,
    area: Option<AreaHit>,
) {
    let scope = scope_of(st, a);
    let mut dmg = attack_damage(st, a, critical) + extra_dmg;
    if area.is_some_and(|h| h.half) {
        // Redondeo: «Hasta N'49 se redondean a N, y para N'5 o más a N+1».
        dmg = (dmg + 1) / 2;
    }
    let mut pierce: i16 = a
        .weapon
        .map(|w| {
            st.weapon_fx(a.attacker, w)
                .iter()
                .map(|e| match e {
                    Effect::PierceDef { amount } => *amount as i16,
                    _ => 0,
                })
                .sum()
        })
        .unwrap_or(0);
    // Ataque sorpresa: «DEF-2 en la siguiente acción de combate CaC». Like «Munición
    // perforante: El objetivo, DEF -2», it lowers the defender's DEF itself — the CH DEF target
    // and the DEF a passed CH DEF subtracts — not only the check (unlike cobertura's «CH DEF +2»).
    if surprise {
        pierce += 2;
    }
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
    let covered = !a.melee
        && !critical
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
    }
    if ap != tp {
        extra += flank_def(st, a, tp, ap);
    }
    let (w, droll) = defence(
        st,
        d,
        log,
        a.target,
        dmg,
        extra,
        pierce,
        scope,
        Some(a.attacker),
    );
    let mut w = final_wounds(st, a.target, w, dmg + droll.fumble as i16);
    if a.weapon.is_none() && a.with == With::Weapon {
        // Ataque CaC sin armas: at most 1 wound + 1 per critical.
        w = w.min(1 + critical as u8);
    }
    add_wounds(st, d, log, a.target, w, Some(a.attacker));
    if a.melee && droll.critical && !matches!(a.with, With::Body { .. }) {
        // Crítico en CH DEF en CaC: an automatic hit of DAÑ 1 on the attacker (not on a rammer:
        // Embestir, «No recibe impacto»).
        auto_hit(st, d, log, a.attacker, 1, Some(a.target));
    }
}

/// Munición silenciosa: «CH DEF -1 atacando por un flanco o por detrás» — the CH DEF change of
/// the weapon (or of every weapon, on a race, protection or object) when the attacker stands
/// outside the target's front: the quarter (90°) centred on its facing, closed (RULES.md,
/// Traits). The 180° CdV arc cannot be the front here: «por detrás» is already outside it (as
/// Ataque sorpresa's «a la espalda»), so «un flanco» is the rest of it beyond the front quarter.
pub(super) fn flank_def(st: &State, a: &Attack, tp: Pos, ap: Pos) -> i8 {
    let info = st.info(a.attacker);
    let k: i8 = a
        .weapon
        .and_then(|w| info.weapon_effects.get(w as usize))
        .into_iter()
        .flatten()
        .chain(&info.effects)
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
