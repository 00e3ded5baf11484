//! ENTORNO / Ruido and REACCIONES / Reaccionar al ruido: how far an action is heard, and who
//! hears it (RULES.md, "Ruido").
//!
//! «El ruido de las armas se escucha a tantos K como DAÑx2 y de las acciones de movimiento a
//! tantos K como los K recorridos x2. Los muros restan tanto alcance desde que llega el sonido
//! como DEF tengan.» Radii are kliks in the engine's one metric (king steps, RULES.md).

use crate::basics::action::{ActKind, CharIdx};
use crate::basics::geom::Pos;
use crate::creation::archetype::WeaponNoise;
use crate::creation::effect::Effect;
pub use crate::state::Noise;
use crate::state::State;

/// How far an attack with weapon `w` of `who` is heard: DAÑ × 2 (after wear) for a weapon with
/// ALC > 0 or a loud melee weapon (motosierras); 0 for other melee weapons, wind or string
/// weapons and anything silenced (Silenciador, Munición silenciosa: «No hace ruido»).
pub fn weapon_noise(st: &State, who: CharIdx, w: u8) -> u8 {
    let info = st.info(who);
    if !st.has_weapon(who, w) {
        return 0;
    }
    let wp = st.weapon_def(who, w);
    let heard = match wp.noise {
        WeaponNoise::ByRange => wp.range > 0,
        WeaponNoise::Quiet => false,
        WeaponNoise::Loud => true,
    };
    let silenced = || {
        st.weapon_fx(who, w)
            .iter()
            .chain(&info.effects)
            .any(|e| matches!(e, Effect::Silent))
    };
    if !heard || silenced() {
        return 0;
    }
    (st.weapon_dmg(who, w) * 2).clamp(0, 255) as u8
}

/// How far the action `kind` that `who` has just made is heard; `moved`: the kliks it moved in
/// it. Movement actions (Mover, Correr, Esprintar, Cargar, Destrabarse, Escalar) are heard at
/// the kliks moved × 2 — Mover sin hacer ruido not at all; attacks at their weapon's noise
/// (Ataque CaC con arma de disparo fires the gun); every other action is silent. Embestir is a
/// movement (its kliks run × 2); Lanzar armas / objetos and Ataque CaC con objeto improvisado
/// fire nothing, so a thrown or swung item is silent like Soltar, Atar, Comerciar … (RULES.md,
/// Ruido).
pub fn action_noise(st: &State, who: CharIdx, kind: &ActKind, moved: u8) -> u8 {
    let steps = match kind {
        ActKind::Sneak(_) => 0,
        _ => moved.saturating_mul(2),
    };
    let weapon = match *kind {
        ActKind::Shoot { weapon, .. }
        | ActKind::Melee { weapon, .. }
        | ActKind::Area { weapon, .. }
        | ActKind::AreaConcentrated { weapon, .. }
        // A shot at a transport, a strike on a mecha: the weapon is fired as at anyone (audit
        // 28b: they were silent whatever the weapon).
        | ActKind::ShootTransport { weapon, .. }
        | ActKind::MeleeTransport { weapon, .. } => weapon_noise(st, who, weapon),
        // A transport's own weapon (`actions::transport::mounted`).
        ActKind::ShootMounted {
            transport, weapon, ..
        } => weapon_noise(
            st,
            who,
            crate::basics::action::mounted_slot(transport, weapon),
        ),
        // Arma de enjambre: the loudest of the swarm weapons.
        ActKind::Swarm { .. } => (0..st.weapon_slots(who))
            .filter(|&w| {
                st.weapon_fx(who, w)
                    .contains(&crate::creation::effect::Effect::SwarmWeapon)
            })
            .map(|w| weapon_noise(st, who, w))
            .max()
            .unwrap_or(0),
        _ => 0,
    };
    steps.max(weapon)
}

/// Whether a character on `at` hears `noise`: within its radius, less the DEF of the terrain
/// (the board's `cover_def`) when walls or high obstacles stand between them (the line from the
/// noise is blocked as a line of sight would be), once however many there are. The line is
/// the line-of-sight memo's (PERFORMANCE.md, "Eighteenth session").
pub fn hears(st: &State, noise: Noise, at: Pos) -> bool {
    let d = noise.at.dist(at);
    if d > noise.radius {
        return false;
    }
    let b = st.board();
    d as u16 + b.cover_def() as u16 <= noise.radius as u16 || st.flat_line_of_sight(noise.at, at)
}
