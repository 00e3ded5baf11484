//! Ambiente hostil (seed 003, adapted; RULES.md, ENTORNO / Ambiente hostil): a hostile zone as
//! data — where it lies (squares, or a circular template), its hostility level and the kind of
//! harm it does — and the mapping of the seed's d20 tables onto Wartime's dice.
//!
//! Pure data and geometry (it needs only `basics`), so the shared part of a game
//! (`state::Static`) can hold zones while the rule that reads them
//! (`environment::hostile`) sits above the state.
//!
//! The seed triggers on natural d20 results: 20 / 19–20 / 18+ / 17+ / 16+ / 14+, that is 5, 10,
//! 15, 20, 25 and 35 %. A d10 face is 10 %, so the odd halves take a second die: a level
//! triggers on its whole faces, and on its half face when a confirming 1D10 shows 6–10. Every
//! level then triggers exactly as often as in the seed. The per-turn tables (Nivel de hostilidad
//! variable) are rolled on 1D100 (CONCEPTOS BÁSICOS, Probabilidad) with the seed's d20 bands
//! scaled by 5, also exact.

use crate::basics::area::{Coverage, Template};
use crate::basics::geom::Pos;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Most hostile zones in one position (a bit per zone in the square masks).
pub const MAX_ZONES: usize = 8;

/// Nivel de hostilidad: which natural results of a check made in the zone trigger it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Inseguro: a d20 of 20 (5 %): a 10 confirmed.
    Inseguro,
    /// Adverso: 19–20 (10 %): a 10.
    Adverso,
    /// Peligroso: 18+ (15 %): a 10, or a 9 confirmed.
    Peligroso,
    /// Agresivo: 17+ (20 %): 9–10.
    Agresivo,
    /// Letal: 16+ (25 %): 9–10, or an 8 confirmed.
    Letal,
    /// Salvaje: 14+ (35 %): 8–10, or a 7 confirmed.
    Salvaje,
    /// Nivel de hostilidad variable: rolled before each turn (1D100, [`Level::from_d100`]).
    Variable,
}

impl Level {
    /// The lowest face that triggers outright, and the face that triggers when confirmed (a
    /// second 1D10 of 6–10). `None` for [`Level::Variable`] (not a level until rolled).
    pub fn faces(self) -> Option<(u8, Option<u8>)> {
        Some(match self {
            Level::Inseguro => (11, Some(10)),
            Level::Adverso => (10, None),
            Level::Peligroso => (10, Some(9)),
            Level::Agresivo => (9, None),
            Level::Letal => (9, Some(8)),
            Level::Salvaje => (8, Some(7)),
            Level::Variable => return None,
        })
    }

    /// The chance, in %, that one check triggers the zone (the seed's d20 figure).
    pub fn percent(self) -> u8 {
        match self.faces() {
            Some((full, half)) => (11 - full) * 10 + if half.is_some() { 5 } else { 0 },
            None => 0,
        }
    }

    /// The seed's Tabla de nivel de hostilidad on 1D100 (its d20 bands × 5): 1–25 Inseguro,
    /// 26–50 Adverso, 51–70 Peligroso, 71–85 Agresivo, 86–95 Letal, 96–100 Salvaje.
    pub fn from_d100(r: u8) -> Level {
        match r {
            0..=25 => Level::Inseguro,
            26..=50 => Level::Adverso,
            51..=70 => Level::Peligroso,
            71..=85 => Level::Agresivo,
            86..=95 => Level::Letal,
            _ => Level::Salvaje,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = serde_json::to_value(self).ok();
        write!(f, "{}", s.as_ref().and_then(|v| v.as_str()).unwrap_or("?"))
    }
}

/// Tipo de daño ambiental: what a triggered zone does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Harm {
    /// FIS / IMM-1: a CH CON, or immobilised until the start of its next activation.
    Con,
    /// FIS−3 / IMM-1: the same CH CON made difícil (−1, Wartime's smallest step).
    ConHard,
    /// BLI / PB against a DAÑ: `checks` CH DEF (2 for BLI + PB and for the special-ammunition
    /// row), each against `dmg`, without cover.
    Def {
        /// The DAÑ (the seed's 10, 11, 12, 13 → 1, 2, 3, 4).
        dmg: u8,
        /// How many CH DEF (1 or 2).
        #[serde(default = "one", skip_serializing_if = "is_one")]
        checks: u8,
    },
    /// Rolled before each turn (1D100, [`Harm::from_d100`]).
    Variable,
}

fn one() -> u8 {
    1
}

fn is_one(v: &u8) -> bool {
    *v == 1
}

