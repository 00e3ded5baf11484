//! The board and its characters as plain text (`wartime show`).
//!
//! The grid draws one cell per square, two characters wide (wider only when a label needs
//! it): terrain as its position-file symbol right-aligned (` .`, ` #`), an able character as
//! its label in capitals (`A1`, `B3`), a casualty as ` x`. Column numbers run along the top
//! (tens above units once the board is wider than ten squares) and row numbers down the left;
//! coordinates are `x,y` with `y = 0` the top row, as in position files and notation.

use engine::basics::action::{CharIdx, Roster};
use engine::basics::board::Terrain;
use engine::basics::geom::{Pos, Side};
use engine::scenario::{self, Zone};
use engine::setup::STATUS_NAMES;
use engine::state::{Stance, State, ALT_GROUND, KNOCKED_OUT, NO_DRIVER, UNCONSCIOUS};
use engine::DecisionKind;
use std::fmt::Write;

/// What a casualty looks like on the grid.
pub const CASUALTY: char = 'x';

/// English name of a terrain, for the legend.
pub fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Easy => "easy",
        Terrain::Difficult => "difficult",
        Terrain::Extreme => "extreme",
        Terrain::LowObstacle => "low obstacle",
        Terrain::HighObstacle => "high obstacle",
        Terrain::Wall => "wall",
        Terrain::Water => "deep water",
        Terrain::Gap => "gap",
    }
}

/// Name of a stance, for the legend.
pub fn stance_name(s: Stance) -> &'static str {
    match s {
        Stance::Standing => "standing",
        Stance::Crouched => "crouched",
        Stance::Prone => "prone",
    }
}

/// Width of one grid cell: 2, or the longest label when a side has ten characters or more.
pub fn cell_width(st: &State) -> usize {
    st.indices()
        .map(|i| st.label(i).chars().count())
        .max()
        .unwrap_or(0)
        .max(2)
}

/// The text drawn in the cell of square `p` (not padded): the able character on it, else a
/// casualty mark, else the terrain symbol (an Avatar off the table is not on any square).
pub fn cell_text(st: &State, p: Pos) -> String {
    let mut casualty = false;
    for i in st.indices() {
        if st.ch(i).pos == p && !st.ch(i).has(engine::state::OFF_TABLE) {
            if st.able(i) {
                return st.label(i).to_ascii_uppercase();
            }
            casualty = true;
        }
    }
    if casualty {
        CASUALTY.to_string()
    } else {
        st.board().terrain(p).symbol().to_string()
    }
}

/// The grid with its coordinates, one line per row, each line ending in `\n`.
pub fn grid(st: &State) -> String {
    let b = st.board();
    let (w, h) = (b.width(), b.height());
    let cw = cell_width(st);
    let margin = 3; // row numbers: up to two digits and a space
    let mut out = String::new();
    if w > 10 {
        out.push_str(&" ".repeat(margin));
        for x in 0..w {
            let tens = if x >= 10 {
                char::from(b'0' + x / 10).to_string()
            } else {
                String::new()
            };
            let _ = write!(out, "{tens:>cw$}");
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(margin));
    for x in 0..w {
        let units = if w > 10 { x % 10 } else { x };
        let _ = write!(out, "{units:>cw$}");
    }
    out.push('\n');
    for y in 0..h {
        let _ = write!(out, "{y:>2} ");
        for x in 0..w {
            let _ = write!(out, "{:>cw$}", cell_text(st, Pos::new(x, y)));
        }
        out.push('\n');
    }
    out
}

/// The terrain legend line.
pub fn terrain_legend() -> String {
    let parts: Vec<String> = Terrain::ALL
        .iter()
        .map(|&t| format!("{} {}", t.symbol(), terrain_name(t)))
        .collect();
    format!(
        "terrain: {}   units: A1, B1 … (casualty: {CASUALTY})",
        parts.join("  ")
    )
}

/// Why a character is a casualty (`dead`, `incapacitated`, `unconscious`, `knocked out`).
pub fn casualty_reason(st: &State, i: CharIdx) -> Option<&'static str> {
    let c = st.ch(i);
    if st.dead(i) {
        Some("dead")
    } else if st.incapacitated(i) {
        Some("incapacitated")
    } else if c.has(UNCONSCIOUS) {
        Some("unconscious")
    } else if c.has(KNOCKED_OUT) {
        Some("knocked out")
    } else if c.has(engine::state::OFF_TABLE) {
        Some("off the table (not yet invoked)")
    } else {
        None
    }
}

