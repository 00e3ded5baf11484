//! The opposed combat actions' effects (ACCIONES DE COMBATE): Empujar pushes the target away,
//! Desarmar makes it drop its best weapon.

#[allow(unused_imports)]
use super::*;

/// Empujar: the target goes straight away from the pusher CON − CON kliks (minimum 1),
/// stopping before anything it cannot enter; a critical knocks it prone.
pub(super) fn push(
    st: &mut State,
    log: &mut Log,
    pusher: CharIdx,
    target: CharIdx,
    critical: bool,
) {
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

/// Whether an able character or a transport stands on the square (casualties are removed from
/// the table; a transport's base is taken whether anyone is aboard or not).
pub fn occupied(st: &State, p: Pos) -> bool {
    st.indices().any(|j| st.able(j) && st.ch(j).pos == p) || st.transport_at(p).is_some()
}

/// Desarmar: the target drops its usable weapon with the highest DAÑ — «un objeto empuñado»,
/// so never a natural one (Garras: `Material::Natural`).
pub(super) fn disarm(st: &mut State, log: &mut Log, target: CharIdx) {
    let n = st.weapon_slots(target);
    let best = (0..n)
        .filter(|&w| st.weapon_usable(target, w) && st.holds_item(target, w))
        .max_by_key(|&w| (st.weapon_dmg(target, w), std::cmp::Reverse(w)));
    if let Some(w) = best {
        let at = st.ch(target).pos;
        st.drop_to_ground(target, w, at);
        log.push(|| Event::Status {
            who: target,
            text: "drops a weapon",
        });
    }
}

/// Moves `target` up to `k` K straight away from `from`, stopping before a square it cannot
/// enter (as Empujar and Magia: despistar move a base).
pub fn knock_back(st: &mut State, log: &mut Log, from: CharIdx, target: CharIdx, k: u8) {
    // A passenger rides inside its transport (an area reaches it through an open one): the
    // blow does not carry it off the transport's square (RULES.md, Transportes).
    if st.aboard(target).is_some() {
        return;
    }
    let start = st.ch(target).pos;
    let dir = Facing::towards(st.ch(from).pos, start).unwrap_or(st.ch(from).facing);
    let mut p = start;
    for _ in 0..k {
        let Some(n) = st.board().step(p, dir) else {
            break;
        };
        if !st.board().passable(n) || occupied(st, n) {
            break;
        }
        p = n;
    }
    if p != start {
        st.ch_mut(target).pos = p;
        log.push(|| Event::Moved {
            who: target,
            from: start,
            to: p,
        });
    }
}

/// The checks of an ability on another character: a CH VOL of `who` (`what` names it), then,
/// when the target `resists`, a CH VOL ENF that `who` must win. Whether both went its way.
#[allow(clippy::too_many_arguments)]
pub(crate) fn vol_then_enf(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
    what: &'static str,
    resists: bool,
) -> bool {
    let t = attr_check_target(st, who, Stat::Vol, ctx, None, false);
    if !atr_check(st, d, log, who, Stat::Vol, t, what).pass {
        return false;
    }
    !resists || vol_enf_won(st, d, log, who, target)
}

/// A CH VOL ENF of `who` against `target` with a fresh context (no first-use bonus): whether
/// `who` won.
fn vol_enf_won(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
) -> bool {
    let mut fresh = Ctx {
        first_used: true,
        ..Ctx::default()
    };
    opposed(st, d, log, who, target, Stat::Vol, &mut fresh).0
}

/// A CH VOL ENF of `who` against `target`, fresh (no first-use bonus): whether `who` won; a
/// loss is logged as `target`'s status `resisted`.
pub(crate) fn vol_enf(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    resisted: &'static str,
) -> bool {
    let won = vol_enf_won(st, d, log, who, target);
    if !won {
        log.push(|| Event::Status {
            who: target,
            text: resisted,
        });
    }
    won
}
