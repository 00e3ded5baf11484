//! The `wartime` command line: argument definitions (clap) and one function per subcommand.
//!
//! Every subcommand returns its standard output as a `String`, or a [`CliError`] carrying the
//! message for standard error, the exit code and whatever was printed before the failure, so
//! that all of them can be unit-tested without running the binary.

use crate::render;
use clap::{Parser, Subcommand};
use engine::archetype::{MetaAbility, Object, Protection, Race, Transport, Weapon};
use engine::check::EventText;
use engine::dice::ScriptedDice;
use engine::points::{race_attr_cost, weapon_table, MIN_CHARACTER_COST};
use engine::setup::{CatalogueSetup, Setup};
use engine::traits::TraitRef;
use engine::{Action, ActionError, Log, Side, State};
use std::fmt::{self, Write};
use std::path::{Component, Path, PathBuf};

/// Exit code of a bad input: a file that does not load, an action that cannot be parsed or is
/// illegal (the same code clap uses for bad arguments).
pub const EXIT_INPUT: i32 = 2;
/// Exit code of a failure to write an output file.
pub const EXIT_IO: i32 = 1;

/// Wartime The Game: rules referee, analysis and AI opponent.
#[derive(Debug, Parser)]
#[command(
    name = "wartime",
    version,
    about = "Wartime The Game: rules referee, analysis and AI opponent",
    long_about = "Wartime The Game: rules referee, analysis and AI opponent.\n\n\
        Reads position files (JSON, see POSITIONS.md), shows them, lists the legal decisions, \
        plays actions written in notation (`a1 run 5,6 +`, `init a1`, `b1 shoot a1 w1`) with \
        scripted or seeded dice, and prices lists.\n\n\
        Exit codes: 0 success; 2 bad arguments, a file that does not load, or an action that \
        cannot be parsed or is illegal; 1 an output file that cannot be written.",
    after_help = "Examples:\n  \
        wartime show positions/duel.json\n  \
        wartime legal positions/duel.json\n  \
        wartime apply positions/duel.json \"init a1\" \"init b1\" --dice 3,7 --out after.json\n  \
        wartime points positions/duel.json\n  \
        wartime balance positions/lists/sample_100pts.json --agent greedy"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draw the board with its characters, then a legend, the decision awaited and the scenario.
    #[command(
        long_about = "Draw the board as text: one two-character cell per square (terrain \
            symbols . , ~ o H #; characters as A1, B3; casualties as x), column numbers on top \
            and row numbers on the left (x,y with y=0 the top row). Then one legend line per \
            character, the turn, phase, advantage and decision awaited, and the scenario's \
            deployment zones and objectives."
    )]
    Show {
        /// Position file (JSON).
        file: PathBuf,
        /// Also draw the board as an SVG picture into this file.
        #[arg(long, value_name = "OUT.svg")]
        svg: Option<PathBuf>,
        /// With --svg: draw the bot's planned activation, searched with N iterations.
        #[arg(long, value_name = "N", requires = "svg")]
        plan: Option<u64>,
        /// With --svg: mark the squares the enemy threatens.
        #[arg(long, requires = "svg")]
        threats: bool,
    },
    /// List the legal actions of the decision awaited, one per line in notation.
    #[command(
        long_about = "List the legal actions of the decision awaited, one per line in \
            notation, after a header line `# <decision> (<n> legal actions)`. Movement \
            actions end with a comment giving their ENE cost (`a1 run 5,6  # ENE 2`); the \
            notation always comes first, so every line can be given back to `apply` up to \
            its `#`."
    )]
    Legal {
        /// Position file (JSON).
        file: PathBuf,
        /// Print only the notation: no header, no comments.
        #[arg(long)]
        plain: bool,
    },
    /// Play actions in order and print what happened (the new position with --out).
    #[command(
        long_about = "Play actions in order, each one argument in notation (\"a1 run 5,6 +\"), \
            printing `> action` and then its events. Dice come from --dice first, then from a \
            stream seeded with --seed. At the end print the decision now awaited and how many \
            dice were used. If an action cannot be parsed or is illegal, nothing is written \
            and the exit code is 2."
    )]
    Apply {
        /// Position file (JSON).
        file: PathBuf,
        /// Actions in notation, one per argument (quote them: "a1 run 5,6 +").
        #[arg(required = true, value_name = "ACTION")]
        actions: Vec<String>,
        /// Scripted d10 results used first, comma-separated (each 1..=10): 3,7,1.
        #[arg(long, value_name = "D10,...", value_delimiter = ',',
              value_parser = clap::value_parser!(u8).range(1..=10))]
        dice: Vec<u8>,
        /// Seed of the dice stream used once the scripted dice run out.
        #[arg(long, value_name = "S", default_value_t = 0)]
        seed: u64,
        /// Write the new position (JSON) to this file.
        #[arg(long, value_name = "OUT")]
        out: Option<PathBuf>,
        /// Print the new position (JSON) to standard output after the report (a catalogue
        /// path in it stays relative to FILE's directory).
        #[arg(long)]
        print_state: bool,
    },
    /// Search the position and explain the best decision (MCTS with re-sampled dice).
    #[command(
        long_about = "Search the position with open-loop MCTS (dice re-sampled every \
            iteration) and print the best decision, the activation sequence it plans, the \
            principal variation, its win probability and visits, and the best alternatives \
            each with its risk breakdown: chance of opening an enemy reaction window and of a \
            reaction hitting, expected wounds dealt and taken, chance of a CH PSI and of \
            failing it, ENE left. Same seed, threads and --iterations give the same answer."
    )]
    Analyze {
        /// Position file (JSON).
        file: PathBuf,
        /// Iteration budget (default 2000 unless --movetime is given).
        #[arg(long, value_name = "N")]
        iterations: Option<u64>,
        /// Time budget in milliseconds.
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// Search threads (root-parallel).
        #[arg(long, value_name = "T", default_value_t = 1)]
        threads: usize,
        /// Seed.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Number of alternatives shown.
        #[arg(long, value_name = "K", default_value_t = 3)]
        multipv: usize,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Parallel mode: root (ensembles) or tree (virtual loss).
        #[arg(long, value_name = "MODE", default_value = "root")]
        parallel: String,
    },
    /// Run the tactics of a directory (positions with a known best-action set and avoid set)
    /// and report how many the search solves at this budget.
    Suite {
        /// Directory of tactic files (positions/tactics).
        dir: PathBuf,
        /// Iterations per tactic.
        #[arg(long, value_name = "N", default_value_t = 3000)]
        iterations: u64,
        /// Search threads.
        #[arg(long, value_name = "T", default_value_t = 1)]
        threads: usize,
        /// Seed.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
    },
    /// Fixed-iteration searches over the shipped positions; the total node count is the
    /// behaviour signature of the engine and search.
    Bench {
        /// Directory of positions.
        #[arg(long, value_name = "DIR", default_value = "positions")]
        dir: PathBuf,
        /// Iterations per position.
        #[arg(long, value_name = "N", default_value_t = 300)]
        iterations: u64,
    },
    /// Play agents against each other: every position from both sides with the same dice
    /// (paired games); prints wins, draws, losses and the score with its 95 % interval.
    Match {
        /// First agent: random, greedy, flatmc, mcts or oep, optionally with
        /// `:iterations=N` or `:movetime=MS`.
        #[arg(long, value_name = "AGENT")]
        a: String,
        /// Second agent (same syntax).
        #[arg(long, value_name = "AGENT")]
        b: String,
        /// Time per decision in ms for agents without their own budget.
        #[arg(long, value_name = "MS", default_value_t = 50)]
        movetime: u64,
        /// Pairs of games per position.
        #[arg(long, value_name = "N", default_value_t = 2)]
        pairs: usize,
        /// Seed.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Position files or directories (default: positions/).
        #[arg(value_name = "POSITION")]
        positions: Vec<PathBuf>,
    },
    /// AI-versus-AI tournament with cutechess-cli's flags: paired games with the same dice,
    /// gauntlet or round robin, Elo/nElo/LOS/pentanomial, SPRT, game records, external engines
    /// (`wartime tournament -help`, TOURNAMENTS.md).
    #[command(
        disable_help_flag = true,
        long_about = "AI-versus-AI tournament with the flags of cutechess-cli and fastchess \
            (single dash): engines as internal agents (-engine name=m agent=mcts \
            iterations=200) or external commands speaking `wartime protocol` (-engine \
            cmd=\"./my-bot protocol\" movetime=50), -each, -tournament gauntlet|round-robin, \
            -games, -rounds, -concurrency, -positions, -srand, -sprt elo0= elo1= alpha= beta=, \
            -out FILE (one JSON line per game), -resume, -recover, -summary FILE. Every \
            position is played twice with the sides swapped and the same dice. Run \
            `wartime tournament -help` for the list; TOURNAMENTS.md explains it all."
    )]
    Tournament {
        /// The cutechess-style flags (-engine KEY=VALUE... -engine ... -games N ...).
        #[arg(
            value_name = "FLAG",
            trailing_var_arg = true,
            allow_hyphen_values = true,
            num_args = 0..
        )]
        args: Vec<String>,
    },
    /// Replay recorded tournament games exactly (every action and die from the record) and
    /// check their results; stop at any decision and write or draw that position.
    Replay {
        /// The record file (-out of `wartime tournament`: one JSON line per game).
        record: PathBuf,
        /// The game to replay (default: check every game of the file).
        #[arg(long, value_name = "N")]
        game: Option<u64>,
        /// Stop after K decisions.
        #[arg(long, value_name = "K")]
        at: Option<usize>,
        /// Write the position reached as a position file (`wartime analyze FILE` loads it).
        #[arg(long, value_name = "FILE")]
        write: Option<PathBuf>,
        /// Draw the position reached.
        #[arg(long)]
        show: bool,
    },
    /// Fit the evaluation weights to self-play outcomes (logistic regression) and report
    /// accuracy and log-loss before and after on held-out games.
    Tune {
        /// Self-play games.
        #[arg(long, value_name = "N", default_value_t = 400)]
        games: usize,
        /// Seed.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Position files or directories (default: positions/).
        #[arg(value_name = "POSITION")]
        positions: Vec<PathBuf>,
    },
    /// Speak the line protocol on standard input and output (PROTOCOL.md): the bot as
    /// player and as referee, for GUIs and servers.
    Protocol,
    /// JSON-lines analysis engine for tools: one query per line, one final answer per query
    /// (PROTOCOL.md, "Analysis mode").
    Analysis {
        /// Queries searched at the same time.
        #[arg(long, value_name = "N", default_value_t = 1)]
        workers: usize,
    },
    /// Play the bot in the terminal: the board redrawn after each action, actions typed in
    /// notation (help lists the legal ones), optionally with the dice rolled at the table.
    Play {
        /// Position file (JSON).
        file: PathBuf,
        /// The side(s) you play: A, B, both or none (watch the bot play itself).
        #[arg(long, value_name = "SIDE", default_value = "A")]
        human: String,
        /// Iterations per bot decision.
        #[arg(long, value_name = "N")]
        iterations: Option<u64>,
        /// Milliseconds per bot decision (default 1000 unless --iterations is given).
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// Search threads.
        #[arg(long, value_name = "T", default_value_t = 1)]
        threads: usize,
        /// Search seed.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Seed of the dice the engine rolls (default: from the clock, printed).
        #[arg(long, value_name = "S")]
        dice_seed: Option<u64>,
        /// You roll every die at the table, also for the bot's actions.
        #[arg(long)]
        table_dice: bool,
    },
    /// Check that an engine command speaks the protocol correctly (exit 1 if not).
    Compliance {
        /// The engine command, program and arguments separated by spaces
        /// ("wartime protocol").
        #[arg(value_name = "CMD")]
        cmd: String,
    },
    /// Play lists of equal points against each other (mirrored, paired dice) and report each
    /// list's and each archetype's value for its points (BALANCE.md).
    #[command(long_about = crate::balance::LONG_ABOUT)]
    Balance(crate::balance::Args),
    /// Price every archetype, every character and each side's list against the points limit.
    #[command(
        long_about = "Price the position's lists with the arithmetic of each creation \
            section: every archetype used (race, weapons, protections, meta-abilities, \
            objects, transport), each character (with the 10-point minimum when it applies) \
            and each side's total against the scenario's points limit. With --catalogue, \
            every archetype of the catalogue instead of only those used."
    )]
    Points {
        /// Position file (JSON).
        file: PathBuf,
        /// Price every archetype of the position's catalogue, not only the ones used.
        #[arg(long)]
        catalogue: bool,
    },
}

