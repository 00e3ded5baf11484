//! ÁREAS and CONCEPTOS BÁSICOS / Dispersión: an attack with a weapon that has the Área bonus —
//! one CH IMP, then a template (R, L, G) or a chain of jumps (S) that hits every mini it
//! covers, friend and foe alike, the whole DAÑ on a base wholly covered and half on one partly
//! covered, the attack coming from the centre of the area. A failed CH IMP of a weapon with
//! ALC > 0 scatters the template (1D10 K per 15 K); the Dispersión malus scatters it unless the
//! CH IMP is a critical (per 30 K with LdV, per 20 K without).
//!
//! The geometry is `basics::area`; the readings the text leaves open are in RULES.md, ÁREAS.

#[allow(unused_imports)]
use super::*;
use crate::basics::action::ActKind;
use crate::basics::area::{Coverage, Shape, Template, JUMP_K};

/// The area of weapon index `w` of `i` (its Área bonus), if it has one.
pub fn weapon_area(st: &State, i: CharIdx, w: u8) -> Option<Shape> {
    st.weapon_fx(i, w).iter().find_map(|e| match e {
        Effect::Area(s) => Some(*s),
        // Munición de racimo: «ARE R(DAÑ)» — the diameter is the DAÑ before its halving.
        Effect::Cluster => Some(Shape::R(st.weapon_worn_dmg(i, w).clamp(1, 255) as u8)),
        _ => None,
    })
}

/// Whether weapon index `w` of `i` has the Dispersión malus.
pub fn weapon_scatters(st: &State, i: CharIdx, w: u8) -> bool {
    st.weapon_fx(i, w)
        .iter()
        .any(|e| matches!(e, Effect::Scatter))
}

/// How far an area weapon may be aimed: its ALC, or the squares in contact (1 K) for ALC 0
/// (whose L and G start at the wielder and take only a direction from the aimed square).
pub fn aim_reach(st: &State, i: CharIdx, w: u8) -> u8 {
    weapon_area(st, i, w).map_or(st.weapon_range(i, w).max(1), |s| {
        shape_reach(s, st.weapon_range(i, w))
    })
}

/// How far an area of `shape` with ALC `range` may be aimed ([`aim_reach`]; a meta-ability's
/// area alike).
pub fn shape_reach(shape: Shape, range: u8) -> u8 {
    match shape {
        Shape::L(l) if range == 0 => l,
        Shape::G(l, d) if range == 0 => l.saturating_add(d),
        _ => range.max(1),
    }
}

/// The able character on square `p`, if any.
pub fn occupant(st: &State, p: Pos) -> Option<CharIdx> {
    st.indices().find(|&j| st.able(j) && st.ch(j).pos == p)
}

/// The template an attack of `who` with weapon `w` aimed at `at` lays (before any scatter);
/// `None` for a Salto (no geometry) or an L / G aimed at the wielder's own square.
pub fn template(st: &State, who: CharIdx, w: u8, at: Pos) -> Option<Template> {
    let shape = weapon_area(st, who, w)?;
    template_for(shape, st.ch(who).pos, at, st.weapon_range(who, w) == 0)
}

/// The template of `shape` laid from `from` towards `at` (an R centred on `at`; an L or G from
/// the edge of `from`'s base when `alc0`, else from the aimed base); `None` for a Salto.
pub fn template_for(shape: Shape, from: Pos, at: Pos, alc0: bool) -> Option<Template> {
    match shape {
        Shape::R(d) => Some(Template::round(d, at)),
        Shape::S(_) => None,
        _ => Template::directed(shape, from, at, alc0),
    }
}

/// Dispersión: how many 1D10 a scatter rolls over `dist` K at one die «por cada `per` K» — every
/// 15 (30, 20) K begun counts, so a failed CH IMP always moves the area (RULES.md, A6).
pub fn scatter_dice(dist: u8, per: u8) -> u8 {
    (dist as u16).div_ceil(per as u16).max(1) as u8
}

/// Dispersión: «tantos K como los obtenidos en 1D10 en una dirección aleatoria» — `n` d10 for
/// the distance, then a d10 for the direction (1–8: N, NE, E, SE, S, SW, W, NW; 9 and 10 are
/// rolled again). The point travels square by square and stops before leaving the board or
/// entering a wall or a high obstacle (RULES.md, A7). Returns the landing square.
pub fn scatter(st: &State, d: &mut dyn DiceSource, at: Pos, n: u8) -> (Pos, Facing, u8) {
    let (k, dir) = super::area_traits::scatter_k(d, n);
    (
        super::area_traits::walk(st, at, dir, k),
        dir,
        k.min(255) as u8,
    )
}

