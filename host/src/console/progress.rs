//! The progress bar of bulk moves on a terminal: done/total and the rate,
//! drawn on standard error and cleared when the tool's own line is printed.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar that shows only when enabled (a terminal, colours
/// allowed); otherwise every call does nothing.
#[derive(Debug, Clone, Default)]
pub struct BulkProgress {
    enabled: bool,
    bar: Option<ProgressBar>,
}

impl BulkProgress {
    /// A bar that shows when `enabled`.
    pub fn new(enabled: bool) -> Self {
        Self { enabled, bar: None }
    }

    /// Shows `done` of `total` for the tool `label`, starting a bar on the
    /// first call of a batch.
    pub fn update(&mut self, done: u64, total: u64, label: &str) {
        if !self.enabled {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            if let Ok(style) =
                ProgressStyle::with_template("{msg} [{bar:30}] {human_pos}/{human_len} ({per_sec})")
            {
                bar.set_style(style.progress_chars("=> "));
            }
            bar.set_message(label.to_owned());
            bar
        });
        bar.set_length(total);
        bar.set_position(done);
    }

    /// Clears the bar, if one shows.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
