//! Checks (CHEQUEOS): 1D10 ≤ target passes; a natural 1 is a critical that passes ignoring
//! modifiers, a natural 10 a fumble that fails ignoring them. Also the event log that the rules
//! write what they roll into.

use crate::basics::action::{CharIdx, Roster};
use crate::basics::dice::DiceSource;
use crate::basics::geom::{Pos, Side};
use std::fmt;

/// The result of one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    /// The die (the last one, if re-rolled).
    pub roll: u8,
    /// The target after modifiers.
    pub target: i8,
    /// Passed.
    pub pass: bool,
    /// Natural critical.
    pub critical: bool,
    /// Natural fumble.
    pub fumble: bool,
    /// The die is a second one: a trait of the rule re-rolled the first failure (Control del
    /// CHI does not repeat such a check again).
    pub rerolled: bool,
    /// The rule it was rolled under ([`Roll::chance`] reads its odds from it).
    pub rule: CheckRule,
}

impl Roll {
    /// The chance the check had of passing, in percent, under its rule (criticals, fumbles,
    /// automatic passes and the re-roll of a failure included): what a report can show as the
    /// odds, and what a search's luck correction measures the result against. Computed on
    /// demand, so that rolling a check costs nothing for it.
    pub fn chance(&self) -> u8 {
        pass_chance(self.target, &self.rule)
    }
}

/// The chance, in percent, that a check of `target` under `rule` passes (criticals, fumbles,
/// automatic passes and the re-roll of a failure included), without rolling it: what an
/// evaluation weighs a check to come by.
pub fn pass_chance(target: i8, rule: &CheckRule) -> u8 {
    let (p, f) = tenths(target, rule);
    // A failure re-rolled gets a second die: the plain failures under `reroll`, the fumbles
    // under `reroll_fumble`.
    let f = f.min(10 - p);
    let plain = 10 - p - f;
    let again = if rule.reroll { plain } else { 0 } + if rule.reroll_fumble { f } else { 0 };
    (p * 10 + again * p).min(100)
}

/// How criticals work for a check (Arma de francotirador: 1 and 2; Sin dientes: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckRule {
    /// Highest die that is a critical (0: no criticals).
    pub crit_max: u8,
    /// The check always passes (Rey …).
    pub auto_pass: bool,
    /// A failed check that is not a fumble may be re-rolled once (Élite …, De precisión:
    /// «Repite CH IMP, si no hay pifia»).
    pub reroll: bool,
    /// A fumbled check may be re-rolled once (Élite …, Entrenado para …: «si pifia»). A trait
    /// that repeats every failure sets both.
    pub reroll_fumble: bool,
    /// Lowest die that is a fumble (10; Sin suerte: 9).
    pub fumble_min: u8,
    /// Every roll is a critical (Dios de …: «Supera CH … con un crítico»).
    pub crit_any: bool,
}

impl Default for CheckRule {
    fn default() -> Self {
        CheckRule {
            crit_max: 1,
            auto_pass: false,
            reroll: false,
            reroll_fumble: false,
            fumble_min: 10,
            crit_any: false,
        }
    }
}

/// Whether a die `roll` is a critical and a fumble under `rule`.
fn natural(roll: u8, rule: &CheckRule) -> (bool, bool) {
    let critical = rule.crit_any || (rule.crit_max > 0 && roll <= rule.crit_max);
    let fumble = !critical && roll >= rule.fumble_min.clamp(2, 10);
    (critical, fumble)
}

/// Whether a die `roll` passes a check of `target` under `rule`.
fn passes(roll: u8, target: i8, rule: &CheckRule) -> bool {
    let (critical, fumble) = natural(roll, rule);
    // CHEQUEOS: a critical passes and a fumble fails "ignorando modificadores".
    if rule.auto_pass || critical {
        true
    } else if fumble {
        false
    } else {
        (roll as i8) <= target
    }
}

/// The chance of one die passing a check of `target` under `rule`, and of it being a fumble,
/// in tenths (the faces [`passes`] and [`natural`] count, without rolling them).
fn tenths(target: i8, rule: &CheckRule) -> (u8, u8) {
    if rule.crit_any {
        return (10, 0);
    }
    let crits = rule.crit_max.min(10);
    // The fumbles: from `fumble_min` up, the criticals excepted.
    let fumble_min = rule.fumble_min.clamp(2, 10).max(crits + 1);
    let fumbles = 11 - fumble_min.min(11);
    if rule.auto_pass {
        return (10, fumbles);
    }
    // The plain faces between them pass at or under the target.
    let plain = (target.clamp(0, 10) as u8)
        .min(fumble_min - 1)
        .saturating_sub(crits);
    let t = (crits + plain, fumbles);
    debug_assert_eq!(
        t,
        (
            (1..=10).filter(|&r| passes(r, target, rule)).count() as u8,
            (1..=10).filter(|&r| natural(r, rule).1).count() as u8
        ),
        "target {target}, {rule:?}"
    );
    t
}

