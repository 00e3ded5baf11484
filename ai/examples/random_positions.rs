//! Writes start positions of random army lists (the generator of `wartime balance --auto`) on
//! the boards and scenarios of every shipped position, for the property tests
//! (`WARTIME_PROPERTY_POSITIONS`, tests/properties.rs) and for the lists no hand wrote.
//!
//! ```sh
//! N=200 SEED=1 OUT=/tmp/rl cargo run --release -p wartime --example random_positions
//! ```
//! `N` positions (default 100), written as `OUT/rl_<seed>_<k>_<template>.json`. Each draws its
//! template in turn, a points limit of 40–260, at most 1–6 characters a list (the template's
//! deployment zones permitting); the same `SEED`, the same files.

use ai::tools::balance::deploy::Template;
use ai::tools::balance::generate::generate;
use ai::tools::balance::lists::Budget;
use engine::creation::catalogue::Catalogue;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::path::PathBuf;

fn main() {
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let out = PathBuf::from(std::env::var("OUT").unwrap_or_else(|_| "random_positions".into()));
    std::fs::create_dir_all(&out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../positions");
    let names = ai::input::position_files(&dir).expect("positions/");
    let templates: Vec<(String, Template)> = names
        .iter()
        .filter_map(|p| {
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            Template::load(p).ok().map(|t| (stem, t))
        })
        .collect();
    let cat = Catalogue::shipped();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut written, mut refused) = (0, 0);
    for k in 0..n {
        let (stem, t) = &templates[k % templates.len()];
        let points = 40 + (rng.next_u32() % 221) as i32;
        let size = 1 + (rng.next_u32() % 6) as usize;
        let lists = match generate(&cat, Budget::new(points, 0.2), 2, size, rng.next_u64()) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{stem}: {e}");
                refused += 1;
                continue;
            }
        };
        match t.position(&lists[0], &lists[1], &cat, points) {
            Ok(st) => {
                let f = out.join(format!("rl_{seed}_{k:04}_{stem}.json"));
                std::fs::write(&f, st.to_setup().to_json())
                    .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                written += 1;
            }
            Err(e) => {
                eprintln!("{e}");
                refused += 1;
            }
        }
    }
    eprintln!(
        "{written} positions written to {}, {refused} refused",
        out.display()
    );
}
