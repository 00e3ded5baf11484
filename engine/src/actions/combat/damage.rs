//! COMBATE / CH DEF, Heridas, Desgaste: wounds and their consequences, the CH DEF against a DAÑ,
//! automatic hits, the defender's damage traits and an attack's DAÑ.

#[allow(unused_imports)]
use super::*;

/// Adds wounds and applies their consequences: the CH PSI of the wounded (PSICOLOGÍA), and the
/// end of an incapacitated character's activation (handled by the caller).
pub fn add_wounds(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    n: u8,
    source: Option<CharIdx>,
) {
    wounds_with_psyche(st, d, log, who, n, source);
}

/// [`add_wounds`], returning the outcome of the CH PSI of the wounded (a pass when it took no
/// wound or did not check): for the wounds a character gives itself in its own action (Dañino,
/// Defectuoso), whose failed CH PSI «falla la acción» (PSICOLOGÍA).
pub fn wounds_with_psyche(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    n: u8,
    source: Option<CharIdx>,
) -> crate::psychology::Psyche {
    use crate::psychology::Psyche;
    // Explota: «DAÑ igual al del ataque que lo hizo explotar» (set by the hit).
    let hit_dmg = super::area_traits::take_hit_damage();
    if n == 0 || st.dead(who) {
        return Psyche::Pass;
    }
    // Afortunado: «Si sufre DAÑ, 1D10: 1 ignorar DAÑ».
    let lucky = st.info(who).effects.iter().find_map(|e| match e {
        Effect::IgnoreDamage(k) => Some(*k),
        _ => None,
    });
    if let Some(k) = lucky {
        if d.d10() <= k {
            log.push(|| Event::Status {
                who,
                text: "is lucky: no wounds",
            });
            return Psyche::Pass;
        }
    }
    // Fortuna: «Una vez por turno: ignorar DAÑ».
    if st.fortune(who) {
        log.push(|| Event::Status {
            who,
            text: "is fortunate: no wounds",
        });
        return Psyche::Pass;
    }
    // Escudo coriáceo: the shield's levels go first.
    let n = st.absorb_wounds(who, n);
    if n == 0 {
        log.push(|| Event::Status {
            who,
            text: "its shield takes the wounds",
        });
        return Psyche::Pass;
    }
    // Poderoso: «Poder +1 si recibe o inflige 1 herida (máx. 10)».
    for j in std::iter::once(who).chain(source) {
        if st.info(j).has_effect(|e| *e == Effect::PowerPool) {
            let c = st.ch_mut(j);
            c.power = (c.power + n).min(10);
        }
    }
    // Miembros prescindibles: a limb may take them (RULES.md, share H).
    let n = super::limbs::to_head(st, d, log, who, n);
    if n == 0 {
        // Every wound went to a limb: nothing reaches the head / trunk to log, but wounds on a
        // limb still call the CH PSI of a wound (RULES.md, Miembros prescindibles).
        return if st.able(who) {
            psyche(st, d, log, who, source)
        } else {
            Psyche::Pass
        };
    }
    let total = st.gain_wounds(who, n);
    log.push(|| Event::Wounds {
        who,
        amount: n,
        total,
    });
    if st.dead(who) {
        log.push(|| Event::Status {
            who,
            text: "is dead",
        });
        super::bombs::living_bomb(st, d, log, who);
        super::area_traits::on_death(st, d, log, who, hit_dmg);
    } else if st.incapacitated(who) {
        log.push(|| Event::Status {
            who,
            text: "is incapacitated",
        });
    } else if st.able(who) {
        return psyche(st, d, log, who, source);
    }
    Psyche::Pass
}

/// Gives one wound to the first usable protection (pifia en CH DEF).
pub(super) fn wear_protection(st: &mut State, who: CharIdx) {
    let info = &st.st.chars[who as usize];
    let nw = info.def.weapons.len();
    let slot = info
        .def
        .protections
        .iter()
        .enumerate()
        .find(|(k, p)| nw + k < MAX_EQUIPMENT && st.chars[who as usize].wear[nw + k] < p.quality)
        .map(|(k, _)| nw + k);
    if let Some(s) = slot {
        st.ch_mut(who).wear[s] += 1;
    }
}

