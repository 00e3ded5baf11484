//! Points (CREACIÓN DE PERSONAJES … LISTAS DE JUEGO): the cost of every archetype from the
//! rulebook tables, and the validation of the attribute ranges each creation section allows.
//!
//! This file holds what every kind shares (the error, the traits' cost and levels, the range
//! checks, the [`Archetype`] trait); `race` (CREACIÓN DE RAZAS), `weapons` (ARMAS and
//! PROTECCIONES), `objects` (METAHABILIDADES and OBJETOS) and `transport` (TRANSPORTES) the
//! points and ranges of each kind.

use crate::creation::archetype::{MetaAbility, Object, Protection, Race, Transport, Weapon};
use crate::creation::area_table::area_cost;
use crate::creation::effect::Param;
use crate::creation::traits::TraitRef;
use std::fmt;

mod objects;
mod race;
mod transport;
mod weapons;
pub use race::{race_attr_cost, RACE_ATTR_COST};
pub use weapons::{weapon_table, WEAPON_TABLE};

/// LISTAS DE JUEGO: "El coste mínimo de cualquier personaje es de 10 puntos".
pub const MIN_CHARACTER_COST: i32 = 10;

/// An archetype that breaks a rule of its creation section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArchetypeError {
    /// The archetype's name.
    pub archetype: String,
    /// `"race"`, `"weapon"`, `"protection"`, `"meta_ability"`, `"object"`, `"transport"` or
    /// `"character"`.
    pub kind: &'static str,
    /// The rule broken, with the offending values: `"ALC 12 > 5×DAÑ (10)"`.
    pub rule: String,
}

impl ArchetypeError {
    /// A new error.
    pub fn new(kind: &'static str, archetype: &str, rule: impl Into<String>) -> ArchetypeError {
        ArchetypeError {
            archetype: archetype.to_string(),
            kind,
            rule: rule.into(),
        }
    }

    /// The rulebook section and step of the rule, derived from the kind and the attribute the
    /// rule names (its first word).
    pub fn section(&self) -> Option<&'static str> {
        let attr = self.rule.split_whitespace().next().unwrap_or("");
        Some(match (self.kind, attr) {
            (_, "trait") => "BONUS Y MALUS",
            ("race", "MOV") => "MOVIMIENTO, Mover",
            ("race", _) => "CREACIÓN DE RAZAS, paso 1",
            ("weapon", "ENE" | "DAÑ") => "CREACIÓN DE ARMAS, paso 1",
            ("weapon", "ALC") => "CREACIÓN DE ARMAS, paso 2",
            ("weapon", "CAL") => "CREACIÓN DE ARMAS, paso 3",
            ("protection", "ENE") => "CREACIÓN DE PROTECCIONES, paso 1",
            ("protection", "DEF") => "CREACIÓN DE PROTECCIONES, paso 2",
            ("protection", "TAL") => "CREACIÓN DE PROTECCIONES, paso 3",
            ("protection", "CAL") => "CREACIÓN DE PROTECCIONES, paso 4",
            ("meta_ability", "ENE") => "CREACIÓN DE METAHABILIDADES, paso 1",
            ("meta_ability", "CAL") => "CREACIÓN DE METAHABILIDADES, paso 4",
            ("object", "ENE") => "CREACIÓN DE OBJETOS, paso 1",
            ("object", "CAL") => "CREACIÓN DE OBJETOS, paso 3",
            ("transport", "ENE") => "CREACIÓN DE TRANSPORTES, paso 1",
            ("transport", "MOV") => "CREACIÓN DE TRANSPORTES, paso 2",
            ("transport", "DEF") => "CREACIÓN DE TRANSPORTES, paso 3",
            ("transport", "CAL") => "CREACIÓN DE TRANSPORTES, paso 4",
            ("character", "no" | "2" | "3" | "4" | "5") => "DISEÑO DE PERSONAJES",
            _ => return None,
        })
    }
}

