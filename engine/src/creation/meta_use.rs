//! What a meta-ability does, read from its traits alone (METAHABILIDADES, CREACIÓN DE
//! METAHABILIDADES): an attack, a boon, a curse, one of the Magia: effects. The rules of each
//! use are in `actions::meta`; the classification lives here, with the archetypes, so that the
//! action notation (an area attack is aimed at points) reads it without the actions.

use crate::creation::effect::Effect;

/// What a meta-ability does, by its traits (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// An attack on an enemy: CH IMP with its kind's attribute, DAÑ = CAL.
    Attack,
    /// Magia: despistar: moves an enemy INT K.
    Displace,
    /// Magia: anular: cancels a meta-ability of the other side in force on the target.
    Cancel,
    /// Its trait effects are the target's (the user or an ally) while it lasts.
    Boon,
    /// Magia: dormir: a calm enemy falls asleep (knocked out until an ally tends to it).
    Sleep,
    /// Maleficio, or only maluses: its trait effects are an enemy's until the end of its next
    /// activation.
    Curse,
    /// Magia: tranquilizar: an enemy loses its stress and its panic.
    Calm,
    /// Magia: resucitar: a corpse within VOL K rises on the user's side
    /// (`actions::meta_raise`).
    Raise,
}

impl Use {
    /// The use of a meta-ability with these effects.
    pub fn of(fx: &[Effect]) -> Use {
        if fx.contains(&Effect::RaiseDead) {
            Use::Raise
        } else if fx.contains(&Effect::MagicCancel) {
            Use::Cancel
        } else if fx.contains(&Effect::MagicDisplace) {
            Use::Displace
        } else if fx.contains(&Effect::MagicSleep) {
            Use::Sleep
        } else if fx.contains(&Effect::MagicCalm) {
            Use::Calm
        } else if fx.contains(&Effect::Curse) || all_maluses(fx) {
            Use::Curse
        } else if fx.iter().any(|e| {
            !matches!(
                e,
                Effect::MetaKind(_)
                    | Effect::Described
                    | Effect::MetaUser(_)
                    // The area traits shape an attack; they are no boon.
                    | Effect::Area(_)
                    | Effect::Scatter
                    | Effect::AreaFalloff
                    // The ALC traits (Más alcance …) are its own ALC's (`State::meta_range`;
                    // audit 31c: they made it a boon).
                    | Effect::RangeMod(_)
                    | Effect::RangeScale { .. }
                    | Effect::UnlimitedRange
            )
        }) {
            Use::Boon
        } else {
            Use::Attack
        }
    }
}

/// Whether a meta-ability's effects are all maluses (modifiers below 0), cast on enemies
/// (issue 16: «maluses cast on enemies»; RULES.md "Using meta-abilities").
fn all_maluses(fx: &[Effect]) -> bool {
    let mut any = false;
    for e in fx {
        match *e {
            Effect::CheckMod { amount, .. }
            | Effect::DamageMod { amount, .. }
            | Effect::DefMod { amount, .. }
            | Effect::DefModScoped { amount, .. } => {
                if amount >= 0 {
                    return false;
                }
                any = true;
            }
            Effect::MetaKind(_) | Effect::Described | Effect::Curse => {}
            _ => return false,
        }
    }
    any
}