/// Resolves a CH DEF against `dmg` and returns the wounds. `extra_def`: cover and other
/// modifiers of the check target; `pierce`: DEF ignored; `no_reroll` when the attack denies
/// re-rolls (Munición vida o muerte). The traits' second CH DEF: `triggers::defence_wounds`.
#[allow(clippy::too_many_arguments)]
pub(super) fn defence_roll(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    dmg: i16,
    extra_def: i8,
    pierce: i16,
    scope: Scope,
    attacker: Option<CharIdx>,
    no_reroll: bool,
) -> (i16, Roll) {
    // DEF changes limited to a kind of attack (Rabia: "DEF -1 en CaC"), never for sobrecarga.
    let scoped: i16 = st
        .info(who)
        .effects
        .iter()
        .map(|e| match e {
            Effect::DefModScoped { scope: s, amount } if scope_matches(*s, scope) => *amount as i16,
            _ => 0,
        })
        .sum();
    // Arma de carga: «DEF -2 hasta el final del combate».
    // Empuñadura larga, Frenesí: the stance's DEF.
    let def = (st.def_total(who, false) + scoped + st.run_def_mod(who) + st.stance_def(who)
        - pierce)
        .max(0);
    let tmod = st.trait_check_mod(who, CheckKind::Def, scope, None, attacker, false);
    let target = (def as i8).saturating_add(extra_def).saturating_add(tmod);
    let rule = CheckRule {
        auto_pass: st.auto_pass(who, CheckKind::Def),
        reroll: !no_reroll && st.may_reroll(who, CheckKind::Def, scope, None, false),
        reroll_fumble: !no_reroll && st.may_reroll(who, CheckKind::Def, scope, None, true),
        ..st.luck_rule(who, CheckKind::Def)
    };
    let roll = log.chi(who, roll_check(d, target, &rule), d, target, &rule);
    log.push(|| Event::Check {
        who,
        what: "CH DEF",
        roll,
    });
    let wounds = if roll.critical {
        0
    } else if roll.pass {
        (dmg - def).max(0)
    } else if roll.fumble {
        wear_protection(st, who);
        dmg + 1
    } else {
        dmg
    };
    (wounds, roll)
}

/// An automatic hit of DAÑ `dmg` (pifia en CH IMP, crítico en CH DEF en CaC): a CH DEF and its
/// wounds, with no counter-hit of its own. Returns the victim's CH DEF (a meta-ability's
/// attack, which hits this way, reads its critical: [`critical_def_counter`]).
pub fn auto_hit(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    victim: CharIdx,
    dmg: i16,
    source: Option<CharIdx>,
) -> Roll {
    let taken = taken_damage(st, victim, dmg);
    let (w, r) =
        super::triggers::defence_wounds(st, d, log, victim, taken, 0, 0, Scope::Any, source, None);
    let w = final_wounds(st, victim, w, taken + r.fumble as i16);
    super::area_traits::set_hit_damage(dmg);
    add_wounds(st, d, log, victim, w, source);
    r
}

/// COMBATE, «Crítico en CH DEF: 0 heridas y, en CaC, un impacto automático de DAÑ 1 al
/// atacante»: `defender`'s critical CH DEF against a melee attack of `attacker` hits it back;
/// Pinchos: «DAÑ 2 en crítico de CH DEF en CaC».
pub fn critical_def_counter(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    defender: CharIdx,
    attacker: CharIdx,
) {
    let dmg = st
        .info(defender)
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::CounterDamage(k) => Some(*k as i16),
            _ => None,
        })
        .unwrap_or(1);
    auto_hit(st, d, log, attacker, dmg, Some(defender));
}

/// The DAÑ the victim suffers from a hit of DAÑ `dmg`, before its CH DEF: **Blandito** («Sufre
/// DAÑ x2») doubles the DAÑ itself — the CH DEF then subtracts the DEF from the doubled DAÑ, as
/// ÁREAS' «la mitad del DAÑ» halves the DAÑ and not the wounds (audit 21b; it doubled the wounds).
pub(super) fn taken_damage(st: &State, victim: CharIdx, dmg: i16) -> i16 {
    if st
        .info(victim)
        .has_effect(|e| matches!(e, Effect::DoubleDamageTaken))
    {
        dmg * 2
    } else {
        dmg
    }
}

/// Applies the defender's damage traits to wounds (Gran bestia). `dmg`: the DAÑ the victim
/// suffered (Gran bestia: "Solo es herido con DAÑ > CON/2" compares the DAÑ, not the wounds
/// left after the CH DEF; CON/2 rounded as CONCEPTOS BÁSICOS / Redondeo says, «para N'5 o más a
/// N+1»: CON 5 → 3, so DAÑ 4 or more).
pub(super) fn final_wounds(st: &State, who: CharIdx, w: i16, dmg: i16) -> u8 {
    let info = st.info(who);
    let mut w = w.max(0);
    let half_con = (info.con as i16 + 1) / 2;
    if info.has_effect(|e| matches!(e, Effect::MinDamageHalfCon)) && dmg <= half_con {
        w = 0;
    }
    w.min(255) as u8
}

