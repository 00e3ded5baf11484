//! METAHABILIDADES' mental actions: Corromper / Hackear, Combate mental, Contramagia, Curar
//! estrés (PSICOLOGÍA / Estrés) and Poseer, with the meta-users who may make them
//! (Neuromante: INT; Titiritero: VOL). RULES.md, "METAHABILIDADES".
//!
//! The stress these actions give goes through [`crate::psychology::add_stress`], so its
//! thresholds (stress = VOL ends the activation and forces a CH LOC; stress > VOL is
//! unconsciousness) are the ones PSICOLOGÍA already applies.

use crate::actions::combat::{atr_check, attr_check_target, hit_overload, opposed, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{opposed_winner, Event, Log, Roll};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{Effect, Stat};

use crate::psychology::{add_stress, meta_fumble};
use crate::state::*;

/// ENE of every mental action (Corromper, Combate mental and each exchange after the first,
/// Contramagia, Curar, Poseer: «(3, …)»).
pub const MIND_ENE: i8 = 3;

/// The attribute `who` makes mental actions with: INT for a neuromante, VOL for a titiritero;
/// a character that is both uses the higher (INT on a tie). None: it is neither.
pub fn mind_stat(st: &State, who: CharIdx) -> Option<Stat> {
    let info = st.info(who);
    let neuro = info.has_effect(|e| matches!(e, Effect::MetaUser(Stat::Int)));
    let puppet = info.has_effect(|e| matches!(e, Effect::MetaUser(Stat::Vol)));
    match (neuro, puppet) {
        (true, true) if st.vol(who) > info.int => Some(Stat::Vol),
        (true, _) => Some(Stat::Int),
        (false, true) => Some(Stat::Vol),
        (false, false) => None,
    }
}

/// Whether `who` is a neuromante (METAHABILIDADES: «Neuromante.- … con un CH INT»).
pub fn is_neuromante(st: &State, who: CharIdx) -> bool {
    st.info(who)
        .has_effect(|e| matches!(e, Effect::MetaUser(Stat::Int)))
}

/// The value of the attribute a mental action uses: INT, or VOL after permanent losses.
pub fn stat_value(st: &State, who: CharIdx, stat: Stat) -> u8 {
    match stat {
        Stat::Vol => st.vol(who),
        Stat::Int | Stat::Agi => {
            crate::actions::meta_raise::raised_stat(st, who, stat).unwrap_or(if stat == Stat::Int {
                st.info(who).int
            } else {
                st.info(who).agi
            })
        }
        Stat::Con => st.info(who).con,
    }
}

/// Whether `who` may aim a mental action of `stat` at `target`: within INT / VOL K («A tantos
/// K como INT / VOL»), and, for a titiritero, a living character («un titiritero (VOL) sobre un
/// personaje vivo»; No vivo).
fn in_reach(st: &State, who: CharIdx, stat: Stat, target: CharIdx) -> bool {
    let d = st.ch(who).pos.dist(st.ch(target).pos);
    d <= stat_value(st, who, stat)
        && (stat == Stat::Int
            || !st
                .info(target)
                .has_effect(|e| matches!(e, Effect::NotLiving)))
}

/// The mental actions `who` may make acting, with their ENE: Corromper on every able enemy in
/// reach (not after Esprintar, «No puede atacar este turno»: it is an attack), and, for a
/// neuromante, Curar estrés on itself or an ally in contact with stress.
pub(crate) fn actor_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let Some(stat) = mind_stat(st, who) else {
        return;
    };
    let side = st.side_of(who);
    let me = st.ch(who);
    for j in st.indices() {
        if st.side_of(j) != side {
            if me.has(SPRINTED) {
                continue;
            }
            if st.able(j) && in_reach(st, who, stat, j) {
                f(ActKind::Hack { target: j }, MIND_ENE);
            }
            if may_possess(st, who, stat, j) {
                f(ActKind::Possess { target: j }, MIND_ENE);
            }
            continue;
        }
        // Poseer a willing ally (`may_possess`).
        if j != who && may_possess(st, who, stat, j) {
            f(ActKind::Possess { target: j }, MIND_ENE);
        }
        // Marcar un objetivo: «Un neuromante o un titiritero que esté poseyendo a otro personaje
        // podrá realizar esta acción para marcarlo».
        let jc = st.ch(j);
        if jc.has(POSSESSED)
            && jc.possessor == who
            && st.able(j)
            && !(jc.has(MARKED) && jc.marker == who)
        {
            f(ActKind::Mark { target: j }, MIND_ENE);
        }
        // Curar estrés [Neuromante]: as Curar (self or an ally in contact), on a character with
        // stress. An ally unconscious from stress may be tended (it wakes when its stress falls
        // to VOL); a casualty is off the table, so not on a square a base now holds.
        let jc = st.ch(j);
        if is_neuromante(st, who)
            && (j == who || jc.pos.dist(me.pos) == 1)
            && jc.stress > 0
            && !st.incapacitated(j)
            && !jc.has(KNOCKED_OUT)
            && (st.able(j) || !crate::actions::combat::occupied(st, jc.pos))
        {
            f(ActKind::HealStress { target: j }, MIND_ENE);
        }
    }
}

