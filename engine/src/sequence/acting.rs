//! ACCIONES (ACCIONES DE MOVIMIENTO, COMBATE, ACCIONES GENÉRICAS, METAHABILIDADES): the actions
//! a character may take acting, with a given ENE to spend — the source of the acting decision's
//! list, of a possessed or ordered character's, and of a reactor's (REACCIONES: «Reaccionar.-
//! Acción de un Pj fuera de su actuación», `reaction_options`). Each family's options come from
//! its `actions/` module; this one puts them together in a deterministic order.

use crate::actions::movement::special;
use crate::actions::movement::{destinations, trait_move_ene, Flight, MoveKind};
use crate::actions::{equipment, physical};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::geom::Facing;
use crate::creation::effect::{Effect, WalkLike};
use crate::state::*;

use super::cost::{base_cost, move_cost, push_act_if, push_wanted, same_kind, Only};
use super::legal_attacks::{melee_options, ranged_options};

/// The able enemies of `who`.
pub(super) fn enemies(st: &State, who: CharIdx) -> impl Iterator<Item = CharIdx> + '_ {
    let side = st.side_of(who);
    st.indices()
        .filter(move |&j| st.side_of(j) != side && st.able(j))
}

/// Whether the movement part makes actions of this kind (and no other part does): every
/// movement action (ACCIONES DE MOVIMIENTO) but Cargar, Embestir and Huir, which other parts
/// of the list make.
pub(super) fn is_movement(k: &ActKind) -> bool {
    k.is_movement()
        && !matches!(
            k,
            ActKind::Charge { .. } | ActKind::Flee(_) | ActKind::Ram { .. }
        )
}

/// Who a list of [`actor_actions_all`] is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Asker {
    /// The acting character (or an ally acting on Órdenes).
    Acting,
    /// A possessed character acting for its possessor (Poseer): no ending, Esperar or mental
    /// actions; panic does not constrain it.
    Puppet,
    /// A reactor (`reaction_options`): the list is the acting one, but no option on an enemy out
    /// of its facing arc is made — every one would be dropped there («puede elegir objetivos
    /// en su CdV», `reaction_options::in_arc`).
    Reacting,
}

/// The actions of `c` with `ene` to spend, for `asker`; `only`: see [`Only`].
/// Also the source of a reactor's options (`reaction_options`), with its ENE down to −10.
pub(super) fn actor_actions_all(
    st: &State,
    c: CharIdx,
    ene: i8,
    asker: Asker,
    only: Only,
    out: &mut Vec<Action>,
) {
    let puppet = asker == Asker::Puppet;
    // Without transports: one check (PERFORMANCE.md, "Heights and transports").
    if st.num_transports() == 0 {
        return actor_actions_on_foot(st, c, ene, asker, only, out);
    }
    if st.aboard(c).is_some() {
        return super::aboard::aboard_actions(st, c, ene, only, out);
    }
    actor_actions_on_foot(st, c, ene, asker, only, out);
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
    // A trait's action on an enemy (Sed de energía, La mano de la muerte, Marcador de objetivos)
    // reaches no passenger either.
    let side = st.side_of(c);
    out.retain(|a| match a {
        Action::Act { kind, .. } => {
            kind.enemy_target().is_none_or(|t| st.aboard(t).is_none())
                && kind
                    .counterpart()
                    .is_none_or(|t| st.side_of(t) == side || st.aboard(t).is_none())
        }
        _ => true,
    });
}

