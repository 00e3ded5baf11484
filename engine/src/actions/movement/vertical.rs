//! ACCIONES DE MOVIMIENTO between the levels of the terrain, on foot: Escalar up the side of a
//! higher square to its top, Subir a un alto (its AGI table, helped by allies), Dejarse caer
//! (its DAÑ table by the height relative to the mini's size), and the fall when a climb fails
//! (RULES.md, "Alturas"). Why a module of its own: these are the only actions that change a
//! base's level on foot; walking keeps it (`altitude.rs`, `fill_flags`).
//!
//! Heights are in K, and a mini's size is its natural MOV in K («MOV natural igual a tantos K
//! como veces sean de alto lo que un humano»; OPEN_READINGS A16 (a)).

use crate::actions::combat::{atr_check, attr_check_target, auto_hit, Ctx};
use crate::actions::movement::trait_move_ene;
use crate::basics::action::{ActKind, CharIdx, Vertical};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::{Effect, Stat};
use crate::state::*;

/// Escalar (3, AGI), per MOV K climbed.
pub const SCALE_COST: i8 = 3;
/// Subir a un alto (3, AGI).
pub const LEAP_UP_COST: i8 = 3;
/// Dejarse caer (1).
pub const FALL_COST: i8 = 1;
/// «La altura se incrementa si alguien ayuda»: what each helping ally adds, in half K (1 K:
/// a boost of one human height; OPEN_READINGS A18, the text gives no amount).
const HELP_HALVES: u16 = 2;

/// A mini's size in K (A16 (a)): its natural MOV.
fn size(st: &State, who: CharIdx) -> u16 {
    st.info(who).mov.max(1) as u16
}

/// Dejarse caer's table: «Altura <= miniatura x2, DAÑ=0. <= x3, DAÑ=4. <= x4, DAÑ=7. > x4,
/// DAÑ=10.» `drop`: the height fallen in K; `size`: the mini's height in K.
pub fn fall_dmg(drop: u16, size: u16) -> i16 {
    if drop <= 2 * size {
        0
    } else if drop <= 3 * size {
        4
    } else if drop <= 4 * size {
        7
    } else {
        10
    }
}

/// Subir a un alto's table in half K per K of the mini's height: «AGI <= 3, tan alto como su
/// altura x0.5. AGI = 4, x1. AGI = 5, x1.5. AGI >= 6, x2. AGI >= 8, x3» (AGI 8 matches both of
/// the last rows: the larger, ×3).
fn leap_halves(agi: u8) -> u16 {
    match agi {
        0..=3 => 1,
        4 => 2,
        5 => 3,
        6 | 7 => 4,
        _ => 6,
    }
}

/// How high `who` may leap up, in half K: its height × the AGI table, plus 1 K for each able
/// ally in base contact on its level (they help).
pub fn leap_reach_halves(st: &State, who: CharIdx) -> u16 {
    let helpers = st
        .indices()
        .filter(|&j| {
            j != who && st.side_of(j) == st.side_of(who) && st.able(j) && st.in_contact(who, j)
        })
        .count() as u16;
    size(st, who) * leap_halves(st.info(who).agi) + HELP_HALVES * helpers
}

/// How many Escalar actions a rise of `rise` K takes: one per MOV K («Ascende tantos K como su
/// MOV»).
fn scale_stages(st: &State, who: CharIdx, rise: u16) -> u16 {
    rise.div_ceil(size(st, who))
}

/// Whether Caer con estilo («Sin daño cayendo desde altura») spares `who` a fall's damage.
fn falls_in_style(st: &State, who: CharIdx) -> bool {
    st.info(who)
        .has_effect(|e| matches!(e, Effect::NoFallDamage))
}

/// The vertical options of `who` (on foot, at altitude 1, standing or crouched, not engaged:
/// checked by the caller), each with its ENE: for every adjacent square on the board of another
/// terrain height, walkable, free of bases and outside the 1 K of every able enemy on that
/// level (Restricciones) — up: Escalar (3 per stage) and, when high enough, Subir a un alto (3);
/// down: Dejarse caer (1). The destination's terrain surcharge and Lento are added as for any
/// movement. Diagonal squares need both side squares no higher than the lower of the two ends
/// and free (MOVIMIENTO / Casillas: one does not climb round a corner).
pub fn options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let b = st.board();
    if !b.has_heights() {
        return;
    }
    let p = st.ch(who).pos;
    let here = b.terrain_height(p) as u16;
    let extra = trait_move_ene(st, who);
    let leap = leap_reach_halves(st, who);
    for dir in Facing::ALL {
        let Some(q) = b.step(p, dir) else { continue };
        let there = b.terrain_height(q) as u16;
        if there == here || !b.passable(q) || !open_square(st, who, q) {
            continue;
        }
        let (dx, dy) = dir.delta();
        if dx != 0 && dy != 0 {
            let low = here.min(there);
            let sides = [Pos::new(q.x, p.y), Pos::new(p.x, q.y)];
            if !sides.iter().all(|&s| {
                b.terrain_height(s) as u16 <= low && !crate::actions::combat::occupied(st, s)
            }) {
                continue;
            }
        }
        // Agacharse, «Terreno fácil es difícil»: a crouched climber, leaper or faller pays an
        // easy destination as difficult (audit 25b; Escalar over an obstacle did, audit 23).
        let sur = super::special::climb_surcharge(st, who, q) + extra;
        if there > here {
            let rise = there - here;
            let stages = scale_stages(st, who, rise) as i8;
            f(
                ActKind::Vertical {
                    how: Vertical::Scale,
                    to: q,
                },
                SCALE_COST * stages + sur,
            );
            if 2 * rise <= leap {
                f(
                    ActKind::Vertical {
                        how: Vertical::LeapUp,
                        to: q,
                    },
                    LEAP_UP_COST + sur,
                );
            }
        } else {
            f(
                ActKind::Vertical {
                    how: Vertical::Fall,
                    to: q,
                },
                FALL_COST + sur,
            );
        }
    }
}

