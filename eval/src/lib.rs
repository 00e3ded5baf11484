//! Static evaluation of a Wartime position for a side, as a win probability.
//!
//! The evaluation is a logistic model over a handful of features, each computed as "side A
//! minus side B" and normalised by the points on the table, so that one weight vector serves
//! every scenario size. This file is the hand-set model (weights in [`Weights`], the default);
//! [`learned`] is the model `wartime tune` fits, and [`Evaluator`] chooses between them.
//! The player-perspective flip happens only in [`win_probability`].

#![warn(missing_docs)]

pub mod evaluator;
pub mod learned;
pub mod weights_file;

pub use evaluator::Evaluator;

use engine::state::{ACTED, PANIC, UNCONSCIOUS};
use engine::{scenario, Side, State};

/// Names of the features, in the order of [`features`].
pub const FEATURE_NAMES: [&str; NUM_FEATURES] = [
    "score",
    "health",
    "stress",
    "panic",
    "energy",
    "objectives_potential",
    "ranged_threat",
    "engaged",
    "lead_late",
    "cover",
    "bias",
    "armed",
];

/// Number of features.
pub const NUM_FEATURES: usize = 12;

/// Index of `armed` in [`FEATURE_NAMES`]: the weapons each side still holds and can use
/// (twelfth session, issue 19 item 6).
pub const ARMED: usize = 11;

/// The weights of the logistic model (one per feature).
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(pub [f32; NUM_FEATURES]);

impl Default for Weights {
    /// The shipped hand-set weights, `eval/weights/hand.txt` ([`Weights::shipped`]): the
    /// score difference dominates; health is worth slightly less than the points it protects;
    /// stress and panic cost a fraction; a usable weapon in hand is worth a little, so that
    /// letting one go is not free.
    fn default() -> Self {
        Weights::shipped()
    }
}

impl Weights {
    /// The default weights without the `armed` term (`eval=hand-noweapon`: the hand-set
    /// evaluation before the twelfth session's weapon term, to measure it against).
    pub fn noweapon() -> Self {
        let mut w = Weights::default();
        w.0[ARMED] = 0.0;
        w
    }
}

/// How many checks a character standing in a hostile zone is expected to make there before it
/// leaves (an activation's two or three actions, some without a check): the health feature
/// discounts its zone's expected wounds over these.
pub const HOSTILE_CHECKS: f32 = 2.0;

/// Features of a position from side A's perspective (A minus B), scaled by total points and by
/// how much of the game is left.
pub fn features(st: &State) -> [f32; NUM_FEATURES] {
    features_with(st, Reading::Current)
}

/// How the hand-set features read time: the current reading, or one of the older ones kept to
/// measure a change against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The current features.
    Current,
    /// The turn's progress as read before the eleventh session (phases taken as counting up:
    /// see [`turn_progress_legacy`]; the `hand-old` evaluation).
    LegacyProgress,
    /// Without the end-of-game horizon ([`HORIZON_TURNS`]) of the twenty-second session: the
    /// `hand-untimed` evaluation.
    Untimed,
}

/// The turns over which the features that measure what a side can still do (health, stress,
/// panic, ENE, threat, melee, cover, weapons) fade to nothing before the game's end: from
/// [`HORIZON_TURNS`] turns left down to 0, where only the score decides.
pub const HORIZON_TURNS: f32 = 2.0;

