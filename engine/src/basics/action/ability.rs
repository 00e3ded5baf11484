//! The actions traits give (BONUS Y MALUS: «Puede …» bonus such as Regeneración, Energía
//! psíquica, Mimético): [`Ability`] names them and their notation verb; the rules are
//! `engine::actions::abilities`.

/// The actions traits give (BONUS Y MALUS), resolved by `engine::actions::abilities`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Ability {
    /// Regeneración: «Puede ENE 3 y CH CON para quitar 1 herida».
    Regenerate,
    /// Energía psíquica: «Puede estrés+1 y ENE+3».
    PsychicEnergy,
    /// Sed de energía: «Puede robar ENE 3 a otro personaje, a tantos K como VOL (ENE 1 y CH
    /// VOL). Puede oponerse con CH VOL ENF. No se puede trabado en CaC».
    StealEnergy,
    /// Mimético: «Activar / desactivar, ENE 1» — camouflage on or off.
    Camouflage,
    /// Invisible: «Puedes retirar la miniatura del tablero (ENE1 y CH VOL)» — hidden anywhere.
    Vanish,
    /// Apagar fuego (Munición incendiaria): «CH PSI y ENE 3» — anyone on fire.
    Extinguish,
    /// Marcador de objetivos: «Permite marcar un objetivo (ENE 1) a tantos K como ALC».
    AimMark,
    /// Necrófago: «Sanará 1 herida si se alimenta de un cadáver, ENE 5».
    Feed,
    /// Munición regenerativa: «Gana 1 munición con una acción de ENE 1 y CH CAL».
    Replenish,
    /// Órdenes: «1 vez por turno, puede dar 3 ENE a un aliado a tantos K como VOL».
    Orders,
    /// Humo: «Crea esferas de humo de hasta 2 K» (4 K: Humo denso).
    Smoke,
    /// Escudo de energía [avanzado]: «Se puede recuperar un nivel con ENE 4 si tiene nivel 1 o
    /// más» (ENE 6, avanzado): one shield level back.
    RechargeShield,
    /// La mano de la muerte: «Puede (ENE 3, CH VOL) pasar 1 Her a otro Pj voluntario o
    /// inconsciente … Con enemigo, CH VOL ENF».
    DeathHand,
    /// Empuñadura larga, Frenesí, Fuego a larga, Fuego en las venas («Puede …»): take the way of
    /// fighting the traits give until the start of the next activation.
    Stance,
    /// Incorpóreo: «Se hace traslúcido» — incorporeal on or off (ENE 1, as Mimético's toggle).
    Phase,
}

impl Ability {
    /// Every ability, in code order.
    pub const ALL: [Ability; 15] = [
        Ability::Regenerate,
        Ability::PsychicEnergy,
        Ability::StealEnergy,
        Ability::Camouflage,
        Ability::Vanish,
        Ability::Extinguish,
        Ability::AimMark,
        Ability::Feed,
        Ability::Replenish,
        Ability::Orders,
        Ability::Smoke,
        Ability::RechargeShield,
        Ability::DeathHand,
        Ability::Stance,
        Ability::Phase,
    ];

    /// The verb in notation.
    pub fn verb(self) -> &'static str {
        match self {
            Ability::Regenerate => "regenerate",
            Ability::PsychicEnergy => "psychic-energy",
            Ability::StealEnergy => "steal-energy",
            Ability::Camouflage => "camouflage",
            Ability::Vanish => "vanish",
            Ability::Extinguish => "extinguish",
            Ability::AimMark => "aim-mark",
            Ability::Feed => "feed",
            Ability::Replenish => "replenish",
            Ability::Orders => "orders",
            Ability::Smoke => "smoke",
            Ability::RechargeShield => "recharge-shield",
            Ability::DeathHand => "death-hand",
            Ability::Stance => "stance",
            Ability::Phase => "phase",
        }
    }
}
