//! Legal decisions: what the deciding side may choose now, written into a reusable buffer.

use super::reaction_options::{excluded, in_arc};
use crate::actions::movement::special;
use crate::actions::movement::{destinations, flight_ok, trait_move_ene, with_mover, MoveKind};
use crate::actions::{equipment, physical};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::geom::Facing;
use crate::creation::effect::{Effect, WalkLike};
use crate::state::*;

pub use super::cost::base_cost;
use super::cost::{move_cost, push_act, push_wanted, same_kind, Only};
use super::legal_attacks::{melee_options, ranged_options};

/// The legal decisions of the current position, in a deterministic order.
pub fn legal_actions(st: &State, out: &mut Vec<Action>) {
    out.clear();
    match st.pending() {
        Pending::GameOver => {}
        Pending::Initiative { side } => {
            let mut seen: smallvec::SmallVec<[i16; 8]> = smallvec::SmallVec::new();
            for i in st.indices() {
                if st.side_of(i) == side && st.able(i) {
                    let v = initiative_value(st, i);
                    if !seen.contains(&v) {
                        seen.push(v);
                        out.push(Action::Initiative(i));
                    }
                }
            }
        }
        Pending::Activate { side } => {
            for i in st.indices() {
                if st.side_of(i) == side && eligible(st, i) {
                    out.push(Action::Activate(i));
                }
            }
        }
        Pending::Act { actor } => actor_actions(st, actor, out),
        Pending::Window {
            side: _,
            actor,
            open,
            early,
        } => {
            out.push(Action::Pass);
            for i in st.indices() {
                if open & (1 << i) != 0 {
                    out.push(Action::React(i));
                    // Machina mors: a shot at the actor with no CH VOL (RULES.md, share H).
                    if st
                        .info(i)
                        .weapon_effects
                        .iter()
                        .any(|w| w.contains(&Effect::MachinaMors))
                    {
                        super::sentry::window_shots(st, i, actor, out);
                    }
                    if let Some(f) = crate::actions::mind::spider_pivot(st, i, actor) {
                        out.push(Action::Reaction {
                            who: i,
                            kind: ActKind::Pivot(f),
                        });
                    }
                }
            }
            if early {
                flee_options(st, actor, out);
            }
        }
        Pending::Reaction {
            reactor,
            actor,
            early,
            ..
        } => with_mover(st, reactor, || {
            reaction_actions(st, reactor, actor, early, out)
        }),
        Pending::MentalCombat {
            defender, hacker, ..
        } => {
            // Combate mental: go on (`mental-combat`) or not (`hold`).
            let who = st.pending().mind_decider().unwrap_or(defender);
            let foe = if who == defender { hacker } else { defender };
            out.push(Action::Hold(who));
            if crate::actions::mind::may_fight(st, who, foe) {
                out.push(Action::Reaction {
                    who,
                    kind: ActKind::MentalCombat { target: foe },
                });
            }
        }
    }
    crate::actions::movement::altitude::filter(st, out);
    super::reaction_options::high_arc_filter(st, out);
    if st.statics().any_phase {
        crate::actions::incorporeal::filter(st, out);
    }
}

/// The value a character adds to the initiative roll: VOL plus traits (Explorador).
pub fn initiative_value(st: &State, i: CharIdx) -> i16 {
    st.vol(i) as i16
        + st.info(i)
            .effects
            .iter()
            .map(|e| match e {
                Effect::Initiative(k) => *k as i16,
                _ => 0,
            })
            .sum::<i16>()
}

/// SECUENCIA: a character may be activated in this phase when it is able, has not acted, its
/// VOL is at least the phase ("tanta VOL como la fase", RULES.md), and it is not waiting for a
/// later phase.
pub fn eligible(st: &State, i: CharIdx) -> bool {
    let c = st.ch(i);
    st.able(i)
        && !c.has(ACTED)
        && st.vol(i) >= st.phase()
        && (!c.has(WAITING) || st.phase() <= c.waited)
}

