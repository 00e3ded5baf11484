//! SECUENCIA DE JUEGO, REACCIONES: the legal decisions — what the deciding side may choose now
//! (initiative, activation, the acting character's actions, a reaction window, a reactor's
//! options, Combate mental), written into a reusable buffer. The actions themselves come from
//! `acting` (ACCIONES) and, for a reactor, `reaction_options` (REACCIONES).

use super::acting::{actor_actions_all, is_movement, Asker};
use super::reaction_options::reaction_actions;
use crate::actions::movement::{destinations, with_mover, MoveKind};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::creation::effect::Effect;
use crate::state::*;

pub use super::acting::climb_options;
pub use super::cost::base_cost;
use super::cost::Only;

/// The legal decisions of the current position, in a deterministic order.
pub fn legal_actions(st: &State, out: &mut Vec<Action>) {
    out.clear();
    match st.pending() {
        Pending::GameOver => {}
        Pending::Initiative { side } => {
            let mut seen: smallvec::SmallVec<[i16; 8]> = smallvec::SmallVec::new();
            for i in st.indices() {
                if st.side_of(i) == side && rolls_initiative(st, i) {
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
    // Both altitude filters drop nothing on a flat board with everyone at altitude 1: one
    // test for the two (PERFORMANCE.md, "Twenty-second session").
    if st.has_altitudes() {
        crate::actions::movement::altitude::filter(st, out);
        super::reaction_options::high_arc_filter(st, out);
    }
    if st.statics().any_phase {
        crate::actions::incorporeal::filter(st, out);
    }
}

/// SECUENCIA DE JUEGO, Turnos e iniciativa: «1D10 + VOL de uno de sus Pj **vivos sobre el
/// escenario**» — alive (not dead: an incapacitated, unconscious or knocked-out character still
/// lives) and on the table (not an Eliminar'd body, not an Avatar not yet invoked); not only
/// the able ones (RULES.md, "Turnos e iniciativa"; audit 21).
pub fn rolls_initiative(st: &State, i: CharIdx) -> bool {
    !st.dead(i) && !st.ch(i).has(REMOVED | OFF_TABLE)
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
    // The record's own bits first (most characters asked have acted already), the ability
    // and the VOL after (PERFORMANCE.md, "Twenty-second session").
    !c.has(ACTED)
        && (!c.has(WAITING) || st.phase() <= c.waited)
        && st.able(i)
        && st.vol(i) >= st.phase()
}

fn flee_options(st: &State, actor: CharIdx, out: &mut Vec<Action>) {
    if !st.flee_possible(actor) {
        return;
    }
    let Some(Action::Act { kind, .. }) = st.activation().declared else {
        return;
    };
    let Some(t) = kind.enemy_target() else { return };
    let mut v = Vec::new();
    destinations(st, t, MoveKind::Flee, &mut v);
    // PSICOLOGÍA: «Un Pj en pánico siempre huye. Huir.- Un Pj huyendo sólo puede correr
    // alejándose del enemigo, hacia sus aliados, una cobertura o su zona de despliegue» — the
    // Huir of a panicked target keeps to its flight's squares, as its Correr does; Huir's «en
    // cualquier dirección» is the reach of a calm one (RULES.md, PSICOLOGÍA, audit 25a).
    if st.ch(t).has(PANIC) {
        let flight = crate::actions::movement::Flight::of(st, t);
        v.retain(|r| flight.ok(r.pos));
    }
    for r in v {
        out.push(Action::Reaction {
            who: t,
            kind: ActKind::Flee(r.pos),
        });
    }
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
        actor_actions_all(st, c, st.ch(c).ene, Asker::Acting, None, out)
    });
    // Incorpóreo: before the forced choices, which must see only what it may really do.
    if st.statics().any_phase {
        crate::actions::incorporeal::filter(st, out);
    }
    // A forced choice (Ansia de sangre, Locura asesina, Desafiante) looks only at the charges,
    // strikes and shots the altitudes allow (Relación entre alturas): a charge at a flyer out
    // of reach is no charge it «can» make, so it must not leave the actor with nothing legal.
    let mad = st.ch(c).run.mad;
    let must_charge = st.must_charge(c);
    let challenged = !st.trait_marks.per.is_empty() && st.marked(c, crate::state::CHALLENGED);
    if (mad != 0 || must_charge || challenged) && st.has_altitudes() {
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
                actor_actions_all(st, actor, ene, Asker::Acting, only, &mut out)
            });
        } else {
            actor_actions_all(st, actor, ene, Asker::Acting, only, &mut out);
        }
    } else {
        puppet_actions(st, actor, only, &mut out);
    }
    if st.has_altitudes() {
        crate::actions::movement::altitude::filter(st, &mut out);
        super::reaction_options::high_arc_filter(st, &mut out);
    }
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
    // Every acting list looks for a puppet, and there is none in most positions: the records
    // read in one pass, no index checked per character (PERFORMANCE.md, "Twenty-second
    // session").
    for (j, jc) in st.chars.iter().enumerate() {
        let j = j as CharIdx;
        // A raised corpse (Magia: resucitar) acts in its own activations, not as a puppet.
        if j == c || !jc.has(POSSESSED) || jc.possessor != c || !st.able(j) || st.raised(j) {
            continue;
        }
        let mut buf = Vec::new();
        actor_actions_all(st, j, st.ch(c).ene, Asker::Puppet, only, &mut buf);
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
        actor_actions_all(st, ally, st.ch(ally).ene, Asker::Acting, only, &mut buf)
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
