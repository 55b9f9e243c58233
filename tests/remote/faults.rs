//! A WebDAV server that misbehaves ([`Proxy`] in front of the real one):
//! tidyup waits a bounded time and says so, reads only what it needs,
//! never takes a failure or a stranger's path for an empty folder, and
//! undoes a change whose answer was lost from where the server put it.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use super::proxy::{Fault, Proxy};
use super::{Server, run, servers, tidyup};

/// The WebDAV server, a proxy in front of it, and a new folder `name` on
/// it: the folder's address through the proxy, and where its bytes are.
pub fn behind_proxy(name: &str) -> Option<(Proxy, String, std::path::PathBuf)> {
    let server: Server = servers()?
        .into_iter()
        .find(|server| server.name == "webdav")?;
    let (address, dir) = server.folder(name);
    let rest = address.strip_prefix("webdav://").unwrap();
    let (upstream, path) = rest.split_once('/').unwrap();
    let proxy = Proxy::start(upstream);
    let through = format!("webdav://127.0.0.1:{}/{path}", proxy.port);
    Some((proxy, through, dir))
}

/// The offline session command on `address`, in English.
fn offline(home: &Path, address: &str) -> std::process::Command {
    tidyup(home, &["--provider", "offline", "--lang", "en", address])
}

/// A session on `address` whose requests wait at most `timeout` seconds,
/// started; its standard output read line by line.
fn start_session(
    home: &Path,
    address: &str,
    timeout: &str,
) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    let mut command = offline(home, address);
    command
        .env("TIDYUP_REMOTE_TIMEOUT", timeout)
        .stdout(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, said) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    (child, said)
}

/// Waits (30 s at most) for `child` to end after `quit`.
fn ended(child: &mut std::process::Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(
            Instant::now() < deadline,
            "the session did not end after quit"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Each of `names` is back at the top of `dir` with its own bytes (its
/// name), and the `Documents` folder the session made is gone.
fn put_back(dir: &Path, names: &[&str], said: &str) {
    for name in names {
        assert_eq!(
            std::fs::read(dir.join(name)).ok().as_deref(),
            Some(name.as_bytes()),
            "{name} not back:\n{said}"
        );
    }
    assert!(!dir.join("Documents").exists(), "{said}");
}

/// The lines said until one contains `wanted` (within `limit`).
fn until(said: &std::sync::mpsc::Receiver<String>, wanted: &str, limit: Duration) -> String {
    let deadline = Instant::now() + limit;
    let mut seen = String::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match said.recv_timeout(left) {
            Ok(line) => {
                seen.push_str(&line);
                seen.push('\n');
                if line.contains(wanted) {
                    return seen;
                }
            }
            Err(_) => break,
        }
    }
    panic!("not said within {limit:?}: {wanted:?}\n{seen}");
}

#[test]
fn a_server_that_stops_answering_is_given_up_on_and_said() {
    let Some((proxy, address, dir)) = behind_proxy("stalled") else {
        return;
    };
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    let home = tempfile::tempdir().unwrap();

    // Silent from the start: the session does not start, and says why.
    proxy.set(Fault::Stall);
    let started = Instant::now();
    let mut command = offline(home.path(), &address);
    command.env("TIDYUP_REMOTE_TIMEOUT", "2");
    let out = run(command, "organize\nquit\n");
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(&format!("no answer from 127.0.0.1:{}", proxy.port)),
        "{said}"
    );
    assert!(said.contains("TIDYUP_REMOTE_TIMEOUT"), "{said}");
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );

    // Silent midway: the request is given up on, said, and the session
    // goes on to its end.
    proxy.set(Fault::None);
    let (mut child, said) = start_session(home.path(), &address, "2");
    until(&said, "Target directory", Duration::from_secs(30));
    proxy.set(Fault::Stall);
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"organize\n").unwrap();
    let told = until(&said, "TIDYUP_REMOTE_TIMEOUT", Duration::from_secs(30));
    assert!(!told.contains("nothing to organize"), "{told}");
    input.write_all(b"quit\n").unwrap();
    drop(input);
    let status = ended(&mut child);
    assert!(status.success(), "{status:?}");
    assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"notes");
}

