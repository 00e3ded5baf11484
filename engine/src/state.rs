//! The game state: a shared, immutable part (board, rosters, scenario) behind an `Arc`, and a
//! small dynamic part per character that is cheap to clone for search.

use crate::action::{Action, CharIdx, Roster};
use crate::board::Board;
use crate::catalogue::{Catalogue, CharacterDef};
use crate::effect::{CheckKind, Effect, Scope, Stat, Who};
use crate::geom::{Facing, Pos, Side};
use crate::scenario::Scenario;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

/// Most weapons + protections a character may carry (equipment wear slots).
pub const MAX_EQUIPMENT: usize = 8;
/// Most weapons with magazines tracked per character.
pub const MAX_MAGAZINES: usize = 4;
/// Most characters in one position (both sides).
pub const MAX_CHARACTERS: usize = 32;
/// Most items a character carries that were another character's (Comerciar, Saquear).
pub const MAX_CARRIED: usize = 2;

/// Body position (Agacharse, Cuerpo a tierra, Levantarse).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Stance {
    /// On its feet.
    #[default]
    Standing,
    /// Agachado: half height; easy terrain counts as difficult.
    Crouched,
    /// Cuerpo a tierra: on the ground, or 100 % behind cover.
    Prone,
}

/// Status bits of a character (see the constants below).
pub type Flags = u32;
/// Has acted this turn (its activation is over).
pub const ACTED: Flags = 1 << 0;
/// In panic (PSICOLOGÍA / Pánico).
pub const PANIC: Flags = 1 << 1;
/// Hidden (Esconderse).
pub const HIDDEN: Flags = 1 << 2;
/// En guardia: +2 to its next reaction CH VOL.
pub const GUARD: Flags = 1 << 3;
/// Sprinted this turn: cannot attack; CH IMP −1 against it.
pub const SPRINTED: Flags = 1 << 4;
/// Knocked out (Noquear): unconscious until an ally tends it.
pub const KNOCKED_OUT: Flags = 1 << 5;
/// Immobilised (Inmovilizar).
pub const IMMOBILISED: Flags = 1 << 6;
/// Critical CH PSI: CH ATR +1 until the end of its activation.
pub const PSI_CRITICAL: Flags = 1 << 7;
/// Passed a reaction CH VOL during the current activation: bullet time.
pub const BULLET_TIME: Flags = 1 << 8;
/// Moved more than 5 K this turn (Por velocidad).
pub const FAST: Flags = 1 << 9;
/// Has gained its activation ENE this turn (Esperar does not give it twice).
pub const ENERGISED: Flags = 1 << 10;
/// Its last action was Correr: CH AGI +1 if the next action is a movement, −1 otherwise.
pub const RAN: Flags = 1 << 11;
/// Its last action was Esprintar: next action CH ATR −3.
pub const SPRINT_NEXT: Flags = 1 << 12;
/// Its last movement was silent (Mover sin hacer ruido): may make an Ataque sorpresa.
pub const SILENT: Flags = 1 << 13;
/// Countercharging: CH DEF +1 against the charge of `mark`.
pub const COUNTERCHARGE: Flags = 1 << 14;
/// Charged `mark`: CH IMP +1 and DAÑ +1 in its next melee combat action.
pub const CHARGING: Flags = 1 << 15;
/// Made an Ataque sorpresa on `mark`: next melee action hits automatically, DEF −2.
pub const SURPRISING: Flags = 1 << 16;
/// Waiting (Esperar) until phase `waited`.
pub const WAITING: Flags = 1 << 17;
/// Concentrating: `bonus` holds the accumulated Concentrarse bonus.
pub const CONCENTRATING: Flags = 1 << 18;
/// Unconscious from stress (estrés > VOL).
pub const UNCONSCIOUS: Flags = 1 << 19;
/// Has sprinted in the current activation (once per activation).
pub const SPRINT_USED: Flags = 1 << 20;
/// Dodging (Esquivar en CaC) the melee attack of `mark`.
pub const DODGE: Flags = 1 << 21;
/// Countering (Contramagia) the CH INT of the acting neuromante `mark`.
pub const COUNTER_MAGIC: Flags = 1 << 22;
/// Possessed (Poseer) by `possessor`: it is on the possessor's side, and the possessor's
/// activation may contain its actions, paid with the possessor's ENE (`engine::mind`).
pub const POSSESSED: Flags = 1 << 23;
/// Marked (Marcar un objetivo) by `marker`: it may possess it again without the stress.
pub const MARKED: Flags = 1 << 24;
/// Tied up (Atar, after Inmovilizar): may only try Desatarse, until it gets loose.
pub const TIED: Flags = 1 << 25;
/// A body removed from the table (Eliminar): it can no longer be looted, healed or woken.
pub const REMOVED: Flags = 1 << 26;
/// The meta-ability in force on it (`spell`) was cast by itself: it lasts until the start of
/// its next activation, not the end (METAHABILIDADES, Usar una metahabilidad; `engine::meta`).
pub const SPELL_SELF: Flags = 1 << 27;
/// Its `kept` meta-ability was cast or kept this turn (Mantener una metahabilidad: it may be
/// kept next turn for its ENE alone).
pub const KEPT_NOW: Flags = 1 << 28;
/// Has used Runas de vacío this turn («una vez por turno»).
pub const VOID_USED: Flags = 1 << 29;