/// One character's legend line: label, name, race, square, facing, stance, ENE, wounds/CON,
/// stress/VOL, status names, weapons, protections (and other equipment), points.
pub fn character_line(st: &State, i: CharIdx) -> String {
    let info = st.info(i);
    let c = st.ch(i);
    let def = &info.def;
    let mut s = String::new();
    let _ = write!(
        s,
        "{} {} ({}) at {} facing {} {} ENE {} wounds {}/{} stress {}/{}",
        info.label.to_ascii_uppercase(),
        info.name,
        def.race.name,
        c.pos,
        c.facing.name(),
        stance_name(c.stance),
        c.ene,
        c.wounds,
        info.con,
        c.stress,
        st.vol(i),
    );
    if c.alt != ALT_GROUND {
        let _ = write!(s, " altitude {}", c.alt);
    }
    let k = st.board().terrain_height(c.pos);
    if k > 0 {
        let _ = write!(s, " on {k} K");
    }
    if let Some(t) = st.aboard(i) {
        let role = if st.transport(t).driver == i {
            ", driving"
        } else {
            ""
        };
        let _ = write!(s, " aboard {}{role}", st.transport_info(t).label);
    }
    let mut status: Vec<String> = Vec::new();
    if let Some(r) = casualty_reason(st, i) {
        status.push(format!("CASUALTY ({r})"));
    }
    status.extend(
        STATUS_NAMES
            .iter()
            .filter(|(_, bit)| c.flags & bit != 0)
            .map(|(n, _)| n.to_string()),
    );
    if c.vol_loss > 0 {
        status.push(format!("VOL -{}", c.vol_loss));
    }
    if c.trauma > 0 {
        status.push(format!("trauma {}", c.trauma));
    }
    let _ = write!(
        s,
        " status {}",
        if status.is_empty() {
            "-".to_string()
        } else {
            status.join(",")
        }
    );
    // Its own weapons, then the items it carries from others (Comerciar, Saquear).
    let weapons: Vec<String> = (0..st.weapon_slots(i))
        .map(|kw| {
            let w = st.weapon_def(i, kw);
            let mut t = format!(
                "w{} {} DAÑ {} ALC {}",
                kw + 1,
                w.name,
                st.weapon_dmg(i, kw),
                st.weapon_range(i, kw)
            );
            let mag = st.weapon_magazine(i, kw);
            if mag > 0 {
                let _ = write!(t, " ammo {}/{}", st.weapon_ammo(i, kw), mag);
            }
            let wear = st.weapon_wear(i, kw);
            if wear > 0 {
                let _ = write!(t, " wear {}/{}", wear, w.quality);
            }
            if let Some((o, _)) = st.weapon_ref(i, kw).filter(|&(o, _)| o != i) {
                let _ = write!(t, " (from {})", st.info(o).label);
            }
            if !st.holds(i, kw) {
                t.push_str(" dropped");
            } else if !st.weapon_usable(i, kw) {
                t.push_str(" unusable");
            }
            t
        })
        .collect();
    let _ = write!(
        s,
        "; weapons: {}",
        if weapons.is_empty() {
            "-".to_string()
        } else {
            weapons.join(", ")
        }
    );
    let nw = def.weapons.len();
    let protections: Vec<String> = def
        .protections
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let wear = c.wear.get(nw + k).copied().unwrap_or(0);
            let mut t = format!("{} DEF {}", p.name, (p.def as i16 - wear as i16).max(1));
            if wear > 0 {
                let _ = write!(t, " wear {}/{}", wear, p.quality);
            }
            if wear >= p.quality {
                t.push_str(" unusable");
            }
            t
        })
        .collect();
    let _ = write!(
        s,
        "; protections: {}",
        if protections.is_empty() {
            "-".to_string()
        } else {
            protections.join(", ")
        }
    );
    let others: Vec<&str> = def
        .meta_abilities
        .iter()
        .map(|m| m.name.as_str())
        .chain(def.objects.iter().map(|o| o.name.as_str()))
        .chain(def.transport.iter().map(|t| t.name.as_str()))
        .collect();
    if !others.is_empty() {
        let _ = write!(s, "; other: {}", others.join(", "));
    }
    let _ = write!(s, "; {} pts", info.cost);
    s
}

