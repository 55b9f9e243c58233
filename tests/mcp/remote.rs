//! `tidyup mcp` serving a remote folder: the same tools, journal and
//! trash, on each loopback server (see `tests/remote`), undone exactly by
//! `tidyup undo`.

use serde_json::json;

use super::client::TestClient;
use super::support::World;

/// The servers' variables this world's processes need: credentials, and
/// the test's `ssh` first on `PATH`.
fn with_servers(world: &mut World) {
    for (name, value) in crate::remote::server_credentials() {
        world.env(name, &value);
    }
    let ssh = std::env::var("TIDYUP_TEST_SSH_BIN").unwrap_or_default();
    world.env(
        "PATH",
        &format!("{ssh}:{}", std::env::var("PATH").unwrap_or_default()),
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_tools_work_on_a_remote_folder_and_undo_restores_it() {
    let Some(servers) = crate::remote::servers() else {
        return;
    };
    for server in &servers {
        let mut world = World::new();
        with_servers(&mut world);
        let (url, dir) = server.folder("mcp");
        World::write(
            &dir,
            &[("report.pdf", "pdf bytes"), ("old.log", "log bytes")],
        );
        let before = crate::remote::held(server, &dir);

        let connection = world.connect(&[&url], TestClient::plain()).await;
        let listed = connection
            .text("list_files", json!({"path": "."}), false)
            .await;
        assert!(listed.contains("report.pdf"), "{}: {listed}", server.name);
        assert!(
            !listed.contains(".tidyup-trash"),
            "{}: {listed}",
            server.name
        );
        connection
            .text("create_folder", json!({"path": "Docs"}), false)
            .await;
        connection
            .text(
                "move_file",
                json!({"source": "report.pdf", "destination": "Docs/report.pdf"}),
                false,
            )
            .await;
        connection
            .text(
                "delete_file",
                json!({"path": "old.log", "confirm": true}),
                false,
            )
            .await;
        let log = connection.close().await;
        assert_eq!(
            std::fs::read_to_string(dir.join("Docs/report.pdf")).unwrap(),
            "pdf bytes",
            "{}: {log}",
            server.name
        );
        assert!(!dir.join("old.log").exists(), "{}", server.name);

        let (status, undone, stderr) = world.tidyup(&["undo"]);
        assert_eq!(status, 0, "{}: {undone}{stderr}", server.name);
        assert!(undone.contains("0 skipped"), "{}: {undone}", server.name);
        assert_eq!(crate::remote::held(server, &dir), before, "{}", server.name);
    }
}

/// A symbolic link inside an SFTP folder that leads outside it is never
/// followed: what lies outside is neither listed nor read, nothing moves
/// out or in through it, no folder is made through it; the link itself
/// is listed as a link, and the folder's own files still work.
#[tokio::test(flavor = "multi_thread")]
async fn an_sftp_link_leading_outside_the_folder_is_never_followed() {
    let Some(servers) = crate::remote::servers() else {
        return;
    };
    let Some(server) = servers.iter().find(|server| server.name == "sftp") else {
        return;
    };
    let mut world = World::new();
    with_servers(&mut world);
    let (_, outside) = server.folder("outside-of-links");
    World::write(&outside, &[("secret.txt", "outside bytes")]);
    let (url, dir) = server.folder("links");
    World::write(&dir, &[("report.pdf", "pdf bytes")]);
    std::os::unix::fs::symlink(&outside, dir.join("out")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.txt"), dir.join("secret-link.txt")).unwrap();
    let before_outside = crate::remote::held(server, &outside);

    let connection = world.connect(&[&url], TestClient::plain()).await;
    let top = connection
        .text("list_files", json!({"path": "."}), false)
        .await;
    assert!(top.contains("report.pdf") && top.contains("out"), "{top}");
    assert!(!top.contains("secret.txt"), "{top}");
    let refused = [
        ("list_files", json!({"path": "out"})),
        ("get_file_type", json!({"path": "secret-link.txt"})),
        ("get_file_type", json!({"path": "out/secret.txt"})),
        ("create_folder", json!({"path": "out/made"})),
        (
            "move_file",
            json!({"source": "report.pdf", "destination": "out/report.pdf"}),
        ),
        (
            "move_file",
            json!({"source": "out/secret.txt", "destination": "secret.txt"}),
        ),
    ];
    for (tool, arguments) in refused {
        let said = connection.text(tool, arguments.clone(), true).await;
        assert!(
            !said.contains("outside bytes"),
            "{tool} {arguments}: {said}"
        );
    }
    connection
        .text("create_folder", json!({"path": "Docs"}), false)
        .await;
    connection
        .text(
            "move_file",
            json!({"source": "report.pdf", "destination": "Docs/report.pdf"}),
            false,
        )
        .await;
    let log = connection.close().await;
    assert_eq!(
        crate::remote::held(server, &outside),
        before_outside,
        "{log}"
    );
    assert!(!outside.join("made").exists() && !outside.join("report.pdf").exists());
    assert!(dir.join("Docs/report.pdf").exists(), "{log}");
}

/// A batch of moves (`move_files`, how a reviewed plan is carried out)
/// whose first move the server made but whose answer was lost: its
/// record is kept, and `tidyup undo` puts the file back from where the
/// server put it.
#[tokio::test(flavor = "multi_thread")]
async fn a_batch_move_whose_answer_was_lost_is_undone_from_where_it_went() {
    use crate::remote::proxy::Fault;
    let Some((proxy, address, dir)) = crate::remote::faults::behind_proxy("lost-in-batch") else {
        return;
    };
    let mut world = World::new();
    with_servers(&mut world);
    World::write(&dir, &[("a.txt", "a"), ("b.txt", "b")]);
    let connection = world.connect(&[&address], TestClient::plain()).await;
    proxy.set(Fault::DropAnswerOf("MOVE"));
    let said = connection
        .call(
            "move_files",
            json!({"moves": [
                {"from": "a.txt", "to": "Docs/a.txt"},
                {"from": "b.txt", "to": "Docs/b.txt"},
            ]}),
        )
        .await;
    let log = connection.close().await;
    assert!(dir.join("Docs/a.txt").exists(), "{said:?}\n{log}");
    assert!(dir.join("Docs/b.txt").exists(), "{said:?}\n{log}");

    let (status, undone, stderr) = world.tidyup(&["undo"]);
    assert_eq!(status, 0, "{undone}{stderr}");
    assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"a", "{undone}");
    assert_eq!(std::fs::read(dir.join("b.txt")).unwrap(), b"b", "{undone}");
    assert!(!dir.join("Docs").exists(), "{undone}");
}

/// A dry run on a remote folder that moves a folder saves a plan that
/// `tidyup apply` carries out there (a remote folder is known by what it
/// holds), and that apply refuses once the folder changed since.
#[tokio::test(flavor = "multi_thread")]
async fn a_remote_dry_run_that_moves_a_folder_is_applied() {
    let Some(servers) = crate::remote::servers() else {
        return;
    };
    for server in &servers {
        let mut world = World::new();
        with_servers(&mut world);
        let (url, dir) = server.folder("folder-plan");
        World::write(
            &dir,
            &[("Trip/a.jpg", "a"), ("Trip/b.jpg", "b"), ("Old/c.txt", "c")],
        );
        let connection = world
            .connect(&["--dry-run", &url], TestClient::plain())
            .await;
        for (from, to) in [("Trip", "Photos/Trip"), ("Old", "Archive/Old")] {
            connection
                .text(
                    "move_file",
                    json!({"source": from, "destination": to}),
                    false,
                )
                .await;
        }
        let log = connection.close().await;
        let plan = std::fs::read_dir(world.data.join("plans"))
            .expect("a plans folder")
            .map(|entry| entry.unwrap().path())
            .next()
            .unwrap_or_else(|| panic!("{}: no plan\n{log}", server.name));
        // One folder changes after the plan was made.
        std::fs::write(dir.join("Old/d.txt"), "d").unwrap();

        let plan = plan.display().to_string();
        let (status, applied, stderr) = world.tidyup(&["apply", &plan]);
        assert_ne!(
            status, 2,
            "{}: refused whole: {applied}{stderr}",
            server.name
        );
        assert_eq!(
            std::fs::read(dir.join("Photos/Trip/a.jpg")).ok().as_deref(),
            Some(&b"a"[..]),
            "{}: {applied}{stderr}",
            server.name
        );
        assert!(dir.join("Old/d.txt").exists(), "{}: {applied}", server.name);
        assert!(
            !dir.join("Archive/Old").exists(),
            "{}: {applied}",
            server.name
        );
    }
}

/// A client that cancels a call stalled on a silent server
/// (`notifications/cancelled`) gets the server back at once: the request
/// waiting on the server is given up, and the next call is answered.
#[tokio::test(flavor = "multi_thread")]
async fn a_cancelled_call_stops_waiting_on_a_silent_server() {
    use std::time::{Duration, Instant};

    use crate::remote::proxy::Fault;
    use rmcp::model::{CallToolRequest, CallToolRequestParams, ClientRequest};
    use rmcp::service::PeerRequestOptions;

    let Some((proxy, address, dir)) = crate::remote::faults::behind_proxy("cancelled-call") else {
        return;
    };
    let mut world = World::new();
    with_servers(&mut world);
    // Far longer than the test waits: only the cancellation ends the wait.
    world.env("TIDYUP_REMOTE_TIMEOUT", "600");
    World::write(&dir, &[("notes.txt", "notes")]);
    let connection = world.connect(&[&address], TestClient::plain()).await;
    proxy.set(Fault::Stall);
    let params = CallToolRequestParams::new("list_files".to_owned()).with_arguments(
        json!({"path": "."})
            .as_object()
            .cloned()
            .unwrap_or_default(),
    );
    let handle = connection
        .client()
        .send_cancellable_request(
            ClientRequest::CallToolRequest(CallToolRequest::new(params)),
            PeerRequestOptions::no_options(),
        )
        .await
        .expect("sent");
    tokio::time::sleep(Duration::from_secs(2)).await;
    handle
        .cancel(Some("the person stopped it".to_owned()))
        .await
        .expect("cancelled");
    proxy.set(Fault::None);
    let asked = Instant::now();
    let text = connection
        .text("list_files", json!({"path": "."}), false)
        .await;
    assert!(text.contains("notes.txt"), "{text}");
    assert!(
        asked.elapsed() < Duration::from_secs(30),
        "{:?}",
        asked.elapsed()
    );
    connection.close().await;
    assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"notes");
}
