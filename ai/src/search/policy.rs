//! A cheap heuristic prior over actions: orders candidates for progressive widening and drives
//! the rollout policy. It never applies an action; it reads the position.
//!
//! Everything the prior needs about the deciding character (where its enemies and allies stand,
//! its best range) is gathered once per decision in a [`Ctx`], so scoring the hundreds of
//! movement destinations of an activation costs a few comparisons each.

use engine::basics::action::{ActKind, Action, CharIdx};
use engine::basics::dice::DiceSource;
use engine::psychology::PSYCHE_RADIUS;
use engine::{Facing, Pos, State};
use smallvec::SmallVec;
use std::cell::Cell;

pub use super::choice::{choose_scored_with, RolloutStyle};

/// What the prior knows about the character deciding.
pub struct Ctx {
    who: Option<CharIdx>,
    enemies: SmallVec<[Pos; 16]>,
    allies: SmallVec<[Pos; 16]>,
    vol: u8,
    range: u8,
    from: Pos,
    near_before: u8,
    /// What a move may reach: the scenario's objectives and, for a neuromante, the hackable
    /// elements that score and do not work for its side — square, weight, the mover's
    /// distance to it before the move, and the distance that counts as reached (1 K for an
    /// objective, INT K for an element: Poseer reaches that far).
    objectives: SmallVec<[(Pos, f32, u8, u8); 4]>,
    /// [`Ctx::move_score`] by destination (direct-mapped; a key of 0 is empty): one square is
    /// the destination of several movement kinds (Mover, Correr, Esprintar, sigilo), and its
    /// score does not depend on the kind.
    memo_key: [Cell<u32>; MEMO],
    memo_val: [Cell<f32>; MEMO],
}

/// Entries of [`Ctx`]'s destination memo (a power of two).
const MEMO: usize = 128;

impl Ctx {
    /// The context of a decision: the character of the first action that names one.
    pub fn new(st: &State, legal: &[Action]) -> Ctx {
        let who = legal.iter().find_map(|a| match *a {
            Action::Act { who, .. } | Action::End { who, .. } | Action::Reaction { who, .. } => {
                Some(who)
            }
            _ => None,
        });
        let mut c = Ctx {
            who,
            enemies: SmallVec::new(),
            allies: SmallVec::new(),
            vol: 1,
            range: 0,
            from: Pos::default(),
            near_before: 40,
            objectives: SmallVec::new(),
            memo_key: std::array::from_fn(|_| Cell::new(0)),
            memo_val: std::array::from_fn(|_| Cell::new(0.0)),
        };
        if let Some(w) = who {
            let side = st.side_of(w);
            for j in st.indices() {
                if j == w || !st.able(j) {
                    continue;
                }
                if st.side_of(j) == side {
                    c.allies.push(st.ch(j).pos);
                } else {
                    c.enemies.push(st.ch(j).pos);
                }
            }
            c.vol = st.vol(w);
            c.from = st.ch(w).pos;
            c.range = best_range(st, w);
            c.near_before = c.nearest_enemy(c.from);
            // An animal cannot claim points (BONUS Y MALUS, Animal): objectives mean nothing
            // to its moves. (Most scenarios have none: no scan of the effects then, since a
            // context is built at every rollout decision.)
            if !st.scenario().objectives.is_empty()
                && !st
                    .info(w)
                    .effects
                    .contains(&engine::creation::effect::Effect::Animal)
            {
                for o in &st.scenario().objectives {
                    let p = Pos::new(o.x, o.y);
                    let weight = (o.points as f32).clamp(0.0, 3.0);
                    c.objectives.push((p, weight, p.dist(c.from), 1));
                }
            }
            c.hackable_targets(st, w);
        }
        c
    }

    /// METAHABILIDADES (Corromper and Poseer of objects; ESCENARIOS): an element that scores
    /// each turn for the side it works for is an objective to a neuromante, reached within its
    /// INT K (`mind_objects::options`). Worth its points (at most 3), as an objective: it
    /// scores as one every turn once taken. Without this the prior walked a hacker towards the
    /// nearest enemy and never into reach of a terminal (STRENGTH.md, twenty-eighth session).
    fn hackable_targets(&mut self, st: &State, w: CharIdx) {
        let elements = st.statics().elements.len() as u8;
        if elements == 0 {
            return;
        }
        let side = st.side_of(w);
        let mut neuromante = None;
        for e in 0..elements {
            let Some(h) = st.element_hack(e) else {
                continue;
            };
            let obj = engine::basics::action::ObjRef::Element(e);
            if h.score <= 0
                || st.element_side(e) == Some(side)
                || st.object_wounds(obj) >= st.object_cal(obj)
            {
                continue;
            }
            if !*neuromante.get_or_insert_with(|| engine::actions::mind::is_neuromante(st, w)) {
                return;
            }
            let Some(p) = st.object_square(obj) else {
                continue;
            };
            let weight = (h.score as f32).min(3.0);
            self.objectives
                .push((p, weight, p.dist(self.from), st.info(w).int));
        }
    }

