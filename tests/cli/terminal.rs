//! tidyup on a terminal: the binary runs on a pseudo-terminal, as when a
//! person types (or pastes) into it, and the test reads the screen.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use tempfile::TempDir;

use serde_json::json;
use tidyup_test_kit::e2e::{
    API_KEY, MockProvider, Tidyup, numbered_calls, target_dir, text_reply, tool_reply, write_file,
};

/// How long tidyup may take to show its first prompt (a first start
/// compiles the core).
pub(super) const START: Duration = Duration::from_secs(90);

/// How long an answer or the exit may take once a line is sent.
pub(super) const ANSWER: Duration = Duration::from_secs(20);

/// The English plan heading of the offline planner.
pub(super) const PLAN_HEADING: &str = "Here is my plan (offline planner, rules, no AI):";

/// tidyup running on a pseudo-terminal, in a private home.
pub(super) struct Terminal {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    screen: Arc<Mutex<Vec<u8>>>,
    _master: Box<dyn MasterPty + Send>,
    _home: TempDir,
}

impl Terminal {
    /// Starts `tidyup ARGS` with a cleared environment (home, data, cache
    /// and config in a temporary directory, `TERM=xterm-256color`), plus `envs`.
    pub(super) fn start(args: &[&str], envs: &[(&str, &str)]) -> Self {
        let home = tempfile::tempdir().unwrap();
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 40,
                cols: 200,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_tidyup"));
        command.env_clear();
        let at = |name: &str| home.path().join(name);
        command.env("HOME", home.path());
        command.env("XDG_CACHE_HOME", at("cache"));
        command.env("XDG_CONFIG_HOME", at("config"));
        command.env("XDG_DATA_HOME", at("data"));
        command.env("TIDYUP_DATA_DIR", at("tidyup"));
        command.env("PATH", std::env::var_os("PATH").unwrap_or_default());
        command.env("TZ", "UTC");
        command.env("TERM", "xterm-256color");
        for (name, value) in envs {
            command.env(name, value);
        }
        command.cwd(home.path());
        command.args(args);
        let child = pair.slave.spawn_command(command).unwrap();
        // Only the child holds the terminal's other end: its exit ends the reads.
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let screen = Arc::new(Mutex::new(Vec::new()));
        let sink = screen.clone();
        thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(read @ 1..) = reader.read(&mut buffer) {
                sink.lock().unwrap().extend_from_slice(&buffer[..read]);
            }
        });
        let writer = pair.master.take_writer().unwrap();
        Self {
            child,
            writer,
            screen,
            _master: pair.master,
            _home: home,
        }
    }

    /// Everything tidyup wrote to the terminal so far.
    pub(super) fn screen(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).into_owned()
    }

    /// Waits until the screen shows `text`; fails after `within`.
    pub(super) fn wait_for(&self, text: &str, within: Duration) {
        let deadline = Instant::now() + within;
        while !self.screen().contains(text) {
            assert!(
                Instant::now() < deadline,
                "the terminal did not show {text:?} within {within:?}:\n{:?}",
                self.screen()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Writes `input` in one write, as a paste (or a fast typist) does.
    pub(super) fn send(&mut self, input: &str) {
        self.writer.write_all(input.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Types `quit`, waits for tidyup to exit with status 0, and returns
    /// the whole screen.
    pub(super) fn quit(mut self) -> String {
        self.send("quit\r");
        let (status, screen) = self.exit();
        assert!(status.success(), "exit status {status:?}:\n{screen:?}");
        screen
    }

    /// Waits for tidyup to exit; its exit status and the whole screen.
    pub(super) fn exit(mut self) -> (portable_pty::ExitStatus, String) {
        let deadline = Instant::now() + ANSWER;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "tidyup did not exit after quit:\n{:?}",
                self.screen()
            );
            thread::sleep(Duration::from_millis(20));
        };
        // The reader thread has the last bytes once the child is gone.
        thread::sleep(Duration::from_millis(100));
        (status, self.screen())
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
    }
}

#[test]
fn ctrl_c_at_the_prompt_says_how_to_leave_and_a_second_leaves_with_the_journal_line() {
    let target = messy_target();
    let mut terminal = offline_session(target.path());
    terminal.send("organize\r");
    terminal.wait_for(PLAN_HEADING, ANSWER);
    terminal.send("yes\r");
    terminal.wait_for("Done.", ANSWER);
    thread::sleep(Duration::from_millis(200));
    terminal.send("\u{3}");
    terminal.wait_for("Press Ctrl-C again or type quit to leave.", ANSWER);
    terminal.send("\u{3}");
    let (status, screen) = terminal.exit();
    assert_eq!(status.exit_code(), 130, "{screen:?}");
    assert!(
        screen.contains("Changes journaled as session"),
        "the session ended normally:\n{screen:?}"
    );
}

/// A target with a few loose files, for the offline planner.
pub(super) fn messy_target() -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "notes.txt", 10);
    write_file(dir.path(), "photo.png", 20);
    write_file(dir.path(), "song.mp3", 30);
    dir
}

