//! A reader that stops early (`tidyup … | head -2`) closes tidyup's standard
//! output. tidyup then goes on with its work where it has work (a session's
//! changes are still made and journaled) and ends quietly: status 0, no
//! panic, in every subcommand that prints.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use tidyup_test_kit::e2e::*;

/// Runs tidyup with `args` and `stdin`, its standard output closed before it
/// writes anything; returns its status code and standard error.
fn with_stdout_closed(home: &Path, args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let mut child = Command::new(tidyup_binary())
        .args(args)
        .args(["--lang", "en"])
        .env_clear()
        .env("HOME", home)
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("TIDYUP_DATA_DIR", home.join("data"))
        .env("TIDYUP_CACHE_DIR", home.join("cache"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tidyup starts");
    drop(child.stdout.take());
    let mut input = child.stdin.take().expect("stdin");
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let output = child.wait_with_output().expect("tidyup ends");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs one command with standard output closed: it must end with status 0
/// and no panic.
fn quietly(home: &Path, args: &[&str], stdin: &str) {
    let (status, stderr) = with_stdout_closed(home, args, stdin);
    assert_eq!(status, Some(0), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn a_closed_standard_output_ends_every_command_quietly() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("Desk");
    let desk = folder.to_str().unwrap();
    let session = "organize\nyes\nquit\n";

    quietly(home.path(), &["demo", desk], "");
    let demo = tree_of(&folder);
    quietly(home.path(), &["--provider", "offline", desk], session);
    assert!(
        folder.join("Documents").is_dir(),
        "the session did its work although nobody read it"
    );
    quietly(home.path(), &["history"], "");
    quietly(home.path(), &["man"], "");
    quietly(home.path(), &["undo"], "");
    assert_eq!(tree_of(&folder), demo, "undo put everything back");
    quietly(
        home.path(),
        &["--provider", "offline", desk, "--dry-run"],
        session,
    );
    assert_eq!(tree_of(&folder), demo, "a dry run changes nothing");
}
