//! ACCIONES GENÉRICAS: items on the ground and scenario elements — picking an item up, and
//! Buscar (1, INT), «Busca e investiga en un elemento» (RULES.md, "Items on the ground and
//! Buscar").
//!
//! An item is one of a character's catalogue weapons (as for Comerciar and Saquear): let go of
//! by Soltar or Desarmar it lies on its holder's square, thrown (Lanzar) on its target's; a
//! position file may also lay items on the ground or hide them in scenario elements. Picking
//! one up costs Comerciar's 1 («recibe 1 pieza de equipo … sencilla de coger»: the rulebook has
//! no other action for it). What a search finds is the scenario's (A29): the element's hidden
//! items and objective points.

use crate::actions::combat::{atr_check, attr_check_target, Ctx};
use crate::basics::action::{ActKind, CharIdx};
use crate::basics::check::{Event, Log};
use crate::basics::dice::DiceSource;
use crate::basics::geom::Pos;
use crate::creation::effect::{Effect, Stat};
use crate::state::*;

/// Picking up an item: Comerciar's cost.
pub const PICK_UP_COST: i8 = 1;
/// Buscar (1, INT).
pub const SEARCH_COST: i8 = 1;

/// Picking-up options of `who`: every item lying on its square or in base contact that it has
/// room for.
pub(crate) fn pick_up_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    let p = st.ch(who).pos;
    for (owner, weapon, at) in st.ground_items() {
        // Garras y dientes: «No puede coger equipo» — nobody else's (its own, let go of, it
        // takes back; audit 29c: it picked up any).
        if at.dist(p) <= 1
            && st.can_receive(who, owner)
            && (owner == who || !st.takes_no_equipment(who))
        {
            f(ActKind::PickUp { owner, weapon });
        }
    }
}

/// Buscar options of `who`: every scenario element not yet searched, on its square or in base
/// contact (A29: «en un elemento» — the searcher is at it).
pub(crate) fn search_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind)) {
    let p = st.ch(who).pos;
    for (e, el) in st.statics().elements.iter().enumerate() {
        if !st.searched(e as u8) && el.at.dist(p) <= 1 {
            f(ActKind::Search { element: e as u8 });
        }
    }
}

impl State {
    /// `i` lets go of weapon index `w`, which lies on `at` (Soltar, Desarmar, Lanzar).
    pub(crate) fn drop_to_ground(&mut self, i: CharIdx, w: u8, at: Pos) {
        if let Some((o, ow)) = self.weapon_ref(i, w) {
            self.let_go(i, w);
            self.ground.push((1 + o as u16 * 8 + ow as u16, at));
        }
    }

    /// Resolves picking up or Buscar; false for another kind.
    pub(crate) fn resolve_items(
        &mut self,
        who: CharIdx,
        kind: ActKind,
        ctx: &mut Ctx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> bool {
        match kind {
            ActKind::PickUp { owner, weapon } => {
                let code = 1 + owner as u16 * 8 + weapon as u16;
                if let Some(k) = self.ground.iter().position(|g| g.0 == code) {
                    self.ground.remove(k);
                    self.receive(who, owner, weapon);
                    log.push(|| Event::Status {
                        who,
                        text: "picks up an item",
                    });
                }
            }
            ActKind::Search { element } => {
                let t = attr_check_target(self, who, Stat::Int, ctx, None, false);
                if atr_check(self, d, log, who, Stat::Int, t, "CH INT search").pass {
                    self.searched |= 1 << element;
                    let el = &self.st.elements[element as usize];
                    let (items, points, at) = (el.items.clone(), el.points, el.at);
                    let side = self.side_of(who);
                    self.objective_points[side.index()] += points;
                    // Found items go to the searcher's hands while it has room; the rest lie
                    // on the element's square.
                    for k in items {
                        let (o, ow) = (((k - 1) >> 3) as CharIdx, ((k - 1) & 7) as u8);
                        if self.can_receive(who, o) && (o == who || !self.takes_no_equipment(who)) {
                            self.receive(who, o, ow);
                        } else {
                            self.ground.push((k, at));
                        }
                    }
                    log.push(|| Event::Status {
                        who,
                        text: "searches the element and finds what it held",
                    });
                }
            }
            ActKind::Use { object, target } => {
                // Prueba de … on the object: failed, its ENE is spent and nothing else happens.
                if !crate::actions::combat::object_uses(self, d, log, who, object, ctx).stopped {
                    self.use_object(who, object, target, d, log);
                }
            }
            _ => return false,
        }
        true
    }
}

/// The effects of object `o` of `i` (its traits'), in force when it is used.
fn object_fx(st: &State, i: CharIdx, o: u8) -> impl Iterator<Item = Effect> + '_ {
    st.info(i).def.objects[o as usize]
        .traits
        .iter()
        .flat_map(|t| t.effects())
}

/// Usar (X): X = the object's ENE («X=ENE del elemento»).
pub fn use_cost(st: &State, i: CharIdx, o: u8) -> i8 {
    st.info(i)
        .def
        .objects
        .get(o as usize)
        .map_or(0, |x| x.ene.min(10) as i8)
}

