//! The game state: a shared, immutable part (board, rosters, scenario) behind an `Arc`, and a
//! small dynamic part per character that is cheap to clone for search.

use crate::basics::action::{Action, CharIdx, Roster};
use crate::basics::board::Board;
use crate::basics::geom::{Facing, Pos, Side};
use crate::creation::archetype::Material;
use crate::creation::catalogue::{Catalogue, CharacterDef};
use crate::creation::effect::{CheckKind, Effect, Scope, Stat, Who};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

mod char_vec;
mod character;
pub use char_vec::{CharVec, CopyVec};
pub use character::*;
mod pending;
pub use pending::*;
mod body;
pub use body::*;
mod bomb;
mod lasting;
pub use lasting::Lasting;
mod condition;
mod doors;
mod objects_off;
pub use doors::{CLOSED_DOOR, OPEN_DOOR};
mod hacked;
mod height;
mod sight_memo;
pub use crate::scenario::elements::ElementHack;
pub use hacked::{Control, Hacked, ObjectMind};
pub use height::altitudes_interact;
mod modifiers;
pub use bomb::Bomb;
mod trait_marks;
mod trait_runs;
pub use trait_marks::*;
pub mod trait_states;
mod traits_in_play;
mod transport;
pub use transport::*;
pub(crate) mod weapons;
pub use modifiers::{check_matches, plain_def_check, scope_matches};
#[cfg(test)]
mod tests;

/// Most weapons + protections a character may carry (equipment wear slots).
pub const MAX_EQUIPMENT: usize = 8;
/// Most weapons with magazines tracked per character.
pub const MAX_MAGAZINES: usize = 4;
/// Most characters in one position (both sides).
pub const MAX_CHARACTERS: usize = 32;
/// Most items a character carries that were another character's (Comerciar, Saquear).
pub const MAX_CARRIED: usize = 2;

/// ENE bounds (REACCIONES: "hasta llegar a ENE −10"; ENERGÍA: "hasta un máx. de 10").
pub const ENE_MIN: i8 = -10;
/// Maximum ENE.
pub const ENE_MAX: i8 = 10;

/// The immutable part of a game, shared by every state of that game (a door opened or closed
/// gives the game a new one: `state::doors`).
#[derive(Clone, Debug)]
pub struct Static {
    /// The board.
    pub board: Board,
    /// The catalogue the position named its archetypes from.
    pub catalogue: Catalogue,
    /// Where the catalogue came from (saved back into position files).
    pub catalogue_ref: Option<String>,
    /// The characters, side A first.
    pub chars: Vec<CharStatic>,
    /// The scenario.
    pub scenario: Scenario,
    /// Position name.
    pub name: String,
    /// Position description (saved back into position files).
    pub description: String,
    /// Whether any character has an aura (skips proximity scans when not).
    pub any_auras: bool,
    /// Whether any character, in any of its records (`object_variants` too), has Grito
    /// berserker's aura (`Effect::ChargeReach` for its allies): Cargar's reach reads no ally's
    /// auras when not (`State::charge_reach`, asked by every movement list).
    pub any_charge_aura: bool,
    /// Whether any character carries a Distorsión (skips the scan of every CH ATR when not).
    pub any_distortion: bool,
    /// Whether any character, in any of its records (`object_variants` too), is Apestoso: skips
    /// the allies' loop of every movement list when not (`actions::movement::stench`).
    pub any_stinky: bool,
    /// Hostile zones (Ambiente hostil), in file order.
    pub hostile: Vec<crate::environment::hostile::zone::Zone>,
    /// Scenario elements (Buscar), in file order.
    pub elements: Vec<crate::scenario::elements::Element>,
    /// Transports on the board (CREACIÓN DE TRANSPORTES), in file order; empty for most.
    pub transports: Vec<TransportStatic>,
    /// Control del CHI: the characters that have it, one bit per index (0 in most positions).
    pub chi_holders: u32,
    /// Whether a character has one of share G's actions (Cóctel de vitaminas, Desafiante,
    /// Desaparecer, Señuelo; a neuromante with an Avatar on its side): skips them when not.
    pub share_g: bool,
    /// The static records of characters whose carried objects with traits are switched off or
    /// wrecked, built at setup (`state::objects_off`); empty when nobody carries such an object.
    pub object_variants: Vec<ObjectVariant>,
    /// Which of those objects are off in this shared part, per holder (no entry: none).
    pub objects_off: Vec<(CharIdx, u8)>,
    /// Whether a character has Incorpóreo (`actions::incorporeal`): skips its filter when not.
    pub any_phase: bool,
    /// Whether a character sees through opaque obstacles (Meta visión): skips the check when
    /// not.
    pub any_see_through: bool,
}

