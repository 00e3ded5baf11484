//! METAHABILIDADES: using a meta-ability archetype (Usar una metahabilidad, Mantener una
//! metahabilidad, Pifias con metahabilidades, ACCIONES / Atacar con metahabilidades) and the
//! traits that say what one does (Magia: despistar, Magia: anular; Maestro rúnico, Runas de
//! vacío). RULES.md, "Using meta-abilities".
//!
//! The rulebook says what a meta-ability costs (ENE), how far it reaches (ALC), the check of its
//! kind and how long it lasts, but little of what one without a `Magia: …` trait does. The
//! decision (RULES.md): what it does follows from its traits —
//! - `Magia: anular`: it cancels a meta-ability of the other side in force on its target;
//! - `Magia: despistar`: it moves an enemy as many K as the user's INT, straight away from it;
//! - any other trait with an effect on a character (DEF, check modifiers …): a *boon*, cast on
//!   the user itself or an ally, whose effects are the target's while it lasts;
//! - none of these (only its kind): an *attack* on an enemy — «Atacar con metahabilidades.-
//!   Según la metahabilidad, el CH IMP se realizará con: mutación CH CON, bunkai CH AGI,
//!   invocación CH INT y atadura CH VOL» — whose CH IMP is the kind's CH ATR and whose DAÑ is
//!   its CAL (CAL: «fuerza del arquetipo»), + 1 on a critical, against a normal CH DEF.

