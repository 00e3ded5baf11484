//! Embestir with a transport (ACCIONES DE COMBATE: «Embestir (X+1, AGI) Se debe recorrer, mín.
//! 2 K. Transporte: hace DAÑ = CON + K en línea recta (máx. CON x2). Se recibe DAÑ = CON del
//! embestido + K/2. Lo embestido se desplaza tantos K como DAÑ-CON.»).
//!
//! Decisions (RULES.md, "Transportes", OPEN_READINGS A25):
//! - The driver rams with the transport: it drives straight ahead along its facing (as its
//!   Mover / Correr: A23 (b)) at least 2 K and at most its MOV + 1 (Correr's reach: «X = 1 + ENE
//!   de correr», as a character's ram), and the target is the able enemy on foot on the next
//!   square straight ahead, on its level. ENE: X + 1 = 4, + the worst square's surcharge, +
//!   Lento, + the transport's ENE when stopped.
//! - A transport's **CON is its DEF** (A25 (b): a transport has no CON, and Mecha's «atributos
//!   del piloto, excepto CON» keeps the body's own); K = the squares driven in the straight line.
//! - CH IMP: the driver's CH AGI. Hit: the target takes a hit of DAÑ = min(DEF + K, 2 × DEF)
//!   (+ 1 on a critical CH IMP, + the transport's Ariete), with its CH DEF; the transport takes DAÑ = the target's CON +
//!   K/2 (rounded half up, Redondeo) with its CH DEF (DEF), as a shot at it; the target is pushed DAÑ − its
//!   CON K straight ahead (along the transport's facing), square by square, stopping before what
//!   it could not walk into (a wall, an obstacle it cannot cross, water, a gap, another base, a
//!   transport, another terrain height, the board's edge). A missed ram touches nothing.

use crate::actions::combat::{atr_check, attr_check_target, auto_hit, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::Pos;
use crate::creation::effect::{Effect, Scope, Stat};
use crate::state::{State, ALT_GROUND};

/// «X+1» with X = 1 + Correr's ENE (2): 4, as a character's ram.
pub const RAM_TRANSPORT_COST: i8 = 4;
/// «Se debe recorrer, mín. 2 K».
const MIN_RUN: u8 = 2;

/// The enemy `who` would ram on `q` (able, on foot, at altitude 1, on the level of `from`).
fn rammed(st: &State, who: CharIdx, from: Pos, q: Pos) -> Option<CharIdx> {
    let b = st.board();
    let side = st.side_of(who);
    st.indices().find(|&j| {
        let c = st.ch(j);
        st.able(j)
            && st.side_of(j) != side
            && st.aboard(j).is_none()
            && c.pos == q
            && c.alt == ALT_GROUND
            && b.terrain_height(q) == b.terrain_height(from)
    })
}

/// The rams of the driver `who` with transport `t` (not a Mecha: the caller's), with their ENE.
pub fn options(st: &State, who: CharIdx, t: usize, f: &mut impl FnMut(ActKind, i8)) {
    let tr = *st.transport(t);
    let base = RAM_TRANSPORT_COST
        + super::road::start_cost(st, t)
        + crate::actions::movement::trait_move_ene(st, who);
    let mov = st.transport_info(t).arch.mov + 1;
    let mut p = tr.pos;
    let mut sur = 0i8;
    for k in 1..=mov {
        let Some(q) = st.board().step(p, tr.facing) else {
            break;
        };
        if !super::road::open(st, t, p, q) {
            break;
        }
        sur = sur.max(st.board().terrain(q).surcharge().unwrap_or(0) as i8);
        if k >= MIN_RUN {
            if let Some(target) = st
                .board()
                .step(q, tr.facing)
                .and_then(|ahead| rammed(st, who, q, ahead))
            {
                f(ActKind::RamTransport { target, to: q }, base + sur);
            }
        }
        p = q;
    }
}

/// The ENE of a ram of `who` (as [`options`] lists it; 4 when it is not listed).
pub fn cost(st: &State, who: CharIdx, kind: &ActKind) -> i8 {
    let mut c = None;
    if let Some(t) = super::road::driven(st, who) {
        options(st, who, t, &mut |k, e| {
            if k == *kind {
                c = Some(e);
            }
        });
    }
    c.unwrap_or(RAM_TRANSPORT_COST)
}

impl State {
    /// Resolves Embestir with a transport; false for another kind.
    pub(crate) fn resolve_ram_transport(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        let ActKind::RamTransport { target, to } = kind else {
            return false;
        };
        let Some(t) = self.aboard(who) else {
            return true;
        };
        // The run: as the driver's Mover / Correr.
        let tr = *self.transport(t);
        let k = tr.pos.dist(to);
        self.drive_to(who, t, to, "rams with the transport", log);
        let aim = attr_check_target(self, who, Stat::Agi, ctx, None, false);
        let imp = atr_check(self, d, log, who, Stat::Agi, aim, "CH IMP ram");
        if imp.pass {
            let def = self.transport_info(t).def as i16;
            // Ariete («DAÑ +1 embistiendo») on the transport: on top of the cap, as a
            // character's ram (A25); the driver's own Ariete is its body's, not the transport's.
            let ram: i16 = self
                .transport_info(t)
                .effects
                .iter()
                .map(|e| match e {
                    Effect::RamDamage(k) => *k as i16,
                    _ => 0,
                })
                .sum();
            let dmg = (def + k as i16).min(2 * def) + imp.critical as i16 + ram;
            let con = self.info(target).con as i16;
            auto_hit(self, d, log, target, dmg, Some(who));
            // «Se recibe DAÑ = CON del embestido + K/2».
            // K/2 by Redondeo (CONCEPTOS BÁSICOS): N'5 rounds up.
            self.hit_transport(
                who,
                None,
                t,
                con + (k as i16 + 1) / 2,
                0,
                Scope::Any,
                d,
                log,
            );
            // «Lo embestido se desplaza tantos K como DAÑ-CON».
            let push = (dmg - con).clamp(0, 255) as u8;
            let mut at = self.ch(target).pos;
            for _ in 0..push {
                match self.board().step(at, tr.facing) {
                    Some(q) if self.may_be_pushed_to(target, at, q) => at = q,
                    _ => break,
                }
            }
            if at != self.ch(target).pos {
                let from = self.ch(target).pos;
                self.ch_mut(target).pos = at;
                log.push(|| Event::Moved {
                    who: target,
                    from,
                    to: at,
                });
            }
        }
        self.overheat(d, log, who, t);
        true
    }

    /// Whether a pushed `who` may go from `p` to `q`: walkable, of `p`'s terrain height, no able
    /// base nor transport there.
    fn may_be_pushed_to(&self, who: CharIdx, p: Pos, q: Pos) -> bool {
        let b = self.board();
        b.passable(q)
            && b.terrain_height(q) == b.terrain_height(p)
            && !crate::actions::movement::landing::taken(self, who, q)
    }
}
