//! A scripted expert (STRENGTH.md, "The scripted expert"): the rules of thumb a good Wartime
//! player follows, written down as an agent, so that the search has a baseline a player would
//! recognise (in the Bot Bowl competitions hand-scripted bots beat search and learning entries in
//! four editions of five).
//!
//! The rules, each a term of the score of an action:
//! - **focus fire on the wounded**: an attack is worth the points it is expected to take off the
//!   table, and a wound is worth more on a character that is already hurt (a kill ends its
//!   actions); outcomes are sampled with the engine's own dice, so every modifier counts;
//! - **charge the panicked** (a panicked enemy cannot react and must flee);
//! - **take cover against ready shooters**: a square seen by an enemy that can still shoot
//!   (not yet acted, a ranged weapon in range) costs, less so behind cover;
//! - **stay out of hostile zones** (Ambiente hostil): a square in or touching one costs the
//!   wounds its checks there are expected to bring;
//! - **never end an activation outnumbered beyond VOL** (PSICOLOGÍA: CH PSI and CH LOC follow);
//! - **chain to deny reactions** (acciones combinadas: no reaction window between chained
//!   actions) when there is ENE for the next attack;
//! - **keep ENE when nothing is in reach**: ending early carries the ENE into reactions and the
//!   next turn, instead of walking about;
//! - reactions: shoot or strike back at an enemy acting within reach, otherwise pass.
//!
//! It reads the position only through the engine's state API and plays every decision kind; a
//! decision it has no rule for goes to the search's heuristic prior.

use super::agent::{forced, Agent};
use crate::search::policy::{best_range, prior_in, Ctx};
use engine::actions::movement::outnumbered_at;
use engine::basics::action::{ActKind, Action, CharIdx};
use engine::basics::check::Log;
use engine::basics::dice::SeededDice;
use engine::sequence::legal::initiative_value;
use engine::state::{ACTED, PANIC, SPRINTED};
use engine::{Pending, Pos, Side, State};

/// Dice samples per attack (movement and the rest: one).
pub const EXPERT_SAMPLES: u32 = 12;

/// The scripted expert agent.
pub struct ExpertAgent {
    samples: u32,
    seed: u64,
    calls: u64,
    buf: Vec<Action>,
}

impl ExpertAgent {
    /// An expert with its own seed (the dice it samples attack outcomes with).
    pub fn new(seed: u64) -> ExpertAgent {
        ExpertAgent {
            samples: EXPERT_SAMPLES,
            seed,
            calls: 0,
            buf: Vec::new(),
        }
    }
}

impl Agent for ExpertAgent {
    fn name(&self) -> String {
        "expert".into()
    }

    fn choose(&mut self, st: &State) -> Action {
        let mut legal = std::mem::take(&mut self.buf);
        if let Some(a) = forced(st, &mut legal) {
            self.buf = legal;
            return a;
        }
        let rated = self.rate(st, &legal);
        let mut best = (f32::MIN, 0usize);
        for (k, &v) in rated.iter().enumerate() {
            if v > best.0 {
                best = (v, k);
            }
        }
        let a = legal[best.1];
        self.buf = legal;
        a
    }
}

/// What every action of one decision is scored against, gathered once.
struct Decision {
    side: Side,
    ctx: Ctx,
    /// An attack on an able enemy is among the legal actions now.
    reach_now: bool,
}

impl ExpertAgent {
    /// Every legal action with the score the expert gives it (higher is better), in the order
    /// of the legal list: what it weighed, for explanations and tests.
    pub fn scores(&mut self, st: &State) -> Vec<(Action, f32)> {
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        let rated = self.rate(st, &legal);
        legal.into_iter().zip(rated).collect()
    }

    /// The scores of `legal` (one decision: one sample stream), in its order: the search's
    /// `prior=expert` orders its root candidates by them (`search::expert_prior`).
    pub(crate) fn rate(&mut self, st: &State, legal: &[Action]) -> Vec<f32> {
        self.calls += 1;
        let side = st.to_decide().unwrap_or(Side::A);
        let dec = Decision {
            side,
            ctx: Ctx::new(st, legal),
            reach_now: legal.iter().any(|a| is_attack_on_enemy(st, a)),
        };
        legal
            .iter()
            .enumerate()
            .map(|(k, a)| self.score(st, &dec, a, k as u64))
            .collect()
    }

