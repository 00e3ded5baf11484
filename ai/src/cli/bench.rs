//! `wartime bench` (PERFORMANCE.md; `ai/tests/bench_signature.rs`): fixed searches on every
//! shipped position, their node counts and the behaviour signature.

use crate::input::{load, position_files, CliError};
use std::path::Path;

/// `wartime bench`: a search of `iterations` on one thread with seed 1 on every position of
/// `dir`; prints the nodes of each and the total (the behaviour signature).
///
/// # Errors
/// A [`CliError`] when a position does not load.
pub fn bench(dir: &Path, iterations: u64) -> Result<String, CliError> {
    let mut out = String::new();
    let mut total_nodes = 0usize;
    let mut total_iters = 0u64;
    let mut sig = 0xcbf2_9ce4_8422_2325u64;
    let start = std::time::Instant::now();
    for f in position_files(dir)? {
        let st = load(&f)?;
        let p = crate::search::Params::default();
        let l = crate::search::Limits {
            iterations: Some(iterations),
            ..Default::default()
        };
        let r = crate::search::search(&st, &p, &l, None, None);
        total_nodes += r.nodes;
        total_iters += r.iterations;
        // The node count alone hardly moves with the evaluation (one node per iteration), so
        // the signature also folds in where the visits went: any change of behaviour shows.
        for c in &r.candidates {
            for b in st.notation(&c.action).bytes() {
                sig = (sig.rotate_left(5) ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
            sig = (sig.rotate_left(5) ^ c.visits as u64).wrapping_mul(0x100_0000_01b3);
        }
        sig = (sig.rotate_left(5) ^ r.nodes as u64).wrapping_mul(0x100_0000_01b3);
        out.push_str(&format!(
            "{:<24} nodes {:>8}  best {}\n",
            f.file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default(),
            r.nodes,
            r.best
                .map(|a| st.notation(&a))
                .unwrap_or_else(|| "none".into())
        ));
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    out.push_str(&format!(
        "===========================\nTotal time (ms) : {ms}\nNodes searched  : {total_nodes}\nSignature       : {sig:016x}\nIterations/second : {}\n",
        total_iters * 1000 / ms
    ));
    Ok(out)
}
