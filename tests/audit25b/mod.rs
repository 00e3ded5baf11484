//! Audit 25b: the leftovers of audit 24 (Mecha, Mega armadura, Devora almas after a
//! meta-ability kill in contact, Anónimo against a meta-ability at range, Arma de francotirador
//! on the character, Munición reforzada in melee, Escalar / Subir a un alto / Dejarse caer
//! crouched, Saltador's harmless drop), CREACIÓN DE TRANSPORTES in play and CREACIÓN DE ARMAS
//! in play, swept clause by clause — for every clause no test pinned, an independent rule case
//! (a position, scripted dice, one action, the exact outcome), and the engine fixed where it
//! disagreed (RULES.md, "Audit 25b"). Fixtures: `build.rs`, `traits/mod.rs`,
//! `audit22_traits/mod.rs`, `transport.rs`.

use crate::audit22_traits::{shot_at, tough};
use crate::build::*;
use crate::traits::{contact, gun, range, with};

mod leftovers;
mod transports;
mod weapons;