impl fmt::Display for ArchetypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} \"{}\": {}", self.kind, self.archetype, self.rule)?;
        match self.section() {
            Some(s) => write!(f, " ({s})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for ArchetypeError {}

/// Sum of the trait costs of one archetype (BONUS Y MALUS). With "Área despreciable" ("Coste de
/// ARE = 0 puntos") the archetype's Área traits cost 0.
pub fn traits_cost(traits: &[TraitRef]) -> i32 {
    let free_area = traits.iter().any(|t| {
        t.def()
            .effects
            .contains(&crate::creation::effect::Effect::FreeArea)
    });
    traits
        .iter()
        .filter(|t| !(free_area && t.is_area()))
        .map(|t| t.cost() as i32)
        .sum()
}

/// BONUS Y MALUS: a levelled trait has 1 ≤ level ≤ max; Área has a code of the area table.
fn validate_traits(
    kind: &'static str,
    name: &str,
    traits: &[TraitRef],
) -> Result<(), ArchetypeError> {
    validate_traits_on(kind, false, name, traits)
}

/// [`validate_traits`] of an archetype equipped on a transport (`on_transport`: CREACIÓN DE
/// TRANSPORTES, paso 5), whose traits are the transport's: a trait that goes only on a
/// transport is in its place there (RULES.md, Transportes: invocations and objects).
fn validate_traits_on(
    kind: &'static str,
    on_transport: bool,
    name: &str,
    traits: &[TraitRef],
) -> Result<(), ArchetypeError> {
    for t in traits {
        let def = t.def();
        if let Some(only) = def.only_on() {
            if only != kind && !(on_transport && only == "transport") {
                return Err(ArchetypeError::new(
                    kind,
                    name,
                    format!(
                        "trait {} goes only on a {} («{}»), not on a {kind}",
                        def.name,
                        only.replace('_', "-"),
                        def.text
                    ),
                ));
            }
        }
        if let Param::Level(max) = def.param {
            if !(1..=max).contains(&t.param) {
                return Err(ArchetypeError::new(
                    kind,
                    name,
                    format!("trait {} level {} outside 1..={max}", def.name, t.param),
                ));
            }
        }
        if t.is_area() && t.text.as_deref().and_then(area_cost).is_none() {
            return Err(ArchetypeError::new(
                kind,
                name,
                format!(
                    "trait {} code \"{}\" is not in the area table",
                    def.name,
                    t.text.as_deref().unwrap_or("")
                ),
            ));
        }
    }
    Ok(())
}

/// Checks `lo ≤ value ≤ hi` for an attribute named `attr`.
fn in_range(
    kind: &'static str,
    name: &str,
    attr: &str,
    value: u8,
    lo: u8,
    hi: u8,
) -> Result<(), ArchetypeError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(ArchetypeError::new(
            kind,
            name,
            format!("{attr} {value} outside {lo}..={hi}"),
        ))
    }
}

/// Checks `value ≥ 1` for an attribute named `attr` ("Elige un valor superior a 0").
fn positive(kind: &'static str, name: &str, attr: &str, value: u8) -> Result<(), ArchetypeError> {
    if value >= 1 {
        Ok(())
    } else {
        Err(ArchetypeError::new(
            kind,
            name,
            format!("{attr} {value} < 1"),
        ))
    }
}

/// What every archetype kind offers: its name, kind, traits, cost and validation.
pub trait Archetype {
    /// `"race"`, `"weapon"`, … as used in [`ArchetypeError::kind`].
    const KIND: &'static str;
    /// The catalogue name.
    fn name(&self) -> &str;
    /// The traits.
    fn traits(&self) -> &[TraitRef];
    /// Points, per the creation section of its kind. Only meaningful for a valid archetype
    /// (out-of-table values count 0).
    fn cost(&self) -> i32;
    /// Checks the ranges of its creation section and its traits' levels.
    fn validate(&self) -> Result<(), ArchetypeError>;
}

macro_rules! impl_archetype {
    ($t:ty, $kind:literal) => {
        impl Archetype for $t {
            const KIND: &'static str = $kind;
            fn name(&self) -> &str {
                &self.name
            }
            fn traits(&self) -> &[TraitRef] {
                &self.traits
            }
            fn cost(&self) -> i32 {
                <$t>::cost(self)
            }
            fn validate(&self) -> Result<(), ArchetypeError> {
                <$t>::validate(self)
            }
        }
    };
}

impl_archetype!(Race, "race");
impl_archetype!(Weapon, "weapon");
impl_archetype!(Protection, "protection");
impl_archetype!(MetaAbility, "meta_ability");
impl_archetype!(Object, "object");
impl_archetype!(Transport, "transport");

#[cfg(test)]
mod tests;
