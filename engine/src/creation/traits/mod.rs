//! Traits (BONUS Y MALUS): the catalogue of every bonus and malus of the rulebook, with its
//! points cost and, for the implemented ones, its [`Effect`]s as data.
//!
//! An archetype carries its traits as [`TraitRef`]s, which (de)serialise as the rulebook writes
//! them: `"Profesión arquero"`, `"Cargadores (6)"`, `"Escudo de energía (3)"`,
//! `"Alérgico (plata)"`, `"Área (R3)"`.

mod catalogue;

pub use catalogue::CATALOGUE;

use crate::basics::area::Shape;
use crate::creation::area_table::area_cost;
use crate::creation::effect::{Effect, Param};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// One entry of BONUS Y MALUS.
#[derive(Debug)]
pub struct TraitDef {
    /// ASCII-folded snake_case of the Spanish name (`"profesion_arquero"`, `"7_vidas"`).
    pub id: &'static str,
    /// Exact Spanish name, without the `()` placeholder of parameterised traits.
    pub name: &'static str,
    /// Points; per level when `param` is [`Param::Level`]. For Área the cost is the area's
    /// (see [`TraitRef::cost`]) and this is 0.
    pub cost: i16,
    /// How the trait takes a parameter.
    pub param: Param,
    /// The rulebook description (cut off for the last entries, as in the source).
    pub text: &'static str,
    /// Effects as data; empty when the trait has no mechanical implementation yet (its cost
    /// still counts).
    pub effects: &'static [Effect],
}

impl TraitDef {
    /// True when the trait has effects in the rules model (Área's `Area(shape)` comes from
    /// the code each use of it gives, so the entry itself lists none).
    pub fn implemented(&self) -> bool {
        !self.effects.is_empty() || self.id == "area"
    }

    /// The archetype kind this trait is restricted to, when its text names one: «Esta arma …»
    /// a weapon, «`[Metahabilidad]` …» and the kinds of meta-ability («`[Titiritero] CH VOL` …») a
    /// meta-ability, «Esta protección …» a protection, «El / Este transporte …» a transport
    /// (RULES.md, Traits: "Which archetype a trait goes on"). `None`: any archetype.
    pub fn only_on(&self) -> Option<&'static str> {
        // Enorme («sólo se puede equipar en transportes») is checked on the whole character
        // instead: Mega armadura lets a character carry it (`CharacterDef::validate`).
        const PREFIXES: [(&str, &str); 10] = [
            ("Esta arma", "weapon"),
            ("Este arma", "weapon"),
            ("[Metahab", "meta_ability"),
            ("[Titiritero] CH", "meta_ability"),
            ("[Cinético] CH", "meta_ability"),
            ("[Neuromante] CH", "meta_ability"),
            ("[Metamorfo] CH", "meta_ability"),
            ("Esta protección", "protection"),
            ("El transporte", "transport"),
            ("Este transporte", "transport"),
        ];
        PREFIXES
            .iter()
            .find(|(p, _)| self.text.starts_with(p))
            .map(|&(_, k)| k)
    }
}

/// Index of a trait in [`CATALOGUE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TraitId(pub u16);

impl TraitId {
    /// The catalogue entry. Panics if the index is out of range.
    pub fn def(self) -> &'static TraitDef {
        &CATALOGUE[self.0 as usize]
    }
}

/// Folds a name or id to the id form: lower case, accents removed, every run of other
/// characters turned into one `_`, trimmed of `_` (so `"Cargadores ()"` → `"cargadores"`).
fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_sep = false;
    for c in s.chars().flat_map(char::to_lowercase) {
        let c = match c {
            'á' | 'à' | 'ä' | 'â' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            c => c,
        };
        if c.is_ascii_alphanumeric() {
            if pending_sep && !out.is_empty() {
                out.push('_');
            }
            pending_sep = false;
            out.push(c);
        } else {
            pending_sep = true;
        }
    }
    out
}

/// A name folded for comparisons: lower case, accents removed, words joined by `_`.
pub fn fold_name(s: &str) -> String {
    fold(s)
}

