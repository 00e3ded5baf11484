//! The scripted expert (STRENGTH.md, "The scripted expert"): the rules of thumb it follows show
//! in the tactics files whose theme is one of them, and it beats random play in paired games.

use ai::agents::arena::{run_match, AgentSpec};
use ai::agents::{Agent, ExpertAgent};
use ai::input::load_tactic;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// Every tactic with the expert's answer: (file name, solved).
fn tactics() -> Vec<(String, bool)> {
    let mut files: Vec<_> = std::fs::read_dir(root().join("positions/tactics"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let t = load_tactic(p).unwrap();
            let a = ExpertAgent::new(1).choose(&t.state);
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, t.solved_by(&a))
        })
        .collect()
}

#[test]
fn the_expert_follows_its_rules_in_the_tactics_of_those_themes() {
    let all = tactics();
    let solved: Vec<&str> = all.iter().filter(|t| t.1).map(|t| t.0.as_str()).collect();
    println!(
        "expert solves {} of {} tactics: {solved:?}",
        solved.len(),
        all.len()
    );
    // Focus fire on the wounded; never end outnumbered; take cover against ready shooters;
    // stay out of hostile zones.
    for file in [
        "01_finish_wounded.json",
        "02_not_outnumbered.json",
        "04_take_cover.json",
        "26_leave_hostile_zone.json",
    ] {
        assert!(solved.contains(&file), "{file} not solved: {solved:?}");
    }
}

#[test]
fn the_expert_beats_random_play_in_paired_games() {
    let positions: Vec<_> = ["duel.json", "skirmish_2v2.json", "patrol_3v3.json"]
        .iter()
        .map(|f| engine::State::load(&root().join("positions").join(f)).unwrap())
        .collect();
    let expert = AgentSpec::parse("expert", None).unwrap();
    let random = AgentSpec::parse("random", None).unwrap();
    let r = run_match(&positions, &expert, &random, 2, 11);
    assert!(r.score() >= 0.75, "expert vs random {:.3}", r.score());
    // Same seed, same games.
    let again = run_match(&positions, &expert, &random, 2, 11);
    assert_eq!(r.scores, again.scores);
}
