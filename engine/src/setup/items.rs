//! Position files: scenario elements and items on the ground (`elements`, `ground`;
//! POSITIONS.md) — validated into the shared part and the state, and written back.

#[allow(unused_imports)]
use super::*;
use crate::scenario::elements::{Element, ElementSetup, GroundSetup, MAX_ELEMENTS};

/// `"LABEL wN"` → the item code `1 + owner × 8 + weapon`: a weapon of a character, out of its
/// owner's hands (`dropped`).
fn item_code(st: &State, text: &str, field: &str) -> Result<u16, SetupError> {
    let bad = |why: &str| err(field, format!("\"{text}\": {why}"));
    let (owner, w) = text
        .trim()
        .split_once(' ')
        .ok_or_else(|| bad("not \"LABEL wN\""))?;
    let o = st
        .find(owner.trim())
        .ok_or_else(|| bad("no such character"))?;
    let nw = st.info(o).def.weapons.len().min(8);
    let ow = w
        .trim()
        .strip_prefix('w')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n >= 1 && n <= nw)
        .ok_or_else(|| bad("not a weapon wN of that character"))?
        - 1;
    if st.ch(o).dropped & (1 << ow) == 0 {
        return Err(bad(
            "still in its owner's hands (list it in the owner's `dropped`)",
        ));
    }
    Ok(1 + o as u16 * 8 + ow as u16)
}

fn square(st: &State, at: [i16; 2], field: &str) -> Result<Pos, SetupError> {
    let b = st.board();
    let [x, y] = at;
    if x < 0 || y < 0 || x >= b.width() as i16 || y >= b.height() as i16 {
        return Err(err(field, format!("[{x}, {y}] is off the board")));
    }
    Ok(Pos::new(x as u8, y as u8))
}

/// The label text of an item code.
pub(super) fn item_text(st: &State, k: u16) -> String {
    let (o, w) = (((k - 1) >> 3) as CharIdx, (k - 1) & 7);
    format!("{} w{}", st.label(o), w + 1)
}

/// Validates `elements` and `ground` against the built state: squares on the board, items
/// that are weapons out of their owners' hands, each item in one place only (a carried slot,
/// the ground or an element). Returns the elements, the ground and the searched mask.
#[allow(clippy::type_complexity)]
pub(super) fn build(
    st: &State,
    elements: &[ElementSetup],
    ground: &[GroundSetup],
) -> Result<(Vec<Element>, SmallVec<[(u16, Pos); 2]>, u8, HackStates), SetupError> {
    if elements.len() > MAX_ELEMENTS {
        return Err(err(
            "elements",
            format!("{} elements; at most {MAX_ELEMENTS}", elements.len()),
        ));
    }
    let mut seen: Vec<u16> = st
        .indices()
        .flat_map(|i| st.ch(i).carried)
        .filter(|&k| k != 0)
        .collect();
    let mut once = |k: u16, field: &str| {
        if seen.contains(&k) {
            return Err(err(
                field,
                format!("{} is already elsewhere", item_text(st, k)),
            ));
        }
        seen.push(k);
        Ok(())
    };
    let mut out = Vec::new();
    let mut searched = 0u8;
    let mut hacks = Vec::new();
    for (n, e) in elements.iter().enumerate() {
        let field = format!("elements[{n}]");
        let at = square(st, e.at, &format!("{field}.at"))?;
        let mut items = Vec::new();
        for (k, t) in e.items.iter().enumerate() {
            let f = format!("{field}.items[{k}]");
            let code = item_code(st, t, &f)?;
            once(code, &f)?;
            items.push(code);
        }
        if e.searched {
            if !items.is_empty() || e.points != 0 {
                return Err(err(
                    format!("{field}.searched"),
                    "a searched element holds nothing (no items, no points)",
                ));
            }
            searched |= 1 << n;
        }
        let hack = super::hacked::element(e.hackable.as_ref(), &field)?;
        if let Some((_, stress, wounds, control)) = hack {
            hacks.push((n as u8, stress, wounds, control));
        }
        let (door, turret) = super::doors::kinds(e, &field)?;
        out.push(Element {
            name: e.name.clone().unwrap_or_else(|| format!("E{}", n + 1)),
            at,
            items,
            points: e.points,
            hack: hack.map(|h| h.0),
            door,
            turret,
        });
    }
    let mut lying = SmallVec::new();
    for (n, g) in ground.iter().enumerate() {
        let field = format!("ground[{n}]");
        let at = square(st, g.at, &format!("{field}.at"))?;
        let code = item_code(st, &g.item, &format!("{field}.item"))?;
        once(code, &format!("{field}.item"))?;
        lying.push((code, at));
    }
    Ok((out, lying, searched, hacks))
}

/// The dynamic state of each hackable element as the file gives it: (element, stress, wounds,
/// control).
pub(super) type HackStates = Vec<(u8, u8, u8, crate::state::Control)>;

/// The `elements` and `ground` of a state, in normal form (a searched element keeps its name and
/// square, nothing else).
pub(super) fn save(st: &State) -> (Vec<ElementSetup>, Vec<GroundSetup>) {
    let elements = st
        .statics()
        .elements
        .iter()
        .enumerate()
        .map(|(n, e)| {
            let done = st.searched & (1 << n) != 0;
            let (door, turret) = super::doors::save(st, n as u8);
            ElementSetup {
                name: Some(e.name.clone()).filter(|x| *x != format!("E{}", n + 1)),
                at: [e.at.x as i16, e.at.y as i16],
                items: if done {
                    Vec::new()
                } else {
                    e.items.iter().map(|&k| item_text(st, k)).collect()
                },
                points: if done { 0 } else { e.points },
                searched: done,
                hackable: super::hacked::save_element(st, n as u8),
                door,
                turret,
            }
        })
        .collect();
    let ground = st
        .ground
        .iter()
        .map(|&(k, at)| GroundSetup {
            item: item_text(st, k),
            at: [at.x as i16, at.y as i16],
        })
        .collect();
    (elements, ground)
}
