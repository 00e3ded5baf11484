//! A character's weapons (CREACIÓN DE ARMAS; Comerciar, Saquear): its own and the items it
//! carries, their wear, ammunition, DAÑ, range and ENE.

#[allow(unused_imports)]
use super::*;

impl State {
    // ----- weapons: own ones, then the items carried (Comerciar, Saquear) -----

    /// Whether `i` holds weapon `w` as an item it can let go of, throw or swing: one of its
    /// weapons, not dropped, and not part of its body ([`Material::Natural`], the Garras).
    pub fn holds_item(&self, i: CharIdx, w: u8) -> bool {
        self.holds(i, w) && self.weapon_def(i, w).material() != Material::Natural
    }

    /// The number of weapon indices of `i`: its own weapons (held or not), then the items it
    /// carries from others.
    #[inline]
    pub fn weapon_slots(&self, i: CharIdx) -> u8 {
        let n = self.info(i).def.weapons.len() as u8;
        n + self.ch(i).carried.iter().filter(|&&k| k != 0).count() as u8
    }
    /// Whose weapon index `w` of `i` is: `(owner, the owner's weapon index)`; `None` past the
    /// last slot.
    #[inline]
    pub fn weapon_ref(&self, i: CharIdx, w: u8) -> Option<(CharIdx, u8)> {
        let n = self.info(i).def.weapons.len() as u8;
        if w < n {
            return Some((i, w));
        }
        match self.ch(i).carried.get((w - n) as usize) {
            Some(&k) if k != 0 => Some((((k - 1) >> 3) as CharIdx, ((k - 1) & 7) as u8)),
            _ => None,
        }
    }
    /// The transport and the mounted weapon that weapon index `w` names, when it is a weapon
    /// mounted on a transport of the position (`basics::action::mounted`); looked at only
    /// after a character's own indices failed, so the hot path never asks.
    #[cold]
    pub fn mounted_weapon(&self, w: u8) -> Option<(usize, usize)> {
        let (t, g) = crate::basics::action::mounted_of(w)?;
        let (t, g) = (t as usize, g as usize);
        let info = self.st.transports.get(t)?;
        (g < info.arch.weapons.len()).then_some((t, g))
    }
    fn mounted_wref(&self, w: u8) -> (usize, usize) {
        self.mounted_weapon(w)
            .unwrap_or_else(|| panic!("no weapon index {w}"))
    }
    /// Whether weapon index `w` of `i` names a weapon: one of its own, an item it carries, or
    /// a weapon mounted on a transport (which only its crew fires: [`State::weapon_usable`]).
    #[inline]
    pub fn has_weapon(&self, i: CharIdx, w: u8) -> bool {
        self.weapon_ref(i, w).is_some() || self.mounted_weapon(w).is_some()
    }
    /// The catalogue entry of weapon index `w` of `i`.
    #[inline]
    pub fn weapon_def(&self, i: CharIdx, w: u8) -> &crate::creation::archetype::Weapon {
        match self.weapon_ref(i, w) {
            Some((o, ow)) => &self.info(o).def.weapons[ow as usize],
            None => {
                let (t, g) = self.mounted_wref(w);
                &self.st.transports[t].arch.weapons[g]
            }
        }
    }
    /// The trait effects of weapon index `w` of `i` (in force when it is used).
    #[inline]
    pub fn weapon_fx(&self, i: CharIdx, w: u8) -> &[Effect] {
        match self.weapon_ref(i, w) {
            Some((o, ow)) => &self.info(o).weapon_effects[ow as usize],
            None => {
                let (t, g) = self.mounted_wref(w);
                &self.st.transports[t].gun_fx[g]
            }
        }
    }
    /// Wounds of weapon index `w` of `i` (kept in its owner's `wear`; a mounted weapon takes
    /// none of its own: its wear is the transport's, RULES.md, Transportes).
    #[inline]
    pub fn weapon_wear(&self, i: CharIdx, w: u8) -> u8 {
        match self.weapon_ref(i, w) {
            Some((o, ow)) => self.ch(o).wear.get(ow as usize).copied().unwrap_or(0),
            None => 0,
        }
    }
    /// Gives weapon index `w` of `i` a wound (pifia en CH IMP); a mounted weapon takes none.
    /// Whether weapon index `w` of `i` lost its Afilada to a fumble (`TraitRun::blunt`).
    pub fn weapon_blunt(&self, i: CharIdx, w: Option<u8>) -> bool {
        match w.and_then(|w| self.weapon_ref(i, w)) {
            Some((o, ow)) => ow < 4 && self.ch(o).run.blunt() & 1 << ow != 0,
            None => false,
        }
    }
    /// Afilada «Se pierde con pifia»: weapon index `w` of `i` loses its edge.
    pub(crate) fn blunt_weapon(&mut self, i: CharIdx, w: u8) {
        // Kept for the first four own weapons (`TraitRun::doom`'s high bits).
        if let Some((o, ow)) = self.weapon_ref(i, w).filter(|&(_, ow)| ow < 4) {
            self.ch_mut(o).run.doom |= 1 << (ow + super::BLUNT_SHIFT);
        }
    }
    pub(crate) fn wear_weapon(&mut self, i: CharIdx, w: u8) {
        let Some((o, ow)) = self.weapon_ref(i, w) else {
            return;
        };
        // COMBATE / Heridas: «Equipo con tantas heridas como CAL: inutilizado … con más heridas
        // que CAL: destruido» — a wound past the CAL destroys it (no longer repaired); its
        // wounds stop there, as a character's stop at CON + 1 (audit 22).
        let cal = self.weapon_quality(i, w);
        if let Some(x) = self.ch_mut(o).wear.get_mut(ow as usize) {
            if *x <= cal {
                *x += 1;
            }
        }
    }
    /// Magazine size of weapon index `w` of `i` (0: none tracked); a mounted weapon's is the
    /// transport's record of it.
    #[inline]
    pub fn weapon_magazine(&self, i: CharIdx, w: u8) -> u8 {
        let Some((o, ow)) = self.weapon_ref(i, w) else {
            let (t, g) = self.mounted_wref(w);
            return self.st.transports[t].gun_mag[g];
        };
        if (ow as usize) < MAX_MAGAZINES {
            self.info(o).magazine.get(ow as usize).copied().unwrap_or(0)
        } else {
            0
        }
    }
    /// Rounds left in weapon index `w` of `i` (kept in its owner's `ammo`; a mounted weapon's
    /// in its transport's, whoever of the crew fires it).
    #[inline]
    pub fn weapon_ammo(&self, i: CharIdx, w: u8) -> u8 {
        let Some((o, ow)) = self.weapon_ref(i, w) else {
            let (t, g) = self.mounted_wref(w);
            return self.transports[t].gun_ammo[g];
        };
        self.ch(o).ammo.get(ow as usize).copied().unwrap_or(0)
    }
    /// Sets the rounds left in weapon index `w` of `i`.
    pub(crate) fn set_weapon_ammo(&mut self, i: CharIdx, w: u8, n: u8) {
        let Some((o, ow)) = self.weapon_ref(i, w) else {
            let (t, g) = self.mounted_wref(w);
            self.transports[t].gun_ammo[g] = n;
            return;
        };
        if let Some(x) = self.ch_mut(o).ammo.get_mut(ow as usize) {
            *x = n;
        }
    }
    /// Whether `i` has weapon index `w` in its hands: an own weapon not let go of, or an item
    /// it carries.
    #[inline]
    pub fn holds(&self, i: CharIdx, w: u8) -> bool {
        let n = self.info(i).def.weapons.len() as u8;
        if w < n {
            w < 8 && self.ch(i).dropped & (1 << w) == 0
        } else {
            self.weapon_ref(i, w).is_some()
        }
    }
    /// `i` lets weapon index `w` go (Soltar, Lanzar, Desarmar, handing it over): an own weapon
    /// gets its `dropped` bit, a carried item leaves its slot (the later ones move up).
    pub(crate) fn let_go(&mut self, i: CharIdx, w: u8) {
        let n = self.info(i).def.weapons.len() as u8;
        let c = self.ch_mut(i);
        if w < n {
            c.dropped |= 1 << w;
        } else if let Some(k) = c.carried.get((w - n) as usize).copied() {
            if k != 0 {
                let at = (w - n) as usize;
                c.carried.copy_within(at + 1.., at);
                c.carried[MAX_CARRIED - 1] = 0;
            }
        }
    }
    /// Whether `i` has room to take `owner`'s weapon: its own comes back to its hand, another's
    /// needs a free carried slot.
    pub fn can_receive(&self, i: CharIdx, owner: CharIdx) -> bool {
        owner == i || self.ch(i).carried[MAX_CARRIED - 1] == 0
    }
    /// `i` takes `owner`'s weapon `ow` (checked with [`State::can_receive`]).
    pub(crate) fn receive(&mut self, i: CharIdx, owner: CharIdx, ow: u8) {
        let c = self.ch_mut(i);
        if owner == i {
            c.dropped &= !(1 << ow);
        } else if let Some(slot) = c.carried.iter_mut().find(|k| **k == 0) {
            *slot = 1 + (owner as u16) * 8 + ow as u16;
        }
    }

