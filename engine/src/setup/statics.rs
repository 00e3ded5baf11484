//! One character's static record (`CharStatic`) from its catalogue definition: its effects sorted
//! into the tables the rules read (CREACIÓN DE PERSONAJES), Maleficio's cast effects and the
//! Requiere check.

#[allow(unused_imports)]
use super::*;

pub(super) fn char_spec(c: &CharSetup) -> CharacterSpec {
    CharacterSpec {
        race: c.race.clone(),
        weapons: c.weapons.clone(),
        protections: c.protections.clone(),
        meta_abilities: c.meta_abilities.clone(),
        objects: c.objects.clone(),
        transports: c.transports.clone(),
    }
}

/// Maleficio («El malus en () afecta al objetivo de la acción»): the effects of the trait its
/// text names (`Maleficio (Torpe)`), which the meta-ability casts on its target; none when the
/// text names no trait of the catalogue (the meta-ability's own maluses are cast then).
fn cursed(t: &crate::creation::traits::TraitRef) -> Vec<Effect> {
    if !t.def().effects.contains(&Effect::Curse) {
        return Vec::new();
    }
    t.text
        .as_deref()
        .and_then(|x| x.parse::<crate::creation::traits::TraitRef>().ok())
        .map(|named| named.effects().filter(|e| *e != Effect::Curse).collect())
        .unwrap_or_default()
}

/// Requiere («El equipo exige al usuario una condición, objeto, bonus o cierto nivel»): a
/// piece of equipment whose Requiere names a trait of the catalogue (`Requiere (Profesión
/// arquero)`) needs a character that has it (on its race or any archetype it carries); a text
/// that names no trait (a condition, a level) is not checked. The error names both.
pub(super) fn unmet_requirement(def: &CharacterDef) -> Option<String> {
    use crate::creation::traits::TraitRef;
    let all: Vec<&TraitRef> = def
        .race
        .traits
        .iter()
        .chain(def.weapons.iter().flat_map(|w| &w.traits))
        .chain(def.protections.iter().flat_map(|p| &p.traits))
        .chain(def.objects.iter().flat_map(|o| &o.traits))
        .collect();
    let equipment = def
        .weapons
        .iter()
        .map(|w| (&w.name, &w.traits))
        .chain(def.protections.iter().map(|p| (&p.name, &p.traits)))
        .chain(def.objects.iter().map(|o| (&o.name, &o.traits)));
    for (name, traits) in equipment {
        for t in traits {
            if !t.def().effects.contains(&Effect::Requires) {
                continue;
            }
            let Some(need) = t.text.as_deref().and_then(|x| x.parse::<TraitRef>().ok()) else {
                continue;
            };
            if !all.iter().any(|h| h.id == need.id) {
                return Some(format!(
                    "\"{name}\" has {t}: the character does not have the trait {}",
                    need.def().name
                ));
            }
        }
    }
    None
}