/// Finds a trait by its Spanish name (case-insensitive, accents optional, a trailing `()`
/// allowed) or by its id.
pub fn lookup(name_or_id: &str) -> Option<TraitId> {
    let key = fold(name_or_id);
    if key.is_empty() {
        return None;
    }
    CATALOGUE
        .iter()
        .position(|d| d.id == key)
        .map(|i| TraitId(i as u16))
}

/// The attack scope a Maestría en combate / Incapacidad de combate text names instead of a
/// weapon: `CaC` (melee) or `distancia` (ranged), accents and case optional.
pub fn mastery_scope(text: &str) -> Option<crate::creation::effect::Scope> {
    use crate::creation::effect::Scope;
    match fold(text).as_str() {
        "cac" | "cuerpo_a_cuerpo" | "combate_cac" => Some(Scope::Melee),
        "distancia" | "a_distancia" | "disparo" => Some(Scope::Ranged),
        _ => None,
    }
}

/// A trait as carried by an archetype: the catalogue entry plus its parameter.
///
/// Serialises as a string: `"Profesión arquero"`, `"Cargadores (6)"`, `"Escudo de energía (3)"`,
/// `"Alérgico (plata)"`, `"Área (R3)"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraitRef {
    /// The catalogue entry.
    pub id: TraitId,
    /// Level ([`Param::Level`]) or number ([`Param::Number`]); 0 if none.
    pub param: u8,
    /// The text of a [`Param::Text`] trait (for Área, the area code such as `R3`).
    pub text: Option<String>,
}

impl TraitRef {
    /// A trait with no parameter.
    pub fn new(id: TraitId) -> TraitRef {
        TraitRef {
            id,
            param: 0,
            text: None,
        }
    }

    /// A trait with a level or a number.
    pub fn with_param(id: TraitId, param: u8) -> TraitRef {
        TraitRef {
            id,
            param,
            text: None,
        }
    }

    /// A trait with a text (`Alérgico (plata)`, `Área (R3)`).
    pub fn with_text(id: TraitId, text: impl Into<String>) -> TraitRef {
        TraitRef {
            id,
            param: 0,
            text: Some(text.into()),
        }
    }

    /// The catalogue entry.
    pub fn def(&self) -> &'static TraitDef {
        self.id.def()
    }

    /// True when this trait, with its parameter, has effects in the rules model (Área has none
    /// in the catalogue: its `Area(shape)` comes from its code).
    pub fn implemented(&self) -> bool {
        self.effects().next().is_some()
    }

    /// True when this is the Área trait, whose text is an area code that sets its cost.
    pub fn is_area(&self) -> bool {
        self.def().id == "area"
    }

    /// Points (BONUS Y MALUS): the per-level cost × level for [`Param::Level`]; for Área the
    /// cost of its area code in the area table (0 if the code is unknown); else the cost.
    pub fn cost(&self) -> i16 {
        let def = self.def();
        if self.is_area() {
            return self.text.as_deref().and_then(area_cost).unwrap_or(0);
        }
        match def.param {
            Param::Level(_) => def.cost * self.param as i16,
            _ => def.cost,
        }
    }

    /// The effects of this trait with its parameter applied: `Magazine(0)` of Cargadores
    /// becomes `Magazine(n)` when the trait was given a number n (0 keeps "10 − DAÑ"); Área
    /// gives `Area(shape)` of its code.
    pub fn effects(&self) -> impl Iterator<Item = Effect> + '_ {
        let area = if self.is_area() {
            self.text
                .as_deref()
                .and_then(Shape::parse)
                .map(Effect::Area)
        } else {
            None
        };
        self.def()
            .effects
            .iter()
            .map(move |e| match *e {
                Effect::Magazine(0) => Effect::Magazine(self.param),
                Effect::UseHeal(0) => Effect::UseHeal(self.param.max(1)),
                Effect::Capacity(0) => Effect::Capacity(self.param),
                Effect::MinRange(k) => Effect::MinRange(k.saturating_mul(self.param)),
                Effect::MarkJammer(k) => Effect::MarkJammer(k.saturating_mul(self.param.max(1))),
                Effect::Mana(0) => Effect::Mana(self.param.max(1)),
                Effect::Shield {
                    def,
                    recover,
                    levels: 0,
                } => Effect::Shield {
                    def,
                    recover,
                    levels: self.param.max(1),
                },
                Effect::Charges(0) => Effect::Charges(self.param.max(1)),
                e => e,
            })
            .chain(area)
    }
}

