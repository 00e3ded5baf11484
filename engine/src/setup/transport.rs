//! Transports in position files (CREACIÓN DE TRANSPORTES; POSITIONS.md, "transports"): each
//! entry places the transport archetype of one character on the board; a character's `aboard`
//! puts it inside one. Validated once with an error naming the field.

#[allow(unused_imports)]
use super::*;
use crate::creation::effect::Effect;

/// One transport of a position file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransportSetup {
    /// The character whose transport archetype it is (`a1`): its side and its points.
    pub of: String,
    /// Square `[x, y]`.
    pub at: [u8; 2],
    /// Facing.
    #[serde(default = "default_facing")]
    pub facing: Facing,
    /// Wounds (wear): at CAL it no longer moves, above CAL it is destroyed.
    #[serde(default, skip_serializing_if = "is_default")]
    pub wounds: u8,
    /// En marcha: its ENE has been paid.
    #[serde(default, skip_serializing_if = "is_default")]
    pub started: bool,
    /// Who drives it (a character aboard it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver: Option<String>,
    /// Kliks it moved this turn.
    #[serde(default, skip_serializing_if = "is_default")]
    pub moved: u8,
    /// Maniobrar made since it last moved.
    #[serde(default, skip_serializing_if = "is_default")]
    pub manoeuvred: bool,
    /// Rounds left in each weapon mounted on it, in order (0 for one with no magazine);
    /// omitted: every magazine full.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ammo: Vec<u8>,
    /// Cargas (N): the uses spent of each weapon mounted on it, in order; omitted: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub uses: Vec<u8>,
    /// Arma de campaña: the mounted field weapon that fired (1-based, `w1` = 1; 0: none).
    #[serde(default, skip_serializing_if = "is_default")]
    pub field_fired: u8,
    /// Munición ígnea wounded it: it has gained Sobrecalentamiento.
    #[serde(default, skip_serializing_if = "is_default")]
    pub overheated: bool,
}

/// The magazine of each weapon mounted on a transport (Cargador (N); 0: none tracked), as a
/// character's weapon's (`statics`): «Cargador» alone holds 10 − DAÑ rounds, and Más munición
/// («Cada cargador, proyectiles x2») on the weapon or on the transport doubles it (audit 28a: a
/// mounted weapon's magazine ignored it, though its own traits act as on a character's).
fn magazines(
    arch: &crate::creation::archetype::Transport,
    fx: &[Vec<Effect>],
    own: &[Effect],
) -> Vec<u8> {
    arch.weapons
        .iter()
        .zip(fx)
        .map(|(w, fx)| {
            let times = fx
                .iter()
                .chain(own)
                .map(|e| match e {
                    Effect::MagazineTimes(k) => *k,
                    _ => 1,
                })
                .max()
                .unwrap_or(1);
            fx.iter()
                .find_map(|e| match e {
                    Effect::Magazine(0) => Some(10u8.saturating_sub(w.dmg).max(1)),
                    Effect::Magazine(k) => Some(*k),
                    _ => None,
                })
                .unwrap_or(0)
                .saturating_mul(times)
        })
        .collect()
}

/// The seats of a transport: the driver's, plus one per level of Capacidad (N), a base taking
/// as many levels as it has K² (every base of the engine is 1 K²; RULES.md, Transportes).
pub fn seats(effects: &[Effect]) -> u8 {
    1 + effects
        .iter()
        .map(|e| match e {
            Effect::Capacity(n) => *n,
            _ => 0,
        })
        .sum::<u8>()
}

