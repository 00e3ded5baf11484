//! BONUS Y MALUS: the traits that change how a character walks on foot at altitude 1 —
//! **Levitador** («Flota en altura 1 a una altura de 1/2 K») and **Araña** («Puede mover por
//! paredes y techos como si terreno fácil»). Why a search of its own: the board's bit-parallel
//! search (`basics::board::reach`) is the hot path of every position and knows the terrain
//! only; these few characters take this plain breadth-first search instead (one byte read per
//! mover: `CharStatic::walk`), as the flyers take `altitude::flight_destinations`.
//!
//! Decisions (RULES.md, "Traits in play, share T"):
//! - Levitador floats ½ K over the ground: difficult and extreme terrain, chest-high obstacles
//!   (½ K), deep water and gaps are passed as easy ground (no surcharge); it ends only where a
//!   base stands at altitude 1 (not over water or a gap: a float is no footing the position
//!   files could hold); high obstacles, walls and a change of terrain height stop it as anyone.
//! - Incorpóreo, while incorporeal, passes low and high obstacles and walls as easy ground and
//!   ends only where a base may stand (never inside an obstacle or a wall).
//! - Araña walks up and down the faces of raised ground (any change of terrain height) and over
//!   high obstacles as over easy ground; it ends on any walkable square (a roof too), never on a
//!   high obstacle (its top is no floor); a wall (`#`, of no height: it has no top to reach) and
//!   a ceiling (the boards have none) give it nothing more.
//! - A giant (natural MOV ≥ 4: 4 K tall or more) passes a high obstacle (2 K, chest-high to
//!   it: MOVIMIENTO / Obstáculos) as difficult terrain, + 1 ENE; it never ends on one.

use crate::basics::action::CharIdx;
use crate::basics::board::{Reach, Terrain};
use crate::basics::geom::{Facing, Pos};
use crate::state::{Stance, State, Walk};

/// The surcharge of entering `q` from `p` for a walker of kind `walk` (`None`: it cannot).
fn enter(st: &State, walk: Walk, p: Pos, q: Pos, crouched: bool) -> Option<u8> {
    let b = st.board();
    let t = b.terrain(q);
    let level = b.terrain_height(q) == b.terrain_height(p);
    let base = match walk {
        Walk::Hover if level => match t {
            Terrain::HighObstacle | Terrain::Wall => None,
            _ => Some(0),
        },
        Walk::Spider => match t {
            Terrain::HighObstacle => Some(0),
            _ => t.surcharge(),
        },
        // Incorpóreo (only while incorporeal: otherwise it takes the board's search): «puede
        // cruzar obstáculos» — obstacles and walls as easy ground; the rest as anyone.
        Walk::Ghost if level => match t {
            Terrain::LowObstacle | Terrain::HighObstacle | Terrain::Wall => Some(0),
            _ => t.surcharge(),
        },
        // MOVIMIENTO / Obstáculos, «que llegue al pecho de la miniatura»: a high obstacle
        // (2 K) is chest-high to a miniature 4 K tall or more — difficult terrain.
        Walk::Giant if level => match t {
            Terrain::HighObstacle => Some(1),
            _ => t.surcharge(),
        },
        Walk::Plain if level => t.surcharge(),
        _ => None,
    }?;
    // Agacharse (and Equipo pesado) make easy ground difficult, as on the board's search.
    Some(if crouched && base == 0 { 1 } else { base })
}

/// Whether a walker may end on `q` (a square a base stands on).
fn may_stop(st: &State, q: Pos) -> bool {
    st.board().passable(q)
}

/// The destinations of `who` (a Levitador or an Araña, [`Walk`]) within `steps` king steps, each
/// with its fewest steps at its least surcharge (as `Board::reachable`): bases and transports are
/// not passed; a square within 1 K of an able enemy at its altitude and on that square's level
/// is entered only as the end of the path, and only when `zone_end` (a charge).
pub fn destinations(st: &State, who: CharIdx, steps: u8, zone_end: bool, out: &mut Vec<Reach>) {
    out.clear();
    let b = st.board();
    let me = st.ch(who);
    let walk = st.info(who).walk;
    let crouched = me.stance == Stance::Crouched || super::heavy_gear(st, who);
    let side = st.side_of(who);
    let n = b.len();
    let mut taken = vec![false; n];
    let mut zone = vec![false; n];
    for j in st.indices() {
        if j == who || !st.able(j) || st.aboard(j).is_some() {
            continue;
        }
        let c = st.ch(j);
        taken[b.index(c.pos)] = true;
        if st.side_of(j) != side && c.alt == me.alt {
            for dir in Facing::ALL {
                if let Some(q) = b.step(c.pos, dir) {
                    if b.terrain_height(q) == b.terrain_height(c.pos) {
                        zone[b.index(q)] = true;
                    }
                }
            }
        }
    }
    for t in 0..st.num_transports() {
        if !st.transport_destroyed(t) {
            taken[b.index(st.transport(t).pos)] = true;
        }
    }
    let mut best: Vec<Option<Reach>> = vec![None; n];
    for level in 0..=2u8 {
        let mut dist = vec![u8::MAX; n];
        dist[b.index(me.pos)] = 0;
        let mut frontier = vec![me.pos];
        for d in 1..=steps {
            let mut next = Vec::new();
            for &p in &frontier {
                for dir in Facing::ALL {
                    let Some(q) = b.step(p, dir) else { continue };
                    let qi = b.index(q);
                    if dist[qi] != u8::MAX || taken[qi] {
                        continue;
                    }
                    match enter(st, walk, p, q, crouched) {
                        Some(s) if s <= level => {}
                        _ => continue,
                    }
                    let (dx, dy) = dir.delta();
                    if dx != 0 && dy != 0 {
                        // «Ambas casillas laterales libres».
                        let sides = [Pos::new(q.x, p.y), Pos::new(p.x, q.y)];
                        if !sides
                            .iter()
                            .all(|&s| !taken[b.index(s)] && enter(st, walk, p, s, false).is_some())
                        {
                            continue;
                        }
                    }
                    if zone[qi] && !zone_end {
                        continue;
                    }
                    dist[qi] = d;
                    if best[qi].is_none() && may_stop(st, q) {
                        best[qi] = Some(Reach {
                            pos: q,
                            steps: d,
                            surcharge: level,
                        });
                    }
                    // A square next to an enemy may end a charge, never lead further.
                    if !zone[qi] {
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
    }
    out.extend(best.into_iter().flatten());
}
