//! Archetypes (PERSONAJES / CREACIÓN DE …): race, weapon, protection, meta-ability, object and
//! transport, each a set of attributes plus traits.
//!
//! Costs live in `points/`; validation of attribute ranges in [`Archetype::validate`].

use crate::creation::traits::TraitRef;
use serde::{Deserialize, Serialize};

/// Race (rol): the body of the character. CREACIÓN DE RAZAS: every attribute 1..=10.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Race {
    /// Catalogue name.
    pub name: String,
    /// CON, constitution (1..=10).
    pub con: u8,
    /// AGI, agility (1..=10).
    pub agi: u8,
    /// INT, intelligence (1..=10).
    pub int: u8,
    /// VOL, will (1..=10).
    pub vol: u8,
    /// Natural MOV in kliks: "tantos K como veces sean de alto lo que un humano" (1 for a human).
    /// Not priced by the race table (RULES.md, "Natural movement").
    #[serde(default = "one")]
    pub mov: u8,
    /// Traits (bonus / malus).
    #[serde(default)]
    pub traits: Vec<TraitRef>,
}

fn one() -> u8 {
    1
}

/// Weapon (arma). CREACIÓN DE ARMAS: ENE×DAÑ from the table, ALC ≤ 5×DAÑ, CAL 1..=10.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Catalogue name.
    pub name: String,
    /// ENE spent per attack.
    pub ene: u8,
    /// DAÑ, damage.
    pub dmg: u8,
    /// ALC, range in kliks; 0 is a melee weapon.
    pub range: u8,
    /// CAL, quality: wounds it can take.
    pub quality: u8,
    /// Whether the weapon is heard when used (ENTORNO / Ruido); omitted for the default.
    #[serde(default, skip_serializing_if = "WeaponNoise::is_default")]
    pub noise: WeaponNoise,
    /// What the weapon is made of, for Lanzar armas / objetos and Ataque CaC con objeto
    /// improvisado (DAÑ 2 for steel or hard rock, 1 for wood); omitted: [`Weapon::material`]
    /// derives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<Material>,
    /// Traits.
    #[serde(default)]
    pub traits: Vec<TraitRef>,
}

/// ACCIONES DE COMBATE, Lanzar armas / objetos and Ataque CaC con objeto improvisado: «Si es
/// acero o roca dura, DAÑ=2; si es madera, DAÑ=1». The rulebook gives weapons no material, so a
/// catalogue entry may say it (`"material": "wood"`); see [`Weapon::material`] for the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Material {
    /// Steel (metal) or hard rock: DAÑ 2 thrown or swung.
    Steel,
    /// Wood: DAÑ 1 thrown or swung.
    Wood,
    /// Part of the body (claws, fangs): never dropped, thrown, swung as an object or handed
    /// over (Soltar, Lanzar, Comerciar need something «de las manos»).
    Natural,
}

impl Material {
    /// DAÑ of the item thrown or swung as an improvised object: steel 2, wood 1.
    pub fn object_dmg(self) -> u8 {
        match self {
            Material::Steel => 2,
            Material::Wood => 1,
            Material::Natural => 0,
        }
    }
}

impl Weapon {
    /// The material of the weapon: the catalogue's `material`, else derived (RULES.md, Lanzar
    /// armas / objetos): a wind or string weapon (`"noise": "quiet"` with ALC > 0: bows,
    /// crossbows, slings, blowpipes) is wood; every other weapon — blades, spears (their head),
    /// guns — is steel.
    pub fn material(&self) -> Material {
        self.material.unwrap_or({
            if self.noise == WeaponNoise::Quiet && self.range > 0 {
                Material::Wood
            } else {
                Material::Steel
            }
        })
    }
}

/// ENTORNO / Ruido: «Todas las arma con ALC > 0 hacen ruido, excepto armas de viento o cuerda
/// […] Las armas CaC tipo motosierras también hacen ruido». The rulebook gives weapons no kind,
/// so a catalogue entry says which exception it is (`"noise": "quiet"` / `"loud"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponNoise {
    /// The rule: heard when ALC > 0, silent in melee.
    #[default]
    ByRange,
    /// A wind or string weapon (bow, crossbow, sling, blowpipe…): never heard.
    Quiet,
    /// A melee weapon like a chainsaw: heard even with ALC 0.
    Loud,
}

