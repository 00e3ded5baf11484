//! The referee's commands on a position file (product role: rules referee; POSITIONS.md §9
//! "Action notation"): `wartime show`, `wartime legal` and `wartime apply`, and the catalogue
//! path of a position written elsewhere.

use crate::input::{load, CliError, EXIT_INPUT, EXIT_IO};
use crate::view::render;
use engine::basics::check::EventText;
use engine::basics::dice::ScriptedDice;
use engine::setup::{CatalogueSetup, Setup};
use engine::{ActKind, Action, ActionError, Log, State};
use std::fmt::Write;
use std::path::{Component, Path, PathBuf};

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
                if let ActKind::Area { weapon, at } = *kind {
                    let _ = write!(s, "  # {}", render::area_cover_text(st, who, weapon, at));
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

#[cfg(test)]
mod tests {
    use super::*;

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
