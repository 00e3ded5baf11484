//! Súper salto (BONUS Y MALUS): «Puede saltar 10 K (ENE 5 y CH AGI). Si despega o cae en
//! terreno difícil, CH AGI. Si falla, ENE-2 y CH CON. Si falla, 3 her.»
//!
//! Decisions (RULES.md, "Traits in play, share T"):
//! - A leap in a straight line (one of the eight directions, as Salto de longitud) of 1 to 10 K
//!   (`Effect::SuperJump(10)`), made on foot at altitude 1, not engaged, not prone (the movement
//!   rules). It flies over anything but a wall (`#` has no height to clear: a 10 K leap clears a
//!   high obstacle, a base, water and a gap), and may land on another terrain height: up at most
//!   3 K (the height of altitude 2, «a 3 K sobre altura 1»: higher is flight, not a jump), down
//!   any (it is a jump, not a fall). It lands on a free walkable square, not within 1 K of an able
//!   enemy on that level (Restricciones).
//! - «(ENE 5 y CH AGI)» is the action's header, as «Escalar (3, AGI)»: ENE 5 (+ Lento) and AGI
//!   the attribute of its check, which «Si despega o cae en terreno difícil» calls — the take-off
//!   or the landing square difficult or worse (as Cambiar de altitud's, A19: the terrain is the
//!   check, no ENE surcharge).
//! - «Si falla, ENE-2 y CH CON. Si falla, 3 her.»: a failed CH AGI costs 2 ENE more (down to
//!   −10) and calls a CH CON, whose failure is 3 wounds; the leap is made all the same (the text
//!   names the price of a bad take-off or landing, not a jump that stays).

use crate::actions::combat::{add_wounds, atr_check, attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::board::Terrain;
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Stat;
use crate::state::{State, ALT_GROUND};

/// ENE of Súper salto («ENE 5»).
pub const SUPER_JUMP_ENE: i8 = 5;
/// The highest rise a leap lands on, in K (altitude 2's 3 K).
pub const MAX_RISE: u8 = 3;

/// The ENE of a Súper salto of `who` (Lento adds as to any movement).
pub fn cost(st: &State, who: CharIdx) -> i8 {
    SUPER_JUMP_ENE + super::trait_move_ene(st, who)
}

/// Whether `who` may land on `q`: at most [`MAX_RISE`] K above `from`, and
/// [`super::landing::may_land`].
fn may_land(st: &State, who: CharIdx, from: Pos, q: Pos) -> bool {
    let b = st.board();
    b.terrain_height(q) <= b.terrain_height(from) + MAX_RISE && super::landing::may_land(st, who, q)
}

/// The Súper salto options of `who` (on foot at altitude 1: the caller's), with their ENE.
pub fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let len = st.info(who).leap;
    if len == 0 || st.ch(who).alt != ALT_GROUND {
        return;
    }
    let from = st.ch(who).pos;
    let b = st.board();
    let ene = cost(st, who);
    for dir in Facing::ALL {
        let mut p = from;
        for _ in 0..len {
            let Some(q) = b.step(p, dir) else { break };
            if b.terrain(q) == Terrain::Wall {
                break;
            }
            if may_land(st, who, from, q) {
                f(ActKind::SuperJump(q), ene);
            }
            p = q;
        }
    }
}

impl State {
    /// Resolves Súper salto; false for another kind.
    pub(crate) fn resolve_super_jump(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        let ActKind::SuperJump(to) = kind else {
            return false;
        };
        let from = self.ch(who).pos;
        let rough = |p: Pos| self.board().terrain(p).surcharge().unwrap_or(0) >= 1;
        if rough(from) || rough(to) {
            let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
            let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI super jump");
            if !roll.pass {
                let c = self.ch_mut(who);
                c.ene = (c.ene - 2).max(-10);
                log.push(|| Event::Status {
                    who,
                    text: "lands badly (ENE -2)",
                });
                let t = attr_check_target(self, who, Stat::Con, ctx, None, false);
                if !atr_check(self, d, log, who, Stat::Con, t, "CH CON super jump").pass {
                    add_wounds(self, d, log, who, 3, None);
                }
            }
        }
        if self.able(who) {
            let k = from.dist(to);
            self.move_to(who, to, k, false, log);
            self.after_move(who, d, log);
        }
        true
    }
}
