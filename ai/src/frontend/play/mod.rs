//! `wartime play FILE`: a human plays the bot in the terminal. The board is redrawn after each
//! action; the human types actions in notation (or the number of a listed legal action),
//! optionally followed by the dice rolled at the table (`a1 shoot b1 dice 3 7`); the bot
//! answers through the line protocol itself ([`run_protocol`] on in-process pipes), exactly as a
//! GUI would drive it.

mod bot;
mod tell;

use super::protocol::{parse_planned, read_line_capped, Input, MAX_LINE_BYTES};
use bot::{parse_decision, Bot, Decision};
use engine::Side;
use std::io::{BufRead, Write};
use std::path::Path;

/// How to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    /// Which sides the human plays: `[A, B]` (both false: watch the bot play itself).
    pub humans: [bool; 2],
    /// Iterations per bot decision.
    pub iterations: Option<u64>,
    /// Milliseconds per bot decision.
    pub movetime: Option<u64>,
    /// Search threads.
    pub threads: usize,
    /// Search seed.
    pub seed: u64,
    /// Seed of the dice the engine rolls (`None`: from the clock, printed for replays).
    pub dice_seed: Option<u64>,
    /// The human rolls every die at the table, also for the bot's actions.
    pub table_dice: bool,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            humans: [true, false],
            iterations: None,
            movetime: Some(1000),
            threads: 1,
            seed: 1,
            dice_seed: None,
            table_dice: false,
        }
    }
}

/// Reads `A`, `B`, `both` or `none` (case-insensitive) into [`PlayOptions::humans`].
///
/// # Errors
/// Anything else.
pub fn parse_humans(s: &str) -> Result<[bool; 2], String> {
    match s.to_ascii_lowercase().as_str() {
        "a" => Ok([true, false]),
        "b" => Ok([false, true]),
        "both" | "ab" => Ok([true, true]),
        "none" => Ok([false, false]),
        _ => Err(format!("--human {s}: expected A, B, both or none")),
    }
}

struct Ui<R: BufRead, W: Write> {
    input: R,
    out: W,
}

impl<R: BufRead, W: Write> Ui<R, W> {
    fn say(&mut self, s: impl AsRef<str>) -> Result<(), String> {
        writeln!(self.out, "{}", s.as_ref())
            .and_then(|_| self.out.flush())
            .map_err(|e| e.to_string())
    }
    fn ask(&mut self, prompt: &str) -> Result<Option<String>, String> {
        write!(self.out, "{prompt}")
            .and_then(|_| self.out.flush())
            .map_err(|e| e.to_string())?;
        // Invalid UTF-8 is replaced (a terminal may send anything); an over-long line is
        // answered and asked again.
        loop {
            match read_line_capped(&mut self.input, MAX_LINE_BYTES) {
                Ok(None) => return Ok(None),
                Ok(Some(Input::Line(s))) => return Ok(Some(s.trim().to_string())),
                Ok(Some(Input::TooLong)) => self.say(Input::TOO_LONG)?,
                Err(e) => return Err(e.to_string()),
            }
        }
    }
}

/// Prints the answer to an applied action for people: who did what, then the events.
fn tell_applied<R: BufRead, W: Write>(
    ui: &mut Ui<R, W>,
    who: &str,
    v: &[String],
) -> Result<(), String> {
    for l in v {
        if let Some(a) = l.strip_prefix("applied ") {
            ui.say(format!("{who} {a}"))?;
        } else if let Some(e) = l.strip_prefix("event ") {
            ui.say(format!("    {e}"))?;
        } else if let Some(d) = l.strip_prefix("dice ") {
            if !d.ends_with(" used") {
                ui.say(format!("    (dice {d})"))?;
            }
        }
    }
    Ok(())
}

/// Shows the position: all of it when `force` or when the board changed since `last`, else
/// only the lines that changed ([`tell::screen_changes`]).
fn show<R: BufRead, W: Write>(
    ui: &mut Ui<R, W>,
    bot: &Bot,
    last: &mut Vec<String>,
    force: bool,
) -> Result<Decision, String> {
    bot.send("show")?;
    let v = bot.until(|l| l.starts_with("decision ") || l.starts_with("error"))?;
    let now: Vec<String> = v
        .iter()
        .filter_map(|l| match l.strip_prefix("show ") {
            Some(s) => Some(s.to_string()),
            None => (l == "show").then(String::new),
        })
        .collect();
    let print = if force {
        Some(now.clone())
    } else {
        tell::screen_changes(last, &now)
    };
    if let Some(p) = print {
        if p.len() == now.len() {
            ui.say("")?;
        }
        for l in p {
            ui.say(l)?;
        }
    }
    *last = now;
    Ok(parse_decision(v.last().map(String::as_str).unwrap_or("")))
}

