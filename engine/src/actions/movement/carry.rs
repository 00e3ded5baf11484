//! ACCIONES DE MOVIMIENTO / Mover cargado con un objeto by several carriers: «<= CON de
//! varios, terreno difícil» (RULES.md, MOVIMIENTO).
//!
//! The one-carrier form is in `special` (a body up to the carrier's CON). A heavier body — or
//! one the carrier alone would take only over «terreno muy difícil» — may be carried by the
//! actor with one or two allies in contact with it whose CON together reach its weight: one
//! decision of the actor ([`ActKind::CarryJoint`]) that names its helpers. Why this shape: the
//! text gives the action to «varios» at once, and the engine's only way for characters to act
//! outside their activation is a reaction; so the helpers act as if reacting — they pay the
//! same ENE from their own pool, which may go down to −10 as reactions do («Reaccionando se
//! puede gastar ENE hasta llegar a ENE-10») — and move with the body to the squares beside the
//! actor's destination.

use crate::actions::movement::burden::{carriable, carry_floor, CARRY_COST};
use crate::actions::movement::{destinations, trait_move_ene, MoveKind};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::board::Reach;
use crate::basics::check::{Event, Log};
use crate::basics::geom::Pos;
use crate::state::*;

/// The second helper's slot when only one helps.
pub const NO_HELPER: CharIdx = CharIdx::MAX;

/// «<= CON de varios, terreno difícil»: the surcharge floor of a joint carry.
const JOINT_FLOOR: u8 = 1;

/// Whether `h` may help `who` carry `body`: an able ally of `who`'s side on its feet (not
/// prone, tied, held, engaged nor aboard), at altitude 1 on the body's level, in contact with
/// the body (the carrying is made on foot, as Mover cargado; RULES.md).
fn may_help(st: &State, who: CharIdx, h: CharIdx, body: CharIdx) -> bool {
    h != who
        && st.side_of(h) == st.side_of(who)
        && st.able(h)
        && carriable(st, h, body)
        && !st.ch(h).has(TIED | IMMOBILISED)
        && st.ch(h).stance != Stance::Prone
        && st.ch(h).alt == ALT_GROUND
        && st.same_level(h, body)
        && !st.engaged(h)
        && (st.num_transports() == 0 || st.aboard(h).is_none())
}

/// The carriers' CON: the actor's and its helpers' (each as for other strength uses).
fn joint_con(st: &State, who: CharIdx, helpers: [CharIdx; 2]) -> i16 {
    helpers
        .iter()
        .filter(|&&h| h != NO_HELPER)
        .map(|&h| st.strength_con(h).max(0))
        .sum::<i16>()
        + st.strength_con(who).max(0)
}

/// The helper sets `who` may take for `body`: the single helpers whose CON with the actor's
/// reaches the weight; pairs only when no single helper is enough (no carrier more than
/// needed). Empty when the actor alone carries it over «terreno difícil» (nothing to gain).
fn helper_sets(st: &State, who: CharIdx, body: CharIdx) -> Vec<[CharIdx; 2]> {
    if carry_floor(st, who, body) == Some(JOINT_FLOOR) {
        return Vec::new();
    }
    let w = st.info(body).con as i16;
    let able: Vec<CharIdx> = st
        .indices()
        .filter(|&h| may_help(st, who, h, body))
        .collect();
    let mut sets: Vec<[CharIdx; 2]> = able
        .iter()
        .map(|&h| [h, NO_HELPER])
        .filter(|&s| joint_con(st, who, s) >= w)
        .collect();
    if sets.is_empty() {
        for (i, &a) in able.iter().enumerate() {
            for &b in &able[i + 1..] {
                if joint_con(st, who, [a, b]) >= w {
                    sets.push([a, b]);
                }
            }
        }
    }
    sets
}

/// Where helper `h` ends when the actor ends on `to`: the square beside `to` it reaches with a
/// Mover (or its own, when it is already beside `to`), not in `taken`; the nearest (fewest
/// steps), then the least surcharge, then the reach order (deterministic). Its reach is Mover's
/// (its MOV and the terrain), so the slowest carrier limits how far the group goes.
fn helper_square(st: &State, h: CharIdx, to: Pos, taken: &[Pos]) -> Option<Reach> {
    let here = st.ch(h).pos;
    let mut reach = Vec::new();
    destinations(st, h, MoveKind::Move, &mut reach);
    let stay = Reach {
        pos: here,
        steps: 0,
        surcharge: 0,
    };
    std::iter::once(stay)
        .chain(reach)
        .filter(|r| r.pos.dist(to) == 1 && !taken.contains(&r.pos))
        .min_by_key(|r| (r.steps, r.surcharge))
}

