//! The one-line notation of actions, written (POSITIONS.md, "Action notation"): a roster names
//! the characters, and `Notation` prints an action with it.

#[allow(unused_imports)]
use super::*;

/// Names characters for the notation (implemented by the game state).
pub trait Roster {
    /// The label of a character (`a1`, `b3`).
    fn label(&self, idx: CharIdx) -> String;
    /// The character with this label.
    fn find(&self, label: &str) -> Option<CharIdx>;
    /// The number of weapons a character carries (to default the weapon of an attack).
    fn weapon_count(&self, idx: CharIdx) -> u8;
    /// The square of a character (an area aimed at a character is aimed at its square);
    /// `None` when the roster does not know positions.
    fn square(&self, _idx: CharIdx) -> Option<Pos> {
        None
    }
    /// Whether meta-ability `m` of a character has an area (then `meta mN b2` aims at b2's
    /// square); `false` when the roster does not know.
    fn meta_area(&self, _idx: CharIdx, _m: u8) -> bool {
        false
    }
    /// How many weapons transport `t` (0-based) mounts; `None` when there is no such
    /// transport or the roster does not know transports.
    fn mounted_count(&self, _t: u8) -> Option<u8> {
        None
    }
}

/// An action with a roster, printable in notation.
pub struct Notation<'a, R: Roster + ?Sized> {
    /// The action.
    pub action: Action,
    /// Who is who.
    pub roster: &'a R,
}