fn one(d: &mut dyn DiceSource, target: i8, rule: &CheckRule) -> Roll {
    let roll = d.d10();
    let (critical, fumble) = natural(roll, rule);
    Roll {
        roll,
        target,
        pass: passes(roll, target, rule),
        critical,
        fumble: fumble && !rule.auto_pass,
        rerolled: false,
        rule: *rule,
    }
}

/// Rolls a check against `target` with the given rule (re-roll of a failure included).
pub fn roll_check(d: &mut dyn DiceSource, target: i8, rule: &CheckRule) -> Roll {
    let r = one(d, target, rule);
    // Audit 22: a fumble is re-rolled only under `reroll_fumble` (De precisión re-rolled it).
    if !r.pass
        && (if r.fumble {
            rule.reroll_fumble
        } else {
            rule.reroll
        })
    {
        return Roll {
            rerolled: true,
            ..one(d, target, rule)
        };
    }
    r
}

/// Who won an opposed check (CH ENF: "gana el que pase el CH con el menor valor"). Ties, and
/// both failing, go to the defender (RULES.md, "Opposed checks").
pub fn opposed_winner(attacker: &Roll, defender: &Roll) -> bool {
    // A critical is a 1 («1 en 1D10 es un crítico»), whatever die made it: Dios de …'s «Supera
    // CH X con un crítico» passes a 9 as one (audit 22: it was compared as a 9).
    let value = |r: &Roll| if r.critical { 1 } else { r.roll };
    match (attacker.pass, defender.pass) {
        (true, false) => true,
        (true, true) => value(attacker) < value(defender),
        _ => false,
    }
}

/// Something that happened, for the referee's report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A new turn starts.
    Turn(u8),
    /// Initiative rolls and the side with the advantage.
    Initiative {
        /// Totals A, B.
        totals: [u8; 2],
        /// Winner.
        winner: Side,
    },
    /// A new initiative phase.
    Phase(u8),
    /// An activation starts with this ENE.
    Activation {
        /// Who.
        who: CharIdx,
        /// ENE after the gain.
        ene: i8,
    },
    /// A check.
    Check {
        /// Who rolls.
        who: CharIdx,
        /// What for ("CH IMP", "CH VOL reaction" …).
        what: &'static str,
        /// The result.
        roll: Roll,
    },
    /// ENE spent.
    Ene {
        /// Who.
        who: CharIdx,
        /// Spent.
        spent: i8,
        /// Left.
        left: i8,
    },
    /// A base moved.
    Moved {
        /// Who.
        who: CharIdx,
        /// From.
        from: Pos,
        /// To.
        to: Pos,
    },
    /// Wounds taken.
    Wounds {
        /// Who.
        who: CharIdx,
        /// How many.
        amount: u8,
        /// Total now.
        total: u8,
    },
    /// Stress gained or healed.
    Stress {
        /// Who.
        who: CharIdx,
        /// Change.
        amount: i8,
        /// Total now.
        total: u8,
    },
    /// A status change, described.
    Status {
        /// Who.
        who: CharIdx,
        /// What.
        text: &'static str,
    },
    /// An area attack lays its template (ÁREAS): where it was aimed and where it landed after
    /// any scatter (Dispersión).
    Area {
        /// The attacker.
        who: CharIdx,
        /// The template.
        shape: crate::basics::area::Shape,
        /// The square aimed at.
        aimed: Pos,
        /// The square the area is laid at.
        landed: Pos,
    },
    /// The game is over.
    GameOver {
        /// Scores A, B.
        scores: [i32; 2],
    },
    /// A variable hostile zone's level and harm for this turn (Ambiente hostil).
    HostileTurn {
        /// The zone (index in the position's `hostile` list).
        zone: u8,
        /// The level and harm rolled, described.
        text: String,
    },
    /// A natural result of a check made in a hostile zone triggered it (Ambiente hostil).
    HostileTrigger {
        /// Who rolled.
        who: CharIdx,
        /// The zone.
        zone: u8,
        /// The natural result.
        natural: u8,
    },
}

