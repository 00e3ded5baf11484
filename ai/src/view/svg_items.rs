//! What lies on the board besides the characters, drawn into the SVG picture: bombs (ÁREAS,
//! Área de activación: where, whose, armed or not, and the ALC that sets them off), lasting
//! areas (Área permanente, Munición radiactiva), items on the ground and scenario elements
//! (Buscar). Each is a group with a `<title>` (the tooltip says what it is), drawn under the
//! characters.

use super::scale::{CELL, MARGIN};
use engine::basics::action::Roster;
use engine::basics::geom::Pos;
use engine::State;
use std::fmt::Write;

fn corner(p: Pos) -> (i32, i32) {
    (MARGIN + p.x as i32 * CELL, MARGIN + p.y as i32 * CELL)
}

fn centre(p: Pos) -> (f32, f32) {
    let (x, y) = corner(p);
    (x as f32 + CELL as f32 / 2.0, y as f32 + CELL as f32 / 2.0)
}

/// Draws the lasting areas, scenario elements, ground items and bombs of `st` into `s`.
pub fn draw(s: &mut String, st: &State) {
    for (k, l) in st.lasting().iter().enumerate() {
        let _ = writeln!(
            s,
            r#"<g id="lasting-{}"><title>lasting area of {}: DAÑ {} (half where partly covered)</title>"#,
            k + 1,
            st.label(l.owner),
            l.dmg
        );
        for &(p, full) in &l.squares {
            let (x, y) = corner(p);
            let op = if full { 0.35 } else { 0.15 };
            let _ = writeln!(
                s,
                r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#8e44ad" fill-opacity="{op}" stroke="#8e44ad" stroke-width="0.5"/>"##
            );
        }
        s.push_str("</g>\n");
    }
    for (e, el) in st.statics().elements.iter().enumerate() {
        let (x, y) = corner(el.at);
        let what = if st.searched(e as u8) {
            "searched".to_string()
        } else {
            format!("{} item(s), {} point(s) to find", el.items.len(), el.points)
        };
        let _ = writeln!(
            s,
            r##"<g id="element-{}"><rect x="{}" y="{}" width="{}" height="{}" fill="#a0522d" fill-opacity="0.5" stroke="#5d2f0e" stroke-width="1.5"/><text x="{}" y="{}" font-size="9" fill="#fff">e{}</text><title>element e{} {}: {}</title></g>"##,
            e + 1,
            x + 4,
            y + 4,
            CELL - 8,
            CELL - 8,
            x + 7,
            y + 19,
            e + 1,
            e + 1,
            esc(&el.name),
            esc(&what)
        );
    }
    // Hackable elements and hacked objects (Corromper / Poseer): a ring on their square,
    // green while they work, with the state in the title.
    for v in super::objects::objects(st) {
        let Some(at) = v.square else {
            continue;
        };
        let (cx, cy) = centre(at);
        let colour = if v.works { "#16a085" } else { "#7f8c8d" };
        let _ = writeln!(
            s,
            r##"<g class="object"><circle cx="{}" cy="{}" r="7" fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="3 2"/><title>object {}</title></g>"##,
            cx - 8.0,
            cy - 8.0,
            esc(&super::objects::describe(&v))
        );
    }
    for (o, w, at) in st.ground_items() {
        let (cx, cy) = centre(at);
        let _ = writeln!(
            s,
            r##"<g class="ground"><rect x="{}" y="{}" width="8" height="8" fill="#7f8c8d" stroke="#2c3e50" stroke-width="1" transform="rotate(45 {} {})"/><title>on the ground at {at}: {} w{}</title></g>"##,
            cx + 6.0,
            cy + 6.0,
            cx + 10.0,
            cy + 10.0,
            st.label(o),
            w + 1
        );
    }
    for (k, b) in st.bombs().iter().enumerate() {
        let (cx, cy) = centre(b.at);
        let alc = st.weapon_range(b.owner, b.weapon) as f32;
        let state = match (b.armed, b.tripped) {
            (_, Some(t)) => format!("set off by {}", st.label(t)),
            (true, None) => "armed".to_string(),
            (false, None) => "not armed yet".to_string(),
        };
        let fill = if b.armed { "#c0392b" } else { "#95a5a6" };
        let _ = writeln!(
            s,
            r##"<g id="bomb-{}"><circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{fill}" stroke-width="1.5" stroke-dasharray="2 3"/><circle cx="{cx}" cy="{cy}" r="6" fill="{fill}" stroke="#000" stroke-width="1"/><text x="{cx}" y="{}" font-size="8" font-weight="bold" text-anchor="middle" fill="#fff">k{}</text><title>bomb k{} at {}: {} w{}, {state}; goes off when a mini comes within {} K</title></g>"##,
            k + 1,
            (alc + 0.5) * CELL as f32,
            cy + 3.0,
            k + 1,
            k + 1,
            b.at,
            st.label(b.owner),
            b.weapon + 1,
            alc
        );
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
