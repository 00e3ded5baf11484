//! MODIFICADORES of combat checks: CH ATR targets with every modifier of the action, Sobrecarga,
//! TAL vs CON, opposed checks (CH ENF), the CH IMP modifiers of attacker, target and situation,
//! superiority in numbers and the critical range.

#[allow(unused_imports)]
use super::*;

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
        // Magia: resucitar: «AGI 3, INT y VOL 1» (VOL: `State::vol`).
        Stat::Agi | Stat::Int => {
            crate::actions::meta_raise::raised_stat(st, who, stat).unwrap_or(match stat {
                Stat::Agi => info.agi,
                _ => info.int,
            })
        }
        Stat::Vol => st.check_vol(who),
    } as i8;
    // Anulador de …: «Enemigo a 2 K, AGI /2» (Redondeo: half of 5 is 3).
    let base = if st.attr_halved(who, stat) || st.halved_without_leader(who) {
        (base + 1) / 2
    } else {
        base
    };
    let mut t = base;
    if stat == Stat::Vol {
        t -= c.trauma as i8;
    }
    if c.has(PANIC) {
        t -= 1;
    }
    // Miembros prescindibles: a lost arm makes the CH IMP difficult (RULES.md, share H).
    if hit {
        t -= st.lost_arms(who);
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
    // Distorsión psíquica: «A 5 K: neuromantes y titiriteros CH ATR -1».
    t + super::area_traits::distortion(st, who).1
}

/// Sobrecarga: CH IMP and CH AGI −1 per point of DEF above CON − wounds.
pub fn overload(st: &State, who: CharIdx) -> i8 {
    // Mulo: «CON+1 para calcular … sobrecarga».
    let limit = st.strength_con(who) - st.ch(who).wounds as i16;
    (st.def_total(who, true) - limit).clamp(0, 10) as i8
}

/// Por sobrecarga on a CH IMP made with another attribute than AGI: «CH IMP y CH AGI -1 por
/// cada punto de DEF por encima de CON - heridas» reaches every CH IMP — a meta-ability's
/// attack (mutación CH CON, invocación CH INT, atadura CH VOL), Corromper's «CH IMP: CH INT /
/// VOL», Combate mental's «CH IMP: CH INT / VOL ENF» — not only the CH AGI of physical weapons.
/// A CH IMP with AGI already has it from [`atr_target`], so 0 there (never counted twice).
pub fn hit_overload(st: &State, who: CharIdx, stat: Stat) -> i8 {
    if stat == Stat::Agi {
        0
    } else {
        overload(st, who)
    }
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
    // Ajustable: «Sin penalización para CON <> TAL en 1 punto».
    let slack: i16 = info
        .effects
        .iter()
        .map(|e| match e {
            Effect::TalSlack(k) => *k as i16,
            _ => 0,
        })
        .sum();
    (tal as i16 - info.con as i16 - slack).clamp(0, 10) as i8
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
    atr_check_fumbling(st, d, log, who, stat, target, what, 10, None)
}

/// [`atr_check`] whose fumbles begin at `fumble_min` or lower (Distorsión envenenada: «9 y 10
/// en 1D10 se considera pifia realizando invocaciones»); `imp`: it is an attack's CH IMP, in
/// that scope (a meta-ability's: melee at ALC 0, else ranged).
#[allow(clippy::too_many_arguments)]
pub fn atr_check_fumbling(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    stat: Stat,
    target: i8,
    what: &'static str,
    fumble_min: u8,
    imp: Option<Scope>,
) -> Roll {
    let kind = CheckKind::Attr(stat);
    let luck = st.luck_rule(who, kind);
    let mut rule = CheckRule {
        auto_pass: st.auto_pass(who, kind),
        reroll: st.may_reroll(who, kind, Scope::Any, None, false),
        reroll_fumble: st.may_reroll(who, kind, Scope::Any, None, true),
        fumble_min: luck.fumble_min.min(fumble_min),
        ..luck
    };
    // `imp`: this CH ATR is an attack's CH IMP («Atacar con metahabilidades»): the character's
    // Arma de francotirador / Sin dientes reach its criticals (audit 25b), and its CH IMP
    // re-rolls — De precisión, Entrenado para matar, Maestro guerrero in melee (audit 29a:
    // only the attribute's were asked).
    if let Some(scope) = imp {
        let c = crit_max(st, who, None);
        rule.crit_max = if c == 0 { 0 } else { rule.crit_max.max(c) };
        rule.reroll |= st.may_reroll(who, CheckKind::Hit, scope, None, false);
        rule.reroll_fumble |= st.may_reroll(who, CheckKind::Hit, scope, None, true);
    }
    let roll = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
    log.natural(who, &roll);
    log.push(|| Event::Check { who, what, roll });
    roll
}

