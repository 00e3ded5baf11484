//! How a game is scored and won (LISTAS DE JUEGO; the scenario's objectives): casualty points,
//! objective holders, annihilation and the result of a finished game.

use crate::basics::geom::{Pos, Side};
use crate::scenario::Objective;
use crate::state::State;

/// Casualty points: the points of the characters of `victim` that are casualties
/// (incapacitated, dead or unconscious).
pub fn casualty_points(st: &State, victim: Side) -> i32 {
    st.indices()
        .filter(|&i| {
            st.home_side(i) == victim && st.casualty(i) && !st.ch(i).has(crate::state::OFF_TABLE)
        })
        .map(|i| st.info(i).cost)
        .sum()
}

/// The score of a side: casualty points inflicted on the enemy plus objective points.
pub fn score(st: &State, side: Side) -> i32 {
    casualty_points(st, side.other()) + st.objective_points(side)
}

/// Whether a side has no able character left (annihilation).
pub fn annihilated(st: &State, side: Side) -> bool {
    !st.indices().any(|i| st.home_side(i) == side && st.able(i))
}

/// Who holds an objective square at this moment: the only side with an able character on it
/// or in base contact with it (RULES.md, "Objectives").
pub fn holder(st: &State, o: &Objective) -> Option<Side> {
    let p = Pos::new(o.x, o.y);
    let mut present = [false; 2];
    for i in st.indices() {
        // Animal: «No puede reclamar puntos».
        if st.able(i)
            && st.ch(i).pos.dist(p) <= 1
            && !st
                .info(i)
                .effects
                .contains(&crate::creation::effect::Effect::Animal)
        {
            present[st.side_of(i).index()] = true;
        }
    }
    match present {
        [true, false] => Some(Side::A),
        [false, true] => Some(Side::B),
        _ => None,
    }
}

/// The result for `side` of a finished game: 1 win, 0.5 draw, 0 loss. Annihilation decides
/// first; otherwise the higher score wins.
pub fn result(st: &State, side: Side) -> f32 {
    let (ka, kb) = (annihilated(st, Side::A), annihilated(st, Side::B));
    let a_wins = match (ka, kb) {
        (true, false) => Some(false),
        (false, true) => Some(true),
        _ => {
            let (sa, sb) = (score(st, Side::A), score(st, Side::B));
            if sa == sb {
                None
            } else {
                Some(sa > sb)
            }
        }
    };
    match a_wins {
        None => 0.5,
        Some(a) => {
            if a == (side == Side::A) {
                1.0
            } else {
                0.0
            }
        }
    }
}