use crate::actions::combat::{attr_check_target, auto_hit, hit_overload, knock_back, vol_enf, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::area::Shape;
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::Pos;
use crate::creation::effect::{CheckKind, Effect, Scope, Stat};
use crate::psychology::psyche;
use crate::state::*;

pub use crate::creation::meta_use::Use;

/// The CH ATR of a meta-ability of kind `stat`: Distorsión envenenada makes 9 and 10 fumbles
/// of an Invocación (the INT kind) within its reach (`combat::distortion`); `imp`: an attack's CH
/// IMP in that scope (its criticals: Arma de francotirador, Sin dientes on the character; its
/// CH IMP re-rolls: De precisión, Entrenado para matar, Maestro guerrero).
pub(crate) fn meta_check(
    st: &State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    stat: Stat,
    t: i8,
    imp: Option<Scope>,
) -> crate::basics::check::Roll {
    let fumble_min = if stat == Stat::Int {
        crate::actions::combat::distortion(st, who).0
    } else {
        10
    };
    crate::actions::combat::atr_check_fumbling(
        st,
        d,
        log,
        who,
        stat,
        t,
        check_name(stat),
        fumble_min,
        imp,
    )
}

/// The number of meta-abilities `who` has.
pub fn count(st: &State, who: CharIdx) -> u8 {
    // Not the bonuses of a Mascota mágica listed after them (`actions::pet`).
    st.info(who).def.meta_abilities.len().min(u8::MAX as usize) as u8
}

fn effects(st: &State, who: CharIdx, m: u8) -> &[Effect] {
    st.info(who)
        .meta_effects
        .get(m as usize)
        .map_or(&[], |v| v.as_slice())
}

/// The kind of meta-ability `m` of `who`: the attribute of its CH ATR (Mutación CON, Bunkai
/// AGI, Invocación INT, Atadura VOL). None: it has no kind trait.
pub fn kind(st: &State, who: CharIdx, m: u8) -> Option<Stat> {
    effects(st, who, m).iter().find_map(|e| match e {
        Effect::MetaKind(s) => Some(*s),
        _ => None,
    })
}

/// The attribute `who` uses meta-ability `m` with, when it may use it: its race or traits make
/// it a user of that kind («Metamorfo.- Puede realizar mutaciones con un CH CON», Cinético,
/// Neuromante, Titiritero).
pub fn usable(st: &State, who: CharIdx, m: u8) -> Option<Stat> {
    let k = kind(st, who, m)?;
    st.info(who)
        .has_effect(|e| *e == Effect::MetaUser(k))
        .then_some(k)
}

/// What meta-ability `m` of `who` does (module docs; [`Use::of`]).
pub fn use_of(st: &State, who: CharIdx, m: u8) -> Use {
    Use::of(effects(st, who, m))
}

/// ENE of using meta-ability `m` of `who`: its ENE («ENE.- Energía que debe gastar un Pj para
/// usar este arquetipo»), 1 less with Maestro rúnico on an Invocación («ENE -1 en armas con el
/// bonus invocación»: a meta-ability is the archetype that carries Invocación), minimum 1.
pub fn cost(st: &State, who: CharIdx, m: u8) -> i8 {
    let Some(a) = st.info(who).def.meta_abilities.get(m as usize) else {
        return 0;
    };
    let mut ene = a.ene.min(10) as i8;
    if kind(st, who, m) == Some(Stat::Int) && st.info(who).has_effect(|e| *e == Effect::RuneMaster)
    {
        ene -= 1;
    }
    ene.max(1)
}

/// ENE the user pays for meta-ability `m`: its [`cost`] less the Maná it has left this turn
/// («tanta ENE como N para usar metahabilidades»), which [`spend_mana`] uses up first.
pub fn cost_after_mana(st: &State, who: CharIdx, m: u8) -> i8 {
    let c = cost(st, who, m);
    c - (st.ch(who).mana as i8).min(c)
}

/// Uses up the Maná that paid part of meta-ability `m` (called when it is used).
pub(crate) fn spend_mana(st: &mut State, who: CharIdx, m: u8) {
    let c = cost(st, who, m).max(0) as u8;
    let me = st.ch_mut(who);
    me.mana -= me.mana.min(c);
}

/// Whether `target` is within the ALC of meta-ability `m` of `who` («ALC.- Alcance, distancia a
/// la que podemos elegir un objetivo»): ALC 0 reaches the user itself and whoever is in contact.
pub fn in_range(st: &State, who: CharIdx, m: u8, target: CharIdx) -> bool {
    direct_range(st, who, m, target) || via_resonator(st, who, m, target).is_some()
}

/// The resonator an invocation of `who` goes through to reach `target`. Only an invocation does
/// («puede invocar desde este Pj»: a neuromante who is also, say, a cinético sends no Bunkai
/// through it; audit 27b).
fn via_resonator(st: &State, who: CharIdx, m: u8, target: CharIdx) -> Option<CharIdx> {
    if kind(st, who, m) != Some(Stat::Int) {
        return None;
    }
    crate::actions::meta_resonator::resonator(st, who, m, target)
}

/// [`in_range`] measured from `who` itself (no Resonador).
fn direct_range(st: &State, who: CharIdx, m: u8, target: CharIdx) -> bool {
    if st.info(who).def.meta_abilities.get(m as usize).is_none() {
        return false;
    }
    st.ch(who).pos.dist(st.ch(target).pos) <= st.meta_range(who, m).max(1)
}

/// Whether `who` may keep (Mantener) meta-ability `m` on `target` for its ENE alone: it cast it
/// successfully on `target` last turn (or kept it then) and has not done so this turn.
pub fn keepable(st: &State, who: CharIdx, m: u8, target: CharIdx) -> bool {
    let c = st.ch(who);
    c.kept == m + 1 && c.kept_on == target && !c.has(KEPT_NOW)
}

/// The meta-ability actions of `who` (acting, not a puppet), with their ENE: for each
/// meta-ability it may use, every target its use allows within ALC. Attacks and Magia:
/// despistar are attacks: not after Esprintar («No puede atacar este turno»), and not on hidden
/// enemies.
pub(crate) fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let side = st.side_of(who);
    for m in 0..count(st, who) {
        if usable(st, who, m).is_none() {
            continue;
        }
        // Magia: telekinesis moves objects, never characters (`actions::meta_telekinesis`).
        if effects(st, who, m).contains(&Effect::Telekinesis) {
            continue;
        }
        let ene = cost(st, who, m);
        let u = use_of(st, who, m);
        if u == Use::Raise {
            for j in st.indices() {
                if super::meta_raise::raisable(st, who, j) {
                    f(ActKind::Meta { meta: m, target: j }, ene);
                }
            }
            continue;
        }
        for j in st.indices() {
            if !st.able(j) || !in_range(st, who, m, j) {
                continue;
            }
            let enemy = st.side_of(j) != side;
            let jc = st.ch(j);
            if enemy && jc.has(HIDDEN) && st.hidden_from(who, j) {
                continue;
            }
            let ok = match u {
                // An area is aimed at points (`area_options` below), not at one target.
                Use::Attack if area_of(st, who, m).is_some() => false,
                // Anónimo / Miedo en las manos: an attack of ALC > 0 is a shot («disparar»;
                // audit 25b), ALC 0 a melee one.
                Use::Attack => {
                    enemy
                        && !st.ch(who).has(SPRINTED)
                        && (st.meta_range(who, m) == 0 || st.may_shoot_at(who, j))
                }
                Use::Displace => enemy && !st.ch(who).has(SPRINTED),
                // «Duerme a un enemigo tranquilo»: neither in panic nor with stress.
                Use::Sleep => enemy && !jc.has(PANIC) && jc.stress == 0,
                // «Tranquiliza a un enemigo»: one with stress or in panic.
                Use::Calm => enemy && (jc.has(PANIC) || jc.stress > 0),
                // Not again while it is in force.
                Use::Curse => enemy && !(jc.spell == m + 1 && jc.spell_by == who),
                // Only a meta-ability of the other side is worth cancelling.
                Use::Cancel => jc.spell != 0 && st.side_of(jc.spell_by) != side,
                // Not again while it is in force, unless it is kept (which renews it).
                Use::Raise => false,
                Use::Boon => {
                    !enemy
                        && (!(jc.spell == m + 1 && jc.spell_by == who) || keepable(st, who, m, j))
                }
            };
            if ok {
                f(ActKind::Meta { meta: m, target: j }, ene);
            }
        }
        if let (Use::Attack, Some(shape)) = (u, area_of(st, who, m)) {
            if !st.ch(who).has(SPRINTED) {
                let range = st.meta_range(who, m);
                crate::actions::combat::area_aims(st, who, shape, range, |at| {
                    f(ActKind::MetaArea { meta: m, at }, ene)
                });
            }
        }
    }
}

