//! `tidyup mcp --dry-run`: the tools see their changes, the disk does not
//! change, and the plan is saved when the connection ends.

use pretty_assertions::assert_eq;
use serde_json::json;

use super::client::TestClient;
use super::support::{World, tree};

#[tokio::test(flavor = "multi_thread")]
async fn a_dry_run_changes_nothing_and_saves_the_plan_at_the_end() {
    let world = World::new();
    World::write(&world.target, &[("report.pdf", "pdf"), ("old.log", "log")]);
    let before = tree(&world.target);
    let target = world.target.display().to_string();
    let connection = world
        .connect(&["--dry-run", &target], TestClient::plain())
        .await;
    let instructions = connection
        .client()
        .peer_info()
        .and_then(|info| info.instructions.clone())
        .unwrap_or_default();
    assert!(instructions.contains("Dry run"), "{instructions}");
    for (name, arguments) in [
        ("create_folder", json!({"path": "Docs"})),
        (
            "move_file",
            json!({"source": "report.pdf", "destination": "Docs/report.pdf"}),
        ),
        ("delete_file", json!({"path": "old.log", "confirm": true})),
    ] {
        let result = connection.text(name, arguments, false).await;
        // Nothing happened yet: the result says what would be done.
        assert!(
            result.starts_with("Dry run, nothing on disk changed: would "),
            "{result}"
        );
    }
    // The tools see the planned state.
    let listing = connection
        .text("list_files", json!({"path": "Docs"}), false)
        .await;
    assert!(listing.contains("report.pdf"), "{listing}");
    assert_eq!(tree(&world.target), before);
    let log = connection.close().await;
    assert_eq!(tree(&world.target), before);

    let plans: Vec<_> = std::fs::read_dir(world.data.join("plans"))
        .expect("a plans folder")
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(plans.len(), 1, "{plans:?}");
    let shown = plans[0].display().to_string();
    assert!(
        log.contains(&format!("The plan (3 steps) is saved to {shown}")),
        "{log}"
    );
    let (status, applied, stderr) = world.tidyup(&["apply", &shown]);
    assert_eq!(status, 0, "{applied}{stderr}");
    assert!(world.target.join("Docs/report.pdf").is_file());
    assert!(!world.target.join("old.log").exists());
}
