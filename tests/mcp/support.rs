//! Shared machinery: temporary homes, `tidyup mcp` spawned under a real MCP
//! client (rmcp's, over the child's stdio), a raw line-level connection for
//! what that client cannot send, and snapshots of directory trees.
//!
//! Nothing here touches the network or any directory but the temporary
//! ones each test owns.
//!
//! rmcp marks roots deprecated for the protocol's 2026 revision; the
//! versions with an `initialize` handshake, which tidyup and today's
//! clients speak, have them.
#![allow(deprecated)]

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
    ListRootsResult, NumberOrString, ProgressNotificationParam, ProgressToken, ProtocolVersion,
    RequestMetaObject, Root,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{ClientHandler, ErrorData, ServiceExt};
use serde_json::Value;
use tempfile::TempDir;

/// How long any single step may take before the test fails.
pub const STEP: Duration = Duration::from_secs(60);

/// A test's world: a home with tidyup's data, cache and config inside, the
/// folder the tools work in, and a folder outside it.
pub struct World {
    _temp: TempDir,
    /// `HOME`.
    pub home: PathBuf,
    /// `TIDYUP_DATA_DIR`: journals, trash, plans.
    pub data: PathBuf,
    /// The folder given to `tidyup mcp` (canonical).
    pub target: PathBuf,
    /// A folder beside it that no tool may reach (canonical).
    pub outside: PathBuf,
    /// More environment variables for the processes.
    extra_env: Vec<(&'static str, String)>,
}

impl World {
    /// Empty `target` and `outside` folders in a fresh temporary home.
    pub fn new() -> Self {
        let temp = tempfile::tempdir().expect("temp dir");
        let root = temp.path().canonicalize().expect("canonical temp dir");
        let world = Self {
            home: root.join("home"),
            data: root.join("home/data"),
            target: root.join("target"),
            outside: root.join("outside"),
            extra_env: Vec::new(),
            _temp: temp,
        };
        for dir in [&world.home, &world.target, &world.outside] {
            std::fs::create_dir_all(dir).expect("create dir");
        }
        world
    }

    /// Writes `files` (relative path, content) under `dir`, with parents.
    pub fn write(dir: &Path, files: &[(&str, &str)]) {
        for (path, content) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("parents");
            std::fs::write(path, content).expect("write");
        }
    }

    /// Sets a variable for the processes started from now on.
    pub fn env(&mut self, name: &'static str, value: &str) {
        self.extra_env.push((name, value.to_owned()));
    }

    /// The environment of every process: only the temporary home.
    fn environment(&self) -> Vec<(&'static str, String)> {
        let home = self.home.display().to_string();
        let mut env = vec![
            ("HOME", home.clone()),
            ("XDG_CACHE_HOME", format!("{home}/.cache")),
            ("XDG_CONFIG_HOME", format!("{home}/.config")),
            ("XDG_DATA_HOME", format!("{home}/.local/share")),
            ("TIDYUP_DATA_DIR", self.data.display().to_string()),
            ("TIDYUP_LANG", "en".to_owned()),
            ("TZ", "UTC".to_owned()),
            ("PATH", std::env::var("PATH").unwrap_or_default()),
        ];
        if cfg!(windows) {
            env.push(("USERPROFILE", home.clone()));
            env.push(("APPDATA", format!("{home}/AppData/Roaming")));
            env.push(("LOCALAPPDATA", format!("{home}/AppData/Local")));
            for name in ["SystemRoot", "SYSTEMROOT", "windir", "TEMP", "TMP"] {
                if let Ok(value) = std::env::var(name) {
                    env.push((name, value));
                }
            }
        }
        env.extend(self.extra_env.iter().cloned());
        env
    }

    /// `tidyup ARGS` with this world's environment, to completion:
    /// (status code, stdout, stderr).
    pub fn tidyup(&self, args: &[&str]) -> (i32, String, String) {
        let output = Command::new(env!("CARGO_BIN_EXE_tidyup"))
            .args(args)
            .env_clear()
            .envs(self.environment())
            .stdin(Stdio::null())
            .output()
            .expect("run tidyup");
        (
            output.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }

    /// `tidyup mcp ARGS` as a process with this world's environment.
    fn mcp_command(&self, args: &[&str]) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_tidyup"));
        command
            .arg("mcp")
            .args(args)
            .env_clear()
            .envs(self.environment());
        command
    }

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

    /// The server as a plain process speaking lines on its stdio.
    pub fn raw(&self, args: &[&str]) -> RawConnection {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tidyup"))
            .arg("mcp")
            .args(args)
            .env_clear()
            .envs(self.environment())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn tidyup mcp");
        let stdout = child.stdout.take().expect("stdout");
        let (lines, received) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        RawConnection {
            stdin: child.stdin.take(),
            child,
            received,
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

/// The server as a process, spoken to line by line.
pub struct RawConnection {
    child: Child,
    stdin: Option<ChildStdin>,
    received: mpsc::Receiver<String>,
}

impl RawConnection {
    /// Writes one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the server");
        stdin.flush().expect("flush");
    }

    /// The next line the server wrote, as JSON.
    pub fn receive(&self) -> Value {
        let line = self
            .received
            .recv_timeout(STEP)
            .expect("a line from the server in time");
        serde_json::from_str(&line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"))
    }

    /// Sends a request and returns the next line.
    pub fn request(&mut self, request: &Value) -> Value {
        self.send(&request.to_string());
        self.receive()
    }

    /// Does the handshake with protocol `2025-06-18` and no capabilities.
    pub fn initialize(&mut self) -> Value {
        let reply = self.request(&serde_json::json!({
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "raw", "version": "1"}}
        }));
        self.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        reply
    }

    /// Closes stdin and waits for the exit status.
    pub fn finish(mut self) -> Option<i32> {
        drop(self.stdin.take());
        self.child.wait().expect("wait").code()
    }
}

/// Every file and folder under `dir` (relative path → content, or `/` for
/// a folder, `-> TARGET` for a symlink).
pub fn tree(dir: &Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    collect(dir, dir, &mut found);
    found
}

fn collect(root: &Path, dir: &Path, found: &mut BTreeMap<String, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("entry").path();
        let relative = path
            .strip_prefix(root)
            .expect("inside")
            .to_string_lossy()
            .replace('\\', "/");
        let meta = std::fs::symlink_metadata(&path).expect("metadata");
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&path).expect("link");
            found.insert(relative, format!("-> {}", target.display()));
        } else if meta.is_dir() {
            found.insert(relative, "/".to_owned());
            collect(root, &path, found);
        } else {
            found.insert(
                relative,
                std::fs::read_to_string(&path).unwrap_or_else(|_| "<binary>".to_owned()),
            );
        }
    }
}