    /// The score of one legal action for `side` (higher is better).
    fn score(&self, st: &State, dec: &Decision, a: &Action, k: u64) -> f32 {
        let (side, ctx) = (dec.side, &dec.ctx);
        match (*a, st.pending()) {
            // The highest VOL rolls initiative: the likeliest to win the phase.
            (Action::Initiative(c), _) => initiative_value(st, c) as f32,
            (Action::Activate(c), _) => activation_urgency(st, c),
            (Action::React(c), Pending::Window { actor, .. }) => {
                if can_strike(st, c, actor) {
                    1.0
                } else {
                    -1.0
                }
            }
            (Action::Pass, _) => 0.0,
            (Action::Hold(_), _) => 0.0,
            (Action::End { who, facing }, _) => {
                end_score(st, side, who, facing, dec.reach_now) + place_score(st, side, who)
            }
            (
                Action::Act {
                    who, kind, chain, ..
                },
                _,
            ) => {
                let (gain, after) = self.outcome(st, side, a, &kind, k);
                let reach_after = || attack_in_reach(&after, who);
                let mut v = gain + place_score(&after, side, who);
                if kind.is_attack() {
                    if let Some(t) = kind.enemy_target() {
                        if st.ch(t).has(PANIC) && kind.is_melee() {
                            v += 0.2 * st.info(t).cost as f32 / 10.0;
                        }
                    }
                    // Chained, the next attack comes before any reaction.
                    if chain && after.ch(who).ene >= 2 && reach_after() {
                        v += 0.5;
                    } else if chain {
                        v -= 0.5;
                    }
                } else {
                    // Walking about with nothing to hit: the ENE is better kept (reactions, the
                    // next turn), so only a move that brings an attack within reach is worth
                    // its cost, or one out of a bad square (the place score above).
                    v -= 0.15 * st.action_cost(who, &kind).max(0) as f32;
                    // Out of a hostile zone with the attack still in reach: the attack to come is
                    // made without the zone's risk.
                    let (from, to) = (st.ch(who).pos, after.ch(who).pos);
                    if dec.reach_now && reach_after() {
                        v += hostile_cost(st, who, from) - hostile_cost(&after, who, to);
                    }
                    if !dec.reach_now && reach_after() {
                        v += 1.0;
                    } else if !dec.reach_now {
                        // Closing in; after Esprintar (no attack this turn) at half the worth.
                        let half = if after.ch(who).has(SPRINTED) {
                            0.5
                        } else {
                            1.0
                        };
                        v += 0.4 * half * (gap(st, who) - gap(&after, who));
                    }
                    v += 0.05 * prior_in(st, ctx, a);
                }
                v - item_waste(st, who, &kind)
            }
            (Action::Reaction { who, kind }, _) => {
                let (gain, _) = self.outcome(st, side, a, &kind, k);
                gain + 0.05 * prior_in(st, ctx, a) - item_waste(st, who, &kind)
            }
            _ => prior_in(st, ctx, a),
        }
    }

    /// The mean change of material for `side` over sampled dice (attacks; one sample for the
    /// rest), and the position after the first sample.
    fn outcome(&self, st: &State, side: Side, a: &Action, kind: &ActKind, k: u64) -> (f32, State) {
        let n = if kind.is_attack() || kind.enemy_target().is_some() {
            self.samples
        } else {
            1
        };
        let before = material(st, side);
        let mut sum = 0.0;
        let mut first = None;
        for s in 0..n as u64 {
            let mut c = st.clone();
            let seed = self.seed ^ self.calls.wrapping_mul(0x9e37_79b9) ^ (k << 16) ^ s;
            let mut d = SeededDice::new(seed);
            c.apply_unchecked(a, &mut d, &mut Log::off());
            settle(&mut c, &mut d);
            sum += material(&c, side) - before;
            if first.is_none() {
                first = Some(c);
            }
        }
        (sum / n as f32, first.expect("at least one sample"))
    }
}

/// What an action throws away: a weapon still of use thrown (worth more in hand), or an item
/// dropped (Soltar gains nothing the engine models: no bombs, no weight).
fn item_waste(st: &State, who: CharIdx, kind: &ActKind) -> f32 {
    match *kind {
        ActKind::Throw { weapon, .. } if st.weapon_usable(who, weapon) => 1.0,
        ActKind::Drop { .. } => 1.0,
        _ => 0.0,
    }
}

/// Plays on through the reaction windows an action opened, every side passing, so that the
/// sampled outcome is the action's own (an attack declared against a target that may react early
/// resolves only after its window closes). A reaction the expert would make is judged at its own
/// decision.
fn settle(st: &mut State, d: &mut SeededDice) {
    for _ in 0..16 {
        let a = match st.pending() {
            Pending::Window { .. } => Action::Pass,
            Pending::Reaction { reactor, .. } => Action::Hold(reactor),
            _ => return,
        };
        st.apply_unchecked(&a, d, &mut Log::off());
    }
}

