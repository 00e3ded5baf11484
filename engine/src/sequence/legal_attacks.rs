//! The attack options of legal generation: ranged, blind and melee attacks of one character
//! against one target (ACCIONES DE COMBATE), each weapon and shot mode it may use.

use crate::actions::physical;
use crate::basics::action::{ActKind, CharIdx, ShotMode};
use crate::state::*;

/// A weapon with the Área bonus attacks only as an area (`combat::area_options`): «Este equipo
/// tiene un área de efecto» (RULES.md, ÁREAS).
fn is_area(st: &State, who: CharIdx, w: u8) -> bool {
    crate::actions::combat::weapon_area(st, who, w).is_some()
}

/// Ranged attack options of `who` against `t`. `arc`: whether the facing arc limits the field of
/// view (reactions) or not (the actor turns freely while acting: MOVIMIENTO / Girar y pivotar).
pub(crate) fn ranged_options(
    st: &State,
    who: CharIdx,
    t: CharIdx,
    arc: bool,
    mut f: impl FnMut(ActKind),
) {
    let a = st.ch(who);
    let b = st.ch(t);
    if arc && !a.facing.in_front(a.pos, b.pos) {
        return;
    }
    let d = a.pos.dist(b.pos);
    let view = st.view_range(who) as u16;
    let wide = (view * 3).div_ceil(2);
    if d as u16 > wide {
        return;
    }
    if !st.sight(who, t) {
        blind_options(st, who, t, d as u16 <= view, f);
        return;
    }
    let nw = st.weapon_slots(who);
    if !st.may_shoot_at(who, t) {
        return;
    }
    // Whether the target is in melee, asked once a weapon can shoot at it (most lists have
    // none: a melee fighter, a weapon out of range): PERFORMANCE.md, "Twenty-second session".
    let mut t_engaged: Option<bool> = None;
    for w in 0..nw {
        let range = st.weapon_range(who, w) as u16;
        if range == 0
            || !st.weapon_usable(who, w)
            || !st.weapon_loaded(who, w)
            || is_area(st, who, w)
            || (d as u16) < st.weapon_min_range(who, w) as u16
        {
            continue;
        }
        let long = (range * 3).div_ceil(2);
        let d = d as u16;
        if *t_engaged.get_or_insert_with(|| st.engaged(t)) {
            if d <= range && d <= view {
                f(ActKind::Shoot {
                    target: t,
                    weapon: w,
                    mode: ShotMode::IntoMelee,
                });
            }
            continue;
        }
        if d <= range && d <= view {
            f(ActKind::Shoot {
                target: t,
                weapon: w,
                mode: ShotMode::Normal,
            });
        } else if d > range && d <= long && d <= view {
            f(ActKind::Shoot {
                target: t,
                weapon: w,
                mode: ShotMode::Long,
            });
        } else if d > view && d <= range {
            f(ActKind::Shoot {
                target: t,
                weapon: w,
                mode: ShotMode::Wide,
            });
        }
    }
}

/// Ataque a distancia a ciegas (X, AGI D): «Como "ataque a distancia", pero sin LdV. Un aliado
/// debe ver el objetivo» — `who` has no LdV to `t` (checked by the caller, as the arc); `t` is
/// within the CdV range (`in_view`) and the weapon's ALC, not engaged (that is Ataque a un
/// combate CaC), and some other able character of `who`'s side sees it (RULES.md, COMBATE).
fn blind_options(st: &State, who: CharIdx, t: CharIdx, in_view: bool, mut f: impl FnMut(ActKind)) {
    if !in_view || st.engaged(t) {
        return;
    }
    let d = st.ch(who).pos.dist(st.ch(t).pos);
    let mut spotted = None;
    let nw = st.weapon_slots(who);
    if !st.may_shoot_at(who, t) {
        return;
    }
    for w in 0..nw {
        let range = st.weapon_range(who, w);
        if range == 0
            || d > range
            || d < st.weapon_min_range(who, w)
            || !st.weapon_usable(who, w)
            || !st.weapon_loaded(who, w)
            || is_area(st, who, w)
        {
            continue;
        }
        let side = st.side_of(who);
        let seen = *spotted.get_or_insert_with(|| {
            st.indices()
                .any(|j| j != who && st.side_of(j) == side && st.able(j) && st.sees(j, t))
        });
        if !seen {
            return;
        }
        f(ActKind::Shoot {
            target: t,
            weapon: w,
            mode: ShotMode::Blind,
        });
    }
}

/// Melee options of `who` against an adjacent enemy `t`.
pub(super) fn melee_options(st: &State, who: CharIdx, t: CharIdx, mut f: impl FnMut(ActKind)) {
    let nw = st.weapon_slots(who);
    for w in 0..nw {
        // «Ataque CaC con arma de disparo»: the gun is fired (its DAÑ, a second CH IMP as a shot
        // into a melee), so it needs a round in the magazine like any shot (RULES.md, Atacar CaC).
        if st.weapon_ready(who, w) && !is_area(st, who, w) {
            f(ActKind::Melee {
                target: t,
                weapon: w,
            });
        }
    }
    f(ActKind::Unarmed { target: t });
    let con = st.info(who).con as i16;
    // Empujar: "No se puede contra CON o DEF x2" (RULES.md).
    if (st.info(t).con as i16) < 2 * con && st.def_total(t, false) < 2 * con {
        f(ActKind::Push { target: t });
    }
    f(ActKind::Disarm { target: t });
    f(ActKind::Knockout { target: t });
    f(ActKind::Immobilise { target: t });
    physical::club_options(st, who, t, &mut f);
}
