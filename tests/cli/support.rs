//! Shared test machinery: a scripted mock chat-completions server, builders
//! for its replies, and a runner for the `tidyup` binary.
//!
//! Nothing here touches the network beyond 127.0.0.1 or the disk beyond the
//! temporary directories each test owns.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};
use tempfile::TempDir;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

/// The API key every test run uses; it must never show up in the output.
pub const API_KEY: &str = "sk-test-9f8e7d6c5b4a-never-print-me";

/// The model name tests pass, so requests can be checked for it.
pub const MODEL: &str = "test-model-1";

/// The path prefix of the mock provider (the "version segment" of spec 9).
pub const API_PREFIX: &str = "/v1";

/// How long one run of the binary may take before it is killed.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

/// The names of the six tools, in the order the contract lists them.
pub const TOOL_NAMES: [&str; 6] = [
    "list_files",
    "create_folder",
    "move_file",
    "rename_file",
    "delete_file",
    "get_file_type",
];

/// The round-limit notice of the English console.
pub const ROUND_LIMIT_NOTICE: &str =
    "Reached the maximum number of rounds (15); the task may be unfinished.";

// ---------------------------------------------------------------------------
// Mock provider
// ---------------------------------------------------------------------------

/// One request the mock provider received.
#[derive(Debug, Clone)]
pub struct Recorded {
    /// The request path, e.g. `/v1/chat/completions`.
    pub path: String,
    /// The `Authorization` header, if any.
    pub authorization: Option<String>,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The body parsed as JSON (`Value::Null` when it was not JSON).
    pub body: Value,
    /// The raw body text.
    pub raw_body: String,
}

impl Recorded {
    /// The `messages` array of the body.
    pub fn messages(&self) -> &Vec<Value> {
        self.body["messages"]
            .as_array()
            .unwrap_or_else(|| panic!("request without a messages array: {}", self.raw_body))
    }

    /// The content of the last message, which after a tool round is the
    /// last tool result.
    pub fn last_content(&self) -> &str {
        let last = self.messages().last().expect("empty messages");
        last["content"].as_str().unwrap_or_default()
    }

    /// The contents of the trailing run of `tool` messages, in order: the
    /// results of the tool calls of the previous reply.
    pub fn trailing_tool_results(&self) -> Vec<String> {
        let mut results: Vec<String> = self
            .messages()
            .iter()
            .rev()
            .take_while(|message| message["role"] == "tool")
            .map(|message| message["content"].as_str().unwrap_or_default().to_owned())
            .collect();
        results.reverse();
        results
    }
}

/// What the mock state holds: the canned replies still to give, the reply
/// given once they run out, and every request seen.
#[derive(Default)]
struct Script {
    replies: VecDeque<ResponseTemplate>,
    when_empty: Option<ResponseTemplate>,
    requests: Vec<Recorded>,
}

/// The `wiremock::Respond` impl: records each request and pops the next reply.
#[derive(Clone)]
struct Scripted(Arc<Mutex<Script>>);

impl Respond for Scripted {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let header = |name: &str| {
            request
                .headers
                .get(name)
                .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        };
        let raw_body = String::from_utf8_lossy(&request.body).into_owned();
        let recorded = Recorded {
            path: request.url.path().to_owned(),
            authorization: header("authorization"),
            content_type: header("content-type"),
            body: serde_json::from_str(&raw_body).unwrap_or(Value::Null),
            raw_body,
        };
        let mut script = self.0.lock().expect("mock script lock");
        script.requests.push(recorded);
        script
            .replies
            .pop_front()
            .or_else(|| script.when_empty.clone())
            .unwrap_or_else(|| error_reply(599, "mock script exhausted: no reply left"))
    }
}

/// A mock chat-completions provider on 127.0.0.1 answering
/// `POST /v1/chat/completions` from a script. Any other path gets a 404.
pub struct MockProvider {
    server: MockServer,
    script: Arc<Mutex<Script>>,
}

impl MockProvider {
    /// Starts a provider that gives `replies` in order, then a 599 error
    /// ("mock script exhausted") for any further request.
    pub async fn start(replies: Vec<ResponseTemplate>) -> Self {
        Self::start_with(replies, None).await
    }

