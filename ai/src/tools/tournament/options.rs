//! The flags of `wartime tournament`, in the vocabulary of cutechess-cli and fastchess: single
//! dash, engines described by `key=value` words (`-engine name=mcts100 agent=mcts
//! iterations=100`), `-each` for what every engine shares. Parsed by hand (clap hands us the
//! raw words) so that every error names the flag, the engine and the word that is wrong.

use crate::agents::arena::AgentSpec;
use crate::tools::tournament::stats::Sprt;
use std::path::PathBuf;

/// How the encounters are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The first engine plays every other one.
    Gauntlet,
    /// Every engine plays every other one.
    RoundRobin,
}

impl Format {
    /// The name of the format as the flag spells it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Gauntlet => "gauntlet",
            Format::RoundRobin => "round-robin",
        }
    }
}

/// The order positions are dealt in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// As given (files in a directory sorted by name).
    Sequential,
    /// Shuffled once with `-srand`, then dealt in that order.
    Random,
}

/// An engine that speaks the line protocol (PROTOCOL.md) as a child process.
#[derive(Clone, Debug, PartialEq)]
pub struct ExternalSpec {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its working directory.
    pub dir: Option<PathBuf>,
    /// `setoption` name and value pairs sent after the handshake.
    pub options: Vec<(String, String)>,
    /// `go movetime` per decision.
    pub movetime_ms: Option<u64>,
    /// `go iterations` per decision.
    pub iterations: Option<u64>,
    /// How late after the limit an answer may come before it loses on time.
    pub timemargin_ms: u64,
}

/// An internal agent or an external program.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineKind {
    /// Built in-process by [`AgentSpec::build`].
    Internal(Box<AgentSpec>),
    /// A child process speaking the protocol.
    External(ExternalSpec),
}

/// One engine of the tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    /// Its name in tables and records (unique).
    pub name: String,
    /// What it is.
    pub kind: EngineKind,
}

/// Everything `wartime tournament` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The engines, in the order given (a gauntlet's first engine is the one tested).
    pub engines: Vec<EngineConfig>,
    /// Gauntlet or round robin.
    pub format: Format,
    /// Games per encounter and round (even: pairs).
    pub games: u64,
    /// Rounds.
    pub rounds: u64,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Position files and directories, as given.
    pub positions: Vec<PathBuf>,
    /// Position order.
    pub order: Order,
    /// Seed of the shuffle and of the dice.
    pub srand: u64,
    /// Stop as soon as this test decides (two engines only).
    pub sprt: Option<Sprt>,
    /// Game records, one JSON line per game.
    pub out: Option<PathBuf>,
    /// Continue the games of `out`.
    pub resume: bool,
    /// Restart crashed or hung engines instead of stopping.
    pub recover: bool,
    /// A JSON summary written at the end.
    pub summary: Option<PathBuf>,
    /// Print only the final results.
    pub quiet: bool,
    /// Show the progress bar (on a terminal).
    pub progress: bool,
    /// Print the standings every N games (0: never).
    pub rating_interval: u64,
    /// Decisions after which a game is stopped and scored as it stands.
    pub max_decisions: usize,
}

/// What the words asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Parsed {
    /// `-help`.
    Help,
    /// A tournament.
    Run(Box<Config>),
}

/// Time an external engine may answer after its limit, unless `timemargin=` says otherwise.
pub const DEFAULT_TIMEMARGIN_MS: u64 = 100;
/// The most games one tournament may schedule (the schedule is kept in memory).
pub const MAX_GAMES: u64 = 10_000_000;
/// Decisions after which a game is scored as it stands (as `wartime match` does).
pub const DEFAULT_MAX_DECISIONS: usize = 20_000;

/// The usage text of `wartime tournament -help`.
pub const USAGE: &str = "\
usage: wartime tournament -engine KEY=VALUE... -engine KEY=VALUE... [flags]

