//! Board pictures (`wartime show FILE --svg OUT.svg`): the board and its terrain, deployment
//! zones and objectives, every character with its facing and field of view, and optionally the
//! bot's planned path (the principal variation of a search) and the squares the enemies of the
//! side to decide threaten.
//!
//! Coordinates follow the position files: square `x,y` is column `x` from the left and row `y`
//! from the top; one square is [`CELL`] pixels.

use super::legend::{side_colour, terrain_fill};
use crate::search::{search, Limits, Params};
use engine::basics::action::{ActKind, Action, CharIdx, Roster};
use engine::basics::geom::{Facing, Pos, Side};
use engine::State;
use std::fmt::Write;
use std::path::Path;

pub use super::scale::{CELL, MARGIN};

/// What to draw besides the board and the characters.
#[derive(Clone, Debug, Default)]
pub struct SvgOptions {
    /// Shade each able character's field of view.
    pub fov: bool,
    /// Shade the squares a ready enemy of the side to decide can hit this turn, darker (and
    /// numbered) where more enemies can.
    pub threats: bool,
    /// A plan to draw (e.g. the principal variation of a search), from the state drawn.
    pub plan: Vec<Action>,
}

fn centre(p: Pos) -> (f32, f32) {
    (
        (MARGIN + p.x as i32 * CELL) as f32 + CELL as f32 / 2.0,
        (MARGIN + p.y as i32 * CELL) as f32 + CELL as f32 / 2.0,
    )
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The squares a ready enemy of `side` (able, not yet activated this turn) could attack this
/// turn from where it stands, each with how many enemies could: in line of sight and within the
/// range of a usable ranged weapon, or in contact (any character can fight in melee).
pub fn threatened(st: &State, side: Side) -> Vec<(Pos, usize)> {
    let b = st.board();
    let mut out = Vec::new();
    for y in 0..b.height() {
        for x in 0..b.width() {
            let p = Pos::new(x, y);
            let hit = st
                .indices()
                .filter(|&j| {
                    st.side_of(j) != side && st.able(j) && !st.ch(j).has(engine::state::ACTED)
                })
                .filter(|&j| {
                    let from = st.ch(j).pos;
                    if from == p {
                        return false;
                    }
                    if from.adjacent(p) {
                        return true;
                    }
                    let n = st.weapon_slots(j);
                    let reach = (0..n)
                        .filter(|&w| st.weapon_usable(j, w))
                        .map(|w| st.weapon_range(j, w))
                        .max()
                        .unwrap_or(0);
                    reach > 1 && from.dist(p) <= reach && b.line_of_sight(from, p)
                })
                .count();
            if hit > 0 {
                out.push((p, hit));
            }
        }
    }
    out
}

/// The character that takes an action (none for `pass`).
pub fn actor(a: &Action) -> Option<CharIdx> {
    match *a {
        Action::Initiative(i)
        | Action::Activate(i)
        | Action::React(i)
        | Action::Hold(i)
        | Action::Act { who: i, .. }
        | Action::End { who: i, .. }
        | Action::Reaction { who: i, .. } => Some(i),
        Action::Pass => None,
    }
}

/// The side that takes an action.
fn actor_side(st: &State, a: &Action) -> Option<Side> {
    actor(a).map(|i| st.side_of(i))
}

/// The bot's plan: the leading actions of the principal variation of a search of `iterations`
/// with `seed` that the side to decide takes itself (up to the first decision of the enemy).
pub fn plan(st: &State, iterations: u64, seed: u64) -> Vec<Action> {
    own_lead(st, &full_pv(st, iterations, seed))
}

/// The leading actions of a principal variation that the side to decide takes itself (up to
/// the first decision of the enemy): the part of a plan worth drawing.
pub fn own_lead(st: &State, pv: &[Action]) -> Vec<Action> {
    let me = st.to_decide();
    pv.iter()
        .copied()
        .take_while(|a| me.is_some() && actor_side(st, a) == me)
        .collect()
}

fn full_pv(st: &State, iterations: u64, seed: u64) -> Vec<Action> {
    let p = Params {
        seed,
        ..Params::default()
    };
    let l = Limits {
        iterations: Some(iterations.max(1)),
        ..Limits::default()
    };
    let r = search(st, &p, &l, None, None);
    r.candidates
        .first()
        .map(|c| c.pv.clone())
        .unwrap_or_default()
}

/// ÁREAS: the template of an area attack as the plan would lay it (before any scatter): squares
/// wholly covered in a darker tint than those partly covered, and an arrow to the aimed square;
/// a Salto as arrows from mini to mini.
fn draw_area(s: &mut String, st: &State, who: CharIdx, w: u8, aim: Pos, from: Pos) {
    use engine::actions::combat::{jumps, template, weapon_area};
    use engine::basics::area::{Coverage, Shape};
    arrow(s, centre(from), centre(aim), "#b03000", true);
    match weapon_area(st, who, w) {
        Some(Shape::S(n)) => {
            let chain = jumps(st, who, aim, n);
            for pair in chain.windows(2) {
                let (p, q) = (st.ch(pair[0]).pos, st.ch(pair[1]).pos);
                arrow(s, centre(p), centre(q), "#b03000", false);
            }
        }
        Some(shape) => {
            let Some(t) = template(st, who, w, aim) else {
                return;
            };
            let b = st.board();
            for (p, c) in t.squares(b.width(), b.height()) {
                let (fill, what) = match c {
                    Coverage::Full => ("0.45", "wholly"),
                    _ => ("0.2", "partly"),
                };
                let _ = writeln!(
                    s,
                    r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#ff5a1f" opacity="{fill}"><title>{shape} covers {p} {what}</title></rect>"##,
                    MARGIN + p.x as i32 * CELL,
                    MARGIN + p.y as i32 * CELL
                );
            }
        }
        None => {}
    }
}

/// An arrow between two square centres, starting outside the unit marker; an attack's
/// (`dashed`) also ends outside its target's marker, so an arrowhead never covers a label.
fn arrow(s: &mut String, from: (f32, f32), to: (f32, f32), colour: &str, dashed: bool) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    let cut = CELL as f32 * 0.38 + 4.0;
    let end_cut = if dashed { cut } else { 4.0 };
    if len <= cut + end_cut + 4.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let from = (from.0 + ux * cut, from.1 + uy * cut);
    let to = (to.0 - ux * end_cut, to.1 - uy * end_cut);
    let _ = writeln!(
        s,
        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="3" {}marker-end="url(#head)" opacity="0.85"/>"#,
        from.0,
        from.1,
        to.0,
        to.1,
        if dashed {
            r#"stroke-dasharray="6 4" "#
        } else {
            ""
        }
    );
}