fn flee_options(st: &State, actor: CharIdx, out: &mut Vec<Action>) {
    let Some(Action::Act { kind, .. }) = st.activation().declared else {
        return;
    };
    let Some(t) = kind.enemy_target() else { return };
    // A meta-ability's target may be an ally (or the user): no Huir then.
    if st.side_of(t) == st.side_of(actor) {
        return;
    }
    if st.activation().fled || !st.able(t) || st.engaged(t) || st.ch(t).ene - 1 < -10 {
        return;
    }
    // Fanático: "Nunca huirá ni entrará en pánico".
    let never_flees = st.info(t).has_effect(|e| matches!(e, Effect::NeverPanic));
    if st.ch(t).has(IMMOBILISED | TIED) || st.ch(t).stance == Stance::Prone || never_flees {
        return;
    }
    let mut v = Vec::new();
    destinations(st, t, MoveKind::Flee, &mut v);
    for r in v {
        out.push(Action::Reaction {
            who: t,
            kind: ActKind::Flee(r.pos),
        });
    }
}

fn enemies(st: &State, who: CharIdx) -> impl Iterator<Item = CharIdx> + '_ {
    let side = st.side_of(who);
    st.indices()
        .filter(move |&j| st.side_of(j) != side && st.able(j))
}

fn actor_actions(st: &State, c: CharIdx, out: &mut Vec<Action>) {
    // Órdenes: while the ally acts on them, its actions (and its end) are the only ones.
    if let Some((ally, giver)) = st.activation().orders {
        if giver == c {
            ordered_actions(st, ally, None, out);
            return;
        }
    }
    with_mover(st, c, || {
        actor_actions_all(st, c, st.ch(c).ene, false, None, out)
    });
    // Incorpóreo: before the forced choices, which must see only what it may really do.
    if st.statics().any_phase {
        crate::actions::incorporeal::filter(st, out);
    }
    // A forced choice (Ansia de sangre, Locura asesina) looks only at the charges and shots the
    // altitudes allow (Relación entre alturas): a charge at a flyer out of reach is no charge it
    // «can» make, so it must not leave the actor with nothing legal.
    let mad = st.ch(c).run.mad;
    let must_charge = st.must_charge(c);
    if mad != 0 || must_charge {
        crate::actions::movement::altitude::filter(st, out);
        super::reaction_options::high_arc_filter(st, out);
    }
    // Ansia de sangre: "Siempre carga si puede" — while a charge is legal it is the only choice.
    if must_charge && out.iter().any(is_charge) {
        out.retain(is_charge);
    }
    // Desafiante: the challenged attacks its challenger in melee while it can.
    crate::actions::trait_marks::keep_challenge(st, c, out);
    // Locura asesina: «ataque a distancia a la mini más cercana, o a CaC con carga».
    if mad != 0 {
        let on_it = |a: &Action| {
            matches!(a, Action::Act { kind: ActKind::Shoot { target, .. }
                | ActKind::Charge { target, .. }, .. } if *target + 1 == mad)
        };
        if out.iter().any(on_it) {
            out.retain(on_it);
        }
    }
    // Pánico: «Un Pj en pánico siempre huye» — while a flight is legal it may not end its
    // activation instead (as Ansia de sangre); with none (no flight square, no ENE for it, prone,
    // cannot run) it may only end, or stand up when prone (RULES.md, PSICOLOGÍA).
    if st.ch(c).has(PANIC) && out.iter().any(is_flight) {
        out.retain(|a| !matches!(a, Action::End { .. }));
    }
    puppet_actions(st, c, None, out);
}

/// Whether the movement part makes actions of this kind (and no other part does).
fn is_movement(k: &ActKind) -> bool {
    matches!(
        k,
        ActKind::Move(_)
            | ActKind::Run(_)
            | ActKind::Sprint(_)
            | ActKind::Sneak(_)
            | ActKind::Disengage(_)
            | ActKind::Climb(_)
            | ActKind::Turn180(_)
            | ActKind::Swim(_)
            | ActKind::Jump(_)
            | ActKind::Carry { .. }
            | ActKind::Vertical { .. }
            | ActKind::ChangeAltitude { .. }
            | ActKind::Embark { .. }
            | ActKind::Disembark(_)
            | ActKind::Drive { .. }
            | ActKind::PivotTransport(_)
            | ActKind::Manoeuvre(_)
            | ActKind::SuperJump(_)
            | ActKind::RamTransport { .. }
            | ActKind::CarryJoint { .. }
            | ActKind::Hover
    )
}

