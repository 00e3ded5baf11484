//! The groups of ACCIONES an [`ActKind`] belongs to (ACCIONES DE MOVIMIENTO, ACCIONES DE
//! COMBATE, cuerpo a cuerpo), the enemy it is declared against, the square a movement ends on,
//! and its verb in notation.

use super::{ActKind, CharIdx, Vertical};
use crate::basics::geom::Pos;

impl ActKind {
    /// Movement actions (ACCIONES DE MOVIMIENTO): terrain surcharge, the Correr bonus, MOV.
    pub fn is_movement(&self) -> bool {
        self.is_plain_move()
            || matches!(
                self,
                ActKind::Charge { .. }
                    | ActKind::Ram { .. }
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

    /// The movements on foot that end on a square and name nobody else (no target, no body,
    /// no transport, no aimed point): Mover, Correr, Esprintar, Mover sin hacer ruido, Escalar,
    /// Destrabarse, Huir, 180°, Nadar, Salto. Most of a legal list; one test of the variant,
    /// inlined, for the loops that look at every action (a reactor's limits, the rollout's
    /// sample of destinations).
    #[inline]
    pub fn is_plain_move(&self) -> bool {
        matches!(
            self,
            ActKind::Move(_)
                | ActKind::Run(_)
                | ActKind::Sprint(_)
                | ActKind::Sneak(_)
                | ActKind::Climb(_)
                | ActKind::Disengage(_)
                | ActKind::Flee(_)
                | ActKind::Turn180(_)
                | ActKind::Swim(_)
                | ActKind::Jump(_)
        )
    }

    /// Attacks (any action that can wound or affect an enemy in combat).
    pub fn is_attack(&self) -> bool {
        matches!(
            self,
            ActKind::Shoot { .. }
                | ActKind::Area { .. }
                | ActKind::AreaConcentrated { .. }
                | ActKind::MetaArea { .. }
                | ActKind::Melee { .. }
                | ActKind::Unarmed { .. }
                | ActKind::Push { .. }
                | ActKind::Disarm { .. }
                | ActKind::Knockout { .. }
                | ActKind::Immobilise { .. }
                | ActKind::Surprise { .. }
                | ActKind::Draw { .. }
                | ActKind::Hack { .. }
                | ActKind::Possess { .. }
                | ActKind::Ram { .. }
                | ActKind::Throw { .. }
                | ActKind::Club { .. }
                | ActKind::Tie { .. }
                | ActKind::ShootTransport { .. }
                | ActKind::HackObject { .. }
                | ActKind::PossessObject { .. }
                | ActKind::MeleeTransport { .. }
                | ActKind::RamTransport { .. }
                | ActKind::Swarm { .. }
                | ActKind::Heave { .. }
                | ActKind::ShootMounted { .. }
        )
    }

    /// Melee combat actions (ACCIONES DE COMBATE against an engaged enemy).
    pub fn is_melee(&self) -> bool {
        matches!(
            self,
            ActKind::Melee { .. }
                | ActKind::Unarmed { .. }
                | ActKind::Push { .. }
                | ActKind::Disarm { .. }
                | ActKind::Knockout { .. }
                | ActKind::Immobilise { .. }
                | ActKind::Club { .. }
        )
    }

    /// The enemy this action is declared against, if any.
    pub fn enemy_target(&self) -> Option<CharIdx> {
        match *self {
            ActKind::Shoot { target, .. }
            | ActKind::Melee { target, .. }
            | ActKind::Unarmed { target }
            | ActKind::Charge { target, .. }
            | ActKind::Push { target }
            | ActKind::Disarm { target }
            | ActKind::Knockout { target }
            | ActKind::Immobilise { target }
            | ActKind::Surprise { target }
            | ActKind::Hack { target }
            | ActKind::Possess { target }
            | ActKind::Ram { target, .. }
            | ActKind::Throw { target, .. }
            | ActKind::Club { target, .. }
            | ActKind::Tie { target }
            | ActKind::Draw { target }
            | ActKind::RamTransport { target, .. }
            | ActKind::Swarm { target }
            | ActKind::Heave { target, .. }
            | ActKind::ShootMounted { target, .. }
            // Possibly not an enemy (a boon on an ally): callers compare sides.
            | ActKind::Meta { target, .. } => Some(target),
            _ => None,
        }
    }

    /// The other character an action is made on, if any (the enemy target, the ally helped or
    /// healed, the body taken or carried, the ally traded with): what Relación entre alturas
    /// filters and what a reactor must have in its facing arc.
    pub fn counterpart(&self) -> Option<CharIdx> {
        match *self {
            ActKind::Support { ally } => Some(ally),
            ActKind::Heal { target, .. }
            | ActKind::HealStress { target }
            | ActKind::Mark { target }
            | ActKind::MentalCombat { target } => Some(target),
            // A trait's action on another character (Sed de energía, Órdenes, Marcador de
            // objetivos, La mano de la muerte, Necrófago's corpse); its user's own ones name
            // the user, which every caller skips.
            ActKind::Ability { target, .. } => Some(target),
            // Usar an object on someone (a Botiquín within its ALC), Desafiar an enemy.
            ActKind::Use { target, .. } | ActKind::Challenge { target } => Some(target),
            ActKind::Trade { with, .. } => Some(with),
            ActKind::Loot { body, .. }
            | ActKind::Eliminate { body }
            | ActKind::Carry { body, .. }
            | ActKind::CarryJoint { body, .. } => Some(body),
            // `enemy_target` names none of the kinds above.
            _ => self.enemy_target(),
        }
    }

    /// The square a movement ends on.
    pub fn destination(&self) -> Option<Pos> {
        match *self {
            ActKind::Move(p)
            | ActKind::Run(p)
            | ActKind::Sprint(p)
            | ActKind::Sneak(p)
            | ActKind::Climb(p)
            | ActKind::Disengage(p)
            | ActKind::Flee(p)
            | ActKind::Turn180(p)
            | ActKind::Swim(p)
            | ActKind::Jump(p)
            | ActKind::Disembark(p)
            | ActKind::Manoeuvre(p)
            | ActKind::SuperJump(p) => Some(p),
            ActKind::Charge { to, .. }
            | ActKind::Ram { to, .. }
            | ActKind::Carry { to, .. }
            | ActKind::Vertical { to, .. }
            | ActKind::ChangeAltitude { to, .. }
            | ActKind::Drive { to, .. }
            | ActKind::RamTransport { to, .. }
            | ActKind::CarryJoint { to, .. } => Some(to),
            _ => None,
        }
    }

    /// The verb of the notation.
    pub fn verb(&self) -> &'static str {
        match self {
            ActKind::Move(_) => "move",
            ActKind::Run(_) => "run",
            ActKind::Sprint(_) => "sprint",
            ActKind::Sneak(_) => "sneak",
            ActKind::Climb(_) => "climb",
            ActKind::Turn180(_) => "turn180",
            ActKind::Swim(_) => "swim",
            ActKind::Jump(_) => "jump",
            ActKind::Carry { .. } => "carry",
            ActKind::Vertical { how, .. } => match how {
                Vertical::Scale => "scale",
                Vertical::LeapUp => "leap-up",
                Vertical::Fall => "fall",
            },
            ActKind::ChangeAltitude { .. } => "altitude",
            ActKind::Embark { .. } => "embark",
            ActKind::Disembark(_) => "disembark",
            ActKind::Drive { run: false, .. } => "drive",
            ActKind::Drive { run: true, .. } => "drive-run",
            ActKind::PivotTransport(_) => "pivot-transport",
            ActKind::Manoeuvre(_) => "manoeuvre",
            ActKind::ShootTransport { .. } => "shoot-transport",
            ActKind::SuperJump(_) => "super-jump",
            ActKind::MeleeTransport { .. } => "melee-transport",
            ActKind::RamTransport { .. } => "ram-transport",
            ActKind::Crouch => "crouch",
            ActKind::Prone => "prone",
            ActKind::Stand => "stand",
            ActKind::Pivot(_) => "pivot",
            ActKind::Shoot { mode, .. } => mode.verb(),
            ActKind::Melee { .. } => "melee",
            ActKind::Unarmed { .. } => "unarmed",
            ActKind::Charge { .. } => "charge",
            ActKind::Countercharge => "countercharge",
            ActKind::Disengage(_) => "disengage",
            ActKind::Dodge => "dodge",
            ActKind::Push { .. } => "push",
            ActKind::Disarm { .. } => "disarm",
            ActKind::Knockout { .. } => "knockout",
            ActKind::Immobilise { .. } => "immobilise",
            ActKind::Free => "free",
            ActKind::Flee(_) => "flee",
            ActKind::Surprise { .. } => "surprise",
            ActKind::Support { .. } => "support",
            ActKind::Concentrate => "concentrate",
            ActKind::Heal { .. } => "heal",
            ActKind::Guard => "guard",
            ActKind::Hide => "hide",
            ActKind::Wait => "wait",
            ActKind::Perceive => "perceive",
            ActKind::Reload { .. } => "reload",
            ActKind::Hack { .. } => "hack",
            ActKind::HealStress { .. } => "heal-stress",
            ActKind::CounterMagic => "counter-magic",
            ActKind::MentalCombat { .. } => "mental-combat",
            ActKind::Possess { .. } => "possess",
            ActKind::Mark { .. } => "mark",
            ActKind::Ram { .. } => "ram",
            ActKind::Throw { .. } => "throw",
            ActKind::Drop { .. } => "drop",
            ActKind::Club { .. } => "club",
            ActKind::Ability { ability, .. } => ability.verb(),
            ActKind::Tie { .. } => "tie",
            ActKind::Untie => "untie",
            ActKind::Trade { .. } => "trade",
            ActKind::Loot { .. } => "loot",
            ActKind::Eliminate { .. } => "eliminate",
            ActKind::Meta { .. } | ActKind::MetaArea { .. } => "meta",
            ActKind::Area { .. } => "area",
            ActKind::PickUp { .. } => "pickup",
            ActKind::Search { .. } => "search",
            ActKind::Use { .. } => "use",
            ActKind::Draw { .. } => "draw",
            ActKind::AreaConcentrated { .. } => "arc",
            ActKind::Detonate { .. } => "detonate",
            ActKind::HackObject { .. } => "hack",
            ActKind::PossessObject { .. } => "possess",
            ActKind::Cocktail { .. } => "cocktail",
            ActKind::Challenge { .. } => "challenge",
            ActKind::Disappear(_) => "disappear",
            ActKind::Invoke { .. } => "invoke",
            ActKind::Decoy => "decoy",
            ActKind::PetBonus(_) => "pet",
            ActKind::Telekinesis { .. } => "telekinesis",
            ActKind::Swarm { .. } => "swarm",
            ActKind::Heave { .. } => "heave",
            ActKind::ShootMounted { mode, .. } => mode.verb(),
            ActKind::Door { .. } => "door",
            ActKind::CarryJoint { .. } => "carry",
            ActKind::Hover => "hover",
        }
    }
}
