//! What share G's traits (BONUS Y MALUS, issue 16) leave on a character: Control del CHI's
//! re-roll spent, Cóctel de vitaminas' levels and its hangover, Droga's addiction, Desafiante's
//! challenge, Desaparecer / Avatar off the table, Señuelo's snapshot. A separate compact record
//! (`CharState` is at its 64 bytes): one entry per character, and an empty `Vec` — free to
//! clone, one `is_empty` check to read — in every position where none of these traits acted.

#[allow(unused_imports)]
use super::*;

/// Control del CHI: the re-roll of this activation is spent.
pub const CHI_USED: u16 = 1 << 0;
/// Cóctel de vitaminas: taken in this activation; the next one has −1 to every attribute.
pub const HANGOVER_NEXT: u16 = 1 << 1;
/// Cóctel de vitaminas: this activation has −1 to every attribute.
pub const HANGOVER: u16 = 1 << 2;
/// Droga: an addict.
pub const ADDICT: u16 = 1 << 3;
/// Droga: the addict used its drug since its last activation started.
pub const DOSED: u16 = 1 << 4;
/// Droga: withdrawal, every CH ATR −1 for the rest of this activation.
pub const CRAVING: u16 = 1 << 5;
/// Droga: «yonki» (no effect within a game: kept for the record).
pub const JUNKIE: u16 = 1 << 6;
/// Desaparecer: spent («1 vez por avent.»).
pub const VANISH_USED: u16 = 1 << 7;
/// Señuelo: spent («Una vez por av.»).
pub const DECOY_USED: u16 = 1 << 8;
/// Desafiante: challenged by `by`; it must attack it in melee in its next activation.
pub const CHALLENGED: u16 = 1 << 9;
/// The [`CharState::tbits`] Elixir clears ([`State::body_ills`]).
pub const BODY_ILL_BITS: u16 = STUNNED | STUN_FRESH | OVERHEATED | DRUGGED | DRUG_CRASH | OVERDOSED;
/// Every bit in use.
pub const MARK_BITS: u16 = (1 << 10) - 1;

/// The record `State` holds: the marks of every character (an empty `Vec` until one is set),
/// and Señuelo's snapshot while a decoy's activation lasts.
#[derive(Clone, Debug, Default)]
pub struct MarkRecord {
    /// One entry per character once any is set.
    pub(crate) per: Vec<TraitMarks>,
    /// Señuelo: the holder whose activation is under way and the position as it stood when
    /// that activation started (its ENE gained), to go back to when it declares itself a decoy.
    pub(crate) decoy: Option<(CharIdx, Arc<State>)>,
}

/// One character's marks (all 0 for a character none of these traits touched).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitMarks {
    /// The character (0-based, side A first).
    pub who: CharIdx,
    /// [`CHI_USED`] … [`CHALLENGED`] (Avatar's «not yet invoked» is the status
    /// [`OFF_TABLE`]).
    #[serde(default)]
    pub bits: u16,
    /// Cóctel de vitaminas: levels gained for the rest of this activation, per attribute
    /// (CON, AGI, INT, VOL).
    #[serde(default)]
    pub boost: [u8; 4],
    /// Desafiante: who challenged it (with [`CHALLENGED`]).
    #[serde(default)]
    pub by: CharIdx,
}

impl TraitMarks {
    /// Whether nothing is set.
    pub fn is_clear(&self) -> bool {
        self.bits == 0 && self.boost == [0; 4]
    }
}

