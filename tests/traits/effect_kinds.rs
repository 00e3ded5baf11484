//! Every kind of effect in a shipped character (issue 16, item 7): walks the `Effect` enum
//! (engine/src/creation/effect.rs) and the characters of every shipped position
//! (`positions/*.json`) and list (`positions/lists/*.json`), prints which file first uses each
//! kind, and fails naming any kind no shipped character uses — so that random play, `match`,
//! perft and `balance` meet every effect the engine has.

use engine::creation::catalogue::{Catalogue, CharacterDef, CharacterSpec};
use engine::setup::CatalogueSetup;
use std::collections::BTreeMap;
use std::path::Path;

/// The names of the variants of `Effect`, read from its source, in order.
pub fn effect_kinds() -> Vec<String> {
    let src = include_str!("../../engine/src/creation/effect.rs");
    let start = src.find("pub enum Effect {").expect("the Effect enum");
    let body = &src[start..];
    let body = &body[..body.find("\n}").expect("the end of the enum")];
    body.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("    ")?;
            let first = rest.chars().next()?;
            if !first.is_ascii_uppercase() {
                return None;
            }
            Some(
                rest.chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect(),
            )
        })
        .collect()
}

/// The kinds of effect a character's traits give (every archetype it carries).
fn kinds_of(def: &CharacterDef) -> Vec<String> {
    let traits = def
        .race
        .traits
        .iter()
        .chain(def.weapons.iter().flat_map(|w| &w.traits))
        .chain(def.protections.iter().flat_map(|p| &p.traits))
        .chain(def.meta_abilities.iter().flat_map(|m| &m.traits))
        .chain(def.objects.iter().flat_map(|o| &o.traits))
        .chain(def.transport.iter().flat_map(|t| &t.traits));
    traits
        .flat_map(|t| t.effects())
        .map(|e| {
            format!("{e:?}")
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect()
        })
        .collect()
}

/// The characters of every shipped lists file, resolved against its catalogue: (file, def).
fn list_characters(dir: &Path) -> Vec<(String, CharacterDef)> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut files: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    for p in files
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
    {
        let name = format!("lists/{}", p.file_name().unwrap().to_string_lossy());
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        let cat = match v.get("catalogue") {
            None => Catalogue::shipped(),
            Some(c) => match serde_json::from_value::<CatalogueSetup>(c.clone()).unwrap() {
                CatalogueSetup::Inline(c) => c,
                CatalogueSetup::Path(rel) => {
                    serde_json::from_str(&std::fs::read_to_string(dir.join(rel)).unwrap()).unwrap()
                }
            },
        };
        for l in v["lists"].as_array().into_iter().flatten() {
            for c in l["characters"].as_array().into_iter().flatten() {
                let mut c = c.clone();
                if let Some(o) = c.as_object_mut() {
                    o.remove("name");
                    o.remove("count");
                }
                let spec: CharacterSpec = serde_json::from_value(c).unwrap();
                let def = spec.resolve(&cat).unwrap_or_else(|e| panic!("{name}: {e}"));
                out.push((name.clone(), def));
            }
        }
    }
    out
}

/// Kinds no trait of the catalogue carries, so that no character can: `Described` is the
/// placeholder of parameterised traits without a hook (`Effect::Described`), and none uses it.
const NO_TRAIT_CARRIES: &[&str] = &["Described"];

#[test]
fn every_effect_kind_is_in_a_shipped_character() {
    let kinds = effect_kinds();
    assert!(kinds.len() > 100, "read {} kinds of Effect", kinds.len());
    let mut first: BTreeMap<String, String> = BTreeMap::new();
    for name in wartime_tests::position_names() {
        let st = wartime_tests::load(&name);
        for i in st.indices() {
            for k in kinds_of(&st.info(i).def) {
                first.entry(k).or_insert_with(|| name.clone());
            }
        }
    }
    for (file, def) in list_characters(&wartime_tests::positions_dir().join("lists")) {
        for k in kinds_of(&def) {
            first.entry(k).or_insert_with(|| file.clone());
        }
    }
    for k in NO_TRAIT_CARRIES {
        let carried = engine::creation::traits::CATALOGUE
            .iter()
            .any(|d| d.effects.iter().any(|e| format!("{e:?}").starts_with(k)));
        assert!(
            !carried,
            "a trait carries {k} now: take it off NO_TRAIT_CARRIES"
        );
        first.insert(k.to_string(), "(no trait carries it)".into());
    }
    let missing: Vec<&String> = kinds.iter().filter(|k| !first.contains_key(*k)).collect();
    for k in &kinds {
        if let Some(f) = first.get(k) {
            println!("{k:24} {f}");
        }
    }
    println!(
        "effect kinds in shipped characters: {}/{}",
        kinds.len() - missing.len(),
        kinds.len()
    );
    assert!(
        missing.is_empty(),
        "{} kinds of Effect no shipped character uses: {missing:?}",
        missing.len()
    );
}