engines (key=value words after -engine; -each gives keys to every engine, an engine's own win):
  name=NAME            name in tables and records (default: the agent or program)
  agent=KIND           internal agent: random, greedy, flatmc, mcts, oep, expert
  iterations=N         iterations per decision (reproducible games)
  movetime=MS          milliseconds per decision (st=SECONDS also accepted)
  threads=T c=X pw=X depth=N
                       search threads and MCTS parameters (threads= is sent to external
                       engines as setoption Threads)
  cmd=COMMAND          external engine speaking `wartime protocol` (words split on spaces)
  arg=ARG dir=DIR      one more argument (may contain spaces), working directory
  option.NAME=VALUE    sent as `setoption name NAME value VALUE`
  timemargin=MS        how late an external answer may be before it loses on time (100)

flags:
  -tournament gauntlet|round-robin   (default gauntlet: the first engine against the others)
  -games N             games per encounter and round, even: pairs with the same dice (2)
  -rounds N            rounds (1)
  -concurrency N       games at the same time (1)
  -positions FILE|DIR... [order=sequential|random]   starting positions (positions/)
  -srand N             seed of the position shuffle and of the dice (1)
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]    stop when the test decides (2 engines)
  -out FILE            game records, one JSON line per game
  -resume              continue the games of -out FILE
  -recover             restart a crashed or hung engine instead of stopping
  -summary FILE        a JSON summary at the end
  -ratinginterval N    standings every N games (10; 0 never)
  -maxdecisions N      a game longer than this is scored as it stands (20000)
  -quiet               only the final results
  -no-progress         no progress bar
See TOURNAMENTS.md.
";

/// The flags taking no value.
const SWITCHES: &[&str] = &["resume", "recover", "quiet", "no-progress", "repeat"];
/// The flags taking one value.
const VALUED: &[&str] = &[
    "tournament",
    "games",
    "rounds",
    "concurrency",
    "srand",
    "out",
    "summary",
    "ratinginterval",
    "maxdecisions",
];
/// The flags taking a list of words.
const LISTS: &[&str] = &["engine", "each", "positions", "sprt"];

/// The flag a word names (`-games`, also `--games`), if it is one.
fn flag_name(word: &str) -> Option<&str> {
    let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'))?;
    // A negative number is a value, not a flag.
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        return None;
    }
    Some(name)
}

/// Hints for flags of cutechess-cli and fastchess that are spelled otherwise here.
fn unknown_flag(name: &str) -> String {
    let hint = match name {
        "pgnout" | "epdout" => " (game records: -out FILE, one JSON line per game)",
        "openings" | "openings-file" => " (starting positions: -positions FILE|DIR...)",
        "draw" | "resign" | "maxmoves" => " (games are scored as they stand after -maxdecisions)",
        "each-engine" => " (-each)",
        "h" | "help" => "",
        _ => "",
    };
    let mut all: Vec<&str> = LISTS
        .iter()
        .chain(VALUED)
        .chain(SWITCHES)
        .copied()
        .collect();
    all.sort_unstable();
    format!(
        "unknown flag -{name}{hint}; flags: -{} (see -help)",
        all.join(", -")
    )
}

fn number<T: std::str::FromStr>(flag: &str, v: &str, what: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag} {v}: expected {what}"))
}