impl Harm {
    /// The seed's Tabla de tipo de daño ambiental on 1D100 (its d20 bands × 5): 1–15 FIS, 16–30
    /// FIS−3, 31–50 DAÑ 1, 51–70 DAÑ 2, 71–75 DAÑ 2 twice (BLI + PB), 76–90 DAÑ 3, 91–95 DAÑ 3
    /// twice (DA / DT), 96–100 DAÑ 4.
    pub fn from_d100(r: u8) -> Harm {
        let def = |dmg, checks| Harm::Def { dmg, checks };
        match r {
            0..=15 => Harm::Con,
            16..=30 => Harm::ConHard,
            31..=50 => def(1, 1),
            51..=70 => def(2, 1),
            71..=75 => def(2, 2),
            76..=90 => def(3, 1),
            91..=95 => def(3, 2),
            _ => def(4, 1),
        }
    }
}

impl fmt::Display for Harm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Harm::Con => write!(f, "CH CON or immobilised"),
            Harm::ConHard => write!(f, "CH CON D or immobilised"),
            Harm::Def { dmg, checks: 1 } => write!(f, "DAÑ {dmg}"),
            Harm::Def { dmg, checks } => write!(f, "DAÑ {dmg} ×{checks}"),
            Harm::Variable => write!(f, "variable"),
        }
    }
}

/// A circular template (Plantilla circular) on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Circle {
    /// The centre square `[x, y]`.
    pub at: [i16; 2],
    /// The diameter in K (an R template).
    pub diameter: i16,
}

/// This turn's level and harm of a zone (its own, or rolled when variable).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rolled {
    /// The level.
    pub level: Level,
    /// The harm.
    pub harm: Harm,
}

/// A hostile zone as a position file gives it (POSITIONS.md, `hostile`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneSetup {
    /// Display name (default `Z1`, `Z2`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The squares `[x, y]` it covers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<[i16; 2]>,
    /// Or a circular template.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circle: Option<Circle>,
    /// The hostility level.
    pub level: Level,
    /// The harm.
    pub harm: Harm,
    /// A variable zone's roll for the current turn (written once the turn's initiative is
    /// rolled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<Rolled>,
}

/// A validated hostile zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// Display name.
    pub name: String,
    /// As given (saved back).
    pub setup: ZoneSetup,
    /// The squares it covers, in row order.
    pub squares: Vec<Pos>,
    /// One byte per board square: 2 on the zone, 1 in base contact with it, 0 elsewhere.
    pub reach: Vec<u8>,
    /// Its level (may be [`Level::Variable`]).
    pub level: Level,
    /// Its harm (may be [`Harm::Variable`]).
    pub harm: Harm,
}

impl Zone {
    /// Validates a zone of a `w` × `h` board; `field` names it in errors. Out of the board, a
    /// size below 1, both or neither of squares and circle, a DAÑ or a CH count out of range:
    /// one error naming the part.
    pub fn build(z: &ZoneSetup, k: usize, w: u8, h: u8, field: &str) -> Result<Zone, String> {
        let on = |x: i16, y: i16| x >= 0 && y >= 0 && x < w as i16 && y < h as i16;
        let mut squares = Vec::new();
        match (&z.circle, z.squares.is_empty()) {
            (Some(_), false) => return Err(format!("{field}: give squares or a circle, not both")),
            (None, true) => return Err(format!("{field}: needs squares or a circle")),
            (None, false) => {
                for (n, &[x, y]) in z.squares.iter().enumerate() {
                    if !on(x, y) {
                        return Err(format!("{field}.squares[{n}]: [{x}, {y}] is off the board"));
                    }
                    squares.push(Pos::new(x as u8, y as u8));
                }
                squares.sort_by_key(|p| (p.y, p.x));
                squares.dedup();
            }
            (Some(c), true) => {
                let [x, y] = c.at;
                if c.diameter < 1 {
                    return Err(format!(
                        "{field}.circle.diameter: {} — a size must be at least 1",
                        c.diameter
                    ));
                }
                if c.diameter > 255 {
                    return Err(format!(
                        "{field}.circle.diameter: {} is over 255",
                        c.diameter
                    ));
                }
                if !on(x, y) {
                    return Err(format!("{field}.circle.at: [{x}, {y}] is off the board"));
                }
                let t = Template::round(c.diameter as u8, Pos::new(x as u8, y as u8));
                squares = t
                    .squares(w, h)
                    .into_iter()
                    .filter(|(_, cov)| *cov != Coverage::None)
                    .map(|(p, _)| p)
                    .collect();
            }
        }
        for (part, harm) in [
            ("harm", Some(z.harm)),
            ("rolled.harm", z.rolled.map(|r| r.harm)),
        ] {
            if let Some(Harm::Def { dmg, checks }) = harm {
                if dmg == 0 || dmg > 10 {
                    return Err(format!("{field}.{part}: DAÑ {dmg} — from 1 to 10"));
                }
                if !(1..=2).contains(&checks) {
                    return Err(format!("{field}.{part}: checks {checks} — 1 or 2"));
                }
            }
        }
        if let Some(r) = z.rolled {
            if z.level != Level::Variable && z.harm != Harm::Variable {
                return Err(format!("{field}.rolled: only a variable zone is rolled"));
            }
            if r.level == Level::Variable || r.harm == Harm::Variable {
                return Err(format!(
                    "{field}.rolled: a roll is a level and a harm, not variable"
                ));
            }
        }
        let mut reach = vec![0u8; w as usize * h as usize];
        let idx = |p: Pos| p.y as usize * w as usize + p.x as usize;
        for &p in &squares {
            for dy in -1i16..=1 {
                for dx in -1i16..=1 {
                    let (x, y) = (p.x as i16 + dx, p.y as i16 + dy);
                    if on(x, y) {
                        let i = idx(Pos::new(x as u8, y as u8));
                        reach[i] = reach[i].max(1);
                    }
                }
            }
        }
        for &p in &squares {
            reach[idx(p)] = 2;
        }
        Ok(Zone {
            name: z.name.clone().unwrap_or_else(|| format!("Z{}", k + 1)),
            setup: z.clone(),
            squares,
            reach,
            level: z.level,
            harm: z.harm,
        })
    }