    /// Starts a provider that gives `reply` to every request.
    pub async fn always(reply: ResponseTemplate) -> Self {
        Self::start_with(Vec::new(), Some(reply)).await
    }

    async fn start_with(
        replies: Vec<ResponseTemplate>,
        when_empty: Option<ResponseTemplate>,
    ) -> Self {
        let server = MockServer::start().await;
        let script = Arc::new(Mutex::new(Script {
            replies: replies.into(),
            when_empty,
            requests: Vec::new(),
        }));
        Mock::given(method("POST"))
            .and(path(format!("{API_PREFIX}/chat/completions")))
            .respond_with(Scripted(Arc::clone(&script)))
            .mount(&server)
            .await;
        Self { server, script }
    }

    /// The base URL to give tidyup, e.g. `http://127.0.0.1:PORT/v1`.
    pub fn base_url(&self) -> String {
        format!("{}{API_PREFIX}", self.server.uri())
    }

    /// Every chat-completions request received so far, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.script
            .lock()
            .expect("mock script lock")
            .requests
            .clone()
    }

    /// How many scripted replies were not used.
    pub fn unused_replies(&self) -> usize {
        self.script.lock().expect("mock script lock").replies.len()
    }
}

// ---------------------------------------------------------------------------
// Reply builders
// ---------------------------------------------------------------------------

/// A `tool_calls` entry: `id`, function `name`, `arguments` as sent (a JSON
/// string in the usual case).
pub fn call(id: &str, name: &str, arguments: Value) -> Value {
    json!({
        "id": id,
        "type": "function",
        "function": { "name": name, "arguments": arguments },
    })
}

/// A `tool_calls` entry whose arguments are the JSON text of `arguments`.
pub fn call_json(id: &str, name: &str, arguments: Value) -> Value {
    call(id, name, Value::String(arguments.to_string()))
}

/// An assistant message asking for `calls` (content null).
pub fn tool_message(calls: Vec<Value>) -> Value {
    json!({ "role": "assistant", "content": null, "tool_calls": calls })
}

/// An assistant message with plain text.
pub fn text_message(text: &str) -> Value {
    json!({ "role": "assistant", "content": text })
}

/// A full chat-completion body around one assistant `message`.
pub fn completion(message: Value) -> Value {
    let finish_reason = if message.get("tool_calls").is_some() {
        "tool_calls"
    } else {
        "stop"
    };
    json!({
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [{ "index": 0, "message": message, "finish_reason": finish_reason }],
        "usage": { "prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15 },
    })
}

/// A 200 reply carrying the assistant `message` as is.
pub fn message_reply(message: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(completion(message))
}

/// A 200 reply asking for the tool `calls`.
pub fn tool_reply(calls: Vec<Value>) -> ResponseTemplate {
    message_reply(tool_message(calls))
}

/// A 200 reply with a plain text answer.
pub fn text_reply(text: &str) -> ResponseTemplate {
    message_reply(text_message(text))
}

/// An error reply `{"error": {"message": MESSAGE}}` with `status`.
pub fn error_reply(status: u16, message: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(json!({
        "error": { "message": message, "type": "test_error", "code": null },
    }))
}

// ---------------------------------------------------------------------------
// Running the binary
// ---------------------------------------------------------------------------

/// What one run of the binary produced.
#[derive(Debug)]
pub struct Outcome {
    /// The exit status.
    pub status: ExitStatus,
    /// Everything written to stdout.
    pub stdout: String,
    /// Everything written to stderr.
    pub stderr: String,
}

impl Outcome {
    /// The exit code (panics if the process was killed by a signal).
    pub fn code(&self) -> i32 {
        self.status
            .code()
            .unwrap_or_else(|| panic!("tidyup was killed by a signal\n{self}"))
    }

    /// The stdout lines, without line ends.
    pub fn stdout_lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// The stdout lines of executed tools (`[tool] ...` or `[工具] ...`).
    pub fn tool_lines(&self) -> Vec<&str> {
        self.stdout
            .lines()
            .filter(|line| line.starts_with("[tool] ") || line.starts_with("[工具] "))
            .collect()
    }

    /// Asserts exit status 0 and no failed model call on stderr.
    pub fn assert_clean_exit(&self) {
        assert_eq!(self.code(), 0, "expected exit status 0\n{self}");
        assert!(
            !self.stderr.contains("model call failed"),
            "unexpected model call failure\n{self}"
        );
    }

    /// Asserts the API key appears in neither stream.
    pub fn assert_key_not_shown(&self) {
        assert!(!self.stdout.contains(API_KEY), "API key on stdout\n{self}");
        assert!(!self.stderr.contains(API_KEY), "API key on stderr\n{self}");
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "status: {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.status, self.stdout, self.stderr
        )
    }
}

