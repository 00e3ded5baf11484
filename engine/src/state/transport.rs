//! CREACIÓN DE TRANSPORTES: a transport on the board. Its static part (the archetype: ENE to
//! start it, MOV, DEF, CAL, traits; its owner; its seats) and its dynamic part (square, facing,
//! wounds, started, driver, who is aboard). A separate compact record, not a character-like
//! entry of `State::chars` (PERFORMANCE.md, "Heights and transports": every loop over the
//! characters — initiative, activations, casualties, evaluation — stays as it is, and a position
//! without transports pays one `is_empty` check).

#[allow(unused_imports)]
use super::*;
use crate::creation::archetype::Transport;
pub use crate::creation::archetype::MAX_MOUNTED;

/// Most transports in one position.
pub const MAX_TRANSPORTS: usize = 8;
/// [`TransportState::driver`] when nobody drives it.
pub const NO_DRIVER: u8 = u8::MAX;

/// Whether a transport trait's effect speaks of the body that is hit — its DEF (Escuchimizado,
/// Baño de acero, Duro), the DAÑ it suffers (Blandito) or its attackers' DAÑ (Absorción de
/// impacto). CREACIÓN DE TRANSPORTES gives a transport its own DEF and CH DEF («El CH DEF = la
/// suma de las DEF equipadas») and its own bonus y malus (paso 6): placed on the board, the
/// transport is what the attack hits, so these are its own and not its rider's (audit 30c;
/// RULES.md, Transportes). Its other traits stay its rider's as well (Caballería).
pub fn hull_effect(e: &Effect) -> bool {
    use crate::creation::effect::Who;
    matches!(
        e,
        Effect::DefMod { .. }
            | Effect::DoubleDamageTaken
            | Effect::DamageMod {
                who: Who::AttackersOfHolder,
                ..
            }
    )
}

/// A transport's DEF: `def` (the archetype's with its equipped protections') with the DEF
/// changes of its traits (`hull_effect`; Escuchimizado's «DEF -1 (mínimo 0)»).
pub fn hull_def(def: u8, effects: &[Effect]) -> u8 {
    let k: i16 = effects
        .iter()
        .map(|e| match e {
            Effect::DefMod { amount, .. } => *amount as i16,
            _ => 0,
        })
        .sum();
    (def as i16 + k).clamp(0, u8::MAX as i16) as u8
}

/// What never changes about a transport in a game.
#[derive(Clone, Debug)]
pub struct TransportStatic {
    /// Label in notation and files (`t1`, in file order).
    pub label: String,
    /// The character whose archetype it is (its side, its points).
    pub owner: CharIdx,
    /// The archetype (CREACIÓN DE TRANSPORTES).
    pub arch: Transport,
    /// Seats: the driver's plus the Capacidad (N) levels, one per 1 K² base (RULES.md,
    /// Transportes: capacity).
    pub seats: u8,
    /// The effects of its traits.
    pub effects: Vec<Effect>,
    /// Its DEF: the archetype's plus its equipped protections' («El CH DEF = la suma de las
    /// DEF equipadas»; [`Transport::total_def`]).
    pub def: u8,
    /// The trait effects of each weapon mounted on it (`arch.weapons`, in order).
    pub gun_fx: Vec<Vec<Effect>>,
    /// The magazine of each mounted weapon (0: none tracked), as a character's (Cargador).
    pub gun_mag: Vec<u8>,
}

/// The dynamic state of a transport (26 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TransportState {
    /// Square.
    pub pos: Pos,
    /// Facing.
    pub facing: Facing,
    /// Wounds (its wear: inutilizado at CAL, destroyed above).
    pub wounds: u8,
    /// En marcha: its ENE has been paid («arrancar el motor … e iniciar la marcha»).
    pub started: bool,
    /// The character driving it, or [`NO_DRIVER`].
    pub driver: u8,
    /// Kliks it moved this turn.
    pub moved: u8,
    /// Who is aboard, one bit per character index (the driver included).
    pub aboard: u32,
    /// Maniobrar made since it last moved (once after each Mover / Correr).
    pub manoeuvred: bool,
    /// Rounds left in each mounted weapon with a magazine (its ammunition is the
    /// transport's, whoever of the crew fires it).
    pub gun_ammo: [u8; MAX_MOUNTED],
    /// Cargas (N): the uses spent of each mounted weapon (audit 29b: a character keeps its
    /// weapons' in `TraitRun::charges`; a mounted weapon's are the transport's, whoever of
    /// the crew uses it).
    pub gun_uses: [u8; MAX_MOUNTED],
    /// Arma de campaña: the mounted field weapon that fired (1-based; 0: none yet) — the
    /// transport's other field weapons fire no more (audit 29b).
    pub field_fired: u8,
    /// Munición ígnea: a weapon with it wounded the transport, which has gained the malus
    /// Sobrecalentamiento («Si el arma hiere, el objetivo ganará el malus sobrecalentamiento»;
    /// audit 31d: only a character gained it).
    pub overheated: bool,
}