/// A character's static record with the traits of some of its carried objects left out
/// (`state::objects_off`).
#[derive(Clone, Debug)]
pub struct ObjectVariant {
    /// The holder.
    pub who: CharIdx,
    /// The objects left out, a bit per object index.
    pub mask: u8,
    /// Its record without their traits (its `def` and points as written).
    pub info: CharStatic,
}

/// The whole game state.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) st: Arc<Static>,
    pub(crate) chars: CharVec,
    pub(crate) turn: u8,
    pub(crate) phase: u8,
    pub(crate) advantage: Side,
    pub(crate) to_move: Side,
    pub(crate) init_pick: [Option<CharIdx>; 2],
    pub(crate) pending: Pending,
    pub(crate) activation: Activation,
    pub(crate) objective_points: [i32; 2],
    /// Bombs lying on the board (`actions::combat::bombs`).
    pub(crate) bombs: Vec<Bomb>,
    /// Each hostile zone's level and harm this turn (`None`: variable, not rolled yet).
    pub(crate) hostile_now: CopyVec<[Option<crate::environment::hostile::zone::Rolled>; 2]>,
    /// Items lying on the ground: the item (`1 + owner × 8 + weapon`) and its square.
    pub(crate) ground: CopyVec<[(u16, Pos); 2]>,
    /// The scenario elements already searched (bit per element).
    pub(crate) searched: u8,
    /// Objects used up (Usar of a single-use object): `character × 8 + object`.
    pub(crate) used_objects: CopyVec<[u16; 2]>,
    /// Transports on the board (`state::transport`); an empty `Vec` clones for free.
    pub(crate) transports: Vec<TransportState>,
    /// Lasting areas (Área permanente, Munición radiactiva: `actions::combat::area_traits`).
    pub(crate) lasting: Vec<Lasting>,
    /// Minis that entered a lasting area during the current action: (area, mini), hit at its
    /// end as a tripped bomb.
    pub(crate) lasting_due: CopyVec<[(u8, CharIdx); 2]>,
    /// Objects hacked or possessed (`state::hacked`); empty in most games.
    pub(crate) hacked: Hacked,
    /// Share G's trait marks (`state::trait_marks`), one per character once any is set; an
    /// empty `Vec` clones for free.
    pub(crate) trait_marks: MarkRecord,
    /// Body records (`state::body`: Miembros prescindibles, Magia: resucitar); empty until a
    /// rule writes one.
    pub(crate) bodies: Vec<Body>,
}

