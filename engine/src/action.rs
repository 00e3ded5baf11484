//! Actions (ACCIONES) as values, and their one-line notation.
//!
//! Every decision of the game is an [`Action`]: choosing the character whose VOL is rolled for
//! initiative, activating a character, each action of an activation, attempting a reaction, the
//! reaction itself, passing. The notation is documented in POSITIONS.md; `parse` then `print` is
//! the identity on canonical text, and `print` then `parse` is the identity on values.

use crate::geom::{Facing, Pos};
use std::fmt;

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
    /// INT / VOL K (`engine::mind`).
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
    /// (`engine::meta`). Also Mantener una metahabilidad, when it may be kept.
    Meta {
        /// Meta-ability index.
        meta: u8,
        /// The target.
        target: CharIdx,
    },
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
        )
    }

    /// Attacks (any action that can wound or affect an enemy in combat).
    pub fn is_attack(&self) -> bool {
        matches!(
            self,
            ActKind::Shoot { .. }
                | ActKind::Melee { .. }
                | ActKind::Unarmed { .. }
                | ActKind::Push { .. }
                | ActKind::Disarm { .. }
                | ActKind::Knockout { .. }
                | ActKind::Immobilise { .. }
                | ActKind::Surprise { .. }
                | ActKind::Hack { .. }
                | ActKind::Possess { .. }
                | ActKind::Ram { .. }
                | ActKind::Throw { .. }
                | ActKind::Club { .. }
                | ActKind::Tie { .. }
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
            | ActKind::Jump(p) => Some(p),
            ActKind::Charge { to, .. } | ActKind::Ram { to, .. } | ActKind::Carry { to, .. } => {
                Some(to)
            }
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
            ActKind::Tie { .. } => "tie",
            ActKind::Untie => "untie",
            ActKind::Trade { .. } => "trade",
            ActKind::Loot { .. } => "loot",
            ActKind::Eliminate { .. } => "eliminate",
            ActKind::Meta { .. } => "meta",
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

impl ActKind {
    /// An injective packing into 31 bits: a 7-bit variant code, its fields above.
    fn key(&self) -> u64 {
        let pos = |p: Pos| p.x as u64 | (p.y as u64) << 8;
        let (code, fields) = match *self {
            ActKind::Move(p) => (1, pos(p)),
            ActKind::Run(p) => (2, pos(p)),
            ActKind::Sprint(p) => (3, pos(p)),
            ActKind::Sneak(p) => (4, pos(p)),
            ActKind::Climb(p) => (5, pos(p)),
            ActKind::Crouch => (6, 0),
            ActKind::Prone => (7, 0),
            ActKind::Stand => (8, 0),
            ActKind::Pivot(f) => (9, f as u64),
            ActKind::Shoot {
                target,
                weapon,
                mode,
            } => (
                10,
                target as u64 | (weapon as u64) << 8 | (mode as u64) << 16,
            ),
            ActKind::Melee { target, weapon } => (11, target as u64 | (weapon as u64) << 8),
            ActKind::Unarmed { target } => (12, target as u64),
            ActKind::Charge { target, to } => (13, target as u64 | pos(to) << 8),
            ActKind::Countercharge => (14, 0),
            ActKind::Disengage(p) => (15, pos(p)),
            ActKind::Dodge => (16, 0),
            ActKind::Push { target } => (17, target as u64),
            ActKind::Disarm { target } => (18, target as u64),
            ActKind::Knockout { target } => (19, target as u64),
            ActKind::Immobilise { target } => (20, target as u64),
            ActKind::Free => (21, 0),
            ActKind::Flee(p) => (22, pos(p)),
            ActKind::Surprise { target } => (23, target as u64),
            ActKind::Support { ally } => (24, ally as u64),
            ActKind::Concentrate => (25, 0),
            ActKind::Heal { target } => (26, target as u64),
            ActKind::Guard => (27, 0),
            ActKind::Hide => (28, 0),
            ActKind::Wait => (29, 0),
            ActKind::Perceive => (30, 0),
            ActKind::Reload { weapon } => (31, weapon as u64),
            ActKind::Hack { target } => (32, target as u64),
            ActKind::HealStress { target } => (33, target as u64),
            ActKind::CounterMagic => (34, 0),
            ActKind::MentalCombat { target } => (35, target as u64),
            ActKind::Possess { target } => (36, target as u64),
            ActKind::Mark { target } => (37, target as u64),
            // Codes from 40 up: room below for actions added on other branches.
            ActKind::Ram { target, to } => (40, target as u64 | pos(to) << 8),
            ActKind::Throw { target, weapon } => (41, target as u64 | (weapon as u64) << 8),
            ActKind::Drop { weapon } => (42, weapon as u64),
            ActKind::Club { target, weapon } => (43, target as u64 | (weapon as u64) << 8),
            ActKind::Tie { target } => (44, target as u64),
            ActKind::Untie => (45, 0),
            ActKind::Trade { with, give, take } => {
                let w = |x: Option<u8>| x.map_or(0, |w| w as u64 + 1);
                (46, with as u64 | w(give) << 8 | w(take) << 16)
            }
            ActKind::Loot { body, weapon } => (47, body as u64 | (weapon as u64) << 8),
            ActKind::Eliminate { body } => (48, body as u64),
            // Codes from 60 up: the movement actions of `movement_actions`.
            ActKind::Turn180(p) => (60, pos(p)),
            ActKind::Swim(p) => (61, pos(p)),
            ActKind::Jump(p) => (62, pos(p)),
            ActKind::Carry { body, to } => (63, body as u64 | pos(to) << 8),
            // Codes from 70 up (clear of the 50s and 60s of other branches).
            ActKind::Meta { meta, target } => (70, target as u64 | (meta as u64) << 8),
        };
        code | fields << 7
    }
}

impl Action {
    /// A compact key: distinct actions have distinct keys (the packing is injective), so a
    /// set or map of keys is exact. For hashing and transposition tables; not stable across
    /// versions (do not store it).
    ///
    /// ```
    /// use engine::action::{ActKind, Action};
    /// let a = Action::Act { who: 1, kind: ActKind::Crouch, chain: false, face: None };
    /// let b = Action::Act { who: 1, kind: ActKind::Crouch, chain: true, face: None };
    /// assert_ne!(a.key(), b.key());
    /// ```
    pub fn key(&self) -> u64 {
        let face = |f: Option<Facing>| f.map_or(0, |f| f as u64 + 1);
        match *self {
            Action::Hold(c) => (c as u64) << 3,
            Action::Initiative(c) => 1 | (c as u64) << 3,
            Action::Activate(c) => 2 | (c as u64) << 3,
            Action::Act {
                who,
                kind,
                chain,
                face: f,
            } => 3 | (who as u64) << 3 | (chain as u64) << 11 | face(f) << 12 | kind.key() << 16,
            Action::End { who, facing } => 4 | (who as u64) << 3 | (facing as u64) << 11,
            Action::React(c) => 5 | (c as u64) << 3,
            Action::Pass => 6,
            Action::Reaction { who, kind } => 7 | (who as u64) << 3 | kind.key() << 16,
        }
    }
}

impl std::hash::Hash for Action {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // The key's variety is in its middle bits (where destinations and targets sit); a
        // multiply and a half-turn spread it over the low bits that hash tables index by, even
        // under a bare multiplicative hasher (`dice::FxHasher` has no finaliser).
        state.write_u64(
            self.key()
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(32),
        );
    }
}

/// Names characters for the notation (implemented by the game state).
pub trait Roster {
    /// The label of a character (`a1`, `b3`).
    fn label(&self, idx: CharIdx) -> String;
    /// The character with this label.
    fn find(&self, label: &str) -> Option<CharIdx>;
    /// The number of weapons a character carries (to default the weapon of an attack).
    fn weapon_count(&self, idx: CharIdx) -> u8;
}

/// An action with a roster, printable in notation.
pub struct Notation<'a, R: Roster + ?Sized> {
    /// The action.
    pub action: Action,
    /// Who is who.
    pub roster: &'a R,
}

