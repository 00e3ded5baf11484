//! Catalogues of archetypes and characters built from them (DISEÑO DE PERSONAJES, LISTAS DE
//! JUEGO, paso 1: "crearse sus propios arquetipos o elegirlos de las listas predefinidas").
//!
//! A [`CharacterSpec`] names catalogue archetypes or writes them inline; [`CharacterSpec::resolve`]
//! turns it into a validated [`CharacterDef`], and [`CharacterDef::to_spec`] goes back so that a
//! save → load round trip is exact.

use crate::creation::archetype::{MetaAbility, Object, Protection, Race, Transport, Weapon};
use crate::creation::points::{Archetype, ArchetypeError, MIN_CHARACTER_COST};
use serde::{Deserialize, Serialize};

/// The shipped catalogue, `positions/catalogue.json`.
const SHIPPED: &str = include_str!("../../../positions/catalogue.json");

/// Named archetypes of every kind (LISTAS DE JUEGO, paso 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    /// Races.
    #[serde(default)]
    pub races: Vec<Race>,
    /// Weapons.
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// Protections.
    #[serde(default)]
    pub protections: Vec<Protection>,
    /// Meta-abilities.
    #[serde(default)]
    pub meta_abilities: Vec<MetaAbility>,
    /// Objects.
    #[serde(default)]
    pub objects: Vec<Object>,
    /// Transports.
    #[serde(default)]
    pub transports: Vec<Transport>,
}

/// Finds an archetype by name, case-insensitively.
fn find<'a, T: Archetype>(list: &'a [T], name: &str) -> Option<&'a T> {
    let key = name.trim().to_lowercase();
    list.iter().find(|a| a.name().to_lowercase() == key)
}

/// Validates every archetype of a list and that no two share a name (case-insensitively).
fn validate_list<T: Archetype>(list: &[T]) -> Result<(), ArchetypeError> {
    for (i, a) in list.iter().enumerate() {
        a.validate()?;
        let key = a.name().to_lowercase();
        if list[..i].iter().any(|b| b.name().to_lowercase() == key) {
            return Err(ArchetypeError::new(
                T::KIND,
                a.name(),
                "name appears twice in the catalogue",
            ));
        }
    }
    Ok(())
}

impl Catalogue {
    /// Parses a catalogue from JSON (no validation: see [`Catalogue::validate`]).
    pub fn from_json(json: &str) -> Result<Catalogue, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// The shipped catalogue (`positions/catalogue.json`), which a unit test keeps valid.
    pub fn shipped() -> Catalogue {
        Catalogue::from_json(SHIPPED).expect("positions/catalogue.json parses")
    }

    /// The race of this name (case-insensitive).
    pub fn race(&self, name: &str) -> Option<&Race> {
        find(&self.races, name)
    }

    /// The weapon of this name (case-insensitive).
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        find(&self.weapons, name)
    }

    /// The protection of this name (case-insensitive).
    pub fn protection(&self, name: &str) -> Option<&Protection> {
        find(&self.protections, name)
    }

    /// The meta-ability of this name (case-insensitive).
    pub fn meta_ability(&self, name: &str) -> Option<&MetaAbility> {
        find(&self.meta_abilities, name)
    }

    /// The object of this name (case-insensitive).
    pub fn object(&self, name: &str) -> Option<&Object> {
        find(&self.objects, name)
    }

    /// The transport of this name (case-insensitive).
    pub fn transport(&self, name: &str) -> Option<&Transport> {
        find(&self.transports, name)
    }

    /// Validates every entry (its creation section's ranges and trait levels) and that names
    /// are unique within each kind.
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        validate_list(&self.races)?;
        validate_list(&self.weapons)?;
        validate_list(&self.protections)?;
        validate_list(&self.meta_abilities)?;
        validate_list(&self.objects)?;
        validate_list(&self.transports)
    }
}

