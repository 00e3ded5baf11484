//! The live progress bar of a tournament (indicatif): games done, ETA and the running score,
//! on standard error, and only when standard error is a terminal and it was not turned off
//! (`-quiet`, `-no-progress`) — tests, pipes and CI logs get no control characters.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// The bar (hidden when it must not be drawn; every call is then a no-op).
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` games, drawn if `enabled` and standard error is a terminal.
    pub fn new(total: u64, enabled: bool) -> Progress {
        if !enabled || !std::io::stderr().is_terminal() {
            return Progress {
                bar: ProgressBar::hidden(),
            };
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} games, ETA {eta}  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        Progress { bar }
    }

    /// One more game finished; `msg` is the running score.
    pub fn game_done(&self, msg: String) {
        self.bar.inc(1);
        self.bar.set_message(msg);
    }

    /// Runs `f` (which prints) with the bar cleared, so lines never mix with it.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