impl WeaponNoise {
    fn is_default(&self) -> bool {
        *self == WeaponNoise::ByRange
    }
}

/// Protection (protección). DEF 1..=10, TAL 0..=10, CAL 1..=10, ENE ≥ 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Protection {
    /// Catalogue name.
    pub name: String,
    /// ENE to put it on (0: cannot be taken off, like skin).
    pub ene: u8,
    /// DEF, defence.
    pub def: u8,
    /// TAL, size (0: not worn, like a shield).
    pub size: u8,
    /// CAL, quality.
    pub quality: u8,
    /// Traits.
    #[serde(default)]
    pub traits: Vec<TraitRef>,
}

/// Meta-ability (metahabilidad). ENE > 0, ALC ≥ 0, CAL 1..=10.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetaAbility {
    /// Catalogue name.
    pub name: String,
    /// ENE per use.
    pub ene: u8,
    /// ALC, range.
    pub range: u8,
    /// CAL, quality.
    pub quality: u8,
    /// Traits (the kind — mutación, bunkai, invocación, atadura — is a trait).
    #[serde(default)]
    pub traits: Vec<TraitRef>,
}

/// Object (objeto). ENE > 0, ALC ≥ 0, CAL 1..=10.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Object {
    /// Catalogue name.
    pub name: String,
    /// ENE per use.
    pub ene: u8,
    /// ALC, range.
    pub range: u8,
    /// CAL, quality.
    pub quality: u8,
    /// Traits.
    #[serde(default)]
    pub traits: Vec<TraitRef>,
    /// It binds (manacles): its holder's Atar ties with steel, and Desatarse then needs two
    /// criticals in a row (ACCIONES, Desatarse: «Acero: se necesitan 2 críticos seguidos»).
    /// Data of the object, not a trait of the catalogue: the text prices no such trait.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub binds: bool,
}

/// Transport (transporte). ENE > 0, MOV > 0, DEF 1..=10, CAL 1..=10.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transport {
    /// Catalogue name.
    pub name: String,
    /// ENE to start it.
    pub ene: u8,
    /// MOV per action.
    pub mov: u8,
    /// DEF.
    pub def: u8,
    /// CAL, quality.
    pub quality: u8,
    /// Traits.
    #[serde(default)]
    pub traits: Vec<TraitRef>,
    /// Paso 5, Equipo: weapons mounted on it (written inline; at most
    /// [`MAX_MOUNTED`]), fired by its crew (RULES.md, Transportes: its own equipment).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<Weapon>,
    /// Paso 5, Equipo: protections equipped on it (written inline): its DEF is the archetype's
    /// plus theirs («El CH DEF = la suma de las DEF equipadas», [`Transport::total_def`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub protections: Vec<Protection>,
    /// Paso 5, Equipo: objects equipped on it (written inline): their traits are the
    /// transport's, acting as its own (RULES.md, Transportes: invocations and objects).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<Object>,
    /// Paso 5, Equipo: invocations equipped on it — meta-ability archetypes of the Invocación
    /// kind (written inline), bound to it: their traits are the transport's as an object's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invocations: Vec<MetaAbility>,
}

/// Most weapons mounted on one transport.
pub const MAX_MOUNTED: usize = 4;

impl Transport {
    /// Its DEF (CREACIÓN DE TRANSPORTES: «El CH DEF = la suma de las DEF equipadas»): the
    /// archetype's own DEF (paso 3, its hull) plus the DEF of every protection equipped on it
    /// (paso 5). RULES.md, Transportes.
    pub fn total_def(&self) -> u8 {
        self.protections
            .iter()
            .fold(self.def, |s, p| s.saturating_add(p.def))
    }

    /// Every trait that is the transport's (paso 6, its own bonus y malus, then those of the
    /// objects and invocations equipped on it in paso 5; RULES.md, Transportes). An
    /// invocation's kind (the Invocación trait: who may cast it) is no trait of the transport.
    pub fn all_traits(&self) -> impl Iterator<Item = &TraitRef> {
        use crate::creation::effect::Effect;
        self.traits
            .iter()
            .chain(self.objects.iter().flat_map(|o| &o.traits))
            .chain(
                self.invocations
                    .iter()
                    .flat_map(|m| &m.traits)
                    .filter(|t| !t.effects().any(|e| matches!(e, Effect::MetaKind(_)))),
            )
    }
}