/// One side's roll of a CH ENF: the attribute's re-rolls and, for the side that is the object
/// of the action (`defending`), those of the CH ENF itself (Runas de rechazo: «Puede repetir
/// CH VOL ENF cuando es el objetivo de una acción»).
fn enf_check(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    stat: Stat,
    target: i8,
    defending: bool,
) -> Roll {
    let (kind, enf) = (CheckKind::Attr(stat), CheckKind::Enf(stat));
    let may = |fumble| {
        st.may_reroll(who, kind, Scope::Any, None, fumble)
            || (defending && st.may_reroll(who, enf, Scope::Any, None, fumble))
    };
    let rule = CheckRule {
        auto_pass: st.auto_pass(who, kind),
        reroll: may(false),
        reroll_fumble: may(true),
        ..st.luck_rule(who, kind)
    };
    let roll = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
    // Either side's natural result is an action's (Ambiente hostil, seed 003's example 3: both
    // melee rollers trigger); it was not kept (audit 22).
    log.natural(who, &roll);
    log.push(|| Event::Check {
        who,
        what: "CH ENF",
        roll,
    });
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
    let ta = attr_check_target(st, a, stat, ctx, Some(b), true)
        + st.trait_check_mod(a, CheckKind::Enf(stat), Scope::Any, None, Some(b), true);
    let ra = enf_check(st, d, log, a, stat, ta, false);
    let mut none = Ctx {
        first_used: true,
        ..Ctx::default()
    };
    let tb = attr_check_target(st, b, stat, &mut none, Some(a), false)
        + st.trait_check_mod(b, CheckKind::Enf(stat), Scope::Any, None, Some(a), false);
    let rb = enf_check(st, d, log, b, stat, tb, true);
    (opposed_winner(&ra, &rb), ra, rb)
}

/// «Un personaje agachado atacando CaC: CH IMP -1», «… cuerpo a tierra atacando CaC: CH IMP
/// -2»: the melee attacker's stance (a mecha struck in melee too: `transport::mecha`).
pub fn melee_attacker_stance(s: Stance) -> i8 {
    match s {
        Stance::Standing => 0,
        Stance::Crouched => -1,
        Stance::Prone => -2,
    }
}

/// The CH IMP modifiers that depend on the attacker, the target and the situation
/// (MODIFICADORES, Agacharse, Cuerpo a tierra, Esprintar, Cargar, superiority, size, speed).
pub fn hit_modifiers(st: &State, a: &Attack) -> i8 {
    if !a.melee {
        return ranged_hit_modifiers(st, a, Some(a.target), st.ch(a.target).pos);
    }
    let att = st.ch(a.attacker);
    let tgt = st.ch(a.target);
    let mut m: i8 = a.free_bonus + melee_attacker_stance(att.stance);
    m += match tgt.stance {
        Stance::Standing => 0,
        Stance::Crouched => 1,
        Stance::Prone => 2,
    };
    // Luchador consumado: «Enemigos en CaC múltiple no ganan bonus por superioridad numérica».
    if superiority(st, a.attacker, a.target)
        && !st
            .info(a.target)
            .has_effect(|e| matches!(e, Effect::NoSuperiorityAgainst))
    {
        m += 1;
    }
    m += st.two_weapons_bonus_with(a.attacker, a.weapon);
    if charge_bonus(st, a) {
        m += 1;
    }
    // Ataque CaC con objeto improvisado: «Como "ataque CaC", pero CH IMP-1».
    if matches!(a.with, With::Object { .. }) {
        m -= 1;
    }
    m + target_and_traits(st, a, scope_of(st, a), Some(a.target))
}