/// [`features`], with time read as `reading` says.
pub fn features_with(st: &State, reading: Reading) -> [f32; NUM_FEATURES] {
    let mut total_points = 0f32;
    let mut health = [0f32; 2];
    let mut stress = [0f32; 2];
    let mut panic = [0f32; 2];
    let mut energy = [0f32; 2];
    let mut threat = [0f32; 2];
    let mut engaged = [0f32; 2];
    let mut cover = [0f32; 2];
    let mut armed = [0f32; 2];
    let hostile = !st.statics().hostile.is_empty();
    for i in st.indices() {
        let info = st.info(i);
        let cost = info.cost as f32;
        total_points += cost;
        if !st.able(i) {
            continue;
        }
        let s = st.side_of(i).index();
        let c = st.ch(i);
        let con = info.con.max(1) as f32;
        let mut h = (info.con as f32 - c.wounds as f32) / con;
        if hostile {
            // Ambiente hostil: a character in or touching a zone expects its harm on a share
            // of its checks — read as the wounds of [`HOSTILE_CHECKS`] checks at the zone's
            // trigger chance (a CH CON zone counts as 1 wound: a lost activation).
            let (pct, dmg) = engine::environment::hostile::danger_at(st, c.pos);
            h -= pct as f32 / 100.0 * HOSTILE_CHECKS * dmg as f32 / con;
        }
        health[s] += cost * h;
        stress[s] += cost * c.stress as f32 / (st.vol(i) as f32 + 1.0);
        if c.has(PANIC) {
            panic[s] += cost;
        }
        if c.has(UNCONSCIOUS) {
            continue;
        }
        energy[s] += cost * (c.ene as f32 / 10.0);
        // Ranged threat: the best DAÑ × in-range fraction of its weapons on the nearest enemy.
        let mut best = 0f32;
        // The weapons' (ALC, DAÑ) read once; then each enemy is looked at once, its sight
        // traced only when a weapon in range would raise the best (the same maximum as over
        // every weapon and enemy: PERFORMANCE.md, "Twelfth session").
        // Its weapons in hand (twelfth session): the best usable ranged and melee DAÑ, a
        // magazine counting when loaded or reloadable with the ENE it has, so that dropping or
        // throwing away a weapon it could still use costs something.
        let (mut ranged, mut melee) = (0f32, 0f32);
        let mut arms: smallvec::SmallVec<[(u8, f32); 8]> = (0..st.weapon_slots(i))
            .filter_map(|w| {
                if !st.weapon_usable(i, w) {
                    return None;
                }
                let range = st.weapon_range(i, w);
                let dmg = st.weapon_dmg(i, w);
                let fed = st.weapon_loaded(i, w) || c.ene as i16 >= dmg.clamp(1, 10);
                if fed {
                    let best = if range > 0 { &mut ranged } else { &mut melee };
                    *best = best.max(dmg as f32);
                }
                (range > 0).then_some((range, dmg as f32))
            })
            .collect();
        armed[s] += ranged + melee;
        // The crew counts its transport's own weapons as its own (RULES.md, Transportes).
        arms.extend(mounted_guns(st, i).map(|(r, d)| (r, d as f32)));
        if !arms.is_empty() {
            for j in st.indices() {
                if st.side_of(j) == st.side_of(i) || !st.able(j) {
                    continue;
                }
                let d = c.pos.dist(st.ch(j).pos);
                let reach = arms
                    .iter()
                    .filter(|&&(range, _)| d <= range)
                    .fold(None, |m: Option<f32>, &(_, dmg)| {
                        Some(m.map_or(dmg, |m| m.max(dmg)))
                    });
                // Across heights: its sight (a roof sees over walls) and Relación entre
                // alturas (only 1 and 2 shoot each other).
                if let Some(dmg) = reach {
                    if dmg > best && st.interacts(i, j, true) && st.sight(i, j) {
                        best = dmg;
                    }
                }
            }
        }
        // A panicked character's gun is a threat only once it leaves the panic: PSICOLOGÍA,
        // Pánico — «Para salir, debe superar un CH VOL al principio de su actuación (VOL+1 por
        // cada aliado sin pánico a 5K)»; until then it may only flee. Its threat counts at the
        // odds of that check, so that the search sees a calm shooter as the bigger danger.
        if c.has(PANIC) {
            best *= engine::psychology::panic_exit_chance(st, i) as f32 / 100.0;
        }
        threat[s] += best * 5.0;
        if st.engaged(i) {
            engaged[s] += cost;
        }
        if st.board().cover_adjacent(c.pos) {
            cover[s] += cost;
        }
    }
    if st.num_transports() > 0 {
        transports(st, &mut health);
    }
    let total = total_points.max(1.0);
    let limit = st.scenario().turn_limit.max(1) as f32;
    let progress_in_turn = if reading == Reading::LegacyProgress {
        turn_progress_legacy(st)
    } else {
        turn_progress(st)
    };
    let left = (limit - st.turn() as f32 + 1.0 - progress_in_turn).max(0.0) / limit;
    let sa = scenario::scoring::score(st, Side::A) as f32;
    let sb = scenario::scoring::score(st, Side::B) as f32;
    let mut obj = 0f32;
    for o in &st.scenario().objectives {
        match scenario::scoring::holder(st, o) {
            Some(Side::A) => obj += o.points as f32,
            Some(Side::B) => obj -= o.points as f32,
            None => {}
        }
    }
    // Hackable elements score each turn for the side they work for, as a held objective.
    for e in 0..st.statics().elements.len() as u8 {
        if let (Some(h), Some(s)) = (st.element_hack(e), st.element_side(e)) {
            obj += if s == Side::A { 1.0 } else { -1.0 } * h.score as f32;
        }
        obj += hacking_under_way(st, e);
        // A turret with a shot left is a gun on its side every turn: worth its DAÑ twice, as
        // if held (RULES.md, "Doors and turrets").
        if let (Some(t), Some(s)) = (st.turret(e), st.element_side(e)) {
            if st.turret_loaded(e) {
                obj += if s == Side::A { 2.0 } else { -2.0 } * t.dmg as f32;
            }
        }
    }
    let turns_left = (st.scenario().turn_limit as f32 - st.turn() as f32 + 1.0).max(0.0);
    // The game ends on the turn limit and is won by the higher score (ESCENARIOS): the closer
    // the end, the more the sign of the lead alone decides, whatever the health behind it.
    let progress = (1.0 - left).clamp(0.0, 1.0);
    let lead = ((sa - sb) / 5.0).clamp(-1.0, 1.0);
    // The turns left in absolute terms: what a lead in health, threat or weapons can still
    // turn into points. `left` measures the share of the game left, so the only turn of a
    // one-turn scenario weighed health as if a whole game were to come; at the final bell
    // only the score counts (ESCENARIOS: the higher score wins), so these features fade to 0
    // over the last [`HORIZON_TURNS`] (tactics: POSITIONS.md; STRENGTH.md, twenty-second
    // session).
    let tau = match reading {
        Reading::Untimed => 1.0,
        _ => {
            ((limit - st.turn() as f32 + 1.0 - progress_in_turn).max(0.0) / HORIZON_TURNS).min(1.0)
        }
    };
    [
        (sa - sb) / total,
        (health[0] - health[1]) / total * (0.2 + left) * tau,
        (stress[0] - stress[1]) / total * tau,
        (panic[0] - panic[1]) / total * tau,
        (energy[0] - energy[1]) / total * tau,
        obj * turns_left / total,
        (threat[0] - threat[1]) / total * left * tau,
        (engaged[0] - engaged[1]) / total * tau,
        lead * progress * progress,
        (cover[0] - cover[1]) / total * tau,
        1.0,
        (armed[0] - armed[1]) * 5.0 / total * left * tau,
    ]
}

