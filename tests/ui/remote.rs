//! `tidyup ui` on a remote folder: the window plans, applies exactly the
//! rows shown on each loopback server (see `tests/remote`), and the
//! session it journals is undone byte for byte.

use tidyup::{JournalStore, undo_session};
use tidyup_core::Lang;
use tidyup_test_kit::e2e::Tidyup;

use super::window::{Window, rows};

/// `tidyup ui` on the remote folder at `address`, in English, with the
/// offline planner and the test servers' credentials.
fn offline_window(address: &str) -> Tidyup {
    let mut run = Tidyup::bare().arg("ui").arg(address).args([
        "--no-open",
        "--lang",
        "en",
        "--provider",
        "offline",
    ]);
    for (name, value) in crate::remote::server_credentials() {
        run = run.env(name, &value);
    }
    run
}

#[tokio::test(flavor = "multi_thread")]
async fn the_window_organizes_a_remote_folder_and_its_session_is_undone() {
    let Some(servers) = crate::remote::servers() else {
        return;
    };
    let home = tempfile::tempdir().unwrap();
    let demo = crate::remote::demo(home.path());
    for server in &servers {
        let (url, dir) = server.folder("window");
        crate::remote::copy_tree(&demo, &dir);
        // A folder the plan moves files into that is there already.
        std::fs::create_dir_all(dir.join("Documents")).unwrap();
        std::fs::write(dir.join("Documents/kept.txt"), "kept").unwrap();
        let before = crate::remote::held(server, &dir);
        let window = Window::start(offline_window(&url));
        let (tab, mut events) = window.tab().await;
        let plan = window.organize(&tab, &mut events).await;
        assert!(rows(&plan).len() >= 40, "{}: {plan}", server.name);
        // What the window shows of the folder is the server's, not this
        // machine's disk at the same path.
        let documents = plan["groups"]
            .as_array()
            .unwrap()
            .iter()
            .find(|group| group["destination"] == "Documents")
            .unwrap_or_else(|| panic!("{}: {plan}", server.name));
        assert_eq!(documents["new"], false, "{}: {plan}", server.name);
        let left = plan["left"].to_string();
        assert!(
            left.contains(".DS_Store") && left.contains(".env.local"),
            "{}: {plan}",
            server.name
        );
        let report = window.apply_all(&tab, &mut events, &plan).await;
        assert_eq!(crate::remote::placed(&dir), 51, "{}: {report}", server.name);

        let store = JournalStore::at(window.data_dir());
        let undone = undo_session(&store, None, Lang::En).unwrap();
        assert!(
            undone.skipped.is_empty(),
            "{}: {:?}",
            server.name,
            undone.skipped
        );
        assert_eq!(crate::remote::held(server, &dir), before, "{}", server.name);
    }
}

/// Stop during an apply whose server has gone silent ends the apply at
/// once: the request waiting on the server is given up, the report comes,
/// and the file the plan was moving is where it was or where it went.
#[tokio::test(flavor = "multi_thread")]
async fn stop_ends_an_apply_waiting_on_a_silent_server() {
    use std::time::{Duration, Instant};

    use crate::remote::proxy::Fault;
    use serde_json::json;

    let Some((proxy, address, dir)) = crate::remote::faults::behind_proxy("window-stop") else {
        return;
    };
    std::fs::write(dir.join("notes.txt"), "notes").unwrap();
    // Far longer than the test waits: only stop ends the wait.
    let run = offline_window(&address).env("TIDYUP_REMOTE_TIMEOUT", "600");
    let window = Window::start(run);
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    proxy.set(Fault::Stall);
    let ticked: Vec<_> = rows(&plan)
        .iter()
        .map(|row| json!({"id": row["id"]}))
        .collect();
    window.apply(&tab, &plan, json!(ticked)).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let pressed = Instant::now();
    window.post("api/stop", &tab, json!({})).await;
    let report = events.until("report").await;
    assert!(
        pressed.elapsed() < Duration::from_secs(30),
        "{:?}: {report}",
        pressed.elapsed()
    );
    proxy.set(Fault::None);
    let at_source = dir.join("notes.txt").exists();
    let moved = dir.join("Documents/notes.txt").exists();
    assert!(at_source != moved, "{report}");
}
