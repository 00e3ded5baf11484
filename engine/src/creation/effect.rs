//! The data-driven effect model of traits (BONUS Y MALUS).
//!
//! A trait is data: a name, a points cost and a list of [`Effect`]s. The rules never branch on a
//! trait's name; they ask "which effects apply to this check / this damage / this movement" and
//! sum them. Adding one of the remaining catalogue entries means writing its effects here as
//! data, and only adding a hook when it needs a mechanism that no effect kind describes yet.

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
    /// Enemies attacking the holder (Difícil de matar, Camuflaje, Señor de …).
    AttackersOfHolder,
    /// The target of the holder's attack (Munición perforante, Grito de puntería).
    TargetOfHolder,
}

/// One effect of a trait. Amounts are signed modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// A modifier to a kind of check.
    CheckMod {
        /// The check modified.
        check: CheckKind,
        /// When.
        scope: Scope,
        /// On whom.
        who: Who,
        /// The modifier.
        amount: i8,
    },
    /// The check may be re-rolled once (Élite …, auras of reroll, De precisión).
    Reroll {
        /// The check.
        check: CheckKind,
        /// When.
        scope: Scope,
        /// On whom.
        who: Who,
        /// Only when the first roll was a fumble (Entrenado para matar / vivir).
        only_fumble: bool,
        /// Not when the first roll was a fumble (De precisión).
        not_fumble: bool,
    },
    /// The check always passes (Rey …).
    AutoPass {
        /// The check.
        check: CheckKind,
    },
    /// Damage dealt changes (Afilada, Odio, Filo romo…); with `who: AttackersOfHolder` it is the
    /// damage the holder receives (Absorción de impacto, Señor de la laceración).
    DamageMod {
        /// When.
        scope: Scope,
        /// Whose damage.
        who: Who,
        /// The modifier.
        amount: i8,
    },
    /// Extra damage when the hit check is a critical (Daño extra, Matarife gives +1 more).
    DamageOnCritical {
        /// When.
        scope: Scope,
        /// The extra damage.
        amount: i8,
    },
    /// DEF of the holder changes (Baño de acero, Duro, Escuchimizado). `overload: false` means it
    /// does not count for sobrecarga (Duro).
    DefMod {
        /// The modifier.
        amount: i8,
        /// Whether it counts for overload.
        overload: bool,
    },
    /// The target's DEF subtracted from damage is lowered (Munición perforante).
    PierceDef {
        /// How much DEF is ignored.
        amount: i8,
    },
    /// Never panics and never flees (Fanático).
    NeverPanic,
    /// Cannot run or sprint (Lastrado).
    NoRun,
    /// Cannot sprint (Piernas muy cortas).
    NoSprint,
    /// Extra kliks when running or sprinting (Rápido).
    RunBonus(u8),
    /// ENE surcharge on movement actions (Lento: +1).
    MoveEne(i8),
    /// ENE change on attacks with this weapon or, on a race, with every weapon (Sin sangre +1,
    /// Maestro carnicero −1). Minimum cost stays 1.
    WeaponEne(i8),
    /// Bonus to the initiative roll (Explorador).
    Initiative(i8),
    /// Enemies charging the holder get no charge bonus (Contracarga, the trait).
    NoChargeBonus,
    /// Extra damage when charging, on top of the +1 (Caballería: +2 instead of +1 → 1).
    ChargeDamage(i8),
    /// Concentrarse gives this much per action instead of +1 (Mente centrada: 2).
    ConcentrateStep(u8),
    /// The weapon uses magazines holding this many shots (Cargadores). 0 means 10 − DAÑ.
    Magazine(u8),
    /// Must pass a CH PSI before attacking (Cobarde).
    PsycheToAttack,
    /// Enemies must pass a CH PSI before attacking the holder in melee (Horror).
    PsycheToBeCharged,
    /// Allies within this many kliks start their activation with +1 ENE (Genio estratega).
    AlliesEneAtStart(u8),
    /// Always charges when it can (Ansia de sangre): charging is the only attack it may choose.
    MustCharge,
    /// On a hit, the target takes a CH PSI (Acobardamiento).
    PsycheOnHit,
    /// Wounds are only taken from damage greater than CON/2 (Gran bestia).
    MinDamageHalfCon,
    /// Damage received is doubled (Blandito).
    DoubleDamageTaken,
    /// The weapon can be used only by a character with more CON than its DAÑ (Arma pesada).
    HeavyWeapon,
    /// The weapon needs two hands; no effect in the core model (kept for the catalogue).
    TwoHanded,
    /// Field of view range changes by this many kliks (Súper vista +5, Corto de vista −5).
    ViewRange(i8),
    /// Weapon range changes by this many kliks (Más alcance).
    RangeMod(i8),
    /// The weapon cannot make criticals on the hit check (Sin dientes).
    NoCritical,
    /// Hit check criticals on 1 and 2 (Arma de francotirador).
    WideCritical,
    /// The weapon is not heard (Silenciador, Munición silenciosa: «No hace ruido»; ENTORNO /
    /// Ruido). On a race, protection or object it silences every weapon of the holder.
    Silent,
    /// Protection against one kind of thing; parameterised traits with no mechanical hook yet
    /// carry this so that their cost still counts.
    Described,
    /// DEF of the holder changes only in attacks of this scope (Rabia: "DEF -1 en CaC"). Unlike
    /// [`Effect::DefMod`] it never counts for sobrecarga.
    DefModScoped {
        /// When.
        scope: Scope,
        /// The modifier.
        amount: i8,
    },
    /// This meta-ability is of the kind whose CH IMP is made against this attribute
    /// (METAHABILIDADES: Mutación CON, Bunkai AGI, Invocación INT, Atadura VOL).
    MetaKind(Stat),
    /// The holder can use meta-abilities of the kind checked against this attribute
    /// (METAHABILIDADES: Metamorfo CON, Cinético AGI, Neuromante INT, Titiritero VOL — the last
    /// added after the cut-off BONUS Y MALUS list).
    MetaUser(Stat),
    /// Not a living character (No vivo): a titiritero cannot corrupt or possess it
    /// (METAHABILIDADES, Corrupción y Hacking: «un titiritero (VOL) sobre un personaje vivo»).
    NotLiving,
    /// DAÑ change of the holder's Corromper / Hackear (Shin: «DAÑ+1 en Ataque psíquico /
    /// Hackear»).
    HackDamage(i8),
    /// Sentido arácnido: may react to enemies it does not see (hidden, silent, outside its CdV)
    /// within VOL K, and pivot towards them with neither ENE nor CH VOL.
    SpiderSense,
    /// The CH DEF of the target changes by this when the holder's weapon attacks it from a flank
    /// or from behind (Munición silenciosa: «CH DEF -1 atacando por un flanco o por detrás»).
    FlankDef(i8),
    /// CON counts this much more «para calcular DAÑ en CaC, embestir, mover objeto y sobrecarga»
    /// (Mulo: +1).
    StrengthCon(i8),
    /// Magia: despistar [Metahabilidad]: the meta-ability moves an enemy as many K as the
    /// user's INT instead of harming it (`engine::actions::meta`).
    MagicDisplace,
    /// Magia: anular [Metahabilidad]: the meta-ability cancels the meta-ability in force on its
    /// target (`engine::actions::meta`).
    MagicCancel,
    /// Maestro rúnico: «ENE -1 en armas con el bonus invocación» — the holder's meta-abilities
    /// with Invocación cost 1 ENE less (minimum 1).
    RuneMaster,
    /// Área (X): the weapon or meta-ability attacks an area of this shape (ÁREAS; the code of
    /// the trait's text, `Área (R3)`).
    Area(crate::basics::area::Shape),
    /// Dispersión (the malus): «Si en el CH IMP no hay crítico, dispersa: con LdV 1D10 K por
    /// cada 30 K, y sin LdV 1D10 K por cada 20 K» (`actions::combat::areas`).
    Scatter,
    /// Runas de vacío: once per turn, 5 or less on 1D10 cancels an enemy meta-ability's effects
    /// on the holder; a critical gives its user 1 stress (CH DEF = CH PSI).
    VoidRunes,
    /// Caer con estilo: «Sin daño cayendo desde altura» — Dejarse caer and a fall from a failed
    /// climb do it no damage (`actions::movement::vertical`).
    NoFallDamage,
    /// The movement altitudes the holder may reach with Cambiar de altitud / Despegar /
    /// aterrizar (MOVIMIENTO / Alturas; OPEN_READINGS A13 (b): only what a trait says flies):
    /// from `lowest` to `highest`, each change costing `ene` (Planeador: «Puede despegar, actuar
    /// en altura 2, y aterrizar por ENE 3»), and with `con_check` a failed CH AGI calls a CH CON
    /// whose failure is the 3 wounds (Planeador: «Fallo, ENE -3 y CH CON. Fallo, 3 heridas»)
    /// (`actions::movement::altitude`).
    Flight {
        /// The lowest altitude it may go to.
        lowest: i8,
        /// The highest altitude it may go to.
        highest: i8,
        /// ENE of one change.
        ene: i8,
        /// A failed CH AGI calls a CH CON (Planeador).
        con_check: bool,
    },
    /// Aerostático: «En altura 3, puede pivotar como acción y realizar cualquier acción
    /// consecutiva» — the limits of Volar en altura 3 on Pivotar and on two actions in a row do
    /// not bind it.
    Aerostat,
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
