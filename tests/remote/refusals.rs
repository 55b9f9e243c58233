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
        assert!(!said.contains("hunter2"), "{address}: {said}");
        assert!(said.contains("ann:***@"), "{address}: {said}");
    }
}