/// The CH IMP modifiers every attack shares: «CH IMP -1 contra este Pj» of a target that
/// sprinted, and the attacker's trait modifiers.
fn target_and_traits(st: &State, a: &Attack, scope: Scope, target: Option<CharIdx>) -> i8 {
    let sprinted = target.is_some_and(|t| st.ch(t).has(SPRINTED));
    st.trait_check_mod(a.attacker, CheckKind::Hit, scope, a.weapon, target, true)
        + st.run_hit_mod(a.attacker, a.weapon, scope)
        - sprinted as i8
        - one_handed(st, a) as i8
}

/// A 2 manos: «Necesita 2 miembros útiles para poder usarse. A una mano, CH IMP -1» — an A 2
/// manos weapon in the hands of a character with fewer than 2 useful limbs (2, + Miembro extra,
/// − Sin miembro, − arms lost to Miembros prescindibles) is used one-handed (audit 21b).
fn one_handed(st: &State, a: &Attack) -> bool {
    let Some(w) = a.weapon.filter(|&w| st.has_weapon(a.attacker, w)) else {
        return false;
    };
    if !st.weapon_fx(a.attacker, w).contains(&Effect::TwoHanded) {
        return false;
    }
    st.useful_limbs(a.attacker) < 2
}

/// The CH IMP modifiers of a ranged attack at the square `tp`, held by `target` or by nobody
/// (an area aimed at a point: the target's modifiers do not apply, RULES.md, ÁREAS).
pub fn ranged_hit_modifiers(st: &State, a: &Attack, target: Option<CharIdx>, tp: Pos) -> i8 {
    let att = st.ch(a.attacker);
    let mut m: i8 = a.free_bonus;
    let dist = att.pos.dist(tp);
    m -= ((dist.max(1) - 1) / 10) as i8;
    if matches!(a.mode, ShotMode::Long | ShotMode::Wide | ShotMode::Blind) {
        m -= 1;
    }
    if att.stance != Stance::Standing {
        m += 1;
    }
    // Por velocidad: «disparar desde o hacia un objetivo moviendo a más de 5 K» — −1 once;
    // aboard, the transport's movement is the shooter's; Artillero: none from a moving
    // transport (RULES.md, "Traits in play, share T") — the transport's movement only: its
    // «Sin negativos disparando desde y/o hacia un transporte en movimiento» waives no −1 of a
    // shooter that ran more than 5 K itself nor of a target that did (audit 29b: it waived
    // every cause once the shooter rode a moving transport).
    let (from_moving, gunner) =
        crate::actions::transport::fire::from_moving(st, a.attacker, a.weapon);
    let fast =
        att.has(FAST) || (from_moving && !gunner) || target.is_some_and(|t| st.ch(t).has(FAST));
    if fast {
        m -= 1;
    }
    if let Some(t) = target {
        let tgt = st.ch(t);
        if dist > 3 {
            m -= match tgt.stance {
                Stance::Standing => 0,
                Stance::Crouched => 1,
                Stance::Prone => 2,
            };
        }
        if st.info(t).mov > st.info(a.attacker).mov {
            m += 1;
        }
    }
    m + target_and_traits(st, a, Scope::Ranged, target)
}

pub(super) fn scope_of(st: &State, a: &Attack) -> Scope {
    if !a.melee {
        Scope::Ranged
    } else if charge_bonus(st, a) {
        Scope::Charge
    } else {
        Scope::Melee
    }
}

/// Whether the attacker's pending charge bonus applies against this target.
pub(super) fn charge_bonus(st: &State, a: &Attack) -> bool {
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

pub(super) fn crit_max(st: &State, who: CharIdx, weapon: Option<u8>) -> u8 {
    let fx: &[Effect] = weapon.map_or(&[], |w| st.weapon_fx(who, w));
    // Sin dientes, «No puede hacer críticos»: on a weapon, its CH IMP; on the character (a race,
    // protection or object trait), every CH IMP it makes, armed or not (RULES.md, Traits).
    if fx
        .iter()
        .chain(&st.info(who).effects)
        .any(|e| matches!(e, Effect::NoCritical))
    {
        0
    } else if fx
        .iter()
        .chain(&st.info(who).effects)
        .any(|e| matches!(e, Effect::WideCritical))
    {
        // Arma de francotirador, «1 y 2, críticos en el CH IMP»: on the weapon, its CH IMP; on
        // the character, every CH IMP it makes, as Sin dientes (audit 25b: it did nothing).
        2
    } else {
        1
    }
}