/// The dynamic state of one character (≤ 64 bytes; see PERFORMANCE.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CharState {
    /// Square.
    pub pos: Pos,
    /// Facing.
    pub facing: Facing,
    /// Stance.
    pub stance: Stance,
    /// ENE, −10..=10.
    pub ene: i8,
    /// Wounds (heridas).
    pub wounds: u8,
    /// Stress (estrés).
    pub stress: u8,
    /// Permanent VOL loss (pifia en CH LOC).
    pub vol_loss: u8,
    /// Maluses gained from CH LOC (each: CH VOL −1, RULES.md "gana un malus").
    pub trauma: u8,
    /// Status bits.
    pub flags: Flags,
    /// Accumulated Concentrarse bonus (0..=3).
    pub bonus: i8,
    /// Apoyar bonus for the next CH ATR.
    pub support: i8,
    /// The character a charge / surprise / countercharge / immobilisation refers to.
    pub mark: u8,
    /// Who immobilised this character.
    pub held_by: u8,
    /// Phase after which a waiting character may act again.
    pub waited: u8,
    /// Kliks moved this turn.
    pub moved: u8,
    /// Wounds of each piece of equipment (weapons first, then protections).
    pub wear: [u8; MAX_EQUIPMENT],
    /// Shots left in the magazine of each of the first weapons.
    pub ammo: [u8; MAX_MAGAZINES],
    /// Own weapons not in its hands (dropped, thrown, disarmed, handed over), one bit each.
    pub dropped: u8,
    /// Who possesses it (with [`POSSESSED`]).
    pub possessor: u8,
    /// Who marked it (with [`MARKED`]).
    pub marker: u8,
    /// Items received from other characters (Comerciar, Saquear), filled from the front: each
    /// `1 + owner × 8 + the owner's weapon index`, 0 for none. Such an item is weapon index
    /// `own weapons + k` of this character (see [`State::weapon_ref`]); its wear and rounds stay
    /// in its owner's `wear` and `ammo`.
    pub carried: [u16; MAX_CARRIED],
    /// Items looted this turn (Saquear: «CH AGI -1 durante este turno por cada objeto»).
    pub looted: u8,
    /// The meta-ability whose effects are in force on it: 1 + its index among the meta-abilities
    /// of `spell_by`, 0 for none (`engine::meta`).
    pub spell: u8,
    /// Who cast the meta-ability in force on it (with `spell` ≠ 0).
    pub spell_by: u8,
    /// The meta-ability it cast successfully with a lasting effect, which it may keep
    /// (Mantener): 1 + its meta-ability index, 0 for none.
    pub kept: u8,
    /// On whom its `kept` meta-ability is (with `kept` ≠ 0).
    pub kept_on: u8,
}

impl CharState {
    /// Every field packed into six words, for [`State::fingerprint`]. The destructuring names
    /// every field, so a field added to the struct does not compile until it is packed here too.
    #[inline]
    fn words(&self) -> [u64; 6] {
        let CharState {
            pos,
            facing,
            stance,
            ene,
            wounds,
            stress,
            vol_loss,
            trauma,
            flags,
            bonus,
            support,
            mark,
            held_by,
            waited,
            moved,
            wear,
            ammo,
            dropped,
            possessor,
            marker,
            carried,
            looted,
            spell,
            spell_by,
            kept,
            kept_on,
        } = *self;
        [
            u64::from_le_bytes([
                pos.x,
                pos.y,
                facing as u8,
                stance as u8,
                ene as u8,
                wounds,
                stress,
                vol_loss,
            ]),
            u64::from_le_bytes([
                trauma,
                bonus as u8,
                support as u8,
                mark,
                held_by,
                waited,
                moved,
                dropped,
            ]),
            u64::from_le_bytes(wear),
            u32::from_le_bytes(ammo) as u64 | (flags as u64) << 32,
            carried[0] as u64
                | (carried[1] as u64) << 16
                | (looted as u64) << 32
                | (possessor as u64) << 40
                | (marker as u64) << 48,
            u32::from_le_bytes([spell, spell_by, kept, kept_on]) as u64,
        ]
    }

    /// Tests a status bit.
    #[inline]
    pub fn has(&self, f: Flags) -> bool {
        self.flags & f != 0
    }
    /// Sets or clears a status bit.
    #[inline]
    pub fn set(&mut self, f: Flags, on: bool) {
        if on {
            self.flags |= f
        } else {
            self.flags &= !f
        }
    }
}

