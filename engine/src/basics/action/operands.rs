//! The operands of actions that are not characters or squares (ACCIONES): how a shot is made
//! (ACCIONES DE COMBATE, Ataque a distancia), an object hacked or possessed and what is done to
//! it (METAHABILIDADES: Corromper / Poseer), and the vertical movements on foot (MOVIMIENTO,
//! Alturas). [`ActKind`](super::ActKind) carries them.

use super::CharIdx;

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

impl ShotMode {
    /// Every mode, in code order.
    pub const ALL: [ShotMode; 5] = [
        ShotMode::Normal,
        ShotMode::Long,
        ShotMode::Wide,
        ShotMode::IntoMelee,
        ShotMode::Blind,
    ];

    /// The verb of a shot in this mode (`shoot`, `shoot-long`, …), a character's weapon's or a
    /// mounted one's.
    pub fn verb(self) -> &'static str {
        match self {
            ShotMode::Normal => "shoot",
            ShotMode::Long => "shoot-long",
            ShotMode::Wide => "shoot-wide",
            ShotMode::IntoMelee => "shoot-melee",
            ShotMode::Blind => "shoot-blind",
        }
    }

    /// The mode a shot verb names; `None` for another verb.
    pub fn from_verb(verb: &str) -> Option<ShotMode> {
        ShotMode::ALL.into_iter().find(|m| m.verb() == verb)
    }
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

/// Cambiar de altitud / Despegar / aterrizar is
/// [`ActKind::ChangeAltitude`](super::ActKind::ChangeAltitude).
///
/// The vertical movement actions on foot ([`ActKind::Vertical`](super::ActKind::Vertical)).
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
