//! MOVIMIENTO / Alturas de movimiento in the position: how high a character's feet and eyes
//! are (its square's terrain height plus its movement altitude), and line of sight and cover
//! between two characters across heights (RULES.md, "Alturas"). The rules of who may act on
//! whom across altitudes are in `engine::actions::movement::altitude`.

#[allow(unused_imports)]
use super::*;
use crate::basics::board::lift;

impl State {
    /// The board's flat [`Board::line_of_sight`] from `a` to `b`, remembered for this game on
    /// this thread (`sight_memo`): for the callers that ask the board's own line, not a
    /// character's sight (a noise heard through walls, Desenfundar's target).
    ///
    /// [`Board::line_of_sight`]: crate::basics::board::Board::line_of_sight
    #[inline]
    pub fn flat_line_of_sight(&self, a: Pos, b: Pos) -> bool {
        super::sight_memo::line_of_sight(self, a, b)
    }

    /// Whether anything in the position is off the flat ground: a raised square, or a
    /// character at an altitude other than 1. When not, every height rule is the flat one.
    #[inline]
    pub fn has_altitudes(&self) -> bool {
        self.board().has_heights() || self.chars.iter().any(|c| c.alt != ALT_GROUND)
    }

    /// Height of `i`'s feet above the board's base level, in K: its square's terrain height plus
    /// the lift of its movement altitude ([`lift`]).
    #[inline]
    pub fn feet(&self, i: CharIdx) -> u16 {
        let c = self.ch(i);
        self.board().terrain_height(c.pos) as u16 + lift(c.alt)
    }

    /// Both on a flat board at altitude 1: the flat rules of sight and cover apply as they are.
    #[inline]
    fn flat_between(&self, i: CharIdx, j: CharIdx) -> bool {
        !self.board().has_heights() && self.ch(i).alt == ALT_GROUND && self.ch(j).alt == ALT_GROUND
    }

    /// Line of sight from `i` to `j` (ENTORNO / Línea de visión), eyes 1 K above the feet:
    /// the flat [`Board::line_of_sight`] when both stand on flat ground, else
    /// [`Board::line_of_sight_at`]; Meta visión's holder also within its INT K whatever stands
    /// between.
    #[inline]
    pub fn sight(&self, i: CharIdx, j: CharIdx) -> bool {
        let (a, b) = (self.ch(i).pos, self.ch(j).pos);
        let clear = if self.flat_between(i, j) {
            super::sight_memo::line_of_sight(self, a, b)
        } else {
            self.board()
                .line_of_sight_at(a, self.feet(i), b, self.feet(j))
        };
        // Meta visión: through opaque obstacles within its INT K (RULES.md, share I).
        clear || (self.st.any_see_through && a.dist(b) <= self.info(i).see_through)
    }

    /// Whether `target` is more than 50 % in cover from `attacker` (COMBATE / Cobertura):
    /// [`Board::cover`] on flat ground, [`Board::cover_at`] across heights.
    #[inline]
    pub fn in_cover_from(&self, attacker: CharIdx, target: CharIdx) -> bool {
        let (a, b) = (self.ch(attacker).pos, self.ch(target).pos);
        if self.flat_between(attacker, target) {
            return self.board().cover(a, b);
        }
        self.board()
            .cover_at(a, self.feet(attacker), b, self.feet(target))
    }
}

impl State {
    /// Relación entre alturas: «Una mini solo puede interactuar con otras minis moviéndose en su
    /// misma altura. Las minis en alturas 1 y 2 pueden interactuar con acciones a distancia,
    /// como disparar.» `at_range`: the interaction is an action at a distance (a shot, a throw,
    /// a meta-ability or a mind action at range), not one in contact.
    #[inline]
    pub fn interacts(&self, i: CharIdx, j: CharIdx, at_range: bool) -> bool {
        altitudes_interact(self.ch(i).alt, self.ch(j).alt, at_range)
    }
}

/// Relación entre alturas between two movement altitudes ([`State::interacts`]): the same, or 1
/// and 2 at range. Also for what lies on the ground at altitude 1 (a bomb).
#[inline]
pub fn altitudes_interact(a: i8, b: i8, at_range: bool) -> bool {
    a == b || (at_range && matches!((a, b), (ALT_GROUND, ALT_LOW) | (ALT_LOW, ALT_GROUND)))
}

impl State {
    /// Whether every character is at the same movement altitude (then Relación entre alturas
    /// forbids nothing).
    #[inline]
    pub fn chars_at_one_altitude(&self) -> bool {
        let first = self.chars.first().map_or(ALT_GROUND, |c| c.alt);
        self.chars.iter().all(|c| c.alt == first)
    }
}

impl State {
    /// Whether `i` and `j` stand on the same level: the same terrain height under both (a mini on
    /// a roof is not in contact with one in the street below it, whatever the squares).
    #[inline]
    pub fn same_level(&self, i: CharIdx, j: CharIdx) -> bool {
        let b = self.board();
        b.terrain_height(self.ch(i).pos) == b.terrain_height(self.ch(j).pos)
    }

    /// Base contact across heights: adjacent squares, the same altitude and the same level
    /// (COMBATE / trabado, Relación entre alturas).
    #[inline]
    pub fn in_contact(&self, i: CharIdx, j: CharIdx) -> bool {
        let (a, b) = (self.ch(i), self.ch(j));
        a.pos.adjacent(b.pos) && a.alt == b.alt && self.same_level(i, j)
    }

    /// A body `who` can reach (Mover cargado con un objeto, Saquear): a casualty (baja) of
    /// either side, not removed nor off the table, in contact or under `who`'s base (casualties
    /// are off the table, so a base may stand on one: CONCEPTOS BÁSICOS), on the same level
    /// (Relación entre alturas, as for contact), and not aboard a transport: passengers are in
    /// contact with nobody (RULES.md, Transportes).
    pub fn body_in_reach(&self, who: CharIdx, body: CharIdx) -> bool {
        // The square first: most characters are not beside `who` (PERFORMANCE.md, "Thirteenth
        // session").
        body != who
            && self.ch(body).pos.dist(self.ch(who).pos) <= 1
            && self.casualty(body)
            && !self.ch(body).has(REMOVED | OFF_TABLE)
            && self.same_level(who, body)
            && self.aboard(body).is_none()
    }
}
