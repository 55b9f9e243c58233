//! Any names, as bytes: a folder of random names (not UTF-8, GBK-looking,
//! `%XX` literals that spell another name's escape, names near 255 bytes)
//! is organized offline, some of its files deleted by a model, both
//! sessions undone, and the tree is as it was, byte for byte.

use std::collections::BTreeSet;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use tidyup_core::FileSystemExt;

use proptest::prelude::*;
use serde_json::json;
use tidyup::{JournalStore, SandboxFs, session_history};
use tidyup_core::EntryKind;
use tidyup_test_kit::e2e::{
    MockProvider, Tidyup, numbered_calls, raw_tree_of, text_reply, tool_reply,
};

/// The start of a name: plain, Chinese, a literal escape, a `%`.
const STEMS: &[&[u8]] = &[b"caf", "文档".as_bytes(), b"a%E9", b"50%25", b"report"];
/// A part that is not UTF-8 (Latin-1, GBK, a lone high byte) or that spells
/// one's escape.
const MIDDLES: &[&[u8]] = &[
    b"\xe9",
    b"\xce\xc4\xb5\xb5",
    b"%E9",
    b"\xff\xfe",
    b"",
    b"\x80",
];
const ENDINGS: &[&str] = &[".txt", ".pdf", ".jpg", ""];

fn name() -> impl Strategy<Value = Vec<u8>> {
    (
        proptest::sample::select(STEMS),
        proptest::sample::select(MIDDLES),
        proptest::sample::select(ENDINGS),
        prop_oneof![3 => Just(0usize), 1 => 230usize..=250],
    )
        .prop_map(|(stem, middle, ending, long)| {
            let mut name = [stem, middle].concat();
            // Near the 255 bytes a name may hold, with the ending kept.
            while name.len() + ending.len() < long {
                name.extend_from_slice(if long % 2 == 0 { b"x" } else { b"\xe9" });
            }
            name.extend_from_slice(ending.as_bytes());
            name
        })
}

/// Every file below `dir` by the path tidyup shows for it.
fn shown_files(dir: &Path) -> Vec<String> {
    let mut files = SandboxFs::new(&[dir.to_path_buf()]).unwrap();
    let mut found = Vec::new();
    let mut pending = vec![dir.to_str().unwrap().to_owned()];
    while let Some(folder) = pending.pop() {
        for entry in files.list(&folder).unwrap() {
            let path = format!("{folder}/{}", entry.name);
            match entry.kind {
                EntryKind::Dir => pending.push(path),
                EntryKind::File | EntryKind::Symlink | EntryKind::Other => found.push(path),
            }
        }
    }
    found.sort();
    found
}

fn undo(data: &Path, session: &str) {
    let out = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(["undo", session, "--lang", "en"])
        .run_blocking();
    assert_eq!(out.code(), 0, "{out}");
    assert!(out.stdout.contains(" 0 skipped"), "{out}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn organize_delete_and_undo_keep_every_name_and_byte(
        names in proptest::collection::btree_set(name(), 1..6),
        deletes in proptest::collection::vec(any::<bool>(), 6),
    ) {
        let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let target = &dunce::canonicalize(target.path()).unwrap();
        for (index, name) in names.iter().enumerate() {
            let contents = format!("file {index}").into_bytes();
            std::fs::write(target.join(OsStr::from_bytes(name)), contents).unwrap();
        }
        let before = raw_tree_of(target);

        let out = Tidyup::bare()
            .arg(target)
            .args(["--provider", "offline", "--lang", "en"])
            .env("TIDYUP_DATA_DIR", data.path().to_str().unwrap())
            .stdin("organize\nyes\nquit\n")
            .run_blocking();
        prop_assert_eq!(out.code(), 0, "{}", out);
        let shown = shown_files(target);
        let unique: BTreeSet<&String> = shown.iter().collect();
        prop_assert_eq!(unique.len(), names.len(), "one shown name per file: {:?}", shown);

        let doomed: Vec<(&str, serde_json::Value)> = shown
            .iter()
            .zip(&deletes)
            .filter(|(_, delete)| **delete)
            .map(|(path, _)| ("delete_file", json!({ "path": path, "confirm": true })))
            .collect();
        if !doomed.is_empty() {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            let out = runtime.block_on(async {
                let provider = MockProvider::start(vec![
                    tool_reply(numbered_calls(&doomed)),
                    text_reply("Done."),
                ])
                .await;
                Tidyup::new(target, &provider)
                    .env("TIDYUP_DATA_DIR", data.path().to_str().unwrap())
                    .stdin("go\n")
                    .run()
                    .await
            });
            out.assert_clean_exit();
            prop_assert_eq!(shown_files(target).len(), shown.len() - doomed.len(), "{}", out);
        }

        let sessions = session_history(&JournalStore::at(data.path())).unwrap();
        for session in sessions.iter().rev() {
            undo(data.path(), &session.session);
        }
        prop_assert_eq!(raw_tree_of(target), before);
    }
}
