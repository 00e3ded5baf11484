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
//! - the weapon's traits do not act (it is not the shooter's weapon; `With::Power` carries its
//!   DAÑ alone), and an area weapon is not offered (RULES.md: later).

use crate::actions::combat::{resolve_attack, Attack, Ctx, Special, With};
use crate::basics::action::{ActKind, CharIdx, ShotMode};
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::creation::archetype::WeaponNoise;
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

/// The ENE of a shot with weapon `g` of transport `t`: the weapon's ENE (minimum 1).
pub fn ene(st: &State, t: u8, g: u8) -> i8 {
    st.transport_info(t as usize)
        .arch
        .weapons
        .get(g as usize)
        .map_or(1, |w| w.ene.max(1) as i8)
}

/// How far a shot of weapon `g` of transport `t` is heard (ENTORNO / Ruido, as a character's
/// weapon: DAÑ × 2 unless it is a wind or string weapon).
pub fn noise(st: &State, t: u8, g: u8) -> u8 {
    let Some(w) = st.transport_info(t as usize).arch.weapons.get(g as usize) else {
        return 0;
    };
    let heard = match w.noise {
        WeaponNoise::ByRange => w.range > 0,
        WeaponNoise::Quiet => false,
        WeaponNoise::Loud => true,
    };
    if heard {
        w.dmg.saturating_mul(2)
    } else {
        0
    }
}

/// The shots `who` (a passenger of `t` who does not drive) may make with the transport's own
/// weapons at `target`: within ALC (Normal, or into a melee), within ALC × 1.5 (Long), always
/// within its view and in its line of sight, as [`crate::sequence`]'s ranged options.
pub fn options(st: &State, who: CharIdx, t: usize, target: CharIdx, mut f: impl FnMut(ActKind)) {
    let n = st.transport_info(t).arch.weapons.len() as u8;
    if n == 0 || !st.sight(who, target) || !st.may_shoot_at(who, target) {
        return;
    }
    let d = st.ch(who).pos.dist(st.ch(target).pos) as u16;
    let view = st.view_range(who) as u16;
    let engaged = st.engaged(target);
    for g in 0..n {
        if !usable(st, t, g) {
            continue;
        }
        let range = st.transport_info(t).arch.weapons[g as usize].range as u16;
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
        let (t, g) = (transport as usize, weapon as usize);
        let info = self.transport_info(t);
        let dmg = info.arch.weapons[g].dmg;
        if info.gun_mag[g] > 0 {
            let m = self.transport_mut(t);
            m.gun_ammo[g] = m.gun_ammo[g].saturating_sub(1);
        }
        let a = Attack {
            attacker: who,
            target,
            weapon: None,
            melee: false,
            mode,
            special: Special::Wound,
            free_bonus: 0,
            with: With::Power { dmg },
        };
        resolve_attack(self, d, log, a, ctx);
        true
    }
}