/// A sink for events: off during search (nothing is built), on for play and refereeing.
#[derive(Clone, Debug, Default)]
pub struct Log {
    on: bool,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// Whether the natural results of action checks are kept (Ambiente hostil: only while an
    /// action resolves in a position with hostile zones).
    track: bool,
    /// The natural results kept: who rolled, and the die.
    naturals: Vec<(CharIdx, u8)>,
    /// Control del CHI: the characters (one bit per index) whose re-roll of this activation is
    /// still to spend while the decision resolves (set by `State::apply_unchecked`).
    chi_ready: u32,
    /// Control del CHI: the characters that spent it while the decision resolved.
    chi_used: u32,
}

impl Log {
    /// A log that records.
    pub fn recording() -> Log {
        Log {
            on: true,
            ..Log::default()
        }
    }
    /// A log that records nothing.
    pub fn off() -> Log {
        Log::default()
    }
    /// Keeps the natural result of an action's check by `who` (CH ATR, CH IMP, either side of a
    /// CH ENF; not CH DEF nor psychology checks) while tracking is on (Ambiente hostil).
    #[inline]
    pub fn natural(&mut self, who: CharIdx, roll: &Roll) {
        if self.track {
            self.naturals.push((who, roll.roll));
        }
    }
    /// Starts keeping natural results; returns whether it was already on.
    pub fn track_naturals(&mut self, on: bool) -> bool {
        std::mem::replace(&mut self.track, on)
    }
    /// The natural results kept so far, taken out.
    pub fn take_naturals(&mut self) -> Vec<(CharIdx, u8)> {
        std::mem::take(&mut self.naturals)
    }
    /// Control del CHI («Repite un chequeo por actuación»): sets who may still re-roll, and
    /// clears who spent it.
    pub fn chi_arm(&mut self, ready: u32) {
        self.chi_ready = ready;
        self.chi_used = 0;
    }
    /// Control del CHI: `who`'s activation starts while the decision resolves — its re-roll is
    /// back at once.
    pub fn chi_renew(&mut self, who: CharIdx) {
        let bit = 1u32 << (who as u32 & 31);
        self.chi_ready |= bit;
        self.chi_used &= !bit;
    }
    /// Control del CHI: who spent the re-roll since [`Log::chi_arm`].
    pub fn chi_spent(&self) -> u32 {
        self.chi_used
    }
    /// Control del CHI: a failed check `roll` of `who` made under `rule` is rolled again when
    /// `who` still has its re-roll (spent then); a check another trait already re-rolled is
    /// not repeated twice, but a failure the rule's re-roll leaves alone is (audit 23: a
    /// fumbled CH IMP under De precisión, «Repite CH IMP, si no hay pifia», is repeated by
    /// Control del CHI, «Repite un chequeo por actuación»).
    pub fn chi(
        &mut self,
        who: CharIdx,
        roll: Roll,
        d: &mut dyn DiceSource,
        target: i8,
        rule: &CheckRule,
    ) -> Roll {
        let bit = 1u32 << (who as u32 & 31);
        if roll.pass || self.chi_ready & bit == 0 || roll.rerolled {
            return roll;
        }
        self.chi_ready &= !bit;
        self.chi_used |= bit;
        self.push(|| Event::Check {
            who,
            what: "failed, repeated by Control del CHI:",
            roll,
        });
        one(d, target, rule)
    }
    /// Records an event (built only when recording).
    #[inline]
    pub fn push(&mut self, f: impl FnOnce() -> Event) {
        if self.on {
            self.events.push(f());
        }
    }
}

/// An event with a roster, printable.
pub struct EventText<'a, R: Roster + ?Sized> {
    /// The event.
    pub event: &'a Event,
    /// Who is who.
    pub roster: &'a R,
}