/// What never changes in a game about a character: who it is and what it is made of, plus
/// numbers derived from its archetypes once.
#[derive(Clone, Debug)]
pub struct CharStatic {
    /// Its side.
    pub side: Side,
    /// Label in notation (`a1`).
    pub label: String,
    /// Display name.
    pub name: String,
    /// The archetypes.
    pub def: CharacterDef,
    /// Points (casualty points).
    pub cost: i32,
    /// Race CON.
    pub con: u8,
    /// Race AGI.
    pub agi: u8,
    /// Race INT.
    pub int: u8,
    /// Race VOL.
    pub vol: u8,
    /// Natural MOV.
    pub mov: u8,
    /// Effects always in force: race, protections, objects.
    pub effects: Vec<Effect>,
    /// Effects of each weapon, in force when it is used.
    pub weapon_effects: Vec<Vec<Effect>>,
    /// Effects of each meta-ability's traits (its kind's [`Effect::MetaKind`] included), in
    /// force on the character it is cast on while it lasts (`engine::meta`).
    pub meta_effects: Vec<Vec<Effect>>,
    /// Effects that reach other characters (auras, hálitos): scanned by everyone's checks.
    pub auras: Vec<Effect>,
    /// Magazine size of each weapon (0: no magazine).
    pub magazine: Vec<u8>,
}

impl CharStatic {
    /// Whether any always-on effect matches.
    pub fn has_effect(&self, f: impl Fn(&Effect) -> bool) -> bool {
        self.effects.iter().any(f)
    }
}

/// The immutable part of a game, shared by every state of that game.
#[derive(Debug)]
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
}

/// The decision the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Pending {
    /// `side` picks the character whose VOL it rolls for initiative.
    Initiative {
        /// Who decides.
        side: Side,
    },
    /// `side` picks the character to activate.
    Activate {
        /// Who decides.
        side: Side,
    },
    /// The active character decides its next action (or ends).
    Act {
        /// The active character.
        actor: CharIdx,
    },
    /// `side` may attempt reactions to `actor` with the characters in `open`.
    Window {
        /// Who decides.
        side: Side,
        /// The character reacted to.
        actor: CharIdx,
        /// Characters that may still attempt (bit per character).
        open: u32,
        /// Early window: the actor's declared action has not been resolved yet.
        early: bool,
    },
    /// `reactor` passed its CH VOL and chooses its reaction.
    Reaction {
        /// The reacting character.
        reactor: CharIdx,
        /// The window it reacts in.
        actor: CharIdx,
        /// Remaining window (as in `Window`).
        open: u32,
        /// Early window.
        early: bool,
    },
    /// The game is over.
    GameOver,
    /// Combate mental (METAHABILIDADES; ACCIONES): after `hacker`'s Corromper / Hackear on
    /// `defender` (a neuromante or titiritero), the one `stage` names decides whether to fight
    /// (on) — `mental-combat` — or not — `hold` (`engine::mind`).
    MentalCombat {
        /// The target of the Corromper, who may strike back.
        defender: CharIdx,
        /// The active character, whose Corromper it was.
        hacker: CharIdx,
        /// Whose decision it is.
        stage: MindStage,
        /// The Corromper was chained to the hacker's next action (resumed when the combat ends).
        chain: bool,
    },
}

/// The decisions of a Combate mental, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MindStage {
    /// The defender may start it (paying its 3 ENE) right after the Corromper.
    Offer,
    /// After an exchange: the defender says whether it wants to go on.
    Defender,
    /// Then the hacker, knowing whether the defender goes on.
    Hacker {
        /// The defender wants to go on.
        defender_goes_on: bool,
    },
}

impl Pending {
    /// The character that decides in a Combate mental.
    pub fn mind_decider(&self) -> Option<CharIdx> {
        match *self {
            Pending::MentalCombat {
                defender,
                hacker,
                stage,
                ..
            } => Some(match stage {
                MindStage::Offer | MindStage::Defender => defender,
                MindStage::Hacker { .. } => hacker,
            }),
            _ => None,
        }
    }

    /// The side that decides now (None when the game is over).
    pub fn side(&self, st: &State) -> Option<Side> {
        match *self {
            Pending::Initiative { side } | Pending::Activate { side } => Some(side),
            Pending::Window { side, .. } => Some(side),
            Pending::Act { actor } => Some(st.side_of(actor)),
            Pending::Reaction { reactor, .. } => Some(st.side_of(reactor)),
            Pending::MentalCombat { .. } => self.mind_decider().map(|c| st.side_of(c)),
            Pending::GameOver => None,
        }
    }
}

