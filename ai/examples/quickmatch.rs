use ai::agents::*;
use ai::search::{Limits, Params};
use engine::{SeededDice, State};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = args.get(1).cloned().unwrap_or("positions/duel.json".into());
    let iters: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let opp = args.get(4).cloned().unwrap_or("random".into());
    let st = State::load(Path::new(&pos)).unwrap();
    let mut score = 0.0;
    let t = std::time::Instant::now();
    for g in 0..games {
        let mcts: Box<dyn Agent> = Box::new(MctsAgent::new(
            Params {
                seed: g,
                ..Params::default()
            },
            Limits {
                iterations: Some(iters),
                ..Limits::default()
            },
        ));
        let other: Box<dyn Agent> = match opp.as_str() {
            "greedy" => Box::new(GreedyAgent::new(2, g)),
            "flatmc" => Box::new(FlatMcAgent::new(iters as u32, None, g)),
            _ => Box::new(RandomAgent::new(g)),
        };
        let mcts_is_a = g % 2 == 0;
        let mut agents: [Box<dyn Agent>; 2] = if mcts_is_a {
            [mcts, other]
        } else {
            [other, mcts]
        };
        let mut d = SeededDice::new(1000 + g / 2);
        let (ra, n) = play_game(&st, &mut agents, &mut d, 5000);
        let r = if mcts_is_a { ra } else { 1.0 - ra };
        score += r;
        println!(
            "game {g}: mcts {} result {r} decisions {n}",
            if mcts_is_a { "A" } else { "B" }
        );
    }
    println!("score {score}/{games} in {:?}", t.elapsed());
}