fn fmt_kind<R: Roster + ?Sized>(f: &mut fmt::Formatter<'_>, k: &ActKind, r: &R) -> fmt::Result {
    f.write_str(k.verb())?;
    match *k {
        ActKind::Move(p)
        | ActKind::Run(p)
        | ActKind::Sprint(p)
        | ActKind::Sneak(p)
        | ActKind::Climb(p)
        | ActKind::Disengage(p)
        | ActKind::Flee(p)
        | ActKind::Turn180(p)
        | ActKind::Swim(p)
        | ActKind::Jump(p) => write!(f, " {p}"),
        ActKind::Pivot(d) => write!(f, " {d}"),
        ActKind::Shoot { target, weapon, .. }
        | ActKind::Melee { target, weapon }
        | ActKind::Throw { target, weapon }
        | ActKind::Club { target, weapon } => {
            write!(f, " {} w{}", r.label(target), weapon + 1)
        }
        ActKind::Charge { target, to }
        | ActKind::Ram { target, to }
        | ActKind::Carry { body: target, to } => {
            write!(f, " {} {}", r.label(target), to)
        }
        ActKind::Unarmed { target }
        | ActKind::Push { target }
        | ActKind::Disarm { target }
        | ActKind::Knockout { target }
        | ActKind::Immobilise { target }
        | ActKind::Surprise { target }
        | ActKind::Heal { target }
        | ActKind::Hack { target }
        | ActKind::HealStress { target }
        | ActKind::MentalCombat { target }
        | ActKind::Possess { target }
        | ActKind::Mark { target }
        | ActKind::Tie { target }
        | ActKind::Eliminate { body: target } => write!(f, " {}", r.label(target)),
        ActKind::Loot { body, weapon } => write!(f, " {} w{}", r.label(body), weapon + 1),
        ActKind::Meta { meta, target } => write!(f, " m{} {}", meta + 1, r.label(target)),
        ActKind::Trade { with, give, take } => {
            write!(f, " {}", r.label(with))?;
            if let Some(w) = give {
                write!(f, " give w{}", w + 1)?;
            }
            if let Some(w) = take {
                write!(f, " take w{}", w + 1)?;
            }
            Ok(())
        }
        ActKind::Support { ally } => write!(f, " {}", r.label(ally)),
        ActKind::Reload { weapon } | ActKind::Drop { weapon } => write!(f, " w{}", weapon + 1),
        _ => Ok(()),
    }
}