/// The transports of `s` onto `st` (after the characters): statics, squares, passengers, driver.
pub(super) fn build(st: &mut State, s: &Setup) -> Result<(), SetupError> {
    if s.transports.is_empty() {
        if let Some((n, side, c)) = characters(s).find(|(_, _, c)| c.aboard.is_some()) {
            return Err(err(
                format!("sides.{side}[{n}].aboard"),
                format!(
                    "\"{}\": no transport of that label (the position has none)",
                    c.aboard.as_deref().unwrap_or_default()
                ),
            ));
        }
        return Ok(());
    }
    if s.transports.len() > MAX_TRANSPORTS {
        return Err(err(
            "transports",
            format!(
                "{} transports; at most {MAX_TRANSPORTS}",
                s.transports.len()
            ),
        ));
    }
    let mut statics: Vec<TransportStatic> = Vec::new();
    let mut states: Vec<TransportState> = Vec::new();
    for (k, t) in s.transports.iter().enumerate() {
        let field = format!("transports[{k}]");
        let owner = st
            .find(&t.of)
            .ok_or_else(|| err(format!("{field}.of"), format!("no character \"{}\"", t.of)))?;
        let arch = st.info(owner).def.transport.clone().ok_or_else(|| {
            err(
                format!("{field}.of"),
                format!("{} has no transport archetype", st.label(owner)),
            )
        })?;
        if let Some(o) = statics.iter().find(|o| o.owner == owner) {
            return Err(err(
                format!("{field}.of"),
                format!(
                    "{}'s transport is already placed as {}",
                    st.label(owner),
                    o.label
                ),
            ));
        }
        let p = Pos::new(t.at[0], t.at[1]);
        let b = st.board();
        if !b.contains_pos(p) {
            return Err(err(
                format!("{field}.at"),
                format!("{p} is outside the {}×{} board", b.width(), b.height()),
            ));
        }
        // A wreck (wounds past CAL) takes no square (RULES.md, Transportes: «Destroyed»): a
        // transport may drive onto it and a door close on it, so only a live one is checked.
        let wreck = t.wounds > arch.quality;
        if !wreck && !b.passable(p) {
            return Err(err(
                format!("{field}.at"),
                format!("{p} is {:?}, which no transport can stand on", b.terrain(p)),
            ));
        }
        let live = |o: usize| states[o].wounds <= statics[o].arch.quality;
        if let Some(o) = (0..states.len()).find(|&o| !wreck && live(o) && states[o].pos == p) {
            return Err(err(
                format!("{field}.at"),
                format!("{p} is already taken by {}", statics[o].label),
            ));
        }
        if t.wounds > arch.quality + 1 {
            return Err(err(
                format!("{field}.wounds"),
                format!("{} is more than CAL + 1 ({})", t.wounds, arch.quality + 1),
            ));
        }
        // Its own traits and those of the objects and invocations equipped on it (paso 5).
        let effects: Vec<Effect> = arch.all_traits().flat_map(|t| t.effects()).collect();
        let gun_fx: Vec<Vec<Effect>> = arch
            .weapons
            .iter()
            .map(|w| w.traits.iter().flat_map(|t| t.effects()).collect())
            .collect();
        let gun_mag = magazines(&arch, &gun_fx, &effects);
        let mut gun_ammo = [0u8; MAX_MOUNTED];
        gun_ammo[..gun_mag.len()].copy_from_slice(&gun_mag);
        if !t.ammo.is_empty() {
            if t.ammo.len() != gun_mag.len() {
                return Err(err(
                    format!("{field}.ammo"),
                    format!(
                        "{} entries; {} has {} mounted weapon(s)",
                        t.ammo.len(),
                        arch.name,
                        gun_mag.len()
                    ),
                ));
            }
            for (w, (&a, &m)) in t.ammo.iter().zip(&gun_mag).enumerate() {
                if a > m {
                    return Err(err(
                        format!("{field}.ammo[{w}]"),
                        format!(
                            "{a} rounds; the magazine of {} holds {m}",
                            arch.weapons[w].name
                        ),
                    ));
                }
                gun_ammo[w] = a;
            }
        }
        let mut gun_uses = [0u8; MAX_MOUNTED];
        if t.uses.len() > gun_mag.len() {
            return Err(err(
                format!("{field}.uses"),
                format!(
                    "{} entries; {} has {} mounted weapon(s)",
                    t.uses.len(),
                    arch.name,
                    gun_mag.len()
                ),
            ));
        }
        gun_uses[..t.uses.len()].copy_from_slice(&t.uses);
        if t.field_fired as usize > gun_mag.len() {
            return Err(err(
                format!("{field}.field_fired"),
                format!(
                    "weapon {}; {} has {} mounted weapon(s)",
                    t.field_fired,
                    arch.name,
                    gun_mag.len()
                ),
            ));
        }
        statics.push(TransportStatic {
            label: format!("t{}", k + 1),
            owner,
            seats: seats(&effects),
            def: crate::state::hull_def(arch.total_def(), &effects),
            arch,
            effects,
            gun_fx,
            gun_mag,
        });
        states.push(TransportState {
            gun_ammo,
            gun_uses,
            field_fired: t.field_fired,
            pos: p,
            facing: t.facing,
            wounds: t.wounds,
            started: t.started,
            driver: NO_DRIVER,
            moved: t.moved,
            aboard: 0,
            manoeuvred: t.manoeuvred,
            overheated: t.overheated,
        });
    }
    // Passengers: on the transport's square, within its seats.
    for (i, (n, side, c)) in characters(s).enumerate() {
        let field = format!("sides.{side}[{n}]");
        let at = Pos::new(c.at[0], c.at[1]);
        match &c.aboard {
            Some(_)
                if c.status.iter().any(|x| x == "off_table")
                    || (s.game.is_none()
                        && st.info(i as CharIdx).effects.contains(&Effect::Avatar)) =>
            {
                // Off the table is neither on the board nor in a transport (an Avatar is
                // deployed only when invoked: «sólo puede desplegarse si se le invoca»).
                return Err(err(
                    format!("{field}.aboard"),
                    format!(
                        "{} is off the table (an Avatar not yet invoked): it cannot be aboard",
                        st.label(i as CharIdx)
                    ),
                ));
            }
            Some(l) => {
                let t = statics
                    .iter()
                    .position(|o| o.label.eq_ignore_ascii_case(l.trim()))
                    .ok_or_else(|| {
                        err(
                            format!("{field}.aboard"),
                            format!(
                                "\"{l}\": no transport of that label (t1..t{})",
                                statics.len()
                            ),
                        )
                    })?;
                if states[t].pos != at {
                    return Err(err(
                        format!("{field}.at"),
                        format!(
                            "{at} is not the square of {} ({}), which it is aboard",
                            statics[t].label, states[t].pos
                        ),
                    ));
                }
                if states[t].count() >= statics[t].seats {
                    return Err(err(
                        format!("{field}.aboard"),
                        format!(
                            "{} is full: {} seat(s), the driver's plus Capacidad {}",
                            statics[t].label,
                            statics[t].seats,
                            statics[t].seats - 1
                        ),
                    ));
                }
                states[t].aboard |= 1 << i;
            }
            None => {
                // A wreck (more wounds than CAL) takes no square.
                let able = st.able(i as CharIdx);
                let standing = |k: usize| states[k].wounds <= statics[k].arch.quality;
                if let Some(t) =
                    (0..states.len()).find(|&k| states[k].pos == at && standing(k) && able)
                {
                    return Err(err(
                        format!("{field}.at"),
                        format!(
                            "{at} is taken by {} (bases never overlap; `aboard` puts it inside)",
                            statics[t].label
                        ),
                    ));
                }
            }
        }
    }
    for (k, t) in s.transports.iter().enumerate() {
        if let Some(l) = &t.driver {
            let d = st.find(l).ok_or_else(|| {
                err(
                    format!("transports[{k}].driver"),
                    format!("no character \"{l}\""),
                )
            })?;
            if !states[k].has(d) {
                return Err(err(
                    format!("transports[{k}].driver"),
                    format!("{} is not aboard {}", st.label(d), statics[k].label),
                ));
            }
            states[k].driver = d;
        }
    }
    Arc::get_mut(&mut st.st)
        .expect("the shared part is not shared yet")
        .transports = statics;
    st.transports = states;
    Ok(())
}