/// The helpers' squares for a joint carry to `to` and the group's surcharge (the worst path of
/// the group: «the slowest terrain governs»), or `None` when a helper cannot be beside `to`.
fn plan(st: &State, to: Pos, sur: u8, helpers: [CharIdx; 2]) -> Option<([Reach; 2], u8)> {
    let none = Reach {
        pos: to,
        steps: 0,
        surcharge: 0,
    };
    let mut out = [none; 2];
    let mut taken = vec![to];
    let mut worst = sur;
    for (k, &h) in helpers.iter().enumerate() {
        if h == NO_HELPER {
            continue;
        }
        let r = helper_square(st, h, to, &taken)?;
        taken.push(r.pos);
        worst = worst.max(r.surcharge);
        out[k] = r;
    }
    Some((out, worst))
}

/// The ENE each carrier pays: Mover cargado's 1 + the larger of the group's surcharge and the
/// joint floor («terreno difícil») + its own Lento.
fn carrier_cost(st: &State, c: CharIdx, worst: u8) -> i8 {
    CARRY_COST + worst.max(JOINT_FLOOR) as i8 + trait_move_ene(st, c)
}

/// Whether every helper can pay its share as a reaction would (down to −10).
fn helpers_pay(st: &State, helpers: [CharIdx; 2], worst: u8) -> bool {
    helpers
        .iter()
        .filter(|&&h| h != NO_HELPER)
        .all(|&h| st.ch(h).ene - carrier_cost(st, h, worst) >= ENE_MIN)
}

/// Joint Mover cargado options of `who` on `body` (called by `special::carry_options` for each
/// body it may pick up): Mover's destinations with each helper set; the actor's ENE.
pub(super) fn options(
    st: &State,
    who: CharIdx,
    body: CharIdx,
    reach: &[Reach],
    f: &mut impl FnMut(ActKind, i8),
) {
    for helpers in helper_sets(st, who, body) {
        for r in reach {
            let Some((_, worst)) = plan(st, r.pos, r.surcharge, helpers) else {
                continue;
            };
            if helpers_pay(st, helpers, worst) {
                let kind = ActKind::CarryJoint {
                    body,
                    to: r.pos,
                    helpers,
                };
                f(kind, carrier_cost(st, who, worst));
            }
        }
    }
}

/// The actor's ENE for a joint carry (the group's surcharge recomputed; floor 1 if the plan is
/// gone).
pub fn cost(st: &State, who: CharIdx, to: Pos, helpers: [CharIdx; 2]) -> i8 {
    let sur = super::find(st, who, MoveKind::Move, to).map_or(0, |r| r.surcharge);
    let worst = plan(st, to, sur, helpers).map_or(sur, |(_, w)| w);
    carrier_cost(st, who, worst)
}

impl State {
    /// Resolves a joint Mover cargado: the helpers move beside `to` and pay their share (as a
    /// reaction, down to −10), the actor moves to `to` and the body lies there with it. The
    /// actor's own ENE is paid by the sequence as for any action.
    pub(crate) fn resolve_carry_joint(
        &mut self,
        who: CharIdx,
        body: CharIdx,
        to: Pos,
        helpers: [CharIdx; 2],
        log: &mut Log,
    ) {
        // The actor's path is taken before the helpers step aside to theirs.
        let Some(mine) = super::find(self, who, MoveKind::Move, to) else {
            return;
        };
        let Some((squares, worst)) = plan(self, to, mine.surcharge, helpers) else {
            return;
        };
        for (k, &h) in helpers.iter().enumerate() {
            if h == NO_HELPER {
                continue;
            }
            let cost = carrier_cost(self, h, worst);
            let c = self.ch_mut(h);
            c.ene = (c.ene - cost).max(ENE_MIN);
            let left = c.ene;
            log.push(|| Event::Ene {
                who: h,
                spent: cost,
                left,
            });
            let r = squares[k];
            if r.pos != self.ch(h).pos {
                self.move_to(h, r.pos, r.steps, false, log);
            }
        }
        self.move_to(who, to, mine.steps, false, log);
        // The body moves with its carriers: it lies on the actor's square.
        self.ch_mut(body).pos = to;
        log.push(|| Event::Status {
            who,
            text: "carries a body with its helpers",
        });
    }
}