/// [`actor_actions_all`] of a character on its feet (not aboard a transport).
fn actor_actions_on_foot(
    st: &State,
    c: CharIdx,
    ene: i8,
    asker: Asker,
    only: Only,
    out: &mut Vec<Action>,
) {
    let puppet = asker == Asker::Puppet;
    // A reactor takes one action, never chained (REACCIONES, `reaction_options`): its chained
    // variants would all be dropped there, so no list below makes them (PERFORMANCE.md,
    // "Fourteenth session" for the movement lists, "Fifteenth session" for the rest). Every
    // `push_act` of this function is this one.
    let chains = asker != Asker::Reacting;
    let push_act = move |out: &mut Vec<Action>, c: CharIdx, k: ActKind, cost: i8, ene: i8| {
        push_act_if(out, c, k, cost, ene, chains)
    };
    let wants = |k: &ActKind| only.is_none_or(|o| same_kind(&o, k));
    let moving = only.is_none_or(|o| is_movement(&o));
    let ch = *st.ch(c);
    super::cost::push_ends(st, c, out);
    let mut pool = crate::actions::movement::ReachBuf::take();
    let reach = &mut pool.0;
    // Whether another base (able or not: a body counts) stands within 1 K — contact
    // (trabado), Comerciar, Saquear, Eliminar and Mover cargado all need one, and most lists
    // have none: one pass over the squares instead of one per option maker (PERFORMANCE.md,
    // "Fifteenth session").
    let near = st
        .chars
        .iter()
        .enumerate()
        .any(|(j, o)| j != c as usize && o.pos.dist(ch.pos) <= 1);
    let engaged = near && st.engaged(c);
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
            let flight = Flight::of(st, c);
            for r in reach.iter() {
                if flight.ok(r.pos) {
                    let k = ActKind::Disengage(r.pos);
                    push_act(out, c, k, move_cost(st, c, 2, r), ene);
                }
            }
        } else if ch.stance != Stance::Prone && !no_run(st, c) {
            destinations(st, c, MoveKind::Run, reach);
            let flight = Flight::of(st, c);
            for r in reach.iter() {
                if flight.ok(r.pos) {
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
            // Each kind's constructor called directly (inlined), not through the table's
            // function pointer once per destination (PERFORMANCE.md, "Thirteenth session").
            let p = Pushed { base, ene, chains };
            let out = &mut *out;
            match mk {
                MoveKind::Move => push_moves(st, c, p, mk, reach, out, ActKind::Move),
                MoveKind::Run => push_moves(st, c, p, mk, reach, out, ActKind::Run),
                MoveKind::Sprint => push_moves(st, c, p, mk, reach, out, ActKind::Sprint),
                _ => push_moves(st, c, p, mk, reach, out, ActKind::Sneak),
            }
        }
        // Escalar, 180°, Nadar, Salto and Mover cargado are made on foot, at altitude 1.
        if on_foot {
            special_moves(st, c, ene, (chains, near), &wants, out);
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
        let mut targets: smallvec::SmallVec<[CharIdx; 12]> = enemies(st, c).collect();
        // Locura asesina: «ataque a distancia a la mini más cercana» — any mini, an ally too
        // (RULES.md, audit 24): the ally it is seized against is a target of its shots.
        let mad = ch.run.mad;
        if mad != 0 && asker == Asker::Acting && st.side_of(mad - 1) == st.side_of(c) {
            targets.push(mad - 1);
        }
        let mut charge_steps: Option<u8> = None;
        for &t in &targets {
            // Every action made here targets `t`: checking one declared action (`only`), the
            // other enemies (and, for an action on no enemy, all of them) can be skipped.
            if only.is_some_and(|o| o.enemy_target() != Some(t)) {
                continue;
            }
            let tp = st.ch(t).pos;
            // A reactor's options on `t` all name it: out of its facing arc, none would be kept.
            if asker == Asker::Reacting && !ch.facing.in_front(ch.pos, tp) {
                continue;
            }
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
                // The mad one's ally: its shots only (a charge would engage friends).
                if st.side_of(t) == st.side_of(c) {
                    continue;
                }
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
                    // The same reach whatever the target: worked out once per list.
                    let steps = *charge_steps.get_or_insert_with(|| {
                        crate::actions::movement::max_steps(st, c, MoveKind::Charge(t))
                    });
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
            push_act(
                out,
                c,
                ActKind::Heal {
                    target: j,
                    item: None,
                },
                3,
                ene,
            );
        }
    }
    // Curar / Reparar on a worn weapon, protection or transport (`actions::repair`).
    crate::actions::repair::repair_options(st, c, |k| {
        push_act(out, c, k, crate::actions::repair::REPAIR_COST, ene)
    });
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
    // An ally in contact, or a body within 1 K: none without a base `near`.
    if near && human && only.is_none_or(|o| matches!(o, ActKind::Trade { .. })) {
        equipment::trade_options(st, c, |k| push_act(out, c, k, equipment::TRADE_COST, ene));
    }
    if near && human && only.is_none_or(|o| matches!(o, ActKind::Loot { .. })) {
        equipment::loot_options(st, c, |k| push_act(out, c, k, equipment::LOOT_COST, ene));
    }
    if near {
        equipment::eliminate_options(st, c, |k| {
            push_act(out, c, k, equipment::ELIMINATE_COST, ene)
        });
    }
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
/// with `ene` to spend, those of the kinds `wants` admits; their chained variants only when
/// `chains` (not for a reactor); Mover cargado only when `near` (a body within 1 K).
fn special_moves(
    st: &State,
    c: CharIdx,
    ene: i8,
    (chains, near): (bool, bool),
    wants: &dyn Fn(&ActKind) -> bool,
    out: &mut Vec<Action>,
) {
    let push_act = move |out: &mut Vec<Action>, c: CharIdx, k: ActKind, cost: i8, ene: i8| {
        push_act_if(out, c, k, cost, ene, chains)
    };
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
    if near && (wants(&ActKind::Carry { body: c, to: p }) || wants(&joint)) {
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

/// Actions a row of walk destinations makes at most: 64 squares, each with its chained twin
/// (a power of two: [`push_moves`] masks its index with it).
const ROW_ACTIONS: usize = 128;

/// Builds a movement action from its destination.
type MakeMove = fn(crate::basics::geom::Pos) -> ActKind;

/// How [`push_moves`] prices and pushes: the kind's base ENE, the ENE to spend, and whether
/// the chained variants are made (not for a reactor).
#[derive(Clone, Copy)]
struct Pushed {
    base: i8,
    ene: i8,
    chains: bool,
}

/// Pushes the movement action `make` builds for each destination of `kind` (with
/// [`push_act_if`], or only its unchained variant when `p.chains` is false): straight off the
/// movement memo's table where it can
/// ([`each_walk_destination`](crate::actions::movement::each_walk_destination)), else through the list
/// [`destinations`] writes into `reach`.
#[inline(always)]
fn push_moves(
    st: &State,
    c: CharIdx,
    p: Pushed,
    kind: MoveKind,
    reach: &mut Vec<crate::basics::board::Reach>,
    out: &mut Vec<Action>,
    make: impl Fn(crate::basics::geom::Pos) -> ActKind,
) {
    // The kind's base and the traits' surcharge (Lento) once, the terrain's per destination:
    // `move_cost`'s sum.
    let base = p.base + trait_move_ene(st, c);
    // How many actions a destination of surcharge `s` makes: none when its ENE cannot be
    // paid, the unchained one, and the chained one too when chains are made and ENE is left
    // for a next action (`push_act_if`'s tests; a movement kind is never Esperar).
    let count = |s: u8| -> u8 {
        let cost = base + s as i8;
        if p.ene < cost {
            0
        } else if p.chains && p.ene - cost >= 1 {
            2
        } else {
            1
        }
    };
    // The counts of the surcharges a table holds (0, 1, 2; and 3 for safety) found once per
    // list, not per destination (PERFORMANCE.md, "Eighteenth session").
    let counts = [count(0), count(1), count(2), count(3)];
    let push = |out: &mut Vec<Action>, r: crate::basics::board::Reach| {
        let n = match counts.get(r.surcharge as usize) {
            Some(&n) => n,
            None => count(r.surcharge),
        };
        #[cfg(debug_assertions)]
        {
            let cost = base + r.surcharge as i8;
            let mut slow = Vec::new();
            if p.chains {
                push_act_if(&mut slow, c, make(r.pos), cost, p.ene, true);
            } else if p.ene >= cost {
                slow.push(Action::Act {
                    who: c,
                    kind: make(r.pos),
                    chain: false,
                    face: None,
                });
            }
            debug_assert_eq!(slow.len(), n as usize, "movement actions per destination");
        }
        if n == 0 {
            return;
        }
        let kind = make(r.pos);
        out.push(Action::Act {
            who: c,
            kind,
            chain: false,
            face: None,
        });
        if n == 2 {
            out.push(Action::Act {
                who: c,
                kind,
                chain: true,
                face: None,
            });
        }
    };
    // Off the table a row at a time: the destinations whose surcharge makes one action and
    // those that make two, as masks (`counts` per surcharge), pushed in the row's order.
    let sel = |n: u8| counts.map(|k| if k == n { u64::MAX } else { 0 });
    let (one, two) = (sel(1), sel(2));
    let push_row = |out: &mut Vec<Action>, y: usize, by: [u64; 3]| {
        let twice = (by[0] & two[0]) | (by[1] & two[1]) | (by[2] & two[2]);
        let mut bits = twice | (by[0] & one[0]) | (by[1] & one[1]) | (by[2] & one[2]);
        #[cfg(debug_assertions)]
        for (s, &row) in by.iter().enumerate() {
            let mut b = row;
            while b != 0 {
                let x = b.trailing_zeros();
                b &= b - 1;
                let n = (bits >> x & 1) as u8 + (twice >> x & 1) as u8;
                let r = crate::basics::board::Reach {
                    pos: crate::basics::geom::Pos::new(x as u8, y as u8),
                    steps: 0,
                    surcharge: s as u8,
                };
                // The per-destination count, checked against `push_act_if` there.
                let mut one_out = Vec::new();
                push(&mut one_out, r);
                debug_assert_eq!(one_out.len(), n as usize, "actions per destination");
            }
        }
        // The row's actions written straight into the list's spare room, made once per row
        // for the most a row can make (64 squares, each with its chained twin): no capacity
        // test and length store per action, nothing the writes could alias reloaded
        // (PERFORMANCE.md, "Twenty-second session"). Each destination's chained twin is
        // written after it and kept (the count moved past it) only where `twice` says so.
        out.reserve(ROW_ACTIONS);
        let len = out.len();
        let room: &mut [std::mem::MaybeUninit<Action>; ROW_ACTIONS] = (&mut out
            .spare_capacity_mut()[..ROW_ACTIONS])
            .try_into()
            .expect("room for a row");
        let (who, mut n) = (c, 0usize);
        while bits != 0 {
            let x = bits.trailing_zeros();
            bits &= bits - 1;
            let kind = make(crate::basics::geom::Pos::new(x as u8, y as u8));
            // At most 63 squares before this one: `n` ≤ 126 (the mask only tells the
            // compiler so).
            debug_assert!(n + 1 < ROW_ACTIONS);
            room[n & (ROW_ACTIONS - 1)].write(Action::Act {
                who,
                kind,
                chain: false,
                face: None,
            });
            room[(n + 1) & (ROW_ACTIONS - 1)].write(Action::Act {
                who,
                kind,
                chain: true,
                face: None,
            });
            n += 1 + (twice >> x & 1) as usize;
        }
        // SAFETY: the loop wrote every slot `len + i` for `i < n` (each step writes slots `n`
        // and `n + 1` of the row, then moves `n` by 1 or 2), within the capacity `reserve`
        // made; `Action` is `Copy`, so nothing needs dropping.
        unsafe { out.set_len(len + n) };
    };
    if crate::actions::movement::each_walk_destination(st, c, kind, |y, by| push_row(out, y, by)) {
        return;
    }
    destinations(st, c, kind, reach);
    out.reserve(reach.len() * (1 + p.chains as usize));
    for &r in reach.iter() {
        push(out, r);
    }
}

/// [`Effect::NoRun`], folded at setup ([`QuickFx`]): one byte read, not the effects scanned
/// (PERFORMANCE.md, "Twenty-second session").
fn no_run(st: &State, c: CharIdx) -> bool {
    let q = st.info(c).quick.no_run;
    debug_assert_eq!(q, st.info(c).has_effect(|e| matches!(e, Effect::NoRun)));
    q
}

/// [`Effect::NoSprint`], folded at setup as [`no_run`].
fn no_sprint(st: &State, c: CharIdx) -> bool {
    let q = st.info(c).quick.no_sprint;
    debug_assert_eq!(q, st.info(c).has_effect(|e| matches!(e, Effect::NoSprint)));
    q
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
        let sur = crate::actions::movement::special::climb_surcharge(st, c, to);
        f(ActKind::Climb(to), 3 + sur + trait_move_ene(st, c));
    }
}
