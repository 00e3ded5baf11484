//! Desenfundar (1, AGI ENF), «Para resolver un duelo» (ACCIONES DE COMBATE; RULES.md,
//! "Desenfundar", A28).
//!
//! The text names the duel but not what it is nor what winning gives. Reading: a duel is two
//! enemies with a ready ranged weapon each, in each other's reach and sight, neither engaged;
//! the one who declares Desenfundar (1 ENE for the draw: the shots are part of it) makes a
//! CH AGI ENF against the other, and the winner shoots first; the loser, if still able, shoots
//! back. Ties and both failing go to the challenged (the defender, as every CH ENF: RULES.md,
//! "Opposed checks").

use super::*;
use crate::basics::action::ActKind;

/// Desenfundar (1).
pub const DRAW_COST: i8 = 1;

/// The ready ranged weapon of `who` that reaches `t` (usable, loaded, not an area weapon, `t`
/// within its ALC and `who`'s CdV range) with the highest DAÑ (the lower index on a tie).
pub fn duel_weapon(st: &State, who: CharIdx, t: CharIdx) -> Option<u8> {
    let d = st.ch(who).pos.dist(st.ch(t).pos);
    (0..st.weapon_slots(who))
        .filter(|&w| {
            let range = st.weapon_range(who, w);
            range > 0 && d <= range && d <= st.view_range(who) && ready(st, who, w)
        })
        .max_by_key(|&w| (st.weapon_dmg(who, w), std::cmp::Reverse(w)))
}

/// Whether weapon `w` of `who` is ready for a duel wherever the target stands: usable, loaded,
/// not an area weapon (its ALC is the caller's test).
fn ready(st: &State, who: CharIdx, w: u8) -> bool {
    st.weapon_ready(who, w) && weapon_area(st, who, w).is_none()
}

/// How far `who` can duel: the longest ALC of its ready ranged weapons, within its CdV range
/// (`None`: no such weapon). [`duel_weapon`] finds one for a target at distance `d` exactly
/// when `d` is at most this.
fn duel_reach(st: &State, who: CharIdx) -> Option<u8> {
    // The ALC first: a melee weapon (ALC 0) is never asked whether it is ready (the same
    // weapons kept, at a fraction of the cost: PERFORMANCE.md, "Eighteenth session").
    let longest = (0..st.weapon_slots(who))
        .map(|w| (w, st.weapon_range(who, w)))
        .filter(|&(w, r)| r > 0 && ready(st, who, w))
        .map(|(_, r)| r)
        .max()?;
    Some(longest.min(st.view_range(who)))
}

/// Desenfundar options of `who`: every able, visible enemy in LdV, neither of them engaged, that
/// faces `who` (it is in its arc: a duel is face to face), each with a ready weapon reaching the
/// other.
pub fn draw_options(st: &State, who: CharIdx, f: impl FnMut(ActKind)) {
    if !st.engaged(who) {
        draw_options_free(st, who, f);
    }
}

/// [`draw_options`] of a `who` the caller knows is not engaged (the legal list has that
/// already). The cheap tests come first and the two searches of the board (line of sight, the
/// target's contacts) last: the same options, at a fraction of the cost (PERFORMANCE.md,
/// "Eleventh session").
pub fn draw_options_free(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    // Esprintar, «No puede atacar este turno»: the duel's shots are attacks, so neither a
    // sprinter nor one challenging a sprinter (who could not shoot back) has a duel to resolve
    // (audit 23; a sprinter could still draw).
    if st.ch(who).has(SPRINTED) {
        return;
    }
    // The actor's half of `duel_weapon`, once for every target.
    let Some(reach) = duel_reach(st, who) else {
        return;
    };
    let me = st.ch(who).pos;
    let side = st.side_of(who);
    for t in st.indices() {
        let c = st.ch(t);
        if st.side_of(t) == side
            || c.has(HIDDEN | SPRINTED)
            || c.pos.dist(me) > reach
            || !c.facing.in_front(c.pos, me)
            || !st.able(t)
            || duel_weapon(st, t, who).is_none()
            || !st.flat_line_of_sight(me, c.pos)
            || st.engaged(t)
        {
            continue;
        }
        f(ActKind::Draw { target: t });
    }
}

/// Resolves the duel: CH AGI ENF, the winner's shot, then the loser's if it still can.
pub fn duel(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    target: CharIdx,
    ctx: &mut Ctx,
) {
    let (won, _, _) = opposed(st, d, log, who, target, Stat::Agi, ctx);
    let (first, second) = if won { (who, target) } else { (target, who) };
    log.push(|| Event::Status {
        who: first,
        text: "draws first",
    });
    for (a, b) in [(first, second), (second, first)] {
        if !st.able(a) || !st.able(b) {
            break;
        }
        let Some(w) = duel_weapon(st, a, b) else {
            continue;
        };
        let attack = Attack {
            attacker: a,
            target: b,
            weapon: Some(w),
            melee: false,
            mode: crate::basics::action::ShotMode::Normal,
            special: Special::Wound,
            free_bonus: 0,
            with: With::Weapon,
        };
        // The drawer's own bonuses (Concentrarse, Apoyar) went to its CH ENF; the shots are
        // the duel's.
        let mut fresh = Ctx {
            first_used: true,
            ..Ctx::default()
        };
        resolve_attack(st, d, log, attack, &mut fresh);
    }
}
