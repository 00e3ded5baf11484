//! Points (CREACIÓN DE PERSONAJES … LISTAS DE JUEGO): the cost of every archetype from the
//! rulebook tables, and the validation of the attribute ranges each creation section allows.

use crate::creation::archetype::{MetaAbility, Object, Protection, Race, Transport, Weapon};
use crate::creation::area_table::area_cost;
use crate::creation::effect::Param;
use crate::creation::traits::TraitRef;
use std::fmt;

/// LISTAS DE JUEGO: "El coste mínimo de cualquier personaje es de 10 puntos".
pub const MIN_CHARACTER_COST: i32 = 10;

/// CREACIÓN DE RAZAS, paso 3: points of an attribute value 1..=10.
pub const RACE_ATTR_COST: [i16; 10] = [-10, -5, 0, 5, 10, 20, 40, 80, 150, 300];

/// CREACIÓN DE RAZAS, paso 3: points of one attribute value; `None` outside 1..=10.
pub fn race_attr_cost(value: u8) -> Option<i16> {
    (1..=10)
        .contains(&value)
        .then(|| RACE_ATTR_COST[value as usize - 1])
}

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
    fn validate_on(&self, on_transport: bool) -> Result<(), ArchetypeError> {
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
    fn validate_on(&self, on_transport: bool) -> Result<(), ArchetypeError> {
        let (k, n) = ("object", self.name.as_str());
        positive(k, n, "ENE", self.ene)?;
        in_range(k, n, "CAL", self.quality, 1, 10)?;
        validate_traits_on(k, on_transport, n, &self.traits)
    }
}

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
mod tests {
    use super::*;

    fn t(s: &str) -> TraitRef {
        s.parse().unwrap()
    }

    fn race(con: u8, agi: u8, int: u8, vol: u8, traits: &[&str]) -> Race {
        Race {
            name: "Prueba".into(),
            con,
            agi,
            int,
            vol,
            mov: 1,
            traits: traits.iter().map(|s| t(s)).collect(),
        }
    }

    fn weapon(ene: u8, dmg: u8, range: u8, quality: u8, traits: &[&str]) -> Weapon {
        Weapon {
            name: "Espada".into(),
            ene,
            dmg,
            range,
            quality,
            noise: Default::default(),
            material: None,
            traits: traits.iter().map(|s| t(s)).collect(),
        }
    }

    fn protection(ene: u8, def: u8, size: u8, quality: u8) -> Protection {
        Protection {
            name: "Cota".into(),
            ene,
            def,
            size,
            quality,
            traits: vec![],
        }
    }

    #[test]
    fn weapon_table_spot_checks() {
        assert_eq!(weapon_table(1, 1), Some(8));
        assert_eq!(weapon_table(3, 2), Some(1));
        assert_eq!(weapon_table(10, 10), Some(48));
        assert_eq!(weapon_table(1, 7), None);
        assert_eq!(weapon_table(8, 1), None);
        assert_eq!(weapon_table(10, 3), None);
        assert_eq!(weapon_table(10, 4), Some(-929));
        assert_eq!(weapon_table(5, 10), Some(1548));
        assert_eq!(weapon_table(6, 5), Some(0));
        assert_eq!(weapon_table(0, 1), None);
        assert_eq!(weapon_table(1, 11), None);
    }

    #[test]
    fn race_costs() {
        // Humano 4/4/4/4: 5 + 5 + 5 + 5 = 20.
        assert_eq!(race(4, 4, 4, 4, &[]).cost(), 20);
        // 1/2/3/10: −10 − 5 + 0 + 300 = 285.
        assert_eq!(race(1, 2, 3, 10, &[]).cost(), 285);
        // 6/7/8/9 + Profesión arquero + Muy torpe: 20 + 40 + 80 + 150 + 10 − 10 = 290.
        assert_eq!(
            race(6, 7, 8, 9, &["Profesión arquero", "Muy torpe"]).cost(),
            290
        );
        // 4/4/4/5 + Estandarte: 5 + 5 + 5 + 10 + 30 = 55.
        assert_eq!(race(4, 4, 4, 5, &["Estandarte"]).cost(), 55);
    }

    #[test]
    fn weapon_costs() {
        // ENE 1 DAÑ 1 ALC 0 CAL 2: 8 + 0 + 2 = 10.
        assert_eq!(weapon(1, 1, 0, 2, &[]).cost(), 10);
        // ENE 2 DAÑ 2 ALC 8 CAL 4 + Cargadores (6): 11 + 8 + 4 − 5 = 18.
        assert_eq!(weapon(2, 2, 8, 4, &["Cargadores (6)"]).cost(), 18);
        // ENE 3 DAÑ 3 ALC 0 CAL 4 + Afilada: 13 + 0 + 4 + 5 = 22.
        assert_eq!(weapon(3, 3, 0, 4, &["Afilada"]).cost(), 22);
        // ENE 7 DAÑ 2 ALC 10 CAL 1 + Área (R3): −300 + 10 + 1 + 7 = −282.
        assert_eq!(weapon(7, 2, 10, 1, &["Área (R3)"]).cost(), -282);
        // The same + Área despreciable: the area costs 0, the trait 3: −300 + 10 + 1 + 0 + 3.
        let w = weapon(7, 2, 10, 1, &["Área (R3)", "Área despreciable"]);
        assert_eq!(w.cost(), -286);
    }

