//! The battlefield of `wartime balance`: the board and scenario of a template position, with two
//! army lists deployed on the template's start squares and, beyond them, on free squares of each
//! side's deployment zone.

use super::lists::ArmyList;
use engine::creation::catalogue::Catalogue;
use engine::setup::{CharSetup, Setup, SidesSetup, TransportSetup};
use engine::state::OFF_TABLE;
use engine::{Facing, Pos, Side, State};
use serde_json::Value;
use std::path::Path;

/// The shipped templates compiled in, smallest first: (file name, text, characters a side).
const SHIPPED: [(&str, &str, usize); 4] = [
    (
        "skirmish_2v2.json",
        include_str!("../../../../positions/skirmish_2v2.json"),
        2,
    ),
    (
        "patrol_3v3.json",
        include_str!("../../../../positions/patrol_3v3.json"),
        3,
    ),
    (
        "village_5v5.json",
        include_str!("../../../../positions/village_5v5.json"),
        5,
    ),
    (
        "battle_6v6.json",
        include_str!("../../../../positions/battle_6v6.json"),
        6,
    ),
];

/// A template: a start position whose board, scenario and start squares the lists play on.
#[derive(Clone, Debug)]
pub struct Template {
    /// The file it came from (for the report).
    pub label: String,
    /// Its setup (the board and the scenario are used; the sides give the start squares).
    setup: Setup,
    /// The loaded template, for its board.
    state: State,
}

impl Template {
    /// A template from a setup; `base` resolves its catalogue path.
    fn new(label: String, setup: Setup, base: Option<&Path>) -> Result<Template, String> {
        if setup.game.is_some() {
            return Err(format!(
                "{label}: a mid-game position (it has a game section); a template must be a \
                 start position"
            ));
        }
        let state = State::from_setup(&setup, base).map_err(|e| format!("{label}: {e}"))?;
        Ok(Template {
            label,
            setup,
            state,
        })
    }

    /// Reads a position file as a template.
    ///
    /// # Errors
    /// The file does not load, or it is a mid-game position.
    pub fn load(path: &Path) -> Result<Template, String> {
        let setup = Setup::from_file(path).map_err(|e| e.to_string())?;
        Template::new(path.display().to_string(), setup, path.parent())
    }

    /// The smallest shipped template with start squares for `characters` a side (the largest,
    /// `battle_6v6.json`, beyond six).
    pub fn shipped_for(characters: usize) -> Template {
        let (name, text, _) = SHIPPED
            .iter()
            .find(|(_, _, n)| *n >= characters)
            .unwrap_or(&SHIPPED[SHIPPED.len() - 1]);
        let mut setup = Setup::from_json(text).expect("a shipped position parses");
        // Its catalogue path is relative to positions/; the shipped catalogue is the same.
        setup.catalogue = None;
        Template::new(format!("positions/{name}"), setup, None)
            .expect("a shipped position is a start position")
    }

    /// The squares for `n` characters of `side`: the template's start squares in order (with
    /// their facings), then free squares of the side's deployment zone, each the one farthest
    /// (in kliks) from the squares already taken by the side, ties to the lowest row then
    /// column; those face as the side's first template character does.
    fn squares(&self, side: Side, n: usize) -> Result<Vec<([u8; 2], Facing)>, String> {
        let chars = match side {
            Side::A => &self.setup.sides.a,
            Side::B => &self.setup.sides.b,
        };
        let facing = chars.first().map_or(Facing::N, |c| c.facing);
        // Passengers share their transport's square (convoy_3v3): each start square once.
        let mut out: Vec<([u8; 2], Facing)> = Vec::with_capacity(n);
        for c in chars {
            if out.len() < n && !out.iter().any(|(at, _)| *at == c.at) {
                out.push((c.at, c.facing));
            }
        }
        let zone = self.setup.scenario.deploy(side);
        let board = self.state.board();
        let taken = |p: Pos, out: &[([u8; 2], Facing)]| {
            out.iter().any(|(at, _)| *at == [p.x, p.y])
                || self
                    .setup
                    .sides
                    .a
                    .iter()
                    .chain(&self.setup.sides.b)
                    .any(|c| c.at == [p.x, p.y] && !chars.iter().any(|d| d.at == c.at))
        };
        while out.len() < n {
            let mut best: Option<(u8, Pos)> = None;
            for y in zone.y0..=zone.y1 {
                for x in zone.x0..=zone.x1 {
                    let p = Pos::new(x, y);
                    if !board.passable(p) || taken(p, &out) {
                        continue;
                    }
                    let d = out
                        .iter()
                        .map(|(at, _)| p.dist(Pos::new(at[0], at[1])))
                        .min()
                        .unwrap_or(0);
                    if best.is_none_or(|(bd, _)| d > bd) {
                        best = Some((d, p));
                    }
                }
            }
            let Some((_, p)) = best else {
                return Err(format!(
                    "{}: the deployment zone of side {side} has room for {} characters, the list \
                     has {n}",
                    self.label,
                    out.len()
                ));
            };
            out.push(([p.x, p.y], facing));
        }
        Ok(out)
    }

