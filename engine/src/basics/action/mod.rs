//! Actions (ACCIONES) as values, and their one-line notation.
//!
//! Every decision of the game is an [`Action`]: choosing the character whose VOL is rolled for
//! initiative, activating a character, each action of an activation, attempting a reaction, the
//! reaction itself, passing. The notation is documented in POSITIONS.md; `parse` then `print` is
//! the identity on canonical text, and `print` then `parse` is the identity on values.

use crate::basics::geom::{Facing, Pos};
use std::fmt;

mod key;
mod mounted;
pub use mounted::{mounted_of, mounted_slot, WeaponLabel, MOUNTED_SLOT};
mod notation;
mod objects;
pub use notation::{Notation, Roster};
mod parse;
pub use parse::{parse, spanish_verb, ParseContext, ParseError};
#[cfg(test)]
mod tests;

/// Index of a character in the position (0-based, side A first).
pub type CharIdx = u8;

/// How a ranged attack is made (ACCIONES DE COMBATE, Ataque a distancia …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShotMode {
    /// Ataque a distancia: within ALC and CdV.
    Normal,
    /// A larga distancia: beyond ALC up to +50 %, CH −1 (difícil).
    Long,
    /// A bulto: beyond the CdV range up to +50 %, CH −1 (difícil).
    Wide,
    /// A un combate CaC: at an engaged target; a second CH IMP decides whom it hits.
    IntoMelee,
    /// A ciegas: without LdV, at a target an ally sees, CH −1 (difícil).
    Blind,
}