/// A prepared run of the `tidyup` binary with a fully controlled
/// environment: `env_clear()`, then `HOME`, `XDG_CACHE_HOME` (both inside a
/// private temporary directory), `PATH`, `TZ=UTC` and the API key.
pub struct Tidyup {
    sandbox: TempDir,
    args: Vec<OsString>,
    envs: Vec<(String, String)>,
    stdin: String,
}

impl Tidyup {
    /// A run with no arguments at all and the default environment.
    pub fn bare() -> Self {
        let sandbox = tempfile::tempdir().expect("sandbox temp dir");
        std::fs::create_dir(sandbox.path().join("home")).expect("home dir");
        std::fs::create_dir(sandbox.path().join("cache")).expect("cache dir");
        let home = sandbox.path().join("home").display().to_string();
        let cache = sandbox.path().join("cache").display().to_string();
        let run = Self {
            sandbox,
            args: Vec::new(),
            envs: Vec::new(),
            stdin: String::new(),
        };
        run.env("HOME", &home)
            .env("XDG_CACHE_HOME", &cache)
            .env("PATH", &std::env::var("PATH").unwrap_or_default())
            .env("TZ", "UTC")
            .env("TIDYUP_API_KEY", API_KEY)
            // Retries of 429/5xx happen, but without the real waits.
            .env("TIDYUP_RETRY_BASE_MS", "1")
            .windows_profile(&home, &cache)
    }

    /// On Windows, tidyup's data and cache inside the sandbox too: Windows
    /// finds a user's folders through the shell, not through variables a
    /// test can set, so they are named directly. And the system's own
    /// variables, without which a process cannot start its networking.
    #[cfg(windows)]
    fn windows_profile(self, home: &str, cache: &str) -> Self {
        let data = Path::new(home)
            .join("AppData")
            .join("Roaming")
            .join("tidyup");
        let mut run = self
            .env("USERPROFILE", home)
            .env("TIDYUP_DATA_DIR", &data.display().to_string())
            .env("TIDYUP_CACHE_DIR", cache);
        for name in ["SystemRoot", "SystemDrive", "windir", "TEMP", "TMP"] {
            if let Ok(value) = std::env::var(name) {
                run = run.env(name, &value);
            }
        }
        run
    }

    #[cfg(not(windows))]
    fn windows_profile(self, _home: &str, _cache: &str) -> Self {
        self
    }

    /// The usual run: target `dir`, `--lang en`, `--model MODEL`, and the
    /// provider's base URL in `--base-url`.
    pub fn new(dir: &Path, provider: &MockProvider) -> Self {
        Self::bare()
            .arg(dir)
            .args(["--lang", "en", "--model", MODEL, "--base-url"])
            .arg(provider.base_url())
    }

    /// The `HOME` of this run (an empty directory inside the sandbox).
    // Only Unix tests look into `HOME`; Windows keeps the profile elsewhere.
    #[cfg_attr(windows, allow(dead_code))]
    pub fn home(&self) -> PathBuf {
        self.sandbox.path().join("home")
    }

