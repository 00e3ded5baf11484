//! The key of a board picture (`wartime show --svg`) and its palette: what every colour, marker,
//! shading and arrow means, drawn under the board. Why: a picture without its key is read wrong (issue 18:
//! newcomers took the threat hatching and the field of view for terrain).

use engine::basics::board::Terrain;
use engine::basics::geom::Side;
use std::fmt::Write;

const ROW: i32 = 20;

/// The colour of a terrain on the board.
pub(super) fn terrain_fill(t: Terrain) -> &'static str {
    match t {
        Terrain::Easy => "#ece6cf",
        Terrain::Difficult => "#a9c47f",
        Terrain::Extreme => "#7ea7c8",
        Terrain::LowObstacle => "#c8a26a",
        Terrain::HighObstacle => "#8c8c8c",
        Terrain::Wall => "#3a3a3a",
        Terrain::Water => "#3f6fa8",
        Terrain::Gap => "#111111",
    }
}

/// The colour of a side's units.
pub(super) fn side_colour(s: Side) -> &'static str {
    match s {
        Side::A => "#1f5fbf",
        Side::B => "#c0392b",
    }
}

/// One swatch and its words; returns the x after it.
fn item(s: &mut String, x: i32, y: i32, swatch: &str, words: &str) -> i32 {
    s.push_str(swatch);
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="11" fill="#111">{words}</text>"##,
        x + 22,
        y + 11
    );
    x + 22 + 6 * words.chars().count() as i32 + 16
}

fn square(x: i32, y: i32, fill: &str, extra: &str) -> String {
    format!(
        r##"<rect x="{x}" y="{}" width="16" height="14" fill="{fill}" stroke="#777" stroke-width="0.5" {extra}/>"##,
        y
    )
}

/// Draws the key at `(x0, y0)`, at most `width` pixels wide, with the entries of the optional
/// layers drawn (`[field of view, threats, plan]`); returns its height.
pub(super) fn legend(s: &mut String, (x0, y0): (i32, i32), width: i32, layers: [bool; 3]) -> i32 {
    let [fov, threats, plan] = layers;
    s.push_str("<g id=\"legend\">\n");
    let mut y = y0;
    let _ = writeln!(
        s,
        r##"<text x="{x0}" y="{}" font-size="12" font-weight="bold" fill="#111">Key</text>"##,
        y + 11
    );
    y += ROW;
    // Terrain, on one or two rows.
    let mut x = x0;
    for (t, name) in [
        (Terrain::Easy, "easy"),
        (Terrain::Difficult, "difficult"),
        (Terrain::Extreme, "extreme"),
        (Terrain::LowObstacle, "low obstacle"),
        (Terrain::HighObstacle, "high obstacle"),
        (Terrain::Wall, "wall"),
        (Terrain::Water, "deep water"),
        (Terrain::Gap, "gap"),
    ] {
        if x + 22 + 6 * name.len() as i32 > x0 + width {
            (x, y) = (x0, y + ROW);
        }
        x = item(s, x, y, &square(x, y, terrain_fill(t), ""), name);
    }
    y += ROW;
    // Units.
    let mut x = x0;
    for side in [Side::A, Side::B] {
        let c = side_colour(side);
        let sw = format!(
            r##"<path d="M{},{} l4,-5 l4,5 z" fill="{c}" stroke="#111"/><circle cx="{}" cy="{}" r="6" fill="{c}" stroke="#111"/>"##,
            x + 3,
            y + 3,
            x + 7,
            y + 8
        );
        x = item(
            s,
            x,
            y,
            &sw,
            &format!("side {side} unit ({side}1, {side}2 …); the wedge points where it faces"),
        );
        if side == Side::A && x > x0 + width / 2 {
            (x, y) = (x0, y + ROW);
        }
    }
    y += ROW;
    let mut x = x0;
    let casualty = format!(
        r##"<circle cx="{}" cy="{}" r="7" fill="#9a9a9a" stroke="#444"/><path d="M{},{} l8,8 M{},{} l8,-8" stroke="#222" stroke-width="2"/>"##,
        x + 7,
        y + 7,
        x + 3,
        y + 3,
        x + 3,
        y + 11
    );
    x = item(s, x, y, &casualty, "casualty");
    let deploy = format!(
        r##"<rect x="{}" y="{}" width="16" height="14" fill="none" stroke="{}" stroke-width="2" stroke-dasharray="4 3"/>"##,
        x,
        y,
        side_colour(Side::A)
    );
    x = item(s, x, y, &deploy, "deployment zone");
    let objective = format!(
        r##"<circle cx="{}" cy="{}" r="7" fill="#f5c518" stroke="#7a5c00"/>"##,
        x + 7,
        y + 7
    );
    x = item(s, x, y, &objective, "objective (its points)");
    let hostile = square(x, y, "#c0392b", r#"opacity="0.3""#);
    item(
        s,
        x,
        y,
        &hostile,
        "hostile zone (level and harm in its tooltip)",
    );
    y += ROW;
    if fov || threats {
        let mut x = x0;
        if fov {
            let fov = square(x, y, side_colour(Side::A), r#"opacity="0.3""#);
            x = item(s, x, y, &fov, "field of view (tinted by side)");
        }
        if threats {
            let t = square(x, y, "#d00000", r#"opacity="0.35""#);
            item(
                s,
                x,
                y,
                &t,
                "a ready enemy can hit it this turn (darker and numbered: more enemies)",
            );
        }
        y += ROW;
    }
    if plan {
        let mut x = x0;
        let mv = format!(
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="3" marker-end="url(#head)"/>"##,
            x,
            y + 7,
            x + 16,
            y + 7,
            side_colour(Side::A)
        );
        x = item(s, x, y, &mv, "planned move");
        let at = format!(
            r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#111" stroke-width="2" stroke-dasharray="4 3" marker-end="url(#head)"/>"##,
            x,
            y + 7,
            x + 16,
            y + 7
        );
        x = item(s, x, y, &at, "planned attack");
        let step = format!(
            r##"<circle cx="{}" cy="{}" r="7" fill="#fff" stroke="#111"/><text x="{}" y="{}" font-size="9" text-anchor="middle">1</text>"##,
            x + 7,
            y + 7,
            x + 7,
            y + 10
        );
        item(s, x, y, &step, "step of the plan, in order");
        y += ROW;
    }
    s.push_str("</g>\n");
    y - y0
}