impl<R: Roster + ?Sized> fmt::Display for Notation<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.roster;
        match self.action {
            Action::Initiative(c) => write!(f, "init {}", r.label(c)),
            Action::Activate(c) => write!(f, "activate {}", r.label(c)),
            Action::Act {
                who,
                kind,
                chain,
                face,
            } => {
                write!(f, "{} ", r.label(who))?;
                fmt_kind(f, &kind, r)?;
                if let Some(d) = face {
                    write!(f, " facing {d}")?;
                }
                if chain {
                    f.write_str(" +")?;
                }
                Ok(())
            }
            Action::End { who, facing } => write!(f, "{} end facing {}", r.label(who), facing),
            Action::React(c) => write!(f, "{} react", r.label(c)),
            Action::Pass => f.write_str("pass"),
            Action::Reaction { who, kind } => {
                write!(f, "{} ", r.label(who))?;
                fmt_kind(f, &kind, r)
            }
            Action::Hold(c) => write!(f, "{} hold", r.label(c)),
        }
    }
}

/// Why a line of notation could not be read (as opposed to an illegal action).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The offending text.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot parse action \"{}\": {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseError {}

/// Whether the parsed action is for the character's own activation or a reaction: the notation
/// of both is the same, the decision being taken tells which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseContext {
    /// An action of the active character.
    Acting,
    /// A reaction.
    Reacting,
}

fn pos_arg(s: Option<&str>, what: &str) -> Result<Pos, String> {
    let s = s.ok_or_else(|| format!("{what} needs a square x,y"))?;
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("\"{s}\" is not a square x,y"))?;
    let x: u8 = x
        .trim()
        .parse()
        .map_err(|_| format!("\"{s}\": column is not a number 0..255"))?;
    let y: u8 = y
        .trim()
        .parse()
        .map_err(|_| format!("\"{s}\": row is not a number 0..255"))?;
    Ok(Pos::new(x, y))
}

