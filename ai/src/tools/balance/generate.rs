//! Random army lists for `wartime balance --auto` (BALANCE.md §4 "Generated lists"): distinct
//! lists of (nearly) equal points drawn from the catalogue's archetypes, the same for the same
//! seed.

use super::lists::{archetypes, ArmyList, Budget, Recruit, MAX_LIST_CHARACTERS};
use engine::creation::archetype::{MetaAbility, Weapon};
use engine::creation::catalogue::{Catalogue, CharacterDef};
use engine::creation::effect::{Effect, Stat};
use engine::creation::points::MIN_CHARACTER_COST;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A uniform index below `n` (multiply-shift: unbiased enough for catalogue sizes).
fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// A uniform number in [0, 1).
fn unit(rng: &mut Pcg64Mcg) -> f64 {
    rng.next_u32() as f64 / 4_294_967_296.0
}

/// The meta-ability kinds a race may use (its `MetaUser` traits: Metamorfo, Cinético,
/// Neuromante, Titiritero).
fn user_kinds(race: &engine::creation::archetype::Race) -> Vec<Stat> {
    race.traits
        .iter()
        .flat_map(|t| t.effects())
        .filter_map(|e| match e {
            Effect::MetaUser(k) => Some(k),
            _ => None,
        })
        .collect()
}

/// The kind of a meta-ability (its `MetaKind` trait: Mutación, Bunkai, Invocación, Atadura).
fn meta_kind(m: &MetaAbility) -> Option<Stat> {
    m.traits
        .iter()
        .flat_map(|t| t.effects())
        .find_map(|e| match e {
            Effect::MetaKind(k) => Some(k),
            _ => None,
        })
}

/// One random character from the catalogue: a race; no weapon (10 %), one (75 %) or two
/// different ones (15 %); a protection half the time; an object one time in five; a transport
/// one time in ten; and, for a race that uses meta-abilities (Neuromante, Cinético, Metamorfo,
/// Titiritero) and a catalogue with some of its kind, one of them half the time — so that
/// `--auto` draws from the whole catalogue (issue 16, item 7). Races that use none draw
/// exactly as before.
fn random_character(cat: &Catalogue, rng: &mut Pcg64Mcg) -> CharacterDef {
    let race = cat.races[below(rng, cat.races.len())].clone();
    let users = user_kinds(&race);
    let usable: Vec<&MetaAbility> = cat
        .meta_abilities
        .iter()
        .filter(|m| meta_kind(m).is_some_and(|k| users.contains(&k)))
        .collect();
    let mut weapons: Vec<Weapon> = Vec::new();
    if !cat.weapons.is_empty() {
        let r = unit(rng);
        let n = if r < 0.10 {
            0
        } else if r < 0.85 {
            1
        } else {
            2
        };
        while weapons.len() < n.min(cat.weapons.len()) {
            let w = &cat.weapons[below(rng, cat.weapons.len())];
            if !weapons.contains(w) {
                weapons.push(w.clone());
            }
        }
    }
    let pick = |list_len: usize, p: f64, rng: &mut Pcg64Mcg| -> Option<usize> {
        (list_len > 0 && unit(rng) < p).then(|| below(rng, list_len))
    };
    let protections = pick(cat.protections.len(), 0.5, rng)
        .map(|i| cat.protections[i].clone())
        .into_iter()
        .collect();
    let objects = pick(cat.objects.len(), 0.2, rng)
        .map(|i| cat.objects[i].clone())
        .into_iter()
        .collect();
    let transport = pick(cat.transports.len(), 0.1, rng).map(|i| cat.transports[i].clone());
    let meta_abilities = pick(usable.len(), 0.5, rng)
        .map(|i| usable[i].clone())
        .into_iter()
        .collect();
    CharacterDef {
        race,
        weapons,
        protections,
        meta_abilities,
        objects,
        transport,
    }
}

