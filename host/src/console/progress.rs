//! The progress bar of bulk moves on a terminal: what is being done (in
//! the session's language), done/total, the rate in files a second and the
//! time left, drawn on standard error and cleared when the tool's own line
//! is printed.

use crate::words::BulkWords;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use tidyup_core::Lang;

/// A progress bar that shows only when enabled (a terminal, colours
/// allowed); otherwise every call does nothing.
#[derive(Debug, Clone, Default)]
pub struct BulkProgress {
    enabled: bool,
    lang: Lang,
    bar: Option<ProgressBar>,
}

impl BulkProgress {
    /// A bar that shows when `enabled`.
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            lang: Lang::En,
            bar: None,
        }
    }

    /// The same bar wording its rate and time left in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// Shows `done` of `total` for the work `label`, starting a bar on the
    /// first call of a batch. The rate is measured from that first call:
    /// the work done before it (the first batch, done at once) is not taken
    /// for a speed.
    pub fn update(&mut self, done: u64, total: u64, label: &str) {
        if !self.enabled {
            return;
        }
        let lang = self.lang;
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let style = ProgressStyle::with_template(
                "{msg} [{bar:30}] {human_pos}/{human_len} ({rate}, {left})",
            )
            .map(|style| {
                style
                    .progress_chars("=> ")
                    .with_key(
                        "rate",
                        move |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                            let _ = out.write_str(&lang.files_per_second(state.per_sec()));
                        },
                    )
                    .with_key(
                        "left",
                        move |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                            let _ = out.write_str(&lang.time_left(state.eta().as_secs()));
                        },
                    )
            });
            if let Ok(style) = style {
                bar.set_style(style);
            }
            bar.set_message(label.to_owned());
            // The first batch is done before the bar exists: start counting
            // the rate from here.
            bar.set_position(done);
            bar.reset_eta();
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
