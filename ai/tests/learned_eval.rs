//! The learned evaluation end to end (issue 19): `wartime tune` writes a weights file that
//! `match` loads (`--weights FILE`, `eval=FILE`), and a weights file that is missing,
//! truncated, of the wrong length or with NaN is refused with one error naming the file.

mod common;

use common::run;
use std::path::{Path, PathBuf};

fn positions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions")
}

fn duel() -> String {
    positions().join("duel.json").display().to_string()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `wartime tune` on the duel, 40 + 8 games, seed 3, writing `out`.
fn tune_to(out: &Path) -> std::process::Output {
    let d = duel();
    let args = [
        "tune", "--games", "40", "--random", "8", "--seed", "3", "--out",
    ];
    let mut a: Vec<&str> = args.to_vec();
    a.extend([out.to_str().unwrap(), d.as_str()]);
    run(&a)
}

#[test]
fn tune_writes_weights_that_match_loads() {
    let out = common::tmp("wartime-learned", "w.txt");
    let o = tune_to(&out);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let report = text(&o.stdout);
    for want in [
        "hand-set evaluation (shipped)",
        "learned evaluation",
        "Brier",
        "written to",
    ] {
        assert!(report.contains(want), "{want}: {report}");
    }
    let file = std::fs::read_to_string(&out).unwrap();
    assert!(file.starts_with("# wartime learned evaluation"), "{file}");
    let m = eval::learned::Model::load(&out).unwrap();
    assert!(m.w.iter().all(|w| w.is_finite()) && m.w.iter().any(|w| *w != 0.0));
    // The same seed writes the same file.
    let again = common::tmp("wartime-learned", "w2.txt");
    assert!(tune_to(&again).status.success());
    assert_eq!(file, std::fs::read_to_string(&again).unwrap());
    // Both ways of loading it play.
    let with_eval = format!("mcts:iterations=30:eval={}", out.display());
    for (spec, args) in [
        (
            "mcts:iterations=30",
            vec!["--weights", out.to_str().unwrap()],
        ),
        (with_eval.as_str(), vec![]),
    ] {
        let mut a = vec!["match", "--a", spec, "--b", "greedy", "--pairs", "1"];
        a.extend(args.iter().copied());
        let d = duel();
        a.push(&d);
        let o = run(&a);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(
            text(&o.stdout).contains("2 games on 1 positions"),
            "{}",
            text(&o.stdout)
        );
    }
}

#[test]
fn bad_weights_files_are_refused_naming_the_file() {
    let shipped = eval::learned::SHIPPED;
    let header_line = shipped
        .lines()
        .find(|l| l.starts_with(eval::learned::HEADER))
        .unwrap();
    let cut: String = shipped.lines().take(8).collect::<Vec<_>>().join("\n");
    let short = shipped.replace(header_line, &format!("{} 11", eval::learned::HEADER));
    let first = shipped.lines().find(|l| l.starts_with("score ")).unwrap();
    let nan = shipped.replace(first, "score NaN");
    let cases = [
        ("truncated.txt", Some(cut), "truncated"),
        ("length.txt", Some(short), "11 weights"),
        ("nan.txt", Some(nan), "not a finite number"),
        ("missing.txt", None, "cannot be read"),
    ];
    for (name, body, want) in cases {
        let p = common::tmp("wartime-learned", name);
        if let Some(b) = &body {
            std::fs::write(&p, b).unwrap();
        }
        let path = p.to_str().unwrap();
        let spec = format!("mcts:iterations=10:eval={path}");
        for args in [
            vec![
                "match",
                "--a",
                "mcts:iterations=10",
                "--b",
                "random",
                "--weights",
                path,
            ],
            vec!["match", "--a", spec.as_str(), "--b", "random"],
        ] {
            let o = run(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stdout));
            let e = text(&o.stderr);
            assert!(e.contains(path) && e.contains(want), "{name}: {e}");
            assert_eq!(e.trim().lines().count(), 1, "one error line: {e}");
            assert!(!e.contains("panicked"), "{e}");
        }
    }
}

#[test]
fn tune_refuses_bad_labels_and_targets_with_one_error_naming_them() {
    let d = duel();
    for (opt, bad) in [
        ("--label", "mcts:0"),
        ("--label", "deep"),
        ("--target", "leaf"),
        ("--target", "root,"),
    ] {
        let o = run(&["tune", "--games", "1", opt, bad, d.as_str()]);
        assert_eq!(o.status.code(), Some(2), "{opt} {bad}: {}", text(&o.stdout));
        let e = text(&o.stderr);
        assert!(e.contains(&format!("{opt} {bad}")), "{e}");
        assert_eq!(e.trim().lines().count(), 1, "one error line: {e}");
        assert!(!e.contains("panicked"), "{e}");
    }
}
