//! `tidyup watch` as a process on a real temporary folder: [`Watch`] starts
//! it and reads its stdout and stderr line by line.

mod arrivals;
mod batches;
mod changes;
mod history_edges;
mod undo;
mod undo_all;

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, ExitStatus};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

use tempfile::TempDir;

use tidyup_test_kit::e2e::Tidyup;

/// How long a test waits for something the watch should do.
const PATIENCE: Duration = Duration::from_secs(30);

/// A running `tidyup watch`, its stdout and stderr read line by line.
struct Watch {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
    errors: Receiver<String>,
    seen_errors: Vec<String>,
    _sandbox: TempDir,
}

impl Watch {
    /// Starts `tidyup watch DIR --lang en ARGS` with tidyup's data in `data`,
    /// and waits until it watches.
    fn start(dir: &Path, data: &Path, args: &[&str]) -> Watch {
        let (mut child, sandbox) = tidyup(data)
            .arg("watch")
            .arg(dir)
            .args(["--lang", "en"])
            .args(args)
            .spawn();
        let stdout = child.stdout.take().expect("stdout");
        let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
        // The first line: the embedded core needs no compile, so no
        // notice comes before it.
        let mut first = String::new();
        stderr.read_line(&mut first).expect("stderr line");
        assert!(first.contains("Watching "), "unexpected start: {first}");
        Watch {
            child,
            lines: read_lines(stdout, false),
            seen: Vec::new(),
            errors: read_lines(stderr, true),
            seen_errors: Vec::new(),
            _sandbox: sandbox,
        }
    }

    /// The process id, for signals.
    fn pid(&self) -> String {
        self.child.id().to_string()
    }

    /// Waits for a stdout line ending with `tail` (a move, `FROM → TO`).
    fn expect_line(&mut self, tail: &str) {
        wait_for(&self.lines, &mut self.seen, "stdout", |line| {
            line.ends_with(tail)
        });
    }

    /// Waits for a stderr line that contains every one of `parts`; returns it.
    fn expect_error(&mut self, parts: &[&str]) -> String {
        let matches = |line: &str| parts.iter().all(|part| line.contains(part));
        wait_for(&self.errors, &mut self.seen_errors, "stderr", matches);
        let line = self.seen_errors.iter().rev().find(|line| matches(line));
        line.expect("just seen").clone()
    }

    /// The stdout lines seen so far, and any waiting.
    fn stdout_now(&mut self) -> &[String] {
        self.seen.extend(self.lines.try_iter());
        &self.seen
    }

    /// Waits (at most [`PATIENCE`]) for the process to end on its own;
    /// returns its status and everything it wrote on stderr.
    fn exits(mut self) -> (ExitStatus, String) {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "still running after {PATIENCE:?}"
            );
            thread::sleep(Duration::from_millis(50));
        };
        // The pipe closes with the process: the reader drains it.
        while let Ok(line) = self.errors.recv_timeout(PATIENCE) {
            self.seen_errors.push(line);
        }
        (status, self.seen_errors.join("\n"))
    }

    /// Sends SIGTERM and returns the exit status and how long the exit took.
    fn terminate(mut self) -> (ExitStatus, Duration, Vec<String>) {
        let asked = Instant::now();
        signal(&self.pid(), "TERM");
        let status = self.child.wait().expect("wait");
        let took = asked.elapsed();
        self.seen.extend(self.lines.try_iter());
        (status, took, std::mem::take(&mut self.seen))
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends the signal `name` (`TERM`, `STOP`, `CONT`) to the process `pid`.
fn signal(pid: &str, name: &str) {
    let status = std::process::Command::new("kill")
        .args([format!("-{name}").as_str(), pid])
        .status()
        .expect("kill");
    assert!(status.success(), "kill -{name} {pid}");
}

/// Waits for a line of `lines` that `wanted` accepts, keeping each in `seen`.
fn wait_for(
    lines: &Receiver<String>,
    seen: &mut Vec<String>,
    stream: &str,
    wanted: impl Fn(&str) -> bool,
) {
    let deadline = Instant::now() + PATIENCE;
    while !seen.iter().any(|line| wanted(line)) {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("no awaited line on {stream}; saw {seen:#?}"),
        }
    }
}

/// The lines of `stream`, read on a thread; echoed to the test's stderr
/// when `echo`.
fn read_lines(stream: impl Read + Send + 'static, echo: bool) -> Receiver<String> {
    let (sender, receiver) = channel();
    thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if echo {
                eprintln!("{line}");
            }
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    receiver
}

/// A run of tidyup with its data (journals) in `data`.
fn tidyup(data: &Path) -> Tidyup {
    Tidyup::bare()
        .env_remove("TIDYUP_API_KEY")
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    std::fs::write(dir.join(name), bytes).expect("write");
}