fn zone_text(z: &Zone) -> String {
    format!("{},{}..{},{}", z.x0, z.y0, z.x1, z.y1)
}

/// The sequence-of-play lines: turn, phase, advantage, scores and the decision awaited.
pub fn sequence_lines(st: &State) -> String {
    let mut s = String::new();
    let sc = st.scenario();
    let advantage = if st.decision() == DecisionKind::Initiative {
        "to be rolled".to_string()
    } else {
        st.advantage().to_string()
    };
    let _ = writeln!(
        s,
        "turn {}/{}, phase {}, advantage {}, score A {} B {}",
        st.turn(),
        sc.turn_limit,
        st.phase(),
        advantage,
        scenario::scoring::score(st, Side::A),
        scenario::scoring::score(st, Side::B),
    );
    let _ = writeln!(
        s,
        "decision ({}): {}",
        st.decision().name(),
        st.describe_decision()
    );
    s
}

/// The scenario lines: deployment zones and objectives.
pub fn scenario_lines(st: &State) -> String {
    let sc = st.scenario();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "scenario: {} (points limit {}, turn limit {})",
        if sc.name.is_empty() { "-" } else { &sc.name },
        sc.points_limit,
        sc.turn_limit
    );
    let _ = writeln!(
        s,
        "deployment: A {}  B {}",
        zone_text(&sc.deploy_a),
        zone_text(&sc.deploy_b)
    );
    for o in &sc.objectives {
        let holder = scenario::scoring::holder(st, o)
            .map(|h| format!("held by {h}"))
            .unwrap_or_else(|| "held by nobody".into());
        let _ = writeln!(
            s,
            "objective {},{}: {} points per turn, {}",
            o.x, o.y, o.points, holder
        );
    }
    s.push_str(&hostile_lines(st));
    for (e, el) in st.statics().elements.iter().enumerate() {
        let what = if st.searched(e as u8) {
            "searched".to_string()
        } else {
            format!("{} item(s), {} point(s) to find", el.items.len(), el.points)
        };
        let _ = writeln!(s, "element e{} {} at {}: {what}", e + 1, el.name, el.at);
    }
    for (o, w, at) in st.ground_items() {
        let _ = writeln!(s, "on the ground at {at}: {} w{}", st.label(o), w + 1);
    }
    // Hackable elements and hacked objects (Corromper / Poseer).
    for v in super::objects::objects(st) {
        let _ = writeln!(s, "object {}", super::objects::describe(&v));
    }
    // Bombs lying on the board (ÁREAS, Área de activación): where, whose, and whether they are
    // operative yet («después de que el personaje actuando termine su actuación»).
    for b in st.bombs() {
        let state = match (b.armed, b.tripped) {
            (_, Some(t)) => format!(
                "set off by {}: goes off at the end of its action",
                st.label(t)
            ),
            (true, None) => "armed".to_string(),
            (false, None) => "not armed until the activation it was laid in ends".to_string(),
        };
        let _ = writeln!(
            s,
            "bomb at {}: {} w{}, {state}",
            b.at,
            st.label(b.owner),
            b.weapon + 1
        );
    }
    // Lasting areas (Área permanente, Munición radiactiva).
    for l in st.lasting() {
        let full = l.squares.iter().filter(|q| q.1).count();
        let _ = writeln!(
            s,
            "lasting area of {}: DAÑ {}, {} square(s) ({} wholly) from {}",
            st.label(l.owner),
            l.dmg,
            l.squares.len(),
            full,
            l.squares.first().map_or(String::new(), |q| q.0.to_string())
        );
    }
    s.push_str(&transport_lines(st));
    s
}

