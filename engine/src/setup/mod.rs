//! Position files: an unvalidated [`Setup`] read from JSON, validated once into a [`State`];
//! and the way back, so that save then load is exact. The schema is documented in POSITIONS.md.

use crate::basics::action::{Action, CharIdx, Roster};
use crate::basics::board::Board;
use crate::basics::geom::{Facing, Pos, Side};
use crate::creation::archetype::{MetaAbility, Object, Protection, Race, Transport, Weapon};
use crate::creation::catalogue::{Catalogue, CharacterDef, CharacterSpec, Spec};
use crate::creation::effect::{Effect, Who};
use crate::scenario::Scenario;
use crate::state::*;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod build;
mod declared;
mod doors;
pub mod file;
mod hacked;
mod items;
mod negation;
mod objects_off;
pub mod plain;
mod ranges;
mod save;
mod statics;
mod trait_state;
pub use trait_state::{RunsSetup, TRAIT_STATUS_NAMES};
mod transport;
pub use transport::{seats, TransportSetup};

pub use file::{read_bytes, read_text, MAX_FILE_BYTES};

/// Why a position file could not be loaded: the field and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The failing part, as a path (`sides.A[2].at`).
    pub field: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.reason)
    }
}

impl std::error::Error for SetupError {}

fn err(field: impl Into<String>, reason: impl Into<String>) -> SetupError {
    SetupError {
        field: field.into(),
        reason: reason.into(),
    }
}

/// The board as text rows (see `board.rs` for the symbols).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSetup {
    /// One string per row, top to bottom.
    pub rows: Vec<String>,
    /// DEF of terrain cover for the first CH DEF against a target 100 % in cover.
    #[serde(default = "default_cover_def")]
    pub cover_def: u8,
    /// Terrain heights in K (MOVIMIENTO / Alturas de movimiento): one string per row, one digit
    /// `0`..=`9` per square. Absent: a flat board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heights: Option<Vec<String>>,
}

fn default_cover_def() -> u8 {
    5
}

/// Where the archetypes named by the characters come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CatalogueSetup {
    /// A path to a catalogue JSON file, relative to the position file.
    Path(String),
    /// The catalogue itself.
    Inline(Catalogue),
}

/// One character of a position file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharSetup {
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Race: a catalogue name or an inline race.
    pub race: Option<Spec<Race>>,
    /// Weapons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<Spec<Weapon>>,
    /// Protections.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub protections: Vec<Spec<Protection>>,
    /// Meta-abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub meta_abilities: Vec<Spec<MetaAbility>>,
    /// Objects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<Spec<Object>>,
    /// Transports (0 or 1).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transports: Vec<Spec<Transport>>,
    /// Square `[x, y]`.
    pub at: [u8; 2],
    /// Facing.
    #[serde(default = "default_facing")]
    pub facing: Facing,
    /// Stance.
    #[serde(default, skip_serializing_if = "is_default")]
    pub stance: Stance,
    /// ENE.
    #[serde(default, skip_serializing_if = "is_default")]
    pub ene: i8,
    /// Wounds.
    #[serde(default, skip_serializing_if = "is_default")]
    pub wounds: u8,
    /// Stress.
    #[serde(default, skip_serializing_if = "is_default")]
    pub stress: u8,
    /// Permanent VOL loss.
    #[serde(default, skip_serializing_if = "is_default")]
    pub vol_loss: u8,
    /// Maluses gained from CH LOC.
    #[serde(default, skip_serializing_if = "is_default")]
    pub trauma: u8,
    /// Status names (see POSITIONS.md): `panic`, `acted`, `hidden`, …
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub status: Vec<String>,
    /// Wounds of each piece of equipment, weapons then protections.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wear: Vec<u8>,
    /// Shots left per weapon with a magazine (default: full).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammo: Option<Vec<u8>>,
    /// Dropped weapons (indices, 0-based).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<u8>,
    /// Items carried from other characters (Comerciar, Saquear), each `"LABEL wN"`: the owner's
    /// label and the owner's weapon (`"b2 w1"`); they follow its own weapons in its weapon
    /// numbering. At most 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<String>,
    /// Items looted this turn (Saquear: CH AGI −1 each until the end of the turn).
    #[serde(default, skip_serializing_if = "is_default")]
    pub looted: u8,
    /// Concentrarse bonus accumulated.
    #[serde(default, skip_serializing_if = "is_default")]
    pub bonus: i8,
    /// Apoyar bonus for the next check.
    #[serde(default, skip_serializing_if = "is_default")]
    pub support: i8,
    /// The character a charge / surprise / countercharge / dodge refers to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<String>,
    /// Who immobilised it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held_by: Option<String>,
    /// Who possesses it (status `possessed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub possessor: Option<String>,
    /// Who marked it (status `marked`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<String>,
    /// The meta-ability in force on it, `"LABEL mN"`: who cast it and which of its
    /// meta-abilities (status `spell_self` when it cast it on itself).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<String>,
    /// The meta-ability it may keep (Mantener), `"mN LABEL"`: which and on whom (status
    /// `kept_now` when cast or kept this turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<String>,
    /// Phase after which a waiting character may act.
    #[serde(default, skip_serializing_if = "is_default")]
    pub waited: u8,
    /// Kliks moved this turn.
    #[serde(default, skip_serializing_if = "is_default")]
    pub moved: u8,
    /// Objects used up (indices, 0-based: a single-use object once used).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used_objects: Vec<u8>,
    /// Movement altitude: −1, 1 (default), 2, 3 or 4 (MOVIMIENTO / Alturas de movimiento).
    #[serde(default = "default_altitude", skip_serializing_if = "is_ground")]
    pub altitude: i8,
    /// The transport it is aboard (`t1`, POSITIONS.md "transports"); its `at` is the
    /// transport's square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aboard: Option<String>,
    /// Maná left this turn (default: full, its Maná's N; `setup::trait_state`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<u8>,
    /// Poder gathered (Poderoso), 0..=10.
    #[serde(default, skip_serializing_if = "is_default")]
    pub power: u8,
    /// The target it marked with Marcador de objetivos (a label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aimed: Option<String>,
    /// Where its smoke (Humo) stands, `[x, y]` (status `smoking` while it does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smoke: Option<[u8; 2]>,
    /// What its stateful traits keep (shield levels lost, runs of shots, Ira …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs: Option<RunsSetup>,
}

