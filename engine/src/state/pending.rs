//! SECUENCIA DE JUEGO: the decision the game awaits, the current activation (actuación) and the
//! last noise made (ENTORNO / Ruido).

#[allow(unused_imports)]
use super::*;

/// The decision the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Pending {
    /// `side` picks the character whose VOL it rolls for initiative.
    Initiative {
        /// Who decides.
        side: Side,
    },
    /// `side` picks the character to activate.
    Activate {
        /// Who decides.
        side: Side,
    },
    /// The active character decides its next action (or ends).
    Act {
        /// The active character.
        actor: CharIdx,
    },
    /// `side` may attempt reactions to `actor` with the characters in `open`.
    Window {
        /// Who decides.
        side: Side,
        /// The character reacted to.
        actor: CharIdx,
        /// Characters that may still attempt (bit per character).
        open: u32,
        /// Early window: the actor's declared action has not been resolved yet.
        early: bool,
    },
    /// `reactor` passed its CH VOL and chooses its reaction.
    Reaction {
        /// The reacting character.
        reactor: CharIdx,
        /// The window it reacts in.
        actor: CharIdx,
        /// Remaining window (as in `Window`).
        open: u32,
        /// Early window.
        early: bool,
    },
    /// The game is over.
    GameOver,
    /// Combate mental (METAHABILIDADES; ACCIONES): after `hacker`'s Corromper / Hackear on
    /// `defender` (a neuromante or titiritero), the one `stage` names decides whether to fight
    /// (on) — `mental-combat` — or not — `hold` (`engine::actions::mind`).
    MentalCombat {
        /// The target of the Corromper, who may strike back.
        defender: CharIdx,
        /// The active character, whose Corromper it was.
        hacker: CharIdx,
        /// Whose decision it is.
        stage: MindStage,
        /// The Corromper was chained to the hacker's next action (resumed when the combat ends).
        chain: bool,
    },
}

/// The decisions of a Combate mental, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MindStage {
    /// The defender may start it (paying its 3 ENE) right after the Corromper.
    Offer,
    /// After an exchange: the defender says whether it wants to go on.
    Defender,
    /// Then the hacker, knowing whether the defender goes on.
    Hacker {
        /// The defender wants to go on.
        defender_goes_on: bool,
    },
}

impl Pending {
    /// The character that decides in a Combate mental.
    pub fn mind_decider(&self) -> Option<CharIdx> {
        match *self {
            Pending::MentalCombat {
                defender,
                hacker,
                stage,
                ..
            } => Some(match stage {
                MindStage::Offer | MindStage::Defender => defender,
                MindStage::Hacker { .. } => hacker,
            }),
            _ => None,
        }
    }

    /// The side that decides now (None when the game is over).
    pub fn side(&self, st: &State) -> Option<Side> {
        match *self {
            Pending::Initiative { side } | Pending::Activate { side } => Some(side),
            Pending::Window { side, .. } => Some(side),
            Pending::Act { actor } => Some(st.side_of(actor)),
            Pending::Reaction { reactor, .. } => Some(st.side_of(reactor)),
            Pending::MentalCombat { .. } => self.mind_decider().map(|c| st.side_of(c)),
            Pending::GameOver => None,
        }
    }
}

/// The current activation (actuación).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    /// Actions in the open chain so far (0: no chain open).
    pub chain: u8,
    /// Actions taken in this activation.
    pub actions: u8,
    /// The action declared and awaiting its early-reaction window, if any.
    #[serde(skip)]
    pub declared: Option<Action>,
    /// The target of the declared action has fled (Huir) in this window.
    pub fled: bool,
    /// The activation ends once the open reaction window closes.
    pub ending: bool,
    /// Characters (one bit per index) that failed a reaction CH VOL in the early window of the
    /// declared action: that was their reaction to it, so the window after it does not offer
    /// them another (REACCIONES, RULES.md).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub vol_failed: u32,
    /// The actor failed a CH PSI in the early window (wounded by an early reaction): its
    /// declared action fails (PSICOLOGÍA / CH PSI, «Fallo: falla la acción»; RULES.md).
    #[serde(default, skip_serializing_if = "is_false")]
    pub declared_fails: bool,
    /// The loudest noise of the action (or chain) whose window is open: who hears it may react
    /// without seeing the actor (REACCIONES / Reaccionar al ruido; RULES.md, Ruido).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noise: Option<Noise>,
    /// The action just resolved forbids the free turn after it (a failed 180°, «Si falla no
    /// gira»); read and cleared by the action's own resolution.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_turn: bool,
    /// A Combate mental started by a reaction's Corromper: the reaction window it returns to
    /// when the combat ends (REACCIONES; RULES.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mind_window: Option<WindowReturn>,
    /// Órdenes: the ally acting on this activation's orders and the character who gave them
    /// («Ese aliado actuará. Cuando termine, seguirá este Pj»; `actions::orders`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders: Option<(CharIdx, CharIdx)>,
    /// The actor has made a movement action in this activation (Volar en altura 3, «Siempre
    /// mueven», A21 (b): at altitude 3 the activation does not end before one; RULES.md).
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
}

/// A reaction window to go back to (the fields of [`Pending::Window`] but the side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WindowReturn {
    /// The character reacted to.
    pub actor: CharIdx,
    /// Characters that may still attempt (bit per character).
    pub open: u32,
    /// Early window.
    pub early: bool,
}

pub(super) fn is_zero(x: &u32) -> bool {
    *x == 0
}

pub(super) fn is_false(x: &bool) -> bool {
    !*x
}

/// A noise made by the actor: where, and how far it is heard before walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Noise {
    /// The square the noise was made on (the actor's square after the action).
    pub at: Pos,
    /// Radius in K.
    pub radius: u8,
}
