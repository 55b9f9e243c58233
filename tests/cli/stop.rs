//! Ctrl-C during a long offline move: the move stops after the file in
//! progress, the journal holds exactly what was done, the session goes on.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use tidyup_test_kit::e2e::Tidyup;

/// How long anything may take before the test counts it as a hang.
const HANG: Duration = Duration::from_secs(120);

/// Files in the target: enough that the move is still running when the
/// test has seen it start.
const FILES: usize = 20_000;

/// A running piped session whose standard output is collected as it comes.
struct Piped {
    child: Child,
    stdout: Arc<Mutex<String>>,
}

impl Piped {
    fn start(run: Tidyup) -> (Self, tempfile::TempDir) {
        let (mut child, sandbox) = run.spawn();
        let stdout = Arc::new(Mutex::new(String::new()));
        let sink = stdout.clone();
        let reader = BufReader::new(child.stdout.take().unwrap());
        thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                let mut all = sink.lock().unwrap();
                all.push_str(&line);
                all.push('\n');
            }
        });
        (Self { child, stdout }, sandbox)
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn stdout(&self) -> String {
        self.stdout.lock().unwrap().clone()
    }

    fn wait_for(&self, text: &str) {
        let deadline = Instant::now() + HANG;
        while !self.stdout().contains(text) {
            assert!(
                Instant::now() < deadline,
                "no {text:?} within {HANG:?}:\n{}",
                self.stdout()
            );
            thread::sleep(Duration::from_millis(10));
        }
    }

    fn interrupt(&self) {
        let status = std::process::Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Waits for the exit; its status code.
    fn exit_code(&mut self) -> Option<i32> {
        let deadline = Instant::now() + HANG;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(
                Instant::now() < deadline,
                "tidyup did not exit:\n{}",
                self.stdout()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Piped {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Files directly in `dir`.
fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_file())
        .count()
}

/// `tidyup ARGS --lang en` with the data directory `data`.
fn tidyup(data: &Path, args: &[&str]) -> Tidyup {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(args)
        .args(["--lang", "en"])
}

#[test]
fn ctrl_c_stops_a_bulk_move_after_the_file_in_progress_and_the_session_goes_on() {
    stop_an_offline_move(FILES, "");
}

#[test]
fn ctrl_c_stops_the_offline_planners_moves_file_by_file_and_the_session_goes_on() {
    // Listed whole, the folder is planned and moved one `move_file` a file.
    stop_an_offline_move(
        1_500,
        "context_tokens = 2000000\n[limits]\nlarge_folder_entries = 5000\n",
    );
}

/// Organizes `files` text files with the offline planner (with the config
/// file `config`) and sends Ctrl-C once some have moved; checks the stop
/// line, the session going on, the journal and the undo.
fn stop_an_offline_move(files: usize, config: &str) {
    let target = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    for i in 0..files {
        // Contents all different: no copies to set aside. Three kinds, so
        // the plan moves them in several steps, and the stop line's total
        // counts the steps not yet begun too.
        let extension = ["txt", "jpg", "mp3"][i % 3];
        std::fs::write(
            target.path().join(format!("note {i:05}.{extension}")),
            i.to_string(),
        )
        .unwrap();
    }
    let before = tidyup_test_kit::e2e::tree_of(target.path());
    let config_file = data.path().join("config.toml");
    std::fs::write(&config_file, config).unwrap();
    let (mut session, _sandbox) = Piped::start(
        tidyup(data.path(), &["--provider", "offline"])
            .env("TIDYUP_CONFIG", config_file.to_str().unwrap())
            .arg(target.path()),
    );
    session.send("organize");
    session.wait_for("Here is my plan");
    session.send("yes");
    let deadline = Instant::now() + HANG;
    while files_in(target.path()) == files {
        assert!(Instant::now() < deadline, "the move never started");
        thread::sleep(Duration::from_millis(2));
    }
    session.interrupt();
    session.wait_for("\nStopped after ");
    let out = session.stdout();
    let line = out
        .lines()
        .find(|line| line.starts_with("Stopped after "))
        .unwrap_or_else(|| panic!("no stop line of its own:\n{out}"));
    let numbers: Vec<usize> = line
        .trim_start_matches("Stopped after ")
        .split(" files")
        .next()
        .unwrap()
        .split(" of ")
        .map(|n| n.replace(',', "").parse().unwrap())
        .collect();
    let moved = files - files_in(target.path());
    assert_eq!(numbers, [moved, files], "{line}");
    assert!(moved < files, "all of it moved:\n{out}");
    let said = out
        .lines()
        .filter(|line| line.contains("Stopped after "))
        .count();
    assert_eq!(said, 1, "the stop is said once:\n{out}");

    // A go-ahead now: nothing waits, and the reply says why and what to do.
    session.send("yes");
    session.wait_for("stopped before its end");
    assert!(
        session
            .stdout()
            .contains("Say \"organize\" and I will plan them again"),
        "{}",
        session.stdout()
    );
    assert_eq!(
        files - files_in(target.path()),
        moved,
        "a yes after the stop moved more"
    );

    session.send("quit");
    assert_eq!(session.exit_code(), Some(0), "{}", session.stdout());
    assert!(
        session.stdout().contains("Changes journaled as session"),
        "{}",
        session.stdout()
    );

    let history = tidyup(data.path(), &["history"]).run_blocking();
    assert!(
        history.stdout.contains(&format!(" {moved} moved")),
        "the journal holds {moved} moves:\n{history}"
    );
    let undo = tidyup(data.path(), &["undo"]).run_blocking();
    assert_eq!(undo.code(), 0, "{undo}");
    assert_eq!(
        tidyup_test_kit::e2e::tree_of(target.path()),
        before,
        "undo restores the target exactly"
    );
}
