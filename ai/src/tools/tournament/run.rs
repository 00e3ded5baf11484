//! Running a tournament (TOURNAMENTS.md §11 "Parallel games and reproducibility"): games on a
//! rayon pool, results printed in game order, records written and resumed, the SPRT evaluated
//! in game order, and the summary.

use super::external::{ExternalEngine, Fault, FaultKind};
use super::game::{Player, Table};
use super::options::{Config, EngineKind, ExternalSpec, Order};
use super::progress::Progress;
use super::record::{GameRecord, RecordWriter};
use super::report::{Outcome, Standings, Summary};
use super::schedule::{encounters, load_positions, mix, schedule, Job, Position};
use super::stats::{Penta, Verdict};
use super::{game, record, report};
use engine::Side;
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A tournament that could not run or stopped early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunError {
    /// 2 for bad input (flags, files, engines that do not start), 1 for a tournament stopped
    /// by a crashed engine or a record that cannot be written.
    pub code: i32,
    /// What happened.
    pub message: String,
}

fn input(message: impl Into<String>) -> RunError {
    RunError {
        code: 2,
        message: message.into(),
    }
}

/// Checks recorded games against the schedule; returns their outcomes.
fn resumed(
    cfg: &Config,
    jobs: &[Job],
    positions: &[Position],
    records: &[GameRecord],
) -> Result<Vec<Outcome>, String> {
    let names: Vec<&str> = cfg.engines.iter().map(|e| e.name.as_str()).collect();
    records
        .iter()
        .map(|r| {
            let job = jobs
                .get((r.game.max(1) - 1) as usize)
                .filter(|j| j.game == r.game)
                .ok_or_else(|| {
                    format!("game {} is not in this tournament ({} games)", r.game, jobs.len())
                })?;
            let want = (names[job.sides[0]], names[job.sides[1]], job.seed, positions[job.position].name.as_str());
            let got = (r.side_a.as_str(), r.side_b.as_str(), r.seed, r.position.as_str());
            if want != got {
                return Err(format!(
                    "game {} was played as {} vs {} on {} with seed {}, but these flags schedule {} vs \
                     {} on {} with seed {}: resume with the flags of the first run, or use another -out",
                    r.game, got.0, got.1, got.3, got.2, want.0, want.1, want.3, want.2
                ));
            }
            Ok(Outcome::of(r, job.sides))
        })
        .collect()
}

struct Live<'a> {
    out: &'a mut (dyn Write + Send),
    outcomes: BTreeMap<u64, Outcome>,
    fresh: BTreeSet<u64>,
    lines: BTreeMap<u64, String>,
    prefix: usize,
    sprt_penta: Penta,
    sprt_llr: f64,
    verdict: Option<Verdict>,
    crash_stop: Option<String>,
    write_error: Option<String>,
}

struct Shared<'a> {
    cfg: &'a Config,
    names: Vec<String>,
    jobs: &'a [Job],
    positions: &'a [Position],
    todo: Vec<usize>,
    next: AtomicUsize,
    stop: AtomicBool,
    cut: AtomicU64,
    pools: Vec<Mutex<Vec<ExternalEngine>>>,
    writer: Option<Mutex<RecordWriter>>,
    live: Mutex<Live<'a>>,
    bar: Progress,
}