/// Whether the action `kind` of `who` is one whose CH INT a Contramagia may replace: an
/// action only a neuromante makes (Corromper, Poseer and Marcar with INT; Curar estrés).
pub fn counterable(st: &State, who: CharIdx, kind: &ActKind) -> bool {
    match kind {
        ActKind::Hack { .. } | ActKind::Possess { .. } | ActKind::Mark { .. } => {
            mind_stat(st, who) == Some(Stat::Int)
        }
        // Objects: only a neuromante hacks or possesses them, with INT (`mind_objects`).
        ActKind::HealStress { .. } | ActKind::HackObject { .. } | ActKind::PossessObject { .. } => {
            true
        }
        _ => false,
    }
}

/// Whether an enemy neuromante could counter `who`'s action: it is counterable and some able
/// enemy neuromante stands within its INT K of `who` (the early window opens for it).
pub(crate) fn counter_threat(st: &State, who: CharIdx, kind: &ActKind) -> bool {
    counterable(st, who, kind) && {
        let p = st.ch(who).pos;
        let side = st.side_of(who);
        st.indices().any(|j| {
            st.side_of(j) != side
                && st.able(j)
                && is_neuromante(st, j)
                && st.ch(j).pos.dist(p) <= st.info(j).int
        })
    }
}

/// Whether `reactor` may react with Contramagia to `actor`'s declared action.
pub(crate) fn may_counter(st: &State, reactor: CharIdx, actor: CharIdx, kind: &ActKind) -> bool {
    is_neuromante(st, reactor)
        && counterable(st, actor, kind)
        && st.ch(reactor).pos.dist(st.ch(actor).pos) <= st.info(reactor).int
}

/// The CH DEF of a mental attack, a CH VOL (Corromper: «CH DEF: CH VOL, si pasa el objetivo
/// gana tanto estrés como DAÑ-VOL. Si falla, … DAÑ completo»), with COMBATE's criticals and
/// fumbles of a CH DEF: critical, none; fumble, DAÑ + 1. Adds the stress.
fn mind_defence(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    target: CharIdx,
    dmg: i16,
    source: CharIdx,
) {
    let mut none = Ctx {
        first_used: true,
        ..Ctx::default()
    };
    let t = attr_check_target(st, target, Stat::Vol, &mut none, Some(source), false);
    let roll = atr_check(st, d, log, target, Stat::Vol, t, "CH DEF VOL");
    let vol = st.vol(target) as i16;
    let stress = if roll.critical {
        0
    } else if roll.pass {
        (dmg - vol).max(0)
    } else if roll.fumble {
        dmg + 1
    } else {
        dmg
    };
    if stress > 0 {
        add_stress(st, d, log, target, stress.min(255) as u8, Some(source));
    }
}

