//! Reading the verbs of the actions traits give (BONUS Y MALUS: Regeneración, Sed de energía,
//! Súper fuerza, Mascota mágica, Cóctel de vitaminas, Desafiante, Desaparecer, Avatar, Señuelo
//! …) and of METAHABILIDADES (Usar una metahabilidad, Magia: telekinesis) into an [`ActKind`];
//! syntax only (POSITIONS.md, "Action notation").

use super::args::{index_arg, pos_arg, weapon_arg, who_arg};
use super::Line;
use crate::basics::action::{Ability, ActKind, ParseError, Roster};

/// The action a verb of BONUS Y MALUS and METAHABILIDADES names, or `None` when the verb is not
/// one of them.
///
/// # Errors
/// A [`ParseError`] naming the part of the line that cannot be read.
pub(super) fn kind<R: Roster + ?Sized>(l: &Line<'_, R>) -> Result<Option<ActKind>, ParseError> {
    let (roster, who, verb, words, _, a1, a2) = l.parts();
    let (err, expect) = (|reason: String| l.err(reason), |n: usize| l.expect(n));
    Ok(Some(match verb {
        "regenerate" | "psychic-energy" | "camouflage" | "vanish" | "extinguish" | "replenish"
        | "smoke" | "recharge-shield" | "stance" | "phase" => {
            expect(2)?;
            let ability = match verb {
                "regenerate" => Ability::Regenerate,
                "psychic-energy" => Ability::PsychicEnergy,
                "camouflage" => Ability::Camouflage,
                "vanish" => Ability::Vanish,
                "replenish" => Ability::Replenish,
                "smoke" => Ability::Smoke,
                "stance" => Ability::Stance,
                "recharge-shield" => Ability::RechargeShield,
                "phase" => Ability::Phase,
                _ => Ability::Extinguish,
            };
            ActKind::Ability {
                ability,
                target: who,
            }
        }
        "steal-energy" | "aim-mark" | "feed" | "orders" | "death-hand" => {
            expect(3)?;
            let ability = match verb {
                "steal-energy" => Ability::StealEnergy,
                "aim-mark" => Ability::AimMark,
                "orders" => Ability::Orders,
                "death-hand" => Ability::DeathHand,
                _ => Ability::Feed,
            };
            ActKind::Ability {
                ability,
                target: who_arg(roster, a1, verb).map_err(err)?,
            }
        }
        "meta" => {
            expect(4)?;
            let n = index_arg(a1, 'm', "meta", "a meta-ability").map_err(err)?;
            // An area meta-ability is aimed at a point (`x,y`) or at a character's square.
            if a2.is_some_and(|t| t.contains(',')) {
                ActKind::MetaArea {
                    meta: n - 1,
                    at: pos_arg(a2, "meta").map_err(err)?,
                }
            } else {
                let target = who_arg(roster, a2, verb).map_err(err)?;
                if roster.meta_area(who, n - 1) {
                    let at = roster.square(target).ok_or_else(|| {
                        err(format!(
                            "the square of \"{}\" is not known here",
                            roster.label(target)
                        ))
                    })?;
                    ActKind::MetaArea { meta: n - 1, at }
                } else {
                    ActKind::Meta {
                        meta: n - 1,
                        target,
                    }
                }
            }
        }
        "telekinesis" => {
            // `telekinesis mN LABEL wK`: the item on the ground as `pickup` names it.
            expect(5)?;
            let n = index_arg(a1, 'm', verb, "a meta-ability").map_err(err)?;
            let owner = who_arg(roster, a2, verb).map_err(err)?;
            let a3 = words.get(4).copied();
            ActKind::Telekinesis {
                meta: n - 1,
                owner,
                weapon: weapon_arg(roster, owner, a3.or(Some("w1"))).map_err(err)?,
            }
        }
        "heave" => {
            // `heave tN LABEL`: Súper fuerza hurls transport N at that enemy.
            expect(4)?;
            let n = index_arg(a1, 't', verb, "a transport").map_err(err)?;
            ActKind::Heave {
                transport: n - 1,
                target: who_arg(roster, a2, verb).map_err(err)?,
            }
        }
        "pet" => {
            // `pet pN`: the N-th bonus of its Mascota mágica.
            expect(3)?;
            let n = index_arg(a1, 'p', verb, "a bonus of its magic pet").map_err(err)?;
            ActKind::PetBonus(n - 1)
        }
        "cocktail" => {
            // `cocktail oN STAT` (Cóctel de vitaminas).
            expect(4)?;
            let n = index_arg(a1, 'o', "cocktail", "an object").map_err(err)?;
            let stat = crate::creation::effect_params::Stat::ALL
                .into_iter()
                .find(|s| a2.is_some_and(|t| t.eq_ignore_ascii_case(s.name())))
                .ok_or_else(|| {
                    err(format!(
                        "cocktail needs an attribute, found {}; allowed: CON, AGI, INT, VOL",
                        a2.map_or("nothing".to_string(), |t| format!("\"{t}\""))
                    ))
                })?;
            ActKind::Cocktail {
                object: n - 1,
                stat,
            }
        }
        "challenge" => {
            expect(3)?;
            ActKind::Challenge {
                target: who_arg(roster, a1, verb).map_err(err)?,
            }
        }
        "disappear" => {
            expect(3)?;
            ActKind::Disappear(pos_arg(a1, "disappear").map_err(err)?)
        }
        "invoke" => {
            // `invoke LABEL X,Y` (Avatar).
            expect(4)?;
            ActKind::Invoke {
                avatar: who_arg(roster, a1, verb).map_err(err)?,
                to: pos_arg(a2, "invoke").map_err(err)?,
            }
        }
        "decoy" => {
            expect(2)?;
            ActKind::Decoy
        }
        _ => return Ok(None),
    }))
}
