//! Dice (CHEQUEOS: "Lanza 1D10"; CONCEPTOS BÁSICOS: "Probabilidad … 1D100").
//!
//! Every random number the rules need comes from a [`DiceSource`], so that the same engine plays
//! with a seeded stream (play, search), with a scripted sequence (tests) or with the dice a
//! referee rolled at the table.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The SplitMix64 finaliser (Steele, Lea and Flood 2014): a bijection of 64-bit words whose
/// outputs for neighbouring inputs look unrelated. Every seed derivation of the workspace goes
/// through it.
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One seed from two words (a seed and a stream number, key or counter): unrelated seeds for
/// neighbouring inputs.
#[inline]
pub fn mix64(a: u64, b: u64) -> u64 {
    splitmix64(a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// FxHash (rustc's hasher): one rotate, xor and multiply per written value. Each step is a
/// bijection of the state for a given input, so two inputs of the same shape that differ in one
/// value never collide; it is a fraction of a general-purpose hasher's cost on the one-byte
/// writes of derived `Hash` impls. Used for [`crate::State::fingerprint`] (with a SplitMix64
/// finish) and by the search for its legal-list signatures and action sets. `finish` returns
/// the state as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct FxHasher(pub u64);

impl FxHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for FxHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(b as u64);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

/// Where dice come from.
pub trait DiceSource {
    /// One 1D10 roll, 1..=10.
    fn d10(&mut self) -> u8;

    /// One 1D100 roll, 1..=100 (percentages). Default: two d10, tens then units, "00" = 100.
    fn d100(&mut self) -> u8 {
        let t = self.d10() % 10;
        let u = self.d10() % 10;
        let v = t * 10 + u;
        if v == 0 {
            100
        } else {
            v
        }
    }
}

/// Probabilidad («Porcentaje. Se resuelve con 1D100»): whether something of `pct` % happens —
/// on a d100 of `pct` or less, as a CH on 1D100 (RULES.md, Probabilidad, A10).
pub fn chance(d: &mut dyn DiceSource, pct: u8) -> bool {
    d.d100() <= pct
}

/// A seeded PCG stream: the dice of play and search. Same seed, same rolls.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: Pcg64Mcg,
}

impl SeededDice {
    /// A stream from a seed.
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }
}

impl DiceSource for SeededDice {
    #[inline]
    fn d10(&mut self) -> u8 {
        // Lemire's multiply-shift: unbiased enough for 10 outcomes out of 2^32 (bias < 3e-9).
        let r = self.rng.next_u32() as u64;
        ((r * 10) >> 32) as u8 + 1
    }

    fn d100(&mut self) -> u8 {
        let r = self.rng.next_u32() as u64;
        ((r * 100) >> 32) as u8 + 1
    }
}

/// A scripted sequence of d10 results: tests, and refereeing games played with physical dice.
/// When the script runs out, rolls come from the fallback stream and [`ScriptedDice::overdrawn`]
/// counts them, so a test can assert that exactly its dice were used.
#[derive(Clone, Debug)]
pub struct ScriptedDice {
    script: Vec<u8>,
    next: usize,
    overdrawn: usize,
    fallback: SeededDice,
}

impl ScriptedDice {
    /// A script of d10 results (each 1..=10; values outside are clamped into range).
    pub fn new(script: impl Into<Vec<u8>>) -> ScriptedDice {
        ScriptedDice::with_fallback(script, 0)
    }

    /// A script followed by a seeded stream.
    pub fn with_fallback(script: impl Into<Vec<u8>>, seed: u64) -> ScriptedDice {
        ScriptedDice {
            script: script.into(),
            next: 0,
            overdrawn: 0,
            fallback: SeededDice::new(seed),
        }
    }

    /// Scripted rolls not used yet.
    pub fn remaining(&self) -> usize {
        self.script.len() - self.next
    }

    /// Rolls drawn after the script ran out.
    pub fn overdrawn(&self) -> usize {
        self.overdrawn
    }

    /// Scripted rolls used so far.
    pub fn used(&self) -> usize {
        self.next
    }
}

impl DiceSource for ScriptedDice {
    fn d10(&mut self) -> u8 {
        if let Some(&v) = self.script.get(self.next) {
            self.next += 1;
            v.clamp(1, 10)
        } else {
            self.overdrawn += 1;
            self.fallback.d10()
        }
    }
}