/// What a character does: the actions of ACCIONES implemented by the core engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActKind {
    /// Mover (1): up to MOV.
    Move(Pos),
    /// Correr (2): up to MOV + 1.
    Run(Pos),
    /// Esprintar (3): up to MOV + 5, once per activation.
    Sprint(Pos),
    /// Mover sin hacer ruido (2): up to MOV, silently.
    Sneak(Pos),
    /// Escalar (3, AGI): over an adjacent high obstacle to the square beyond.
    Climb(Pos),
    /// Agacharse (1).
    Crouch,
    /// Cuerpo a tierra (1).
    Prone,
    /// Levantarse (1).
    Stand,
    /// Pivotar (1 reacting): turn on the base.
    Pivot(Facing),
    /// Ataque a distancia with weapon `weapon` (index among the character's weapons).
    Shoot {
        /// The target.
        target: CharIdx,
        /// Weapon index.
        weapon: u8,
        /// Which variant.
        mode: ShotMode,
    },
    /// Ataque CaC with a weapon (ALC 0, or a ranged weapon: "con arma de disparo").
    Melee {
        /// The target.
        target: CharIdx,
        /// Weapon index.
        weapon: u8,
    },
    /// Ataque CaC sin armas (1).
    Unarmed {
        /// The target.
        target: CharIdx,
    },
    /// Cargar (2): MOV + 3, at least 2 K, ending engaged with the target.
    Charge {
        /// The target.
        target: CharIdx,
        /// Where the base ends.
        to: Pos,
    },
    /// Contracarga (3): CH DEF +1 against the charge (a reaction of the charged character).
    Countercharge,
    /// Destrabarse (2, PSI): up to 2 K out of melee.
    Disengage(Pos),
    /// Esquivar en CaC (3, AGI ENF): a reaction of the target of a melee attack.
    Dodge,
    /// Empujar (1, CON ENF).
    Push {
        /// The target.
        target: CharIdx,
    },
    /// Desarmar (3, AGI ENF).
    Disarm {
        /// The target.
        target: CharIdx,
    },
    /// Noquear (1, CON ENF).
    Knockout {
        /// The target.
        target: CharIdx,
    },
    /// Inmovilizar (1, CON ENF).
    Immobilise {
        /// The target.
        target: CharIdx,
    },
    /// Liberarse (3, CON ENF) from Inmovilizar.
    Free,
    /// Huir (1, PSI): up to 3 K, declared when an enemy declares an action against it.
    Flee(Pos),
    /// Ataque sorpresa (0): from the back after a silent approach.
    Surprise {
        /// The target.
        target: CharIdx,
    },
    /// Apoyar (3): CH ATR +1 to an ally within 2 K.
    Support {
        /// The ally.
        ally: CharIdx,
    },
    /// Concentrarse (2).
    Concentrate,
    /// Curar / Reparar (3, INT).
    Heal {
        /// The ally (or self).
        target: CharIdx,
    },
    /// En guardia (2).
    Guard,
    /// Esconderse (2).
    Hide,
    /// Esperar (1).
    Wait,
    /// Percibir (2, INT).
    Perceive,
    /// Recargar (X = DAÑ).
    Reload {
        /// Weapon index.
        weapon: u8,
    },
    /// Corromper / Hackear (3, INT o VOL) [Neuromante o titiritero]: stress on a target within
    /// INT / VOL K (`engine::actions::mind`).
    Hack {
        /// The target.
        target: CharIdx,
    },
    /// Curar (3, INT) choosing stress instead of wounds [Neuromante] (PSICOLOGÍA / Estrés).
    HealStress {
        /// The ally (or self).
        target: CharIdx,
    },
    /// Contramagia (3, INT ENF) [Neuromante]: a reaction that turns an acting neuromante's
    /// CH INT into a CH INT ENF against the reactor.
    CounterMagic,
    /// Combate mental (3, INT o VOL): the target of a Corromper strikes back at its hacker, and
    /// each exchange after the first (ENE 3) is a decision of both.
    MentalCombat {
        /// The other mind in the combat.
        target: CharIdx,
    },
    /// Poseer (3, INT / VOL) [Neuromante o titiritero]: take control of a stressed enemy.
    Possess {
        /// The target.
        target: CharIdx,
    },
    /// Marcar un objetivo (3, INT / VOL): mark the character it possesses, to possess it again
    /// later without the stress.
    Mark {
        /// The possessed character.
        target: CharIdx,
    },
    /// Embestir (X + 1, AGI): run (as Correr, at least 2 K) into the target and hit it with
    /// DAÑ = CON (RULES.md, Embestir).
    Ram {
        /// The target.
        target: CharIdx,
        /// Where the base ends, in contact with the target.
        to: Pos,
    },
    /// Lanzar armas / objetos (2, AGI): throw a held weapon at a target within MOV + CON K; it
    /// is no longer held.
    Throw {
        /// The target.
        target: CharIdx,
        /// Weapon index of the item thrown.
        weapon: u8,
    },
    /// Soltar (X): drop a held weapon.
    Drop {
        /// Weapon index.
        weapon: u8,
    },
    /// Ataque CaC con objeto improvisado (3, AGI): swing a held item that is not a melee weapon
    /// (a gun, a bow) as a club: CH IMP − 1, its DAÑ by material.
    Club {
        /// The target.
        target: CharIdx,
        /// Weapon index of the item swung.
        weapon: u8,
    },
    /// Atar (3, CON ENF): tie up the enemy this character immobilised (Inmovilizar enemigo).
    Tie {
        /// The immobilised enemy.
        target: CharIdx,
    },
    /// Desatarse (4, AGI D): try to get loose from Atar.
    Untie,
    /// Comerciar (1): hand one held item to an ally in contact and/or take one of its.
    Trade {
        /// The ally in contact.
        with: CharIdx,
        /// Weapon index (the actor's) of the item handed over.
        give: Option<u8>,
        /// Weapon index (the ally's) of the item taken.
        take: Option<u8>,
    },
    /// Saquear (3): take one item from a body (a casualty) in contact.
    Loot {
        /// The body.
        body: CharIdx,
        /// Weapon index (the body's) of the item taken.
        weapon: u8,
    },
    /// Eliminar (2, CON, AGI, INT): remove a body in contact from the table.
    Eliminate {
        /// The body.
        body: CharIdx,
    },
    /// 180° (4, AGI D): MOV + 4 K in a straight line, at least 4 K, turning about at the end.
    Turn180(Pos),
    /// Nadar (2, AGI): up to MOV through deep water.
    Swim(Pos),
    /// Salto de longitud (3, AGI): a straight jump over water or a gap.
    Jump(Pos),
    /// Mover cargado con un objeto (X): Mover with a casualty's body, which moves with it.
    Carry {
        /// The body carried.
        body: CharIdx,
        /// Where the carrier (and the body) ends.
        to: Pos,
    },
    /// Usar una metahabilidad (its ENE, the CH ATR of its kind): meta-ability `meta` (0-based;
    /// `m1` in notation) on `target` — the user itself, an ally or an enemy, as its traits say
    /// (`engine::actions::meta`). Also Mantener una metahabilidad, when it may be kept.
    Meta {
        /// Meta-ability index.
        meta: u8,
        /// The target.
        target: CharIdx,
    },
    /// An attack with a weapon that has the Área bonus (ÁREAS), aimed at the square `at` (a
    /// point, or the square of a character): its ENE, a CH IMP, then the template
    /// (`engine::actions::combat::areas`).
    Area {
        /// Weapon index.
        weapon: u8,
        /// The square aimed at.
        at: Pos,
    },
    /// A meta-ability attack with the Área bonus (CREACIÓN DE METAHABILIDADES; ÁREAS): meta-
    /// ability `meta` aimed at the square `at` — `meta mN x,y` in notation, or `meta mN b2` for
    /// that character's square (`engine::actions::meta`).
    MetaArea {
        /// Meta-ability index.
        meta: u8,
        /// The square aimed at.
        at: Pos,
    },
    /// Picking up an item lying on the ground in contact (or under the base), at Comerciar's
    /// cost (1): `owner`'s weapon `weapon` (`engine::actions::items`).
    PickUp {
        /// Whose weapon it is.
        owner: CharIdx,
        /// The owner's weapon index.
        weapon: u8,
    },
    /// Buscar (1, INT): search scenario element `element` (0-based; `e1` in notation) in
    /// contact (`engine::actions::items`).
    Search {
        /// Element index.
        element: u8,
    },
    /// Usar (X): use object `object` (0-based; `o1` in notation) of the actor on `target` — the
    /// user or a character within the object's ALC; X = the object's ENE
    /// (`engine::actions::items`).
    Use {
        /// Object index.
        object: u8,
        /// The target.
        target: CharIdx,
    },
    /// Desenfundar (1, AGI ENF): a duel with an enemy face to face, each with a ready ranged
    /// weapon: the CH AGI ENF's winner shoots first (`engine::actions::combat::duel`).
    Draw {
        /// The enemy.
        target: CharIdx,
    },
    /// An action a trait gives (BONUS Y MALUS: Regeneración, Energía psíquica, Sed de
    /// energía), on `target` (the actor itself for those that have none).
    Ability {
        /// Which.
        ability: Ability,
        /// On whom.
        target: CharIdx,
    },
    /// A vertical movement on foot between squares of different terrain heights (MOVIMIENTO /
    /// Alturas: Escalar to a top, Subir a un alto, Dejarse caer), to the adjacent square `to`
    /// (`engine::actions::movement::vertical`).
    Vertical {
        /// Which action.
        how: Vertical,
        /// The square it ends on.
        to: Pos,
    },
    /// Cambiar de altitud (1) / Despegar / aterrizar (1): one level up or down, in a straight
    /// line up to MOV K, ending on `to` at altitude `alt`
    /// (`engine::actions::movement::altitude`).
    ChangeAltitude {
        /// The new altitude.
        alt: i8,
        /// Where it ends (its own square: straight up or down).
        to: Pos,
    },
    /// Embarcar (1): get on transport `transport` (0-based; `t1` in notation) from within 1 K
    /// of it; CH AGI D on one en marcha (`engine::actions::transport::boarding`).
    Embark {
        /// Which transport.
        transport: u8,
    },
    /// Desembarcar (1): get off the transport it is aboard onto the square `to` next to it;
    /// CH AGI D on one en marcha (`engine::actions::transport::boarding`).
    Disembark(Pos),
    /// The driver's Mover (`run` false) or Correr (`run` true) of the transport it drives:
    /// straight ahead to `to`, then a turn of `turn` eighths (−1, 0, 1: up to 45°)
    /// (`engine::actions::transport::driving`).
    Drive {
        /// Where the transport ends.
        to: Pos,
        /// Its turn at the end, in eighths (−1 anticlockwise, 0, 1 clockwise).
        turn: i8,
        /// Correr rather than Mover.
        run: bool,
    },
    /// Pivotar (3) of a transport by its driver: it turns on its base to face this way.
    PivotTransport(Facing),
    /// Maniobrar (1, AGI) of a transport by its driver: 1 K to `to` after it moved, its facing
    /// unchanged (`engine::actions::transport::driving`).
    Manoeuvre(Pos),
    /// Ataque a distancia at an enemy transport with weapon `weapon`
    /// (`engine::actions::transport::fire`).
    ShootTransport {
        /// Which transport (0-based; `t1` in notation).
        transport: u8,
        /// Weapon index.
        weapon: u8,
    },
    /// Arco concentrado: «[Área de gota] Si dispara en modo concentrado, el área pasa a tipo
    /// lineal y DAÑ+2» — the weapon's G fired as an L of the G's whole length with DAÑ + 2,
    /// aimed at `at` (`arc wN x,y`; `engine::actions::combat::area_traits`).
    AreaConcentrated {
        /// Weapon index.
        weapon: u8,
        /// The square aimed at.
        at: Pos,
    },
    /// Control remoto: «Se activará cuando quiera su controlador (ENE 1) sin LdV» — the owner
    /// sets off bomb `bomb` (its index among the bombs lying on the board; `detonate kN`).
    Detonate {
        /// The bomb's index in `State::bombs`.
        bomb: u8,
    },
    /// Corromper / Hackear (3, INT) aimed at an object rather than a character: stress on it up
    /// to its CAL (`engine::actions::mind_objects`; notation `hack b1.o1`, `hack b1.w2`,
    /// `hack e1`).
    HackObject {
        /// The object.
        obj: ObjRef,
    },
    /// Poseer (3, INT) of an object with stress = CAL: «el hacker podrá activar o desactivar
    /// el objetivo, o generarle tantas heridas como considere, hasta un máximo de la CAL+1»
    /// (notation `possess e1 on`, `possess b1.o1 off`, `possess b1.w2 wreck 4`).
    PossessObject {
        /// The object.
        obj: ObjRef,
        /// What the hacker does with it.
        how: ObjHack,
    },
    /// Cóctel de vitaminas: «+1 nivel de un atributo por cóctel durante el resto de la
    /// actuación» — the object taken for one more level of `stat` (`cocktail oN STAT`;
    /// `engine::actions::trait_marks`).
    Cocktail {
        /// Object index.
        object: u8,
        /// The attribute raised.
        stat: crate::creation::effect_params::Stat,
    },
    /// Desafiante: «"desafiar" (ENE 3 y CH VOL ENF) para que otro Pj le ataque CaC»
    /// (`challenge TARGET`).
    Challenge {
        /// The character challenged.
        target: CharIdx,
    },
    /// Desaparecer: «retirarse y volver a entrar por su borde de área de despliegue» — off the
    /// table and back on this square of its side's deployment edge (`disappear X,Y`).
    Disappear(Pos),
    /// Avatar: «sólo puede desplegarse si se le invoca (ENE 3, CH INT)» — a neuromante of its
    /// side invokes `avatar` onto `to` (`invoke LABEL X,Y`).
    Invoke {
        /// The avatar, off the table.
        avatar: CharIdx,
        /// Where it comes in.
        to: Pos,
    },
    /// Señuelo: «al final de su actuación, puede decir que fue un señuelo» (`decoy`).
    Decoy,
    /// Súper salto: «Puede saltar 10 K (ENE 5 y CH AGI)» — a leap in a straight line to `to`
    /// (`super-jump x,y`; `engine::actions::movement::super_jump`).
    SuperJump(Pos),
    /// Mecha: «Este transporte se puede trabar en CaC» — an attack in contact on the enemy
    /// mecha `transport` with melee weapon `weapon` (`melee-transport tN wN`;
    /// `engine::actions::transport::mecha`).
    MeleeTransport {
        /// Which transport (0-based; `t1` in notation).
        transport: u8,
        /// Weapon index.
        weapon: u8,
    },
    /// Embestir with a transport by its driver: straight ahead to `to`, then into `target`, the
    /// next square along its facing (`ram-transport LABEL x,y`;
    /// `engine::actions::transport::ram`).
    RamTransport {
        /// The character rammed.
        target: CharIdx,
        /// Where the transport ends, in contact.
        to: Pos,
    },
    /// Mascota mágica: «El Pj puede usar uno de estos bonus por aventura (ENE 1)» — bonus `0`
    /// of its pet, 0-based (`pet pN`; `engine::actions::pet`).
    PetBonus(u8),
    /// Magia: telekinesis: meta-ability `meta` moves the item lying on the ground that was
    /// weapon `weapon` of `owner` to the user's square (`telekinesis mN LABEL wK`;
    /// `engine::actions::meta_telekinesis`).
    Telekinesis {
        /// The meta-ability.
        meta: u8,
        /// The item's owner.
        owner: CharIdx,
        /// The owner's weapon index of the item.
        weapon: u8,
    },
    /// Arma de enjambre: every swarm weapon that may shoot `target` fires at it at once
    /// (`swarm LABEL`; `engine::sequence::swarm`).
    Swarm {
        /// The target.
        target: CharIdx,
    },
    /// Súper fuerza: hurl transport `transport` (0-based; `t1` in notation) at `target`
    /// (`heave tN LABEL`; `engine::actions::heave`).
    Heave {
        /// Which transport.
        transport: u8,
        /// The enemy it is hurled at.
        target: CharIdx,
    },
    /// The crew fires a weapon mounted on its transport (CREACIÓN DE TRANSPORTES, paso 5:
    /// «armas que dispara la tripulación») at `target`: weapon `weapon` (0-based) of transport
    /// `transport` (notation `shoot LABEL t1.w1`, the verb by `mode` as for [`ActKind::Shoot`];
    /// `engine::actions::transport::mounted`).
    ShootMounted {
        /// The target.
        target: CharIdx,
        /// Which transport (0-based).
        transport: u8,
        /// The mounted weapon (0-based).
        weapon: u8,
        /// Normal, long or into a melee.
        mode: ShotMode,
    },
    /// Opens or closes door `element` (0-based; `door eN`): a character of the side the door
    /// works for, at it, or a neuromante of that side within its INT K (RULES.md, "Doors and
    /// turrets"; `engine::actions::doors`).
    Door {
        /// The door's element index.
        element: u8,
    },
    /// Mover cargado con un objeto by several carriers («<= CON de varios, terreno difícil»):
    /// the actor and one or two allies in contact with `body` carry it together; the actor and
    /// the body end on `to`, each helper on a square beside it
    /// (`carry LABEL X,Y with LABEL[,LABEL]`; `engine::actions::movement::carry`).
    CarryJoint {
        /// The body carried.
        body: CharIdx,
        /// Where the actor (and the body) ends.
        to: Pos,
        /// The helpers, in notation order; the second is `CharIdx::MAX` when one helps.
        helpers: [CharIdx; 2],
    },
    /// Retros: «Puede parar su movimiento en el aire, en altura 3 (ENE 1). Cuenta como acción
    /// de movimiento» — a mini at altitude 3 stays where it is (`hover`;
    /// `engine::actions::movement::altitude`).
    Hover,
}