impl State {
    /// The marks of `i` (all clear when none).
    #[inline]
    pub fn marks(&self, i: CharIdx) -> TraitMarks {
        self.trait_marks
            .per
            .get(i as usize)
            .copied()
            .unwrap_or(TraitMarks {
                who: i,
                ..TraitMarks::default()
            })
    }
    /// Whether `i` has mark `bit`.
    #[inline]
    pub fn marked(&self, i: CharIdx, bit: u16) -> bool {
        self.trait_marks
            .per
            .get(i as usize)
            .is_some_and(|m| m.bits & bit != 0)
    }
    /// The marks of `i`, to change (the record is made on first use).
    pub(crate) fn marks_mut(&mut self, i: CharIdx) -> &mut TraitMarks {
        if self.trait_marks.per.is_empty() {
            let n = self.chars.len();
            self.trait_marks.per = (0..n as CharIdx)
                .map(|who| TraitMarks {
                    who,
                    ..TraitMarks::default()
                })
                .collect();
        }
        &mut self.trait_marks.per[i as usize]
    }
    /// Sets or clears mark `bit` of `i` (clearing makes no record).
    pub(crate) fn set_mark(&mut self, i: CharIdx, bit: u16, on: bool) {
        if on {
            self.marks_mut(i).bits |= bit;
        } else if let Some(m) = self.trait_marks.per.get_mut(i as usize) {
            m.bits &= !bit;
        }
    }
    /// Whether `i` carries a state Elixir's «elimina efectos como veneno» clears (RULES.md,
    /// Elixir, audit 24): what a hit or a substance left in its body and that wears off by
    /// itself or by nothing — Munición aturdidora's stun, Munición ígnea's overheating, Drogas
    /// de combate's crash and overdose, Droga's withdrawal, Cóctel de vitaminas' hangover. Not
    /// fire (Munición incendiaria: put out by Apagar fuego), not Munición desestabilizadora
    /// (its weapons and bonuses), not Droga's addiction itself (a lasting condition).
    pub fn body_ills(&self, i: CharIdx) -> bool {
        self.ch(i).tbits & BODY_ILL_BITS != 0 || self.marked(i, CRAVING | HANGOVER | HANGOVER_NEXT)
    }
    /// Clears the states of [`State::body_ills`] (Elixir).
    pub(crate) fn cure_body_ills(&mut self, i: CharIdx) {
        self.ch_mut(i).tbits &= !BODY_ILL_BITS;
        self.set_mark(i, CRAVING | HANGOVER | HANGOVER_NEXT, false);
    }
    /// Señuelo: the decoy whose activation started from the snapshot, and the snapshot.
    pub fn decoy_snapshot(&self) -> Option<(CharIdx, &State)> {
        self.trait_marks
            .decoy
            .as_ref()
            .map(|(w, s)| (*w, s.as_ref()))
    }
    /// Señuelo: sets (or clears) the snapshot (position files).
    pub(crate) fn set_decoy_snapshot(&mut self, snap: Option<(CharIdx, State)>) {
        self.trait_marks.decoy = snap.map(|(w, s)| (w, Arc::new(s)));
    }
    /// The marks that differ from clear, for position files (`game.trait_marks`).
    pub fn marks_set(&self) -> Vec<TraitMarks> {
        self.trait_marks
            .per
            .iter()
            .filter(|m| !m.is_clear())
            .copied()
            .collect()
    }
    /// [`State::marks_check_mod`] for a check of this kind: the levels of an attribute reach
    /// the checks made with it (AGI: the CH IMP; VOL: CH PSI and CH LOC), the −1 to every
    /// attribute reaches every CH ATR — the CH IMP, and the CH PSI and CH LOC, which are CH VOL
    /// (PSICOLOGÍA; audit 21b: they had the levels but not the −1).
    pub(crate) fn marks_mod_for(&self, who: CharIdx, check: CheckKind) -> i8 {
        let stat = match check {
            CheckKind::Attr(s) => s,
            CheckKind::Hit => Stat::Agi,
            CheckKind::Psyche | CheckKind::Madness => Stat::Vol,
            _ => return 0,
        };
        self.marks_check_mod(who, Some(stat))
    }
    /// The CH ATR change the marks give `who` (Cóctel de vitaminas: its levels of `stat` this
    /// activation, −1 in the next; Droga: withdrawal −1).
    pub fn marks_check_mod(&self, who: CharIdx, stat: Option<Stat>) -> i8 {
        let Some(m) = self.trait_marks.per.get(who as usize) else {
            return 0;
        };
        let mut k = 0i8;
        if let Some(s) = stat {
            k += m.boost[s as usize] as i8;
        }
        if m.bits & HANGOVER != 0 {
            k -= 1;
        }
        if m.bits & CRAVING != 0 {
            k -= 1;
        }
        k
    }
}
