//! The one tab that owns the session, and its stream of events.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use serde_json::{Value, json};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// Who owns the session and where its events go. A tab claims it; a second
/// tab is refused unless it takes over (the first tab's stream then gets
/// `taken_over` and ends) or the owner's stream has closed (a tab closed or
/// reloaded).
#[derive(Clone, Default)]
pub struct Hub(Arc<Mutex<Owner>>);

#[derive(Default)]
struct Owner {
    tab: Option<String>,
    stream: Option<UnboundedSender<Value>>,
    closed: bool,
}

impl Owner {
    /// Whether a tab holds the session: claimed, and its stream (once
    /// opened) still open.
    fn held(&self) -> bool {
        self.tab.is_some() && self.stream.as_ref().is_none_or(|s| !s.is_closed())
    }
}

impl Hub {
    fn owner(&self) -> MutexGuard<'_, Owner> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Gives the session to a new tab (`id`), or `false` when another tab
    /// holds it and `take_over` is not asked.
    pub fn claim(&self, id: String, take_over: bool) -> bool {
        let mut owner = self.owner();
        if owner.held() && !take_over {
            return false;
        }
        if let Some(stream) = owner.stream.take() {
            let _ = stream.send(json!({"kind": "taken_over"}));
        }
        owner.tab = Some(id);
        true
    }

    /// Whether `tab` owns the session.
    pub fn is_owner(&self, tab: &str) -> bool {
        self.owner().tab.as_deref() == Some(tab)
    }

    /// Opens the owner's stream (ending one opened before), with `first`
    /// as its first events; `None` when `tab` is not the owner or the
    /// server is stopping.
    pub fn connect(&self, tab: &str, first: Vec<Value>) -> Option<UnboundedReceiver<Value>> {
        let mut owner = self.owner();
        if owner.closed || owner.tab.as_deref() != Some(tab) {
            return None;
        }
        let (sender, receiver) = unbounded_channel();
        for event in first {
            let _ = sender.send(event);
        }
        owner.stream = Some(sender);
        Some(receiver)
    }

    /// Sends one event to the owner's stream, if one is open.
    pub fn send(&self, event: Value) {
        if let Some(stream) = &self.owner().stream {
            let _ = stream.send(event);
        }
    }

    /// Ends the stream for good: the server is stopping.
    pub fn close(&self) {
        let mut owner = self.owner();
        owner.closed = true;
        owner.stream = None;
    }
}
