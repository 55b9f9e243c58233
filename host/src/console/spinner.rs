//! The spinner on standard error while the model is awaited.

use crate::words::WatchWords;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tidyup_core::Lang;

use super::{DIM, RESET, colour_allowed};
use crate::runtime::ModelWait;

/// A spinner on standard error while the model is awaited; does nothing
/// unless standard error is a terminal and `NO_COLOR` is unset.
#[derive(Debug, Clone)]
pub struct Spinner {
    enabled: bool,
    /// What it says while it spins.
    words: String,
}

impl Spinner {
    /// A spinner that shows, in `lang`, when standard error is a terminal.
    pub fn detect(lang: Lang) -> Self {
        Self {
            enabled: colour_allowed() && std::io::stderr().is_terminal(),
            words: lang.waiting_for_model(),
        }
    }

    /// Starts spinning until the guard is dropped.
    pub fn start(&self) -> SpinnerGuard {
        let running = Arc::new(AtomicBool::new(self.enabled));
        if self.enabled {
            let flag = running.clone();
            let words = self.words.clone();
            tokio::spawn(async move {
                const FRAMES: [&str; 4] = ["|", "/", "-", "\\"];
                let mut frame = 0;
                // A short grace period: quick answers show no spinner at all.
                tokio::time::sleep(Duration::from_millis(150)).await;
                while flag.load(Ordering::SeqCst) {
                    let _ = write!(
                        std::io::stderr(),
                        "\r{DIM}{} {words}{RESET}",
                        FRAMES[frame % 4]
                    );
                    frame += 1;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            });
        }
        SpinnerGuard { running }
    }
}

/// Stops its spinner (and clears its line) when dropped.
pub struct SpinnerGuard {
    running: Arc<AtomicBool>,
}

impl Drop for SpinnerGuard {
    fn drop(&mut self) {
        if self.running.swap(false, Ordering::SeqCst) {
            let _ = write!(std::io::stderr(), "\r\x1b[2K");
        }
    }
}

impl ModelWait for Spinner {
    fn started(&self) -> Box<dyn Send> {
        Box::new(self.start())
    }
}
