//! Ambiente hostil (seed 003, «Reglas avanzadas: ambiente hostil», adapted; RULES.md, ENTORNO /
//! Ambiente hostil): terrain zones where a check can go wrong in a second way. «Cada vez que una
//! tropa obtenga un valor determinado por el Nivel de Hostilidad … en una Tirada que se haya
//! debido a una declaración de Orden u ORA … debe efectuar obligatoriamente una Tirada de BLI».
//!
//! In Wartime terms: while an action resolves (an activation's or a reaction's), the natural
//! results of the action checks (CH ATR of every kind, CH IMP, both sides of a CH ENF) are kept;
//! after it, each kept result of a character that stood in or touching a zone when the action
//! began or ended, and that the zone's level names, makes the zone strike that character
//! ([`zone::Harm`]: a CH DEF against the zone's DAÑ with no cover, or a CH CON against being
//! immobilised). CH DEF, psychology checks and the reaction CH VOL never trigger (the seed's
//! «no se aplica a Tirada de Agallas o de BLI»). Variable zones roll their level and harm before
//! each turn's initiative.

pub mod zone;

use crate::actions::combat::{atr_check, attr_check_target, auto_hit, Ctx};
use crate::basics::action::CharIdx;
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::Pos;
use crate::creation::effect::Stat;
use crate::state::{State, IMMOBILISED};
use smallvec::SmallVec;
use zone::{Harm, Level, Rolled};

/// The squares and altitudes of every character when an action began, kept while it resolves.
pub struct Watch {
    starts: SmallVec<[(Pos, i8); 12]>,
    was: bool,
}

/// Starts watching an action: `None` (and nothing kept) in a position without hostile zones.
pub fn begin(st: &State, log: &mut Log) -> Option<Watch> {
    if st.statics().hostile.is_empty() {
        return None;
    }
    let was = log.track_naturals(true);
    Some(Watch {
        starts: st.indices().map(|i| (st.ch(i).pos, st.ch(i).alt)).collect(),
        was,
    })
}

/// This turn's level and harm of zone `k`: its own, or its roll when variable (`None` before
/// the first roll).
pub fn now(st: &State, k: usize) -> Option<Rolled> {
    st.hostile_now(k)
}

/// Whether a character on `p` is in or touching zone `k`.
pub fn touches(st: &State, k: usize, p: Pos) -> bool {
    st.statics().hostile[k].touches(p, st.board().width())
}

/// Whether a character at movement altitude `alt` on `p` is in or touching zone `k`: a zone is
/// terrain («Altura 1, sobre el terreno»), so it reaches altitude 1 and, as whatever lies on
/// the ground (bombs, lasting areas; Relación entre alturas), altitude 2 above it — not a mini
/// at gran altitud (3), in space (4) or under ground (−1) (RULES.md, Ambiente hostil).
pub fn touches_at(st: &State, k: usize, p: Pos, alt: i8) -> bool {
    crate::state::altitudes_interact(alt, crate::state::ALT_GROUND, true) && touches(st, k, p)
}

/// Whether a natural `roll` triggers `level`; a half face rolls its confirming 1D10 (6–10).
fn triggers(level: Level, roll: u8, d: &mut dyn DiceSource) -> bool {
    match level.faces() {
        Some((full, _)) if roll >= full => true,
        Some((_, Some(half))) if roll == half => d.d10() >= 6,
        _ => false,
    }
}

/// Ends the watch of an action: every kept natural result that a zone touching its roller
/// (where it began or ends the action) names strikes that roller, in the order rolled, zone by
/// zone.
pub fn finish(st: &mut State, w: Option<Watch>, d: &mut dyn DiceSource, log: &mut Log) {
    let Some(w) = w else {
        return;
    };
    let rolls = log.take_naturals();
    log.track_naturals(w.was);
    for (who, natural) in rolls {
        for k in 0..st.statics().hostile.len() {
            let Some(now) = now(st, k) else {
                continue;
            };
            let start = w.starts.get(who as usize).copied();
            let (end, alt) = (st.ch(who).pos, st.ch(who).alt);
            let inside =
                touches_at(st, k, end, alt) || start.is_some_and(|(p, a)| touches_at(st, k, p, a));
            if !inside || !st.able(who) || !triggers(now.level, natural, d) {
                continue;
            }
            let zone = k as u8;
            log.push(|| Event::HostileTrigger { who, zone, natural });
            strike(st, who, now.harm, d, log);
        }
    }
}

/// What a triggered zone does to `who`.
fn strike(st: &mut State, who: CharIdx, harm: Harm, d: &mut dyn DiceSource, log: &mut Log) {
    match harm {
        Harm::Def { dmg, checks } => {
            for _ in 0..checks {
                if st.able(who) {
                    // «La Tirada de BLI … no aplica MOD por Cobertura»: a bare CH DEF.
                    auto_hit(st, d, log, who, dmg as i16, None);
                }
            }
        }
        Harm::Con | Harm::ConHard => {
            let mut ctx = Ctx {
                first_used: true,
                ..Ctx::default()
            };
            let hard = if harm == Harm::ConHard { 1 } else { 0 };
            let t = attr_check_target(st, who, Stat::Con, &mut ctx, None, false) - hard;
            if !atr_check(st, d, log, who, Stat::Con, t, "CH CON hostile").pass {
                // IMM-1: held until the start of its own next activation.
                let c = st.ch_mut(who);
                c.set(IMMOBILISED, true);
                c.held_by = who;
                log.push(|| Event::Status {
                    who,
                    text: "is immobilised by the hostile zone",
                });
            }
        }
        Harm::Variable => {}
    }
}

/// Nivel de hostilidad variable: before the turn's initiative, each variable zone rolls its
/// level and / or harm on 1D100 (the seed's tables, [`Level::from_d100`], [`Harm::from_d100`]).
pub fn roll_turn(st: &mut State, d: &mut dyn DiceSource, log: &mut Log) {
    for k in 0..st.statics().hostile.len() {
        let (level, harm) = {
            let z = &st.statics().hostile[k];
            (z.level, z.harm)
        };
        if level != Level::Variable && harm != Harm::Variable {
            continue;
        }
        let level = if level == Level::Variable {
            Level::from_d100(d.d100())
        } else {
            level
        };
        let harm = if harm == Harm::Variable {
            Harm::from_d100(d.d100())
        } else {
            harm
        };
        st.set_hostile_now(k, Rolled { level, harm });
        let zone = k as u8;
        log.push(|| Event::HostileTurn {
            zone,
            text: format!("{level} ({} %), {harm}", level.percent()),
        });
    }
}

/// The chance, in %, that one check of `who` standing on `p` triggers some zone this turn, and
/// the worst DAÑ it would face there (0 for a CH CON zone): what the evaluation and the agents
/// read.
pub fn danger_at(st: &State, p: Pos) -> (u8, u8) {
    let mut pct = 0u8;
    let mut dmg = 0u8;
    for k in 0..st.statics().hostile.len() {
        if !touches(st, k, p) {
            continue;
        }
        if let Some(r) = now(st, k) {
            pct = pct.saturating_add(r.level.percent());
            if let Harm::Def { dmg: x, checks } = r.harm {
                dmg = dmg.max(x.saturating_mul(checks));
            } else {
                dmg = dmg.max(1);
            }
        }
    }
    (pct.min(100), dmg)
}
