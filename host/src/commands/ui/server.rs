//! The window's HTTP/1 server: accepts connections on 127.0.0.1 so that no
//! other local process can hold them against the owner's page. Any local
//! process may connect (the secret is in the path, not needed to connect),
//! so: a connection that sends no complete request header within
//! [`HEADER_TIMEOUT`] (at its start, or idle between requests) is closed;
//! at most `limit` connections are open, and a new one beyond it closes the
//! oldest that never carried a request with the secret ([`Trust`]); a
//! refused request closes its connection ([`super::guard`]). An owner's
//! event stream is a response in progress, so the header timeout never
//! touches it.

use crate::words::WindowWords;
use std::convert::Infallible;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tidyup_core::Lang;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tokio::task::JoinSet;
use tower::ServiceExt;

use crate::console::errln;

/// How long a connection may take to send a request's header, counted
/// from its start or from the end of its last answer.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a stopping server waits for answers in progress.
const GRACE: Duration = Duration::from_secs(5);

/// Whether a connection carried a request with the secret, set by the
/// guard; each request carries its connection's as an extension.
#[derive(Clone, Default)]
pub struct Trust(Arc<AtomicBool>);

impl Trust {
    /// The connection carried a request with the secret.
    pub fn grant(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    fn granted(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// One open connection: its trust, and how to close it.
struct Slot {
    trust: Trust,
    close: Arc<Notify>,
}

/// The open connections, oldest first, and what was said of the limit.
struct Open {
    slots: Vec<(u64, Slot)>,
    next: u64,
    told: bool,
}

/// Serves `router` on `listener` until `stop` resolves, with at most
/// `limit` connections; then lets the answers in progress end, each within
/// [`GRACE`] (all within twice that).
pub async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limit: usize,
    lang: Lang,
    stop: impl Future<Output = ()>,
) {
    let open = Arc::new(Mutex::new(Open {
        slots: Vec::new(),
        next: 0,
        told: false,
    }));
    let (stopping, stopped) = watch::channel(false);
    let mut tasks = JoinSet::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        while tasks.try_join_next().is_some() {}
        let stream = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of open files, say: the connections in hand end soon.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some((id, trust, close)) = admit(&open, limit, lang) else {
            continue;
        };
        let open = Arc::clone(&open);
        let router = router.clone();
        let stopped = stopped.clone();
        tasks.spawn(async move {
            connection(stream, router, trust, close, stopped).await;
            lock(&open).slots.retain(|(other, _)| *other != id);
        });
    }
    let _ = stopping.send(true);
    drop(listener);
    let _ = tokio::time::timeout(GRACE * 2, async {
        while tasks.join_next().await.is_some() {}
    })
    .await;
}

fn lock(open: &Mutex<Open>) -> std::sync::MutexGuard<'_, Open> {
    open.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A slot for a new connection: at the limit, the oldest connection that
/// never carried the secret is closed to make room; when every one did,
/// the new one is refused (`None`). The first time the limit is hit, the
/// terminal is told which limit and how to raise it.
fn admit(open: &Mutex<Open>, limit: usize, lang: Lang) -> Option<(u64, Trust, Arc<Notify>)> {
    let mut open = lock(open);
    let mut refused = false;
    if open.slots.len() >= limit {
        match open
            .slots
            .iter()
            .position(|(_, slot)| !slot.trust.granted())
        {
            Some(oldest) => {
                let (_, slot) = open.slots.remove(oldest);
                slot.close.notify_one();
            }
            None => refused = true,
        }
        if !open.told {
            open.told = true;
            errln!("{}", lang.window_connection_limit(limit, refused));
        }
    }
    if refused {
        return None;
    }
    let id = open.next;
    open.next += 1;
    let slot = Slot {
        trust: Trust::default(),
        close: Arc::new(Notify::new()),
    };
    let given = (id, slot.trust.clone(), Arc::clone(&slot.close));
    open.slots.push((id, slot));
    Some(given)
}

/// Serves one connection until it ends, is closed to make room, or the
/// server stops (then its answer in progress may finish).
async fn connection(
    stream: TcpStream,
    router: axum::Router,
    trust: Trust,
    close: Arc<Notify>,
    mut stopped: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(trust.clone());
        let answer = router.clone().oneshot(request.map(axum::body::Body::new));
        async move { Ok::<_, Infallible>(answer.await.unwrap_or_else(|never| match never {})) }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT);
    let mut served = std::pin::pin!(http.serve_connection(TokioIo::new(stream), service));
    tokio::select! {
        _ = served.as_mut() => {}
        () = close.notified() => {}
        () = async { let _ = stopped.wait_for(|stopped| *stopped).await; } => {
            served.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(GRACE, served).await;
        }
    }
}