/// Parses the words after `wartime tournament`.
///
/// # Errors
/// One message naming the flag or engine word that is wrong.
pub fn parse(words: &[String]) -> Result<Parsed, String> {
    let mut engines: Vec<Vec<(String, String)>> = Vec::new();
    let mut each: Vec<(String, String)> = Vec::new();
    let mut c = Config {
        engines: Vec::new(),
        format: Format::Gauntlet,
        games: 2,
        rounds: 1,
        concurrency: 1,
        positions: Vec::new(),
        order: Order::Sequential,
        srand: 1,
        sprt: None,
        out: None,
        resume: false,
        recover: false,
        summary: None,
        quiet: false,
        progress: true,
        rating_interval: 10,
        max_decisions: DEFAULT_MAX_DECISIONS,
    };
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let Some(name) = flag_name(w) else {
            return Err(format!(
                "unexpected \"{w}\": expected a flag such as -engine (see -help)"
            ));
        };
        let flag = format!("-{name}");
        i += 1;
        if matches!(name, "help" | "h") {
            return Ok(Parsed::Help);
        }
        if SWITCHES.contains(&name) {
            match name {
                "resume" => c.resume = true,
                "recover" => c.recover = true,
                "quiet" => {
                    c.quiet = true;
                    c.progress = false;
                }
                "no-progress" => c.progress = false,
                // Games always come in pairs with the sides swapped (cutechess's -repeat).
                _ => {}
            }
            continue;
        }
        if VALUED.contains(&name) {
            let Some(v) = words.get(i).filter(|v| flag_name(v).is_none()) else {
                return Err(format!("{flag}: missing value"));
            };
            i += 1;
            match name {
                "tournament" => {
                    c.format = match v.as_str() {
                        "gauntlet" => Format::Gauntlet,
                        "round-robin" | "roundrobin" => Format::RoundRobin,
                        _ => return Err(format!("{flag} {v}: expected gauntlet or round-robin")),
                    }
                }
                "games" => {
                    c.games = number(&flag, v, "an even number of games per encounter")?;
                    if c.games == 0 || c.games % 2 == 1 {
                        return Err(format!(
                            "{flag} {v}: games come in pairs with the same dice and the sides \
                             swapped (duplicate format): give an even number"
                        ));
                    }
                }
                "rounds" => {
                    c.rounds = number(&flag, v, "a number of rounds")?;
                    if c.rounds == 0 {
                        return Err(format!("{flag} {v}: expected at least 1"));
                    }
                }
                "concurrency" => {
                    c.concurrency = number(&flag, v, "a number of games in 1..=256")?;
                    if !(1..=256).contains(&c.concurrency) {
                        return Err(format!("{flag} {v}: expected 1..=256"));
                    }
                }
                "srand" => c.srand = number(&flag, v, "a non-negative integer seed")?,
                "out" => c.out = Some(PathBuf::from(v)),
                "summary" => c.summary = Some(PathBuf::from(v)),
                "ratinginterval" => c.rating_interval = number(&flag, v, "a number of games")?,
                _ => {
                    c.max_decisions = number(&flag, v, "a number of decisions")?;
                    if c.max_decisions == 0 {
                        return Err(format!("{flag} {v}: expected at least 1"));
                    }
                }
            }
            continue;
        }
        if !LISTS.contains(&name) {
            return Err(unknown_flag(name));
        }
        let start = i;
        while i < words.len() && flag_name(&words[i]).is_none() {
            i += 1;
        }
        let list = &words[start..i];
        match name {
            "positions" => {
                for p in list {
                    match p.strip_prefix("order=") {
                        Some("sequential") => c.order = Order::Sequential,
                        Some("random") => c.order = Order::Random,
                        Some(o) => {
                            return Err(format!("{flag}: order={o}: expected sequential or random"))
                        }
                        None => c.positions.push(PathBuf::from(p)),
                    }
                }
                if c.positions.is_empty() {
                    return Err(format!("{flag}: no file or directory given"));
                }
            }
            "sprt" => c.sprt = Some(parse_sprt(list)?),
            _ => {
                let mut kv = Vec::new();
                for w in list {
                    let (k, v) = w.split_once('=').ok_or_else(|| {
                        format!("{flag}: \"{w}\": expected key=value (name=, agent=, cmd=, …)")
                    })?;
                    kv.push((k.to_string(), v.to_string()));
                }
                if name == "each" {
                    each.extend(kv);
                } else {
                    if kv.is_empty() {
                        return Err(format!("{flag}: no key=value words"));
                    }
                    engines.push(kv);
                }
            }
        }
    }
    if engines.len() < 2 {
        return Err(format!(
            "a tournament needs at least two engines (-engine … -engine …), {} given",
            engines.len()
        ));
    }
    for (k, kv) in engines.iter().enumerate() {
        c.engines.push(build_engine(k + 1, &each, kv)?);
    }
    for (k, e) in c.engines.iter().enumerate() {
        if c.engines[..k].iter().any(|o| o.name == e.name) {
            return Err(format!(
                "two engines are named \"{}\": give each its own name=",
                e.name
            ));
        }
    }
    let n = c.engines.len() as u64;
    let encounters = match c.format {
        Format::Gauntlet => n - 1,
        Format::RoundRobin => n * (n - 1) / 2,
    };
    let total = c
        .rounds
        .checked_mul(c.games)
        .and_then(|g| g.checked_mul(encounters))
        .filter(|&t| t <= MAX_GAMES);
    if total.is_none() {
        return Err(format!(
            "-rounds {} × -games {} × {encounters} encounter(s) is more than {MAX_GAMES} games",
            c.rounds, c.games
        ));
    }
    if c.sprt.is_some() && c.engines.len() != 2 {
        return Err(format!(
            "-sprt tests one engine against another: give exactly two engines, not {}",
            c.engines.len()
        ));
    }
    if c.resume && c.out.is_none() {
        return Err("-resume continues the records of -out FILE: give -out".into());
    }
    if c.positions.is_empty() {
        c.positions.push(PathBuf::from("positions"));
    }
    Ok(Parsed::Run(Box::new(c)))
}

