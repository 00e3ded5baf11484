//! The game as a state API (in the manner of OpenSpiel): who decides and what kind of decision,
//! the legal actions into a reusable buffer, `apply` with a dice source, terminal, returns.

use crate::basics::action::{parse, ActKind, Action, Notation, ParseContext, ParseError};
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::basics::geom::Side;
use crate::scenario;
use crate::state::{Pending, State};
use std::fmt;

/// The kind of decision awaited (for protocols and agents).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecisionKind {
    /// Pick the character whose VOL is rolled for initiative.
    Initiative,
    /// Pick the character to activate.
    Activate,
    /// The next action of the active character, closing the chain, or ending.
    Act,
    /// Whether and with whom to attempt a reaction.
    ReactionWindow,
    /// The reaction of a character that passed its CH VOL.
    Reaction,
    /// Nothing: the game is over.
    None,
    /// Whether to fight (on) a Combate mental (`mental-combat`) or not (`hold`).
    MentalCombat,
}

impl DecisionKind {
    /// Short name used by the protocol.
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::Initiative => "initiative",
            DecisionKind::Activate => "activate",
            DecisionKind::Act => "act",
            DecisionKind::ReactionWindow => "window",
            DecisionKind::Reaction => "reaction",
            DecisionKind::None => "none",
            DecisionKind::MentalCombat => "mental_combat",
        }
    }
}

/// An action that cannot be taken in this position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    /// The action as given.
    pub action: String,
    /// Why.
    pub reason: String,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal action \"{}\": {}", self.action, self.reason)
    }
}

impl std::error::Error for IllegalAction {}

/// Reading an action from text: it could not be parsed, or it is not legal now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// Not notation.
    Parse(ParseError),
    /// Notation, but not legal here.
    Illegal(IllegalAction),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Parse(e) => e.fmt(f),
            ActionError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ActionError {}

/// The decision without its free facing after the action: `a1 move 3,4 facing E` and
/// `a1 move 3,4` are the same decision (legality, and the tactics suite's answers, ignore it).
pub fn normalise(a: &Action) -> Action {
    match *a {
        Action::Act {
            who, kind, chain, ..
        } => Action::Act {
            who,
            kind,
            chain,
            face: None,
        },
        other => other,
    }
}

