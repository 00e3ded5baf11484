//! The shape of the search tree on the decisions of a game between greedy agents: how many
//! nodes and visits go to each kind of decision (the side's own actions, the enemy's reaction
//! windows and reactions, activations) by depth. A research tool (STRENGTH.md).
//!
//! ```text
//! ITERS=1330 cargo run --release -p wartime --example tree_shape
//! ```

use ai::agents::{Agent, GreedyAgent};
use ai::search::{search_from, Limits, Params};
use engine::basics::action::Action;
use engine::basics::dice::SeededDice;
use engine::{Log, State};

fn env<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn kind(a: &Action) -> usize {
    match a {
        Action::Act { .. } | Action::End { .. } => 0,
        Action::React(_) | Action::Pass => 1,
        Action::Reaction { .. } => 2,
        Action::Activate(_) | Action::Initiative(_) | Action::Hold(_) => 3,
    }
}

fn main() {
    let iters: u64 = env("ITERS", 1330);
    let files = ai::input::position_files(std::path::Path::new("positions"))
        .expect("run from the repository root");
    // [own/enemy][kind][depth] nodes and visits
    let mut nodes = [[[0u64; 12]; 4]; 2];
    let mut visits = [[[0u64; 12]; 4]; 2];
    let mut decisions = 0;
    let mut depth_sum = 0u64;
    for p in files {
        let mut st = State::load(&p).expect("shipped position loads");
        let mut g = GreedyAgent::new(1, 5);
        let mut d = SeededDice::new(3);
        for k in 0..90 {
            if st.is_terminal() {
                break;
            }
            if k % 5 == 0 {
                let mut legal = Vec::new();
                st.legal_actions(&mut legal);
                if legal.len() > 1 {
                    let me = st.to_decide().expect("a decision");
                    let params = Params::default();
                    let limits = Limits {
                        iterations: Some(iters),
                        ..Limits::default()
                    };
                    let (_, trees) = search_from(&st, &params, &limits, None, None, Vec::new());
                    decisions += 1;
                    for (dep, a, v, _chance) in trees[0].shape() {
                        let Some(a) = a else { continue };
                        let who = match a {
                            Action::Act { who, .. } | Action::End { who, .. } => Some(who),
                            Action::React(c) | Action::Activate(c) | Action::Initiative(c) => {
                                Some(c)
                            }
                            Action::Reaction { who, .. } => Some(who),
                            _ => None,
                        };
                        let side = who.map(|c| st.side_of(c));
                        let e = usize::from(side.is_some_and(|s| s != me));
                        let dd = dep.min(11);
                        nodes[e][kind(&a)][dd] += 1;
                        visits[e][kind(&a)][dd] += v as u64;
                        depth_sum += (dep as u64) * v as u64;
                    }
                }
            }
            let a = g.choose(&st);
            st.apply_unchecked(&a, &mut d, &mut Log::off());
        }
    }
    let names = ["act/end", "window", "reaction", "activate"];
    println!(
        "{decisions} decisions, {iters} iterations each; visit-weighted depth {:.2}",
        depth_sum as f64 / (decisions as f64 * iters as f64)
    );
    for e in 0..2 {
        for k in 0..4 {
            let tn: u64 = nodes[e][k].iter().sum();
            if tn == 0 {
                continue;
            }
            let tv: u64 = visits[e][k].iter().sum();
            println!(
                "{} {:9}: nodes {:7} visits {:9}  by depth (visits/decision) {:?}",
                if e == 0 { "own  " } else { "enemy" },
                names[k],
                tn,
                tv,
                visits[e][k]
                    .iter()
                    .map(|v| v / decisions as u64)
                    .collect::<Vec<_>>()
            );
        }
    }
}