/// The DAÑ of an attack before the CH DEF.
pub fn attack_damage(st: &State, a: &Attack, critical: bool) -> i16 {
    let info = st.info(a.attacker);
    let c = st.ch(a.attacker);
    // Mulo: «CON+1 para calcular DAÑ en CaC» (the CON of every melee DAÑ below).
    // Mecha: its pilot strikes in melee with the mecha's CON and wounds (audit 25b).
    let (con, wounds) = a
        .melee
        .then(|| st.mecha_body(a.attacker))
        .flatten()
        .unwrap_or((st.strength_con(a.attacker), c.wounds as i16));
    let mut dmg = match (a.with, a.weapon) {
        // Embestir, «Personaje: DAÑ máx. = CON» (RULES.md).
        (With::Power { dmg }, _) => dmg as i16,
        // Ariete: «DAÑ +1 embistiendo».
        (With::Body { dmg }, _) => {
            dmg as i16
                + info
                    .effects
                    .iter()
                    .map(|e| match e {
                        Effect::RamDamage(k) => *k as i16,
                        _ => 0,
                    })
                    .sum::<i16>()
        }
        // Ataque CaC con objeto improvisado: the object's DAÑ stands for «DAÑ del arma» in
        // MODIFICADORES, DAÑ en CaC (+ CON − 4 − heridas, min 1); thrown, it is the DAÑ.
        (With::Object { dmg, .. }, _) if a.melee => (dmg as i16 + con - 4 - wounds).max(1),
        (With::Object { dmg, .. }, _) => dmg as i16,
        // «Ataque CaC sin armas … Como "ataque CaC", pero DAÑ=CON-4»: CON − 4 stands for «DAÑ del
        // arma + CON − 4»; the rest of MODIFICADORES, DAÑ en CaC («− heridas sufridas (mínimo
        // 1)») still applies, as to any melee attack (RULES.md, Atacar CaC).
        // Garras y dientes: «DAÑ CaC sin armas igual a CON/2» (Redondeo).
        (_, None) if info.has_effect(|e| matches!(e, Effect::Claws)) => {
            ((con + 1) / 2 - wounds).max(1)
        }
        (_, None) => (con - 4 - wounds).max(1),
        (_, Some(w)) => {
            let base = st.weapon_dmg(a.attacker, w);
            if a.melee {
                // Mulo on the weapon: the CON of its DAÑ en CaC + 1 (a weapon's traits act when
                // it is used; audit 31b: only the bearer's Mulo was read).
                let mule: i16 = st
                    .weapon_fx(a.attacker, w)
                    .iter()
                    .map(|e| match e {
                        Effect::StrengthCon(k) => *k as i16,
                        _ => 0,
                    })
                    .sum();
                // MODIFICADORES, DAÑ en CaC: DAÑ del arma + CON − 4 − heridas (mínimo 1).
                (base + con + mule - 4 - wounds).max(1)
            } else {
                base
            }
        }
    };
    if charge_bonus(st, a) {
        dmg += 1;
        // Caballería: «Cargando, DAÑ +2 en lugar de +1» — the character's or the weapon it
        // strikes with (a weapon's traits act when it is used; audit 29a: a lance's was not
        // read); «en lugar de» replaces the + 1, so two of them do not add up.
        dmg += st
            .fx_with_weapon(a.attacker, a.weapon)
            .map(|e| match e {
                Effect::ChargeDamage(k) => *k as i16,
                _ => 0,
            })
            .max()
            .unwrap_or(0);
    }
    if critical {
        dmg += 1;
    }
    dmg += st.trait_damage_mod(a.attacker, a.weapon, a.target, scope_of(st, a), critical);
    // Munición magnética: «Sin escudos de energía, DAÑ/2» (with one left, its CH DEF is at
    // DEF/2 instead: `runs::energy_shield`).
    let energy_shield =
        st.shield(a.target).is_some_and(|(def, _, _)| def > 0) && st.shield_left(a.target) > 0;
    if !energy_shield
        && a.weapon.is_some()
        && st
            .fx_with_weapon(a.attacker, a.weapon)
            .any(|e| *e == Effect::HalfDamageUnshielded)
    {
        // Redondeo: «Hasta N'49 se redondean a N, y para N'5 o más a N+1».
        dmg = (dmg.max(0) + 1) / 2;
    }
    dmg.max(0)
}