impl Shared<'_> {
    fn worker(&self) {
        while !self.stop.load(Ordering::SeqCst) {
            let k = self.next.fetch_add(1, Ordering::SeqCst);
            let Some(&j) = self.todo.get(k) else { break };
            let job = &self.jobs[j];
            if job.game > self.cut.load(Ordering::SeqCst) {
                break;
            }
            if let Some(r) = self.play(job) {
                self.finish(job, r);
            }
        }
    }

    /// An idle instance of an external engine, ready for a new game, or a new one.
    fn acquire(&self, e: usize, spec: &ExternalSpec) -> Result<ExternalEngine, Fault> {
        loop {
            let idle = self.pools[e]
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .pop();
            let Some(mut eng) = idle else { break };
            match eng.new_game() {
                Ok(()) => return Ok(eng),
                Err(m) if !self.cfg.recover => {
                    return Err(Fault {
                        kind: FaultKind::Crash,
                        detail: format!("the engine died between games: {m}"),
                    })
                }
                Err(_) => drop(eng),
            }
        }
        ExternalEngine::start(spec).map_err(|m| Fault {
            kind: FaultKind::Crash,
            detail: format!("cannot start the engine: {m}"),
        })
    }

    fn play(&self, job: &Job) -> Option<GameRecord> {
        let pos = &self.positions[job.position];
        let mut players: [Option<Player>; 2] = [None, None];
        let mut prefault = None;
        for side in [Side::A, Side::B] {
            let e = job.sides[side.index()];
            match &self.cfg.engines[e].kind {
                EngineKind::Internal(spec) => {
                    players[side.index()] =
                        Some(Player::Internal(spec.build(mix(job.seed, e as u64 + 1))))
                }
                EngineKind::External(spec) if prefault.is_none() => match self.acquire(e, spec) {
                    Ok(eng) => players[side.index()] = Some(Player::External(eng)),
                    Err(f) => prefault = Some((side, f)),
                },
                EngineKind::External(_) => {}
            }
        }
        let table = Table {
            game: job.game,
            round: job.round,
            pair: job.pair,
            position: &pos.name,
            start: &pos.start,
            start_line: &pos.line,
            state: &pos.state,
            seed: job.seed,
            names: [&self.names[job.sides[0]], &self.names[job.sides[1]]],
            max_decisions: self.cfg.max_decisions,
        };
        let abort = || job.game > self.cut.load(Ordering::SeqCst);
        let played = game::play(&table, players, prefault, &abort);
        for (k, p) in played.players.into_iter().enumerate() {
            if let Some(Player::External(eng)) = p {
                self.pools[job.sides[k]]
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(eng);
            }
        }
        if let Some((side, f)) = &played.fault {
            if f.kind.is_fatal() && !self.cfg.recover {
                let name = &self.names[job.sides[side.index()]];
                let mut live = self.live.lock().unwrap_or_else(|p| p.into_inner());
                live.crash_stop.get_or_insert(format!(
                    "engine {name} failed in game {} ({}: {}); the tournament stopped \
                     (add -recover to restart crashed or hung engines)",
                    job.game,
                    f.kind.name(),
                    f.detail
                ));
                self.stop.store(true, Ordering::SeqCst);
            }
        }
        played.record
    }

    fn finish(&self, job: &Job, r: GameRecord) {
        if let Some(w) = &self.writer {
            if let Err(e) = w.lock().unwrap_or_else(|p| p.into_inner()).write(&r) {
                let mut live = self.live.lock().unwrap_or_else(|p| p.into_inner());
                live.write_error.get_or_insert(e);
                self.stop.store(true, Ordering::SeqCst);
            }
        }
        let outcome = Outcome::of(&r, job.sides);
        let line = game_line(&self.names, job, &r);
        let mut live = self.live.lock().unwrap_or_else(|p| p.into_inner());
        live.outcomes.insert(job.game, outcome);
        live.fresh.insert(job.game);
        live.lines.insert(job.game, line);
        self.advance(&mut live);
        let msg = running_score(&self.names, &live.outcomes);
        self.bar.game_done(msg);
    }

    /// Moves the in-order prefix over the finished games: prints their lines, feeds the SPRT
    /// pair by pair, prints the standings every `-ratinginterval` games.
    fn advance(&self, live: &mut Live<'_>) {
        while let Some(job) = self.jobs.get(live.prefix) {
            if !live.outcomes.contains_key(&job.game) || job.game > self.cut.load(Ordering::SeqCst)
            {
                break;
            }
            live.prefix += 1;
            if let Some(line) = live.lines.remove(&job.game) {
                if !self.cfg.quiet {
                    let out = &mut *live.out;
                    self.bar.suspend(|| {
                        let _ = out.write_all(line.as_bytes());
                        let _ = out.flush();
                    });
                }
            }
            if let (Some(t), true) = (&self.cfg.sprt, job.game % 2 == 0) {
                let (first, second) = (&live.outcomes[&(job.game - 1)], &live.outcomes[&job.game]);
                live.sprt_penta.add(first.score_of(0), second.score_of(0));
                live.sprt_llr = t.llr(&live.sprt_penta);
                live.verdict = t.verdict(live.sprt_llr);
                if live.verdict.is_some() {
                    self.cut.store(job.game, Ordering::SeqCst);
                    self.stop.store(true, Ordering::SeqCst);
                }
            }
            let n = self.cfg.rating_interval;
            if n > 0 && !self.cfg.quiet && job.game % n == 0 && live.fresh.contains(&job.game) {
                let s = self.standings(&live.outcomes, job.game);
                let text = report::score_lines(&self.names, &s);
                let out = &mut *live.out;
                self.bar.suspend(|| {
                    let _ = out.write_all(text.as_bytes());
                    let _ = out.flush();
                });
            }
        }
    }

    fn standings(&self, outcomes: &BTreeMap<u64, Outcome>, upto: u64) -> Standings {
        let counted: BTreeMap<u64, &Outcome> =
            outcomes.range(..=upto).map(|(g, o)| (*g, o)).collect();
        report::standings(
            self.names.len(),
            &encounters(self.cfg.format, self.names.len()),
            &counted,
        )
    }
}