impl fmt::Display for TraitRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let def = self.def();
        f.write_str(def.name)?;
        match def.param {
            Param::None => Ok(()),
            Param::Number | Param::Level(_) if self.param == 0 => Ok(()),
            Param::Number | Param::Level(_) => write!(f, " ({})", self.param),
            Param::Text => match &self.text {
                Some(t) => write!(f, " ({t})"),
                None => Ok(()),
            },
        }
    }
}

impl FromStr for TraitRef {
    type Err = String;

    /// Parses `Name`, `Name (param)` or, for a level or number, `Name N`. The error message
    /// names the trait.
    fn from_str(s: &str) -> Result<TraitRef, String> {
        let s = s.trim();
        let (mut base, mut arg) = match (s.strip_suffix(')'), s.rfind('(')) {
            (Some(inner), Some(open)) => (s[..open].trim(), Some(inner[open + 1..].trim())),
            _ => (s, None),
        };
        let mut id = lookup(base);
        if id.is_none() && arg.is_none() {
            // `Escudo de energía 3`: the level written without brackets.
            if let Some((head, tail)) = base.rsplit_once(' ') {
                if !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_digit()) {
                    if let Some(found) = lookup(head) {
                        if matches!(found.def().param, Param::Level(_) | Param::Number) {
                            id = Some(found);
                            base = head.trim();
                            arg = Some(tail);
                        }
                    }
                }
            }
        }
        let id = id.ok_or_else(|| format!("unknown trait \"{base}\" (not in BONUS Y MALUS)"))?;
        let def = id.def();
        let arg = arg.filter(|a| !a.is_empty());
        match def.param {
            Param::None => match arg {
                None => Ok(TraitRef::new(id)),
                Some(a) => Err(format!(
                    "trait \"{}\" takes no parameter, got \"{a}\"",
                    def.name
                )),
            },
            Param::Number | Param::Level(_) => match arg {
                None => Ok(TraitRef::new(id)),
                Some(a) => a
                    .parse::<u8>()
                    .map(|n| TraitRef::with_param(id, n))
                    .map_err(|_| {
                        format!(
                            "trait \"{}\" takes a number 0..=255 in brackets, got \"{a}\"",
                            def.name
                        )
                    }),
            },
            Param::Text if def.id == "area" => {
                let code = arg.unwrap_or("");
                let canon = code.to_ascii_uppercase().replace(' ', "");
                if area_cost(&canon).is_some() {
                    Ok(TraitRef::with_text(id, canon))
                } else {
                    Err(format!(
                        "trait \"{}\" needs an area code of the area table (R1..R10, L1..L20, \
                         S1..S10, G3/2..G7/4), got \"{code}\"",
                        def.name
                    ))
                }
            }
            Param::Text => match arg {
                Some(a) => Ok(TraitRef::with_text(id, a)),
                None => Err(format!(
                    "trait \"{}\" needs its parameter in brackets («{}»), e.g. \"{} (plata)\"",
                    def.name, def.text, def.name
                )),
            },
        }
    }
}

impl Serialize for TraitRef {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for TraitRef {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TraitRef, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creation::effect::{CheckKind, Scope, Stat, Who};
    use std::collections::HashSet;

