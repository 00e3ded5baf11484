//! The learned evaluation's features (issue 19): what a Wartime player weighs when judging a
//! position — the expected damage exchange of the next activations (COMBATE: who can see,
//! reach and hit whom, with cover and DEF), the reactions a square is exposed to (REACCIONES:
//! enemies with it in their CdV and ENE to react), initiative and the activations left this
//! turn (SECUENCIA DE JUEGO), ENE to come, wounds against CON (PERSONAJES), stress and the risk
//! of panic (PSICOLOGÍA: estrés against VOL), objectives and turns left (ESCENARIOS), weapons
//! still usable and their ammunition. Each is "side A minus side B" and normalised by the
//! points on the table, so one weight vector serves every scenario size.
//!
//! Cheap by design (it runs at every search leaf): one pass over the characters, one over the
//! pairs of enemies with one line-of-sight trace per pair.

use engine::state::{ACTED, PANIC, UNCONSCIOUS};
use engine::{scenario, Side, State};

/// Number of learned features (the last, [`HAND_LOGIT`], is the hand-set model's logit).
pub const NUM_LEARNED: usize = 27;

/// Index of `hand_logit` in [`LEARNED_NAMES`]: the hand-set evaluation's logit (its weights
/// [`crate::Weights::default`] over [`crate::features`]), so that a learned model can be fitted
/// as a correction of the hand-set one (`wartime tune --base hand`). Computed only when its
/// weight is not zero (it costs a hand-set evaluation).
pub const HAND_LOGIT: usize = 26;

/// Names of the learned features, in the order of [`learned_features`] (and of a weights file).
pub const LEARNED_NAMES: [&str; NUM_LEARNED] = [
    "score",
    "score_late",
    "health",
    "health_early",
    "near_death",
    "alive_to_come",
    "stress",
    "panic_risk",
    "panic",
    "energy",
    "energy_to_come",
    "activations_left",
    "advantage",
    "to_decide",
    "ranged_exchange_ready",
    "ranged_exchange",
    "melee_reach_ready",
    "melee_reach",
    "reaction_exposure",
    "engaged",
    "cover",
    "objectives_to_come",
    "objectives_late",
    "lead_late",
    "weapons_usable",
    "ammunition",
    "hand_logit",
];

/// Expected wounds of one attack of DAÑ `dmg` by an attacker of CH IMP target `hit` on a target
/// of DEF `def` (the CH DEF target raised by `extra`, +2 behind cover): a d10 at or under the
/// target passes; a passed CH DEF takes DAÑ − DEF, a failed one the whole DAÑ (COMBATE).
fn expected_wounds(hit: i16, dmg: i16, def: i16, extra: i16) -> f32 {
    let p_hit = (hit.clamp(0, 10) as f32) / 10.0;
    let p_def = ((def + extra).clamp(0, 10) as f32) / 10.0;
    p_hit * (p_def * (dmg - def).max(0) as f32 + (1.0 - p_def) * dmg as f32)
}

/// How much of the current turn is over, 0 to 1 ([`crate::turn_progress`]: phases count down;
/// the twelfth session refitted the weights with it — before, the legacy reading).
fn progress_in_turn(st: &State) -> f32 {
    crate::turn_progress(st)
}

/// The learned features of a position from side A's perspective, `hand_logit` included.
pub fn learned_features(st: &State) -> [f32; NUM_LEARNED] {
    learned_features_with(st, true)
}

