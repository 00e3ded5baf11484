//! PERSONAJES: one character's dynamic state (position, facing, wounds, stress, ENE, status
//! flags, equipment wear) and what never changes about it in a game.

#[allow(unused_imports)]
use super::*;

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

/// The most maluses from failed CH LOC (`trauma`) and the most permanent VOL loss (`vol_loss`)
/// a character keeps. Each failed CH LOC adds one with no limit in the text, but past this many
/// nothing changes: VOL is at most 10 (CREACIÓN DE PERSONAJES), so 10 losses leave VOL 1, and
/// at 60 maluses a CH VOL's target stays below 1 under any stack of bonuses the catalogue gives
/// (CHEQUEOS: only a critical passes then), while the target still fits the check's `i8`. The
/// position loader accepts the same range (POSITIONS.md §7), so every game saves and loads.
pub const MAX_VOL_MALUS: u8 = 60;

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
/// activation may contain its actions, paid with the possessor's ENE (`engine::actions::mind`).
pub const POSSESSED: Flags = 1 << 23;
/// Marked (Marcar un objetivo) by `marker`: it may possess it again without the stress.
pub const MARKED: Flags = 1 << 24;
/// Tied up (Atar, after Inmovilizar): may only try Desatarse, until it gets loose.
pub const TIED: Flags = 1 << 25;
/// A body removed from the table (Eliminar): it can no longer be looted, healed or woken.
pub const REMOVED: Flags = 1 << 26;
/// The flags that make a character a casualty whatever its wounds (`State::casualty`): out
/// (stress, knocked out), off the table (an Avatar not yet invoked) or a body Eliminar removed.
pub const CASUALTY_FLAGS: Flags = UNCONSCIOUS | KNOCKED_OUT | OFF_TABLE | REMOVED;
/// The meta-ability in force on it (`spell`) was cast by itself: it lasts until the start of
/// its next activation, not the end (METAHABILIDADES, Usar una metahabilidad; `engine::actions::meta`).
pub const SPELL_SELF: Flags = 1 << 27;
/// Its `kept` meta-ability was cast or kept this turn (Mantener una metahabilidad: it may be
/// kept next turn for its ENE alone).
pub const KEPT_NOW: Flags = 1 << 28;
/// Has used Runas de vacío this turn («una vez por turno»).
pub const VOID_USED: Flags = 1 << 29;
/// At altitude 3 its last action was not a movement: «No pueden hacer 2 acciones seguidas que no
/// sean de movimiento» (Volar en altura 3; `engine::actions::movement::altitude`).
pub const HIGH_STILL: Flags = 1 << 30;
/// Off the table, not yet in play: an Avatar until a neuromante invokes it (BONUS Y MALUS,
/// «Este personaje sólo puede desplegarse si se le invoca»; `engine::actions::trait_marks`). It
/// is no casualty for the score, but it neither acts nor is reached.
pub const OFF_TABLE: Flags = 1 << 31;

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
    /// Permanent VOL loss (pifia en CH LOC), at most [`MAX_VOL_MALUS`].
    pub vol_loss: u8,
    /// Maluses gained from CH LOC (each: CH VOL −1, RULES.md "gana un malus"), at most
    /// [`MAX_VOL_MALUS`].
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
    /// of `spell_by`, 0 for none (`engine::actions::meta`).
    pub spell: u8,
    /// Who cast the meta-ability in force on it (with `spell` ≠ 0).
    pub spell_by: u8,
    /// The meta-ability it cast successfully with a lasting effect, which it may keep
    /// (Mantener): 1 + its meta-ability index, 0 for none.
    pub kept: u8,
    /// On whom its `kept` meta-ability is (with `kept` ≠ 0).
    pub kept_on: u8,
    /// Movement altitude (MOVIMIENTO / Alturas de movimiento): [`ALT_UNDER`] (−1, under ground
    /// or water), [`ALT_GROUND`] (1, on the terrain, whatever its height), [`ALT_LOW`] (2, 3 K
    /// above altitude 1), [`ALT_HIGH`] (3, gran altitud), [`ALT_SPACE`] (4, space).
    pub alt: i8,
    /// States that traits bring (BONUS Y MALUS, `state::trait_states`): [`BLOODIED`],
    /// [`SUPPRESSED`], [`STUNNED`], [`BURNING`], [`CAMOUFLAGED`], [`NO_RISE`].
    pub tbits: u16,
    /// ENE of Maná left this turn, for meta-abilities only.
    pub mana: u8,
    /// The target it marked with Marcador de objetivos: 1 + its index, 0 for none.
    pub aimed: u8,
    /// Poder gathered (Poderoso), 0..=10.
    pub power: u8,
    /// Where its smoke is (with [`SMOKING`]).
    pub smoke_at: Pos,
    /// The runs of the traits that keep state (`state::trait_runs`): shield levels lost, Ira,
    /// Arma de carga, the runs of consecutive ranged attacks.
    pub run: TraitRun,
}