/// Whether the acting decision's list ([`legal_actions`] with `Pending::Act`) holds the action
/// `a` (with `face: None`, as listed) — without making the whole list: only the part that makes
/// actions of `a`'s kind (the reaction window's close checks the declared action this way).
/// Debug builds compare with the whole list.
pub fn act_is_legal(st: &State, a: &Action) -> bool {
    let Pending::Act { actor } = st.pending() else {
        return false;
    };
    let Action::Act { who, kind, .. } = a else {
        return false;
    };
    // One allocation, not the growth of an empty list (most of a kind's actions fit).
    let mut out = Vec::with_capacity(64);
    // Ansia de sangre keeps only the charges when one is legal (Desafiante the attacks on the
    // challenger): that needs the whole list.
    if st.must_charge(actor) || st.marked(actor, crate::state::CHALLENGED) {
        legal_actions(st, &mut out);
        return out.contains(a);
    }
    let only = Some(*kind);
    if st.activation().orders.is_some_and(|(ally, _)| ally == *who) {
        ordered_actions(st, *who, only, &mut out);
    } else if *who == actor {
        let ene = st.ch(actor).ene;
        // The mover's memo entry pinned only for a movement: any other kind makes one board
        // search at most (Cargar or Embestir on its target), which finds the entry itself.
        if is_movement(kind) {
            with_mover(st, actor, || {
                actor_actions_all(st, actor, ene, false, only, &mut out)
            });
        } else {
            actor_actions_all(st, actor, ene, false, only, &mut out);
        }
    } else {
        puppet_actions(st, actor, only, &mut out);
    }
    crate::actions::movement::altitude::filter(st, &mut out);
    super::reaction_options::high_arc_filter(st, &mut out);
    if st.statics().any_phase {
        crate::actions::incorporeal::filter(st, &mut out);
    }
    let legal = out.contains(a);
    #[cfg(debug_assertions)]
    {
        legal_actions(st, &mut out);
        debug_assert_eq!(legal, out.contains(a), "act_is_legal({a:?})");
    }
    legal
}

/// Poseer: «el personaje actuando podrá gastar su propia ENE para realizar acciones con el
/// objetivo poseído» — the actions of the character `c` possesses, with `c`'s ENE: what it could
/// do acting, but neither ending (the activation is `c`'s), Esperar, a chain (each is one action
/// of `c`'s activation) nor the mental actions (the possessor's mind is busy in it). Its panic
/// does not make it flee: it does not act of its own will (RULES.md, Poseer).
fn puppet_actions(st: &State, c: CharIdx, only: Only, out: &mut Vec<Action>) {
    for j in st.indices() {
        let jc = st.ch(j);
        // A raised corpse (Magia: resucitar) acts in its own activations, not as a puppet.
        if j == c || !jc.has(POSSESSED) || jc.possessor != c || !st.able(j) || st.raised(j) {
            continue;
        }
        let mut buf = Vec::new();
        actor_actions_all(st, j, st.ch(c).ene, true, only, &mut buf);
        out.extend(buf.into_iter().filter(|a| {
            matches!(
                a,
                Action::Act {
                    chain: false,
                    kind,
                    ..
                } if !matches!(kind, ActKind::Wait)
            )
        }));
    }
}

/// Órdenes: «Ese aliado actuará» — the ally's actions with its own ENE, as if it were acting,
/// but neither Esperar nor a chain (each is one action of the giver's activation); its end
/// (`end`) hands the activation back to the giver (RULES.md, share I).
fn ordered_actions(st: &State, ally: CharIdx, only: Only, out: &mut Vec<Action>) {
    let mut buf = Vec::new();
    with_mover(st, ally, || {
        actor_actions_all(st, ally, st.ch(ally).ene, false, only, &mut buf)
    });
    out.extend(buf.into_iter().filter(|a| match a {
        Action::Act { chain, kind, .. } => !chain && !matches!(kind, ActKind::Wait),
        _ => true,
    }));
    if st.statics().any_phase {
        crate::actions::incorporeal::filter(st, out);
    }
}

/// A panicked character's flight: Correr, or Destrabarse when engaged (only those to a flight
/// square are listed for it).
fn is_flight(a: &Action) -> bool {
    matches!(
        a,
        Action::Act {
            kind: ActKind::Run(_) | ActKind::Disengage(_),
            ..
        }
    )
}

fn is_charge(a: &Action) -> bool {
    matches!(
        a,
        Action::Act {
            kind: ActKind::Charge { .. },
            ..
        }
    )
}

