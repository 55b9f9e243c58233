//! Names kept as bytes: on Unix a name is any bytes, shown to people and
//! the model in a readable form (`fs/names`), but journaled, moved and put
//! back by its exact bytes. Every session here runs the real binary and is
//! undone, and the tree is compared byte for byte.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use serde_json::{Value, json};
use tidyup_test_kit::e2e::{
    MockProvider, Outcome, Tidyup, numbered_calls, raw_tree_of, text_reply, tool_reply,
};

/// `text` in GBK bytes (not UTF-8).
fn gbk(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable && std::str::from_utf8(&bytes).is_err());
    bytes.into_owned()
}

/// Writes `contents` into `dir/name`, `name` as raw bytes.
fn write_raw(dir: &Path, name: &[u8], contents: &[u8]) {
    std::fs::write(dir.join(OsStr::from_bytes(name)), contents).unwrap();
}

/// A session of the scripted model on `target`: it makes `calls` in one
/// reply, then says it is done.
async fn model_session(target: &Path, data: &Path, calls: &[(&str, Value)]) -> Outcome {
    let provider =
        MockProvider::start(vec![tool_reply(numbered_calls(calls)), text_reply("Done.")]).await;
    let out = Tidyup::new(target, &provider)
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .stdin("go\n")
        .run()
        .await;
    out.assert_clean_exit();
    out
}

/// An offline session on `target`: organize, yes.
fn organize(target: &Path, data: &Path) -> Outcome {
    let out = Tidyup::bare()
        .arg(target)
        .args(["--provider", "offline", "--lang", "en"])
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .stdin("organize\nyes\nquit\n")
        .run_blocking();
    assert_eq!(out.code(), 0, "{out}");
    out
}

/// `tidyup undo` of the newest session.
fn undo(data: &Path) -> Outcome {
    let out = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(["undo", "--lang", "en"])
        .run_blocking();
    assert_eq!(out.code(), 0, "{out}");
    out
}

#[tokio::test(flavor = "multi_thread")]
async fn deleted_names_that_are_not_utf8_come_back_from_the_trash() {
    let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let target = &dunce::canonicalize(target.path()).unwrap();
    write_raw(target, b"caf\xe9.txt", b"latin-1 name");
    write_raw(target, &gbk("文档.txt"), b"gbk name");
    let before = raw_tree_of(target);
    model_session(
        target,
        data.path(),
        &[
            (
                "delete_file",
                json!({ "path": "caf%E9.txt", "confirm": true }),
            ),
            (
                "delete_file",
                json!({ "path": "文档.txt", "confirm": true }),
            ),
        ],
    )
    .await;
    assert!(raw_tree_of(target).is_empty());
    let undone = undo(data.path());
    assert!(
        undone.stdout.contains("2 changes reversed, 0 skipped"),
        "{undone}"
    );
    assert_eq!(raw_tree_of(target), before, "{undone}");
}

#[test]
fn a_gbk_name_shown_escaped_keeps_its_bytes_when_organized_and_undone() {
    let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let target = target.path();
    write_raw(target, &gbk("文档.txt"), b"gbk notes");
    write_raw(target, "文档.txt".as_bytes(), b"utf-8 notes");
    let before = raw_tree_of(target);
    let out = organize(target, data.path());
    let after = raw_tree_of(target);
    let kept = [b"Documents/".as_slice(), &gbk("文档.txt")].concat();
    assert_eq!(
        after.get(&kept).map(Vec::as_slice),
        Some(b"gbk notes".as_slice()),
        "{out}\n{after:?}"
    );
    let undone = undo(data.path());
    assert_eq!(raw_tree_of(target), before, "{undone}");
}

#[tokio::test(flavor = "multi_thread")]
async fn undo_moves_back_the_item_moved_not_a_newcomer_shown_alike() {
    let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let target = &dunce::canonicalize(target.path()).unwrap();
    write_raw(target, b"caf\xe9.txt", b"the one moved");
    model_session(
        target,
        data.path(),
        &[(
            "move_file",
            json!({ "source": "caf%E9.txt", "destination": "Docs/caf%E9.txt" }),
        )],
    )
    .await;
    // A file literally named as the moved one is shown arrives beside it.
    write_raw(target, b"Docs/caf%E9.txt", b"a newcomer");
    let undone = undo(data.path());
    let after = raw_tree_of(target);
    assert_eq!(
        after.get(b"caf\xe9.txt".as_slice()).map(Vec::as_slice),
        Some(b"the one moved".as_slice()),
        "{undone}\n{after:?}"
    );
    assert_eq!(
        after.get(b"Docs/caf%E9.txt".as_slice()).map(Vec::as_slice),
        Some(b"a newcomer".as_slice()),
        "{undone}\n{after:?}"
    );
}

#[test]
fn a_literal_escape_beside_the_bytes_it_spells_is_organized_and_undone() {
    let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let target = target.path();
    write_raw(target, b"caf\xe9.txt", b"bytes");
    write_raw(target, b"caf%E9.txt", b"literal");
    let before = raw_tree_of(target);
    let out = organize(target, data.path());
    let after = raw_tree_of(target);
    assert!(
        !after.contains_key(b"caf\xe9.txt".as_slice())
            && !after.contains_key(b"caf%E9.txt".as_slice()),
        "both were organized\n{out}\n{after:?}"
    );
    let undone = undo(data.path());
    assert_eq!(raw_tree_of(target), before, "{out}\n{undone}");
}

