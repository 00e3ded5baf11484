//! The static records of characters whose carried objects are switched off (RULES.md, "Objects
//! as the targets of Corromper and Poseer", what a carried object's passive traits do): built
//! once at setup for every combination of a character's objects with traits (up to eight: every
//! object the engine tracks per character), so that switching an object off or on in play swaps a record in, with no rebuilding
//! and nothing on the hot path (`state::objects_off`).

use super::negation::{negated_on, strip};
use super::statics::build_static;
use crate::state::{CharStatic, ObjectVariant};

/// Most objects with traits per character whose switching is modelled: every object the engine
/// tracks (a bit each in the mask). A holder of n objects with traits gets 2ⁿ − 1 records, built
/// once at setup: one for a single such object, 255 for the rare holder of eight.
const MAX_SWITCHED: usize = 8;

/// Every character's variants: for each non-empty set of its objects with traits, its record
/// built anew from its archetypes less those objects' traits (and less what Niega takes), with
/// its `def` and points as written; the record as set up is kept as the set 0.
pub(super) fn variants(statics: &[CharStatic]) -> Vec<ObjectVariant> {
    let mut out = Vec::new();
    let mut n_of_side = [0usize; 2];
    for (i, info) in statics.iter().enumerate() {
        let n = n_of_side[info.side.index()];
        n_of_side[info.side.index()] += 1;
        let with: Vec<usize> = (0..info.def.objects.len().min(8))
            .filter(|&k| !info.def.objects[k].traits.is_empty())
            .take(MAX_SWITCHED)
            .collect();
        if with.is_empty() {
            continue;
        }
        let gone = negated_on(statics, info.side);
        out.push(ObjectVariant {
            who: i as u8,
            mask: 0,
            info: info.clone(),
        });
        for set in 1u32..(1 << with.len()) {
            let mut def = info.def.clone();
            let mut mask = 0u8;
            for (b, &k) in with.iter().enumerate() {
                if set & (1 << b) != 0 {
                    def.objects[k].traits.clear();
                    mask |= 1 << k;
                }
            }
            strip(&mut def, &gone);
            let b = build_static(
                info.side,
                n,
                Some(info.name.clone()),
                def,
                info.transport_placed,
            );
            out.push(ObjectVariant {
                who: i as u8,
                mask,
                info: CharStatic {
                    def: info.def.clone(),
                    cost: info.cost,
                    ..b
                },
            });
        }
    }
    out
}
