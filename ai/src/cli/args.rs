//! The command line's definitions (product role: `wartime --help`; README "The `wartime`
//! command"): every subcommand with its arguments, parsed by clap.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

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
        /// With --svg: draw the bot's plan (its numbered steps), found by a search of N
        /// iterations (1000 is a sensible budget; `--plan N` is accepted as before).
        #[arg(
            long = "plan-iterations",
            alias = "plan",
            value_name = "N",
            requires = "svg"
        )]
        plan: Option<u64>,
        /// With --svg: shade the squares a ready enemy can hit this turn (by how many enemies);
        /// the fields of view are then left out unless --fov is given too.
        #[arg(long, requires = "svg")]
        threats: bool,
        /// With --svg and --threats: shade the fields of view as well.
        #[arg(long, requires = "svg")]
        fov: bool,
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
        /// Iteration budget (default 5000 unless --movetime is given).
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
        /// First agent: random, greedy, flatmc, mcts, oep or expert, optionally with
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
        /// A learned evaluation's weights file (as `wartime tune --out` writes) for every agent
        /// without an `eval=` or `weights=` of its own.
        #[arg(long, value_name = "FILE")]
        weights: Option<PathBuf>,
        /// Also print one line per position: its score and its pairs won both ways, split
        /// (each agent won the same side: the side, not the agent, decided) and lost both ways.
        #[arg(long)]
        per_position: bool,
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
        /// Self-play games from the positions.
        #[arg(long, value_name = "N", default_value_t = 400)]
        games: usize,
        /// Self-play games from random lists of the shipped catalogue.
        #[arg(long = "random", value_name = "N", default_value_t = 0)]
        random_games: usize,
        /// Sample a position every N decisions.
        #[arg(long, value_name = "N", default_value_t = 4)]
        every: usize,
        /// Who plays the self-play games: `rollout` (the rollout policy), `expert` (the
        /// scripted expert, one decision in ten by the rollout policy) or `mcts:N` (the search,
        /// N iterations a decision, hand-set evaluation).
        #[arg(long, value_name = "PLAYER", default_value = "rollout")]
        player: String,
        /// The final result's share in a sample's label; the rest is the search's root value
        /// there (with `--player mcts:N`; 1 = results only).
        #[arg(long = "outcome", value_name = "F", default_value_t = 1.0)]
        outcome_share: f32,
        /// Fit from and shrink toward `zero` or the `hand`-set model (its logit as a feature
        /// of weight 1: the fit learns a correction of it).
        #[arg(long, value_name = "BASE", default_value = "zero")]
        base: String,
        /// The ridge: how strongly the weights are pulled toward the base.
        #[arg(long, value_name = "R", default_value_t = 1e-4)]
        ridge: f64,
        /// Samples file: read the samples from it if it exists (no games played), else write
        /// the games' samples to it.
        #[arg(long, value_name = "FILE")]
        samples: Option<PathBuf>,
        /// Who labels the sampled positions: `none`, or `mcts:N` — a separate search of N
        /// iterations at each sampled position (hand-set evaluation, one thread, its own seed
        /// from the sample: deterministic) gives its root value and its root actions' values.
        #[arg(long, value_name = "LABEL", default_value = "none")]
        label: String,
        /// What the fit reads, a comma list: `root` (the sampled positions), `after` (the
        /// positions after the deep search's root actions, with their values), `pairs` (those
        /// siblings' order).
        #[arg(long, value_name = "LIST", default_value = "root")]
        target: String,
        /// Write the fitted weights file here (e.g. eval/weights/learned.txt).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Seed.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Position files or directories (default: positions/).
        #[arg(value_name = "POSITION")]
        positions: Vec<PathBuf>,
    },
    /// Tune an evaluation's weights by play (SPSA, STRENGTH.md): at each step the weights plus
    /// a random perturbation play duplicate pairs against the weights minus it, and every
    /// weight moves toward the side that scored; writes the averaged weights as a weights file
    /// of the same model (`eval=FILE` loads it; eval/weights/hand.txt is the shipped hand-set one).
    Spsa {
        /// SPSA steps.
        #[arg(long, value_name = "N", default_value_t = 1000)]
        steps: usize,
        /// Duplicate pairs per step (played in parallel, on positions drawn at random).
        #[arg(long, value_name = "N", default_value_t = 4)]
        pairs: usize,
        /// The agent both sides play, as `match` takes it (its evaluation is replaced).
        #[arg(long, value_name = "AGENT", default_value = "mcts:iterations=200")]
        player: String,
        /// The weights file to start from: a hand-set one or a learned one (by its header;
        /// default: the shipped hand-set weights, eval/weights/hand.txt).
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
        /// Each weight's perturbation, as a share of its scale (max(|weight|, 1)).
        #[arg(long, value_name = "X", default_value_t = 0.3)]
        perturb: f32,
        /// The gain: a weight moves by gain × perturbation × (pair points − 1) per pair.
        #[arg(long, value_name = "X", default_value_t = 0.01)]
        gain: f32,
        /// Print the running weights every N steps (0: only at the end).
        #[arg(long, value_name = "N", default_value_t = 100)]
        report_every: usize,
        /// Write the tuned weights file here.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Seed.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Position files or directories (default: positions/).
        #[arg(value_name = "POSITION")]
        positions: Vec<PathBuf>,
    },
    /// Speak the line protocol on standard input and output (PROTOCOL.md): the bot as
    /// player and as referee, for GUIs and servers.
    Protocol {
        /// Refuse to read files by path (`position file`, a catalogue path in a position): for
        /// a GUI or server whose users must not read the host's files.
        #[arg(long)]
        no_files: bool,
    },
    /// JSON-lines analysis engine for tools: one query per line, one final answer per query
    /// (PROTOCOL.md, "Analysis mode").
    Analysis {
        /// Queries searched at the same time.
        #[arg(long, value_name = "N", default_value_t = 1)]
        workers: usize,
        /// Refuse to read files by path (a query's `file`, a catalogue path in a position): for
        /// a server whose users must not read the host's files.
        #[arg(long)]
        no_files: bool,
    },
    /// Play and analyse in the browser: a local web server with the board, the bot and the
    /// analysis (WEB.md). Binds 127.0.0.1 unless --host says otherwise.
    Serve {
        /// Port to listen on (0: any free port).
        #[arg(long, value_name = "P", default_value_t = 8080)]
        port: u16,
        /// Address to bind. Anything but loopback makes the server reachable from other
        /// machines (no authentication): a warning is printed.
        #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
        host: String,
        /// Open the page in the default browser.
        #[arg(long)]
        open: bool,
        /// Most games at once (one per browser tab).
        #[arg(long, value_name = "N", default_value_t = 64)]
        max_sessions: usize,
        /// Minutes without a request after which a game is freed.
        #[arg(long, value_name = "MIN", default_value_t = 30)]
        idle_minutes: u64,
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
    #[command(long_about = crate::tools::balance::LONG_ABOUT)]
    Balance(crate::tools::balance::Args),
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