impl State {
    /// The legal decisions now, written into `out` (cleared first).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        crate::sequence::legal::legal_actions(self, out)
    }

    /// The dice stream key of a decision for [`crate::basics::dice::DuplicateDice`]: the turn and the
    /// character whose decision is being resolved (the acting, reacting or activated character;
    /// the window's actor for a `pass`, whose closing resumes the actor's declared action), or
    /// the turn's initiative roll. Side-independent, so that the two games of a pair draw the
    /// same dice for the same character's checks.
    pub fn dice_key(&self, a: &Action) -> u64 {
        let who = match *a {
            Action::Initiative(_) => None,
            Action::Activate(c) | Action::React(c) | Action::Hold(c) => Some(c),
            Action::Act { who, .. } | Action::End { who, .. } | Action::Reaction { who, .. } => {
                Some(who)
            }
            Action::Pass => match self.pending {
                Pending::Window { actor, .. } | Pending::Reaction { actor, .. } => Some(actor),
                Pending::Act { actor } => Some(actor),
                Pending::MentalCombat { hacker, .. } => Some(hacker),
                _ => None,
            },
        };
        let slot = who.map_or(0xFF, |c| c as u64);
        ((self.turn as u64) << 8) | slot
    }

    /// The kind of decision awaited.
    pub fn decision(&self) -> DecisionKind {
        match self.pending {
            Pending::Initiative { .. } => DecisionKind::Initiative,
            Pending::Activate { .. } => DecisionKind::Activate,
            Pending::Act { .. } => DecisionKind::Act,
            Pending::Window { .. } => DecisionKind::ReactionWindow,
            Pending::Reaction { .. } => DecisionKind::Reaction,
            Pending::GameOver => DecisionKind::None,
            Pending::MentalCombat { .. } => DecisionKind::MentalCombat,
        }
    }

    /// A sentence describing the decision awaited.
    pub fn describe_decision(&self) -> String {
        use crate::basics::action::Roster;
        match self.pending {
            Pending::Initiative { side } => {
                format!("side {side} picks the character whose VOL it rolls for initiative")
            }
            Pending::Activate { side } => format!(
                "side {side} picks a character to activate (turn {}, phase {})",
                self.turn, self.phase
            ),
            Pending::Act { actor } => {
                format!("{} acts (ENE {})", self.label(actor), self.ch(actor).ene)
            }
            Pending::Window {
                side, actor, early, ..
            } => format!(
                "side {side} may react to {}{}",
                self.label(actor),
                if early {
                    " before its action resolves"
                } else {
                    ""
                }
            ),
            Pending::Reaction { reactor, actor, .. } => format!(
                "{} passed its CH VOL and reacts to {}",
                self.label(reactor),
                self.label(actor)
            ),
            Pending::GameOver => "the game is over".into(),
            Pending::MentalCombat {
                defender, hacker, ..
            } => {
                let who = self.pending.mind_decider().unwrap_or(defender);
                let foe = if who == defender { hacker } else { defender };
                // A hacked object's Hielo fights for it (`actions::mind_objects`).
                let object = self
                    .object_fight()
                    .map(|o| format!(" (the Hielo of {})", o.text(self)))
                    .unwrap_or_default();
                format!(
                    "{} decides whether to fight a mental combat with {}{object}",
                    self.label(who),
                    self.label(foe)
                )
            }
        }
    }

    /// Whether an action is legal now.
    pub fn is_legal(&self, a: &Action) -> bool {
        let mut buf = Vec::new();
        self.legal_actions(&mut buf);
        let a = normalise(a);
        if buf.contains(&a) {
            return true;
        }
        // The legal list offers a subset of an area weapon's aims (the search's); any point the
        // rules allow is legal (RULES.md, ÁREAS, "Free aims").
        let area = matches!(
            a,
            Action::Act {
                kind: ActKind::Area { .. }
                    | ActKind::MetaArea { .. }
                    | ActKind::AreaConcentrated { .. },
                ..
            } | Action::Reaction {
                kind: ActKind::Area { .. }
                    | ActKind::MetaArea { .. }
                    | ActKind::AreaConcentrated { .. },
                ..
            }
        );
        area && crate::actions::combat::with_free_aims(|| {
            self.legal_actions(&mut buf);
            buf.contains(&a)
        })
    }

    /// Why the illegal action `a` cannot be taken: for a reaction, what in REACCIONES forbids
    /// it (no reaction being chosen, another reactor's turn, an action the text excludes, a
    /// target out of the arc, ENE below −10); otherwise the decision awaited.
    fn illegal_reason(&self, a: &Action) -> String {
        use crate::basics::action::Roster;
        let now = format!("the decision now is: {}", self.describe_decision());
        let Action::Reaction { who, kind } = *a else {
            return now;
        };
        if matches!(kind, ActKind::Flee(_)) || matches!(self.pending, Pending::MentalCombat { .. })
        {
            return now;
        }
        let label = self.label(who);
        match self.pending {
            Pending::Reaction { reactor, .. } if reactor == who => {
                let cost = crate::sequence::legal::base_cost(self, who, &kind);
                match crate::sequence::reaction_options::why_not(self, who, &kind, cost) {
                    Some(why) => format!("{label} may not react with it: {why}"),
                    None => format!("{label} may not react with it here and now; {now}"),
                }
            }
            Pending::Reaction { reactor, .. } => format!(
                "{label} is not the reacting character ({} is); {now}",
                self.label(reactor)
            ),
            Pending::Window { .. } => format!(
                "{label} must attempt its reaction first (`{label} react`, a CH VOL); {now}"
            ),
            _ => format!("no reaction window is open; {now}"),
        }
    }

    /// Applies a decision after checking it is legal. On error the state is unchanged.
    ///
    /// # Errors
    /// [`IllegalAction`] when the action is not among the legal ones.
    pub fn apply(
        &mut self,
        a: &Action,
        d: &mut dyn DiceSource,
        log: &mut Log,
    ) -> Result<(), IllegalAction> {
        if !self.is_legal(a) {
            return Err(IllegalAction {
                action: self.notation(a),
                reason: self.illegal_reason(a),
            });
        }
        self.apply_unchecked(a, d, log);
        Ok(())
    }

    /// Prints an action in notation.
    pub fn notation(&self, a: &Action) -> String {
        Notation {
            action: *a,
            roster: self,
        }
        .to_string()
    }

    /// Reads an action in notation and checks it is legal now.
    ///
    /// # Errors
    /// [`ActionError::Parse`] when the text is not notation, [`ActionError::Illegal`] when it is
    /// but the action cannot be taken now.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        let ctx = match self.pending {
            Pending::Reaction { .. } | Pending::Window { .. } | Pending::MentalCombat { .. } => {
                ParseContext::Reacting
            }
            _ => ParseContext::Acting,
        };
        let a = parse(text, self, ctx).map_err(ActionError::Parse)?;
        if self.is_legal(&a) {
            Ok(a)
        } else {
            Err(ActionError::Illegal(IllegalAction {
                action: text.trim().to_string(),
                reason: self.illegal_reason(&a),
            }))
        }
    }

    /// The result for a side once the game is over: 1 win, 0.5 draw, 0 loss. Before the end it
    /// is the result the scores would give now.
    pub fn returns(&self, side: Side) -> f32 {
        scenario::scoring::result(self, side)
    }
}
