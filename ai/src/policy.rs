//! A cheap heuristic prior over actions: orders candidates for progressive widening and drives
//! the rollout policy. It never applies an action; it reads the position.

use engine::action::{ActKind, Action, CharIdx};
use engine::dice::DiceSource;
use engine::movement::outnumbered_at;
use engine::{Pos, State};

/// Distance from `p` to the nearest able enemy of `who`.
fn nearest_enemy(st: &State, who: CharIdx, p: Pos) -> u8 {
    let side = st.side_of(who);
    st.indices()
        .filter(|&j| st.side_of(j) != side && st.able(j))
        .map(|j| st.ch(j).pos.dist(p))
        .min()
        .unwrap_or(40)
}

/// The longest usable weapon range of a character (0: melee only).
fn best_range(st: &State, who: CharIdx) -> u8 {
    (0..st.info(who).def.weapons.len() as u8)
        .filter(|&w| st.weapon_usable(who, w))
        .map(|w| st.weapon_range(who, w))
        .max()
        .unwrap_or(0)
}

/// A heuristic score of an action (higher is better), for ordering and rollouts.
pub fn prior(st: &State, a: &Action) -> f32 {
    match *a {
        Action::Initiative(_) | Action::Activate(_) => 1.0,
        Action::Pass => 0.4,
        Action::React(_) => 1.0,
        Action::Hold(_) => 0.1,
        Action::End { who, facing } => {
            // Ending is good when ENE is low; facing the nearest enemy is better.
            let c = st.ch(who);
            let toward = st
                .indices()
                .filter(|&j| st.side_of(j) != st.side_of(who) && st.able(j))
                .min_by_key(|&j| st.ch(j).pos.dist(c.pos))
                .and_then(|j| engine::Facing::towards(c.pos, st.ch(j).pos));
            let base = if c.ene <= 1 { 1.5 } else { 0.2 };
            base + if toward == Some(facing) { 0.3 } else { 0.0 }
        }
        Action::Act {
            who, kind, chain, ..
        } => kind_score(st, who, &kind) - if chain { 0.3 } else { 0.0 },
        Action::Reaction { who, kind } => kind_score(st, who, &kind),
    }
}

fn kind_score(st: &State, who: CharIdx, k: &ActKind) -> f32 {
    let c = st.ch(who);
    match *k {
        ActKind::Shoot { weapon, target, .. } => {
            3.0 + 0.5 * st.weapon_dmg(who, weapon) as f32 + wounded_bonus(st, target)
        }
        ActKind::Melee { weapon, target } => {
            3.2 + 0.6 * st.weapon_dmg(who, weapon) as f32 + wounded_bonus(st, target)
        }
        ActKind::Unarmed { target } => 1.2 + wounded_bonus(st, target),
        ActKind::Charge { target, .. } => 3.0 + wounded_bonus(st, target),
        ActKind::Knockout { .. } => 1.5,
        ActKind::Push { .. } | ActKind::Disarm { .. } | ActKind::Immobilise { .. } => 0.8,
        ActKind::Surprise { .. } => 4.0,
        ActKind::Reload { .. } => 2.0,
        ActKind::Heal { .. } => 1.5,
        ActKind::Free => 3.0,
        ActKind::Support { .. } | ActKind::Perceive => 0.5,
        ActKind::Concentrate | ActKind::Guard => 0.4,
        ActKind::Hide => 0.6,
        ActKind::Wait => 0.2,
        ActKind::Crouch | ActKind::Prone | ActKind::Stand | ActKind::Pivot(_) => 0.3,
        ActKind::Countercharge | ActKind::Dodge => 1.5,
        ActKind::Disengage(p) | ActKind::Flee(p) => 1.0 + move_score(st, who, c.pos, p),
        ActKind::Move(p)
        | ActKind::Run(p)
        | ActKind::Sprint(p)
        | ActKind::Sneak(p)
        | ActKind::Climb(p) => {
            let cost = match k {
                ActKind::Move(_) => 0.0,
                ActKind::Run(_) | ActKind::Sneak(_) => 0.2,
                _ => 0.5,
            };
            1.0 + move_score(st, who, c.pos, p) - cost
        }
    }
}

fn wounded_bonus(st: &State, target: CharIdx) -> f32 {
    let c = st.ch(target);
    let con = st.info(target).con.max(1) as f32;
    1.5 * c.wounds as f32 / con + st.info(target).cost as f32 / 100.0
}

/// Movement: melee characters close in, ranged ones keep their best range; cover is good;
/// ending outnumbered is bad.
fn move_score(st: &State, who: CharIdx, from: Pos, to: Pos) -> f32 {
    let before = nearest_enemy(st, who, from) as f32;
    let after = nearest_enemy(st, who, to) as f32;
    let range = best_range(st, who) as f32;
    let mut s = if range > 0.0 {
        let want = (range * 0.7).max(2.0);
        ((before - want).abs() - (after - want).abs()) * 0.3
    } else {
        (before - after) * 0.3
    };
    if st.board().cover_adjacent(to) {
        s += 0.3;
    }
    if outnumbered_at(st, who, to) {
        s -= 1.0;
    }
    s
}

/// Picks an action for a rollout: the best prior with probability 1/2, otherwise one drawn in
/// proportion to exp(prior), using the given dice as the source of randomness.
pub fn rollout_choice(
    st: &State,
    legal: &[Action],
    d: &mut dyn DiceSource,
    scratch: &mut Vec<f32>,
) -> usize {
    scratch.clear();
    let mut best = 0;
    let mut best_v = f32::MIN;
    for (i, a) in legal.iter().enumerate() {
        let v = prior(st, a);
        if v > best_v {
            best_v = v;
            best = i;
        }
        scratch.push(v);
    }
    if d.d10() <= 5 {
        return best;
    }
    let total: f32 = scratch.iter().map(|v| (v - best_v).exp()).sum();
    let r = (d.d100() as f32 - 0.5) / 100.0 * total;
    let mut acc = 0.0;
    for (i, v) in scratch.iter().enumerate() {
        acc += (v - best_v).exp();
        if acc >= r {
            return i;
        }
    }
    best
}