/// Starts the offline planner on `target` and waits for the first prompt.
pub(super) fn offline_session(target: &Path) -> Terminal {
    let terminal = Terminal::start(
        &[
            "--provider",
            "offline",
            "--lang",
            "en",
            target.to_str().unwrap(),
        ],
        &[],
    );
    terminal.wait_for("> ", START);
    terminal
}

#[test]
fn a_line_arriving_in_one_burst_is_answered_without_another_key() {
    let target = messy_target();
    let mut terminal = offline_session(target.path());
    terminal.send("organize\r");
    terminal.wait_for(PLAN_HEADING, ANSWER);
    terminal.send("no\r");
    terminal.wait_for("OK, nothing was changed.", ANSWER);
    terminal.quit();
}

#[test]
fn the_offline_planner_shows_no_token_usage_on_a_terminal() {
    let target = messy_target();
    let mut terminal = offline_session(target.path());
    terminal.send("organize\r");
    terminal.wait_for(PLAN_HEADING, ANSWER);
    let screen = terminal.quit();
    assert!(
        !screen.contains("tokens"),
        "no model was called, so no token usage:\n{screen:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_on_a_terminal_shows_the_usage_line_dimmed() {
    let (target, _) = target_dir();
    let provider = MockProvider::start(vec![text_reply("hello there")]).await;
    let base_url = provider.base_url();
    let screen = tokio::task::spawn_blocking(move || {
        let target = target.path().to_str().unwrap().to_owned();
        let mut terminal = Terminal::start(
            &["--lang", "en", "--base-url", &base_url, &target],
            &[("TIDYUP_API_KEY", API_KEY)],
        );
        terminal.wait_for("> ", START);
        terminal.send("hi\r");
        terminal.wait_for("hello there", ANSWER);
        terminal.quit()
    })
    .await
    .unwrap();
    assert!(
        screen.contains("\u{1b}[2mtokens: 10 prompt + 5 completion = 15"),
        "{screen:?}"
    );
}

/// A target of 300 loose text files: large (more than 200 entries), so the
/// offline planner moves them with one `move_by_type`.
fn large_target() -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..300 {
        write_file(dir.path(), &format!("note {i:03}.txt"), 8);
    }
    dir
}

#[test]
fn a_bulk_move_shows_a_progress_bar_on_a_terminal_and_none_when_piped() {
    let target = large_target();
    let mut terminal = offline_session(target.path());
    terminal.send("organize\r");
    terminal.wait_for(PLAN_HEADING, ANSWER);
    terminal.send("yes\r");
    terminal.wait_for("300 files moved", ANSWER);
    let screen = terminal.quit();
    // The bar names the work in words, with a rate in files a second and
    // the time left; no tool name.
    assert!(screen.contains("Moving files ["), "no bar:\n{screen:?}");
    assert!(screen.contains("300/300 ("), "no done/total:\n{screen:?}");
    assert!(screen.contains(" files/s, about "), "no rate:\n{screen:?}");
    assert!(!screen.contains("move_by_type ["), "{screen:?}");

    let piped_target = large_target();
    let piped = Tidyup::bare()
        .arg(piped_target.path())
        .args(["--provider", "offline", "--lang", "en"])
        .stdin("organize\nyes\nquit\n")
        .run_blocking();
    assert_eq!(piped.code(), 0, "{piped}");
    assert!(piped.stdout.contains("300 files moved"), "{piped}");
    assert!(!piped.stderr.contains("Moving files ["), "{piped}");
    assert!(!piped.stdout.contains("Moving files ["), "{piped}");
}

/// A session with the mock model on a pseudo-terminal: `extra` flags, the
/// replies scripted; sends `line`, waits for `until`, quits, and returns
/// the screen.
async fn model_session_on_terminal(
    replies: Vec<wiremock::ResponseTemplate>,
    target: TempDir,
    extra: &'static [&'static str],
    line: &'static str,
    until: &'static str,
) -> String {
    let provider = MockProvider::start(replies).await;
    let base_url = provider.base_url();
    tokio::task::spawn_blocking(move || {
        let target = target.path().to_str().unwrap().to_owned();
        let mut args = vec!["--lang", "en", "--base-url", &base_url];
        args.extend_from_slice(extra);
        args.push(&target);
        let mut terminal = Terminal::start(&args, &[("TIDYUP_API_KEY", API_KEY)]);
        terminal.wait_for("> ", START);
        terminal.send(&format!("{line}\r"));
        terminal.wait_for(until, ANSWER);
        terminal.quit()
    })
    .await
    .unwrap()
}

