//! What tidyup refuses of a remote address, with no server needed: a
//! watch (a remote folder sends no notifications), and an address it
//! cannot use, said without the password written in it.

use super::{run, tidyup};

#[test]
fn watch_refuses_a_remote_folder_and_says_what_to_run() {
    let home = tempfile::tempdir().unwrap();
    let refused = run(tidyup(home.path(), &["watch", "s3://scans/inbox"]), "");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{said}");
    assert!(said.contains("tidyup s3://scans/inbox"), "{said}");
}

#[test]
fn a_bad_address_is_refused_without_showing_its_password() {
    let home = tempfile::tempdir().unwrap();
    for address in [
        "webdav://ann:hunter2@/files",
        "sftp://ann:hunter2@nas/srv/../etc",
        // A password holding `/`, refused for what else the address lacks.
        "webdav://ann:hun/ter2@/files",
        "sftp://ann:hun/ter2@nas",
        "sftp://ann:hunter2@nas/srv/photos/..%2F..%2Fetc",
    ] {
        let refused = run(
            tidyup(home.path(), &["--provider", "offline", address]),
            "quit\n",
        );
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&refused.stdout),
            String::from_utf8_lossy(&refused.stderr)
        );
        assert_ne!(refused.status.code(), Some(0), "{address}: {said}");
        assert!(
            !said.contains("hunter2") && !said.contains("ter2"),
            "{address}: {said}"
        );
        assert!(said.contains("ann:***@"), "{address}: {said}");
    }
}

/// The MCP server refuses such an address the same way, at its start.
#[test]
fn the_mcp_server_refuses_a_bad_address_without_showing_its_password() {
    let home = tempfile::tempdir().unwrap();
    for address in ["sftp://ann:hun/ter2@nas", "webdav://ann:hun/ter2@/files"] {
        let refused = run(tidyup(home.path(), &["mcp", address]), "");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&refused.stdout),
            String::from_utf8_lossy(&refused.stderr)
        );
        assert_ne!(refused.status.code(), Some(0), "{address}: {said}");
        assert!(!said.contains("ter2"), "{address}: {said}");
        assert!(said.contains("ann:***@"), "{address}: {said}");
    }
}
