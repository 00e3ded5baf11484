//! Dice (CHEQUEOS: "Lanza 1D10"; CONCEPTOS BÁSICOS: "Probabilidad … 1D100").
//!
//! Every random number the rules need comes from a [`DiceSource`], so that the same engine plays
//! with a seeded stream (play, search), with a scripted sequence (tests) or with the dice a
//! referee rolled at the table.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

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
    fn d100_from_two_d10() {
        let mut d = ScriptedDice::new(vec![10, 10, 4, 2]);
        assert_eq!(d.d100(), 100);
        assert_eq!(d.d100(), 42);
    }
}
