//! The process's stop requests, watched in one place: Ctrl-C (SIGINT) for
//! every command, and SIGTERM too on Unix for the long-running ones
//! (`watch`, `mcp`).

use crate::words::SessionWords;
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tidyup_core::Lang;
use tokio::sync::Notify;

use crate::console::outln;
use crate::transport::Cancel;

/// Ctrl-C requests `cancel` (once is enough: the request stays set).
pub fn cancel_on_ctrl_c(cancel: Cancel) {
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            cancel.request();
        }
    });
}

/// Ctrl-C in an interactive session, watched from [`SessionInterrupts::watch`] on.
///
/// During a turn, the first press cancels it (it stops after the file in
/// progress), the second ends the session once the turn has stopped, through
/// the session's normal end (the journal line is printed), and a third
/// leaves at once, with `last_words` said first (status 130). At the prompt,
/// the first press says how to leave and the second, with no line typed
/// between them, ends the session through its normal end.
#[derive(Clone)]
pub struct SessionInterrupts {
    inner: Arc<SessionState>,
}

struct SessionState {
    cancel: Cancel,
    lang: Lang,
    turn_running: AtomicBool,
    /// Presses since the prompt came back or the turn started.
    presses: AtomicUsize,
    leave: AtomicBool,
    left: Notify,
    last_words: Box<dyn Fn() + Send + Sync>,
}

impl SessionInterrupts {
    /// Starts watching Ctrl-C for a session whose turns stop at `cancel`.
    pub fn watch(cancel: Cancel, lang: Lang, last_words: Box<dyn Fn() + Send + Sync>) -> Self {
        let interrupts = Self::new(cancel, lang, last_words);
        let watcher = interrupts.clone();
        tokio::spawn(async move {
            while tokio::signal::ctrl_c().await.is_ok() {
                watcher.pressed();
            }
        });
        interrupts
    }

    /// The state, told of presses only through [`SessionInterrupts::pressed`].
    fn new(cancel: Cancel, lang: Lang, last_words: Box<dyn Fn() + Send + Sync>) -> Self {
        Self {
            inner: Arc::new(SessionState {
                cancel,
                lang,
                turn_running: AtomicBool::new(false),
                presses: AtomicUsize::new(0),
                leave: AtomicBool::new(false),
                left: Notify::new(),
                last_words,
            }),
        }
    }

    /// A turn starts: its first Ctrl-C cancels it.
    pub fn turn_started(&self) {
        self.inner.presses.store(0, Ordering::SeqCst);
        self.inner.turn_running.store(true, Ordering::SeqCst);
    }

    /// The turn ended; the prompt comes back.
    pub fn turn_ended(&self) {
        self.inner.turn_running.store(false, Ordering::SeqCst);
        self.inner.presses.store(0, Ordering::SeqCst);
    }

    /// One Ctrl-C, as a signal or read as a key by the line editor.
    pub fn pressed(&self) {
        let state = &self.inner;
        let presses = state.presses.fetch_add(1, Ordering::SeqCst) + 1;
        let lang = state.lang;
        match (state.turn_running.load(Ordering::SeqCst), presses) {
            (true, 1) => state.cancel.request(),
            (true, 2) => {
                outln!("{}", lang.leaving_after_turn());
                self.ask_to_leave();
            }
            (true, _) => {
                (state.last_words)();
                std::process::exit(130);
            }
            (false, 1) => outln!("{}", lang.ctrl_c_again_to_leave()),
            (false, _) => self.ask_to_leave(),
        }
    }

    fn ask_to_leave(&self) {
        self.inner.leave.store(true, Ordering::SeqCst);
        self.inner.left.notify_waiters();
    }

    /// Whether Ctrl-C asked the session to end.
    pub fn leave_asked(&self) -> bool {
        self.inner.leave.load(Ordering::SeqCst)
    }

    /// Resolves once Ctrl-C asks the session to end.
    pub async fn leaving(&self) {
        loop {
            let notified = self.inner.left.notified();
            if self.leave_asked() {
                return;
            }
            notified.await;
        }
    }
}

/// A request to stop the whole process: Ctrl-C or, on Unix, SIGTERM.
/// Signals are watched from [`StopSignals::listen`] on, none is missed.
pub struct StopSignals {
    #[cfg(unix)]
    terminate: Option<tokio::signal::unix::Signal>,
}

impl StopSignals {
    /// Starts watching; fails when SIGTERM cannot be watched.
    pub fn listen() -> io::Result<Self> {
        Ok(Self {
            #[cfg(unix)]
            terminate: Some(tokio::signal::unix::signal(
                tokio::signal::unix::SignalKind::terminate(),
            )?),
        })
    }

    /// Starts watching; only Ctrl-C when SIGTERM cannot be watched.
    pub fn listen_or_ctrl_c_only() -> Self {
        Self::listen().unwrap_or(Self {
            #[cfg(unix)]
            terminate: None,
        })
    }

    /// Resolves at the first stop request.
    pub async fn received(self) {
        #[cfg(unix)]
        {
            let mut terminate_signal = self.terminate;
            let terminate = async {
                match &mut terminate_signal {
                    Some(signal) => {
                        signal.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                () = terminate => {}
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interrupts() -> (SessionInterrupts, Cancel) {
        let cancel = Cancel::default();
        let interrupts = SessionInterrupts::new(cancel.clone(), Lang::En, Box::new(|| {}));
        (interrupts, cancel)
    }

    #[test]
    fn during_a_turn_the_first_press_cancels_and_the_second_leaves_after_it() {
        let (interrupts, cancel) = interrupts();
        interrupts.turn_started();
        interrupts.pressed();
        assert!(cancel.is_requested());
        assert!(!interrupts.leave_asked(), "the session goes on");
        interrupts.pressed();
        assert!(interrupts.leave_asked(), "the session ends, normally");
    }

    #[test]
    fn at_the_prompt_two_presses_in_a_row_leave() {
        let (interrupts, cancel) = interrupts();
        interrupts.pressed();
        assert!(!interrupts.leave_asked());
        interrupts.turn_started();
        interrupts.turn_ended();
        interrupts.pressed();
        assert!(
            !interrupts.leave_asked(),
            "a line between presses starts over"
        );
        interrupts.pressed();
        assert!(interrupts.leave_asked());
        assert!(!cancel.is_requested(), "no turn to cancel");
    }
}
