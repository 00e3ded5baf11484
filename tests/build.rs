//! Builders shared by the rules tests (`combat`, `movement`, `actions`): positions written as
//! JSON with inline races, weapons and protections so that every number is under the test's
//! control, started in the middle of an activation; and helpers that play notation with
//! scripted dice and report the checks rolled.

use engine::{ActKind, Action, CharIdx, Event, Log, Pos, ScriptedDice, Setup, State};
use serde_json::{json, Value};

/// An inline race "T" with MOV 1.
pub fn race(con: u8, agi: u8, int: u8, vol: u8) -> Value {
    json!({"name": "T", "con": con, "agi": agi, "int": int, "vol": vol})
}

/// An inline race with traits.
pub fn race_t(con: u8, agi: u8, int: u8, vol: u8, traits: &[&str]) -> Value {
    json!({"name": "T", "con": con, "agi": agi, "int": int, "vol": vol, "traits": traits})
}

/// An inline weapon (ENE, DAÑ, ALC, CAL, traits).
pub fn weapon(ene: u8, dmg: u8, range: u8, cal: u8, traits: &[&str]) -> Value {
    json!({"name": "W", "ene": ene, "dmg": dmg, "range": range, "quality": cal, "traits": traits})
}

/// An inline protection (ENE, DEF, TAL, CAL, traits).
pub fn prot(ene: u8, def: u8, size: u8, cal: u8, traits: &[&str]) -> Value {
    json!({"name": "P", "ene": ene, "def": def, "size": size, "quality": cal, "traits": traits})
}

/// The standard test race: CON 4, AGI 5, INT 4, VOL 4.
pub fn std_race() -> Value {
    race(4, 5, 4, 4)
}

/// A bow-like weapon: ENE 2, DAÑ 2, ALC 10, CAL 3.
pub fn bow() -> Value {
    weapon(2, 2, 10, 3, &[])
}

/// A sword-like weapon: ENE 2, DAÑ 2, ALC 0, CAL 4.
pub fn sword() -> Value {
    weapon(2, 2, 0, 4, &[])
}

/// One character of a position file, built step by step. Defaults: facing N, ENE 8 and the
/// `energised` status (no ENE gain if it is activated).
#[derive(Clone, Debug)]
pub struct C(pub Value);

impl C {
    /// A character of `race` on square (x, y).
    pub fn new(race: Value, x: u8, y: u8) -> C {
        C(json!({"race": race, "at": [x, y], "facing": "N", "ene": 8, "status": ["energised"]}))
    }
    /// The standard race on (x, y).
    pub fn std(x: u8, y: u8) -> C {
        C::new(std_race(), x, y)
    }
    /// Sets a field of the character.
    pub fn set(mut self, key: &str, v: impl Into<Value>) -> C {
        self.0[key] = v.into();
        self
    }
    /// Facing.
    pub fn facing(self, f: &str) -> C {
        self.set("facing", f)
    }
    /// Adds a weapon.
    pub fn weapon(mut self, w: Value) -> C {
        push(&mut self.0, "weapons", w);
        self
    }
    /// Adds a protection.
    pub fn prot(mut self, p: Value) -> C {
        push(&mut self.0, "protections", p);
        self
    }
    /// Adds an object.
    pub fn object(mut self, o: Value) -> C {
        push(&mut self.0, "objects", o);
        self
    }
    /// Adds a meta-ability.
    pub fn meta(mut self, m: Value) -> C {
        push(&mut self.0, "meta_abilities", m);
        self
    }
    /// Adds a status name.
    pub fn status(mut self, s: &str) -> C {
        push(&mut self.0, "status", json!(s));
        self
    }
    /// Stance (`crouched`, `prone`).
    pub fn stance(self, s: &str) -> C {
        self.set("stance", s)
    }
}

fn push(v: &mut Value, key: &str, x: Value) {
    if v.get(key).is_none() {
        v[key] = json!([]);
    }
    v[key].as_array_mut().unwrap().push(x);
}

/// An open board of easy terrain.
pub fn open(w: usize, h: usize) -> Vec<String> {
    vec![".".repeat(w); h]
}

/// A board from literal rows.
pub fn rows(r: &[&str]) -> Vec<String> {
    r.iter().map(|s| s.to_string()).collect()
}

/// The setup JSON of a position where `actor` (index, side A first) is in the middle of its
/// activation in phase `phase` of turn 1, side A having the advantage, the actor's side the move.
pub fn setup_json(board: &[String], a: &[C], b: &[C], actor: usize, phase: u8) -> Value {
    let to_move = if actor < a.len() { "A" } else { "B" };
    let w = board[0].len();
    let h = board.len();
    json!({
        "name": "test",
        "board": {"rows": board, "cover_def": 5},
        "scenario": {
            "name": "T", "points_limit": 1000, "turn_limit": 6,
            "deploy_a": {"x0": 0, "y0": 0, "x1": w - 1, "y1": 0},
            "deploy_b": {"x0": 0, "y0": h - 1, "x1": w - 1, "y1": h - 1}
        },
        "sides": {
            "A": a.iter().map(|c| c.0.clone()).collect::<Vec<_>>(),
            "B": b.iter().map(|c| c.0.clone()).collect::<Vec<_>>()
        },
        "game": {"turn": 1, "phase": phase, "advantage": "A", "to_move": to_move,
                 "decision": {"kind": "act", "actor": actor}}
    })
}

