//! What only SFTP has: OpenSSH's own causes of a failed login, a folder
//! that is never made to be reached, a move cut between its link and its
//! unlink, and the `ssh` processes a session leaves (none).

use std::path::Path;

use super::reach::refused;
use super::{Server, run, servers, tidyup};

/// The SFTP server, when the servers run.
fn sftp() -> Option<Server> {
    servers()?.into_iter().find(|server| server.name == "sftp")
}

/// Runs tidyup in `home` with `args` and `stdin`; its status and all it said.
fn session(home: &Path, args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let out = run(tidyup(home, args), stdin);
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), said)
}

#[test]
fn each_failed_login_says_its_cause_and_the_way_out() {
    let Some(server) = sftp() else { return };
    let home = tempfile::tempdir().unwrap();
    let (address, _) = server.folder("login");
    let path = address.split_once("tidyup-sftp").unwrap().1.to_owned();

    // A host key this machine has never verified.
    let bin = home.path().join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let real = std::env::var("TIDYUP_TEST_SSH_BIN").unwrap();
    let script = format!("#!/bin/sh\nexec {real}/ssh -o UserKnownHostsFile=/dev/null \"$@\"\n");
    std::fs::write(bin.join("ssh"), script).unwrap();
    std::fs::set_permissions(
        bin.join("ssh"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let path_var = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    refused(
        &address,
        &[("PATH", &path_var)],
        "connect once with `ssh tidyup-sftp` to verify it",
    );

    // A user the server does not let in.
    refused(
        &format!("sftp://nobody@tidyup-sftp{path}"),
        &[],
        "the server refused the login of nobody",
    );

    // Nothing listening.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    refused(
        &format!("sftp://127.0.0.1:{port}{path}"),
        &[],
        &format!("no answer from 127.0.0.1:{port}"),
    );
}

#[test]
fn a_mistyped_folder_is_never_made_and_a_file_is_no_folder() {
    let Some(server) = sftp() else { return };
    let (address, dir) = server.folder("typo");
    std::fs::write(dir.join("a.txt"), "a").unwrap();
    refused(&format!("{address}/nope/deeper"), &[], "no such folder");
    assert!(!dir.join("nope").exists(), "the mistyped folder was made");
    refused(&format!("{address}/a.txt"), &[], "not a folder");
    assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"a");
}

/// The `ssh` processes still running with `home` as their home.
fn ssh_processes_of(home: &Path) -> Vec<String> {
    let wanted = format!("HOME={}", home.display());
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let dir = entry.path();
        let comm = std::fs::read_to_string(dir.join("comm")).unwrap_or_default();
        let environ = std::fs::read(dir.join("environ")).unwrap_or_default();
        let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
        let zombie = stat
            .rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z'));
        if comm.trim() == "ssh"
            && !zombie
            && environ
                .split(|&byte| byte == 0)
                .any(|var| var == wanted.as_bytes())
        {
            found.push(std::fs::read_to_string(dir.join("cmdline")).unwrap_or_default());
        }
    }
    found
}

#[test]
fn no_ssh_process_outlives_a_session() {
    let Some(server) = sftp() else { return };
    let home = tempfile::tempdir().unwrap();
    let (address, dir) = server.folder("no-master");
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    let args = ["--provider", "offline", "--lang", "en", &address];
    let (status, said) = session(home.path(), &args, "organize\nyes\nquit\n");
    assert_eq!(status, Some(0), "{said}");
    assert!(dir.join("Documents/notes.txt").exists(), "{said}");
    let (status, said) = session(home.path(), &["undo"], "");
    assert_eq!(status, Some(0), "{said}");
    let left = ssh_processes_of(home.path());
    assert!(left.is_empty(), "ssh left running: {left:?}");
}

#[test]
fn a_move_cut_between_its_link_and_unlink_is_finished_by_undo() {
    let Some(server) = sftp() else { return };
    let home = tempfile::tempdir().unwrap();
    let (address, dir) = server.folder("half-moved");
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    let args = ["--provider", "offline", "--lang", "en", &address];
    let (status, said) = session(home.path(), &args, "organize\nyes\nquit\n");
    assert_eq!(status, Some(0), "{said}");
    // As a move killed between the two steps leaves it: the file at both
    // names.
    std::fs::hard_link(dir.join("Documents/notes.txt"), dir.join("notes.txt")).unwrap();

    let (status, said) = session(home.path(), &["undo"], "");
    assert_eq!(status, Some(0), "{said}");
    assert!(said.contains("0 skipped"), "{said}");
    assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"notes");
    assert!(!dir.join("Documents").exists(), "{said}");
}

#[test]
fn a_name_that_is_not_utf8_is_spelled_out_and_the_rest_is_organized() {
    use std::os::unix::ffi::OsStrExt;
    let Some(server) = sftp() else { return };
    let home = tempfile::tempdir().unwrap();
    let (address, dir) = server.folder("odd-name");
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    let odd = dir.join(std::ffi::OsStr::from_bytes(b"caf\xe9.txt"));
    std::fs::write(&odd, "latin-1").unwrap();
    let args = ["--provider", "offline", "--lang", "en", &address];
    let (status, said) = session(home.path(), &args, "organize\nyes\nquit\n");
    assert_eq!(status, Some(0), "{said}");
    assert!(!said.contains("nothing to organize"), "{said}");
    assert!(said.contains("caf%E9.txt"), "{said}");
    assert!(dir.join("Documents/notes.txt").exists(), "{said}");
    let odd_now: Vec<_> = walk_names(&dir)
        .into_iter()
        .filter(|name| name.as_os_str().as_bytes().ends_with(b"caf\xe9.txt"))
        .collect();
    assert_eq!(odd_now.len(), 1, "{said}");
    assert_eq!(std::fs::read(dir.join(&odd_now[0])).unwrap(), b"latin-1");
}

/// Every file under `dir`, as a path relative to it.
fn walk_names(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    found
}
