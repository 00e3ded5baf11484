//! ACCIONES: the physical and item actions — Embestir, Lanzar armas / objetos, Soltar, Ataque
//! CaC con objeto improvisado, and Atar / Desatarse after Inmovilizar enemigo (RULES.md,
//! "Physical and item actions"): which are legal, what they cost, and how they resolve.
//!
//! The items are the character's weapons: a weapon let go of (Soltar, Lanzar, or Desarmar's
//! «un objeto empuñado cae al suelo») sets its bit in `CharState::dropped` and stays lost to it.

use crate::actions::combat::{
    atr_check, attr_check_target, opposed, resolve_attack, Ctx, Special, With,
};
use crate::actions::movement::{destinations, max_steps, MoveKind};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::creation::effect::{Effect, Stat};
use crate::state::*;

/// Embestir (X + 1, AGI), «Personaje: … X=1+ENE de "correr"»: X = 1 + Correr's 2, so 4 (the
/// terrain surcharge and Lento come on top, as Correr's would).
pub const RAM_COST: i8 = 4;
/// Lanzar armas / objetos (2, AGI).
pub const THROW_COST: i8 = 2;
/// Ataque CaC con objeto improvisado (3, AGI).
pub const CLUB_COST: i8 = 3;
/// Atar: «puede atarle con una acción de ENE 3».
pub const TIE_COST: i8 = 3;
/// Desatarse (4, AGI D).
pub const UNTIE_COST: i8 = 4;

/// The DAÑ of weapon `w` thrown or swung as an improvised object: «Si es acero o roca dura,
/// DAÑ=2; si es madera, DAÑ=1».
pub fn object_dmg(st: &State, who: CharIdx, w: u8) -> u8 {
    st.weapon_def(who, w).material().object_dmg()
}

/// Lanzar armas / objetos: «A tantos K como MOV+CON» (natural MOV and race CON).
pub fn throw_range(st: &State, who: CharIdx) -> u8 {
    let info = st.info(who);
    info.mov.saturating_add(info.con)
}

/// Arma arrojada: the DAÑ change of item `w` of `who` made to be thrown, if it is one.
fn thrown_bonus(st: &State, who: CharIdx, w: u8) -> Option<i8> {
    st.weapon_fx(who, w).iter().find_map(|e| match e {
        Effect::Thrown(k) => Some(*k),
        _ => None,
    })
}

/// How far `who` throws item `w` (Arma arrojada: «ALC=CON+AGI») and with what DAÑ (its own
/// DAÑ + 1; any other item the DAÑ of its material).
pub fn throw_of(st: &State, who: CharIdx, w: u8) -> (u8, u8) {
    match thrown_bonus(st, who, w) {
        Some(k) => {
            let info = st.info(who);
            let dmg = (st.weapon_dmg(who, w) + k as i16).clamp(0, 255) as u8;
            (info.con.saturating_add(info.agi), dmg)
        }
        None => (throw_range(st, who), object_dmg(st, who, w)),
    }
}

/// Embestir options of `who` (not engaged, not prone, able to run, checked by the caller)
/// against `t`: every square in contact with `t` that Correr reaches in at least 2 K, with its
/// cost (4 + the terrain surcharge + Lento). Like Cargar, the target must be in LdV at the start.
pub(crate) fn ram_options(st: &State, who: CharIdx, t: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let (p, tp) = (st.ch(who).pos, st.ch(t).pos);
    if p.dist(tp) > max_steps(st, who, MoveKind::Ram(t)) + 1 || !st.sight(who, t) {
        return;
    }
    let mut reach = Vec::new();
    destinations(st, who, MoveKind::Ram(t), &mut reach);
    let lento = crate::actions::movement::trait_move_ene(st, who);
    for r in &reach {
        let k = ActKind::Ram {
            target: t,
            to: r.pos,
        };
        f(k, RAM_COST + r.surcharge as i8 + lento);
    }
}