/// The area of meta-ability `m` of `who` (its Área bonus), if it has one.
pub fn area_of(st: &State, who: CharIdx, m: u8) -> Option<Shape> {
    effects(st, who, m).iter().find_map(|e| match e {
        Effect::Area(s) => Some(*s),
        _ => None,
    })
}

/// The CH ATR of meta-ability `stat`'s kind, as the log names it.
fn check_name(stat: Stat) -> &'static str {
    match stat {
        Stat::Con => "CH CON meta",
        Stat::Agi => "CH AGI meta",
        Stat::Int => "CH INT meta",
        Stat::Vol => "CH VOL meta",
    }
}

/// A meta-ability attack with the Área bonus aimed at `at` (`meta mN x,y`): the CH ATR of its
/// kind is the CH IMP (with the ranged modifiers to the point, as an area weapon's), then the
/// area lands as a weapon's does (`combat::burst`: every mini it covers, friend and foe, DAÑ =
/// CAL, whole or half, + 1 and no cover on a critical). A fumble is «Pifias con
/// metahabilidades» (+1 stress unless a CH PSI is passed) — no DAÑ 1 hit and no wear, there is
/// no weapon — and the area then scatters as on any failed CH IMP (Dispersión, ALC > 0; an ALC 0
/// area misses). No CH VOL ENF: the area is aimed at a point, not «sobre un Pj enemigo»
/// (RULES.md, "Using meta-abilities").
pub(crate) fn use_meta_area(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    m: u8,
    at: Pos,
    ctx: &mut Ctx,
) {
    use crate::actions::combat::{
        burst, occupant, ranged_hit_modifiers, scatter_after, template_for, Attack, Burst, Special,
        With,
    };
    let (Some(stat), Some(shape)) = (usable(st, who, m), area_of(st, who, m)) else {
        return;
    };
    spend_mana(st, who, m);
    // Cobarde: «Debe superar un CH PSI para atacar» — a meta-ability's area is an attack.
    if crate::actions::combat::coward_holds_back(st, d, log, who, occupant(st, at)) {
        return;
    }
    st.ch_mut(who).set(HIDDEN, false);
    let aimed = occupant(st, at).filter(|&j| j != who);
    let cal = st.info(who).def.meta_abilities[m as usize].quality;
    let mut a = Attack {
        attacker: who,
        target: aimed.unwrap_or(who),
        weapon: None,
        melee: false,
        mode: crate::basics::action::ShotMode::Normal,
        special: Special::Wound,
        free_bonus: 0,
        with: With::Power { dmg: cal },
    };
    // Por sobrecarga: «CH IMP y CH AGI -1 …» — the kind's CH ATR is this CH IMP. The
    // situation's CH IMP modifiers (range, cover, smoke …) come from `ranged_hit_modifiers`, but
    // not its trait part, a CH AGI's (`trait_check_mod` of a Hit): the kind's CH ATR already has
    // the effects on every CH ATR and on its attribute, and takes the CH IMP's own ones
    // (`hit_only_mod`) — audit 31d: Muy torpe's «CH AGI -1» lowered an invocación's CH INT, and
    // a bunkai's CH AGI twice.
    let hit_state = st.trait_state_check_mod(who, CheckKind::Hit, aimed, true)
        - st.trait_state_check_mod(who, CheckKind::Attr(stat), aimed, true);
    let t = attr_check_target(st, who, stat, ctx, aimed, true)
        + ranged_hit_modifiers(st, &a, aimed, at)
        - st.trait_check_mod(who, CheckKind::Hit, Scope::Ranged, None, aimed, true)
        + hit_state
        + st.hit_only_mod(who, Scope::Ranged, aimed)
        + crate::actions::transport::area_aim_mod(st, at, aimed)
        - hit_overload(st, who, stat);
    let roll = meta_check(st, d, log, who, stat, t, Some(Scope::Ranged));
    if roll.fumble {
        crate::psychology::meta_fumble(st, d, log, who);
    }
    let range = st.meta_range(who, m);
    let malus = effects(st, who, m).contains(&Effect::Scatter);
    let Some(scatter) = scatter_after(st, who, at, malus, range, &roll) else {
        return;
    };
    let tpl = template_for(shape, st.ch(who).pos, at, range == 0);
    let b = Burst {
        shape,
        at,
        tpl,
        scatter,
        critical: roll.critical,
        extra: 0,
        // Cuerpo de luz: «invulnerable al DAÑ de las invocaciones que él mismo lanza».
        spare: (stat == Stat::Int && st.info(who).effects.contains(&Effect::OwnSummonsHarmless))
            .then_some(who),
        ground: false,
    };
    burst(st, d, log, &mut a, b);
}

