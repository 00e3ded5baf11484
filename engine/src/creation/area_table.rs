//! CREACIÓN DE ARMAS / FORMA DEL ÁREA: the rulebook's table of area codes (R, L, S, G) and
//! their points. A table of its own because both the points of an archetype and the trait
//! catalogue (the Área bonus carries a code) read it.

/// The area table (FORMA DEL ÁREA): code → points.
const AREA_TABLE: &[(&str, i16)] = &[
    ("R1", 1),
    ("R2", 3),
    ("R3", 7),
    ("R4", 13),
    ("R5", 20),
    ("R6", 28),
    ("R7", 38),
    ("R8", 50),
    ("R9", 64),
    ("R10", 79),
    ("L1", 3),
    ("L2", 6),
    ("L3", 9),
    ("L4", 12),
    ("L5", 15),
    ("L6", 18),
    ("L7", 21),
    ("L8", 24),
    ("L9", 27),
    ("L10", 30),
    ("L12", 36),
    ("L15", 45),
    ("L20", 60),
    ("S1", 3),
    ("S2", 6),
    ("S3", 9),
    ("S4", 12),
    ("S5", 15),
    ("S6", 18),
    ("S7", 21),
    ("S8", 24),
    ("S9", 27),
    ("S10", 30),
    ("G3/2", 12),
    ("G3/3", 16),
    ("G4/2", 15),
    ("G4/3", 19),
    ("G4/4", 25),
    ("G5/2", 18),
    ("G5/3", 22),
    ("G5/4", 28),
    ("G6/2", 21),
    ("G6/3", 25),
    ("G6/4", 31),
    ("G7/2", 24),
    ("G7/3", 28),
    ("G7/4", 34),
];

/// FORMA DEL ÁREA: the points of an area code (`R3`, `L20`, `S5`, `G7/4`; case-insensitive);
/// `None` if the table has no such area.
pub fn area_cost(code: &str) -> Option<i16> {
    let code = code.trim();
    AREA_TABLE
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map(|&(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area_costs() {
        assert_eq!(area_cost("R3"), Some(7));
        assert_eq!(area_cost("G7/4"), Some(34));
        assert_eq!(area_cost("L20"), Some(60));
        assert_eq!(area_cost("r10"), Some(79));
        assert_eq!(area_cost("S10"), Some(30));
        assert_eq!(area_cost("G4/4"), Some(25));
        assert_eq!(area_cost("L11"), None);
        assert_eq!(area_cost("G7/5"), None);
        assert_eq!(AREA_TABLE.len(), 10 + 13 + 10 + 14);
    }
}