    /// The characters of a list on their squares, as a position file writes them.
    fn side(&self, list: &ArmyList, side: Side, cat: &Catalogue) -> Result<Vec<CharSetup>, String> {
        let squares = self
            .squares(side, list.characters.len())
            .map_err(|e| format!("list \"{}\": {e}", list.name))?;
        list.characters
            .iter()
            .zip(squares)
            .map(|(c, (at, facing))| {
                // The composition as a spec, plus the square: the fields a position file has,
                // every dynamic field at its default.
                let mut v = serde_json::to_value(c.def.to_spec(cat)).map_err(|e| e.to_string())?;
                if let Value::Object(m) = &mut v {
                    m.insert("name".into(), Value::String(c.name.clone()));
                    m.insert("at".into(), serde_json::json!(at));
                    m.insert(
                        "facing".into(),
                        serde_json::to_value(facing).unwrap_or_default(),
                    );
                }
                serde_json::from_value(v).map_err(|e| format!("list \"{}\": {e}", list.name))
            })
            .collect()
    }

    /// The start position of `a` (side A) against `b` (side B) on this template, with the
    /// scenario's points limit set to `points_limit`. Validated by the engine's loader.
    ///
    /// # Errors
    /// A list does not fit in its deployment zone, or the engine rejects the position.
    pub fn position(
        &self,
        a: &ArmyList,
        b: &ArmyList,
        cat: &Catalogue,
        points_limit: i32,
    ) -> Result<State, String> {
        let mut s = self.setup.clone();
        s.name = format!("{} vs {}", a.name, b.name);
        s.description = format!("wartime balance on {}", self.label);
        s.catalogue = (*cat != Catalogue::shipped())
            .then(|| engine::setup::CatalogueSetup::Inline(cat.clone()));
        s.scenario.points_limit = points_limit;
        s.sides = SidesSetup {
            a: self.side(a, Side::A, cat)?,
            b: self.side(b, Side::B, cat)?,
        };
        // The template's transports belong to its characters, which the lists replace; each
        // list character bought with a transport (CREACIÓN DE TRANSPORTES) starts driving it
        // on its own square, as a player deploys a mount or a vehicle — without this its
        // points would buy nothing in play.
        s.transports.clear();
        // Who starts off the table (an Avatar, deployed only when invoked) stays out of its
        // transport, which waits unmanned on its square: the loader says who that is.
        let off_table: Vec<bool> = State::from_setup(&s, None)
            .map(|st| st.indices().map(|i| st.ch(i).has(OFF_TABLE)).collect())
            .unwrap_or_default();
        let a_len = s.sides.a.len();
        for (side, chars) in [(Side::A, &mut s.sides.a), (Side::B, &mut s.sides.b)] {
            let list = if side == Side::A { a } else { b };
            for (k, (c, r)) in chars.iter_mut().zip(&list.characters).enumerate() {
                if r.def.transport.is_none() {
                    continue;
                }
                let label = format!("{}{}", side.letter(), k + 1);
                let index = if side == Side::A { k } else { a_len + k };
                let rides = !off_table.get(index).copied().unwrap_or(false);
                s.transports.push(TransportSetup {
                    of: label.clone(),
                    at: c.at,
                    facing: c.facing,
                    wounds: 0,
                    started: false,
                    driver: rides.then_some(label),
                    moved: 0,
                    manoeuvred: false,
                    ammo: Vec::new(),
                    uses: Vec::new(),
                    field_fired: 0,
                    overheated: false,
                });
                if rides {
                    c.aboard = Some(format!("t{}", s.transports.len()));
                }
            }
        }
        State::from_setup(&s, None)
            .map_err(|e| format!("{}: \"{}\" against \"{}\": {e}", self.label, a.name, b.name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::balance::lists::Lists;

    fn two(n: usize) -> (ArmyList, ArmyList) {
        let json = format!(
            r#"{{"lists": [
                {{"name": "X", "characters": [{{"race": "Humano", "weapons": ["Fusil"], "count": {n}}}]}},
                {{"name": "Y", "characters": [{{"race": "Orco", "weapons": ["Hacha"], "count": {n}}}]}}]}}"#
        );
        let mut l = Lists::from_json(&json, Path::new(".")).unwrap().lists;
        let y = l.pop().unwrap();
        (l.pop().unwrap(), y)
    }