/// Usar una metahabilidad (`meta mN TARGET`). A kept boon (Mantener) needs no check. Otherwise
/// the CH ATR of its kind (a fumble: +1 stress unless a CH PSI is passed); on an enemy, then a
/// CH VOL ENF of the user against the target («requiere superar un CH VOL ENF extra»), then
/// Runas de vacío; then what it does ([`Use`]).
pub(crate) fn use_meta(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    m: u8,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    let Some(stat) = usable(st, who, m) else {
        return;
    };
    spend_mana(st, who, m);
    let u = use_of(st, who, m);
    // Cobarde: «Debe superar un CH PSI para atacar» — «Atacar con metahabilidades» too.
    if u == Use::Attack && crate::actions::combat::coward_holds_back(st, d, log, who, Some(target))
    {
        return;
    }
    // Radiante: an attack of ALC > 0 is a ranged one (audit 25b), held back as a shot.
    if u == Use::Attack
        && st.meta_range(who, m) > 0
        && crate::actions::combat::radiant_holds_back(
            st,
            d,
            log,
            who,
            Some(target),
            || st.meta_range(who, m) as u16,
            ctx,
        )
    {
        return;
    }
    if u == Use::Boon && keepable(st, who, m, target) {
        log.push(|| Event::Status {
            who,
            text: "keeps a meta-ability",
        });
        boon(st, who, m, target);
        return;
    }
    // Resonador: out of direct reach, the invocation goes through a resonator, who pays for it.
    // (Magia: resucitar reaches VOL K, not ALC: its options measured it.)
    if u != Use::Raise && !direct_range(st, who, m, target) {
        let Some(r) = via_resonator(st, who, m, target) else {
            return;
        };
        if !crate::actions::meta_resonator::resonate(st, d, log, who, r) || !st.able(who) {
            return;
        }
    }
    // A corpse does not resist (Magia: resucitar).
    let enemy = u != Use::Raise && st.side_of(target) != st.side_of(who);
    if enemy {
        st.ch_mut(who).set(HIDDEN, false);
    }
    // An attack's CH ATR is its CH IMP («Atacar con metahabilidades»): Por sobrecarga reaches
    // it, whatever the kind's attribute (`combat::hit_overload`).
    let imp = if u == Use::Attack {
        hit_overload(st, who, stat)
    } else {
        0
    };
    // The target's traits on whoever attacks it (Difícil de matar, Camuflaje; Absorción de
    // impacto below) reach this CH IMP and DAÑ: an ALC 0 attack is a melee one, any other a
    // ranged one (RULES.md, audit 24).
    let scope = if st.meta_range(who, m) == 0 {
        Scope::Melee
    } else {
        Scope::Ranged
    };
    // And the user's own CH IMP traits of that kind of attack (Profesión arquero «CH IMP +1 a
    // distancia» at ALC > 0, Odio's «en CaC» at ALC 0) and the CH IMP auras, as its CH IMP
    // re-rolls and criticals reach it (audits 25b, 29a); audit 31d: only the target's own did.
    let against = if u == Use::Attack {
        st.hit_only_mod(who, scope, Some(target))
    } else {
        0
    };
    let t = attr_check_target(st, who, stat, ctx, enemy.then_some(target), enemy) - imp + against;
    let roll = meta_check(
        st,
        d,
        log,
        who,
        stat,
        t,
        (u == Use::Attack).then_some(scope),
    );
    if roll.fumble {
        crate::psychology::meta_fumble(st, d, log, who);
        return;
    }
    if u == Use::Raise {
        if roll.pass && st.able(who) && super::meta_raise::raisable(st, who, target) {
            super::meta_raise::raise(st, log, who, target);
        }
        return;
    }
    if !roll.pass || !st.able(target) {
        return;
    }
    if enemy {
        if !vol_enf(st, d, log, who, target, "resists the meta-ability") {
            return;
        }
        if void_runes(st, d, log, target, who) {
            return;
        }
    }
    match u {
        Use::Attack => {
            let cal = st.info(who).def.meta_abilities[m as usize].quality as i16;
            // Its DAÑ meets every DAÑ trait of that kind of attack, the attacker's (Odio,
            // «DAÑ +1 en CaC» …: audit 31c, only the target's reached it) and the target's
            // (Absorción de impacto), as a meta-ability's area does (`attack_damage`).
            let mods = st.trait_damage_mod(who, None, target, scope, roll.critical);
            let dmg = (cal + roll.critical as i16 + mods).max(0);
            let before = st.ch(target).wounds;
            let def = auto_hit(st, d, log, target, dmg, Some(who));
            // «Crítico en CH DEF: 0 heridas y, en CaC, un impacto automático de DAÑ 1 al
            // atacante»: an ALC 0 attack is a melee one (above), so the target's critical CH DEF
            // hits the user back, as against a weapon in CaC (RULES.md, audit 25a).
            if scope == Scope::Melee && def.critical && st.able(who) {
                crate::actions::combat::critical_def_counter(st, d, log, target, who);
            }
            // Acobardamiento on the user: «Si impacta, objetivo CH PSI».
            crate::actions::combat::frighten_on_hit(st, d, log, who, None, target);
            // The wound triggers of an attack (audit 30a: a meta-ability's set off none) —
            // Psicópata's ENE, Sangre de ácido and Saikikku on those in contact with the
            // target, Rematador — and, ALC 0 being a melee attack, Devora almas and Fatality
            // after a kill (audit 25b), Sed de sangre; then Orgulloso's «ataque gratis a su
            // agresor» for wounds taken in CaC.
            if st.ch(target).wounds > before {
                let melee = scope == Scope::Melee;
                crate::actions::combat::after_wounds(st, d, log, who, None, target, melee);
                if melee {
                    crate::actions::combat::proud_strikes_back(st, d, log, who, target);
                }
            }
        }
        Use::Displace => displace(st, log, who, target),
        Use::Cancel => cancel(st, log, target),
        Use::Boon => boon(st, who, m, target),
        Use::Sleep => {
            st.ch_mut(target).set(KNOCKED_OUT, true);
            log.push(|| Event::Status {
                who: target,
                text: "falls asleep",
            });
        }
        Use::Curse => {
            // «Sobre un Pj aliado: dura hasta el final de su siguiente actuación»: an enemy's
            // malus lasts as long (issue 16, item 4); it is not kept (Mantener keeps boons).
            let c = st.ch_mut(target);
            c.spell = m + 1;
            c.spell_by = who;
            c.set(SPELL_SELF, false);
            log.push(|| Event::Status {
                who: target,
                text: "is cursed",
            });
        }
        Use::Raise => {}
        Use::Calm => {
            let c = st.ch_mut(target);
            c.stress = 0;
            c.set(PANIC, false);
            log.push(|| Event::Status {
                who: target,
                text: "calms down",
            });
        }
    }
}

