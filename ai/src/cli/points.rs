//! `wartime points` (rulebook, CREACIÓN DE PERSONAJES / LISTAS DE JUEGO: what everything
//! costs): every archetype, character and list priced with its arithmetic, against the
//! scenario's points limit.

use crate::input::{load, CliError};
use engine::creation::archetype::{MetaAbility, Object, Protection, Race, Transport, Weapon};
use engine::creation::points::{race_attr_cost, weapon_table, MIN_CHARACTER_COST};
use engine::creation::traits::TraitRef;
use engine::{Side, State};
use std::fmt::Write;
use std::path::Path;

/// `+ x` or `- x` for a term of a sum (the first term printed bare).
fn term(first: bool, label: &str, value: i32) -> String {
    if first {
        format!("{label}{value}")
    } else if value < 0 {
        format!(" - {label}{}", -value)
    } else {
        format!(" + {label}{value}")
    }
}

/// The trait part of a cost line: ` + traits -5 [Cargadores (10) -5]`, or nothing.
fn traits_text(traits: &[TraitRef]) -> (String, i32) {
    if traits.is_empty() {
        return (String::new(), 0);
    }
    let free_area = traits.iter().any(|t| t.def().id == "area_despreciable");
    let parts: Vec<(String, i32)> = traits
        .iter()
        .map(|t| {
            let c = if free_area && t.is_area() {
                0
            } else {
                t.cost() as i32
            };
            (t.to_string(), c)
        })
        .collect();
    let total: i32 = parts.iter().map(|(_, c)| c).sum();
    let detail: Vec<String> = parts.iter().map(|(n, c)| format!("{n} {c}")).collect();
    (format!(" + traits {total} [{}]", detail.join(", ")), total)
}

/// The cost arithmetic of a race: `Humano: CON 4=5 + AGI 4=5 + INT 4=5 + VOL 4=5 = 20`.
pub fn race_cost_line(r: &Race) -> String {
    let mut s = format!("{}: ", r.name);
    for (k, (n, v)) in [
        ("CON", r.con),
        ("AGI", r.agi),
        ("INT", r.int),
        ("VOL", r.vol),
    ]
    .into_iter()
    .enumerate()
    {
        if k > 0 {
            s.push_str(" + ");
        }
        let _ = write!(s, "{n} {v}={}", race_attr_cost(v).unwrap_or(0));
    }
    let (t, _) = traits_text(&r.traits);
    let _ = write!(s, "{t} = {}", r.cost());
    s
}

/// The cost arithmetic of a weapon:
/// `Fusil: table(ENE 3, DAÑ 3)=13 + ALC 15 + CAL 5 + traits -5 [Cargadores (10) -5] = 28`.
pub fn weapon_cost_line(w: &Weapon) -> String {
    let (t, _) = traits_text(&w.traits);
    format!(
        "{}: table(ENE {}, DAÑ {})={} + ALC {} + CAL {}{t} = {}",
        w.name,
        w.ene,
        w.dmg,
        weapon_table(w.ene, w.dmg).unwrap_or(0),
        w.range,
        w.quality,
        w.cost()
    )
}

/// The cost arithmetic of a protection: `Cuero: DEF 1×3=3 + TAL 4 + CAL 3 - ENE 1 = 9`.
pub fn protection_cost_line(p: &Protection) -> String {
    let (t, _) = traits_text(&p.traits);
    format!(
        "{}: DEF {}×3={} + TAL {} + CAL {} - ENE {}{t} = {}",
        p.name,
        p.def,
        3 * p.def as i32,
        p.size,
        p.quality,
        p.ene,
        p.cost()
    )
}

/// The cost arithmetic of a meta-ability: `ALC + CAL - ENE×3 + traits`.
pub fn meta_ability_cost_line(m: &MetaAbility) -> String {
    let (t, _) = traits_text(&m.traits);
    format!(
        "{}: ALC {} + CAL {} - ENE {}×3={}{t} = {}",
        m.name,
        m.range,
        m.quality,
        m.ene,
        3 * m.ene as i32,
        m.cost()
    )
}

/// The cost arithmetic of an object: `ALC + CAL - ENE + traits`.
pub fn object_cost_line(o: &Object) -> String {
    let (t, _) = traits_text(&o.traits);
    format!(
        "{}: ALC {} + CAL {} - ENE {}{t} = {}",
        o.name,
        o.range,
        o.quality,
        o.ene,
        o.cost()
    )
}

