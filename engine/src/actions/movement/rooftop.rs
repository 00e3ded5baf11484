//! Jumping between rooftops and down from them: Salto de longitud across terrain heights
//! (ACCIONES DE MOVIMIENTO, Salto de longitud; Dejarse caer's table for the drop). The flat
//! Salto (`special`) keeps to one level; this adds, on boards with heights only, the jumps that
//! fly over lower ground.
//!
//! Decisions (RULES.md, "Alturas", rooftop jumps):
//! - From a square of terrain height h, in a straight line (one of the eight directions, as
//!   every Salto), up to its jump length: a square lower than h is void at its level (the street
//!   between two roofs: a «vacío» as a gap, nothing there stops the jump); a square of height h
//!   is crossed as on the flat (no wall, high obstacle, base, nor an enemy's 1 K); a higher one
//!   stops the line (a wall face). At least one lower square must be flown over.
//! - It lands on a walkable free square of height h or lower, not within 1 K of an able enemy on
//!   that level; ENE as Salto (3 + the landing's surcharge + Lento), CH AGI as Salto.
//! - Landing lower by Δ K is a drop: Dejarse caer's DAÑ for Δ over its height (≤ ×2: none), as a
//!   hit on itself (Saltador halves it; Caer con estilo: none).
//! - A failed CH AGI: it falls into the first lower square flown over (a free one; else it stays
//!   where it was), with Dejarse caer's DAÑ from h down to that square (A18 (b), as a failed
//!   climb).

use super::landing::{near_enemy, taken};
use crate::actions::combat::{atr_check, attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::board::Terrain;
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Stat;
use crate::state::{Stance, State};

/// The rooftop jump of `who` from its square along `dir` over `k` squares: its ENE, or `None`
/// when it is no such jump.
fn jump(st: &State, who: CharIdx, dir: Facing, k: u8) -> Option<i8> {
    let b = st.board();
    let from = st.ch(who).pos;
    let h = b.terrain_height(from);
    let mut p = from;
    let mut lower = false;
    for _ in 1..k {
        p = b.step(p, dir)?;
        let hp = b.terrain_height(p);
        if hp > h {
            return None;
        }
        if hp < h {
            lower = true;
            continue;
        }
        let t = b.terrain(p);
        if matches!(t, Terrain::Wall | Terrain::HighObstacle)
            || taken(st, who, p)
            || near_enemy(st, who, p)
        {
            return None;
        }
        lower |= matches!(t, Terrain::Water | Terrain::Gap);
    }
    let q = b.step(p, dir)?;
    let landing_lower = b.terrain_height(q) < h;
    if b.terrain_height(q) > h || !(lower || landing_lower) || !b.passable(q) {
        return None;
    }
    // Only what the flat Salto does not make: something lower flown over or landed on.
    let lowered = (1..=k).any(|i| {
        let mut s = from;
        for _ in 0..i {
            s = b.step(s, dir).unwrap_or(s);
        }
        b.terrain_height(s) < h
    });
    if !lowered || taken(st, who, q) || near_enemy(st, who, q) {
        return None;
    }
    let crouched = st.ch(who).stance == Stance::Crouched;
    let sur = match b.terrain(q) {
        Terrain::Easy if crouched => 1,
        t => t.surcharge()?,
    };
    Some(super::jump::JUMP_COST + sur as i8 + super::trait_move_ene(st, who))
}

/// The rooftop jumps of `who` (boards with heights only; on foot at altitude 1: the caller's).
pub fn options(st: &State, who: CharIdx, f: &mut impl FnMut(ActKind, i8)) {
    if !st.board().has_heights() {
        return;
    }
    let from = st.ch(who).pos;
    let len = super::jump::jump_length(st, who);
    for dir in Facing::ALL {
        let mut q = from;
        for k in 1..=len {
            let Some(n) = st.board().step(q, dir) else {
                break;
            };
            q = n;
            if k >= 2 {
                if let Some(ene) = jump(st, who, dir, k) {
                    f(ActKind::Jump(q), ene);
                }
            }
        }
    }
}

/// The ENE of a rooftop jump of `who` to `to`, if it is one.
pub fn cost(st: &State, who: CharIdx, to: Pos) -> Option<i8> {
    if !st.board().has_heights() {
        return None;
    }
    let from = st.ch(who).pos;
    let dir = Facing::towards(from, to)?;
    let k = from.dist(to);
    let mut p = from;
    for _ in 0..k {
        p = st.board().step(p, dir)?;
    }
    (p == to).then(|| jump(st, who, dir, k)).flatten()
}

impl State {
    /// Resolves a rooftop jump (a Salto whose [`cost`] is one); false otherwise.
    pub(crate) fn resolve_rooftop_jump(
        &mut self,
        who: CharIdx,
        to: Pos,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        if cost(self, who, to).is_none() {
            return false;
        }
        let from = self.ch(who).pos;
        let b = self.board();
        let h = b.terrain_height(from) as u16;
        let dir = Facing::towards(from, to).unwrap_or(Facing::N);
        let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
        let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI jump");
        let (land, k) = if roll.pass {
            (to, from.dist(to))
        } else {
            // Into the first lower square flown over, when free.
            let mut p = from;
            let mut spot = None;
            for i in 1..from.dist(to) {
                p = self.board().step(p, dir).unwrap_or(p);
                if (self.board().terrain_height(p) as u16) < h {
                    spot = Some((p, i));
                    break;
                }
            }
            match spot {
                Some((p, i)) if self.board().passable(p) && !taken(self, who, p) => (p, i),
                _ => return true,
            }
        };
        self.move_to(who, land, k, false, log);
        let drop = h - self.board().terrain_height(land) as u16;
        self.fall_hit(who, drop, d, log);
        if self.able(who) {
            self.after_move(who, d, log);
        }
        true
    }
}