/// The CH of a mental action of `who` against `stat` with target `t`. When an enemy has
/// declared Contramagia against `who` (and the check is a CH INT), it becomes a CH INT ENF
/// against that neuromante (whose roll has the early −1 of a reaction): «Si gana el Pj actuando,
/// continua, si no, falla la acción. Con crítico o pifia, se recibe 1 nivel de estrés
/// (DEF=CH VOL)» — each critical gives the other 1 stress, each fumble its roller 1 stress,
/// each resisted with a CH VOL as a CH DEF (RULES.md). None: the action fails.
/// The CH INT (neuromante) or CH VOL (titiritero) of a mental action of `who` on `target`
/// (`what` names it for each attribute): the roll, or `None` when `who` has neither or the
/// check was countered away or fumbled (a meta-ability's fumble, applied here).
#[allow(clippy::too_many_arguments)]
fn mental_roll(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
    what: [&'static str; 2],
    imp: bool,
) -> Option<Roll> {
    let stat = mind_stat(st, who)?;
    let mut t = attr_check_target(st, who, stat, ctx, Some(target), true);
    // Corromper's check is its CH IMP: Por sobrecarga reaches it (not Poseer's nor Marcar's).
    if imp {
        t -= hit_overload(st, who, stat);
    }
    let what = if stat == Stat::Int { what[0] } else { what[1] };
    let roll = mind_check(st, d, log, who, stat, t, what)?;
    if roll.fumble {
        meta_fumble(st, d, log, who);
        return None;
    }
    Some(roll)
}

/// The check of a mental action (a Contramagia declared against `who` turns a CH INT into a
/// CH INT ENF, see above); `None` when countered away.
pub(crate) fn mind_check(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    stat: Stat,
    t: i8,
    what: &'static str,
) -> Option<Roll> {
    let counter = if stat == Stat::Int {
        st.indices().find(|&j| {
            let c = st.ch(j);
            c.has(COUNTER_MAGIC) && c.mark == who && st.able(j)
        })
    } else {
        None
    };
    let Some(j) = counter else {
        return Some(atr_check(st, d, log, who, stat, t, what));
    };
    st.ch_mut(j).set(COUNTER_MAGIC, false);
    let ra = atr_check(st, d, log, who, Stat::Int, t, "CH INT ENF (countered)");
    let mut early = Ctx {
        early: true,
        ..Ctx::default()
    };
    let tb = attr_check_target(st, j, Stat::Int, &mut early, Some(who), false);
    let rb = atr_check(st, d, log, j, Stat::Int, tb, "CH INT ENF (counter-magic)");
    let won = opposed_winner(&ra, &rb);
    for (roll, me, other) in [(ra, who, j), (rb, j, who)] {
        if roll.critical && st.able(other) {
            mind_defence(st, d, log, other, 1, me);
        }
        if roll.fumble && st.able(me) {
            mind_defence(st, d, log, me, 1, other);
        }
    }
    if won && st.able(who) {
        Some(ra)
    } else {
        log.push(|| Event::Status {
            who,
            text: "is countered by counter-magic",
        });
        None
    }
}

/// Corromper / Hackear (3, INT o VOL): CH IMP a CH INT / VOL (trait modifiers of the attribute
/// reach it); DAÑ of stress = INT / VOL − 4 (minimum 1), + 1 on a critical (COMBATE, «Crítico en
/// CH IMP: … DAÑ+1»), + Shin; CH DEF a CH VOL of the target ([`mind_defence`]). A fumbled CH
/// IMP is a fumble with a meta-ability (+1 stress, avoided with a CH PSI), not COMBATE's
/// automatic hit on the attacker (it has no weapon). A hidden target needs Esconderse's CH INT
/// ENF first, as any action on it.
pub(crate) fn hack(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    let Some(stat) = mind_stat(st, who) else {
        return;
    };
    if !find_hidden(st, d, log, who, target, ctx) {
        return;
    }
    let what = ["CH INT hack", "CH VOL hack"];
    let Some(roll) = mental_roll(st, d, log, who, target, ctx, what, true) else {
        return;
    };
    if !roll.pass || !st.able(target) {
        return;
    }
    let dmg = hack_damage(st, who, stat, &roll);
    mind_defence(st, d, log, target, dmg, who);
}

/// DAÑ of a Corromper of `who` with `stat` after its passed `roll`: «DAÑ Estrés = INT / VOL -4
/// (mínimo 1)», + 1 on a critical, + Shin («DAÑ+1 en … Hackear»).
pub(crate) fn hack_damage(st: &State, who: CharIdx, stat: Stat, roll: &Roll) -> i16 {
    let extra: i16 = st
        .info(who)
        .effects
        .iter()
        .map(|e| match e {
            Effect::HackDamage(k) => *k as i16,
            _ => 0,
        })
        .sum();
    ((stat_value(st, who, stat) as i16 - 4).max(1) + roll.critical as i16 + extra).max(0)
}

/// Curar choosing stress [Neuromante] («puede elegir curar estrés en lugar de heridas»): Curar's
/// table on stress — pass −1, critical −3, fail +1, fumble +3. An ally unconscious from stress
/// (stress > VOL) wakes when its stress falls back to VOL or below: the state is the threshold's.
pub(crate) fn heal_stress(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    let t = attr_check_target(st, who, Stat::Int, ctx, None, false);
    let Some(roll) = mind_check(st, d, log, who, Stat::Int, t, "CH INT heal stress") else {
        return;
    };
    if roll.pass {
        let n = if roll.critical { 3 } else { 1 };
        let vol = st.vol(target);
        let c = st.ch_mut(target);
        c.stress = c.stress.saturating_sub(n);
        let total = c.stress;
        if c.has(UNCONSCIOUS) && c.stress <= vol {
            c.set(UNCONSCIOUS, false);
        }
        log.push(|| Event::Stress {
            who: target,
            amount: -(n as i8),
            total,
        });
    } else {
        let n = if roll.fumble { 3 } else { 1 };
        add_stress(st, d, log, target, n, None);
    }
}

// ----- Combate mental -----

/// Whether the target of `hacker`'s Corromper may answer with a Combate mental: it is a
/// neuromante or titiritero, both are able, and it has the ENE (down to −10: it is not acting).
pub(crate) fn duel_offered(st: &State, hacker: CharIdx, defender: CharIdx) -> bool {
    st.able(hacker)
        && st.able(defender)
        && (mind_stat(st, defender).is_some() || ice(st, defender).is_some())
        && st.ch(defender).ene - MIND_ENE >= ENE_MIN
}

/// Hielo: the INT / VOL its Combate mental is made with, when `who` carries it and is no
/// neuromante nor titiritero (who fight with their own).
pub fn ice(st: &State, who: CharIdx) -> Option<u8> {
    if mind_stat(st, who).is_some() {
        return None;
    }
    // Resolved at setup into the carrier's effects: only a carrier that has one looks further
    // (an object switched off or wrecked by a possessor no longer protects).
    if !st.info(who).has_effect(|e| matches!(e, Effect::Ice(_))) {
        return None;
    }
    st.carried_ice(who)
}

/// Whether `who` may fight (on) against `foe`: both able, and ENE 3 to pay with ENERGÍA's
/// bound of spending outside one's own actions (down to −10), the same for both sides.
pub(crate) fn may_fight(st: &State, who: CharIdx, foe: CharIdx) -> bool {
    st.able(who) && st.able(foe) && st.ch(who).ene - MIND_ENE >= ENE_MIN
}

/// One exchange (envite) of a Combate mental: «CH IMP: CH INT / VOL ENF. DAÑ = 1 punto de
/// Estrés. CH DEF: No hay.» Both roll their own attribute, opposed; the winner gives the loser
/// 1 stress. Ties and both failing follow CH ENF (the defender — the hacker, against whom the
/// combat is made — wins a tie; nobody wins when both fail). A fumble is also a fumble with a
/// meta-ability (+1 stress, avoided with a CH PSI).
fn exchange(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    defender: CharIdx,
    hacker: CharIdx,
) {
    // A hacked object's Hielo fights for itself: its 3, its stress (`mind_objects`).
    let object = st.object_fight();
    let roll = |st: &mut State, d: &mut dyn DiceSource, log: &mut Log, who, foe| {
        let stat = mind_stat(st, who).unwrap_or(Stat::Vol);
        let mut fresh = Ctx::default();
        let own = match object {
            Some(o) if who == defender => st.object_ice(o).or(Some(3)),
            _ => ice(st, who),
        };
        // Hielo: «con INT, VOL y CAL = 3» — the object's, not its carrier's.
        let t = match own {
            Some(k) => k as i8,
            // «CH IMP: CH INT / VOL ENF»: Por sobrecarga reaches it as every CH IMP.
            None => {
                attr_check_target(st, who, stat, &mut fresh, Some(foe), who == defender)
                    - hit_overload(st, who, stat)
            }
        };
        let what = if stat == Stat::Int {
            "CH INT ENF mental combat"
        } else {
            "CH VOL ENF mental combat"
        };
        atr_check(st, d, log, who, stat, t, what)
    };
    let ra = roll(st, d, log, defender, hacker);
    let rb = roll(st, d, log, hacker, defender);
    // Shin («DAÑ+1 en Ataque psíquico / Hackear»): each exchange is one of the «ataques
    // mentales» the combat is made of, so the winner's Shin adds to its DAÑ (audit 23). A
    // hacked object fighting has no Shin of its own.
    if opposed_winner(&ra, &rb) {
        let extra = if object.is_some() {
            0
        } else {
            shin(st, defender)
        };
        add_stress(st, d, log, hacker, 1 + extra, Some(defender));
    } else if rb.pass {
        let n = 1 + shin(st, hacker);
        lose(st, d, log, defender, hacker, n);
    }
    for (r, who) in [(ra, defender), (rb, hacker)] {
        if r.fumble && st.able(who) && !(who == defender && object.is_some()) {
            meta_fumble(st, d, log, who);
        }
    }
}

/// Shin's DAÑ + 1 of `who` (0 without it).
fn shin(st: &State, who: CharIdx) -> u8 {
    st.info(who)
        .effects
        .iter()
        .map(|e| match e {
            Effect::HackDamage(k) => *k as i16,
            _ => 0,
        })
        .sum::<i16>()
        .clamp(0, 10) as u8
}

/// The defender of a Combate mental loses `n` stress-points' worth: the hacked object fighting
/// takes it (up to its CAL), else the defender.
fn lose(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    defender: CharIdx,
    hacker: CharIdx,
    n: u8,
) {
    match st.object_fight() {
        Some(o) => st.stress_object(log, hacker, o, n),
        None => add_stress(st, d, log, defender, n, Some(hacker)),
    }
}

/// A decision of a Combate mental (`goes_on`: `mental-combat`; otherwise `hold`). The defender
/// starts it paying 3 ENE and the first exchange is made. After each exchange the defender, then
/// the hacker, say whether they go on: both, each pays ENE 3 and they exchange again; neither,
/// it ends; only one, «el que no quiera cerrará el combate a cambio de 1 punto de estrés». It
/// also ends when either is no longer able. Then the hacker's action is over.
pub(crate) fn decide(st: &mut State, goes_on: bool, d: &mut dyn DiceSource, log: &mut Log) {
    let Pending::MentalCombat {
        defender,
        hacker,
        stage,
        chain,
    } = st.pending
    else {
        return;
    };
    let go_on = match stage {
        MindStage::Offer => {
            if goes_on {
                st.pay(defender, MIND_ENE, log);
                exchange(st, d, log, defender, hacker);
            }
            goes_on
        }
        MindStage::Defender => {
            st.pending = Pending::MentalCombat {
                defender,
                hacker,
                stage: MindStage::Hacker {
                    defender_goes_on: goes_on,
                },
                chain,
            };
            return;
        }
        MindStage::Hacker { defender_goes_on } => match (defender_goes_on, goes_on) {
            (true, true) => {
                st.pay(defender, MIND_ENE, log);
                st.pay(hacker, MIND_ENE, log);
                exchange(st, d, log, defender, hacker);
                true
            }
            (false, false) => false,
            (true, false) | (false, true) => {
                let quitter = if goes_on { defender } else { hacker };
                let other = if goes_on { hacker } else { defender };
                log.push(|| Event::Status {
                    who: quitter,
                    text: "closes the mental combat",
                });
                if quitter == defender {
                    lose(st, d, log, defender, hacker, 1);
                } else {
                    add_stress(st, d, log, quitter, 1, Some(other));
                }
                false
            }
        },
    };
    if go_on && st.able(defender) && st.able(hacker) {
        st.pending = Pending::MentalCombat {
            defender,
            hacker,
            stage: MindStage::Defender,
            chain,
        };
        return;
    }
    log.push(|| Event::Status {
        who: hacker,
        text: "mental combat over",
    });
    st.set_object_fight(None);
    // A reaction's Corromper: back to the reaction window it was made in.
    match st.activation.mind_window.take() {
        Some(w) => st.back_to_window(w.actor, w.open, w.early, d, log),
        None => st.after_act(hacker, chain, log),
    }
}

// ----- Sentido arácnido -----

/// Sentido arácnido: «Puede reaccionar contra Pj escondidos, en silencio o invisibles, fuera de
/// CdV, a tantos K como VOL» — `who` may attempt a reaction to `actor` within its VOL K whether
/// it sees it or not.
pub fn spider_sense(st: &State, who: CharIdx, actor: CharIdx) -> bool {
    st.info(who)
        .has_effect(|e| matches!(e, Effect::SpiderSense))
        && st.ch(who).pos.dist(st.ch(actor).pos) <= st.vol(who)
}

/// The free turn of Sentido arácnido («Puede pivotar hacia ellos sin gastar ENE ni CH VOL»)
/// `who` may make in a window on `actor`: towards an actor within its VOL K that it does not
/// see, when it does not already face that way.
pub fn spider_pivot(
    st: &State,
    who: CharIdx,
    actor: CharIdx,
) -> Option<crate::basics::geom::Facing> {
    if !spider_sense(st, who, actor) || st.sees(who, actor) {
        return None;
    }
    let f = crate::basics::geom::Facing::towards(st.ch(who).pos, st.ch(actor).pos)?;
    (f != st.ch(who).facing).then_some(f)
}

// ----- Poseer, Marcar un objetivo -----

/// The character `who` possesses, if any.
pub fn possessed_by(st: &State, who: CharIdx) -> Option<CharIdx> {
    st.indices().find(|&j| {
        let c = st.ch(j);
        j != who && c.has(POSSESSED) && c.possessor == who && !st.raised(j)
    })
}

/// Whether `who` may try to possess `target` (Poseer: «Elige un objetivo con tantos puntos de
/// estrés como VOL o CAL»; Marcar un objetivo: «podrá intentar volver a poseerlo aunque el
/// objetivo no tenga tanto estrés»): an enemy in reach with stress ≥ VOL, or marked by `who`;
/// not dead, incapacitated or knocked out — but unconscious from stress it may be («Puede ser
/// poseído. De ser así, se levantará»), when its square is free; `who` possesses no one yet.
/// «Requiere que el objetivo tenga tantos niveles de estrés como VOL o CAL, excepto si el
/// objetivo se presta voluntario a la posesión»: an able ally is willing — its player lends it
/// (RULES.md, Poseer).
fn may_possess(st: &State, who: CharIdx, stat: Stat, target: CharIdx) -> bool {
    let c = st.ch(target);
    let stressed = c.stress >= st.vol(target) || (c.has(MARKED) && c.marker == who);
    let willing = target != who && st.side_of(target) == st.side_of(who) && st.able(target);
    (stressed || willing)
        && !st.dead(target)
        && !st.incapacitated(target)
        && !c.has(KNOCKED_OUT | POSSESSED)
        && (st.able(target) || !crate::actions::combat::occupied(st, c.pos))
        && in_reach(st, who, stat, target)
        && possessed_by(st, who).is_none()
}

/// Esconderse: «Enemigos, CH INT ENF para descubrirle y poder actuar sobre él». False: it
/// stays hidden and the action has no effect.
fn find_hidden(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
) -> bool {
    if !st.hidden_from(who, target) {
        return true;
    }
    let (found, _, _) = opposed(st, d, log, who, target, Stat::Int, ctx);
    if found {
        st.ch_mut(target).set(HIDDEN, false);
    } else {
        log.push(|| Event::Status {
            who: target,
            text: "stays hidden",
        });
    }
    found
}

/// Poseer (3, INT / VOL): a CH INT / VOL (a Contramagia may answer the neuromante's); passed,
/// the target is possessed until the end of the possessor's activation: it is on the
/// possessor's side, and the possessor's activation may contain its actions, paid with the
/// possessor's ENE. Unconscious from stress, it stands up. A fumble is a meta-ability's.
pub(crate) fn possess(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    // Esconderse hides from enemies only: a willing ally is not looked for.
    let enemy = st.side_of(target) != st.side_of(who);
    if mind_stat(st, who).is_none() || (enemy && !find_hidden(st, d, log, who, target, ctx)) {
        return;
    }
    let what = ["CH INT possess", "CH VOL possess"];
    let Some(roll) = mental_roll(st, d, log, who, target, ctx, what, false) else {
        return;
    };
    if !roll.pass || !st.able(who) {
        return;
    }
    let c = st.ch_mut(target);
    c.set(POSSESSED, true);
    c.possessor = who;
    if c.has(UNCONSCIOUS) {
        c.set(UNCONSCIOUS, false);
        c.stance = Stance::Standing;
    }
    log.push(|| Event::Status {
        who: target,
        text: "is possessed",
    });
}

/// Marcar un objetivo (3, INT / VOL): a CH INT / VOL of the possessor; passed, the character it
/// possesses is marked by it for the rest of the game (the text gives the mark no end; a later
/// mark by another replaces it).
pub(crate) fn mark(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    let what = ["CH INT mark", "CH VOL mark"];
    let Some(roll) = mental_roll(st, d, log, who, target, ctx, what, false) else {
        return;
    };
    if roll.pass {
        let c = st.ch_mut(target);
        c.set(MARKED, true);
        c.marker = who;
        log.push(|| Event::Status {
            who: target,
            text: "is marked",
        });
    }
}

/// The end of `who`'s activation ends its possession: the character goes back to its side and,
/// with stress above VOL, «volverá a caer cuando deje de estar poseído».
pub(crate) fn release(st: &mut State, who: CharIdx, log: &mut Log) {
    for j in st.indices() {
        let c = st.ch(j);
        // A raised corpse (Magia: resucitar) stays possessed for good.
        if j == who || !c.has(POSSESSED) || c.possessor != who || st.raised(j) {
            continue;
        }
        let above = c.stress > st.vol(j);
        let c = st.ch_mut(j);
        c.set(POSSESSED, false);
        c.possessor = 0;
        if above {
            c.set(UNCONSCIOUS, true);
        }
        log.push(|| Event::Status {
            who: j,
            text: "is no longer possessed",
        });
    }
}
