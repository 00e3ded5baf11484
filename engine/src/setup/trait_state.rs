//! Position files: the states traits leave on a character (BONUS Y MALUS; `state::trait_states`,
//! `state::trait_runs`) — the trait status bits, Maná left, Poder gathered, the target of
//! Marcador de objetivos, where its Humo stands, and the runs (shield levels lost, runs of
//! shots, Ira, Arma de carga, Condenado, stances, Locura asesina, Cargas). `save` writes them and
//! `build` reads them back, so that save then load is exact mid-game (POSITIONS.md §2
//! `CharSetup`, `RunsSetup`). Why a module of its own: these fields come and go with the trait
//! effects, and `build` / `save` stay the same size.

#[allow(unused_imports)]
use super::*;

/// The trait status names in files (`status`, after [`STATUS_NAMES`]), and their bits of
/// [`CharState::tbits`].
pub const TRAIT_STATUS_NAMES: &[(&str, u16)] = &[
    ("bloodied", BLOODIED),
    ("suppressed", SUPPRESSED),
    ("stunned", STUNNED),
    ("burning", BURNING),
    ("camouflaged", CAMOUFLAGED),
    ("no_rise", NO_RISE),
    ("stun_fresh", STUN_FRESH),
    ("kill_rush", KILL_RUSH),
    ("orders_given", ORDERS_GIVEN),
    ("overheated", OVERHEATED),
    ("smoking", SMOKING),
    ("overdosed", OVERDOSED),
    ("drug_crash", DRUG_CRASH),
    ("drugged", DRUGGED),
    ("phased", PHASED),
];

/// The names of [`TraitRun::bits`] in files (`runs.flags`).
const RUN_FLAG_NAMES: &[(&str, u8)] = &[
    ("wrath_next", RUN_WRATH_NEXT),
    ("wrath", RUN_WRATH),
    ("charge_def", RUN_CHARGE_DEF),
    ("doom_due", RUN_DOOM_DUE),
    ("fortune_used", RUN_FORTUNE),
];

/// The names of [`TraitRun::stance`] in files (`runs.stance`).
const STANCE_NAMES: &[(&str, u8)] = &[("taken", STANCE_ON), ("damage_due", STANCE_DMG)];

/// What the stateful traits keep for a character (`runs` of a `CharSetup`; [`TraitRun`]).
/// Every field is optional; a character without such traits has none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunsSetup {
    /// Shield levels lost (Escudo coriáceo, Escudo de energía), at most its shield's levels.
    #[serde(default, skip_serializing_if = "is_default")]
    pub shield_lost: u8,
    /// `wrath_next` (Ira: wounded in melee), `wrath` (Ira's bonus now), `charge_def` (Arma de
    /// carga), `doom_due` (Condenado), `fortune_used` (Fortuna this turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
    /// Arma de campaña: the field weapon fired this turn, 1-based (`w2` is 2), 1..=7.
    #[serde(default, skip_serializing_if = "is_default")]
    pub field_weapon: u8,
    /// Consecutive ranged attacks in this activation.
    #[serde(default, skip_serializing_if = "is_default")]
    pub shots: u8,
    /// Consecutive ranged attacks on `on`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub same: u8,
    /// The target of the last ranged attack (a label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// Consecutive hits on `on`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub hits: u8,
    /// Levels lost to Condenado (each CH ATR −1), 0..=10.
    #[serde(default, skip_serializing_if = "is_default")]
    pub doom: u8,
    /// The stance: `taken`, and `damage_due` while Frenesí's once-only DAÑ is still to come.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stance: Vec<String>,
    /// Locura asesina: the mini it must attack in this activation (a label).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mad: Option<String>,
    /// Uses spent of the weapons with Cargas, by weapon index (the first four).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charges: Vec<u8>,
    /// Afilada lost to a fumble («Se pierde con pifia»): one bit per own weapon (bit 0 `w1`;
    /// the first four, 0..=15).
    #[serde(default, skip_serializing_if = "is_default")]
    pub blunt: u8,
}

/// The names of the bits set in `bits`, in table order.
fn bit_names<T>(table: &[(&str, T)], bits: T) -> Vec<String>
where
    T: Copy + std::ops::BitAnd<Output = T> + PartialEq + Default,
{
    table
        .iter()
        .filter(|(_, b)| bits & *b != T::default())
        .map(|(n, _)| n.to_string())
        .collect()
}

/// The trait fields of character `i` for its `CharSetup`: the trait status names, Maná (when
/// not full), Poder, Marcador de objetivos' target, Humo's square, the runs.
#[allow(clippy::type_complexity)]
pub(super) fn save(
    st: &State,
    i: CharIdx,
) -> (
    Vec<String>,
    Option<u8>,
    u8,
    Option<String>,
    Option<[u8; 2]>,
    Option<RunsSetup>,
) {
    let c = st.ch(i);
    let names = bit_names(TRAIT_STATUS_NAMES, c.tbits);
    let full = crate::state::trait_states::mana_of(st.info(i));
    let label = |x: u8| (x != 0).then(|| st.label(x - 1));
    let r = &c.run;
    let runs = RunsSetup {
        shield_lost: r.shield_lost,
        flags: bit_names(RUN_FLAG_NAMES, r.bits),
        field_weapon: r.bits >> RUN_FIELD_SHIFT,
        shots: r.shots,
        same: r.same,
        on: label(r.on),
        hits: r.hits,
        doom: r.doom_levels(),
        stance: bit_names(STANCE_NAMES, r.stance),
        mad: label(r.mad),
        charges: {
            let mut v = r.charges.to_vec();
            while v.last() == Some(&0) {
                v.pop();
            }
            v
        },
        blunt: r.blunt(),
    };
    let smoke = c.smoke_at;
    (
        names,
        (c.mana != full).then_some(c.mana),
        c.power,
        label(c.aimed),
        (smoke != Pos::new(0, 0)).then_some([smoke.x, smoke.y]),
        (runs != RunsSetup::default()).then_some(runs),
    )
}

