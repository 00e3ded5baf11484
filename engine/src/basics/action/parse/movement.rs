//! Reading the verbs of ACCIONES DE MOVIMIENTO (Mover, Correr, Esprintar, Escalar, 180°, Nadar,
//! Salto, Mover cargado, Cargar, Embestir), of heights (MOVIMIENTO / Alturas: Escalar a lo alto,
//! Subir a un alto, Dejarse caer, Cambiar de altitud, Retros) and of a transport's movement
//! (CREACIÓN DE TRANSPORTES: Embarcar, Desembarcar, the driver's Mover / Correr, Pivotar,
//! Maniobrar, Embestir con transporte) into an [`ActKind`]; syntax only (POSITIONS.md, "Action
//! notation").

use super::args::{pos_arg, transport_arg, who_arg};
use super::Line;
use crate::basics::action::{ActKind, CharIdx, ParseError, Roster, Vertical};
use crate::basics::geom::Facing;

/// The action a verb of ACCIONES DE MOVIMIENTO names, or `None` when the verb is not one of them.
///
/// # Errors
/// A [`ParseError`] naming the part of the line that cannot be read.
pub(super) fn kind<R: Roster + ?Sized>(l: &Line<'_, R>) -> Result<Option<ActKind>, ParseError> {
    let (roster, _, verb, words, lower, a1, a2) = l.parts();
    let (err, expect) = (|reason: String| l.err(reason), |n: usize| l.expect(n));
    Ok(Some(match verb {
        "move" | "run" | "sprint" | "sneak" | "climb" | "disengage" | "flee" | "turn180"
        | "swim" | "jump" | "scale" | "leap-up" | "fall" | "super-jump" => {
            expect(3)?;
            let p = pos_arg(a1, verb).map_err(err)?;
            match verb {
                "move" => ActKind::Move(p),
                "run" => ActKind::Run(p),
                "sprint" => ActKind::Sprint(p),
                "sneak" => ActKind::Sneak(p),
                "climb" => ActKind::Climb(p),
                "turn180" => ActKind::Turn180(p),
                "swim" => ActKind::Swim(p),
                "jump" => ActKind::Jump(p),
                "super-jump" => ActKind::SuperJump(p),
                "scale" => ActKind::Vertical {
                    how: Vertical::Scale,
                    to: p,
                },
                "leap-up" => ActKind::Vertical {
                    how: Vertical::LeapUp,
                    to: p,
                },
                "fall" => ActKind::Vertical {
                    how: Vertical::Fall,
                    to: p,
                },
                "disengage" => ActKind::Disengage(p),
                _ => ActKind::Flee(p),
            }
        }
        "altitude" => {
            expect(4)?;
            let alt: i8 = a1
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| err("altitude needs a level (-1, 1, 2, 3 or 4)".into()))?;
            let to = pos_arg(a2, verb).map_err(err)?;
            ActKind::ChangeAltitude { alt, to }
        }
        "embark" => {
            expect(3)?;
            let transport =
                transport_arg(a1).ok_or_else(|| err(format!("{verb} needs a transport tN")))?;
            ActKind::Embark { transport }
        }
        "drive" | "drive-run" => {
            expect(4)?;
            let to = pos_arg(a1, verb).map_err(err)?;
            let turn = match a2 {
                None | Some("0") => 0,
                Some("45") | Some("+45") => 1,
                Some("-45") => -1,
                // Caza's extra 45° (RULES.md, "Traits in play, share F").
                Some("90") | Some("+90") => 2,
                Some("-90") => -2,
                Some(t) => {
                    return Err(err(format!(
                        "\"{t}\" is not a turn (-90, -45, 0, 45 or 90)"
                    )))
                }
            };
            ActKind::Drive {
                to,
                turn,
                run: verb == "drive-run",
            }
        }
        "pivot-transport" => {
            expect(3)?;
            let d = a1.ok_or_else(|| err("pivot-transport needs a facing".into()))?;
            ActKind::PivotTransport(
                Facing::parse(d).ok_or_else(|| err(format!("\"{d}\" is not a facing")))?,
            )
        }
        "disembark" => {
            expect(3)?;
            ActKind::Disembark(pos_arg(a1, verb).map_err(err)?)
        }
        "manoeuvre" => {
            expect(3)?;
            ActKind::Manoeuvre(pos_arg(a1, verb).map_err(err)?)
        }
        "pivot" => {
            expect(3)?;
            let d = a1.ok_or_else(|| err("pivot needs a facing".into()))?;
            ActKind::Pivot(Facing::parse(d).ok_or_else(|| err(format!("\"{d}\" is not a facing")))?)
        }
        "carry" if words.len() > 4 => {
            // Several carriers: `carry BODY X,Y with H1[,H2]`.
            expect(6)?;
            let body = who_arg(roster, a1, verb).map_err(err)?;
            let to = pos_arg(a2, verb).map_err(err)?;
            if !matches!(lower[4].as_str(), "with" | "con") {
                return Err(err(format!(
                    "unexpected \"{}\" (carry BODY X,Y with HELPER[,HELPER])",
                    words[4]
                )));
            }
            let list = words
                .get(5)
                .ok_or_else(|| err("carry ... with needs one or two helpers".into()))?;
            let names: Vec<&str> = list.split(',').collect();
            if names.len() > 2 || names.iter().any(|n| n.is_empty()) {
                return Err(err(format!(
                    "\"{list}\" is not one or two helpers (LABEL or LABEL,LABEL)"
                )));
            }
            let mut helpers = [CharIdx::MAX; 2];
            for (slot, n) in helpers.iter_mut().zip(&names) {
                *slot = who_arg(roster, Some(n), verb).map_err(err)?;
            }
            if helpers[0] == helpers[1] {
                return Err(err(format!("{list}: the same helper twice")));
            }
            ActKind::CarryJoint { body, to, helpers }
        }
        "hover" => {
            expect(2)?;
            ActKind::Hover
        }
        "charge" | "ram" | "carry" | "ram-transport" => {
            expect(4)?;
            let target = who_arg(roster, a1, verb).map_err(err)?;
            let to = pos_arg(a2, verb).map_err(err)?;
            match verb {
                "ram" => ActKind::Ram { target, to },
                "ram-transport" => ActKind::RamTransport { target, to },
                "carry" => ActKind::Carry { body: target, to },
                _ => ActKind::Charge { target, to },
            }
        }
        _ => return Ok(None),
    }))
}
