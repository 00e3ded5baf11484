//! The points of a race (CREACIÓN DE RAZAS, paso 3: the table of attribute values) and the
//! ranges of its attributes (paso 1) — what a character's own body costs.

use super::{in_range, positive, traits_cost, validate_traits, ArchetypeError};
use crate::creation::archetype::Race;

/// CREACIÓN DE RAZAS, paso 3: points of an attribute value 1..=10.
pub const RACE_ATTR_COST: [i16; 10] = [-10, -5, 0, 5, 10, 20, 40, 80, 150, 300];

/// CREACIÓN DE RAZAS, paso 3: points of one attribute value; `None` outside 1..=10.
pub fn race_attr_cost(value: u8) -> Option<i16> {
    (1..=10)
        .contains(&value)
        .then(|| RACE_ATTR_COST[value as usize - 1])
}

impl Race {
    /// CREACIÓN DE RAZAS, paso 3: table value of CON, AGI, INT and VOL + traits.
    pub fn cost(&self) -> i32 {
        [self.con, self.agi, self.int, self.vol]
            .iter()
            .map(|&v| race_attr_cost(v).unwrap_or(0) as i32)
            .sum::<i32>()
            + traits_cost(&self.traits)
    }

    /// CREACIÓN DE RAZAS, paso 1: every attribute 1..=10; natural MOV ≥ 1.
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        let (k, n) = ("race", self.name.as_str());
        in_range(k, n, "CON", self.con, 1, 10)?;
        in_range(k, n, "AGI", self.agi, 1, 10)?;
        in_range(k, n, "INT", self.int, 1, 10)?;
        in_range(k, n, "VOL", self.vol, 1, 10)?;
        positive(k, n, "MOV", self.mov)?;
        validate_traits(k, n, &self.traits)
    }
}