fn parse_sprt(list: &[String]) -> Result<Sprt, String> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    for w in list {
        let (k, v) = w.split_once('=').ok_or_else(|| {
            format!("-sprt: \"{w}\": expected key=value (elo0=, elo1=, alpha=, beta=)")
        })?;
        if k == "model" {
            if v != "logistic" {
                return Err(format!(
                    "-sprt model={v}: only the logistic Elo model is implemented"
                ));
            }
            continue;
        }
        let x: f64 = v
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| format!("-sprt {w}: {v} is not a number"))?;
        match k {
            "elo0" => elo0 = Some(x),
            "elo1" => elo1 = Some(x),
            "alpha" => alpha = x,
            "beta" => beta = x,
            _ => {
                return Err(format!(
                    "-sprt: unknown key {k} (elo0, elo1, alpha, beta, model)"
                ))
            }
        }
    }
    let (Some(e0), Some(e1)) = (elo0, elo1) else {
        return Err("-sprt: give elo0= and elo1= (and optionally alpha=, beta=)".into());
    };
    Sprt::new(e0, e1, alpha, beta).map_err(|e| format!("-sprt: {e}"))
}

/// Keys that only external engines use (ignored on internal ones when they come from -each).
const EXTERNAL_KEYS: &[&str] = &["cmd", "arg", "dir", "timemargin", "proto"];
/// Keys that only internal agents use: `agent` and the search options of
/// [`crate::agents::arena::AgentSpec::KEYS`] (the budget and thread keys serve both kinds).
fn internal_key(k: &str) -> bool {
    k == "agent"
        || (crate::agents::arena::AgentSpec::KEYS.contains(&k)
            && !matches!(k, "iterations" | "movetime" | "threads"))
}