/// Asks the bot to search: its `info` lines and its `bestaction` (the action, or `none`).
fn search(bot: &Bot) -> Result<(Vec<String>, String), String> {
    bot.send("go")?;
    let v = bot.until(|l| l.starts_with("bestaction"))?;
    let a = v
        .last()
        .map(|l| l.trim_start_matches("bestaction ").to_string())
        .unwrap_or_default();
    Ok((v, a))
}

fn legal(bot: &Bot) -> Result<Vec<String>, String> {
    bot.send("legal")?;
    let h = bot.until(|l| l.starts_with("legal ") || l.starts_with("error"))?;
    let n: usize = h
        .last()
        .and_then(|l| l.strip_prefix("legal count "))
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let mut v = Vec::new();
    for _ in 0..n {
        let l = bot.until(|_| true)?;
        v.extend(
            l.into_iter()
                .filter_map(|s| s.strip_prefix("action ").map(str::to_string)),
        );
    }
    Ok(v)
}

const HELP: &str = "type the number of a legal action or an action in notation (a1 move 3,4;\n\
    Spanish verbs too: a1 mover 3,4), optionally followed by the dice you rolled:\n\
    a1 shoot b1 w1 dice 3 7\n\
    commands: help (this and the legal actions), hint (ask the bot), undo, show (the whole\n\
    board), record, quit";

