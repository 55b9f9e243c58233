//! A running `tidyup ui` and a client of it: the address it printed, the
//! owning tab, its event stream.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Child;
use std::sync::mpsc;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tempfile::TempDir;
use tidyup_test_kit::e2e::Tidyup;
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// How long anything may take before the test counts it as a hang.
pub const HANG: Duration = Duration::from_secs(120);

/// A running `tidyup ui --no-open`, ended when dropped.
pub struct Window {
    child: Child,
    sandbox: TempDir,
    /// `http://127.0.0.1:PORT/SECRET/`.
    pub address: String,
    /// `http://127.0.0.1:PORT`.
    pub origin: String,
    /// The client.
    pub http: reqwest::Client,
}

impl Window {
    /// `tidyup ui DIR --no-open --lang en --provider offline`.
    pub fn offline(dir: &Path) -> Self {
        Self::start(Tidyup::bare().arg("ui").arg(dir).args([
            "--no-open",
            "--lang",
            "en",
            "--provider",
            "offline",
        ]))
    }

    /// Starts `run` and reads the address it prints first.
    pub fn start(run: Tidyup) -> Self {
        let (mut child, sandbox) = run.spawn();
        let stdout = child.stdout.take().expect("stdout");
        let mut stderr = child.stderr.take().expect("stderr");
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(first)) = lines.next() {
                let _ = sender.send(first);
            }
            // Keep reading, so the process never blocks on a full pipe.
            for _ in lines {}
        });
        let address = receiver.recv_timeout(HANG).expect("the address, first");
        assert!(
            address.starts_with("http://127.0.0.1:") && address.ends_with('/'),
            "{address}"
        );
        let secret = address.trim_end_matches('/').rsplit('/').next().unwrap();
        assert_eq!(secret.len(), 32, "{address}");
        assert!(secret.bytes().all(|b| b.is_ascii_hexdigit()), "{address}");
        let origin = address[..address.len() - secret.len() - 2].to_owned();
        Self {
            child,
            sandbox,
            address,
            origin,
            http: {
                // rustls' crypto, as tidyup installs it (reqwest has no default).
                let _ = rustls::crypto::ring::default_provider().install_default();
                reqwest::Client::builder()
            }
            .timeout(HANG)
            .build()
            .expect("client"),
        }
    }

    /// tidyup's data directory of this run.
    pub fn data_dir(&self) -> PathBuf {
        self.sandbox.path().join("home/.local/share/tidyup")
    }

    /// Sends SIGTERM and waits for the process to end: its status.
    #[cfg(unix)]
    pub async fn terminate(&mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill");
        assert!(sent.success());
        let start = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(start.elapsed() < HANG, "still running after SIGTERM");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// `GET path` (after the secret).
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .expect("GET")
    }

    /// `POST path` as the page posts it: `Origin`, the tab, a JSON body.
    pub async fn post(&self, path: &str, tab: &str, body: Value) -> reqwest::Response {
        self.http
            .post(format!("{}{path}", self.address))
            .header("Origin", &self.origin)
            .header("X-Tidyup-Tab", tab)
            .json(&body)
            .send()
            .await
            .expect("POST")
    }

    /// Applies `rows` (ticked rows, as the page sends them) of `plan` from
    /// `tab`; the window must accept it.
    pub async fn apply(&self, tab: &str, plan: &Value, rows: Value) {
        let body = json!({"plan": plan["plan"], "rows": rows});
        let answer = self.post("api/apply", tab, body).await;
        assert_eq!(answer.status(), StatusCode::ACCEPTED);
    }

    /// Applies every row of `plan` from `tab` and returns the report.
    pub async fn apply_all(&self, tab: &str, events: &mut Events, plan: &Value) -> Value {
        let ticked: Vec<Value> = rows(plan)
            .iter()
            .map(|row| json!({"id": row["id"]}))
            .collect();
        self.apply(tab, plan, json!(ticked)).await;
        events.until("report").await
    }

    /// Claims the session: the tab's id.
    pub async fn claim(&self) -> String {
        let answer = self.post("api/claim", "new", json!({})).await;
        assert_eq!(answer.status(), StatusCode::OK);
        let body: Value = answer.json().await.expect("JSON");
        body["tab"].as_str().expect("tab").to_owned()
    }

    /// Opens the tab's event stream.
    pub async fn events(&self, tab: &str) -> Events {
        let mut answer = self
            .http
            .get(format!("{}api/events?tab={tab}", self.address))
            .send()
            .await
            .expect("events");
        assert_eq!(answer.status(), StatusCode::OK);
        let (sender, receiver) = unbounded_channel();
        tokio::spawn(async move {
            let mut pending = String::new();
            while let Ok(Some(chunk)) = answer.chunk().await {
                pending.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = pending.find('\n') {
                    let line: String = pending.drain(..=end).collect();
                    if let Some(data) = line.trim_end().strip_prefix("data:") {
                        let event: Value = serde_json::from_str(data.trim()).expect("JSON event");
                        let _ = sender.send(event);
                    }
                }
            }
        });
        Events(receiver)
    }

    /// A claimed tab and its stream, its first `state` read.
    pub async fn tab(&self) -> (String, Events) {
        let tab = self.claim().await;
        let mut events = self.events(&tab).await;
        let state = events.next().await.expect("a first event");
        assert_eq!(state["kind"], "state", "{state}");
        (tab, events)
    }

    /// Organizes and returns the plan event.
    pub async fn organize(&self, tab: &str, events: &mut Events) -> Value {
        let answer = self.post("api/organize", tab, json!({})).await;
        assert_eq!(answer.status(), StatusCode::ACCEPTED);
        events.until("plan").await
    }
}

impl Drop for Window {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The events of one stream, in order.
pub struct Events(UnboundedReceiver<Value>);

impl Events {
    /// The next event; `None` when the stream ended.
    pub async fn next(&mut self) -> Option<Value> {
        tokio::time::timeout(HANG, self.0.recv())
            .await
            .expect("an event before the hang timeout")
    }

    /// The next event of `kind` (the others skipped; an `error` event fails).
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let event = self
                .next()
                .await
                .unwrap_or_else(|| panic!("no {kind} event"));
            if event["kind"] == kind {
                return event;
            }
            assert_ne!(event["kind"], "error", "{event}");
        }
    }
}

/// Every row of a plan event.
pub fn rows(plan: &Value) -> Vec<Value> {
    plan["groups"]
        .as_array()
        .expect("groups")
        .iter()
        .flat_map(|group| group["rows"].as_array().expect("rows").clone())
        .collect()
}

/// The row of `plan` for the file `name`.
pub fn row<'a>(rows: &'a [Value], name: &str) -> &'a Value {
    rows.iter()
        .find(|row| row["name"] == name)
        .unwrap_or_else(|| panic!("no row for {name}: {rows:?}"))
}
