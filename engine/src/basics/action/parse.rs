//! The one-line notation of actions, read (POSITIONS.md, "Action notation"): syntax and names
//! only — whether the action is legal is the game state's business.

#[allow(unused_imports)]
use super::*;

/// Why a line of notation could not be read (as opposed to an illegal action).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The offending text.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot parse action \"{}\": {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseError {}

/// Whether the parsed action is for the character's own activation or a reaction: the notation
/// of both is the same, the decision being taken tells which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseContext {
    /// An action of the active character.
    Acting,
    /// A reaction.
    Reacting,
}

pub(super) fn pos_arg(s: Option<&str>, what: &str) -> Result<Pos, String> {
    let s = s.ok_or_else(|| format!("{what} needs a square x,y"))?;
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("\"{s}\" is not a square x,y"))?;
    let x: u8 = x
        .trim()
        .parse()
        .map_err(|_| format!("\"{s}\": column is not a number 0..255"))?;
    let y: u8 = y
        .trim()
        .parse()
        .map_err(|_| format!("\"{s}\": row is not a number 0..255"))?;
    Ok(Pos::new(x, y))
}

pub(super) fn who_arg<R: Roster + ?Sized>(
    r: &R,
    s: Option<&str>,
    what: &str,
) -> Result<CharIdx, String> {
    let s = s.ok_or_else(|| format!("{what} needs a character (like b2)"))?;
    r.find(s)
        .ok_or_else(|| format!("no character \"{s}\" in this position"))
}

/// A 1-based index written after a letter (`m1`, `e2`, `o1`; either case): the number.
fn index_arg(s: Option<&str>, letter: char, verb: &str, what: &str) -> Result<u8, String> {
    let l = letter.to_ascii_lowercase();
    let s = s.ok_or_else(|| format!("{verb} needs {what} ({l}1, {l}2, …)"))?;
    s.strip_prefix(l)
        .or_else(|| s.strip_prefix(l.to_ascii_uppercase()))
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("\"{s}\" is not {what} ({l}1, {l}2, …)"))
}

pub(super) fn weapon_arg<R: Roster + ?Sized>(
    r: &R,
    who: CharIdx,
    s: Option<&str>,
) -> Result<u8, String> {
    match s {
        None => Ok(0),
        // `tN.wM`: a weapon mounted on a transport (`mounted`), fired or reloaded by its crew.
        Some(w) if w.contains('.') => {
            let (t, g) = mounted_arg(Some(w))
                .filter(|&(t, _)| (t as usize) < 8)
                .ok_or_else(|| format!("\"{w}\" is not a mounted weapon (t1.w1, …)"))?;
            match r.mounted_count(t) {
                Some(n) if g >= n => Err(format!(
                    "t{} has no weapon w{} (it mounts {n})",
                    t + 1,
                    g + 1
                )),
                Some(_) => Ok(super::mounted_slot(t, g)),
                None => Err(format!("there is no transport t{} here", t + 1)),
            }
        }
        Some(w) => {
            let n: u8 = w
                .strip_prefix('w')
                .or_else(|| w.strip_prefix('W'))
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("\"{w}\" is not a weapon (w1, w2, …)"))?;
            if n == 0 || n > r.weapon_count(who) {
                return Err(format!(
                    "{} has no weapon w{n} (it carries {})",
                    r.label(who),
                    r.weapon_count(who)
                ));
            }
            Ok(n - 1)
        }
    }
}

/// Spanish action ids (ASCII-folded, GLOSSARY) accepted as aliases of the English verbs.
pub(super) fn canonical_verb(v: &str) -> &str {
    spanish_verb(v).unwrap_or(v)
}