fn who_arg<R: Roster + ?Sized>(r: &R, s: Option<&str>, what: &str) -> Result<CharIdx, String> {
    let s = s.ok_or_else(|| format!("{what} needs a character (like b2)"))?;
    r.find(s)
        .ok_or_else(|| format!("no character \"{s}\" in this position"))
}

fn weapon_arg<R: Roster + ?Sized>(r: &R, who: CharIdx, s: Option<&str>) -> Result<u8, String> {
    match s {
        None => Ok(0),
        Some(w) => {
            let n: u8 = w
                .strip_prefix('w')
                .or_else(|| w.strip_prefix('W'))
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("\"{w}\" is not a weapon (w1, w2, …)"))?;
            if n == 0 || n > r.weapon_count(who) {
                return Err(format!(
                    "{} has no weapon w{n} (it carries {})",
                    r.label(who),
                    r.weapon_count(who)
                ));
            }
            Ok(n - 1)
        }
    }
}

/// Spanish action ids (ASCII-folded, GLOSSARY) accepted as aliases of the English verbs.
fn canonical_verb(v: &str) -> &str {
    match v {
        "mover" => "move",
        "correr" => "run",
        "esprintar" => "sprint",
        "mover_sin_hacer_ruido" | "sigilo" => "sneak",
        "escalar" => "climb",
        "180" | "180_grados" | "giro_180" => "turn180",
        "nadar" => "swim",
        "mover_cargado" | "mover_cargado_con_un_objeto" | "transportar" => "carry",
        "salto_de_longitud" | "saltar" => "jump",
        "agacharse" => "crouch",
        "cuerpo_a_tierra" => "prone",
        "levantarse" => "stand",
        "pivotar" => "pivot",
        "ataque_a_distancia" | "disparar" => "shoot",
        "ataque_a_larga_distancia" => "shoot-long",
        "ataque_a_bulto" => "shoot-wide",
        "ataque_a_un_combate_cac" => "shoot-melee",
        "ataque_a_ciegas" => "shoot-blind",
        "ataque_cac" => "melee",
        "ataque_cac_sin_armas" => "unarmed",
        "cargar" => "charge",
        "contracarga" => "countercharge",
        "destrabarse" => "disengage",
        "esquivar" | "esquivar_en_cac" => "dodge",
        "empujar" => "push",
        "desarmar" => "disarm",
        "noquear" => "knockout",
        "inmovilizar" | "immobilize" => "immobilise",
        "liberarse" => "free",
        "huir" => "flee",
        "ataque_sorpresa" => "surprise",
        "apoyar" => "support",
        "concentrarse" => "concentrate",
        "curar" | "reparar" => "heal",
        "en_guardia" => "guard",
        "esconderse" => "hide",
        "esperar" => "wait",
        "percibir" => "perceive",
        "recargar" => "reload",
        "corromper" | "hackear" => "hack",
        "curar_estres" => "heal-stress",
        "contramagia" => "counter-magic",
        "combate_mental" => "mental-combat",
        "poseer" => "possess",
        "marcar" | "marcar_un_objetivo" => "mark",
        "embestir" => "ram",
        "lanzar" | "lanzar_armas" | "lanzar_objetos" => "throw",
        "soltar" => "drop",
        "ataque_cac_con_objeto_improvisado" | "objeto_improvisado" => "club",
        "atar" => "tie",
        "desatarse" => "untie",
        "comerciar" => "trade",
        "saquear" => "loot",
        "eliminar" => "eliminate",
        "usar_metahabilidad" | "metahabilidad" | "mantener_metahabilidad" => "meta",
        other => other,
    }
}