/// Lanzar options of `who` against `t`: every held item with a DAÑ, at a target within MOV + CON
/// K, in the CdV range and in LdV, not engaged (a throw is an ataque a distancia; RULES.md).
/// `arc`: a reactor must have the target in its arc (it cannot turn).
pub(crate) fn throw_options(
    st: &State,
    who: CharIdx,
    t: CharIdx,
    arc: bool,
    mut f: impl FnMut(ActKind),
) {
    let (a, b) = (st.ch(who), st.ch(t));
    let d = a.pos.dist(b.pos);
    let info = st.info(who);
    // The farthest any item goes (Arma arrojada: CON + AGI); each item's own reach below.
    if d > throw_range(st, who).max(info.con.saturating_add(info.agi))
        || d > st.view_range(who)
        || (arc && !a.facing.in_front(a.pos, b.pos))
        || st.engaged(t)
    {
        return;
    }
    let n = st.weapon_slots(who);
    let mut seen = None;
    for w in 0..n {
        let (reach, dmg) = throw_of(st, who, w);
        if !st.holds_item(who, w) || dmg == 0 || d > reach {
            continue;
        }
        if !*seen.get_or_insert_with(|| st.sight(who, t)) {
            return;
        }
        f(ActKind::Throw {
            target: t,
            weapon: w,
        });
    }
}

/// Ataque CaC con objeto improvisado options against an adjacent `t`: every held item that is
/// not a melee weapon (ALC > 0: a gun or a bow swung as a club), loaded or not, worn or not.
pub(crate) fn club_options(st: &State, who: CharIdx, t: CharIdx, mut f: impl FnMut(ActKind)) {
    let n = st.weapon_slots(who);
    for w in 0..n {
        if st.holds_item(who, w) && st.weapon_def(who, w).range > 0 && object_dmg(st, who, w) > 0 {
            f(ActKind::Club {
                target: t,
                weapon: w,
            });
        }
    }
}

/// Soltar options: every held item (X = 0, or the weapon's ENE for a bomb: `base_cost`).
pub(crate) fn drop_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    let n = st.weapon_slots(who);
    for w in 0..n {
        if st.holds_item(who, w) {
            f(ActKind::Drop { weapon: w });
        }
    }
}

/// Whether `who` ties with steel: it carries a working object that binds (manacles).
fn binds_with_steel(st: &State, who: CharIdx) -> bool {
    let objects = &st.info(who).def.objects;
    (0..objects.len().min(8) as u8).any(|object| {
        objects[object as usize].binds
            && st.object_works(crate::basics::action::ObjRef::Carried {
                holder: who,
                object,
            })
    })
}

/// Desatarse of a character tied with steel («Acero: se necesitan 2 críticos seguidos»): a
/// critical after a critical frees it (the bonds and the streak go; `false`, so the caller
/// frees it); a first critical starts the streak; anything else breaks it. `true` while it
/// stays tied (the roll's pass frees nobody); `false` for a rope-tied character.
fn untie_steel(st: &mut State, who: CharIdx, critical: bool) -> bool {
    let bits = st.body(who).bits;
    if bits & STEEL_TIED == 0 {
        return false;
    }
    let b = st.body_mut(who);
    if critical && bits & STEEL_STREAK != 0 {
        b.bits &= !(STEEL_TIED | STEEL_STREAK);
        return false;
    }
    if critical {
        b.bits |= STEEL_STREAK;
    } else {
        b.bits &= !STEEL_STREAK;
    }
    true
}

/// Atar options: an enemy in contact that `who` itself immobilised and holds still.
pub(crate) fn tie_options(st: &State, who: CharIdx, t: CharIdx, mut f: impl FnMut(ActKind)) {
    let c = st.ch(t);
    if c.has(IMMOBILISED) && c.held_by == who && c.pos.adjacent(st.ch(who).pos) {
        f(ActKind::Tie { target: t });
    }
}