    #[test]
    fn other_archetype_costs() {
        // Protection ENE 3 DEF 4 TAL 4 CAL 5 + Baño de acero: 12 + 4 + 5 − 3 + 15 = 33.
        let mut p = protection(3, 4, 4, 5);
        p.traits.push(t("Baño de acero"));
        assert_eq!(p.cost(), 33);
        // Piel ENE 0 DEF 1 TAL 0 CAL 1: 3 + 0 + 1 − 0 = 4.
        assert_eq!(protection(0, 1, 0, 1).cost(), 4);
        // Meta ENE 3 ALC 10 CAL 5 + Invocación: 10 + 5 − 9 + 7 = 13.
        let m = MetaAbility {
            name: "Bola de fuego".into(),
            ene: 3,
            range: 10,
            quality: 5,
            traits: vec![t("Invocación")],
        };
        assert_eq!(m.cost(), 13);
        // Object ENE 3 ALC 1 CAL 3: 1 + 3 − 3 = 1.
        let o = Object {
            name: "Botiquín".into(),
            ene: 3,
            range: 1,
            quality: 3,
            traits: vec![],
            binds: false,
        };
        assert_eq!(o.cost(), 1);
        // Transport ENE 1 MOV 3 DEF 1 CAL 3 + Caballería: 3 + 3 + 3 − 1 + 5 = 13.
        let tr = Transport {
            name: "Caballo".into(),
            ene: 1,
            mov: 3,
            def: 1,
            quality: 3,
            traits: vec![t("Caballería")],
            weapons: vec![],
            protections: vec![],
            objects: vec![],
            invocations: vec![],
        };
        assert_eq!(tr.cost(), 13);
        // Paso 5, Equipo: a mounted weapon and a protection add their own costs (RULES.md,
        // Transportes: a transport's own equipment); the protection adds its DEF.
        let armed = Transport {
            weapons: vec![weapon(2, 3, 10, 3, &[])],
            protections: vec![protection(1, 1, 0, 2)],
            ..tr.clone()
        };
        let gear = weapon(2, 3, 10, 3, &[]).cost() + protection(1, 1, 0, 2).cost();
        assert_eq!(armed.cost(), 13 + gear);
        assert_eq!(armed.own_cost(), 13);
        assert_eq!(armed.total_def(), 2);
        // Paso 5's objects and invocations at their own costs too.
        let kit = Object {
            traits: vec![t("Anfibio")],
            ..o.clone()
        };
        let spirit = m.clone();
        let full = Transport {
            objects: vec![kit.clone()],
            invocations: vec![spirit.clone()],
            ..armed.clone()
        };
        assert_eq!(full.cost(), armed.cost() + kit.cost() + spirit.cost());
        assert!(full.validate().is_ok());
        let e = err_of(
            Transport {
                invocations: vec![MetaAbility {
                    traits: vec![],
                    ..spirit
                }],
                ..armed.clone()
            }
            .validate(),
        );
        assert!(
            e.contains("invocations[0]") && e.contains("no trait Invocación"),
            "{e}"
        );
        // Levelled trait: Escudo de energía (4) on a protection ENE 1 DEF 1 TAL 0 CAL 2:
        // 3 + 0 + 2 − 1 + 5×4 = 24.
        let mut s = protection(1, 1, 0, 2);
        s.traits.push(t("Escudo de energía (4)"));
        assert_eq!(s.cost(), 24);
    }

    fn err_of(r: Result<(), ArchetypeError>) -> String {
        r.unwrap_err().to_string()
    }

    #[test]
    fn race_validation() {
        let e = err_of(race(11, 4, 4, 4, &[]).validate());
        assert_eq!(
            e,
            "race \"Prueba\": CON 11 outside 1..=10 (CREACIÓN DE RAZAS, paso 1)"
        );
        assert!(err_of(race(4, 0, 4, 4, &[]).validate()).contains("AGI 0 outside 1..=10"));
        assert!(err_of(race(4, 4, 0, 4, &[]).validate()).contains("INT 0"));
        assert!(err_of(race(4, 4, 4, 12, &[]).validate()).contains("VOL 12"));
        let mut r = race(4, 4, 4, 4, &[]);
        r.mov = 0;
        let e = r.validate().unwrap_err();
        assert_eq!(
            (e.kind, e.archetype.as_str(), e.rule.as_str()),
            ("race", "Prueba", "MOV 0 < 1")
        );
        assert!(race(4, 4, 4, 4, &[]).validate().is_ok());
        assert!(race(1, 10, 1, 10, &[]).validate().is_ok());
    }