/// The current activation (actuación).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    /// Actions in the open chain so far (0: no chain open).
    pub chain: u8,
    /// Actions taken in this activation.
    pub actions: u8,
    /// The action declared and awaiting its early-reaction window, if any.
    #[serde(skip)]
    pub declared: Option<Action>,
    /// The target of the declared action has fled (Huir) in this window.
    pub fled: bool,
    /// The activation ends once the open reaction window closes.
    pub ending: bool,
    /// Characters (one bit per index) that failed a reaction CH VOL in the early window of the
    /// declared action: that was their reaction to it, so the window after it does not offer
    /// them another (REACCIONES, RULES.md).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vol_failed: u32,
    /// The actor failed a CH PSI in the early window (wounded by an early reaction): its
    /// declared action fails (PSICOLOGÍA / CH PSI, «Fallo: falla la acción»; RULES.md).
    #[serde(default, skip_serializing_if = "is_false")]
    pub declared_fails: bool,
    /// The loudest noise of the action (or chain) whose window is open: who hears it may react
    /// without seeing the actor (REACCIONES / Reaccionar al ruido; RULES.md, Ruido).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noise: Option<crate::noise::Noise>,
    /// The action just resolved forbids the free turn after it (a failed 180°, «Si falla no
    /// gira»); read and cleared by the action's own resolution.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_turn: bool,
}

fn is_zero(x: &u32) -> bool {
    *x == 0
}

fn is_false(x: &bool) -> bool {
    !*x
}

/// The whole game state.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) st: Arc<Static>,
    pub(crate) chars: SmallVec<[CharState; 12]>,
    pub(crate) turn: u8,
    pub(crate) phase: u8,
    pub(crate) advantage: Side,
    pub(crate) to_move: Side,
    pub(crate) init_pick: [Option<CharIdx>; 2],
    pub(crate) pending: Pending,
    pub(crate) activation: Activation,
    pub(crate) objective_points: [i32; 2],
}

impl State {
    /// A 64-bit fingerprint of everything that changes during a game (characters, turn, phase,
    /// initiative, the pending decision, the activation, objective points), for searches that
    /// want to know whether a sampled state is the one they have seen: two states of one game
    /// with equal fingerprints are, up to a 64-bit collision, equal, so their legal actions are
    /// the same. The shared part (board, scenario, rosters) is not hashed.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = crate::dice::FxHasher::default();
        h.write_usize(self.chars.len());
        for c in &self.chars {
            for w in c.words() {
                h.write_u64(w);
            }
        }
        (self.turn, self.phase, self.advantage, self.to_move).hash(&mut h);
        self.init_pick.hash(&mut h);
        self.pending.hash(&mut h);
        self.activation.hash(&mut h);
        self.objective_points.hash(&mut h);
        // The Fx state is a bijective fold; SplitMix64 spreads it over all 64 bits.
        crate::dice::splitmix64(h.finish())
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
    /// Side of a character: its own, or while it is possessed (Poseer) its possessor's — it
    /// acts for that side and is its enemies' enemy (RULES.md, Poseer).
    #[inline]
    pub fn side_of(&self, i: CharIdx) -> Side {
        let s = self.st.chars[i as usize].side;
        if self.chars[i as usize].flags & POSSESSED != 0 {
            s.other()
        } else {
            s
        }
    }
    /// The side a character belongs to in the lists, possessed or not (casualty points,
    /// annihilation).
    #[inline]
    pub fn home_side(&self, i: CharIdx) -> Side {
        self.st.chars[i as usize].side
    }
    /// The character whose activation an action of `i` belongs to: its possessor while it is
    /// possessed, else itself.
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
    /// Character indices.
    pub fn indices(&self) -> impl Iterator<Item = CharIdx> {
        0..self.chars.len() as CharIdx
    }

    // ----- condition (COMBATE / Heridas, PSICOLOGÍA / Estrés) -----

