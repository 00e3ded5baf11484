//! ACCIONES GENÉRICAS / Curar / Reparar (3, INT) on equipment: «Anula "veneno" o recupera 1
//! herida. Crítico recupera 3 heridas. Fallo inflige 1 herida extra. Pífia inflige 3 heridas
//! extra», read with COMBATE / Heridas: «Se puede curar o reparar si las heridas no superan la
//! CON o CAL del objetivo», «Equipo con tantas heridas como CAL: inutilizado … más heridas que
//! CAL: destruido». Curar of a character is `sequence::resolve` (`heal`); this module is the
//! repair of a worn weapon, protection or transport (RULES.md, "ACTIONS (core set)").
//!
//! **Who and what**: the actor's own equipment or an able ally's in base contact (as Curar's
//! «self or an ally in contact»): a weapon of its own still in its hands, or a protection,
//! with at least 1 wound and not destroyed (wounds = CAL, broken, still is: «no superan»);
//! and a transport of its side that it rides or is in contact with, with wounds and not
//! destroyed (> CAL: a wreck is no longer repaired).
//! **Outcomes**: Curar's table on the item's wounds — pass −1, critical −3 (never below 0);
//! failed +1, fumbled +3: a personal item's up to CAL + 1, destroyed (audit 22: it stopped at
//! its CAL, so no repair could ever destroy one), a transport's through its wear, so that past
//! its CAL it explodes as from any other wound.

use crate::actions::combat::{atr_check, attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx, Fix};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::Stat;
use crate::state::{State, MAX_EQUIPMENT};

/// Curar / Reparar's ENE.
pub const REPAIR_COST: i8 = 3;

/// The wear slot of `owner`'s own weapon or protection (`CharState::wear`: weapons first).
fn slot(st: &State, owner: CharIdx, item: Fix) -> Option<usize> {
    match item {
        Fix::Weapon(w) => Some(w as usize),
        Fix::Protection(p) => Some(st.info(owner).def.weapons.len() + p as usize),
        Fix::Transport(_) => None,
    }
    .filter(|&s| s < MAX_EQUIPMENT)
}

/// The item's CAL («Equipo con tantas heridas como CAL: inutilizado»).
fn quality(st: &State, owner: CharIdx, item: Fix) -> u8 {
    match item {
        Fix::Weapon(w) => st.weapon_quality(owner, w),
        Fix::Protection(p) => st.info(owner).def.protections[p as usize].quality,
        Fix::Transport(t) => st.transport_info(t as usize).arch.quality,
    }
}

/// The item's wounds.
fn wounds(st: &State, owner: CharIdx, item: Fix) -> u8 {
    match item {
        Fix::Transport(t) => st.transport(t as usize).wounds,
        _ => slot(st, owner, item).map_or(0, |s| st.ch(owner).wear[s]),
    }
}

/// The repairs `c` may make now (see the module's «Who and what»), as Curar / Reparar actions.
pub(crate) fn repair_options(st: &State, c: CharIdx, mut f: impl FnMut(ActKind)) {
    let side = st.side_of(c);
    let at = st.ch(c).pos;
    for j in st.indices() {
        // Self or an able ally in contact, with something worn (usually nothing: no item to
        // look at).
        if !(j == c || (st.ch(j).pos.dist(at) == 1 && st.side_of(j) == side && st.able(j)))
            || st.ch(j).wear.iter().all(|&w| w == 0)
        {
            continue;
        }
        let def = &st.info(j).def;
        let items = (0..def.weapons.len() as u8)
            .filter(|&w| st.holds(j, w))
            .map(Fix::Weapon)
            .chain((0..def.protections.len() as u8).map(Fix::Protection));
        for item in items {
            let n = wounds(st, j, item);
            if slot(st, j, item).is_some() && n > 0 && n <= quality(st, j, item) {
                f(ActKind::Heal {
                    target: j,
                    item: Some(item),
                });
            }
        }
    }
    for t in 0..st.num_transports() {
        let tr = st.transport(t);
        if st.transport_side(t) == side
            && tr.wounds > 0
            && !st.transport_destroyed(t)
            && (st.aboard(c) == Some(t) || (st.aboard(c).is_none() && tr.pos.dist(at) <= 1))
        {
            f(ActKind::Heal {
                target: c,
                item: Some(Fix::Transport(t as u8)),
            });
        }
    }
}

/// Curar / Reparar on `owner`'s `item` (a transport's owner is the actor): a CH INT (its
/// modifiers, as Curar's), then Curar's table on the item's wounds.
pub(crate) fn repair(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    owner: CharIdx,
    item: Fix,
    ctx: &mut Ctx,
) {
    let t = attr_check_target(st, who, Stat::Int, ctx, None, false);
    let roll = atr_check(st, d, log, who, Stat::Int, t, "CH INT repair");
    let (cal, now) = (quality(st, owner, item), wounds(st, owner, item));
    if roll.pass {
        let k = if roll.critical { 3 } else { 1 };
        set_wounds(st, owner, item, now.saturating_sub(k));
        log.push(|| Event::Status {
            who,
            text: "repairs the item",
        });
        return;
    }
    let k = if roll.fumble { 3 } else { 1 };
    match item {
        // Past its CAL a transport explodes (`wound_transport`).
        Fix::Transport(t) => st.wound_transport(d, log, who, t as usize, k),
        // A personal item's wounds stop at CAL + 1, destroyed (`State::wear_weapon`).
        _ => set_wounds(st, owner, item, now.saturating_add(k).min(cal + 1)),
    }
    log.push(|| Event::Status {
        who,
        text: "damages the item it repairs",
    });
}

fn set_wounds(st: &mut State, owner: CharIdx, item: Fix, n: u8) {
    match item {
        Fix::Transport(t) => st.transport_mut(t as usize).wounds = n,
        _ => {
            if let Some(s) = slot(st, owner, item) {
                st.ch_mut(owner).wear[s] = n;
            }
        }
    }
}