fn build_engine(
    n: usize,
    each: &[(String, String)],
    own: &[(String, String)],
) -> Result<EngineConfig, String> {
    let get = |key: &str| -> Option<&String> {
        own.iter()
            .rev()
            .chain(each.iter().rev())
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    };
    let label = match get("name") {
        Some(nm) => format!("engine {n} ({nm})"),
        None => format!("engine {n}"),
    };
    let external = match (get("agent"), get("cmd")) {
        (Some(_), Some(_)) => {
            return Err(format!(
                "{label}: give agent= (internal) or cmd= (external), not both"
            ))
        }
        (None, None) => {
            return Err(format!(
                "{label}: give agent=random|greedy|flatmc|mcts|oep (internal) or cmd=COMMAND \
                 (an external engine speaking `wartime protocol`)"
            ))
        }
        (_, cmd) => cmd.is_some(),
    };
    // -each words first, then the engine's own, so that the engine's own win.
    let words = each
        .iter()
        .map(|kv| (kv, true))
        .chain(own.iter().map(|kv| (kv, false)));
    if external {
        let mut x = ExternalSpec {
            program: String::new(),
            args: Vec::new(),
            dir: None,
            options: Vec::new(),
            movetime_ms: None,
            iterations: None,
            timemargin_ms: DEFAULT_TIMEMARGIN_MS,
        };
        let mut each_args = Vec::new();
        let mut own_args = Vec::new();
        for ((k, v), from_each) in words {
            let bad = |what: &str| format!("{label}: {k}={v}: {what}");
            match k.as_str() {
                "name" => {}
                "cmd" => {
                    let mut p = v.split_whitespace().map(str::to_string);
                    x.program = p.next().ok_or_else(|| bad("empty command"))?;
                    x.args = p.collect();
                }
                "arg" if from_each => each_args.push(v.clone()),
                "arg" => own_args.push(v.clone()),
                "dir" => x.dir = Some(PathBuf::from(v)),
                "movetime" => {
                    x.movetime_ms = Some(
                        number(k, v, "milliseconds").map_err(|_| bad("expected milliseconds"))?,
                    )
                }
                "st" => {
                    x.movetime_ms = Some(seconds_to_ms(v).ok_or_else(|| bad("expected seconds"))?)
                }
                "iterations" => {
                    x.iterations = Some(
                        v.parse()
                            .ok()
                            .filter(|&n: &u64| n > 0)
                            .ok_or_else(|| bad("expected a positive number"))?,
                    )
                }
                "timemargin" => {
                    x.timemargin_ms = v.parse().map_err(|_| bad("expected milliseconds"))?
                }
                "threads" => x.options.push(("Threads".into(), v.clone())),
                "proto" if v == "wartime" => {}
                "proto" => return Err(bad("the only protocol is `wartime` (PROTOCOL.md)")),
                "tc" => return Err(bad(TC_MESSAGE)),
                _ if k.starts_with("option.") && k.len() > 7 => {
                    x.options.push((k[7..].to_string(), v.clone()))
                }
                _ if from_each && internal_key(k) => {}
                _ if internal_key(k) => {
                    return Err(bad(
                        "applies to internal agents (agent=) only; use option.NAME=VALUE",
                    ))
                }
                _ => return Err(bad(UNKNOWN_KEY)),
            }
        }
        x.args.extend(each_args);
        x.args.extend(own_args);
        if x.movetime_ms.is_none() && x.iterations.is_none() {
            return Err(format!(
                "{label}: give it a budget per decision: movetime=MS (st=SECONDS) or iterations=N \
                 (on the engine or in -each)"
            ));
        }
        let name = match get("name") {
            Some(n) => n.clone(),
            None => std::path::Path::new(&x.program)
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| x.program.clone()),
        };
        return Ok(EngineConfig {
            name,
            kind: EngineKind::External(x),
        });
    }
    let kind = get("agent").cloned().unwrap_or_default();
    let mut spec =
        AgentSpec::new(&kind, None).map_err(|e| format!("{label}: agent={kind}: {e}"))?;
    for ((k, v), from_each) in words {
        let bad = |what: &str| format!("{label}: {k}={v}: {what}");
        match k.as_str() {
            "name" | "agent" => {}
            "st" => {
                spec.movetime_ms = Some(seconds_to_ms(v).ok_or_else(|| bad("expected seconds"))?)
            }
            "tc" => return Err(bad(TC_MESSAGE)),
            _ if AgentSpec::KEYS.contains(&k.as_str()) => {
                spec.set(k, v).map_err(|e| format!("{label}: {e}"))?
            }
            _ if from_each && (EXTERNAL_KEYS.contains(&k.as_str()) || k.starts_with("option.")) => {
            }
            _ if EXTERNAL_KEYS.contains(&k.as_str()) || k.starts_with("option.") => {
                return Err(bad("applies to external engines (cmd=) only"))
            }
            _ => return Err(bad(UNKNOWN_KEY)),
        }
    }
    let searches = !matches!(spec.kind.as_str(), "random" | "greedy" | "expert");
    if searches && spec.movetime_ms.is_none() && spec.iterations.is_none() {
        return Err(format!(
            "{label}: give {} a budget per decision: iterations=N (reproducible) or movetime=MS \
             (on the engine or in -each)",
            spec.kind
        ));
    }
    Ok(EngineConfig {
        name: get("name").cloned().unwrap_or_else(|| spec.kind.clone()),
        kind: EngineKind::Internal(Box::new(spec)),
    })
}

const TC_MESSAGE: &str = "game clocks are not supported: each decision has a fixed budget, \
                          movetime=MS (or st=SECONDS) or iterations=N";
const UNKNOWN_KEY: &str = "unknown key (name, agent, cmd, arg, dir, option.NAME, movetime, st, \
                           iterations, threads, c, pw, rootpw, chance, horizon, depth, reuse, weights, eval, \
                           timemargin)";