/// The line printed when a game ends (cutechess: `Finished game 3 (A vs B): 1-0 {…}`).
fn game_line(names: &[String], job: &Job, r: &GameRecord) -> String {
    let why = match r.engine_faults.first() {
        Some(f) => format!(
            "{} {}: {}",
            f.engine,
            match f.kind.as_str() {
                "crash" => "crashed",
                "hang" => "hung",
                "time_loss" => "lost on time",
                _ => "played an illegal action",
            },
            f.detail
        ),
        None => match r.termination {
            record::Termination::MaxDecisions => {
                format!(
                    "{} decisions without an end, scored as the game stands",
                    r.decisions.len()
                )
            }
            _ => format!(
                "{}, {} decisions",
                match r.result.as_str() {
                    "1-0" => "side A wins",
                    "0-1" => "side B wins",
                    _ => "draw",
                },
                r.decisions.len()
            ),
        },
    };
    format!(
        "Finished game {} ({} vs {}): {} {{{why}}}\n",
        job.game, names[job.sides[0]], names[job.sides[1]], r.result
    )
}

/// The running score for the progress bar: the first engine's points.
fn running_score(names: &[String], outcomes: &BTreeMap<u64, Outcome>) -> String {
    let (mut pts, mut n) = (0.0, 0u64);
    for o in outcomes.values().filter(|o| o.sides.contains(&0)) {
        pts += o.score_of(0);
        n += 1;
    }
    format!(
        "{} {pts}/{n} ({:.1}%)",
        names[0],
        100.0 * pts / n.max(1) as f64
    )
}