impl TransportState {
    /// Whether character `c` is aboard.
    #[inline]
    pub fn has(&self, c: CharIdx) -> bool {
        self.aboard & (1 << c) != 0
    }
    /// How many are aboard.
    pub fn count(&self) -> u8 {
        self.aboard.count_ones() as u8
    }
}

impl State {
    /// How many transports the position has.
    #[inline]
    pub fn num_transports(&self) -> usize {
        self.transports.len()
    }
    /// Dynamic state of transport `t`.
    pub fn transport(&self, t: usize) -> &TransportState {
        &self.transports[t]
    }
    pub(crate) fn transport_mut(&mut self, t: usize) -> &mut TransportState {
        &mut self.transports[t]
    }
    /// Static part of transport `t`.
    pub fn transport_info(&self, t: usize) -> &TransportStatic {
        &self.st.transports[t]
    }
    /// The transport `c` is aboard, if any (a single check when there are no transports).
    #[inline]
    pub fn aboard(&self, c: CharIdx) -> Option<usize> {
        if self.transports.is_empty() {
            return None;
        }
        self.transports.iter().position(|t| t.has(c))
    }
    /// Whether `c` rides inside a closed transport — one with protections equipped — which
    /// no area reaches through (RULES.md, Transportes; `actions::transport::area`). One check
    /// on positions without transports.
    #[inline]
    pub fn shielded(&self, c: CharIdx) -> bool {
        self.aboard(c)
            .is_some_and(|t| !self.st.transports[t].arch.protections.is_empty())
    }
    /// Mecha («Se usan los atributos del piloto, excepto CON»): when `c` drives a mecha, the
    /// body it fights with in melee — the mecha's CON (a transport's CON is its DEF, A25) and
    /// its wounds (its wear) stand for the pilot's in «DAÑ del arma + CON − 4 − heridas»
    /// (audit 25b). One check on positions without transports.
    #[inline]
    pub fn mecha_body(&self, c: CharIdx) -> Option<(i16, i16)> {
        let t = self.aboard(c)?;
        let info = &self.st.transports[t];
        (self.transports[t].driver == c
            && info
                .effects
                .iter()
                .any(|e| matches!(e, crate::creation::effect::Effect::Mecha)))
        .then(|| (info.def as i16, self.transports[t].wounds as i16))
    }
    /// The side of transport `t`: its owner's list.
    pub fn transport_side(&self, t: usize) -> Side {
        self.home_side(self.st.transports[t].owner)
    }
    /// The transport with this label (`t1`), case-insensitive.
    pub fn find_transport(&self, label: &str) -> Option<usize> {
        self.st
            .transports
            .iter()
            .position(|t| t.label.eq_ignore_ascii_case(label.trim()))
    }
    /// Inutilizado: as many wounds as CAL (ESTADO DEL EQUIPO: «no se puede usar»): it no longer
    /// moves.
    pub fn transport_disabled(&self, t: usize) -> bool {
        self.transports[t].wounds >= self.st.transports[t].arch.quality
    }
    /// Destroyed: more wounds than CAL («Un transporte explotará»).
    pub fn transport_destroyed(&self, t: usize) -> bool {
        self.transports[t].wounds > self.st.transports[t].arch.quality
    }
    /// Puts transport `t` on `to`, its passengers with it (they ride on its square).
    pub(crate) fn place_transport(&mut self, t: usize, to: Pos) {
        let aboard = self.transports[t].aboard;
        self.transports[t].pos = to;
        for c in 0..self.chars.len() {
            if aboard & (1 << c) != 0 {
                self.chars[c].pos = to;
            }
        }
    }
    /// The transport standing on square `p` (not destroyed), if any.
    pub fn transport_at(&self, p: Pos) -> Option<usize> {
        if self.transports.is_empty() {
            return None;
        }
        (0..self.transports.len())
            .find(|&t| self.transports[t].pos == p && !self.transport_destroyed(t))
    }
}