/// Every character of the file with its number in its side's list, side A first.
fn characters(s: &Setup) -> impl Iterator<Item = (usize, Side, &CharSetup)> {
    let a = s.sides.a.iter().enumerate().map(|(n, c)| (n, Side::A, c));
    a.chain(s.sides.b.iter().enumerate().map(|(n, c)| (n, Side::B, c)))
}

/// The transports of `st` as file entries.
pub(super) fn save(st: &State) -> Vec<TransportSetup> {
    (0..st.num_transports())
        .map(|t| {
            let (d, i) = (st.transport(t), st.transport_info(t));
            TransportSetup {
                of: st.label(i.owner),
                at: [d.pos.x, d.pos.y],
                facing: d.facing,
                wounds: d.wounds,
                started: d.started,
                driver: (d.driver != NO_DRIVER).then(|| st.label(d.driver)),
                moved: d.moved,
                manoeuvred: d.manoeuvred,
                ammo: if d.gun_ammo[..i.gun_mag.len()] == i.gun_mag[..] {
                    Vec::new()
                } else {
                    d.gun_ammo[..i.gun_mag.len()].to_vec()
                },
                uses: if d.gun_uses.iter().all(|&u| u == 0) {
                    Vec::new()
                } else {
                    d.gun_uses[..i.gun_mag.len()].to_vec()
                },
                field_fired: d.field_fired,
                overheated: d.overheated,
            }
        })
        .collect()
}
