//! File names, file contents and a model's words may carry escape sequences
//! (retitle the terminal, clear it, write the clipboard with OSC 52).
//! Whatever tidyup prints spells them out, piped or not; the model still
//! reads every name exactly.

use serde_json::json;

use tidyup_test_kit::e2e::*;

/// A name that retitles the terminal and clears the screen.
const HOSTILE_NAME: &str = "\x1b]0;PWNED\x07\x1b[2Jreport.pdf";
/// An answer that writes the clipboard, then hides its line.
const HOSTILE_ANSWER: &str = "Done \x1b]52;c;cm0gLXJmIH4=\x07\x1b[8m\u{9b}2J\u{202e}fdp.exe";

fn assert_no_escape_reaches_the_terminal(outcome: &Outcome) {
    for (stream, text) in [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)] {
        assert!(
            !text
                .chars()
                .any(|c| c.is_control() && c != '\n' && c != '\t'),
            "{stream} holds a control character:\n{text:?}"
        );
        assert!(!text.contains('\u{202e}'), "{stream}: {text:?}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn names_and_answers_are_shown_with_their_control_characters_spelled_out() {
    let (temp, _) = target_dir();
    // The target's own name reaches the session's name, `history` and `undo`.
    let target = temp.path().join("\x1b[2J\x1b]0;desk\x07");
    std::fs::create_dir(&target).unwrap();
    let home = tempfile::tempdir().unwrap();
    let home_path = home.path().display().to_string();
    write_file(&target, HOSTILE_NAME, 10);
    let calls = numbered_calls(&[
        ("list_files", json!({ "path": "." })),
        (
            "move_file",
            json!({ "source": HOSTILE_NAME, "destination": format!("Docs/{HOSTILE_NAME}") }),
        ),
    ]);
    let provider = MockProvider::start(vec![tool_reply(calls), text_reply(HOSTILE_ANSWER)]).await;
    let outcome = Tidyup::new(&target, &provider)
        .env("HOME", &home_path)
        .stdin("go\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    assert_no_escape_reaches_the_terminal(&outcome);
    assert!(
        outcome
            .stdout
            .contains("\\x1b]0;PWNED\\x07\\x1b[2Jreport.pdf"),
        "{outcome}"
    );
    assert!(
        outcome
            .stdout
            .contains("Done \\x1b]52;c;cm0gLXJmIH4=\\x07\\x1b[8m\\u{9b}2J\\u{202e}fdp.exe"),
        "{outcome}"
    );
    // The model read the name exactly, and the file moved under it.
    let results = provider.requests()[1].trailing_tool_results();
    assert!(results[0].contains(HOSTILE_NAME), "{results:?}");
    assert!(target.join("Docs").join(HOSTILE_NAME).is_file());

    // `history` and `undo` name the session and its folder: clean too.
    for command in ["history", "undo"] {
        let outcome = Tidyup::bare()
            .env("HOME", &home_path)
            .args([command, "--lang", "en"])
            .run()
            .await;
        assert_eq!(outcome.code(), 0, "{command}: {outcome}");
        assert_no_escape_reaches_the_terminal(&outcome);
    }
    assert!(target.join(HOSTILE_NAME).is_file(), "undo put it back");
}