fn seconds_to_ms(v: &str) -> Option<u64> {
    v.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(|s| (s * 1000.0).round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    fn config(s: &str) -> Config {
        match parse(&words(s)).unwrap() {
            Parsed::Run(c) => *c,
            Parsed::Help => panic!("help"),
        }
    }

    fn error(s: &str) -> String {
        parse(&words(s)).unwrap_err()
    }

    #[test]
    fn engines_each_and_flags() {
        let c = config(
            "-engine name=a agent=mcts iterations=50 threads=2 -engine agent=greedy \
             -engine name=x cmd=/bin/eng arg=protocol option.Seed=3 movetime=40 \
             -each movetime=20 c=0.9 timemargin=7 -tournament round-robin -games 4 -rounds 3 \
             -concurrency 2 -positions a.json dir order=random -srand 9 -out r.jsonl -recover \
             --no-progress",
        );
        assert_eq!(c.engines.len(), 3);
        let EngineKind::Internal(a) = &c.engines[0].kind else {
            panic!()
        };
        // The engine's own iterations win over -each movetime; c comes from -each.
        assert_eq!(
            (a.iterations, a.movetime_ms, a.threads),
            (Some(50), None, Some(2))
        );
        assert_eq!(a.c, Some(0.9));
        assert_eq!(c.engines[1].name, "greedy");
        let EngineKind::External(x) = &c.engines[2].kind else {
            panic!()
        };
        assert_eq!(x.program, "/bin/eng");
        assert_eq!(x.args, vec!["protocol".to_string()]);
        assert_eq!(x.options, vec![("Seed".to_string(), "3".to_string())]);
        assert_eq!((x.movetime_ms, x.timemargin_ms), (Some(40), 7));
        assert_eq!(c.format, Format::RoundRobin);
        assert_eq!((c.games, c.rounds, c.concurrency, c.srand), (4, 3, 2, 9));
        assert_eq!(c.positions.len(), 2);
        assert_eq!(c.order, Order::Random);
        assert!(c.recover && !c.progress && !c.quiet);
    }

    #[test]
    fn defaults_and_names() {
        let c = config("-engine agent=random -engine agent=mcts st=0.05 name=m");
        assert_eq!(c.format, Format::Gauntlet);
        assert_eq!((c.games, c.rounds, c.concurrency, c.srand), (2, 1, 1, 1));
        assert_eq!(c.positions, vec![PathBuf::from("positions")]);
        let EngineKind::Internal(m) = &c.engines[1].kind else {
            panic!()
        };
        assert_eq!(m.movetime_ms, Some(50));
        assert_eq!(
            parse(&words("-engine agent=x -help")).unwrap(),
            Parsed::Help
        );
    }

    #[test]
    fn errors_name_the_flag_or_word() {
        for (args, needle) in [
            ("-engine agent=random", "at least two engines"),
            ("-engine agent=random -engine agent=random", "two engines are named \"random\""),
            ("-engine agent=nope -engine agent=random", "engine 1: agent=nope"),
            ("-engine agent=mcts -engine agent=random", "engine 1: give mcts a budget"),
            ("-engine agent=random -engine cmd=x", "engine 2: give it a budget"),
            ("-engine agent=random name=r -engine agent=greedy foo=1", "engine 2: foo=1: unknown key"),
            ("-engine agent=random option.X=1 -engine agent=greedy", "applies to external engines"),
            ("-engine agent=random tc=40/60 -engine agent=greedy", "game clocks are not supported"),
            ("-engine agent=random agent=greedy cmd=x -engine agent=greedy", "not both"),
            ("-engine agent=random -engine agent=greedy -games 3", "-games 3: games come in pairs"),
            ("-engine agent=random -engine agent=greedy -games", "-games: missing value"),
            ("-engine agent=random -engine agent=greedy -rounds x", "-rounds x: expected"),
            ("-engine agent=random -engine agent=greedy -pgnout f", "unknown flag -pgnout (game records: -out"),
            ("-engine agent=random -engine agent=greedy -tournament knockout", "-tournament knockout"),
            ("-engine agent=random -engine agent=greedy -sprt elo0=5 elo1=1", "-sprt: elo0 (5) must be less"),
            ("-engine agent=random -engine agent=greedy -sprt elo1=1", "-sprt: give elo0="),
            ("-engine agent=random -engine agent=greedy -engine agent=oep movetime=5 name=o -sprt elo0=0 elo1=5", "exactly two engines"),
            ("-engine agent=random -engine agent=greedy -resume", "give -out"),
            ("-engine agent=random -engine agent=greedy -positions order=up", "order=up"),
            ("stray -engine agent=random -engine agent=greedy", "unexpected \"stray\""),
            ("-engine agent=random -engine agent=greedy -concurrency 0", "-concurrency 0"),
            ("-engine agent=random -engine agent=greedy -rounds 99999999999", "more than"),
        ] {
            let e = error(args);
            assert!(e.contains(needle), "{args}: {e}");
        }
    }
}