/// [`learned_features`], with `hand_logit` left at 0 unless `with_hand` (it costs a hand-set
/// evaluation: a model whose weight for it is 0 need not pay it).
pub fn learned_features_with(st: &State, with_hand: bool) -> [f32; NUM_LEARNED] {
    const N: usize = engine::state::MAX_CHARACTERS;
    let n = st.num_chars().min(N);
    let mut total_points = 0f32;
    let mut health = [0f32; 2];
    let mut near_death = [0f32; 2];
    let mut alive = [0f32; 2];
    let mut stress = [0f32; 2];
    let mut risk = [0f32; 2];
    let mut panic = [0f32; 2];
    let mut energy = [0f32; 2];
    let mut unacted = [0f32; 2];
    let mut engaged = [0f32; 2];
    let mut cover = [0f32; 2];
    let mut usable = [0f32; 2];
    let mut ammo = [0f32; 2];
    let mut ranged_ready = [0f32; 2];
    let mut ranged = [0f32; 2];
    let mut melee_ready = [0f32; 2];
    let mut melee = [0f32; 2];
    let mut exposure = [0f32; 2];
    // Per character: can it fight (able, conscious), its best ranged (range, hit, dmg) and melee
    // (hit, dmg), DEF, CON and cost.
    let mut fights = [false; N];
    let mut best_ranged = [(0u8, 0i16); N];
    let mut best_melee = [0i16; N];
    let mut hit = [0i16; N];
    let mut def = [0i16; N];
    let mut view = [0u8; N];
    for i in st.indices().take(n) {
        let info = st.info(i);
        let cost = info.cost as f32;
        total_points += cost;
        if !st.able(i) {
            continue;
        }
        let s = st.side_of(i).index();
        let c = st.ch(i);
        let con = info.con.max(1) as f32;
        let left = (info.con as f32 - c.wounds as f32).max(0.0);
        health[s] += cost * left / con;
        if left <= 1.0 {
            near_death[s] += cost;
        }
        alive[s] += cost;
        let vol = st.vol(i) as f32;
        stress[s] += cost * c.stress as f32 / (vol + 1.0);
        if c.has(PANIC) {
            panic[s] += cost;
        } else if c.stress as f32 + 1.0 >= vol {
            risk[s] += cost;
        }
        if c.has(UNCONSCIOUS) {
            continue;
        }
        let ix = i as usize;
        fights[ix] = true;
        energy[s] += cost * c.ene as f32 / 10.0;
        if !c.has(ACTED) {
            unacted[s] += cost;
        }
        if st.engaged(i) {
            engaged[s] += cost;
        }
        if st.board().cover_adjacent(c.pos) {
            cover[s] += cost;
        }
        hit[ix] = info.agi as i16 - c.has(PANIC) as i16;
        def[ix] = st.def_total(i, false);
        view[ix] = st.view_range(i);
        let slots = st.weapon_slots(i);
        let (mut n_usable, mut n_mag, mut n_loaded) = (0u32, 0u32, 0u32);
        for w in 0..slots {
            if !st.weapon_usable(i, w) {
                continue;
            }
            n_usable += 1;
            let dmg = st.weapon_dmg(i, w);
            let range = st.weapon_range(i, w);
            let has_mag = st.info(i).magazine.get(w as usize).copied().unwrap_or(0) > 0;
            if has_mag {
                n_mag += 1;
                if st.weapon_ammo(i, w) > 0 {
                    n_loaded += 1;
                }
            }
            let loaded = !has_mag || st.weapon_ammo(i, w) > 0;
            if range == 0 {
                best_melee[ix] = best_melee[ix].max(dmg);
            } else if loaded && dmg > best_ranged[ix].1 {
                best_ranged[ix] = (range, dmg);
            }
        }
        // The crew's transport's own weapons count as its ranged weapons (RULES.md,
        // Transportes).
        for (range, dmg) in crate::mounted_guns(st, i) {
            if dmg as i16 > best_ranged[ix].1 {
                best_ranged[ix] = (range, dmg as i16);
            }
        }
        if slots > 0 {
            usable[s] += cost * n_usable as f32 / slots as f32;
        }
        if n_mag > 0 {
            ammo[s] += cost * n_loaded as f32 / n_mag as f32;
        }
    }
    // Pairs of enemies: one sight trace each, shared by both directions.
    for i in st.indices().take(n) {
        let ix = i as usize;
        if !fights[ix] {
            continue;
        }
        let si = st.side_of(i);
        let ci = st.ch(i);
        let ready_i = !ci.has(ACTED);
        for j in st.indices().take(n) {
            let jx = j as usize;
            if jx <= ix || !fights[jx] || st.side_of(j) == si {
                continue;
            }
            let cj = st.ch(j);
            let ready_j = !cj.has(ACTED);
            let d = ci.pos.dist(cj.pos);
            let (ri, rj) = (best_ranged[ix], best_ranged[jx]);
            let far = ri.0.max(rj.0).max(view[ix]).max(view[jx]);
            let los = d <= far && st.board().line_of_sight(ci.pos, cj.pos);
            // Ranged, both ways.
            for (a, b, ra, ready, ca) in [(ix, jx, ri, ready_i, ci), (jx, ix, rj, ready_j, cj)] {
                if los && ra.0 > 0 && d <= ra.0 {
                    let cb = if a == ix { cj } else { ci };
                    let covered = st.board().cover(ca.pos, cb.pos);
                    let ew = expected_wounds(hit[a], ra.1, def[b], 2 * covered as i16);
                    let v = value(st, b, ew);
                    let s = st.side_of(a as u8).index();
                    ranged[s] += v;
                    if ready {
                        ranged_ready[s] += v;
                    }
                }
            }
            // Melee within a move's reach, both ways.
            for (a, b, ready) in [(ix, jx, ready_i), (jx, ix, ready_j)] {
                let reach = st.mov(a as u8) + 1;
                if best_melee[a] > 0 && d <= reach {
                    let ew = expected_wounds(hit[a], best_melee[a], def[b], 0);
                    let v = value(st, b, ew);
                    let s = st.side_of(a as u8).index();
                    melee[s] += v;
                    if ready {
                        melee_ready[s] += v;
                    }
                }
            }
            // Reaction exposure: an enemy with the square in its CdV and ENE to react.
            if los {
                if cj.ene > 0 && d <= view[jx] && st.sees(j, i) {
                    exposure[si.index()] += st.info(i).cost as f32;
                }
                if ci.ene > 0 && d <= view[ix] && st.sees(i, j) {
                    exposure[st.side_of(j).index()] += st.info(j).cost as f32;
                }
            }
        }
    }
    let total = total_points.max(1.0);
    let limit = st.scenario().turn_limit.max(1) as f32;
    let in_turn = progress_in_turn(st);
    let left = (limit - st.turn() as f32 + 1.0 - in_turn).max(0.0) / limit;
    let progress = (1.0 - left).clamp(0.0, 1.0);
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
    let turns_left = (limit - st.turn() as f32 + 1.0).max(0.0);
    let lead = ((sa - sb) / 5.0).clamp(-1.0, 1.0);
    // Transports: their wear and the passengers of one about to explode (as the hand-set model).
    if st.num_transports() > 0 {
        crate::transports(st, &mut health);
    }
    let diff = |x: [f32; 2]| (x[0] - x[1]) / total;
    let sign = |s: Side| match s {
        Side::A => 1.0,
        Side::B => -1.0,
    };
    [
        (sa - sb) / total,
        (sa - sb) / total * progress,
        diff(health),
        diff(health) * left,
        diff(near_death),
        diff(alive) * left,
        diff(stress),
        diff(risk),
        diff(panic),
        diff(energy),
        diff(energy) * (1.0 - in_turn),
        diff(unacted),
        sign(st.advantage()) * (1.0 - in_turn),
        st.to_decide().map_or(0.0, sign),
        diff(ranged_ready),
        diff(ranged),
        diff(melee_ready),
        diff(melee),
        diff(exposure),
        diff(engaged),
        diff(cover),
        obj * turns_left / total,
        obj * progress / total,
        lead * progress * progress,
        diff(usable),
        diff(ammo),
        if with_hand { hand_logit(st) } else { 0.0 },
    ]
}

