//! Hackable and hacked objects as the views show them (`show`, the SVG picture, the analysis
//! JSON): every hackable scenario element and every object a Corromper or Poseer has touched,
//! with its CAL, stress, wounds, whom it works for, its Hielo and what it scores.

use engine::basics::action::{ObjRef, Roster};
use engine::state::Control;
use engine::State;
use serde::Serialize;

/// One object, as the views report it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ObjectView {
    /// In notation: `e1`, `b1.o1`, `b1.w2`.
    pub object: String,
    /// Its square, `x,y` (a carried object's is its holder's).
    pub at: Option<String>,
    /// The same square, for drawing.
    #[serde(skip)]
    pub square: Option<engine::basics::geom::Pos>,
    /// CAL.
    pub cal: u8,
    /// Stress (Corromper), at most CAL.
    pub stress: u8,
    /// Wounds (a ground weapon's wear).
    pub wounds: u8,
    /// It works (not switched off, fewer wounds than CAL).
    pub works: bool,
    /// Switched off by a possessor.
    pub off: bool,
    /// The side an element works for (scores for), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Hielo: its Combate mental value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hielo: Option<u8>,
    /// An element's objective points per turn for the side it works for.
    #[serde(skip_serializing_if = "is_zero")]
    pub score: i32,
    /// A door: `open` or `closed` (closed, its square is a wall on the board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub door: Option<String>,
    /// A turret: its weapon profile and the shots it has fired.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turret: Option<TurretView>,
}

/// A turret's weapon profile and shots, as the views report them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TurretView {
    /// CH IMP value.
    pub imp: u8,
    /// ALC.
    pub alc: u8,
    /// DAÑ.
    pub dmg: u8,
    /// Shots it has (none: unlimited).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ammo: Option<u8>,
    /// Shots fired so far.
    pub shots: u8,
    /// The enemy it would shoot at the start of the next turn, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aims_at: Option<String>,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

/// The hackable elements and hacked objects of `st`, elements first.
pub fn objects(st: &State) -> Vec<ObjectView> {
    let mut refs: Vec<ObjRef> = (0..st.statics().elements.len() as u8)
        .filter(|&e| st.element_hack(e).is_some())
        .map(ObjRef::Element)
        .collect();
    for m in st.hacked_objects() {
        if !refs.contains(&m.obj) && st.object_exists(m.obj) {
            refs.push(m.obj);
        }
    }
    refs.into_iter()
        .map(|obj| {
            let m = st.object_mind(obj);
            let (side, score, door, turret) = match obj {
                ObjRef::Element(e) => (
                    st.element_side(e).map(|s| s.to_string()),
                    st.element_hack(e).map_or(0, |h| h.score),
                    st.is_door(e)
                        .then(|| if st.door_closed(e) { "closed" } else { "open" }.to_string()),
                    turret_view(st, e),
                ),
                _ => (None, 0, None, None),
            };
            ObjectView {
                object: obj.text(st),
                at: st.object_square(obj).map(|p| p.to_string()),
                square: st.object_square(obj),
                cal: st.object_cal(obj),
                stress: m.stress,
                wounds: st.object_wounds(obj),
                works: st.object_works(obj),
                off: m.control == Control::Off,
                side,
                hielo: st.object_ice(obj),
                score,
                door,
                turret,
            }
        })
        .collect()
}

fn turret_view(st: &State, e: u8) -> Option<TurretView> {
    let t = st.turret(e)?;
    Some(TurretView {
        imp: t.imp,
        alc: t.alc,
        dmg: t.dmg,
        ammo: t.ammo,
        shots: st.turret_shots(e),
        aims_at: st
            .turret_loaded(e)
            .then(|| engine::actions::combat::turret_target(st, e))
            .flatten()
            .map(|j| st.label(j)),
    })
}

/// One line of text for an object (`show`, the SVG title).
pub fn describe(v: &ObjectView) -> String {
    let mut s = format!(
        "{}: CAL {}, stress {}/{}, wounds {}",
        v.object, v.cal, v.stress, v.cal, v.wounds
    );
    if v.off {
        s.push_str(", switched off");
    } else if !v.works {
        s.push_str(", wrecked");
    }
    if let Some(side) = &v.side {
        s.push_str(&format!(", works for {side}"));
    }
    if let Some(k) = v.hielo {
        s.push_str(&format!(", Hielo {k}"));
    }
    if v.score != 0 {
        s.push_str(&format!(", {} point(s) per turn", v.score));
    }
    if let Some(d) = &v.door {
        s.push_str(&format!(", door {d}"));
    }
    if let Some(t) = &v.turret {
        s.push_str(&format!(
            ", turret CH IMP {} ALC {} DAÑ {}, shots {}",
            t.imp, t.alc, t.dmg, t.shots
        ));
        if let Some(n) = t.ammo {
            s.push_str(&format!("/{n}"));
        }
        if let Some(j) = &t.aims_at {
            s.push_str(&format!(", aims at {j}"));
        }
    }
    if let Some(at) = &v.at {
        s.push_str(&format!(" (at {at})"));
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_terminal_is_shown_drawn_and_reported() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let t =
            crate::input::load_tactic(dir.join("../positions/tactics/29_hack_the_terminal.json"))
                .unwrap();
        let st = &t.state;
        let line = "e1: CAL 2, stress 2/2, wounds 0, works for B, 3 point(s) per turn (at 5,3)";
        assert!(crate::view::render::show(st).contains(&format!("object {line}")));
        let svg = crate::view::svg::svg(st, &Default::default());
        assert!(
            svg.contains(&format!("<title>object {line}</title>")),
            "{svg}"
        );
        let r = crate::frontend::analyze::analyze(
            st,
            &crate::frontend::analyze::Options {
                iterations: Some(20),
                ..Default::default()
            },
        );
        let j = serde_json::to_value(&r).unwrap();
        assert_eq!(
            j["objects"],
            serde_json::json!([{"object": "e1", "at": "5,3", "cal": 2, "stress": 2, "wounds": 0,
                                "works": true, "off": false, "side": "B", "score": 3}])
        );
    }

    #[test]
    fn doors_and_turrets_are_shown_and_reported() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let load = |name: &str| {
            crate::input::load_tactic(dir.join("../positions/tactics").join(name))
                .unwrap()
                .state
        };
        let st = load("30_switch_the_turret.json");
        let line = "e1: CAL 2, stress 2/2, wounds 0, works for B, turret CH IMP 9 ALC 12 DAÑ 6, \
                    shots 0, aims at a1 (at 5,3)";
        assert!(crate::view::render::show(&st).contains(&format!("object {line}")));
        let svg = crate::view::svg::svg(&st, &Default::default());
        assert!(svg.contains(&format!("<title>object {line}</title>")));
        let v = serde_json::to_value(super::objects(&st)).unwrap();
        assert_eq!(
            v[0]["turret"],
            serde_json::json!({"imp": 9, "alc": 12, "dmg": 6, "shots": 0, "aims_at": "a1"})
        );
        let st = load("31_open_the_door.json");
        let line = "e1: CAL 2, stress 0/2, wounds 0, works for A, door closed (at 5,3)";
        let shown = crate::view::render::show(&st);
        assert!(shown.contains(&format!("object {line}")), "{shown}");
        let v = serde_json::to_value(super::objects(&st)).unwrap();
        assert_eq!(v[0]["door"], "closed");
    }
}
