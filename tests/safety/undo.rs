//! Undo round-trips: any sequence of the six tools through the journal,
//! then `undo`, leaves the tree byte-identical to the start.

use proptest::prelude::*;
use serde_json::{Value, json};
use tidyup::{
    Journal, JournalStore as Store, JournaledFs, Record, SandboxFs, purge_session_trash,
    session_history, undo_session,
};
use tidyup_core::Lang;

use super::support::{World, snapshot};

/// Names the generated tool calls pick from: existing items, new names,
/// nested paths and the odd bad one.
const NAMES: &[&str] = &[
    "a.txt",
    "docs",
    "docs/report.pdf",
    "photos",
    "photos/2024",
    "photos/2024/cat.jpg",
    "new",
    "new/deeper",
    "b.txt",
    "docs/a.txt",
    "Images",
    ".",
];

/// A journaled, sandboxed file system on the world's target, with its
/// store (under the world's own directory) and session name.
fn journaled(world: &World) -> (Store, String, JournaledFs<SandboxFs>) {
    let store = Store::at(world.dir.path().join("data"));
    let roots = vec![world.target.clone()];
    let journal = Journal::new(store.clone(), &world.target, Some(roots.clone()));
    let session = journal.session().to_owned();
    (
        store,
        session,
        JournaledFs::new(SandboxFs::new(&roots).unwrap(), journal),
    )
}

fn name() -> impl Strategy<Value = String> {
    proptest::sample::select(NAMES).prop_map(str::to_owned)
}

fn call() -> impl Strategy<Value = (String, Value)> {
    prop_oneof![
        name().prop_map(|p| ("list_files".to_owned(), json!({ "path": p }))),
        name().prop_map(|p| ("create_folder".to_owned(), json!({ "path": p }))),
        (name(), name()).prop_map(|(s, d)| (
            "move_file".to_owned(),
            json!({ "source": s, "destination": d })
        )),
        (
            name(),
            proptest::sample::select(&["x.txt", "renamed", "a.txt", "docs"][..])
        )
            .prop_map(|(p, n)| (
                "rename_file".to_owned(),
                json!({ "path": p, "new_name": n })
            )),
        (name(), any::<bool>())
            .prop_map(|(p, c)| ("delete_file".to_owned(), json!({ "path": p, "confirm": c }))),
        name().prop_map(|p| ("get_file_type".to_owned(), json!({ "filename": p }))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_session_undoes_to_the_identical_tree(calls in proptest::collection::vec(call(), 1..14)) {
        let world = World::new();
        let before = snapshot(&world.target);
        let (store, _, mut files) = journaled(&world);
        for (name, arguments) in &calls {
            world.tool(&mut files, name, arguments.clone());
        }
        let changed = files.journal().has_changes();
        drop(files);
        if changed {
            let report = undo_session(&store, None, Lang::En).unwrap();
            prop_assert!(report.skipped.is_empty(), "skipped: {:?}", report.skipped);
        }
        prop_assert_eq!(snapshot(&world.target), before);
    }
}

#[test]
fn undo_restores_deleted_and_replaced_items_and_refuses_to_overwrite() {
    let world = World::new();
    let before = snapshot(&world.target);
    let (store, session, mut files) = journaled(&world);
    std::fs::write(world.target.join("b.txt"), b"bravo").unwrap();
    let before_with_b = snapshot(&world.target);
    world.tool(
        &mut files,
        "delete_file",
        json!({"path": "docs", "confirm": true}),
    );
    world.tool(
        &mut files,
        "move_file",
        json!({"source": "b.txt", "destination": "a.txt"}),
    );
    drop(files);
    assert!(!world.target.join("docs").exists());
    assert_eq!(std::fs::read(world.target.join("a.txt")).unwrap(), b"bravo");

    // Something appears at an original path before the undo: it is kept.
    std::fs::write(world.target.join("b.txt"), b"newcomer").unwrap();
    let report = undo_session(&store, Some(&session), Lang::En).unwrap();
    assert_eq!(report.skipped.len(), 2, "{:?}", report.skipped);
    assert!(report.skipped[0].contains("b.txt"), "{:?}", report.skipped);
    assert_eq!(
        std::fs::read(world.target.join("b.txt")).unwrap(),
        b"newcomer"
    );
    assert_eq!(
        std::fs::read(world.target.join("docs/report.pdf")).unwrap(),
        b"%PDF"
    );
    assert_ne!(snapshot(&world.target), before_with_b);
    assert_ne!(snapshot(&world.target), before);
    assert!(
        undo_session(&store, Some(&session), Lang::En).is_err(),
        "an undone session is not undone twice"
    );
}

#[test]
fn a_journal_cut_short_by_a_crash_still_undoes() {
    let world = World::new();
    let before = snapshot(&world.target);
    let (store, session, mut files) = journaled(&world);
    world.tool(
        &mut files,
        "move_file",
        json!({"source": "a.txt", "destination": "kept/a.txt"}),
    );
    drop(files);
    // The process dies after journaling the next change but before making
    // it, in the middle of writing a further line.
    store
        .append(
            &session,
            &Record::Moved {
                from: "/nowhere/x".into(),
                to: "/nowhere/y".into(),
                from_raw: None,
                to_raw: None,
                id: None,
                seen: None,
            },
        )
        .unwrap();
    let path = store.journal_path(&session);
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"op\":\"moved\",\"from\":\"/tr");
    std::fs::write(&path, text).unwrap();

    let report = undo_session(&store, None, Lang::En).unwrap();
    assert_eq!(report.session, session);
    assert_eq!(report.skipped.len(), 1, "{:?}", report.skipped);
    assert_eq!(snapshot(&world.target), before);
    let summary = session_history(&store).unwrap();
    assert!(summary[0].undone);
    assert_eq!((summary[0].created, summary[0].moved), (1, 2));
}

#[test]
fn purge_frees_the_trash() {
    let world = World::new();
    let (store, _, mut files) = journaled(&world);
    world.tool(
        &mut files,
        "delete_file",
        json!({"path": "a.txt", "confirm": true}),
    );
    drop(files);
    assert_eq!(
        purge_session_trash(&store, Some(std::time::Duration::from_secs(86_400))).unwrap(),
        (0, 0)
    );
    assert_eq!(purge_session_trash(&store, None).unwrap(), (1, 5));
    let report = undo_session(&store, None, Lang::En).unwrap();
    assert_eq!(report.reversed, 0);
    assert!(
        report.skipped[0].contains("no longer in the trash"),
        "{:?}",
        report.skipped
    );
}
