//! Turrets (RULES.md, "Doors and turrets"): a scenario element with a weapon profile (CH IMP,
//! ALC, DAÑ, optional ammo) that shoots for the side it works for. A turret has no ENE, no
//! activation and nobody deciding for it, so — decision — it fires by itself once a turn, at
//! the start of the turn before the initiative dice (where the other turn events that need
//! dice are: Ambiente hostil's variable levels, Resurrección, Ave Fénix), at the nearest enemy
//! it sees within its ALC (ties: the lowest index). Its shot is COMBATE's ranged attack with
//! what a turret has: the CH IMP at its value with the distance and target modifiers, cover
//! from its square (the flat rule, as an area's centre), the target's CH DEF and wounds — all
//! through the `DiceSource`.

use super::*;

/// The enemy turret `e` shoots at now: the nearest able, unhidden character of the other side
/// on the board (not aboard a transport) within its ALC and line of sight of its square.
pub fn turret_target(st: &State, e: u8) -> Option<CharIdx> {
    let t = st.turret(e)?;
    let side = st.element_side(e)?;
    let at = st.statics().elements[e as usize].at;
    st.indices()
        .filter(|&j| {
            let c = st.ch(j);
            st.side_of(j) != side
                && st.able(j)
                && !c.has(HIDDEN)
                && (st.transports.is_empty() || st.aboard(j).is_none())
                && c.pos.dist(at) <= t.alc
                && st.board().line_of_sight(at, c.pos)
        })
        .min_by_key(|&j| (st.ch(j).pos.dist(at), j))
}

/// The start of a turn: every working turret with a shot left fires once.
pub(crate) fn turrets_fire(st: &mut State, d: &mut dyn DiceSource, log: &mut Log) {
    for e in 0..st.statics().elements.len() as u8 {
        if !st.turret_loaded(e) {
            continue;
        }
        if let Some(target) = turret_target(st, e) {
            st.spend_turret_shot(e);
            shoot(st, d, log, e, target);
        }
    }
}

/// One shot of turret `e` at `target`. CH IMP: the turret's value, −1 per 10 K beyond the
/// first, −1 / −2 against a crouched / prone target beyond 3 K, −1 against a target moving
/// fast (MODIFICADORES), and the target's traits on its attackers (Fosforito …); logged as the target's `CH IMP turret`. A critical: DAÑ + 1 and no
/// cover; a fumble only misses (a turret has no wear of its own to take). Hit: cover from the
/// turret's square gives DEF + 2 (prone behind it: 100 %, the cover's CH DEF first), then the
/// target's CH DEF and wounds as any shot's.
fn shoot(st: &mut State, d: &mut dyn DiceSource, log: &mut Log, e: u8, target: CharIdx) {
    let Some(t) = st.turret(e) else { return };
    let at = st.statics().elements[e as usize].at;
    let tgt = st.ch(target);
    let (tp, dist) = (tgt.pos, tgt.pos.dist(at));
    let mut imp = t.imp as i8 - ((dist.max(1) - 1) / 10) as i8;
    if dist > 3 {
        imp -= match tgt.stance {
            Stance::Standing => 0,
            Stance::Crouched => 1,
            Stance::Prone => 2,
        };
    }
    if tgt.has(FAST) {
        imp -= 1;
    }
    // The target's traits on whoever shoots it (Fosforito «CH IMP +1 a distancia», Difícil de
    // matar, Camuflaje), as on an attack with no hit check of its own (audit 27a: a turret's
    // shot skipped them).
    imp = imp.saturating_add(st.hit_mod_against(target, Scope::Ranged));
    // The auras of the target's allies on its attackers (Grito de oscuridad «Enemigos atacando
    // a aliados a 5K de este personaje sufren CH IMP-1»): a turret attacks as any shooter does.
    imp = imp.saturating_add(st.ally_aura_check_mod(CheckKind::Hit, Scope::Ranged, target, true));
    let prone = tgt.stance == Stance::Prone;
    let roll = roll_check(d, imp, &CheckRule::default());
    log.push(|| Event::Check {
        who: target,
        what: "CH IMP turret",
        roll,
    });
    if !roll.pass {
        return;
    }
    // Absorción de impacto («Enemigo tiene DAÑ -1») and the like, as for any shot at it.
    let dmg =
        (t.dmg as i16 + roll.critical as i16 + st.damage_taken_mod(target, Scope::Ranged)).max(0);
    let covered = !roll.critical && st.board().cover(at, tp);
    if covered && prone {
        // COMBATE / Cobertura, 100 %: first a CH DEF of the cover.
        let cover_def = st.board().cover_def() as i8;
        let c = roll_check(d, cover_def, &CheckRule::default());
        log.push(|| Event::Check {
            who: target,
            what: "CH DEF cover",
            roll: c,
        });
        if c.pass {
            return;
        }
    }
    let extra = if covered { 2 } else { 0 };
    let dmg = super::damage::taken_damage(st, target, dmg);
    let (w, droll) =
        triggers::defence_wounds(st, d, log, target, dmg, extra, 0, Scope::Ranged, None, None);
    let w = final_wounds(st, target, w, dmg + droll.fumble as i16);
    add_wounds(st, d, log, target, w, None);
}