    /// The ALC of meta-ability `m` of `who` («ALC.- Alcance, distancia a la que podemos elegir un
    /// objetivo», CREACIÓN DE METAHABILIDADES) with its own ALC traits: Más alcance «ALC +5 K»,
    /// Mucho más alcance, the ALC scales, Alcance infinito (no maximum). A meta-ability has an ALC
    /// of its own, so on it these traits are that ALC's, as on a weapon (audit 31c: they made it
    /// a boon, whose effects were its target's, and its ALC stayed as written). The same
    /// arithmetic as [`State::weapon_range`] (`reach_with`), without Fuego a larga's ×2.
    pub fn meta_range(&self, who: CharIdx, m: u8) -> u8 {
        let base = self
            .info(who)
            .def
            .meta_abilities
            .get(m as usize)
            .map_or(0, |a| a.range);
        let fx = self
            .info(who)
            .meta_effects
            .get(m as usize)
            .map_or(&[][..], |v| v.as_slice());
        if !fx.iter().any(is_range) {
            return base;
        }
        reach_with(base, false, fx.iter())
    }

    /// DAÑ of a weapon after wear (−1 per wound, min 1); Munición de racimo: «DAÑ /2»
    /// (Redondeo).
    pub fn weapon_dmg(&self, i: CharIdx, w: u8) -> i16 {
        let dmg = self.weapon_worn_dmg(i, w);
        if self
            .weapon_fx(i, w)
            .iter()
            .any(|e| matches!(e, Effect::Cluster))
        {
            (dmg + 1) / 2
        } else {
            dmg
        }
    }
    /// DAÑ of a weapon after wear only (−1 per wound, min 1): Munición de racimo's «ARE R(DAÑ)».
    pub fn weapon_worn_dmg(&self, i: CharIdx, w: u8) -> i16 {
        let wp = self.weapon_def(i, w);
        (wp.dmg as i16 - self.weapon_wear(i, w) as i16).max(1)
    }
    /// Whether a weapon has an area (Área, or Munición de racimo's «ARE R(DAÑ)») or names fire
    /// in its name or traits (`fuego`, `llama`, `incendi`): Artificiero's «armas con fuego o
    /// área > 0».
    pub fn weapon_area_or_fire(&self, i: CharIdx, w: u8) -> bool {
        if self
            .weapon_fx(i, w)
            .iter()
            .any(|e| matches!(e, Effect::Area(_) | Effect::Cluster))
        {
            return true;
        }
        let wp = self.weapon_def(i, w);
        let fire = |s: &str| {
            let f = crate::creation::traits::fold_name(s);
            ["fuego", "llama", "incendi"].iter().any(|k| f.contains(k))
        };
        fire(&wp.name) || wp.traits.iter().any(|t| fire(&t.to_string()))
    }
    /// Whether weapon `w` of `i` has a round to fire: no magazine (Cargadores), or one that is
    /// not empty.
    pub fn weapon_loaded(&self, i: CharIdx, w: u8) -> bool {
        self.weapon_magazine(i, w) == 0 || self.weapon_ammo(i, w) > 0
    }
    /// Whether weapon `w` of `i` can be fired now: [`State::weapon_usable`] and
    /// [`State::weapon_loaded`] (an area weapon; Grito de veterano's extra attack).
    pub fn weapon_ready(&self, i: CharIdx, w: u8) -> bool {
        self.weapon_usable(i, w) && self.weapon_loaded(i, w)
    }
    /// Whether a weapon can be used: in the hands (not dropped), not unusable (wounds ≥ CAL),
    /// and, for a heavy weapon, carried by a character with more CON than its DAÑ.
    pub fn weapon_usable(&self, i: CharIdx, w: u8) -> bool {
        if !self.holds(i, w) {
            return self.mounted_usable(i, w);
        }
        let wp = self.weapon_def(i, w);
        if self.weapon_wear(i, w) >= self.weapon_quality(i, w)
            || !self.charges_left(i, w)
            || !self.field_weapon_free(i, w)
        {
            return false;
        }
        if self
            .weapon_fx(i, w)
            .iter()
            .any(|e| matches!(e, Effect::HeavyWeapon))
            && self.info(i).con <= wp.dmg
        {
            return false;
        }
        true
    }
    /// ALC of a weapon with trait changes.
    pub fn weapon_range(&self, i: CharIdx, w: u8) -> u8 {
        // The weapon's effects found once (every ranged option asks this of every weapon).
        let fx = self.weapon_fx(i, w);
        // The ALC traits of the bearer (race, protections, objects, a boon in force): «a
        // weapon's trait on a race, protection or object stands for every weapon» (RULES.md,
        // "Which archetype a trait goes on") — Más alcance's «ALC +5 K» on the race was read
        // from the weapon only (audit 30a). A reach to lengthen is a ranged weapon's: an ALC 0
        // weapon of the bearer stays a melee one (on the weapon itself the trait is that
        // weapon's, whatever its ALC).
        let own = self.range_fx_of_bearer(i, w);
        // A weapon without trait effects (most): its ALC as written — no effect to add, and
        // Fuego a larga is one of its effects (PERFORMANCE.md, "Eighteenth session").
        if fx.is_empty() && own.is_none() {
            debug_assert!(!self.long_shot(i, w));
            return self.weapon_def(i, w).range;
        }
        // Two plain slices chained (empty when the bearer has none): an `Option` flattened in
        // the chain cost more than the effects it walks (PERFORMANCE.md, thirtieth session).
        let [race, spell] = own.unwrap_or([&[], &[]]);
        let all = fx.iter().chain(race).chain(spell);
        // Fuego a larga: «Puede ALCx2».
        reach_with(self.weapon_def(i, w).range, self.long_shot(i, w), all)
    }
    /// The bearer's effects that change the ALC of its weapon `w` (`weapon_range`): its always-on
    /// effects and a boon in force on it, when one of them is an ALC trait and `w` is a ranged
    /// weapon of a character (not a transport's mounted one); `None` otherwise.
    fn range_fx_of_bearer(&self, i: CharIdx, w: u8) -> Option<[&[Effect]; 2]> {
        // The always-on effects' answer was folded at setup (`QuickFx::range_fx`): this is
        // asked of every weapon at every shot option.
        let info = self.info(i);
        let spell = self.spell_fx(i);
        debug_assert_eq!(info.quick.range_fx, info.effects.iter().any(is_range));
        ((info.quick.range_fx || spell.iter().any(is_range))
            && self.weapon_ref(i, w).is_some()
            && self.weapon_def(i, w).range > 0)
            .then_some([info.effects.as_slice(), spell])
    }
    /// ENE an attack with the weapon costs (ENE of the weapon, trait changes, minimum 1).
    pub fn weapon_ene(&self, i: CharIdx, w: u8) -> i8 {
        let info = self.info(i);
        let mut e = self.weapon_def(i, w).ene as i16;
        for eff in self.weapon_fx(i, w).iter().chain(&info.effects) {
            if let Effect::WeaponEne(k) = eff {
                e += *k as i16;
            }
        }
        // Fuego a larga: «y ENEx2».
        if self.long_shot(i, w) {
            e *= 2;
        }
        // Grito de maestría: «Armas de aliados a 5K ENE-1, mín. 1».
        e += self.weapon_ene_aura(i);
        // Rambo: «Cualquier arma tendrá ENE 4 como máx.» — on the character, every weapon it
        // uses; on a weapon, that weapon, whose traits are in force when it is used (audit 27b:
        // on a weapon it did nothing).
        for eff in info.effects.iter().chain(self.weapon_fx(i, w)) {
            if let Effect::WeaponEneCap(k) = eff {
                e = e.min(*k as i16);
            }
        }
        e.clamp(1, 10) as i8
    }