impl State {
    /// Resolves a physical or item action (the kinds of this module); false for another kind.
    pub(crate) fn resolve_physical(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        match kind {
            ActKind::Ram { target, to } => {
                self.move_by(who, MoveKind::Ram(target), to, log);
                self.face(who, target);
                // «Personaje: DAÑ máx. = CON»: the transport's DAÑ = CON + K, capped at CON, is
                // CON for any ram of at least 2 K (Mulo: «CON+1 para calcular … embestir»).
                let dmg = self.strength_con(who).clamp(0, 255) as u8;
                let mut a = self.attack(who, target, None, true, Special::Wound);
                a.with = With::Body { dmg };
                resolve_attack(self, d, log, a, ctx);
                self.after_move(who, d, log);
            }
            ActKind::Throw { target, weapon } => {
                self.face(who, target);
                let (_, dmg) = throw_of(self, who, weapon);
                // The item leaves the hand whatever the CH IMP: it lies where it fell. (Let go
                // after the attack: a carried item's index must stay valid while it resolves.)
                // Arma arrojada: the weapon made to be thrown attacks as itself (its own DAÑ
                // + 1), so its traits act as in any attack with it — Arma complicada's CH IMP,
                // Filo romo's DAÑ, De Padrón (audit 27a: they were skipped); any other item
                // thrown is just its material's DAÑ.
                let as_weapon = thrown_bonus(self, who, weapon).map(|_| weapon);
                let mut a = self.attack(who, target, as_weapon, false, Special::Wound);
                a.with = With::Object { item: weapon, dmg };
                resolve_attack(self, d, log, a, ctx);
                // It lies on the target's square (`actions::items`).
                let at = self.ch(target).pos;
                self.drop_to_ground(who, weapon, at);
            }
            ActKind::Club { target, weapon } => {
                self.face(who, target);
                let dmg = object_dmg(self, who, weapon);
                let mut a = self.attack(who, target, None, true, Special::Wound);
                a.with = With::Object { item: weapon, dmg };
                resolve_attack(self, d, log, a, ctx);
            }
            ActKind::Drop { weapon } => {
                if crate::actions::combat::is_bomb(self, who, weapon) {
                    // A bomb lies on the square, not yet operative (`combat::bombs`).
                    self.lay_bomb(who, weapon, log);
                    self.let_go(who, weapon);
                } else {
                    let at = self.ch(who).pos;
                    self.drop_to_ground(who, weapon, at);
                }
                log.push(|| Event::Status {
                    who,
                    text: "drops a weapon",
                });
            }
            ActKind::Tie { target } => {
                self.face(who, target);
                // «un nuevo CH CON ENF».
                let (won, _, _) = opposed(self, d, log, who, target, Stat::Con, ctx);
                if won {
                    // Manacles: a working object that binds ties with steel.
                    if binds_with_steel(self, who) {
                        self.body_mut(target).bits |= STEEL_TIED;
                    }
                    let t = self.ch_mut(target);
                    t.set(TIED, true);
                    t.set(IMMOBILISED, false);
                    log.push(|| Event::Status {
                        who: target,
                        text: "is tied up",
                    });
                }
            }
            ActKind::Untie => {
                // (4, AGI D): a CH AGI, difícil (−1). «Si pifia, +1 herida».
                let t = attr_check_target(self, who, Stat::Agi, ctx, None, false) - 1;
                let roll = atr_check(self, d, log, who, Stat::Agi, t, "CH AGI untie");
                // Steel: «se necesitan 2 críticos seguidos» (a pass short of that frees nobody).
                let steel_holds = untie_steel(self, who, roll.critical);
                if roll.pass && !steel_holds {
                    self.ch_mut(who).set(TIED, false);
                    log.push(|| Event::Status {
                        who,
                        text: "gets loose",
                    });
                } else if roll.fumble {
                    crate::actions::combat::add_wounds(self, d, log, who, 1, None);
                }
            }
            _ => return false,
        }
        true
    }
}