    fn nearest_enemy(&self, p: Pos) -> u8 {
        self.enemies.iter().map(|e| e.dist(p)).min().unwrap_or(40)
    }

    fn outnumbered_at(&self, p: Pos) -> bool {
        let e = self
            .enemies
            .iter()
            .filter(|q| q.dist(p) <= PSYCHE_RADIUS)
            .count();
        let a = self
            .allies
            .iter()
            .filter(|q| q.dist(p) <= PSYCHE_RADIUS)
            .count();
        e > self.vol as usize + a
    }

    /// Movement: melee characters close in, ranged ones keep their best range; cover is good;
    /// ending outnumbered is bad.
    fn move_score(&self, st: &State, to: Pos) -> f32 {
        let key = ((to.x as u32) << 8 | to.y as u32) + 1;
        let slot = (to.x as usize * 31 + to.y as usize) & (MEMO - 1);
        if self.memo_key[slot].get() == key {
            return self.memo_val[slot].get();
        }
        let s = self.move_score_uncached(st, to);
        self.memo_key[slot].set(key);
        self.memo_val[slot].set(s);
        s
    }

    fn move_score_uncached(&self, st: &State, to: Pos) -> f32 {
        // One pass over the enemies for both the nearest and those within the psyche radius
        // (`nearest_enemy` and `outnumbered_at`, which debug builds compare).
        let (mut nearest, mut near) = (u8::MAX, 0usize);
        for e in &self.enemies {
            let d = e.dist(to);
            nearest = nearest.min(d);
            near += usize::from(d <= PSYCHE_RADIUS);
        }
        if self.enemies.is_empty() {
            nearest = 40;
        }
        let allies = self
            .allies
            .iter()
            .filter(|q| q.dist(to) <= PSYCHE_RADIUS)
            .count();
        let outnumbered = near > self.vol as usize + allies;
        debug_assert_eq!(nearest, self.nearest_enemy(to));
        debug_assert_eq!(outnumbered, self.outnumbered_at(to));
        let after = nearest as f32;
        let before = self.near_before as f32;
        let range = self.range as f32;
        let mut s = if range > 0.0 {
            let want = (range * 0.7).max(2.0);
            ((before - want).abs() - (after - want).abs()) * 0.3
        } else {
            (before - after) * 0.3
        };
        if st.board().cover_adjacent(to) {
            s += 0.3;
        }
        if outnumbered {
            s -= 1.0;
        }
        // ESCENARIOS: an objective scores for the only side within 1 K of it at the end of each
        // turn (RULES.md, "Objectives"). Ending a move on it is worth its weight, closing in a
        // tenth of it per K: without this term the prior ranked the moves that take an
        // objective among the hundreds of destinations with no reason to try them first, and
        // the root's widening never reached them (tactic 17, STRENGTH.md twenty-seventh session).
        for &(o, weight, before, reach) in &self.objectives {
            let after = o.dist(to);
            if after <= reach {
                s += weight;
            } else {
                s += 0.1 * weight * (before as f32 - after as f32);
            }
        }
        s
    }
}

/// A heuristic score of an action (higher is better), for ordering and rollouts.
pub fn prior(st: &State, a: &Action) -> f32 {
    let ctx = Ctx::new(st, std::slice::from_ref(a));
    prior_in(st, &ctx, a)
}