impl<R: Roster + ?Sized> fmt::Display for EventText<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.roster;
        match self.event {
            Event::Turn(t) => write!(f, "turn {t}"),
            Event::Initiative { totals, winner } => write!(
                f,
                "initiative A {} B {}: advantage {}",
                totals[0], totals[1], winner
            ),
            Event::Phase(p) => write!(f, "phase {p}"),
            Event::Activation { who, ene } => {
                write!(f, "{} activates with ENE {}", r.label(*who), ene)
            }
            Event::Check { who, what, roll } => write!(
                f,
                "{} {} target {} rolled {}: {}",
                r.label(*who),
                what,
                roll.target,
                roll.roll,
                if roll.critical {
                    "critical"
                } else if roll.fumble {
                    "fumble"
                } else if roll.pass {
                    "pass"
                } else {
                    "fail"
                }
            ),
            Event::Ene { who, spent, left } => {
                write!(f, "{} spends ENE {} (left {})", r.label(*who), spent, left)
            }
            Event::Moved { who, from, to } => {
                write!(f, "{} moves {} -> {}", r.label(*who), from, to)
            }
            Event::Wounds { who, amount, total } => write!(
                f,
                "{} takes {} wound(s) (total {})",
                r.label(*who),
                amount,
                total
            ),
            Event::Stress { who, amount, total } => {
                write!(f, "{} stress {:+} (total {})", r.label(*who), amount, total)
            }
            Event::Status { who, text } => write!(f, "{} {}", r.label(*who), text),
            Event::Area {
                who,
                shape,
                aimed,
                landed,
            } => {
                write!(f, "{} area {} aimed at {}", r.label(*who), shape, aimed)?;
                if aimed != landed {
                    write!(f, " scatters to {landed}")?;
                }
                Ok(())
            }
            Event::GameOver { scores } => {
                write!(f, "game over: A {} B {}", scores[0], scores[1])
            }
            Event::HostileTurn { zone, text } => {
                write!(f, "hostile zone Z{}: {text} this turn", zone + 1)
            }
            Event::HostileTrigger { who, zone, natural } => write!(
                f,
                "{} rolled a natural {natural} in hostile zone Z{}",
                r.label(*who),
                zone + 1
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basics::dice::ScriptedDice;

    #[test]
    fn critical_passes_ignoring_modifiers() {
        let mut d = ScriptedDice::new(vec![1]);
        let r = roll_check(&mut d, -3, &CheckRule::default());
        assert!(r.pass && r.critical);
    }

    #[test]
    fn fumble_fails_ignoring_modifiers() {
        let mut d = ScriptedDice::new(vec![10]);
        let r = roll_check(&mut d, 14, &CheckRule::default());
        assert!(!r.pass && r.fumble);
    }

    #[test]
    fn equal_to_target_passes() {
        let mut d = ScriptedDice::new(vec![6, 7]);
        assert!(roll_check(&mut d, 6, &CheckRule::default()).pass);
        assert!(!roll_check(&mut d, 6, &CheckRule::default()).pass);
    }

    #[test]
    fn reroll_takes_second_die() {
        let mut d = ScriptedDice::new(vec![9, 3]);
        let rule = CheckRule {
            reroll: true,
            ..CheckRule::default()
        };
        let r = roll_check(&mut d, 5, &rule);
        assert!(r.pass);
        assert_eq!(r.roll, 3);
    }

    #[test]
    fn a_rolls_chance_counts_its_faces_and_its_re_roll() {
        // Every rule and target: the chance is the share of (first, second) dice that pass.
        for crit_max in [0, 1, 2] {
            for fumble_min in [9, 10] {
                for (auto_pass, reroll, reroll_fumble, crit_any) in [
                    (false, false, false, false),
                    (true, false, false, false),
                    (false, true, false, false),
                    (false, false, true, false),
                    (false, true, true, false),
                    (false, false, false, true),
                ] {
                    let rule = CheckRule {
                        crit_max,
                        auto_pass,
                        reroll,
                        reroll_fumble,
                        fumble_min,
                        crit_any,
                    };
                    for target in -2..=12 {
                        let mut passed = 0;
                        let mut chance = None;
                        for a in 1..=10u8 {
                            for b in 1..=10u8 {
                                let mut d = ScriptedDice::new([a, b]);
                                let r = roll_check(&mut d, target, &rule);
                                passed += u32::from(r.pass);
                                assert!(chance.is_none_or(|c| c == r.chance()));
                                chance = Some(r.chance());
                            }
                        }
                        assert_eq!(chance, Some(passed as u8), "target {target}, {rule:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn opposed_lowest_passing_wins_ties_to_defender() {
        let p = |roll, pass| Roll {
            roll,
            target: 5,
            pass,
            critical: false,
            fumble: false,
            rerolled: false,
            rule: CheckRule::default(),
        };
        assert!(opposed_winner(&p(2, true), &p(4, true)));
        assert!(!opposed_winner(&p(4, true), &p(4, true)));
        assert!(opposed_winner(&p(5, true), &p(7, false)));
        assert!(!opposed_winner(&p(8, false), &p(9, false)));
    }
}
