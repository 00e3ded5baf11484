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
    pub(super) fn wref(&self, i: CharIdx, w: u8) -> (CharIdx, u8) {
        self.weapon_ref(i, w)
            .unwrap_or_else(|| panic!("character {i} has no weapon index {w}"))
    }
    /// The catalogue entry of weapon index `w` of `i`.
    #[inline]
    pub fn weapon_def(&self, i: CharIdx, w: u8) -> &crate::creation::archetype::Weapon {
        let (o, ow) = self.wref(i, w);
        &self.info(o).def.weapons[ow as usize]
    }
    /// The trait effects of weapon index `w` of `i` (in force when it is used).
    #[inline]
    pub fn weapon_fx(&self, i: CharIdx, w: u8) -> &[Effect] {
        let (o, ow) = self.wref(i, w);
        &self.info(o).weapon_effects[ow as usize]
    }
    /// Wounds of weapon index `w` of `i` (kept in its owner's `wear`).
    #[inline]
    pub fn weapon_wear(&self, i: CharIdx, w: u8) -> u8 {
        let (o, ow) = self.wref(i, w);
        self.ch(o).wear.get(ow as usize).copied().unwrap_or(0)
    }
    /// Gives weapon index `w` of `i` a wound (pifia en CH IMP).
    pub(crate) fn wear_weapon(&mut self, i: CharIdx, w: u8) {
        // A weapon at its CAL is broken (COMBATE / Desgaste): it wears no further, as a
        // protection does not, so wear stays within what a position file may say (0..=CAL).
        let cal = self.weapon_quality(i, w);
        let (o, ow) = self.wref(i, w);
        if let Some(x) = self.ch_mut(o).wear.get_mut(ow as usize) {
            if *x < cal {
                *x += 1;
            }
        }
    }
    /// Magazine size of weapon index `w` of `i` (0: none tracked).
    #[inline]
    pub fn weapon_magazine(&self, i: CharIdx, w: u8) -> u8 {
        let (o, ow) = self.wref(i, w);
        if (ow as usize) < MAX_MAGAZINES {
            self.info(o).magazine.get(ow as usize).copied().unwrap_or(0)
        } else {
            0
        }
    }
    /// Rounds left in weapon index `w` of `i` (kept in its owner's `ammo`).
    #[inline]
    pub fn weapon_ammo(&self, i: CharIdx, w: u8) -> u8 {
        let (o, ow) = self.wref(i, w);
        self.ch(o).ammo.get(ow as usize).copied().unwrap_or(0)
    }
    /// Sets the rounds left in weapon index `w` of `i`.
    pub(crate) fn set_weapon_ammo(&mut self, i: CharIdx, w: u8, n: u8) {
        let (o, ow) = self.wref(i, w);
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
    /// Whether a weapon can be used: in the hands (not dropped), not unusable (wounds ≥ CAL),
    /// and, for a heavy weapon, carried by a character with more CON than its DAÑ.
    pub fn weapon_usable(&self, i: CharIdx, w: u8) -> bool {
        if !self.holds(i, w) {
            return false;
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
        // Alcance infinito: «Sin ALC máx.».
        if self
            .weapon_fx(i, w)
            .iter()
            .any(|e| matches!(e, Effect::UnlimitedRange))
        {
            return u8::MAX;
        }
        let mut r = self.weapon_def(i, w).range as i16;
        for e in self.weapon_fx(i, w) {
            if let Effect::RangeMod(k) = e {
                r += *k as i16;
            }
        }
        // Fuego a larga: «Puede ALCx2».
        if self.long_shot(i, w) {
            r *= 2;
        }
        // Munición autopropulsada «ALC x2», Munición aliento de dragón «ALC /2».
        for e in self.weapon_fx(i, w) {
            if let Effect::RangeScale { mul, div } = e {
                r = r * *mul as i16 / (*div).max(1) as i16;
            }
        }
        r.clamp(0, 255) as u8
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
        // Rambo: «Cualquier arma tendrá ENE 4 como máx.»
        for eff in &info.effects {
            if let Effect::WeaponEneCap(k) = eff {
                e = e.min(*k as i16);
            }
        }
        e.clamp(1, 10) as i8
    }
}