/// The minis a Salto hits, starting at the mini on `start`: each jump goes to the nearest able
/// mini within 3 K of the last one hit, not one already hit and never the attacker; ties go to
/// the shorter straight line, then to the lower index (RULES.md, A5).
pub fn jumps(st: &State, attacker: CharIdx, start: Pos, n: u8) -> Vec<CharIdx> {
    let Some(first) = occupant(st, start).filter(|&j| j != attacker) else {
        return Vec::new();
    };
    let mut hit = vec![first];
    while hit.len() < n as usize {
        let last = st.ch(*hit.last().unwrap_or(&first)).pos;
        let e2 = |p: Pos| {
            let (dx, dy) = (p.x as i32 - last.x as i32, p.y as i32 - last.y as i32);
            dx * dx + dy * dy
        };
        let next = st
            .indices()
            .filter(|&j| j != attacker && st.able(j) && !hit.contains(&j) && !ghost(st, j))
            // Relación entre alturas: only minis the attacker may reach at a distance.
            .filter(|&j| st.interacts(attacker, j, true))
            .map(|j| (st.ch(j).pos, j))
            .filter(|&(p, _)| p.dist(last) <= JUMP_K)
            .min_by_key(|&(p, j)| (p.dist(last), e2(p), j));
        match next {
            Some((_, j)) => hit.push(j),
            None => break,
        }
    }
    hit
}

/// Incorpóreo: an incorporeal mini takes nothing from an area («no interactuar con otros»).
#[inline]
fn ghost(st: &State, j: CharIdx) -> bool {
    st.statics().any_phase && crate::actions::incorporeal::phased(st, j)
}

/// Every mini the attack lays its area on, in index order, with how much of its base is
/// covered and the square the attack comes from (None: the area's centre is its own square).
/// The minis reached are those the attacker may reach at a distance ([`covered_from`] at its
/// altitude).
pub fn covered(
    st: &State,
    attacker: CharIdx,
    shape: Shape,
    tpl: Option<&Template>,
    landed: Pos,
) -> Vec<(CharIdx, Coverage, Option<Pos>)> {
    covered_from(st, attacker, shape, tpl, landed, st.ch(attacker).alt)
}

/// [`covered`] with the minis reached at a distance from altitude `alt` (Relación entre alturas;
/// a bomb's blast comes from the ground, altitude 1).
pub fn covered_from(
    st: &State,
    attacker: CharIdx,
    shape: Shape,
    tpl: Option<&Template>,
    landed: Pos,
    alt: i8,
) -> Vec<(CharIdx, Coverage, Option<Pos>)> {
    if let Shape::S(n) = shape {
        // Each jump comes from the mini hit before it; the first from the attacker.
        let chain = jumps(st, attacker, landed, n);
        let mut from = st.ch(attacker).pos;
        let mut out = Vec::with_capacity(chain.len());
        for &j in &chain {
            let p = st.ch(j).pos;
            out.push((j, Coverage::Full, (from != p).then_some(from)));
            from = p;
        }
        out.sort_by_key(|x| x.0);
        return out;
    }
    let Some(t) = tpl else { return Vec::new() };
    let b = st.board();
    let centre = Some(t.centre_on_board(b.width(), b.height()));
    st.indices()
        // Relación entre alturas: the area reaches the minis that may be reached at a
        // distance from `alt` (the attacker's altitude, or the ground's for a bomb; 1 and 2
        // each other).
        .filter(|&j| {
            st.able(j) && crate::state::altitudes_interact(alt, st.ch(j).alt, true) && !ghost(st, j)
        })
        // Inside a closed transport, no area reaches it (`actions::transport::area`).
        .filter(|&j| !st.shielded(j))
        .filter_map(|j| {
            let p = st.ch(j).pos;
            match t.coverage(p) {
                Coverage::None => None,
                c => Some((j, c, centre.filter(|&q| q != p))),
            }
        })
        .collect()
}

/// Resolves an area attack of `who` with weapon `w` aimed at the square `at` (checked legal by
/// the caller). Returns the minis it reached.
pub fn resolve_area(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    w: u8,
    at: Pos,
    ctx: &mut Ctx,
) -> Vec<CharIdx> {
    let Some(shape) = weapon_area(st, who, w) else {
        return Vec::new();
    };
    resolve_area_as(st, d, log, who, w, at, ctx, (shape, 0))
}