/// The actions of `c` with `ene` to spend; `puppet`: `c` is possessed and acts for its possessor
/// (no ending, Esperar or mental actions; panic does not constrain it); `only`: see [`Only`].
/// Also the source of a reactor's options (`reaction_options`), with its ENE down to −10.
pub(super) fn actor_actions_all(
    st: &State,
    c: CharIdx,
    ene: i8,
    puppet: bool,
    only: Only,
    out: &mut Vec<Action>,
) {
    // Without transports: one check (PERFORMANCE.md, "Heights and transports").
    if st.num_transports() == 0 {
        return actor_actions_on_foot(st, c, ene, puppet, only, out);
    }
    if st.aboard(c).is_some() {
        return super::aboard::aboard_actions(st, c, ene, only, out);
    }
    actor_actions_on_foot(st, c, ene, puppet, only, out);
    // Esprintar: «No puede atacar este turno»; tied, held or panicked: no attack either.
    let free = !st.ch(c).has(SPRINTED | TIED | IMMOBILISED) && (!st.ch(c).has(PANIC) || puppet);
    if free && !st.engaged(c) {
        crate::actions::transport::fire::options(st, c, push_wanted(out, c, ene, only));
    }
    // Mecha: «se puede trabar en CaC».
    if free {
        crate::actions::transport::mecha::melee_options(st, c, push_wanted(out, c, ene, only));
    }
    // Passengers are not on the board's squares: nobody targets them (RULES.md, Transportes).
    out.retain(|a| match a {
        Action::Act { kind, .. } => kind.enemy_target().is_none_or(|t| st.aboard(t).is_none()),
        _ => true,
    });
}