/// Loads a JSON setup.
pub fn load(v: &Value) -> State {
    let s = Setup::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"));
    State::from_setup(&s, None).unwrap_or_else(|e| panic!("{e}"))
}

/// The error a position is refused with, whichever stage refuses it (the setup's schema or its
/// validation into a state); panics if it loads.
pub fn load_error(v: &Value) -> String {
    Setup::from_json(&v.to_string())
        .map_err(|e| e.to_string())
        .and_then(|s| {
            State::from_setup(&s, None)
                .map(|_| ())
                .map_err(|e| e.to_string())
        })
        .unwrap_err()
}

/// A position where `actor` acts (phase 10).
pub fn position(board: &[String], a: &[C], b: &[C], actor: usize) -> State {
    load(&setup_json(board, a, b, actor, 10))
}

/// Plays the actions in notation with exactly these dice: panics on an illegal action, and
/// asserts that every scripted die was used and no other. Returns the log.
pub fn play(st: &mut State, actions: &[&str], dice: &[u8]) -> Log {
    let mut d = ScriptedDice::new(dice.to_vec());
    let mut log = Log::recording();
    for text in actions {
        let a = st
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        st.apply(&a, &mut d, &mut log).unwrap();
    }
    assert_eq!(
        (d.remaining(), d.overdrawn()),
        (0, 0),
        "dice left unused / drawn beyond the script; checks: {:?}",
        checks(st, &log)
    );
    log
}

/// The checks of a log as `"<who> <what> <target> r<roll>"`, e.g. `"a1 CH IMP 5 r3"`.
pub fn checks(st: &State, log: &Log) -> Vec<String> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::Check { who, what, roll } => Some(format!(
                "{} {} {} r{}",
                label(st, *who),
                what,
                roll.target,
                roll.roll
            )),
            _ => None,
        })
        .collect()
}

/// Status texts of a log as `"<who> <text>"`.
pub fn statuses(st: &State, log: &Log) -> Vec<String> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::Status { who, text } => Some(format!("{} {}", label(st, *who), text)),
            _ => None,
        })
        .collect()
}

/// ENE spent per action in a log.
pub fn spent(log: &Log) -> Vec<i8> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::Ene { spent, .. } => Some(*spent),
            _ => None,
        })
        .collect()
}

/// Label of a character (`a1`, `b2`).
pub fn label(st: &State, i: CharIdx) -> String {
    st.info(i).label.clone()
}

/// Whether the action in notation is legal now.
pub fn legal(st: &State, text: &str) -> bool {
    st.parse_action(text).is_ok()
}

/// Every legal action prints and parses back to itself.
pub fn round_trips(st: &State) {
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    for a in &buf {
        let text = st.notation(a);
        assert_eq!(st.parse_action(&text).as_ref(), Ok(a), "{text}");
    }
}

/// Every legal action now, in notation.
pub fn all_legal(st: &State) -> Vec<String> {
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    buf.iter().map(|a| st.notation(a)).collect()
}

/// Destinations of the unchained movement actions of `who` whose verb is `verb` (`move`,
/// `run`, `sprint`, `sneak`, `disengage`, `climb`).
pub fn dests(st: &State, who: CharIdx, verb: &str) -> Vec<Pos> {
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    buf.iter()
        .filter_map(|a| match a {
            Action::Act {
                who: w,
                kind,
                chain: false,
                ..
            } if *w == who && kind.verb() == verb => kind.destination(),
            _ => None,
        })
        .collect()
}

/// The farthest destination (in K) of a movement verb.
pub fn reach(st: &State, who: CharIdx, verb: &str) -> u8 {
    let from = st.ch(who).pos;
    dests(st, who, verb)
        .iter()
        .map(|p| p.dist(from))
        .max()
        .unwrap_or(0)
}

/// Whether any legal unchained action of `who` is an attack.
pub fn any_attack(st: &State, who: CharIdx) -> bool {
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    buf.iter().any(|a| {
        matches!(a, Action::Act { who: w, kind, .. }
            if *w == who && (kind.is_attack() || matches!(kind, ActKind::Charge { .. })))
    })
}

/// A square.
pub fn sq(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// The areas laid in a log: (aimed, landed) squares, in order (ÁREAS).
pub fn landed(log: &Log) -> Vec<(Pos, Pos)> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::Area { aimed, landed, .. } => Some((*aimed, *landed)),
            _ => None,
        })
        .collect()
}

/// Every character's wounds, in index order.
pub fn wounds(st: &State) -> Vec<u8> {
    st.indices().map(|i| st.ch(i).wounds).collect()
}