pub(super) fn build_static(
    side: Side,
    n: usize,
    name: Option<String>,
    def: CharacterDef,
    transport_placed: bool,
) -> CharStatic {
    let mut effects = Vec::new();
    let mut auras = Vec::new();
    let mut sort = |e: Effect, effects: &mut Vec<Effect>| match e {
        Effect::CheckMod {
            who: Who::AlliesWithin(_) | Who::EnemiesWithin(_),
            ..
        }
        | Effect::Reroll {
            who: Who::AlliesWithin(_) | Who::EnemiesWithin(_),
            ..
        }
        | Effect::AlliesEneAtStart(_) => auras.push(e),
        // Effects that reach others (BONUS Y MALUS, issue 16): scanned from the others' side.
        Effect::CheckMod {
            who: Who::AttackersOfAlliesWithin(_) | Who::TargetsOfAlliesWithin(_),
            ..
        }
        | Effect::HalveAttr { .. }
        | Effect::EneAtStart { .. }
        | Effect::WeaponEneAura { .. }
        | Effect::DamageAura { .. }
        | Effect::ExtraAttackOnCritical(_)
        | Effect::InvocationFumbleAura { .. }
        | Effect::MetaUserAura { .. }
        | Effect::Radiant(_)
        | Effect::ChargeReach {
            who: Who::AlliesWithin(_),
            ..
        }
        | Effect::DreadAura { .. }
        | Effect::KillRushAura { .. }
        | Effect::VengeanceAura(_)
        | Effect::MarkJammer(_) => auras.push(e),
        // Líder: in the holder's effects (a leader for Pusilánime) and reaching allies.
        Effect::ShareVol(_) => {
            auras.push(e);
            effects.push(e);
        }
        _ => effects.push(e),
    };
    for t in &def.race.traits {
        t.effects().for_each(|e| sort(e, &mut effects));
    }
    for p in &def.protections {
        p.traits
            .iter()
            .flat_map(|t| t.effects())
            .for_each(|e| sort(e, &mut effects));
    }
    // Mascota mágica: a pet object's other traits are its bonuses, not in force until used.
    let is_pet = |o: &&crate::creation::archetype::Object| {
        o.traits
            .iter()
            .any(|t| t.effects().any(|e| e == Effect::MagicPet))
    };
    for o in &def.objects {
        if is_pet(&o) {
            effects.push(Effect::MagicPet);
            continue;
        }
        // «Cuando se usa» traits (Prueba de …, Dañino, Malvado …) are the object's own, run
        // when it is used (`triggers::object_uses`), not its carrier's in every attack (audit
        // 31b: an Elixir's Prueba de agilidad was asked of each shot and never of its use).
        o.traits
            .iter()
            .flat_map(|t| t.effects())
            .filter(|e| !matches!(e, Effect::OnUse(_)))
            .for_each(|e| sort(e, &mut effects));
    }
    // The transport's traits are the rider's (Caballería on the Caballo); those of the objects
    // and invocations equipped on it are the transport's (`Transport::all_traits`). Placed on
    // the board, the transport is a body of its own that takes its hits: what its traits say of
    // the one hit (its DEF, the DAÑ it suffers) is its own, not its rider's (audit 30c:
    // Blandito and Escuchimizado on a transport doubled and lowered its owner's;
    // `state::transport::hull_effect`).
    if let Some(t) = &def.transport {
        t.all_traits()
            .flat_map(|t| t.effects())
            .filter(|e| !(transport_placed && crate::state::hull_effect(e)))
            .for_each(|e| sort(e, &mut effects));
    }
    crate::state::trait_states::orator_reach(&mut auras, &effects, def.race.vol);
    let weapon_effects: Vec<Vec<Effect>> = def
        .weapons
        .iter()
        .map(|w| w.traits.iter().flat_map(|t| t.effects()).collect())
        .collect();
    let mut meta_effects: Vec<Vec<Effect>> = def
        .meta_abilities
        .iter()
        .map(|m| {
            m.traits
                .iter()
                .flat_map(|t| t.effects().chain(cursed(t)))
                .collect()
        })
        .collect();
    // Mascota mágica: each bonus of a pet, after the meta-abilities (`actions::pet`).
    for o in def.objects.iter().filter(is_pet) {
        for t in &o.traits {
            let fx: Vec<Effect> = t
                .effects()
                .filter(|e| !matches!(e, Effect::MagicPet | Effect::Described))
                .collect();
            if !fx.is_empty() {
                meta_effects.push(fx);
            }
        }
    }
    let magazine = def
        .weapons
        .iter()
        .zip(&weapon_effects)
        .map(|(w, fx)| {
            fx.iter()
                .find_map(|e| match e {
                    Effect::Magazine(k) => Some(if *k == 0 {
                        10u8.saturating_sub(w.dmg).max(1)
                    } else {
                        *k
                    }),
                    _ => None,
                })
                .unwrap_or(0)
        })
        .collect::<Vec<u8>>();
    // Más munición: «Cada cargador, proyectiles x2» (on the weapon, or on the character).
    let times = |fx: &[Effect]| -> u8 {
        fx.iter()
            .chain(&effects)
            .map(|e| match e {
                Effect::MagazineTimes(k) => *k,
                _ => 1,
            })
            .max()
            .unwrap_or(1)
    };
    let magazine = magazine
        .iter()
        .zip(&weapon_effects)
        .map(|(m, fx)| m.saturating_mul(times(fx)))
        .collect();
    // Maestría en combate / Incapacidad de combate (X): a CH IMP modifier of the weapon named X
    // (or of every weapon in melee for «CaC», at range for «distancia»), resolved here once.
    let mut weapon_effects = weapon_effects;
    let mastery = |traits: &[crate::creation::traits::TraitRef]| {
        traits
            .iter()
            .filter_map(|t| {
                t.effects().find_map(|e| match e {
                    Effect::WeaponMastery(k) => Some((k, t.text.clone().unwrap_or_default())),
                    _ => None,
                })
            })
            .collect::<Vec<_>>()
    };
    let mut masteries = mastery(&def.race.traits);
    for p in &def.protections {
        masteries.extend(mastery(&p.traits));
    }
    for o in &def.objects {
        masteries.extend(mastery(&o.traits));
    }
    let mut action_mastery = Vec::new();
    for (k, text) in masteries {
        // Maestría / Incapacidad (X) with X an action («una acción genérica o de movimiento a
        // elegir»): every CH ATR of that action (RULES.md, share I).
        let folded = crate::creation::traits::fold_name(&text);
        if let Some(verb) = crate::basics::action::spanish_verb(&folded) {
            action_mastery.push((verb, k));
            continue;
        }
        match crate::creation::traits::mastery_scope(&text) {
            Some(scope) => effects.push(Effect::CheckMod {
                check: crate::creation::effect::CheckKind::Hit,
                scope,
                who: Who::Holder,
                amount: k,
            }),
            None => {
                for (w, fx) in def.weapons.iter().zip(weapon_effects.iter_mut()) {
                    if w.name.eq_ignore_ascii_case(text.trim()) {
                        fx.push(Effect::CheckMod {
                            check: crate::creation::effect::CheckKind::Hit,
                            scope: crate::creation::effect::Scope::Any,
                            who: Who::Holder,
                            amount: k,
                        });
                    }
                }
            }
        }
    }
    // On a weapon, the trait is that weapon's whatever its text.
    for fx in weapon_effects.iter_mut() {
        let ks: Vec<i8> = fx
            .iter()
            .filter_map(|e| match e {
                Effect::WeaponMastery(k) => Some(*k),
                _ => None,
            })
            .collect();
        for k in ks {
            fx.push(Effect::CheckMod {
                check: crate::creation::effect::CheckKind::Hit,
                scope: crate::creation::effect::Scope::Any,
                who: Who::Holder,
                amount: k,
            });
        }
    }
    let label = format!("{}{}", side.letter(), n + 1);
    // Attribute changes of traits (Servus), resolved once here: 1..=10 as any attribute.
    use crate::creation::effect::Stat;
    let attr = |stat: Stat, base: u8| -> u8 {
        let k: i16 = effects
            .iter()
            .map(|e| match e {
                Effect::AttrMod(s, k) if *s == stat => *k as i16,
                _ => 0,
            })
            .sum();
        (base as i16 + k).clamp(1, 10) as u8
    };
    // Substance traits: their text, folded, for the attack-time comparisons.
    let mut substances = Vec::new();
    let mut add = |traits: &[crate::creation::traits::TraitRef], weapon: Option<u8>| {
        for t in traits {
            for e in t.effects() {
                if let Effect::Substance(role) = e {
                    substances.push(crate::state::Substance {
                        role,
                        text: crate::creation::traits::fold_name(t.text.as_deref().unwrap_or("")),
                        weapon,
                    });
                }
            }
        }
    };
    add(&def.race.traits, None);
    def.protections.iter().for_each(|p| add(&p.traits, None));
    def.objects.iter().for_each(|o| add(&o.traits, None));
    for (k, w) in def.weapons.iter().enumerate() {
        add(&w.traits, Some(k as u8));
    }
    let (con, agi, int, vol) = (
        attr(Stat::Con, def.race.con),
        attr(Stat::Agi, def.race.agi),
        attr(Stat::Int, def.race.int),
        attr(Stat::Vol, def.race.vol),
    );
    let walk = if effects.iter().any(|e| matches!(e, Effect::WallWalker)) {
        crate::state::Walk::Spider
    } else if effects.iter().any(|e| matches!(e, Effect::Hover)) {
        crate::state::Walk::Hover
    } else if effects.contains(&Effect::Incorporeal) {
        crate::state::Walk::Ghost
    } else if def.race.mov >= crate::state::GIANT_MOV {
        // MOVIMIENTO / Obstáculos: «Un obstáculo que llegue al pecho de la miniatura será
        // terreno difícil» — of the miniature: a high obstacle is chest-high to a giant.
        crate::state::Walk::Giant
    } else {
        crate::state::Walk::Plain
    };
    let leap = effects
        .iter()
        .filter_map(|e| match e {
            Effect::SuperJump(k) => Some(*k),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    // Meta visión: «a tantos K como INT».
    let see_through = if effects.contains(&Effect::SeeThrough) {
        int
    } else {
        0
    };
    CharStatic {
        walk,
        leap,
        quick: crate::state::QuickFx::with_weapons(&effects, &weapon_effects),
        side,
        name: name.unwrap_or_else(|| def.race.name.clone()),
        label,
        cost: def.cost(),
        con,
        agi,
        int,
        vol,
        mov: def.race.mov,
        effects,
        weapon_effects,
        meta_effects,
        auras,
        magazine,
        substances,
        def,
        action_mastery,
        see_through,
        transport_placed,
    }
}
