//! The JSON API (WEB.md §5): every route, its request body checked field by field (unknown
//! fields, wrong types and out-of-range values refused by name), and its answer. A refused
//! request leaves the game as it was.

use super::positions::{shipped, shipped_json, uploaded_json};
use super::reply::Reply;
use super::sessions::{lock, Sessions};
use super::table::{Seat, Table, TableConfig, TableError};
use super::view::view;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::time::Instant;

/// Most iterations a bot decision or an analysis may ask for.
pub const MAX_ITERATIONS: u64 = 1_000_000;
/// The bot's iterations per decision when not given.
pub const DEFAULT_BOT_ITERATIONS: u64 = 400;

/// A side at the start of a game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// Played at the page (default) or by the bot.
    #[serde(default = "yes")]
    pub human: bool,
    /// The bot's iterations per decision.
    #[serde(default)]
    pub iterations: Option<u64>,
}

fn yes() -> bool {
    true
}

/// `POST /api/sessions`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A shipped position's id.
    #[serde(default)]
    pub position: Option<String>,
    /// Or an uploaded position file's text.
    #[serde(default)]
    pub upload: Option<String>,
    /// Side A (default: human).
    #[serde(default)]
    pub a: Option<SeatRequest>,
    /// Side B (default: the bot).
    #[serde(default)]
    pub b: Option<SeatRequest>,
    /// `engine` (default) or `table`.
    #[serde(default)]
    pub dice: Option<String>,
    /// Seed of the engine's dice.
    #[serde(default)]
    pub dice_seed: Option<u64>,
    /// Seed of the bot's search.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Casual game (undo allowed; default true).
    #[serde(default)]
    pub casual: Option<bool>,
}

/// `POST /api/sessions/ID/act`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Act {
    /// The action in notation.
    pub action: String,
    /// The dice rolled for it at the table.
    #[serde(default)]
    pub dice: Option<Vec<u8>>,
}

/// `POST /api/sessions/ID/analyse`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Analyse {
    /// Iterations (default [`crate::frontend::analyze::DEFAULT_ITERATIONS`]).
    #[serde(default)]
    pub iterations: Option<u64>,
    /// Alternatives shown (default 3).
    #[serde(default)]
    pub multipv: Option<usize>,
}

fn body<T: DeserializeOwned>(raw: &[u8]) -> Result<T, Reply> {
    let text = std::str::from_utf8(raw)
        .map_err(|_| Reply::error(400, "the request body is not UTF-8 text"))?;
    if text.trim().is_empty() {
        return Err(Reply::error(
            400,
            "the request body is empty (a JSON object is expected)",
        ));
    }
    serde_json::from_str(text).map_err(|e| Reply::error(400, &format!("malformed JSON: {e}")))
}

fn iterations(n: Option<u64>, default: u64, what: &str) -> Result<u64, Reply> {
    match n.unwrap_or(default) {
        0 => Err(Reply::error(400, &format!("{what}: at least 1 iteration"))),
        k if k > MAX_ITERATIONS => Err(Reply::error(
            400,
            &format!("{what}: at most {MAX_ITERATIONS} iterations"),
        )),
        k => Ok(k),
    }
}

fn seat(r: Option<SeatRequest>, human: bool, what: &str) -> Result<Seat, Reply> {
    let r = r.unwrap_or(SeatRequest {
        human,
        iterations: None,
    });
    Ok(Seat {
        human: r.human,
        iterations: iterations(r.iterations, DEFAULT_BOT_ITERATIONS, what)?,
    })
}

fn table_error(e: TableError) -> Reply {
    match e {
        TableError::Conflict(s) => Reply::error(409, &s),
        TableError::Bad(s) => Reply::error(400, &s),
    }
}

/// `GET /api/positions`.
pub fn positions() -> Reply {
    Reply::json(200, &shipped())
}