/// The composition of a list, order-free, to keep generated lists distinct.
fn signature(l: &[Recruit]) -> Vec<String> {
    let mut v: Vec<String> = l
        .iter()
        .map(|c| {
            archetypes(&c.def)
                .into_iter()
                .map(|p| format!("{}:{}", p.kind, p.name))
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect();
    v.sort();
    v
}

/// `k` distinct random lists from the catalogue's archetypes, each costing between
/// `budget.floor` and `budget.limit` points (the cost from the engine), at most `max_size`
/// characters each. Same arguments, same lists.
///
/// # Errors
/// The catalogue has no races, or `k` distinct lists in the window could not be found.
pub fn generate(
    cat: &Catalogue,
    budget: Budget,
    k: usize,
    max_size: usize,
    seed: u64,
) -> Result<Vec<ArmyList>, String> {
    if cat.races.is_empty() {
        return Err("--auto: the catalogue has no races to build characters from".into());
    }
    if budget.limit < MIN_CHARACTER_COST {
        return Err(format!(
            "--auto {}: a list must afford one character of {MIN_CHARACTER_COST} points",
            budget.limit
        ));
    }
    let max_size = max_size.clamp(1, MAX_LIST_CHARACTERS);
    let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0xBA1A_4CE5);
    let mut out: Vec<ArmyList> = Vec::new();
    let mut seen: Vec<Vec<String>> = Vec::new();
    let mut attempts = 0;
    while out.len() < k {
        attempts += 1;
        if attempts > 2000 * k.max(1) {
            return Err(format!(
                "--auto {}: found only {} distinct lists of {}..={} points (of {k} asked) in the \
                 catalogue; raise --tolerance or the points",
                budget.limit,
                out.len(),
                budget.floor,
                budget.limit
            ));
        }
        let mut chars: Vec<Recruit> = Vec::new();
        let mut total = 0;
        while total < budget.floor && chars.len() < max_size {
            let room = budget.limit - total;
            // Several draws for a character that fits what is left of the budget.
            let fit = (0..60)
                .map(|_| random_character(cat, &mut rng))
                .find(|d| d.cost() <= room);
            let Some(def) = fit else { break };
            total += def.cost();
            chars.push(Recruit {
                name: def.race.name.clone(),
                def,
            });
        }
        if total < budget.floor || total > budget.limit {
            continue;
        }
        let sig = signature(&chars);
        if seen.contains(&sig) {
            continue;
        }
        seen.push(sig);
        out.push(ArmyList {
            name: format!("auto{}", out.len() + 1),
            characters: chars,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::balance::lists::validate;

    #[test]
    fn generated_lists_are_legal_distinct_and_within_the_tolerance() {
        let cat = Catalogue::shipped();
        let mut any_meta = false;
        for (points, k) in [(100, 8), (200, 6), (60, 4)] {
            let budget = Budget::new(points, 0.05);
            let g = generate(&cat, budget, k, 6, 11).unwrap();
            assert_eq!(g.len(), k);
            assert_eq!(validate(&g, Some(points), 0.05).unwrap(), budget);
            let sigs: Vec<_> = g.iter().map(|l| signature(&l.characters)).collect();
            for i in 0..k {
                assert!(!sigs[..i].contains(&sigs[i]), "list {i} repeats");
                assert!(g[i].characters.len() <= 6);
                any_meta |= g[i]
                    .characters
                    .iter()
                    .any(|c| !c.def.meta_abilities.is_empty());
                // A meta-ability only on a race that may use its kind.
                assert!(g[i].characters.iter().all(|c| c
                    .def
                    .meta_abilities
                    .iter()
                    .all(|m| meta_kind(m).is_some_and(|k| user_kinds(&c.def.race).contains(&k)))));
            }
            assert_eq!(
                generate(&cat, budget, k, 6, 11).unwrap(),
                g,
                "same seed, same lists"
            );
        }
        // The whole catalogue: meta-abilities too (Hechicero's Bola de fuego, Monje's …).
        assert!(any_meta, "no generated character carries a meta-ability");
        // A window nothing fits in.
        let e = generate(&cat, Budget::new(11, 0.0), 3, 6, 1).unwrap_err();
        assert!(e.contains("found only"), "{e}");
    }
}