/// The boon of meta-ability `m` of `who` on `target`, in force until the start of the user's
/// next activation on itself, or the end of the target's next activation on an ally; the user
/// may keep it next turn.
fn boon(st: &mut State, who: CharIdx, m: u8, target: CharIdx) {
    let c = st.ch_mut(target);
    c.spell = m + 1;
    c.spell_by = who;
    c.set(SPELL_SELF, target == who);
    let me = st.ch_mut(who);
    me.kept = m + 1;
    me.kept_on = target;
    me.set(KEPT_NOW, true);
}

/// Magia: anular: the meta-ability in force on `target` ends, and its user can no longer keep
/// it (it has to be cast again, CH ATR included).
fn cancel(st: &mut State, log: &mut Log, target: CharIdx) {
    let by = st.ch(target).spell_by;
    let c = st.ch_mut(target);
    c.spell = 0;
    c.set(SPELL_SELF, false);
    let caster = st.ch_mut(by);
    if caster.kept != 0 && caster.kept_on == target {
        caster.kept = 0;
        caster.set(KEPT_NOW, false);
    }
    log.push(|| Event::Status {
        who: target,
        text: "has a meta-ability cancelled",
    });
}

/// Magia: despistar, «Mueve a un enemigo tantos K como INT» (the user's INT): straight away
/// from the user, as Empujar pushes, stopping before a square it cannot enter. The choice of
/// direction is left out so as not to multiply the legal actions (RULES.md).
fn displace(st: &mut State, log: &mut Log, who: CharIdx, target: CharIdx) {
    let int = st.info(who).int;
    knock_back(st, log, who, target, int);
}