fn default_altitude() -> i8 {
    ALT_GROUND
}

fn is_ground(a: &i8) -> bool {
    *a == ALT_GROUND
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

fn default_facing() -> Facing {
    Facing::N
}

/// The two lists.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SidesSetup {
    /// Side A.
    #[serde(rename = "A")]
    pub a: Vec<CharSetup>,
    /// Side B.
    #[serde(rename = "B")]
    pub b: Vec<CharSetup>,
}

/// Where in the sequence of play the position stands. Absent: the start of turn 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    /// Turn (1-based).
    pub turn: u8,
    /// Phase 10..=1.
    pub phase: u8,
    /// Side with the advantage.
    pub advantage: Side,
    /// Side whose turn it is to activate in this phase.
    pub to_move: Side,
    /// The decision awaited (character indices are 0-based, side A first).
    pub decision: Pending,
    /// Characters picked for the initiative roll this turn: `[A's, B's]` (either `null` when
    /// that side has not picked), or a single label for the side it belongs to. A possessed
    /// character is picked by its possessor's side, so two entries say the slot exactly.
    #[serde(default)]
    pub initiative: Vec<Option<String>>,
    /// The current activation.
    #[serde(default)]
    pub activation: Activation,
    /// The action declared before an early reaction window, in notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<String>,
    /// Objective points scored so far (A, B).
    #[serde(default)]
    pub objective_points: [i32; 2],
    /// Bombs lying on the board (Soltar of a bomb): owner index (0-based, side A first), the
    /// owner's weapon index (0-based), square, armed, and the mini that tripped it, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bombs: Vec<crate::state::Bomb>,
    /// Lasting areas (Área permanente, Munición radiactiva): owner index, DAÑ, and the squares
    /// covered (`true`: wholly).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<crate::state::Lasting>,
    /// Share G's trait marks (Control del CHI, Cóctel de vitaminas, Droga, Desafiante,
    /// Desaparecer, Avatar, Señuelo): only the characters with any set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trait_marks: Vec<crate::state::TraitMarks>,
    /// Señuelo: the decoy whose activation is under way and the position it started from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decoy: Option<DecoySetup>,
    /// Body records (Miembros prescindibles, Magia: resucitar), one per character that has
    /// one (`state::body`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bodies: Vec<BodySetup>,
}

