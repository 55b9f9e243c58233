//! The core's events during a tool call: the progress of a bulk move goes
//! to the client as MCP progress notifications, when the call asked for
//! them (a `progressToken`); an error line goes to the log. Nothing else
//! is emitted by a tool call.

use std::sync::{Arc, Mutex};

use rmcp::model::{ProgressNotificationParam, ProgressToken};
use rmcp::service::{Peer, RoleServer};
use tidyup_core::{Event, EventSink};
use tokio::sync::mpsc;

use crate::console::errln;

/// Notifications waiting to be sent, at most; more are dropped (each says
/// how far the move has come, so a later one makes up for a lost one).
const QUEUED_NOTIFICATIONS: usize = 64;

/// Where progress goes during the current call, if anywhere.
struct Route {
    token: ProgressToken,
    queue: mpsc::Sender<ProgressNotificationParam>,
}

/// The event sink of the connection's core.
#[derive(Clone, Default)]
pub struct ProgressSink {
    route: Arc<Mutex<Option<Route>>>,
}

/// Progress being forwarded for one call; [`Forwarding::finish`] waits
/// until every queued notification was sent.
pub struct Forwarding {
    sink: ProgressSink,
    sender: Option<tokio::task::JoinHandle<()>>,
}

impl ProgressSink {
    /// Sends the progress of the next call to `peer` under `token` (none:
    /// the call's progress is not sent), until [`Forwarding::finish`].
    pub fn forward(&self, peer: &Peer<RoleServer>, token: Option<ProgressToken>) -> Forwarding {
        let sender = token.map(|token| {
            let (queue, mut queued) = mpsc::channel(QUEUED_NOTIFICATIONS);
            self.set(Some(Route { token, queue }));
            let peer = peer.clone();
            tokio::spawn(async move {
                while let Some(progress) = queued.recv().await {
                    if peer.notify_progress(progress).await.is_err() {
                        break;
                    }
                }
            })
        });
        Forwarding {
            sink: self.clone(),
            sender,
        }
    }

    fn set(&self, route: Option<Route>) {
        if let Ok(mut current) = self.route.lock() {
            *current = route;
        }
    }
}

impl Forwarding {
    /// Stops forwarding and waits for the notifications already queued, so
    /// they reach the client before the call's result.
    pub async fn finish(mut self) {
        self.sink.set(None);
        if let Some(sender) = self.sender.take() {
            let _ = sender.await;
        }
    }
}

impl Drop for Forwarding {
    fn drop(&mut self) {
        self.sink.set(None);
    }
}

impl EventSink for ProgressSink {
    fn emit(&mut self, event: Event) {
        match event {
            Event::Progress { done, total, text } => {
                let Ok(route) = self.route.lock() else {
                    return;
                };
                if let Some(route) = route.as_ref() {
                    let progress = ProgressNotificationParam::new(route.token.clone(), done as f64)
                        .with_total(total as f64)
                        .with_message(text);
                    let _ = route.queue.try_send(progress);
                }
            }
            Event::Error { text, .. } => errln!("tidyup mcp: {text}"),
            Event::Started { .. }
            | Event::Tool { .. }
            | Event::AnswerDelta { .. }
            | Event::Answer { .. }
            | Event::Usage { .. }
            | Event::Notice { .. }
            | Event::Page { .. } => {}
        }
    }
}
