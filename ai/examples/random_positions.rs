//! Writes start positions of random army lists (the generator of `wartime balance --auto`) on
//! the boards and scenarios of every shipped position, for the property tests
//! (`WARTIME_PROPERTY_POSITIONS`, tests/properties.rs) and for the lists no hand wrote.
//!
//! ```sh
//! N=200 SEED=1 OUT=/tmp/rl cargo run --release -p wartime --example random_positions
//! ```
//! `N` positions (default 100), written as `OUT/rl_<seed>_<k>_<template>.json`. Each draws its
//! template in turn, a points limit of 40–260, at most 1–6 characters a list (the template's
//! deployment zones permitting); the same `SEED`, the same files. `TRAITS=P`: each archetype of
//! a character (race, weapons, protections, meta-abilities, objects, transport) gets, with
//! probability P (0–1), one to three random implemented traits of BONUS Y MALUS that may go on
//! its kind, inline and renamed (`Humano ~`); compositions the engine refuses are drawn again.

use ai::tools::balance::deploy::Template;
use ai::tools::balance::generate::generate;
use ai::tools::balance::lists::Budget;
use engine::creation::catalogue::{Catalogue, CharacterDef};
use engine::creation::effect::Param;
use engine::creation::traits::{TraitId, TraitRef, CATALOGUE};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::path::PathBuf;

/// A uniform index below `n`.
fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// One to three random implemented traits that may go on an archetype of `kind`, each with a
/// parameter of its form.
fn random_traits(rng: &mut Pcg64Mcg, kind: &str) -> Vec<TraitRef> {
    let fits: Vec<usize> = (0..CATALOGUE.len())
        .filter(|&i| CATALOGUE[i].implemented() && CATALOGUE[i].only_on().is_none_or(|k| k == kind))
        .collect();
    const AREAS: [&str; 6] = ["R1", "R2", "R3", "L4", "G3", "G5/2"];
    (0..1 + below(rng, 3))
        .map(|_| {
            let id = TraitId(fits[below(rng, fits.len())] as u16);
            match id.def().param {
                Param::None => TraitRef::new(id),
                Param::Number => TraitRef::with_param(id, 1 + below(rng, 6) as u8),
                Param::Level(max) => {
                    TraitRef::with_param(id, 1 + below(rng, max.max(1) as usize) as u8)
                }
                Param::Text if id.def().id == "area" => {
                    TraitRef::with_text(id, AREAS[below(rng, AREAS.len())])
                }
                Param::Text => TraitRef::with_text(id, "plata"),
            }
        })
        .collect()
}

/// `def` with random traits on each archetype with probability `p` (see the module's doc).
fn with_traits(def: &CharacterDef, p: f64, rng: &mut Pcg64Mcg) -> CharacterDef {
    let mut d = def.clone();
    let roll = |rng: &mut Pcg64Mcg| (rng.next_u32() as f64) < p * 4_294_967_296.0;
    macro_rules! spice {
        ($a:expr, $kind:expr) => {
            if roll(rng) {
                $a.traits.extend(random_traits(rng, $kind));
                $a.name.push_str(" ~");
            }
        };
    }
    spice!(d.race, "race");
    for w in &mut d.weapons {
        spice!(w, "weapon");
    }
    for a in &mut d.protections {
        spice!(a, "protection");
    }
    for a in &mut d.meta_abilities {
        spice!(a, "meta_ability");
    }
    for a in &mut d.objects {
        spice!(a, "object");
    }
    if let Some(t) = &mut d.transport {
        spice!(t, "transport");
    }
    d
}

fn main() {
    let n: usize = std::env::var("N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let seed: u64 = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let traits: f64 = std::env::var("TRAITS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.0);
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
        let mut lists = match generate(&cat, Budget::new(points, 0.2), 2, size, rng.next_u64()) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("{stem}: {e}");
                refused += 1;
                continue;
            }
        };
        let plain = lists.clone();
        let mut placed = t.position(&lists[0], &lists[1], &cat, points);
        // With traits: draws until the engine takes the composition (a trait may exclude
        // another); the points limit no longer binds.
        for _ in 0..if traits > 0.0 { 20 } else { 0 } {
            for (l, p) in lists.iter_mut().zip(&plain) {
                for (r, q) in l.characters.iter_mut().zip(&p.characters) {
                    r.def = with_traits(&q.def, traits, &mut rng);
                }
            }
            placed = t.position(&lists[0], &lists[1], &cat, 10_000);
            if placed.is_ok() {
                break;
            }
        }
        match placed {
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
