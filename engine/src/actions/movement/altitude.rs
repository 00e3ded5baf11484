//! MOVIMIENTO / Alturas de movimiento and Relación entre alturas: where a base may be at each
//! movement altitude, and which actions reach a character at another altitude.
//!
//! «Altura 1, sobre el terreno; Altura 2, a 3 K sobre altura 1; Altura 3, gran altitud; Altura
//! 4, el espacio; Altura -1, bajo tierra / agua.» «Una mini solo puede interactuar con otras
//! minis moviéndose en su misma altura. Las minis en alturas 1 y 2 pueden interactuar con
//! acciones a distancia, como disparar.» Why a module of its own: the altitude rules cut across
//! every family of actions; they are applied once here, to the list of legal decisions, instead
//! of in each family (RULES.md, "Alturas").

use crate::basics::action::{ActKind, Action, CharIdx};
use crate::basics::board::{Board, Reach, Terrain};
use crate::basics::geom::Pos;
use crate::state::{State, ALTITUDES, ALT_HIGH, ALT_LOW, ALT_UNDER};

/// Whether a base may be placed on square `p` at movement altitude `alt` (position files):
/// `Err` says why not. Altitude 1 is checked by the caller (the terrain a base stands on).
/// Altitude 2 is 3 K over the terrain: a wall («no se puede escalar», of no given height)
/// reaches it, so a flyer at altitude 2 cannot be inside one. Altitude −1 is under the ground
/// or the water of its square: a gap (void) has nothing under it.
pub fn check_placement(board: &Board, p: Pos, alt: i8) -> Result<(), String> {
    if !ALTITUDES.contains(&alt) {
        return Err(format!(
            "{alt} is not a movement altitude (allowed: −1, 1, 2, 3, 4)"
        ));
    }
    let t = board.terrain(p);
    if alt == ALT_LOW && t == Terrain::Wall {
        return Err(format!(
            "a flyer at altitude 2 on {p} would be inside a wall"
        ));
    }
    if alt == ALT_UNDER && t == Terrain::Gap {
        return Err(format!(
            "{p} is a gap: there is nothing under it at altitude −1"
        ));
    }
    Ok(())
}

/// «Acciones a distancia, como disparar»: the actions that reach a character at a distance (a
/// shot, a throw, an area, the mind's and the meta-abilities' actions at range), which minis at
/// altitudes 1 and 2 may make on each other. Everything else with another character in it is
/// done in contact or beside it (melee, charges, rams, Apoyar, Curar, Comerciar, Saquear,
/// Eliminar, carrying a body).
pub fn at_range(kind: &ActKind) -> bool {
    matches!(
        kind,
        ActKind::Shoot { .. }
            | ActKind::Throw { .. }
            | ActKind::Area { .. }
            | ActKind::Hack { .. }
            | ActKind::Possess { .. }
            | ActKind::Mark { .. }
            | ActKind::MentalCombat { .. }
            | ActKind::Meta { .. }
    )
}

/// The other character an action is made on, if any (the enemy target, the ally helped or
/// healed, the body taken or carried, the ally traded with).
pub fn counterpart(kind: &ActKind) -> Option<CharIdx> {
    kind.enemy_target().or(match *kind {
        ActKind::Support { ally } => Some(ally),
        ActKind::Heal { target }
        | ActKind::HealStress { target }
        | ActKind::Mark { target }
        | ActKind::MentalCombat { target } => Some(target),
        ActKind::Trade { with, .. } => Some(with),
        ActKind::Loot { body, .. } | ActKind::Eliminate { body } | ActKind::Carry { body, .. } => {
            Some(body)
        }
        _ => None,
    })
}

