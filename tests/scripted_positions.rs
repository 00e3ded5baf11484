//! Small positions written as JSON in the tests, and helpers to play them with scripted dice
//! (used by `sequence`, `reactions` and `psychology`).
//!
//! Races, weapons and protections are inline so that every number a test relies on is written
//! in the test, not taken from the shipped catalogue.

use engine::basics::check::Roll;
use engine::state::CharState;
use engine::*;

/// An inline race (MOV 1) with these attributes.
pub fn race(con: u8, agi: u8, int: u8, vol: u8) -> String {
    format!(r#"{{"name":"T{con}{agi}{int}{vol}","con":{con},"agi":{agi},"int":{int},"vol":{vol}}}"#)
}

/// An inline race with traits (BONUS Y MALUS names).
pub fn race_with(con: u8, agi: u8, int: u8, vol: u8, traits: &[&str]) -> String {
    let t: Vec<String> = traits.iter().map(|t| format!("\"{t}\"")).collect();
    format!(
        r#"{{"name":"T{con}{agi}{int}{vol}x","con":{con},"agi":{agi},"int":{int},"vol":{vol},"traits":[{}]}}"#,
        t.join(",")
    )
}

/// Rifle: ENE 2, DAÑ 3, ALC 15, CAL 5.
pub const RIFLE: &str = r#"{"name":"Rifle","ene":2,"dmg":3,"range":15,"quality":5}"#;
/// Heavy rifle: ENE 3, DAÑ 3, ALC 15, CAL 5.
pub const HEAVY_RIFLE: &str = r#"{"name":"Rifle pesado","ene":3,"dmg":3,"range":15,"quality":5}"#;
/// Pistol: ENE 1, DAÑ 2, ALC 4 (a larga distancia up to 6), CAL 5.
pub const PISTOL: &str = r#"{"name":"Pistola","ene":1,"dmg":2,"range":4,"quality":5}"#;
/// Knife: ENE 1, DAÑ 1, ALC 0, CAL 3.
pub const KNIFE: &str = r#"{"name":"Cuchillo","ene":1,"dmg":1,"range":0,"quality":3}"#;

/// One character of a position.
#[derive(Clone, Debug)]
pub struct Ch {
    race: String,
    weapons: Vec<String>,
    at: (u8, u8),
    facing: &'static str,
    extra: Vec<String>,
}

/// A character of race `race` with `weapons`, on square `at`, facing `facing` (N is row 0).
pub fn ch(race: &str, weapons: &[&str], at: (u8, u8), facing: &'static str) -> Ch {
    Ch {
        race: race.to_string(),
        weapons: weapons.iter().map(|w| w.to_string()).collect(),
        at,
        facing,
        extra: Vec::new(),
    }
}

impl Ch {
    /// Adds raw JSON fields (`"ene": 6`, `"status": ["panic"]`).
    pub fn with(mut self, fields: &str) -> Ch {
        if !fields.is_empty() {
            self.extra.push(fields.to_string());
        }
        self
    }

    fn json(&self) -> String {
        let mut s = format!(
            r#"{{"race":{},"weapons":[{}],"at":[{},{}],"facing":"{}""#,
            self.race,
            self.weapons.join(","),
            self.at.0,
            self.at.1,
            self.facing
        );
        for e in &self.extra {
            s.push(',');
            s.push_str(e);
        }
        s.push('}');
        s
    }
}

/// A position under construction: a board of easy terrain unless rows are given, the two
/// lists, and optionally the point of the sequence of play where it starts.
#[derive(Clone, Debug)]
pub struct Build {
    rows: Vec<String>,
    a: Vec<Ch>,
    b: Vec<Ch>,
    game: Option<String>,
    turn_limit: u8,
    objectives: String,
    cover_def: u8,
}

/// A 12 × 12 board of easy terrain; side A deploys on rows 0–1, side B on rows 10–11.
pub fn build(a: Vec<Ch>, b: Vec<Ch>) -> Build {
    Build {
        rows: vec![".".repeat(12); 12],
        a,
        b,
        game: None,
        turn_limit: 6,
        objectives: "[]".into(),
        cover_def: 5,
    }
}

impl Build {
    /// Board rows (see `board.rs` for the symbols).
    pub fn rows(mut self, rows: &[&str]) -> Build {
        self.rows = rows.iter().map(|r| r.to_string()).collect();
        self
    }
    /// The DEF of terrain (the board's `cover_def`, 5 unless set).
    pub fn cover_def(mut self, def: u8) -> Build {
        self.cover_def = def;
        self
    }
    /// Starts in the middle of a turn: the `game` section of a position file.
    pub fn game(mut self, json: &str) -> Build {
        self.game = Some(json.to_string());
        self
    }
    /// Starts in phase `phase` of turn 1 with `actor` (0-based, side A first) acting, side A
    /// having the advantage, the actor's side the move.
    pub fn acting(self, phase: u8, actor: u8) -> Build {
        let side = if (actor as usize) < self.a.len() {
            "A"
        } else {
            "B"
        };
        self.game(&format!(
            r#"{{"turn":1,"phase":{phase},"advantage":"A","to_move":"{side}","decision":{{"kind":"act","actor":{actor}}}}}"#
        ))
    }
    /// Starts in phase `phase` of turn 1 with `side` picking a character to activate.
    pub fn activating(self, phase: u8, side: &str) -> Build {
        self.game(&format!(
            r#"{{"turn":1,"phase":{phase},"advantage":"{side}","to_move":"{side}","decision":{{"kind":"activate","side":"{side}"}}}}"#
        ))
    }
    /// The scenario's turn limit.
    pub fn turn_limit(mut self, t: u8) -> Build {
        self.turn_limit = t;
        self
    }
    /// Objectives as `(x, y, points)`.
    pub fn objectives(mut self, list: &[(u8, u8, i32)]) -> Build {
        let v: Vec<String> = list
            .iter()
            .map(|(x, y, p)| format!(r#"{{"x":{x},"y":{y},"points":{p}}}"#))
            .collect();
        self.objectives = format!("[{}]", v.join(","));
        self
    }

    /// The position file text.
    pub fn json(&self) -> String {
        let w = self.rows[0].len() - 1;
        let h = self.rows.len() - 1;
        let rows: Vec<String> = self.rows.iter().map(|r| format!("\"{r}\"")).collect();
        let side = |l: &[Ch]| l.iter().map(Ch::json).collect::<Vec<_>>().join(",");
        let mut s = format!(
            r#"{{"name":"test","board":{{"rows":[{}],"cover_def":{}}},
               "scenario":{{"points_limit":1000,"turn_limit":{},
                 "deploy_a":{{"x0":0,"y0":0,"x1":{w},"y1":1}},
                 "deploy_b":{{"x0":0,"y0":{},"x1":{w},"y1":{h}}},
                 "objectives":{}}},
               "sides":{{"A":[{}],"B":[{}]}}"#,
            rows.join(","),
            self.cover_def,
            self.turn_limit,
            h - 1,
            self.objectives,
            side(&self.a),
            side(&self.b)
        );
        if let Some(g) = &self.game {
            s.push_str(r#","game":"#);
            s.push_str(g);
        }
        s.push('}');
        s
    }

    /// The state.
    ///
    /// # Panics
    /// When the position does not load.
    pub fn state(&self) -> State {
        let text = self.json();
        let setup = Setup::from_json(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        State::from_setup(&setup, None).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }
}

/// The legal decisions now, in notation.
pub fn legal(st: &State) -> Vec<String> {
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    buf.iter().map(|a| st.notation(a)).collect()
}

/// Whether the decision written in notation is legal now.
pub fn is_legal(st: &State, text: &str) -> bool {
    st.parse_action(text).is_ok()
}

/// Plays one decision written in notation; returns what it logged.
///
/// # Panics
/// When the decision cannot be parsed or is not legal (with the legal list).
pub fn play(st: &mut State, d: &mut ScriptedDice, text: &str) -> Vec<Event> {
    let a = st.parse_action(text).unwrap_or_else(|e| {
        panic!(
            "{e}\nlegal now: {:?}",
            legal(st).into_iter().take(60).collect::<Vec<_>>()
        )
    });
    let mut log = Log::recording();
    st.apply(&a, d, &mut log).unwrap();
    log.events
}

/// Plays several decisions; returns everything they logged.
pub fn play_all(st: &mut State, d: &mut ScriptedDice, texts: &[&str]) -> Vec<Event> {
    texts.iter().flat_map(|t| play(st, d, t)).collect()
}

/// Asserts that every scripted die was used and none more.
#[track_caller]
pub fn all_dice_used(d: &ScriptedDice) {
    assert_eq!(d.remaining(), 0, "scripted dice left unused");
    assert_eq!(d.overdrawn(), 0, "more dice drawn than scripted");
}

/// The checks in a log, as (who, what, roll).
pub fn checks(events: &[Event]) -> Vec<(CharIdx, &'static str, Roll)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Check { who, what, roll } => Some((*who, *what, *roll)),
            _ => None,
        })
        .collect()
}

/// The (what, target, passed) of every check in a log.
pub fn check_summary(events: &[Event]) -> Vec<(&'static str, i8, bool)> {
    checks(events)
        .into_iter()
        .map(|(_, w, r)| (w, r.target, r.pass))
        .collect()
}

/// A character's dynamic state.
pub fn c(st: &State, i: CharIdx) -> CharState {
    *st.ch(i)
}

/// Square shorthand.
pub fn sq(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}
