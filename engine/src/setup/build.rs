//! Position file → validated [`State`]: every field checked once, with an error naming it
//! (POSITIONS.md); characters built from their catalogue archetypes.

use super::statics::{build_static, char_spec, unmet_requirement};
#[allow(unused_imports)]
use super::*;

impl State {
    /// Validates a setup into a state. `base`: the directory of the position file, against
    /// which a catalogue path is resolved (default: the current directory).
    ///
    /// # Errors
    /// A [`SetupError`] naming the field and the rule broken.
    pub fn from_setup(s: &Setup, base: Option<&Path>) -> Result<State, SetupError> {
        let mut board = Board::from_rows(&s.board.rows, s.board.cover_def)
            .map_err(|e| err("board.rows", e.to_string()))?;
        if let Some(rows) = &s.board.heights {
            board
                .set_heights(rows)
                .map_err(|e| err("board.heights", e.to_string()))?;
        }
        let (catalogue, catalogue_ref) = match &s.catalogue {
            None => (Catalogue::shipped(), None),
            Some(CatalogueSetup::Inline(c)) => (c.clone(), None),
            Some(CatalogueSetup::Path(p)) => {
                let full: PathBuf = base.map(|b| b.join(p)).unwrap_or_else(|| PathBuf::from(p));
                let text = super::read_text(&full, super::MAX_FILE_BYTES)
                    .map_err(|e| err("catalogue", format!("{}: {e}", full.display())))?;
                let c: Catalogue = super::plain::from_json(&text, "catalogue").map_err(|e| {
                    err(
                        "catalogue",
                        format!("{}: {}: {}", full.display(), e.field, e.reason),
                    )
                })?;
                (c, Some(p.clone()))
            }
        };
        catalogue
            .validate()
            .map_err(|e| err("catalogue", e.to_string()))?;
        let sc = &s.scenario;
        if sc.turn_limit == 0 {
            return Err(err("scenario.turn_limit", "must be at least 1"));
        }
        for (name, z) in [
            ("scenario.deploy_a", &sc.deploy_a),
            ("scenario.deploy_b", &sc.deploy_b),
        ] {
            if z.x0 > z.x1 || z.y0 > z.y1 || z.x1 >= board.width() || z.y1 >= board.height() {
                return Err(err(
                    name,
                    "the zone must have x0 ≤ x1 < width and y0 ≤ y1 < height",
                ));
            }
        }
        for (k, o) in sc.objectives.iter().enumerate() {
            if o.x >= board.width() || o.y >= board.height() {
                return Err(err(
                    format!("scenario.objectives[{k}]"),
                    "outside the board",
                ));
            }
        }
        let total = s.sides.a.len() + s.sides.b.len();
        if s.sides.a.is_empty() || s.sides.b.is_empty() {
            return Err(err("sides", "each side needs at least one character"));
        }
        if total > MAX_CHARACTERS {
            return Err(err(
                "sides",
                format!("{total} characters; at most {MAX_CHARACTERS}"),
            ));
        }
        let mut statics = Vec::with_capacity(total);
        let mut chars: SmallVec<[CharState; 12]> = SmallVec::new();
        for (side, list) in [(Side::A, &s.sides.a), (Side::B, &s.sides.b)] {
            let mut points = 0;
            let mut relics: Vec<String> = Vec::new();
            for (n, c) in list.iter().enumerate() {
                let field = format!("sides.{side}[{n}]");
                let def = char_spec(c)
                    .resolve(&catalogue)
                    .map_err(|e| err(field.clone(), e.to_string()))?;
                // Reliquia: «No se puede repetir en una lista de juego».
                for relic in def.unique_archetypes() {
                    if relics.contains(&relic) {
                        return Err(err(
                            field,
                            format!(
                                "{relic} has the trait Reliquia and is already in side {side}'s \
                                 list («No se puede repetir en una lista de juego»)"
                            ),
                        ));
                    }
                    relics.push(relic);
                }
                if def.weapons.len() + def.protections.len() > MAX_EQUIPMENT {
                    return Err(err(
                        field,
                        format!("more than {MAX_EQUIPMENT} weapons and protections"),
                    ));
                }
                if let Some(e) = unmet_requirement(&def) {
                    return Err(err(field, e));
                }
                // Its transport placed by the position (`transports[].of`: its label).
                let label = format!("{}{}", side.letter(), n + 1);
                let placed = s
                    .transports
                    .iter()
                    .any(|t| t.of.eq_ignore_ascii_case(&label));
                let info = build_static(side, n, c.name.clone(), def, placed);
                points += info.cost;
                chars.push(CharState {
                    pos: Pos::new(c.at[0], c.at[1]),
                    facing: c.facing,
                    stance: c.stance,
                    ene: c.ene,
                    wounds: c.wounds,
                    stress: c.stress,
                    vol_loss: c.vol_loss,
                    trauma: c.trauma,
                    flags: 0,
                    bonus: c.bonus,
                    support: c.support,
                    mark: 0,
                    held_by: 0,
                    possessor: 0,
                    marker: 0,
                    waited: c.waited,
                    moved: c.moved,
                    wear: [0; MAX_EQUIPMENT],
                    ammo: [0; MAX_MAGAZINES],
                    dropped: 0,
                    carried: [0; MAX_CARRIED],
                    looted: c.looted,
                    spell: 0,
                    spell_by: 0,
                    kept: 0,
                    kept_on: 0,
                    alt: c.altitude,
                    tbits: 0,
                    // Maná: «cada principio de turno»; the game starts with a turn.
                    mana: crate::state::trait_states::mana_of(&info),
                    aimed: 0,
                    power: 0,
                    smoke_at: Pos::new(0, 0),
                    run: Default::default(),
                });
                statics.push(info);
            }
            if points > sc.points_limit {
                return Err(err(
                    format!("sides.{side}"),
                    format!(
                        "the list costs {points} points, over the scenario's limit of {}",
                        sc.points_limit
                    ),
                ));
            }
        }
        // Niega: the traits it names are gone from the holders' enemies.
        super::negation::apply(&mut statics);
        let object_variants = super::objects_off::variants(&statics);
        let any_auras = statics.iter().any(|c| !c.auras.is_empty());
        // Every record a character may have in this game: its own and those with objects off.
        let any_stinky = statics
            .iter()
            .chain(object_variants.iter().map(|v| &v.info))
            .any(|c| c.quick.stinky > 0);
        let any_charge_aura = statics
            .iter()
            .chain(object_variants.iter().map(|v| &v.info))
            .flat_map(|c| c.auras.iter())
            .any(|e| {
                matches!(
                    e,
                    Effect::ChargeReach {
                        who: crate::creation::effect::Who::AlliesWithin(_),
                        ..
                    }
                )
            });
        let chi_holders = statics
            .iter()
            .enumerate()
            .filter(|(_, c)| c.effects.contains(&Effect::ControlChi))
            .fold(0u32, |b, (k, _)| b | 1 << (k & 31));
        let share_g = statics.iter().any(|c| {
            c.effects.iter().any(|e| {
                matches!(
                    e,
                    Effect::Cocktail
                        | Effect::Challenger
                        | Effect::Disappear
                        | Effect::Decoy
                        | Effect::Avatar
                )
            })
        });
        let any_phase = statics
            .iter()
            .any(|c| c.effects.contains(&Effect::Incorporeal));
        let any_see_through = statics.iter().any(|c| c.see_through > 0);
        let any_distortion = statics.iter().any(|c| {
            c.auras.iter().any(|e| {
                matches!(
                    e,
                    Effect::InvocationFumbleAura { .. } | Effect::MetaUserAura { .. }
                )
            })
        });
        if s.hostile.len() > crate::environment::hostile::zone::MAX_ZONES {
            return Err(err(
                "hostile",
                format!(
                    "{} zones; at most {}",
                    s.hostile.len(),
                    crate::environment::hostile::zone::MAX_ZONES
                ),
            ));
        }
        let zones = s
            .hostile
            .iter()
            .enumerate()
            .map(|(k, z)| {
                let field = format!("hostile[{k}]");
                crate::environment::hostile::zone::Zone::build(
                    z,
                    k,
                    board.width(),
                    board.height(),
                    &field,
                )
                .map_err(|e| {
                    let (f, r) = e.split_once(": ").unwrap_or((&field, &e));
                    err(f, r)
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut st = State {
            st: Arc::new(crate::state::Static {
                board,
                catalogue,
                catalogue_ref,
                chars: statics,
                scenario: sc.clone(),
                name: s.name.clone(),
                description: s.description.clone(),
                any_auras,
                any_charge_aura,
                any_distortion,
                any_stinky,
                hostile: zones.clone(),
                elements: Vec::new(),
                transports: Vec::new(),
                chi_holders,
                share_g,
                object_variants,
                objects_off: Vec::new(),
                any_phase,
                any_see_through,
            }),
            chars: crate::state::CopyVec(chars),
            turn: 1,
            phase: 10,
            advantage: Side::A,
            to_move: Side::A,
            init_pick: [None, None],
            pending: Pending::Initiative { side: Side::A },
            activation: Activation::default(),
            objective_points: [0, 0],
            bombs: Vec::new(),
            hostile_now: zones.iter().map(|z| z.fixed().or(z.setup.rolled)).collect(),
            ground: CopyVec::default(),
            searched: 0,
            used_objects: CopyVec::default(),
            transports: Vec::new(),
            lasting: Vec::new(),
            lasting_due: CopyVec::default(),
            hacked: Default::default(),
            trait_marks: Default::default(),
            bodies: Vec::new(),
        };
        // Second pass: fields that name other characters, and the dynamic checks.
        let all: Vec<&CharSetup> = s.sides.a.iter().chain(&s.sides.b).collect();
        for (i, c) in all.iter().enumerate() {
            let idx = i as CharIdx;
            let field = format!(
                "sides.{}[{}]",
                st.home_side(idx),
                if i < s.sides.a.len() {
                    i
                } else {
                    i - s.sides.a.len()
                }
            );
            let p = Pos::new(c.at[0], c.at[1]);
            if !st.board().contains_pos(p) {
                return Err(err(
                    format!("{field}.at"),
                    format!(
                        "{p} is outside the {}×{} board",
                        st.board().width(),
                        st.board().height()
                    ),
                ));
            }
            // A swimmer stands in deep water; a body fallen into a gap lies there, off the table
            // (Nadar, Salto de longitud: RULES.md, MOVIMIENTO).
            let t = st.board().terrain(p);
            let fallen = t == crate::basics::board::Terrain::Gap
                && all[i].status.iter().any(|s| s == "removed");
            crate::actions::movement::altitude::check_placement(st.board(), p, c.altitude)
                .map_err(|why| err(format!("{field}.altitude"), why))?;
            if c.altitude == ALT_GROUND
                && !st.board().passable(p)
                && t != crate::basics::board::Terrain::Water
                && !fallen
                // A passenger's square is its transport's, checked with the transport.
                && c.aboard.is_none()
            {
                return Err(err(
                    format!("{field}.at"),
                    format!(
                        "{p} is {:?}, which no base can stand on",
                        st.board().terrain(p)
                    ),
                ));
            }
            // Casualties are off the table (RULES.md): an able base may stand on their square.
            // The same statuses as `State::casualty`, a character that left the table included
            // (it keeps the square it left from).
            let casualty = |k: usize| {
                all[k].wounds >= st.info(k as CharIdx).con
                    || all[k]
                        .status
                        .iter()
                        .any(|s| s == "unconscious" || s == "knocked_out" || s == "off_table")
            };
            // A passenger shares its transport's square (checked in `transport::build`).
            let inside = |k: usize| all[k].aboard.is_some();
            if let Some(j) = (0..i).find(|&j| {
                all[j].at == c.at && !casualty(i) && !casualty(j) && !inside(i) && !inside(j)
            }) {
                return Err(err(
                    format!("{field}.at"),
                    format!(
                        "{p} is already taken by {} (bases never overlap)",
                        st.label(j as CharIdx)
                    ),
                ));
            }
            if !(-10..=10).contains(&c.ene) {
                return Err(err(
                    format!("{field}.ene"),
                    format!("{} is outside −10..=10", c.ene),
                ));
            }
            // CON + 1 wounds kill; a corpse a Necrófago fed on takes one more a meal, CON meals
            // in all («Cada heridas recuperada, CON-1 del cadáver»; RULES.md, Necrófago).
            let con = st.info(idx).con;
            if c.wounds > 2 * con + 1 {
                return Err(err(
                    format!("{field}.wounds"),
                    format!(
                        "{} is more than 2 × CON + 1 ({}: CON + 1 kills, and a corpse takes at \
                         most CON more from a Necrófago's meals)",
                        c.wounds,
                        2 * con + 1
                    ),
                ));
            }
            let slots = st.info(idx).def.weapons.len() + st.info(idx).def.protections.len();
            if c.wear.len() > slots {
                return Err(err(
                    format!("{field}.wear"),
                    format!(
                        "{} entries for {slots} weapons and protections",
                        c.wear.len()
                    ),
                ));
            }
            let mut flags = 0;
            for name in &c.status {
                // The trait status names are read by `trait_state::build`.
                if TRAIT_STATUS_NAMES.iter().any(|(n, _)| n == name) {
                    continue;
                }
                let bit = STATUS_NAMES
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, b)| *b)
                    .ok_or_else(|| {
                        err(
                            format!("{field}.status"),
                            format!("unknown status \"{name}\""),
                        )
                    })?;
                flags |= bit;
            }
            let nw = st.info(idx).def.weapons.len();
            for &w in &c.dropped {
                if w as usize >= nw.min(8) {
                    return Err(err(format!("{field}.dropped"), format!("no weapon {w}")));
                }
            }
            let mags = st.info(idx).magazine.clone();
            let find = |label: &Option<String>, what: &str| -> Result<u8, SetupError> {
                match label {
                    None => Ok(0),
                    Some(l) => st.find(l).ok_or_else(|| {
                        err(format!("{field}.{what}"), format!("no character \"{l}\""))
                    }),
                }
            };
            let mark = find(&c.mark, "mark")?;
            let held_by = find(&c.held_by, "held_by")?;
            let possessor = find(&c.possessor, "possessor")?;
            // A possessed character is on its possessor's side (`State::side_of`): name it.
            if flags & POSSESSED != 0 && (c.possessor.is_none() || possessor == idx) {
                return Err(err(
                    format!("{field}.possessor"),
                    "status possessed needs its possessor (another character)".to_string(),
                ));
            }
            let marker = find(&c.marker, "marker")?;
            // «LABEL mN» / «mN LABEL»: a character and one of the caster's meta-abilities.
            let meta_ref = |text: &Option<String>, what: &str, meta_first: bool| {
                let Some(t) = text else {
                    return Ok((0u8, 0u8));
                };
                let bad = |why: &str| err(format!("{field}.{what}"), format!("\"{t}\": {why}"));
                let (a, b) = t.trim().split_once(' ').ok_or_else(|| bad("two words"))?;
                let (m, l) = if meta_first { (a, b) } else { (b, a) };
                let j = st.find(l.trim()).ok_or_else(|| bad("no such character"))?;
                let caster = if meta_first { idx } else { j };
                let n: u8 = m
                    .trim()
                    .strip_prefix('m')
                    .and_then(|n| n.parse::<u8>().ok())
                    // A pet's bonuses follow the meta-abilities (Mascota mágica).
                    .filter(|&n| n >= 1 && n as usize <= st.info(caster).meta_effects.len())
                    .ok_or_else(|| bad("not a meta-ability mN of the caster"))?;
                Ok((n, j))
            };
            let (spell, spell_by) = meta_ref(&c.spell, "spell", false)?;
            let (kept, kept_on) = meta_ref(&c.kept, "kept", true)?;
            super::ranges::character(&st, idx, c, &field)?;
            super::trait_state::build(&mut st, idx, c, &field)?;
            if c.carried.len() > MAX_CARRIED {
                return Err(err(
                    format!("{field}.carried"),
                    format!("at most {MAX_CARRIED} items"),
                ));
            }
            let mut carried = [0u16; MAX_CARRIED];
            for (k, item) in c.carried.iter().enumerate() {
                let bad = |why: &str| err(format!("{field}.carried"), format!("\"{item}\": {why}"));
                let (owner, w) = item
                    .split_once(' ')
                    .ok_or_else(|| bad("not \"LABEL wN\""))?;
                let o = st
                    .find(owner.trim())
                    .ok_or_else(|| bad("no such character"))?;
                let ow: u8 = w
                    .trim()
                    .strip_prefix('w')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| bad("not a weapon wN"))?
                    - 1;
                let nw = st.info(o).def.weapons.len();
                if o as usize == idx as usize || ow as usize >= nw.min(8) {
                    return Err(bad("not a weapon of another character"));
                }
                carried[k] = 1 + o as u16 * 8 + ow as u16;
            }
            let ch = &mut st.chars[i];
            ch.flags = flags;
            ch.mark = mark;
            ch.held_by = held_by;
            ch.possessor = possessor;
            ch.marker = marker;
            ch.carried = carried;
            (ch.spell, ch.spell_by, ch.kept, ch.kept_on) = (spell, spell_by, kept, kept_on);
            for (k, w) in c.wear.iter().enumerate() {
                ch.wear[k] = *w;
            }
            for &w in &c.dropped {
                ch.dropped |= 1 << w;
            }
            for (k, &mag) in mags.iter().enumerate().take(MAX_MAGAZINES) {
                ch.ammo[k] = match &c.ammo {
                    Some(v) => v.get(k).copied().unwrap_or(mag).min(mag),
                    None => mag,
                };
            }
        }
        // A carried item is out of its owner's hands (`dropped`) and carried by one character.
        let mut seen: Vec<u16> = Vec::new();
        for i in st.indices() {
            for &k in st.chars[i as usize].carried.iter().filter(|&&k| k != 0) {
                let (o, w) = (((k - 1) >> 3) as usize, (k - 1) & 7);
                let side = st.side_of(i);
                let n = st
                    .indices()
                    .filter(|&j| j < i && st.side_of(j) == side)
                    .count();
                let field = format!("sides.{side}[{n}].carried");
                if st.chars[o].dropped & (1 << w) == 0 {
                    return Err(err(
                        field,
                        format!(
                            "{} w{} is still in its owner's hands",
                            st.info(o as CharIdx).label,
                            w + 1
                        ),
                    ));
                }
                if seen.contains(&k) {
                    return Err(err(field, "an item carried twice".to_string()));
                }
                seen.push(k);
            }
        }
        super::transport::build(&mut st, s)?;
        let (elements, ground, searched, hacks) = super::items::build(&st, &s.elements, &s.ground)?;
        if !elements.is_empty() {
            Arc::get_mut(&mut st.st)
                .expect("the shared part is not shared yet")
                .elements = elements;
        }
        st.ground = CopyVec(ground);
        st.searched = searched;
        super::doors::install(&mut st, &s.elements)?;
        super::hacked::build(&mut st, &s.hacked, &hacks)?;
        // A file without `mana` means «as much as its traits give now» (`trait_state::save`
        // writes it only when it differs): read after the objects switched off or wrecked have
        // taken their traits away (`hacked::build`), or a Maná (N) object off in play would come
        // back with its N (campaign seed 2511).
        for (i, c) in s.sides.a.iter().chain(&s.sides.b).enumerate() {
            if c.mana.is_none() {
                let full = crate::state::trait_states::mana_of(st.info(i as CharIdx));
                st.ch_mut(i as CharIdx).mana = full;
            }
        }
        for (i, c) in s.sides.a.iter().chain(&s.sides.b).enumerate() {
            for &o in &c.used_objects {
                if o as usize >= st.st.chars[i].def.objects.len().min(8) {
                    let side = st.st.chars[i].side;
                    let n = if i < s.sides.a.len() {
                        i
                    } else {
                        i - s.sides.a.len()
                    };
                    return Err(err(
                        format!("sides.{side}[{n}].used_objects"),
                        format!("no object {o}"),
                    ));
                }
                st.used_objects.push(i as u16 * 8 + o as u16);
            }
        }
        if s.game.is_none() {
            // Avatar: «sólo puede desplegarse si se le invoca» — at the start it is off the
            // table (a saved game says so with the status `off_table`).
            for i in st.indices() {
                if st.info(i).effects.contains(&Effect::Avatar) {
                    st.ch_mut(i).set(crate::state::OFF_TABLE, true);
                }
            }
        }
        if let Some(g) = &s.game {
            if g.turn == 0 || g.turn > sc.turn_limit {
                return Err(err(
                    "game.turn",
                    format!("{} is outside 1..={}", g.turn, sc.turn_limit),
                ));
            }
            if !(1..=10).contains(&g.phase) {
                return Err(err("game.phase", format!("{} is outside 1..=10", g.phase)));
            }
            let n = st.chars.len() as u32;
            let bad = |i: CharIdx| (i as u32) >= n;
            let ok = match g.decision {
                Pending::Act { actor } => !bad(actor),
                Pending::Window { actor, open, .. } => !bad(actor) && (open >> n) == 0,
                Pending::MentalCombat {
                    defender, hacker, ..
                } => !bad(defender) && !bad(hacker),
                Pending::Reaction {
                    reactor,
                    actor,
                    open,
                    ..
                } => !bad(reactor) && !bad(actor) && (open >> n) == 0,
                _ => true,
            };
            if !ok {
                return Err(err(
                    "game.decision",
                    "names a character that does not exist",
                ));
            }
            super::ranges::sequence(&st, g)?;
            if (g.activation.vol_failed >> n) != 0 {
                return Err(err(
                    "game.activation.vol_failed",
                    "names a character that does not exist",
                ));
            }
            st.turn = g.turn;
            st.phase = g.phase;
            st.advantage = g.advantage;
            st.to_move = g.to_move;
            st.pending = g.decision;
            st.activation = g.activation;
            st.objective_points = g.objective_points;
            for (k, b) in g.bombs.iter().enumerate() {
                let field = format!("game.bombs[{k}]");
                if (b.owner as usize) >= st.chars.len() {
                    return Err(err(field, "names a character that does not exist"));
                }
                let own = st.info(b.owner).def.weapons.len();
                if (b.weapon as usize) >= own
                    || !crate::actions::combat::is_bomb(&st, b.owner, b.weapon)
                {
                    return Err(err(
                        field,
                        "is not one of its owner's weapons with Área and Área de activación",
                    ));
                }
                if !st.board().contains_pos(b.at) {
                    return Err(err(field, "lies off the board"));
                }
                if b.tripped.is_some_and(|t| (t as usize) >= st.chars.len()) {
                    return Err(err(field, "was tripped by a character that does not exist"));
                }
            }
            st.bombs = g.bombs.clone();
            for (k, l) in g.lasting.iter().enumerate() {
                let field = format!("game.lasting[{k}]");
                if (l.owner as usize) >= st.chars.len() {
                    return Err(err(field, "names a character that does not exist"));
                }
                if l.dmg == 0 || l.squares.is_empty() {
                    return Err(err(field, "needs a DAÑ of at least 1 and one square"));
                }
                if l.squares.iter().any(|(p, _)| !st.board().contains_pos(*p)) {
                    return Err(err(field, "covers a square off the board"));
                }
            }
            st.lasting = g.lasting.clone();
            for (k, m) in g.trait_marks.iter().enumerate() {
                let field = format!("game.trait_marks[{k}]");
                if (m.who as usize) >= st.chars.len() {
                    return Err(err(field, "names a character that does not exist"));
                }
                if m.bits & !crate::state::MARK_BITS != 0 {
                    return Err(err(field, "has a bit that is no mark (allowed: 0..=1023)"));
                }
                if m.boost.iter().any(|&b| b > 9) {
                    return Err(err(field, "has a boost above 9"));
                }
                if m.bits & crate::state::CHALLENGED != 0 && (m.by as usize) >= st.chars.len() {
                    return Err(err(
                        field,
                        "was challenged by a character that does not exist",
                    ));
                }
                if !st.marks(m.who).is_clear() {
                    return Err(err(field, "repeats a character"));
                }
                *st.marks_mut(m.who) = *m;
            }
            if let Some(dc) = &g.decoy {
                if (dc.who as usize) >= st.chars.len()
                    || !st.info(dc.who).effects.contains(&Effect::Decoy)
                {
                    return Err(err("game.decoy", "names no character with Señuelo"));
                }
                let snap = State::from_setup(&dc.position, base)
                    .map_err(|e| err("game.decoy.position", e.to_string()))?;
                if snap.num_chars() != st.num_chars() {
                    return Err(err(
                        "game.decoy.position",
                        "has other characters than the position",
                    ));
                }
                st.set_decoy_snapshot(Some((dc.who, snap)));
            }
            for (k, b) in g.bodies.iter().enumerate() {
                let field = format!("game.bodies[{k}]");
                let i = st
                    .find(&b.who)
                    .ok_or_else(|| err(field.clone(), format!("no character \"{}\"", b.who)))?;
                let cap = crate::state::limb_cap(st.info(i).con);
                if b.limbs.iter().any(|&w| w > cap) {
                    return Err(err(
                        field,
                        format!("a limb holds more than CON/2 = {cap} wounds"),
                    ));
                }
                if b.raised && !(st.ch(i).has(POSSESSED) && st.ch(i).possessor != i) {
                    return Err(err(
                        field,
                        "a raised corpse must be possessed by its raiser (status possessed, \
                         possessor)",
                    ));
                }
                if (b.steel || b.steel_streak) && !st.ch(i).has(TIED) {
                    return Err(err(field, "steel bonds need the status tied"));
                }
                if b.steel_streak && !b.steel {
                    return Err(err(field, "a steel streak needs steel bonds"));
                }
                use crate::state::{PET_USED, RAISED, STEEL_STREAK, STEEL_TIED};
                let bit = |on: bool, b: u8| if on { b } else { 0 };
                *st.body_mut(i) = crate::state::Body {
                    limbs: b.limbs,
                    bits: bit(b.raised, RAISED)
                        | bit(b.pet_used, PET_USED)
                        | bit(b.steel, STEEL_TIED)
                        | bit(b.steel_streak, STEEL_STREAK),
                };
            }
            if g.initiative.len() > 2 {
                return Err(err(
                    "game.initiative",
                    format!("{} entries (at most one per side)", g.initiative.len()),
                ));
            }
            let paired = g.initiative.len() == 2;
            for (k, l) in g.initiative.iter().enumerate() {
                let Some(l) = l else { continue };
                let i = st
                    .find(l)
                    .ok_or_else(|| err("game.initiative", format!("no character \"{l}\"")))?;
                let slot = if paired { k } else { st.home_side(i).index() };
                st.init_pick[slot] = Some(i);
            }
            if let Some(text) = &g.declared {
                st.activation.declared = Some(super::declared::read(&st, text)?);
            }
        }
        if !st.is_terminal() {
            let mut buf = Vec::new();
            st.legal_actions(&mut buf);
            if buf.is_empty() {
                return Err(err(
                    "game.decision",
                    format!(
                        "nothing is legal from this decision ({})",
                        st.describe_decision()
                    ),
                ));
            }
        }
        Ok(st)
    }

    /// Loads a position file.
    ///
    /// # Errors
    /// A [`SetupError`] naming the file, the field and the reason.
    pub fn load(path: &Path) -> Result<State, SetupError> {
        let s = Setup::from_file(path)?;
        State::from_setup(&s, path.parent())
            .map_err(|e| err(format!("{}: {}", path.display(), e.field), e.reason))
    }
}