    #[test]
    fn weapon_validation() {
        let e = err_of(weapon(2, 2, 12, 4, &[]).validate());
        assert_eq!(
            e,
            "weapon \"Espada\": ALC 12 > 5×DAÑ (10) (CREACIÓN DE ARMAS, paso 2)"
        );
        assert!(weapon(2, 2, 10, 4, &[]).validate().is_ok());
        let e = err_of(weapon(1, 7, 0, 4, &[]).validate());
        assert_eq!(
            e,
            "weapon \"Espada\": ENE 1 × DAÑ 7 is an x cell of the weapon table \
             (CREACIÓN DE ARMAS, paso 1)"
        );
        assert!(err_of(weapon(0, 1, 0, 4, &[]).validate()).contains("ENE 0 outside 1..=10"));
        assert!(err_of(weapon(11, 1, 0, 4, &[]).validate()).contains("ENE 11 outside 1..=10"));
        assert!(err_of(weapon(1, 0, 0, 4, &[]).validate()).contains("DAÑ 0 outside 1..=10"));
        let e = err_of(weapon(1, 1, 0, 0, &[]).validate());
        assert_eq!(
            e,
            "weapon \"Espada\": CAL 0 outside 1..=10 (CREACIÓN DE ARMAS, paso 3)"
        );
        assert!(err_of(weapon(1, 1, 0, 11, &[]).validate()).contains("CAL 11"));
    }

    #[test]
    fn protection_validation() {
        assert!(protection(0, 1, 0, 1).validate().is_ok());
        let e = err_of(protection(1, 0, 4, 3).validate());
        assert_eq!(
            e,
            "protection \"Cota\": DEF 0 outside 1..=10 (CREACIÓN DE PROTECCIONES, paso 2)"
        );
        assert!(err_of(protection(1, 11, 4, 3).validate()).contains("DEF 11"));
        assert!(err_of(protection(1, 2, 11, 3).validate()).contains("TAL 11 outside 0..=10"));
        assert!(err_of(protection(1, 2, 4, 0).validate()).contains("CAL 0 outside 1..=10"));
    }

    #[test]
    fn meta_object_transport_validation() {
        let mut m = MetaAbility {
            name: "Dominar".into(),
            ene: 0,
            range: 5,
            quality: 4,
            traits: vec![],
        };
        assert_eq!(
            err_of(m.validate()),
            "meta_ability \"Dominar\": ENE 0 < 1 (CREACIÓN DE METAHABILIDADES, paso 1)"
        );
        m.ene = 3;
        m.quality = 11;
        assert!(err_of(m.validate()).contains("CAL 11 outside 1..=10"));
        m.quality = 4;
        assert!(m.validate().is_ok());

        let mut o = Object {
            name: "Botiquín".into(),
            ene: 0,
            range: 1,
            quality: 3,
            traits: vec![],
            binds: false,
        };
        assert_eq!(
            err_of(o.validate()),
            "object \"Botiquín\": ENE 0 < 1 (CREACIÓN DE OBJETOS, paso 1)"
        );
        o.ene = 3;
        o.quality = 0;
        assert!(err_of(o.validate()).contains("CAL 0"));
        o.quality = 3;
        assert!(o.validate().is_ok());

        let ok = Transport {
            name: "Caballo".into(),
            ene: 1,
            mov: 3,
            def: 1,
            quality: 3,
            traits: vec![],
            weapons: vec![],
            protections: vec![],
            objects: vec![],
            invocations: vec![],
        };
        assert!(ok.validate().is_ok());
        let e = err_of(
            Transport {
                weapons: vec![weapon(2, 3, 10, 3, &[]); 5],
                ..ok.clone()
            }
            .validate(),
        );
        assert!(e.contains("5 weapons mounted; at most 4"), "{e}");
        let e = err_of(
            Transport {
                ene: 0,
                ..ok.clone()
            }
            .validate(),
        );
        assert_eq!(
            e,
            "transport \"Caballo\": ENE 0 < 1 (CREACIÓN DE TRANSPORTES, paso 1)"
        );
        let e = err_of(
            Transport {
                mov: 0,
                ..ok.clone()
            }
            .validate(),
        );
        assert_eq!(
            e,
            "transport \"Caballo\": MOV 0 < 1 (CREACIÓN DE TRANSPORTES, paso 2)"
        );
        let e = err_of(
            Transport {
                def: 0,
                ..ok.clone()
            }
            .validate(),
        );
        assert!(e.contains("DEF 0 outside 1..=10"), "{e}");
        let e = err_of(Transport { quality: 11, ..ok }.validate());
        assert!(e.contains("CAL 11 outside 1..=10"), "{e}");
    }

    #[test]
    fn trait_level_validation() {
        let mut p = protection(1, 1, 0, 2);
        p.traits.push(t("Escudo de energía (11)"));
        assert_eq!(
            err_of(p.validate()),
            "protection \"Cota\": trait Escudo de energía level 11 outside 1..=10 (BONUS Y MALUS)"
        );
        p.traits[0] = t("Escudo de energía");
        assert!(err_of(p.validate()).contains("level 0 outside 1..=10"));
        p.traits[0] = t("Escudo de energía (10)");
        assert!(p.validate().is_ok());
        let mut w = weapon(1, 1, 0, 2, &["Área (R3)"]);
        assert!(w.validate().is_ok());
        w.traits[0].text = Some("R99".into());
        assert!(err_of(w.validate()).contains("not in the area table"));
    }
}
