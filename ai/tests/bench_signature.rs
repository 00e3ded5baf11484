//! The behaviour signature: `wartime bench` at a fixed budget must search exactly the recorded
//! number of nodes and spread its visits exactly as recorded (the `Signature` hash). Any change to the rules, the search or the evaluation changes it; when the
//! change is intended, rewrite the record with
//! `WARTIME_BENCH_WRITE=1 cargo test -p wartime --test bench_signature` and commit it.

use std::path::Path;

const ITERATIONS: u64 = 200;

/// "NODES SIGNATURE" from a bench report.
fn nodes(report: &str) -> String {
    let field = |prefix: &str| {
        report
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .map(|n| n.trim().to_string())
            .expect("the bench report has the field")
    };
    format!(
        "{} {}",
        field("Nodes searched  : "),
        field("Signature       : ")
    )
}

#[test]
fn bench_node_count_is_the_recorded_signature() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bench_signature.txt");
    let report = ai::cli::bench(&root.join("positions"), ITERATIONS).expect("bench runs");
    let got = nodes(&report);
    // Deterministic: a second run gives the same count.
    let again = nodes(&ai::cli::bench(&root.join("positions"), ITERATIONS).expect("bench runs"));
    assert_eq!(got, again, "bench is not deterministic");
    if std::env::var_os("WARTIME_BENCH_WRITE").is_some() {
        std::fs::write(&record, format!("{got}\n")).expect("write the record");
        return;
    }
    let want = std::fs::read_to_string(&record)
        .expect("tests/bench_signature.txt exists")
        .trim()
        .to_string();
    assert_eq!(
        got, want,
        "behaviour signature changed (bench at {ITERATIONS} iterations):\n{report}\n\
         if intended: WARTIME_BENCH_WRITE=1 cargo test -p wartime --test bench_signature"
    );
}
