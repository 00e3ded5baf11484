//! Weapon indices that name a weapon mounted on a transport (CREACIÓN DE TRANSPORTES, paso 5:
//! «Equipa … al transporte con otros arquetipos de armas»), fired by its crew. A character's
//! weapon indices are small (its own weapons, then the items it carries); the indices from
//! [`MOUNTED_SLOT`] on name weapon `g` of transport `t` instead, so every action and hook that
//! takes a weapon index — Recargar, an area attack, the weapon's traits — takes a mounted
//! weapon too (`state::weapons` reads them from the transport). Notation: `tN.wM`.

use std::fmt;

/// The first weapon index of a mounted weapon: `MOUNTED_SLOT + t × 4 + g` for weapon `g`
/// (0-based, at most 4 per transport) of transport `t` (at most 8): 192..=223.
pub const MOUNTED_SLOT: u8 = 0xC0;
/// Mounted weapons per transport in the encoding (`creation::archetype::MAX_MOUNTED`).
const PER_TRANSPORT: u8 = 4;

/// The weapon index of weapon `gun` of transport `transport` (both 0-based).
pub const fn mounted_slot(transport: u8, gun: u8) -> u8 {
    MOUNTED_SLOT + transport * PER_TRANSPORT + gun
}

/// The `(transport, gun)` a weapon index names, when it is a mounted weapon's.
#[inline]
pub const fn mounted_of(w: u8) -> Option<(u8, u8)> {
    if w >= MOUNTED_SLOT && w < MOUNTED_SLOT + 8 * PER_TRANSPORT {
        let k = w - MOUNTED_SLOT;
        Some((k / PER_TRANSPORT, k % PER_TRANSPORT))
    } else {
        None
    }
}

/// A weapon index in notation: `w2` for a character's, `t1.w2` for a mounted weapon.
pub struct WeaponLabel(pub u8);

impl fmt::Display for WeaponLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match mounted_of(self.0) {
            Some((t, g)) => write!(f, "t{}.w{}", t + 1, g + 1),
            None => write!(f, "w{}", self.0 + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mounted_slots_round_trip_and_print_as_t_dot_w() {
        for t in 0..8 {
            for g in 0..4 {
                assert_eq!(mounted_of(mounted_slot(t, g)), Some((t, g)));
            }
        }
        assert_eq!(mounted_of(3), None);
        assert_eq!(mounted_of(255), None);
        assert_eq!(WeaponLabel(mounted_slot(0, 1)).to_string(), "t1.w2");
        assert_eq!(WeaponLabel(2).to_string(), "w3");
    }
}