/// Whether a listed decision respects Relación entre alturas: an action of a character on
/// another is legal only when their altitudes let them interact ([`State::interacts`]).
pub fn allowed(st: &State, a: &Action) -> bool {
    let (who, kind) = match a {
        Action::Act { who, kind, .. } | Action::Reaction { who, kind } => (*who, kind),
        _ => return true,
    };
    match counterpart(kind) {
        Some(j) if j != who => {
            let ranged = at_range(kind);
            st.interacts(who, j, ranged) && (ranged || st.same_level(who, j))
        }
        _ => true,
    }
}

/// Drops from `out` the decisions that [`allowed`] refuses. Free on a flat board where every
/// character is at the same altitude (nothing is dropped there).
pub fn filter(st: &State, out: &mut Vec<Action>) {
    if st.chars_at_one_altitude() && !st.board().has_heights() {
        return;
    }
    out.retain(|a| allowed(st, a));
}

/// Whether a base at altitude `alt` may fly (or move under ground) through square `p`: at
/// altitude 2 anything but a wall; at 3 and 4 anything; at −1 anything but a gap.
fn open_at(board: &Board, p: Pos, alt: i8) -> bool {
    check_placement(board, p, alt).is_ok()
}

/// Movement at an altitude other than 1 (flight at 2, 3 and 4; under ground or water at −1):
/// every square within `steps` king steps through squares open at that altitude ([`open_at`]),
/// never through a base at the same altitude nor diagonally past one or past a closed square,
/// never entering a square within 1 K of an able enemy at the same altitude (Restricciones;
/// those squares may end a charge, a ram or a silent move: `zone_end`), and never ending
/// on a square any other able base holds (bases never overlap, OPEN_READINGS A15 (b)). The
/// terrain below costs nothing (surcharge 0). At altitude 3 «siempre mueven su MOV completo»:
/// only the squares exactly `steps` K away (RULES.md, "Volar en altura 3"). Sorted by (row,
/// column), like the walking search.
pub fn flight_destinations(
    st: &State,
    who: CharIdx,
    steps: u8,
    zone_end: bool,
    out: &mut Vec<Reach>,
) {
    out.clear();
    let b = st.board();
    let me = st.ch(who);
    let (alt, side) = (me.alt, st.side_of(who));
    let n = b.len();
    let mut held = vec![false; n]; // a base at this altitude: not passed through
    let mut taken = vec![false; n]; // any base: not ended on
    let mut zone = vec![false; n];
    for j in st.indices() {
        if j == who || !st.able(j) {
            continue;
        }
        let c = st.ch(j);
        taken[b.index(c.pos)] = true;
        if c.alt != alt {
            continue;
        }
        held[b.index(c.pos)] = true;
        if st.side_of(j) != side {
            for dir in crate::basics::geom::Facing::ALL {
                if let Some(q) = b.step(c.pos, dir) {
                    zone[b.index(q)] = true;
                }
            }
        }
    }
    let free = |p: Pos| open_at(b, p, alt) && !held[b.index(p)];
    let mut dist = vec![u8::MAX; n];
    dist[b.index(me.pos)] = 0;
    let mut frontier = vec![me.pos];
    for d in 1..=steps {
        let mut next = Vec::new();
        for &p in &frontier {
            for dir in crate::basics::geom::Facing::ALL {
                let Some(q) = b.step(p, dir) else { continue };
                let qi = b.index(q);
                if dist[qi] != u8::MAX || !free(q) {
                    continue;
                }
                let (dx, dy) = dir.delta();
                if dx != 0 && dy != 0 {
                    let sides = [Pos::new(q.x, p.y), Pos::new(p.x, q.y)];
                    if !sides.iter().all(|&s| free(s)) {
                        continue;
                    }
                }
                dist[qi] = d;
                // A square next to an enemy may end a charge, never lead further.
                if !zone[qi] {
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    let full = alt == ALT_HIGH;
    for i in 0..n {
        let d = dist[i];
        if d == 0 || d == u8::MAX || taken[i] || (full && d != steps) || (zone[i] && !zone_end) {
            continue;
        }
        out.push(Reach {
            pos: b.pos(i),
            steps: d,
            surcharge: 0,
        });
    }
}