/// The hand-set evaluation's logit (A's perspective) with its default weights.
pub fn hand_logit(st: &State) -> f32 {
    let w = crate::Weights::default();
    crate::features(st)
        .iter()
        .zip(w.0.iter())
        .map(|(a, b)| a * b)
        .sum()
}

/// What `ew` expected wounds on `b` are worth, in its points: the share of its CON still
/// standing that they take, capped at its whole cost.
fn value(st: &State, b: usize, ew: f32) -> f32 {
    let b = b as u8;
    let info = st.info(b);
    let left = (info.con as f32 - st.ch(b).wounds as f32).max(1.0);
    info.cost as f32 * (ew / left).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;
    use engine::basics::check::Log;
    use engine::basics::dice::{DiceSource, SeededDice};
    use engine::setup::Setup;

    fn dir() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions")
    }

    fn setup(name: &str) -> Setup {
        Setup::from_file(&dir().join(name)).unwrap()
    }

    fn position(s: &Setup) -> State {
        State::from_setup(s, Some(&dir())).unwrap()
    }

    fn shipped() -> Vec<State> {
        [
            "duel.json",
            "patrol_3v3.json",
            "battle_6v6.json",
            "trenches_3v3.json",
        ]
        .into_iter()
        .map(|n| position(&setup(n)))
        .collect()
    }

    #[test]
    fn features_are_finite_and_the_sides_sum_to_one_through_random_games() {
        let learned = Evaluator::learned();
        for (g, start) in shipped().into_iter().enumerate() {
            let mut st = start;
            let mut dice = SeededDice::new(g as u64);
            let mut buf = Vec::new();
            let mut n = 0;
            while !st.is_terminal() && n < 400 {
                let f = learned_features(&st);
                assert!(f.iter().all(|x| x.is_finite()), "{f:?}");
                let (a, b) = (
                    learned.win_probability(&st, Side::A),
                    learned.win_probability(&st, Side::B),
                );
                assert!((a + b - 1.0).abs() < 1e-5 && (0.0..=1.0).contains(&a));
                st.legal_actions(&mut buf);
                let k = (dice.d10() as usize * 7 + n) % buf.len();
                st.apply_unchecked(&buf[k], &mut dice, &mut Log::off());
                n += 1;
            }
            if st.is_terminal() {
                assert_eq!(learned.win_probability(&st, Side::A), st.returns(Side::A));
            }
        }
    }

    #[test]
    fn wounds_and_cover_move_the_features_their_way() {
        let s = setup("patrol_3v3.json");
        let f0 = learned_features(&position(&s));
        // Wound a character of B: A's health lead grows; wound one of A: it shrinks.
        let mut hurt_b = s.clone();
        hurt_b.sides.b[0].wounds = 1;
        let mut hurt_a = s.clone();
        hurt_a.sides.a[0].wounds = 1;
        let h = LEARNED_NAMES.iter().position(|n| *n == "health").unwrap();
        assert!(learned_features(&position(&hurt_b))[h] > f0[h]);
        assert!(learned_features(&position(&hurt_a))[h] < f0[h]);
        // No damage is expected from an attacker with no usable weapon at hand.
        assert_eq!(expected_wounds(7, 0, 2, 0), 0.0);
        // Cover (+2 to the CH DEF target) lowers the expected wounds.
        assert!(expected_wounds(7, 4, 2, 2) < expected_wounds(7, 4, 2, 0));
        // A sure hit on DEF 0: the whole DAÑ.
        assert_eq!(expected_wounds(10, 3, 0, 0), 3.0);
    }
}
