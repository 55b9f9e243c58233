//! The dry run: the model sees the planned state, the disk never changes,
//! and `apply` carries the plan out later, refusing stale steps.

use serde_json::json;
use tidyup::{
    ApplyAllowed, DryRunPlan as Plan, JournalStore as Store, OverlayFs, PlanStep, SandboxFs,
    apply_plan, describe_plan, load_plan, undo_session,
};
use tidyup_core::Lang;

use super::support::{World, snapshot};
use tidyup_test_kit::e2e::at;

fn overlay(world: &World) -> OverlayFs<SandboxFs> {
    OverlayFs::new(SandboxFs::new(std::slice::from_ref(&world.target)).unwrap())
}

fn plan_of(world: &World, steps: &[PlanStep]) -> Plan {
    Plan {
        target: world.target.clone(),
        roots: Some(vec![world.target.clone()]),
        created: "now".into(),
        rules: None,
        steps: steps.to_vec(),
    }
}

/// Plans five changes through the overlay, each answered as if done:
/// create `Images`, move the cat photo into it, move `docs` to `Documents`,
/// rename the report, delete `a.txt`.
fn plan_five_changes(world: &World) -> OverlayFs<SandboxFs> {
    let mut files = overlay(world);
    let tool = |files: &mut OverlayFs<SandboxFs>, name: &str, args| world.tool(files, name, args);
    assert!(
        tool(&mut files, "create_folder", json!({"path": "Images"})).starts_with("Created folder")
    );
    assert!(
        tool(
            &mut files,
            "move_file",
            json!({"source": "photos/2024/cat.jpg", "destination": "Images/cat.jpg"})
        )
        .starts_with("Moved")
    );
    assert!(
        tool(
            &mut files,
            "move_file",
            json!({"source": "docs", "destination": "Documents"})
        )
        .starts_with("Moved")
    );
    assert!(
        tool(
            &mut files,
            "rename_file",
            json!({"path": "Documents/report.pdf", "new_name": "q3.pdf"})
        )
        .starts_with("Renamed")
    );
    assert!(
        tool(
            &mut files,
            "delete_file",
            json!({"path": "a.txt", "confirm": true})
        )
        .starts_with("Deleted file")
    );
    files
}

#[test]
fn the_model_sees_the_planned_state_and_the_disk_stays() {
    let world = World::new();
    let before = snapshot(&world.target);
    let mut files = plan_five_changes(&world);
    let mut tool = |name: &str, args| world.tool(&mut files, name, args);
    let top = tool("list_files", json!({"path": "."}));
    assert!(top.starts_with("3 items"), "{top}");
    assert!(
        top.contains("[目录] Documents")
            && top.contains("[目录] Images")
            && top.contains("[目录] photos"),
        "{top}"
    );
    assert!(
        !top.contains("a.txt") && !top.contains("[目录] docs"),
        "{top}"
    );
    let documents = tool("list_files", json!({"path": "Documents"}));
    assert!(documents.contains("[文件] q3.pdf | 4 B"), "{documents}");
    let images = tool("list_files", json!({"path": "Images"}));
    assert!(images.contains("[文件] cat.jpg | 4 B"), "{images}");
    assert!(tool("list_files", json!({"path": "photos/2024"})).starts_with("Directory is empty"));
    assert_eq!(snapshot(&world.target), before, "the disk is unchanged");
}

#[test]
fn the_dry_run_records_each_planned_change_in_order() {
    let world = World::new();
    let files = plan_five_changes(&world);
    let steps = files.steps().to_vec();
    assert_eq!(
        describe_plan(&steps, Lang::En),
        [
            format!("create folder {}", at(world.target_str(), "Images")),
            format!(
                "move {} → {}",
                at(world.target_str(), "photos/2024/cat.jpg"),
                at(world.target_str(), "Images/cat.jpg")
            ),
            format!(
                "move {} → {}",
                at(world.target_str(), "docs"),
                at(world.target_str(), "Documents")
            ),
            format!(
                "move {} → {}",
                at(world.target_str(), "Documents/report.pdf"),
                at(world.target_str(), "Documents/q3.pdf")
            ),
            format!("delete {}", at(world.target_str(), "a.txt")),
        ]
    );
}

#[test]
fn applying_the_plan_makes_the_changes_and_undo_reverts_them() {
    let world = World::new();
    let before = snapshot(&world.target);
    let steps = plan_five_changes(&world).steps().to_vec();
    assert_eq!(snapshot(&world.target), before, "the disk is unchanged");
    let store = Store::at(world.dir.path().join("data"));
    let report = apply_plan(
        &store,
        &plan_of(&world, &steps),
        &ApplyAllowed::Folders(Vec::new()),
        Lang::En,
    )
    .unwrap();
    assert_eq!(
        (report.applied, report.skipped.len()),
        (5, 0),
        "{:?}",
        report.skipped
    );
    assert_eq!(
        std::fs::read(world.target.join("Documents/q3.pdf")).unwrap(),
        b"%PDF"
    );
    assert_eq!(
        std::fs::read(world.target.join("Images/cat.jpg")).unwrap(),
        b"meow"
    );
    assert!(!world.target.join("a.txt").exists());

    // Applied through the journal: undo gives the original tree back.
    undo_session(&store, report.session.as_deref(), Lang::En).unwrap();
    assert_eq!(snapshot(&world.target), before);
}