/// The English verb a Spanish action id (ASCII-folded, words joined by `_`: `escalar`,
/// `salto_de_longitud`) names, if it names one (also Maestría (X), `setup::statics`).
pub fn spanish_verb(v: &str) -> Option<&'static str> {
    Some(match v {
        "terminar" | "fin" | "finalizar" | "terminar_actuacion" => "end",
        "reaccionar" | "reaccion" => "react",
        "mover" => "move",
        "correr" => "run",
        "esprintar" => "sprint",
        "mover_sin_hacer_ruido" | "sigilo" => "sneak",
        "escalar" => "climb",
        "180" | "180_grados" | "giro_180" => "turn180",
        "nadar" => "swim",
        "mover_cargado" | "mover_cargado_con_un_objeto" | "transportar" => "carry",
        "salto_de_longitud" | "saltar" => "jump",
        "escalar_a_lo_alto" | "trepar" => "scale",
        "subir_a_un_alto" => "leap-up",
        "dejarse_caer" => "fall",
        "cambiar_de_altitud" | "despegar" | "aterrizar" | "despegar_aterrizar" => "altitude",
        "embarcar" => "embark",
        "desembarcar" => "disembark",
        "conducir" | "mover_transporte" => "drive",
        "correr_transporte" => "drive-run",
        "pivotar_transporte" => "pivot-transport",
        "maniobrar" => "manoeuvre",
        "disparar_transporte" => "shoot-transport",
        "super_salto" => "super-jump",
        "embestir_con_transporte" => "ram-transport",
        "atacar_mecha" | "cac_transporte" => "melee-transport",
        "agacharse" => "crouch",
        "cuerpo_a_tierra" => "prone",
        "levantarse" => "stand",
        "pivotar" => "pivot",
        "ataque_a_distancia" | "disparar" => "shoot",
        "ataque_a_larga_distancia" => "shoot-long",
        "ataque_a_bulto" => "shoot-wide",
        "ataque_a_un_combate_cac" => "shoot-melee",
        "ataque_a_ciegas" => "shoot-blind",
        "ataque_cac" => "melee",
        "ataque_cac_sin_armas" => "unarmed",
        "cargar" => "charge",
        "contracarga" => "countercharge",
        "destrabarse" => "disengage",
        "esquivar" | "esquivar_en_cac" => "dodge",
        "empujar" => "push",
        "desarmar" => "disarm",
        "noquear" => "knockout",
        "inmovilizar" | "immobilize" => "immobilise",
        "liberarse" => "free",
        "huir" => "flee",
        "ataque_sorpresa" => "surprise",
        "apoyar" => "support",
        "concentrarse" => "concentrate",
        "curar" | "reparar" => "heal",
        "en_guardia" => "guard",
        "esconderse" => "hide",
        "esperar" => "wait",
        "percibir" => "perceive",
        "recargar" => "reload",
        "corromper" | "hackear" => "hack",
        "curar_estres" => "heal-stress",
        "contramagia" => "counter-magic",
        "combate_mental" => "mental-combat",
        "poseer" => "possess",
        "marcar" | "marcar_un_objetivo" => "mark",
        "embestir" => "ram",
        "lanzar" | "lanzar_armas" | "lanzar_objetos" => "throw",
        "soltar" => "drop",
        "ataque_cac_con_objeto_improvisado" | "objeto_improvisado" => "club",
        "atar" => "tie",
        "desatarse" => "untie",
        "comerciar" => "trade",
        "saquear" => "loot",
        "recoger" | "coger" => "pickup",
        "buscar" => "search",
        "puerta" => "door",
        "usar" | "usar_objeto" => "use",
        "desenfundar" => "draw",
        "eliminar" => "eliminate",
        "usar_metahabilidad" | "metahabilidad" | "mantener_metahabilidad" => "meta",
        "ataque_de_area" | "area_de_efecto" => "area",
        "coctel" | "coctel_de_vitaminas" => "cocktail",
        "desafiar" => "challenge",
        "desaparecer" => "disappear",
        "invocar" | "invocar_avatar" => "invoke",
        "senuelo" => "decoy",
        "retros" | "parar_en_el_aire" => "hover",
        _ => return None,
    })
}