/// [`actor_actions_all`] of a character on its feet (not aboard a transport).
fn actor_actions_on_foot(
    st: &State,
    c: CharIdx,
    ene: i8,
    puppet: bool,
    only: Only,
    out: &mut Vec<Action>,
) {
    let wants = |k: &ActKind| only.is_none_or(|o| same_kind(&o, k));
    let moving = only.is_none_or(|o| is_movement(&o));
    let ch = *st.ch(c);
    for f in Facing::ALL {
        out.push(Action::End { who: c, facing: f });
    }
    let mut pool = crate::actions::movement::ReachBuf::take();
    let reach = &mut pool.0;
    let engaged = st.engaged(c);
    // Atar: a tied character may only try Desatarse (or end).
    if ch.has(TIED) {
        push_act(out, c, ActKind::Untie, physical::UNTIE_COST, ene);
        return;
    }
    if ch.has(IMMOBILISED) {
        push_act(out, c, ActKind::Free, 3, ene);
        return;
    }
    if ch.has(PANIC) && !puppet {
        // Pánico: "Un Pj en pánico siempre huye" — only running away (or out of melee).
        if engaged {
            destinations(st, c, MoveKind::Disengage, reach);
            for r in reach.iter() {
                if flight_ok(st, c, r.pos) {
                    let k = ActKind::Disengage(r.pos);
                    push_act(out, c, k, move_cost(st, c, 2, r), ene);
                }
            }
        } else if ch.stance != Stance::Prone && !no_run(st, c) {
            destinations(st, c, MoveKind::Run, reach);
            for r in reach.iter() {
                if flight_ok(st, c, r.pos) {
                    push_act(out, c, ActKind::Run(r.pos), move_cost(st, c, 2, r), ene);
                }
            }
        } else if ch.stance == Stance::Prone {
            push_act(out, c, ActKind::Stand, 1, ene);
        }
        return;
    }
    if st.activation().actions == 0 && !engaged && st.phase() > 1 {
        push_act(out, c, ActKind::Wait, 1, ene);
    }
    // Movement.
    if moving && engaged {
        if wants(&ActKind::Disengage(ch.pos)) {
            destinations(st, c, MoveKind::Disengage, reach);
        }
        for r in reach.iter() {
            push_act(
                out,
                c,
                ActKind::Disengage(r.pos),
                move_cost(st, c, 2, r),
                ene,
            );
        }
    } else if moving && ch.stance != Stance::Prone {
        let on_foot = ch.alt == crate::state::ALT_GROUND;
        let kinds: [(MoveKind, i8, MakeMove); 4] = [
            (MoveKind::Move, 1, ActKind::Move),
            (MoveKind::Run, 2, ActKind::Run),
            (MoveKind::Sprint, 3, ActKind::Sprint),
            (
                MoveKind::Sneak,
                if st.walks(c, WalkLike::Sneak) { 1 } else { 2 },
                ActKind::Sneak,
            ),
        ];
        for (mk, base, make) in kinds {
            if base > ene || !wants(&make(ch.pos)) {
                continue;
            }
            if matches!(mk, MoveKind::Run | MoveKind::Sprint) && no_run(st, c) {
                continue;
            }
            if mk == MoveKind::Sprint && (ch.has(SPRINT_USED) || no_sprint(st, c)) {
                continue;
            }
            destinations(st, c, mk, reach);
            for r in reach.iter() {
                push_act(out, c, make(r.pos), move_cost(st, c, base, r), ene);
            }
        }
        // Escalar, 180°, Nadar, Salto and Mover cargado are made on foot, at altitude 1.
        if on_foot {
            special_moves(st, c, ene, &wants, out);
        }
        if wants(&ActKind::ChangeAltitude { alt: 1, to: ch.pos }) {
            crate::actions::movement::altitude::change_options(st, c, |k, cost| {
                push_act(out, c, k, cost, ene)
            });
        }
        // Retros: one byte compared for everyone not at altitude 3.
        if ch.alt == crate::state::ALT_HIGH && wants(&ActKind::Hover) {
            crate::actions::movement::altitude::hover_options(st, c, |k, cost| {
                push_act(out, c, k, cost, ene)
            });
        }
    }
    // Embarcar / desembarcar (none without transports: one check).
    if moving
        && !engaged
        && (wants(&ActKind::Embark { transport: 0 }) || wants(&ActKind::Disembark(ch.pos)))
    {
        crate::actions::transport::boarding::options(st, c, push_wanted(out, c, ene, only));
    }
    if only.is_some_and(|o| is_movement(&o)) {
        return;
    }
    // Aerostático: «En altura 3, puede pivotar como acción» (one byte compared for the rest).
    if ch.alt == crate::state::ALT_HIGH && wants(&ActKind::Pivot(ch.facing)) {
        crate::actions::movement::altitude::pivot_options(st, c, |k, cost| {
            push_act(out, c, k, cost, ene)
        });
    }
    // Stance.
    if ch.stance != Stance::Crouched {
        push_act(out, c, ActKind::Crouch, 1, ene);
    }
    if ch.stance != Stance::Prone {
        push_act(out, c, ActKind::Prone, 1, ene);
    }
    if ch.stance != Stance::Standing {
        push_act(out, c, ActKind::Stand, 1, ene);
    }
    // Control remoto: the owner sets off its bomb «cuando quiera».
    if !st.bombs().is_empty() {
        crate::actions::combat::detonate_options(st, c, |k| push_act(out, c, k, 1, ene));
    }
    // Arma de enjambre: the volley of two swarm weapons or more.
    // Acting only («actuando»), and not from inside its own volley's shot checks.
    if !puppet
        && only.is_none_or(|k| matches!(k, ActKind::Swarm { .. }))
        && matches!(st.pending(), Pending::Act { .. })
        && super::swarm::has_swarm(st)(c)
    {
        super::swarm::options(st, c, ene, out);
    }
    // Súper fuerza: hurl a transport (none on most boards).
    if !puppet && st.num_transports() > 0 && !ch.has(SPRINTED) {
        crate::actions::heave::options(st, c, |k| {
            push_act(out, c, k, crate::actions::heave::HEAVE_COST, ene)
        });
    }
    // Mascota mágica: one of the pet's bonuses, once per game.
    if st.info(c).meta_effects.len() > st.info(c).def.meta_abilities.len() {
        crate::actions::pet::options(st, c, |k| push_act(out, c, k, 1, ene));
    }
    // Combat: Esprintar — "No puede atacar este turno".
    if !ch.has(SPRINTED) && !engaged {
        crate::actions::combat::area_options(st, c, |k| {
            let cost = base_cost(st, c, &k);
            push_act(out, c, k, cost, ene)
        });
    }
    if !ch.has(SPRINTED) {
        let targets: smallvec::SmallVec<[CharIdx; 12]> = enemies(st, c).collect();
        for &t in &targets {
            // Every action made here targets `t`: checking one declared action (`only`), the
            // other enemies (and, for an action on no enemy, all of them) can be skipped.
            if only.is_some_and(|o| o.enemy_target() != Some(t)) {
                continue;
            }
            let tp = st.ch(t).pos;
            if engaged {
                if tp.adjacent(ch.pos) {
                    melee_options(st, c, t, |k| {
                        let cost = base_cost(st, c, &k);
                        push_act(out, c, k, cost, ene)
                    });
                    if ch.has(SILENT)
                        && !ch.has(SURPRISING)
                        && !st.ch(t).facing.in_front(tp, ch.pos)
                    {
                        push_act(out, c, ActKind::Surprise { target: t }, 0, ene);
                    }
                    physical::tie_options(st, c, t, |k| {
                        push_act(out, c, k, physical::TIE_COST, ene)
                    });
                }
            } else {
                ranged_options(st, c, t, false, |k| {
                    let cost = base_cost(st, c, &k);
                    push_act(out, c, k, cost, ene)
                });
                // Arma muy larga: «con ALC 0, se puede CaC sin estar trabado. Enemigo a 2 K».
                if ch.pos.dist(tp) <= 2 && st.sight(c, t) {
                    for w in 0..st.weapon_slots(c) {
                        let far = st
                            .weapon_fx(c, w)
                            .iter()
                            .any(|e| matches!(*e, Effect::VeryLong(k) if ch.pos.dist(tp) <= k));
                        if far && st.weapon_usable(c, w) && st.weapon_def(c, w).range == 0 {
                            let k = ActKind::Melee {
                                target: t,
                                weapon: w,
                            };
                            let cost = base_cost(st, c, &k);
                            push_act(out, c, k, cost, ene);
                        }
                    }
                }
                if ch.stance != Stance::Prone
                    && ene >= 2
                    && st.may_be_charged(t)
                    && only.is_none_or(|o| matches!(o, ActKind::Charge { .. }))
                {
                    let steps = crate::actions::movement::max_steps(st, c, MoveKind::Charge(t));
                    if ch.pos.dist(tp) <= steps + 1 && st.sight(c, t) {
                        destinations(st, c, MoveKind::Charge(t), reach);
                        for r in reach.iter() {
                            let k = ActKind::Charge {
                                target: t,
                                to: r.pos,
                            };
                            push_act(out, c, k, move_cost(st, c, 2, r), ene);
                        }
                    }
                }
                physical::throw_options(st, c, t, false, |k| {
                    push_act(out, c, k, physical::THROW_COST, ene)
                });
                // Embestir runs (Correr): not prone, not for a character that cannot run.
                if ch.stance != Stance::Prone
                    && ene >= physical::RAM_COST
                    && !no_run(st, c)
                    && only.is_none_or(|o| matches!(o, ActKind::Ram { .. }))
                {
                    physical::ram_options(st, c, t, |k, cost| push_act(out, c, k, cost, ene));
                }
            }
        }
    }
    // Generic actions.
    let side = st.side_of(c);
    for j in st.indices() {
        if st.side_of(j) != side {
            continue;
        }
        let d = st.ch(j).pos.dist(ch.pos);
        if j != c && st.able(j) && d <= 2 {
            push_act(out, c, ActKind::Support { ally: j }, 3, ene);
        }
        let jc = st.ch(j);
        let hurt = jc.wounds > 0 && !st.dead(j) && jc.wounds <= st.info(j).con;
        if (j == c || d == 1)
            && (hurt || jc.has(KNOCKED_OUT))
            && (j == c || !st.ch(j).has(UNCONSCIOUS))
            // Eliminar took the body off the table.
            && !jc.has(REMOVED)
            // A casualty is off the table: it cannot come back on a square a base now holds.
            && (st.able(j) || !crate::actions::combat::occupied(st, jc.pos))
        {
            push_act(out, c, ActKind::Heal { target: j }, 3, ene);
        }
    }
    if ch.bonus < 3 {
        push_act(out, c, ActKind::Concentrate, 2, ene);
    }
    if !ch.has(GUARD) {
        push_act(out, c, ActKind::Guard, 2, ene);
    }
    // Sombra: «Puede "esconderse" sin estar tras cobertura».
    if !ch.has(HIDDEN)
        && !engaged
        && (st.board().cover_adjacent(ch.pos) || st.info(c).effects.contains(&Effect::HideAnywhere))
    {
        push_act(out, c, ActKind::Hide, 2, ene);
    }
    let int = st.info(c).int;
    if enemies(st, c).any(|j| st.ch(j).has(HIDDEN) && st.ch(j).pos.dist(ch.pos) <= int) {
        push_act(out, c, ActKind::Perceive, 2, ene);
    }
    if !puppet {
        crate::actions::mind::actor_options(st, c, |k, cost| push_act(out, c, k, cost, ene));
        crate::actions::mind_objects::options(st, c, |k, cost| push_act(out, c, k, cost, ene));
        crate::actions::meta::options(st, c, |k, cost| push_act(out, c, k, cost, ene));
        if !st.info(c).def.meta_abilities.is_empty() {
            crate::actions::meta_telekinesis::options(st, c, |k, cost| {
                push_act(out, c, k, cost, ene)
            });
        }
        if only.is_none_or(|o| matches!(o, ActKind::Ability { .. })) {
            crate::actions::abilities::options(st, c, |k, cost| push_act(out, c, k, cost, ene));
        }
    }
    physical::drop_options(st, c, |k| {
        let cost = base_cost(st, c, &k);
        push_act(out, c, k, cost, ene)
    });
    // Animal: «No puede … realizar acciones netamente humanas» — no Comerciar, Saquear, Coger,
    // Registrar nor Usar.
    let human = !st.info(c).effects.contains(&Effect::Animal);
    if human && only.is_none_or(|o| matches!(o, ActKind::Trade { .. })) {
        equipment::trade_options(st, c, |k| push_act(out, c, k, equipment::TRADE_COST, ene));
    }
    if human && only.is_none_or(|o| matches!(o, ActKind::Loot { .. })) {
        equipment::loot_options(st, c, |k| push_act(out, c, k, equipment::LOOT_COST, ene));
    }
    equipment::eliminate_options(st, c, |k| {
        push_act(out, c, k, equipment::ELIMINATE_COST, ene)
    });
    if human && !st.ground.is_empty() {
        let cost = crate::actions::items::PICK_UP_COST;
        crate::actions::items::pick_up_options(st, c, |k| push_act(out, c, k, cost, ene));
    }
    if human && !st.statics().elements.is_empty() {
        let cost = crate::actions::items::SEARCH_COST;
        crate::actions::items::search_options(st, c, |k| push_act(out, c, k, cost, ene));
        let cost = crate::actions::doors::DOOR_COST;
        crate::actions::doors::options(st, c, |k| push_act(out, c, k, cost, ene));
    }
    if !engaged {
        crate::actions::combat::draw_options_free(st, c, |k| {
            push_act(out, c, k, crate::actions::combat::DRAW_COST, ene)
        });
    }
    if human && !st.info(c).def.objects.is_empty() {
        crate::actions::items::use_options(st, c, |k, cost| push_act(out, c, k, cost, ene));
    }
    if st.statics().share_g {
        crate::actions::trait_marks::options(st, c, |k, cost| push_act(out, c, k, cost, ene));
    }
    for w in 0..st.weapon_slots(c) {
        let mag = st.weapon_magazine(c, w);
        if mag > 0 && st.weapon_ammo(c, w) < mag && st.weapon_usable(c, w) {
            let k = ActKind::Reload { weapon: w };
            push_act(out, c, k, base_cost(st, c, &k), ene);
        }
    }
}