/// Arco concentrado: [`resolve_area`] with the weapon's G as an L and DAÑ + 2
/// (`area_traits::concentrated_shape`).
pub fn resolve_concentrated(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    w: u8,
    at: Pos,
    ctx: &mut Ctx,
) -> Vec<CharIdx> {
    let Some(shape) = super::area_traits::concentrated_shape(st, who, w) else {
        return Vec::new();
    };
    let extra = super::area_traits::CONCENTRATED_DAMAGE;
    resolve_area_as(st, d, log, who, w, at, ctx, (shape, extra))
}

/// An area attack of weapon `w` laid as `shape` with `extra` DAÑ (`(shape, extra)`).
#[allow(clippy::too_many_arguments)]
fn resolve_area_as(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    w: u8,
    at: Pos,
    ctx: &mut Ctx,
    (shape, extra): (Shape, i16),
) -> Vec<CharIdx> {
    let aimed_char = occupant(st, at).filter(|&j| j != who);
    // Cobarde: a CH PSI before attacking.
    if coward_holds_back(st, d, log, who, aimed_char) {
        return Vec::new();
    }
    // Radiante: an area is a ranged attack too (`triggers::radiant_holds_back`).
    let reach = || st.weapon_range(who, w) as u16;
    if super::triggers::radiant_holds_back(st, d, log, who, aimed_char, reach, ctx) {
        return Vec::new();
    }
    // The weapon's «cuando se usa» traits, as for a single-target attack (`triggers::on_use`):
    // Artillero requerido's crew, De Padrón's «50% DAÑ=0» (every hit of the area), Prueba de …,
    // Munición atascada … (audit 27a: an area weapon skipped them all).
    let used = super::triggers::weapon_uses(st, d, log, who, Some(w), ctx);
    if used.stopped {
        return Vec::new();
    }
    let extra = if used.no_damage { NO_DAMAGE } else { extra };
    if st.weapon_magazine(who, w) > 0 {
        let left = st.weapon_ammo(who, w).saturating_sub(1);
        st.set_weapon_ammo(who, w, left);
    }
    let mut a = Attack {
        attacker: who,
        target: aimed_char.unwrap_or(who),
        weapon: Some(w),
        melee: false,
        mode: ShotMode::Normal,
        special: Special::Wound,
        free_bonus: 0,
        with: With::Weapon,
    };
    // A transport on the aimed square: its own Contramedidas / Camuflaje (audit 31c).
    let target = atr_target(st, who, Stat::Agi, ctx, true)
        + ranged_hit_modifiers(st, &a, aimed_char, at)
        + crate::actions::transport::area_aim_mod(st, at, aimed_char);
    let rule = hit_rule(st, who, Some(w), Scope::Ranged);
    let roll = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
    log.natural(who, &roll);
    log.push(|| Event::Check {
        who,
        what: "CH IMP area",
        roll,
    });
    if roll.fumble {
        // Pifia en CH IMP first (A9): the automatic DAÑ 1 hit and the wear, with the weapon's
        // fumble traits as at any CH IMP — Peligro's DAÑ + 1, Inflamable's 30 % … (audit 28b:
        // the hit was DAÑ 1 whatever Peligro said); then the area scatters like any failed CH IMP.
        fumbled_imp(st, d, log, who, Some(w), Some(w));
    }
    let range = st.weapon_range(who, w);
    // Alcance infinito: «Si objetivo fuera del CdV, dispersión» — as the Dispersión malus.
    let beyond = aim_free(st, who, w).cdv && st.ch(who).pos.dist(at) > st.view_range(who);
    let malus = weapon_scatters(st, who, w) || beyond;
    let Some(scatter_dice_n) = scatter_after(st, who, at, malus, range, &roll) else {
        return Vec::new();
    };
    let b = Burst {
        shape,
        at,
        tpl: template_for(shape, st.ch(who).pos, at, range == 0),
        scatter: scatter_dice_n,
        critical: roll.critical,
        extra,
        spare: None,
        ground: false,
    };
    burst(st, d, log, &mut a, b)
}