/// An object as the target of Corromper / Poseer (METAHABILIDADES: «Acción para tomar el control
/// de otro personaje o de un objeto»).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ObjRef {
    /// Object `object` (0-based; `o1`) a character carries (CREACIÓN DE OBJETOS): `b1.o1`.
    Carried {
        /// Its holder.
        holder: CharIdx,
        /// The object's index in the holder's `objects`.
        object: u8,
    },
    /// A weapon lying on the ground (`ground`), named by its owner: `b1.w2`.
    Ground {
        /// The weapon's owner.
        owner: CharIdx,
        /// The owner's weapon index.
        weapon: u8,
    },
    /// Scenario element `e` (0-based; `e1`) marked hackable in the position file.
    Element(u8),
}

/// What the possessor of an object does with it (Poseer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjHack {
    /// «desactivar»: it stops working.
    Off,
    /// «activar»: it works again — an element now for the possessor's side.
    On,
    /// «generarle tantas heridas como considere, hasta un máximo de la CAL+1».
    Wreck(u8),
}

/// Cambiar de altitud / Despegar / aterrizar is [`ActKind::ChangeAltitude`].
///
/// The vertical movement actions on foot ([`ActKind::Vertical`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vertical {
    /// Escalar (3, AGI) «Ascende tantos K como su MOV»: up the side of a higher square to its
    /// top, one Escalar per MOV K of the rise (`scale`).
    Scale,
    /// Subir a un alto (3, AGI): a vertical jump up onto a higher square (`leap-up`).
    LeapUp,
    /// Dejarse caer (1): down onto a lower square (`fall`).
    Fall,
}