/// A square `who` may end on: free of able bases, and not within 1 K of an able enemy at
/// altitude 1 on that square's level.
fn open_square(st: &State, who: CharIdx, q: Pos) -> bool {
    let b = st.board();
    let level = b.terrain_height(q);
    let side = st.side_of(who);
    !crate::actions::combat::occupied(st, q)
        && !st.indices().any(|j| {
            let c = st.ch(j);
            j != who
                && st.side_of(j) != side
                && st.able(j)
                && c.alt == ALT_GROUND
                && c.pos.dist(q) <= 1
                && b.terrain_height(c.pos) == level
        })
}

/// The ENE of a vertical action for `who`; `None` for another kind.
pub fn cost(st: &State, who: CharIdx, kind: &ActKind) -> Option<i8> {
    let ActKind::Vertical { how, to } = *kind else {
        return None;
    };
    let b = st.board();
    let sur = super::special::climb_surcharge(st, who, to) + trait_move_ene(st, who);
    let here = b.terrain_height(st.ch(who).pos) as u16;
    let there = b.terrain_height(to) as u16;
    Some(match how {
        Vertical::Scale => {
            SCALE_COST * scale_stages(st, who, there.saturating_sub(here)) as i8 + sur
        }
        Vertical::LeapUp => LEAP_UP_COST + sur,
        Vertical::Fall => FALL_COST + sur,
    })
}

impl State {
    /// Resolves a vertical action; false for another kind.
    ///
    /// - Escalar: one CH AGI per stage (per MOV K of the rise), in order; all passed, it stands
    ///   on the top. A failed stage: the first leaves it where it was (nothing climbed, as
    ///   Escalar over an obstacle); a later one drops it back from the height reached, with
    ///   Dejarse caer's DAÑ for that height (OPEN_READINGS A18 (b)). A critical on the last
    ///   stage gives the extra klik straight on.
    /// - Subir a un alto: one CH AGI; passed, it is on the top; failed, the ENE is spent and it
    ///   stays (it jumped and came down where it stood: A18 (a)).
    /// - Dejarse caer: no check; the fall's DAÑ (its table) is a hit on itself resolved with its
    ///   CH DEF (OPEN_READINGS A20 (a), as the fall into a gap), none with Caer con estilo.
    pub(crate) fn resolve_vertical(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        let ActKind::Vertical { how, to } = kind else {
            return false;
        };
        let from = self.ch(who).pos;
        let b = self.board();
        let here = b.terrain_height(from) as u16;
        let there = b.terrain_height(to) as u16;
        let s = size(self, who);
        match how {
            Vertical::Scale => {
                let stages = scale_stages(self, who, there.saturating_sub(here));
                for k in 0..stages {
                    let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
                    let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI climb");
                    if !roll.pass {
                        let climbed = (k * s).min(there - here);
                        if climbed > 0 {
                            log.push(|| Event::Status {
                                who,
                                text: "falls from the wall",
                            });
                            self.fall_hit(who, climbed, d, log);
                        }
                        return true;
                    }
                    if k + 1 == stages {
                        self.move_to(who, to, 1, false, log);
                        if roll.critical {
                            self.critical_move(who, from, log);
                        }
                    }
                }
                self.after_move(who, d, log);
            }
            Vertical::LeapUp => {
                let t = attr_check_target(self, who, Stat::Agi, ctx, None, false);
                let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI leap up");
                if roll.pass {
                    self.move_to(who, to, 1, false, log);
                    if roll.critical {
                        self.critical_move(who, from, log);
                    }
                    self.after_move(who, d, log);
                }
            }
            Vertical::Fall => {
                self.move_to(who, to, 1, false, log);
                self.fall_hit(who, here - there, d, log);
                if self.able(who) {
                    self.after_move(who, d, log);
                }
            }
        }
        true
    }

    /// A fall of `drop` K: Dejarse caer's DAÑ for that height as a hit on itself (its CH DEF);
    /// nothing at DAÑ 0 or with Caer con estilo; halved with Saltador (Redondeo).
    pub(crate) fn fall_hit(
        &mut self,
        who: CharIdx,
        drop: u16,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let mut dmg = fall_dmg(drop, size(self, who));
        // Saltador: «DAÑ/2 en caídas», rounded as CONCEPTOS BÁSICOS / Redondeo says («Hasta
        // N'49 se redondean a N, y para N'5 o más a N+1»): 4 → 2, 7 → 4, 10 → 5.
        if self
            .info(who)
            .has_effect(|e| matches!(e, Effect::Jumper(_)))
        {
            dmg = (dmg + 1) / 2;
        }
        if dmg > 0 && !falls_in_style(self, who) {
            auto_hit(self, d, log, who, dmg, None);
        }
    }
}
