//! COMBATE: CH IMP then CH DEF, criticals and fumbles, cover, melee damage, equipment wear,
//! and the opposed combat actions (Empujar, Desarmar, Noquear, Inmovilizar, Esquivar).

use crate::action::{CharIdx, ShotMode};
use crate::check::{opposed_winner, roll_check, CheckRule, Event, Log, Roll};
use crate::dice::DiceSource;
use crate::effect::{CheckKind, Effect, Scope, Stat};
use crate::geom::{Facing, Pos};
use crate::psychology::psyche;
use crate::state::*;

/// Modifiers of the action being resolved that reach its CH ATR (ACCIONES: combined actions,
/// reacting early; Esprintar, Correr, Concentrarse, Apoyar on "the next action").
#[derive(Clone, Copy, Debug, Default)]
pub struct Ctx {
    /// The action is part of a chain: CH ATR −1.
    pub chain: bool,
    /// A reaction made before the action it answers ends: CH ATR −1.
    pub early: bool,
    /// Applied to the first CH ATR of the action only (Concentrarse, Apoyar).
    pub first_bonus: i8,
    /// Applied to every CH ATR of the action (Esprintar −3).
    pub all_bonus: i8,
    /// Applied to CH AGI of the action (Correr ±1).
    pub agi_bonus: i8,
    /// Whether the first-check bonus was used.
    pub first_used: bool,
}

/// What an attack is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Wounds (normal attack).
    Wound,
    /// Empujar: CH CON ENF instead of CH DEF.
    Push,
    /// Desarmar: CH AGI ENF instead of CH DEF.
    Disarm,
    /// Noquear: CH CON ENF instead of wounds.
    Knockout,
    /// Inmovilizar: CH CON ENF instead of CH DEF.
    Immobilise,
}

/// What strikes, when it is not the weapon of [`Attack::weapon`] (or bare hands). The rulebook
/// gives these actions their own DAÑ (RULES.md, Embestir, Lanzar armas / objetos, Ataque CaC con
/// objeto improvisado); the item's own traits do not act, since it is not used as its weapon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum With {
    /// The weapon `weapon`, or bare hands when it is `None`.
    #[default]
    Weapon,
    /// A held item (weapon index `item`) thrown or swung as an improvised object, DAÑ by its
    /// material (steel 2, wood 1).
    Object {
        /// Weapon index of the item.
        item: u8,
        /// Its DAÑ.
        dmg: u8,
    },
    /// The attacker's body (Embestir): DAÑ = CON, and it receives no hit («No recibe impacto»).
    Body {
        /// The DAÑ.
        dmg: u8,
    },
}

/// An attack to resolve.
#[derive(Clone, Copy, Debug)]
pub struct Attack {
    /// The attacker.
    pub attacker: CharIdx,
    /// The declared target.
    pub target: CharIdx,
    /// Weapon index, or None for unarmed.
    pub weapon: Option<u8>,
    /// Melee (CaC) or ranged.
    pub melee: bool,
    /// The ranged variant.
    pub mode: ShotMode,
    /// Effect of a hit.
    pub special: Special,
    /// Free attack with CH IMP +1 (Destrabarse failure).
    pub free_bonus: i8,
    /// What strikes (`weapon` is `None` unless it is [`With::Weapon`]).
    pub with: With,
}

/// The target of an action's CH ATR of `who` on `stat` (not a hit check): [`atr_target`] plus
/// the trait modifiers of that attribute, `opponent` being the other side of an opposed check.
pub fn attr_check_target(
    st: &State,
    who: CharIdx,
    stat: Stat,
    ctx: &mut Ctx,
    opponent: Option<CharIdx>,
    attacking: bool,
) -> i8 {
    atr_target(st, who, stat, ctx, false)
        + st.trait_check_mod(
            who,
            CheckKind::Attr(stat),
            Scope::Any,
            None,
            opponent,
            attacking,
        )
}

