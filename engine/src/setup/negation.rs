//! Niega (BONUS Y MALUS): «Niega un bonus o característica.» The trait's text names a trait
//! (`Niega (Duro)`); every enemy of the holder plays the whole game without it: its static
//! record is built again, at setup, from its archetypes less that trait (its list, its points
//! and its file stay as written). RULES.md, "Traits in play, share H".

use super::statics::build_static;
use crate::creation::catalogue::CharacterDef;
use crate::creation::effect::Effect;
use crate::creation::traits::{lookup, TraitId, TraitRef};
use crate::state::CharStatic;

/// Every trait list of a character's archetypes.
fn lists(def: &mut CharacterDef) -> Vec<&mut Vec<TraitRef>> {
    let mut v: Vec<&mut Vec<TraitRef>> = vec![&mut def.race.traits];
    v.extend(def.weapons.iter_mut().map(|w| &mut w.traits));
    v.extend(def.protections.iter_mut().map(|p| &mut p.traits));
    v.extend(def.meta_abilities.iter_mut().map(|m| &mut m.traits));
    v.extend(def.objects.iter_mut().map(|o| &mut o.traits));
    v.extend(def.transport.iter_mut().map(|t| &mut t.traits));
    v
}

/// The traits a character negates on its enemies: those its Niega traits name.
fn negated_by(c: &CharStatic) -> Vec<TraitId> {
    let mut def = c.def.clone();
    lists(&mut def)
        .into_iter()
        .flat_map(|l| l.iter())
        .filter(|t| t.effects().any(|e| e == Effect::Negates))
        .filter_map(|t| t.text.as_deref().and_then(lookup))
        .collect()
}

/// The traits the enemies of side `side` negate on it.
pub(super) fn negated_on(statics: &[CharStatic], side: crate::basics::geom::Side) -> Vec<TraitId> {
    statics
        .iter()
        .filter(|c| c.side != side)
        .flat_map(negated_by)
        .collect()
}

/// Removes the traits `gone` from every archetype of `def`; true when one was there.
pub(super) fn strip(def: &mut CharacterDef, gone: &[TraitId]) -> bool {
    let mut removed = false;
    for l in lists(def) {
        let before = l.len();
        l.retain(|t| !gone.contains(&t.id));
        removed |= l.len() != before;
    }
    removed
}

/// Applies every Niega of the position: each enemy of a holder is rebuilt without the named
/// traits (its `def` and `cost` kept).
pub(super) fn apply(statics: &mut [CharStatic]) {
    let holders: Vec<(crate::basics::geom::Side, Vec<TraitId>)> = statics
        .iter()
        .map(|c| (c.side, negated_by(c)))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    if holders.is_empty() {
        return;
    }
    let mut n_of_side = [0usize; 2];
    for info in statics.iter_mut() {
        let n = n_of_side[info.side.index()];
        n_of_side[info.side.index()] += 1;
        let gone: Vec<TraitId> = holders
            .iter()
            .filter(|(s, _)| *s != info.side)
            .flat_map(|(_, v)| v.iter().copied())
            .collect();
        let mut def = info.def.clone();
        let mut removed = false;
        for l in lists(&mut def) {
            let before = l.len();
            l.retain(|t| !gone.contains(&t.id));
            removed |= l.len() != before;
        }
        if !removed {
            continue;
        }
        // Everything derived anew; the list as written and its points stay.
        let b = build_static(
            info.side,
            n,
            Some(info.name.clone()),
            def,
            info.transport_placed,
        );
        *info = CharStatic {
            def: info.def.clone(),
            cost: info.cost,
            ..b
        };
    }
}
