//! The points of weapons (CREACIÓN DE ARMAS: the ENE × DAÑ table, ALC, CAL) and protections
//! (CREACIÓN DE PROTECCIONES: DEF, TAL, CAL, ENE), and the ranges each step allows.

use super::{in_range, traits_cost, validate_traits, ArchetypeError};
use crate::creation::archetype::{Protection, Weapon};

const X: Option<i16> = None;

/// CREACIÓN DE ARMAS, paso 1: the ENE × DAÑ table, `WEAPON_TABLE[ene - 1][dmg - 1]`; `None` is an
/// "x" cell (an illegal combination).
pub const WEAPON_TABLE: [[Option<i16>; 10]; 10] = {
    const fn s(v: i16) -> Option<i16> {
        Some(v)
    }
    [
        [s(8), s(21), s(52), s(125), s(302), s(729), X, X, X, X],
        [s(-5), s(11), s(26), s(63), s(151), s(365), s(880), X, X, X],
        [
            s(-15),
            s(1),
            s(13),
            s(31),
            s(76),
            s(182),
            s(440),
            s(1062),
            X,
            X,
        ],
        [
            s(-35),
            s(-20),
            s(1),
            s(16),
            s(38),
            s(91),
            s(220),
            s(531),
            s(1282),
            X,
        ],
        [
            s(-75),
            s(-60),
            s(-25),
            s(1),
            s(19),
            s(46),
            s(110),
            s(266),
            s(641),
            s(1548),
        ],
        [
            s(-155),
            s(-140),
            s(-75),
            s(-29),
            s(0),
            s(23),
            s(55),
            s(133),
            s(321),
            s(774),
        ],
        [
            s(-315),
            s(-300),
            s(-175),
            s(-89),
            s(-38),
            s(1),
            s(28),
            s(66),
            s(160),
            s(387),
        ],
        [
            X,
            s(-620),
            s(-375),
            s(-209),
            s(-114),
            s(-43),
            s(2),
            s(33),
            s(80),
            s(193),
        ],
        [
            X,
            X,
            s(-775),
            s(-449),
            s(-266),
            s(-131),
            s(-51),
            s(1),
            s(40),
            s(97),
        ],
        [
            X,
            X,
            X,
            s(-929),
            s(-570),
            s(-307),
            s(-155),
            s(-63),
            s(2),
            s(48),
        ],
    ]
};

/// CREACIÓN DE ARMAS, paso 1: the table value of ENE × DAÑ; `None` for an "x" cell or a value
/// outside 1..=10.
pub fn weapon_table(ene: u8, dmg: u8) -> Option<i16> {
    if !(1..=10).contains(&ene) || !(1..=10).contains(&dmg) {
        return None;
    }
    WEAPON_TABLE[ene as usize - 1][dmg as usize - 1]
}

impl Weapon {
    /// CREACIÓN DE ARMAS, paso 5: table value of ENE × DAÑ + ALC + CAL + traits.
    pub fn cost(&self) -> i32 {
        weapon_table(self.ene, self.dmg).unwrap_or(0) as i32
            + self.range as i32
            + self.quality as i32
            + traits_cost(&self.traits)
    }

    /// CREACIÓN DE ARMAS: ENE and DAÑ 1..=10 and not an "x" cell (paso 1), ALC ≤ 5×DAÑ
    /// (paso 2), CAL 1..=10 (paso 3).
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        let (k, n) = ("weapon", self.name.as_str());
        in_range(k, n, "ENE", self.ene, 1, 10)?;
        in_range(k, n, "DAÑ", self.dmg, 1, 10)?;
        if weapon_table(self.ene, self.dmg).is_none() {
            return Err(ArchetypeError::new(
                k,
                n,
                format!(
                    "ENE {} × DAÑ {} is an x cell of the weapon table",
                    self.ene, self.dmg
                ),
            ));
        }
        let max = 5 * self.dmg as u16;
        if self.range as u16 > max {
            return Err(ArchetypeError::new(
                k,
                n,
                format!("ALC {} > 5×DAÑ ({max})", self.range),
            ));
        }
        in_range(k, n, "CAL", self.quality, 1, 10)?;
        validate_traits(k, n, &self.traits)
    }
}

impl Protection {
    /// CREACIÓN DE PROTECCIONES, paso 6: DEF×3 + TAL + CAL − ENE + traits.
    pub fn cost(&self) -> i32 {
        3 * self.def as i32 + self.size as i32 + self.quality as i32 - self.ene as i32
            + traits_cost(&self.traits)
    }

    /// CREACIÓN DE PROTECCIONES: DEF 1..=10 (paso 2), TAL 0..=10 (paso 3), CAL 1..=10 (paso 4).
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        let (k, n) = ("protection", self.name.as_str());
        in_range(k, n, "DEF", self.def, 1, 10)?;
        in_range(k, n, "TAL", self.size, 0, 10)?;
        in_range(k, n, "CAL", self.quality, 1, 10)?;
        validate_traits(k, n, &self.traits)
    }
}