/// What the stateful traits of BONUS Y MALUS keep for a character (`state::trait_runs`); all 0
/// for a character without them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TraitRun {
    /// Shield levels lost (Escudo coriáceo, Escudo de energía).
    pub shield_lost: u8,
    /// Bits: [`RUN_WRATH_NEXT`], [`RUN_WRATH`], [`RUN_CHARGE_DEF`].
    pub bits: u8,
    /// Consecutive ranged attacks in this activation.
    pub shots: u8,
    /// Consecutive ranged attacks on `on`.
    pub same: u8,
    /// The target of the last ranged attack + 1 (0: none).
    pub on: u8,
    /// Consecutive hits on `on`.
    pub hits: u8,
    /// Levels lost to Condenado (each: CH ATR −1; the VOL one is `vol_loss`) in the low 4 bits
    /// (0..=10, [`DOOM_LEVELS`]); the high 4 bits are Afilada's edges lost to a fumble, one per
    /// own weapon `w1`..`w4` ([`BLUNT_SHIFT`]; «Se pierde con pifia»), kept here so that the
    /// state stays within 64 bytes.
    pub doom: u8,
    /// [`STANCE_ON`], [`STANCE_DMG`]: the stance taken (`state::trait_runs`).
    pub stance: u8,
    /// Locura asesina: 1 + the mini it must attack in this activation (0: none).
    pub mad: u8,
    /// Uses spent of the weapons with Cargas, one counter per weapon slot (the first four).
    pub charges: [u8; 4],
}

/// [`TraitRun::doom`]: the bits of Condenado's levels.
pub const DOOM_LEVELS: u8 = 0x0F;
/// [`TraitRun::doom`]: Afilada's lost edges start at this bit (own weapon `w1`).
pub const BLUNT_SHIFT: u8 = 4;

impl TraitRun {
    /// Condenado's levels lost.
    #[inline]
    pub fn doom_levels(&self) -> u8 {
        self.doom & DOOM_LEVELS
    }
    /// Afilada's lost edges, bit 0 for own weapon `w1` (the first four weapons).
    #[inline]
    pub fn blunt(&self) -> u8 {
        self.doom >> BLUNT_SHIFT
    }
}

/// Ira: wounded in melee; its next activation has the bonus.
pub const RUN_WRATH_NEXT: u8 = 1 << 0;
/// Ira: the bonus of this activation.
pub const RUN_WRATH: u8 = 1 << 1;
/// Arma de carga: charged; DEF lowered until out of melee.
pub const RUN_CHARGE_DEF: u8 = 1 << 2;
/// Condenado: the activation started with wounds and none was passed on yet.
pub const RUN_DOOM_DUE: u8 = 1 << 3;
/// Fortuna: used this turn.
pub const RUN_FORTUNE: u8 = 1 << 4;
/// Arma de campaña: bits 5..8 hold the index + 1 of the field weapon fired (0: none).
pub const RUN_FIELD_SHIFT: u8 = 5;
/// A stance is taken (until the start of the next activation).
pub const STANCE_ON: u8 = 1 << 0;
/// Its once-only DAÑ is still to come (Frenesí).
pub const STANCE_DMG: u8 = 1 << 1;

impl TraitRun {
    /// The run packed into two words (0 when nothing is kept, so the fingerprint of a position
    /// without these traits does not change).
    #[inline]
    pub fn words(&self) -> [u64; 2] {
        [
            u64::from_le_bytes([
                self.shield_lost,
                self.bits,
                self.shots,
                self.same,
                self.on,
                self.hits,
                self.doom,
                self.stance,
            ]),
            u32::from_le_bytes(self.charges) as u64 | (self.mad as u64) << 32,
        ]
    }
}