pub(super) fn fmt_kind<R: Roster + ?Sized>(
    f: &mut fmt::Formatter<'_>,
    k: &ActKind,
    r: &R,
) -> fmt::Result {
    f.write_str(k.verb())?;
    match *k {
        ActKind::Move(p)
        | ActKind::Run(p)
        | ActKind::Sprint(p)
        | ActKind::Sneak(p)
        | ActKind::Climb(p)
        | ActKind::Disengage(p)
        | ActKind::Flee(p)
        | ActKind::Turn180(p)
        | ActKind::Swim(p)
        | ActKind::Jump(p)
        | ActKind::Vertical { to: p, .. } => write!(f, " {p}"),
        ActKind::Pivot(d) => write!(f, " {d}"),
        ActKind::ChangeAltitude { alt, to } => write!(f, " {alt} {to}"),
        ActKind::Embark { transport } => write!(f, " t{}", transport + 1),
        ActKind::ShootTransport { transport, weapon } => {
            write!(f, " t{} w{}", transport + 1, weapon + 1)
        }
        ActKind::Disembark(p) | ActKind::Manoeuvre(p) | ActKind::SuperJump(p) => {
            write!(f, " {p}")
        }
        ActKind::MeleeTransport { transport, weapon } => {
            write!(f, " t{} w{}", transport + 1, weapon + 1)
        }
        ActKind::Drive { to, turn: 0, .. } => write!(f, " {to}"),
        ActKind::Drive { to, turn, .. } => write!(f, " {to} {}", turn as i16 * 45),
        ActKind::PivotTransport(d) => write!(f, " {d}"),
        ActKind::Shoot { target, weapon, .. }
        | ActKind::Melee { target, weapon }
        | ActKind::Throw { target, weapon }
        | ActKind::Club { target, weapon } => {
            write!(f, " {} w{}", r.label(target), weapon + 1)
        }
        ActKind::Charge { target, to }
        | ActKind::Ram { target, to }
        | ActKind::RamTransport { target, to }
        | ActKind::Carry { body: target, to } => {
            write!(f, " {} {}", r.label(target), to)
        }
        ActKind::CarryJoint { body, to, helpers } => {
            write!(f, " {} {} with {}", r.label(body), to, r.label(helpers[0]))?;
            if helpers[1] != CharIdx::MAX {
                write!(f, ",{}", r.label(helpers[1]))?;
            }
            Ok(())
        }
        ActKind::Unarmed { target }
        | ActKind::Push { target }
        | ActKind::Disarm { target }
        | ActKind::Knockout { target }
        | ActKind::Immobilise { target }
        | ActKind::Surprise { target }
        | ActKind::Heal { target, item: None }
        | ActKind::Hack { target }
        | ActKind::HealStress { target }
        | ActKind::MentalCombat { target }
        | ActKind::Possess { target }
        | ActKind::Mark { target }
        | ActKind::Tie { target }
        | ActKind::Draw { target }
        | ActKind::Eliminate { body: target } => write!(f, " {}", r.label(target)),
        ActKind::Loot { body, weapon } => write!(f, " {} w{}", r.label(body), weapon + 1),
        ActKind::Heal {
            target,
            item: Some(item),
        } => match item {
            super::Fix::Weapon(w) => write!(f, " {} w{}", r.label(target), w + 1),
            super::Fix::Protection(p) => write!(f, " {} p{}", r.label(target), p + 1),
            super::Fix::Transport(t) => write!(f, " t{}", t + 1),
        },
        ActKind::PickUp { owner, weapon } => {
            write!(f, " {} w{}", r.label(owner), weapon + 1)
        }
        ActKind::Search { element } | ActKind::Door { element } => {
            write!(f, " e{}", element + 1)
        }
        ActKind::Use { object, target } => write!(f, " o{} {}", object + 1, r.label(target)),
        ActKind::Meta { meta, target } => write!(f, " m{} {}", meta + 1, r.label(target)),
        ActKind::Area { weapon, at } | ActKind::AreaConcentrated { weapon, at } => {
            write!(f, " {} {}", WeaponLabel(weapon), at)
        }
        ActKind::Detonate { bomb } => write!(f, " k{}", bomb + 1),
        ActKind::HackObject { .. } | ActKind::PossessObject { .. } => {
            super::objects::fmt_args(f, k, r)
        }
        ActKind::Cocktail { object, stat } => write!(f, " o{} {}", object + 1, stat.name()),
        ActKind::Challenge { target } => write!(f, " {}", r.label(target)),
        ActKind::Disappear(p) => write!(f, " {p}"),
        ActKind::Invoke { avatar, to } => write!(f, " {} {}", r.label(avatar), to),
        ActKind::PetBonus(k) => write!(f, " p{}", k + 1),
        ActKind::Swarm { target } => write!(f, " {}", r.label(target)),
        ActKind::ShootMounted {
            target,
            transport,
            weapon,
            ..
        } => write!(f, " {} t{}.w{}", r.label(target), transport + 1, weapon + 1),
        ActKind::Heave { transport, target } => {
            write!(f, " t{} {}", transport + 1, r.label(target))
        }
        ActKind::Telekinesis {
            meta,
            owner,
            weapon,
        } => write!(f, " m{} {} w{}", meta + 1, r.label(owner), weapon + 1),
        ActKind::MetaArea { meta, at } => write!(f, " m{} {}", meta + 1, at),
        ActKind::Ability {
            ability:
                Ability::StealEnergy
                | Ability::AimMark
                | Ability::Feed
                | Ability::Orders
                | Ability::DeathHand,
            target,
        } => write!(f, " {}", r.label(target)),
        ActKind::Ability { .. } => Ok(()),
        ActKind::Trade { with, give, take } => {
            write!(f, " {}", r.label(with))?;
            if let Some(w) = give {
                write!(f, " give w{}", w + 1)?;
            }
            if let Some(w) = take {
                write!(f, " take w{}", w + 1)?;
            }
            Ok(())
        }
        ActKind::Support { ally } => write!(f, " {}", r.label(ally)),
        ActKind::Reload { weapon } | ActKind::Drop { weapon } => {
            write!(f, " {}", WeaponLabel(weapon))
        }
        _ => Ok(()),
    }
}

impl<R: Roster + ?Sized> fmt::Display for Notation<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.roster;
        match self.action {
            Action::Initiative(c) => write!(f, "init {}", r.label(c)),
            Action::Activate(c) => write!(f, "activate {}", r.label(c)),
            Action::Act {
                who,
                kind,
                chain,
                face,
            } => {
                write!(f, "{} ", r.label(who))?;
                fmt_kind(f, &kind, r)?;
                if let Some(d) = face {
                    write!(f, " facing {d}")?;
                }
                if chain {
                    f.write_str(" +")?;
                }
                Ok(())
            }
            Action::End { who, facing } => write!(f, "{} end facing {}", r.label(who), facing),
            Action::React(c) => write!(f, "{} react", r.label(c)),
            Action::Pass => f.write_str("pass"),
            Action::Reaction { who, kind } => {
                write!(f, "{} ", r.label(who))?;
                fmt_kind(f, &kind, r)
            }
            Action::Hold(c) => write!(f, "{} hold", r.label(c)),
        }
    }
}
