//! Driving a transport (MOVIMIENTO: «Los transportes eligen su MOV … giran hasta 45° al final
//! de su movimiento, y pivotan con una acción»; ACCIONES DE MOVIMIENTO: Pivotar (3)). The
//! driver's Mover / Correr move the transport with the transport's MOV (Correr: MOV + 1).
//! Decisions (RULES.md, "Transportes"): the path is straight ahead along its facing
//! (OPEN_READINGS A23 (b), no reversing — the turn «al final de su movimiento» and Maniobrar
//! «sin alterar su encaramiento» presuppose it); it stops before a wall, a base, another
//! transport or a change of terrain height; the terrain surcharge is the worst square entered, as
//! on foot; at the end it turns up to 45° (one facing step) or not; the first movement of a
//! stopped transport costs its ENE as well («arrancar el motor … e iniciar la marcha»: A22 (a)),
//! and it is en marcha until a turn ends without it moving. Its passengers move with it.

use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Effect;
use crate::state::State;

pub use super::road::driven;
use super::road::{open, start_cost};

/// ENE of Pivotar for a transport («Transporte 3»).
pub const PIVOT_COST: i8 = 3;

/// The ENE of Pivotar for transport `t`: 3, or Pivotante's.
fn pivot_cost(st: &State, t: usize) -> i8 {
    st.transport_info(t)
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::PivotEne(n) => Some(*n as i8),
            _ => None,
        })
        .unwrap_or(PIVOT_COST)
}

/// The facing `f` turned by `turn` eighths (−1, 0, 1).
pub fn turned(f: Facing, turn: i8) -> Facing {
    Facing::from_index(((f.index() as i8 + turn).rem_euclid(8)) as u8)
}

/// The driving options of `who` (Mover / Correr of the transport it drives, Pivotar of the
/// transport) with their ENE.
pub fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let Some(t) = driven(st, who) else {
        return;
    };
    let tr = *st.transport(t);
    let start = start_cost(st, t);
    let lento = crate::actions::movement::trait_move_ene(st, who);
    let mov = st.transport_info(t).arch.mov;
    // Caza: «un giro extra de 45° tras mover» (CH AGI when resolved); Dirección resistida
    // keeps every action within 45°.
    let limited = super::has(st, t, |e| matches!(e, Effect::TurnLimit));
    let turns: &[i8] = if !limited && super::has(st, t, |e| matches!(e, Effect::ExtraTurn)) {
        &[0, -1, 1, -2, 2]
    } else {
        &[0, -1, 1]
    };
    let pivot = pivot_cost(st, t);
    // Mecha: «Actúa como un Pj a pie» — any path, a character's Pivotar, no Maniobrar.
    if super::mecha::is_mecha(st, t) {
        for run in [false, true] {
            let base = if run { 2 } else { 1 };
            for (q, sur) in super::mecha::walk(st, t, mov + run as u8) {
                for turn in [0, -1, 1] {
                    f(
                        ActKind::Drive { to: q, turn, run },
                        base + sur + start + lento,
                    );
                }
            }
        }
        for face in Facing::ALL.into_iter().filter(|&g| g != tr.facing) {
            f(
                ActKind::PivotTransport(face),
                super::mecha::MECHA_PIVOT + start,
            );
        }
        return;
    }
    for run in [false, true] {
        let base = if run { 2 } else { 1 };
        let mut p = tr.pos;
        let mut sur = 0i8;
        for _ in 0..mov + run as u8 {
            let Some(q) = st.board().step(p, tr.facing) else {
                break;
            };
            if !open(st, t, p, q) {
                break;
            }
            sur = sur.max(st.board().terrain(q).surcharge().unwrap_or(0) as i8);
            for &turn in turns {
                f(
                    ActKind::Drive { to: q, turn, run },
                    base + sur + start + lento,
                );
            }
            p = q;
        }
    }
    for face in Facing::ALL {
        let step = (face.index() as i8 - tr.facing.index() as i8).rem_euclid(8);
        if face != tr.facing && (!limited || step == 1 || step == 7) {
            f(ActKind::PivotTransport(face), pivot + start);
        }
    }
    // Embestir with the transport — an attack: not for a driver that sprinted this turn
    // (Esprintar, «No puede atacar este turno»; audit 23).
    if !st.ch(who).has(crate::state::SPRINTED) {
        super::ram::options(st, who, t, &mut f);
    }
    // Maniobrar: «hasta 1 K después de mover o correr, sin alterar su encaramiento».
    if tr.moved > 0 && !tr.manoeuvred {
        for dir in Facing::ALL {
            if let Some(q) = st
                .board()
                .step(tr.pos, dir)
                .filter(|&q| open(st, t, tr.pos, q))
            {
                f(ActKind::Manoeuvre(q), MANOEUVRE_COST + lento);
            }
        }
    }
}

/// ENE of Maniobrar.
pub const MANOEUVRE_COST: i8 = 1;