/// [`prior`] with a context built once for the decision.
pub fn prior_in(st: &State, ctx: &Ctx, a: &Action) -> f32 {
    match *a {
        Action::Initiative(_) | Action::Activate(_) => 1.0,
        Action::Pass => 0.4,
        Action::React(_) => 1.0,
        Action::Hold(_) => 0.1,
        Action::End { who, facing } => {
            // Ending is good when ENE is low; facing the nearest enemy is better.
            let c = st.ch(who);
            let toward = ctx
                .enemies
                .iter()
                .min_by_key(|e| e.dist(c.pos))
                .and_then(|e| Facing::towards(c.pos, *e));
            let base = if c.ene <= 1 { 1.5 } else { 0.2 };
            base + if toward == Some(facing) { 0.3 } else { 0.0 }
        }
        Action::Act {
            who, kind, chain, ..
        } => kind_score(st, ctx, who, &kind) - if chain { 0.3 } else { 0.0 },
        Action::Reaction { who, kind } => {
            kind_score(st, ctx, who, &kind) - reaction_debt(st, who, &kind)
        }
    }
}

/// REACCIONES: a reaction may spend ENE down to −10, and what it spends below 0 is missing from
/// the reactor's next activation (ENERGÍA: the gain is added to the ENE it has). Every action
/// is offered as a reaction, so the prior weighs that debt: 0.15 per point below 0 — a shot
/// stays well above holding, a Concentrarse bought on credit falls to it.
fn reaction_debt(st: &State, who: CharIdx, kind: &ActKind) -> f32 {
    let cost = engine::sequence::legal::base_cost(st, who, kind);
    let ene = st.ch(who).ene.max(0);
    0.15 * (cost - ene).max(0) as f32
}