/// Dispersión after the CH IMP `roll` of `who`'s area aimed at `at` with ALC `range`: with the
/// malus (`malus`), «Si en el CH IMP no hay crítico, dispersa: con LdV 1D10 K por cada 30 K, y
/// sin LdV 1D10 K por cada 20 K» — even after a passed CH IMP; without it, a failed CH IMP
/// scatters 1D10 per 15 K begun. Returns the dice to scatter (None: it lands where aimed), or
/// `None` for an area with ALC 0 whose CH IMP failed: it misses.
pub(crate) fn scatter_after(
    st: &State,
    who: CharIdx,
    at: Pos,
    malus: bool,
    range: u8,
    roll: &Roll,
) -> Option<Option<u8>> {
    let dist = st.ch(who).pos.dist(at);
    if malus {
        let per = if st.board().line_of_sight(st.ch(who).pos, at) {
            30
        } else {
            20
        };
        Some((!roll.critical).then(|| scatter_dice(dist, per)))
    } else if !roll.pass {
        // An area with ALC 0 does not scatter: a failed CH IMP misses.
        (range != 0).then(|| Some(scatter_dice(dist, 15)))
    } else {
        Some(None)
    }
}

/// An area about to land: its shape, the point aimed at, its template there, how many 1D10 it
/// scatters (None: it lands where aimed) and whether its CH IMP was a critical.
pub(crate) struct Burst {
    /// The area.
    pub shape: Shape,
    /// The point aimed at.
    pub at: Pos,
    /// Its template at `at` (None for a Salto).
    pub tpl: Option<Template>,
    /// Dispersión: the 1D10 it scatters.
    pub scatter: Option<u8>,
    /// Crítico en CH IMP: DAÑ + 1 and no cover for every mini in it (A8).
    pub critical: bool,
    /// DAÑ on top of the attack's (Arco concentrado: +2).
    pub extra: i16,
    /// A mini the area does not reach (Cuerpo de luz: its own Invocación).
    pub spare: Option<CharIdx>,
    /// A bomb lying on the ground: the area reaches what may be reached from altitude 1
    /// (Relación entre alturas), not from its owner's altitude.
    pub ground: bool,
}

/// Lays an area and hits every mini it covers with the attack `a` (whose `target` is set to
/// each in turn): the scatter, the whole or half DAÑ, the attack from the centre; with Área
/// manguante (`Effect::AreaFalloff` on the weapon) DAÑ − 1 per K from the centre, and a mini
/// that would take none is not reached. Returns the minis reached. Weapons, meta-abilities and
/// bombs all land here.
pub(crate) fn burst(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &mut Attack,
    b: Burst,
) -> Vec<CharIdx> {
    let who = a.attacker;
    let (shape, at) = (b.shape, b.at);
    let mut landed = at;
    let mut tpl = b.tpl;
    if let Some(n) = b.scatter {
        // Faro, Corrector de puntería, Munición estabilizadora (`area_traits`).
        let p = super::area_traits::scatter_with_traits(st, d, log, a, at, n);
        landed = p;
        let (dx, dy) = (p.x as i16 - at.x as i16, p.y as i16 - at.y as i16);
        tpl = tpl.map(|t| t.shifted(dx, dy));
    }
    log.push(|| Event::Area {
        who,
        shape,
        aimed: at,
        landed,
    });
    let falloff = a.weapon.is_some_and(|w| {
        st.weapon_fx(who, w)
            .iter()
            .any(|e| matches!(e, Effect::AreaFalloff))
    });
    // A bomb lies on the ground (altitude 1) whatever its owner's altitude now.
    let alt = if b.ground {
        crate::state::ALT_GROUND
    } else {
        st.ch(who).alt
    };
    let hits = covered_from(st, who, shape, tpl.as_ref(), landed, alt);
    let mut reached = Vec::with_capacity(hits.len());
    for (j, cov, from) in hits {
        if !st.able(j) || b.spare == Some(j) || ghost(st, j) {
            continue;
        }
        a.target = j;
        // Área manguante: «El DAÑ de esta área se reduce en 1 por cada K que se aleje del
        // centro» — K from the centre's square to the mini's (RULES.md, ÁREAS).
        let fall = if falloff {
            let p = st.ch(j).pos;
            -(from.map_or(0, |c| c.dist(p)) as i16)
        } else {
            0
        };
        let fall = fall + b.extra;
        if falloff && attack_damage(st, a, b.critical) + fall <= 0 {
            continue;
        }
        let half = cov == Coverage::Partial;
        log.push(|| Event::Status {
            who: j,
            text: if half {
                "is partly covered by the area"
            } else {
                "is wholly covered by the area"
            },
        });
        apply_hit(
            st,
            d,
            log,
            a,
            b.critical,
            0,
            fall,
            Some(AreaHit { from, half }),
        );
        // Acobardamiento («Si impacta, objetivo CH PSI»): every base the area covers is hit
        // by it, as a shot's target is (audit 31a: an area weapon's never frightened).
        super::attack::frighten_on_hit(st, d, log, who, a.weapon, j);
        reached.push(j);
    }
    // A transport under the template is hit; its passengers were reached above only if it is
    // open (`actions::transport::area`).
    if let (true, Some(t)) = (st.num_transports() > 0, tpl.as_ref()) {
        crate::actions::transport::area::hit_transports(st, d, log, a, t, b.critical, b.extra);
    }
    // Área permanente: the template stays where it landed.
    super::area_traits::after_burst(st, log, a, tpl.as_ref(), !reached.is_empty());
    reached
}