    #[test]
    fn a_list_character_drives_its_own_transport_and_template_transports_go() {
        // convoy_3v3: A's three start together aboard the template's Camión on (7, 12).
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../positions/convoy_3v3.json");
        let t = Template::load(&path).unwrap();
        let cat = Catalogue::shipped();
        let json = r#"{"lists": [
            {"name": "X", "characters": [{"race": "Humano", "weapons": ["Fusil"]},
                {"race": "Humano", "weapons": ["Lanza"], "transports": ["Caballo"]}]},
            {"name": "Y", "characters": [{"race": "Orco", "weapons": ["Hacha"], "count": 2}]}]}"#;
        let mut l = Lists::from_json(json, Path::new(".")).unwrap().lists;
        let (y, x) = (l.pop().unwrap(), l.pop().unwrap());
        let st = t.position(&x, &y, &cat, 200).unwrap();
        // One transport, the Caballo, on a2's square with a2 driving it; a1 on the next
        // distinct start square (the template's passengers shared one).
        assert_eq!(st.num_transports(), 1);
        assert_eq!(st.transport_info(0).arch.name, "Caballo");
        assert_eq!(st.transport_info(0).owner, 1);
        assert_eq!(st.aboard(1), Some(0));
        assert_eq!(st.aboard(0), None);
        assert_eq!(st.transport(0).pos, st.ch(1).pos);
        assert_ne!(st.ch(0).pos, st.ch(1).pos);
        let saved = st.to_setup();
        assert_eq!(saved.transports[0].driver.as_deref(), Some("a2"));
        assert_eq!(saved.sides.a[1].aboard.as_deref(), Some("t1"));
    }

    #[test]
    fn shipped_template_by_size() {
        assert_eq!(
            Template::shipped_for(1).label,
            "positions/skirmish_2v2.json"
        );
        assert_eq!(Template::shipped_for(3).label, "positions/patrol_3v3.json");
        assert_eq!(Template::shipped_for(4).label, "positions/village_5v5.json");
        assert_eq!(Template::shipped_for(9).label, "positions/battle_6v6.json");
    }

    #[test]
    fn lists_take_the_start_squares_then_spread_in_the_zone() {
        let t = Template::shipped_for(3);
        let cat = Catalogue::shipped();
        let (x, y) = two(2);
        let st = t.position(&x, &y, &cat, 200).unwrap();
        // patrol_3v3: A starts at (9,1), (3,1); B at (4,12), (15,12).
        let at: Vec<Pos> = st.indices().map(|i| st.ch(i).pos).collect();
        assert_eq!(
            at,
            [
                Pos::new(9, 1),
                Pos::new(3, 1),
                Pos::new(4, 12),
                Pos::new(15, 12)
            ]
        );
        assert_eq!(st.info(0).name, "Humano");
        assert_eq!(st.scenario().points_limit, 200);
        // Five a side: two more squares in each zone (rows 0..=1 and 12..=13), all distinct.
        let (x, y) = two(5);
        let st = t.position(&x, &y, &cat, 500).unwrap();
        let at: Vec<Pos> = st.indices().map(|i| st.ch(i).pos).collect();
        for (k, p) in at.iter().enumerate() {
            assert!(!at[..k].contains(p));
            let zone = st.scenario().deploy(st.side_of(k as u8));
            assert!(zone.contains(*p), "{p} outside its zone");
        }
        // The first extra A square is one farthest (3 K) from (9,1), (3,1), (16,1): the first
        // such in reading order.
        assert_eq!(at[3], Pos::new(0, 0));
        // The same lists, the same position.
        let again = t.position(&x, &y, &cat, 500).unwrap();
        assert_eq!(again.to_setup(), st.to_setup());
    }

    #[test]
    fn a_list_too_large_for_its_zone_is_an_error() {
        let mut setup = Setup::from_json(SHIPPED[0].1).unwrap();
        setup.catalogue = None;
        setup.scenario.deploy_a = engine::scenario::Zone {
            x0: 0,
            y0: 0,
            x1: 1,
            y1: 0,
        };
        setup.sides.a[0].at = [0, 0];
        setup.sides.a[1].at = [1, 0];
        let t = Template::new("tiny".into(), setup, None).unwrap();
        let (x, y) = two(3);
        let e = t.position(&x, &y, &Catalogue::shipped(), 500).unwrap_err();
        assert_eq!(
            e,
            "list \"X\": tiny: the deployment zone of side A has room for 2 characters, the list \
             has 3"
        );
    }
}
