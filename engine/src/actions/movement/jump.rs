//! Salto de longitud's reach and cost (ACCIONES DE MOVIMIENTO: Salto), shared by the jump over
//! water and gaps (`special`) and the jumps between rooftops (`rooftop`).

use crate::basics::action::CharIdx;
use crate::creation::effect::Effect;
use crate::state::State;

/// Salto de longitud (3, AGI).
pub const JUMP_COST: i8 = 3;

/// How many kliks a Salto de longitud covers: «AGI <= 3, … MOV. AGI <= 5, … MOVx2. AGI <= 7,
/// … MOVx3. AGI > 7, … MOVx4».
pub fn jump_length(st: &State, who: CharIdx) -> u8 {
    let info = st.info(who);
    let mult = match info.agi {
        0..=3 => 1,
        4..=5 => 2,
        6..=7 => 3,
        _ => 4,
    };
    // Saltador: «Distancia de saltos +2 K».
    let extra = info
        .effects
        .iter()
        .map(|e| match e {
            Effect::Jumper(k) => *k,
            _ => 0,
        })
        .sum::<u8>();
    st.mov(who).saturating_mul(mult).saturating_add(extra)
}