/// `POST /api/sessions`: a new game.
pub fn new_game(sessions: &Sessions, raw: &[u8]) -> Reply {
    let r: NewGame = match body(raw) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let made = (|| {
        let (json, name) = match (&r.position, &r.upload) {
            (Some(id), None) => shipped_json(id).map_err(|e| Reply::error(400, &e))?,
            (None, Some(text)) => (
                uploaded_json(text).map_err(|e| Reply::error(400, &format!("upload: {e}")))?,
                "uploaded".to_string(),
            ),
            _ => {
                return Err(Reply::error(
                    400,
                    "give exactly one of \"position\" (a shipped position) and \"upload\" \
                     (a position file's text)",
                ))
            }
        };
        let table_dice = match r.dice.as_deref().unwrap_or("engine") {
            "engine" => false,
            "table" => true,
            other => {
                return Err(Reply::error(
                    400,
                    &format!("dice: \"{other}\" (expected \"engine\" or \"table\")"),
                ))
            }
        };
        let config = TableConfig {
            position: name,
            seats: [
                seat(r.a.clone(), true, "a")?,
                seat(r.b.clone(), false, "b")?,
            ],
            table_dice,
            dice_seed: r.dice_seed.unwrap_or(1),
            seed: r.seed.unwrap_or(1),
            casual: r.casual.unwrap_or(true),
        };
        let t = Table::new(config, &json).map_err(table_error)?;
        let id = sessions.add(t).map_err(|e| Reply::error(503, &e))?;
        Ok(id)
    })();
    match made {
        Ok(id) => match sessions.get(&id) {
            Ok(t) => Reply::json(201, &view(&id, &lock(&t))),
            Err((code, e)) => Reply::error(code, &e),
        },
        Err(e) => e,
    }
}

/// The routes under `/api/sessions/ID`.
pub fn session(sessions: &Sessions, id: &str, method: &str, rest: &str, raw: &[u8]) -> Reply {
    let shared = match sessions.get(id) {
        Ok(t) => t,
        Err((code, e)) => return Reply::error(code, &e),
    };
    if (method, rest) == ("DELETE", "") || (method, rest) == ("POST", "close") {
        sessions.remove(id);
        return Reply::json(200, &serde_json::json!({ "closed": id }));
    }
    let mut t = lock(&shared);
    t.last_seen = Instant::now();
    let done: Result<(), Reply> = match (method, rest) {
        ("GET", "") => {
            t.tick();
            Ok(())
        }
        ("POST", "act") => {
            body::<Act>(raw).and_then(|a| t.act(&a.action, a.dice).map_err(table_error))
        }
        ("POST", "stop") => {
            t.stop();
            Ok(())
        }
        ("POST", "undo") => t.undo().map(|_| ()).map_err(table_error),
        ("POST", "analyse") => {
            let a: Result<Analyse, Reply> = if raw.iter().all(u8::is_ascii_whitespace) {
                Ok(Analyse::default())
            } else {
                body(raw)
            };
            a.and_then(|a| {
                let n = iterations(
                    a.iterations,
                    crate::frontend::analyze::DEFAULT_ITERATIONS,
                    "iterations",
                )?;
                let k = a.multipv.unwrap_or(3);
                if !(1..=20).contains(&k) {
                    return Err(Reply::error(400, "multipv: between 1 and 20"));
                }
                t.analyse(n, k).map_err(table_error)
            })
        }
        ("GET", "record") => {
            let mut line = serde_json::to_string(&t.record()).unwrap_or_default();
            line.push('\n');
            return Reply::download(line, "application/x-ndjson", "wartime-game.jsonl");
        }
        ("GET", "position") => {
            let st = t.state();
            let mut json = crate::tools::tournament::schedule::self_contained(st).to_json();
            json.push('\n');
            return Reply::download(json, "application/json", "wartime-position.json");
        }
        (_, "" | "act" | "stop" | "undo" | "analyse" | "record" | "position" | "close") => {
            Err(Reply::error(
                405,
                &format!("method {method} not allowed on /api/sessions/ID/{rest}"),
            ))
        }
        _ => Err(Reply::error(
            404,
            &format!("no route /api/sessions/ID/{rest} (see WEB.md)"),
        )),
    };
    match done {
        Ok(()) => Reply::json(200, &view(id, &t)),
        Err(e) => e,
    }
}