fn kind_score(st: &State, ctx: &Ctx, who: CharIdx, k: &ActKind) -> f32 {
    let same = ctx.who == Some(who);
    let mv = |p: Pos| {
        if same {
            ctx.move_score(st, p)
        } else {
            0.0
        }
    };
    match *k {
        ActKind::Shoot { weapon, target, .. } => {
            3.0 + 0.5 * st.weapon_dmg(who, weapon) as f32 + wounded_bonus(st, target)
        }
        // A transport's own weapon, fired by its crew: a shot with the mounted weapon's DAÑ.
        ActKind::ShootMounted {
            target,
            transport,
            weapon,
            ..
        } => {
            let dmg = st.transport_info(transport as usize).arch.weapons[weapon as usize].dmg;
            3.0 + 0.5 * dmg as f32 + wounded_bonus(st, target)
        }
        // An area: worth its DAÑ per enemy it covers, less per ally (friendly fire); the search
        // ranks the aims by this.
        ActKind::Area { weapon, at } => {
            let cover = engine::actions::combat::aim_cover(st, who, weapon, at);
            area_score(st.weapon_dmg(who, weapon) as f32, cover)
        }
        // Arco concentrado: the same with the line and DAÑ + 2.
        ActKind::AreaConcentrated { weapon, at } => {
            match engine::actions::combat::concentrated_shape(st, who, weapon) {
                Some(shape) => {
                    let range = st.weapon_range(who, weapon);
                    let cover = engine::actions::combat::aim_cover_for(st, who, shape, range, at);
                    area_score(st.weapon_dmg(who, weapon) as f32 + 2.0, cover)
                }
                None => 0.02,
            }
        }
        // Control remoto: worth what the bomb would cover now, as an area aimed there.
        ActKind::Detonate { bomb } => match st.bombs().get(bomb as usize) {
            Some(b) => {
                let cover = engine::actions::combat::aim_cover(st, b.owner, b.weapon, b.at);
                area_score(st.weapon_dmg(b.owner, b.weapon) as f32, cover)
            }
            None => 0.02,
        },
        // A meta-ability's area: the same, with DAÑ = CAL.
        ActKind::MetaArea { meta, at } => match engine::actions::meta::area_of(st, who, meta) {
            Some(shape) => {
                let m = &st.info(who).def.meta_abilities[meta as usize];
                let cover = engine::actions::combat::aim_cover_for(st, who, shape, m.range, at);
                area_score(m.quality as f32, cover)
            }
            None => 0.02,
        },
        ActKind::Melee { weapon, target } => {
            3.2 + 0.6 * st.weapon_dmg(who, weapon) as f32 + wounded_bonus(st, target)
        }
        ActKind::Unarmed { target } => 1.2 + wounded_bonus(st, target),
        ActKind::Charge { target, .. } => 3.0 + wounded_bonus(st, target),
        ActKind::Knockout { .. } => 1.5,
        ActKind::Push { .. } | ActKind::Disarm { .. } | ActKind::Immobilise { .. } => 0.8,
        ActKind::Surprise { .. } => 4.0,
        ActKind::Reload { .. } => 2.0,
        // Embestir: DAÑ = CON for 4 ENE, and it ends in contact.
        ActKind::Ram { target, .. } => 2.2 + wounded_bonus(st, target),
        // Throwing an item away is rarely worth it: low, and lower for a weapon still of use.
        ActKind::Throw { target, weapon } => {
            // A weapon still of use is worth more in hand than thrown (the search ranks root
            // candidates by this: at small budgets a high prior is a choice).
            let keep = if st.weapon_usable(who, weapon) {
                0.9
            } else {
                0.0
            };
            0.8 + 0.2 * engine::actions::physical::object_dmg(st, who, weapon) as f32 - keep
                + 0.5 * wounded_bonus(st, target)
        }
        ActKind::Club { target, .. } => 0.9 + wounded_bonus(st, target),
        // Soltar of a bomb lays a mine for the enemy to walk into; of anything else it helps
        // nothing the engine models (no weight): nearly never.
        ActKind::Drop { weapon } if engine::actions::combat::is_bomb(st, who, weapon) => 0.5,
        ActKind::Drop { .. } => 0.02,
        // A tied enemy is out of the fight until it gets loose.
        ActKind::Tie { .. } => 2.5,
        ActKind::Untie => 3.0,
        // Handing equipment about is seldom what a turn needs.
        ActKind::Trade { .. } => 0.1,
        ActKind::Loot { .. } => 0.4,
        // An item back in hand (one's own weapon above all) or an element's finds.
        ActKind::PickUp { owner, .. } => {
            if owner == who {
                1.0
            } else {
                0.4
            }
        }
        ActKind::Search { .. } => 0.6,
        ActKind::Use { .. } => 1.5,
        // Share G (issue 16): a cocktail or a challenge sets up a fight; bringing an avatar in
        // adds a fighter; Desaparecer and Señuelo are ways out.
        ActKind::Cocktail { .. } | ActKind::Challenge { .. } => 0.6,
        ActKind::Invoke { .. } => 2.5,
        ActKind::Disappear(_) | ActKind::Decoy => 0.2,
        // A duel: two shots for 1 ENE, the first to the quicker hand.
        ActKind::Draw { target } => 1.2 + wounded_bonus(st, target),
        // Removing an enemy body that could be healed or woken keeps it out of the game.
        ActKind::Eliminate { body } => {
            if st.side_of(body) != st.side_of(who) && !st.dead(body) {
                1.0
            } else {
                0.05
            }
        }
        ActKind::Heal { .. } => 1.5,
        ActKind::Free => 3.0,
        ActKind::Support { .. } | ActKind::Perceive => 0.5,
        ActKind::Concentrate | ActKind::Guard => 0.4,
        ActKind::Hide => 0.6,
        ActKind::Wait => 0.2,
        ActKind::Crouch | ActKind::Prone | ActKind::Stand | ActKind::Pivot(_) => 0.3,
        ActKind::Countercharge | ActKind::Dodge => 1.5,
        // Mental actions: stress matters as it nears VOL (CH LOC, the end of the activation,
        // unconsciousness, possession).
        ActKind::Hack { target } => {
            2.0 + stress_bonus(st, target) + st.info(target).cost as f32 / 100.0
        }
        ActKind::HealStress { target } => 0.3 + 1.5 * stress_bonus(st, target),
        ActKind::CounterMagic => 1.5,
        ActKind::MentalCombat { target } => {
            // Worth fighting (on) only with the stronger mind; `hold` scores 0.1.
            let mine = engine::actions::mind::mind_stat(st, who)
                .map_or(0, |s| engine::actions::mind::stat_value(st, who, s));
            let theirs = engine::actions::mind::mind_stat(st, target)
                .map_or(0, |s| engine::actions::mind::stat_value(st, target, s));
            if mine >= theirs {
                1.0
            } else {
                0.05
            }
        }
        ActKind::Possess { target } => 3.5 + st.info(target).cost as f32 / 100.0,
        ActKind::Mark { .. } => 0.5,
        // Objects (Corromper / Poseer of an object): worth most on an element that scores.
        ActKind::HackObject { obj } => {
            let m = st.object_mind(obj);
            1.5 + m.stress as f32 / st.object_cal(obj).max(1) as f32 + object_worth(st, obj)
        }
        ActKind::PossessObject { obj, how } => {
            let base = match how {
                engine::basics::action::ObjHack::On => 3.0,
                engine::basics::action::ObjHack::Off => 2.5,
                engine::basics::action::ObjHack::Wreck(_) => 2.0,
            };
            base + object_worth(st, obj)
        }
        // The actions traits give: healing a wound is worth a lot, ENE a little.
        ActKind::Ability { ability, .. } => match ability {
            engine::basics::action::Ability::Regenerate => 1.5,
            engine::basics::action::Ability::PsychicEnergy => 0.3,
            engine::basics::action::Ability::StealEnergy => 0.8,
            // Share C of issue 16: putting out a fire and feeding heal; the rest are set-ups.
            engine::basics::action::Ability::Extinguish | engine::basics::action::Ability::Feed => {
                1.5
            }
            engine::basics::action::Ability::Camouflage
            | engine::basics::action::Ability::Vanish
            | engine::basics::action::Ability::AimMark
            | engine::basics::action::Ability::Replenish
            | engine::basics::action::Ability::Orders
            | engine::basics::action::Ability::Smoke => 0.5,
            engine::basics::action::Ability::RechargeShield => 1.0,
            engine::basics::action::Ability::DeathHand => 0.8,
            engine::basics::action::Ability::Stance => 0.5,
            // Incorpóreo: a way out of a fight, not a gain by itself.
            engine::basics::action::Ability::Phase => 0.3,
        },
        // Meta-abilities (engine::actions::meta): an attack is scored like a shot of DAÑ = CAL; moving an
        // enemy or cancelling its side's meta-ability is occasionally useful; a boon is worth
        // more kept (ENE alone, no check) than cast anew.
        ActKind::Meta { meta, target } => {
            use engine::actions::meta::{keepable, use_of, Use};
            match use_of(st, who, meta) {
                Use::Attack => {
                    let cal = st.info(who).def.meta_abilities[meta as usize].quality;
                    3.0 + 0.5 * cal as f32 + wounded_bonus(st, target)
                }
                Use::Displace => 0.8,
                Use::Sleep => 3.0 + st.info(target).cost as f32 / 100.0,
                Use::Cancel => 1.5,
                Use::Boon if keepable(st, who, meta, target) => 2.0,
                Use::Boon => 1.2,
                Use::Curse => 1.2,
                Use::Calm => 0.3,
                // Magia: resucitar: a character more for its side.
                Use::Raise => 3.0 + st.info(target).cost as f32 / 100.0,
            }
        }
        // Mascota mágica: a bonus for a while, once per game.
        ActKind::PetBonus(_) => 0.6,
        // Súper fuerza: a hit of the transport's CAL.
        ActKind::Heave { target, .. } => 3.0 + wounded_bonus(st, target),
        // A door: opening or closing changes the ways through; a middling prior.
        ActKind::Door { .. } => 0.8,
        // Arma de enjambre: worth a shot per weapon of the volley.
        ActKind::Swarm { target } => {
            3.0 * engine::sequence::swarm::volley(st, who, target).len() as f32
                + wounded_bonus(st, target)
        }
        // Magia: telekinesis: an item brought within reach.
        ActKind::Telekinesis { .. } => 0.4,
        ActKind::Disengage(p) => 1.0 + mv(p),
        ActKind::Flee(p) => 1.0 + mv(p) + escape_score(st, p),
        ActKind::Move(p)
        | ActKind::Run(p)
        | ActKind::Sprint(p)
        | ActKind::Sneak(p)
        | ActKind::Climb(p)
        | ActKind::Swim(p) => {
            let cost = match k {
                ActKind::Move(_) => 0.0,
                ActKind::Run(_) | ActKind::Sneak(_) | ActKind::Swim(_) => 0.2,
                _ => 0.5,
            };
            1.0 + mv(p) - cost
        }
        // 180° costs 4 ENE and risks a fall; a jump over a gap risks the void: worth it only
        // for the ground gained, so below a plain move to the same square.
        ActKind::Turn180(p) => 0.6 + mv(p),
        ActKind::Jump(p) => 0.4 + mv(p),
        // Carrying a body is slow (its surcharge) and scores nothing by itself: kept low.
        ActKind::Carry { to, .. } | ActKind::CarryJoint { to, .. } => 0.3 + 0.5 * mv(to),
        // Retros: staying in the air is the cheap way to keep a firing position at altitude 3.
        ActKind::Hover => 0.5,
        // Between levels (Alturas): climbing costs 3 ENE a stage and risks a fall, a leap 3 and
        // a check; a drop is cheap but may hurt (its DAÑ by the height). Worth it for the ground
        // gained: a roof sees over the street's walls.
        ActKind::Vertical { how, to } => {
            use engine::basics::action::Vertical;
            let risk = match how {
                Vertical::Fall => {
                    let b = st.board();
                    let drop = b
                        .terrain_height(st.ch(who).pos)
                        .saturating_sub(b.terrain_height(to));
                    0.1 * engine::actions::movement::vertical::fall_dmg(
                        drop as u16,
                        st.info(who).mov.max(1) as u16,
                    ) as f32
                }
                Vertical::Scale => 0.5,
                Vertical::LeapUp => 0.3,
            };
            0.8 + mv(to) - risk
        }
        // Changing altitude: worth what the new height gives (the evaluation sees the shots
        // it opens or closes); a little below a plain move.
        ActKind::ChangeAltitude { to, .. } => 0.7 + mv(to),
        // Transports: getting on or off is worth a move; driving a move of its own weight; a
        // shot at a transport a little below a shot at a Pj (its wear counts only past CAL).
        ActKind::Embark { .. } => 0.6,
        ActKind::Disembark(to) => 0.8 + mv(to),
        ActKind::Drive { to, .. } | ActKind::Manoeuvre(to) => 0.8 + mv(to),
        ActKind::PivotTransport(_) => 0.2,
        ActKind::ShootTransport { weapon, .. } => 2.0 + 0.5 * st.weapon_dmg(who, weapon) as f32,
        // Súper salto: a long move; a melee on a mecha as a shot at a transport; a ram with a
        // transport as a character's ram.
        ActKind::SuperJump(p) => 0.5 + mv(p),
        ActKind::MeleeTransport { weapon, .. } => 2.0 + 0.5 * st.weapon_dmg(who, weapon) as f32,
        ActKind::RamTransport { target, .. } => 2.2 + wounded_bonus(st, target),
    }
}

