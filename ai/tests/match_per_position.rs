//! `wartime match --per-position`: one line per position, in the order the positions were
//! given, with its games, score and pairs won / split / lost (which add up to its pairs).

mod common;

use common::run;
use std::path::Path;

#[test]
fn match_per_position_prints_one_line_per_position_whose_pairs_add_up() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions");
    let (duel, skirmish) = (dir.join("duel.json"), dir.join("skirmish_2v2.json"));
    let o = run(&[
        "match",
        "--a",
        "greedy",
        "--b",
        "random",
        "--pairs",
        "3",
        "--seed",
        "5",
        "--per-position",
        duel.to_str().unwrap(),
        skirmish.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("duel") || l.starts_with("skirmish_2v2"))
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    assert!(rows[0].starts_with("duel") && rows[1].starts_with("skirmish_2v2"));
    for row in rows {
        let f: Vec<&str> = row.split_whitespace().collect();
        // name, games, score, won, "/", split, "/", lost
        assert_eq!(f[1], "6", "{row}");
        let score: f64 = f[2].parse().unwrap();
        assert!((0.0..=1.0).contains(&score), "{row}");
        let n = |i: usize| f[i].parse::<usize>().unwrap();
        assert_eq!(n(3) + n(5) + n(7), 3, "{row}");
    }
    assert!(out.contains("12 games on 2 positions"), "{out}");
}