/// Points on the table for `side` minus the enemy's, counting wounds: a casualty is worth its
/// whole cost, a wound a share of it that grows as the character nears its CON (focus fire), and
/// stress and panic a little.
fn material(st: &State, side: Side) -> f32 {
    let mut m = 0.0;
    for i in st.indices() {
        let info = st.info(i);
        let cost = info.cost as f32 / 10.0;
        let loss = if st.casualty(i) {
            cost
        } else {
            let c = st.ch(i);
            let con = info.con.max(1) as f32;
            let w = (c.wounds as f32 / con).min(1.0);
            let panic = if c.has(PANIC) { 0.2 } else { 0.0 };
            cost * (0.6 * w * (1.0 + w) / 2.0 + panic + 0.03 * c.stress as f32)
        };
        if st.home_side(i) == side {
            m -= loss;
        } else {
            m += loss;
        }
    }
    m
}

/// Enemies of `who` that can still shoot this turn: able, not yet acted, with a usable ranged
/// weapon.
fn ready_shooters(st: &State, who: CharIdx) -> impl Iterator<Item = (CharIdx, u8)> + '_ {
    let side = st.side_of(who);
    st.indices().filter_map(move |j| {
        if st.side_of(j) == side || !st.able(j) || st.ch(j).has(ACTED | PANIC) {
            return None;
        }
        let range = (0..st.weapon_slots(j))
            .filter(|&w| st.weapon_usable(j, w))
            .map(|w| st.weapon_range(j, w))
            .max()?;
        (range > 0).then_some((j, range))
    })
}

/// How good the square of `who` is for `side`: exposure to ready shooters (less behind cover)
/// and being outnumbered beyond VOL.
fn place_score(st: &State, side: Side, who: CharIdx) -> f32 {
    if !st.able(who) || st.side_of(who) != side {
        return 0.0;
    }
    let p = st.ch(who).pos;
    let cost = st.info(who).cost as f32 / 10.0;
    let mut v = 0.0;
    for (j, range) in ready_shooters(st, who) {
        let q = st.ch(j).pos;
        if q.dist(p) <= range && st.interacts(j, who, true) && st.sight(j, who) {
            v -= if st.in_cover_from(j, who) { 0.02 } else { 0.08 } * cost;
        }
    }
    if outnumbered_at(st, who, p) {
        v -= 0.25 * cost;
    }
    v -= hostile_cost(st, who, p);
    // Take the objective: standing on or beside one (RULES.md, "Objectives": a side holds it
    // alone with an able character within 1 K) is worth its points.
    for o in &st.scenario().objectives {
        if p.dist(Pos::new(o.x, o.y)) <= 1 {
            v += 0.15 * o.points as f32;
        }
    }
    v
}

/// Stay out of hostile zones (Ambiente hostil): every check made in or touching one risks its
/// harm — the wounds expected over the checks of a stay there ([`eval::HOSTILE_CHECKS`]), at a
/// wound's share of the character's points.
fn hostile_cost(st: &State, who: CharIdx, p: Pos) -> f32 {
    if st.statics().hostile.is_empty() {
        return 0.0;
    }
    let (pct, dmg) = engine::environment::hostile::danger_at(st, p);
    let con = st.info(who).con.max(1) as f32;
    let cost = st.info(who).cost as f32 / 10.0;
    pct as f32 / 100.0 * eval::HOSTILE_CHECKS * dmg as f32 / con * cost
}

/// How far `who` is from an attack: the distance to the nearest able enemy beyond its best
/// range (contact for a character without a ranged weapon).
fn gap(st: &State, who: CharIdx) -> f32 {
    let p = st.ch(who).pos;
    let range = best_range(st, who).max(1);
    st.indices()
        .filter(|&j| st.side_of(j) != st.side_of(who) && st.able(j))
        .map(|j| st.ch(j).pos.dist(p).saturating_sub(range) as f32)
        .fold(40.0, f32::min)
}

/// Whether `who` may attack an enemy as its next action: the position awaits an action of its
/// activation and an attack on an able enemy is among the legal ones (so ENE, facing, sight,
/// range and Esprintar are the engine's own rules).
fn attack_in_reach(st: &State, who: CharIdx) -> bool {
    if st.pending() != (Pending::Act { actor: who }) {
        return false;
    }
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    legal
        .iter()
        .any(|a| matches!(*a, Action::Act { who: w, .. } if w == who) && is_attack_on_enemy(st, a))
}

/// Whether `a` is an attack of its actor on an able enemy.
fn is_attack_on_enemy(st: &State, a: &Action) -> bool {
    match *a {
        Action::Act { who, kind, .. } if kind.is_attack() => kind
            .enemy_target()
            .is_some_and(|t| st.side_of(t) != st.side_of(who) && st.able(t)),
        _ => false,
    }
}

/// Whether `who` could hit `t` now, whatever its ENE: in contact, or in range and seen with a
/// ranged weapon.
fn can_strike(st: &State, who: CharIdx, t: CharIdx) -> bool {
    strike_cost(st, who, t).is_some()
}

