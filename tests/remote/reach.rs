//! A remote folder that cannot be reached is said at the start, in one
//! sentence, with status 2: the credentials refused, no answer from the
//! server, no such folder, not a folder. It never looks like an empty
//! folder ("nothing to organize"), and no service's debug dump reaches a
//! person.

use super::{run, servers, tidyup};

/// Starts a session on `address` with `env` set, typing `organize`;
/// returns its status and everything it said.
fn start(address: &str, env: &[(&str, &str)]) -> (Option<i32>, String) {
    let home = tempfile::tempdir().unwrap();
    let mut command = tidyup(
        home.path(),
        &["--provider", "offline", "--lang", "en", address],
    );
    for (name, value) in env {
        command.env(name, value);
    }
    let out = run(command, "organize\nquit\n");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), said)
}

/// Checks one refusal: status 2, the cause in one sentence naming the
/// address at most once, and nothing of an empty folder or a service's
/// dump.
pub(super) fn refused(address: &str, env: &[(&str, &str)], cause: &str) {
    let (status, said) = start(address, env);
    assert_eq!(status, Some(2), "{address}: {said}");
    assert!(
        said.contains(cause),
        "{address}: not said {cause:?}:\n{said}"
    );
    for never in [
        "nothing to organize",
        "Unexpected",
        "context:",
        "Target directory",
    ] {
        assert!(!said.contains(never), "{address}: said {never:?}:\n{said}");
    }
    assert_eq!(said.trim().lines().count(), 1, "one sentence:\n{said}");
    assert!(
        said.matches("://").count() <= 1,
        "the address twice:\n{said}"
    );
}

#[test]
fn a_server_that_does_not_answer_is_said_with_its_host_and_port() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    refused(
        &format!("webdav://127.0.0.1:{port}/files"),
        &[],
        &format!("no answer from 127.0.0.1:{port}"),
    );
}

#[test]
fn wrong_credentials_a_missing_folder_and_a_file_are_each_said() {
    let Some(servers) = servers() else { return };
    for server in &servers {
        let (address, dir) = server.folder("reach");
        std::fs::write(dir.join("a.txt"), "a").unwrap();
        match server.name {
            "webdav" => {
                let wrong = [("TIDYUP_WEBDAV_PASSWORD", "wrong")];
                refused(&address, &wrong, "the server refused the credentials");
                refused(&format!("{address}/nope"), &[], "no such folder");
                refused(&format!("{address}/a.txt"), &[], "not a folder");
            }
            "s3" => {
                let wrong = [("AWS_SECRET_ACCESS_KEY", "wrong")];
                refused(&address, &wrong, "the server refused the credentials");
            }
            _ => {}
        }
        // Reached, the same folder is organized.
        let (status, said) = start(&address, &[]);
        assert_eq!(status, Some(0), "{said}");
        assert!(said.contains("Here is my plan"), "{said}");
    }
}