impl State {
    /// A 64-bit fingerprint of everything that changes during a game (characters, turn, phase,
    /// initiative, the pending decision, the activation, objective points), for searches that
    /// want to know whether a sampled state is the one they have seen: two states of one game
    /// with equal fingerprints are, up to a 64-bit collision, equal, so their legal actions are
    /// the same. The shared part (board, scenario, rosters) is not hashed.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = crate::basics::dice::FxHasher::default();
        h.write_usize(self.chars.len());
        for c in self.chars.iter() {
            let w = c.words();
            for x in &w[..6] {
                h.write_u64(*x);
            }
            // The high trait states (Órdenes, Sobrecalentamiento) only when set: a state
            // without them keeps the fingerprint it had before they existed.
            if w[6] != 0 {
                h.write_u64(w[6]);
            }
            let run = c.run.words();
            if run != [0, 0] {
                run.iter().for_each(|&w| h.write_u64(w));
            }
        }
        (self.turn, self.phase, self.advantage, self.to_move).hash(&mut h);
        self.init_pick.hash(&mut h);
        self.pending.hash(&mut h);
        self.activation.hash(&mut h);
        self.objective_points.hash(&mut h);
        if !self.bombs.is_empty() {
            self.bombs.hash(&mut h);
        }
        self.hostile_now.hash(&mut h);
        self.ground.hash(&mut h);
        self.searched.hash(&mut h);
        self.used_objects.hash(&mut h);
        if !self.transports.is_empty() {
            self.transports.hash(&mut h);
        }
        if !self.lasting.is_empty() {
            self.lasting.hash(&mut h);
        }
        if self.hacked != Hacked::default() {
            self.hacked.hash(&mut h);
        }
        if self.trait_marks.per.iter().any(|m| !m.is_clear()) {
            self.trait_marks.per.hash(&mut h);
        }
        if let Some((w, snap)) = &self.trait_marks.decoy {
            h.write_u8(*w);
            h.write_u64(snap.fingerprint());
        }
        // Body records only when one holds something: other positions keep their fingerprints.
        if self.any_body() {
            self.bodies.hash(&mut h);
        }
        // The Fx state is a bijective fold; SplitMix64 spreads it over all 64 bits.
        crate::basics::dice::splitmix64(h.finish())
    }
    /// The shared part.
    pub fn statics(&self) -> &Static {
        &self.st
    }
    /// The board.
    pub fn board(&self) -> &Board {
        &self.st.board
    }
    /// The scenario.
    pub fn scenario(&self) -> &Scenario {
        &self.st.scenario
    }
    /// Number of characters.
    pub fn num_chars(&self) -> usize {
        self.chars.len()
    }
    /// Dynamic state of a character.
    pub fn ch(&self, i: CharIdx) -> &CharState {
        &self.chars[i as usize]
    }
    pub(crate) fn ch_mut(&mut self, i: CharIdx) -> &mut CharState {
        &mut self.chars[i as usize]
    }
    /// Static part of a character.
    pub fn info(&self, i: CharIdx) -> &CharStatic {
        &self.st.chars[i as usize]
    }
    /// Side of a character: its own, or while it is possessed (Poseer, Magia: resucitar) its
    /// possessor's — it acts for that side and is its enemies' enemy (RULES.md, Poseer). The
    /// possessor's own side, not «the other one»: a corpse of the raiser's side raised by it
    /// stays on that side (it was turned against its raiser).
    #[inline]
    pub fn side_of(&self, i: CharIdx) -> Side {
        let c = &self.chars[i as usize];
        if c.flags & POSSESSED != 0 {
            self.st.chars[c.possessor as usize].side
        } else {
            self.st.chars[i as usize].side
        }
    }
    /// The side a character belongs to in the lists, possessed or not (casualty points,
    /// annihilation).
    #[inline]
    pub fn home_side(&self, i: CharIdx) -> Side {
        self.st.chars[i as usize].side
    }
    /// Whose activation an action of `i` belongs to: its possessor's when possessed, the giver's
    /// while it acts on Órdenes, else its own.
    #[inline]
    pub fn lead(&self, i: CharIdx) -> CharIdx {
        match self.activation.orders {
            Some((ally, giver)) if ally == i => giver,
            _ => self.owner(i),
        }
    }
    /// The character who pays for an action of `i` and whose activation it belongs to: its
    /// possessor while it is possessed, else itself (an ally on Órdenes pays its own ENE:
    /// [`State::lead`] gives the activation).
    #[inline]
    pub fn owner(&self, i: CharIdx) -> CharIdx {
        let c = &self.chars[i as usize];
        if c.flags & POSSESSED != 0 {
            c.possessor
        } else {
            i
        }
    }
    /// Current turn (1-based).
    pub fn turn(&self) -> u8 {
        self.turn
    }
    /// Current initiative phase (10 → 1).
    pub fn phase(&self) -> u8 {
        self.phase
    }
    /// Side with the advantage this turn.
    pub fn advantage(&self) -> Side {
        self.advantage
    }
    /// The decision awaited.
    pub fn pending(&self) -> Pending {
        self.pending
    }
    /// The current activation bookkeeping.
    pub fn activation(&self) -> Activation {
        self.activation
    }
    /// Objective points scored so far.
    pub fn objective_points(&self, s: Side) -> i32 {
        self.objective_points[s.index()]
    }
    /// Side that decides now.
    pub fn to_decide(&self) -> Option<Side> {
        self.pending.side(self)
    }
    /// True when the game is over.
    pub fn is_terminal(&self) -> bool {
        self.pending == Pending::GameOver
    }
    /// Hostile zone `k`'s level and harm this turn (`None`: variable and not rolled yet, or no
    /// such zone).
    pub fn hostile_now(&self, k: usize) -> Option<crate::environment::hostile::zone::Rolled> {
        self.hostile_now.get(k).copied().flatten()
    }
    pub(crate) fn set_hostile_now(
        &mut self,
        k: usize,
        r: crate::environment::hostile::zone::Rolled,
    ) {
        if let Some(s) = self.hostile_now.get_mut(k) {
            *s = Some(r);
        }
    }
    /// Items lying on the ground: `(owner, owner's weapon index, square)`.
    pub fn ground_items(&self) -> impl Iterator<Item = (CharIdx, u8, Pos)> + '_ {
        self.ground
            .iter()
            .map(|&(k, p)| (((k - 1) >> 3) as CharIdx, ((k - 1) & 7) as u8, p))
    }
    /// Whether object `o` of `i` is used up (a single-use object once used).
    pub fn object_used(&self, i: CharIdx, o: u8) -> bool {
        self.used_objects.contains(&(i as u16 * 8 + o as u16))
    }
    /// Whether scenario element `e` has been searched.
    pub fn searched(&self, e: u8) -> bool {
        self.searched & (1 << e) != 0
    }
    /// Character indices.
    pub fn indices(&self) -> impl Iterator<Item = CharIdx> {
        0..self.chars.len() as CharIdx
    }
}