/// An archetype given by catalogue name or written inline.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Spec<T> {
    /// A catalogue name.
    Named(String),
    /// The archetype itself.
    Inline(T),
}

/// A string is a catalogue name; anything else is read as the archetype itself, so that an
/// error inside an inline archetype (a bad trait, `Área (R0)`) is reported as it is rather than
/// as "did not match any variant".
/// The error names the archetype (its kind and `name`) before what is wrong in it.
impl<'de, T: serde::de::DeserializeOwned + Archetype> Deserialize<'de> for Spec<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Spec<T>, D::Error> {
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(name) => Ok(Spec::Named(name)),
            v @ serde_json::Value::Object(_) => {
                let name = v
                    .get("name")
                    .and_then(|n| n.as_str())
                    .unwrap_or("(no name)")
                    .to_string();
                T::deserialize(v)
                    .map(Spec::Inline)
                    .map_err(|e| serde::de::Error::custom(format!("{} \"{name}\": {e}", T::KIND)))
            }
            _ => Err(serde::de::Error::custom(
                "found neither a catalogue name (a string) nor an archetype object",
            )),
        }
    }
}

impl<T: Archetype + Clone> Spec<T> {
    /// The archetype, looked up in `list` when named. Not validated.
    fn resolve(&self, list: &[T]) -> Result<T, ArchetypeError> {
        match self {
            Spec::Named(name) => find(list, name)
                .cloned()
                .ok_or_else(|| ArchetypeError::new(T::KIND, name, "not in the catalogue")),
            Spec::Inline(a) => Ok(a.clone()),
        }
    }

    /// `Named` when `list` holds an identical archetype under this name, else `Inline`.
    fn of(a: &T, list: &[T]) -> Spec<T>
    where
        T: PartialEq,
    {
        match find(list, a.name()) {
            Some(c) if c == a => Spec::Named(a.name().to_string()),
            _ => Spec::Inline(a.clone()),
        }
    }
}

/// A character as written in a list or scenario file (DISEÑO DE PERSONAJES: 1 race, 0+
/// weapons, protections, meta-abilities and objects, 0 or 1 transport).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterSpec {
    /// The race; required (`None` is rejected by [`CharacterSpec::resolve`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub race: Option<Spec<Race>>,
    /// Weapons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<Spec<Weapon>>,
    /// Protections.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub protections: Vec<Spec<Protection>>,
    /// Meta-abilities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub meta_abilities: Vec<Spec<MetaAbility>>,
    /// Objects.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<Spec<Object>>,
    /// Transports: 0 or 1 (more is rejected by [`CharacterSpec::resolve`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transports: Vec<Spec<Transport>>,
}

fn resolve_all<T: Archetype + Clone>(
    specs: &[Spec<T>],
    list: &[T],
) -> Result<Vec<T>, ArchetypeError> {
    specs
        .iter()
        .map(|s| {
            let a = s.resolve(list)?;
            a.validate()?;
            Ok(a)
        })
        .collect()
}

impl CharacterSpec {
    /// Looks the named archetypes up in `cat` and validates every archetype and the
    /// composition (exactly 1 race, at most 1 transport).
    pub fn resolve(&self, cat: &Catalogue) -> Result<CharacterDef, ArchetypeError> {
        let race = match &self.race {
            Some(r) => r.resolve(&cat.races)?,
            None => {
                return Err(ArchetypeError::new(
                    "character",
                    "",
                    "no race; a character has exactly 1",
                ))
            }
        };
        race.validate()?;
        if self.transports.len() > 1 {
            return Err(ArchetypeError::new(
                "character",
                &race.name,
                format!(
                    "{} transports; a character has 0 or 1",
                    self.transports.len()
                ),
            ));
        }
        let def = CharacterDef {
            race,
            weapons: resolve_all(&self.weapons, &cat.weapons)?,
            protections: resolve_all(&self.protections, &cat.protections)?,
            meta_abilities: resolve_all(&self.meta_abilities, &cat.meta_abilities)?,
            objects: resolve_all(&self.objects, &cat.objects)?,
            transport: resolve_all(&self.transports, &cat.transports)?.pop(),
        };
        def.validate()?;
        Ok(def)
    }
}

