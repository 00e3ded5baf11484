//! The session's options (PROTOCOL.md §4 "Options": `setoption`, announced in the
//! handshake): their values, types, ranges and defaults.

/// Iterations of a `go` without limits when neither the `Iterations` nor the `MoveTime`
/// option sets one.
pub const DEFAULT_ITERATIONS: u64 = 1000;

/// The session options (`setoption`).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Search threads.
    pub threads: usize,
    /// Seed of the search.
    pub seed: u64,
    /// Seed of the referee's dice stream (dice not supplied by the caller).
    pub dice_seed: u64,
    /// Default iteration limit of `go` (0: none).
    pub iterations: u64,
    /// Default time limit of `go` in milliseconds (0: none).
    pub movetime: u64,
    /// Most nodes per search tree (0: the engine's default).
    pub nodes: usize,
    /// Candidates reported by `info` (1 = only the best).
    pub multipv: usize,
    /// Least milliseconds between two periodic `info` reports (0: every report).
    pub info_interval: u64,
    /// Refuse an action that needs more dice than supplied instead of drawing them.
    pub strict_dice: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 1,
            seed: 1,
            dice_seed: 0,
            iterations: DEFAULT_ITERATIONS,
            movetime: 0,
            nodes: 0,
            multipv: 1,
            info_interval: 250,
            strict_dice: false,
        }
    }
}

/// The type of an option, as announced in the handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// An integer in `min..=max`.
    Spin {
        /// Least value.
        min: u64,
        /// Greatest value.
        max: u64,
    },
    /// `true` or `false`.
    Check,
}

/// One option: its name, type and what it does.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// Name (matched case-insensitively).
    pub name: &'static str,
    /// Type.
    pub kind: OptionKind,
    /// One line of help.
    pub help: &'static str,
}

/// Every option, in the order of the handshake.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "Threads",
        kind: OptionKind::Spin { min: 1, max: 256 },
        help: "search threads",
    },
    OptionSpec {
        name: "Seed",
        kind: OptionKind::Spin {
            min: 0,
            max: u64::MAX,
        },
        help: "seed of the search (same seed, threads and iterations: same answer)",
    },
    OptionSpec {
        name: "DiceSeed",
        kind: OptionKind::Spin {
            min: 0,
            max: u64::MAX,
        },
        help: "seed of the dice stream that rolls the dice the caller does not supply; \
               the stream restarts at every position command",
    },
    OptionSpec {
        name: "Iterations",
        kind: OptionKind::Spin {
            min: 0,
            max: u64::MAX,
        },
        help: "iteration limit of a go without limits (0: none)",
    },
    OptionSpec {
        name: "MoveTime",
        kind: OptionKind::Spin {
            min: 0,
            max: 86_400_000,
        },
        help: "time limit in ms of a go without limits (0: none)",
    },
    OptionSpec {
        name: "Nodes",
        kind: OptionKind::Spin {
            min: 0,
            max: 1_000_000_000,
        },
        help: "most nodes per search tree (0: 2000000)",
    },
    OptionSpec {
        name: "MultiPV",
        kind: OptionKind::Spin { min: 1, max: 64 },
        help: "candidates reported by info",
    },
    OptionSpec {
        name: "InfoInterval",
        kind: OptionKind::Spin {
            min: 0,
            max: 3_600_000,
        },
        help: "least ms between periodic info reports (0: every report)",
    },
    OptionSpec {
        name: "StrictDice",
        kind: OptionKind::Check,
        help: "refuse an action that needs more dice than supplied instead of drawing them",
    },
];

impl Options {
    /// The current value of an option, as text.
    pub fn value(&self, spec: &OptionSpec) -> String {
        match spec.name {
            "Threads" => self.threads.to_string(),
            "Seed" => self.seed.to_string(),
            "DiceSeed" => self.dice_seed.to_string(),
            "Iterations" => self.iterations.to_string(),
            "MoveTime" => self.movetime.to_string(),
            "Nodes" => self.nodes.to_string(),
            "MultiPV" => self.multipv.to_string(),
            "InfoInterval" => self.info_interval.to_string(),
            "StrictDice" => self.strict_dice.to_string(),
            _ => String::new(),
        }
    }

    /// Sets an option by name (case-insensitive) from text.
    ///
    /// # Errors
    /// A message naming the unknown option or the bad value.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let Some(spec) = OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
            let known: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
            return Err(format!(
                "unknown option \"{name}\" (options: {})",
                known.join(", ")
            ));
        };
        let value = value.trim();
        match spec.kind {
            OptionKind::Spin { min, max } => {
                let v: u64 = value.parse().map_err(|_| {
                    format!(
                        "option {}: \"{value}\" is not an integer in {min}..={max}",
                        spec.name
                    )
                })?;
                if v < min || v > max {
                    return Err(format!(
                        "option {}: {v} is outside {min}..={max}",
                        spec.name
                    ));
                }
                match spec.name {
                    "Threads" => self.threads = v as usize,
                    "Seed" => self.seed = v,
                    "DiceSeed" => self.dice_seed = v,
                    "Iterations" => self.iterations = v,
                    "MoveTime" => self.movetime = v,
                    "Nodes" => self.nodes = v as usize,
                    "MultiPV" => self.multipv = v as usize,
                    "InfoInterval" => self.info_interval = v,
                    _ => {}
                }
            }
            OptionKind::Check => {
                let v = match value.to_ascii_lowercase().as_str() {
                    "true" | "on" | "1" | "yes" => true,
                    "false" | "off" | "0" | "no" => false,
                    _ => {
                        return Err(format!(
                            "option {}: \"{value}\" is not true or false",
                            spec.name
                        ))
                    }
                };
                if spec.name == "StrictDice" {
                    self.strict_dice = v;
                }
            }
        }
        Ok(())
    }
}