/// Escalar, 180°, Nadar, Salto de longitud and Mover cargado (ACCIONES DE MOVIMIENTO) of `c`
/// with `ene` to spend, those of the kinds `wants` admits.
fn special_moves(
    st: &State,
    c: CharIdx,
    ene: i8,
    wants: &dyn Fn(&ActKind) -> bool,
    out: &mut Vec<Action>,
) {
    let p = st.ch(c).pos;
    if wants(&ActKind::Climb(p)) {
        climb_options(st, c, |k, cost| push_act(out, c, k, cost, ene));
    }
    if ene >= special::TURN180_COST && wants(&ActKind::Turn180(p)) {
        special::turn180_options(st, c, |k, cost| push_act(out, c, k, cost, ene));
    }
    if wants(&ActKind::Swim(p)) {
        special::swim_options(st, c, |k, cost| push_act(out, c, k, cost, ene));
    }
    if wants(&ActKind::Jump(p)) {
        special::jump_options(st, c, |k, cost| push_act(out, c, k, cost, ene));
    }
    // Súper salto: one byte read for everyone else.
    if st.info(c).leap > 0 && wants(&ActKind::SuperJump(p)) {
        crate::actions::movement::super_jump::options(st, c, |k, cost| {
            push_act(out, c, k, cost, ene)
        });
    }
    let joint = ActKind::CarryJoint {
        body: c,
        to: p,
        helpers: [c; 2],
    };
    if wants(&ActKind::Carry { body: c, to: p }) || wants(&joint) {
        special::carry_options(st, c, |k, cost| push_act(out, c, k, cost, ene));
    }
    let vertical = ActKind::Vertical {
        how: crate::basics::action::Vertical::Fall,
        to: p,
    };
    if wants(&vertical) {
        crate::actions::movement::vertical::options(st, c, |k, cost| {
            push_act(out, c, k, cost, ene)
        });
    }
}