/// The actions traits give (BONUS Y MALUS), resolved by `engine::actions::abilities`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Ability {
    /// Regeneración: «Puede ENE 3 y CH CON para quitar 1 herida».
    Regenerate,
    /// Energía psíquica: «Puede estrés+1 y ENE+3».
    PsychicEnergy,
    /// Sed de energía: «Puede robar ENE 3 a otro personaje, a tantos K como VOL (ENE 1 y CH
    /// VOL). Puede oponerse con CH VOL ENF. No se puede trabado en CaC».
    StealEnergy,
    /// Mimético: «Activar / desactivar, ENE 1» — camouflage on or off.
    Camouflage,
    /// Invisible: «Puedes retirar la miniatura del tablero (ENE1 y CH VOL)» — hidden anywhere.
    Vanish,
    /// Apagar fuego (Munición incendiaria): «CH PSI y ENE 3» — anyone on fire.
    Extinguish,
    /// Marcador de objetivos: «Permite marcar un objetivo (ENE 1) a tantos K como ALC».
    AimMark,
    /// Necrófago: «Sanará 1 herida si se alimenta de un cadáver, ENE 5».
    Feed,
    /// Munición regenerativa: «Gana 1 munición con una acción de ENE 1 y CH CAL».
    Replenish,
    /// Órdenes: «1 vez por turno, puede dar 3 ENE a un aliado a tantos K como VOL».
    Orders,
    /// Humo: «Crea esferas de humo de hasta 2 K» (4 K: Humo denso).
    Smoke,
    /// Escudo de energía [avanzado]: «Se puede recuperar un nivel con ENE 4 si tiene nivel 1 o
    /// más» (ENE 6, avanzado): one shield level back.
    RechargeShield,
    /// La mano de la muerte: «Puede (ENE 3, CH VOL) pasar 1 Her a otro Pj voluntario o
    /// inconsciente … Con enemigo, CH VOL ENF».
    DeathHand,
    /// Empuñadura larga, Frenesí, Fuego a larga, Fuego en las venas («Puede …»): take the way of
    /// fighting the traits give until the start of the next activation.
    Stance,
    /// Incorpóreo: «Se hace traslúcido» — incorporeal on or off (ENE 1, as Mimético's toggle).
    Phase,
}