/// One line per transport (CREACIÓN DE TRANSPORTES): its label, archetype and owner, square and
/// facing, MOV, DEF, wear against CAL, whether it is en marcha, its driver and who is aboard.
pub fn transport_lines(st: &State) -> String {
    let mut s = String::new();
    for t in 0..st.num_transports() {
        let (d, i) = (st.transport(t), st.transport_info(t));
        let state = if st.transport_destroyed(t) {
            " DESTROYED"
        } else if st.transport_disabled(t) {
            " disabled"
        } else if d.started {
            " started"
        } else {
            ""
        };
        let aboard: Vec<String> = st
            .indices()
            .filter(|&c| d.has(c))
            .map(|c| st.label(c).to_ascii_uppercase())
            .collect();
        let _ = writeln!(
            s,
            "transport {} {} of {} at {} facing {} MOV {} DEF {} wounds {}/{}{state}; \
             driver {}; aboard {}/{}: {}",
            i.label.to_ascii_uppercase(),
            i.arch.name,
            st.label(i.owner).to_ascii_uppercase(),
            d.pos,
            d.facing.name(),
            i.arch.mov,
            i.def,
            d.wounds,
            i.arch.quality,
            if d.driver == NO_DRIVER {
                "-".to_string()
            } else {
                st.label(d.driver).to_ascii_uppercase()
            },
            d.count(),
            i.seats,
            if aboard.is_empty() {
                "-".to_string()
            } else {
                aboard.join(", ")
            },
        );
        // Its own weapons (CREACIÓN DE TRANSPORTES, paso 5), fired by its crew.
        for (g, w) in i.arch.weapons.iter().enumerate() {
            let ammo = match i.gun_mag[g] {
                0 => String::new(),
                m => format!(" ammo {}/{m}", d.gun_ammo[g]),
            };
            let _ = writeln!(
                s,
                "  mounted {}.w{} {} DAÑ {} ALC {} ENE {}{ammo}",
                i.label.to_ascii_uppercase(),
                g + 1,
                w.name,
                w.dmg,
                w.range,
                w.ene
            );
        }
    }
    s
}

/// One line per hostile zone (Ambiente hostil): its name, where it lies, this turn's level
/// (with the chance that one check made there triggers it) and harm, and who stands in or
/// touching it.
pub fn hostile_lines(st: &State) -> String {
    use engine::environment::hostile::{self, zone::Level};
    let mut s = String::new();
    let w = st.board().width();
    for (k, z) in st.statics().hostile.iter().enumerate() {
        let place = match z.setup.circle {
            Some(c) => format!(
                "circle R{} at {},{} ({} squares)",
                c.diameter,
                c.at[0],
                c.at[1],
                z.squares.len()
            ),
            None => {
                let sq: Vec<String> = z.squares.iter().map(|p| p.to_string()).collect();
                format!("squares {}", sq.join(" "))
            }
        };
        let now = match hostile::now(st, k) {
            Some(r) => format!(
                "{} ({} % per check), {}",
                r.level,
                r.level.percent(),
                r.harm
            ),
            None => "not rolled yet".into(),
        };
        let variable = if z.level == Level::Variable || z.fixed().is_none() {
            " [variable]"
        } else {
            ""
        };
        let inside: Vec<String> = st
            .indices()
            .filter(|&i| st.able(i) && z.touches(st.ch(i).pos, w))
            .map(|i| st.label(i))
            .collect();
        let _ = writeln!(
            s,
            "hostile {}: {place}: {now}{variable}; in or touching: {}",
            z.name,
            if inside.is_empty() {
                "nobody".to_string()
            } else {
                inside.join(" ")
            }
        );
    }
    s
}

