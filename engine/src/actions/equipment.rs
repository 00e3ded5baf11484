//! ACCIONES GENÉRICAS that move equipment between characters or deal with bodies: Comerciar,
//! Saquear and Eliminar (RULES.md, "Physical and item actions").
//!
//! An item is one of a character's catalogue weapons. Handed over, it leaves its owner's hands
//! (its `dropped` bit) and fills one of the receiver's `carried` slots, which point back at the
//! owner's weapon (`State::weapon_ref`): its DAÑ, ALC, traits, wear and rounds stay the owner's
//! entry, so `State` stays as cheap to clone as before (two `u16` per character).

use crate::actions::combat::{atr_check, attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::Stat;
use crate::state::*;

/// Comerciar (1).
pub const TRADE_COST: i8 = 1;
/// Saquear (3).
pub const LOOT_COST: i8 = 3;
/// Eliminar (2, CON, AGI, INT).
pub const ELIMINATE_COST: i8 = 2;

/// How many carried slots `i` would use after letting go of `out` (a weapon index of its own
/// numbering) and taking an item of `owner`.
fn slots_after(st: &State, i: CharIdx, out: Option<u8>, owner: Option<CharIdx>) -> usize {
    let n = st.info(i).def.weapons.len() as u8;
    let used = st.ch(i).carried.iter().filter(|&&k| k != 0).count();
    let freed = out.is_some_and(|w| w >= n) as usize;
    let taken = owner.is_some_and(|o| o != i) as usize;
    used - freed + taken
}

/// Comerciar options of `who`: with every able ally in base contact, hand over one held item
/// and/or take one of the ally's — «1 pieza de equipo empuñada o sencilla de coger» — so long
/// as both end with at most [`MAX_CARRIED`] items of others.
pub(crate) fn trade_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    let side = st.side_of(who);
    let p = st.ch(who).pos;
    let items = |i: CharIdx| -> smallvec::SmallVec<[Option<u8>; 8]> {
        std::iter::once(None)
            .chain(
                (0..st.weapon_slots(i))
                    .filter(|&w| st.holds_item(i, w))
                    .map(Some),
            )
            .collect()
    };
    for j in st.indices() {
        if j == who || st.side_of(j) != side || !st.able(j) || !st.ch(j).pos.adjacent(p) {
            continue;
        }
        let (mine, theirs) = (items(who), items(j));
        for &give in &mine {
            for &take in &theirs {
                if give.is_none() && take.is_none() {
                    continue;
                }
                // Garras y dientes: «No puede coger equipo» (nor be handed any).
                if (take.is_some() && st.takes_no_equipment(who))
                    || (give.is_some() && st.takes_no_equipment(j))
                {
                    continue;
                }
                let owner = |i: CharIdx, w: Option<u8>| w.and_then(|w| st.weapon_ref(i, w));
                let (g, t) = (owner(who, give), owner(j, take));
                if slots_after(st, j, take, g.map(|x| x.0)) > MAX_CARRIED
                    || slots_after(st, who, give, t.map(|x| x.0)) > MAX_CARRIED
                {
                    continue;
                }
                f(ActKind::Trade {
                    with: j,
                    give,
                    take,
                });
            }
        }
    }
}

/// Saquear options: every held item of every body in reach that `who` has room for.
pub(crate) fn loot_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    if st.takes_no_equipment(who) {
        return;
    }
    for b in st.indices() {
        if !st.body_in_reach(who, b) {
            continue;
        }
        for w in 0..st.weapon_slots(b) {
            let Some((owner, _)) = st.weapon_ref(b, w) else {
                continue;
            };
            if st.holds_item(b, w) && st.can_receive(who, owner) {
                f(ActKind::Loot { body: b, weapon: w });
            }
        }
    }
}

/// Eliminar options: every body in reach, when `who` holds a usable weapon — «usa algo para
/// decapitar, incendiar o desintegrar el cadáver».
pub(crate) fn eliminate_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    if !(0..st.weapon_slots(who)).any(|w| st.weapon_usable(who, w)) {
        return;
    }
    for b in st.indices() {
        if st.body_in_reach(who, b) {
            f(ActKind::Eliminate { body: b });
        }
    }
}

impl State {
    /// Resolves Comerciar, Saquear or Eliminar; false for another kind.
    pub(crate) fn resolve_equipment(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        match kind {
            ActKind::Trade { with, give, take } => {
                // Both items are named before either changes hands (a slot let go of moves the
                // later ones up).
                let g = give.and_then(|w| self.weapon_ref(who, w));
                let t = take.and_then(|w| self.weapon_ref(with, w));
                if let Some(w) = give {
                    self.let_go(who, w);
                }
                if let Some(w) = take {
                    self.let_go(with, w);
                }
                if let Some((o, ow)) = g {
                    self.receive(with, o, ow);
                }
                if let Some((o, ow)) = t {
                    self.receive(who, o, ow);
                }
                log.push(|| Event::Status {
                    who,
                    text: "trades equipment",
                });
            }
            ActKind::Loot { body, weapon } => {
                if let Some((o, ow)) = self.weapon_ref(body, weapon) {
                    self.let_go(body, weapon);
                    self.receive(who, o, ow);
                    // «CH AGI -1 durante este turno por cada objeto saqueado».
                    let c = self.ch_mut(who);
                    c.looted = c.looted.saturating_add(1);
                    log.push(|| Event::Status {
                        who,
                        text: "loots a body",
                    });
                }
            }
            ActKind::Eliminate { body } => {
                // «CH AGI, CON o INT»: the character uses whichever suits it best — the highest
                // target, ties in the order CON, AGI, INT (RULES.md).
                let target = |st: &State, s: Stat| {
                    let mut probe = *ctx;
                    attr_check_target(st, who, s, &mut probe, None, false)
                };
                let stat = [Stat::Agi, Stat::Con, Stat::Int]
                    .into_iter()
                    .max_by_key(|&s| (target(self, s), std::cmp::Reverse(s as u8)))
                    .unwrap_or(Stat::Agi);
                let t = attr_check_target(self, who, stat, ctx, None, false);
                let what = match stat {
                    Stat::Con => "CH CON eliminate",
                    Stat::Agi => "CH AGI eliminate",
                    _ => "CH INT eliminate",
                };
                if atr_check(self, d, log, who, stat, t, what).pass {
                    self.ch_mut(body).set(REMOVED, true);
                    log.push(|| Event::Status {
                        who: body,
                        text: "is removed from the table",
                    });
                }
            }
            _ => return false,
        }
        true
    }
}