/// Builds a movement action from its destination.
type MakeMove = fn(crate::basics::geom::Pos) -> ActKind;

fn no_run(st: &State, c: CharIdx) -> bool {
    st.info(c).has_effect(|e| matches!(e, Effect::NoRun))
}

fn no_sprint(st: &State, c: CharIdx) -> bool {
    st.info(c).has_effect(|e| matches!(e, Effect::NoSprint))
}

/// Escalar: over an adjacent high obstacle to the free square straight beyond it.
pub fn climb_options(st: &State, c: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let p = st.ch(c).pos;
    let b = st.board();
    let side = st.side_of(c);
    for dir in Facing::ALL {
        let Some(over) = b.step(p, dir) else { continue };
        if b.terrain(over) != crate::basics::board::Terrain::HighObstacle {
            continue;
        }
        let Some(to) = b.straight_line_beyond(p, over) else {
            continue;
        };
        if !b.contains_pos(to)
            || !b.passable(to)
            || b.terrain_height(to) != b.terrain_height(p)
            || crate::actions::combat::occupied(st, to)
        {
            continue;
        }
        let near_enemy = st.indices().any(|j| {
            st.side_of(j) != side
                && st.able(j)
                && st.ch(j).alt == crate::state::ALT_GROUND
                && st.ch(j).pos.adjacent(to)
        });
        if near_enemy {
            continue;
        }
        let sur = b.terrain(to).surcharge().unwrap_or(0) as i8;
        f(ActKind::Climb(to), 3 + sur + trait_move_ene(st, c));
    }
}

