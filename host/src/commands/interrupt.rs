//! The process's stop requests, watched in one place: Ctrl-C (SIGINT) for
//! every command, and SIGTERM too on Unix for the long-running ones
//! (`watch`, `mcp`).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::transport::Cancel;

/// Ctrl-C requests `cancel` (once is enough: the request stays set).
pub fn cancel_on_ctrl_c(cancel: Cancel) {
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            cancel.request();
        }
    });
}

/// Ctrl-C cancels a running turn; it exits (status 130) when no turn runs
/// or on a second press during one.
pub fn cancel_turn_on_ctrl_c(cancel: Cancel, turn_running: Arc<AtomicBool>) {
    tokio::spawn(async move {
        while tokio::signal::ctrl_c().await.is_ok() {
            if !turn_running.load(Ordering::SeqCst) || cancel.is_requested() {
                std::process::exit(130);
            }
            cancel.request();
        }
    });
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
    pub async fn received(mut self) {
        #[cfg(unix)]
        {
            let terminate = async {
                match &mut self.terminate {
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