/// A character with every archetype resolved (DISEÑO DE PERSONAJES).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharacterDef {
    /// The race.
    pub race: Race,
    /// Weapons.
    pub weapons: Vec<Weapon>,
    /// Protections.
    pub protections: Vec<Protection>,
    /// Meta-abilities.
    pub meta_abilities: Vec<MetaAbility>,
    /// Objects.
    pub objects: Vec<Object>,
    /// The transport, if any.
    pub transport: Option<Transport>,
}

impl CharacterDef {
    /// DISEÑO DE PERSONAJES, paso 2: the sum of the archetypes' costs; LISTAS DE JUEGO: at
    /// least 10 ("El coste mínimo de cualquier personaje es de 10 puntos").
    pub fn cost(&self) -> i32 {
        let sum = self.race.cost()
            + self.weapons.iter().map(Weapon::cost).sum::<i32>()
            + self.protections.iter().map(Protection::cost).sum::<i32>()
            + self
                .meta_abilities
                .iter()
                .map(MetaAbility::cost)
                .sum::<i32>()
            + self.objects.iter().map(Object::cost).sum::<i32>()
            + self.transport.as_ref().map_or(0, Transport::cost);
        sum.max(MIN_CHARACTER_COST)
    }

    /// Every archetype of this character as (kind, name, traits), race first.
    fn archetype_traits(&self) -> Vec<(&'static str, &str, &[crate::creation::traits::TraitRef])> {
        use crate::creation::points::Archetype;
        fn of<T: Archetype>(a: &T) -> (&'static str, &str, &[crate::creation::traits::TraitRef]) {
            (T::KIND, a.name(), a.traits())
        }
        let mut out = vec![of(&self.race)];
        out.extend(self.weapons.iter().map(of));
        out.extend(self.protections.iter().map(of));
        out.extend(self.meta_abilities.iter().map(of));
        out.extend(self.objects.iter().map(of));
        out.extend(self.transport.iter().map(of));
        out
    }

    /// The traits of this character that have no effect in play (RULES.md, "Traits left
    /// out"), each as `trait "7 vidas" of protection "Cota"`: priced, but inert.
    pub fn inert_traits(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (kind, name, traits) in self.archetype_traits() {
            for t in traits.iter().filter(|t| !t.implemented()) {
                out.push(format!("trait \"{t}\" of {kind} \"{name}\""));
            }
        }
        out
    }

    /// The archetypes of this character that may appear once in a list (Reliquia), each as
    /// `weapon "Excalibur"`.
    pub fn unique_archetypes(&self) -> Vec<String> {
        use crate::creation::effect::Effect;
        self.archetype_traits()
            .into_iter()
            .filter(|(_, _, traits)| {
                traits
                    .iter()
                    .any(|t| t.effects().any(|e| e == Effect::Unique))
            })
            .map(|(kind, name, _)| format!("{kind} \"{name}\""))
            .collect()
    }