/// Plays `file` in the terminal (`input` / `output`).
///
/// # Errors
/// The position does not load, or the terminal cannot be written.
pub fn play<R: BufRead, W: Write>(
    file: &Path,
    o: &PlayOptions,
    input: R,
    output: W,
) -> Result<(), String> {
    let mut ui = Ui { input, out: output };
    let bot = Bot::start();
    let dice_seed = o.dice_seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64 % 1_000_000_000)
            .unwrap_or(0)
    });
    let mut setup = vec![
        format!("setoption name DiceSeed value {dice_seed}"),
        format!("setoption name Threads value {}", o.threads.max(1)),
        format!("setoption name Seed value {}", o.seed),
        format!(
            "setoption name Iterations value {}",
            o.iterations.unwrap_or(0)
        ),
        format!("setoption name MoveTime value {}", o.movetime.unwrap_or(0)),
        "setoption name InfoInterval value 1000".to_string(),
        // The best alternative, for the bot's reasons.
        "setoption name MultiPV value 2".to_string(),
    ];
    if o.table_dice {
        setup.push("setoption name StrictDice value true".into());
    }
    for l in &setup {
        bot.send(l)?;
    }
    bot.send("isready")?;
    let v = bot.until(|l| l == "readyok")?;
    if let Some(e) = v.iter().find(|l| l.starts_with("error")) {
        return Err(e.clone());
    }
    if let Err(e) = bot.decision(&format!("position file {}", file.display()))? {
        return Err(e.trim_start_matches("error position: ").to_string());
    }
    let who = |s: Side| {
        if o.humans[s.index()] {
            format!("{s} (you)")
        } else {
            format!("{s} (bot)")
        }
    };
    ui.say(format!(
        "wartime play: you are {}; dice seed {dice_seed}{}. Type help for help.",
        match o.humans {
            [true, false] => "side A",
            [false, true] => "side B",
            [true, true] => "both sides",
            [false, false] => "watching (the bot plays both sides)",
        },
        if o.table_dice {
            "; you roll every die at the table"
        } else {
            ""
        }
    ))?;
    let mut last_legal: Vec<String> = Vec::new();
    let mut screen: Vec<String> = Vec::new();
    let mut redraw = true;
    let mut force = true;
    let mut listed = false;
    let mut d = parse_decision("");
    loop {
        if redraw {
            d = show(&mut ui, &bot, &mut screen, force)?;
            (redraw, force, listed) = (false, false, false);
        }
        if d.kind == "none" || d.side.is_none() {
            let head = d.line.split(" text ").next().unwrap_or("");
            let w: Vec<&str> = head.split_whitespace().collect();
            let get = |k: &str| {
                w.iter()
                    .position(|t| *t == k)
                    .and_then(|i| w.get(i + 1))
                    .copied()
                    .unwrap_or("?")
            };
            let result = match get("winner") {
                "draw" => "a draw".to_string(),
                s => format!("side {s} wins"),
            };
            ui.say(format!(
                "game over: {result} (score A {}, B {})",
                get("score_a"),
                get("score_b")
            ))?;
            return Ok(());
        }
        let side = d.side.unwrap_or(Side::A);
        let mut reasons: Vec<String> = Vec::new();
        let (text, dice) = if o.humans[side.index()] {
            // The legal actions at every decision, numbered: a number works at once.
            if !listed {
                last_legal = legal(&bot)?;
                for l in tell::legal_lines(&last_legal) {
                    ui.say(l)?;
                }
                listed = true;
            }
            let Some(line) = ui.ask(&format!("{} — {} > ", who(side), d.text))? else {
                return Ok(());
            };
            let lc = line.to_ascii_lowercase();
            match lc.as_str() {
                "" => continue,
                "quit" | "exit" | "q" => return Ok(()),
                "help" | "?" | "legal" => {
                    last_legal = legal(&bot)?;
                    ui.say(HELP)?;
                    for l in tell::legal_lines(&last_legal) {
                        ui.say(l)?;
                    }
                    continue;
                }
                "show" => {
                    (redraw, force) = (true, true);
                    continue;
                }
                "record" => {
                    bot.send("record")?;
                    let v = bot.until(|l| l.starts_with("record") || l.starts_with("error"))?;
                    ui.say(v.last().cloned().unwrap_or_default())?;
                    continue;
                }
                "hint" => {
                    let (v, best) = search(&bot)?;
                    ui.say(format!("the bot suggests: {best}"))?;
                    for l in tell::bot_reasons(&v) {
                        ui.say(l)?;
                    }
                    continue;
                }
                "undo" => {
                    // Back to the previous decision of a human side.
                    let mut any = false;
                    let mut taken: Vec<String> = Vec::new();
                    loop {
                        match bot.decision("undo")? {
                            Ok(v) => {
                                any = true;
                                taken.extend(
                                    v.iter()
                                        .filter_map(|l| l.strip_prefix("undone "))
                                        .map(str::to_string),
                                );
                                let nd = parse_decision(v.last().map(String::as_str).unwrap_or(""));
                                if nd.side.is_some_and(|s| o.humans[s.index()]) {
                                    break;
                                }
                            }
                            Err(e) => {
                                if !any {
                                    ui.say(e.trim_start_matches("error undo: "))?;
                                }
                                break;
                            }
                        }
                    }
                    if !taken.is_empty() {
                        // Latest first, as they were taken back.
                        ui.say(format!("took back: {}", taken.join(" ; ")))?;
                    }
                    redraw = true;
                    continue;
                }
                _ => {}
            }
            let p = match parse_planned(&line) {
                Ok(p) => p,
                Err(e) => {
                    ui.say(format!("{e} (type help for the legal actions)"))?;
                    continue;
                }
            };
            let text = match p.text.parse::<usize>() {
                Ok(n) if n >= 1 && n <= last_legal.len() => last_legal[n - 1].clone(),
                Ok(_) => {
                    ui.say("no such number: type help for the numbered legal actions")?;
                    continue;
                }
                Err(_) => p.text,
            };
            (text, p.dice.unwrap_or_default())
        } else {
            let (v, a) = search(&bot)?;
            if a == "none" {
                ui.say("the bot has no legal action")?;
                return Ok(());
            }
            reasons = tell::bot_reasons(&v);
            (a, Vec::new())
        };
        // Apply, asking for more dice at the table when the engine needs them.
        let mut dice = dice;
        loop {
            let cmd = if dice.is_empty() {
                format!("apply {text}")
            } else {
                let d: Vec<String> = dice.iter().map(|x| x.to_string()).collect();
                format!("apply {text} dice {}", d.join(" "))
            };
            match bot.decision(&cmd)? {
                Ok(v) => {
                    tell_applied(&mut ui, &format!("{side} plays"), &v)?;
                    for l in reasons.drain(..) {
                        ui.say(l)?;
                    }
                    last_legal.clear();
                    redraw = true;
                    break;
                }
                Err(e) if o.table_dice && e.contains("StrictDice") => {
                    // The check the die is for and its target, when the engine names it.
                    let what = e
                        .split("; the next die is for ")
                        .nth(1)
                        .and_then(|r| r.split("; nothing applied").next())
                        .map_or_else(|| format!("\"{text}\""), str::to_string);
                    let so_far = if dice.is_empty() {
                        String::new()
                    } else {
                        format!(" (dice so far: {dice:?})")
                    };
                    let Some(r) = ui.ask(&format!("roll a d10 for {what}{so_far} > "))? else {
                        return Ok(());
                    };
                    match r.trim().parse::<u8>() {
                        Ok(x) if (1..=10).contains(&x) => dice.push(x),
                        _ => ui.say("a d10 result is a number from 1 to 10")?,
                    }
                }
                Err(e) => {
                    ui.say(format!(
                        "{} (type help for the legal actions)",
                        e.trim_start_matches("error apply: ")
                    ))?;
                    break;
                }
            }
        }
    }
}