/// The reactions of `r` (answering `actor`; `early`: before the declared action resolves):
/// holding, Pivotar (1), every action of its acting list within the limits of
/// [`reaction_options`](super::reaction_options) (REACCIONES), and
/// in an early window Esquivar, Contracarga and Contramagia where they answer the declared
/// action.
fn reaction_actions(st: &State, r: CharIdx, actor: CharIdx, early: bool, out: &mut Vec<Action>) {
    out.push(Action::Hold(r));
    let ch = *st.ch(r);
    // «hasta llegar a ENE-10»: an action of cost X is possible while ENE − X ≥ −10.
    let budget = ch.ene - ENE_MIN;
    // «Pivotar (3/1) Transporte 3 o Pj reaccionando 1: gira sobre su base».
    let turns = Facing::ALL
        .into_iter()
        .filter(|&f| f != ch.facing && budget >= 1);
    out.extend(turns.map(|f| Action::Reaction {
        who: r,
        kind: ActKind::Pivot(f),
    }));
    let mut acting = Vec::new();
    actor_actions_all(st, r, budget, false, None, &mut acting);
    out.extend(acting.into_iter().filter_map(|a| match a {
        Action::Act {
            kind,
            chain: false,
            face: None,
            ..
        } if excluded(&kind).is_none() && in_arc(st, r, &kind) => {
            Some(Action::Reaction { who: r, kind })
        }
        _ => None,
    }));
    if !early {
        return;
    }
    let mut push = |k: ActKind, cost: i8| {
        if cost <= budget {
            out.push(Action::Reaction { who: r, kind: k });
        }
    };
    if let Some(Action::Act { kind, .. }) = st.activation().declared {
        if kind.enemy_target() == Some(r) {
            if kind.is_melee() {
                push(ActKind::Dodge, 3);
            }
            if matches!(kind, ActKind::Charge { .. }) {
                push(ActKind::Countercharge, 3);
            }
        }
        // Contramagia: a neuromante within its INT K of the acting neuromante.
        if crate::actions::mind::may_counter(st, r, actor, &kind) {
            push(ActKind::CounterMagic, crate::actions::mind::MIND_ENE);
        }
    }
}