#[tokio::test(flavor = "multi_thread")]
async fn moves_onto_the_longest_names_and_their_undo() {
    let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let target = &dunce::canonicalize(target.path()).unwrap();
    let long = format!("{}.txt", "n".repeat(250));
    let latin: Vec<u8> = [b"\xe9".repeat(250).as_slice(), b".txt"].concat();
    let latin_shown = format!("{}.txt", "%E9".repeat(250));
    write_raw(target, b"one.txt", b"one");
    write_raw(target, &latin, b"latin");
    write_raw(target, b"replaced.txt", b"replaced");
    std::fs::create_dir(target.join("Docs")).unwrap();
    write_raw(target, format!("Docs/{long}").as_bytes(), b"in the way");
    let before = raw_tree_of(target);
    let out = model_session(
        target,
        data.path(),
        &[
            (
                "move_file",
                json!({ "source": "one.txt", "destination": long }),
            ),
            (
                "move_file",
                json!({ "source": latin_shown, "destination": format!("Docs/{latin_shown}") }),
            ),
            (
                "move_file",
                json!({ "source": "replaced.txt", "destination": format!("Docs/{long}") }),
            ),
        ],
    )
    .await;
    let after = raw_tree_of(target);
    assert_eq!(
        after.get(long.as_bytes()).map(Vec::as_slice),
        Some(b"one".as_slice()),
        "{out}"
    );
    let moved = [b"Docs/".as_slice(), &latin].concat();
    assert_eq!(
        after.get(&moved).map(Vec::as_slice),
        Some(b"latin".as_slice()),
        "{out}"
    );
    assert_eq!(
        after
            .get(format!("Docs/{long}").as_bytes())
            .map(Vec::as_slice),
        Some(b"replaced".as_slice()),
        "{out}"
    );
    let undone = undo(data.path());
    assert_eq!(raw_tree_of(target), before, "{out}\n{undone}");
}

#[tokio::test(flavor = "multi_thread")]
async fn undo_leaves_an_item_that_replaced_the_one_moved() {
    let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let target = &dunce::canonicalize(target.path()).unwrap();
    write_raw(target, b"a.txt", b"the one moved");
    model_session(
        target,
        data.path(),
        &[(
            "move_file",
            json!({ "source": "a.txt", "destination": "Docs/a.txt" }),
        )],
    )
    .await;
    // Another file takes its place under the very same bytes.
    write_raw(target, b"Docs/new.txt", b"another item");
    std::fs::rename(target.join("Docs/new.txt"), target.join("Docs/a.txt")).unwrap();
    let undone = undo(data.path());
    assert!(undone.stdout.contains("is another item now"), "{undone}");
    assert!(!target.join("a.txt").exists(), "{undone}");
    assert_eq!(
        std::fs::read(target.join("Docs/a.txt")).unwrap(),
        b"another item"
    );
}

/// A journal as tidyup wrote it before records held exact bytes: paths as
/// shown, a trashed name that is not UTF-8 kept in the trash by its bytes.
#[test]
fn a_journal_written_before_exact_records_still_undoes() {
    let (target, data) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let target = &dunce::canonicalize(target.path()).unwrap();
    let data = data.path();
    let session = "20260101-000000-old";
    std::fs::create_dir(target.join("Docs")).unwrap();
    write_raw(
        target,
        &[b"Docs/".as_slice(), &gbk("文档.txt")].concat(),
        b"gbk notes",
    );
    let trash = data.join("trash").join(session);
    std::fs::create_dir_all(&trash).unwrap();
    write_raw(&trash, b"0001-caf\xe9.txt", b"latin-1 name");
    std::fs::create_dir_all(data.join("journal")).unwrap();
    let t = target.to_str().unwrap();
    let lines = [
        json!({ "op": "header", "session": session, "target": t, "roots": [t],
                "started": "2026-01-01T00:00:00+00:00", "kind": "session" }),
        json!({ "op": "created", "path": format!("{t}/Docs") }),
        json!({ "op": "moved", "from": format!("{t}/文档.txt"), "to": format!("{t}/Docs/文档.txt") }),
        json!({ "op": "trashed", "path": format!("{t}/caf%E9.txt"),
                "trash": trash.join("0001-caf%E9.txt") }),
    ];
    let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
    std::fs::write(data.join("journal").join(format!("{session}.jsonl")), text).unwrap();

    let undone = undo(data);
    assert!(
        undone.stdout.contains("3 changes reversed, 0 skipped"),
        "{undone}"
    );
    let after = raw_tree_of(target);
    assert_eq!(
        after.get(&gbk("文档.txt")).map(Vec::as_slice),
        Some(b"gbk notes".as_slice()),
        "{after:?}"
    );
    assert_eq!(
        after.get(b"caf\xe9.txt".as_slice()).map(Vec::as_slice),
        Some(b"latin-1 name".as_slice()),
        "{after:?}"
    );
    assert_eq!(after.len(), 2, "{after:?}");
}
