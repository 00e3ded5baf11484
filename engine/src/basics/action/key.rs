//! The compact keys of actions: an injective packing for hashing and transposition tables.

use super::{ActKind, Action};
use crate::basics::geom::{Facing, Pos};

impl ActKind {
    /// An injective packing into 47 bits (the widest, several carriers; 31 for the rest): a 7-bit variant code, its fields above.
    pub(super) fn key(&self) -> u64 {
        let pos = |p: Pos| p.x as u64 | (p.y as u64) << 8;
        let (code, fields) = match *self {
            ActKind::Move(p) => (1, pos(p)),
            ActKind::Run(p) => (2, pos(p)),
            ActKind::Sprint(p) => (3, pos(p)),
            ActKind::Sneak(p) => (4, pos(p)),
            ActKind::Climb(p) => (5, pos(p)),
            ActKind::Crouch => (6, 0),
            ActKind::Prone => (7, 0),
            ActKind::Stand => (8, 0),
            ActKind::Pivot(f) => (9, f as u64),
            ActKind::Shoot {
                target,
                weapon,
                mode,
            } => (
                10,
                target as u64 | (weapon as u64) << 8 | (mode as u64) << 16,
            ),
            ActKind::Melee { target, weapon } => (11, target as u64 | (weapon as u64) << 8),
            ActKind::Unarmed { target } => (12, target as u64),
            ActKind::Charge { target, to } => (13, target as u64 | pos(to) << 8),
            ActKind::Countercharge => (14, 0),
            ActKind::Disengage(p) => (15, pos(p)),
            ActKind::Dodge => (16, 0),
            ActKind::Push { target } => (17, target as u64),
            ActKind::Disarm { target } => (18, target as u64),
            ActKind::Knockout { target } => (19, target as u64),
            ActKind::Immobilise { target } => (20, target as u64),
            ActKind::Free => (21, 0),
            ActKind::Flee(p) => (22, pos(p)),
            ActKind::Surprise { target } => (23, target as u64),
            ActKind::Support { ally } => (24, ally as u64),
            ActKind::Concentrate => (25, 0),
            // Curar keeps its key; Reparar's item in the bits above the target.
            ActKind::Heal { target, item } => {
                let it = match item {
                    None => 0,
                    Some(super::Fix::Weapon(w)) => 1 + w as u64,
                    Some(super::Fix::Protection(p)) => 0x100 + p as u64,
                    Some(super::Fix::Transport(t)) => 0x200 + t as u64,
                };
                (26, target as u64 | it << 8)
            }
            ActKind::Guard => (27, 0),
            ActKind::Hide => (28, 0),
            ActKind::Wait => (29, 0),
            ActKind::Perceive => (30, 0),
            ActKind::Reload { weapon } => (31, weapon as u64),
            ActKind::Hack { target } => (32, target as u64),
            ActKind::HealStress { target } => (33, target as u64),
            ActKind::CounterMagic => (34, 0),
            ActKind::MentalCombat { target } => (35, target as u64),
            ActKind::Possess { target } => (36, target as u64),
            ActKind::Mark { target } => (37, target as u64),
            // Codes from 40 up: room below for actions added on other branches.
            ActKind::Ram { target, to } => (40, target as u64 | pos(to) << 8),
            ActKind::Throw { target, weapon } => (41, target as u64 | (weapon as u64) << 8),
            ActKind::Drop { weapon } => (42, weapon as u64),
            ActKind::Club { target, weapon } => (43, target as u64 | (weapon as u64) << 8),
            ActKind::Tie { target } => (44, target as u64),
            ActKind::Untie => (45, 0),
            ActKind::Trade { with, give, take } => {
                let w = |x: Option<u8>| x.map_or(0, |w| w as u64 + 1);
                (46, with as u64 | w(give) << 8 | w(take) << 16)
            }
            ActKind::Loot { body, weapon } => (47, body as u64 | (weapon as u64) << 8),
            ActKind::Eliminate { body } => (48, body as u64),
            // Codes from 60 up: the movement actions of `actions::movement::special`.
            ActKind::Turn180(p) => (60, pos(p)),
            ActKind::Swim(p) => (61, pos(p)),
            ActKind::Jump(p) => (62, pos(p)),
            ActKind::Carry { body, to } => (63, body as u64 | pos(to) << 8),
            // Codes from 70 up (clear of the 50s and 60s of other branches).
            ActKind::Meta { meta, target } => (70, target as u64 | (meta as u64) << 8),
            // Codes from 80 up: ÁREAS.
            ActKind::Area { weapon, at } => (80, weapon as u64 | pos(at) << 8),
            ActKind::MetaArea { meta, at } => (81, meta as u64 | pos(at) << 8),
            // Codes from 90 up: items and scenario elements.
            ActKind::PickUp { owner, weapon } => (90, owner as u64 | (weapon as u64) << 8),
            ActKind::Search { element } => (91, element as u64),
            ActKind::Use { object, target } => (92, target as u64 | (object as u64) << 8),
            ActKind::Draw { target } => (93, target as u64),
            // Codes from 110 up: the actions traits give; from the 18th on, all under 127
            // with the ability's rank in the fields (the 7-bit code has room for 17 more).
            ActKind::Ability { ability, target } => match ability as u64 {
                a @ 0..=16 => (110 + a, target as u64),
                a => (127, target as u64 | (a - 17) << 8),
            },
            // Codes from 100 up: Alturas (issue 15).
            ActKind::Vertical { how, to } => (100 + how as u64, pos(to)),
            ActKind::ChangeAltitude { alt, to } => (103, pos(to) | ((alt + 1) as u64) << 16),
            // Codes 50..=59: transports (issue 15).
            ActKind::Embark { transport } => (50, transport as u64),
            ActKind::Disembark(p) => (51, pos(p)),
            ActKind::Drive { to, turn, run } => {
                // Turns −1..=2 in two bits; Caza's −2 apart in bit 20 (it overflowed into every
                // other field before), leaving every other drive's key as it was.
                let t = if turn >= -1 {
                    ((turn + 1) as u64) << 16
                } else {
                    1 << 20
                };
                (52, pos(to) | t | (run as u64) << 18)
            }
            ActKind::PivotTransport(f) => (53, f as u64),
            ActKind::Manoeuvre(p) => (54, pos(p)),
            ActKind::ShootTransport { transport, weapon } => {
                (55, transport as u64 | (weapon as u64) << 8)
            }
            // Codes 82–89: the area traits' actions (issue 14's leftovers).
            ActKind::AreaConcentrated { weapon, at } => (82, weapon as u64 | pos(at) << 8),
            ActKind::Detonate { bomb } => (83, bomb as u64),
            // Codes 64–69: objects as the targets of Corromper / Poseer.
            ActKind::HackObject { obj } => (64, obj.key()),
            ActKind::PossessObject { obj, how } => {
                let h = match how {
                    super::ObjHack::Off => 0,
                    super::ObjHack::On => 1,
                    super::ObjHack::Wreck(n) => 2 + n as u64,
                };
                (65, obj.key() | h << 20)
            }
            // Codes 71–75: share G's trait actions (issue 16).
            ActKind::Cocktail { object, stat } => (71, object as u64 | (stat as u64) << 8),
            ActKind::Challenge { target } => (72, target as u64),
            ActKind::Disappear(p) => (73, pos(p)),
            ActKind::Invoke { avatar, to } => (74, avatar as u64 | pos(to) << 8),
            ActKind::Decoy => (75, 0),
            // Codes 56–59: issue 15's leftovers (Súper salto, Mecha).
            ActKind::SuperJump(p) => (56, pos(p)),
            ActKind::MeleeTransport { transport, weapon } => {
                (57, transport as u64 | (weapon as u64) << 8)
            }
            ActKind::RamTransport { target, to } => (58, target as u64 | pos(to) << 8),
            // Codes 76–79: share H's trait actions.
            ActKind::PetBonus(k) => (76, k as u64),
            ActKind::Swarm { target } => (78, target as u64),
            ActKind::Heave { transport, target } => (79, transport as u64 | (target as u64) << 8),
            // Codes 94–99: a transport's own weapons (issue 15's third leftovers).
            ActKind::ShootMounted {
                target,
                transport,
                weapon,
                mode,
            } => (
                94,
                target as u64
                    | (transport as u64) << 8
                    | (weapon as u64) << 12
                    | (mode as u64) << 16,
            ),
            // Codes 84–89: doors and turrets (issue 14's objects).
            ActKind::Door { element } => (84, element as u64),
            ActKind::Telekinesis {
                meta,
                owner,
                weapon,
            } => (
                77,
                meta as u64 | (owner as u64) << 8 | (weapon as u64) << 16,
            ),
            // Codes 59 and 66: several carriers, Retros (40 bits of fields: the widest).
            ActKind::CarryJoint { body, to, helpers } => (
                59,
                body as u64 | pos(to) << 8 | (helpers[0] as u64) << 24 | (helpers[1] as u64) << 32,
            ),
            ActKind::Hover => (66, 0),
        };
        code | fields << 7
    }
}

