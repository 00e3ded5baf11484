//! A transport's own weapons (CREACIÓN DE TRANSPORTES, paso 5: «Equipa, opcionalmente, al
//! transporte con otros arquetipos de armas, protecciones …»), fired by its crew. Decisions
//! (RULES.md, "Transportes", a transport's own equipment):
//! - any passenger who does not drive (the crew; the driver drives, as for the crew's own
//!   weapons) fires a mounted weapon as an Ataque a distancia from the transport's square:
//!   its own CH IMP (AGI) and every modifier of the shot (distance, long shot, Por velocidad
//!   with the transport's movement, cover, a target in melee), the weapon's DAÑ, ALC and ENE;
//!   as many times as the action rules let it (a weapon is no character: it has no uses of
//!   its own per turn);
//! - its magazine (Cargador) is the transport's: every member of the crew spends the same
//!   rounds; its wear is the transport's: an inutilizado transport (wounds = CAL) fires none
//!   («no se puede usar»), and the weapon takes no wounds of its own;
//! - the weapon is the gunner's for the shot: its index is a mounted slot
//!   (`basics::action::mounted`, `tN.wM`) that every weapon hook reads from the transport
//!   (`state::weapons`), so its traits act as a character's weapon's do (CH IMP and DAÑ
//!   modifiers, Dispersión, ammunition traits, noise …);
//! - an area weapon is fired as a character's area weapon (`ActKind::Area` with the mounted
//!   slot: ÁREAS' template and Dispersión from the transport's square), and Recargar reloads
//!   it (`ActKind::Reload` with the mounted slot: ENE = its DAÑ, the magazine refilled).
//! - it is an «arma fija» (CONCEPTOS BÁSICOS, Campo de tiro): its shots and area aims reach
//!   only the 90° centred on the transport's facing ([`in_field_of_fire`]).

use crate::actions::combat::{resolve_attack, Attack, Ctx, Special, With};
use crate::basics::action::{mounted_slot, ActKind, CharIdx, ShotMode};
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::creation::effect::Effect;
use crate::state::State;

/// Whether weapon `g` of transport `t` can be fired now: the transport stands and is not
/// inutilizado, the weapon has a range, no area, and rounds if it has a magazine.
pub fn usable(st: &State, t: usize, g: u8) -> bool {
    let info = st.transport_info(t);
    let Some(w) = info.arch.weapons.get(g as usize) else {
        return false;
    };
    let area = info.gun_fx[g as usize]
        .iter()
        .any(|e| matches!(e, Effect::Area(_) | Effect::Cluster));
    w.range > 0
        && !area
        && !st.transport_disabled(t)
        && (info.gun_mag[g as usize] == 0 || st.transport(t).gun_ammo[g as usize] > 0)
}

/// The shots `who` (a passenger of `t` who does not drive) may make with the transport's own
/// weapons at `target`: within ALC (Normal, or into a melee), within ALC × 1.5 (Long), always
/// within its view and in its line of sight, as [`crate::sequence`]'s ranged options.
pub fn options(st: &State, who: CharIdx, t: usize, target: CharIdx, mut f: impl FnMut(ActKind)) {
    let n = st.transport_info(t).arch.weapons.len() as u8;
    if n == 0 || !in_field_of_fire(st, t, st.ch(target).pos) {
        return;
    }
    if !st.sight(who, target) || !st.may_shoot_at(who, target) {
        return;
    }
    let d = st.ch(who).pos.dist(st.ch(target).pos) as u16;
    let view = st.view_range(who) as u16;
    let engaged = st.engaged(target);
    for g in 0..n {
        if !usable(st, t, g) || !st.weapon_usable(who, mounted_slot(t as u8, g)) {
            continue;
        }
        // ALC with the weapon's traits (Más alcance …), as a character's weapon.
        let range = st.weapon_range(who, mounted_slot(t as u8, g)) as u16;
        let mode = if d <= range && d <= view {
            if engaged {
                ShotMode::IntoMelee
            } else {
                ShotMode::Normal
            }
        } else if !engaged && d <= (range * 3).div_ceil(2) && d <= view {
            ShotMode::Long
        } else {
            continue;
        };
        f(ActKind::ShootMounted {
            target,
            transport: t as u8,
            weapon: g,
            mode,
        });
    }
}

impl State {
    /// Resolves a shot with a transport's own weapon; false for another kind.
    pub(crate) fn resolve_shoot_mounted(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        let ActKind::ShootMounted {
            target,
            transport,
            weapon,
            mode,
        } = kind
        else {
            return false;
        };
        // The mounted weapon is the gunner's for this shot: its slot carries its traits, its
        // magazine (the transport's) and its DAÑ (`state::weapons`).
        let slot = mounted_slot(transport, weapon);
        let a = Attack {
            attacker: who,
            target,
            weapon: Some(slot),
            melee: false,
            mode,
            special: Special::Wound,
            free_bonus: 0,
            with: With::Weapon,
        };
        resolve_attack(self, d, log, a, ctx);
        true
    }
}

/// The area attacks and reloads `who` (a passenger of `t` who does not drive) may make with
/// the transport's own weapons: an area weapon aimed as a character's (`combat::area_aims`,
/// from the transport's square; Arco concentrado's L too), and Recargar of a weapon whose
/// magazine is not full (RULES.md, Transportes).
pub fn crew_options(st: &State, who: CharIdx, t: usize, mut f: impl FnMut(ActKind)) {
    use crate::actions::combat::{aim_free, area_aims_free, concentrated_shape, weapon_area};
    let n = st.transport_info(t).arch.weapons.len() as u8;
    // Munición regenerativa on a mounted weapon («Gana 1 munición con una acción de ENE 1 y CH
    // CAL»): the crew that reloads it replenishes it too (audit 29b), as its own weapons.
    if crate::actions::trait_actions::replenishable(st, who).is_some() {
        let ability = crate::basics::action::Ability::Replenish;
        f(ActKind::Ability {
            ability,
            target: who,
        });
    }
    for g in 0..n {
        let w = mounted_slot(t as u8, g);
        if !st.weapon_usable(who, w) {
            continue;
        }
        let mag = st.weapon_magazine(who, w);
        if mag > 0 && st.weapon_ammo(who, w) < mag {
            f(ActKind::Reload { weapon: w });
        }
        let Some(shape) = weapon_area(st, who, w) else {
            continue;
        };
        if st.weapon_ready(who, w) {
            let (free, range) = (aim_free(st, who, w), st.weapon_range(who, w));
            area_aims_free(st, who, shape, range, free, |at| {
                if in_field_of_fire(st, t, at) {
                    f(ActKind::Area { weapon: w, at })
                }
            });
            if let Some(l) = concentrated_shape(st, who, w) {
                area_aims_free(st, who, l, range, free, |at| {
                    if in_field_of_fire(st, t, at) {
                        f(ActKind::AreaConcentrated { weapon: w, at })
                    }
                });
            }
        }
    }
}

/// CONCEPTOS BÁSICOS, Campo de tiro: «Un arma fija tiene un campo de tiro de 90°» — a
/// transport's own weapon is fixed to it (it turns only as the transport turns: «giran hasta
/// 45° al final de su movimiento, y pivotan con una acción»), so it reaches only the quarter
/// centred on the transport's facing, closed (as Munición silenciosa's front quarter), besides
/// the gunner's own CdV (RULES.md, Transportes; audit 21).
pub fn in_field_of_fire(st: &State, t: usize, to: crate::basics::geom::Pos) -> bool {
    let tr = st.transport(t);
    crate::actions::combat::in_front_quarter(tr.facing, tr.pos, to)
}