#[test]
fn a_move_whose_answer_was_lost_is_undone_from_where_the_server_put_it() {
    let Some((proxy, address, dir)) = behind_proxy("lost-answer") else {
        return;
    };
    for name in ["a.txt", "b.txt"] {
        std::fs::write(dir.join(name), name).unwrap();
    }
    let home = tempfile::tempdir().unwrap();
    // The server carries out the first move; its answer never arrives.
    proxy.set(Fault::DropAnswerOf("MOVE"));
    let session = run(offline(home.path(), &address), "organize\nyes\nquit\n");
    let said = String::from_utf8_lossy(&session.stdout).into_owned();
    let moved = ["a.txt", "b.txt"]
        .iter()
        .filter(|name| dir.join("Documents").join(name).exists())
        .count();
    assert_eq!(
        moved, 2,
        "both moved on the server, one unanswered:\n{said}"
    );

    let undo = run(tidyup(home.path(), &["undo"]), "");
    let undone = String::from_utf8_lossy(&undo.stdout).into_owned();
    assert!(undo.status.success(), "{undone}");
    put_back(&dir, &["a.txt", "b.txt"], &format!("{said}\n{undone}"));
}

#[test]
fn an_endless_listing_is_cut_at_its_limit_and_the_limit_is_said() {
    let Some((proxy, address, dir)) = behind_proxy("flooded") else {
        return;
    };
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    proxy.set(Fault::FloodListings);
    let home = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let mut command = offline(home.path(), &address);
    command.env("TIDYUP_REMOTE_LISTING_MB", "1");
    let out = run(command, "organize\nquit\n");
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(said.contains("1 MiB"), "{said}");
    assert!(said.contains("TIDYUP_REMOTE_LISTING_MB"), "{said}");
    assert!(!said.contains("context:"), "{said}");
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_server_that_ignores_range_is_read_only_as_far_as_needed() {
    let Some((proxy, address, dir)) = behind_proxy("no-range") else {
        return;
    };
    let big = vec![7u8; 64 * 1024 * 1024];
    std::fs::write(dir.join("disk.img"), &big).unwrap();
    proxy.set(Fault::IgnoreRange);
    let home = tempfile::tempdir().unwrap();
    let session = run(offline(home.path(), &address), "organize\nquit\n");
    let said = String::from_utf8_lossy(&session.stdout).into_owned();
    assert!(session.status.success(), "{said}");
    assert!(said.contains("Here is my plan"), "{said}");
    let whole_reads: Vec<_> = proxy
        .sent()
        .into_iter()
        .filter(|(line, sent)| line.starts_with("GET") && *sent >= big.len() / 2)
        .collect();
    assert!(
        whole_reads.is_empty(),
        "read whole: {whole_reads:?}\n{said}"
    );
}

#[test]
fn listing_entries_outside_the_folder_are_left_out_and_said_once() {
    let Some((proxy, address, dir)) = behind_proxy("strangers") else {
        return;
    };
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    let home = tempfile::tempdir().unwrap();
    let session = |fault| {
        proxy.set(fault);
        let out = run(offline(home.path(), &address), "organize\nquit\n");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!said.contains("panicked"), "{said}");
        assert!(!said.contains("nothing to organize"), "{said}");
        (out.status.code(), said)
    };

    // A stranger beside the folder's own entries: left out, said once.
    let (status, said) = session(Fault::StrangerAdded);
    assert_eq!(status, Some(0), "{said}");
    assert!(said.contains("notes.txt → Documents/notes.txt"), "{said}");
    assert_eq!(said.matches("outside this folder").count(), 1, "{said}");

    // Every path elsewhere (a proxy that does not rewrite them): refused
    // at the start with the cause, never an empty folder.
    let (status, said) = session(Fault::PathsOutside);
    assert_eq!(status, Some(2), "{said}");
    assert!(
        said.contains("the server listed other paths than"),
        "{said}"
    );
    assert!(!said.contains("context:"), "{said}");
}

