//! Embarcar / desembarcar (1): «subir o bajar de un transporte. Un transporte en marcha requiere
//! CH AGI D» (ACCIONES DE MOVIMIENTO). Decisions (RULES.md, "Transportes"): one gets on a
//! transport of its own side within 1 K of it, into a free seat, and off onto a free square
//! next to it (never within 1 K of an enemy: MOVIMIENTO, Restricciones); «en marcha» is a
//! transport whose ENE was paid this turn (OPEN_READINGS A22 (a)); D = CON − AGI as in 180°; a
//! failed check leaves it where it was, the ENE spent. The first to get on a transport with no
//! driver drives it.

use crate::actions::combat::{atr_check, attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Stat;
use crate::state::{Stance, State, ALT_GROUND, NO_DRIVER};

/// ENE of Embarcar / desembarcar.
pub const BOARDING_COST: i8 = 1;

/// The ENE of Embarcar / desembarcar for `who` (Lento adds as to any movement).
pub fn cost(st: &State, who: CharIdx) -> i8 {
    BOARDING_COST + crate::actions::movement::trait_move_ene(st, who)
}

/// Whether `who` may get off onto `q`: on the board, at the transport's terrain height, and
/// free and out of every enemy's 1 K (`movement::landing::may_land`).
fn may_land(st: &State, who: CharIdx, from: Pos, q: Pos) -> bool {
    let b = st.board();
    b.contains_pos(q)
        && b.terrain_height(q) == b.terrain_height(from)
        && crate::actions::movement::landing::may_land(st, who, q)
}

/// The Embarcar / desembarcar options of `who` with their ENE (none without transports).
pub fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    if st.num_transports() == 0 {
        return;
    }
    let ene = cost(st, who);
    let c = st.ch(who);
    match st.aboard(who) {
        Some(t) => {
            let from = st.transport(t).pos;
            for dir in Facing::ALL {
                if let Some(q) = st.board().step(from, dir) {
                    if may_land(st, who, from, q) {
                        f(ActKind::Disembark(q), ene);
                    }
                }
            }
        }
        None => {
            if c.alt != ALT_GROUND || c.stance == Stance::Prone {
                return;
            }
            for t in 0..st.num_transports() {
                let (d, i) = (st.transport(t), st.transport_info(t));
                if st.transport_side(t) == st.side_of(who)
                    && !st.transport_destroyed(t)
                    && d.count() < i.seats
                    && c.pos.dist(d.pos) <= 1
                {
                    f(ActKind::Embark { transport: t as u8 }, ene);
                }
            }
        }
    }
}

impl State {
    /// Resolves Embarcar / desembarcar; false for another kind.
    pub(crate) fn resolve_boarding(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        let t = match kind {
            ActKind::Embark { transport } => transport as usize,
            ActKind::Disembark(_) => match self.aboard(who) {
                Some(t) => t,
                None => return true,
            },
            _ => return false,
        };
        if self.transport(t).started {
            // «Un transporte en marcha requiere CH AGI D».
            let diff = super::DIFFICULT;
            let target = attr_check_target(self, who, Stat::Agi, ctx, None, false) - diff
                + super::evasive(self, who, t);
            let roll = atr_check(self, d, log, who, Stat::Agi, target, "CH AGI boarding");
            if !roll.pass {
                log.push(|| Event::Status {
                    who,
                    text: "fails to get on or off the moving transport",
                });
                return true;
            }
        }
        match kind {
            ActKind::Embark { .. } => {
                let tp = self.transport(t).pos;
                let tr = self.transport_mut(t);
                tr.aboard |= 1 << who;
                if tr.driver == NO_DRIVER {
                    tr.driver = who;
                }
                let c = self.ch_mut(who);
                c.pos = tp;
                c.stance = Stance::Standing;
                c.moved = c.moved.saturating_add(1);
                log.push(|| Event::Status {
                    who,
                    text: "gets on the transport",
                });
            }
            ActKind::Disembark(q) => {
                let tr = self.transport_mut(t);
                tr.aboard &= !(1 << who);
                if tr.driver == who {
                    tr.driver = NO_DRIVER;
                }
                let from = self.ch(who).pos;
                if let Some(f) = Facing::towards(from, q) {
                    self.ch_mut(who).facing = f;
                }
                self.ch_mut(who).pos = q;
                self.ch_mut(who).moved = self.ch(who).moved.saturating_add(1);
                log.push(|| Event::Status {
                    who,
                    text: "gets off the transport",
                });
            }
            _ => {}
        }
        true
    }
}