/// The picture of a state.
pub fn svg(st: &State, o: &SvgOptions) -> String {
    let b = st.board();
    let (w, h) = (b.width() as i32, b.height() as i32);
    let lines = 22 + 16 * (st.num_chars() as i32 + 1) + if o.plan.is_empty() { 0 } else { 16 };
    // Wide enough for the legend lines.
    let pw = (2 * MARGIN + w * CELL).max(820);
    let mut key = String::new();
    let key_h = super::legend::legend(
        &mut key,
        (MARGIN, MARGIN + h * CELL + lines),
        pw - 2 * MARGIN,
        [o.fov, o.threats, !o.plan.is_empty()],
    );
    let ph = 2 * MARGIN + h * CELL + lines + key_h;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw}" height="{ph}" viewBox="0 0 {pw} {ph}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", esc(&st.statics().name));
    s.push_str(
        r##"<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#222"/></marker></defs>
"##,
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{pw}" height="{ph}" fill="#ffffff"/>"##
    );
    // Terrain.
    s.push_str("<g id=\"terrain\">\n");
    for y in 0..h {
        for x in 0..w {
            let t = b.terrain(Pos::new(x as u8, y as u8));
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}" stroke="#b5ad94" stroke-width="0.5"><title>{x},{y} {}</title></rect>"##,
                MARGIN + x * CELL,
                MARGIN + y * CELL,
                terrain_fill(t),
                crate::view::render::terrain_name(t)
            );
            // A raised square (roof, cliff): its height in K in the corner, darker edge.
            let k = b.terrain_height(Pos::new(x as u8, y as u8));
            if k > 0 {
                let _ = writeln!(
                    s,
                    r##"<g><rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#6b5a3a" stroke-width="2"/><text x="{}" y="{}" font-size="9" fill="#6b5a3a">{k}K</text><title>{x},{y} height {k} K</title></g>"##,
                    MARGIN + x * CELL + 1,
                    MARGIN + y * CELL + 1,
                    CELL - 2,
                    CELL - 2,
                    MARGIN + x * CELL + 3,
                    MARGIN + y * CELL + 10
                );
            }
        }
    }
    s.push_str("</g>\n");
    // Coordinates.
    for x in 0..w {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="10" text-anchor="middle" fill="#555">{x}</text>"##,
            MARGIN + x * CELL + CELL / 2,
            MARGIN - 8
        );
    }
    for y in 0..h {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="10" text-anchor="middle" fill="#555">{y}</text>"##,
            MARGIN / 2,
            MARGIN + y * CELL + CELL / 2 + 4
        );
    }
    // Deployment zones and objectives.
    let sc = st.scenario();
    for (side, z) in [(Side::A, &sc.deploy_a), (Side::B, &sc.deploy_b)] {
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="2" stroke-dasharray="8 5" opacity="0.6"><title>deployment {side}</title></rect>"#,
            MARGIN + z.x0 as i32 * CELL + 2,
            MARGIN + z.y0 as i32 * CELL + 2,
            (z.x1 as i32 - z.x0 as i32 + 1) * CELL - 4,
            (z.y1 as i32 - z.y0 as i32 + 1) * CELL - 4,
            side_colour(side)
        );
    }
    for ob in &sc.objectives {
        let (cx, cy) = centre(Pos::new(ob.x, ob.y));
        let _ = writeln!(
            s,
            r##"<g><circle cx="{cx}" cy="{cy}" r="11" fill="#f5c518" stroke="#7a5c00" stroke-width="1.5"/><text x="{cx}" y="{}" font-size="11" font-weight="bold" text-anchor="middle" fill="#3d2e00">{}</text><title>objective {},{}: {} points</title></g>"##,
            cy + 4.0,
            ob.points,
            ob.x,
            ob.y,
            ob.points
        );
    }
    // Hostile zones (Ambiente hostil): hatched squares, a dashed circle for a template.
    for (k, z) in st.statics().hostile.iter().enumerate() {
        let now = engine::environment::hostile::now(st, k)
            .map(|r| {
                format!(
                    "{} ({} % per check), {}",
                    r.level,
                    r.level.percent(),
                    r.harm
                )
            })
            .unwrap_or_else(|| "variable, not rolled yet".into());
        let _ = writeln!(
            s,
            r#"<g id="hostile-{}"><title>hostile {}: {}</title>"#,
            k + 1,
            esc(&z.name),
            esc(&now)
        );
        for p in &z.squares {
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="#c0392b" fill-opacity="0.22" stroke="#c0392b" stroke-width="1"/>"##,
                MARGIN + p.x as i32 * CELL,
                MARGIN + p.y as i32 * CELL
            );
        }
        if let Some(c) = z.setup.circle {
            let (cx, cy) = centre(Pos::new(c.at[0] as u8, c.at[1] as u8));
            let _ = writeln!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#c0392b" stroke-width="2" stroke-dasharray="4 3"/>"##,
                c.diameter as f32 * CELL as f32 / 2.0
            );
        }
        if let Some(p) = z.squares.first() {
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" font-size="10" font-weight="bold" fill="#7b1f14">{}</text>"##,
                MARGIN + p.x as i32 * CELL + 2,
                MARGIN + p.y as i32 * CELL + 10,
                esc(&z.name)
            );
        }
        s.push_str("</g>\n");
    }
    // Lasting areas, scenario elements, ground items and bombs (`svg_items`).
    super::svg_items::draw(&mut s, st);
    // Fields of view.
    if o.fov {
        s.push_str("<g id=\"fov\">\n");
        for i in st.indices().filter(|&i| st.able(i)) {
            let c = st.ch(i);
            let range = st.view_range(i);
            for y in 0..h {
                for x in 0..w {
                    let p = Pos::new(x as u8, y as u8);
                    if p != c.pos && b.in_field_of_view(c.pos, c.facing, p, range) {
                        let _ = writeln!(
                            s,
                            r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}" opacity="0.10"/>"#,
                            MARGIN + x * CELL,
                            MARGIN + y * CELL,
                            side_colour(st.side_of(i))
                        );
                    }
                }
            }
        }
        s.push_str("</g>\n");
    }
    // Threats.
    if o.threats {
        if let Some(side) = st.to_decide() {
            s.push_str("<g id=\"threats\">\n");
            for (p, n) in threatened(st, side) {
                let (x, y) = (MARGIN + p.x as i32 * CELL, MARGIN + p.y as i32 * CELL);
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#d00000" opacity="{:.2}"><title>{p}: {n} ready enem{} can hit it this turn</title></rect>"##,
                    (0.12 * n as f32).min(0.45),
                    if n == 1 { "y" } else { "ies" }
                );
                if n > 1 {
                    let _ = writeln!(
                        s,
                        r##"<text x="{}" y="{}" font-size="8" fill="#7a0000">{n}</text>"##,
                        x + 2,
                        y + 9
                    );
                }
            }
            s.push_str("</g>\n");
        }
    }
    // Characters.
    s.push_str("<g id=\"characters\">\n");
    // An Avatar not yet invoked is off the table: not drawn.
    for i in st
        .indices()
        .filter(|&i| !st.ch(i).has(engine::state::OFF_TABLE))
    {
        draw_character(&mut s, st, i);
    }
    s.push_str("</g>\n");
    // The plan.
    if !o.plan.is_empty() {
        s.push_str("<g id=\"plan\">\n");
        let mut at: Vec<Pos> = st.indices().map(|i| st.ch(i).pos).collect();
        let mut attacks: Vec<(CharIdx, CharIdx)> = Vec::new();
        for (k, a) in o.plan.iter().enumerate() {
            let (who, kind) = match *a {
                Action::Act { who, kind, .. } | Action::Reaction { who, kind } => (who, kind),
                _ => continue,
            };
            let from = at[who as usize];
            let colour = side_colour(st.side_of(who));
            // The step's number sits on its arrow (the middle of the move, or of the attack),
            // never on a unit's label; repeated attacks on one target are spread along it.
            let mut badge = (centre(from).0 + 14.0, centre(from).1 - 14.0);
            if let Some(to) = kind.destination() {
                arrow(&mut s, centre(from), centre(to), colour, false);
                at[who as usize] = to;
                // On the destination square, which is empty.
                badge = (centre(to).0 + 8.0, centre(to).1 - 8.0);
            }
            if let ActKind::Area { weapon, at: aim } = kind {
                draw_area(&mut s, st, who, weapon, aim, at[who as usize]);
            }
            if let Some(t) = kind.enemy_target() {
                let (f, to) = (centre(at[who as usize]), centre(at[t as usize]));
                arrow(&mut s, f, to, "#111111", true);
                let n = attacks.iter().filter(|&&x| x == (who, t)).count();
                attacks.push((who, t));
                badge = mid(f, to, 0.35 + 0.15 * (n % 3) as f32);
                // Too close for an arrow (in contact): beside the line between the two discs.
                let (dx, dy) = (to.0 - f.0, to.1 - f.1);
                let len = (dx * dx + dy * dy).sqrt().max(1.0);
                if len < 2.0 * CELL as f32 {
                    let side = 16.0 + 14.0 * n as f32;
                    badge = (badge.0 - dy / len * side, badge.1 + dx / len * side);
                }
            }
            let _ = writeln!(
                s,
                r##"<g><circle cx="{:.1}" cy="{:.1}" r="7" fill="#ffffff" stroke="{colour}" stroke-width="1.5"/><text x="{:.1}" y="{:.1}" font-size="9" text-anchor="middle" fill="#111">{}</text><title>{}. {}</title></g>"##,
                badge.0,
                badge.1,
                badge.0,
                badge.1 + 3.0,
                k + 1,
                k + 1,
                esc(&st.notation(a))
            );
        }
        s.push_str("</g>\n");
    }
    // Legend.
    let mut y = MARGIN + h * CELL + 20;
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{y}" font-size="12" fill="#111">{}</text>"##,
        esc(&format!(
            "{} · turn {}/{} phase {} · {}",
            st.statics().name,
            st.turn(),
            sc.turn_limit,
            st.phase(),
            st.describe_decision()
        ))
    );
    for i in st.indices() {
        y += 16;
        let c = st.ch(i);
        let _ = writeln!(
            s,
            r#"<text x="{MARGIN}" y="{y}" font-size="11" fill="{}">{}</text>"#,
            side_colour(st.side_of(i)),
            esc(&format!(
                "{} {} at {} facing {} · ENE {} · wounds {}/{} · stress {} · sees {} K{}",
                st.label(i).to_ascii_uppercase(),
                st.info(i).name,
                c.pos,
                c.facing.name(),
                c.ene,
                c.wounds,
                st.info(i).con,
                c.stress,
                st.view_range(i),
                crate::view::render::casualty_reason(st, i)
                    .map(|r| format!(" · {r}"))
                    .unwrap_or_default()
            ))
        );
    }
    if !o.plan.is_empty() {
        y += 16;
        let p: Vec<String> = o.plan.iter().map(|a| st.notation(a)).collect();
        let _ = writeln!(
            s,
            r##"<text x="{MARGIN}" y="{y}" font-size="11" fill="#111">{}</text>"##,
            esc(&format!("plan: {}", p.join(" ; ")))
        );
    }
    s.push_str(&key);
    s.push_str("</svg>\n");
    s
}