/// Reads the trait fields of `c` (character `idx`, path `field`) into its state: the trait
/// status names of `status` (the others are the caller's), Maná, Poder, `aimed`, `smoke`,
/// `runs`.
///
/// # Errors
/// A [`SetupError`] naming the field: an unknown name, a value out of what the rules produce
/// (Maná above the trait's N, Poder above 10, shield levels above the shield's, a field weapon
/// that is not one of its weapons), a label that names no character or (for `aimed` and `mad`)
/// the character itself, a square off the board.
pub(super) fn build(
    st: &mut State,
    idx: CharIdx,
    c: &CharSetup,
    field: &str,
) -> Result<(), SetupError> {
    let mut tbits = 0u16;
    for name in &c.status {
        if let Some((_, b)) = TRAIT_STATUS_NAMES.iter().find(|(n, _)| n == name) {
            tbits |= b;
        }
    }
    let full = crate::state::trait_states::mana_of(st.info(idx));
    let mana = match c.mana {
        None => full,
        Some(m) if m <= full => m,
        Some(m) => {
            return Err(err(
                format!("{field}.mana"),
                format!("found {m}; allowed 0..={full} (its Maná)"),
            ))
        }
    };
    if c.power > 10 {
        return Err(err(
            format!("{field}.power"),
            format!(
                "found {}; allowed 0..=10 (Poderoso gathers up to 10)",
                c.power
            ),
        ));
    }
    let other = |l: &Option<String>, what: &str| -> Result<u8, SetupError> {
        let Some(l) = l else { return Ok(0) };
        match st.find(l) {
            None => Err(err(
                format!("{field}.{what}"),
                format!("no character \"{l}\""),
            )),
            Some(j) if j == idx => Err(err(
                format!("{field}.{what}"),
                format!("found \"{l}\", the character itself; allowed: another character"),
            )),
            Some(j) => Ok(j + 1),
        }
    };
    let aimed = other(&c.aimed, "aimed")?;
    let smoke_at = match c.smoke {
        None => Pos::new(0, 0),
        Some([x, y]) => {
            let p = Pos::new(x, y);
            if !st.board().contains_pos(p) {
                return Err(err(
                    format!("{field}.smoke"),
                    format!("[{x}, {y}] is off the board"),
                ));
            }
            p
        }
    };
    let mut run = TraitRun::default();
    if let Some(r) = &c.runs {
        let f = format!("{field}.runs");
        let levels = st.shield(idx).map_or(0, |(_, _, l)| l);
        if r.shield_lost > levels {
            return Err(err(
                format!("{f}.shield_lost"),
                format!(
                    "found {}; allowed 0..={levels} (the levels of its shield)",
                    r.shield_lost
                ),
            ));
        }
        let names = |list: &[String], table: &[(&str, u8)], what: &str| {
            list.iter().try_fold(0u8, |acc, n| {
                table
                    .iter()
                    .find(|(t, _)| t == n)
                    .map(|(_, b)| acc | b)
                    .ok_or_else(|| {
                        let allowed: Vec<&str> = table.iter().map(|(t, _)| *t).collect();
                        err(
                            format!("{f}.{what}"),
                            format!("unknown name \"{n}\"; allowed: {}", allowed.join(", ")),
                        )
                    })
            })
        };
        let bits = names(&r.flags, RUN_FLAG_NAMES, "flags")?;
        // The slot a field weapon fired from may be a weapon it carried then (its own weapons
        // first, then those it picked up) and has since dropped or handed over: the mark still
        // bars another field weapon, so any slot the 3 bits hold loads back.
        if r.field_weapon > 7 {
            return Err(err(
                format!("{f}.field_weapon"),
                format!(
                    "found {}; allowed 0..=7 (a weapon slot, 1-based: its own weapons, then \
                     those it carries)",
                    r.field_weapon
                ),
            ));
        }
        if r.doom > 10 {
            return Err(err(
                format!("{f}.doom"),
                format!("found {}; allowed 0..=10", r.doom),
            ));
        }
        if r.blunt > 15 {
            return Err(err(
                format!("{f}.blunt"),
                format!("found {}; allowed 0..=15 (bits of w1..w4)", r.blunt),
            ));
        }
        if r.charges.len() > 4 {
            return Err(err(
                format!("{f}.charges"),
                format!("found {} entries; allowed at most 4", r.charges.len()),
            ));
        }
        let on = match &r.on {
            None => 0,
            Some(l) => {
                st.find(l)
                    .ok_or_else(|| err(format!("{f}.on"), format!("no character \"{l}\"")))?
                    + 1
            }
        };
        let mut charges = [0u8; 4];
        charges[..r.charges.len()].copy_from_slice(&r.charges);
        run = TraitRun {
            shield_lost: r.shield_lost,
            bits: bits | r.field_weapon << RUN_FIELD_SHIFT,
            shots: r.shots,
            same: r.same,
            on,
            hits: r.hits,
            doom: r.doom | r.blunt << BLUNT_SHIFT,
            stance: names(&r.stance, STANCE_NAMES, "stance")?,
            mad: other(&r.mad, "runs.mad")?,
            charges,
        };
    }
    let ch = st.ch_mut(idx);
    ch.tbits = tbits;
    ch.mana = mana;
    ch.power = c.power;
    ch.aimed = aimed;
    ch.smoke_at = smoke_at;
    ch.run = run;
    Ok(())
}