impl Ability {
    /// Every ability, in code order.
    pub const ALL: [Ability; 15] = [
        Ability::Regenerate,
        Ability::PsychicEnergy,
        Ability::StealEnergy,
        Ability::Camouflage,
        Ability::Vanish,
        Ability::Extinguish,
        Ability::AimMark,
        Ability::Feed,
        Ability::Replenish,
        Ability::Orders,
        Ability::Smoke,
        Ability::RechargeShield,
        Ability::DeathHand,
        Ability::Stance,
        Ability::Phase,
    ];

    /// The verb in notation.
    pub fn verb(self) -> &'static str {
        match self {
            Ability::Regenerate => "regenerate",
            Ability::PsychicEnergy => "psychic-energy",
            Ability::StealEnergy => "steal-energy",
            Ability::Camouflage => "camouflage",
            Ability::Vanish => "vanish",
            Ability::Extinguish => "extinguish",
            Ability::AimMark => "aim-mark",
            Ability::Feed => "feed",
            Ability::Replenish => "replenish",
            Ability::Orders => "orders",
            Ability::Smoke => "smoke",
            Ability::RechargeShield => "recharge-shield",
            Ability::DeathHand => "death-hand",
            Ability::Stance => "stance",
            Ability::Phase => "phase",
        }
    }
}