/// A scoring element being taken (METAHABILIDADES, Corromper and Poseer of objects;
/// ESCENARIOS), from side A's perspective in objective points: a side the element does not
/// work for, with an able neuromante within INT K of it (where Corromper and Poseer reach:
/// `mind_objects::options`), is credited a share of its points — a quarter for the reach, up to
/// three quarters as its stress nears CAL (at CAL one Poseer takes it). Without it nothing
/// between "out of reach" and "possessed" was worth anything, and the search saw no reason to
/// walk a hacker to a terminal or to corrupt it a turn before possessing it (tactic 32).
fn hacking_under_way(st: &State, e: u8) -> f32 {
    let Some(h) = st.element_hack(e) else {
        return 0.0;
    };
    let obj = engine::basics::action::ObjRef::Element(e);
    if h.score <= 0 || st.object_wounds(obj) >= st.object_cal(obj) {
        return 0.0;
    }
    let Some(at) = st.object_square(obj) else {
        return 0.0;
    };
    let share = 0.25 + 0.5 * st.object_mind(obj).stress as f32 / h.cal.max(1) as f32;
    let owner = st.element_side(e);
    let mut credit = 0.0;
    for side in [Side::A, Side::B] {
        if owner == Some(side) {
            continue;
        }
        let reaches = st.indices().any(|i| {
            st.side_of(i) == side
                && st.able(i)
                && st.ch(i).pos.dist(at) <= st.info(i).int
                && engine::actions::mind::is_neuromante(st, i)
        });
        if reaches {
            credit += if side == Side::A { 1.0 } else { -1.0 } * share * h.score as f32;
        }
    }
    credit
}