/// Parses one line of notation. Only the syntax and the names are checked here; legality is
/// the game state's business (`State::parse_action`).
///
/// # Errors
/// A [`ParseError`] naming the part that cannot be read.
pub fn parse<R: Roster + ?Sized>(
    text: &str,
    roster: &R,
    ctx: ParseContext,
) -> Result<Action, ParseError> {
    let err = |reason: String| ParseError {
        text: text.trim().to_string(),
        reason,
    };
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err(err("empty action".into()));
    }
    let mut chain = false;
    if words.last() == Some(&"+") || words.last() == Some(&"chain") {
        chain = true;
        words.pop();
    } else if let Some(last) = words.last_mut() {
        if last.len() > 1 && last.ends_with('+') {
            *last = &last[..last.len() - 1];
            chain = true;
        }
    }
    let mut face = None;
    if words.len() >= 2 && words[words.len() - 2].eq_ignore_ascii_case("facing") {
        let d = words[words.len() - 1];
        face = Some(Facing::parse(d).ok_or_else(|| {
            err(format!(
                "\"{d}\" is not a facing (N, NE, E, SE, S, SW, W, NW)"
            ))
        })?);
        words.truncate(words.len() - 2);
    }
    if words.is_empty() {
        return Err(err("no action: only a chain mark or a facing".into()));
    }
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    match lower[0].as_str() {
        "pass" if words.len() == 1 => return Ok(Action::Pass),
        "init" | "initiative" => {
            let c = who_arg(roster, words.get(1).copied(), "init").map_err(err)?;
            return Ok(Action::Initiative(c));
        }
        "activate" => {
            let c = who_arg(roster, words.get(1).copied(), "activate").map_err(err)?;
            return Ok(Action::Activate(c));
        }
        _ => {}
    }
    let who = roster.find(words[0]).ok_or_else(|| {
        err(format!(
            "\"{}\" is neither a command nor a character",
            words[0]
        ))
    })?;
    let verb = lower
        .get(1)
        .map(|v| canonical_verb(v.as_str()))
        .ok_or_else(|| err(format!("no action after \"{}\"", words[0])))?;
    let a1 = words.get(2).copied();
    let a2 = words.get(3).copied();
    let expect = |n: usize| -> Result<(), ParseError> {
        if words.len() > n {
            Err(err(format!("unexpected \"{}\"", words[n])))
        } else {
            Ok(())
        }
    };
    let kind = match verb {
        "end" => {
            expect(2)?;
            if chain {
                return Err(err("end cannot be chained".into()));
            }
            return Ok(Action::End {
                who,
                facing: face.ok_or_else(|| err("end needs \"facing DIR\"".into()))?,
            });
        }
        "react" => {
            expect(2)?;
            return Ok(Action::React(who));
        }
        "hold" => {
            expect(2)?;
            return Ok(Action::Hold(who));
        }
        "move" | "run" | "sprint" | "sneak" | "climb" | "disengage" | "flee" | "turn180"
        | "swim" | "jump" => {
            expect(3)?;
            let p = pos_arg(a1, verb).map_err(err)?;
            match verb {
                "move" => ActKind::Move(p),
                "run" => ActKind::Run(p),
                "sprint" => ActKind::Sprint(p),
                "sneak" => ActKind::Sneak(p),
                "climb" => ActKind::Climb(p),
                "turn180" => ActKind::Turn180(p),
                "swim" => ActKind::Swim(p),
                "jump" => ActKind::Jump(p),
                "disengage" => ActKind::Disengage(p),
                _ => ActKind::Flee(p),
            }
        }
        "crouch" | "prone" | "stand" | "countercharge" | "dodge" | "free" | "concentrate"
        | "guard" | "hide" | "wait" | "perceive" | "counter-magic" | "untie" => {
            expect(2)?;
            match verb {
                "crouch" => ActKind::Crouch,
                "prone" => ActKind::Prone,
                "stand" => ActKind::Stand,
                "countercharge" => ActKind::Countercharge,
                "dodge" => ActKind::Dodge,
                "free" => ActKind::Free,
                "concentrate" => ActKind::Concentrate,
                "guard" => ActKind::Guard,
                "hide" => ActKind::Hide,
                "wait" => ActKind::Wait,
                "counter-magic" => ActKind::CounterMagic,
                "untie" => ActKind::Untie,
                _ => ActKind::Perceive,
            }
        }
        "pivot" => {
            expect(3)?;
            let d = a1.ok_or_else(|| err("pivot needs a facing".into()))?;
            ActKind::Pivot(Facing::parse(d).ok_or_else(|| err(format!("\"{d}\" is not a facing")))?)
        }
        "shoot" | "shoot-long" | "shoot-wide" | "shoot-melee" | "shoot-blind" | "melee"
        | "throw" | "club" => {
            expect(4)?;
            let target = who_arg(roster, a1, verb).map_err(err)?;
            let weapon = weapon_arg(roster, who, a2).map_err(err)?;
            let mode = match verb {
                "throw" => {
                    return Ok(wrap(
                        who,
                        ActKind::Throw { target, weapon },
                        chain,
                        face,
                        ctx,
                    ))
                }
                "club" => {
                    return Ok(wrap(
                        who,
                        ActKind::Club { target, weapon },
                        chain,
                        face,
                        ctx,
                    ))
                }
                "shoot" => ShotMode::Normal,
                "shoot-long" => ShotMode::Long,
                "shoot-wide" => ShotMode::Wide,
                "shoot-melee" => ShotMode::IntoMelee,
                "shoot-blind" => ShotMode::Blind,
                _ => {
                    return Ok(wrap(
                        who,
                        ActKind::Melee { target, weapon },
                        chain,
                        face,
                        ctx,
                    ))
                }
            };
            ActKind::Shoot {
                target,
                weapon,
                mode,
            }
        }
        "charge" | "ram" | "carry" => {
            expect(4)?;
            let target = who_arg(roster, a1, verb).map_err(err)?;
            let to = pos_arg(a2, verb).map_err(err)?;
            match verb {
                "ram" => ActKind::Ram { target, to },
                "carry" => ActKind::Carry { body: target, to },
                _ => ActKind::Charge { target, to },
            }
        }
        "unarmed" | "push" | "disarm" | "knockout" | "immobilise" | "surprise" | "heal"
        | "support" | "hack" | "heal-stress" | "mental-combat" | "possess" | "mark" | "tie"
        | "eliminate" => {
            expect(3)?;
            let target = who_arg(roster, a1, verb).map_err(err)?;
            match verb {
                "unarmed" => ActKind::Unarmed { target },
                "push" => ActKind::Push { target },
                "disarm" => ActKind::Disarm { target },
                "knockout" => ActKind::Knockout { target },
                "immobilise" => ActKind::Immobilise { target },
                "surprise" => ActKind::Surprise { target },
                "heal" => ActKind::Heal { target },
                "hack" => ActKind::Hack { target },
                "heal-stress" => ActKind::HealStress { target },
                "mental-combat" => ActKind::MentalCombat { target },
                "possess" => ActKind::Possess { target },
                "mark" => ActKind::Mark { target },
                "tie" => ActKind::Tie { target },
                "eliminate" => ActKind::Eliminate { body: target },
                _ => ActKind::Support { ally: target },
            }
        }
        "reload" => {
            expect(3)?;
            ActKind::Reload {
                weapon: weapon_arg(roster, who, a1.or(Some("w1"))).map_err(err)?,
            }
        }
        "loot" => {
            expect(4)?;
            let body = who_arg(roster, a1, verb).map_err(err)?;
            ActKind::Loot {
                body,
                weapon: weapon_arg(roster, body, a2.or(Some("w1"))).map_err(err)?,
            }
        }
        "trade" => {
            expect(7)?;
            let with = who_arg(roster, a1, verb).map_err(err)?;
            let (mut give, mut take) = (None, None);
            let rest = &lower[3.min(lower.len())..];
            if rest.is_empty() || !rest.len().is_multiple_of(2) {
                return Err(err(
                    "trade needs \"give wN\" and/or \"take wN\" after the ally".into(),
                ));
            }
            for (k, pair) in rest.chunks(2).enumerate() {
                let w = Some(words[3 + 2 * k + 1]);
                match pair[0].as_str() {
                    "give" | "entrega" if give.is_none() && take.is_none() => {
                        give = Some(weapon_arg(roster, who, w).map_err(err)?)
                    }
                    "take" | "recibe" if take.is_none() => {
                        take = Some(weapon_arg(roster, with, w).map_err(err)?)
                    }
                    other => {
                        return Err(err(format!(
                            "\"{other}\": expected \"give wN\" then \"take wN\", each once"
                        )))
                    }
                }
            }
            ActKind::Trade { with, give, take }
        }
        "meta" => {
            expect(4)?;
            let m = a1.ok_or_else(|| err("meta needs a meta-ability (m1, m2, …)".into()))?;
            let n: u8 = m
                .strip_prefix('m')
                .or_else(|| m.strip_prefix('M'))
                .and_then(|n| n.parse().ok())
                .filter(|&n| n >= 1)
                .ok_or_else(|| err(format!("\"{m}\" is not a meta-ability (m1, m2, …)")))?;
            let target = who_arg(roster, a2, verb).map_err(err)?;
            ActKind::Meta {
                meta: n - 1,
                target,
            }
        }
        "drop" => {
            expect(3)?;
            ActKind::Drop {
                weapon: weapon_arg(roster, who, a1.or(Some("w1"))).map_err(err)?,
            }
        }
        other => return Err(err(format!("unknown action \"{other}\""))),
    };
    Ok(wrap(who, kind, chain, face, ctx))
}

