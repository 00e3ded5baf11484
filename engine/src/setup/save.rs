//! [`State`] → position file: the way back, so that save then load is exact.

#[allow(unused_imports)]
use super::*;

impl State {
    /// The setup that loads back into this exact state.
    pub fn to_setup(&self) -> Setup {
        let cat = &self.st.catalogue;
        let mut sides: [Vec<CharSetup>; 2] = [Vec::new(), Vec::new()];
        for i in self.indices() {
            let info = self.info(i);
            let c = self.ch(i);
            let spec = info.def.to_spec(cat);
            let slots = info.def.weapons.len() + info.def.protections.len();
            let mut wear: Vec<u8> = c.wear[..slots.min(MAX_EQUIPMENT)].to_vec();
            while wear.last() == Some(&0) {
                wear.pop();
            }
            let mags = &info.magazine;
            let full = (0..mags.len().min(MAX_MAGAZINES)).all(|k| c.ammo[k] == mags[k]);
            let label = |x: u8, on: bool| if on { Some(self.label(x)) } else { None };
            let (trait_status, mana, power, aimed, smoke, runs) = super::trait_state::save(self, i);
            let marked = c.has(CHARGING | SURPRISING | COUNTERCHARGE | DODGE | COUNTER_MAGIC);
            sides[info.side.index()].push(CharSetup {
                name: if info.name == info.def.race.name {
                    None
                } else {
                    Some(info.name.clone())
                },
                race: spec.race,
                weapons: spec.weapons,
                protections: spec.protections,
                meta_abilities: spec.meta_abilities,
                objects: spec.objects,
                transports: spec.transports,
                at: [c.pos.x, c.pos.y],
                facing: c.facing,
                stance: c.stance,
                ene: c.ene,
                wounds: c.wounds,
                stress: c.stress,
                vol_loss: c.vol_loss,
                trauma: c.trauma,
                status: STATUS_NAMES
                    .iter()
                    .filter(|(_, b)| c.flags & b != 0)
                    .map(|(n, _)| n.to_string())
                    .chain(trait_status)
                    .collect(),
                wear,
                ammo: if full {
                    None
                } else {
                    Some(c.ammo[..mags.len().min(MAX_MAGAZINES)].to_vec())
                },
                dropped: (0..8u8).filter(|w| c.dropped & (1 << w) != 0).collect(),
                carried: c
                    .carried
                    .iter()
                    .filter(|&&k| k != 0)
                    .map(|&k| {
                        let (o, w) = (((k - 1) >> 3) as CharIdx, (k - 1) & 7);
                        format!("{} w{}", self.info(o).label, w + 1)
                    })
                    .collect(),
                looted: c.looted,
                bonus: c.bonus,
                support: c.support,
                // Index 0 is also «none»: a character never refers to itself. A reference
                // kept after its status ended (the target of a past charge) is written too,
                // so that save then load is exact (POSITIONS.md §8).
                mark: label(c.mark, c.mark != i && (marked || c.mark != 0)),
                // Always named while immobilised: a hostile zone holds a character itself.
                held_by: label(c.held_by, c.has(IMMOBILISED) || c.held_by != 0),
                possessor: label(
                    c.possessor,
                    c.possessor != i && (c.has(POSSESSED) || c.possessor != 0),
                ),
                marker: label(c.marker, c.marker != i && (c.has(MARKED) || c.marker != 0)),
                spell: (c.spell != 0).then(|| format!("{} m{}", self.label(c.spell_by), c.spell)),
                kept: (c.kept != 0).then(|| format!("m{} {}", c.kept, self.label(c.kept_on))),
                waited: c.waited,
                moved: c.moved,
                used_objects: (0..8u8).filter(|&o| self.object_used(i, o)).collect(),
                altitude: c.alt,
                aboard: self.aboard(i).map(|t| self.transport_info(t).label.clone()),
                mana,
                power,
                aimed,
                smoke,
                runs,
            });
        }
        let [a, b] = sides;
        let (elements, ground) = super::items::save(self);
        let fresh = self.turn == 1
            && self.pending == Pending::Initiative { side: Side::A }
            && self.init_pick == [None, None]
            && self.objective_points == [0, 0]
            && self.bombs.is_empty()
            && self.lasting.is_empty()
            && self.marks_set().is_empty()
            && self.decoy_snapshot().is_none()
            && !self.any_body();
        Setup {
            name: self.st.name.clone(),
            description: self.st.description.clone(),
            board: BoardSetup {
                rows: self.board().to_rows(),
                cover_def: self.board().cover_def(),
                heights: self.board().heights_rows(),
            },
            catalogue: self
                .st
                .catalogue_ref
                .clone()
                .map(CatalogueSetup::Path)
                .or_else(|| {
                    if *cat == Catalogue::shipped() {
                        None
                    } else {
                        Some(CatalogueSetup::Inline(cat.clone()))
                    }
                }),
            scenario: self.st.scenario.clone(),
            sides: SidesSetup { a, b },
            hostile: self
                .st
                .hostile
                .iter()
                .enumerate()
                .map(|(k, z)| {
                    let mut s = z.setup.clone();
                    s.rolled = z.fixed().is_none().then(|| self.hostile_now(k)).flatten();
                    s
                })
                .collect(),
            elements,
            ground,
            transports: super::transport::save(self),
            hacked: super::hacked::save(self),
            game: if fresh {
                None
            } else {
                Some(GameSetup {
                    turn: self.turn,
                    phase: self.phase,
                    advantage: self.advantage,
                    to_move: self.to_move,
                    decision: self.pending,
                    initiative: self.initiative_record(),
                    activation: Activation {
                        declared: None,
                        ..self.activation
                    },
                    declared: self.activation.declared.map(|a| self.notation_plain(&a)),
                    objective_points: self.objective_points,
                    bombs: self.bombs.clone(),
                    lasting: self.lasting.clone(),
                    trait_marks: self.marks_set(),
                    decoy: self.decoy_snapshot().map(|(who, s)| DecoySetup {
                        who,
                        position: Box::new(s.to_setup()),
                    }),
                    bodies: self
                        .indices()
                        .filter(|&i| self.body(i) != crate::state::Body::default())
                        .map(|i| {
                            let b = self.body(i);
                            super::BodySetup {
                                who: self.label(i),
                                limbs: b.limbs,
                                raised: b.bits & crate::state::RAISED != 0,
                                pet_used: b.bits & crate::state::PET_USED != 0,
                                steel: b.bits & crate::state::STEEL_TIED != 0,
                                steel_streak: b.bits & crate::state::STEEL_STREAK != 0,
                            }
                        })
                        .collect(),
                })
            },
        }
    }

    pub(super) fn notation_plain(&self, a: &Action) -> String {
        self.notation(a)
    }

    /// `game.initiative`: one label per side that picked, in the short form (a single label,
    /// or `[A's, B's]`) when each pick is of its own side, else both slots written out
    /// (`null` for a side yet to pick) — a possessed character picked by its possessor's side
    /// would otherwise load into its home side's slot.
    fn initiative_record(&self) -> Vec<Option<String>> {
        let own = |k: usize| self.init_pick[k].is_none_or(|i| self.home_side(i).index() == k);
        let label = |k: usize| self.init_pick[k].map(|i| self.label(i));
        match self.init_pick {
            [Some(_), Some(_)] => vec![label(0), label(1)],
            [None, None] => Vec::new(),
            _ if own(0) && own(1) => self
                .init_pick
                .iter()
                .flatten()
                .map(|&i| Some(self.label(i)))
                .collect(),
            _ => vec![label(0), label(1)],
        }
    }
}
