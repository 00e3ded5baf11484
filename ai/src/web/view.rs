//! What the page sees of a table (WEB.md §4 "The view"): the board as the engine's SVG
//! (terrain, characters with facing, threatened squares, the analysed plan), the characters
//! with their field of view (CdV, CAMPO DE VISIÓN) for hover, the decision awaited with its
//! legal actions annotated with the squares and targets a click can pick, the log, the running
//! search and the last analysis.

use super::table::{LogEntry, Table};
use crate::frontend::analyze::Report;
use crate::view::svg::{actor, svg, SvgOptions, CELL, MARGIN};
use engine::basics::action::{Action, CharIdx, Roster};
use engine::basics::geom::Pos;
use engine::{Side, State};
use serde::Serialize;

/// A character as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct CharacterView {
    /// Label (`a1`).
    pub label: String,
    /// Name.
    pub name: String,
    /// Side.
    pub side: String,
    /// Square.
    pub x: u8,
    /// Square.
    pub y: u8,
    /// Facing.
    pub facing: String,
    /// ENE.
    pub ene: i8,
    /// Wounds taken.
    pub wounds: u8,
    /// CON.
    pub con: u8,
    /// Stress.
    pub stress: u8,
    /// Still able to act.
    pub able: bool,
    /// The squares in its field of view (CdV).
    pub fov: Vec<[u8; 2]>,
}

/// A legal action with what a click on the board picks it by.
#[derive(Clone, Debug, Serialize)]
pub struct LegalView {
    /// The action in notation (what `act` takes).
    pub text: String,
    /// The character deciding, if one.
    pub actor: Option<String>,
    /// The square a movement ends on.
    pub to: Option<[u8; 2]>,
    /// The enemy it is declared against.
    pub target: Option<String>,
}

/// The search running.
#[derive(Clone, Debug, Serialize)]
pub struct JobView {
    /// `bot` or `analysis`.
    pub kind: &'static str,
    /// Iteration budget.
    pub budget: u64,
    /// Iterations so far.
    pub iterations: u64,
    /// Milliseconds so far.
    pub elapsed_ms: u64,
    /// Best so far.
    pub best: Option<String>,
}

/// A side at the table.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// `A` or `B`.
    pub side: String,
    /// Played at the page.
    pub human: bool,
    /// The bot's iterations per decision.
    pub iterations: u64,
    /// Score now.
    pub score: i32,
}

/// The whole view.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The session id.
    pub id: String,
    /// The position's name.
    pub position: String,
    /// Its description.
    pub description: String,
    /// Turn and limit, phase.
    pub turn: u8,
    /// Last turn.
    pub turn_limit: u8,
    /// Phase.
    pub phase: u8,
    /// Kind of decision (`initiative`, `activate`, `act`, `window`, `reaction`, `none` …).
    pub decision: String,
    /// The side deciding.
    pub to_decide: Option<String>,
    /// The decision in words.
    pub decision_text: String,
    /// The decision awaited is the page's.
    pub your_turn: bool,
    /// The game is over.
    pub over: bool,
    /// `1-0`, `0-1` or `1/2-1/2` as the game stands.
    pub result: String,
    /// The sides.
    pub seats: Vec<SeatView>,
    /// The referee types the dice.
    pub table_dice: bool,
    /// Undo allowed.
    pub casual: bool,
    /// The board picture.
    pub svg: String,
    /// Pixels per square and margin of the picture (to map clicks to squares).
    pub cell: i32,
    /// Margin.
    pub margin: i32,
    /// Board size.
    pub width: u8,
    /// Board size.
    pub height: u8,
    /// The characters.
    pub characters: Vec<CharacterView>,
    /// The legal actions of the decision awaited.
    pub legal: Vec<LegalView>,
    /// The log.
    pub log: Vec<LogEntry>,
    /// The search running, if any.
    pub job: Option<JobView>,
    /// With table dice: the bot's action waiting for its dice.
    pub pending_bot: Option<String>,
    /// Why the bot could not decide, if it could not.
    pub bot_error: Option<String>,
    /// The analysis of the position now, if one was made.
    pub analysis: Option<Report>,
}

fn legal_view(st: &State, a: &Action) -> LegalView {
    let kind = match *a {
        Action::Act { kind, .. } | Action::Reaction { kind, .. } => Some(kind),
        _ => None,
    };
    LegalView {
        text: st.notation(a),
        actor: actor(a).map(|i| st.label(i)),
        to: kind.and_then(|k| k.destination()).map(|p| [p.x, p.y]),
        target: kind.and_then(|k| k.enemy_target()).map(|i| st.label(i)),
    }
}

fn fov(st: &State, i: CharIdx) -> Vec<[u8; 2]> {
    let b = st.board();
    let c = st.ch(i);
    let range = st.view_range(i);
    let mut out = Vec::new();
    if !st.able(i) {
        return out;
    }
    for y in 0..b.height() {
        for x in 0..b.width() {
            let p = Pos::new(x, y);
            if p != c.pos && b.in_field_of_view(c.pos, c.facing, p, range) {
                out.push([x, y]);
            }
        }
    }
    out
}

/// The view of a table.
pub fn view(id: &str, t: &Table) -> View {
    let st = t.state();
    let analysis = t.analysis();
    let picture = svg(
        st,
        &SvgOptions {
            fov: false,
            threats: true,
            plan: analysis.map(|a| a.plan.clone()).unwrap_or_default(),
        },
    );
    let mut legal = Vec::new();
    st.legal_actions(&mut legal);
    let seat = |s: Side| {
        let seat = t.config.seats[s as usize];
        SeatView {
            side: s.to_string(),
            human: seat.human,
            iterations: seat.iterations,
            score: engine::scenario::scoring::score(st, s),
        }
    };
    View {
        id: id.to_string(),
        position: t.config.position.clone(),
        description: t.description().to_string(),
        turn: st.turn(),
        turn_limit: st.scenario().turn_limit,
        phase: st.phase(),
        decision: st.decision().name().to_string(),
        to_decide: st.to_decide().map(|s| s.to_string()),
        decision_text: st.describe_decision(),
        your_turn: t.human_to_decide() && t.job().is_none_or(|j| j.0 != "bot"),
        over: st.is_terminal(),
        result: crate::tools::tournament::record::result_string(st.returns(Side::A) as f64)
            .to_string(),
        seats: vec![seat(Side::A), seat(Side::B)],
        table_dice: t.config.table_dice,
        casual: t.config.casual,
        svg: picture,
        cell: CELL,
        margin: MARGIN,
        width: st.board().width(),
        height: st.board().height(),
        characters: st
            .indices()
            .map(|i| {
                let c = st.ch(i);
                CharacterView {
                    label: st.label(i),
                    name: st.info(i).name.clone(),
                    side: st.side_of(i).to_string(),
                    x: c.pos.x,
                    y: c.pos.y,
                    facing: c.facing.name().to_string(),
                    ene: c.ene,
                    wounds: c.wounds,
                    con: st.info(i).con,
                    stress: c.stress,
                    able: st.able(i),
                    fov: fov(st, i),
                }
            })
            .collect(),
        legal: legal.iter().map(|a| legal_view(st, a)).collect(),
        log: t.log().to_vec(),
        job: t.job().map(|(kind, budget, p)| JobView {
            kind,
            budget,
            iterations: p.iterations,
            elapsed_ms: p.elapsed_ms,
            best: p.best,
        }),
        pending_bot: t.pending_bot().map(str::to_string),
        bot_error: t.bot_error().map(str::to_string),
        analysis: analysis.map(|a| a.report.clone()),
    }
}
