//! Open-loop Monte Carlo tree search with dice re-sampled every iteration.
//!
//! A node is reached by a sequence of decisions, never by a sequence of dice: each iteration
//! clones the root, draws a fresh dice stream and replays the decisions down the tree, so a
//! node's value averages over every dice outcome that led through it (no clairvoyance).
//! Because outcomes differ between iterations, an action of a node may be illegal in some of
//! them (the target already down): selection only considers the children legal in the current
//! sample and uses availability counts in the exploration term (as in ISMCTS), which removes the
//! bias towards actions that are rarely available.
//!
//! Progressive widening keeps the branching manageable: a node with `n` visits may have at most
//! `ceil(k · n^α)` children, taken in the order of the heuristic prior (`policy.rs`). Movement is
//! already a macro-move (one decision per destination).
//!
//! Chance nodes: near the root, the children of an action node are split by the class of what
//! its dice did ([`Outcome`]: for each side, someone wounded, someone put out of the fight), so
//! that the continuation after a hit and after a miss are chosen separately; deeper, plain
//! open-loop nodes keep the tree small.
//!
//! Between decisions of one activation an agent may carry its tree over ([`Tree::subtree`],
//! [`search_from`]): the subtree under the action taken (and under the outcome class the table
//! rolled) becomes the next root.
//!
//! Files: `params.rs` (limits, parameters, threads), `driver.rs` ([`search`], [`search_from`]),
//! `tree.rs` (the tree and what it reports), `node.rs`, `store.rs` (the candidate arena and
//! child lists), `select.rs` (an iteration's descent),
//! `expand.rs` (candidates and widening), `chance.rs` (chance nodes, carried-over subtrees), `outcome.rs` (the outcome class of an action), `report.rs` (what a search reports),
//! `rollout.rs`, `step_cache.rs` (positions reached without dice, by node: `hash=MB`), `prior.rs` (candidate order), `backup.rs`, `risk.rs`, `root.rs` (screening,
//! halving, final choice), `root_sh.rs` (`root=sh`: sequential halving over the prior's best
//! root actions), `flat_root.rs` (`flatwin=R`: reaction windows at the root decided by flat
//! samples), `window.rs` (`winback=M`: a window's `react` valued by the reactor's best reaction), `policy.rs` (the prior and the rollout policy) and `choice.rs` (the rollout's draw among the scored actions: `rgreedy`, `rtemp`).

mod backup;
mod chance;
mod choice;
mod driver;
mod expand;
mod expert_prior;
mod flat_root;
mod luck;
mod node;
mod outcome;
mod params;
pub mod policy;
mod prior;
mod report;
mod risk;
mod rollout;
mod root;
mod root_sh;
mod select;
mod step_cache;
mod store;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_cache;
#[cfg(test)]
mod tests_expert;
#[cfg(test)]
mod tests_flat_root;
#[cfg(test)]
mod tests_grow;
#[cfg(test)]
mod tests_imm;
#[cfg(test)]
mod tests_policy;
#[cfg(test)]
mod tests_sh;
#[cfg(test)]
mod tests_spread;
#[cfg(test)]
mod tests_store;
#[cfg(test)]
mod tests_window;
mod tree;
mod window;

pub use driver::{search, search_from, SearchInfo, SearchResult};
pub use outcome::Outcome;
pub use params::{Limits, Params, CHANCE_DEPTH};
pub use risk::Risk;
pub use rollout::random_action;
pub use step_cache::{CacheStats, DEFAULT_HASH_MB};
pub use tree::{Bufs, Candidate, Tree};