    /// Incapacitated: wounds = CON.
    pub fn incapacitated(&self, i: CharIdx) -> bool {
        let c = self.ch(i);
        c.wounds >= self.info(i).con
    }
    /// Dead: wounds > CON.
    pub fn dead(&self, i: CharIdx) -> bool {
        self.ch(i).wounds > self.info(i).con
    }
    /// A casualty (baja): incapacitated, dead or unconscious (stress or knocked out).
    #[inline]
    pub fn casualty(&self, i: CharIdx) -> bool {
        let c = self.ch(i);
        c.wounds >= self.info(i).con || c.has(UNCONSCIOUS | KNOCKED_OUT)
    }
    /// Able to act: on the table and not a casualty.
    #[inline]
    pub fn able(&self, i: CharIdx) -> bool {
        !self.casualty(i)
    }
    /// Effective VOL: race VOL less permanent losses (min 1).
    pub fn vol(&self, i: CharIdx) -> u8 {
        self.info(i).vol.saturating_sub(self.ch(i).vol_loss).max(1)
    }
    /// Engaged in melee (trabado): in base contact with an able enemy.
    pub fn engaged(&self, i: CharIdx) -> bool {
        let p = self.ch(i).pos;
        let s = self.side_of(i);
        self.indices()
            .any(|j| self.side_of(j) != s && self.able(j) && self.ch(j).pos.adjacent(p))
    }
    /// Able enemies in base contact.
    pub fn engaged_with(&self, i: CharIdx) -> SmallVec<[CharIdx; 8]> {
        let p = self.ch(i).pos;
        let s = self.side_of(i);
        self.indices()
            .filter(|&j| self.side_of(j) != s && self.able(j) && self.ch(j).pos.adjacent(p))
            .collect()
    }
    /// The character on a square, if any, casualties included (they are off the table for the
    /// rules: see `combat::occupied`).
    pub fn at(&self, p: Pos) -> Option<CharIdx> {
        self.indices().find(|&j| self.ch(j).pos == p)
    }
    /// Field of view range: VOL × 5 plus trait changes (ENTORNO, CdV; 004 stands over 002).
    pub fn view_range(&self, i: CharIdx) -> u8 {
        let mut r = self.vol(i) as i16 * 5;
        for e in &self.info(i).effects {
            if let Effect::ViewRange(k) = e {
                r += *k as i16;
            }
        }
        r.clamp(0, 255) as u8
    }
    /// Whether `i`, with its current facing, has `j` in its field of view (arc, range, LdV).
    pub fn sees(&self, i: CharIdx, j: CharIdx) -> bool {
        let a = self.ch(i);
        let b = self.ch(j);
        if b.has(HIDDEN) {
            return false;
        }
        self.st
            .board
            .in_field_of_view(a.pos, a.facing, b.pos, self.view_range(i))
    }
    /// The trait effects of the meta-ability in force on `i` (METAHABILIDADES, Usar una
    /// metahabilidad): those of its caster's meta-ability, while it lasts (`engine::meta`).
    #[inline]
    pub fn spell_fx(&self, i: CharIdx) -> &[Effect] {
        let c = self.ch(i);
        if c.spell == 0 {
            return &[];
        }
        self.info(c.spell_by)
            .meta_effects
            .get(c.spell as usize - 1)
            .map_or(&[], |v| v.as_slice())
    }
    /// Sum of DEF of the usable protections worn, after wear (DEF −1 per wound, min 1), plus
    /// DEF trait effects. `for_overload` leaves out effects that do not count for sobrecarga.
    pub fn def_total(&self, i: CharIdx, for_overload: bool) -> i16 {
        let info = self.info(i);
        let c = self.ch(i);
        let nw = info.def.weapons.len();
        let mut d: i16 = 0;
        for (k, p) in info.def.protections.iter().enumerate() {
            let wear = c.wear.get(nw + k).copied().unwrap_or(0);
            if wear >= p.quality {
                continue; // unusable or destroyed
            }
            d += (p.def as i16 - wear as i16).max(1);
        }
        for e in info.effects.iter().chain(self.spell_fx(i)) {
            if let Effect::DefMod { amount, overload } = e {
                if *overload || !for_overload {
                    d += *amount as i16;
                }
            }
        }
        d.max(0)
    }
    /// CON as strength: race CON plus [`Effect::StrengthCon`] (Mulo: «CON+1 para calcular DAÑ
    /// en CaC, embestir, mover objeto y sobrecarga»). Only those four reckonings use it.
    pub fn strength_con(&self, i: CharIdx) -> i16 {
        let info = self.info(i);
        info.con as i16
            + info
                .effects
                .iter()
                .map(|e| match e {
                    Effect::StrengthCon(k) => *k as i16,
                    _ => 0,
                })
                .sum::<i16>()
    }
    // ----- weapons: own ones, then the items carried (Comerciar, Saquear) -----