#[test]
fn apply_refuses_steps_whose_source_changed() {
    let world = World::new();
    let mut files = overlay(&world);
    world.tool(
        &mut files,
        "move_file",
        json!({"source": "a.txt", "destination": "b.txt"}),
    );
    world.tool(
        &mut files,
        "delete_file",
        json!({"path": "docs/report.pdf", "confirm": true}),
    );
    let steps = files.steps().to_vec();
    std::fs::write(world.target.join("a.txt"), b"alpha, edited since").unwrap();
    std::fs::remove_file(world.target.join("docs/report.pdf")).unwrap();
    let store = Store::at(world.dir.path().join("data"));
    let report = apply_plan(
        &store,
        &plan_of(&world, &steps),
        &ApplyAllowed::Folders(Vec::new()),
        Lang::En,
    )
    .unwrap();
    assert_eq!(report.applied, 0);
    assert!(
        report.skipped[0].contains("has changed since the plan"),
        "{:?}",
        report.skipped
    );
    assert!(
        report.skipped[1].contains("is gone"),
        "{:?}",
        report.skipped
    );
    assert_eq!(
        std::fs::read(world.target.join("a.txt")).unwrap(),
        b"alpha, edited since"
    );
}

#[test]
fn the_dry_run_refuses_escapes_too() {
    let world = World::new();
    let mut files = overlay(&world);
    let result = world.tool(
        &mut files,
        "move_file",
        json!({"source": "../outside/secret.txt", "destination": "s.txt"}),
    );
    assert!(
        result.contains("outside the allowed directories"),
        "{result}"
    );
    let result = world.tool(
        &mut files,
        "delete_file",
        json!({"path": ".", "confirm": true}),
    );
    assert!(result.contains("cannot be moved or deleted"), "{result}");
    assert!(files.steps().is_empty());
}

#[test]
fn apply_refuses_a_same_length_edit_whose_modification_time_was_set_back() {
    let world = World::new();
    let report_txt = world.target.join("report.txt");
    std::fs::write(&report_txt, b"quarterly figures: 100").unwrap();
    let planned_mtime = std::fs::metadata(&report_txt).unwrap().modified().unwrap();
    let mut files = overlay(&world);
    let moved = world.tool(
        &mut files,
        "move_file",
        json!({"source": "report.txt", "destination": "Reports/report.txt"}),
    );
    assert!(moved.starts_with("Moved"), "{moved}");
    let steps = files.steps().to_vec();
    drop(files);

    // Rewritten with the same length, its modification time put back.
    std::fs::write(&report_txt, b"quarterly figures: 999").unwrap();
    std::fs::File::options()
        .write(true)
        .open(&report_txt)
        .unwrap()
        .set_modified(planned_mtime)
        .unwrap();
    assert_eq!(
        std::fs::metadata(&report_txt).unwrap().modified().unwrap(),
        planned_mtime
    );
    let before = snapshot(&world.target);
    let store = Store::at(world.dir.path().join("data"));
    let report = apply_plan(
        &store,
        &plan_of(&world, &steps),
        &ApplyAllowed::Folders(Vec::new()),
        Lang::En,
    )
    .unwrap();
    let move_step = report
        .skipped
        .iter()
        .find(|reason| reason.contains("move "))
        .unwrap_or_else(|| panic!("the move was not refused: {report:?}"));
    assert!(
        move_step.contains("report.txt has changed since the plan"),
        "{move_step}"
    );
    assert!(!world.target.join("Reports/report.txt").exists());
    assert_eq!(
        std::fs::read(&report_txt).unwrap(),
        b"quarterly figures: 999"
    );
    // Only the planned folder may have been created; the file stayed.
    let mut after = snapshot(&world.target);
    after.remove("Reports");
    assert_eq!(after, before);
}

#[test]
fn a_plan_saved_by_an_earlier_version_is_refused_with_the_reason() {
    let world = World::new();
    let a_txt = world.target.join("a.txt");
    let old = json!({
        "target": world.target,
        "roots": [world.target],
        "created": "2026-01-01T00:00:00+00:00",
        "steps": [{
            "op": "move",
            "from": a_txt,
            "to": world.target.join("b.txt"),
            "source": {"kind": "file", "size": 5, "modified": 0},
            "replaces": false
        }]
    });
    let path = world.dir.path().join("old-plan.json");
    std::fs::write(&path, serde_json::to_vec(&old).unwrap()).unwrap();
    let err = load_plan(&path).unwrap_err().to_string();
    assert!(
        err.contains("saved by an earlier version of tidyup") && err.contains("--dry-run"),
        "{err}"
    );
    assert!(a_txt.exists());
}