/// The point a fraction `t` of the way from `a` to `b`.
fn mid(a: (f32, f32), b: (f32, f32), t: f32) -> (f32, f32) {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

fn draw_character(s: &mut String, st: &State, i: CharIdx) {
    let c = st.ch(i);
    let (cx, cy) = centre(c.pos);
    let r = CELL as f32 * 0.38;
    let label = st.label(i).to_ascii_uppercase();
    if !st.able(i) {
        let _ = writeln!(
            s,
            r##"<g><circle cx="{cx}" cy="{cy}" r="{r:.1}" fill="#9a9a9a" stroke="#444" stroke-width="1"/><path d="M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1}" stroke="#222" stroke-width="2"/><title>{label} {}: {}</title></g>"##,
            cx - r * 0.6,
            cy - r * 0.6,
            cx + r * 0.6,
            cy + r * 0.6,
            cx - r * 0.6,
            cy + r * 0.6,
            cx + r * 0.6,
            cy - r * 0.6,
            esc(&st.info(i).name),
            crate::view::render::casualty_reason(st, i).unwrap_or("casualty")
        );
        return;
    }
    let (dx, dy) = Facing::delta(c.facing);
    let n = ((dx as f32).powi(2) + (dy as f32).powi(2)).sqrt();
    let (ux, uy) = (dx as f32 / n, dy as f32 / n);
    // A wedge pointing where the base faces.
    let tip = (cx + ux * (r + 7.0), cy + uy * (r + 7.0));
    let left = (cx + ux * r * 0.6 - uy * 6.0, cy + uy * r * 0.6 + ux * 6.0);
    let right = (cx + ux * r * 0.6 + uy * 6.0, cy + uy * r * 0.6 - ux * 6.0);
    let colour = side_colour(st.side_of(i));
    let _ = writeln!(
        s,
        r##"<g><path d="M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} z" fill="{colour}" stroke="#111" stroke-width="1"/><circle cx="{cx}" cy="{cy}" r="{r:.1}" fill="{colour}" stroke="#111" stroke-width="1.5"/><text x="{cx}" y="{:.1}" font-size="11" font-weight="bold" text-anchor="middle" fill="#fff">{label}</text><title>{label} {} facing {}</title></g>"##,
        tip.0,
        tip.1,
        left.0,
        left.1,
        right.0,
        right.1,
        cy + 4.0,
        esc(&st.info(i).name),
        c.facing.name()
    );
    // Movement altitude other than 1: a dashed ring and the level beside the disc.
    if c.alt != engine::state::ALT_GROUND {
        let _ = writeln!(
            s,
            r##"<g><circle cx="{cx}" cy="{cy}" r="{:.1}" fill="none" stroke="#111" stroke-width="1" stroke-dasharray="3,2"/><text x="{:.1}" y="{:.1}" font-size="9" font-weight="bold" fill="#111">alt {}</text></g>"##,
            r + 3.0,
            cx + r * 0.5,
            cy - r - 2.0,
            c.alt
        );
    }
}

/// `wartime show FILE --svg OUT [--plan-iterations N] [--threats] [--fov]`: writes the
/// picture; `plan_iterations`: search this many iterations (seed 1) and draw the plan. The
/// fields of view are shaded unless the threats are drawn (then only with `fov`), so that the
/// two shadings never mix unless asked.
///
/// # Errors
/// The file does not load or OUT cannot be written.
pub fn show_svg(
    file: &Path,
    out: &Path,
    plan_iterations: Option<u64>,
    threats: bool,
    fov: bool,
) -> Result<String, String> {
    let st = crate::input::load(file).map_err(|e| e.message)?;
    let o = SvgOptions {
        fov: fov || !threats,
        threats,
        plan: plan_iterations.map(|n| plan(&st, n, 1)).unwrap_or_default(),
    };
    std::fs::write(out, svg(&st, &o))
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(format!("wrote {}\n", out.display()))
}