    /// The number of weapon indices of `i`: its own weapons (held or not), then the items it
    /// carries from others.
    #[inline]
    pub fn weapon_slots(&self, i: CharIdx) -> u8 {
        let n = self.info(i).def.weapons.len() as u8;
        n + self.ch(i).carried.iter().filter(|&&k| k != 0).count() as u8
    }
    /// Whose weapon index `w` of `i` is: `(owner, the owner's weapon index)`; `None` past the
    /// last slot.
    #[inline]
    pub fn weapon_ref(&self, i: CharIdx, w: u8) -> Option<(CharIdx, u8)> {
        let n = self.info(i).def.weapons.len() as u8;
        if w < n {
            return Some((i, w));
        }
        match self.ch(i).carried.get((w - n) as usize) {
            Some(&k) if k != 0 => Some((((k - 1) >> 3) as CharIdx, ((k - 1) & 7) as u8)),
            _ => None,
        }
    }
    fn wref(&self, i: CharIdx, w: u8) -> (CharIdx, u8) {
        self.weapon_ref(i, w)
            .unwrap_or_else(|| panic!("character {i} has no weapon index {w}"))
    }
    /// The catalogue entry of weapon index `w` of `i`.
    #[inline]
    pub fn weapon_def(&self, i: CharIdx, w: u8) -> &crate::archetype::Weapon {
        let (o, ow) = self.wref(i, w);
        &self.info(o).def.weapons[ow as usize]
    }
    /// The trait effects of weapon index `w` of `i` (in force when it is used).
    #[inline]
    pub fn weapon_fx(&self, i: CharIdx, w: u8) -> &[Effect] {
        let (o, ow) = self.wref(i, w);
        &self.info(o).weapon_effects[ow as usize]
    }
    /// Wounds of weapon index `w` of `i` (kept in its owner's `wear`).
    #[inline]
    pub fn weapon_wear(&self, i: CharIdx, w: u8) -> u8 {
        let (o, ow) = self.wref(i, w);
        self.ch(o).wear.get(ow as usize).copied().unwrap_or(0)
    }
    /// Gives weapon index `w` of `i` a wound (pifia en CH IMP).
    pub(crate) fn wear_weapon(&mut self, i: CharIdx, w: u8) {
        let (o, ow) = self.wref(i, w);
        if let Some(x) = self.ch_mut(o).wear.get_mut(ow as usize) {
            *x = x.saturating_add(1);
        }
    }
    /// Magazine size of weapon index `w` of `i` (0: none tracked).
    #[inline]
    pub fn weapon_magazine(&self, i: CharIdx, w: u8) -> u8 {
        let (o, ow) = self.wref(i, w);
        if (ow as usize) < MAX_MAGAZINES {
            self.info(o).magazine.get(ow as usize).copied().unwrap_or(0)
        } else {
            0
        }
    }
    /// Rounds left in weapon index `w` of `i` (kept in its owner's `ammo`).
    #[inline]
    pub fn weapon_ammo(&self, i: CharIdx, w: u8) -> u8 {
        let (o, ow) = self.wref(i, w);
        self.ch(o).ammo.get(ow as usize).copied().unwrap_or(0)
    }
    /// Sets the rounds left in weapon index `w` of `i`.
    pub(crate) fn set_weapon_ammo(&mut self, i: CharIdx, w: u8, n: u8) {
        let (o, ow) = self.wref(i, w);
        if let Some(x) = self.ch_mut(o).ammo.get_mut(ow as usize) {
            *x = n;
        }
    }
    /// Whether `i` has weapon index `w` in its hands: an own weapon not let go of, or an item
    /// it carries.
    #[inline]
    pub fn holds(&self, i: CharIdx, w: u8) -> bool {
        let n = self.info(i).def.weapons.len() as u8;
        if w < n {
            w < 8 && self.ch(i).dropped & (1 << w) == 0
        } else {
            self.weapon_ref(i, w).is_some()
        }
    }
    /// `i` lets weapon index `w` go (Soltar, Lanzar, Desarmar, handing it over): an own weapon
    /// gets its `dropped` bit, a carried item leaves its slot (the later ones move up).
    pub(crate) fn let_go(&mut self, i: CharIdx, w: u8) {
        let n = self.info(i).def.weapons.len() as u8;
        let c = self.ch_mut(i);
        if w < n {
            c.dropped |= 1 << w;
        } else if let Some(k) = c.carried.get((w - n) as usize).copied() {
            if k != 0 {
                let at = (w - n) as usize;
                c.carried.copy_within(at + 1.., at);
                c.carried[MAX_CARRIED - 1] = 0;
            }
        }
    }
    /// Whether `i` has room to take `owner`'s weapon: its own comes back to its hand, another's
    /// needs a free carried slot.
    pub fn can_receive(&self, i: CharIdx, owner: CharIdx) -> bool {
        owner == i || self.ch(i).carried[MAX_CARRIED - 1] == 0
    }
    /// `i` takes `owner`'s weapon `ow` (checked with [`State::can_receive`]).
    pub(crate) fn receive(&mut self, i: CharIdx, owner: CharIdx, ow: u8) {
        let c = self.ch_mut(i);
        if owner == i {
            c.dropped &= !(1 << ow);
        } else if let Some(slot) = c.carried.iter_mut().find(|k| **k == 0) {
            *slot = 1 + (owner as u16) * 8 + ow as u16;
        }
    }

