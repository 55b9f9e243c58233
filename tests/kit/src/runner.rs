//! Runs the `tidyup` binary in a controlled environment and checks what it
//! printed.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use serde_json::Value;
use tempfile::TempDir;

use crate::e2e::{API_KEY, MODEL};
use crate::provider::{MockProvider, text_reply, tool_reply};
use crate::requests::{assert_well_formed, preview};

/// How long one run of the binary may take before it is killed.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

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

    /// The path of the plan a `--dry-run` session saved, as its closing
    /// line names it (`tidyup apply "PATH"`); panics when there is none.
    pub fn saved_plan(&self) -> String {
        self.stdout
            .lines()
            .find_map(|line| line.split("tidyup apply \"").nth(1))
            .map(|rest| rest.trim_end_matches('"').to_owned())
            .unwrap_or_else(|| panic!("no plan saved\n{self}"))
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
    open_files: Option<u32>,
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
            open_files: None,
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

    /// Runs the binary with at most `limit` open files (the soft limit,
    /// set by `/bin/sh`'s `ulimit -n` before it starts the binary in its
    /// place), as a desktop's usual 1024 would, but smaller. Unix only.
    pub fn open_files_at_most(mut self, limit: u32) -> Self {
        self.open_files = Some(limit);
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
        let mut command = match self.open_files {
            Some(limit) if cfg!(unix) => {
                let mut shell = Command::new("/bin/sh");
                shell
                    .arg("-c")
                    .arg(format!("ulimit -n {limit} && exec \"$0\" \"$@\""))
                    .arg(tidyup_binary());
                shell
            }
            Some(_) | None => Command::new(tidyup_binary()),
        };
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

/// The `tidyup` binary Cargo built beside the running test: a test
/// executable lives in `<target>/<profile>/deps/`, the binaries of its
/// package one folder up. Cargo builds them before it runs the package's
/// integration tests.
pub fn tidyup_binary() -> PathBuf {
    let test = std::env::current_exe().unwrap_or_else(|err| panic!("test executable: {err}"));
    let profile = test
        .parent()
        .and_then(Path::parent)
        .unwrap_or_else(|| panic!("no profile folder above {}", test.display()));
    profile.join(format!("tidyup{}", std::env::consts::EXE_SUFFIX))
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