/// Runas de vacío on `target` against `user`'s meta-ability: once per turn, 1D10 of 5 or less
/// cancels it; a 1 (a critical) also gives the user 1 stress unless it passes a CH PSI (the
/// «CH DEF = CH PSI»). True: cancelled.
fn void_runes(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    target: CharIdx,
    user: CharIdx,
) -> bool {
    let tc = st.ch(target);
    if tc.has(VOID_USED) || !st.info(target).has_effect(|e| *e == Effect::VoidRunes) {
        return false;
    }
    st.ch_mut(target).set(VOID_USED, true);
    let r = d.d10();
    log.push(|| Event::Status {
        who: target,
        text: "uses Runas de vacío",
    });
    if r > 5 {
        return false;
    }
    log.push(|| Event::Status {
        who: target,
        text: "cancels the meta-ability with Runas de vacío",
    });
    if r == 1 {
        psyche(st, d, log, user, Some(target));
    }
    true
}

/// The durations at the start of `who`'s activation: a meta-ability it cast on itself ends
/// («Sobre el propio Pj: dura hasta el inicio de su siguiente actuación»).
pub(crate) fn at_activation_start(st: &mut State, who: CharIdx) {
    let (spell, by) = (st.ch(who).spell, st.ch(who).spell_by);
    // Mascota mágica: its bonus runs on to the end of this activation.
    let pet = spell != 0 && super::pet::is_pet_spell(st, who, spell, by);
    let c = st.ch_mut(who);
    if c.spell != 0 && c.has(SPELL_SELF) {
        if !pet {
            c.spell = 0;
        }
        c.set(SPELL_SELF, false);
    }
}

/// The durations at the end of `who`'s activation: a meta-ability an ally (or enemy) cast on it
/// ends («dura hasta el final de su siguiente actuación»). One cast during this very activation
/// (by itself) is [`SPELL_SELF`] and stays.
pub(crate) fn at_activation_end(st: &mut State, who: CharIdx) {
    let c = st.ch_mut(who);
    if c.spell != 0 && !c.has(SPELL_SELF) {
        c.spell = 0;
    }
}

/// At the end of a turn: a meta-ability cast or kept this turn may be kept next turn; one not
/// kept this turn no longer may (Mantener: «en el siguiente turno … lanzado exitosamente en el
/// turno anterior»). Runas de vacío is ready again.
pub(crate) fn at_turn_end(c: &mut CharState) {
    if c.has(KEPT_NOW) {
        c.set(KEPT_NOW, false);
    } else {
        c.kept = 0;
    }
    c.set(VOID_USED, false);
}