/// Three loose files and the replies that classify them, list a folder a
/// plan would create, move them into two folders and answer.
fn three_moves() -> (TempDir, Vec<wiremock::ResponseTemplate>) {
    let target = messy_target();
    let replies = vec![
        tool_reply(numbered_calls(&[
            ("list_files", json!({"path": "."})),
            ("get_file_type", json!({"filename": "notes.txt"})),
            ("get_file_type", json!({"filename": "photo.png"})),
            ("get_file_type", json!({"filename": "song.mp3"})),
            ("list_files", json!({"path": "Photos/2024-10"})),
        ])),
        tool_reply(numbered_calls(&[
            ("create_folder", json!({"path": "Documents"})),
            ("create_folder", json!({"path": "Media"})),
            (
                "move_file",
                json!({"source": "notes.txt", "destination": "Documents/notes.txt"}),
            ),
            (
                "move_file",
                json!({"source": "photo.png", "destination": "Media/photo.png"}),
            ),
            (
                "move_file",
                json!({"source": "song.mp3", "destination": "Media/song.mp3"}),
            ),
            (
                "move_file",
                json!({"source": "gone.txt", "destination": "Media/gone.txt"}),
            ),
        ])),
        text_reply("All **done**: see `Media` now."),
    ];
    (target, replies)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_terminal_sums_tool_calls_up_in_lines_that_name_files_and_count() {
    let (target, replies) = three_moves();
    let screen = model_session_on_terminal(replies, target, &[], "tidy", "now.").await;
    for shown in [
        "Model: ",
        " at 127.0.0.1:",
        "Listed ",
        ": 3 items",
        "photo.png: 图片",
        "Classified 3 files",
        "Created 2 folders",
        "song.mp3 → Media",
        "Moved 3 files into 2 folders",
        "✗ move_file gone.txt: Source does not exist",
    ] {
        assert!(screen.contains(shown), "{shown:?} not shown:\n{screen:?}");
    }
    // The answer's Markdown is rendered: bold in bold, code in colour.
    assert!(
        screen.contains("All \u{1b}[1mdone\u{1b}[0m: see "),
        "{screen:?}"
    );
    for hidden in [
        "[tool]",
        "Directory does not exist",
        "[目录]",
        "[文件]",
        "Moved notes.txt to",
        "**",
        "`Media`",
    ] {
        assert!(!screen.contains(hidden), "{hidden:?} shown:\n{screen:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn verbose_shows_every_tool_line_on_a_terminal() {
    let (target, replies) = three_moves();
    let screen = model_session_on_terminal(replies, target, &["--verbose"], "tidy", "now").await;
    assert_eq!(
        screen.matches("[tool] get_file_type: ").count(),
        3,
        "{screen:?}"
    );
    assert_eq!(
        screen.matches("[tool] move_file: ").count(),
        4,
        "{screen:?}"
    );
    assert!(
        screen.contains("[tool] list_files: Directory does not exist"),
        "{screen:?}"
    );
}

/// An event-stream reply carrying `pieces` as content deltas, then `[DONE]`.
fn streamed_reply(pieces: &[&str]) -> wiremock::ResponseTemplate {
    let body: String = pieces
        .iter()
        .map(|text| {
            let chunk = json!({"id": "s1", "object": "chat.completion.chunk", "model": "m",
                "choices": [{"index": 0, "delta": {"content": text}}]});
            format!("data: {chunk}\n\n")
        })
        .collect();
    wiremock::ResponseTemplate::new(200)
        .set_body_raw(body + "data: [DONE]\n\n", "text/event-stream")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_streamed_answer_shows_its_markdown_rendered_line_by_line() {
    let pieces = [
        "# The pl",
        "an\n- **Docu",
        "ments/**: 3 files\n",
        "1. `a.txt` to *Docs*",
    ];
    let replies = vec![streamed_reply(&pieces)];
    let screen = model_session_on_terminal(replies, messy_target(), &[], "plan", "to ").await;
    for shown in [
        "The plan",
        "• \u{1b}[1mDocuments/\u{1b}[0m: 3 files",
        "1. \u{1b}[36ma.txt",
    ] {
        assert!(screen.contains(shown), "{shown:?} not shown:\n{screen:?}");
    }
    for hidden in ["**", "# The", "`a.txt`", "*Docs*"] {
        assert!(!screen.contains(hidden), "{hidden:?} shown:\n{screen:?}");
    }

    // Piped, the text is exactly the model's.
    let provider = MockProvider::start(vec![streamed_reply(&pieces)]).await;
    let target = messy_target();
    let piped = Tidyup::new(target.path(), &provider)
        .stdin("plan\n")
        .run()
        .await;
    assert_eq!(piped.code(), 0, "{piped}");
    assert!(
        piped
            .stdout
            .contains("# The plan\n- **Documents/**: 3 files\n1. `a.txt` to *Docs*\n"),
        "{piped}"
    );
}

#[test]
fn show_pages_the_whole_plan_through_the_pager_on_a_terminal() {
    let target = messy_target();
    let pages = tempfile::tempdir().unwrap();
    let page = pages.path().join("page.txt");
    let pager = pages.path().join("pager.sh");
    std::fs::write(&pager, format!("#!/bin/sh\ncat > '{}'\n", page.display())).unwrap();
    std::fs::set_permissions(&pager, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let mut terminal = Terminal::start(
        &[
            "--provider",
            "offline",
            "--lang",
            "en",
            target.path().to_str().unwrap(),
        ],
        &[("PAGER", pager.to_str().unwrap())],
    );
    terminal.wait_for("> ", START);
    terminal.send("organize\r");
    terminal.wait_for(PLAN_HEADING, ANSWER);
    terminal.send("show\r");
    let deadline = Instant::now() + ANSWER;
    while !std::fs::read_to_string(&page).is_ok_and(|text| text.contains("The whole plan")) {
        assert!(
            Instant::now() < deadline,
            "no page:\n{:?}",
            terminal.screen()
        );
        thread::sleep(Duration::from_millis(20));
    }
    let paged = std::fs::read_to_string(&page).unwrap();
    for file in ["notes.txt", "photo.png", "song.mp3"] {
        assert!(paged.contains(&format!("  {file} → ")), "{paged}");
    }
    terminal.send("yes\r");
    terminal.wait_for("moved 3 of 3 files", ANSWER);
    let screen = terminal.quit();
    assert!(
        !screen.contains("The whole plan"),
        "paged, not printed:\n{screen:?}"
    );
}

#[test]
fn a_pager_that_cannot_run_leaves_the_plan_printed() {
    let target = messy_target();
    let mut terminal = Terminal::start(
        &[
            "--provider",
            "offline",
            "--lang",
            "en",
            target.path().to_str().unwrap(),
        ],
        &[("PAGER", "no-such-pager-anywhere --flag")],
    );
    terminal.wait_for("> ", START);
    terminal.send("organize\r");
    terminal.wait_for(PLAN_HEADING, ANSWER);
    terminal.send("show\r");
    terminal.wait_for("The plan still waits", ANSWER);
    let screen = terminal.quit();
    assert!(
        screen.contains("  photo.png → Images/photo.png"),
        "{screen:?}"
    );
}

/// `text` without tidyup's own styles (`ESC [ digits;… m`).
fn without_styles(text: &str) -> String {
    let mut kept = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\u{1b}[") {
        kept.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let params = after.len()
            - after
                .trim_start_matches(|c: char| c.is_ascii_digit() || c == ';')
                .len();
        if params > 0 && after[params..].starts_with('m') {
            rest = &after[params + 1..];
        } else {
            kept.push('\u{1b}');
            rest = &rest[at + 1..];
        }
    }
    kept.push_str(rest);
    kept
}

#[tokio::test(flavor = "multi_thread")]
async fn an_answer_cannot_retitle_clear_or_write_the_clipboard_of_the_terminal() {
    // Markdown's character references, decoded by the renderer's parser:
    // retitle the window, clear the screen, a C1 CSI, the clipboard.
    let answer = "Done &#27;]0;PWNED&#7; and &#x1b;[2J then &#155;31m red.\n\
                  See [the report](http://example.com/&#27;]52;c;SGVsbG8=&#7;&#155;2J).\n\
                  # Heading &#x1B;]0;TITLE&#x07; **bold &#27;[2J** end";
    let replies = vec![text_reply(answer)];
    let screen = model_session_on_terminal(replies, messy_target(), &[], "hi", " end").await;
    // Nowhere a bell, a C1 control, an operating-system command or a clear.
    for obeyed in ["\u{7}", "\u{9b}", "\u{1b}]", "\u{1b}[2J"] {
        assert!(
            !screen.contains(obeyed),
            "{obeyed:?} reached the terminal:\n{screen:?}"
        );
    }
    // The answer's lines hold no escape but tidyup's styles.
    let start = screen.find("Done ").unwrap();
    let end = screen.find("tokens: ").unwrap();
    let answer_shown = without_styles(&screen[start..end]);
    assert!(!answer_shown.contains('\u{1b}'), "{screen:?}");
    for spelled in [
        "Done \\x1b]0;PWNED\\x07 and \\x1b[2J then \\u{9b}31m red.",
        "(http://example.com/\\x1b]52;c;SGVsbG8=\\x07\\u{9b}2J)",
        "Heading \\x1b]0;TITLE\\x07",
    ] {
        assert!(
            answer_shown.contains(spelled),
            "{spelled:?} not shown:\n{screen:?}"
        );
    }
}