    fn tr(s: &str) -> TraitRef {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn catalogue_has_every_line_with_pts() {
        // 369 lines with "pts" in BONUS Y MALUS of the rulebook text, then Titiritero, which
        // the cut of the list leaves out (METAHABILIDADES names it).
        assert!(CATALOGUE.len() >= 360);
        assert_eq!(CATALOGUE.len(), 370);
        assert_eq!(CATALOGUE[0].name, "7 vidas");
        assert_eq!(CATALOGUE[368].name, "Suspenso en gimnasia");
        assert_eq!(CATALOGUE[368].cost, -10);
        assert_eq!(CATALOGUE.last().unwrap().name, "Titiritero");
    }

    #[test]
    fn ids_are_unique_and_folded_names() {
        let mut seen = HashSet::new();
        for d in CATALOGUE {
            assert!(seen.insert(d.id), "duplicate id {}", d.id);
            assert_eq!(fold(d.name), d.id, "id of {}", d.name);
            assert!(d
                .id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'));
        }
        assert!(seen.contains("profesion_arquero"));
        assert!(seen.contains("7_vidas"));
        assert!(seen.contains("cuerpo_de_luz"));
    }

    #[test]
    fn lookup_by_name_and_id() {
        let a = lookup("Profesión arquero").unwrap();
        assert_eq!(a.def().name, "Profesión arquero");
        assert_eq!(lookup("profesion arquero"), Some(a));
        assert_eq!(lookup("PROFESION ARQUERO"), Some(a));
        assert_eq!(lookup("profesion_arquero"), Some(a));
        assert_eq!(lookup("Señor de Medusa"), lookup("senor de medusa"));
        assert!(lookup("Señor de Medusa").is_some());
        assert_eq!(lookup("Cargadores ()"), lookup("cargadores"));
        assert_eq!(lookup("Magia: anular").unwrap().def().id, "magia_anular");
        assert_eq!(lookup("Área").unwrap().def().id, "area");
        assert_eq!(lookup("no existe"), None);
        assert_eq!(lookup(""), None);
    }

    #[test]
    fn parameterised_entries() {
        let d = lookup("Escudo de energía").unwrap().def();
        assert_eq!((d.cost, d.param), (5, Param::Level(10)));
        let d = lookup("Escudo de energía avanzado").unwrap().def();
        assert_eq!((d.cost, d.param), (10, Param::Level(10)));
        let d = lookup("Campo ciego").unwrap().def();
        assert_eq!((d.cost, d.param), (-5, Param::Level(5)));
        let d = lookup("Maná").unwrap().def();
        assert_eq!((d.cost, d.param), (5, Param::Level(3)));
        let d = lookup("Cargadores").unwrap().def();
        assert_eq!((d.cost, d.param), (-5, Param::Number));
        let d = lookup("Alérgico").unwrap().def();
        assert_eq!((d.cost, d.param), (-5, Param::Text));
        let d = lookup("Área").unwrap().def();
        assert_eq!((d.cost, d.param), (0, Param::Text));
    }

    #[test]
    fn costs_of_refs() {
        assert_eq!(tr("Profesión arquero").cost(), 10);
        assert_eq!(tr("Escudo de energía (3)").cost(), 15); // 5 × 3
        assert_eq!(tr("Campo ciego (2)").cost(), -10); // −5 × 2
        assert_eq!(tr("Cargadores (6)").cost(), -5);
        assert_eq!(tr("Alérgico (plata)").cost(), -5);
        assert_eq!(tr("Área (R3)").cost(), 7);
        assert_eq!(tr("Área (G7/4)").cost(), 34);
        assert_eq!(tr("Área (L20)").cost(), 60);
    }

    #[test]
    fn serde_round_trip_for_each_param_kind() {
        for s in [
            "Profesión arquero",
            "Cargadores (6)",
            "Cargadores",
            "Escudo de energía (3)",
            "Alérgico (plata)",
            "Área (R3)",
            "Área (G7/4)",
            "7 vidas",
            "Magia: anular",
        ] {
            let t = tr(s);
            assert_eq!(t.to_string(), s);
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{s}\""));
            let back: TraitRef = serde_json::from_str(&json).unwrap();
            assert_eq!(back, t);
        }
        // Accents and case are optional on input; output is canonical.
        assert_eq!(tr("profesion arquero").to_string(), "Profesión arquero");
        assert_eq!(
            tr("escudo de energia 3").to_string(),
            "Escudo de energía (3)"
        );
        assert_eq!(tr("Área (r3)").to_string(), "Área (R3)");
        assert_eq!(tr("Cargadores ()"), tr("Cargadores"));
        let c = tr("Cargadores (6)");
        assert_eq!((c.param, c.text.as_deref()), (6, None));
        let a = tr("Alérgico (plata)");
        assert_eq!((a.param, a.text.as_deref()), (0, Some("plata")));
    }