/// The CH ATR target of `who` for `stat` within an action, with every modifier of the
/// MODIFICADORES section that is not specific to an attack.
pub fn atr_target(st: &State, who: CharIdx, stat: Stat, ctx: &mut Ctx, hit: bool) -> i8 {
    let info = st.info(who);
    let c = st.ch(who);
    let base = match stat {
        Stat::Con => info.con,
        Stat::Agi => info.agi,
        Stat::Int => info.int,
        Stat::Vol => st.vol(who),
    } as i8;
    let mut t = base;
    if stat == Stat::Vol {
        t -= c.trauma as i8;
    }
    if c.has(PANIC) {
        t -= 1;
    }
    if c.has(PSI_CRITICAL) {
        t += 1;
    }
    if ctx.chain {
        t -= 1;
    }
    if ctx.early {
        t -= 1;
    }
    t += ctx.all_bonus;
    if !ctx.first_used {
        t += ctx.first_bonus;
        ctx.first_used = true;
    }
    if stat == Stat::Agi {
        t += ctx.agi_bonus;
        t -= tal_penalty(st, who);
        // Saquear: «CH AGI -1 durante este turno por cada objeto saqueado».
        t -= c.looted.min(10) as i8;
    }
    if stat == Stat::Agi || hit {
        t -= overload(st, who);
    }
    t
}

/// Sobrecarga: CH IMP and CH AGI −1 per point of DEF above CON − wounds.
pub fn overload(st: &State, who: CharIdx) -> i8 {
    // Mulo: «CON+1 para calcular … sobrecarga».
    let limit = st.strength_con(who) - st.ch(who).wounds as i16;
    (st.def_total(who, true) - limit).clamp(0, 10) as i8
}

/// Por TAL vs CON: CH AGI −1 per point of TAL above CON (the largest TAL worn). Only above:
/// MODIFICADORES says «diferencia entre TAL y CON», but CREACIÓN DE PROTECCIONES, TAL, states the
/// rule itself — «-1 a la Agilidad por cada punto de TAL por encima de CON» (RULES.md).
pub fn tal_penalty(st: &State, who: CharIdx) -> i8 {
    let info = st.info(who);
    let tal = info
        .def
        .protections
        .iter()
        .map(|p| p.size)
        .max()
        .unwrap_or(0);
    (tal as i16 - info.con as i16).clamp(0, 10) as i8
}

/// Rolls a CH ATR of `who` with its re-roll and auto-pass traits.
pub fn atr_check(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    stat: Stat,
    target: i8,
    what: &'static str,
) -> Roll {
    let kind = CheckKind::Attr(stat);
    let rule = CheckRule {
        auto_pass: st.auto_pass(who, kind),
        reroll: st.may_reroll(who, kind, Scope::Any, None, false),
        reroll_fumble: st.may_reroll(who, kind, Scope::Any, None, true),
        ..CheckRule::default()
    };
    let roll = roll_check(d, target, &rule);
    log.push(|| Event::Check { who, what, roll });
    roll
}

/// Opposed check (CH ENF) of `a` against `b` on `stat`; true when `a` wins.
pub fn opposed(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: CharIdx,
    b: CharIdx,
    stat: Stat,
    ctx: &mut Ctx,
) -> (bool, Roll, Roll) {
    let ta = attr_check_target(st, a, stat, ctx, Some(b), true);
    let ra = atr_check(st, d, log, a, stat, ta, "CH ENF");
    let mut none = Ctx {
        first_used: true,
        ..Ctx::default()
    };
    let tb = attr_check_target(st, b, stat, &mut none, Some(a), false);
    let rb = atr_check(st, d, log, b, stat, tb, "CH ENF");
    (opposed_winner(&ra, &rb), ra, rb)
}

/// The CH IMP modifiers that depend on the attacker, the target and the situation
/// (MODIFICADORES, Agacharse, Cuerpo a tierra, Esprintar, Cargar, superiority, size, speed).
pub fn hit_modifiers(st: &State, a: &Attack) -> i8 {
    let att = st.ch(a.attacker);
    let tgt = st.ch(a.target);
    let mut m: i8 = a.free_bonus;
    let scope = scope_of(st, a);
    if a.melee {
        m += match att.stance {
            Stance::Standing => 0,
            Stance::Crouched => -1,
            Stance::Prone => -2,
        };
        m += match tgt.stance {
            Stance::Standing => 0,
            Stance::Crouched => 1,
            Stance::Prone => 2,
        };
        if superiority(st, a.attacker, a.target) {
            m += 1;
        }
        if charge_bonus(st, a) {
            m += 1;
        }
        // Ataque CaC con objeto improvisado: «Como "ataque CaC", pero CH IMP-1».
        if matches!(a.with, With::Object { .. }) {
            m -= 1;
        }
    } else {
        let dist = att.pos.dist(tgt.pos);
        m -= ((dist.max(1) - 1) / 10) as i8;
        if matches!(a.mode, ShotMode::Long | ShotMode::Wide | ShotMode::Blind) {
            m -= 1;
        }
        if att.stance != Stance::Standing {
            m += 1;
        }
        if dist > 3 {
            m -= match tgt.stance {
                Stance::Standing => 0,
                Stance::Crouched => 1,
                Stance::Prone => 2,
            };
        }
        if st.info(a.target).mov > st.info(a.attacker).mov {
            m += 1;
        }
        if att.has(FAST) || tgt.has(FAST) {
            m -= 1;
        }
    }
    if tgt.has(SPRINTED) {
        m -= 1;
    }
    m += st.trait_check_mod(
        a.attacker,
        CheckKind::Hit,
        scope,
        a.weapon,
        Some(a.target),
        true,
    );
    m
}

