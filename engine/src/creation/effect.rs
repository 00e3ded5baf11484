//! The data-driven effect model of traits (BONUS Y MALUS).
//!
//! A trait is data: a name, a points cost and a list of [`Effect`]s. The rules never branch on a
//! trait's name; they ask "which effects apply to this check / this damage / this movement" and
//! sum them. Adding one of the remaining catalogue entries means writing its effects here as
//! data, and only adding a hook when it needs a mechanism that no effect kind describes yet.

use serde::{Deserialize, Serialize};

pub use super::effect_params::*;

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
    /// Damage dealt changes (Odio, Filo romo…); with `who: AttackersOfHolder` it is the
    /// damage the holder receives (Absorción de impacto, Señor de la laceración).
    DamageMod {
        /// When.
        scope: Scope,
        /// Whose damage.
        who: Who,
        /// The modifier.
        amount: i8,
    },
    /// Afilada («DAÑ +1 en CaC. Se pierde con pifia»): melee DAÑ + k with the weapon until a
    /// fumbled CH IMP with it takes the edge away (`TraitRun::blunt`, audit 21b).
    Sharp(i8),
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
    /// Área manguante: «El DAÑ de esta área se reduce en 1 por cada K que se aleje del centro»
    /// (`actions::combat::areas::burst`).
    AreaFalloff,
    /// Área de activación: «Se activa cuando una mini entra a tantos K como ALC tenga el objeto»
    /// — the weapon is a bomb: Soltar lays it, and it goes off when a mini enters its ALC
    /// (`actions::combat::bombs`).
    ActivationArea,
    /// Bomba autónoma: «Se lanza a lo que entre en su área de activación si se mueve a 5 K o
    /// menos» — the bomb's area is centred on the mini that set it off, when that mini moved
    /// 5 K or less this turn (`actions::combat::bombs`).
    AutonomousBomb,
    /// Bomba viviente: «Si muere: DAÑ = CON/2, ARE = AGI/2» — the character explodes when it
    /// dies: an R of diameter AGI/2 with DAÑ CON/2 (`actions::combat::bombs`).
    LivingBomb,
    /// Used (Usar, an object's trait): heals this many wounds of the target (Elixir: «Sana 1
    /// herida /N»; 0 in the catalogue stands for the trait's level).
    UseHeal(u8),
    /// Used (Usar): clears the harmful states a hit or a substance left in the target's body
    /// (Elixir: «elimina efectos como veneno»; `State::cure_body_ills`, RULES.md audit 24).
    UseCleanse,
    /// Used once, the object is gone (Elixir: «Después se elimina del juego»).
    SingleUse,
    /// Something that happens each time the holder uses this weapon (on a race, protection or
    /// object: every weapon it attacks with), before the CH IMP (`actions::combat::triggers`).
    OnUse(UseEffect),
    /// Something that happens to the target when the holder's attack hits it.
    OnHit(HitEffect),
    /// The holder, wounded by an attack in melee: every enemy in contact takes 1 wound with no
    /// CH DEF and one of its protections CAL −1 (Sangre de ácido).
    AcidBlood,
    /// The holder gains this much ENE each time it wounds someone (Psicópata: +1).
    EneOnWounding(i8),
    /// When the holder kills an enemy in melee (Devora almas, Fatality).
    OnKillMelee(KillEffect),
    /// A failed CH DEF is taken a second time with another DEF (7 vidas, Otra oportunidad,
    /// Salvaguarda).
    SecondDef(SecondDef),
    /// A passed CH DEF that is not a critical must be taken again (Proveedor pirata on the
    /// holder; Munición excepcional, with `who: TargetOfHolder`, on the target of the weapon).
    RepeatPassedDef {
        /// Whose CH DEF.
        who: Who,
    },
    /// The target of this weapon cannot re-roll its CH DEF (Munición vida o muerte).
    NoDefReroll,
    /// A passed CH DEF leaves no wound (Larga vida).
    NoWoundsOnPassedDef,
    /// Every check of the holder fumbles from this die up (Sin suerte: 9).
    FumbleFrom(u8),
    /// The holder passes checks of this kind only as criticals: any roll but a fumble is a
    /// critical (Dios de …, «Supera CH … con un crítico»).
    CriticalPass {
        /// The check.
        check: CheckKind,
    },
    /// When the holder would take wounds, 1D10 ≤ this ignores them (Afortunado: 1).
    IgnoreDamage(u8),
    /// DAÑ change against targets of a kind (Matamuertos, Munición bendecida).
    DamageVs {
        /// Which targets.
        vs: Versus,
        /// The change.
        amount: i8,
    },
    /// The weapon inflicts no wounds (Sin daño).
    NoWounds,
    /// Every weapon of the holder costs at most this ENE (Rambo: 4).
    WeaponEneCap(u8),
    /// The CH IMP target of this weapon is always this (Munición teledirigida: 8).
    FixedHit(u8),
    /// A fumbled CH IMP hits the holder with this much more DAÑ (Peligro: +1).
    FumbleDamage(i8),
    /// The automatic hit of the holder's critical CH DEF in melee has this DAÑ (Pinchos: 2).
    CounterDamage(u8),
    /// The holder's DEF changes by this while it is covered from the attacker (Sombra: +1).
    CoverDef(i8),
    /// The target of this weapon gets no DEF from cover (Munición buscadora).
    IgnoreCover,
    /// On a critical CH IMP, the target's DEF is lowered by this (Munición ultraperforante).
    PierceOnCritical(i8),
    /// The weapon's ALC is multiplied by `mul` and divided by `div` (Munición autopropulsada
    /// ×2, Munición aliento de dragón /2).
    RangeScale {
        /// Multiplier.
        mul: u8,
        /// Divisor.
        div: u8,
    },
    /// DAÑ change when the target is within half the weapon's ALC (Munición experimental).
    DamageWithinHalfRange(i8),
    /// A hit makes the target take its CH DEF twice, each with its wounds (Munición explosiva).
    HitsTwice,
    /// From the turn after this one, every CH ATR of the holder −1 per turn more (Borracho: 3).
    DrunkAfterTurn(u8),
    /// The attribute changes for the whole game, resolved at setup (Servus: CON and AGI +1).
    AttrMod(Stat, i8),
    /// The attribute of characters reached is halved for their checks (Anulador de …, with
    /// `who: EnemiesWithin(2)`).
    HalveAttr {
        /// The attribute.
        stat: Stat,
        /// Who it reaches.
        who: Who,
    },
    /// Characters reached start their activations with this ENE change (Hálito de hambre).
    EneAtStart {
        /// Who it reaches.
        who: Who,
        /// The change.
        amount: i8,
    },
    /// Weapons of the characters reached cost this ENE change (minimum 1; Grito de maestría).
    WeaponEneAura {
        /// Who it reaches.
        who: Who,
        /// The change.
        amount: i8,
    },
    /// DAÑ change of the attacks of the characters reached (Grito de combate, Grito de muerte;
    /// Grito de hielo, on enemies).
    DamageAura {
        /// Who it reaches.
        who: Who,
        /// When.
        scope: Scope,
        /// The change.
        amount: i8,
    },
    /// The archetype's Área traits cost 0 points (Área despreciable: «Coste de ARE = 0 puntos»;
    /// `creation::points::traits_cost`).
    FreeArea,
    /// Enemies in melee with the holder get no superiority bonus (Luchador consumado).
    NoSuperiorityAgainst,
    /// CH IMP change in melee while the holder has two usable melee weapons (Lucha con 2
    /// armas: +1).
    TwoWeaponsMelee(i8),
    /// A ranged attack on an enemy engaged in melee always hits (Franco tirador).
    SureShotEngaged,
    /// Unarmed melee DAÑ is CON / 2 and not capped at 1 wound (Garras y dientes).
    Claws,
    /// Magazines hold this many times their rounds (Más munición: 2).
    MagazineTimes(u8),
    /// Points of TAL above CON that bring no CH AGI penalty (Ajustable: 1).
    TalSlack(u8),
    /// CH ATR change with the weapon the trait's text names, or in melee (`CaC`) or at range
    /// (`distancia`): Maestría en combate +1, Incapacidad de combate −1. Resolved at setup into
    /// a [`Effect::CheckMod`] of that weapon (`setup::build`).
    WeaponMastery(i8),
    /// The holder cannot recover wounds nor be healed (Sin cura).
    NoHealing,
    /// The holder's VOL is the turn's number, up to 10 (Despertando del letargo).
    VolIsTurn,
    /// Allies within this many kliks use the holder's VOL for their checks when it is higher
    /// (Líder: «Comparte su nivel de VOL a 5K»).
    ShareVol(u8),
    /// Marks a leader for Pusilánime and Animal interior («bonus líder, aura de obstinación o
    /// presencia de honor»).
    Leadership,
    /// Every attribute halved for checks unless an ally with [`Effect::Leadership`] is within
    /// this many kliks (Pusilánime: 10).
    HalvedWithoutLeader(u8),
    /// Always charges when it can unless an ally with [`Effect::Leadership`] is within this many
    /// kliks (Animal interior: 10).
    MustChargeWithoutLeader(u8),
    /// The holder cannot be charged, nor shot while another character is within this many
    /// kliks of it (Anónimo: 3).
    Anonymous(u8),
    /// Shooting, the holder must choose the nearest enemy (Miedo en las manos).
    NearestTargetOnly,
    /// The weapon cannot shoot within this many kliks (Campo ciego: 5 per level).
    MinRange(u8),
    /// May Esconderse without cover (Sombra).
    HideAnywhere,
    /// Embestir DAÑ change (Ariete: +1).
    RamDamage(i8),
    /// A weapon of ALC ≤ 5 is a melee weapon in CaC (ALC 0): no second CH IMP (Arma corta).
    ShortArm,
    /// A trait whose text names a substance or a kind of thing (Alérgico, Invulnerable,
    /// Resistencia a, Munición anti): resolved at setup into the character's substance list.
    Substance(SubstanceRole),
    /// The archetype may appear once in a side's list (Reliquia).
    Unique,
    /// Wounded in melee and still able, the holder strikes its aggressor back once, free
    /// (Orgulloso).
    FreeAttackWhenWounded,
    /// Allies within this many kliks that make a critical CH IMP in melee or at range attack
    /// again, free (Grito de veterano: 5).
    ExtraAttackOnCritical(u8),
    /// The holder may take this action (`engine::actions::abilities`).
    Ability(crate::basics::action::Ability),
    /// An enemy's attack on the holder costs this much more ENE (Señor de la congelación: 2).
    EneAgainst(i8),
    /// Magia: dormir (`[Metahabilidad]`): the meta-ability puts a calm enemy to sleep
    /// (`engine::actions::meta`).
    MagicSleep,
    /// The weapon's CAL changes (Munición aliento de dragón: −1): it breaks that much sooner.
    QualityMod(i8),
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
    /// Capacidad (N): «(N) serán los niveles de carga. Una peana ocupa tantos N como K² de
    /// grande sea» — a transport's seats besides its driver's (the catalogue writes 0; the
    /// trait's number fills it in; `state::transport`).
    Capacity(u8),
    /// Sobrecalentamiento: «Si el transporte acumula 5 heridas, y realiza acciones de
    /// movimiento, CH DEF. Fallo, 1 herida» (`actions::transport::damage`).
    Overheat,
    /// Artificiero: «DAÑ+1 en armas con fuego o área > 0» — DAÑ change of the holder's weapons
    /// that have an Área, or whose name or traits name fire (`fuego`, `llama`, `incendi`)
    /// (`actions::combat::area_traits`).
    AreaWeaponDamage(i8),
    /// Munición de racimo: «DAÑ /2. ARE R(DAÑ)» — the weapon attacks an R whose diameter is its
    /// DAÑ, with half that DAÑ (Redondeo) (`actions::combat::area_traits`).
    Cluster,
    /// Munición estabilizadora: «Dispersa la mitad» — the weapon's scatter goes half the K
    /// rolled (Redondeo).
    HalfScatter,
    /// Corrector de puntería: «Repite dispersión» — the holder's scatters (of its weapons, on a
    /// weapon: of that weapon) are rolled a second time and the second roll stands.
    RerollScatter,
    /// Faro: «A 5 K: niega dispersión y distorsión» — an area aimed within this many K of the
    /// holder does not scatter, and no Distorsión reaches a character within it.
    Beacon(u8),
    /// Golpe de los dioses: «Puede atacar a cualquier punto a su alcance, a cielo abierto, sin
    /// LdV» — the area weapon is aimed without line of sight.
    AimWithoutSight,
    /// Alcance infinito: «Sin ALC máx. Debe estar en LdV. Si objetivo fuera del CdV,
    /// dispersión» — no ALC limit; an area aimed beyond the CdV range scatters as with the
    /// Dispersión malus.
    UnlimitedRange,
    /// Arco concentrado: «[Área de gota] Si dispara en modo concentrado, el área pasa a tipo
    /// lineal y DAÑ+2» (`ActKind::AreaConcentrated`).
    ConcentratedArc,
    /// Área permanente: «Si el objetivo es afectado o herido, los efectos permanecen en el
    /// punto de impacto» — the area stays on the board where it landed (`state::lasting`).
    LastingArea,
    /// Munición radiactiva: «Si hiere o mata, en ese punto se genera un área R3 permanente de
    /// DAÑ = DAÑ del arma» — an R of this diameter stays where the target was wounded.
    RadioactiveArea(u8),
    /// Explota: «50% de explotar al morir. Si explota, DAÑ igual al del ataque que lo hizo
    /// explotar, a tantos K como MOV» — this % chance (1D100) on death.
    ExplodesOnDeath(u8),
    /// Inflamable: «Si muere, explota. Si pifia, 30% de explotar. Explosión: DAÑ=DAÑ/2 y ARE
    /// R(DAÑ)» — this % chance (1D100) after a fumble of the holder.
    Flammable(u8),
    /// Control remoto: «Se activará cuando quiera su controlador (ENE 1) sin LdV» — the bomb is
    /// set off by its owner's action (`ActKind::Detonate`).
    RemoteDetonation,
    /// Distorsión envenenada: «A 5 K de este objeto: 9 y 10 en 1D10 se considera pifia
    /// realizando invocaciones» — characters within `within` K fumble their Invocación checks
    /// from `from`.
    InvocationFumbleAura {
        /// How far it reaches (K).
        within: u8,
        /// The lowest die that fumbles.
        from: u8,
    },
    /// Distorsión psíquica: «A 5 K: neuromantes y titiriteros CH ATR -1» — users of INT and VOL
    /// meta-abilities within `within` K take `amount` on every CH ATR.
    MetaUserAura {
        /// How far it reaches (K).
        within: u8,
        /// The modifier.
        amount: i8,
    },
    /// Hielo: «Puede combate mental contra corrupción / hackeo, con INT, VOL y CAL = 3» — a
    /// character carrying it, hacked, may answer with Combate mental, rolling this for INT / VOL
    /// when it is no neuromante nor titiritero (`actions::mind`).
    Ice(u8),
    /// Runas de protección: «No sufre "peligros de las metahabs"» — a fumbled meta-ability
    /// check brings the holder nothing (no CH PSI, no stress; `psychology::meta_fumble`).
    NoMetaHazards,
    /// CH PSI change of the holder's Destrabarse (Retirada ordenada: «CH ATR +2
    /// destrabándose»; `sequence::resolve`).
    DisengageMod(i8),
    /// A movement action that costs the holder ENE as Mover does (Silencioso: Mover sin hacer
    /// ruido; Pez: Nadar).
    WalkCost(WalkLike),
    /// The reach of the holder's auras (every `…Within(k)`) becomes its VOL × this, when
    /// longer (Orador: «Alcance VOLx2»); resolved at setup (`setup::build`).
    AuraReachVol(u8),
    /// After the holder wounded someone in melee in this activation, its melee DAÑ changes by
    /// this (Sanguinario: «Cada actuación, DAÑ +1 en CaC si hiere en CaC»).
    DamageAfterWounding(i8),
    /// Wounded in melee, every enemy in contact gains this much stress with no CH DEF and its
    /// trait bonuses stop until its next activation (Saikikku).
    StressWhenWounded(u8),
    /// Maleficio: the meta-ability casts its maluses on an enemy (a CH VOL ENF), in force until
    /// the end of the target's next activation (`engine::actions::meta`).
    Curse,
    /// Magia: tranquilizar: the meta-ability calms an enemy: no stress, no panic
    /// (`engine::actions::meta`).
    MagicCalm,
    /// Maná (N): at the start of each turn the holder has this much ENE for meta-abilities only
    /// (0 in the catalogue stands for the trait's level).
    Mana(u8),
    /// While camouflaged (its Ability toggles it), the CH IMP of the holder and of those who
    /// attack it changes by this (Mimético: −3), unless the attacker has
    /// [`Effect::TrueSight`].
    Camouflage(i8),
    /// Ignores invisible and mimético (Radar, Meta visión): camouflage does not hinder its
    /// attacks, and it may aim at an invisible enemy within this many K (0: camouflage only).
    TrueSight(u8),
    /// CH IMP change against the target the holder marked (Marcador de objetivos: +1).
    MarkedHit(i8),
    /// Resurrección: «Cada turno, después de morir, lanza 1D10. Crítico: vive con tantas her
    /// como CON-1» (`sequence::turn`).
    Resurrect,
    /// Rematador: «Lo que mata no puede resucitar».
    FinalKill,
    /// Enemies within this many K must shoot the holder before anyone else unless they pass a
    /// CH VOL (Radiante: 10); an aura, read when an enemy shoots (`actions::combat::triggers`).
    Radiant(u8),
    /// The equipment demands of its user the trait its text names (Requiere): checked when the
    /// list is built (`setup::build`).
    Requires,
    /// After killing its opponent in melee, its Cargar reaches this many K more in the same
    /// activation (Sed de sangre: «movimiento +2 si así puede volver a trabarse»).
    KillRush(u8),
    /// [Titiritero] A ranged attacker with less VOL than the holder must win a CH VOL ENF against
    /// it or take CH IMP −1 (Manipulador).
    Manipulator,
    /// Poderoso: «Poder +1 si recibe o inflige 1 herida (máx. 10). Puede incrementar DAÑ con
    /// Poder» — each wound it takes or gives adds 1 Poder; its next hit adds it all to the DAÑ.
    PowerPool,
    /// The weapon's DAÑ is halved (rounded down) against a target without energy shields
    /// (Munición magnética: «Sin escudos de energía, DAÑ/2»).
    HalfDamageUnshielded,
    /// This protection wards off stress instead of wounds (Muro): its DEF leaves the CH DEF
    /// against wounds and makes a CH DEF against stress gained (`psychology::add_stress`).
    StressWard,
    /// When the weapon wounds, its target gains Sobrecalentamiento: with 5 wounds or more, each
    /// movement action calls a CH DEF whose failure is 1 wound (Munición ígnea).
    OverheatOnWound,
    /// Melee DAÑ change against a transport (Reventamuros: «DAÑ+3 en CaC a puertas, muros,
    /// tanques»: the tanks of the board are characters with a transport archetype).
    MeleeDamageVsTransport(i8),
    /// Humo: its Ability lays a sphere of smoke of this radius on the holder's square, until the
    /// start of its next activation; attacks into or out of it change their CH IMP by `malus`
    /// (Humo: 2 K, −1; Humo denso: 4 K, −3).
    Smoke {
        /// Radius in K.
        radius: u8,
        /// CH IMP change.
        malus: i8,
    },
    /// Ignores thin elements in the line of sight — smoke (Súper sentidos).
    SeeThroughThin,
    /// DAÑ + the holder's own wounds in attacks of this scope (Energía vital: «En CaC, antes de
    /// CH DEF, puede DAÑ+X. X=heridas ganadas»).
    DamagePerOwnWound(Scope),
    /// The holder takes this many wounds at the end of each of its activations, with no CH DEF
    /// (Enfermo terminal: «+1 herida tras cada actuación»).
    WoundsAfterActivation(u8),
    /// Enemies within as many K as the holder's VOL make a CH PSI when their activation starts;
    /// a failure brings a CH LOC with this change (Gran demonio: «Enemigos a tantos K como VOL:
    /// CH PSI. Si falla: CH LOC -2»).
    DreadAura {
        /// The CH LOC's change.
        loc: i8,
        /// The reach is the holder's VOL times this (1; Orador: «Alcance VOLx2», 2).
        vol_times: u8,
    },
    /// Wounded in melee and not dead, the holder's next activation has CH IMP and DAÑ + this in
    /// melee (Ira).
    WrathWhenWounded(i8),
    /// Charge distance + `k` for those reached (Berserker on the holder, Grito berserker on
    /// allies within 5 K: «distancia de carga +2»).
    ChargeReach {
        /// Who it reaches.
        who: Who,
        /// Extra kliks.
        k: u8,
    },
    /// Charging with this weapon, the holder's DEF changes by this until it is out of melee
    /// (Arma de carga: «DEF -2 hasta el final del combate»).
    DefAfterCharge(i8),
    /// A run of consecutive ranged attacks of the holder in one activation (Fuego automático,
    /// a ráfagas, sostenido).
    Streak(StreakKind),
    /// A shield of levels (Escudo coriáceo, Escudo de energía [avanzado]; general for any
    /// shield trait): `def` 0 means the levels are lost before wounds, one per wound; otherwise
    /// a CH DEF with DEF `def` against ranged attacks, a failure losing one level. `recover`:
    /// the ENE of the action that gets a level back (0: none). `levels` 0 stands for the
    /// trait's level.
    Shield {
        /// The shield's DEF (0: absorbs wounds).
        def: u8,
        /// ENE to recover a level (0: none).
        recover: u8,
        /// Levels.
        levels: u8,
    },
    /// Cannot claim objectives nor take the «netamente humanas» actions: Comerciar, Saquear,
    /// Coger, Registrar, Usar (Animal).
    Animal,
    /// Wounds of the holder's own Invocación meta-abilities do not reach it (Cuerpo de luz).
    OwnSummonsHarmless,
    /// The weapon (or object) may be used this many times in the game (Cargas (N)); 0 stands
    /// for the trait's number.
    Charges(u8),
    /// Condenado: «Pierde 1 nivel de CON, AGI, INT, REA y VOL si empieza con heridas y no asigna
    /// 1» (with La mano de la muerte, `actions::abilities_death`).
    Doomed,
    /// Héroe: «Si Her >= CON, inconsciente, -1 herida cada actuación» — incapacitated and not
    /// dead, it loses a wound at the end of each turn.
    Hero,
    /// Fortuna: once per turn, the first wounds it would take are ignored («ignorar DAÑ»).
    Fortune,
    /// Arma de campaña: «Después de disparar esta arma ya no se puede disparar otra arma de
    /// campaña».
    FieldWeapon,
    /// Gallina: «Huye de CaC si su bando es inferior» — it panics (and so flees) when its
    /// activation starts engaged where an enemy in contact has numerical superiority.
    FleesOutnumbered,
    /// A way of fighting the holder may take (the action `stance`, ENE 0) until the start of its
    /// next activation (Empuñadura larga, Frenesí, Fuego a larga, Fuego en las venas).
    Stance(Stance),
    /// Guardaespaldas: «Puede asignarse el impacto de un ataque a un aliado a 3K. Cruza este Pj
    /// en la LdF» — a ranged hit on an ally within this many K is taken by the holder.
    Bodyguard(u8),
    /// Ave Fénix: «Si muere, 1D10: Crítico, revive sin heridas. 2 a 5, revive con CON-1
    /// heridas. 6 a 9 espera. Pifia, es baja» — rolled at the start of each turn while dead.
    Phoenix,
    /// Arma muy larga: «Esta arma, con ALC 0, se puede CaC sin estar trabado. Enemigo a 2 K
    /// máx.» — a melee attack with it on an enemy within this many K, not engaged.
    VeryLong(u8),
    /// Apestoso: «Ningún aliado puede terminar su movimiento a menos de 3 K» (this many K).
    Stinky(u8),
    /// Arma arrojada: «Si se lanza, ALC=CON+AGI y DAÑ+1» — thrown (Lanzar), the weapon reaches
    /// CON + AGI K and hits with its own DAÑ + this.
    Thrown(i8),
    /// Locura asesina: «Al inicio de la actuación, si no hay CaC, 20% de que ataque a distancia a
    /// la mini más cercana, o a CaC con carga» (this % chance).
    KillingMadness(u8),
    /// Serpiente: «Mover por recovecos es terreno fácil» — difficult terrain (woods, rubble, low
    /// obstacles: the board's nooks) costs the holder's movement no surcharge; extreme terrain
    /// keeps its +2 (`actions::movement::destinations`).
    NooksEasy,
    /// Resonador: a neuromante may invoke from the holder, which gains 1 stress and a CH PSI
    /// (an enemy holder resists with CH VOL ENF) (`actions::meta_resonator`).
    Resonator,
    /// Useful limbs more (Miembro extra: +1) or fewer (Sin miembro: −1) than 2: the weapons the
    /// holder wields together for Lucha con 2 armas (`State::two_weapons_bonus`).
    Limbs(i8),
    /// Grito de sangre: «Aliados a 5K, si matan en CaC, movimiento +2 para trabarse en CaC» — an
    /// ally within `within` K that kills in melee charges `k` K further in that activation.
    KillRushAura {
        /// How far it reaches (K).
        within: u8,
        /// The K more its charge reaches.
        k: u8,
    },
    /// Grito de venganza: «Aliados a 5K, si muere CaC, 1 ataque gratis contra su asesino» — an
    /// ally within this many K killed in melee strikes its killer once, free.
    VengeanceAura(u8),
    /// Drogas de combate: «[Droga] +5 ENE. ENE 0 en la siguiente actuación, sin poder
    /// reaccionar. 2 drogas de combate el mismo turno = 5 heridas al final de la actuación» —
    /// used (Usar, on its user), it gives this much ENE; the user's next activation starts with
    /// ENE 0 and it cannot react until that activation ends; a second dose before then costs 5
    /// wounds at the end of the activation (`actions::items`).
    CombatDrug(u8),
    /// Campo de oscuridad: «A 2 K/N se perderán los objetivos marcados» — a target within this
    /// many K of the holder (2 per level, resolved from the trait's level) cannot be marked, and
    /// a mark on it gives nothing while it stays there (Marcador de objetivos).
    MarkJammer(u8),
    /// Pivotante: the transport's Pivotar costs this ENE instead of 3 («Puede pivotar, ENE 1»).
    PivotEne(u8),
    /// Dirección resistida: the transport turns at most 45° per action («No puede girar más de
    /// 45° por acción»): Pivotar by one facing step only.
    TurnLimit,
    /// Piloto evasivo: CH AGI bonus in the complex movement actions of a transport (Maniobrar,
    /// Caza's extra turn, boarding a moving transport) — on the pilot or the transport.
    ComplexMoveAgi(i8),
    /// Anfibio: the transport moves over water as over easy ground («Nadar cuesta la misma»).
    Amphibious,
    /// Caza: the transport may turn a further 45° after moving, with a CH AGI of its driver.
    ExtraTurn,
    /// Equipo pesado: easy ground is difficult for a bearer of CON 4 or less.
    HeavyGear,
    /// Enorme («sólo se puede equipar en transportes»): equipment a character may carry only
    /// with Mega armadura (validated when the character is built).
    Huge,
    /// Mega armadura («Puede equiparse con armas "enorme"»): lets its bearer carry Enorme.
    MegaArmour,
    /// Saltador: Salto de longitud + this many K, and the DAÑ of its falls halved (rounded
    /// down).
    Jumper(u8),
    /// Arma ATA («Permite combate entre distintas alturas»): this weapon's shots reach any
    /// altitude.
    AnyAltitude,
    /// Asiento eyectable («Si explota, sobrevive y dispersa a 1D10K»): the transport's passengers
    /// are spared its explosion.
    Ejector,
    /// Control del CHI: «Repite un chequeo por actuación» — the first failed check of the
    /// holder in each of its activation periods (from the start of one of its activations to
    /// the start of the next) is rolled again (`Log::chi`).
    ControlChi,
    /// Luz: «Ves y te ven en la oscuridad» — the darkness of a Campo de oscuridad loses no
    /// mark made by the holder nor a mark on it.
    Light,
    /// Droga: «30% de crear una adicción. El adicto deberá utilizar el objeto cada turno o
    /// sufrir: 1 estrés, CH PSI, CH ATR -1 el resto de la actuación y 10% de hacerse "yonki"» —
    /// the object may be used (Usar, on its user); each use makes an addict on this % (1D100).
    Drug(u8),
    /// Cóctel de vitaminas: «+1 nivel de un atributo por cóctel durante el resto de la
    /// actuación. Siguiente actuación, -1 a todos los atributos» (`ActKind::Cocktail`).
    Cocktail,
    /// Desafiante: the action `challenge` (ENE 3, CH VOL ENF): the loser must attack the holder
    /// in melee in its next activation.
    Challenger,
    /// Desaparecer: once per game, not in melee, the holder leaves the table and comes back
    /// through its side's deployment edge (`ActKind::Withdraw`, `ActKind::Reenter`).
    Disappear,
    /// Señuelo: once per game, at the end of its activation, everything the holder did in it is
    /// undone but the ENE spent and the wounds dealt or taken (`ActKind::Decoy`).
    Decoy,
    /// Avatar: the holder starts off the table and comes in only when invoked (ENE 3, CH INT)
    /// by an ally of its side (`ActKind::Invoke`).
    Avatar,
    /// Artillero («Sin negativos disparando desde y/o hacia un transporte en movimiento»): no
    /// Por velocidad malus on a shot from a moving transport or at one (RULES.md, share T).
    Gunner,
    /// Levitador («Flota en altura 1 a una altura de 1/2 K»): at altitude 1 it floats over
    /// difficult, extreme and chest-high ground, water and gaps as over easy ground.
    Hover,
    /// Araña («Puede mover por paredes y techos como si terreno fácil»): on foot it walks up and
    /// down the faces of raised ground and over high obstacles as over easy ground.
    WallWalker,
    /// Mecha («Este transporte se puede trabar en CaC … Actúa como un Pj a pie»): the transport
    /// walks like a character (any path, Pivotar 1) and may be attacked in melee.
    Mecha,
    /// Pista de aterrizaje («Necesita una superficie libre de obstáculos de 30 K de larga en línea
    /// recta para despegar y aterrizar»): leaving or reaching altitude 1 needs this many K of
    /// clear ground in a straight line.
    Runway(u8),
    /// Súper salto («Puede saltar 10 K (ENE 5 y CH AGI) …»): a jump of up to this many K
    /// (`actions::movement::super_jump`).
    SuperJump(u8),
    /// Machina mors: «Este arma puede reaccionar disparando con ENE 0 y sin CH VOL a todo en su
    /// CdT. CH IMP 4» — its reaction shots cost no ENE, need no CH VOL (straight from the
    /// reaction window) and their CH IMP is 4 (`sequence::sentry`).
    MachinaMors,
    /// Miembros prescindibles: «Se acumularán heridas en cada extremidad hasta CON/2, que se
    /// perderá. Después en cabeza» — each hit's wounds go to a limb the dice pick, up to CON/2
    /// each, then to the head / trunk (the wounds that count; `actions::combat::limbs`).
    ExpendableLimbs,
    /// Magia: resucitar: «[Metahabilidad, Shin] Puede poseer un cadáver a tantos K como VOL. CON
    /// original, AGI 3, INT y VOL 1» — the meta-ability raises a corpse within the user's VOL K
    /// on the user's side (`actions::meta_raise`).
    RaiseDead,
    /// Mascota mágica: «Tiene 3 bonus. El Pj puede usar uno de estos bonus por aventura (ENE
    /// 1)» — on an object, the object's other traits are the pet's bonuses, in force only once
    /// used (`actions::pet`).
    MagicPet,
    /// Magia: telekinesis: «[Metahabilidad] Mueve un objeto inanimado a distancia hasta tantos K
    /// como VOL» — the meta-ability brings an item on the ground within the user's VOL K to its
    /// square (`actions::meta_telekinesis`).
    Telekinesis,
    /// Arma de enjambre: «Disparar con otras armas de enjambre a la vez. Cada crítico, DEF-1.
    /// Cada pifia, anula un crítico. Puede llegar a ENE -10 actuando» (`sequence::swarm`).
    SwarmWeapon,
    /// Súper fuerza: «Puede lanzar objetos como coches, CH CON, o camiones CH CON D -2, o cosas
    /// más grandes D -4. Si falla CH, +1 her sin CH DEF» — the holder hurls transports
    /// (`actions::heave`).
    SuperStrength,
    /// Niega (X): «Niega un bonus o característica» — the holder's enemies play without the
    /// trait X its text names (`setup::negation`).
    Negates,
    /// Incorpóreo: «Se hace traslúcido y puede cruzar obstáculos; pero no interactuar con
    /// otros, ni combatir, ni ser elegido para una acción» — with `Ability::Phase` (ENE 1) it
    /// turns incorporeal and back (`actions::incorporeal`).
    Incorporeal,
    /// Radar: «Ve en oscuridad» — the darkness of a Campo de oscuridad loses none of its marks
    /// (as Luz on it, without being seen).
    DarkSight,
    /// Meta visión: «Ve y selecciona objetivos a través de obstáculos opacos a tantos K como
    /// INT» — its sight of a character within its INT K crosses opaque obstacles and walls
    /// (`State::sight`).
    SeeThrough,
    /// Retros: «Puede parar su movimiento en el aire, en altura 3 (ENE 1). Cuenta como acción de
    /// movimiento» — at altitude 3 the holder may stay in the air with an action of this ENE
    /// that counts as a movement (`ActKind::Hover`; `actions::movement::altitude`).
    StopInAir {
        /// Its ENE.
        ene: i8,
    },
}