    /// Adds one argument.
    pub fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// Adds several arguments.
    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Self {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable (replacing an earlier setting).
    pub fn env(mut self, key: &str, value: &str) -> Self {
        self.envs.retain(|(k, _)| k != key);
        self.envs.push((key.to_owned(), value.to_owned()));
        self
    }

    /// Removes an environment variable set earlier (e.g. the API key).
    pub fn env_remove(mut self, key: &str) -> Self {
        self.envs.retain(|(k, _)| k != key);
        self
    }

    /// The text piped to stdin; stdin is closed after it (EOF).
    pub fn stdin(mut self, text: &str) -> Self {
        self.stdin = text.to_owned();
        self
    }

    /// Runs the binary on a blocking thread (the mock server keeps running
    /// on the runtime's workers) and returns what it produced.
    pub async fn run(self) -> Outcome {
        tokio::task::spawn_blocking(move || self.run_blocking())
            .await
            .expect("runner thread panicked")
    }

    /// The command of this run: the binary, the arguments, the controlled
    /// environment, piped standard streams.
    fn command(&self) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tidyup"));
        command
            .env_clear()
            .args(&self.args)
            .current_dir(self.sandbox.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command.envs(self.envs.iter().map(|(key, value)| (key, value)));
        command
    }

    /// Starts the binary and leaves it running (for `tidyup watch`); the
    /// sandbox lives as long as the returned guard.
    // Only the Unix watch tests keep a process running.
    #[cfg_attr(windows, allow(dead_code))]
    pub fn spawn(self) -> (std::process::Child, TempDir) {
        let child = self.command().spawn().expect("spawn tidyup");
        (child, self.sandbox)
    }

    /// Runs the binary, killing it after the timeout.
    pub fn run_blocking(self) -> Outcome {
        let mut child = self.command().spawn().expect("spawn tidyup");

        let mut stdin = child.stdin.take().expect("child stdin");
        let input = self.stdin.clone();
        // A closed pipe (the program quit early) is not an error here.
        let writer = thread::spawn(move || {
            let _ = stdin.write_all(input.as_bytes());
        });

        let (done_tx, done_rx) = mpsc::channel();
        let stdout = read_in_thread(child.stdout.take().expect("child stdout"), done_tx.clone());
        let stderr = read_in_thread(child.stderr.take().expect("child stderr"), done_tx);

        // Both pipes reach EOF when the process ends; wait for that, or kill.
        let mut closed = 0;
        while closed < 2 {
            match done_rx.recv_timeout(RUN_TIMEOUT) {
                Ok(()) => closed += 1,
                Err(_) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    panic!(
                        "tidyup did not finish within {RUN_TIMEOUT:?}; killed. args: {:?}",
                        self.args
                    );
                }
            }
        }
        let status = child.wait().expect("wait for tidyup");
        let _ = writer.join();
        Outcome {
            status,
            stdout: stdout.join().expect("stdout reader"),
            stderr: stderr.join().expect("stderr reader"),
        }
    }
}

/// Reads a pipe to its end on a thread, signalling `done` at EOF.
fn read_in_thread(
    mut pipe: impl Read + Send + 'static,
    done: mpsc::Sender<()>,
) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        let _ = done.send(());
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

// ---------------------------------------------------------------------------
// File and text helpers
// ---------------------------------------------------------------------------

/// A temporary target directory, returned with its canonical path as a
/// string (the form tidyup prints and puts in tool results).
pub fn target_dir() -> (TempDir, String) {
    let dir = tempfile::tempdir().expect("target temp dir");
    let path = dunce::canonicalize(dir.path())
        .expect("canonical target dir")
        .display()
        .to_string();
    (dir, path)
}

/// The path tidyup shows for `relative` (written with `/`) under the
/// target `root`: joined with the platform's separator, as the tools build
/// paths on a target of that platform.
pub fn at(root: &str, relative: &str) -> String {
    let separator = std::path::MAIN_SEPARATOR_STR;
    format!("{root}{separator}{}", relative.replace('/', separator))
}

/// Writes `len` bytes into `dir/name`, creating parent folders: the name
/// over and over, so files of different names differ in their bytes (as
/// real files do) as soon as `len` reaches where the names differ.
pub fn write_file(dir: &Path, name: &str, len: usize) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("parent dirs");
    }
    let bytes: Vec<u8> = name.bytes().cycle().take(len).collect();
    std::fs::write(&path, bytes).expect("write file");
    path
}