fn scope_of(st: &State, a: &Attack) -> Scope {
    if !a.melee {
        Scope::Ranged
    } else if charge_bonus(st, a) {
        Scope::Charge
    } else {
        Scope::Melee
    }
}

/// Whether the attacker's pending charge bonus applies against this target.
fn charge_bonus(st: &State, a: &Attack) -> bool {
    let c = st.ch(a.attacker);
    a.melee
        // Embestir is not a «combate CaC» action: Cargar's bonus waits for one.
        && !matches!(a.with, With::Body { .. })
        && c.has(CHARGING)
        && c.mark == a.target
        && !st
            .info(a.target)
            .has_effect(|e| matches!(e, Effect::NoChargeBonus))
        // Contracarga on a usable weapon the target carries (the shipped Lanza).
        && !(0..st.weapon_slots(a.target)).any(|w| {
            st.weapon_usable(a.target, w)
                && st
                    .weapon_fx(a.target, w)
                    .iter()
                    .any(|e| matches!(e, Effect::NoChargeBonus))
        })
}

/// Por superioridad numérica: the attacker's side has more fighters in this melee — the
/// attacker and its allies in contact with the target, against the target and its allies in
/// contact with the attacker (RULES.md, "Numerical superiority").
pub fn superiority(st: &State, attacker: CharIdx, target: CharIdx) -> bool {
    let ap = st.ch(attacker).pos;
    let tp = st.ch(target).pos;
    let (sa, sb) = (st.side_of(attacker), st.side_of(target));
    let mut ours = 0;
    let mut theirs = 0;
    for j in st.indices() {
        if !st.able(j) {
            continue;
        }
        let p = st.ch(j).pos;
        if st.side_of(j) == sa && (j == attacker || p.adjacent(tp)) {
            ours += 1;
        } else if st.side_of(j) == sb && (j == target || p.adjacent(ap)) {
            theirs += 1;
        }
    }
    ours > theirs
}

fn crit_max(st: &State, who: CharIdx, weapon: Option<u8>) -> u8 {
    let Some(w) = weapon else { return 1 };
    let fx = st.weapon_fx(who, w);
    if fx.iter().any(|e| matches!(e, Effect::NoCritical)) {
        0
    } else if fx.iter().any(|e| matches!(e, Effect::WideCritical)) {
        2
    } else {
        1
    }
}

