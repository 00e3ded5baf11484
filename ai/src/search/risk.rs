//! What a root candidate risks (product role: the risk breakdown `wartime analyze` and the
//! protocol's `info` lines report): the tally over the iterations that chose it, and the
//! segment of events it is measured over — from the action to the next decision of its side.

use engine::basics::check::Log;

/// What a candidate risks: measured over the iterations that chose it, from its application up
/// to the next decision of the side that chose it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Risk {
    /// Iterations measured.
    pub samples: u32,
    /// Iterations where an enemy reaction window opened.
    pub windows: u32,
    /// Iterations where an enemy reaction wounded one of ours.
    pub reaction_hits: u32,
    /// Wounds dealt to the enemy (sum).
    pub wounds_dealt: u32,
    /// Wounds taken (sum).
    pub wounds_taken: u32,
    /// Iterations with a CH PSI of one of ours.
    pub psi: u32,
    /// Iterations with a failed CH PSI of one of ours.
    pub psi_failed: u32,
    /// Sum of the actor's ENE left.
    pub ene_left: i32,
    /// Wounds our own area attacks dealt to our side, the thrower included (sum; ÁREAS: «friend
    /// and foe alike»).
    pub friendly_fire: u32,
}

impl Risk {
    pub(super) fn add(&mut self, o: &Risk) {
        self.samples += o.samples;
        self.windows += o.windows;
        self.reaction_hits += o.reaction_hits;
        self.wounds_dealt += o.wounds_dealt;
        self.wounds_taken += o.wounds_taken;
        self.psi += o.psi;
        self.psi_failed += o.psi_failed;
        self.ene_left += o.ene_left;
        self.friendly_fire += o.friendly_fire;
    }
    /// Probability that the candidate opens a reaction window to an enemy.
    pub fn p_window(&self) -> f32 {
        self.windows as f32 / self.samples.max(1) as f32
    }
    /// Probability that a reaction wounds one of ours.
    pub fn p_reaction_hit(&self) -> f32 {
        self.reaction_hits as f32 / self.samples.max(1) as f32
    }
    /// Expected wounds dealt.
    pub fn exp_dealt(&self) -> f32 {
        self.wounds_dealt as f32 / self.samples.max(1) as f32
    }
    /// Expected wounds taken.
    pub fn exp_taken(&self) -> f32 {
        self.wounds_taken as f32 / self.samples.max(1) as f32
    }
    /// Probability of a CH PSI of one of ours.
    pub fn p_psi(&self) -> f32 {
        self.psi as f32 / self.samples.max(1) as f32
    }
    /// Probability of failing it.
    pub fn p_psi_fail(&self) -> f32 {
        self.psi_failed as f32 / self.samples.max(1) as f32
    }
    /// Expected wounds our own areas dealt to our side.
    pub fn exp_friendly_fire(&self) -> f32 {
        self.friendly_fire as f32 / self.samples.max(1) as f32
    }
    /// Expected ENE left to the actor.
    pub fn exp_ene(&self) -> f32 {
        self.ene_left as f32 / self.samples.max(1) as f32
    }
}

/// The events after a root action, until the root side decides again.
#[derive(Default)]
pub(super) struct Segment {
    pub(super) open: bool,
    pub(super) log: Log,
    pub(super) risk: Risk,
    pub(super) actor: Option<u8>,
}