impl Roster for State {
    fn label(&self, idx: CharIdx) -> String {
        self.st
            .chars
            .get(idx as usize)
            .map(|c| c.label.clone())
            .unwrap_or_else(|| format!("#{idx}"))
    }
    fn find(&self, label: &str) -> Option<CharIdx> {
        self.st
            .chars
            .iter()
            .position(|c| c.label.eq_ignore_ascii_case(label))
            .map(|i| i as CharIdx)
    }
    fn weapon_count(&self, idx: CharIdx) -> u8 {
        self.st
            .chars
            .get(idx as usize)
            .map(|_| self.weapon_slots(idx))
            .unwrap_or(0)
    }
    fn square(&self, idx: CharIdx) -> Option<Pos> {
        ((idx as usize) < self.st.chars.len()).then(|| self.ch(idx).pos)
    }
    fn mounted_count(&self, t: u8) -> Option<u8> {
        self.st
            .transports
            .get(t as usize)
            .map(|x| x.arch.weapons.len() as u8)
    }
    fn meta_area(&self, idx: CharIdx, m: u8) -> bool {
        // Only an attack with an area is aimed at points: a boon or a curse carrying Área
        // still names its one target (`actions::meta::options`), so `meta mN b1` parses as the
        // action the legal list offers.
        self.st.chars.get(idx as usize).is_some_and(|c| {
            c.meta_effects.get(m as usize).is_some_and(|v| {
                v.iter().any(|e| matches!(e, Effect::Area(_)))
                    && crate::creation::meta_use::Use::of(v)
                        == crate::creation::meta_use::Use::Attack
            })
        })
    }
}
