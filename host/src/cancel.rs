//! Cancelling a turn: Ctrl-C sets a flag that the imported host functions
//! and the remote requests watch, so an in-flight model call, a stream, a
//! retry wait or a request to a remote server ends at once with a
//! `cancelled` error, and the core closes the turn cleanly.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::Notify;

/// A cancellation request shared by the session and the host functions.
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    inner: Arc<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    requested: AtomicBool,
    notify: Notify,
}

impl Cancel {
    /// Asks the current turn to stop.
    pub fn request(&self) {
        self.inner.requested.store(true, Ordering::SeqCst);
        self.inner.notify.notify_waiters();
    }

    /// Whether a stop was asked since the last [`Cancel::reset`].
    pub fn is_requested(&self) -> bool {
        self.inner.requested.load(Ordering::SeqCst)
    }

    /// Clears the request (a new turn starts).
    pub fn reset(&self) {
        self.inner.requested.store(false, Ordering::SeqCst);
    }

    /// Resolves once a stop is asked.
    pub async fn requested(&self) {
        loop {
            let notified = self.inner.notify.notified();
            if self.is_requested() {
                return;
            }
            notified.await;
        }
    }

    /// Runs `work` unless a stop is asked first (then `None`).
    pub async fn run<F: Future>(&self, work: F) -> Option<F::Output> {
        if self.is_requested() {
            return None;
        }
        tokio::select! {
            output = work => Some(output),
            () = self.requested() => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn a_request_interrupts_running_work() {
        let cancel = Cancel::default();
        let trigger = cancel.clone();
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(20)).await;
            trigger.request();
        });
        let slow = cancel
            .run(tokio::time::sleep(Duration::from_secs(30)))
            .await;
        assert!(slow.is_none());
        assert!(
            cancel.run(async { 1 }).await.is_none(),
            "stays requested until reset"
        );
        cancel.reset();
        assert_eq!(cancel.run(async { 1 }).await, Some(1));
    }
}
