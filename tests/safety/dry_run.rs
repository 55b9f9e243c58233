//! The dry run: the model sees the planned state, the disk never changes,
//! and `apply` carries the plan out later, refusing stale steps.

use serde_json::json;
use tidyup::fs::{OverlayFs, PlanStep, SandboxFs};
use tidyup::journal::{self, Store};
use tidyup::plan::{self, Plan};

use crate::support::{World, snapshot};

fn overlay(world: &World) -> OverlayFs<SandboxFs> {
    OverlayFs::new(SandboxFs::new(std::slice::from_ref(&world.target)).unwrap())
}

fn plan_of(world: &World, steps: &[PlanStep]) -> Plan {
    Plan {
        target: world.target.clone(),
        roots: Some(vec![world.target.clone()]),
        created: "now".into(),
        steps: steps.to_vec(),
    }
}

#[test]
fn the_model_sees_the_planned_state_and_the_disk_stays() {
    let world = World::new();
    let before = snapshot(&world.target);
    let mut files = overlay(&world);
    let t = |files: &mut OverlayFs<SandboxFs>, name: &str, args| world.tool(files, name, args);
    assert!(
        t(&mut files, "create_folder", json!({"path": "Images"})).starts_with("Created folder")
    );
    assert!(
        t(
            &mut files,
            "move_file",
            json!({"source": "photos/2024/cat.jpg", "destination": "Images/cat.jpg"})
        )
        .starts_with("Moved")
    );
    assert!(
        t(
            &mut files,
            "move_file",
            json!({"source": "docs", "destination": "Documents"})
        )
        .starts_with("Moved")
    );
    assert!(
        t(
            &mut files,
            "rename_file",
            json!({"path": "Documents/report.pdf", "new_name": "q3.pdf"})
        )
        .starts_with("Renamed")
    );
    assert!(
        t(
            &mut files,
            "delete_file",
            json!({"path": "a.txt", "confirm": true})
        )
        .starts_with("Deleted file")
    );

    let top = t(&mut files, "list_files", json!({"path": "."}));
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
    let documents = t(&mut files, "list_files", json!({"path": "Documents"}));
    assert!(documents.contains("[文件] q3.pdf | 4 B"), "{documents}");
    let images = t(&mut files, "list_files", json!({"path": "Images"}));
    assert!(images.contains("[文件] cat.jpg | 4 B"), "{images}");
    assert!(
        t(&mut files, "list_files", json!({"path": "photos/2024"}))
            .starts_with("Directory is empty")
    );
    assert_eq!(snapshot(&world.target), before, "the disk is unchanged");

    let steps = files.steps().to_vec();
    assert_eq!(
        plan::describe(&steps),
        [
            format!("create folder {}/Images", world.target_str()),
            format!(
                "move {0}/photos/2024/cat.jpg → {0}/Images/cat.jpg",
                world.target_str()
            ),
            format!("move {0}/docs → {0}/Documents", world.target_str()),
            format!(
                "move {0}/Documents/report.pdf → {0}/Documents/q3.pdf",
                world.target_str()
            ),
            format!("delete {}/a.txt", world.target_str()),
        ]
    );

    let store = Store::at(world.dir.path().join("data"));
    let report = plan::apply(&store, &plan_of(&world, &steps)).unwrap();
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
    journal::undo(&store, report.session.as_deref()).unwrap();
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
    let report = plan::apply(&store, &plan_of(&world, &steps)).unwrap();
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
