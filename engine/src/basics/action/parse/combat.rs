//! Reading the verbs of ACCIONES DE COMBATE (Ataque a distancia and its modes, Ataque CaC,
//! Lanzar, objeto improvisado, Empujar, Desarmar, Noquear, Inmovilizar, Ataque sorpresa,
//! Desenfundar, Corromper / Poseer of characters and objects, Recargar), of ÁREAS (`area`, Arco
//! concentrado), of shots at a transport and a mecha in melee, and of the weapons' traits that
//! act as attacks (Control remoto's `detonate`, Arma de enjambre's `swarm`) into an [`ActKind`];
//! syntax only (POSITIONS.md, "Action notation").

use super::args::{index_arg, mounted_arg, pos_arg, transport_arg, weapon_arg, who_arg};
use super::Line;
use crate::basics::action::{ActKind, Fix, ParseError, Roster, ShotMode};

/// The action a verb of ACCIONES DE COMBATE names, or `None` when the verb is not one of them.
///
/// # Errors
/// A [`ParseError`] naming the part of the line that cannot be read.
pub(super) fn kind<R: Roster + ?Sized>(l: &Line<'_, R>) -> Result<Option<ActKind>, ParseError> {
    let (roster, who, verb, words, _, a1, a2) = l.parts();
    let (err, expect) = (|reason: String| l.err(reason), |n: usize| l.expect(n));
    Ok(Some(match verb {
        "shoot-transport" | "melee-transport" => {
            expect(4)?;
            let transport =
                transport_arg(a1).ok_or_else(|| err(format!("{verb} needs a transport tN")))?;
            let weapon = weapon_arg(roster, who, a2).map_err(err)?;
            if verb == "melee-transport" {
                ActKind::MeleeTransport { transport, weapon }
            } else {
                ActKind::ShootTransport { transport, weapon }
            }
        }
        "shoot" | "shoot-long" | "shoot-wide" | "shoot-melee" | "shoot-blind" | "melee"
        | "throw" | "club" => {
            expect(4)?;
            let target = who_arg(roster, a1, verb).map_err(err)?;
            // `shoot LABEL t1.w2`: a weapon mounted on a transport, fired by its crew.
            if let Some((transport, weapon)) = mounted_arg(a2).filter(|_| verb.starts_with("shoot"))
            {
                let mode = ShotMode::from_verb(verb).unwrap_or(ShotMode::Normal);
                return Ok(Some(ActKind::ShootMounted {
                    target,
                    transport,
                    weapon,
                    mode,
                }));
            }
            let weapon = weapon_arg(roster, who, a2).map_err(err)?;
            let mode = match verb {
                "throw" => return Ok(Some(ActKind::Throw { target, weapon })),
                "club" => return Ok(Some(ActKind::Club { target, weapon })),
                _ => match ShotMode::from_verb(verb) {
                    Some(mode) => mode,
                    None => return Ok(Some(ActKind::Melee { target, weapon })),
                },
            };
            ActKind::Shoot {
                target,
                weapon,
                mode,
            }
        }
        "hack" | "possess" if crate::basics::action::objects::is_object(roster, a1) => {
            crate::basics::action::objects::parse_kind(roster, verb, &words[2..], err)?
        }
        // Curar / Reparar on equipment: `heal LABEL wN`, `heal LABEL pN`, `heal tN`.
        "heal" if a2.is_some() || transport_arg(a1).is_some() => {
            expect(4)?;
            if let Some(t) = transport_arg(a1) {
                expect(3)?;
                ActKind::Heal {
                    target: who,
                    item: Some(Fix::Transport(t)),
                }
            } else {
                let target = who_arg(roster, a1, verb).map_err(err)?;
                let item = if a2.is_some_and(|w| w.starts_with(['p', 'P'])) {
                    Fix::Protection(index_arg(a2, 'p', verb, "a protection").map_err(err)? - 1)
                } else {
                    Fix::Weapon(weapon_arg(roster, target, a2).map_err(err)?)
                };
                ActKind::Heal {
                    target,
                    item: Some(item),
                }
            }
        }
        "unarmed" | "push" | "disarm" | "knockout" | "immobilise" | "surprise" | "heal"
        | "support" | "hack" | "heal-stress" | "mental-combat" | "possess" | "mark" | "tie"
        | "eliminate" | "draw" => {
            expect(3)?;
            let target = who_arg(roster, a1, verb).map_err(err)?;
            match verb {
                "unarmed" => ActKind::Unarmed { target },
                "push" => ActKind::Push { target },
                "disarm" => ActKind::Disarm { target },
                "knockout" => ActKind::Knockout { target },
                "immobilise" => ActKind::Immobilise { target },
                "surprise" => ActKind::Surprise { target },
                "heal" => ActKind::Heal { target, item: None },
                "hack" => ActKind::Hack { target },
                "heal-stress" => ActKind::HealStress { target },
                "mental-combat" => ActKind::MentalCombat { target },
                "possess" => ActKind::Possess { target },
                "mark" => ActKind::Mark { target },
                "tie" => ActKind::Tie { target },
                "eliminate" => ActKind::Eliminate { body: target },
                "draw" => ActKind::Draw { target },
                _ => ActKind::Support { ally: target },
            }
        }
        "reload" => {
            expect(3)?;
            ActKind::Reload {
                weapon: weapon_arg(roster, who, a1.or(Some("w1"))).map_err(err)?,
            }
        }
        "swarm" => {
            // `swarm LABEL`: every swarm weapon at that enemy.
            expect(3)?;
            ActKind::Swarm {
                target: who_arg(roster, a1, verb).map_err(err)?,
            }
        }
        "detonate" => {
            // `detonate kN`: the N-th bomb lying on the board (Control remoto).
            expect(3)?;
            let n = index_arg(a1, 'k', verb, "a bomb on the board").map_err(err)?;
            ActKind::Detonate { bomb: n - 1 }
        }
        "area" | "arc" => {
            // `area wN x,y`, or `area wN b2` for the square of a character; `arc` the same in
            // Arco concentrado's mode.
            expect(4)?;
            let weapon = weapon_arg(roster, who, a1).map_err(err)?;
            let at = match a2 {
                Some(t) if !t.contains(',') => {
                    let j = who_arg(roster, Some(t), verb).map_err(err)?;
                    roster
                        .square(j)
                        .ok_or_else(|| err(format!("the square of \"{t}\" is not known here")))?
                }
                _ => pos_arg(a2, "area").map_err(err)?,
            };
            if verb == "arc" {
                ActKind::AreaConcentrated { weapon, at }
            } else {
                ActKind::Area { weapon, at }
            }
        }
        _ => return Ok(None),
    }))
}
