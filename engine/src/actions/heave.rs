//! Súper fuerza (BONUS Y MALUS): «Puede lanzar objetos como coches, CH CON, o camiones CH CON D
//! -2, o cosas más grandes D -4. Si falla CH, +1 her sin CH DEF.» The objects as big as a car
//! that a board holds are its transports: the holder, in base contact with one nobody is
//! aboard (a wreck too), may hurl it (`heave tN LABEL`, Lanzar's ENE 2) at an enemy it sees
//! within its CON K, when a free square next to the enemy can take it. The CH CON is difficult
//! by the transport's size (its seats: up to 5 a car, D 0; up to 10 a truck, D −2; more, or
//! Enorme, D −4); failed, the holder takes 1 wound with no CH DEF and the transport stays;
//! passed, the enemy takes an automatic hit of DAÑ = the transport's CAL (CAL: «fuerza del
//! arquetipo») plus the size's difficulty, and the transport lands next to it with 1 wound.
//! RULES.md, "Traits in play, share H".

use super::combat::{add_wounds, atr_check, attr_check_target, auto_hit, occupied, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::{Effect, Stat};
use crate::state::*;

/// Lanzar's ENE.
pub const HEAVE_COST: i8 = super::physical::THROW_COST;

/// The difficulty of hurling transport `t`: a car 0, a truck 2, anything bigger 4.
pub fn size_step(st: &State, t: usize) -> i8 {
    let info = st.transport_info(t);
    if info.effects.contains(&Effect::Huge) || info.seats > 10 {
        4
    } else if info.seats > 5 {
        2
    } else {
        0
    }
}

/// Where a transport hurled at `target` from `from` lands: the free square next to the target
/// nearest the thrower (ties in facing order).
pub fn landing(st: &State, target: CharIdx, from: Pos) -> Option<Pos> {
    let at = st.ch(target).pos;
    Facing::ALL
        .into_iter()
        .filter_map(|f| at.step(f))
        .filter(|&p| st.board().contains_pos(p) && st.board().passable(p) && !occupied(st, p))
        .min_by_key(|p| p.dist(from))
}

/// The `heave` options of `who`.
pub(crate) fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    if st.num_transports() == 0 || !st.info(who).has_effect(|e| *e == Effect::SuperStrength) {
        return;
    }
    let p = st.ch(who).pos;
    let side = st.side_of(who);
    for t in 0..st.num_transports() {
        let ts = st.transport(t);
        if ts.aboard != 0 || ts.pos.dist(p) > 1 {
            continue;
        }
        for j in st.indices() {
            if st.side_of(j) == side
                || !st.able(j)
                || st.ch(j).pos.dist(p) > st.info(who).con
                || !st.sees(who, j)
                || landing(st, j, p).is_none()
            {
                continue;
            }
            f(ActKind::Heave {
                transport: t as u8,
                target: j,
            });
        }
    }
}

/// Resolves a heave (its ENE already spent).
pub(crate) fn resolve(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    t: usize,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    let step = size_step(st, t);
    let k = attr_check_target(st, who, Stat::Con, ctx, None, false) - step;
    if !atr_check(st, d, log, who, Stat::Con, k, "CH CON heave").pass {
        // «Si falla CH, +1 her sin CH DEF».
        add_wounds(st, d, log, who, 1, None);
        return;
    }
    let Some(at) = landing(st, target, st.ch(who).pos) else {
        return;
    };
    st.transport_mut(t).pos = at;
    log.push(|| Event::Status {
        who,
        text: "hurls a transport",
    });
    let dmg = st.transport_info(t).arch.quality as i16 + step as i16;
    auto_hit(st, d, log, target, dmg, Some(who));
    st.wound_transport(d, log, who, t, 1);
}