/// The cost arithmetic of a transport: `MOV + DEF×3 + CAL - ENE + traits`, then its
/// equipment (CREACIÓN DE TRANSPORTES, paso 5), each equipped archetype at its own cost.
pub fn transport_cost_line(t: &Transport) -> String {
    let (tt, _) = traits_text(&t.traits);
    let gear: String = t
        .weapons
        .iter()
        .map(|w| (&w.name, w.cost()))
        .chain(t.protections.iter().map(|p| (&p.name, p.cost())))
        .chain(t.objects.iter().map(|o| (&o.name, o.cost())))
        .chain(t.invocations.iter().map(|m| (&m.name, m.cost())))
        .map(|(n, c)| format!(" + {n} {c}"))
        .collect();
    format!(
        "{}: MOV {} + DEF {}×3={} + CAL {} - ENE {}{tt}{gear} = {}",
        t.name,
        t.mov,
        t.def,
        3 * t.def as i32,
        t.quality,
        t.ene,
        t.cost()
    )
}

/// Appends a section of archetype lines, each archetype once (by name and content).
fn section<T: PartialEq>(s: &mut String, title: &str, items: &[&T], line: impl Fn(&T) -> String) {
    let mut seen: Vec<&T> = Vec::new();
    for it in items {
        if !seen.contains(it) {
            seen.push(it);
        }
    }
    if seen.is_empty() {
        return;
    }
    let _ = writeln!(s, "{title}:");
    for it in seen {
        let _ = writeln!(s, "  {}", line(it));
    }
}

/// The whole points report of a state (see [`points`]).
pub fn points_report(st: &State, whole_catalogue: bool) -> String {
    let mut s = String::new();
    let defs: Vec<_> = st.indices().map(|i| &st.info(i).def).collect();
    let cat = &st.statics().catalogue;
    let _ = writeln!(
        s,
        "archetypes ({}):",
        if whole_catalogue {
            "the whole catalogue"
        } else {
            "those used in this position"
        }
    );
    if whole_catalogue {
        section(
            &mut s,
            "races",
            &cat.races.iter().collect::<Vec<_>>(),
            race_cost_line,
        );
        section(
            &mut s,
            "weapons",
            &cat.weapons.iter().collect::<Vec<_>>(),
            weapon_cost_line,
        );
        section(
            &mut s,
            "protections",
            &cat.protections.iter().collect::<Vec<_>>(),
            protection_cost_line,
        );
        section(
            &mut s,
            "meta-abilities",
            &cat.meta_abilities.iter().collect::<Vec<_>>(),
            meta_ability_cost_line,
        );
        section(
            &mut s,
            "objects",
            &cat.objects.iter().collect::<Vec<_>>(),
            object_cost_line,
        );
        section(
            &mut s,
            "transports",
            &cat.transports.iter().collect::<Vec<_>>(),
            transport_cost_line,
        );
    } else {
        let races: Vec<&Race> = defs.iter().map(|d| &d.race).collect();
        let weapons: Vec<&Weapon> = defs.iter().flat_map(|d| &d.weapons).collect();
        let prots: Vec<&Protection> = defs.iter().flat_map(|d| &d.protections).collect();
        let metas: Vec<&MetaAbility> = defs.iter().flat_map(|d| &d.meta_abilities).collect();
        let objects: Vec<&Object> = defs.iter().flat_map(|d| &d.objects).collect();
        let transports: Vec<&Transport> = defs.iter().flat_map(|d| &d.transport).collect();
        section(&mut s, "races", &races, race_cost_line);
        section(&mut s, "weapons", &weapons, weapon_cost_line);
        section(&mut s, "protections", &prots, protection_cost_line);
        section(&mut s, "meta-abilities", &metas, meta_ability_cost_line);
        section(&mut s, "objects", &objects, object_cost_line);
        section(&mut s, "transports", &transports, transport_cost_line);
    }
    let _ = writeln!(s, "characters:");
    for i in st.indices() {
        let info = st.info(i);
        let d = &info.def;
        let mut parts: Vec<(String, i32)> = vec![(d.race.name.clone(), d.race.cost())];
        parts.extend(d.weapons.iter().map(|w| (w.name.clone(), w.cost())));
        parts.extend(d.protections.iter().map(|p| (p.name.clone(), p.cost())));
        parts.extend(d.meta_abilities.iter().map(|m| (m.name.clone(), m.cost())));
        parts.extend(d.objects.iter().map(|o| (o.name.clone(), o.cost())));
        parts.extend(d.transport.iter().map(|t| (t.name.clone(), t.cost())));
        let sum: i32 = parts.iter().map(|(_, c)| c).sum();
        let mut line = format!("  {} {}: ", info.label.to_ascii_uppercase(), info.name);
        for (k, (n, c)) in parts.iter().enumerate() {
            line.push_str(&term(k == 0, &format!("{n} "), *c));
        }
        let _ = write!(line, " = {sum}");
        if sum < MIN_CHARACTER_COST {
            let _ = write!(
                line,
                " -> {} (minimum {MIN_CHARACTER_COST} points per character)",
                info.cost
            );
        }
        let _ = writeln!(s, "{line}");
    }
    let limit = st.scenario().points_limit;
    let _ = writeln!(s, "lists (points limit {limit}):");
    for side in [Side::A, Side::B] {
        let members: Vec<_> = st.indices().filter(|&i| st.side_of(i) == side).collect();
        let total: i32 = members.iter().map(|&i| st.info(i).cost).sum();
        let sum: Vec<String> = members
            .iter()
            .map(|&i| {
                format!(
                    "{} {}",
                    st.info(i).label.to_ascii_uppercase(),
                    st.info(i).cost
                )
            })
            .collect();
        let verdict = if total <= limit {
            format!("{} under the limit", limit - total)
        } else {
            format!("OVER the limit by {}", total - limit)
        };
        let _ = writeln!(
            s,
            "  side {side}: {} = {total} / {limit} ({verdict})",
            sum.join(" + ")
        );
    }
    inert_warnings(&mut s, st);
    s
}