/// Whether `who` may aim its area weapon `w` at the square `at` (ÁREAS: «a un punto o a un
/// personaje»): [`aim_ok_for`] with the weapon's area and ALC. Any such point is legal from
/// notation or the protocol; the legal list offers a subset of them ([`area_options`]). The
/// weapon's own readiness (usable, loaded) and the actor's (not engaged, not after Esprintar)
/// are the legal list's.
pub fn aim_ok(st: &State, who: CharIdx, w: u8, at: Pos) -> bool {
    weapon_area(st, who, w).is_some_and(|s| {
        aim_ok_free(
            st,
            who,
            s,
            st.weapon_range(who, w),
            at,
            aim_free(st, who, w),
        )
    })
}

/// The limits of an aim a weapon's traits change: the LdV (`sight`: Golpe de los dioses, «sin
/// LdV») and the CdV range (`cdv`: Alcance infinito, «Si objetivo fuera del CdV,
/// dispersión»; Golpe de los dioses, «cualquier punto a su alcance») they lift, and the
/// shortest distance (`near`: Campo ciego, «no puede disparar en los 5 primeros K/N») they set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AimFree {
    /// No LdV needed.
    pub sight: bool,
    /// No CdV range limit.
    pub cdv: bool,
    /// The aim is at least this many K away (0: no limit).
    pub near: u8,
}

/// What weapon `w` of `who` lifts from the limits of an aim ([`AimFree`]).
pub fn aim_free(st: &State, who: CharIdx, w: u8) -> AimFree {
    let fx = st.weapon_fx(who, w);
    let sight = fx.iter().any(|e| matches!(e, Effect::AimWithoutSight));
    AimFree {
        sight,
        cdv: sight || fx.iter().any(|e| matches!(e, Effect::UnlimitedRange)),
        near: st.weapon_min_range(who, w),
    }
}

/// Whether `who` may aim an area of `shape` with ALC `range` at `at`: on the board, not in a
/// wall or high obstacle, not its own square, within its reach ([`shape_reach`]) and CdV range,
/// in LdV; a Salto only at a square holding a mini (its first jump's «objetivo»).
pub fn aim_ok_for(st: &State, who: CharIdx, shape: Shape, range: u8, at: Pos) -> bool {
    aim_ok_free(st, who, shape, range, at, AimFree::default())
}

/// [`aim_ok_for`] with the limits `free` lifts.
pub fn aim_ok_free(
    st: &State,
    who: CharIdx,
    shape: Shape,
    range: u8,
    at: Pos,
    free: AimFree,
) -> bool {
    let me = st.ch(who).pos;
    let b = st.board();
    at != me
        && at.x < b.width()
        && at.y < b.height()
        && !b.terrain(at).blocks_sight()
        && me.dist(at) <= shape_reach(shape, range)
        && me.dist(at) >= free.near
        && (free.cdv || me.dist(at) <= st.view_range(who))
        && (!matches!(shape, Shape::S(_)) || occupant(st, at).is_some_and(|j| j != who))
        && (free.sight || b.line_of_sight(me, at))
}

/// The aims of `who`'s area weapons the legal list offers ([`area_aims`] for each weapon that
/// can be fired now).
pub fn area_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    for w in 0..st.weapon_slots(who) {
        let Some(shape) = weapon_area(st, who, w) else {
            continue;
        };
        if st.weapon_ready(who, w) {
            let free = aim_free(st, who, w);
            let range = st.weapon_range(who, w);
            area_aims_free(st, who, shape, range, free, |at| {
                f(ActKind::Area { weapon: w, at })
            });
            // Arco concentrado: the same weapon fired as an L.
            if let Some(l) = super::area_traits::concentrated_shape(st, who, w) {
                area_aims_free(st, who, l, range, free, |at| {
                    f(ActKind::AreaConcentrated { weapon: w, at })
                });
            }
        }
    }
}

