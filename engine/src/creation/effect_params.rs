//! The parameters of `Effect`s (in `creation::effect`): which attribute, which check, whom, which
//! movement, which hit or kill effect. Re-exported by `creation::effect`, where they are used.

use serde::{Deserialize, Serialize};

/// The four race attributes a CH ATR can be made against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stat {
    /// CON, constitution.
    Con,
    /// AGI, agility.
    Agi,
    /// INT, intelligence.
    Int,
    /// VOL, will.
    Vol,
}

impl Stat {
    /// The four, in order (CON, AGI, INT, VOL).
    pub const ALL: [Stat; 4] = [Stat::Con, Stat::Agi, Stat::Int, Stat::Vol];
    /// Upper-case rulebook abbreviation.
    pub fn name(self) -> &'static str {
        match self {
            Stat::Con => "CON",
            Stat::Agi => "AGI",
            Stat::Int => "INT",
            Stat::Vol => "VOL",
        }
    }
}

/// What kind of check an effect touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CheckKind {
    /// Any CH ATR against this attribute (including hit checks made with it).
    Attr(Stat),
    /// Any CH ATR at all (Élite ultra, Borracho…).
    AnyAttr,
    /// CH IMP, the hit check of an attack.
    Hit,
    /// CH DEF, the defence check.
    Def,
    /// CH PSI.
    Psyche,
    /// CH LOC.
    Madness,
    /// The CH ENF (opposed check) of this attribute only: Runas de combate «CH VOL ENF +1».
    /// Only effects written for it reach it, on top of those of the attribute.
    Enf(Stat),
}

/// Which attacks or actions an effect is limited to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scope {
    /// Always.
    Any,
    /// Only in melee (CaC).
    Melee,
    /// Only at range.
    Ranged,
    /// Only during a charge's melee attack.
    Charge,
    /// Only in melee when not charging (Grito de muerte: «sin cargar DAÑ+1 CaC»).
    MeleeNoCharge,
}

/// Who an effect acts upon, relative to the character that holds the trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Who {
    /// The holder itself.
    Holder,
    /// Allies (not the holder) within this many kliks: auras, presences, shouts.
    AlliesWithin(u8),
    /// Enemies within this many kliks: hálitos, anuladores.
    EnemiesWithin(u8),
    /// Enemies attacking the holder (Difícil de matar, Camuflaje).
    AttackersOfHolder,
    /// Enemies whose check has the holder as its opponent, whichever of the two acts: their CH
    /// IMP on it and their side of a CH ENF when it acts on them (Señor de …: «Enemigos CaC o a
    /// distancia, CH X -2 contra este personaje»).
    OpponentsOfHolder,
    /// The target of the holder's attack (Munición perforante, Grito de puntería).
    TargetOfHolder,
    /// Enemies attacking an ally of the holder within this many kliks (Grito de oscuridad).
    AttackersOfAlliesWithin(u8),
    /// The targets of ranged attacks of allies within this many kliks (Grito de puntería).
    TargetsOfAlliesWithin(u8),
}

/// A movement that may cost as Mover ([`Effect::WalkCost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WalkLike {
    /// Mover sin hacer ruido (Silencioso).
    Sneak,
    /// Nadar (Pez).
    Swim,
}

/// What a [`Effect::Stance`] gives while it is taken; on a weapon, its DAÑ and ALC are that
/// weapon's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stance {
    /// Melee DAÑ change (Empuñadura larga +1, Frenesí +2).
    pub dmg: i8,
    /// The DAÑ only for the first melee attack that hits («en 1 combate CaC», Frenesí).
    pub once: bool,
    /// DEF change (Empuñadura larga −1).
    pub def: i8,
    /// DEF is 0 (Frenesí).
    pub def_zero: bool,
    /// ALC × 2 and ENE × 2 (Fuego a larga).
    pub long_shot: bool,
    /// Kliks more in every movement action (Fuego en las venas: 3).
    pub move_k: u8,
    /// Wounds taking it costs (Fuego en las venas: 1).
    pub wounds: u8,
}

/// The runs of consecutive ranged attacks (`Effect::Streak`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StreakKind {
    /// Fuego automático: «CH IMP -1 y ENE -1 cada ataque a distancia consecutivo (ENE mín. 1)».
    AutoFire,
    /// Fuego a ráfagas: after 3 consecutive ranged attacks on one target, each next one on it
    /// costs ENE −1.
    Burst,
    /// Fuego sostenido: «DAÑ+1 por cada impacto consecutivo a un mismo enemigo».
    Sustained,
}

