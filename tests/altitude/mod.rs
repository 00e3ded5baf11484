//! MOVIMIENTO / Alturas de movimiento and Relación entre alturas: terrain heights in position
//! files, the movement altitude of each character, line of sight and cover across heights,
//! who may act on whom, walking on one level and flying (RULES.md, "Alturas").
//!
//! By rule heading: `heights` (Alturas de movimiento and Relación entre alturas: the file
//! fields, sight, cover and who interacts with whom), `vertical` (Escalar to a top, Subir a un
//! alto, Dejarse caer, Salto between roofs), `flight` (Cambiar de altitud, Despegar / aterrizar,
//! Volar en altura 3).

use crate::build::*;
use engine::state::*;
use engine::{Setup, State};
use serde_json::{json, Value};

/// The setup of `setup_json` with terrain heights.
fn with_heights(board: &[String], heights: &[&str], a: &[C], b: &[C]) -> Value {
    let mut v = setup_json(board, a, b, 0, 10);
    v["board"]["heights"] = json!(heights);
    v
}

mod flight;
mod heights;
mod vertical;
