//! Position files: an unvalidated [`Setup`] read from JSON, validated once into a [`State`];
//! and the way back, so that save then load is exact. The schema is documented in POSITIONS.md.

use crate::action::{parse, Action, CharIdx, ParseContext, Roster};
use crate::archetype::{MetaAbility, Object, Protection, Race, Transport, Weapon};
use crate::board::Board;
use crate::catalogue::{Catalogue, CharacterDef, CharacterSpec, Spec};
use crate::effect::{Effect, Who};
use crate::geom::{Facing, Pos, Side};
use crate::scenario::Scenario;
use crate::state::*;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// Characters picked for the initiative roll this turn.
    #[serde(default)]
    pub initiative: Vec<String>,
    /// The current activation.
    #[serde(default)]
    pub activation: Activation,
    /// The action declared before an early reaction window, in notation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared: Option<String>,
    /// Objective points scored so far (A, B).
    #[serde(default)]
    pub objective_points: [i32; 2],
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
];

impl Setup {
    /// Parses JSON text.
    ///
    /// # Errors
    /// A [`SetupError`] with serde's location and the name of the offending field.
    pub fn from_json(text: &str) -> Result<Setup, SetupError> {
        serde_json::from_str(text).map_err(|e| err("position", e.to_string()))
    }

    /// Reads a file.
    ///
    /// # Errors
    /// A [`SetupError`] when the file cannot be read or parsed.
    pub fn from_file(path: &Path) -> Result<Setup, SetupError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| err(path.display().to_string(), format!("cannot read: {e}")))?;
        Setup::from_json(&text)
            .map_err(|e| err(format!("{}: {}", path.display(), e.field), e.reason))
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

fn char_spec(c: &CharSetup) -> CharacterSpec {
    CharacterSpec {
        race: c.race.clone(),
        weapons: c.weapons.clone(),
        protections: c.protections.clone(),
        meta_abilities: c.meta_abilities.clone(),
        objects: c.objects.clone(),
        transports: c.transports.clone(),
    }
}

fn build_static(side: Side, n: usize, name: Option<String>, def: CharacterDef) -> CharStatic {
    let mut effects = Vec::new();
    let mut auras = Vec::new();
    let mut sort = |e: Effect, effects: &mut Vec<Effect>| match e {
        Effect::CheckMod {
            who: Who::AlliesWithin(_) | Who::EnemiesWithin(_),
            ..
        }
        | Effect::Reroll {
            who: Who::AlliesWithin(_) | Who::EnemiesWithin(_),
            ..
        }
        | Effect::AlliesEneAtStart(_) => auras.push(e),
        _ => effects.push(e),
    };
    for t in &def.race.traits {
        t.effects().for_each(|e| sort(e, &mut effects));
    }
    for p in &def.protections {
        p.traits
            .iter()
            .flat_map(|t| t.effects())
            .for_each(|e| sort(e, &mut effects));
    }
    for o in &def.objects {
        o.traits
            .iter()
            .flat_map(|t| t.effects())
            .for_each(|e| sort(e, &mut effects));
    }
    // The transport's traits are the rider's (Caballería on the Caballo).
    if let Some(t) = &def.transport {
        t.traits
            .iter()
            .flat_map(|t| t.effects())
            .for_each(|e| sort(e, &mut effects));
    }
    let weapon_effects: Vec<Vec<Effect>> = def
        .weapons
        .iter()
        .map(|w| w.traits.iter().flat_map(|t| t.effects()).collect())
        .collect();
    let meta_effects: Vec<Vec<Effect>> = def
        .meta_abilities
        .iter()
        .map(|m| m.traits.iter().flat_map(|t| t.effects()).collect())
        .collect();
    let magazine = def
        .weapons
        .iter()
        .zip(&weapon_effects)
        .map(|(w, fx)| {
            fx.iter()
                .find_map(|e| match e {
                    Effect::Magazine(k) => Some(if *k == 0 {
                        10u8.saturating_sub(w.dmg).max(1)
                    } else {
                        *k
                    }),
                    _ => None,
                })
                .unwrap_or(0)
        })
        .collect();
    let label = format!("{}{}", side.letter(), n + 1);
    CharStatic {
        side,
        name: name.unwrap_or_else(|| def.race.name.clone()),
        label,
        cost: def.cost(),
        con: def.race.con,
        agi: def.race.agi,
        int: def.race.int,
        vol: def.race.vol,
        mov: def.race.mov,
        effects,
        weapon_effects,
        meta_effects,
        auras,
        magazine,
        def,
    }
}

