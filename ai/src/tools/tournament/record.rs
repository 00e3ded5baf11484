//! Game records: one JSON object per line and per game (`-out FILE`), written and flushed as
//! each game ends, so that an interrupted tournament loses no finished game; read back by
//! `-resume` and by `wartime replay`.
//!
//! A record is self-contained: the starting position as `engine::setup` writes it (with the
//! catalogue inline unless it is the shipped one), every decision in notation with every die it
//! consumed, and the result — enough to replay the game exactly without any other file.

use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// One decision of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecisionRecord {
    /// The action in notation (POSITIONS.md §9).
    pub action: String,
    /// The d10 results it consumed, in order (a d100 is two of them, tens then units).
    pub dice: Vec<u8>,
    /// The side that decided: `A` or `B`.
    pub side: String,
    /// Milliseconds the engine took (0 for a decision with a single legal action, which the
    /// tournament plays without asking).
    pub ms: u64,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The rules ended it.
    Normal,
    /// An engine crashed (or could not be started): it loses.
    Crash,
    /// An engine answered too late or not at all: it loses.
    Timeout,
    /// An engine answered an illegal action: it loses.
    Illegal,
    /// `-maxdecisions` was reached: scored as the game stands.
    MaxDecisions,
    /// Saved before its end (`wartime serve`'s "save record"): scored as the game stands.
    Adjourned,
}

impl Termination {
    /// The word written in records and game lines.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Crash => "crash",
            Termination::Timeout => "timeout",
            Termination::Illegal => "illegal",
            Termination::MaxDecisions => "max_decisions",
            Termination::Adjourned => "adjourned",
        }
    }
}

/// Something an engine did wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultRecord {
    /// The engine's name.
    pub engine: String,
    /// `crash`, `hang` (no answer even after `stop`: killed), `time_loss` or `illegal`.
    pub kind: String,
    /// The decision (1-based) it happened at; 0 before the first.
    pub decision: usize,
    /// What happened, in words.
    pub detail: String,
}

/// One game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Game number, 1-based, in schedule order.
    pub game: u64,
    /// Round, 1-based.
    pub round: u64,
    /// Pair, 1-based: games 2k-1 and 2k share position and dice, sides swapped.
    pub pair: u64,
    /// The position file it started from.
    pub position: String,
    /// The starting position (POSITIONS.md schema).
    pub start: serde_json::Value,
    /// The engine playing side A.
    pub side_a: String,
    /// The engine playing side B.
    pub side_b: String,
    /// The dice seed (the same for both games of a pair).
    pub seed: u64,
    /// Every decision, in order.
    pub decisions: Vec<DecisionRecord>,
    /// `1-0` (side A won), `0-1` or `1/2-1/2`.
    pub result: String,
    /// The result of side A and of side B (1, ½, 0).
    pub returns: [f64; 2],
    /// How it ended.
    pub termination: Termination,
    /// Faults, if any.
    #[serde(default)]
    pub engine_faults: Vec<FaultRecord>,
}

/// The result string of side A's score.
pub fn result_string(score_a: f64) -> &'static str {
    if score_a > 0.75 {
        "1-0"
    } else if score_a < 0.25 {
        "0-1"
    } else {
        "1/2-1/2"
    }
}

/// Appends records to a file, one line each, flushed at once.
pub struct RecordWriter {
    file: File,
    path: PathBuf,
}