fn hit_roll(st: &State, d: &mut dyn DiceSource, log: &mut Log, a: &Attack, ctx: &mut Ctx) -> Roll {
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

/// Adds wounds and applies their consequences: the CH PSI of the wounded (PSICOLOGÍA), and the
/// end of an incapacitated character's activation (handled by the caller).
pub fn add_wounds(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    n: u8,
    source: Option<CharIdx>,
) {
    if n == 0 || st.dead(who) {
        return;
    }
    let con = st.info(who).con;
    let c = st.ch_mut(who);
    c.wounds = c.wounds.saturating_add(n).min(con + 1);
    let total = c.wounds;
    log.push(|| Event::Wounds {
        who,
        amount: n,
        total,
    });
    if st.dead(who) {
        log.push(|| Event::Status {
            who,
            text: "is dead",
        });
    } else if st.incapacitated(who) {
        log.push(|| Event::Status {
            who,
            text: "is incapacitated",
        });
    } else if st.able(who) {
        psyche(st, d, log, who, source);
    }
}

/// Gives one wound to the first usable protection (pifia en CH DEF).
fn wear_protection(st: &mut State, who: CharIdx) {
    let info = &st.st.chars[who as usize];
    let nw = info.def.weapons.len();
    let slot = info
        .def
        .protections
        .iter()
        .enumerate()
        .find(|(k, p)| nw + k < MAX_EQUIPMENT && st.chars[who as usize].wear[nw + k] < p.quality)
        .map(|(k, _)| nw + k);
    if let Some(s) = slot {
        st.ch_mut(who).wear[s] += 1;
    }
}

/// Resolves a CH DEF against `dmg` and returns the wounds. `extra_def`: cover and other
/// modifiers of the check target; `pierce`: DEF ignored.
#[allow(clippy::too_many_arguments)]
fn defence(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    dmg: i16,
    extra_def: i8,
    pierce: i16,
    scope: Scope,
    attacker: Option<CharIdx>,
) -> (i16, Roll) {
    // DEF changes limited to a kind of attack (Rabia: "DEF -1 en CaC"), never for sobrecarga.
    let scoped: i16 = st
        .info(who)
        .effects
        .iter()
        .map(|e| match e {
            Effect::DefModScoped { scope: s, amount } if scope_matches(*s, scope) => *amount as i16,
            _ => 0,
        })
        .sum();
    let def = (st.def_total(who, false) + scoped - pierce).max(0);
    let tmod = st.trait_check_mod(who, CheckKind::Def, scope, None, attacker, false);
    let target = (def as i8).saturating_add(extra_def).saturating_add(tmod);
    let rule = CheckRule {
        auto_pass: st.auto_pass(who, CheckKind::Def),
        reroll: st.may_reroll(who, CheckKind::Def, scope, None, false),
        reroll_fumble: st.may_reroll(who, CheckKind::Def, scope, None, true),
        ..CheckRule::default()
    };
    let roll = roll_check(d, target, &rule);
    log.push(|| Event::Check {
        who,
        what: "CH DEF",
        roll,
    });
    let wounds = if roll.critical {
        0
    } else if roll.pass {
        (dmg - def).max(0)
    } else if roll.fumble {
        wear_protection(st, who);
        dmg + 1
    } else {
        dmg
    };
    (wounds, roll)
}

/// An automatic hit of DAÑ `dmg` (pifia en CH IMP, crítico en CH DEF en CaC): a CH DEF and its
/// wounds, with no counter-hit of its own.
pub fn auto_hit(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    victim: CharIdx,
    dmg: i16,
    source: Option<CharIdx>,
) {
    let (w, r) = defence(st, d, log, victim, dmg, 0, 0, Scope::Any, source);
    let w = final_wounds(st, victim, w, dmg + r.fumble as i16);
    add_wounds(st, d, log, victim, w, source);
}

/// Applies the defender's damage traits to wounds (Gran bestia, Blandito). `dmg`: the DAÑ of
/// the attack (Gran bestia: "Solo es herido con DAÑ > CON/2" compares the DAÑ, not the wounds
/// left after the CH DEF).
fn final_wounds(st: &State, who: CharIdx, w: i16, dmg: i16) -> u8 {
    let info = st.info(who);
    let mut w = w.max(0);
    if info.has_effect(|e| matches!(e, Effect::MinDamageHalfCon)) && dmg <= (info.con as i16) / 2 {
        w = 0;
    }
    if info.has_effect(|e| matches!(e, Effect::DoubleDamageTaken)) {
        w *= 2;
    }
    w.min(255) as u8
}

/// The DAÑ of an attack before the CH DEF.
pub fn attack_damage(st: &State, a: &Attack, critical: bool) -> i16 {
    let info = st.info(a.attacker);
    let c = st.ch(a.attacker);
    // Mulo: «CON+1 para calcular DAÑ en CaC» (the CON of every melee DAÑ below).
    let con = st.strength_con(a.attacker);
    let wounds = c.wounds as i16;
    let mut dmg = match (a.with, a.weapon) {
        // Embestir, «Personaje: DAÑ máx. = CON» (RULES.md).
        (With::Body { dmg }, _) => dmg as i16,
        // Ataque CaC con objeto improvisado: the object's DAÑ stands for «DAÑ del arma» in
        // MODIFICADORES, DAÑ en CaC (+ CON − 4 − heridas, min 1); thrown, it is the DAÑ.
        (With::Object { dmg, .. }, _) if a.melee => (dmg as i16 + con - 4 - wounds).max(1),
        (With::Object { dmg, .. }, _) => dmg as i16,
        // «Ataque CaC sin armas … Como "ataque CaC", pero DAÑ=CON-4»: CON − 4 stands for «DAÑ del
        // arma + CON − 4»; the rest of MODIFICADORES, DAÑ en CaC («− heridas sufridas (mínimo
        // 1)») still applies, as to any melee attack (RULES.md, Atacar CaC).
        (_, None) => (con - 4 - wounds).max(1),
        (_, Some(w)) => {
            let base = st.weapon_dmg(a.attacker, w);
            if a.melee {
                // MODIFICADORES, DAÑ en CaC: DAÑ del arma + CON − 4 − heridas (mínimo 1).
                (base + con - 4 - wounds).max(1)
            } else {
                base
            }
        }
    };
    if charge_bonus(st, a) {
        dmg += 1;
        for e in &info.effects {
            if let Effect::ChargeDamage(k) = e {
                dmg += *k as i16;
            }
        }
    }
    if critical {
        dmg += 1;
    }
    dmg += st.trait_damage_mod(a.attacker, a.weapon, a.target, scope_of(st, a), critical);
    dmg.max(0)
}

/// Another fighter in the melee of `target` (Ataque a distancia a un combate CaC), chosen with
/// a d10 among the able characters in contact with it, in index order (RULES.md).
fn other_fighter(
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
        Special::Wound => apply_hit(st, d, log, &a, critical, surprise, extra_dmg),
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
fn finish_melee(st: &mut State, a: &Attack) {
    if a.melee {
        let c = st.ch_mut(a.attacker);
        c.set(CHARGING | SURPRISING, false);
    }
}

fn apply_hit(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    critical: bool,
    surprise: bool,
    extra_dmg: i16,
) {
    let scope = scope_of(st, a);
    let dmg = attack_damage(st, a, critical) + extra_dmg;
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
    let (ap, tp) = (st.ch(a.attacker).pos, t.pos);
    let covered = !a.melee && !critical && st.board().cover(ap, tp);
    let full = covered && t.stance != Stance::Standing;
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
    extra += flank_def(st, a, tp, ap);
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
fn flank_def(st: &State, a: &Attack, tp: Pos, ap: Pos) -> i8 {
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

/// Empujar: the target goes straight away from the pusher CON − CON kliks (minimum 1),
/// stopping before anything it cannot enter; a critical knocks it prone.
fn push(st: &mut State, log: &mut Log, pusher: CharIdx, target: CharIdx, critical: bool) {
    let dist = (st.info(pusher).con as i16 - st.info(target).con as i16).max(1) as u8;
    let from = st.ch(target).pos;
    let Some(dir) = Facing::towards(st.ch(pusher).pos, from) else {
        return;
    };
    let mut p = from;
    for _ in 0..dist {
        let Some(n) = st.board().step(p, dir) else {
            break;
        };
        if !st.board().passable(n) || occupied(st, n) {
            break;
        }
        p = n;
    }
    st.ch_mut(target).pos = p;
    log.push(|| Event::Moved {
        who: target,
        from,
        to: p,
    });
    if critical {
        st.ch_mut(target).stance = Stance::Prone;
        log.push(|| Event::Status {
            who: target,
            text: "is knocked down",
        });
    }
}

/// Whether an able character stands on the square (casualties are removed from the table).
pub fn occupied(st: &State, p: Pos) -> bool {
    st.indices().any(|j| st.able(j) && st.ch(j).pos == p)
}

/// Desarmar: the target drops its usable weapon with the highest DAÑ — «un objeto empuñado»,
/// so never a natural one (Garras: `Material::Natural`).
fn disarm(st: &mut State, log: &mut Log, target: CharIdx) {
    let n = st.weapon_slots(target);
    let best = (0..n)
        .filter(|&w| st.weapon_usable(target, w) && crate::physical::held_item(st, target, w))
        .max_by_key(|&w| (st.weapon_dmg(target, w), std::cmp::Reverse(w)));
    if let Some(w) = best {
        st.let_go(target, w);
        log.push(|| Event::Status {
            who: target,
            text: "drops a weapon",
        });
    }
}
