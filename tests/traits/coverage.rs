//! BONUS Y MALUS coverage (issue 16, item 2): walks the whole catalogue; a trait with no effect
//! in play must have a line in RULES.md's "Traits left out" with the text's sentence or the
//! decision, so that nothing priced does nothing silently.

use engine::creation::traits::CATALOGUE;
use std::collections::BTreeMap;

/// The traits of RULES.md's "Traits left out" section, each with its reason.
fn left_out() -> BTreeMap<String, String> {
    let rules = include_str!("../../RULES.md");
    let start = rules
        .find("\n## Traits left out")
        .expect("RULES.md has a \"Traits left out\" section");
    let body = &rules[start + 1..];
    let body = &body[..body[3..].find("\n## ").map_or(body.len(), |e| e + 3)];
    let mut out = BTreeMap::new();
    for line in body.lines().filter(|l| l.starts_with("- **")) {
        let rest = &line[4..];
        let end = rest.find("**").expect("a bold trait name");
        let reason = rest[end + 2..].trim_start_matches([' ', '—']).trim();
        assert!(
            reason.len() > 20,
            "RULES.md: \"{}\" is left out without a sentence or decision",
            &rest[..end]
        );
        let dup = out.insert(rest[..end].to_string(), reason.to_string());
        assert!(dup.is_none(), "RULES.md lists \"{}\" twice", &rest[..end]);
    }
    out
}

/// Traits with effects, counted over the rulebook's 369 entries (Titiritero, added from
/// METAHABILIDADES, is the 370th and has its effect).
#[test]
fn every_trait_has_an_effect_or_a_line_here() {
    let listed = left_out();
    let mut covered = 0;
    let mut missing = Vec::new();
    for d in CATALOGUE.iter() {
        let has = d.implemented();
        let line = listed.contains_key(d.name);
        assert!(
            !(has && line),
            "{} has effects but RULES.md still lists it as left out",
            d.name
        );
        if has {
            covered += 1;
        } else if !line {
            missing.push(d.name);
        }
    }
    for name in listed.keys() {
        assert!(
            CATALOGUE.iter().any(|d| d.name == name),
            "RULES.md lists \"{name}\", which is not in the catalogue"
        );
    }
    let rulebook = CATALOGUE[..369].iter().filter(|d| d.implemented()).count();
    let owned = |tag: &str| listed.values().filter(|r| r.starts_with(tag)).count();
    println!(
        "BONUS Y MALUS coverage: {rulebook}/369 of the rulebook's traits have effects in play \
         ({covered}/{} with Titiritero); left out: {} owned by issue 14, {} by issue 15, {} \
         decided without effect or impossible, {} later",
        CATALOGUE.len(),
        owned("owned by issue 14"),
        owned("owned by issue 15"),
        owned("decision") + owned("impossible"),
        owned("later"),
    );
    assert!(
        missing.is_empty(),
        "traits with neither an effect nor a line in RULES.md's \"Traits left out\": {missing:?}"
    );
    // The floor only rises: a trait that loses its effect must be listed, and this moved.
    assert!(
        rulebook >= FLOOR,
        "coverage fell to {rulebook} (floor {FLOOR})"
    );
}

/// The coverage reached on this branch.
const FLOOR: usize = 364;
