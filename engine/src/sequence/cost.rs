//! What an action costs (ACCIONES: the ENE in brackets, the terrain surcharge, the traits that
//! change it) and how the option makers push an action with its chained variant.

use crate::actions::movement::{special, trait_move_ene};
use crate::actions::{equipment, physical};
use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::board::Reach;
use crate::creation::effect::WalkLike;
use crate::state::*;

/// ENE cost of an action for `who` (ACCIONES: the number in brackets; movement adds the terrain
/// surcharge, which the caller passes for movement actions).
pub fn base_cost(st: &State, who: CharIdx, kind: &ActKind) -> i8 {
    own_cost(st, who, kind).saturating_add(ene_against(st, who, kind))
}

/// Señor de la congelación («Enemigos CaC o a distancia, ENE -2 contra este personaje»): an
/// attack of an enemy on the holder costs that much more ENE — the attacks that are not
/// movements (Cargar and Embestir price their run).
fn ene_against(st: &State, who: CharIdx, kind: &ActKind) -> i8 {
    let target = match *kind {
        ActKind::Shoot { target, .. }
        | ActKind::Melee { target, .. }
        | ActKind::Unarmed { target }
        | ActKind::Push { target }
        | ActKind::Disarm { target }
        | ActKind::Knockout { target }
        | ActKind::Immobilise { target }
        | ActKind::Throw { target, .. }
        | ActKind::Club { target, .. }
        | ActKind::ShootMounted { target, .. }
        // Súper fuerza's hurled transport: Lanzar at it (audit 23).
        | ActKind::Heave { target, .. }
        // Audit 31a: a meta-ability used on it (ACCIONES, «Atacar con metahabilidades», at
        // its ALC: CaC or at range, as the other Señores reach its CH IMP), Corromper /
        // Hackear and Poseer on it, Atar it: each is an enemy's action on it that pays ENE.
        | ActKind::Meta { target, .. }
        | ActKind::Hack { target }
        | ActKind::Possess { target }
        | ActKind::Tie { target } => target,
        _ => return 0,
    };
    st.ene_against(who, target)
}

pub(super) fn own_cost(st: &State, who: CharIdx, kind: &ActKind) -> i8 {
    match *kind {
        ActKind::Move(_) | ActKind::Crouch | ActKind::Prone | ActKind::Stand => 1,
        ActKind::Pivot(_) | ActKind::Flee(_) | ActKind::Wait => 1,
        // Silencioso: «Mover sin hacer ruido cuesta ENE como mover».
        ActKind::Sneak(_) if st.walks(who, WalkLike::Sneak) => 1,
        ActKind::Run(_) | ActKind::Sneak(_) | ActKind::Charge { .. } | ActKind::Disengage(_) => 2,
        ActKind::Sprint(_) | ActKind::Climb(_) => 3,
        // Fuego automático, Fuego a ráfagas: the runs of ranged attacks (minimum 1).
        ActKind::Shoot { weapon, target, .. } => {
            (st.weapon_ene(who, weapon) + st.run_ene_mod(who, weapon, target)).max(1)
        }
        ActKind::Melee { weapon, .. }
        | ActKind::Area { weapon, .. }
        | ActKind::AreaConcentrated { weapon, .. } => st.weapon_ene(who, weapon),
        // Control remoto: «(ENE 1)».
        ActKind::Detonate { .. } => 1,
        ActKind::PetBonus(_) => 1,
        ActKind::Heave { .. } => crate::actions::heave::HEAVE_COST,
        ActKind::Swarm { target } => super::swarm::volley_cost(st, who, target),
        ActKind::Telekinesis { meta, .. } => crate::actions::meta::cost_after_mana(st, who, meta),
        ActKind::Unarmed { .. } => 1,
        ActKind::Countercharge | ActKind::Dodge | ActKind::Disarm { .. } | ActKind::Free => 3,
        ActKind::Push { .. } | ActKind::Knockout { .. } | ActKind::Immobilise { .. } => 1,
        ActKind::Surprise { .. } => 0,
        ActKind::Support { .. } | ActKind::Heal { .. } => 3,
        ActKind::Concentrate | ActKind::Guard | ActKind::Hide | ActKind::Perceive => 2,
        ActKind::Reload { weapon } => st.weapon_dmg(who, weapon).clamp(1, 10) as i8,
        ActKind::Hack { .. }
        | ActKind::HealStress { .. }
        | ActKind::CounterMagic
        | ActKind::MentalCombat { .. }
        | ActKind::Possess { .. }
        | ActKind::Mark { .. }
        | ActKind::HackObject { .. }
        | ActKind::PossessObject { .. } => crate::actions::mind::MIND_ENE,
        ActKind::Ram { .. } => physical::RAM_COST,
        ActKind::Throw { .. } => physical::THROW_COST,
        // Soltar (X): «Si es una bomba o similar. X=ENE del arma. Si no, X=0».
        ActKind::Drop { weapon } if crate::actions::combat::is_bomb(st, who, weapon) => {
            st.weapon_ene(who, weapon)
        }
        ActKind::Drop { .. } => 0,
        ActKind::Club { .. } => physical::CLUB_COST,
        ActKind::Tie { .. } => physical::TIE_COST,
        ActKind::Untie => physical::UNTIE_COST,
        ActKind::Trade { .. } => equipment::TRADE_COST,
        ActKind::Loot { .. } => equipment::LOOT_COST,
        ActKind::Eliminate { .. } => equipment::ELIMINATE_COST,
        ActKind::Turn180(_) => special::TURN180_COST,
        ActKind::Swim(_) => special::SWIM_COST,
        ActKind::Jump(_) => special::JUMP_COST,
        ActKind::Carry { .. } | ActKind::CarryJoint { .. } => special::CARRY_COST,
        ActKind::Meta { meta, .. } | ActKind::MetaArea { meta, .. } => {
            crate::actions::meta::cost_after_mana(st, who, meta)
        }
        ActKind::PickUp { .. } => crate::actions::items::PICK_UP_COST,
        ActKind::Search { .. } => crate::actions::items::SEARCH_COST,
        ActKind::Door { .. } => crate::actions::doors::DOOR_COST,
        ActKind::Use { object, .. } => crate::actions::items::use_cost(st, who, object),
        ActKind::Draw { .. } => crate::actions::combat::DRAW_COST,
        ActKind::Ability { ability, .. } => crate::actions::abilities::cost(st, who, ability),
        ActKind::Vertical { .. } => {
            crate::actions::movement::vertical::cost(st, who, kind).unwrap_or(1)
        }
        ActKind::ChangeAltitude { .. } => {
            crate::actions::movement::altitude::change_cost(st, who, kind).unwrap_or(1)
        }
        ActKind::Hover => crate::actions::movement::altitude::hover_cost(st, who),
        ActKind::Embark { .. } | ActKind::Disembark(_) => {
            crate::actions::transport::boarding::cost(st, who)
        }
        ActKind::ShootTransport { weapon, .. } => st.weapon_ene(who, weapon),
        ActKind::ShootMounted {
            transport, weapon, ..
        } => st.weapon_ene(who, crate::basics::action::mounted_slot(transport, weapon)),
        ActKind::Drive { .. } | ActKind::PivotTransport(_) | ActKind::Manoeuvre(_) => {
            crate::actions::transport::driving::cost(st, who, kind)
        }
        // Share G (`actions::trait_marks`): Cóctel de vitaminas is Usar of its object.
        ActKind::Cocktail { object, .. } => crate::actions::items::use_cost(st, who, object),
        ActKind::Challenge { .. } => crate::actions::trait_marks::CHALLENGE_COST,
        ActKind::Disappear(_) => crate::actions::trait_marks::DISAPPEAR_COST,
        ActKind::Invoke { .. } => crate::actions::trait_marks::INVOKE_COST,
        // Señuelo: a declaration, no ENE.
        ActKind::Decoy => 0,
        ActKind::SuperJump(_) => crate::actions::movement::super_jump::cost(st, who),
        ActKind::MeleeTransport { weapon, .. } => st.weapon_ene(who, weapon),
        ActKind::RamTransport { .. } => crate::actions::transport::ram::cost(st, who, kind),
    }
}