/// BONUS Y MALUS (issue 16): one warning per trait a character carries that has no effect in
/// play (RULES.md, "Traits left out"): it is priced, but does nothing.
fn inert_warnings(s: &mut String, st: &State) {
    let mut first = true;
    for i in st.indices() {
        let info = st.info(i);
        for t in info.def.inert_traits() {
            if first {
                let _ = writeln!(s, "warnings:");
                first = false;
            }
            let _ = writeln!(
                s,
                "  warning: {} {}: {t} has no effect in play (priced, but it does nothing; \
                 RULES.md, Traits left out)",
                info.label.to_ascii_uppercase(),
                info.name
            );
        }
    }
}

/// `wartime points FILE [--catalogue]`: archetype costs with their arithmetic, character costs
/// and each side's total against the scenario's points limit.
///
/// # Errors
/// The file does not load.
pub fn points(file: &Path, whole_catalogue: bool) -> Result<String, CliError> {
    let st = load(file)?;
    Ok(points_report(&st, whole_catalogue))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::creation::catalogue::Catalogue;

    #[test]
    fn a_trait_without_effect_is_warned_about() {
        let dir = std::env::temp_dir().join(format!("wartime-inert-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions");
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(root.join("duel.json")).unwrap())
                .unwrap();
        v["catalogue"] = root.join("catalogue.json").display().to_string().into();
        let file = dir.join("duel.json");
        std::fs::write(&file, v.to_string()).unwrap();
        assert!(!points(&file, false).unwrap().contains("warning"));
        v["sides"]["A"][0]["protections"] = serde_json::json!([{"name": "Capa", "ene": 0,
            "def": 1, "size": 4, "quality": 3, "traits": ["Suspenso en gimnasia"]}]);
        std::fs::write(&file, v.to_string()).unwrap();
        let r = points(&file, false).unwrap();
        assert!(
            r.contains(
                "warning: A1 Tirador: trait \"Suspenso en gimnasia\" of protection \"Capa\" \
                 has no effect in play"
            ),
            "{r}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn cost_lines_match_the_engine() {
        let cat = Catalogue::shipped();
        let last = |s: String| -> i32 { s.rsplit("= ").next().unwrap().trim().parse().unwrap() };
        for r in &cat.races {
            assert_eq!(last(race_cost_line(r)), r.cost());
        }
        for w in &cat.weapons {
            assert_eq!(last(weapon_cost_line(w)), w.cost());
        }
        for p in &cat.protections {
            assert_eq!(last(protection_cost_line(p)), p.cost());
        }
        for m in &cat.meta_abilities {
            assert_eq!(last(meta_ability_cost_line(m)), m.cost());
        }
        for o in &cat.objects {
            assert_eq!(last(object_cost_line(o)), o.cost());
        }
        for t in &cat.transports {
            assert_eq!(last(transport_cost_line(t)), t.cost());
        }
        assert_eq!(
            race_cost_line(cat.race("Humano").unwrap()),
            "Humano: CON 4=5 + AGI 4=5 + INT 4=5 + VOL 4=5 = 20"
        );
        assert_eq!(
            protection_cost_line(cat.protection("Cuero").unwrap()),
            "Cuero: DEF 1×3=3 + TAL 4 + CAL 3 - ENE 1 = 9"
        );
        // Paso 5: the objects and invocations equipped on a transport, each at its own cost.
        let mut t = cat.transports[0].clone();
        t.objects = cat.objects.iter().take(1).cloned().collect();
        t.invocations = cat
            .meta_abilities
            .iter()
            .filter(|m| {
                m.traits
                    .iter()
                    .any(|x| x.to_string().starts_with("Invocaci"))
            })
            .take(1)
            .cloned()
            .collect();
        let line = transport_cost_line(&t);
        assert_eq!(last(line.clone()), t.cost());
        for (n, c) in t
            .objects
            .iter()
            .map(|o| (&o.name, o.cost()))
            .chain(t.invocations.iter().map(|m| (&m.name, m.cost())))
        {
            assert!(line.contains(&format!(" + {n} {c}")), "{line}");
        }
        assert_eq!(t.objects.len() + t.invocations.len(), 2, "{line}");
    }
}
