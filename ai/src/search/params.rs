//! The knobs of a search (STRENGTH.md, "Results": the defaults measured): how long it runs
//! ([`Limits`]) and its parameters ([`Params`], with the defaults the measurements chose; several
//! threads grow one tree each, root-parallel).

use eval::Evaluator;
use std::time::Duration;

/// How long to search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Total iterations (over all threads).
    pub iterations: Option<u64>,
    /// Wall-clock time.
    pub movetime: Option<Duration>,
    /// Most nodes per tree (memory cap); beyond it iterations go on without expanding.
    pub nodes: Option<usize>,
}

/// Search parameters.
#[derive(Clone, Debug)]
pub struct Params {
    /// UCT exploration constant.
    pub c: f32,
    /// Progressive widening: k.
    pub pw_k: f32,
    /// Progressive widening: α.
    pub pw_alpha: f32,
    /// Progressive widening k at the root (the decision actually taken: wider than below it,
    /// so that the search sees most of the legal actions before it narrows).
    pub root_pw_k: f32,
    /// Rollout length in decisions before the evaluation.
    pub rollout_depth: u32,
    /// Quiet rollouts (`quiet=N`): after its `rollout_depth` decisions a rollout goes on, up to N
    /// more, while an activation is under way (an action, a reaction window or a reaction
    /// awaited), so that the evaluation reads positions between activations rather than
    /// half-finished ones (0: off, the plain depth).
    pub quiet: u32,
    /// Count the rollout from the root rather than from the leaf: every iteration is evaluated
    /// `rollout_depth + 1` decisions after the root (or at its leaf, if the tree is deeper), so
    /// that deep and shallow iterations meet the same horizon (and the same dice noise).
    pub horizon: bool,
    /// Depth (decisions from the root) up to which action nodes split into chance nodes by
    /// outcome class (0: a plain open-loop tree).
    pub chance_depth: usize,
    /// Threads (root-parallel ensembles).
    pub threads: usize,
    /// Seed.
    pub seed: u64,
    /// The static evaluation at the rollouts' ends (the hand-set or the learned one).
    pub eval: Evaluator,
    /// Root policy: 0 for UCT; otherwise sequential halving over the best root candidates by
    /// prior, with at least this many samples per candidate in its first round (see
    /// `root::Halving`).
    pub halving: u32,
    /// Final choice: 0 plays the most visited root action; k > 0 plays the one with the best
    /// lower bound `value − k/√visits` (see `root::final_choice`).
    pub lcb: f32,
    /// Final choice by values backed up from the best continuations with at least this many
    /// visits ([`Candidate::backed`]; 0: off).
    ///
    /// [`Candidate::backed`]: crate::search::Candidate::backed
    pub maxback: u32,
    /// A node grows children on its `expand_after`-th arrival (1 or 2: the classic growth of
    /// one node per iteration, a new decision node being a leaf on its first arrival; larger:
    /// rollouts from the node until then).
    pub expand_after: u32,
    /// Exact-outcome chance nodes per action node before outcomes are gathered by class (0:
    /// classes only; see [`Tree::chance_child`]).
    ///
    /// [`Tree::chance_child`]: crate::search::Tree::chance_child
    pub exact: usize,
    /// Common random numbers at the root: the k-th sample of every root action uses the same
    /// dice (root-parallel trees only).
    pub crn: bool,
    /// Flat screening: the share of the budget (percent) spent first on flat Monte Carlo
    /// samples of every legal root action in turn (the action, then the rollout), before the
    /// tree grows under the best of them (see [`Tree::screen`]; 0: off).
    ///
    /// [`Tree::screen`]: crate::search::Tree::screen
    pub screen: u32,
    /// With sequential halving: rounds with more than this many arms take flat samples (the
    /// action and the rollout, no tree below it); 0: every round descends the tree.
    pub flat_above: u32,
    /// A new node's candidates are made by the first step of the rollout from it, which
    /// generates and scores the same legal list anyway (see `rollout::Prepared`); off, the node
    /// makes them on its next visit, generating and scoring the list a second time. Off by
    /// default: it saves 1.5 % of an iteration's instructions and solved fewer tactics at 1,000
    /// iterations (47 against 57 of 72 over seeds 1–3; STRENGTH.md).
    pub prefill: bool,
    /// UCT exploration constant at the root (`None`: [`Params::c`], as below it). Only the
    /// root's choice is played, so its exploration serves the simple regret (find the best
    /// action) rather than the cumulative one UCT minimises; flat Monte Carlo's even spread
    /// was as strong as the search at equal time (STRENGTH.md), hence a root constant of its own.
    pub root_c: Option<f32>,
    /// Root policy `root=sh`: sequential halving over this many of the prior's best legal root
    /// actions, the ordinary tree policy below each, and the last round's best as the final
    /// choice (0: off; see `root_sh::SeqHalving`).
    pub root_sh: u32,
    /// With `root_sh`: rank the arms by the tree's whole statistics (visits carried over from
    /// the previous decision included) instead of this search's samples alone.
    pub sh_total: bool,
    /// A node below the root that merges another sample's legal list (none of its candidates
    /// legal there) keeps only that list's best `TOP_CANDIDATES` (12) by prior, as a fresh
    /// node does, instead of the whole list: tree memory (PERFORMANCE.md, "Tree memory"). On by
    /// default since the eleventh session: 0.592 ± 0.089 against the whole lists at 1,000
    /// iterations each (120 paired games, STRENGTH.md) and ≤ 128 bytes per node.
    pub merge_cap: bool,
    /// A reaction window's `pass` first among a node's candidates, whatever its prior
    /// (`passfirst=0/1`; `prior::by_prior_top` says why). On by default since the
    /// twenty-sixth session (STRENGTH.md).
    pub pass_first: bool,
    /// `prior=expert`: the root's candidates are ordered by the scripted expert's scores
    /// (`expert_prior.rs`) instead of the heuristic prior, once per decision.
    pub expert_prior: bool,
    /// Progressive bias at the root with `expert_prior`: `pb · bias / (visits + 1)` is added
    /// to a root child's UCT value, the bias 1 for the expert's best, falling to 0 at its 16th.
    pub pb: f32,
    /// With `maxback`: a decision's backed value is its most visited continuation's (the line
    /// the search would play), not the best mean among them (`backsel=visits`); with
    /// `winback`, likewise the reaction a window's `react` is valued by.
    pub robust_back: bool,
    /// Reaction windows at the root decided by flat samples (`flat_root.rs`): the exchange
    /// rate, flat samples per tree iteration of the budget (0: off, the tree decides).
    pub flat_windows: f32,
    /// The step cache's budget in MB over all threads (`hash=MB`, like a chess engine's hash
    /// table; 0: off): the positions a descent reaches without rolling a die, by node, copied
    /// instead of replayed (`step_cache.rs`). It changes nothing the search decides, only its
    /// cost; it is not counted in [`Tree::bytes`].
    ///
    /// [`Tree::bytes`]: crate::search::Tree::bytes
    pub hash_mb: usize,
    /// The reaction window kept in one tree (`winback=M`, `window.rs`): a window's `react c`
    /// edge is selected by the value of c's best reaction below it (among those with at least
    /// M visits; with [`Params::robust_back`] the most visited such reaction) instead of the
    /// mean over every reaction tried (0: off, the plain mean).
    pub winback: u32,
    /// The root's exploration grows with the budget spent (`rootgrow=α`): after
    /// [`Params::root_ref`] iterations of this search the root constant is multiplied by
    /// (iterations / `root_ref`)^α (0: off, the constant stays). A longer search should spread
    /// its root samples for the simple regret — what the move played pays for — where a fixed
    /// constant lets an early leader keep the extra samples (STRENGTH.md, fifteenth session).
    pub root_grow: f32,
    /// The iterations of one search after which `root_grow` starts (`rootref=N`).
    pub root_ref: u32,
    /// Exploration scaled by each child's own spread of values (`ucbv=S`, after UCB-V, Audibert,
    /// Munos and Szepesvári 2009): a child's exploration term is multiplied by σ / S, σ its
    /// samples' standard deviation (shrunk toward S by one pseudo-sample), so that an action
    /// whose outcome hangs on the dice (an attack) is sampled more before it is judged, and
    /// one whose samples agree (a step) less (0: off, the plain constant).
    pub ucbv: f32,
    /// Exploration scaled by the deciding node's own spread of values (`ucbvp=S`): every
    /// child's exploration term at a node is multiplied by σ / S, σ the standard deviation of
    /// all the node's samples (shrunk toward S by one pseudo-sample) — the scale of the dice's
    /// noise in this decision, which varies tenfold between decisions (0: off).
    pub ucbv_parent: f32,
    /// How greedy the rollouts' choices are (`rgreedy=N`, `rtemp=X`; the default takes the
    /// prior's best half the time and draws by exp(score) otherwise).
    pub rollout_style: super::policy::RolloutStyle,
    /// Implicit minimax backups (`imm=α`, after Lanctot, Winands, Pepels and Sturtevant
    /// 2014): every node also keeps the minimax (expectimax over chance nodes) of the static
    /// evaluation at the tree's leaves below it, and selection reads
    /// `(1 − α) · mean + α · minimax` instead of the mean. The mean of a node averages every
    /// continuation tried after it, poor ones included, and its rollouts' noise; the minimax
    /// value follows the best continuation at once (0: off, the plain mean).
    pub imm: f32,
    /// The leaf's own evaluation mixed into each sample (`leafmix=β`): the value backed up is
    /// `(1 − β) · rollout + β · leaf`, the static evaluation before and after the rollout's
    /// moves (0: the rollout's alone; 1: the leaf's alone, as `depth=0` but still paying for
    /// the rollout).
    pub leaf_mix: f32,
    /// The dice's luck as a control variate (`luck=1`, `luck.rs`): every sample's value is
    /// corrected, node by node, by the luck of the checks rolled after the node, with
    /// coefficients fitted per search (on by default since the twenty-first session; off:
    /// the plain values).
    pub luck: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            // Fourth session: c 0.3 and k 0.5 below the root (from 0.6 and 2) solve 66 of the
            // tactics' 72 seed-runs at 3,000 iterations instead of 50 — the tree follows the
            // few best continuations deep enough to value a preparatory action (crouch, reload,
            // a silent approach) by what it prepares — at no measurable cost in matches
            // (STRENGTH.md). Twenty-first session: c 0.2 with the luck correction below (its
            // values carry less dice noise, so less exploration is needed): against flat MC
            // 0.595 against the old defaults' 0.550 on the same three seeds' 768 games.
            c: 0.2,
            pw_k: 0.5,
            pw_alpha: 0.5,
            root_pw_k: 2.0,
            rollout_depth: 2,
            quiet: 0,
            chance_depth: CHANCE_DEPTH,
            horizon: false,
            threads: 1,
            seed: 1,
            eval: Evaluator::hand(),
            halving: 0,
            lcb: 0.0,
            maxback: 0,
            expand_after: 1,
            exact: 0,
            crn: false,
            screen: 0,
            flat_above: 0,
            prefill: false,
            root_c: None,
            root_sh: 0,
            sh_total: false,
            merge_cap: true,
            pass_first: true,
            expert_prior: false,
            pb: 0.0,
            robust_back: false,
            flat_windows: 0.0,
            hash_mb: DEFAULT_HASH_MB,
            winback: 0,
            root_grow: 0.0,
            root_ref: 1000,
            ucbv: 0.0,
            ucbv_parent: 0.0,
            rollout_style: super::policy::RolloutStyle::default(),
            imm: 0.0,
            leaf_mix: 0.0,
            // Twenty-first session: on by default (STRENGTH.md).
            luck: true,
        }
    }
}

/// Default depth (decisions from the root) up to which action nodes split by outcome class: deep
/// enough for an attack declared at the root to resolve after the enemy's early window
/// (attack, react or pass, reaction) and for the decision after it.
pub const CHANCE_DEPTH: usize = 4;

/// Default budget of the step cache, in MB over all threads (`hash=MB`; `hash=0` turns it off).
/// A 2,000-iteration search of battle_6v6 fills about 3 MB; the budget bounds long searches.
pub const DEFAULT_HASH_MB: usize = 32;