/// What a substance trait does (its text names the substance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SubstanceRole {
    /// Attacks of the substance give the holder twice the wounds (Alérgico).
    Allergic,
    /// Attacks of the substance give the holder no wounds (Invulnerable).
    Immune,
    /// DEF +2 against attacks of the substance (Resistencia a).
    Resistant,
    /// DAÑ +2 against targets of the substance (Munición anti).
    Anti,
    /// The holder's attacks (or the weapon's, on a weapon) carry the substance into the target
    /// (Ponzoña: «Se puede derramar sobre armas para infectar al objetivo»): they are attacks of
    /// the substance for the target's Alérgico, Invulnerable and Resistencia a.
    Venom,
}

/// What using a weapon can bring (BONUS Y MALUS of equipment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UseEffect {
    /// The user takes 1 wound (Dañino: «Cuando se usa, +1 herida»).
    Wound,
    /// This % chance of 1 wound to the user (Defectuoso: 10).
    WoundChance(u8),
    /// The user gains 1 stress (Malvado).
    Stress,
    /// The user takes a CH PSI (Neuropsico).
    Psyche,
    /// The user must pass a CH of this attribute or the use fails (Prueba de …).
    Check(Stat),
    /// This % chance that the weapon jams or has no ammunition: the action ends (Munición
    /// atascada, Sin munición: 10).
    Jam(u8),
    /// This % chance that the attack's DAÑ is 0 (De Padrón: 50).
    NoDamageChance(u8),
    /// An able ally in base contact must serve the weapon, or the use fails (Artillero
    /// requerido: «Necesita 1 Pj extra para poder utilizarse»).
    NeedsCrew,
}

/// What a hit does to its target besides the DAÑ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HitEffect {
    /// It loses this much ENE (Munición cegadora: 3).
    EneLoss(u8),
    /// It loses as much ENE as the attack's DAÑ (Munición paralizante).
    EneLossDamage,
    /// It gains this much stress (Munición psíquica).
    Stress(u8),
    /// One of its protections CAL −1 (Aplasta).
    WearProtection,
    /// Passing its CH DEF it still takes 1 wound (Munición corrosiva).
    WoundOnPassedDef,
    /// It is driven back DAÑ + 2 − CON K straight away from the attacker (Munición de parada).
    Knockback,
    /// It cannot react and its CH ATR are −1 until the end of its next activation (Munición
    /// aturdidora: «no podrá reaccionar y gana CH ATR -1»).
    Stun,
    /// It catches fire: at the start of each of its activations a hit of DAÑ 1, until it puts
    /// the fire out (Munición incendiaria).
    Ignite,
    /// If it does not die: its magazines empty, it loses the targets it marked and its trait
    /// bonuses stop until its next activation (Munición desestabilizadora).
    Destabilise,
    /// It loses one shield level, with no CH DEF (Anulador de escudo).
    DrainShield,
}

/// What killing in melee brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KillEffect {
    /// The killer heals this many wounds (Devora almas: 1).
    Heal(u8),
    /// Enemies within this many kliks take a CH PSI (Fatality: 5).
    PsycheAround(u8),
}

/// The second CH DEF of a trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SecondDef {
    /// DEF − this (7 vidas: 1).
    Minus(u8),
    /// DEF / 2, rounded (Otra oportunidad).
    Half,
    /// DEF = this (Salvaguarda: 5).
    Is(u8),
}

/// Kinds of target a DAÑ change is against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Versus {
    /// Characters with the «No vivo» trait (Matamuertos).
    NotLiving,
    /// Characters with INT of at least this (Munición bendecida: 6).
    IntAtLeast(u8),
    /// Vulnerable characters: knocked out, immobilised, tied or unconscious (Munición de
    /// pulso; RULES.md).
    Vulnerable,
    /// Characters that are not vulnerable.
    NotVulnerable,
}

/// How a trait takes a parameter in the catalogue: `Cargadores (6)`, `Escudo de energía 3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Param {
    /// No parameter.
    None,
    /// A free text in brackets (`Alérgico (plata)`): no effect on cost.
    Text,
    /// A number in brackets that feeds an effect (`Cargadores (6)`).
    Number,
    /// A level 1..=max; the cost is per level.
    Level(u8),
}