impl RecordWriter {
    /// Opens (creates) `path` for appending.
    ///
    /// # Errors
    /// The file cannot be opened.
    pub fn append(path: &Path) -> Result<RecordWriter, String> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("-out {}: cannot open: {e}", path.display()))?;
        Ok(RecordWriter {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Writes one record as one line (a single write, so that an interruption can only cut
    /// the last line, which `-resume` recognises).
    ///
    /// # Errors
    /// The write failed.
    pub fn write(&mut self, r: &GameRecord) -> Result<(), String> {
        let mut line = serde_json::to_string(r).map_err(|e| e.to_string())?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .map_err(|e| format!("{}: cannot write game {}: {e}", self.path.display(), r.game))
    }
}

/// The records of a file.
#[derive(Clone, Debug, Default)]
pub struct RecordFile {
    /// The complete records, in file order.
    pub records: Vec<GameRecord>,
    /// A last line cut short by an interrupted write: its 1-based line number and the length
    /// of the file without it.
    pub truncated: Option<(usize, u64)>,
    /// The last record is complete but has no newline after it.
    pub missing_newline: bool,
}

/// The most bytes a record file may have when it is read back (`replay`, `--resume`): 256 MiB,
/// far above any tournament this machine plays.
pub const MAX_RECORD_BYTES: u64 = 256 << 20;

/// Reads a record file. A last line that does not parse and has no newline is an interrupted
/// write ([`RecordFile::truncated`]); any other bad line is an error.
///
/// # Errors
/// The file cannot be read, a line is not a game record, or a game number comes twice.
pub fn read_records(path: &Path) -> Result<RecordFile, String> {
    let bytes = engine::setup::read_bytes(path, MAX_RECORD_BYTES)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = RecordFile::default();
    let mut offset = 0usize;
    let mut lineno = 0usize;
    while offset < bytes.len() {
        lineno += 1;
        let end = bytes[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map(|k| offset + k);
        let line = &bytes[offset..end.unwrap_or(bytes.len())];
        let start = offset;
        offset = end.map_or(bytes.len(), |e| e + 1);
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let parsed = std::str::from_utf8(line)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<GameRecord>(t).map_err(|e| e.to_string()));
        match parsed {
            Ok(r) => {
                if out.records.iter().any(|o| o.game == r.game) {
                    return Err(format!(
                        "{} line {lineno}: game {} is recorded twice",
                        path.display(),
                        r.game
                    ));
                }
                out.missing_newline = end.is_none();
                out.records.push(r);
            }
            Err(_) if end.is_none() => out.truncated = Some((lineno, start as u64)),
            Err(e) => {
                return Err(format!(
                    "{} line {lineno}: not a game record: {e}",
                    path.display()
                ))
            }
        }
    }
    Ok(out)
}

/// Makes a record file ready for appending: cuts an interrupted last line, ends the last
/// record with a newline.
///
/// # Errors
/// The file cannot be written.
pub fn repair(path: &Path, f: &RecordFile) -> Result<(), String> {
    let fail = |e: std::io::Error| format!("{}: cannot repair: {e}", path.display());
    if let Some((_, len)) = f.truncated {
        let file = OpenOptions::new().write(true).open(path).map_err(fail)?;
        file.set_len(len).map_err(fail)?;
    } else if f.missing_newline {
        let mut file = OpenOptions::new().append(true).open(path).map_err(fail)?;
        file.write_all(b"\n").map_err(fail)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(game: u64) -> GameRecord {
        GameRecord {
            game,
            round: 1,
            pair: game.div_ceil(2),
            position: "p.json".into(),
            start: serde_json::json!({"name": "x"}),
            side_a: "a".into(),
            side_b: "b".into(),
            seed: 7,
            decisions: vec![DecisionRecord {
                action: "init a1".into(),
                dice: vec![3, 7],
                side: "A".into(),
                ms: 0,
            }],
            result: "1-0".into(),
            returns: [1.0, 0.0],
            termination: Termination::Normal,
            engine_faults: vec![],
        }
    }

    fn tmp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("wartime-record-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn write_read_and_repair_a_cut_line() {
        let p = tmp("cut");
        let mut w = RecordWriter::append(&p).unwrap();
        w.write(&record(1)).unwrap();
        w.write(&record(2)).unwrap();
        let full = std::fs::read(&p).unwrap();
        // Cut the second line in the middle: an interrupted write.
        let first_len = full.iter().position(|&b| b == b'\n').unwrap() + 1;
        std::fs::write(&p, &full[..first_len + 20]).unwrap();
        let f = read_records(&p).unwrap();
        assert_eq!(f.records.len(), 1);
        assert_eq!(f.truncated, Some((2, first_len as u64)));
        repair(&p, &f).unwrap();
        assert_eq!(std::fs::read(&p).unwrap().len(), first_len);
        let f = read_records(&p).unwrap();
        assert_eq!((f.records.len(), f.truncated), (1, None));
        // A complete last record without its newline gets one.
        std::fs::write(&p, &full[..full.len() - 1]).unwrap();
        let f = read_records(&p).unwrap();
        assert!(f.missing_newline && f.records.len() == 2);
        repair(&p, &f).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), full);
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn bad_lines_and_duplicates_are_errors() {
        let p = tmp("bad");
        let line = serde_json::to_string(&record(1)).unwrap();
        std::fs::write(&p, format!("{line}\nnot json\n{line}\n")).unwrap();
        let e = read_records(&p).unwrap_err();
        assert!(e.contains("line 2: not a game record"), "{e}");
        std::fs::write(&p, format!("{line}\n\n{line}\n")).unwrap();
        let e = read_records(&p).unwrap_err();
        assert!(e.contains("line 3: game 1 is recorded twice"), "{e}");
        let e = read_records(Path::new("/nonexistent/r.jsonl")).unwrap_err();
        assert!(e.contains("cannot read"), "{e}");
        let _ = std::fs::remove_file(&p);
    }
}