/// A failed command: what to print on standard error, the exit code, and the standard output
/// produced before the failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError {
    /// Process exit code.
    pub code: i32,
    /// One line for standard error, without the `error: ` prefix.
    pub message: String,
    /// Standard output printed before the failure.
    pub stdout: String,
}

impl CliError {
    /// A bad-input error (exit code [`EXIT_INPUT`]) with no output before it.
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            code: EXIT_INPUT,
            message: message.into(),
            stdout: String::new(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}", self.message)
    }
}

impl std::error::Error for CliError {}

/// Runs a parsed command line.
///
/// # Errors
/// The [`CliError`] of the subcommand.
pub fn run(cli: &Cli) -> Result<String, CliError> {
    match &cli.command {
        Command::Show {
            file,
            svg,
            plan,
            threats,
        } => match svg {
            None => show(file),
            Some(out) => crate::svg::show_svg(file, out, *plan, *threats).map_err(CliError::input),
        },
        Command::Legal { file, plain } => legal(file, *plain),
        Command::Apply {
            file,
            actions,
            dice,
            seed,
            out,
            print_state,
        } => apply(&ApplyOptions {
            file: file.clone(),
            actions: actions.clone(),
            dice: dice.clone(),
            seed: *seed,
            out: out.clone(),
            print_state: *print_state,
        }),
        Command::Points { file, catalogue } => points(file, *catalogue),
        Command::Balance(args) => crate::balance::command(args),
        Command::Analyze {
            file,
            iterations,
            movetime,
            threads,
            seed,
            multipv,
            json,
            parallel,
        } => {
            let st = load(file)?;
            let parallel = match parallel.as_str() {
                "root" => crate::mcts::Parallel::Root,
                "tree" => crate::mcts::Parallel::Tree,
                other => {
                    return Err(CliError::input(format!(
                        "--parallel {other}: expected root or tree"
                    )))
                }
            };
            let o = crate::analyze::Options {
                iterations: match (iterations, movetime) {
                    (None, None) => Some(2000),
                    (i, _) => *i,
                },
                movetime: movetime.map(std::time::Duration::from_millis),
                threads: *threads,
                seed: *seed,
                multipv: *multipv,
                parallel,
            };
            let r = crate::analyze::analyze(&st, &o);
            if *json {
                Ok(serde_json::to_string(&r).unwrap_or_default() + "\n")
            } else {
                Ok(r.to_text())
            }
        }
        Command::Protocol => crate::protocol::run_protocol(
            std::io::BufReader::new(std::io::stdin()),
            std::io::stdout(),
        )
        .map(|_| String::new())
        .map_err(|e| CliError {
            code: EXIT_IO,
            message: format!("cannot write the output: {e}"),
            stdout: String::new(),
        }),
        Command::Analysis { workers } => crate::analysis::run_analysis(
            std::io::BufReader::new(std::io::stdin()),
            std::io::stdout(),
            *workers,
        )
        .map(|_| String::new())
        .map_err(|e| CliError {
            code: EXIT_IO,
            message: format!("cannot write the output: {e}"),
            stdout: String::new(),
        }),
        Command::Play {
            file,
            human,
            iterations,
            movetime,
            threads,
            seed,
            dice_seed,
            table_dice,
        } => {
            let o = crate::play::PlayOptions {
                humans: crate::play::parse_humans(human).map_err(CliError::input)?,
                iterations: *iterations,
                movetime: match (iterations, movetime) {
                    (None, None) => Some(1000),
                    (_, m) => *m,
                },
                threads: *threads,
                seed: *seed,
                dice_seed: *dice_seed,
                table_dice: *table_dice,
            };
            crate::play::play(
                file,
                &o,
                std::io::BufReader::new(std::io::stdin()),
                std::io::stdout(),
            )
            .map(|_| String::new())
            .map_err(CliError::input)
        }
        Command::Compliance { cmd } => {
            crate::compliance::compliance(cmd).map_err(|report| CliError {
                code: 1,
                message: "the engine does not comply with the protocol".into(),
                stdout: report,
            })
        }
        Command::Bench { dir, iterations } => bench(dir, *iterations),
        Command::Suite {
            dir,
            iterations,
            threads,
            seed,
        } => {
            let o = crate::analyze::Options {
                iterations: Some(*iterations),
                threads: *threads,
                seed: *seed,
                ..Default::default()
            };
            crate::suite::run_suite(dir, &o)
                .map(|r| r.to_text())
                .map_err(CliError::input)
        }
        Command::Tune {
            games,
            seed,
            positions,
        } => {
            let states = load_many(positions)?;
            Ok(crate::tune::tune(&states, *games, *seed))
        }
        Command::Tournament { args } => tournament(args),
        Command::Replay {
            record,
            game,
            at,
            write,
            show,
        } => crate::tournament::replay::replay(&crate::tournament::replay::ReplayOptions {
            record: record.clone(),
            game: *game,
            at: *at,
            write: write.clone(),
            show: *show,
        })
        .map_err(CliError::input),
        Command::Match {
            a,
            b,
            movetime,
            pairs,
            seed,
            positions,
        } => {
            let sa = crate::arena::AgentSpec::parse(a, Some(*movetime)).map_err(CliError::input)?;
            let sb = crate::arena::AgentSpec::parse(b, Some(*movetime)).map_err(CliError::input)?;
            let states = load_many(positions)?;
            let r = crate::arena::run_match(&states, &sa, &sb, *pairs, *seed);
            Ok(format!(
                "{} vs {}: {} games on {} positions: +{} ={} -{}  score {:.3} ± {:.3} (95 %, over pairs; ± {:.3} over games)\n",
                sa.label(),
                sb.label(),
                r.games(),
                states.len(),
                r.wins,
                r.draws,
                r.losses,
                r.score(),
                r.pair_ci95(),
                r.ci95()
            ))
        }
    }
}

