//! Every root's rules file binds the tools, not only the first root's; no
//! rules file can be planted or replaced under any root.

use pretty_assertions::assert_eq;
use serde_json::json;

use super::client::TestClient;
use super::support::{World, tree};

#[tokio::test(flavor = "multi_thread")]
async fn each_roots_rules_file_protects_that_root() {
    let world = World::new();
    World::write(
        &world.target,
        &[("notes.txt", "mine"), ("spare.toml", "x = 1")],
    );
    World::write(
        &world.outside,
        &[
            (".tidyup.toml", "exclude = [\"keep.txt\", \"Vault/**\"]\n"),
            ("keep.txt", "theirs"),
            ("Vault/a.txt", "a"),
            ("loose.txt", "loose"),
        ],
    );
    let second_before = tree(&world.outside);
    let first = world.target.display().to_string();
    let second = world.outside.display().to_string();
    let connection = world.connect(&[&first, &second], TestClient::plain()).await;
    let refused = [
        (
            "move_file",
            json!({"source": format!("{second}/keep.txt"), "destination": format!("{second}/moved.txt")}),
        ),
        (
            "delete_file",
            json!({"path": format!("{second}/Vault/a.txt"), "confirm": true}),
        ),
        (
            "delete_file",
            json!({"path": format!("{second}/.tidyup.toml"), "confirm": true}),
        ),
        (
            "move_file",
            json!({"source": format!("{second}/loose.txt"), "destination": format!("{second}/Vault/loose.txt")}),
        ),
        (
            "move_file",
            json!({"source": "spare.toml", "destination": format!("{second}/.tidyup.toml")}),
        ),
        (
            "move_file",
            json!({"source": "spare.toml", "destination": ".tidyup.toml"}),
        ),
    ];
    for (tool, arguments) in refused {
        let text = connection.text(tool, arguments.clone(), true).await;
        assert!(
            text.contains("protected by the rules file"),
            "{tool} {arguments}: {text}"
        );
    }
    // What the rules leave free still moves.
    connection
        .text(
            "move_file",
            json!({"source": format!("{second}/loose.txt"), "destination": "loose.txt"}),
            false,
        )
        .await;
    connection.close().await;
    let mut expected = second_before;
    expected.remove("loose.txt");
    assert_eq!(tree(&world.outside), expected);
    assert!(!world.target.join(".tidyup.toml").exists());
}
