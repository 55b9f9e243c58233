//! What a session deletes on a remote folder goes to `.tidyup-trash/` on
//! that folder (never to this machine), out of the model's sight and
//! reach, and `undo` puts it back.

use std::path::Path;

use tidyup::{Journal, JournalStore, JournaledFs, RemoteAddress, RemoteFs, undo_session};
use tidyup_core::{ErrorCode, FileSystemExt, Lang};

use super::servers;

#[test]
fn a_deleted_file_is_kept_in_the_remote_trash_and_undo_restores_it() {
    let Some(servers) = servers() else { return };
    for server in &servers {
        let home = tempfile::tempdir().unwrap();
        let store = JournalStore::at(home.path().join("data"));
        let (url, dir) = server.folder("trashed");
        std::fs::write(dir.join("old draft.txt"), "draft bytes").unwrap();
        let address = RemoteAddress::parse(&url).unwrap();
        let root = address.root_path();
        let journal = Journal::new(
            store.clone(),
            Path::new(&root),
            Some(vec![root.clone().into()]),
        )
        .on_remote(Some(&address));
        let session = journal.session().to_owned();
        let remote = RemoteFs::connect(&address, None)
            .unwrap_or_else(|err| panic!("{}: {err}", server.name));
        let mut files = JournaledFs::new(remote, journal);

        files
            .remove_file(&format!("{root}/old draft.txt"))
            .unwrap_or_else(|err| panic!("{}: {err}", server.name));
        assert!(!dir.join("old draft.txt").exists(), "{}", server.name);
        let kept: Vec<_> = walk(&dir.join(".tidyup-trash"));
        assert_eq!(kept, vec!["draft bytes".to_owned()], "{}", server.name);
        let here = store.trash_dir(&session);
        let kept_here = if here.exists() {
            walk(&here)
        } else {
            Vec::new()
        };
        assert!(
            kept_here.is_empty(),
            "{}: kept on this machine",
            server.name
        );

        let listed = files.list(&root).unwrap();
        assert!(
            listed.iter().all(|entry| entry.name != ".tidyup-trash"),
            "{}",
            server.name
        );
        let refused = files.stat(&format!("{root}/.tidyup-trash")).unwrap_err();
        assert_eq!(refused.code, ErrorCode::TidyupData, "{}", server.name);
        drop(files);

        let report = undo_session(&store, Some(&session), Lang::En).unwrap();
        assert!(
            report.skipped.is_empty(),
            "{}: {:?}",
            server.name,
            report.skipped
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("old draft.txt")).unwrap(),
            "draft bytes",
            "{}",
            server.name
        );
    }
}

/// The contents of every file under `dir`.
fn walk(dir: &Path) -> Vec<String> {
    tidyup_test_kit::tree_of(dir)
        .into_iter()
        .filter(|(name, _)| !name.ends_with('/'))
        .map(|(_, bytes)| String::from_utf8(bytes).unwrap())
        .collect()
}
