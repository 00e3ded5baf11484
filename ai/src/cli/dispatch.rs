//! Runs a parsed command line: each subcommand handed to the room that does it (the referee
//! commands and points here in `cli/`, the search, the front-ends, the views, the tools), with
//! their errors mapped to a [`CliError`] and its exit code.

use super::args::{Cli, Command};
use super::bench::bench;
use super::points::points;
use super::referee::{apply, legal, show, ApplyOptions};
use crate::input::{load, load_many, CliError, EXIT_IO};

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
            fov,
        } => match svg {
            None => show(file),
            Some(out) => crate::view::svg::show_svg(file, out, *plan, *threats, *fov)
                .map_err(CliError::input),
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
        Command::Balance(args) => crate::tools::balance::command(args),
        Command::Analyze {
            file,
            iterations,
            movetime,
            threads,
            seed,
            multipv,
            json,
        } => {
            let st = load(file)?;
            let o = crate::frontend::analyze::Options {
                iterations: match (iterations, movetime) {
                    (None, None) => Some(crate::frontend::analyze::DEFAULT_ITERATIONS),
                    (i, _) => *i,
                },
                movetime: movetime.map(std::time::Duration::from_millis),
                threads: *threads,
                seed: *seed,
                multipv: *multipv,
            };
            let r = crate::frontend::analyze::analyze(&st, &o);
            if *json {
                Ok(serde_json::to_string(&r).unwrap_or_default() + "\n")
            } else {
                Ok(r.to_text())
            }
        }
        Command::Protocol { no_files } => crate::frontend::protocol::run_protocol(
            std::io::BufReader::new(std::io::stdin()),
            std::io::stdout(),
            !no_files,
        )
        .map(|_| String::new())
        .map_err(output_error),
        Command::Analysis { workers, no_files } => crate::frontend::analysis::run_analysis(
            std::io::BufReader::new(std::io::stdin()),
            std::io::stdout(),
            *workers,
            !no_files,
        )
        .map(|_| String::new())
        .map_err(output_error),
        Command::Serve {
            port,
            host,
            open,
            max_sessions,
            idle_minutes,
        } => crate::web::serve(&crate::web::ServeOptions {
            host: host.clone(),
            port: *port,
            open: *open,
            max_sessions: *max_sessions,
            idle_minutes: *idle_minutes,
            ..crate::web::ServeOptions::default()
        })
        .map_err(CliError::input),
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
            let o = crate::frontend::play::PlayOptions {
                humans: crate::frontend::play::parse_humans(human).map_err(CliError::input)?,
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
            crate::frontend::play::play(
                file,
                &o,
                std::io::BufReader::new(std::io::stdin()),
                std::io::stdout(),
            )
            .map(|_| String::new())
            .map_err(CliError::input)
        }
        Command::Compliance { cmd } => {
            use crate::frontend::compliance::{compliance, Failure};
            compliance(cmd).map_err(|f| match f {
                Failure::CannotStart(m) => CliError {
                    code: 1,
                    message: m,
                    stdout: String::new(),
                },
                Failure::Failed(report) => CliError {
                    code: 1,
                    message: "the engine does not comply with the protocol".into(),
                    stdout: report,
                },
            })
        }
        Command::Bench { dir, iterations } => bench(dir, *iterations),
        Command::Suite {
            dir,
            iterations,
            threads,
            seed,
        } => {
            let o = crate::frontend::analyze::Options {
                iterations: Some(*iterations),
                threads: *threads,
                seed: *seed,
                ..Default::default()
            };
            crate::tools::suite::run_suite(dir, &o)
                .map(|r| r.to_text())
                .map_err(CliError::input)
        }
        Command::Tune {
            games,
            random_games,
            every,
            player,
            outcome_share,
            base,
            ridge,
            samples,
            label,
            target,
            out,
            seed,
            positions,
        } => {
            let player = crate::tools::tune::Player::parse(player).map_err(CliError::input)?;
            let label = crate::tools::tune::Label::parse(label).map_err(CliError::input)?;
            let targets =
                crate::tools::tune::rows::Targets::parse(target).map_err(CliError::input)?;
            let base = crate::tools::tune::Base::parse(base).map_err(CliError::input)?;
            let states = load_many(positions)?;
            let o = crate::tools::tune::TuneOptions {
                games: *games,
                random_games: *random_games,
                every: *every,
                seed: *seed,
                out: out.clone(),
                player,
                outcome_share: *outcome_share,
                base,
                ridge: *ridge,
                samples: samples.clone(),
                label,
                targets,
            };
            crate::tools::tune::tune(&states, &o).map_err(CliError::input)
        }
        Command::Spsa {
            steps,
            pairs,
            player,
            from,
            perturb,
            gain,
            report_every,
            out,
            seed,
            positions,
        } => {
            let spec = crate::agents::arena::AgentSpec::parse(player, None)
                .map_err(|e| CliError::input(format!("--player {player}: {e}")))?;
            let start = match from {
                Some(p) => crate::tools::tune::spsa::Tunable::load(p).map_err(CliError::input)?,
                None => crate::tools::tune::spsa::Tunable::Hand(eval::Weights::shipped()),
            };
            let states = load_many(positions)?;
            let o = crate::tools::tune::spsa::SpsaOptions {
                steps: *steps,
                pairs: *pairs,
                player: spec,
                player_text: player.clone(),
                start,
                perturb: *perturb,
                gain: *gain,
                seed: *seed,
                out: out.clone(),
                report_every: *report_every,
            };
            // The running weights on standard error as they come; the report on standard output.
            crate::tools::tune::spsa::spsa(&states, &o, &mut |l| eprint!("{l}"))
                .map_err(CliError::input)
        }
        Command::Tournament { args } => tournament(args),
        Command::Replay {
            record,
            game,
            at,
            write,
            show,
        } => crate::tools::tournament::replay::replay(
            &crate::tools::tournament::replay::ReplayOptions {
                record: record.clone(),
                game: *game,
                at: *at,
                write: write.clone(),
                show: *show,
            },
        )
        .map_err(CliError::input),
        Command::Match {
            a,
            b,
            movetime,
            pairs,
            seed,
            weights,
            per_position,
            positions,
        } => {
            let mut sa = crate::agents::arena::AgentSpec::parse(a, Some(*movetime))
                .map_err(CliError::input)?;
            let mut sb = crate::agents::arena::AgentSpec::parse(b, Some(*movetime))
                .map_err(CliError::input)?;
            if let Some(path) = weights {
                let m = eval::learned::Model::load(path).map_err(CliError::input)?;
                let e = eval::Evaluator::Learned(std::sync::Arc::new(m));
                for s in [&mut sa, &mut sb] {
                    s.eval.get_or_insert_with(|| e.clone());
                }
            }
            let files = crate::input::resolve(positions)?;
            let states = files
                .iter()
                .map(|f| crate::input::load(f))
                .collect::<Result<Vec<_>, _>>()?;
            let r = crate::agents::arena::run_match(&states, &sa, &sb, *pairs, *seed);
            let mut table = String::new();
            if *per_position {
                table.push_str(
                    "position                   games  score   pairs won / split / lost\n",
                );
                for (f, t) in files.iter().zip(r.per_position(states.len())) {
                    let name = f
                        .file_stem()
                        .map_or_else(String::new, |s| s.to_string_lossy().into());
                    table.push_str(&format!(
                        "{name:<26} {:>5}  {:.3}   {} / {} / {}\n",
                        t.games, t.score, t.won, t.split, t.lost
                    ));
                }
            }
            Ok(table + &format!(
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
    use crate::tools::tournament::options::{parse, Parsed, USAGE};
    match parse(args).map_err(CliError::input)? {
        Parsed::Help => Ok(USAGE.to_string()),
        Parsed::Run(cfg) => {
            let mut out = std::io::stdout();
            crate::tools::tournament::run(&cfg, &mut out)
                .map(|_| String::new())
                .map_err(|e| CliError {
                    code: e.code,
                    message: e.message,
                    stdout: String::new(),
                })
        }
    }
}

/// A front-end that could not write its output (the protocol's, the analysis mode's).
fn output_error(e: impl std::fmt::Display) -> CliError {
    CliError {
        code: EXIT_IO,
        message: format!("cannot write the output: {e}"),
        stdout: String::new(),
    }
}