impl Action {
    /// A compact key: distinct actions have distinct keys (the packing is injective), so a
    /// set or map of keys is exact. For hashing and transposition tables; not stable across
    /// versions (do not store it).
    ///
    /// ```
    /// use engine::basics::action::{ActKind, Action};
    /// let a = Action::Act { who: 1, kind: ActKind::Crouch, chain: false, face: None };
    /// let b = Action::Act { who: 1, kind: ActKind::Crouch, chain: true, face: None };
    /// assert_ne!(a.key(), b.key());
    /// ```
    pub fn key(&self) -> u64 {
        let face = |f: Option<Facing>| f.map_or(0, |f| f as u64 + 1);
        match *self {
            Action::Hold(c) => (c as u64) << 3,
            Action::Initiative(c) => 1 | (c as u64) << 3,
            Action::Activate(c) => 2 | (c as u64) << 3,
            Action::Act {
                who,
                kind,
                chain,
                face: f,
            } => 3 | (who as u64) << 3 | (chain as u64) << 11 | face(f) << 12 | kind.key() << 16,
            Action::End { who, facing } => 4 | (who as u64) << 3 | (facing as u64) << 11,
            Action::React(c) => 5 | (c as u64) << 3,
            Action::Pass => 6,
            Action::Reaction { who, kind } => 7 | (who as u64) << 3 | kind.key() << 16,
        }
    }
}

impl std::hash::Hash for Action {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // The key's variety is in its middle bits (where destinations and targets sit); a
        // multiply and a half-turn spread it over the low bits that hash tables index by, even
        // under a bare multiplicative hasher (`dice::FxHasher` has no finaliser).
        state.write_u64(
            self.key()
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(32),
        );
    }
}

impl super::ObjRef {
    /// An injective packing into 20 bits: a 2-bit kind, its fields above.
    pub(super) fn key(&self) -> u64 {
        match *self {
            super::ObjRef::Carried { holder, object } => {
                1 | (holder as u64) << 2 | (object as u64) << 10
            }
            super::ObjRef::Ground { owner, weapon } => {
                2 | (owner as u64) << 2 | (weapon as u64) << 10
            }
            super::ObjRef::Element(e) => 3 | (e as u64) << 2,
        }
    }
}