/// `wartime tournament FLAGS...`: parses the cutechess-style flags and runs the tournament,
/// printing to standard output as games end (the progress bar goes to standard error).
///
/// # Errors
/// Bad flags or inputs (exit 2), a tournament stopped by a crashed engine (exit 1).
pub fn tournament(args: &[String]) -> Result<String, CliError> {
    use crate::tournament::options::{parse, Parsed, USAGE};
    match parse(args).map_err(CliError::input)? {
        Parsed::Help => Ok(USAGE.to_string()),
        Parsed::Run(cfg) => {
            let mut out = std::io::stdout();
            crate::tournament::run(&cfg, &mut out)
                .map(|_| String::new())
                .map_err(|e| CliError {
                    code: e.code,
                    message: e.message,
                    stdout: String::new(),
                })
        }
    }
}

/// Loads position files and every position of the directories given (default `positions/`).
///
/// # Errors
/// A [`CliError`] when one does not load.
pub fn load_many(given: &[PathBuf]) -> Result<Vec<State>, CliError> {
    let given = if given.is_empty() {
        vec![PathBuf::from("positions")]
    } else {
        given.to_vec()
    };
    let mut files = Vec::new();
    for p in given {
        if p.is_dir() {
            files.extend(position_files(&p)?);
        } else {
            files.push(p);
        }
    }
    files.iter().map(|f| load(f)).collect()
}