/// The weapons mounted on the transport `i` rides in, as (ALC, DAÑ), when `i` is of its crew
/// (a passenger who does not drive: CREACIÓN DE TRANSPORTES, paso 5; RULES.md, Transportes):
/// the evaluation counts them as that character's own. None off a transport (one check on a
/// position without transports).
pub(crate) fn mounted_guns(
    st: &State,
    i: engine::basics::action::CharIdx,
) -> impl Iterator<Item = (u8, u8)> + '_ {
    use engine::actions::transport::mounted::usable;
    let t = st.aboard(i).filter(|&t| st.transport(t).driver != i);
    t.into_iter().flat_map(move |t| {
        let ws = &st.transport_info(t).arch.weapons;
        (0..ws.len() as u8)
            .filter(move |&g| usable(st, t, g))
            .map(move |g| (ws[g as usize].range, ws[g as usize].dmg))
    })
}

/// Transports in the health feature (CREACIÓN DE TRANSPORTES; RULES.md, "Transportes", the
/// evaluation): a transport's own points (in its owner's cost) are worth what is left of it —
/// its wear takes `points × wounds / (CAL + 1)` off its side's health, the whole once it is
/// destroyed; and a passenger aboard a transport one wound from exploding (wounds = CAL) expects
/// the blast (DAÑ = its DEF, A26 (a)) on it: its cost × min(1, DEF / (CON + 1)) off (none with
/// Asiento eyectable). So the search prefers getting off a transport about to blow up.
pub(crate) fn transports(st: &State, health: &mut [f32; 2]) {
    use engine::creation::effect::Effect;
    for t in 0..st.num_transports() {
        let (tr, info) = (st.transport(t), st.transport_info(t));
        let s = st.transport_side(t).index();
        let cal = info.arch.quality as f32;
        let worn = (tr.wounds as f32 / (cal + 1.0)).min(1.0);
        health[s] -= info.arch.cost().max(0) as f32 * worn;
        let brink = !st.transport_destroyed(t) && st.transport_disabled(t);
        let ejects = info.effects.iter().any(|e| matches!(e, Effect::Ejector));
        if !brink || ejects {
            continue;
        }
        let blast = info.def as f32;
        for j in st.indices().filter(|&j| tr.has(j) && st.able(j)) {
            let con = st.info(j).con as f32 + 1.0;
            health[st.side_of(j).index()] -= st.info(j).cost as f32 * (blast / con).min(1.0);
        }
    }
}

/// How much of the current turn is over, 0 to 1 (SECUENCIA DE JUEGO): phases count **down**
/// from 10 to 1 and in each the characters with VOL at least the phase may act, so the turn's
/// play runs from phase `max VOL` (nobody acted: 0) to the end of phase 1 (everybody acted: 1);
/// within a phase, the share of its due characters that have acted. Without it a one-turn
/// scenario would look "all to play" until its very end.
///
/// Eleventh session (STRENGTH.md): until then this read the phases as counting up, so the
/// progress was 1 at the start of every turn and ~0 in its last phase — time ran backwards
/// within a turn, and in the last turn of a game the evaluation kept weighing health and threat
/// as if the whole turn were still to play (tactic 05: 0.93 for a side whose only outcomes
/// are 0.5 and a win).
pub(crate) fn turn_progress(st: &State) -> f32 {
    let (max_vol, in_phase) = phase_share(st);
    let phase = st.phase().max(1);
    if phase > max_vol {
        // A phase above every VOL on the table (the turn opens in phase 10): nobody has acted.
        return 0.0;
    }
    ((max_vol - phase) as f32 + in_phase) / max_vol as f32
}

