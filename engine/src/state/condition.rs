//! A character's condition (COMBATE / Heridas, PSICOLOGÍA / Estrés): able, incapacitated,
//! dead, engaged, what it sees, its DEF and CON.

#[allow(unused_imports)]
use super::*;

impl State {
    // ----- condition (COMBATE / Heridas, PSICOLOGÍA / Estrés) -----

    /// Incapacitated: wounds = CON.
    pub fn incapacitated(&self, i: CharIdx) -> bool {
        let c = self.ch(i);
        c.wounds >= self.info(i).con
    }
    /// Dead: wounds > CON — but not a Héroe: «Si Her >= CON, inconsciente, -1 herida cada
    /// actuación» names more wounds than CON too, so it stays down, incapacitated, losing a
    /// wound each turn (audit 21b: it died above CON).
    pub fn dead(&self, i: CharIdx) -> bool {
        let info = self.info(i);
        self.ch(i).wounds > info.con && !info.quick.hero
    }
    /// A casualty (baja): incapacitated, dead or unconscious (stress or knocked out), or a body
    /// Eliminar removed ([`REMOVED`]: «Retira un cadáver» — gone for good, whatever wounds
    /// Héroe or Fortuna later take off it) — or, for every rule but the score, off the table
    /// ([`OFF_TABLE`]: an Avatar not yet invoked).
    #[inline]
    pub fn casualty(&self, i: CharIdx) -> bool {
        let c = self.ch(i);
        c.wounds >= self.info(i).con || c.has(CASUALTY_FLAGS)
    }
    /// Able to act: on the table and not a casualty.
    #[inline]
    pub fn able(&self, i: CharIdx) -> bool {
        !self.casualty(i)
    }
    /// Every character in index order with its record, its side ([`State::side_of`]) and
    /// whether it is able ([`State::able`]), read off the dynamic and static records side by
    /// side: no index check and no accessor per field, for the loops of a legal list that
    /// look at every base (PERFORMANCE.md, "Seventeenth session").
    #[inline]
    pub fn sides_and_ability(&self) -> impl Iterator<Item = (CharIdx, &CharState, Side, bool)> {
        debug_assert_eq!(self.chars.len(), self.st.chars.len());
        self.chars
            .iter()
            .zip(self.st.chars.iter())
            .enumerate()
            .map(|(j, (c, info))| {
                // Possessed: its possessor's side (`State::side_of`).
                let side = if c.flags & POSSESSED != 0 {
                    self.st.chars[c.possessor as usize].side
                } else {
                    info.side
                };
                let casualty = c.wounds >= info.con || c.has(CASUALTY_FLAGS);
                let j = j as CharIdx;
                debug_assert_eq!((side, !casualty), (self.side_of(j), self.able(j)));
                (j, c, side, !casualty)
            })
    }
    /// Effective VOL: race VOL less permanent losses (min 1).
    pub fn vol(&self, i: CharIdx) -> u8 {
        let info = self.info(i);
        // Despertando del letargo: «VOL igual al turno en juego».
        let vol = if info.quick.vol_is_turn {
            self.turn.clamp(1, 10)
        } else {
            info.vol
        };
        // Magia: resucitar: a raised corpse has VOL 1.
        if self.raised(i) {
            return 1;
        }
        vol.saturating_sub(self.ch(i).vol_loss).max(1)
    }
    /// Engaged in melee (trabado): in base contact with an able enemy at its altitude and on its
    /// level (Relación entre alturas: only minis at the same altitude interact in contact; a
    /// roof and the street below are not in contact: [`State::in_contact`]).
    pub fn engaged(&self, i: CharIdx) -> bool {
        // One pass over the records, square and altitude first (the evaluation and every legal
        // list ask this of each character; a base in contact is rare): PERFORMANCE.md,
        // "Twelfth session".
        let a = self.ch(i);
        let (p, alt) = (a.pos, a.alt);
        self.chars
            .iter()
            .enumerate()
            .any(|(j, b)| b.alt == alt && b.pos.adjacent(p) && self.foe_in_contact(i, j as CharIdx))
    }
    /// Able enemies in base contact at its altitude.
    pub fn engaged_with(&self, i: CharIdx) -> SmallVec<[CharIdx; 8]> {
        self.indices()
            .filter(|&j| self.foe_in_contact(i, j))
            .collect()
    }
    #[inline]
    fn foe_in_contact(&self, i: CharIdx, j: CharIdx) -> bool {
        // Contact first: it is one comparison of squares, and rarely true (the sides and the
        // ability read the static records).
        self.in_contact(i, j)
            && self.side_of(j) != self.side_of(i)
            && self.able(j)
            // Passengers are not on the board's squares (RULES.md, Transportes).
            && (self.transports.is_empty()
                || (self.aboard(i).is_none() && self.aboard(j).is_none()))
    }
    /// The character on a square, if any, casualties included (they are off the table for the
    /// rules: see `combat::occupied`).
    pub fn at(&self, p: Pos) -> Option<CharIdx> {
        self.indices().find(|&j| self.ch(j).pos == p)
    }
    /// Field of view range: VOL × 5 plus trait changes (ENTORNO, CdV; 004 stands over 002).
    pub fn view_range(&self, i: CharIdx) -> u8 {
        // Trait changes folded at setup (`QuickFx`).
        let r = self.vol(i) as i16 * 5 + self.info(i).quick.view_k;
        r.clamp(0, 255) as u8
    }
    /// Whether `i`, with its current facing, has `j` in its field of view (arc, range, LdV).
    pub fn sees(&self, i: CharIdx, j: CharIdx) -> bool {
        let a = self.ch(i);
        let b = self.ch(j);
        if b.has(HIDDEN) && self.hidden_from(i, j) {
            return false;
        }
        a.facing.in_front(a.pos, b.pos)
            && a.pos.dist(b.pos) <= self.view_range(i)
            && self.sight(i, j)
    }
    /// Whether hidden `j` stays hidden from `i`: Radar and Meta visión («Ignora / Anula
    /// invisible y mimético») see through an Invisible character's hiding — the mini «retirada
    /// del tablero» — whichever way it hid (audit 23); nobody else finds it without a CH INT ENF.
    #[cold]
    pub fn hidden_from(&self, i: CharIdx, j: CharIdx) -> bool {
        self.ch(j).has(HIDDEN)
            && !(self.true_sight(i)
                && self
                    .info(j)
                    .has_effect(|e| *e == Effect::Ability(crate::basics::action::Ability::Vanish)))
    }
    /// The trait effects of the meta-ability in force on `i` (METAHABILIDADES, Usar una
    /// metahabilidad): those of its caster's meta-ability, while it lasts (`engine::actions::meta`).
    #[inline]
    pub fn spell_fx(&self, i: CharIdx) -> &[Effect] {
        let c = self.ch(i);
        if c.spell == 0 {
            return &[];
        }
        self.info(c.spell_by)
            .meta_effects
            .get(c.spell as usize - 1)
            .map_or(&[], |v| v.as_slice())
    }
    /// Sum of DEF of the usable protections worn, after wear (DEF −1 per wound, min 1), plus
    /// DEF trait effects. `for_overload` leaves out effects that do not count for sobrecarga.
    pub fn def_total(&self, i: CharIdx, for_overload: bool) -> i16 {
        let info = self.info(i);
        let c = self.ch(i);
        let nw = info.def.weapons.len();
        let mut d: i16 = 0;
        // Muro: «Esta protección protege de estrés en lugar de heridas».
        let ward = info.effects.contains(&Effect::StressWard);
        for (k, p) in info.def.protections.iter().enumerate() {
            let wear = c.wear.get(nw + k).copied().unwrap_or(0);
            if wear >= p.quality {
                // «Equipo con tantas heridas como CAL: inutilizado, no se puede usar»: nor do
                // its DEF traits (Baño de acero's «DEF +1») protect any longer — they are in
                // `effects` with the race's, so they are taken back here (audit 30a).
                for e in p.traits.iter().flat_map(|t| t.effects()) {
                    d -= def_mod(&e, for_overload);
                }
                continue;
            }
            if ward && !for_overload && is_ward(p) {
                continue; // a ward against stress (it still weighs)
            }
            d += (p.def as i16 - wear as i16).max(1);
        }
        for e in info.effects.iter().chain(self.spell_fx(i)) {
            d += def_mod(e, for_overload);
        }
        d.max(0)
    }
    /// DEF against stress: the usable protections with Muro, after wear (0: none).
    pub fn ward_def(&self, i: CharIdx) -> i16 {
        let info = self.info(i);
        if !info.effects.contains(&Effect::StressWard) {
            return 0;
        }
        let c = self.ch(i);
        let nw = info.def.weapons.len();
        info.def
            .protections
            .iter()
            .enumerate()
            .filter(|(_, p)| is_ward(p))
            .map(|(k, p)| {
                let wear = c.wear.get(nw + k).copied().unwrap_or(0);
                if wear >= p.quality {
                    0
                } else {
                    (p.def as i16 - wear as i16).max(1)
                }
            })
            .sum()
    }
    /// CON as strength: race CON plus [`Effect::StrengthCon`] (Mulo: «CON+1 para calcular DAÑ
    /// en CaC, embestir, mover objeto y sobrecarga»). Only those four reckonings use it.
    pub fn strength_con(&self, i: CharIdx) -> i16 {
        let info = self.info(i);
        info.con as i16
            + info
                .effects
                .iter()
                .map(|e| match e {
                    Effect::StrengthCon(k) => *k as i16,
                    _ => 0,
                })
                .sum::<i16>()
    }
}

/// The DEF a [`Effect::DefMod`] adds (0 for any other effect, and for one that does not count
/// for sobrecarga when `for_overload`).
fn def_mod(e: &Effect, for_overload: bool) -> i16 {
    match e {
        Effect::DefMod { amount, overload } if *overload || !for_overload => *amount as i16,
        _ => 0,
    }
}

/// Whether a protection wards off stress instead of wounds (Muro).
fn is_ward(p: &crate::creation::archetype::Protection) -> bool {
    p.traits
        .iter()
        .any(|t| t.def().effects.contains(&Effect::StressWard))
}