/// Huir in the early window of an attack declared on the fleeing character (REACCIONES: the
/// target may flee before the attack resolves): the attack is lost when the attacker no
/// longer sees the target or has it beyond reach, so a destination out of the attacker's line
/// of sight — or beyond its best weapon's range, or out of contact for a melee — is what the
/// flight is for. Without this the destinations were ranked by the approach heuristic of
/// [`Ctx::move_score`], which puts the squares still in the attacker's sight first, and a node
/// below the root keeps only its best dozen candidates: the search never saw the flight that
/// cancels the shot, so an unchained shot looked as safe as a chained one (tactic 03).
fn escape_score(st: &State, to: Pos) -> f32 {
    let engine::Pending::Window {
        actor, early: true, ..
    } = st.pending()
    else {
        return 0.0;
    };
    let from = st.ch(actor).pos;
    if from.dist(to) <= 1 {
        return 0.0;
    }
    if !st.board().line_of_sight(from, to) {
        return 2.0;
    }
    if from.dist(to) > best_range(st, actor).max(1) {
        1.5
    } else {
        0.0
    }
}

/// The longest range among the usable weapons of `who` (0: none, or melee only).
pub fn best_range(st: &State, who: CharIdx) -> u8 {
    (0..st.weapon_slots(who))
        .filter(|&k| st.weapon_usable(who, k))
        .map(|k| st.weapon_range(who, k))
        .max()
        .unwrap_or(0)
}