fn wrap(
    who: CharIdx,
    kind: ActKind,
    chain: bool,
    face: Option<Facing>,
    ctx: ParseContext,
) -> Action {
    match ctx {
        ParseContext::Acting => Action::Act {
            who,
            kind,
            chain,
            face,
        },
        ParseContext::Reacting => Action::Reaction { who, kind },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Two;
    impl Roster for Two {
        fn label(&self, idx: CharIdx) -> String {
            ["a1", "b1"][idx as usize].to_string()
        }
        fn find(&self, label: &str) -> Option<CharIdx> {
            ["a1", "b1"]
                .iter()
                .position(|l| *l == label)
                .map(|i| i as CharIdx)
        }
        fn weapon_count(&self, _: CharIdx) -> u8 {
            1
        }
    }

    #[test]
    fn only_marks_are_a_parse_error_not_a_panic() {
        for text in ["+", "chain", "facing n", "facing N +", "", "   "] {
            assert!(parse(text, &Two, ParseContext::Acting).is_err(), "{text:?}");
        }
    }

    #[test]
    fn physical_and_item_actions_round_trip() {
        let kinds = [
            (
                ActKind::Ram {
                    target: 1,
                    to: Pos::new(3, 4),
                },
                "a1 ram b1 3,4",
            ),
            (
                ActKind::Throw {
                    target: 1,
                    weapon: 0,
                },
                "a1 throw b1 w1",
            ),
            (ActKind::Drop { weapon: 0 }, "a1 drop w1"),
            (
                ActKind::Club {
                    target: 1,
                    weapon: 0,
                },
                "a1 club b1 w1",
            ),
            (ActKind::Tie { target: 1 }, "a1 tie b1"),
            (ActKind::Untie, "a1 untie"),
            (
                ActKind::Trade {
                    with: 1,
                    give: Some(0),
                    take: None,
                },
                "a1 trade b1 give w1",
            ),
            (
                ActKind::Trade {
                    with: 1,
                    give: None,
                    take: Some(0),
                },
                "a1 trade b1 take w1",
            ),
            (
                ActKind::Trade {
                    with: 1,
                    give: Some(0),
                    take: Some(0),
                },
                "a1 trade b1 give w1 take w1",
            ),
            (ActKind::Loot { body: 1, weapon: 0 }, "a1 loot b1 w1"),
            (ActKind::Eliminate { body: 1 }, "a1 eliminate b1"),
        ];
        let mut keys = std::collections::HashSet::new();
        for (kind, text) in kinds {
            let a = Action::Act {
                who: 0,
                kind,
                chain: false,
                face: None,
            };
            assert_eq!(
                Notation {
                    action: a,
                    roster: &Two
                }
                .to_string(),
                text
            );
            assert_eq!(parse(text, &Two, ParseContext::Acting), Ok(a));
            assert!(keys.insert(a.key()), "{text}: key shared");
        }
        // Bad input is one clear error.
        for text in [
            "a1 ram b1",
            "a1 ram 3,4 b1",
            "a1 throw",
            "a1 drop w2",
            "a1 untie b1",
            "a1 trade b1",
            "a1 trade b1 give",
            "a1 trade b1 take w1 give w1",
            "a1 trade b1 give w1 give w1",
            "a1 trade b1 swap w1",
            "a1 loot",
            "a1 eliminate",
        ] {
            assert!(parse(text, &Two, ParseContext::Acting).is_err(), "{text}");
        }
    }

    #[test]
    fn print_then_parse_is_identity() {
        let a = Action::Act {
            who: 0,
            kind: ActKind::Shoot {
                target: 1,
                weapon: 0,
                mode: ShotMode::Long,
            },
            chain: true,
            face: Some(Facing::NE),
        };
        let text = Notation {
            action: a,
            roster: &Two,
        }
        .to_string();
        assert_eq!(text, "a1 shoot-long b1 w1 facing NE +");
        assert_eq!(parse(&text, &Two, ParseContext::Acting), Ok(a));
    }

    #[test]
    fn mental_actions_round_trip_and_have_distinct_keys() {
        let kinds = [
            (ActKind::Hack { target: 1 }, "a1 hack b1"),
            (ActKind::HealStress { target: 0 }, "a1 heal-stress a1"),
            (ActKind::CounterMagic, "a1 counter-magic"),
            (ActKind::MentalCombat { target: 1 }, "a1 mental-combat b1"),
            (ActKind::Possess { target: 1 }, "a1 possess b1"),
            (ActKind::Mark { target: 1 }, "a1 mark b1"),
        ];
        let mut keys = std::collections::HashSet::new();
        for (kind, want) in kinds {
            for (ctx, a) in [
                (
                    ParseContext::Acting,
                    Action::Act {
                        who: 0,
                        kind,
                        chain: false,
                        face: None,
                    },
                ),
                (ParseContext::Reacting, Action::Reaction { who: 0, kind }),
            ] {
                let text = Notation {
                    action: a,
                    roster: &Two,
                }
                .to_string();
                assert_eq!(text, want);
                assert_eq!(parse(&text, &Two, ctx), Ok(a));
                assert!(keys.insert(a.key()), "{a:?}");
            }
        }
        // Spanish aliases.
        for (alias, want) in [
            ("a1 corromper b1", "a1 hack b1"),
            ("a1 hackear b1", "a1 hack b1"),
            ("a1 curar_estres a1", "a1 heal-stress a1"),
            ("a1 contramagia", "a1 counter-magic"),
            ("a1 combate_mental b1", "a1 mental-combat b1"),
            ("a1 poseer b1", "a1 possess b1"),
            ("a1 marcar b1", "a1 mark b1"),
        ] {
            let a = parse(alias, &Two, ParseContext::Acting).unwrap();
            let text = Notation {
                action: a,
                roster: &Two,
            }
            .to_string();
            assert_eq!(text, want);
        }
        assert!(parse("a1 hack", &Two, ParseContext::Acting).is_err());
        assert!(parse("a1 hack zz", &Two, ParseContext::Acting).is_err());
        assert!(parse("a1 counter-magic b1", &Two, ParseContext::Acting).is_err());
    }

    #[test]
    fn meta_round_trips_with_its_aliases_and_rejects_bad_text() {
        let a = Action::Act {
            who: 0,
            kind: ActKind::Meta { meta: 1, target: 1 },
            chain: true,
            face: None,
        };
        let text = Notation {
            action: a,
            roster: &Two,
        }
        .to_string();
        assert_eq!(text, "a1 meta m2 b1 +");
        assert_eq!(parse(&text, &Two, ParseContext::Acting), Ok(a));
        for alias in [
            "a1 usar_metahabilidad m2 b1 +",
            "a1 mantener_metahabilidad M2 b1+",
        ] {
            assert_eq!(parse(alias, &Two, ParseContext::Acting), Ok(a));
        }
        let other = Action::Act {
            who: 0,
            kind: ActKind::Meta { meta: 0, target: 1 },
            chain: true,
            face: None,
        };
        assert_ne!(a.key(), other.key());
        for bad in [
            "a1 meta",
            "a1 meta m1",
            "a1 meta b1",
            "a1 meta m0 b1",
            "a1 meta w1 b1",
            "a1 meta m1 zz",
            "a1 meta m1 b1 b1",
        ] {
            assert!(parse(bad, &Two, ParseContext::Acting).is_err(), "{bad}");
        }
    }
}