#[test]
fn apply_carries_out_an_item_moved_twice_in_one_plan() {
    let world = World::new();
    let mut files = overlay(&world);
    for (source, destination) in [
        ("a.txt", "b.txt"),
        ("b.txt", "Text/b.txt"),
        ("docs", "Documents"),
        ("Documents", "Archive/Documents"),
        ("Archive/Documents/report.pdf", "Archive/report.pdf"),
    ] {
        let moved = world.tool(
            &mut files,
            "move_file",
            json!({"source": source, "destination": destination}),
        );
        assert!(moved.starts_with("Moved"), "{moved}");
    }
    let steps = files.steps().to_vec();
    drop(files);
    let store = Store::at(world.dir.path().join("data"));
    let report = apply_plan(
        &store,
        &plan_of(&world, &steps),
        &ApplyAllowed::Folders(Vec::new()),
        Lang::En,
    )
    .unwrap();
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    assert_eq!(
        std::fs::read(world.target.join("Text/b.txt")).unwrap(),
        b"alpha"
    );
    assert_eq!(
        std::fs::read(world.target.join("Archive/report.pdf")).unwrap(),
        b"%PDF"
    );
}

#[test]
fn apply_makes_a_planned_folder_only_when_a_move_into_it_is_carried_out() {
    let world = World::new();
    let mut files = overlay(&world);
    for (name, args) in [
        ("create_folder", json!({"path": "Texts"})),
        ("create_folder", json!({"path": "Papers/2024"})),
        ("create_folder", json!({"path": "Images"})),
        ("create_folder", json!({"path": "Empty on purpose"})),
        (
            "move_file",
            json!({"source": "a.txt", "destination": "Texts/a.txt"}),
        ),
        (
            "move_file",
            json!({"source": "docs/report.pdf", "destination": "Papers/2024/report.pdf"}),
        ),
        (
            "move_file",
            json!({"source": "photos/2024/cat.jpg", "destination": "Images/cat.jpg"}),
        ),
    ] {
        world.tool(&mut files, name, args);
    }
    let steps = files.steps().to_vec();
    // The text and the paper changed since the plan; the photo did not.
    std::fs::write(world.target.join("a.txt"), b"alpha, edited since").unwrap();
    std::fs::write(world.target.join("docs/report.pdf"), b"%PDF-1.7").unwrap();
    let store = Store::at(world.dir.path().join("data"));
    let report = apply_plan(
        &store,
        &plan_of(&world, &steps),
        &ApplyAllowed::Folders(Vec::new()),
        Lang::En,
    )
    .unwrap();

    assert!(!world.target.join("Texts").exists(), "{:?}", report.skipped);
    assert!(
        !world.target.join("Papers").exists(),
        "{:?}",
        report.skipped
    );
    assert!(world.target.join("Images/cat.jpg").exists());
    assert!(
        world.target.join("Empty on purpose").is_dir(),
        "a folder planned with no move into it is made"
    );
    // Images, the empty folder, the photo's move.
    assert_eq!(report.applied, 3, "{:?}", report.skipped);
    let not_made: Vec<&String> = report
        .skipped
        .iter()
        .filter(|reason| reason.contains("none of the moves into it was carried out"))
        .collect();
    assert_eq!(not_made.len(), 2, "{:?}", report.skipped);
}

#[test]
fn apply_of_a_plan_whose_every_move_is_refused_leaves_no_new_folder() {
    let world = World::new();
    let mut files = overlay(&world);
    world.tool(
        &mut files,
        "move_file",
        json!({"source": "a.txt", "destination": "Texts/Plain/a.txt"}),
    );
    world.tool(
        &mut files,
        "move_file",
        json!({"source": "photos/2024/cat.jpg", "destination": "Images/cat.jpg"}),
    );
    let steps = files.steps().to_vec();
    assert!(
        steps
            .iter()
            .any(|step| matches!(step, PlanStep::CreateFolder { .. })),
        "{steps:?}"
    );
    std::fs::write(world.target.join("a.txt"), b"alpha, edited since").unwrap();
    std::fs::write(world.target.join("photos/2024/cat.jpg"), b"purr").unwrap();
    let before = snapshot(&world.target);
    let store = Store::at(world.dir.path().join("data"));
    let report = apply_plan(
        &store,
        &plan_of(&world, &steps),
        &ApplyAllowed::Folders(Vec::new()),
        Lang::En,
    )
    .unwrap();
    assert_eq!(report.applied, 0, "{:?}", report.skipped);
    assert_eq!(snapshot(&world.target), before, "nothing new on disk");
    assert_eq!(report.session, None, "nothing journaled");
}
