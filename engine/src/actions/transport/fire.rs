//! Attacks on a transport (ACCIONES DE COMBATE, Ataque a distancia; CREACIÓN DE TRANSPORTES:
//! «El CH DEF = la suma de las DEF equipadas»). Decisions (RULES.md, "Transportes"): a character
//! on foot shoots an enemy transport in its line of sight within its weapon's ALC; CH IMP with
//! the weapon's attribute (AGI), −1 per 10 K past the first 10 (as any shot); the transport's CH
//! DEF is its DEF; passed, DAÑ − DEF wounds, failed, the whole DAÑ (COMBATE); a critical CH IMP
//! adds 1 DAÑ. The passengers are never the target (OPEN_READINGS A26 (a)): only the explosion
//! reaches them (`damage`).

use crate::actions::combat::{atr_target, fumbled_imp, hit_rule, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{roll_check, CheckRule, Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{CheckKind, Effect, Scope, Stat};
use crate::state::State;

/// Por velocidad past this many K moved this turn («moviendo a más de 5 K»).
const FAST_K: u8 = 5;

/// A DAÑ that stands for none (De Padrón: «50% DAÑ=0»): no bonus lifts it.
pub(crate) const NO_DAMAGE: i16 = -1000;

/// How a character strikes a transport: with its weapon `weapon`, in melee (a mecha) or not,
/// its CH IMP lowered by `malus` (distance, speed, its stance).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strike {
    pub weapon: u8,
    pub melee: bool,
    pub malus: i8,
}

/// Whether `who` is aboard a transport that moved more than 5 K this turn, and whether it is an
/// Artillero there («Sin negativos disparando desde … un transporte en movimiento»). One check
/// on positions without transports.
#[inline]
pub fn from_moving(st: &State, who: CharIdx, weapon: Option<u8>) -> (bool, bool) {
    if st.num_transports() == 0 {
        return (false, false);
    }
    match st.aboard(who) {
        // Artillero on the transport archetype is the transport's: every rider firing from it
        // shoots without the malus of its speed, not its owner alone (audit 31c; its traits
        // other than its hull's are also its owner's, RULES.md "Where traits live").
        Some(t) if st.transport(t).moved > FAST_K => (
            true,
            gunner(st, who, weapon) || super::has(st, t, |e| matches!(e, Effect::Gunner)),
        ),
        _ => (false, false),
    }
}

/// Artillero on `who` (its archetypes) or on the weapon it fires — its own, an item it carries
/// or one mounted on its transport: a weapon's traits act when it is used (audit 30c: any of
/// its own weapons gave it to every shot, and a carried or mounted weapon's was not read).
fn gunner(st: &State, who: CharIdx, weapon: Option<u8>) -> bool {
    st.fx_with_weapon(who, weapon)
        .any(|e| matches!(e, Effect::Gunner))
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
            if range > 0 && st.weapon_ready(who, w) && me.dist(tp) <= range {
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
        // The weapon's «cuando se usa» traits (Artillero requerido, De Padrón, Prueba de …),
        // as for a shot at a character (audit 27a: skipped here).
        let used = crate::actions::combat::weapon_uses(self, d, log, who, Some(weapon), ctx);
        if used.stopped {
            return true;
        }
        let mag = self.weapon_magazine(who, weapon);
        if mag > 0 {
            let left = self.weapon_ammo(who, weapon).saturating_sub(1);
            self.set_weapon_ammo(who, weapon, left);
        }
        let dist = self.ch(who).pos.dist(self.transport(t).pos) as i8;
        let far = (dist - 1).max(0) / 10;
        // Por velocidad: −1 when the transport moved more than 5 K this turn or the shooter
        // did; an Artillero waives the transport's («desde y/o hacia un transporte en
        // movimiento»), not its own run on foot (audit 29b: it waived both).
        let moving = self.transport(t).moved > FAST_K && !gunner(self, who, Some(weapon));
        let speed = (moving || self.ch(who).has(crate::state::FAST)) as i8;
        // De Padrón: «50% DAÑ=0».
        let dmg = if used.no_damage {
            NO_DAMAGE
        } else {
            self.weapon_dmg(who, weapon)
        };
        let strike = Strike {
            weapon,
            melee: false,
            malus: far + speed,
        };
        self.strike_transport(who, t, dmg, strike, "CH IMP transport", ctx, d, log);
        true
    }

    /// An attack of `who` with its weapon on transport `t` ([`Strike`]): its CH IMP (AGI) with
    /// the CH IMP traits of the attacker and its weapon (Arma complicada, Incapacidad de
    /// combate …) − the strike's `malus`; hit, `dmg` (the weapon's, [`NO_DAMAGE`]: none) + 1 on
    /// a critical + the attacker's own DAÑ traits and its weapon's (Filo romo, Artificiero,
    /// Reventamuros …: `State::own_damage_mod`) against the transport's CH DEF
    /// ([`Self::hit_transport`]). Audit 27a: the weapon's traits were skipped (the bare CH AGI
    /// and DAÑ of the weapon).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn strike_transport(
        &mut self,
        who: CharIdx,
        t: usize,
        dmg: i16,
        strike: Strike,
        what: &'static str,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let Strike {
            weapon,
            melee,
            malus,
        } = strike;
        let scope = if melee { Scope::Melee } else { Scope::Ranged };
        // A CH IMP: the CH AGI of a hit (`atr_target` with `hit`) and the traits of a CH IMP
        // with this weapon (they include those of the CH AGI: `check_matches`).
        // The transport's own traits against its attackers (Contramedidas, Camuflaje: audit
        // 30b, `transport::check_mod`).
        let target = atr_target(self, who, Stat::Agi, ctx, true)
            + self.trait_check_mod(who, CheckKind::Hit, scope, Some(weapon), None, true)
            + super::check_mod(self, t, CheckKind::Hit, scope)
            - malus;
        // Its rule is a CH IMP's too, and so is its fumble (COMBATE, «Pifia en CH IMP: se
        // recibe un impacto automático de DAÑ 1, y el arma gana 1 herida»): the re-rolls of a
        // CH IMP (Maestro guerrero on a mecha, De precisión …), its criticals (Sin dientes, Arma
        // de francotirador) and luck (Sin suerte), then the fumble's hit and wear with Peligro,
        // Inflamable … Audit 28b: a plain CH AGI, whose fumble did nothing.
        let rule = hit_rule(self, who, Some(weapon), scope);
        let imp = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
        log.natural(who, &imp);
        log.push(|| Event::Check {
            who,
            what,
            roll: imp,
        });
        if imp.fumble {
            fumbled_imp(self, d, log, who, Some(weapon), Some(weapon));
        }
        if imp.pass {
            let dmg = if dmg <= NO_DAMAGE {
                0
            } else {
                (dmg + imp.critical as i16
                    + self.own_damage_mod(who, Some(weapon), None, scope, imp.critical))
                .max(0)
            };
            let pierce =
                crate::actions::combat::weapon_pierce(self, who, Some(weapon), imp.critical);
            let def = self.hit_transport(who, Some(weapon), t, dmg, pierce, scope, d, log);
            // «Crítico en CH DEF: 0 heridas y, en CaC, un impacto automático de DAÑ 1 al
            // atacante» — a mecha struck in melee too (audit 29b: it had none).
            if melee && def.critical && self.able(who) {
                crate::actions::combat::auto_hit(self, d, log, who, 1, None);
            }
        }
    }

    /// A hit of `dmg` by `who` on transport `t`: its CH DEF is its DEF less `pierce` (the DEF
    /// the attack's weapon takes off: Munición perforante, ultraperforante on a critical —
    /// `combat::weapon_pierce`); passed, DAÑ − that DEF wounds; failed, the whole DAÑ; a
    /// fumble, DAÑ + 1 («Pifia en CH DEF: DAÑ +1 para el atacante»); critical, none
    /// (COMBATE). Audit 29b: the weapon's DEF cut and the fumble's + 1 were skipped. Its own
    /// CH DEF traits in the hit's `scope` change the check, not the DEF subtracted (Refuerzo «CH
    /// DEF +1», as on a character; audit 30b: skipped, `transport::check_mod`). `weapon`: the
    /// attack's (None for a ram): Munición ígnea on it (or on its bearer) gives a transport it
    /// wounds Sobrecalentamiento. Returns the CH DEF.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn hit_transport(
        &mut self,
        who: CharIdx,
        weapon: Option<u8>,
        t: usize,
        dmg: i16,
        pierce: i16,
        scope: Scope,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> crate::basics::check::Roll {
        // Its hull traits (audit 30c; `state::hull_effect`): Absorción de impacto's «Enemigo
        // tiene DAÑ -1» takes one off the attack's DAÑ, then Blandito's «Sufre DAÑ x2» doubles
        // it before the CH DEF — a character's order (audit 21b).
        let fx = &self.transport_info(t).effects;
        let less: i16 = fx
            .iter()
            .map(|e| match *e {
                Effect::DamageMod {
                    who: crate::creation::effect::Who::AttackersOfHolder,
                    amount,
                    ..
                } => amount as i16,
                _ => 0,
            })
            .sum();
        let twice = fx.iter().any(|e| matches!(e, Effect::DoubleDamageTaken));
        let dmg = (dmg + less).max(0) * if twice { 2 } else { 1 };
        let def = (self.transport_info(t).def as i16 - pierce).clamp(0, 10) as i8;
        let target = def.saturating_add(super::check_mod(self, t, CheckKind::Def, scope));
        let roll = roll_check(d, target, &CheckRule::default());
        log.push(|| Event::Check {
            who,
            what: "CH DEF transport",
            roll,
        });
        let wounds = if roll.critical {
            0
        } else if roll.pass {
            (dmg - def as i16).max(0)
        } else if roll.fumble {
            // «una protección gana 1 herida»: a transport's wear is its wounds (RULES.md,
            // Transportes), which the + 1 already adds to.
            dmg + 1
        } else {
            dmg
        };
        let wounds = wounds.clamp(0, 255) as u8;
        // Munición ígnea: «Si el arma hiere, el objetivo ganará el malus sobrecalentamiento» —
        // a malus written for a transport («Si el transporte acumula 5 heridas …»), so a
        // transport it wounds gains it as a character does (audit 31d: it gained nothing).
        if wounds > 0
            && self
                .fx_with_weapon(who, weapon)
                .any(|e| *e == Effect::OverheatOnWound)
        {
            self.transport_mut(t).overheated = true;
        }
        self.wound_transport(d, log, who, t, wounds);
        roll
    }
}
