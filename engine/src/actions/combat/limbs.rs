//! Miembros prescindibles (BONUS Y MALUS): «Divide su cuerpo en zonas prescindibles
//! (extremidades) y 1 zona crítica (Cabeza/tronco). Se acumularán heridas en cada extremidad
//! hasta CON/2, que se perderá. Después en cabeza.» The zone a hit lands on is rolled, the
//! limbs keep their wounds in the body record (`state::body`), and only the head / trunk's
//! wounds are the character's wounds (incapacitated, dead) — RULES.md, "Traits in play,
//! share H".

#[allow(unused_imports)]
use super::*;

/// The zone die of one hit: 1–2 left arm, 3–4 right arm, 5–6 left leg, 7–8 right leg, 9–10
/// the head / trunk (`None`).
fn zone(roll: u8) -> Option<usize> {
    (roll <= 8).then(|| (roll.saturating_sub(1) / 2) as usize)
}

/// Of the `n` wounds a hit gives `who`, those that reach the head / trunk: with Miembros
/// prescindibles a 1D10 picks the zone; a limb takes wounds up to CON/2 and is lost there, the
/// rest — and every hit on the head or on a lost limb («Después en cabeza») — go to the head.
/// Without the trait: all `n`, no die.
pub(super) fn to_head(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    who: CharIdx,
    n: u8,
) -> u8 {
    if n == 0 || !st.info(who).has_effect(|e| *e == Effect::ExpendableLimbs) {
        return n;
    }
    let Some(limb) = zone(d.d10()) else {
        return n;
    };
    let cap = limb_cap(st.info(who).con);
    let held = st.body(who).limbs[limb];
    if held >= cap {
        return n;
    }
    let taken = n.min(cap - held);
    st.body_mut(who).limbs[limb] = held + taken;
    log.push(|| Event::Status {
        who,
        text: if held + taken >= cap {
            "loses a limb"
        } else {
            "is wounded in a limb"
        },
    });
    n - taken
}