    /// Whether `i` may fire weapon index `w` as a mounted weapon (CREACIÓN DE TRANSPORTES,
    /// paso 5; RULES.md, Transportes): a weapon of the transport `i` rides in, `i` not its
    /// driver, the transport not inutilizado («no se puede usar»: its wear is the weapon's).
    /// Arma pesada's CON is the transport's to carry, not the gunner's; Cargas' uses and Arma
    /// de campaña's one field weapon are counted on the transport (audit 29b: they counted
    /// nothing — a known limit until then).
    #[cold]
    fn mounted_usable(&self, i: CharIdx, w: u8) -> bool {
        let Some((t, _)) = self.mounted_weapon(w) else {
            return false;
        };
        self.aboard(i) == Some(t)
            && self.transports[t].driver != i
            && !self.transport_disabled(t)
            && self.charges_left(i, w)
            && self.field_weapon_free(i, w)
    }
}

/// ALC `base` with the ALC traits among `fx` (`State::weapon_range`, `State::meta_range`): the
/// K first (Más alcance «ALC +5 K» …), then Fuego a larga's «Puede ALCx2» when `double`, then
/// the scales — Munición autopropulsada «ALC x2», Munición aliento de dragón «ALC /2» — a half
/// rounded as CONCEPTOS BÁSICOS / Redondeo says («para N'5 o más a N+1»: ALC 5 → 3; audit 21:
/// it was rounded down). Alcance infinito, «Sin ALC máx.»: `u8::MAX`.
#[inline(always)]
fn reach_with<'a>(base: u8, double: bool, fx: impl Iterator<Item = &'a Effect> + Clone) -> u8 {
    if fx.clone().any(|e| matches!(e, Effect::UnlimitedRange)) {
        return u8::MAX;
    }
    let mut r = base as i16;
    for e in fx.clone() {
        if let Effect::RangeMod(k) = e {
            r += *k as i16;
        }
    }
    if double {
        r *= 2;
    }
    for e in fx {
        if let Effect::RangeScale { mul, div } = e {
            let div = (*div).max(1) as i16;
            r = (2 * r * *mul as i16 + div) / (2 * div);
        }
    }
    r.clamp(0, 255) as u8
}

/// An ALC trait's effect: Más alcance's [`Effect::RangeMod`], Alcance infinito's
/// [`Effect::UnlimitedRange`], the scales' [`Effect::RangeScale`] (`State::weapon_range`).
pub(crate) fn is_range(e: &Effect) -> bool {
    matches!(
        e,
        Effect::RangeMod(_) | Effect::UnlimitedRange | Effect::RangeScale { .. }
    )
}