/// Sets the modification time of a file or directory to `unix_seconds`.
pub fn set_mtime(path: &Path, unix_seconds: u64) {
    let time = std::time::UNIX_EPOCH + Duration::from_secs(unix_seconds);
    open_for_times(path)
        .and_then(|file| file.set_modified(time))
        .unwrap_or_else(|err| panic!("set mtime of {}: {err}", path.display()));
}

#[cfg(not(windows))]
fn open_for_times(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Windows opens a folder only with backup semantics, and changes times
/// only through a handle opened to write attributes.
#[cfg(windows)]
fn open_for_times(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::windows::fs::OpenOptionsExt;
    const FILE_WRITE_ATTRIBUTES: u32 = 0x0100;
    const FILE_FLAG_BACKUP_SEMANTICS: u32 = 0x0200_0000;
    std::fs::OpenOptions::new()
        .access_mode(FILE_WRITE_ATTRIBUTES)
        .custom_flags(FILE_FLAG_BACKUP_SEMANTICS)
        .open(path)
}

/// The console preview of a tool result: the first 100 characters with line
/// breaks as spaces, then `...` if the result was longer.
pub fn preview(result: &str) -> String {
    let head: String = result
        .chars()
        .take(100)
        .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
        .collect();
    if result.chars().count() > 100 {
        format!("{head}...")
    } else {
        head
    }
}

/// Asserts spec 2.2 rule 3 on a request's messages: the first is the system
/// message, and every assistant message with tool_calls is followed by
/// exactly one tool message per call, in order, with the matching ids.
pub fn assert_well_formed(messages: &[Value]) {
    assert_eq!(messages.first().map(|m| &m["role"]), Some(&json!("system")));
    let mut index = 0;
    while index < messages.len() {
        let message = &messages[index];
        index += 1;
        let Some(calls) = message.get("tool_calls").and_then(Value::as_array) else {
            assert_ne!(
                message["role"], "tool",
                "tool message without a preceding tool call at {index}: {messages:#?}"
            );
            continue;
        };
        assert_eq!(message["role"], "assistant");
        assert!(!calls.is_empty(), "empty tool_calls resent: {message}");
        for call in calls {
            let answer = messages
                .get(index)
                .unwrap_or_else(|| panic!("no tool message for {call} in {messages:#?}"));
            assert_eq!(
                answer["role"], "tool",
                "expected a tool message: {messages:#?}"
            );
            assert_eq!(answer["tool_call_id"], call["id"], "tool_call_id mismatch");
            assert!(answer["content"].is_string(), "tool content not a string");
            index += 1;
        }
    }
}

/// Numbers tool calls `call_1`, `call_2`, ... with JSON-text arguments.
pub fn numbered_calls(calls: &[(&str, Value)]) -> Vec<Value> {
    calls
        .iter()
        .enumerate()
        .map(|(index, (name, arguments))| {
            call_json(&format!("call_{}", index + 1), name, arguments.clone())
        })
        .collect()
}

/// Runs one session in `dir`: the user says `go`, the model asks for
/// `calls` in one reply, then answers `done`. Asserts a clean run and
/// returns it with the tool results carried by the second request, in order.
pub async fn run_tool_calls(dir: &Path, calls: Vec<Value>) -> (Outcome, Vec<String>) {
    let names: Vec<String> = calls
        .iter()
        .map(|call| {
            call["function"]["name"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    let count = calls.len();
    let provider = MockProvider::start(vec![tool_reply(calls), text_reply("done")]).await;
    let outcome = Tidyup::new(dir, &provider).stdin("go\n").run().await;
    outcome.assert_clean_exit();
    let requests = provider.requests();
    assert_eq!(requests.len(), 2, "expected two model calls\n{outcome}");
    assert_well_formed(requests[1].messages());
    let results = requests[1].trailing_tool_results();
    assert_eq!(results.len(), count, "one tool message per call\n{outcome}");
    let expected_lines: Vec<String> = names
        .iter()
        .zip(&results)
        .map(|(name, result)| format!("[tool] {name}: {}", preview(result)))
        .collect();
    assert_eq!(
        outcome.tool_lines(),
        expected_lines,
        "one console line per tool"
    );
    (outcome, results)
}
