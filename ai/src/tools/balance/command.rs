//! `wartime balance` as a command (README "For army builders"): its arguments and long help,
//! and the run from arguments to output — lists loaded or generated, checked, played and
//! reported.

use super::deploy::Template;
use super::generate::generate;
use super::lists::{self, Budget, Lists};
use super::run::{run, Options, DEFAULT_RIDGE};
use std::fmt::Write;

/// The long help of `wartime balance` (`wartime balance --help`).
pub const LONG_ABOUT: &str =
    "Play army lists of equal points against each other and report whether each \
        list, and each archetype, is worth its points (BALANCE.md).\n\n\
        Every pair of lists plays --pairs pairs of games on each board: the same seed twice, \
        each list once on each side, the dice keyed by turn and character slot. Reported: each \
        list's score with a 95 % interval over pairs and an Elo-like rating against the field; \
        a cross table; each archetype's win rate where only one side holds it, and from a ridge \
        regression on the differences in archetype counts its effect per copy, per point, and \
        beyond what its points buy (under-costed, over-costed, in line). Same seed and an \
        iteration-limited agent give the same report on any number of threads.";

/// The arguments of `wartime balance`.
#[derive(Clone, Debug, clap::Args)]
#[command(after_help = "Examples:\n  \
        wartime balance positions/lists/sample_100pts.json --agent greedy --pairs 20\n  \
        wartime balance --auto 100 --lists 8 --agent greedy --save-lists sweep.json")]
pub struct Args {
    /// Lists file (JSON; see BALANCE.md). Not with --auto.
    #[arg(value_name = "LISTS.json", required_unless_present = "auto")]
    pub file: Option<std::path::PathBuf>,
    /// Instead of a file: generate random legal lists of this many points from the catalogue.
    #[arg(long, value_name = "POINTS", conflicts_with = "file",
          value_parser = clap::value_parser!(i32).range(10..))]
    pub auto: Option<i32>,
    /// With --auto: how many lists.
    #[arg(long = "lists", value_name = "K", default_value_t = 6, requires = "auto",
          value_parser = clap::value_parser!(u16).range(2..=200))]
    pub count: u16,
    /// With --auto: at most this many characters a list.
    #[arg(long, value_name = "N", default_value_t = 6, requires = "auto",
          value_parser = clap::value_parser!(u8).range(1..=16))]
    pub max_characters: u8,
    /// With --auto: the catalogue to build from (default: the shipped one).
    #[arg(long, value_name = "FILE", requires = "auto")]
    pub catalogue: Option<std::path::PathBuf>,
    /// Template position whose board, scenario and start squares are used; repeat for several
    /// boards (default: the smallest shipped position with room for the largest list).
    #[arg(long, value_name = "POSITION")]
    pub board: Vec<std::path::PathBuf>,
    /// The agent playing both sides: random, greedy, flatmc, mcts, oep or expert, with
    /// `:iterations=N` (searching agents without a budget get 200 iterations).
    #[arg(long, value_name = "AGENT", default_value = "mcts:iterations=200")]
    pub agent: String,
    /// Pairs of games per matchup and board.
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub pairs: u32,
    /// Seed (of the game seeds, and of --auto's lists).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// How much cheaper than the points limit a list may be, in percent.
    #[arg(long, value_name = "PCT", default_value_t = 5.0)]
    pub tolerance: f64,
    /// Ridge penalty of the archetype regression (pseudo-pairs of "priced right" per archetype).
    #[arg(long, value_name = "L", default_value_t = DEFAULT_RIDGE)]
    pub ridge: f64,
    /// Write the lists played (the generated ones with --auto) as a lists file.
    #[arg(long, value_name = "OUT.json")]
    pub save_lists: Option<std::path::PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `wartime balance`: loads or generates the lists, checks them, plays and reports.
///
/// # Errors
/// Bad input of any kind (exit 2, one message naming the failing part); the lists file of
/// --save-lists cannot be written (exit 1).
pub fn command(a: &Args) -> Result<String, crate::input::CliError> {
    use crate::input::{CliError, EXIT_IO};
    let input = |m: String| CliError::input(m);
    if !(a.ridge >= 0.0 && a.ridge.is_finite()) {
        return Err(input(format!("--ridge {}: must be a number ≥ 0", a.ridge)));
    }
    if !a.tolerance.is_finite() {
        return Err(input(format!(
            "--tolerance {}: must be a percentage",
            a.tolerance
        )));
    }
    let tolerance = a.tolerance / 100.0;
    let agent = Options::agent(&a.agent).map_err(|e| input(format!("--agent: {e}")))?;
    let lists = match (a.auto, &a.file) {
        (Some(points), _) => {
            let catalogue = match &a.catalogue {
                Some(p) => lists::load_catalogue(p).map_err(input)?,
                None => engine::creation::catalogue::Catalogue::shipped(),
            };
            let budget = Budget::new(points, tolerance);
            if !(0.0..1.0).contains(&tolerance) {
                return Err(input(format!(
                    "--tolerance {}: must be at least 0 % and under 100 %",
                    a.tolerance
                )));
            }
            let generated = generate(
                &catalogue,
                budget,
                a.count as usize,
                a.max_characters as usize,
                a.seed,
            )
            .map_err(input)?;
            Lists {
                name: format!("auto {points} points, seed {}", a.seed),
                catalogue,
                points: Some(points),
                lists: generated,
            }
        }
        (None, Some(file)) => Lists::load(file).map_err(input)?,
        (None, None) => return Err(input("give a lists file or --auto POINTS".into())),
    };
    let budget = lists::validate(&lists.lists, lists.points, tolerance).map_err(input)?;
    let boards = if a.board.is_empty() {
        let most = lists
            .lists
            .iter()
            .map(|l| l.characters.len())
            .max()
            .unwrap_or(1);
        vec![Template::shipped_for(most)]
    } else {
        a.board
            .iter()
            .map(|p| Template::load(p).map_err(|e| input(format!("--board {e}"))))
            .collect::<Result<Vec<_>, _>>()?
    };
    let o = Options {
        agent,
        pairs: a.pairs as usize,
        seed: a.seed,
        threads: a.threads.map(|t| t as usize),
        ridge: a.ridge,
    };
    let report = run(&lists, budget, &boards, &o).map_err(input)?;
    let mut out = if a.json {
        serde_json::to_string(&report).unwrap_or_default() + "\n"
    } else {
        report.to_text()
    };
    if let Some(p) = &a.save_lists {
        let file = lists.to_file("written by wartime balance --save-lists");
        let text = serde_json::to_string_pretty(&file).unwrap_or_default() + "\n";
        std::fs::write(p, text).map_err(|e| CliError {
            code: EXIT_IO,
            message: format!("cannot write {}: {e}", p.display()),
            stdout: out.clone(),
        })?;
        if !a.json {
            let _ = writeln!(out, "wrote the lists to {}", p.display());
        }
    }
    Ok(out)
}