    /// Validates every archetype, and that a Maestría en combate / Incapacidad de combate
    /// carried by the race, a protection or an object names one of the character's weapons, an
    /// action (its Spanish name: `Escalar`, `Percibir`) or `CaC` / `distancia`.
    pub fn validate(&self) -> Result<(), ArchetypeError> {
        use crate::creation::effect::Effect;
        use crate::creation::points::Archetype;
        fn check<T: Archetype>(
            a: &T,
            weapons: &[Weapon],
            objects: &[Object],
        ) -> Result<(), ArchetypeError> {
            for t in a.traits() {
                if !t.effects().any(|e| matches!(e, Effect::WeaponMastery(_))) {
                    continue;
                }
                let text = t.text.as_deref().unwrap_or("").trim();
                // Maestría: «o con un objeto» — one of its objects too (no object use of the
                // engine rolls a CH ATR: nothing to change, but the build is legal; audit 24).
                let named = weapons.iter().any(|w| w.name.eq_ignore_ascii_case(text))
                    || objects.iter().any(|o| o.name.eq_ignore_ascii_case(text));
                // Maestría (X): X an action too (by its Spanish name: RULES.md, share I).
                let action =
                    crate::basics::action::spanish_verb(&crate::creation::traits::fold_name(text))
                        .is_some();
                if !named && !action && crate::creation::traits::mastery_scope(text).is_none() {
                    return Err(ArchetypeError::new(
                        T::KIND,
                        a.name(),
                        format!(
                            "trait {t} names neither a weapon of the character, an action nor \
                             CaC / distancia"
                        ),
                    ));
                }
            }
            Ok(())
        }
        check(&self.race, &self.weapons, &self.objects)?;
        self.protections
            .iter()
            .try_for_each(|p| check(p, &self.weapons, &self.objects))?;
        self.objects
            .iter()
            .try_for_each(|o| check(o, &self.weapons, &self.objects))?;
        self.huge_equipment()?;
        self.race.validate()?;
        self.weapons.iter().try_for_each(Weapon::validate)?;
        self.protections.iter().try_for_each(Protection::validate)?;
        self.meta_abilities
            .iter()
            .try_for_each(MetaAbility::validate)?;
        self.objects.iter().try_for_each(Object::validate)?;
        self.transport.as_ref().map_or(Ok(()), Transport::validate)
    }

    /// Enorme («sólo se puede equipar en transportes») and Mega armadura («Puede equiparse con
    /// armas "enorme"»): a weapon, protection, object or meta-ability of the character with
    /// Enorme needs Mega armadura on its race, a protection or an object (the transport
    /// archetype itself may be Enorme: it is the transport).
    fn huge_equipment(&self) -> Result<(), ArchetypeError> {
        use crate::creation::effect::Effect;
        use crate::creation::points::Archetype;
        fn has<T: Archetype>(a: &T, e: &Effect) -> bool {
            a.traits().iter().any(|t| t.effects().any(|x| x == *e))
        }
        fn refuse<T: Archetype>(a: &T) -> Result<(), ArchetypeError> {
            if has(a, &Effect::Huge) {
                return Err(ArchetypeError::new(
                    T::KIND,
                    a.name(),
                    "trait Enorme goes only on a transport or with Mega armadura («sólo se \
                     puede equipar en transportes»)",
                ));
            }
            Ok(())
        }
        let mega = has(&self.race, &Effect::MegaArmour)
            || self.protections.iter().any(|p| has(p, &Effect::MegaArmour))
            || self.objects.iter().any(|o| has(o, &Effect::MegaArmour));
        if mega {
            return Ok(());
        }
        refuse(&self.race)?;
        self.weapons.iter().try_for_each(refuse)?;
        self.protections.iter().try_for_each(refuse)?;
        self.objects.iter().try_for_each(refuse)?;
        self.meta_abilities.iter().try_for_each(refuse)
    }