/// The ENE of the cheapest attack of `who` on `t` from where both stand (`None`: no attack):
/// a melee weapon in contact (or bare hands), a ranged weapon in range and sight.
fn strike_cost(st: &State, who: CharIdx, t: CharIdx) -> Option<i8> {
    if !st.able(who) || !st.able(t) {
        return None;
    }
    let (p, q) = (st.ch(who).pos, st.ch(t).pos);
    let contact = p.dist(q) <= 1;
    (0..st.weapon_slots(who))
        .filter(|&w| st.weapon_usable(who, w))
        .filter(|&w| {
            let r = st.weapon_range(who, w);
            if r == 0 {
                contact
            } else {
                r >= p.dist(q) && !contact && st.sees(who, t)
            }
        })
        .map(|w| st.weapon_ene(who, w))
        .min()
        .or(contact.then_some(2))
}

/// Which character to activate: one that can strike now, the more so at a wounded target;
/// then one in danger (outnumbered, exposed); then the one with the most ENE.
fn activation_urgency(st: &State, c: CharIdx) -> f32 {
    let side = st.side_of(c);
    let mut v = st.ch(c).ene as f32 * 0.05;
    let best_target = st
        .indices()
        .filter(|&t| st.side_of(t) != side && can_strike(st, c, t))
        .map(|t| {
            let info = st.info(t);
            let hurt = st.ch(t).wounds as f32 / info.con.max(1) as f32;
            info.cost as f32 / 10.0 * (0.5 + hurt)
        })
        .fold(0.0f32, f32::max);
    v += best_target;
    v -= place_score(st, side, c);
    v
}

/// Ending the activation: keeps the ENE when nothing is in reach, facing the nearest enemy (its
/// CdV covers the threat, and a reaction needs sight); never outnumbered beyond VOL (the place
/// score is compared by the moves that leave the square).
fn end_score(st: &State, side: Side, who: CharIdx, facing: engine::Facing, reach_now: bool) -> f32 {
    let p = st.ch(who).pos;
    let nearest: Option<Pos> = st
        .indices()
        .filter(|&j| st.side_of(j) != side && st.able(j))
        .map(|j| st.ch(j).pos)
        .min_by_key(|q| q.dist(p));
    let faces = nearest.is_some_and(|q| engine::Facing::towards(p, q) == Some(facing));
    let keep = if reach_now {
        -0.5
    } else if st.ch(who).ene >= 3 {
        0.2
    } else {
        0.0
    };
    keep + if faces { 0.1 } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(v: serde_json::Value) -> State {
        State::from_setup(&engine::Setup::from_json(&v.to_string()).unwrap(), None).unwrap()
    }

    /// a1 (a pistol) acting on turn 1; b1 and b2 both within range and sight, b2 already hurt.
    fn two_targets(b2_wounds: u8) -> State {
        let b = |x: u8, w: u8| {
            serde_json::json!({"race": "Humano", "weapons": ["Pistola"], "at": [x, 8],
                               "facing": "N", "ene": 0, "wounds": w,
                               "status": ["energised", "acted"]})
        };
        state(serde_json::json!({
            "name": "t",
            "board": {"rows": vec![".........."; 10], "cover_def": 5},
            "scenario": {"name": "T", "points_limit": 1000, "turn_limit": 6,
                "deploy_a": {"x0": 0, "y0": 0, "x1": 9, "y1": 0},
                "deploy_b": {"x0": 0, "y0": 9, "x1": 9, "y1": 9}},
            "sides": {"A": [{"race": "Humano", "weapons": ["Pistola"], "at": [4, 2],
                             "facing": "S", "ene": 6, "status": ["energised"]}],
                      "B": [b(3, 0), b(5, b2_wounds)]},
            "game": {"turn": 1, "phase": 10, "advantage": "A", "to_move": "A",
                     "decision": {"kind": "act", "actor": 0}}
        }))
    }

    fn target_of(st: &State, a: Action) -> Option<CharIdx> {
        match a {
            Action::Act { kind, .. } => kind.enemy_target(),
            _ => None,
        }
        .filter(|_| st.num_chars() > 0)
    }

    #[test]
    fn the_expert_shoots_the_wounded_target() {
        let st = two_targets(3);
        let a = ExpertAgent::new(1).choose(&st);
        assert_eq!(target_of(&st, a), Some(2), "{}", st.notation(&a));
        // Unhurt, the two are alike: it still attacks rather than walks.
        let st = two_targets(0);
        let a = ExpertAgent::new(1).choose(&st);
        assert!(target_of(&st, a).is_some(), "{}", st.notation(&a));
    }

    #[test]
    fn the_expert_is_deterministic_for_a_seed() {
        let st = two_targets(1);
        let a = ExpertAgent::new(7).choose(&st);
        let b = ExpertAgent::new(7).choose(&st);
        assert_eq!(a, b);
    }
}