/// An area's prior: worth its DAÑ per enemy half-base it covers, less per ally (friendly
/// fire); `cover` is `(enemies, allies)` in half-bases (`combat::aim_cover`).
fn area_score(dmg: f32, (foes, friends): (u8, u8)) -> f32 {
    (1.0 + 0.25 * dmg * (foes as f32 - 1.5 * friends as f32)).max(0.02)
}

/// How close a character's stress is to its VOL (0 none, 1 at VOL).
/// What taking an object is worth to the prior: an element's points per turn, a little for
/// anything else.
fn object_worth(st: &State, obj: engine::basics::action::ObjRef) -> f32 {
    match obj {
        engine::basics::action::ObjRef::Element(e) => {
            st.element_hack(e)
                .map_or(0.0, |h| 0.5 * h.score.max(0) as f32)
                + st.turret(e).map_or(0.0, |t| 0.5 * t.dmg as f32)
                + if st.is_door(e) { 0.5 } else { 0.0 }
        }
        _ => 0.3,
    }
}

fn stress_bonus(st: &State, target: CharIdx) -> f32 {
    (st.ch(target).stress as f32 / st.vol(target).max(1) as f32).min(1.5)
}

fn wounded_bonus(st: &State, target: CharIdx) -> f32 {
    let c = st.ch(target);
    let con = st.info(target).con.max(1) as f32;
    1.5 * c.wounds as f32 / con + st.info(target).cost as f32 / 100.0
}

