//! BONUS Y MALUS that act in an attack and keep state (issue 16, share B): the CH DEF of an
//! energy shield against a ranged attack (Escudo de energía [avanzado]), Ira's mark when the
//! holder is wounded in melee, Arma de carga's DEF after a charge. The state they keep and the
//! modifiers they give are `state::trait_runs`.

#[allow(unused_imports)]
use super::*;

/// Escudo de energía: «CH DEF 4 para defenderte de un ataque a distancia. Si falla, se pierde
/// un nivel de escudo» — before the target's own CH DEF, while it has a level left: a pass
/// stops the attack, a failure costs a level and the target's CH DEF follows (RULES.md).
/// Returns whether the shield stopped it.
pub(super) fn energy_shield(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
) -> bool {
    let Some((def, _, _)) = st.shield(a.target) else {
        return false;
    };
    // An attack that inflicts no wounds (Anulador de escudo, Sin daño) has nothing to stop.
    if def == 0
        || a.melee
        || st.shield_left(a.target) == 0
        || super::triggers::attacker_has(st, a.attacker, a.weapon, |e| {
            matches!(e, Effect::NoWounds)
        })
    {
        return false;
    }
    // Munición magnética: «La DEF de escudos de energía del objetivo = DEF/2» (Redondeo).
    let magnetic = a.weapon.is_some()
        && st
            .fx_with_weapon(a.attacker, a.weapon)
            .any(|e| *e == Effect::HalfDamageUnshielded);
    let def = if magnetic { def.div_ceil(2) } else { def };
    let roll = roll_check(d, def as i8, &CheckRule::default());
    let who = a.target;
    log.push(|| Event::Check {
        who,
        what: "CH DEF shield",
        roll,
    });
    if roll.pass {
        return true;
    }
    st.lose_shield_level(who);
    false
}

/// After a hit of `a` wounded its target (`wounded`): Ira («Si es herido en CaC pero no muere,
/// su siguiente actuación CH IMP y DAÑ +1 en combate CaC») marks the target.
pub(super) fn after_hit(st: &mut State, a: &Attack, wounded: bool) {
    // Frenesí: «DAÑ +2 en 1 combate CaC» — spent by the melee attack that hit.
    if a.melee && st.ch(a.attacker).run.stance & STANCE_DMG != 0 {
        st.stance_hit(a.attacker);
    }
    // Ira on a weapon (audit 30c): «Si es herido» is its bearer's wound, so the bearer of a
    // weapon with Ira is marked too; the bonus then comes with that weapon (`State::wrath`).
    if wounded
        && a.melee
        && !st.dead(a.target)
        && st.bears_effect(a.target, |e| matches!(e, Effect::WrathWhenWounded(_)))
    {
        st.ch_mut(a.target).run.bits |= RUN_WRATH_NEXT;
    }
}

/// Arma de carga: charging with it, the attacker's DEF drops until it is out of melee.
pub(super) fn on_charge(st: &mut State, a: &Attack) {
    if charge_bonus(st, a)
        && a.weapon.is_some_and(|w| {
            st.weapon_fx(a.attacker, w)
                .iter()
                .any(|e| matches!(e, Effect::DefAfterCharge(_)))
        })
    {
        st.ch_mut(a.attacker).run.bits |= RUN_CHARGE_DEF;
    }
}

/// Guardaespaldas: the able ally of `a`'s target (not the attacker) nearest to it within its
/// reach that takes a ranged hit in its place (always, RULES.md), if any.
pub(super) fn bodyguard(st: &State, a: &Attack) -> Option<CharIdx> {
    if a.melee {
        return None;
    }
    let tp = st.ch(a.target).pos;
    let side = st.side_of(a.target);
    st.indices()
        .filter(|&j| j != a.target && j != a.attacker && st.side_of(j) == side && st.able(j))
        .filter_map(|j| {
            let d = st.ch(j).pos.dist(tp);
            st.info(j)
                .effects
                .iter()
                .any(|e| matches!(*e, Effect::Bodyguard(k) if d <= k))
                .then_some((d, j))
        })
        .min()
        .map(|(_, j)| j)
}

/// Ave Fénix at the start of a turn: each dead holder not yet gone rolls 1D10 — a critical
/// revives it with no wounds, 2 to 5 with CON − 1, 6 to 9 it waits, a fumble (10) is for good
/// (its body is removed).
pub fn phoenix(st: &mut State, d: &mut dyn DiceSource, log: &mut Log) {
    for who in st.indices().collect::<smallvec::SmallVec<[CharIdx; 16]>>() {
        if !st.dead(who)
            || st.ch(who).has(REMOVED)
            || !st.info(who).effects.contains(&Effect::Phoenix)
        {
            continue;
        }
        let r = d.d10();
        let con = st.info(who).con;
        // On a taken square it cannot rise: it waits (RULES.md, rising on a taken square).
        let free = st.may_rise(who);
        let (wounds, text) = match r {
            1 if free => (Some(0), "rises from its ashes"),
            2..=5 if free => (Some(con - 1), "rises from its ashes, wounded"),
            1..=5 => (None, "waits in its ashes"),
            6..=9 => (None, "waits in its ashes"),
            _ => (None, "is gone for good"),
        };
        if r == 10 {
            st.ch_mut(who).set(REMOVED, true);
        }
        if let Some(w) = wounds {
            st.ch_mut(who).wounds = w;
        }
        log.push(|| Event::Status { who, text });
    }
}