impl ActKind {
    /// Movement actions (ACCIONES DE MOVIMIENTO): terrain surcharge, the Correr bonus, MOV.
    pub fn is_movement(&self) -> bool {
        matches!(
            self,
            ActKind::Move(_)
                | ActKind::Run(_)
                | ActKind::Sprint(_)
                | ActKind::Sneak(_)
                | ActKind::Climb(_)
                | ActKind::Charge { .. }
                | ActKind::Disengage(_)
                | ActKind::Flee(_)
                | ActKind::Ram { .. }
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
            ActKind::Shoot { mode, .. } => match mode {
                ShotMode::Normal => "shoot",
                ShotMode::Long => "shoot-long",
                ShotMode::Wide => "shoot-wide",
                ShotMode::IntoMelee => "shoot-melee",
                ShotMode::Blind => "shoot-blind",
            },
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
            ActKind::ShootMounted { mode, .. } => match mode {
                ShotMode::Normal => "shoot",
                ShotMode::Long => "shoot-long",
                ShotMode::Wide => "shoot-wide",
                ShotMode::IntoMelee => "shoot-melee",
                ShotMode::Blind => "shoot-blind",
            },
            ActKind::Door { .. } => "door",
            ActKind::CarryJoint { .. } => "carry",
            ActKind::Hover => "hover",
        }
    }
}

