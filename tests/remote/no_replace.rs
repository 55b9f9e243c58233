//! A move never replaces what is at its destination, on every server, even
//! when nothing looked first: the server refuses it in the move itself
//! (`link(2)` over SFTP, `Overwrite: F` over WebDAV, `If-None-Match: *`
//! on S3), so an item that appeared there meanwhile is kept.

use tidyup::{HostFs, HostRequest, RemoteAddress, RemoteFs};
use tidyup_core::{ErrorCode, FileSystem, FsRequest};

use super::servers;

#[test]
fn an_item_at_the_destination_is_never_replaced_by_a_move() {
    let Some(servers) = servers() else { return };
    for server in &servers {
        let (url, dir) = server.folder("no-replace");
        std::fs::write(dir.join("mine.txt"), "mine").unwrap();
        std::fs::write(dir.join("theirs.txt"), "theirs, written meanwhile").unwrap();
        let address = RemoteAddress::parse(&url).unwrap();
        let root = address.root_path();
        let mut files = RemoteFs::connect(&address, None)
            .unwrap_or_else(|err| panic!("{}: {err}", server.name));
        let (from, to) = (format!("{root}/mine.txt"), format!("{root}/theirs.txt"));

        let refused = files
            .call(&FsRequest::Rename {
                from: from.as_str().into(),
                to: to.as_str().into(),
            })
            .unwrap_err();
        assert_eq!(
            refused.code,
            ErrorCode::AlreadyExists,
            "{}: {refused}",
            server.name
        );

        // Even a move that may replace, as the journal's undo asks.
        let refused = files
            .host_call(HostRequest::Move {
                from: &from,
                to: &to,
                staging: &mut |_| Ok(()),
                replace: true,
            })
            .err()
            .unwrap_or_else(|| panic!("{}: the move replaced the item", server.name));
        assert_eq!(
            refused.code,
            ErrorCode::AlreadyExists,
            "{}: {refused}",
            server.name
        );

        assert_eq!(
            std::fs::read_to_string(dir.join("mine.txt")).unwrap(),
            "mine"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("theirs.txt")).unwrap(),
            "theirs, written meanwhile",
            "{}",
            server.name
        );
        // A free destination is taken.
        files
            .call(&FsRequest::Rename {
                from: from.as_str().into(),
                to: format!("{root}/moved.txt").into(),
            })
            .unwrap_or_else(|err| panic!("{}: {err}", server.name));
        assert_eq!(
            std::fs::read_to_string(dir.join("moved.txt")).unwrap(),
            "mine"
        );
        assert!(!dir.join("mine.txt").exists(), "{}", server.name);
    }
}

/// A file saved where a moved file went, after the session: `undo` leaves
/// it there (skipped, listed) on every server, never moving another file
/// back in the moved one's place.
#[test]
fn undo_moves_back_only_the_file_it_moved() {
    let Some(servers) = super::servers() else {
        return;
    };
    for server in &servers {
        let home = tempfile::tempdir().unwrap();
        let (url, dir) = server.folder("saved-over");
        std::fs::write(dir.join("notes.txt"), "the notes").unwrap();
        let session = super::run(
            super::tidyup(
                home.path(),
                &["--provider", "offline", "--lang", "en", &url],
            ),
            "organize\nyes\nquit\n",
        );
        assert!(session.status.success(), "{}", server.name);
        let moved = dir.join("Documents/notes.txt");
        assert!(moved.exists(), "{}", server.name);
        // Another file saved in its place (a new file, written beside and
        // renamed over it, as editors save).
        let beside = dir.join("Documents/.notes.txt.new");
        std::fs::write(&beside, "a different file, saved later").unwrap();
        std::fs::rename(&beside, &moved).unwrap();

        let undo = super::run(super::tidyup(home.path(), &["undo", "--lang", "en"]), "");
        let said = String::from_utf8_lossy(&undo.stdout).into_owned();
        assert!(
            said.contains("is another item now"),
            "{}: {said}",
            server.name
        );
        assert_eq!(
            std::fs::read(&moved).unwrap(),
            b"a different file, saved later",
            "{}: {said}",
            server.name
        );
        assert!(!dir.join("notes.txt").exists(), "{}: {said}", server.name);
    }
}

/// A file that appears at a planned destination between the plan and the
/// go-ahead is never replaced by the planner's move: the step is skipped
/// and named, the counts follow, and nothing goes to the trash; on every
/// server and on a local folder.
#[test]
fn a_file_that_appears_before_the_go_ahead_is_never_replaced() {
    let local = tempfile::tempdir().unwrap();
    let mut places = vec![(
        "local".to_owned(),
        local.path().display().to_string(),
        local.path().to_path_buf(),
    )];
    for server in super::servers().unwrap_or_default() {
        let (url, dir) = server.folder("appeared");
        places.push((server.name.to_owned(), url, dir));
    }
    for (name, address, dir) in places {
        let home = tempfile::tempdir().unwrap();
        std::fs::write(dir.join("report.pdf"), "the report").unwrap();
        std::fs::write(dir.join("notes.txt"), "the notes").unwrap();
        let said = go_ahead_after(home.path(), &address, || {
            std::fs::create_dir_all(dir.join("Documents")).unwrap();
            std::fs::write(dir.join("Documents/report.pdf"), "another report").unwrap();
        });
        assert!(
            said.contains(
                "report.pdf stays: Documents/report.pdf appeared since the plan was shown"
            ),
            "{name}: {said}"
        );
        assert!(said.contains("moved 1 of 2"), "{name}: {said}");
        assert_eq!(
            std::fs::read(dir.join("report.pdf")).unwrap(),
            b"the report",
            "{name}"
        );
        assert_eq!(
            std::fs::read(dir.join("Documents/report.pdf")).unwrap(),
            b"another report",
            "{name}"
        );
        assert_eq!(
            std::fs::read(dir.join("Documents/notes.txt")).unwrap(),
            b"the notes",
            "{name}"
        );
    }
}

/// Runs a session on `address` that says `organize`, does `meanwhile`
/// once the plan is shown, then says `yes` and `quit`; all it said.
fn go_ahead_after(home: &std::path::Path, address: &str, meanwhile: impl FnOnce()) -> String {
    use std::io::{BufRead, Write};
    let mut command = super::tidyup(home, &["--provider", "offline", "--lang", "en", address]);
    let mut child = command.spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    input.write_all(b"organize\n").unwrap();
    let mut said = String::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        said.push_str(&line);
        said.push('\n');
        if line.contains("Reply \"yes\"") {
            break;
        }
    }
    meanwhile();
    input.write_all(b"yes\nquit\n").unwrap();
    drop(input);
    for line in lines {
        said.push_str(&line.unwrap());
        said.push('\n');
    }
    child.wait().unwrap();
    said
}