/// The turn's progress as read before the eleventh session (phases taken as counting up from
/// 1): only the `hand-old` evaluation uses it, to measure the fix against (the learned
/// evaluation's features use [`turn_progress`] since the twelfth session's refit).
pub(crate) fn turn_progress_legacy(st: &State) -> f32 {
    let (max_vol, in_phase) = phase_share(st);
    let phase = st.phase().max(1);
    ((phase - 1) as f32 + in_phase).min(max_vol as f32) / max_vol as f32
}

/// The highest VOL among the able characters (at least 1) and the share of the current phase's
/// due characters (VOL at least the phase) that have acted (1 when none is due).
fn phase_share(st: &State) -> (u8, f32) {
    let mut max_vol = 1u8;
    let (mut due, mut acted) = (0u32, 0u32);
    let phase = st.phase().max(1);
    for i in st.indices() {
        if !st.able(i) {
            continue;
        }
        let v = st.vol(i);
        max_vol = max_vol.max(v);
        if v >= phase {
            due += 1;
            if st.ch(i).has(ACTED) {
                acted += 1;
            }
        }
    }
    let in_phase = if due == 0 {
        1.0
    } else {
        acted as f32 / due as f32
    };
    (max_vol, in_phase)
}

/// The probability that `side` wins, with the given weights. Terminal positions return the
/// game's result exactly.
pub fn win_probability_with(st: &State, side: Side, w: &Weights) -> f32 {
    win_probability_from(st, side, w, Reading::Current)
}

/// [`win_probability_with`], with time read as `reading` says ([`features_with`]).
pub fn win_probability_from(st: &State, side: Side, w: &Weights, reading: Reading) -> f32 {
    if st.is_terminal() {
        return st.returns(side);
    }
    let f = features_with(st, reading);
    let z: f32 = f.iter().zip(w.0.iter()).map(|(a, b)| a * b).sum();
    let p_a = 1.0 / (1.0 + (-z).exp());
    // The only perspective flip of the evaluation.
    match side {
        Side::A => p_a,
        Side::B => 1.0 - p_a,
    }
}