    /// DAÑ of a weapon after wear (−1 per wound, min 1).
    pub fn weapon_dmg(&self, i: CharIdx, w: u8) -> i16 {
        let wp = self.weapon_def(i, w);
        (wp.dmg as i16 - self.weapon_wear(i, w) as i16).max(1)
    }
    /// Whether a weapon can be used: in the hands (not dropped), not unusable (wounds ≥ CAL),
    /// and, for a heavy weapon, carried by a character with more CON than its DAÑ.
    pub fn weapon_usable(&self, i: CharIdx, w: u8) -> bool {
        if !self.holds(i, w) {
            return false;
        }
        let wp = self.weapon_def(i, w);
        if self.weapon_wear(i, w) >= wp.quality {
            return false;
        }
        if self
            .weapon_fx(i, w)
            .iter()
            .any(|e| matches!(e, Effect::HeavyWeapon))
            && self.info(i).con <= wp.dmg
        {
            return false;
        }
        true
    }
    /// ALC of a weapon with trait changes.
    pub fn weapon_range(&self, i: CharIdx, w: u8) -> u8 {
        let mut r = self.weapon_def(i, w).range as i16;
        for e in self.weapon_fx(i, w) {
            if let Effect::RangeMod(k) = e {
                r += *k as i16;
            }
        }
        r.clamp(0, 255) as u8
    }
    /// ENE an attack with the weapon costs (ENE of the weapon, trait changes, minimum 1).
    pub fn weapon_ene(&self, i: CharIdx, w: u8) -> i8 {
        let info = self.info(i);
        let mut e = self.weapon_def(i, w).ene as i16;
        for eff in self.weapon_fx(i, w).iter().chain(&info.effects) {
            if let Effect::WeaponEne(k) = eff {
                e += *k as i16;
            }
        }
        e.clamp(1, 10) as i8
    }

    // ----- trait effects (BONUS Y MALUS) -----

    /// Sum of check modifiers from traits for a check of `who`. `weapon`: the weapon in use;
    /// `opponent`: the character on the other end (the target when attacking, the attacker
    /// when defending); `attacking`: whether `who` is the attacker.
    pub fn trait_check_mod(
        &self,
        who: CharIdx,
        check: CheckKind,
        scope: Scope,
        weapon: Option<u8>,
        opponent: Option<CharIdx>,
        attacking: bool,
    ) -> i8 {
        let mut total: i16 = 0;
        let info = self.info(who);
        let own = info
            .effects
            .iter()
            .chain(
                weapon
                    .and_then(|w| self.weapon_ref(who, w).map(|_| self.weapon_fx(who, w)))
                    .into_iter()
                    .flatten(),
            )
            .chain(self.spell_fx(who));
        for e in own {
            if let Effect::CheckMod {
                check: c,
                scope: s,
                who: Who::Holder,
                amount,
            } = e
            {
                if check_matches(*c, check) && scope_matches(*s, scope) {
                    total += *amount as i16;
                }
            }
        }
        if let Some(o) = opponent {
            let oi = self.info(o);
            // The opponent's traits that act on those who attack it / on its targets.
            let wanted = if attacking {
                Who::AttackersOfHolder
            } else {
                Who::TargetOfHolder
            };
            for e in oi.effects.iter() {
                if let Effect::CheckMod {
                    check: c,
                    scope: s,
                    who: w,
                    amount,
                } = e
                {
                    if *w == wanted && check_matches(*c, check) && scope_matches(*s, scope) {
                        total += *amount as i16;
                    }
                }
            }
        }
        if self.st.any_auras {
            let p = self.ch(who).pos;
            let side = self.side_of(who);
            for j in self.indices() {
                if j == who || !self.able(j) {
                    continue;
                }
                let ally = self.side_of(j) == side;
                let d = self.ch(j).pos.dist(p);
                for e in &self.info(j).auras {
                    if let Effect::CheckMod {
                        check: c,
                        scope: s,
                        who: w,
                        amount,
                    } = e
                    {
                        let reaches = match *w {
                            Who::AlliesWithin(k) => ally && d <= k,
                            Who::EnemiesWithin(k) => !ally && d <= k,
                            _ => false,
                        };
                        if reaches && check_matches(*c, check) && scope_matches(*s, scope) {
                            total += *amount as i16;
                        }
                    }
                }
            }
        }
        total.clamp(-20, 20) as i8
    }