pub(crate) fn is_move(a: &Action) -> bool {
    let m = match a {
        Action::Act { kind, .. } | Action::Reaction { kind, .. } => ends_on_a_square(kind),
        _ => false,
    };
    debug_assert_eq!(
        m,
        matches!(a, Action::Act { kind, .. } | Action::Reaction { kind, .. } if kind.destination().is_some() && kind.enemy_target().is_none()),
        "is_move of {a:?}"
    );
    m
}

/// The kinds with a destination and no enemy target (`destination().is_some() &&
/// enemy_target().is_none()`, which debug builds check in [`is_move`]), as one test of the
/// variant: the rollout asks it of every action of every list twice, and the two calls that
/// are not inlined cost about 30 instructions per action.
#[inline]
fn ends_on_a_square(kind: &ActKind) -> bool {
    kind.is_plain_move()
        || matches!(
            kind,
            ActKind::Disembark(_)
                | ActKind::Manoeuvre(_)
                | ActKind::SuperJump(_)
                | ActKind::Carry { .. }
                | ActKind::Vertical { .. }
                | ActKind::ChangeAltitude { .. }
                | ActKind::Drive { .. }
                | ActKind::CarryJoint { .. }
        )
}

/// Movement options a rollout looks at per decision (a deterministic sample of them).
const ROLLOUT_MOVES: usize = 24;

/// Scores the actions of `legal` into `out` ([`prior_in`], one context for the decision); with
/// `stride` > 1 only every `stride`-th movement destination (from `offset`, below the stride) is
/// scored and the others get `f32::NEG_INFINITY`. Returns the index of the best score (the
/// first, on ties).
///
/// Why a sample: an activation offers hundreds of destinations, most of them a step apart, and
/// scoring every one costs more than the rest of a rollout step; every other action is always
/// scored.
pub fn scores_into(
    st: &State,
    legal: &[Action],
    stride: usize,
    offset: usize,
    out: &mut Vec<f32>,
) -> usize {
    let ctx = Ctx::new(st, legal);
    let stride = stride.max(1);
    let offset = offset % stride;
    out.clear();
    let mut best = 0;
    let mut best_v = f32::MIN;
    let mut k = 0usize;
    for (i, a) in legal.iter().enumerate() {
        let v = if stride > 1 && is_move(a) {
            k += 1;
            if !(k + offset).is_multiple_of(stride) {
                f32::NEG_INFINITY
            } else {
                prior_in(st, &ctx, a)
            }
        } else {
            prior_in(st, &ctx, a)
        };
        if v > best_v {
            best_v = v;
            best = i;
        }
        out.push(v);
    }
    best
}

/// Picks an action for a rollout: the best prior with probability 1/2, otherwise one drawn in
/// proportion to exp(prior). When there are many movement destinations only an evenly spaced
/// sample of them (with a random offset) is scored, to keep rollouts cheap (see
/// [`scores_into`]). Randomness comes from `d` (a stream of its own, not the game's dice).
pub fn rollout_choice(
    st: &State,
    legal: &[Action],
    d: &mut dyn DiceSource,
    scratch: &mut Vec<f32>,
) -> usize {
    rollout_choice_with(st, legal, d, scratch, RolloutStyle::default())
}

/// [`rollout_choice`] with a style of its own.
pub fn rollout_choice_with(
    st: &State,
    legal: &[Action],
    d: &mut dyn DiceSource,
    scratch: &mut Vec<f32>,
    style: RolloutStyle,
) -> usize {
    let moves = legal.iter().filter(|a| is_move(a)).count();
    let stride = moves.div_ceil(ROLLOUT_MOVES).max(1);
    let offset = if stride > 1 {
        d.d100() as usize % stride
    } else {
        0
    };
    let best = scores_into(st, legal, stride, offset, scratch);
    choose_scored_with(scratch, best, d, style)
}
