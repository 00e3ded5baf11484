//! Reading the verbs of ACCIONES GENÉRICAS (Apoyar, Buscar, Comerciar, Concentrarse, Curar,
//! En guardia, Esconderse, Esperar, Percibir, Saquear, Soltar, Recoger, Usar, Desatarse …), the
//! actions without operands (Agacharse, Cuerpo a tierra, Levantarse, Contracarga, Esquivar …)
//! and opening a door into an [`ActKind`]; syntax only (POSITIONS.md, "Action notation").

use super::args::{index_arg, weapon_arg, who_arg};
use super::Line;
use crate::basics::action::{ActKind, ParseError, Roster};

/// The action a verb of ACCIONES GENÉRICAS names, or `None` when the verb is not one of them.
///
/// # Errors
/// A [`ParseError`] naming the part of the line that cannot be read.
pub(super) fn kind<R: Roster + ?Sized>(l: &Line<'_, R>) -> Result<Option<ActKind>, ParseError> {
    let (roster, who, verb, words, lower, a1, a2) = l.parts();
    let (err, expect) = (|reason: String| l.err(reason), |n: usize| l.expect(n));
    Ok(Some(match verb {
        "crouch" | "prone" | "stand" | "countercharge" | "dodge" | "free" | "concentrate"
        | "guard" | "hide" | "wait" | "perceive" | "counter-magic" | "untie" => {
            expect(2)?;
            match verb {
                "crouch" => ActKind::Crouch,
                "prone" => ActKind::Prone,
                "stand" => ActKind::Stand,
                "countercharge" => ActKind::Countercharge,
                "dodge" => ActKind::Dodge,
                "free" => ActKind::Free,
                "concentrate" => ActKind::Concentrate,
                "guard" => ActKind::Guard,
                "hide" => ActKind::Hide,
                "wait" => ActKind::Wait,
                "counter-magic" => ActKind::CounterMagic,
                "untie" => ActKind::Untie,
                _ => ActKind::Perceive,
            }
        }
        "loot" => {
            expect(4)?;
            let body = who_arg(roster, a1, verb).map_err(err)?;
            ActKind::Loot {
                body,
                weapon: weapon_arg(roster, body, a2.or(Some("w1"))).map_err(err)?,
            }
        }
        "trade" => {
            expect(7)?;
            let with = who_arg(roster, a1, verb).map_err(err)?;
            let (mut give, mut take) = (None, None);
            let rest = &lower[3.min(lower.len())..];
            if rest.is_empty() || !rest.len().is_multiple_of(2) {
                return Err(err(
                    "trade needs \"give wN\" and/or \"take wN\" after the ally".into(),
                ));
            }
            for (k, pair) in rest.chunks(2).enumerate() {
                let w = Some(words[3 + 2 * k + 1]);
                match pair[0].as_str() {
                    "give" | "entrega" if give.is_none() && take.is_none() => {
                        give = Some(weapon_arg(roster, who, w).map_err(err)?)
                    }
                    "take" | "recibe" if take.is_none() => {
                        take = Some(weapon_arg(roster, with, w).map_err(err)?)
                    }
                    other => {
                        return Err(err(format!(
                            "\"{other}\": expected \"give wN\" then \"take wN\", each once"
                        )))
                    }
                }
            }
            ActKind::Trade { with, give, take }
        }
        "door" => {
            // `door eN`: opens or closes door N.
            expect(3)?;
            let n = index_arg(a1, 'e', verb, "a door").map_err(err)?;
            ActKind::Door { element: n - 1 }
        }
        "drop" => {
            expect(3)?;
            ActKind::Drop {
                weapon: weapon_arg(roster, who, a1.or(Some("w1"))).map_err(err)?,
            }
        }
        "pickup" => {
            expect(4)?;
            let owner = who_arg(roster, a1, verb).map_err(err)?;
            ActKind::PickUp {
                owner,
                weapon: weapon_arg(roster, owner, a2.or(Some("w1"))).map_err(err)?,
            }
        }
        "search" => {
            expect(3)?;
            let n = index_arg(a1, 'e', "search", "a scenario element").map_err(err)?;
            ActKind::Search { element: n - 1 }
        }
        "use" => {
            // `use oN TARGET` (the target defaults to the user).
            expect(4)?;
            let n = index_arg(a1, 'o', "use", "an object").map_err(err)?;
            let target = match a2 {
                Some(_) => who_arg(roster, a2, verb).map_err(err)?,
                None => who,
            };
            ActKind::Use {
                object: n - 1,
                target,
            }
        }
        _ => return Ok(None),
    }))
}