#[test]
fn undo_never_removes_a_folder_a_file_arrived_in_after_it_was_checked() {
    let Some((proxy, address, dir)) = behind_proxy("late-upload") else {
        return;
    };
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    let home = tempfile::tempdir().unwrap();
    let session = run(offline(home.path(), &address), "organize\nyes\nquit\n");
    assert!(session.status.success());
    assert!(dir.join("Documents/notes.txt").exists());
    // Another device's upload lands in Documents after undo last looked
    // at it, right before the folder is removed.
    let upload = dir.join("Documents/upload.jpg");
    proxy.set(Fault::LandBeforeRemoval(
        "/Documents".into(),
        "upload.jpg".into(),
    ));

    let undo = run(tidyup(home.path(), &["undo"]), "");
    let undone = String::from_utf8_lossy(&undo.stdout).into_owned();
    assert_eq!(
        std::fs::read(dir.join("notes.txt")).unwrap(),
        b"notes",
        "{undone}"
    );
    // The folder stays where it was, with the upload, and undo says so.
    assert_eq!(
        std::fs::read(&upload).ok().as_deref(),
        Some(&b"arrived from another device"[..]),
        "the upload is gone:\n{undone}"
    );
    assert!(undone.contains("1 skipped"), "{undone}");
    assert!(!dir.join(".tidyup-trash").exists(), "{undone}");
}

#[test]
fn an_undo_cut_short_by_the_server_is_finished_by_the_next() {
    let Some((proxy, address, dir)) = behind_proxy("cut-short") else {
        return;
    };
    for name in ["a.txt", "b.txt"] {
        std::fs::write(dir.join(name), name).unwrap();
    }
    let home = tempfile::tempdir().unwrap();
    let session = run(offline(home.path(), &address), "organize\nyes\nquit\n");
    assert!(session.status.success());
    assert!(dir.join("Documents/a.txt").exists());

    // The server fails every move: nothing can be put back now.
    proxy.set(Fault::FailEvery("MOVE"));
    let cut = run(tidyup(home.path(), &["undo", "--lang", "en"]), "");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&cut.stdout),
        String::from_utf8_lossy(&cut.stderr)
    );
    assert_eq!(cut.status.code(), Some(1), "{said}");
    assert!(said.contains("Run `tidyup undo` again"), "{said}");

    // The server is well again: the next undo finishes the session.
    proxy.set(Fault::None);
    let finished = run(tidyup(home.path(), &["undo", "--lang", "en"]), "");
    let said = String::from_utf8_lossy(&finished.stdout).into_owned();
    assert!(finished.status.success(), "{said}");
    assert!(said.contains("0 skipped"), "{said}");
    put_back(&dir, &["a.txt", "b.txt"], &said);
}

#[test]
fn ctrl_c_stops_a_request_the_server_holds() {
    let Some((proxy, address, dir)) = behind_proxy("held") else {
        return;
    };
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    let home = tempfile::tempdir().unwrap();
    // Far longer than the test waits: only Ctrl-C can end the request.
    let (mut child, said) = start_session(home.path(), &address, "600");
    until(&said, "Target directory", Duration::from_secs(30));
    proxy.set(Fault::Stall);
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"organize\n").unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let pressed = Instant::now();
    let interrupt = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupt.success());
    let told = until(&said, "Cancelled", Duration::from_secs(20));
    assert!(pressed.elapsed() < Duration::from_secs(20), "{told}");
    input.write_all(b"quit\n").unwrap();
    drop(input);
    ended(&mut child);
    assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"notes");
}