/// The probability that `side` wins, with the default weights.
pub fn win_probability(st: &State, side: Side) -> f32 {
    win_probability_with(st, side, &Weights::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty 8 × 8 board and a scenario of `turn_limit` turns, with `rest` (the sides and
    /// whatever else) merged in.
    fn build(turn_limit: u8, rest: serde_json::Value) -> State {
        let mut v = serde_json::json!({
            "name": "t",
            "board": {"rows": vec!["........"; 8], "cover_def": 5},
            "scenario": {"name": "T", "points_limit": 1000, "turn_limit": turn_limit,
                "deploy_a": {"x0": 0, "y0": 0, "x1": 7, "y1": 0},
                "deploy_b": {"x0": 0, "y0": 7, "x1": 7, "y1": 7}}
        });
        for (k, x) in rest.as_object().unwrap() {
            v[k] = x.clone();
        }
        let s = engine::Setup::from_json(&v.to_string()).unwrap();
        State::from_setup(&s, None).unwrap()
    }

    fn state(a1_at: [u8; 2]) -> State {
        build(
            6,
            serde_json::json!({
                "sides": {"A": [{"race": "Humano", "at": a1_at}],
                          "B": [{"race": "Humano", "at": [6, 7]}]},
                "hostile": [{"squares": [[1, 1]], "level": "salvaje", "harm": {"def": {"dmg": 3}}}]
            }),
        )
    }

    /// A1 owns a truck (DEF 4, CAL 3) with `wounds` at (3, 3), A2 aboard when `aboard`.
    fn convoy(wounds: u8, aboard: bool) -> State {
        convoy_with(wounds, aboard, serde_json::json!([]))
    }

    /// [`convoy`] with `weapons` mounted on the truck.
    fn convoy_with(wounds: u8, aboard: bool, weapons: serde_json::Value) -> State {
        let truck = serde_json::json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4,
                                       "quality": 3, "traits": ["Capacidad (2)"],
                                       "weapons": weapons});
        let mut a2 = serde_json::json!({"race": "Humano", "at": [3, 4]});
        if aboard {
            a2 = serde_json::json!({"race": "Humano", "at": [3, 3], "aboard": "t1"});
        }
        build(
            6,
            serde_json::json!({
                "sides": {"A": [{"race": "Humano", "at": [0, 0], "transports": [truck]}, a2],
                          "B": [{"race": "Humano", "at": [6, 7]}]},
                "transports": [{"of": "a1", "at": [3, 3], "facing": "E", "wounds": wounds}]
            }),
        )
    }

    /// Two Humanos, B's already acted when `b_acted`, in `phase` of turn 1 of 1, A to act.
    fn in_phase(phase: u8, b_acted: bool) -> State {
        let status: Vec<&str> = if b_acted { vec!["acted"] } else { vec![] };
        build(
            1,
            serde_json::json!({
                "sides": {"A": [{"race": "Humano", "at": [0, 0]}],
                          "B": [{"race": "Humano", "at": [6, 7], "status": status}]},
                "game": {"turn": 1, "phase": phase, "advantage": "A", "to_move": "A",
                         "decision": {"kind": "act", "actor": 0}}
            }),
        )
    }

    /// A hacker at `at` (a neuromante of INT 4 on side A), a Humano of B far off, and a
    /// terminal on (2,2) scoring 3 a turn, working for `side`, at stress `stress` of CAL 2.
    fn terminal(at: [u8; 2], neuromante: bool, stress: u8, side: Option<&str>) -> State {
        let traits: Vec<&str> = if neuromante {
            vec!["Neuromante"]
        } else {
            vec![]
        };
        let mut hack = serde_json::json!({"cal": 2, "score": 3, "stress": stress});
        if let Some(s) = side {
            hack["side"] = serde_json::json!(s);
        }
        build(
            4,
            serde_json::json!({
                "sides": {"A": [{"race": {"name": "H", "con": 3, "agi": 4, "int": 4, "vol": 5,
                                          "traits": traits}, "at": at}],
                          "B": [{"race": "Humano", "at": [7, 7]}]},
                "elements": [{"name": "Terminal", "at": [2, 2], "hackable": hack}]
            }),
        )
    }

    #[test]
    fn a_terminal_being_hacked_is_worth_more_as_it_nears_possession() {
        // METAHABILIDADES (Corromper, Poseer of objects): out of the hacker's INT K nothing; in
        // reach (INT 4: (2,6) in, (2,7) out) a quarter of its points, more as its stress nears CAL; possessed, all of them.
        let obj = |st: &State| features(st)[5];
        let out = obj(&terminal([2, 7], true, 0, None));
        let reach = obj(&terminal([2, 6], true, 0, None));
        let corrupted = obj(&terminal([2, 6], true, 2, None));
        let taken = obj(&terminal([2, 6], true, 2, Some("A")));
        assert_eq!(out, 0.0);
        assert!(
            reach > out && corrupted > reach && taken > corrupted,
            "{out} {reach} {corrupted} {taken}"
        );
        // Only a neuromante reaches it (Corromper and Poseer are its actions).
        assert_eq!(obj(&terminal([2, 6], false, 2, None)), 0.0);
        // A terminal working for B that A is hacking costs B less than one A cannot touch.
        let theirs = obj(&terminal([2, 7], true, 1, Some("B")));
        let contested = obj(&terminal([2, 6], true, 1, Some("B")));
        assert!(
            theirs < contested && contested < 0.0,
            "{theirs} {contested}"
        );
    }

    #[test]
    fn the_turn_progresses_as_the_phases_count_down() {
        // SECUENCIA DE JUEGO: phases run from 10 down to 1. Nobody acted in the first phase
        // anyone may act in: nothing of the turn is over; in phase 1 with one of two acted,
        // most of it is (the legacy reading said the opposite).
        let max_vol = phase_share(&in_phase(1, false)).0;
        assert_eq!(turn_progress(&in_phase(max_vol, false)), 0.0);
        assert_eq!(turn_progress(&in_phase(10, false)), 0.0);
        let late = turn_progress(&in_phase(1, true));
        assert_eq!(late, (max_vol as f32 - 1.0 + 0.5) / max_vol as f32);
        assert!(turn_progress_legacy(&in_phase(1, true)) < 0.2);
    }

    /// B1 (a Humano with a Fusil, VOL 4, `b1` status) in sight of A1 5 K away; B2 (`b2`
    /// status) at (3, 7), 2 K behind B1, when `b2` is given.
    fn rifleman(b1: &[&str], b2: Option<&[&str]>) -> State {
        let mut side_b = vec![serde_json::json!({"race": "Humano", "weapons": ["Fusil"],
                                                 "at": [3, 5], "facing": "N", "status": b1})];
        if let Some(b2) = b2 {
            side_b.push(serde_json::json!({"race": "Humano", "at": [3, 7], "status": b2}));
        }
        build(
            6,
            serde_json::json!({
                "sides": {"A": [{"race": "Humano", "at": [3, 0]}], "B": side_b}
            }),
        )
    }

    #[test]
    fn a_panicked_gun_threatens_at_the_odds_of_leaving_the_panic() {
        // PSICOLOGÍA, Pánico: it may only flee until a CH VOL (VOL + 1 per ally not in panic
        // within 5 K) passes at the start of its activation, so its gun counts at those odds:
        // VOL 4 alone 40 %, with a calm B2 2 K away 50 %, with a panicked one 40 %.
        let threat = |b1: &[&str], b2: Option<&[&str]>| -features(&rifleman(b1, b2))[6];
        // The features are shares of the points on the table: compare with the calm B1 of
        // the same table.
        let share = |b2: Option<&[&str]>| {
            let calm = threat(&[], b2);
            assert!(calm > 0.0);
            threat(&["panic"], b2) / calm
        };
        let close = |x: f32, want: f32| assert!((x - want).abs() < 1e-6, "{x} vs {want}");
        close(share(None), 0.4);
        close(share(Some(&[])), 0.5);
        close(share(Some(&["panic"])), 0.4);
    }

    #[test]
    fn the_crew_counts_its_transports_mounted_weapons_as_threat() {
        let gun = serde_json::json!([{"name": "Ametralladora", "ene": 2, "dmg": 3,
                                      "range": 10, "quality": 3}]);
        // A2 rides the truck (nobody drives: it is crew) with B1 4 K away, in sight.
        let threat = |w: serde_json::Value| features(&convoy_with(0, true, w))[6];
        assert!(threat(gun.clone()) > threat(serde_json::json!([])));
        // Inutilizado (wounds = CAL): the gun no longer counts.
        let worn = |w: serde_json::Value| features(&convoy_with(3, true, w))[6];
        assert_eq!(worn(gun.clone()), worn(serde_json::json!([])));
        // Off the transport, A2 has no gun of its own to count.
        let off = |w: serde_json::Value| features(&convoy_with(0, false, w))[6];
        assert_eq!(off(gun), off(serde_json::json!([])));
    }

    #[test]
    fn a_worn_transport_and_passengers_on_one_about_to_explode_weigh_on_health() {
        let h = |w: u8, aboard: bool| features(&convoy(w, aboard))[1];
        assert!(h(1, false) < h(0, false), "wear costs its side");
        // At CAL, one wound from the blast: a passenger is worth less aboard than off it.
        assert!(h(3, true) < h(3, false));
        // Below it, riding costs nothing.
        assert_eq!(h(1, true), h(1, false));
        // The learned model's health sees the same.
        let lh = |w: u8, aboard: bool| {
            let i = learned::features::LEARNED_NAMES
                .iter()
                .position(|n| *n == "health")
                .unwrap();
            learned::features::learned_features(&convoy(w, aboard))[i]
        };
        assert!(lh(3, true) < lh(3, false));
    }

    #[test]
    fn a_character_in_a_hostile_zone_weighs_on_its_sides_health() {
        let (inside, out) = (state([1, 1]), state([4, 1]));
        let (hi, ho) = (features(&inside)[1], features(&out)[1]);
        assert!(hi < ho, "health in the zone {hi} vs out of it {ho}");
        assert!(win_probability(&inside, Side::A) < win_probability(&out, Side::A));
    }

    /// Tactic `name` (positions/tactics) after `actions`.
    fn tactic(name: &str, actions: &[&str]) -> State {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions/tactics");
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let setup = engine::Setup::from_json(&v["position"].to_string()).unwrap();
        let mut st = State::from_setup(&setup, Some(&dir)).unwrap();
        let mut dice = engine::basics::dice::SeededDice::new(1);
        for a in actions {
            let a = st.parse_action(a).unwrap();
            st.apply(&a, &mut dice, &mut engine::basics::check::Log::default())
                .unwrap();
        }
        st
    }

    #[test]
    fn letting_a_usable_weapon_go_costs_its_side() {
        // Tactic 05: dropping the knife (a free action) leaves the empty Fusil, still
        // reloadable with ENE 6, and loses the knife: the `armed` term falls, and with it the
        // hand-set value; without the term (`hand-noweapon`) it was free.
        let before = tactic("05_reload_then_shoot.json", &[]);
        let dropped = tactic("05_reload_then_shoot.json", &["a1 drop w2"]);
        let (fb, fd) = (features(&before), features(&dropped));
        assert!(fd[ARMED] < fb[ARMED], "{} vs {}", fd[ARMED], fb[ARMED]);
        assert!(win_probability(&dropped, Side::A) < win_probability(&before, Side::A));
        let old = Weights::noweapon();
        assert_eq!(
            win_probability_with(&dropped, Side::A, &old),
            win_probability_with(&before, Side::A, &old)
        );
        // Reloading keeps the Fusil usable: nothing of `armed` is lost.
        let reloaded = tactic("05_reload_then_shoot.json", &["a1 reload w1"]);
        assert!(features(&reloaded)[ARMED] >= fb[ARMED]);
    }
    #[test]
    fn what_a_side_can_still_do_fades_over_the_last_turns() {
        // A one-turn game (`in_phase`: turn 1 of 1), nobody acted: one turn left, half the
        // horizon of 2, so health and the rest weigh half of what they did without it; the
        // score and the bias are untouched.
        let st = in_phase(10, false);
        let (now, untimed) = (features(&st), features_with(&st, Reading::Untimed));
        for k in [1, 2, 3, 4, 6, 7, 9, ARMED] {
            assert_eq!(now[k], untimed[k] * 0.5, "feature {}", FEATURE_NAMES[k]);
        }
        assert_eq!((now[0], now[10]), (untimed[0], untimed[10]));
        // Six turns to play: the horizon is far, nothing changes.
        let long = state([4, 1]);
        assert_eq!(features(&long), features_with(&long, Reading::Untimed));
        // Tactic 04: the wounded a1 out of every sight in the last turn, facing two riflemen;
        // the score is level, so the final bell is a draw if a1 lives: the horizon lifts it
        // from the lost game the untimed model saw (0.03) towards that draw.
        let hidden = tactic("04_take_cover.json", &["a1 run 5,8", "a1 end facing N"]);
        let share = features(&hidden)[1] / features_with(&hidden, Reading::Untimed)[1];
        assert!((share - (1.0 - turn_progress(&hidden)) / HORIZON_TURNS).abs() < 1e-6);
        let w = Weights::default();
        let untimed = win_probability_from(&hidden, Side::A, &w, Reading::Untimed);
        let timed = win_probability(&hidden, Side::A);
        assert!(untimed < 0.05 && timed > 0.1, "{untimed} → {timed}");
    }
}