    /// Whether a base on `p` is in the zone or in contact with it (index `i` of a board row-major
    /// with width `w`).
    pub fn touches(&self, p: Pos, w: u8) -> bool {
        self.reach
            .get(p.y as usize * w as usize + p.x as usize)
            .is_some_and(|&r| r > 0)
    }

    /// Whether the square is one of the zone's own.
    pub fn covers(&self, p: Pos, w: u8) -> bool {
        self.reach
            .get(p.y as usize * w as usize + p.x as usize)
            .is_some_and(|&r| r == 2)
    }

    /// This zone's fixed level and harm, or `None` for a variable part before its roll.
    pub fn fixed(&self) -> Option<Rolled> {
        (self.level != Level::Variable && self.harm != Harm::Variable).then_some(Rolled {
            level: self.level,
            harm: self.harm,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_trigger_as_often_as_the_seeds_d20() {
        let pct: Vec<u8> = [
            Level::Inseguro,
            Level::Adverso,
            Level::Peligroso,
            Level::Agresivo,
            Level::Letal,
            Level::Salvaje,
        ]
        .iter()
        .map(|l| l.percent())
        .collect();
        assert_eq!(pct, vec![5, 10, 15, 20, 25, 35]);
    }

    #[test]
    fn d100_tables_keep_the_d20_bands() {
        let count = |l: Level| (1..=100).filter(|&r| Level::from_d100(r) == l).count();
        assert_eq!(count(Level::Inseguro), 25);
        assert_eq!(count(Level::Salvaje), 5);
        let h = |h: Harm| (1..=100).filter(|&r| Harm::from_d100(r) == h).count();
        assert_eq!(h(Harm::Con), 15);
        assert_eq!(h(Harm::Def { dmg: 2, checks: 2 }), 5);
        assert_eq!(h(Harm::Def { dmg: 4, checks: 1 }), 5);
    }

    #[test]
    fn bad_zones_name_the_part() {
        let z = |s: &str| serde_json::from_str::<ZoneSetup>(s).unwrap();
        let e = Zone::build(
            &z(r#"{"squares": [[1,1],[9,1]], "level": "letal", "harm": "con"}"#),
            0,
            8,
            8,
            "hostile[0]",
        )
        .unwrap_err();
        assert_eq!(e, "hostile[0].squares[1]: [9, 1] is off the board");
        let e = Zone::build(
            &z(r#"{"circle": {"at": [3,3], "diameter": -2}, "level": "letal", "harm": "con"}"#),
            0,
            8,
            8,
            "hostile[0]",
        )
        .unwrap_err();
        assert!(e.starts_with("hostile[0].circle.diameter: -2"), "{e}");
        let ok = Zone::build(
            &z(r#"{"circle": {"at": [3,3], "diameter": 3}, "level": "letal", "harm": "con"}"#),
            0,
            8,
            8,
            "hostile[0]",
        )
        .unwrap();
        assert!(ok.covers(Pos::new(3, 3), 8) && ok.touches(Pos::new(5, 3), 8));
        assert!(!ok.touches(Pos::new(6, 3), 8));
    }
}
