//! Army lists for `wartime balance` (BALANCE.md §2 "The lists file", §3 "Rules checked"): the
//! lists file, its validation against the points rules of LISTAS DE JUEGO and the archetype
//! table the regression works on (the generator of random lists is in `generate.rs`).
//!
//! A list is exactly what one side of a position file holds, without squares: each character is
//! a [`CharacterSpec`] (catalogue names or inline archetypes) with an optional display `name`.
//! Costs always come from the engine ([`CharacterDef::cost`], `engine::creation::points`), never from here.

use engine::creation::archetype::{Object, Protection, Transport, Weapon};
use engine::creation::catalogue::{Catalogue, CharacterDef, CharacterSpec};
use engine::creation::points::{Archetype, MIN_CHARACTER_COST};
use engine::setup::CatalogueSetup;
use engine::state::{MAX_CHARACTERS, MAX_EQUIPMENT};
use engine::{Side, State};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

/// At most this many characters in a list: a game holds [`MAX_CHARACTERS`] in all.
pub const MAX_LIST_CHARACTERS: usize = MAX_CHARACTERS / 2;

/// A lists file as written (see BALANCE.md for the schema).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListsFile {
    /// A name for the set of lists.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Free text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The points every list is built to (LISTAS DE JUEGO: "un número máximo de puntos");
    /// absent: the most expensive list's cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// Where named archetypes are looked up, as in a position file: a path relative to this
    /// file, or the catalogue inline. Absent: the shipped catalogue.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalogue: Option<CatalogueSetup>,
    /// The lists.
    pub lists: Vec<ListSetup>,
}

/// One list of a lists file: its characters, or one side of a position file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListSetup {
    /// The list's name (unique in the file).
    pub name: String,
    /// Characters: the composition fields of a position file's character (`race`, `weapons`,
    /// `protections`, `meta_abilities`, `objects`, `transports`), plus an optional `name` and an
    /// optional `count` (that many copies).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub characters: Vec<Value>,
    /// Instead of `characters`: a position file (relative to this file) whose side `side` is
    /// the list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// With `from`: which side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
}

/// One recruited character (LISTAS DE JUEGO, paso 3).
#[derive(Clone, Debug, PartialEq)]
pub struct Recruit {
    /// Display name.
    pub name: String,
    /// The resolved composition.
    pub def: CharacterDef,
}

/// BONUS Y MALUS (issue 16): every trait use in `lists` that has no effect in play, as
/// `list: character: trait "…" of kind "…"` — a balance run over them is not trustworthy.
pub fn inert_traits(lists: &[ArmyList]) -> Vec<String> {
    lists
        .iter()
        .flat_map(|l| {
            l.characters.iter().flat_map(move |c| {
                c.def
                    .inert_traits()
                    .into_iter()
                    .map(move |t| format!("{}: {}: {t}", l.name, c.name))
            })
        })
        .collect()
}

/// A validated-as-parsed army list.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmyList {
    /// The list's name.
    pub name: String,
    /// Its characters, in deployment order.
    pub characters: Vec<Recruit>,
}

impl ArmyList {
    /// LISTAS DE JUEGO, paso 3: the sum of the characters' costs (each at least
    /// [`MIN_CHARACTER_COST`], applied by the engine).
    pub fn cost(&self) -> i32 {
        self.characters.iter().map(|c| c.def.cost()).sum()
    }