/// One decision of the game.
///
/// `Hash` writes [`Action::key`] (one `u64`): searches hash whole legal lists at every node,
/// and one write per action is several times cheaper than the derived field-by-field hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The deciding side rolls initiative with this character's VOL.
    Initiative(CharIdx),
    /// Activate this character (its actuación starts).
    Activate(CharIdx),
    /// An action of the active character. `chain`: the next action is chained to this one
    /// (acciones combinadas). `face`: a free turn after the action (only while acting).
    Act {
        /// The acting character.
        who: CharIdx,
        /// What it does.
        kind: ActKind,
        /// Chain the next action to this one.
        chain: bool,
        /// Free facing change after the action.
        face: Option<Facing>,
    },
    /// The active character ends its activation facing this way.
    End {
        /// The acting character.
        who: CharIdx,
        /// Final facing.
        facing: Facing,
    },
    /// In a reaction window: this character attempts to react (CH VOL).
    React(CharIdx),
    /// In a reaction window: no (more) reactions from the deciding side.
    Pass,
    /// The reaction of a character that passed its CH VOL (or a Huir, which needs none).
    Reaction {
        /// The reacting character.
        who: CharIdx,
        /// What it does.
        kind: ActKind,
    },
    /// A character that passed its CH VOL does nothing after all.
    Hold(CharIdx),
}
