//! The points of a transport (CREACIÓN DE TRANSPORTES, paso 7: MOV, DEF, CAL, ENE, plus what is
//! equipped on it in paso 5) and the ranges and equipment each step allows.

use super::{in_range, positive, traits_cost, validate_traits, ArchetypeError};
use crate::creation::archetype::{MetaAbility, Object, Protection, Transport, Weapon};

impl Transport {
    /// CREACIÓN DE TRANSPORTES, paso 7: MOV + DEF×3 + CAL − ENE + traits; plus the cost of
    /// every archetype equipped on it in paso 5 (each priced by its own creation section, as a
    /// character's archetypes are summed in DISEÑO DE PERSONAJES).
    pub fn cost(&self) -> i32 {
        self.own_cost() + self.equipment_cost()
    }

    /// Paso 7 alone: MOV + DEF×3 + CAL − ENE + traits.
    pub fn own_cost(&self) -> i32 {
        self.mov as i32 + 3 * self.def as i32 + self.quality as i32 - self.ene as i32
            + traits_cost(&self.traits)
    }

    /// The archetypes of paso 5 (Equipo): its weapons', protections', objects' and
    /// invocations' own costs (CREACIÓN DE ARMAS, PROTECCIONES, OBJETOS, METAHABILIDADES).
    pub fn equipment_cost(&self) -> i32 {
        self.weapons.iter().map(Weapon::cost).sum::<i32>()
            + self.protections.iter().map(Protection::cost).sum::<i32>()
            + self.objects.iter().map(Object::cost).sum::<i32>()
            + self.invocations.iter().map(MetaAbility::cost).sum::<i32>()
    }

    /// CREACIÓN DE TRANSPORTES: ENE ≥ 1 (paso 1), MOV ≥ 1 (paso 2), DEF 1..=10 (paso 3),
    /// CAL 1..=10 (paso 4).
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        let (k, n) = ("transport", self.name.as_str());
        positive(k, n, "ENE", self.ene)?;
        positive(k, n, "MOV", self.mov)?;
        in_range(k, n, "DEF", self.def, 1, 10)?;
        in_range(k, n, "CAL", self.quality, 1, 10)?;
        validate_traits(k, n, &self.traits)?;
        if self.weapons.len() > crate::creation::archetype::MAX_MOUNTED {
            return Err(ArchetypeError::new(
                k,
                n,
                format!(
                    "{} weapons mounted; at most {} (CREACIÓN DE TRANSPORTES, paso 5)",
                    self.weapons.len(),
                    crate::creation::archetype::MAX_MOUNTED
                ),
            ));
        }
        self.weapons.iter().try_for_each(Weapon::validate)?;
        self.protections.iter().try_for_each(Protection::validate)?;
        // Paso 5's objects and invocations, each by its own creation section; the error names
        // the entry (`objects[0]`, `invocations[1]`).
        let nested =
            |field: String, e: ArchetypeError| ArchetypeError::new(k, n, format!("{field}: {e}"));
        for (i, o) in self.objects.iter().enumerate() {
            o.validate_on(true)
                .map_err(|e| nested(format!("objects[{i}]"), e))?;
        }
        for (i, m) in self.invocations.iter().enumerate() {
            m.validate_on(true)
                .map_err(|e| nested(format!("invocations[{i}]"), e))?;
            // «invocaciones»: a meta-ability of the Invocación kind (its trait, CH INT).
            use crate::creation::effect::{Effect, Stat};
            let kind = m
                .traits
                .iter()
                .any(|t| t.effects().any(|e| e == Effect::MetaKind(Stat::Int)));
            if !kind {
                return Err(nested(
                    format!("invocations[{i}]"),
                    ArchetypeError::new(
                        "meta_ability",
                        &m.name,
                        "no trait Invocación (CREACIÓN DE TRANSPORTES, paso 5: invocaciones)",
                    ),
                ));
            }
        }
        Ok(())
    }
}
