//! Mecha (BONUS Y MALUS): «Este transporte se puede trabar en CaC. Se usan los atributos del
//! piloto, excepto CON. Actúa como un Pj a pie.»
//!
//! Decisions (RULES.md, "Traits in play, share T"):
//! - «Actúa como un Pj a pie»: its driver walks it as a character walks (OPEN_READINGS A23 (a)
//!   for it alone): Mover / Correr of the mecha go along any path of king steps within its MOV
//!   (Correr + 1) over walkable squares of its level, never through a base or another
//!   transport, the surcharge the worst square of the cheapest path (as on foot); it ends facing
//!   the way it went, turned up to 45° (`drive X,Y 45`); its Pivotar is a character's, ENE 1; no
//!   Maniobrar (a vehicle's manoeuvre). Its ENE to start, when stopped, is still paid (its
//!   engine).
//! - «Se puede trabar en CaC»: an enemy on foot in base contact with it, on its level, attacks it
//!   in melee (`melee-transport tN wN`, each melee weapon): CH IMP (AGI) as any melee attack, then
//!   the transport's CH DEF (its DEF), as a shot at it; and its driver fights in melee from it,
//!   with its own weapons, the enemies in contact with the mecha.
//! - «Se usan los atributos del piloto, excepto CON»: every check of the mecha is its pilot's
//!   (its CH AGI, its CH IMP); its wear stays the transport's (CAL, DEF: the «CON» of a vehicle).

use crate::actions::combat::Ctx;
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Facing, Pos};
use crate::creation::effect::Effect;
use crate::state::{State, ALT_GROUND};

/// Pivotar of a mecha: a character's («Pivotar (1)»).
pub const MECHA_PIVOT: i8 = 1;

/// Whether transport `t` is a Mecha.
pub fn is_mecha(st: &State, t: usize) -> bool {
    super::has(st, t, |e| matches!(e, Effect::Mecha))
}

/// Where mecha `t` may walk within `steps` king steps: each square with the least surcharge of
/// a path to it (0, 1, 2), in (row, column) order.
pub fn walk(st: &State, t: usize, steps: u8) -> Vec<(Pos, i8)> {
    let b = st.board();
    let from = st.transport(t).pos;
    let level = b.terrain_height(from);
    let n = b.len();
    let taken = |q: Pos| {
        st.transport_at(q).is_some_and(|o| o != t)
            || st
                .indices()
                .any(|j| st.able(j) && st.aboard(j).is_none() && st.ch(j).pos == q)
    };
    let open = |q: Pos| b.passable(q) && b.terrain_height(q) == level && !taken(q);
    let mut best: Vec<Option<i8>> = vec![None; n];
    for lv in 0..=2u8 {
        let mut seen = vec![false; n];
        seen[b.index(from)] = true;
        let mut frontier = vec![from];
        for _ in 0..steps {
            let mut next = Vec::new();
            for &p in &frontier {
                for dir in Facing::ALL {
                    let Some(q) = b.step(p, dir) else { continue };
                    let qi = b.index(q);
                    if seen[qi] || !open(q) || b.terrain(q).surcharge().unwrap_or(3) > lv {
                        continue;
                    }
                    let (dx, dy) = dir.delta();
                    if dx != 0 && dy != 0 && !(open(Pos::new(q.x, p.y)) && open(Pos::new(p.x, q.y)))
                    {
                        continue;
                    }
                    seen[qi] = true;
                    best[qi].get_or_insert(lv as i8);
                    next.push(q);
                }
            }
            frontier = next;
        }
    }
    (0..n)
        .filter_map(|i| best[i].map(|s| (b.pos(i), s)))
        .collect()
}

/// The melee attacks of `who` (on foot) on the enemy mechas in base contact on its level.
pub fn melee_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let c = st.ch(who);
    if st.aboard(who).is_some() || c.alt != ALT_GROUND {
        return;
    }
    let b = st.board();
    for t in 0..st.num_transports() {
        let tp = st.transport(t).pos;
        if st.transport_side(t) == st.side_of(who)
            || st.transport_destroyed(t)
            || !c.pos.adjacent(tp)
            || b.terrain_height(tp) != b.terrain_height(c.pos)
            || !is_mecha(st, t)
        {
            continue;
        }
        for w in 0..st.weapon_slots(who) {
            if st.weapon_range(who, w) == 0 && st.weapon_usable(who, w) {
                let k = ActKind::MeleeTransport {
                    transport: t as u8,
                    weapon: w,
                };
                f(k, st.weapon_ene(who, w));
            }
        }
    }
}

/// The DAÑ of `who`'s melee attack on a mecha with `weapon`, before a critical and the traits
/// (`fire::strike_transport` adds them, Reventamuros' «DAÑ+3 en CaC a … tanques» among them):
/// «Ataque CaC … DAÑ=DAÑ del arma+CON-4-heridas (mín. 1)» (Mulo's CON).
pub fn melee_dmg(st: &State, who: CharIdx, weapon: u8) -> i16 {
    let base = st.weapon_dmg(who, weapon) + st.strength_con(who) - 4 - st.ch(who).wounds as i16;
    base.max(1)
}

impl State {
    /// Resolves a melee attack on a mecha; false for another kind. CH IMP (AGI) of the
    /// attacker, with its stance; hit: the transport's CH DEF against [`melee_dmg`] (+ 1 on a
    /// critical).
    pub(crate) fn resolve_melee_transport(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        let ActKind::MeleeTransport { transport, weapon } = kind else {
            return false;
        };
        let t = transport as usize;
        // The weapon's «cuando se usa» traits, as for a character struck (audit 27a).
        let used = crate::actions::combat::weapon_uses(self, d, log, who, Some(weapon), ctx);
        if used.stopped {
            return true;
        }
        let dmg = if used.no_damage {
            super::fire::NO_DAMAGE
        } else {
            melee_dmg(self, who, weapon)
        };
        // The attacker's stance (Agacharse, Cuerpo a tierra: «atacando CaC»; audit 25b).
        let strike = super::fire::Strike {
            weapon,
            melee: true,
            malus: -crate::actions::combat::melee_attacker_stance(self.ch(who).stance),
        };
        self.strike_transport(who, t, dmg, strike, "CH IMP mecha", ctx, d, log);
        true
    }
}
