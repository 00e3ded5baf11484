//! Audit 26b: the least-tested BONUS Y MALUS traits («Maestro rúnico» … «Élite ultra») swept
//! clause by clause in play — for every clause no test pinned, an independent rule case
//! (a position, scripted dice, one action, the exact outcome). Fixtures: `build.rs`,
//! `traits/mod.rs` and `audit22_traits/mod.rs`.

use crate::audit22_traits::shot_at;
use crate::build::*;
use crate::traits::{contact, gun, with};

mod size;