    #[test]
    fn unknown_or_malformed_traits_are_errors_naming_the_trait() {
        let e = serde_json::from_str::<TraitRef>("\"Superpoder total\"").unwrap_err();
        assert!(e.to_string().contains("Superpoder total"), "{e}");
        let e = serde_json::from_str::<TraitRef>("\"Cargadores (seis)\"").unwrap_err();
        assert!(e.to_string().contains("Cargadores"), "{e}");
        let e = serde_json::from_str::<TraitRef>("\"Afilada (3)\"").unwrap_err();
        assert!(e.to_string().contains("Afilada"), "{e}");
        let e = serde_json::from_str::<TraitRef>("\"Área (R99)\"").unwrap_err();
        assert!(e.to_string().contains("Área"), "{e}");
        assert!("Área".parse::<TraitRef>().is_err());
    }

    #[test]
    fn effects_of_the_listed_traits() {
        let arq = lookup("Profesión arquero").unwrap().def();
        assert_eq!(
            arq.effects,
            &[Effect::CheckMod {
                check: CheckKind::Hit,
                scope: Scope::Ranged,
                who: Who::Holder,
                amount: 1
            }]
        );
        assert!(arq.implemented());
        assert!(!lookup("Suspenso en gimnasia").unwrap().def().implemented());
        let est = lookup("Estandarte").unwrap().def();
        assert_eq!(
            est.effects,
            &[Effect::CheckMod {
                check: CheckKind::Attr(Stat::Vol),
                scope: Scope::Any,
                who: Who::AlliesWithin(10),
                amount: 1
            }]
        );
        let c: Vec<_> = tr("Cargadores (6)").effects().collect();
        assert_eq!(c, vec![Effect::Magazine(6)]);
        let c: Vec<_> = tr("Cargadores").effects().collect();
        assert_eq!(c, vec![Effect::Magazine(0)]);
        for name in [
            "Profesión gladiador",
            "Profesión acróbata",
            "Profesión mago",
            "Profesión caballero",
            "Profesión sabio",
            "Profesión bárbaro",
            "Refuerzo",
            "Muy torpe",
            "Muy miedoso",
            "Muy tonto",
            "Muy débil",
            "Mala hechura",
            "Maldita armadura",
            "Difícil de matar",
            "Camuflaje",
            "Pequeño",
            "Odio",
            "Rabia",
            "Fanático",
            "Élite valiente",
            "Élite combate",
            "Élite bestia",
            "Élite erudito",
            "Élite blindado",
            "Élite ultra",
            "Entrenado para matar",
            "Entrenado para vivir",
            "De precisión",
            "Rey Dragón",
            "Rey Hechicero",
            "Rey Inmortal",
            "Rey Mono",
            "Rey Titán",
            "Aura de obstinación",
            "Aura de talento",
            "Aura de acero",
            "Aura de sabiduría",
            "Aura blindada",
            "Presencia de honor",
            "Presencia de destreza",
            "Presencia de fuerza",
            "Presencia de claridad",
            "Presencia de protección",
            "Estandarte",
            "Hálito de miedo",
            "Hálito de entumecimiento",
            "Hálito de debilidad",
            "Hálito de imbecilidad",
            "Hálito de podredumbre",
            "Grito de fuego",
            "Grito de odio",
            "Afilada",
            "Filo romo",
            "Daño extra",
            "Matarife",
            "Munición perforante",
            "Munición reforzada",
            "Munición trazadora",
            "Arma complicada",
            "Cargadores",
            "Baño de acero",
            "Duro",
            "Escuchimizado",
            "Absorción de impacto",
            "Señor de la laceración",
            "Señor de Medusa",
            "Rápido",
            "Lento",
            "Lastrado",
            "Piernas muy cortas",
            "Mente centrada",
            "Contracarga",
            "Caballería",
            "Ansia de sangre",
            "Cobarde",
            "Horror",
            "Genio estratega",
            "Explorador",
            "Acobardamiento",
            "Gran bestia",
            "Blandito",
            "Arma pesada",
            "A 2 manos",
            "Súper vista",
            "Corto de vista",
            "Más alcance",
            "Mucho más alcance",
            "Sin dientes",
            "Arma de francotirador",
            "Sin sangre",
            "Maestro carnicero",
            "Fosforito",
            "Mutación",
            "Bunkai",
            "Invocación",
            "Atadura",
        ] {
            let d = lookup(name).unwrap_or_else(|| panic!("{name}")).def();
            assert!(d.implemented(), "{name} has no effects");
        }
    }
}