/// Runs a tournament, printing to `out` as it goes; the final report ends the output.
///
/// # Errors
/// A [`RunError`]: bad positions, engines that do not start, a record file that does not fit
/// (code 2); or a tournament stopped by a crashed engine or a failed write (code 1), after its
/// report was printed.
pub fn run(cfg: &Config, out: &mut (dyn Write + Send)) -> Result<Summary, RunError> {
    let t0 = Instant::now();
    let positions = load_positions(&cfg.positions).map_err(input)?;
    let jobs = schedule(cfg, positions.len());
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let mut previous = Vec::new();
    let mut notes = String::new();
    if let Some(path) = &cfg.out {
        let exists = std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        if cfg.resume && exists {
            let f = record::read_records(path).map_err(|e| input(format!("-resume: {e}")))?;
            previous = resumed(cfg, &jobs, &positions, &f.records)
                .map_err(|e| input(format!("-resume {}: {e}", path.display())))?;
            if let Some((line, _)) = f.truncated {
                let w = format!(
                    "warning: {} line {line} was cut short by an interrupted write; it is \
                     dropped and that game is played again",
                    path.display()
                );
                eprintln!("{w}");
            }
            record::repair(path, &f).map_err(input)?;
            notes.push_str(&format!(
                "Resuming {}: {} game(s) already recorded\n",
                path.display(),
                previous.len()
            ));
        } else if exists && !cfg.resume {
            return Err(input(format!(
                "-out {}: the file exists; add -resume to continue its tournament, or choose \
                 another file",
                path.display()
            )));
        }
    }
    let writer = match &cfg.out {
        Some(p) => Some(Mutex::new(RecordWriter::append(p).map_err(input)?)),
        None => None,
    };
    // Start every external engine once now: a command that does not start or speak the
    // protocol is reported before any game is played.
    let mut pools = Vec::new();
    for e in &cfg.engines {
        let mut pool = Vec::new();
        if let EngineKind::External(spec) = &e.kind {
            let eng = ExternalEngine::start(spec)
                .map_err(|m| input(format!("engine {}: {m}", e.name)))?;
            pool.push(eng);
        }
        pools.push(Mutex::new(pool));
    }
    let done: BTreeSet<u64> = previous.iter().map(|o| o.game).collect();
    let todo: Vec<usize> = (0..jobs.len())
        .filter(|&j| !done.contains(&jobs[j].game))
        .collect();
    if !cfg.quiet {
        let _ = write!(
            out,
            "Tournament: {} of {} engines ({}), {} round(s) × {} encounter(s) × {} games = {} games \
             in pairs with the same dice\nPositions: {} ({}); srand {}; concurrency {}\n{notes}",
            cfg.format.name(),
            names.len(),
            names.join(", "),
            cfg.rounds,
            encounters(cfg.format, names.len()).len(),
            cfg.games,
            jobs.len(),
            positions.len(),
            if cfg.order == Order::Random { "shuffled" } else { "in order" },
            cfg.srand,
            cfg.concurrency
        );
    }
    let shared = Shared {
        cfg,
        names: names.clone(),
        jobs: &jobs,
        positions: &positions,
        bar: Progress::new(todo.len() as u64, cfg.progress),
        todo,
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        cut: AtomicU64::new(u64::MAX),
        pools,
        writer,
        live: Mutex::new(Live {
            out,
            outcomes: previous.into_iter().map(|o| (o.game, o)).collect(),
            fresh: BTreeSet::new(),
            lines: BTreeMap::new(),
            prefix: 0,
            sprt_penta: Penta::default(),
            sprt_llr: 0.0,
            verdict: None,
            crash_stop: None,
            write_error: None,
        }),
    };
    {
        let mut live = shared.live.lock().unwrap_or_else(|p| p.into_inner());
        shared.advance(&mut live);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.concurrency)
        .build()
        .map_err(|e| input(format!("-concurrency: {e}")))?;
    // One worker per thread (broadcast): a worker never runs inside another's nested rayon
    // work (an MCTS with threads= uses the same pool), so games do not wait on each other.
    pool.broadcast(|_| shared.worker());
    shared.bar.finish();
    for p in &shared.pools {
        for eng in p.lock().unwrap_or_else(|p| p.into_inner()).drain(..) {
            eng.quit();
        }
    }
    let cut = shared.cut.load(Ordering::SeqCst);
    let live = shared.live.into_inner().unwrap_or_else(|p| p.into_inner());
    // Games finished after a gap (a stop) are printed now, in order.
    for (g, line) in &live.lines {
        if !cfg.quiet && *g <= cut {
            let _ = live.out.write_all(line.as_bytes());
        }
    }
    let counted: BTreeMap<u64, &Outcome> =
        live.outcomes.range(..=cut).map(|(g, o)| (*g, o)).collect();
    let s = report::standings(names.len(), &encounters(cfg.format, names.len()), &counted);
    let mut text = String::from("\n");
    text.push_str(&report::table(&names, &s));
    text.push('\n');
    text.push_str(&report::pair_lines(&names, &s));
    let mut summary = Summary::new(&names, &s, jobs.len() as u64, t0.elapsed().as_secs_f64());
    if let Some(t) = &cfg.sprt {
        // Undecided: the test over every counted pair.
        let (llr, verdict) = match live.verdict {
            Some(v) => (live.sprt_llr, Some(v)),
            None => {
                let p = s.pairs[0].penta;
                (t.llr(&p), None)
            }
        };
        text.push_str(&report::sprt_line(t, llr, verdict));
        let (lower, upper) = t.bounds();
        summary.sprt = Some(report::SprtSummary {
            test: *t,
            llr,
            lower,
            upper,
            verdict,
        });
    }
    let played = live.fresh.iter().filter(|&&g| g <= cut).count();
    text.push_str(&format!(
        "Played {played} game(s) in {:.1} s ({} counted of {} scheduled; concurrency {})\n",
        summary.seconds,
        counted.len(),
        jobs.len(),
        cfg.concurrency
    ));
    if let Some(p) = &cfg.out {
        text.push_str(&format!("Game records: {}\n", p.display()));
    }
    let _ = live.out.write_all(text.as_bytes());
    let _ = live.out.flush();
    if let Some(p) = &cfg.summary {
        let json = serde_json::to_string_pretty(&summary).unwrap_or_default() + "\n";
        std::fs::write(p, json).map_err(|e| RunError {
            code: 1,
            message: format!("-summary {}: cannot write: {e}", p.display()),
        })?;
    }
    if let Some(m) = live.write_error.or(live.crash_stop) {
        return Err(RunError {
            code: 1,
            message: m,
        });
    }
    Ok(summary)
}
