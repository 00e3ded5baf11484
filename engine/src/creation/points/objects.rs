//! The points of meta-abilities (CREACIÓN DE METAHABILIDADES: ALC, CAL, ENE) and objects
//! (CREACIÓN DE OBJETOS: ALC, CAL, ENE), and the ranges each step allows — also when they are
//! equipped on a transport (CREACIÓN DE TRANSPORTES, paso 5: objetos, invocaciones).

use super::{in_range, positive, traits_cost, validate_traits_on, ArchetypeError};
use crate::creation::archetype::{MetaAbility, Object};

impl MetaAbility {
    /// CREACIÓN DE METAHABILIDADES, paso 5: ALC + CAL − ENE×3 + traits.
    pub fn cost(&self) -> i32 {
        self.range as i32 + self.quality as i32 - 3 * self.ene as i32 + traits_cost(&self.traits)
    }

    /// CREACIÓN DE METAHABILIDADES: ENE ≥ 1 (paso 1), CAL 1..=10 (paso 4).
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        self.validate_on(false)
    }

    /// [`MetaAbility::validate`], `on_transport` when it is an invocation equipped on one.
    pub(super) fn validate_on(&self, on_transport: bool) -> Result<(), ArchetypeError> {
        let (k, n) = ("meta_ability", self.name.as_str());
        positive(k, n, "ENE", self.ene)?;
        in_range(k, n, "CAL", self.quality, 1, 10)?;
        validate_traits_on(k, on_transport, n, &self.traits)
    }
}

impl Object {
    /// CREACIÓN DE OBJETOS, paso 5: ALC + CAL − ENE + traits.
    pub fn cost(&self) -> i32 {
        self.range as i32 + self.quality as i32 - self.ene as i32 + traits_cost(&self.traits)
    }

    /// CREACIÓN DE OBJETOS: ENE ≥ 1 (paso 1), CAL 1..=10 (paso 3).
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        self.validate_on(false)
    }

    /// [`Object::validate`], `on_transport` when it is equipped on one.
    pub(super) fn validate_on(&self, on_transport: bool) -> Result<(), ArchetypeError> {
        let (k, n) = ("object", self.name.as_str());
        positive(k, n, "ENE", self.ene)?;
        in_range(k, n, "CAL", self.quality, 1, 10)?;
        validate_traits_on(k, on_transport, n, &self.traits)
    }
}