pub(super) fn move_cost(st: &State, who: CharIdx, base: i8, r: &Reach) -> i8 {
    base + r.surcharge as i8 + trait_move_ene(st, who)
}

/// A sink for the option makers of other modules: pushes each option `(kind, ENE)` of the kind
/// `only` asks for (all when `None`) with [`push_act`].
pub(super) fn push_wanted(
    out: &mut Vec<Action>,
    c: CharIdx,
    ene: i8,
    only: Only,
) -> impl FnMut(ActKind, i8) + '_ {
    move |k, cost| {
        if only.is_none_or(|o| same_kind(&o, &k)) {
            push_act(out, c, k, cost, ene)
        }
    }
}

/// Pushes an action of the actor, and its chained variant when ENE remains for another.
pub(super) fn push_act(out: &mut Vec<Action>, who: CharIdx, kind: ActKind, cost: i8, ene: i8) {
    push_act_if(out, who, kind, cost, ene, true)
}

/// [`push_act`], the chained variant only when `chains` (not for a reactor: a reaction is one
/// action, and `reaction_options` would drop every chained variant it was given).
#[inline(always)]
pub(super) fn push_act_if(
    out: &mut Vec<Action>,
    who: CharIdx,
    kind: ActKind,
    cost: i8,
    ene: i8,
    chains: bool,
) {
    if ene < cost {
        return;
    }
    out.push(Action::Act {
        who,
        kind,
        chain: false,
        face: None,
    });
    if chains && ene - cost >= 1 && !matches!(kind, ActKind::Wait) {
        out.push(Action::Act {
            who,
            kind,
            chain: true,
            face: None,
        });
    }
}

/// Which actions of an actor to list: all (`None`); or, for a kind the movement part makes
/// (see [`is_movement`]), only that kind's movement options; for any other kind, everything
/// but the movement part (its board searches, 180°, Nadar, Salto, Mover cargado) — and, of the
/// attacks on the enemies, only those on the kind's enemy target (Cargar's and Embestir's board
/// searches only for those kinds); the abilities', Comerciar's and Saquear's options only for their
/// own kinds. The list may hold other kinds too: it is for
/// `contains` (`act_is_legal`), never for choosing.
pub(super) type Only = Option<ActKind>;

pub(super) fn same_kind(a: &ActKind, b: &ActKind) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The ends of `c`'s activation, one per facing of its free turn at the end; En guardia and
/// Esconderse «No puede pivotar»: on guard or hidden, only its own facing (RULES.md,
/// REACCIONES; audit 21).
pub(super) fn push_ends(st: &State, c: CharIdx, out: &mut Vec<Action>) {
    let ch = st.ch(c);
    if ch.has(GUARD | HIDDEN) {
        out.push(Action::End {
            who: c,
            facing: ch.facing,
        });
        return;
    }
    for f in crate::basics::geom::Facing::ALL {
        out.push(Action::End { who: c, facing: f });
    }
}