/// [`CharState::tbits`]: it wounded someone in melee in this activation (Sanguinario).
pub const BLOODIED: u16 = 1 << 0;
/// [`CharState::tbits`]: its trait bonuses do not work until its next activation (Saikikku,
/// Munición desestabilizadora).
pub const SUPPRESSED: u16 = 1 << 1;
/// [`CharState::tbits`]: stunned until the end of its next activation: no reactions, CH ATR −1
/// (Munición aturdidora).
pub const STUNNED: u16 = 1 << 2;
/// [`CharState::tbits`]: on fire: a hit of DAÑ 1 at the start of each activation (Munición
/// incendiaria).
pub const BURNING: u16 = 1 << 3;
/// [`CharState::tbits`]: camouflaged (Mimético).
pub const CAMOUFLAGED: u16 = 1 << 4;
/// [`CharState::tbits`]: killed by a Rematador: it cannot rise again.
pub const NO_RISE: u16 = 1 << 5;
/// [`CharState::tbits`]: killed its opponent in melee in this activation (Sed de sangre).
pub const KILL_RUSH: u16 = 1 << 7;
/// [`CharState::tbits`]: has given Órdenes this turn («1 vez por turno»).
pub const ORDERS_GIVEN: u16 = 1 << 8;
/// [`CharState::tbits`]: overheated (Munición ígnea gives it Sobrecalentamiento).
pub const OVERHEATED: u16 = 1 << 9;
/// [`CharState::tbits`]: its smoke (Humo) stands on `smoke_at`.
pub const SMOKING: u16 = 1 << 10;
/// [`CharState::tbits`]: incorporeal (Incorpóreo's `phase` is on): it crosses obstacles, does
/// not interact with others and cannot be chosen for an action (`actions::incorporeal`).
pub const PHASED: u16 = 1 << 11;
/// [`CharState::tbits`]: stunned in an activation that has not ended yet (the stun lasts to the
/// end of the next one).
pub const STUN_FRESH: u16 = 1 << 6;
/// [`CharState::tbits`]: took Drogas de combate; its next activation starts with ENE 0.
pub const DRUGGED: u16 = 1 << 15;
/// [`CharState::tbits`]: cannot react until the end of its next activation (Drogas de combate).
pub const DRUG_CRASH: u16 = 1 << 14;
/// [`CharState::tbits`]: a second dose of Drogas de combate: 5 wounds at the end of the
/// activation.
pub const OVERDOSED: u16 = 1 << 13;

/// Altitude −1: under ground or water («Altura -1, bajo tierra / agua»; OPEN_READINGS A12:
/// the «altura -3» of Cambiar de altitud and Sub is read as this level).
pub const ALT_UNDER: i8 = -1;
/// Altitude 1: on the terrain («Los peatones mueven en "altura 1"»).
pub const ALT_GROUND: i8 = 1;
/// Altitude 2: 3 K above altitude 1.
pub const ALT_LOW: i8 = 2;
/// Altitude 3: high altitude (Volar en altura 3).
pub const ALT_HIGH: i8 = 3;
/// Altitude 4: space.
pub const ALT_SPACE: i8 = 4;
/// Every movement altitude, from the lowest.
pub const ALTITUDES: [i8; 5] = [ALT_UNDER, ALT_GROUND, ALT_LOW, ALT_HIGH, ALT_SPACE];