    /// The spec that resolves back to this character: each archetype is `Named` when `cat`
    /// holds an identical one under its name, else `Inline`.
    pub fn to_spec(&self, cat: &Catalogue) -> CharacterSpec {
        CharacterSpec {
            race: Some(Spec::of(&self.race, &cat.races)),
            weapons: self
                .weapons
                .iter()
                .map(|a| Spec::of(a, &cat.weapons))
                .collect(),
            protections: self
                .protections
                .iter()
                .map(|a| Spec::of(a, &cat.protections))
                .collect(),
            meta_abilities: self
                .meta_abilities
                .iter()
                .map(|a| Spec::of(a, &cat.meta_abilities))
                .collect(),
            objects: self
                .objects
                .iter()
                .map(|a| Spec::of(a, &cat.objects))
                .collect(),
            transports: self
                .transport
                .iter()
                .map(|a| Spec::of(a, &cat.transports))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_catalogue_loads_and_validates() {
        let cat: Catalogue =
            serde_json::from_str(include_str!("../../../positions/catalogue.json"))
                .expect("positions/catalogue.json parses");
        cat.validate().unwrap_or_else(|e| panic!("{e}"));
        assert!(cat.races.len() >= 8);
        assert!(cat.weapons.len() >= 12);
        assert!(cat.protections.len() >= 6);
        assert!(!cat.meta_abilities.is_empty());
        assert!(!cat.objects.is_empty());
        assert_eq!(cat.transports.len(), 1);
        assert_eq!(Catalogue::shipped(), cat);
        // Every trait used by the shipped catalogue has effects in the rules model.
        let all = cat
            .races
            .iter()
            .flat_map(|a| &a.traits)
            .chain(cat.weapons.iter().flat_map(|a| &a.traits))
            .chain(cat.protections.iter().flat_map(|a| &a.traits))
            .chain(cat.meta_abilities.iter().flat_map(|a| &a.traits))
            .chain(cat.objects.iter().flat_map(|a| &a.traits))
            .chain(cat.transports.iter().flat_map(|a| &a.traits));
        for t in all {
            assert!(t.implemented(), "{t} is not implemented");
        }
    }

    #[test]
    fn shipped_costs() {
        let cat = Catalogue::shipped();
        // Humano 4/4/4/4: 5 × 4 = 20.
        assert_eq!(cat.race("humano").unwrap().cost(), 20);
        // Espada ENE 2 DAÑ 2 ALC 0 CAL 4: 11 + 0 + 4 = 15.
        assert_eq!(cat.weapon("ESPADA").unwrap().cost(), 15);
        // Pistola ENE 2 DAÑ 2 ALC 8 CAL 4 + Cargadores (6): 11 + 8 + 4 − 5 = 18.
        assert_eq!(cat.weapon("Pistola").unwrap().cost(), 18);
        // Armadura de placas ENE 3 DEF 4 TAL 4 CAL 5 + Baño de acero: 12 + 4 + 5 − 3 + 15 = 33.
        assert_eq!(cat.protection("Armadura de placas").unwrap().cost(), 33);
        // Botiquín ENE 3 ALC 1 CAL 3: 1 + 3 − 3 = 1.
        assert_eq!(cat.object("Botiquín").unwrap().cost(), 1);
        assert!(cat.weapon("Bazuca").is_none());
    }

    fn spec(json: &str) -> CharacterSpec {
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn resolve_and_cost() {
        let cat = Catalogue::shipped();
        let s = spec(
            r#"{"race": "Humano", "weapons": ["Espada", "Pistola"],
                "protections": ["Cuero"], "objects": ["Botiquín"]}"#,
        );
        let c = s.resolve(&cat).unwrap();
        // Humano 20 + Espada 15 + Pistola 18 + Cuero (3 + 4 + 3 − 1 = 9) + Botiquín 1 = 63.
        assert_eq!(c.cost(), 63);
        assert_eq!(c.transport, None);
        assert!(c.validate().is_ok());
        assert_eq!(c.to_spec(&cat), s);
    }

    #[test]
    fn minimum_cost_is_ten() {
        let cat = Catalogue::shipped();
        // Inline race 1/1/1/1: −10 × 4 = −40 → costs 10.
        let s = spec(r#"{"race": {"name": "Larva", "con": 1, "agi": 1, "int": 1, "vol": 1}}"#);
        let c = s.resolve(&cat).unwrap();
        assert_eq!(c.race.cost(), -40);
        assert_eq!(c.cost(), 10);
    }

    #[test]
    fn inline_round_trip_is_exact() {
        let cat = Catalogue::shipped();
        let s = spec(
            r#"{"race": {"name": "Humano", "con": 5, "agi": 4, "int": 4, "vol": 4},
                "weapons": ["Espada", {"name": "Lanzallamas", "ene": 3, "dmg": 3, "range": 5,
                            "quality": 4, "traits": ["Área (G3/2)", "Cargadores (4)"]}],
                "transports": ["Caballo"]}"#,
        );
        let c = s.resolve(&cat).unwrap();
        // The inline Humano differs from the catalogue one (CON 5), so it stays inline.
        let back = c.to_spec(&cat);
        assert!(matches!(back.race, Some(Spec::Inline(_))));
        assert!(matches!(back.weapons[0], Spec::Named(_)));
        assert!(matches!(back.weapons[1], Spec::Inline(_)));
        assert!(matches!(back.transports[0], Spec::Named(_)));
        let json = serde_json::to_string(&back).unwrap();
        let again: CharacterSpec = serde_json::from_str(&json).unwrap();
        assert_eq!(again.resolve(&cat).unwrap(), c);
        // Lanzallamas: ENE 3 DAÑ 3 = 13, + ALC 5 + CAL 4 + Área G3/2 12 − 5 = 29.
        assert_eq!(c.weapons[1].cost(), 29);
    }

    #[test]
    fn composition_errors() {
        let cat = Catalogue::shipped();
        let e = spec(r#"{"weapons": ["Espada"]}"#)
            .resolve(&cat)
            .unwrap_err();
        assert_eq!(e.kind, "character");
        assert!(e.rule.contains("no race"), "{e}");
        assert!(e.to_string().contains("DISEÑO DE PERSONAJES"), "{e}");

        let e = spec(r#"{"race": "Humano", "transports": ["Caballo", "Caballo"]}"#)
            .resolve(&cat)
            .unwrap_err();
        assert_eq!((e.kind, e.archetype.as_str()), ("character", "Humano"));
        assert!(e.rule.contains("2 transports"), "{e}");

        let e = spec(r#"{"race": "Humano", "weapons": ["Espadón"]}"#)
            .resolve(&cat)
            .unwrap_err();
        assert_eq!(e.to_string(), "weapon \"Espadón\": not in the catalogue");

        let e = spec(r#"{"race": "Marciano"}"#).resolve(&cat).unwrap_err();
        assert_eq!((e.kind, e.archetype.as_str()), ("race", "Marciano"));

        // Inline archetypes are validated.
        let e = spec(
            r#"{"race": "Humano", "weapons": [{"name": "Katana", "ene": 2, "dmg": 2,
                "range": 12, "quality": 4}]}"#,
        )
        .resolve(&cat)
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "weapon \"Katana\": ALC 12 > 5×DAÑ (10) (CREACIÓN DE ARMAS, paso 2)"
        );

        // Unknown fields and unknown traits are serde errors.
        assert!(serde_json::from_str::<CharacterSpec>(
            r#"{"race": "Humano", "transport": "Caballo"}"#
        )
        .is_err());
        let e = serde_json::from_str::<Catalogue>(
            r#"{"weapons": [{"name": "X", "ene": 1, "dmg": 1, "range": 0, "quality": 1,
                "traits": ["Superpoder"]}]}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("Superpoder"), "{e}");
    }

    #[test]
    fn catalogue_validation_catches_bad_and_duplicate_entries() {
        let mut cat = Catalogue::shipped();
        let mut w = cat.weapons[0].clone();
        cat.weapons.push(w.clone());
        let e = cat.validate().unwrap_err();
        assert!(e.rule.contains("twice"), "{e}");
        cat.weapons.pop();
        w.name = "Rota".into();
        w.quality = 0;
        cat.weapons.push(w);
        let e = cat.validate().unwrap_err();
        assert_eq!((e.kind, e.archetype.as_str()), ("weapon", "Rota"));
    }
}
