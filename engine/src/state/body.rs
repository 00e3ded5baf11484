//! What share H's traits leave on a character's body (BONUS Y MALUS): the wounds of each
//! expendable limb (Miembros prescindibles) and a corpse raised by Magia: resucitar. One small
//! record per character, held by `State::bodies`, which stays empty (and so clones for free)
//! until a rule writes one; a position file keeps them in `game.bodies` (POSITIONS.md).

use super::*;

/// The limbs of Miembros prescindibles, in the order the zone die names them: left arm, right
/// arm, left leg, right leg (RULES.md, "Traits in play, share H").
pub const LIMBS: usize = 4;

/// [`Body::bits`]: a corpse raised by Magia: resucitar — it stays on its raiser's side (its
/// possessor) for the rest of the game, with AGI 3, INT 1 and VOL 1.
pub const RAISED: u8 = 1 << 0;
/// [`Body::bits`]: the bonus of its Mascota mágica has been used («uno de estos bonus por
/// aventura»).
pub const PET_USED: u8 = 1 << 1;

/// [`Body::bits`]: tied with steel (ACCIONES, Desatarse: «Acero: se necesitan 2 críticos
/// seguidos»): its binder carried an object that binds (manacles, `Object::binds`).
pub const STEEL_TIED: u8 = 1 << 2;
/// [`Body::bits`]: the last Desatarse of a steel-tied character was a critical (the first of
/// the two in a row).
pub const STEEL_STREAK: u8 = 1 << 3;

/// One character's body record; all 0 for a character without these traits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Body {
    /// Wounds on each expendable limb ([`LIMBS`]); a limb holding CON/2 is lost.
    #[serde(default, skip_serializing_if = "is_zero4")]
    pub limbs: [u8; LIMBS],
    /// [`RAISED`].
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bits: u8,
}

fn is_zero4(v: &[u8; LIMBS]) -> bool {
    *v == [0; LIMBS]
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

/// How many wounds a limb of `who` holds before it is lost: «hasta CON/2», the half rounded as
/// CONCEPTOS BÁSICOS / Redondeo says («para N'5 o más a N+1»: CON 5 → 3), at least 1.
pub fn limb_cap(con: u8) -> u8 {
    con.div_ceil(2).max(1)
}

impl State {
    /// The body record of `i` (all 0 when none was ever written).
    #[inline]
    pub fn body(&self, i: CharIdx) -> Body {
        self.bodies.get(i as usize).copied().unwrap_or_default()
    }

    /// The body record of `i`, the records made for every character on the first write.
    pub(crate) fn body_mut(&mut self, i: CharIdx) -> &mut Body {
        if self.bodies.len() < self.chars.len() {
            self.bodies.resize(self.chars.len(), Body::default());
        }
        &mut self.bodies[i as usize]
    }

    /// Whether any body record holds something (the fingerprint and the position file skip
    /// them otherwise).
    pub fn any_body(&self) -> bool {
        self.bodies.iter().any(|b| *b != Body::default())
    }

    /// The limbs of `i` that Miembros prescindibles has lost (those at CON/2 wounds).
    pub fn lost_limbs(&self, i: CharIdx) -> [bool; LIMBS] {
        let b = self.body(i);
        let cap = limb_cap(self.info(i).con);
        b.limbs.map(|w| w >= cap)
    }

    /// Lost arms of `i` (the first two limbs): each makes its CH IMP difficult, −1 (RULES.md,
    /// share H: the reading of Sin miembro).
    #[inline]
    pub fn lost_arms(&self, i: CharIdx) -> i8 {
        if self.bodies.is_empty() {
            return 0;
        }
        let l = self.lost_limbs(i);
        l[0] as i8 + l[1] as i8
    }

    /// The MOV of `i` now: its archetype's, less what lost legs take (Miembros prescindibles,
    /// RULES.md "Traits in play, share I": each leg carries half of it, so one leg lost leaves
    /// MOV/2 rounded down — a half step is no step — and both lost leave 0). Every rule that
    /// moves a character reads MOV here; its size (Alturas) and Lanzar's reach keep the natural
    /// MOV.
    #[inline]
    pub fn mov(&self, i: CharIdx) -> u8 {
        if self.bodies.is_empty() {
            return self.info(i).mov;
        }
        let m = self.info(i).mov;
        let l = self.lost_limbs(i);
        let legs = 2 - (l[2] as u8 + l[3] as u8);
        (m as u16 * legs as u16 / 2) as u8
    }

    /// Whether `i` is a corpse raised by Magia: resucitar.
    #[inline]
    pub fn raised(&self, i: CharIdx) -> bool {
        !self.bodies.is_empty() && self.body(i).bits & RAISED != 0
    }
}