/// What an area attack covers where it is aimed (before any scatter): `covers b1 whole, a2
/// part` (ÁREAS: friend and foe alike), or `covers nobody`; a Dispersión scatters it by 1D10 K
/// per 15 K begun when the CH IMP fails.
pub fn area_cover_text(st: &State, who: CharIdx, w: u8, at: Pos) -> String {
    use engine::actions::combat::{covered, template, weapon_area};
    use engine::basics::area::Coverage;
    let Some(shape) = weapon_area(st, who, w) else {
        return String::new();
    };
    let tpl = template(st, who, w, at);
    let hits = covered(st, who, shape, tpl.as_ref(), at);
    let mut s = format!("{shape} ");
    if hits.is_empty() {
        s.push_str("covers nobody");
    } else {
        let parts: Vec<String> = hits
            .iter()
            .map(|&(j, c, _)| {
                let how = if c == Coverage::Full { "whole" } else { "part" };
                format!("{} {how}", st.label(j))
            })
            .collect();
        let _ = write!(s, "covers {}", parts.join(", "));
    }
    let d = st.ch(who).pos.dist(at);
    let malus = st
        .weapon_fx(who, w)
        .contains(&engine::creation::effect::Effect::Scatter);
    if malus {
        // Dispersión (the malus): 1D10 K per 30 K with LdV, per 20 K without, unless critical.
        let per = if st.board().line_of_sight(st.ch(who).pos, at) {
            30
        } else {
            20
        };
        let _ = write!(
            s,
            "; scatters unless critical, up to {} K",
            10 * d.max(1).div_ceil(per)
        );
    } else if st.weapon_range(who, w) > 0 && d > 0 {
        let _ = write!(s, "; a miss scatters up to {} K", 10 * d.div_ceil(15));
    }
    s
}