/// The aims of an area of `shape` with ALC `range` the legal list offers: a subset of the
/// points [`aim_ok_for`] allows, bounded (9 squares per enemy) so that the search keeps a
/// practical list — the square of every able enemy and the squares around it (to keep allies
/// out of the area, or to reach two enemies); an L or G with ALC 0 also the eight squares
/// around the user (its directions); a Salto only an enemy's square. In row order. Any other
/// valid point is legal all the same from notation and the protocol
/// ([`State::is_legal`](crate::State::is_legal) lists them all through [`with_free_aims`];
/// RULES.md, ÁREAS, "Aims"). A reactor's aims are limited to its facing arc by the reaction
/// list (`sequence::reaction_options`).
pub fn area_aims(st: &State, who: CharIdx, shape: Shape, range: u8, f: impl FnMut(Pos)) {
    area_aims_free(st, who, shape, range, AimFree::default(), f)
}

/// [`area_aims`] with the limits `free` lifts.
pub fn area_aims_free(
    st: &State,
    who: CharIdx,
    shape: Shape,
    range: u8,
    free: AimFree,
    mut f: impl FnMut(Pos),
) {
    let me = st.ch(who).pos;
    let side = st.side_of(who);
    let mut aims: smallvec::SmallVec<[Pos; 32]> = smallvec::SmallVec::new();
    let mut consider = |p: Pos| {
        if !aims.contains(&p) && aim_ok_free(st, who, shape, range, p, free) {
            aims.push(p);
        }
    };
    if shape.directed() && range == 0 {
        for dir in Facing::ALL {
            if let Some(p) = me.step(dir) {
                consider(p);
            }
        }
    }
    for j in st.indices() {
        if st.side_of(j) == side || !st.able(j) {
            continue;
        }
        let p = st.ch(j).pos;
        consider(p);
        if !matches!(shape, Shape::S(_)) {
            for dir in Facing::ALL {
                if let Some(q) = p.step(dir) {
                    consider(q);
                }
            }
        }
    }
    if FREE_AIMS.with(|c| c.get()) {
        let b = st.board();
        let cdv = if free.cdv {
            b.width().max(b.height())
        } else {
            st.view_range(who)
        };
        let r = shape_reach(shape, range)
            .min(cdv)
            .min(b.width().max(b.height())) as i16;
        for dy in -r..=r {
            for dx in -r..=r {
                let (x, y) = (me.x as i16 + dx, me.y as i16 + dy);
                if (0..256).contains(&x) && (0..256).contains(&y) {
                    consider(Pos::new(x as u8, y as u8));
                }
            }
        }
    }
    aims.sort_unstable_by_key(|p| (p.y, p.x));
    for &at in &aims {
        f(at);
    }
}

thread_local! {
    /// Set by [`with_free_aims`]: [`area_options`] lists every point [`aim_ok`] allows.
    static FREE_AIMS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with [`area_options`] listing every valid aim, not the search's subset: how
/// [`State::is_legal`](crate::State::is_legal) accepts an area attack at any valid point.
pub fn with_free_aims<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            let prev = self.0;
            FREE_AIMS.with(|c| c.set(prev));
        }
    }
    let _restore = Restore(FREE_AIMS.with(|c| c.replace(true)));
    f()
}

/// What an area aimed at `at` would cover if it landed there, in half-bases (a base wholly
/// covered counts 2, partly 1): `(enemies, allies and the wielder itself)`. The priors of the
/// search and `analyze` (friendly fire) read it.
pub fn aim_cover(st: &State, who: CharIdx, w: u8, at: Pos) -> (u8, u8) {
    match weapon_area(st, who, w) {
        Some(shape) => aim_cover_for(st, who, shape, st.weapon_range(who, w), at),
        None => (0, 0),
    }
}

/// [`aim_cover`] for an area of `shape` with ALC `range` (a meta-ability's).
pub fn aim_cover_for(st: &State, who: CharIdx, shape: Shape, range: u8, at: Pos) -> (u8, u8) {
    let tpl = template_for(shape, st.ch(who).pos, at, range == 0);
    let side = st.side_of(who);
    let (mut foes, mut friends) = (0u8, 0u8);
    for (j, c, _) in covered(st, who, shape, tpl.as_ref(), at) {
        let k = if c == Coverage::Full { 2 } else { 1 };
        if st.side_of(j) == side {
            friends = friends.saturating_add(k);
        } else {
            foes = foes.saturating_add(k);
        }
    }
    (foes, friends)
}