    /// Whether `who` may re-roll a failed check of this kind (Élite …, auras of re-roll).
    pub fn may_reroll(
        &self,
        who: CharIdx,
        check: CheckKind,
        scope: Scope,
        weapon: Option<u8>,
        fumbled: bool,
    ) -> bool {
        let info = self.info(who);
        let ok = |e: &Effect, allow: &dyn Fn(Who) -> bool| -> bool {
            if let Effect::Reroll {
                check: c,
                scope: s,
                who: w,
                only_fumble,
                not_fumble,
            } = e
            {
                allow(*w)
                    && check_matches(*c, check)
                    && scope_matches(*s, scope)
                    && (!*only_fumble || fumbled)
                    && (!*not_fumble || !fumbled)
            } else {
                false
            }
        };
        let holder = |w: Who| w == Who::Holder;
        if info.effects.iter().any(|e| ok(e, &holder))
            || weapon
                .and_then(|w| self.weapon_ref(who, w).map(|_| self.weapon_fx(who, w)))
                .is_some_and(|v| v.iter().any(|e| ok(e, &holder)))
        {
            return true;
        }
        if self.st.any_auras {
            let p = self.ch(who).pos;
            let side = self.side_of(who);
            for j in self.indices() {
                if j == who || !self.able(j) || self.side_of(j) != side {
                    continue;
                }
                let d = self.ch(j).pos.dist(p);
                let within = |w: Who| matches!(w, Who::AlliesWithin(k) if d <= k);
                if self.info(j).auras.iter().any(|e| ok(e, &within)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `who` always passes checks of this kind (Rey …).
    pub fn auto_pass(&self, who: CharIdx, check: CheckKind) -> bool {
        self.info(who)
            .effects
            .iter()
            .any(|e| matches!(e, Effect::AutoPass { check: c } if check_matches(*c, check)))
    }

    /// Damage modifiers: the attacker's own (and its weapon's), and the defender's effects that
    /// change the damage it receives.
    pub fn trait_damage_mod(
        &self,
        attacker: CharIdx,
        weapon: Option<u8>,
        target: CharIdx,
        scope: Scope,
        critical: bool,
    ) -> i16 {
        let mut d: i16 = 0;
        let info = self.info(attacker);
        let own = info.effects.iter().chain(
            weapon
                .and_then(|w| {
                    self.weapon_ref(attacker, w)
                        .map(|_| self.weapon_fx(attacker, w))
                })
                .into_iter()
                .flatten(),
        );
        for e in own {
            match e {
                Effect::DamageMod {
                    scope: s,
                    who: Who::Holder,
                    amount,
                } if scope_matches(*s, scope) => d += *amount as i16,
                Effect::DamageOnCritical { scope: s, amount }
                    if critical && scope_matches(*s, scope) =>
                {
                    d += *amount as i16
                }
                _ => {}
            }
        }
        for e in &self.info(target).effects {
            if let Effect::DamageMod {
                scope: s,
                who: Who::AttackersOfHolder,
                amount,
            } = e
            {
                if scope_matches(*s, scope) {
                    d += *amount as i16;
                }
            }
        }
        d
    }
}

/// Whether an effect written for check kind `eff` applies to a check of kind `actual`.
/// Every CH IMP the engine resolves is a CH AGI: physical weapons (COMBATE, «Armas físicas,
/// CH AGI»), the ranged variants «(X, AGI D)» and «Ataque CaC sin armas (1, AGI)» alike, so AGI
/// effects (Profesión acróbata, Muy torpe, Mala hechura, Élite combate's re-roll) reach every hit
/// check, armed or not. Meta-abilities, whose CH IMP «depende del tipo», are not implemented.
/// "Any CH ATR" effects reach every attribute and hit check.
#[inline]
pub fn check_matches(eff: CheckKind, actual: CheckKind) -> bool {
    eff == actual
        || matches!(
            (eff, actual),
            (CheckKind::AnyAttr, CheckKind::Attr(_) | CheckKind::Hit)
                | (CheckKind::Attr(Stat::Agi), CheckKind::Hit)
                | (
                    CheckKind::Attr(Stat::Vol),
                    CheckKind::Psyche | CheckKind::Madness
                )
        )
}

/// Whether an effect limited to `eff` applies in situation `actual`.
#[inline]
pub fn scope_matches(eff: Scope, actual: Scope) -> bool {
    match eff {
        Scope::Any => true,
        Scope::Melee => matches!(actual, Scope::Melee | Scope::Charge),
        Scope::Ranged => actual == Scope::Ranged,
        Scope::Charge => actual == Scope::Charge,
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
}

#[cfg(test)]
mod tests {
    use crate::dice::SeededDice;
    use crate::State;
    use std::path::Path;

    fn duel() -> State {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions/duel.json");
        State::load(&p).expect("shipped position loads")
    }

    #[test]
    fn fingerprint_follows_the_dynamic_state() {
        let st = duel();
        let fp = st.fingerprint();
        assert_eq!(st.clone().fingerprint(), fp, "a clone is the same state");
        assert_eq!(
            duel().fingerprint(),
            fp,
            "loading twice gives the same state"
        );
        // One field of one character.
        let mut c = st.clone();
        c.ch_mut(0).ene += 1;
        assert_ne!(c.fingerprint(), fp);
        let mut c = st.clone();
        c.ch_mut(1).stress += 1;
        assert_ne!(c.fingerprint(), fp);
        // Every legal action changes the state it is applied to (at least the decision).
        let mut legal = Vec::new();
        st.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        for a in &legal {
            let mut c = st.clone();
            let mut off = crate::check::Log::off();
            c.apply_unchecked(a, &mut SeededDice::new(5), &mut off);
            assert_ne!(c.fingerprint(), fp, "{a:?} left the fingerprint unchanged");
        }
    }
}