impl State {
    /// Validates a setup into a state. `base`: the directory of the position file, against
    /// which a catalogue path is resolved (default: the current directory).
    ///
    /// # Errors
    /// A [`SetupError`] naming the field and the rule broken.
    pub fn from_setup(s: &Setup, base: Option<&Path>) -> Result<State, SetupError> {
        let board = Board::from_rows(&s.board.rows, s.board.cover_def)
            .map_err(|e| err("board.rows", e.to_string()))?;
        let (catalogue, catalogue_ref) = match &s.catalogue {
            None => (Catalogue::shipped(), None),
            Some(CatalogueSetup::Inline(c)) => (c.clone(), None),
            Some(CatalogueSetup::Path(p)) => {
                let full: PathBuf = base.map(|b| b.join(p)).unwrap_or_else(|| PathBuf::from(p));
                let text = std::fs::read_to_string(&full).map_err(|e| {
                    err("catalogue", format!("cannot read {}: {e}", full.display()))
                })?;
                let c = Catalogue::from_json(&text)
                    .map_err(|e| err("catalogue", format!("{}: {e}", full.display())))?;
                (c, Some(p.clone()))
            }
        };
        catalogue
            .validate()
            .map_err(|e| err("catalogue", e.to_string()))?;
        let sc = &s.scenario;
        if sc.turn_limit == 0 {
            return Err(err("scenario.turn_limit", "must be at least 1"));
        }
        for (name, z) in [
            ("scenario.deploy_a", &sc.deploy_a),
            ("scenario.deploy_b", &sc.deploy_b),
        ] {
            if z.x0 > z.x1 || z.y0 > z.y1 || z.x1 >= board.width() || z.y1 >= board.height() {
                return Err(err(
                    name,
                    "the zone must have x0 ≤ x1 < width and y0 ≤ y1 < height",
                ));
            }
        }
        for (k, o) in sc.objectives.iter().enumerate() {
            if o.x >= board.width() || o.y >= board.height() {
                return Err(err(
                    format!("scenario.objectives[{k}]"),
                    "outside the board",
                ));
            }
        }
        let total = s.sides.a.len() + s.sides.b.len();
        if s.sides.a.is_empty() || s.sides.b.is_empty() {
            return Err(err("sides", "each side needs at least one character"));
        }
        if total > MAX_CHARACTERS {
            return Err(err(
                "sides",
                format!("{total} characters; at most {MAX_CHARACTERS}"),
            ));
        }
        let mut statics = Vec::with_capacity(total);
        let mut chars: SmallVec<[CharState; 12]> = SmallVec::new();
        for (side, list) in [(Side::A, &s.sides.a), (Side::B, &s.sides.b)] {
            let mut points = 0;
            for (n, c) in list.iter().enumerate() {
                let field = format!("sides.{side}[{n}]");
                let def = char_spec(c)
                    .resolve(&catalogue)
                    .map_err(|e| err(field.clone(), e.to_string()))?;
                if def.weapons.len() + def.protections.len() > MAX_EQUIPMENT {
                    return Err(err(
                        field,
                        format!("more than {MAX_EQUIPMENT} weapons and protections"),
                    ));
                }
                let info = build_static(side, n, c.name.clone(), def);
                points += info.cost;
                chars.push(CharState {
                    pos: Pos::new(c.at[0], c.at[1]),
                    facing: c.facing,
                    stance: c.stance,
                    ene: c.ene,
                    wounds: c.wounds,
                    stress: c.stress,
                    vol_loss: c.vol_loss,
                    trauma: c.trauma,
                    flags: 0,
                    bonus: c.bonus,
                    support: c.support,
                    mark: 0,
                    held_by: 0,
                    possessor: 0,
                    marker: 0,
                    waited: c.waited,
                    moved: c.moved,
                    wear: [0; MAX_EQUIPMENT],
                    ammo: [0; MAX_MAGAZINES],
                    dropped: 0,
                    carried: [0; MAX_CARRIED],
                    looted: c.looted,
                    spell: 0,
                    spell_by: 0,
                    kept: 0,
                    kept_on: 0,
                });
                statics.push(info);
            }
            if points > sc.points_limit {
                return Err(err(
                    format!("sides.{side}"),
                    format!(
                        "the list costs {points} points, over the scenario's limit of {}",
                        sc.points_limit
                    ),
                ));
            }
        }
        let any_auras = statics.iter().any(|c| !c.auras.is_empty());
        let mut st = State {
            st: Arc::new(crate::state::Static {
                board,
                catalogue,
                catalogue_ref,
                chars: statics,
                scenario: sc.clone(),
                name: s.name.clone(),
                description: s.description.clone(),
                any_auras,
            }),
            chars,
            turn: 1,
            phase: 10,
            advantage: Side::A,
            to_move: Side::A,
            init_pick: [None, None],
            pending: Pending::Initiative { side: Side::A },
            activation: Activation::default(),
            objective_points: [0, 0],
        };
        // Second pass: fields that name other characters, and the dynamic checks.
        let all: Vec<&CharSetup> = s.sides.a.iter().chain(&s.sides.b).collect();
        for (i, c) in all.iter().enumerate() {
            let idx = i as CharIdx;
            let field = format!(
                "sides.{}[{}]",
                st.home_side(idx),
                if i < s.sides.a.len() {
                    i
                } else {
                    i - s.sides.a.len()
                }
            );
            let p = Pos::new(c.at[0], c.at[1]);
            if !st.board().contains_pos(p) {
                return Err(err(
                    format!("{field}.at"),
                    format!(
                        "{p} is outside the {}×{} board",
                        st.board().width(),
                        st.board().height()
                    ),
                ));
            }
            // A swimmer stands in deep water; a body fallen into a gap lies there, off the table
            // (Nadar, Salto de longitud: RULES.md, MOVIMIENTO).
            let t = st.board().terrain(p);
            let fallen =
                t == crate::board::Terrain::Gap && all[i].status.iter().any(|s| s == "removed");
            if !st.board().passable(p) && t != crate::board::Terrain::Water && !fallen {
                return Err(err(
                    format!("{field}.at"),
                    format!(
                        "{p} is {:?}, which no base can stand on",
                        st.board().terrain(p)
                    ),
                ));
            }
            // Casualties are off the table (RULES.md): an able base may stand on their square.
            let casualty = |k: usize| {
                all[k].wounds >= st.info(k as CharIdx).con
                    || all[k]
                        .status
                        .iter()
                        .any(|s| s == "unconscious" || s == "knocked_out")
            };
            if let Some(j) = (0..i).find(|&j| all[j].at == c.at && !casualty(i) && !casualty(j)) {
                return Err(err(
                    format!("{field}.at"),
                    format!(
                        "{p} is already taken by {} (bases never overlap)",
                        st.label(j as CharIdx)
                    ),
                ));
            }
            if !(-10..=10).contains(&c.ene) {
                return Err(err(
                    format!("{field}.ene"),
                    format!("{} is outside −10..=10", c.ene),
                ));
            }
            let con = st.info(idx).con;
            if c.wounds > con + 1 {
                return Err(err(
                    format!("{field}.wounds"),
                    format!("{} is more than CON + 1 ({})", c.wounds, con + 1),
                ));
            }
            let slots = st.info(idx).def.weapons.len() + st.info(idx).def.protections.len();
            if c.wear.len() > slots {
                return Err(err(
                    format!("{field}.wear"),
                    format!(
                        "{} entries for {slots} weapons and protections",
                        c.wear.len()
                    ),
                ));
            }
            let mut flags = 0;
            for name in &c.status {
                let bit = STATUS_NAMES
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, b)| *b)
                    .ok_or_else(|| {
                        err(
                            format!("{field}.status"),
                            format!("unknown status \"{name}\""),
                        )
                    })?;
                flags |= bit;
            }
            let nw = st.info(idx).def.weapons.len();
            for &w in &c.dropped {
                if w as usize >= nw.min(8) {
                    return Err(err(format!("{field}.dropped"), format!("no weapon {w}")));
                }
            }
            let mags = st.info(idx).magazine.clone();
            let find = |label: &Option<String>, what: &str| -> Result<u8, SetupError> {
                match label {
                    None => Ok(0),
                    Some(l) => st.find(l).ok_or_else(|| {
                        err(format!("{field}.{what}"), format!("no character \"{l}\""))
                    }),
                }
            };
            let mark = find(&c.mark, "mark")?;
            let held_by = find(&c.held_by, "held_by")?;
            let possessor = find(&c.possessor, "possessor")?;
            let marker = find(&c.marker, "marker")?;
            // «LABEL mN» / «mN LABEL»: a character and one of the caster's meta-abilities.
            let meta_ref = |text: &Option<String>, what: &str, meta_first: bool| {
                let Some(t) = text else {
                    return Ok((0u8, 0u8));
                };
                let bad = |why: &str| err(format!("{field}.{what}"), format!("\"{t}\": {why}"));
                let (a, b) = t.trim().split_once(' ').ok_or_else(|| bad("two words"))?;
                let (m, l) = if meta_first { (a, b) } else { (b, a) };
                let j = st.find(l.trim()).ok_or_else(|| bad("no such character"))?;
                let caster = if meta_first { idx } else { j };
                let n: u8 = m
                    .trim()
                    .strip_prefix('m')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|&n| n >= 1 && n as usize <= st.info(caster).def.meta_abilities.len())
                    .ok_or_else(|| bad("not a meta-ability mN of the caster"))?;
                Ok((n, j))
            };
            let (spell, spell_by) = meta_ref(&c.spell, "spell", false)?;
            let (kept, kept_on) = meta_ref(&c.kept, "kept", true)?;
            if c.carried.len() > MAX_CARRIED {
                return Err(err(
                    format!("{field}.carried"),
                    format!("at most {MAX_CARRIED} items"),
                ));
            }
            let mut carried = [0u16; MAX_CARRIED];
            for (k, item) in c.carried.iter().enumerate() {
                let bad = |why: &str| err(format!("{field}.carried"), format!("\"{item}\": {why}"));
                let (owner, w) = item
                    .split_once(' ')
                    .ok_or_else(|| bad("not \"LABEL wN\""))?;
                let o = st
                    .find(owner.trim())
                    .ok_or_else(|| bad("no such character"))?;
                let ow: u8 = w
                    .trim()
                    .strip_prefix('w')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| bad("not a weapon wN"))?
                    - 1;
                let nw = st.info(o).def.weapons.len();
                if o as usize == idx as usize || ow as usize >= nw.min(8) {
                    return Err(bad("not a weapon of another character"));
                }
                carried[k] = 1 + o as u16 * 8 + ow as u16;
            }
            let ch = &mut st.chars[i];
            ch.flags = flags;
            ch.mark = mark;
            ch.held_by = held_by;
            ch.possessor = possessor;
            ch.marker = marker;
            ch.carried = carried;
            (ch.spell, ch.spell_by, ch.kept, ch.kept_on) = (spell, spell_by, kept, kept_on);
            for (k, w) in c.wear.iter().enumerate() {
                ch.wear[k] = *w;
            }
            for &w in &c.dropped {
                ch.dropped |= 1 << w;
            }
            for (k, &mag) in mags.iter().enumerate().take(MAX_MAGAZINES) {
                ch.ammo[k] = match &c.ammo {
                    Some(v) => v.get(k).copied().unwrap_or(mag).min(mag),
                    None => mag,
                };
            }
        }
        // A carried item is out of its owner's hands (`dropped`) and carried by one character.
        let mut seen: Vec<u16> = Vec::new();
        for i in st.indices() {
            for &k in st.chars[i as usize].carried.iter().filter(|&&k| k != 0) {
                let (o, w) = (((k - 1) >> 3) as usize, (k - 1) & 7);
                let side = st.side_of(i);
                let n = st
                    .indices()
                    .filter(|&j| j < i && st.side_of(j) == side)
                    .count();
                let field = format!("sides.{side}[{n}].carried");
                if st.chars[o].dropped & (1 << w) == 0 {
                    return Err(err(
                        field,
                        format!(
                            "{} w{} is still in its owner's hands",
                            st.info(o as CharIdx).label,
                            w + 1
                        ),
                    ));
                }
                if seen.contains(&k) {
                    return Err(err(field, "an item carried twice".to_string()));
                }
                seen.push(k);
            }
        }
        if let Some(g) = &s.game {
            if g.turn == 0 || g.turn > sc.turn_limit {
                return Err(err(
                    "game.turn",
                    format!("{} is outside 1..={}", g.turn, sc.turn_limit),
                ));
            }
            if !(1..=10).contains(&g.phase) {
                return Err(err("game.phase", format!("{} is outside 1..=10", g.phase)));
            }
            let n = st.chars.len() as u32;
            let bad = |i: CharIdx| (i as u32) >= n;
            let ok = match g.decision {
                Pending::Act { actor } => !bad(actor),
                Pending::Window { actor, open, .. } => !bad(actor) && (open >> n) == 0,
                Pending::MentalCombat {
                    defender, hacker, ..
                } => !bad(defender) && !bad(hacker),
                Pending::Reaction {
                    reactor,
                    actor,
                    open,
                    ..
                } => !bad(reactor) && !bad(actor) && (open >> n) == 0,
                _ => true,
            };
            if !ok {
                return Err(err(
                    "game.decision",
                    "names a character that does not exist",
                ));
            }
            if (g.activation.vol_failed >> n) != 0 {
                return Err(err(
                    "game.activation.vol_failed",
                    "names a character that does not exist",
                ));
            }
            st.turn = g.turn;
            st.phase = g.phase;
            st.advantage = g.advantage;
            st.to_move = g.to_move;
            st.pending = g.decision;
            st.activation = g.activation;
            st.objective_points = g.objective_points;
            for l in &g.initiative {
                let i = st
                    .find(l)
                    .ok_or_else(|| err("game.initiative", format!("no character \"{l}\"")))?;
                st.init_pick[st.home_side(i).index()] = Some(i);
            }
            if let Some(text) = &g.declared {
                let a = parse(text, &st, ParseContext::Acting)
                    .map_err(|e| err("game.declared", e.to_string()))?;
                st.activation.declared = Some(a);
            }
        }
        if !st.is_terminal() {
            let mut buf = Vec::new();
            st.legal_actions(&mut buf);
            if buf.is_empty() {
                return Err(err(
                    "game.decision",
                    format!(
                        "nothing is legal from this decision ({})",
                        st.describe_decision()
                    ),
                ));
            }
        }
        Ok(st)
    }

    /// Loads a position file.
    ///
    /// # Errors
    /// A [`SetupError`] naming the file, the field and the reason.
    pub fn load(path: &Path) -> Result<State, SetupError> {
        let s = Setup::from_file(path)?;
        State::from_setup(&s, path.parent())
            .map_err(|e| err(format!("{}: {}", path.display(), e.field), e.reason))
    }

    /// The setup that loads back into this exact state.
    pub fn to_setup(&self) -> Setup {
        let cat = &self.st.catalogue;
        let mut sides: [Vec<CharSetup>; 2] = [Vec::new(), Vec::new()];
        for i in self.indices() {
            let info = self.info(i);
            let c = self.ch(i);
            let spec = info.def.to_spec(cat);
            let slots = info.def.weapons.len() + info.def.protections.len();
            let mut wear: Vec<u8> = c.wear[..slots.min(MAX_EQUIPMENT)].to_vec();
            while wear.last() == Some(&0) {
                wear.pop();
            }
            let mags = &info.magazine;
            let full = (0..mags.len().min(MAX_MAGAZINES)).all(|k| c.ammo[k] == mags[k]);
            let label = |x: u8, on: bool| if on { Some(self.label(x)) } else { None };
            let marked = c.has(CHARGING | SURPRISING | COUNTERCHARGE | DODGE | COUNTER_MAGIC);
            sides[info.side.index()].push(CharSetup {
                name: if info.name == info.def.race.name {
                    None
                } else {
                    Some(info.name.clone())
                },
                race: spec.race,
                weapons: spec.weapons,
                protections: spec.protections,
                meta_abilities: spec.meta_abilities,
                objects: spec.objects,
                transports: spec.transports,
                at: [c.pos.x, c.pos.y],
                facing: c.facing,
                stance: c.stance,
                ene: c.ene,
                wounds: c.wounds,
                stress: c.stress,
                vol_loss: c.vol_loss,
                trauma: c.trauma,
                status: STATUS_NAMES
                    .iter()
                    .filter(|(_, b)| c.flags & b != 0)
                    .map(|(n, _)| n.to_string())
                    .collect(),
                wear,
                ammo: if full {
                    None
                } else {
                    Some(c.ammo[..mags.len().min(MAX_MAGAZINES)].to_vec())
                },
                dropped: (0..8u8).filter(|w| c.dropped & (1 << w) != 0).collect(),
                carried: c
                    .carried
                    .iter()
                    .filter(|&&k| k != 0)
                    .map(|&k| {
                        let (o, w) = (((k - 1) >> 3) as CharIdx, (k - 1) & 7);
                        format!("{} w{}", self.info(o).label, w + 1)
                    })
                    .collect(),
                looted: c.looted,
                bonus: c.bonus,
                support: c.support,
                mark: label(c.mark, marked),
                held_by: label(c.held_by, c.has(IMMOBILISED)),
                possessor: label(c.possessor, c.has(POSSESSED)),
                marker: label(c.marker, c.has(MARKED)),
                spell: (c.spell != 0).then(|| format!("{} m{}", self.label(c.spell_by), c.spell)),
                kept: (c.kept != 0).then(|| format!("m{} {}", c.kept, self.label(c.kept_on))),
                waited: c.waited,
                moved: c.moved,
            });
        }
        let [a, b] = sides;
        let fresh = self.turn == 1
            && self.pending == Pending::Initiative { side: Side::A }
            && self.init_pick == [None, None]
            && self.objective_points == [0, 0];
        Setup {
            name: self.st.name.clone(),
            description: self.st.description.clone(),
            board: BoardSetup {
                rows: self.board().to_rows(),
                cover_def: self.board().cover_def(),
            },
            catalogue: self
                .st
                .catalogue_ref
                .clone()
                .map(CatalogueSetup::Path)
                .or_else(|| {
                    if *cat == Catalogue::shipped() {
                        None
                    } else {
                        Some(CatalogueSetup::Inline(cat.clone()))
                    }
                }),
            scenario: self.st.scenario.clone(),
            sides: SidesSetup { a, b },
            game: if fresh {
                None
            } else {
                Some(GameSetup {
                    turn: self.turn,
                    phase: self.phase,
                    advantage: self.advantage,
                    to_move: self.to_move,
                    decision: self.pending,
                    initiative: self
                        .init_pick
                        .iter()
                        .flatten()
                        .map(|&i| self.label(i))
                        .collect(),
                    activation: Activation {
                        declared: None,
                        ..self.activation
                    },
                    declared: self.activation.declared.map(|a| self.notation_plain(&a)),
                    objective_points: self.objective_points,
                })
            },
        }
    }

    fn notation_plain(&self, a: &Action) -> String {
        self.notation(a)
    }
}