impl CharState {
    /// Every field packed into seven words, for [`State::fingerprint`]. The destructuring names
    /// every field, so a field added to the struct does not compile until it is packed here too.
    #[inline]
    pub(super) fn words(&self) -> [u64; 7] {
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
            alt,
            tbits,
            mana,
            aimed,
            power,
            smoke_at,
            run: _,
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
                | (marker as u64) << 48
                | (power as u64) << 56,
            u32::from_le_bytes([spell, spell_by, kept, kept_on]) as u64
                // 0 at altitude 1: a position without altitudes keeps its fingerprints.
                | ((alt - ALT_GROUND) as u8 as u64) << 32
                | (tbits as u8 as u64) << 40
                | (mana as u64) << 48
                | (aimed as u64) << 56,
            (tbits >> 8) as u64 | (smoke_at.x as u64) << 8 | (smoke_at.y as u64) << 16,
        ]
    }

    /// One more malus from a failed CH LOC («gana un malus»), and with `fumble` one more
    /// permanent VOL loss, each at most [`MAX_VOL_MALUS`].
    pub fn add_vol_malus(&mut self, fumble: bool) {
        self.trauma = (self.trauma + 1).min(MAX_VOL_MALUS);
        if fumble {
            self.lose_vol();
        }
    }

    /// One more permanent VOL loss, at most [`MAX_VOL_MALUS`].
    pub fn lose_vol(&mut self) {
        self.vol_loss = (self.vol_loss + 1).min(MAX_VOL_MALUS);
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
    /// force on the character it is cast on while it lasts (`engine::actions::meta`).
    pub meta_effects: Vec<Vec<Effect>>,
    /// Effects that reach other characters (auras, hálitos): scanned by everyone's checks.
    pub auras: Vec<Effect>,
    /// Magazine size of each weapon (0: no magazine).
    pub magazine: Vec<u8>,
    /// Substance traits with their folded text (Alérgico, Invulnerable, Resistencia a, Munición
    /// anti), resolved at setup; empty for almost everyone.
    pub substances: Vec<Substance>,
    /// How it walks on foot (Levitador, Araña), resolved at setup from its effects so that the
    /// movement search reads one byte.
    pub walk: Walk,
    /// Súper salto's reach in K (0: none), resolved at setup.
    pub leap: u8,
    /// Maestría / Incapacidad (X) with X an action (`«CH ATR ±1 en una acción genérica o de
    /// movimiento a elegir»`): the action's verb and the change to every CH ATR of it, resolved
    /// at setup; empty for almost everyone.
    pub action_mastery: Vec<(&'static str, i8)>,
    /// Meta visión: how many K its sight crosses opaque obstacles (its INT; 0: none), resolved
    /// at setup.
    pub see_through: u8,
    /// Whether its transport archetype is placed on the board (a body of its own: its hull
    /// traits are not the rider's; `setup::statics::build_static`).
    pub transport_placed: bool,
    /// Sums and flags of `effects` that every decision reads, resolved at setup.
    pub quick: QuickFx,
}

/// What the hot paths read of a character's always-on effects (MOVIMIENTO's reach, CdV, VOL),
/// folded once at setup instead of scanned at every legal list (PERFORMANCE.md, "Eleventh
/// session").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuickFx {
    /// Sum of [`Effect::RunBonus`]: Correr, Esprintar and Embestir go this much further.
    pub run_bonus: u8,
    /// The largest [`Effect::ChargeReach`] of the holder itself (Berserker).
    pub charge_k: u8,
    /// Sum of [`Effect::ViewRange`]: the CdV range's change.
    pub view_k: i16,
    /// [`Effect::VolIsTurn`] (Despertando del letargo).
    pub vol_is_turn: bool,
    /// Sum of [`Effect::MoveEne`] (Lento): the ENE surcharge of every movement, read once per
    /// destination of the legal list.
    pub move_ene: i8,
    /// The largest [`Effect::Stinky`] (Apestoso): no ally ends a movement closer (0: none).
    pub stinky: u8,
    /// [`Effect::NooksEasy`] (Serpiente).
    pub nooks_easy: bool,
    /// Some [`Effect::Ability`] or [`Effect::Stance`] on the character or one of its weapons:
    /// the abilities' options (`actions::abilities::options`) have something to look at. Set by
    /// [`QuickFx::with_weapons`].
    pub abilities: bool,
    /// [`Effect::Hero`] (Héroe, «Si Her >= CON, inconsciente»): more wounds than CON leave it
    /// down, not dead (`State::dead`).
    pub hero: bool,
    /// [`Effect::NoRun`]: no Correr, Esprintar nor Embestir (every acting list and every
    /// movement table asks).
    pub no_run: bool,
    /// [`Effect::NoSprint`]: no Esprintar.
    pub no_sprint: bool,
    /// Some ALC trait ([`Effect::RangeMod`], [`Effect::UnlimitedRange`],
    /// [`Effect::RangeScale`]) among the always-on effects: they lengthen its ranged weapons
    /// (`State::weapon_range`, audit 30a), which every shot option asks.
    pub range_fx: bool,
}