/// Señuelo's snapshot in a position file (`game.decoy`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DecoySetup {
    /// The decoy (0-based, side A first).
    pub who: CharIdx,
    /// The position as its activation started.
    pub position: Box<Setup>,
}

/// One character's body record in a position file (`game.bodies`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodySetup {
    /// The character (`a1`).
    pub who: String,
    /// Wounds on its expendable limbs: left arm, right arm, left leg, right leg (Miembros
    /// prescindibles; each at most CON/2, where the limb is lost).
    #[serde(default, skip_serializing_if = "is_default")]
    pub limbs: [u8; crate::state::LIMBS],
    /// A corpse raised by Magia: resucitar (on its possessor's side for good).
    #[serde(default, skip_serializing_if = "is_default")]
    pub raised: bool,
    /// Its Mascota mágica's bonus has been used (once per game).
    #[serde(default, skip_serializing_if = "is_default")]
    pub pet_used: bool,
    /// Tied with steel (manacles: Desatarse needs two criticals in a row; status `tied`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub steel: bool,
    /// Its last Desatarse against steel was a critical (one of the two in a row).
    #[serde(default, skip_serializing_if = "is_default")]
    pub steel_streak: bool,
}

/// A position file, unvalidated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Name.
    pub name: String,
    /// Free text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Board.
    pub board: BoardSetup,
    /// Catalogue (default: the shipped one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalogue: Option<CatalogueSetup>,
    /// Scenario.
    pub scenario: Scenario,
    /// Lists.
    pub sides: SidesSetup,
    /// Sequence of play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameSetup>,
    /// Hostile zones (Ambiente hostil, POSITIONS.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hostile: Vec<crate::environment::hostile::zone::ZoneSetup>,
    /// Scenario elements a character may search (Buscar, POSITIONS.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub elements: Vec<crate::scenario::elements::ElementSetup>,
    /// Items lying on the ground (POSITIONS.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ground: Vec<crate::scenario::elements::GroundSetup>,
    /// Transports on the board (CREACIÓN DE TRANSPORTES, POSITIONS.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transports: Vec<TransportSetup>,
    /// Hacked objects: carried objects and ground weapons with stress, wounds or switched off
    /// (Corromper / Poseer, POSITIONS.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hacked: Vec<hacked::HackedSetup>,
}

/// Status names in files, and their bits.
pub const STATUS_NAMES: &[(&str, Flags)] = &[
    ("acted", ACTED),
    ("panic", PANIC),
    ("hidden", HIDDEN),
    ("guard", GUARD),
    ("sprinted", SPRINTED),
    ("knocked_out", KNOCKED_OUT),
    ("immobilised", IMMOBILISED),
    ("tied", TIED),
    ("removed", REMOVED),
    ("psi_critical", PSI_CRITICAL),
    ("bullet_time", BULLET_TIME),
    ("fast", FAST),
    ("energised", ENERGISED),
    ("ran", RAN),
    ("sprint_next", SPRINT_NEXT),
    ("silent", SILENT),
    ("countercharge", COUNTERCHARGE),
    ("charging", CHARGING),
    ("surprising", SURPRISING),
    ("waiting", WAITING),
    ("concentrating", CONCENTRATING),
    ("unconscious", UNCONSCIOUS),
    ("sprint_used", SPRINT_USED),
    ("dodge", DODGE),
    ("counter_magic", COUNTER_MAGIC),
    ("possessed", POSSESSED),
    ("marked", MARKED),
    ("spell_self", SPELL_SELF),
    ("kept_now", KEPT_NOW),
    ("void_used", VOID_USED),
    ("high_still", HIGH_STILL),
    ("off_table", OFF_TABLE),
];

impl Setup {
    /// Parses JSON text.
    ///
    /// # Errors
    /// A [`SetupError`] naming the field as a path (`sides.A[0].wear[1]`; `position` for the
    /// whole text), what was found and what is allowed, with the line and column.
    pub fn from_json(text: &str) -> Result<Setup, SetupError> {
        plain::from_json(text, "position")
    }

    /// Reads a file.
    ///
    /// # Errors
    /// A [`SetupError`] when the file cannot be read or parsed.
    pub fn from_file(path: &Path) -> Result<Setup, SetupError> {
        let text =
            read_text(path, MAX_FILE_BYTES).map_err(|e| err(path.display().to_string(), e))?;
        Setup::from_json(&text)
            .map_err(|e| err(format!("{}: {}", path.display(), e.field), e.reason))
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

impl State {}
