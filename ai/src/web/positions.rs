//! The positions a page can start from (WEB.md §2): the shipped ones (POSITIONS.md, embedded in
//! the binary so that the server works from any directory) and uploaded position files, which
//! must carry their catalogue inline or use the shipped one — an upload never names a file on
//! the server's disk.

use engine::setup::{CatalogueSetup, Setup};
use serde::Serialize;

/// The shipped positions: id and file text.
const SHIPPED: &[(&str, &str)] = &[
    ("duel", include_str!("../../../positions/duel.json")),
    (
        "skirmish_2v2",
        include_str!("../../../positions/skirmish_2v2.json"),
    ),
    (
        "patrol_3v3",
        include_str!("../../../positions/patrol_3v3.json"),
    ),
    (
        "midgame_3v3",
        include_str!("../../../positions/midgame_3v3.json"),
    ),
    (
        "monk_acts_3v3",
        include_str!("../../../positions/monk_acts_3v3.json"),
    ),
    (
        "ambush_4v4",
        include_str!("../../../positions/ambush_4v4.json"),
    ),
    (
        "village_5v5",
        include_str!("../../../positions/village_5v5.json"),
    ),
    (
        "battle_6v6",
        include_str!("../../../positions/battle_6v6.json"),
    ),
];

/// The catalogue file the shipped positions name (the shipped catalogue).
const SHIPPED_CATALOGUE: &str = "catalogue.json";

/// A shipped position in the list the page offers.
#[derive(Clone, Debug, Serialize)]
pub struct PositionInfo {
    /// Its id (what `POST /api/sessions` takes as `position`).
    pub id: &'static str,
    /// Its name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// Characters per side.
    pub size: String,
}

fn parse(text: &str) -> Result<Setup, String> {
    Setup::from_json(text).map_err(|e| format!("not a position file: {e}"))
}

/// The shipped positions.
pub fn shipped() -> Vec<PositionInfo> {
    SHIPPED
        .iter()
        .filter_map(|(id, text)| {
            let s = parse(text).ok()?;
            let (a, b) = (s.sides.a.len(), s.sides.b.len());
            Some(PositionInfo {
                id,
                name: s.name.clone(),
                description: s.description.clone(),
                size: format!("{a} vs {b}"),
            })
        })
        .collect()
}

/// A shipped position as JSON text ready to load (its catalogue the shipped one), with its
/// name.
///
/// # Errors
/// No shipped position has this id.
pub fn shipped_json(id: &str) -> Result<(String, String), String> {
    let (_, text) = SHIPPED.iter().find(|(k, _)| *k == id).ok_or_else(|| {
        let ids: Vec<&str> = SHIPPED.iter().map(|(k, _)| *k).collect();
        format!(
            "no shipped position \"{id}\" (there are: {})",
            ids.join(", ")
        )
    })?;
    let mut s = parse(text)?;
    if matches!(&s.catalogue, Some(CatalogueSetup::Path(p)) if p == SHIPPED_CATALOGUE) {
        s.catalogue = None;
    }
    let json = serde_json::to_string(&s).map_err(|e| e.to_string())?;
    Ok((json, format!("positions/{id}.json")))
}

/// An uploaded position file, checked: it parses, and its catalogue is inline or absent.
///
/// # Errors
/// It is not a position file, or it names a catalogue file.
pub fn uploaded_json(text: &str) -> Result<String, String> {
    let s = parse(text)?;
    if let Some(CatalogueSetup::Path(p)) = &s.catalogue {
        if p != SHIPPED_CATALOGUE {
            return Err(format!(
                "the uploaded position names the catalogue file \"{p}\": put the catalogue \
                 inline, or leave it out to use the shipped one"
            ));
        }
    }
    let mut s = s;
    if matches!(&s.catalogue, Some(CatalogueSetup::Path(_))) {
        s.catalogue = None;
    }
    serde_json::to_string(&s).map_err(|e| e.to_string())
}