/// Usar options of `who`: each object not used up whose traits do something when used
/// ([`Effect::UseHeal`]), on each character it would help — the user, or one within the
/// object's ALC («distancia a la que podemos elegir un objetivo») in LdV — with the object's ENE.
pub(crate) fn use_options(st: &State, who: CharIdx, mut f: impl FnMut(ActKind, i8)) {
    let p = st.ch(who).pos;
    for o in 0..st.info(who).def.objects.len().min(8) as u8 {
        // An object switched off or wrecked by a possessor (Poseer) is not used.
        if st.object_used(who, o)
            || !st.object_works(crate::basics::action::ObjRef::Carried {
                holder: who,
                object: o,
            })
        {
            continue;
        }
        if object_fx(st, who, o).any(|e| matches!(e, Effect::CombatDrug(_) | Effect::Drug(_))) {
            // Drogas de combate, Droga: taken by its user.
            f(
                ActKind::Use {
                    object: o,
                    target: who,
                },
                use_cost(st, who, o),
            );
            continue;
        }
        let heal = object_fx(st, who, o).any(|e| matches!(e, Effect::UseHeal(_)));
        let cleanse = object_fx(st, who, o).any(|e| e == Effect::UseCleanse);
        if !heal && !cleanse {
            continue;
        }
        let range = st.info(who).def.objects[o as usize].range;
        for j in st.indices() {
            let q = st.ch(j).pos;
            // Line of sight as every other choice of a target makes it (heights included);
            // a passenger is out of reach but from its own transport (RULES.md, Transportes).
            let reach = j == who
                || (q.dist(p) <= range
                    && st.sight(who, j)
                    && (st.num_transports() == 0 || st.aboard(j) == st.aboard(who)));
            // «Se puede curar … si las heridas no superan la CON»: wounded, not dead.
            // A casualty is off the table: it cannot come back on a square a base now holds
            // (as Curar; RULES.md, "rising on a taken square"). Sin cura: «No puede recuperar
            // heridas ni ser curado» — the object does not help it (audit 23). Elixir's
            // «elimina efectos como veneno» helps one with such a state too (audit 24).
            let helped = (heal && st.ch(j).wounds > 0) || (cleanse && st.body_ills(j));
            if reach
                && helped
                && !st.info(j).effects.contains(&Effect::NoHealing)
                && !st.dead(j)
                && !st.ch(j).has(REMOVED)
                && (st.able(j) || st.may_rise(j))
            {
                f(
                    ActKind::Use {
                        object: o,
                        target: j,
                    },
                    use_cost(st, who, o),
                );
            }
        }
    }
}

impl State {
    /// Usar: the object's use effects on the target; a single-use object is gone after.
    pub(crate) fn use_object(
        &mut self,
        who: CharIdx,
        object: u8,
        target: CharIdx,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) {
        let fx: smallvec::SmallVec<[Effect; 4]> = object_fx(self, who, object).collect();
        // One addiction roll per dose, however many of its traits are a Droga (Drogas de
        // combate is one, «[Droga]»; an object may carry Droga written beside it too).
        let mut dosed = false;
        for e in &fx {
            // Droga: «30% de crear una adicción» — each dose (1D100, Probabilidad); an addict's
            // dose keeps the withdrawal away until its next activation.
            if let Effect::Drug(pct) = *e {
                if std::mem::replace(&mut dosed, true) {
                    continue;
                }
                if !self.marked(target, ADDICT) && crate::basics::dice::chance(d, pct) {
                    self.set_mark(target, ADDICT, true);
                    log.push(|| Event::Status {
                        who: target,
                        text: "becomes addicted",
                    });
                }
                if self.marked(target, ADDICT) {
                    self.set_mark(target, DOSED, true);
                }
            }
            if let Effect::CombatDrug(n) = *e {
                let c = self.ch_mut(target);
                c.ene = (c.ene as i16 + n as i16).min(crate::state::ENE_MAX as i16) as i8;
                if c.tbits & DRUGGED != 0 {
                    c.tbits |= OVERDOSED;
                }
                c.tbits |= DRUGGED | DRUG_CRASH;
                log.push(|| Event::Status {
                    who: target,
                    text: "takes combat drugs",
                });
            }
            if *e == Effect::UseCleanse && !self.info(target).effects.contains(&Effect::NoHealing) {
                // Elixir: «elimina efectos como veneno» (Sin cura: «ni ser curado»).
                self.cure_body_ills(target);
            }
            if let Effect::UseHeal(n) = *e {
                // Sin cura: «ni ser curado».
                if self.info(target).effects.contains(&Effect::NoHealing) {
                    continue;
                }
                let c = self.ch_mut(target);
                c.wounds = c.wounds.saturating_sub(n);
                log.push(|| Event::Status {
                    who: target,
                    text: "is healed by an object",
                });
            }
        }
        self.spend_single_use(who, object);
    }

    /// A single-use object (Elixir: «Después se elimina del juego») is gone once used.
    pub(crate) fn spend_single_use(&mut self, who: CharIdx, object: u8) {
        if object_fx(self, who, object).any(|e| e == Effect::SingleUse) {
            self.used_objects.push(who as u16 * 8 + object as u16);
        }
    }
}

/// Drogas de combate: «2 drogas de combate el mismo turno = 5 heridas al final de la
/// actuación» — the wounds a second dose costs `who` at the end of this activation (the mark is
/// spent).
pub(crate) fn overdose_wounds(st: &mut State, who: CharIdx) -> u8 {
    let c = st.ch_mut(who);
    if c.tbits & OVERDOSED == 0 {
        return 0;
    }
    c.tbits &= !OVERDOSED;
    5
}