/// The CH AGI modifier of Maniobrar after `moved` K this turn: none below 10 K (OPEN_READINGS
/// A24 (b): the check is asked only from 10 K), − D from 10 K, − D − 3 from 20 K (A24 (b): D is
/// a difficult action's −1, and «D -3» adds −3 to it);
/// `None`: no check.
pub fn manoeuvre_check(moved: u8) -> Option<i8> {
    let d = super::DIFFICULT;
    match moved {
        0..=9 => None,
        10..=19 => Some(-d),
        _ => Some(-d - 3),
    }
}

/// The ENE of a driving action of `who` (as [`options`] lists it).
pub fn cost(st: &State, who: CharIdx, kind: &ActKind) -> i8 {
    let mut c = None;
    options(st, who, |k, e| {
        if k == *kind {
            c = Some(e);
        }
    });
    c.unwrap_or(match kind {
        ActKind::PivotTransport(_) => PIVOT_COST,
        ActKind::Drive { run: true, .. } => 2,
        ActKind::Manoeuvre(_) => MANOEUVRE_COST,
        _ => 1,
    })
}

impl State {
    /// Resolves Maniobrar; false for another kind. A failed CH AGI leaves the transport where it
    /// was (the ENE spent; the text gives no other effect: A24).
    pub(crate) fn resolve_manoeuvre(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut crate::actions::combat::Ctx,
        d: &mut dyn crate::basics::dice::DiceSource,
        log: &mut Log,
    ) -> bool {
        use crate::actions::combat::{atr_check, attr_check_target};
        let ActKind::Manoeuvre(to) = kind else {
            return false;
        };
        let Some(t) = self.aboard(who) else {
            return true;
        };
        self.transport_mut(t).manoeuvred = true;
        if let Some(m) = manoeuvre_check(self.transport(t).moved) {
            let stat = crate::creation::effect::Stat::Agi;
            let target = attr_check_target(self, who, stat, ctx, None, false)
                + m
                + super::evasive(self, who, t);
            let roll = atr_check(self, d, log, who, stat, target, "CH AGI manoeuvre");
            if !roll.pass {
                log.push(|| Event::Status {
                    who,
                    text: "fails to manoeuvre the transport",
                });
                return true;
            }
        }
        let m = self.transport_mut(t);
        m.moved = m.moved.saturating_add(1);
        self.place_transport(t, to);
        log.push(|| Event::Status {
            who,
            text: "manoeuvres the transport",
        });
        self.overheat(d, log, who, t);
        true
    }

    /// The driver `who`'s run of transport `t` to `to` (its Mover / Correr, Embestir): en
    /// marcha, the K counted for the transport and its driver, Maniobrar open again, the
    /// passengers carried along.
    pub(crate) fn drive_to(
        &mut self,
        who: CharIdx,
        t: usize,
        to: Pos,
        text: &'static str,
        log: &mut Log,
    ) {
        let k = self.transport(t).pos.dist(to);
        let m = self.transport_mut(t);
        m.started = true;
        m.moved = m.moved.saturating_add(k);
        m.manoeuvred = false;
        self.place_transport(t, to);
        let c = self.ch_mut(who);
        c.moved = c.moved.saturating_add(k);
        log.push(|| Event::Status { who, text });
    }

    /// Resolves the driving actions; false for another kind.
    pub(crate) fn resolve_driving(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut crate::actions::combat::Ctx,
        d: &mut dyn crate::basics::dice::DiceSource,
        log: &mut Log,
    ) -> bool {
        let Some(t) = self.aboard(who) else {
            return matches!(kind, ActKind::Drive { .. } | ActKind::PivotTransport(_));
        };
        match kind {
            ActKind::Drive { to, mut turn, .. } => {
                if turn.abs() > 1 {
                    // Caza's extra 45°: CH AGI of the driver (Piloto evasivo helps); failed, the
                    // ordinary 45° only (the text gives no other effect).
                    use crate::actions::combat::{atr_check, attr_check_target};
                    let stat = crate::creation::effect::Stat::Agi;
                    let target = attr_check_target(self, who, stat, ctx, None, false)
                        + super::evasive(self, who, t);
                    let roll = atr_check(self, d, log, who, stat, target, "CH AGI extra turn");
                    if !roll.pass {
                        turn = turn.signum();
                    }
                }
                let tr = *self.transport(t);
                // A mecha faces the way it went (as a character); a vehicle its own way.
                let way = if super::mecha::is_mecha(self, t) {
                    Facing::towards(tr.pos, to).unwrap_or(tr.facing)
                } else {
                    tr.facing
                };
                self.transport_mut(t).facing = turned(way, turn);
                self.drive_to(who, t, to, "drives the transport", log);
            }
            ActKind::PivotTransport(f) => {
                let m = self.transport_mut(t);
                m.facing = f;
                m.started = true;
                log.push(|| Event::Status {
                    who,
                    text: "pivots the transport",
                });
            }
            _ => return false,
        }
        self.overheat(d, log, who, t);
        true
    }
}