    /// One line: `Fusilero (Humano, Fusil, Cuero) 57 + …`.
    pub fn describe(&self) -> String {
        self.characters
            .iter()
            .map(|c| {
                let parts: Vec<String> = archetypes(&c.def).into_iter().map(|p| p.name).collect();
                format!("{} ({}) {}", c.name, parts.join(", "), c.def.cost())
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// The lists of a file or of the generator, with the catalogue they were resolved against.
#[derive(Clone, Debug, PartialEq)]
pub struct Lists {
    /// The set's name.
    pub name: String,
    /// The catalogue named archetypes come from.
    pub catalogue: Catalogue,
    /// The declared points, if any.
    pub points: Option<i32>,
    /// The lists.
    pub lists: Vec<ArmyList>,
}

/// The points window every list of a run must fall in.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Budget {
    /// The points limit (declared, or the most expensive list).
    pub limit: i32,
    /// The cheapest a list may be: `limit × (1 − tolerance)`, rounded up.
    pub floor: i32,
    /// The tolerance, a fraction.
    pub tolerance: f64,
}

impl Budget {
    /// The window for a limit and a tolerance.
    pub fn new(limit: i32, tolerance: f64) -> Budget {
        Budget {
            limit,
            floor: (limit as f64 * (1.0 - tolerance) - 1e-9).ceil() as i32,
            tolerance,
        }
    }
}

/// An archetype as the balance report counts it: kind and name (unique per kind in a run).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// `race`, `weapon`, `protection`, `meta_ability`, `object` or `transport`.
    pub kind: &'static str,
    /// Its name.
    pub name: String,
    /// Its cost (engine::creation::points).
    pub cost: i32,
    /// Its full definition (JSON), to tell apart two archetypes that share a name.
    pub body: String,
}

fn part<T: Archetype + Serialize>(a: &T) -> Part {
    Part {
        kind: T::KIND,
        name: a.name().to_string(),
        cost: a.cost(),
        body: serde_json::to_string(a).unwrap_or_default(),
    }
}

/// The archetypes a character is built from (DISEÑO DE PERSONAJES), race first.
pub fn archetypes(def: &CharacterDef) -> Vec<Part> {
    let mut v = vec![part(&def.race)];
    v.extend(def.weapons.iter().map(part::<Weapon>));
    v.extend(def.protections.iter().map(part::<Protection>));
    v.extend(def.meta_abilities.iter().map(part));
    v.extend(def.objects.iter().map(part::<Object>));
    v.extend(def.transport.iter().map(part::<Transport>));
    v
}

/// The archetypes used by the lists (in order of first appearance) and, per list, the number
/// of copies of each.
///
/// # Errors
/// Two different archetypes of one kind share a name (the report could not tell them apart).
pub fn archetype_table(lists: &[ArmyList]) -> Result<(Vec<Part>, Vec<Vec<f64>>), String> {
    let mut table: Vec<Part> = Vec::new();
    let mut owner: Vec<String> = Vec::new();
    let mut counts: Vec<Vec<f64>> = Vec::new();
    for l in lists {
        let mut row = vec![0.0; table.len()];
        for c in &l.characters {
            for p in archetypes(&c.def) {
                let k = match table
                    .iter()
                    .position(|q| q.kind == p.kind && q.name == p.name)
                {
                    Some(k) if table[k].body != p.body => {
                        return Err(format!(
                            "list \"{}\": {} \"{}\" differs from the {} of that name in list \
                             \"{}\"; give one of them another name",
                            l.name, p.kind, p.name, p.kind, owner[k]
                        ))
                    }
                    Some(k) => k,
                    None => {
                        table.push(p);
                        owner.push(l.name.clone());
                        row.push(0.0);
                        table.len() - 1
                    }
                };
                row[k] += 1.0;
            }
        }
        counts.push(row);
    }
    for row in &mut counts {
        row.resize(table.len(), 0.0);
    }
    Ok((table, counts))
}

/// Reads a catalogue as a position file would: a path relative to `base`, inline, or the
/// shipped one.
fn catalogue_of(c: &Option<CatalogueSetup>, base: &Path) -> Result<Catalogue, String> {
    let cat = match c {
        None => Catalogue::shipped(),
        Some(CatalogueSetup::Inline(c)) => c.clone(),
        Some(CatalogueSetup::Path(p)) => load_catalogue(&base.join(p))?,
    };
    cat.validate().map_err(|e| format!("catalogue: {e}"))?;
    Ok(cat)
}

/// Reads and validates a catalogue file.
///
/// # Errors
/// The file cannot be read, parsed, or breaks a creation rule.
pub fn load_catalogue(path: &Path) -> Result<Catalogue, String> {
    let text = engine::setup::read_text(path, engine::setup::MAX_FILE_BYTES)
        .map_err(|e| format!("catalogue {}: {e}", path.display()))?;
    let cat =
        Catalogue::from_json(&text).map_err(|e| format!("catalogue {}: {e}", path.display()))?;
    cat.validate()
        .map_err(|e| format!("catalogue {}: {e}", path.display()))?;
    Ok(cat)
}

/// Characters of one `characters` entry: its spec resolved, `count` copies.
fn recruits(v: &Value, cat: &Catalogue) -> Result<Vec<Recruit>, String> {
    let Value::Object(map) = v else {
        return Err("must be an object with a race and its archetypes".into());
    };
    let mut map = map.clone();
    let name = match map.remove("name") {
        None => None,
        Some(Value::String(s)) => Some(s),
        Some(_) => return Err("name must be a string".into()),
    };
    let count = match map.remove("count") {
        None => 1,
        Some(n) => match n.as_u64() {
            Some(n) if (1..=MAX_LIST_CHARACTERS as u64).contains(&n) => n as usize,
            _ => {
                return Err(format!(
                    "count must be a whole number from 1 to {MAX_LIST_CHARACTERS}"
                ))
            }
        },
    };
    // An inline archetype's own error (a bad trait, a missing field) comes through as it is.
    let spec: CharacterSpec =
        serde_json::from_value(Value::Object(map)).map_err(|e| e.to_string())?;
    let def = spec.resolve(cat).map_err(|e| e.to_string())?;
    let name = name.unwrap_or_else(|| def.race.name.clone());
    Ok(vec![Recruit { name, def }; count])
}

/// The characters of one side of a position file (validated by the engine's loader).
fn from_position(path: &Path, side: Side) -> Result<Vec<Recruit>, String> {
    let st = State::load(path).map_err(|e| e.to_string())?;
    Ok(st
        .indices()
        .filter(|&i| st.side_of(i) == side)
        .map(|i| Recruit {
            name: st.info(i).name.clone(),
            def: st.info(i).def.clone(),
        })
        .collect())
}

impl Lists {
    /// Parses a lists file; `base` is its directory (catalogue and `from` paths are relative
    /// to it). Every character is resolved; the points rules are checked by [`validate`].
    ///
    /// # Errors
    /// One message naming the failing list and character.
    pub fn from_json(text: &str, base: &Path) -> Result<Lists, String> {
        let file: ListsFile = serde_json::from_str(text).map_err(|e| format!("lists file: {e}"))?;
        let catalogue = catalogue_of(&file.catalogue, base)?;
        let mut lists = Vec::with_capacity(file.lists.len());
        for (k, l) in file.lists.iter().enumerate() {
            let at = format!("list \"{}\" (lists[{k}])", l.name);
            let characters = match (&l.from, l.side, l.characters.is_empty()) {
                (Some(_), _, false) => {
                    return Err(format!("{at}: give characters or from, not both"))
                }
                (Some(p), Some(side), true) => {
                    from_position(&base.join(p), side).map_err(|e| format!("{at}: {e}"))?
                }
                (Some(_), None, true) => {
                    return Err(format!("{at}: from needs a side, \"A\" or \"B\""))
                }
                (None, Some(_), _) => return Err(format!("{at}: side goes with from")),
                (None, None, _) => {
                    let mut v = Vec::new();
                    for (n, c) in l.characters.iter().enumerate() {
                        let mut more = recruits(c, &catalogue)
                            .map_err(|e| format!("{at}, character {}: {e}", n + 1))?;
                        v.append(&mut more);
                    }
                    v
                }
            };
            lists.push(ArmyList {
                name: l.name.clone(),
                characters,
            });
        }
        Ok(Lists {
            name: file.name,
            catalogue,
            points: file.points,
            lists,
        })
    }

    /// Reads a lists file.
    ///
    /// # Errors
    /// One message naming the file and the failing part.
    pub fn load(path: &Path) -> Result<Lists, String> {
        let text = engine::setup::read_text(path, engine::setup::MAX_FILE_BYTES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let base = path.parent().unwrap_or(Path::new("."));
        Lists::from_json(&text, base).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The lists file that loads back into these lists (archetypes named when the catalogue
    /// holds them, inline otherwise).
    pub fn to_file(&self, description: &str) -> ListsFile {
        let lists = self
            .lists
            .iter()
            .map(|l| ListSetup {
                name: l.name.clone(),
                characters: l
                    .characters
                    .iter()
                    .map(|c| {
                        let mut v = serde_json::to_value(c.def.to_spec(&self.catalogue))
                            .unwrap_or(Value::Null);
                        if let Value::Object(m) = &mut v {
                            if c.name != c.def.race.name {
                                m.insert("name".into(), Value::String(c.name.clone()));
                            }
                        }
                        v
                    })
                    .collect(),
                from: None,
                side: None,
            })
            .collect();
        ListsFile {
            name: self.name.clone(),
            description: description.to_string(),
            points: self.points,
            catalogue: (self.catalogue != Catalogue::shipped())
                .then(|| CatalogueSetup::Inline(self.catalogue.clone())),
            lists,
        }
    }
}

/// Checks the lists against the points rules and the engine's limits, and returns the points
/// window they share.
///
/// Rules (LISTAS DE JUEGO): a list recruits characters (at least one; the engine plays at most
/// [`MAX_LIST_CHARACTERS`] a side and [`MAX_EQUIPMENT`] weapons and protections a character);
/// every character costs at least [`MIN_CHARACTER_COST`] (the engine prices it so, it is not an
/// error); a list's cost must not exceed the points limit ("puntos máximos"); and, for the
/// comparison to mean anything, no list may cost less than the limit minus the tolerance.
///
/// # Errors
/// One message naming the list and the rule.
pub fn validate(lists: &[ArmyList], points: Option<i32>, tolerance: f64) -> Result<Budget, String> {
    if lists.len() < 2 {
        return Err(format!(
            "a balance run needs at least 2 lists (got {})",
            lists.len()
        ));
    }
    for (k, l) in lists.iter().enumerate() {
        if l.name.trim().is_empty() {
            return Err(format!("lists[{k}]: a list needs a name"));
        }
        if let Some(j) = lists[..k].iter().position(|m| m.name == l.name) {
            return Err(format!(
                "list \"{}\" (lists[{k}]): the name is already used by lists[{j}]",
                l.name
            ));
        }
        if l.characters.is_empty() {
            return Err(format!(
                "list \"{}\": no characters (LISTAS DE JUEGO, paso 3: a list recruits characters)",
                l.name
            ));
        }
        if l.characters.len() > MAX_LIST_CHARACTERS {
            return Err(format!(
                "list \"{}\": {} characters; at most {MAX_LIST_CHARACTERS} per list (a game holds \
                 {MAX_CHARACTERS})",
                l.name,
                l.characters.len()
            ));
        }
        for (n, c) in l.characters.iter().enumerate() {
            let kit = c.def.weapons.len() + c.def.protections.len();
            if kit > MAX_EQUIPMENT {
                return Err(format!(
                    "list \"{}\", character {} ({}): {kit} weapons and protections; the engine \
                     holds at most {MAX_EQUIPMENT}",
                    l.name,
                    n + 1,
                    c.name
                ));
            }
        }
    }
    if !(0.0..1.0).contains(&tolerance) {
        return Err(format!(
            "tolerance {}: must be at least 0 % and under 100 %",
            tolerance * 100.0
        ));
    }
    let most = lists.iter().map(ArmyList::cost).max().unwrap_or(0);
    let limit = points.unwrap_or(most);
    if limit < MIN_CHARACTER_COST {
        return Err(format!(
            "points {limit}: a list must afford one character of {MIN_CHARACTER_COST} points \
             (LISTAS DE JUEGO)"
        ));
    }
    let budget = Budget::new(limit, tolerance);
    for l in lists {
        let cost = l.cost();
        if cost > budget.limit {
            return Err(format!(
                "list \"{}\" costs {cost} points, over the limit of {} (LISTAS DE JUEGO: \"un \
                 número máximo de puntos\")",
                l.name, budget.limit
            ));
        }
        if cost < budget.floor {
            return Err(format!(
                "list \"{}\" costs {cost} points, under {} = {} − {} %: lists must cost the same \
                 within the tolerance to be compared (--tolerance)",
                l.name,
                budget.floor,
                budget.limit,
                tolerance * 100.0
            ));
        }
    }
    Ok(budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::balance::generate::generate;

    fn lists(json: &str) -> Result<Lists, String> {
        Lists::from_json(json, Path::new(env!("CARGO_MANIFEST_DIR")))
    }

    #[test]
    fn characters_resolve_with_names_and_counts() {
        let l = lists(
            r#"{"lists": [{"name": "Fusileros", "characters": [
                {"name": "Fusilero", "race": "Humano", "weapons": ["Fusil"], "count": 2},
                {"race": "Veterano", "weapons": ["Espada"]}]}]}"#,
        )
        .unwrap();
        let f = &l.lists[0];
        assert_eq!(f.characters.len(), 3);
        assert_eq!(f.characters[0].name, "Fusilero");
        assert_eq!(f.characters[2].name, "Veterano");
        // Humano 20 + Fusil 28 = 48, twice; Veterano 40 + Espada 15 = 55.
        assert_eq!(f.cost(), 48 + 48 + 55);
        assert_eq!(l.catalogue, Catalogue::shipped());
    }

    #[test]
    fn traits_without_effect_are_named() {
        let l = lists(
            r#"{"lists": [{"name": "Gatos", "characters": [
                {"name": "Gato", "race": {"name": "Felino", "con": 4, "agi": 5, "int": 4,
                 "vol": 4, "traits": ["Suspenso en gimnasia", "Profesión arquero"]}},
                {"race": "Humano", "weapons": ["Fusil"]}]}]}"#,
        )
        .unwrap();
        assert_eq!(
            inert_traits(&l.lists),
            ["Gatos: Gato: trait \"Suspenso en gimnasia\" of race \"Felino\""]
        );
        let l = lists(r#"{"lists": [{"name": "F", "characters": [{"race": "Humano"}]}]}"#);
        assert!(inert_traits(&l.unwrap().lists).is_empty());
    }

    #[test]
    fn bad_characters_name_the_list_and_the_rule() {
        let e = lists(
            r#"{"lists": [{"name": "X", "characters": [{"race": "Humano"},
              {"race": "Humano", "weapons": ["Espadón"]}]}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            e,
            "list \"X\" (lists[0]), character 2: weapon \"Espadón\": not in the catalogue"
        );
        let e = lists(r#"{"lists": [{"name": "X", "characters": [{"weapons": ["Espada"]}]}]}"#)
            .unwrap_err();
        assert!(
            e.contains("no race") && e.contains("DISEÑO DE PERSONAJES"),
            "{e}"
        );
        let e = lists(
            r#"{"lists": [{"name": "X", "characters": [{"race": "Humano", "at": [1, 1]}]}]}"#,
        )
        .unwrap_err();
        assert!(
            e.starts_with("list \"X\" (lists[0]), character 1: unknown field `at`"),
            "{e}"
        );
        let e =
            lists(r#"{"lists": [{"name": "X", "characters": [{"race": "Humano", "count": 0}]}]}"#)
                .unwrap_err();
        assert!(
            e.contains("count must be a whole number from 1 to 16"),
            "{e}"
        );
        let e = lists(r#"{"lists": [{"name": "X", "from": "x.json"}]}"#).unwrap_err();
        assert!(e.contains("from needs a side"), "{e}");
        let e = lists(r#"{"list": []}"#).unwrap_err();
        assert!(e.starts_with("lists file: unknown field `list`"), "{e}");
    }

    #[test]
    fn a_list_from_a_position_side() {
        let l = lists(
            r#"{"lists": [{"name": "Patrulla", "from": "../positions/patrol_3v3.json", "side": "A"}]}"#,
        )
        .unwrap();
        let names: Vec<&str> = l.lists[0]
            .characters
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(names, ["Sargento", "Fusilero", "Fusilera"]);
    }

    fn list(name: &str, json: &str) -> ArmyList {
        let mut l = lists(&format!(
            r#"{{"lists": [{{"name": "{name}", "characters": {json}}}]}}"#
        ))
        .unwrap();
        l.lists.remove(0)
    }

    #[test]
    fn points_rules() {
        let a = list("A", r#"[{"race": "Humano", "weapons": ["Fusil"]}]"#); // 48
        let b = list("B", r#"[{"race": "Veterano"}]"#); // 40
        let c = list("C", r#"[{"race": "Orco", "weapons": ["Espada"]}]"#); // 45
        let e = validate(&[a.clone(), b.clone()], None, 0.05).unwrap_err();
        assert_eq!(
            e,
            "list \"B\" costs 40 points, under 46 = 48 − 5 %: lists must cost the same within \
             the tolerance to be compared (--tolerance)"
        );
        let budget = validate(&[a.clone(), b.clone()], None, 0.2).unwrap();
        assert_eq!((budget.limit, budget.floor), (48, 39));
        let e = validate(&[a.clone(), c.clone()], Some(46), 0.1).unwrap_err();
        assert!(
            e.starts_with("list \"A\" costs 48 points, over the limit of 46"),
            "{e}"
        );
        assert!(validate(&[a.clone(), c.clone()], Some(50), 0.1).is_ok());
        let e = validate(std::slice::from_ref(&a), None, 0.1).unwrap_err();
        assert!(e.contains("at least 2 lists"), "{e}");
        let e = validate(&[a.clone(), a.clone()], None, 0.1).unwrap_err();
        assert!(e.contains("already used"), "{e}");
        let empty = ArmyList {
            name: "Nadie".into(),
            characters: vec![],
        };
        let e = validate(&[a.clone(), empty], None, 0.1).unwrap_err();
        assert!(
            e.starts_with("list \"Nadie\": no characters (LISTAS DE JUEGO"),
            "{e}"
        );
        // The 10-point minimum is a price, not an error: a Larva 1/1/1/1 costs 10.
        let larva = list(
            "Larvas",
            r#"[{"race": {"name": "Larva", "con": 1, "agi": 1, "int": 1, "vol": 1}, "count": 4}]"#,
        );
        assert_eq!(larva.cost(), 40);
        assert!(validate(&[larva, b], None, 0.0).is_ok());
    }

    #[test]
    fn archetype_table_counts_copies_and_rejects_name_clashes() {
        let a = list(
            "A",
            r#"[{"race": "Humano", "weapons": ["Fusil"], "count": 2}]"#,
        );
        let b = list(
            "B",
            r#"[{"race": "Humano", "weapons": ["Espada", "Pistola"]}]"#,
        );
        let (parts, counts) = archetype_table(&[a.clone(), b]).unwrap();
        let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Humano", "Fusil", "Espada", "Pistola"]);
        assert_eq!(
            counts,
            vec![vec![2.0, 2.0, 0.0, 0.0], vec![1.0, 0.0, 1.0, 1.0]]
        );
        let odd = list(
            "Raro",
            r#"[{"race": {"name": "Humano", "con": 5, "agi": 4, "int": 4, "vol": 4}}]"#,
        );
        let e = archetype_table(&[a, odd]).unwrap_err();
        assert!(e.contains("race \"Humano\" differs"), "{e}");
    }

    #[test]
    fn lists_file_round_trip() {
        let cat = Catalogue::shipped();
        let g = generate(&cat, Budget::new(120, 0.05), 3, 6, 2).unwrap();
        let l = Lists {
            name: "auto".into(),
            catalogue: cat,
            points: Some(120),
            lists: g,
        };
        let json = serde_json::to_string(&l.to_file("")).unwrap();
        assert_eq!(lists(&json).unwrap(), l);
    }
}