/// A word as the verbs are matched: lower case, the Spanish accents and ñ folded to ASCII
/// (`Curar_Estrés` → `curar_estres`), so the rulebook's spelling is read as the ids are.
fn fold(w: &str) -> String {
    w.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'ä' => 'a',
            'é' | 'è' | 'ë' => 'e',
            'í' | 'ì' | 'ï' => 'i',
            'ó' | 'ò' | 'ö' => 'o',
            'ú' | 'ù' | 'ü' => 'u',
            'ñ' => 'n',
            c => c,
        })
        .collect()
}

/// Parses one line of notation. Only the syntax and the names are checked here; legality is
/// the game state's business (`State::parse_action`).
///
/// # Errors
/// A [`ParseError`] naming the part that cannot be read.
pub fn parse<R: Roster + ?Sized>(
    text: &str,
    roster: &R,
    ctx: ParseContext,
) -> Result<Action, ParseError> {
    let err = |reason: String| ParseError {
        text: text.trim().to_string(),
        reason,
    };
    let mut words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return Err(err("empty action".into()));
    }
    let mut chain = false;
    if words.last() == Some(&"+") || words.last() == Some(&"chain") {
        chain = true;
        words.pop();
    } else if let Some(last) = words.last_mut() {
        if last.len() > 1 && last.ends_with('+') {
            *last = &last[..last.len() - 1];
            chain = true;
        }
    }
    let mut face = None;
    if words.len() >= 2 && words[words.len() - 2].eq_ignore_ascii_case("facing") {
        let d = words[words.len() - 1];
        face = Some(Facing::parse(d).ok_or_else(|| {
            err(format!(
                "\"{d}\" is not a facing (N, NE, E, SE, S, SW, W, NW)"
            ))
        })?);
        words.truncate(words.len() - 2);
    }
    if words.is_empty() {
        return Err(err("no action: only a chain mark or a facing".into()));
    }
    let lower: Vec<String> = words.iter().map(|w| fold(w)).collect();
    match lower[0].as_str() {
        "pass" | "pasar" if words.len() == 1 => return Ok(Action::Pass),
        "init" | "initiative" | "iniciativa" => {
            let c = who_arg(roster, words.get(1).copied(), "init").map_err(err)?;
            return Ok(Action::Initiative(c));
        }
        "activate" | "activar" => {
            let c = who_arg(roster, words.get(1).copied(), "activate").map_err(err)?;
            return Ok(Action::Activate(c));
        }
        _ => {}
    }
    let who = roster.find(words[0]).ok_or_else(|| {
        err(format!(
            "\"{}\" is neither a command nor a character",
            words[0]
        ))
    })?;
    let verb = lower
        .get(1)
        .map(|v| canonical_verb(v.as_str()))
        .ok_or_else(|| err(format!("no action after \"{}\"", words[0])))?;
    let a1 = words.get(2).copied();
    let a2 = words.get(3).copied();
    let expect = |n: usize| -> Result<(), ParseError> {
        if words.len() > n {
            Err(err(format!("unexpected \"{}\"", words[n])))
        } else {
            Ok(())
        }
    };
    let kind = match verb {
        "end" => {
            expect(2)?;
            if chain {
                return Err(err("end cannot be chained".into()));
            }
            return Ok(Action::End {
                who,
                facing: face.ok_or_else(|| err("end needs \"facing DIR\"".into()))?,
            });
        }
        "react" => {
            expect(2)?;
            return Ok(Action::React(who));
        }
        "hold" => {
            expect(2)?;
            return Ok(Action::Hold(who));
        }
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
        "altitude" => {
            expect(4)?;
            let alt: i8 = a1
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| err("altitude needs a level (-1, 1, 2, 3 or 4)".into()))?;
            let to = pos_arg(a2, verb).map_err(err)?;
            ActKind::ChangeAltitude { alt, to }
        }
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
        "shoot" | "shoot-long" | "shoot-wide" | "shoot-melee" | "shoot-blind" | "melee"
        | "throw" | "club" => {
            expect(4)?;
            let target = who_arg(roster, a1, verb).map_err(err)?;
            // `shoot LABEL t1.w2`: a weapon mounted on a transport, fired by its crew.
            if let Some((transport, weapon)) = mounted_arg(a2).filter(|_| verb.starts_with("shoot"))
            {
                let mode = match verb {
                    "shoot-long" => ShotMode::Long,
                    "shoot-wide" => ShotMode::Wide,
                    "shoot-melee" => ShotMode::IntoMelee,
                    "shoot-blind" => ShotMode::Blind,
                    _ => ShotMode::Normal,
                };
                return Ok(wrap(
                    who,
                    ActKind::ShootMounted {
                        target,
                        transport,
                        weapon,
                        mode,
                    },
                    chain,
                    face,
                    ctx,
                ));
            }
            let weapon = weapon_arg(roster, who, a2).map_err(err)?;
            let mode = match verb {
                "throw" => {
                    return Ok(wrap(
                        who,
                        ActKind::Throw { target, weapon },
                        chain,
                        face,
                        ctx,
                    ))
                }
                "club" => {
                    return Ok(wrap(
                        who,
                        ActKind::Club { target, weapon },
                        chain,
                        face,
                        ctx,
                    ))
                }
                "shoot" => ShotMode::Normal,
                "shoot-long" => ShotMode::Long,
                "shoot-wide" => ShotMode::Wide,
                "shoot-melee" => ShotMode::IntoMelee,
                "shoot-blind" => ShotMode::Blind,
                _ => {
                    return Ok(wrap(
                        who,
                        ActKind::Melee { target, weapon },
                        chain,
                        face,
                        ctx,
                    ))
                }
            };
            ActKind::Shoot {
                target,
                weapon,
                mode,
            }
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
        "hack" | "possess" if super::objects::is_object(roster, a1) => {
            super::objects::parse_kind(roster, verb, &words[2..], err)?
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
                "heal" => ActKind::Heal { target },
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
        "door" => {
            // `door eN`: opens or closes door N.
            expect(3)?;
            let n = index_arg(a1, 'e', verb, "a door").map_err(err)?;
            ActKind::Door { element: n - 1 }
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
        "swarm" => {
            // `swarm LABEL`: every swarm weapon at that enemy.
            expect(3)?;
            ActKind::Swarm {
                target: who_arg(roster, a1, verb).map_err(err)?,
            }
        }
        "pet" => {
            // `pet pN`: the N-th bonus of its Mascota mágica.
            expect(3)?;
            let n = index_arg(a1, 'p', verb, "a bonus of its magic pet").map_err(err)?;
            ActKind::PetBonus(n - 1)
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
        other => return Err(err(format!("unknown action \"{other}\""))),
    };
    Ok(wrap(who, kind, chain, face, ctx))
}

pub(super) fn wrap(
    who: CharIdx,
    kind: ActKind,
    chain: bool,
    face: Option<Facing>,
    ctx: ParseContext,
) -> Action {
    match ctx {
        ParseContext::Acting => Action::Act {
            who,
            kind,
            chain,
            face,
        },
        ParseContext::Reacting => Action::Reaction { who, kind },
    }
}

/// A transport argument `tN` (1-based in notation), as its 0-based index.
/// A weapon mounted on a transport, `t1.w2`: (transport, weapon), both 0-based.
fn mounted_arg(a: Option<&str>) -> Option<(u8, u8)> {
    let (t, w) = a?.split_once('.')?;
    let w = w
        .strip_prefix(['w', 'W'])?
        .parse::<u8>()
        .ok()
        .filter(|&n| n >= 1)?;
    Some((transport_arg(Some(t))?, w - 1))
}

fn transport_arg(a: Option<&str>) -> Option<u8> {
    a.and_then(|t| t.trim().strip_prefix(['t', 'T']))
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
}
