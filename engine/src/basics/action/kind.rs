//! The table of what a character does (ACCIONES, MOVIMIENTO, COMBATE, METAHABILIDADES, and the
//! actions of BONUS Y MALUS and CREACIÓN DE TRANSPORTES): [`ActKind`], one variant per action
//! with its operands. Which group an action belongs to, its target and its verb are in
//! `groups`; its key in `key`; its text in `notation` and `parse`.

use super::{Ability, CharIdx, ObjHack, ObjRef, ShotMode, Vertical};
use crate::basics::geom::{Facing, Pos};

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
    /// Curar / Reparar (3, INT): the wounds of a character, or (Reparar) of a piece of
    /// equipment — «recupera 1 herida» of a worn weapon, protection or transport (COMBATE /
    /// Heridas: «Se puede curar o reparar si las heridas no superan la CON o CAL del
    /// objetivo»). Written `heal LABEL`, `heal LABEL wN`, `heal LABEL pN`, `heal tN`.
    Heal {
        /// The ally (or self) healed, or whose weapon or protection is repaired (the actor
        /// itself for a transport).
        target: CharIdx,
        /// `None`: Curar, the character's wounds; else the item repaired.
        item: Option<Fix>,
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

/// A piece of equipment that Curar / Reparar works on ([`ActKind::Heal`]'s `item`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fix {
    /// The target's weapon of this index (its own, `w1` = 0).
    Weapon(u8),
    /// The target's protection of this index (`p1` = 0).
    Protection(u8),
    /// Transport `t` (0-based; `t1` in notation).
    Transport(u8),
}
