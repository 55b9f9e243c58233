//! A real MCP client (rmcp's) connected to `tidyup mcp` over the child's
//! stdio: it offers roots when given some, records progress notifications,
//! and keeps the server's log.
//!
//! rmcp marks roots deprecated for the protocol's 2026 revision; the
//! versions with an `initialize` handshake, which tidyup and today's
//! clients speak, have them.
#![allow(deprecated)]

use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
    ListRootsResult, NumberOrString, ProgressNotificationParam, ProgressToken, ProtocolVersion,
    RequestMetaObject, Root,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ErrorData, ServiceExt};
use serde_json::Value;

use super::support::{STEP, World};

impl World {
    /// Connects `client` to `tidyup mcp ARGS`.
    pub async fn connect(&self, args: &[&str], client: TestClient) -> Connection {
        let (transport, stderr) = TokioChildProcess::builder(self.mcp_command(args))
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn tidyup mcp");
        let log = Arc::new(Mutex::new(String::new()));
        let reader = stderr.map(|stderr| {
            let log = log.clone();
            tokio::spawn(async move {
                use tokio::io::AsyncReadExt;
                let mut stderr = stderr;
                let mut text = String::new();
                let _ = stderr.read_to_string(&mut text).await;
                log.lock().expect("log").push_str(&text);
            })
        });
        let service = tokio::time::timeout(STEP, client.serve(transport))
            .await
            .expect("initialize in time")
            .expect("initialize");
        Connection {
            service: Some(service),
            log,
            reader,
        }
    }
}

/// One progress notification: how far, out of how much.
pub type Progress = (f64, Option<f64>);

/// A client that offers roots (when given some) and answers `roots/list`
/// with the current ones, counting the requests.
#[derive(Clone)]
pub struct TestClient {
    roots: Option<Arc<Mutex<Vec<String>>>>,
    /// How many times the server asked for the roots.
    pub roots_listed: Arc<AtomicUsize>,
    /// The progress notifications received.
    pub progress: Arc<Mutex<Vec<Progress>>>,
}

impl TestClient {
    /// A client without roots.
    pub fn plain() -> Self {
        Self {
            roots: None,
            roots_listed: Arc::default(),
            progress: Arc::default(),
        }
    }

    /// A client offering `dirs` as its roots.
    pub fn with_roots(dirs: &[&Path]) -> Self {
        let client = Self {
            roots: Some(Arc::default()),
            ..Self::plain()
        };
        client.set_roots(dirs);
        client
    }

    /// Replaces the roots (the server is not told; see
    /// [`Connection::roots_changed`]).
    pub fn set_roots(&self, dirs: &[&Path]) {
        let uris = dirs.iter().map(|dir| file_uri(dir)).collect();
        if let Some(roots) = &self.roots {
            *roots.lock().expect("roots") = uris;
        }
    }

    /// Replaces the roots with raw URIs.
    pub fn set_root_uris(&self, uris: &[&str]) {
        if let Some(roots) = &self.roots {
            *roots.lock().expect("roots") = uris.iter().map(|uri| (*uri).to_owned()).collect();
        }
    }
}

/// The `file://` URI of a directory.
pub fn file_uri(dir: &Path) -> String {
    url::Url::from_directory_path(dir)
        .expect("absolute path")
        .to_string()
}

impl ClientHandler for TestClient {
    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        self.roots_listed.fetch_add(1, Ordering::SeqCst);
        let uris = self
            .roots
            .as_ref()
            .map(|roots| roots.lock().expect("roots").clone())
            .unwrap_or_default();
        Ok(ListRootsResult::new(
            uris.into_iter().map(Root::new).collect(),
        ))
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        self.progress
            .lock()
            .expect("progress")
            .push((params.progress, params.total));
    }

    fn get_info(&self) -> ClientConfig {
        let capabilities = if self.roots.is_some() {
            ClientCapabilities::builder()
                .enable_roots()
                .enable_roots_list_changed()
                .build()
        } else {
            ClientCapabilities::default()
        };
        ClientConfig::new(capabilities, Implementation::new("tidyup-tests", "1.0"))
            .with_protocol_version(ProtocolVersion::V_2025_06_18)
    }
}

/// A client connected to `tidyup mcp`, with the server's log.
pub struct Connection {
    service: Option<RunningService<RoleClient, TestClient>>,
    log: Arc<Mutex<String>>,
    reader: Option<tokio::task::JoinHandle<()>>,
}

impl Connection {
    /// The running client.
    pub fn client(&self) -> &RunningService<RoleClient, TestClient> {
        self.service.as_ref().expect("connected")
    }

    /// Calls `name` with `arguments` (a JSON object).
    pub async fn call(&self, name: &str, arguments: Value) -> CallToolResult {
        let Value::Object(arguments) = arguments else {
            panic!("arguments must be an object: {arguments}");
        };
        let params = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        tokio::time::timeout(STEP, self.client().call_tool(params))
            .await
            .expect("tool call in time")
            .unwrap_or_else(|err| panic!("tools/call {name} failed: {err}"))
    }

    /// Calls `name`, asking for progress notifications under `token`.
    pub async fn call_with_progress(
        &self,
        name: &str,
        arguments: Value,
        token: &str,
    ) -> CallToolResult {
        let Value::Object(arguments) = arguments else {
            panic!("arguments must be an object: {arguments}");
        };
        let mut params = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        params.meta = Some(RequestMetaObject::with_progress_token(ProgressToken(
            NumberOrString::String(token.into()),
        )));
        tokio::time::timeout(STEP, self.client().call_tool(params))
            .await
            .expect("tool call in time")
            .unwrap_or_else(|err| panic!("tools/call {name} failed: {err}"))
    }

    /// Calls `name` and returns its text, asserting whether it failed.
    pub async fn text(&self, name: &str, arguments: Value, is_error: bool) -> String {
        let result = self.call(name, arguments).await;
        let text = text_of(&result);
        assert_eq!(
            result.is_error,
            Some(is_error),
            "{name}: isError {:?}: {text}",
            result.is_error
        );
        text
    }

    /// Tells the server the client's roots changed.
    pub async fn roots_changed(&self) {
        self.client()
            .notify_roots_list_changed()
            .await
            .expect("notify roots changed");
    }

    /// Closes the connection and waits for the server to exit; returns its log.
    pub async fn close(mut self) -> String {
        if let Some(service) = self.service.take() {
            let _ = tokio::time::timeout(STEP, service.cancel()).await;
        }
        if let Some(reader) = self.reader.take() {
            let _ = tokio::time::timeout(STEP, reader).await;
        }
        self.log.lock().expect("log").clone()
    }
}

/// The text of a tool result (its text blocks, joined).
pub fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}