/// The shipped positions of a directory, sorted (catalogue files excluded).
///
/// # Errors
/// A [`CliError`] when the directory cannot be read.
pub fn position_files(dir: &Path) -> Result<Vec<PathBuf>, CliError> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().contains("catalogue"))
        })
        .collect();
    v.sort();
    Ok(v)
}

/// `wartime bench`: a search of `iterations` on one thread with seed 1 on every position of
/// `dir`; prints the nodes of each and the total (the behaviour signature).
///
/// # Errors
/// A [`CliError`] when a position does not load.
pub fn bench(dir: &Path, iterations: u64) -> Result<String, CliError> {
    let mut out = String::new();
    let mut total_nodes = 0usize;
    let mut total_iters = 0u64;
    let mut sig = 0xcbf2_9ce4_8422_2325u64;
    let start = std::time::Instant::now();
    for f in position_files(dir)? {
        let st = load(&f)?;
        let p = crate::mcts::Params::default();
        let l = crate::mcts::Limits {
            iterations: Some(iterations),
            ..Default::default()
        };
        let r = crate::mcts::search(&st, &p, &l, None, None);
        total_nodes += r.nodes;
        total_iters += r.iterations;
        // The node count alone hardly moves with the evaluation (one node per iteration), so
        // the signature also folds in where the visits went: any change of behaviour shows.
        for c in &r.candidates {
            for b in st.notation(&c.action).bytes() {
                sig = (sig.rotate_left(5) ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
            sig = (sig.rotate_left(5) ^ c.visits as u64).wrapping_mul(0x100_0000_01b3);
        }
        sig = (sig.rotate_left(5) ^ r.nodes as u64).wrapping_mul(0x100_0000_01b3);
        out.push_str(&format!(
            "{:<24} nodes {:>8}  best {}\n",
            f.file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default(),
            r.nodes,
            r.best
                .map(|a| st.notation(&a))
                .unwrap_or_else(|| "none".into())
        ));
    }
    let ms = start.elapsed().as_millis().max(1) as u64;
    out.push_str(&format!(
        "===========================\nTotal time (ms) : {ms}\nNodes searched  : {total_nodes}\nSignature       : {sig:016x}\nIterations/second : {}\n",
        total_iters * 1000 / ms
    ));
    Ok(out)
}

/// Loads a position file, mapping a [`engine::SetupError`] (which names the file and the
/// field) to a bad-input error. A tactics file (POSITIONS.md, "Tactics files") is read too:
/// its position is the one under `position`, so that `analyze`, `show`, `legal` and `apply`
/// work on the tactics as they are shipped.
///
/// # Errors
/// A [`CliError`] with code [`EXIT_INPUT`].
pub fn load(file: &Path) -> Result<State, CliError> {
    State::load(file).or_else(|e| {
        if crate::suite::is_tactic_file(file) {
            crate::suite::load_tactic(file)
                .map(|t| t.state)
                .map_err(CliError::input)
        } else {
            Err(CliError::input(e.to_string()))
        }
    })
}

/// `wartime show FILE`: the board, the legend, the sequence of play and the scenario.
///
/// # Errors
/// The file does not load.
pub fn show(file: &Path) -> Result<String, CliError> {
    let st = load(file)?;
    Ok(render::show(&st))
}

/// The legal actions of a state, one line each (see [`legal`]).
pub fn legal_lines(st: &State, plain: bool) -> String {
    let mut buf = Vec::new();
    st.legal_actions(&mut buf);
    let mut s = String::new();
    if !plain {
        let _ = writeln!(
            s,
            "# {} ({} legal action{})",
            st.describe_decision(),
            buf.len(),
            if buf.len() == 1 { "" } else { "s" }
        );
    }
    for a in &buf {
        s.push_str(&st.notation(a));
        if !plain {
            let kind = match a {
                Action::Act { who, kind, .. } | Action::Reaction { who, kind } => {
                    Some((*who, kind))
                }
                _ => None,
            };
            if let Some((who, kind)) = kind {
                if kind.is_movement() {
                    let _ = write!(s, "  # ENE {}", st.action_cost(who, kind));
                }
            }
        }
        s.push('\n');
    }
    s
}

/// `wartime legal FILE [--plain]`: the legal actions of the decision awaited, in notation.
///
/// # Errors
/// The file does not load.
pub fn legal(file: &Path, plain: bool) -> Result<String, CliError> {
    let st = load(file)?;
    Ok(legal_lines(&st, plain))
}

/// The arguments of `wartime apply`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ApplyOptions {
    /// Position file.
    pub file: PathBuf,
    /// Actions in notation.
    pub actions: Vec<String>,
    /// Scripted d10 results.
    pub dice: Vec<u8>,
    /// Seed of the fallback stream.
    pub seed: u64,
    /// Where to write the new position.
    pub out: Option<PathBuf>,
    /// Print the new position to standard output.
    pub print_state: bool,
}

/// `wartime apply FILE ACTION... [--dice ..] [--seed S] [--out OUT] [--print-state]`.
///
/// # Errors
/// The file does not load, or an action cannot be parsed or is illegal (exit 2, nothing
/// written, the output so far in [`CliError::stdout`]); or OUT cannot be written (exit 1).
pub fn apply(o: &ApplyOptions) -> Result<String, CliError> {
    let mut st = load(&o.file)?;
    let mut dice = ScriptedDice::with_fallback(o.dice.clone(), o.seed);
    let mut out = String::new();
    for (k, text) in o.actions.iter().enumerate() {
        let a = match st.parse_action(text) {
            Ok(a) => a,
            Err(e) => {
                let (what, why) = match e {
                    ActionError::Parse(p) => ("cannot parse", p.reason),
                    ActionError::Illegal(i) => ("illegal", i.reason),
                };
                let mut message = format!("{what} action {} \"{}\": {why}", k + 1, text.trim());
                if let Some(p) = &o.out {
                    let _ = write!(message, " (nothing written to {})", p.display());
                }
                return Err(CliError {
                    code: EXIT_INPUT,
                    message,
                    stdout: out,
                });
            }
        };
        let _ = writeln!(out, "> {}", st.notation(&a));
        let mut log = Log::recording();
        if let Err(e) = st.apply(&a, &mut dice, &mut log) {
            // parse_action checked legality; this cannot happen, but never panic.
            return Err(CliError {
                code: EXIT_INPUT,
                message: format!("illegal action {} \"{}\": {}", k + 1, text.trim(), e.reason),
                stdout: out,
            });
        }
        for ev in &log.events {
            let _ = writeln!(
                out,
                "  {}",
                EventText {
                    event: ev,
                    roster: &st
                }
            );
        }
    }
    let _ = writeln!(
        out,
        "decision ({}): {}",
        st.decision().name(),
        st.describe_decision()
    );
    let _ = write!(
        out,
        "dice: {} scripted used, {} drawn from seed {}",
        dice.used(),
        dice.overdrawn(),
        o.seed
    );
    if dice.overdrawn() > 0 && !o.dice.is_empty() {
        out.push_str(" (the script ran out)");
    } else if dice.remaining() > 0 {
        let _ = write!(out, " ({} scripted left unused)", dice.remaining());
    }
    out.push('\n');
    // `State::to_setup` does not keep the free-text description: carry it over.
    let description = Setup::from_file(&o.file)
        .map(|s| s.description)
        .unwrap_or_default();
    let json_for = |dest: Option<&Path>| {
        let mut setup = st.to_setup();
        setup.description = description.clone();
        if let (Some(dest), Some(CatalogueSetup::Path(p))) = (dest, &setup.catalogue) {
            setup.catalogue = Some(CatalogueSetup::Path(rebase(p, &o.file, dest)));
        }
        setup.to_json()
    };
    if let Some(p) = &o.out {
        let mut json = json_for(Some(p));
        json.push('\n');
        std::fs::write(p, json).map_err(|e| CliError {
            code: EXIT_IO,
            message: format!("cannot write {}: {e}", p.display()),
            stdout: out.clone(),
        })?;
        let _ = writeln!(out, "wrote {}", p.display());
    }
    if o.print_state {
        out.push_str(&json_for(None));
        out.push('\n');
    }
    Ok(out)
}

/// The directory holding a file (`.` for a bare file name).
fn dir_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A catalogue path written relative to the position `from` (as position files do), rewritten
/// so that it resolves to the same file from the position `to`: relative when both are known,
/// absolute otherwise.
pub fn rebase(catalogue: &str, from: &Path, to: &Path) -> String {
    let p = Path::new(catalogue);
    if p.is_absolute() {
        return catalogue.to_string();
    }
    let full = dir_of(from).join(p);
    let (Ok(target), Ok(from_dir), Ok(to_dir)) = (
        full.canonicalize(),
        dir_of(from).canonicalize(),
        dir_of(to).canonicalize(),
    ) else {
        return catalogue.to_string();
    };
    if from_dir == to_dir {
        return catalogue.to_string();
    }
    let t: Vec<Component> = target.components().collect();
    let d: Vec<Component> = to_dir.components().collect();
    let common = t.iter().zip(&d).take_while(|(a, b)| a == b).count();
    // Only the root in common: an absolute path says more than a string of `..`.
    if common <= 1 {
        return target.display().to_string();
    }
    let mut rel = PathBuf::new();
    for _ in common..d.len() {
        rel.push("..");
    }
    for c in &t[common..] {
        rel.push(c.as_os_str());
    }
    rel.to_string_lossy().replace('\\', "/")
}

/// `+ x` or `- x` for a term of a sum (the first term printed bare).
fn term(first: bool, label: &str, value: i32) -> String {
    if first {
        format!("{label}{value}")
    } else if value < 0 {
        format!(" - {label}{}", -value)
    } else {
        format!(" + {label}{value}")
    }
}

/// The trait part of a cost line: ` + traits -5 [Cargadores (10) -5]`, or nothing.
fn traits_text(traits: &[TraitRef]) -> (String, i32) {
    if traits.is_empty() {
        return (String::new(), 0);
    }
    let free_area = traits.iter().any(|t| t.def().id == "area_despreciable");
    let parts: Vec<(String, i32)> = traits
        .iter()
        .map(|t| {
            let c = if free_area && t.is_area() {
                0
            } else {
                t.cost() as i32
            };
            (t.to_string(), c)
        })
        .collect();
    let total: i32 = parts.iter().map(|(_, c)| c).sum();
    let detail: Vec<String> = parts.iter().map(|(n, c)| format!("{n} {c}")).collect();
    (format!(" + traits {total} [{}]", detail.join(", ")), total)
}

/// The cost arithmetic of a race: `Humano: CON 4=5 + AGI 4=5 + INT 4=5 + VOL 4=5 = 20`.
pub fn race_cost_line(r: &Race) -> String {
    let mut s = format!("{}: ", r.name);
    for (k, (n, v)) in [
        ("CON", r.con),
        ("AGI", r.agi),
        ("INT", r.int),
        ("VOL", r.vol),
    ]
    .into_iter()
    .enumerate()
    {
        if k > 0 {
            s.push_str(" + ");
        }
        let _ = write!(s, "{n} {v}={}", race_attr_cost(v).unwrap_or(0));
    }
    let (t, _) = traits_text(&r.traits);
    let _ = write!(s, "{t} = {}", r.cost());
    s
}

/// The cost arithmetic of a weapon:
/// `Fusil: table(ENE 3, DAÑ 3)=13 + ALC 15 + CAL 5 + traits -5 [Cargadores (10) -5] = 28`.
pub fn weapon_cost_line(w: &Weapon) -> String {
    let (t, _) = traits_text(&w.traits);
    format!(
        "{}: table(ENE {}, DAÑ {})={} + ALC {} + CAL {}{t} = {}",
        w.name,
        w.ene,
        w.dmg,
        weapon_table(w.ene, w.dmg).unwrap_or(0),
        w.range,
        w.quality,
        w.cost()
    )
}

/// The cost arithmetic of a protection: `Cuero: DEF 1×3=3 + TAL 4 + CAL 3 - ENE 1 = 9`.
pub fn protection_cost_line(p: &Protection) -> String {
    let (t, _) = traits_text(&p.traits);
    format!(
        "{}: DEF {}×3={} + TAL {} + CAL {} - ENE {}{t} = {}",
        p.name,
        p.def,
        3 * p.def as i32,
        p.size,
        p.quality,
        p.ene,
        p.cost()
    )
}

/// The cost arithmetic of a meta-ability: `ALC + CAL - ENE×3 + traits`.
pub fn meta_ability_cost_line(m: &MetaAbility) -> String {
    let (t, _) = traits_text(&m.traits);
    format!(
        "{}: ALC {} + CAL {} - ENE {}×3={}{t} = {}",
        m.name,
        m.range,
        m.quality,
        m.ene,
        3 * m.ene as i32,
        m.cost()
    )
}

/// The cost arithmetic of an object: `ALC + CAL - ENE + traits`.
pub fn object_cost_line(o: &Object) -> String {
    let (t, _) = traits_text(&o.traits);
    format!(
        "{}: ALC {} + CAL {} - ENE {}{t} = {}",
        o.name,
        o.range,
        o.quality,
        o.ene,
        o.cost()
    )
}

/// The cost arithmetic of a transport: `MOV + DEF×3 + CAL - ENE + traits`.
pub fn transport_cost_line(t: &Transport) -> String {
    let (tt, _) = traits_text(&t.traits);
    format!(
        "{}: MOV {} + DEF {}×3={} + CAL {} - ENE {}{tt} = {}",
        t.name,
        t.mov,
        t.def,
        3 * t.def as i32,
        t.quality,
        t.ene,
        t.cost()
    )
}

/// Appends a section of archetype lines, each archetype once (by name and content).
fn section<T: PartialEq>(s: &mut String, title: &str, items: &[&T], line: impl Fn(&T) -> String) {
    let mut seen: Vec<&T> = Vec::new();
    for it in items {
        if !seen.contains(it) {
            seen.push(it);
        }
    }
    if seen.is_empty() {
        return;
    }
    let _ = writeln!(s, "{title}:");
    for it in seen {
        let _ = writeln!(s, "  {}", line(it));
    }
}

/// The whole points report of a state (see [`points`]).
pub fn points_report(st: &State, whole_catalogue: bool) -> String {
    let mut s = String::new();
    let defs: Vec<_> = st.indices().map(|i| &st.info(i).def).collect();
    let cat = &st.statics().catalogue;
    let _ = writeln!(
        s,
        "archetypes ({}):",
        if whole_catalogue {
            "the whole catalogue"
        } else {
            "those used in this position"
        }
    );
    if whole_catalogue {
        section(
            &mut s,
            "races",
            &cat.races.iter().collect::<Vec<_>>(),
            race_cost_line,
        );
        section(
            &mut s,
            "weapons",
            &cat.weapons.iter().collect::<Vec<_>>(),
            weapon_cost_line,
        );
        section(
            &mut s,
            "protections",
            &cat.protections.iter().collect::<Vec<_>>(),
            protection_cost_line,
        );
        section(
            &mut s,
            "meta-abilities",
            &cat.meta_abilities.iter().collect::<Vec<_>>(),
            meta_ability_cost_line,
        );
        section(
            &mut s,
            "objects",
            &cat.objects.iter().collect::<Vec<_>>(),
            object_cost_line,
        );
        section(
            &mut s,
            "transports",
            &cat.transports.iter().collect::<Vec<_>>(),
            transport_cost_line,
        );
    } else {
        let races: Vec<&Race> = defs.iter().map(|d| &d.race).collect();
        let weapons: Vec<&Weapon> = defs.iter().flat_map(|d| &d.weapons).collect();
        let prots: Vec<&Protection> = defs.iter().flat_map(|d| &d.protections).collect();
        let metas: Vec<&MetaAbility> = defs.iter().flat_map(|d| &d.meta_abilities).collect();
        let objects: Vec<&Object> = defs.iter().flat_map(|d| &d.objects).collect();
        let transports: Vec<&Transport> = defs.iter().flat_map(|d| &d.transport).collect();
        section(&mut s, "races", &races, race_cost_line);
        section(&mut s, "weapons", &weapons, weapon_cost_line);
        section(&mut s, "protections", &prots, protection_cost_line);
        section(&mut s, "meta-abilities", &metas, meta_ability_cost_line);
        section(&mut s, "objects", &objects, object_cost_line);
        section(&mut s, "transports", &transports, transport_cost_line);
    }
    let _ = writeln!(s, "characters:");
    for i in st.indices() {
        let info = st.info(i);
        let d = &info.def;
        let mut parts: Vec<(String, i32)> = vec![(d.race.name.clone(), d.race.cost())];
        parts.extend(d.weapons.iter().map(|w| (w.name.clone(), w.cost())));
        parts.extend(d.protections.iter().map(|p| (p.name.clone(), p.cost())));
        parts.extend(d.meta_abilities.iter().map(|m| (m.name.clone(), m.cost())));
        parts.extend(d.objects.iter().map(|o| (o.name.clone(), o.cost())));
        parts.extend(d.transport.iter().map(|t| (t.name.clone(), t.cost())));
        let sum: i32 = parts.iter().map(|(_, c)| c).sum();
        let mut line = format!("  {} {}: ", info.label.to_ascii_uppercase(), info.name);
        for (k, (n, c)) in parts.iter().enumerate() {
            line.push_str(&term(k == 0, &format!("{n} "), *c));
        }
        let _ = write!(line, " = {sum}");
        if sum < MIN_CHARACTER_COST {
            let _ = write!(
                line,
                " -> {} (minimum {MIN_CHARACTER_COST} points per character)",
                info.cost
            );
        }
        let _ = writeln!(s, "{line}");
    }
    let limit = st.scenario().points_limit;
    let _ = writeln!(s, "lists (points limit {limit}):");
    for side in [Side::A, Side::B] {
        let members: Vec<_> = st.indices().filter(|&i| st.side_of(i) == side).collect();
        let total: i32 = members.iter().map(|&i| st.info(i).cost).sum();
        let sum: Vec<String> = members
            .iter()
            .map(|&i| {
                format!(
                    "{} {}",
                    st.info(i).label.to_ascii_uppercase(),
                    st.info(i).cost
                )
            })
            .collect();
        let verdict = if total <= limit {
            format!("{} under the limit", limit - total)
        } else {
            format!("OVER the limit by {}", total - limit)
        };
        let _ = writeln!(
            s,
            "  side {side}: {} = {total} / {limit} ({verdict})",
            sum.join(" + ")
        );
    }
    s
}

/// `wartime points FILE [--catalogue]`: archetype costs with their arithmetic, character costs
/// and each side's total against the scenario's points limit.
///
/// # Errors
/// The file does not load.
pub fn points(file: &Path, whole_catalogue: bool) -> Result<String, CliError> {
    let st = load(file)?;
    Ok(points_report(&st, whole_catalogue))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use engine::catalogue::Catalogue;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn cost_lines_match_the_engine() {
        let cat = Catalogue::shipped();
        let last = |s: String| -> i32 { s.rsplit("= ").next().unwrap().trim().parse().unwrap() };
        for r in &cat.races {
            assert_eq!(last(race_cost_line(r)), r.cost());
        }
        for w in &cat.weapons {
            assert_eq!(last(weapon_cost_line(w)), w.cost());
        }
        for p in &cat.protections {
            assert_eq!(last(protection_cost_line(p)), p.cost());
        }
        for m in &cat.meta_abilities {
            assert_eq!(last(meta_ability_cost_line(m)), m.cost());
        }
        for o in &cat.objects {
            assert_eq!(last(object_cost_line(o)), o.cost());
        }
        for t in &cat.transports {
            assert_eq!(last(transport_cost_line(t)), t.cost());
        }
        assert_eq!(
            race_cost_line(cat.race("Humano").unwrap()),
            "Humano: CON 4=5 + AGI 4=5 + INT 4=5 + VOL 4=5 = 20"
        );
        assert_eq!(
            protection_cost_line(cat.protection("Cuero").unwrap()),
            "Cuero: DEF 1×3=3 + TAL 4 + CAL 3 - ENE 1 = 9"
        );
    }

    #[test]
    fn rebase_keeps_or_rewrites_the_catalogue_path() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let duel = root.join("positions/duel.json");
        assert_eq!(
            rebase("catalogue.json", &duel, &root.join("positions/x.json")),
            "catalogue.json"
        );
        assert_eq!(
            rebase("catalogue.json", &duel, &root.join("ai/x.json")),
            "../positions/catalogue.json"
        );
        assert_eq!(
            rebase("/abs/c.json", &duel, Path::new("x.json")),
            "/abs/c.json"
        );
    }

    #[test]
    fn missing_file_is_an_input_error() {
        let e = show(Path::new("/nonexistent/nothing.json")).unwrap_err();
        assert_eq!(e.code, EXIT_INPUT);
        assert!(e.message.contains("cannot read"), "{e}");
    }
}
