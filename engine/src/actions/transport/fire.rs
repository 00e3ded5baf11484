//! Attacks on a transport (ACCIONES DE COMBATE, Ataque a distancia; CREACIÓN DE TRANSPORTES:
//! «El CH DEF = la suma de las DEF equipadas»). Decisions (RULES.md, "Transportes"): a character
//! on foot shoots an enemy transport in its line of sight within its weapon's ALC; CH IMP with
//! the weapon's attribute (AGI), −1 per 10 K past the first 10 (as any shot); the transport's CH
//! DEF is its DEF; passed, DAÑ − DEF wounds, failed, the whole DAÑ (COMBATE); a critical CH IMP
//! adds 1 DAÑ. The passengers are never the target (OPEN_READINGS A26 (a)): only the explosion
//! reaches them (`damage`).

use crate::actions::combat::{atr_check, attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{roll_check, CheckRule, Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{Effect, Stat};
use crate::state::State;

/// Por velocidad past this many K moved this turn («moviendo a más de 5 K»).
const FAST_K: u8 = 5;

/// Whether `who` is aboard a transport that moved more than 5 K this turn, and whether it is an
/// Artillero there («Sin negativos disparando desde … un transporte en movimiento»). One check
/// on positions without transports.
#[inline]
pub fn from_moving(st: &State, who: CharIdx) -> (bool, bool) {
    if st.num_transports() == 0 {
        return (false, false);
    }
    match st.aboard(who) {
        Some(t) if st.transport(t).moved > FAST_K => (true, gunner(st, who)),
        _ => (false, false),
    }
}

/// Artillero on `who` (its archetypes or its weapon's, as any trait of the shooter).
fn gunner(st: &State, who: CharIdx) -> bool {
    let is = |e: &Effect| matches!(e, Effect::Gunner);
    let info = st.info(who);
    info.has_effect(is) || info.weapon_effects.iter().any(|w| w.iter().any(is))
}

/// The transports `who` may shoot, with each weapon, and the ENE.
pub fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    if st.num_transports() == 0 || st.aboard(who).is_some() {
        return;
    }
    let me = st.ch(who).pos;
    for t in 0..st.num_transports() {
        let tp = st.transport(t).pos;
        if st.transport_side(t) == st.side_of(who)
            || st.transport_destroyed(t)
            || !st.board().line_of_sight(me, tp)
        {
            continue;
        }
        for w in 0..st.weapon_slots(who) {
            let range = st.weapon_range(who, w);
            let ammo = st.weapon_magazine(who, w) == 0 || st.weapon_ammo(who, w) > 0;
            if range > 0 && st.weapon_usable(who, w) && ammo && me.dist(tp) <= range {
                let k = ActKind::ShootTransport {
                    transport: t as u8,
                    weapon: w,
                };
                f(k, st.weapon_ene(who, w));
            }
        }
    }
}

impl State {
    /// Resolves a shot at a transport; false for another kind.
    pub(crate) fn resolve_shoot_transport(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        let ActKind::ShootTransport { transport, weapon } = kind else {
            return false;
        };
        let t = transport as usize;
        let mag = self.weapon_magazine(who, weapon);
        if mag > 0 {
            let left = self.weapon_ammo(who, weapon).saturating_sub(1);
            self.set_weapon_ammo(who, weapon, left);
        }
        let dist = self.ch(who).pos.dist(self.transport(t).pos) as i8;
        let far = (dist - 1).max(0) / 10;
        // Por velocidad: −1 when the transport moved more than 5 K this turn or the shooter
        // did; none for an Artillero («desde y/o hacia un transporte en movimiento»).
        let fast = self.transport(t).moved > FAST_K || self.ch(who).has(crate::state::FAST);
        let speed = (fast && !gunner(self, who)) as i8;
        let dmg = self.weapon_dmg(who, weapon);
        self.strike_transport(who, t, dmg, far + speed, "CH IMP transport", ctx, d, log);
        true
    }

    /// An attack of `who` with `weapon` on transport `t`: its CH IMP (AGI) − `malus`; hit, the
    /// weapon's DAÑ (+ 1 on a critical) against the transport's CH DEF ([`Self::hit_transport`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn strike_transport(
        &mut self,
        who: CharIdx,
        t: usize,
        dmg: i16,
        malus: i8,
        what: &'static str,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let target = attr_check_target(self, who, Stat::Agi, ctx, None, false) - malus;
        let imp = atr_check(self, d, log, who, Stat::Agi, target, what);
        if imp.pass {
            let dmg = dmg + imp.critical as i16;
            self.hit_transport(who, t, dmg, d, log);
        }
    }

    /// A hit of `dmg` by `who` on transport `t`: its CH DEF is its DEF; passed, DAÑ − DEF
    /// wounds; failed, the whole DAÑ; critical, none (COMBATE).
    pub(crate) fn hit_transport(
        &mut self,
        who: CharIdx,
        t: usize,
        dmg: i16,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let def = self.transport_info(t).def as i8;
        let roll = roll_check(d, def, &CheckRule::default());
        log.push(|| Event::Check {
            who,
            what: "CH DEF transport",
            roll,
        });
        let wounds = if roll.critical {
            0
        } else if roll.pass {
            (dmg - def as i16).max(0)
        } else {
            dmg
        };
        self.wound_transport(d, log, who, t, wounds.clamp(0, 255) as u8);
    }
}