/// Everything `wartime show` prints: title, grid, legend, sequence of play, scenario.
pub fn show(st: &State) -> String {
    let b = st.board();
    let mut s = String::new();
    let name = &st.statics().name;
    let _ = writeln!(
        s,
        "{} ({}×{})",
        if name.is_empty() { "-" } else { name },
        b.width(),
        b.height()
    );
    s.push('\n');
    s.push_str(&grid(st));
    s.push('\n');
    if let Some(rows) = b.heights_rows() {
        let _ = writeln!(s, "terrain heights (K), row by row:");
        for (y, r) in rows.iter().enumerate() {
            let _ = writeln!(s, "{y:>2} {r}");
        }
        s.push('\n');
    }
    let _ = writeln!(s, "{}", terrain_legend());
    for i in st.indices() {
        let _ = writeln!(s, "{}", character_line(st, i));
    }
    s.push('\n');
    s.push_str(&sequence_lines(st));
    s.push_str(&scenario_lines(st));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::setup::Setup;

    fn state(json: &str) -> State {
        let s = Setup::from_json(json).unwrap_or_else(|e| panic!("{e}"));
        State::from_setup(&s, None).unwrap_or_else(|e| panic!("{e}"))
    }

    const SMALL: &str = r#"{
        "name": "Prueba",
        "board": { "rows": ["..o.", ",,H.", "~~#."] },
        "scenario": { "points_limit": 200, "turn_limit": 3,
            "deploy_a": {"x0":0,"y0":0,"x1":3,"y1":0},
            "deploy_b": {"x0":0,"y0":2,"x1":3,"y1":2},
            "objectives": [{"x": 3, "y": 1, "points": 5}] },
        "sides": {
            "A": [ { "race": "Humano", "weapons": ["Fusil"], "at": [0, 0], "facing": "S" } ],
            "B": [ { "name": "Tuerto", "race": "Veterano", "weapons": ["Espada"],
                     "protections": ["Cuero"], "at": [3, 2], "wounds": 1, "stress": 2,
                     "status": ["panic"] },
                   { "race": "Humano", "at": [1, 0], "wounds": 5 } ]
        }
    }"#;

    #[test]
    fn small_board_grid_is_exact() {
        let st = state(SMALL);
        assert_eq!(
            grid(&st),
            concat!(
                "    0 1 2 3\n",
                " 0 A1 x o .\n",
                " 1  , , H .\n",
                " 2  ~ ~ #B1\n",
            )
        );
    }

    #[test]
    fn wide_board_has_tens_row() {
        let json = SMALL.replace(
            r#"["..o.", ",,H.", "~~#."]"#,
            r#"["............", "............", "............"]"#,
        );
        let st = state(&json);
        let g = grid(&st);
        let lines: Vec<&str> = g.lines().collect();
        assert_eq!(lines[0], format!("{}{}", " ".repeat(3 + 20), " 1 1"));
        assert_eq!(lines[1], "    0 1 2 3 4 5 6 7 8 9 0 1");
        // Column 11 ends at character 3 + 2 × 12 = 27 of every line.
        assert_eq!(&lines[0][25..27], " 1");
        assert_eq!(&lines[1][25..27], " 1");
    }

    #[test]
    fn labels_longer_than_two_widen_the_cells() {
        let mut a = Vec::new();
        for k in 0..10 {
            a.push(format!(r#"{{ "race": "Humano", "at": [{k}, 0] }}"#));
        }
        let json = format!(
            r#"{{ "name": "Diez",
                "board": {{ "rows": ["............", "............"] }},
                "scenario": {{ "points_limit": 1000, "turn_limit": 1,
                    "deploy_a": {{"x0":0,"y0":0,"x1":11,"y1":0}},
                    "deploy_b": {{"x0":0,"y0":1,"x1":11,"y1":1}} }},
                "sides": {{ "A": [{}], "B": [ {{ "race": "Humano", "at": [11, 1] }} ] }} }}"#,
            a.join(",")
        );
        let st = state(&json);
        assert_eq!(cell_width(&st), 3);
        let g = grid(&st);
        let row0 = g.lines().nth(2).unwrap();
        assert_eq!(row0, " 0  A1 A2 A3 A4 A5 A6 A7 A8 A9A10  .  .");
        let row1 = g.lines().nth(3).unwrap();
        assert!(row1.ends_with(" B1"), "{row1}");
    }

    #[test]
    fn legend_lines() {
        let st = state(SMALL);
        assert_eq!(
            terrain_legend(),
            "terrain: . easy  , difficult  ~ extreme  o low obstacle  H high obstacle  \
             # wall  w deep water  _ gap   units: A1, B1 … (casualty: x)"
        );
        assert_eq!(
            character_line(&st, 0),
            "A1 Humano (Humano) at 0,0 facing S standing ENE 0 wounds 0/4 stress 0/4 \
             status -; weapons: w1 Fusil DAÑ 3 ALC 15 ammo 10/10; protections: -; 48 pts"
        );
        assert_eq!(
            character_line(&st, 1),
            "B1 Tuerto (Veterano) at 3,2 facing N standing ENE 0 wounds 1/5 stress 2/5 \
             status panic; weapons: w1 Espada DAÑ 2 ALC 0; protections: Cuero DEF 1; \
             64 pts"
        );
        assert!(character_line(&st, 2).contains("status CASUALTY (dead)"));
    }

    #[test]
    fn show_lists_bombs_lying_on_the_board() {
        let st = state(
            r#"{
            "name": "Minas",
            "board": { "rows": ["....", "....", "...."] },
            "scenario": { "points_limit": 200, "turn_limit": 3,
                "deploy_a": {"x0":0,"y0":0,"x1":3,"y1":0},
                "deploy_b": {"x0":0,"y0":2,"x1":3,"y1":2} },
            "sides": {
                "A": [ { "race": "Humano", "at": [0, 0], "facing": "S",
                         "weapons": [{"name": "Mina", "ene": 2, "dmg": 3, "range": 2,
                                      "quality": 3, "noise": "quiet",
                                      "traits": ["Área (R3)", "Área de activación"]}] } ],
                "B": [ { "race": "Humano", "at": [3, 2] } ]
            },
            "game": { "turn": 1, "phase": 10, "advantage": "A", "to_move": "A",
                      "decision": {"kind": "act", "actor": 0},
                      "bombs": [ {"owner": 0, "weapon": 0, "at": {"x": 1, "y": 1}, "armed": true},
                                 {"owner": 0, "weapon": 0, "at": {"x": 2, "y": 0}, "armed": false} ] }
        }"#,
        );
        let s = show(&st);
        assert!(s.contains("bomb at 1,1: a1 w1, armed\n"), "{s}");
        assert!(
            s.contains("bomb at 2,0: a1 w1, not armed until the activation it was laid in ends\n"),
            "{s}"
        );
    }

    #[test]
    fn show_lists_transports_and_who_is_aboard() {
        let st = state(
            r#"{
            "name": "Convoy",
            "board": { "rows": ["....", "....", "...."] },
            "scenario": { "points_limit": 300, "turn_limit": 3,
                "deploy_a": {"x0":0,"y0":0,"x1":3,"y1":0},
                "deploy_b": {"x0":0,"y0":2,"x1":3,"y1":2} },
            "sides": {
                "A": [ { "race": "Humano", "at": [1, 1], "aboard": "t1",
                         "transports": [{"name": "Camión", "ene": 2, "mov": 8, "def": 4,
                                         "quality": 3, "traits": ["Capacidad (2)"],
                                         "weapons": [{"name": "Ametralladora", "ene": 2,
                                             "dmg": 3, "range": 15, "quality": 4,
                                             "traits": ["Cargadores (6)"]}],
                                         "protections": [{"name": "Blindaje", "ene": 0,
                                             "def": 2, "size": 0, "quality": 5}]}] },
                       { "race": "Humano", "at": [1, 1], "aboard": "t1" } ],
                "B": [ { "race": "Humano", "at": [3, 2] } ]
            },
            "transports": [ {"of": "a1", "at": [1, 1], "facing": "E", "driver": "a1",
                             "wounds": 1, "started": true} ]
        }"#,
        );
        let s = show(&st);
        assert!(
            s.contains(
                "transport T1 Camión of A1 at 1,1 facing E MOV 8 DEF 6 wounds 1/3 started; \
                 driver A1; aboard 2/3: A1, A2\n  \
                 mounted T1.w1 Ametralladora DAÑ 3 ALC 15 ENE 2 ammo 6/6\n"
            ),
            "{s}"
        );
        assert!(character_line(&st, 0).contains(" aboard t1, driving"));
        assert!(
            character_line(&st, 1).contains(" aboard t1;")
                || character_line(&st, 1).contains(" aboard t1 ")
        );
    }

    #[test]
    fn show_has_sequence_and_scenario() {
        let st = state(SMALL);
        let s = show(&st);
        assert!(s.starts_with("Prueba (4×3)\n\n"), "{s}");
        assert!(s.contains(
            "turn 1/3, phase 10, advantage to be rolled, score A 20 B 0\n\
             decision (initiative): side A picks the character whose VOL it rolls for \
             initiative\n"
        ));
        assert!(s.contains("deployment: A 0,0..3,0  B 0,2..3,2\n"), "{s}");
        assert!(
            s.contains("objective 3,1: 5 points per turn, held by B\n"),
            "{s}"
        );
    }
}
