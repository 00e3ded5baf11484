//! Benchmarks live in the bench targets.

/// The load averages (1, 5, 15 min) of `/proc/loadavg`, printed next to every timing: the
/// machines are shared, and a figure means little without the load it was measured under.
pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split(' ')
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}