impl QuickFx {
    /// Folds the always-on effects.
    pub fn of(effects: &[Effect]) -> QuickFx {
        QuickFx {
            run_bonus: effects
                .iter()
                .map(|e| match e {
                    Effect::RunBonus(k) => *k,
                    _ => 0,
                })
                .sum(),
            charge_k: effects
                .iter()
                .map(|e| match *e {
                    Effect::ChargeReach {
                        who: crate::creation::effect::Who::Holder,
                        k,
                    } => k,
                    _ => 0,
                })
                .max()
                .unwrap_or(0),
            view_k: effects
                .iter()
                .map(|e| match e {
                    Effect::ViewRange(k) => *k as i16,
                    _ => 0,
                })
                .sum(),
            vol_is_turn: effects.contains(&Effect::VolIsTurn),
            move_ene: effects
                .iter()
                .map(|e| match e {
                    Effect::MoveEne(k) => *k,
                    _ => 0,
                })
                .sum(),
            stinky: effects
                .iter()
                .map(|e| match *e {
                    Effect::Stinky(k) => k,
                    _ => 0,
                })
                .max()
                .unwrap_or(0),
            nooks_easy: effects.contains(&Effect::NooksEasy),
            abilities: false,
            hero: effects.contains(&Effect::Hero),
            no_run: effects.iter().any(|e| matches!(e, Effect::NoRun)),
            no_sprint: effects.iter().any(|e| matches!(e, Effect::NoSprint)),
            range_fx: effects.iter().any(super::weapons::is_range),
        }
    }

    /// [`QuickFx::of`] the character's own effects, with what its weapons' effects add.
    pub fn with_weapons(effects: &[Effect], weapon_effects: &[Vec<Effect>]) -> QuickFx {
        let ability = |e: &Effect| matches!(e, Effect::Ability(_) | Effect::Stance(_));
        let own = QuickFx::of(effects);
        // Lento / Cojitranco on a weapon: its bearer's movement, as Equipo pesado on a weapon
        // is (`movement::heavy_gear`; audit 31b: a weapon's were never read).
        let weapon_move_ene: i8 = weapon_effects
            .iter()
            .flatten()
            .map(|e| match e {
                Effect::MoveEne(k) => *k,
                _ => 0,
            })
            .sum();
        QuickFx {
            abilities: effects.iter().any(ability)
                || weapon_effects.iter().any(|w| w.iter().any(ability)),
            move_ene: own.move_ene + weapon_move_ene,
            ..own
        }
    }
}

/// How a character walks on foot at altitude 1 (RULES.md, "Traits in play, share T").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Walk {
    /// By the terrain, on its own level (MOVIMIENTO).
    #[default]
    Plain,
    /// Levitador: floating ½ K over rough ground, water and gaps.
    Hover,
    /// Araña: up and down walls of raised ground and over high obstacles.
    Spider,
    /// Incorpóreo: while incorporeal, through obstacles and walls (never ending inside one);
    /// otherwise as `Plain`.
    Ghost,
    /// A miniature at least [`GIANT_MOV`] K tall (MOV natural: «tantos K como veces sean de
    /// alto»): a high obstacle (2 K) reaches no higher than its chest, so it is «terreno
    /// difícil» to it (MOVIMIENTO / Obstáculos), passed at + 1 ENE (never ended on).
    Giant,
}

/// The natural MOV (height in K) from which a high obstacle (2 K) is chest-high: a chest is
/// half a miniature's height (a human's chest-high obstacle is ½ K; RULES.md, Alturas, A16).
pub const GIANT_MOV: u8 = 4;

/// One substance trait of a character: what it does, the folded substance, and the weapon it
/// sits on (Munición anti acts only with it; `None`: the character's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Substance {
    /// What it does.
    pub role: crate::creation::effect::SubstanceRole,
    /// The substance, folded (lower case, no accents).
    pub text: String,
    /// The weapon index it sits on.
    pub weapon: Option<u8>,
}

impl CharStatic {
    /// Whether any always-on effect matches.
    pub fn has_effect(&self, f: impl Fn(&Effect) -> bool) -> bool {
        self.effects.iter().any(f)
    }
    /// Sum of the amounts `f` reads off the always-on effects (those it returns `None` for add
    /// nothing).
    pub fn effect_sum(&self, f: impl Fn(&Effect) -> Option<i16>) -> i16 {
        self.effects.iter().filter_map(f).sum()
    }
}