/// Dice for duplicate (paired) games: the rolls are split into independent streams, one per
/// key, and [`DuplicateDice::select`] picks the stream the next rolls come from.
///
/// A tournament plays each position twice with the sides swapped; drawing from one sequential
/// stream would hand the same die to different checks as soon as the two games diverge. Keyed by
/// [`crate::State::dice_key`] (turn and the character whose decision is being resolved), the
/// k-th roll of a character's decisions in a turn is the same die in both games, whoever
/// controls it, for as long as that character's k-th check is the same check.
#[derive(Clone, Debug)]
pub struct DuplicateDice {
    seed: u64,
    key: u64,
    streams: Vec<(u64, Pcg64Mcg)>,
    current: usize,
}

impl DuplicateDice {
    /// Keyed streams from one game seed.
    pub fn new(seed: u64) -> DuplicateDice {
        let mut d = DuplicateDice {
            seed,
            key: 0,
            streams: Vec::new(),
            current: 0,
        };
        d.select(0);
        d
    }

    /// The next rolls come from the stream of `key` (continued where it stopped, if it was
    /// used before).
    pub fn select(&mut self, key: u64) {
        self.key = key;
        if let Some(i) = self.streams.iter().position(|(k, _)| *k == key) {
            self.current = i;
            return;
        }
        // Unrelated streams for neighbouring keys.
        let z = mix64(self.seed, key);
        self.streams.push((key, Pcg64Mcg::seed_from_u64(z)));
        self.current = self.streams.len() - 1;
    }

    /// The key of the stream in use.
    pub fn key(&self) -> u64 {
        self.key
    }
}

impl DiceSource for DuplicateDice {
    fn d10(&mut self) -> u8 {
        let r = self.streams[self.current].1.next_u32() as u64;
        ((r * 10) >> 32) as u8 + 1
    }
}

/// Wraps a source and records every d10 it hands out (game records, replays).
#[derive(Debug)]
pub struct RecordingDice<'a, D: DiceSource + ?Sized> {
    inner: &'a mut D,
    /// The rolls, in order.
    pub rolls: Vec<u8>,
}

impl<'a, D: DiceSource + ?Sized> RecordingDice<'a, D> {
    /// Starts recording.
    pub fn new(inner: &'a mut D) -> Self {
        RecordingDice {
            inner,
            rolls: Vec::new(),
        }
    }
}

impl<D: DiceSource + ?Sized> DiceSource for RecordingDice<'_, D> {
    fn d10(&mut self) -> u8 {
        let v = self.inner.d10();
        self.rolls.push(v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_is_reproducible_and_in_range() {
        let mut a = SeededDice::new(7);
        let mut b = SeededDice::new(7);
        let mut seen = [0u32; 11];
        for _ in 0..10_000 {
            let x = a.d10();
            assert_eq!(x, b.d10());
            seen[x as usize] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(seen[1..].iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
    }

    #[test]
    fn scripted_then_fallback() {
        let mut d = ScriptedDice::new(vec![3, 10, 1]);
        assert_eq!((d.d10(), d.d10(), d.d10()), (3, 10, 1));
        assert_eq!(d.remaining(), 0);
        let x = d.d10();
        assert!((1..=10).contains(&x));
        assert_eq!(d.overdrawn(), 1);
    }

    #[test]
    fn duplicate_streams_are_per_key_and_resume() {
        let mut a = DuplicateDice::new(5);
        let mut b = DuplicateDice::new(5);
        a.select(1);
        let a1: Vec<u8> = (0..3).map(|_| a.d10()).collect();
        a.select(2);
        let a2 = a.d10();
        a.select(1);
        let a1b = a.d10();
        // The other order of keys gives the same die to the same (key, index).
        b.select(2);
        assert_eq!(b.d10(), a2);
        b.select(1);
        let b1: Vec<u8> = (0..4).map(|_| b.d10()).collect();
        assert_eq!(&b1[..3], &a1[..]);
        assert_eq!(b1[3], a1b);
        let mut c = DuplicateDice::new(6);
        c.select(1);
        let c1: Vec<u8> = (0..8).map(|_| c.d10()).collect();
        let mut a = DuplicateDice::new(5);
        a.select(1);
        let a1: Vec<u8> = (0..8).map(|_| a.d10()).collect();
        assert_ne!(c1, a1, "different seeds, different dice");
    }

    #[test]
    fn probabilidad_happens_on_d100_at_most_the_percentage() {
        // 30 %: 3 then 0 is 30, it happens; 3 then 1 is 31, it does not; 00 is 100.
        let mut d = ScriptedDice::new(vec![3, 10, 3, 1, 10, 10]);
        assert!(chance(&mut d, 30));
        assert!(!chance(&mut d, 30));
        assert!(!chance(&mut d, 99));
        assert_eq!(d.remaining(), 0);
    }

    #[test]
    fn d100_from_two_d10() {
        let mut d = ScriptedDice::new(vec![10, 10, 4, 2]);
        assert_eq!(d.d100(), 100);
        assert_eq!(d.d100(), 42);
    }
}
