//! The outcome class of an action (rulebook, CHEQUEOS: the dice of a check decide what an
//! action did): the wounds and incapacitations of both sides before and after it. The chance
//! nodes (`chance.rs`) split by it; the step cache (`step_cache.rs`) keeps a position's tally.

use engine::State;

/// Chance nodes: the wounds and incapacitations of both sides before an action, to classify
/// what its dice did.
///
/// An open-loop node averages over every outcome of its action; that is right for choosing the
/// action but blurs the continuation when the best next step depends on the outcome (shoot
/// again after a miss, take cover after the kill). Near the root ([`CHANCE_DEPTH`]) the
/// children of an action node are therefore split by outcome class — for each side, whether
/// one of its characters was wounded and whether one was put out of the fight (a hit, a miss,
/// a kill, a reaction that hit back) — and the search goes on below the class the sampled dice
/// produced. Deeper, plain open-loop nodes keep the tree small.
///
/// [`CHANCE_DEPTH`]: super::params::CHANCE_DEPTH
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    wounds: [u16; 2],
    down: [u8; 2],
}

impl Outcome {
    /// The tally of a position.
    pub fn of(st: &State) -> Outcome {
        let mut o = Outcome {
            wounds: [0; 2],
            down: [0; 2],
        };
        for i in st.indices() {
            let s = st.side_of(i).index();
            o.wounds[s] += st.ch(i).wounds as u16;
            if !st.able(i) {
                o.down[s] += 1;
            }
        }
        o
    }

    /// The class of what happened between `self` (before) and `after`: bit 0/1 side A
    /// wounded/downed, bit 2/3 the same for side B.
    pub fn class(&self, after: &State) -> u8 {
        self.class_to(&Outcome::of(after))
    }

    /// [`Outcome::class`] with the tally after already made.
    pub fn class_to(&self, a: &Outcome) -> u8 {
        let mut k = 0u8;
        for s in 0..2 {
            if a.wounds[s] > self.wounds[s] {
                k |= 1 << (2 * s);
            }
            if a.down[s] > self.down[s] {
                k |= 2 << (2 * s);
            }
        }
        k
    }
}
