//! The whole flow a person goes through: organize into a dry run, the plan
//! as rows, apply what is ticked (one destination changed), undo; with the
//! offline planner and with a model; stop during an apply; the end.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tidyup_test_kit::e2e::{
    MODEL, MockProvider, Tidyup, call_json, target_dir, text_reply, tool_reply, tree_of, write_file,
};

use super::window::{Window, row, rows};

#[tokio::test]
async fn organize_review_apply_with_a_row_unticked_and_one_redirected_then_undo() {
    let (dir, _) = target_dir();
    for (name, size) in [
        ("report.pdf", 300),
        ("notes.txt", 120),
        ("photo.jpg", 500),
        ("song.mp3", 700),
    ] {
        write_file(dir.path(), name, size);
    }
    let before = tree_of(dir.path());
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    assert_eq!(plan["kind"], "plan");
    assert_eq!(tree_of(dir.path()), before, "the plan is a dry run");
    let all = rows(&plan);
    assert_eq!(all.len(), 4, "{plan}");
    assert_eq!(row(&all, "report.pdf")["to"], "Documents");
    assert_eq!(events.until("state").await["phase"], "review");

    // Refused destinations change nothing.
    for bad in ["../outside", "/tmp", "a/../../b", "."] {
        let body = json!({"plan": plan["plan"], "rows": [{"id": row(&all, "photo.jpg")["id"], "to": bad}]});
        let answer = window.post("api/apply", &tab, body).await;
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST, "{bad}");
        let text: Value = answer.json().await.unwrap();
        assert!(text["error"].as_str().unwrap().contains("inside"), "{text}");
    }
    assert_eq!(tree_of(dir.path()), before);

    let ticked = json!([
        {"id": row(&all, "report.pdf")["id"]},
        {"id": row(&all, "notes.txt")["id"]},
        {"id": row(&all, "photo.jpg")["id"], "to": "Pics/2024"},
    ]);
    window.apply(&tab, &plan, json!(ticked)).await;
    let progress = events.until("progress").await;
    assert_eq!(progress["total"], 3, "{progress}");
    let report = events.until("report").await;
    assert_eq!(report["moved"], 3, "{report}");
    assert_eq!(report["left"], 1, "the unticked song stays: {report}");
    assert!(
        report["lines"]
            .as_array()
            .unwrap()
            .iter()
            .any(|line| line == "1 file you unticked stays where it was."),
        "{report}"
    );
    assert_eq!(report["stopped"], false);
    let session = report["session"].as_str().unwrap().to_owned();
    assert!(session.ends_with("-window"), "{session}");
    let after = tree_of(dir.path());
    let names: Vec<&str> = after.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "Documents/",
            "Documents/notes.txt",
            "Documents/report.pdf",
            "Pics/",
            "Pics/2024/",
            "Pics/2024/photo.jpg",
            "song.mp3"
        ]
    );
    assert_eq!(after["Pics/2024/photo.jpg"], before["photo.jpg"]);
    let history = events.until("history").await;
    assert_eq!(history["sessions"][0]["id"], session.as_str());
    assert_eq!(history["sessions"][0]["kind"], "window");

    let answer = window.post("api/undo", &tab, json!({})).await;
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    let report = events.until("report").await;
    assert_eq!(report["session"], session.as_str(), "{report}");
    assert_eq!(tree_of(dir.path()), before, "undo puts back every byte");
    let listed: Value = window.get("api/history").await.json().await.unwrap();
    let listed = listed.as_array().unwrap();
    assert!(
        listed
            .iter()
            .any(|s| s["id"] == session.as_str() && s["kind"] == "window" && s["undone"] == true),
        "{listed:?}"
    );
}

#[tokio::test]
async fn a_model_s_plan_is_reviewed_and_applied() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "report.pdf", 300);
    write_file(dir.path(), "keep.txt", 10);
    let provider = MockProvider::start(vec![
        tool_reply([
            call_json("c1", "create_folder", json!({"path": "Papers"})),
            call_json(
                "c2",
                "move_file",
                json!({"source": "report.pdf", "destination": "Papers/report.pdf"}),
            ),
        ]),
        text_reply("I put the PDF in Papers."),
        text_reply("Done."),
    ])
    .await;
    let window = Window::start(
        Tidyup::bare()
            .arg("ui")
            .arg(dir.path())
            .args(["--no-open", "--lang", "en", "--model", MODEL, "--base-url"])
            .arg(provider.base_url()),
    );
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let all = rows(&plan);
    assert_eq!(all.len(), 1, "{plan}");
    assert_eq!(row(&all, "report.pdf")["to"], "Papers");
    assert!(dir.path().join("report.pdf").exists(), "a dry run first");
    let requests = provider.requests();
    assert_eq!(requests.len(), 3, "the request, then the go-ahead");
    assert_eq!(requests[2].last_content(), "yes");
    // The plan is applied once its turn has ended, as the page offers it.
    assert_eq!(events.until("state").await["phase"], "review");

    let ticked = json!([{"id": row(&all, "report.pdf")["id"]}]);
    window.apply(&tab, &plan, json!(ticked)).await;
    let report = events.until("report").await;
    assert_eq!(report["moved"], 1, "{report}");
    assert!(dir.path().join("Papers/report.pdf").is_file());
    assert!(dir.path().join("keep.txt").is_file());
}

#[tokio::test]
async fn stop_during_an_apply_leaves_a_complete_journal_that_undo_reverses() {
    let (dir, _) = target_dir();
    for n in 0..1500 {
        write_file(dir.path(), &format!("note-{n:04}.txt"), 64);
    }
    let before = tree_of(dir.path());
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let all = rows(&plan);
    assert_eq!(all.len(), 1500, "every file a row");
    let ticked: Vec<Value> = all.iter().map(|row| json!({"id": row["id"]})).collect();
    window.apply(&tab, &plan, json!(ticked)).await;
    events.until("progress").await;
    let answer = window.post("api/stop", &tab, json!({})).await;
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    let report = events.until("report").await;
    assert_eq!(report["stopped"], true, "{report}");
    let moved = report["moved"].as_u64().unwrap();
    assert!((1..1500).contains(&moved), "{report}");
    assert_eq!(report["left"].as_u64().unwrap() + moved, 1500, "{report}");
    let session = report["session"].as_str().unwrap().to_owned();
    let journal =
        std::fs::read_to_string(window.data_dir().join(format!("journal/{session}.jsonl")))
            .unwrap();
    let journaled = journal
        .lines()
        .filter(|line| line.contains("\"op\":\"moved\""))
        .count();
    assert_eq!(
        journaled as u64, moved,
        "the journal holds exactly what was done"
    );

    let answer = window
        .post("api/undo", &tab, json!({"session": session}))
        .await;
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    events.until("report").await;
    assert_eq!(tree_of(dir.path()), before, "undo restores everything");
}

#[cfg(unix)]
#[tokio::test]
async fn sigterm_ends_it_cleanly() {
    let (dir, _) = target_dir();
    let mut window = Window::offline(dir.path());
    // A stream open, as a page keeps one.
    let (_tab, _events) = window.tab().await;
    let status = window.terminate().await;
    assert!(status.success(), "{status:?}");
}

#[tokio::test]
async fn with_dry_run_apply_saves_the_plan_and_changes_nothing() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "report.pdf", 300);
    write_file(dir.path(), "photo.jpg", 300);
    let before = tree_of(dir.path());
    let window = Window::start(Tidyup::bare().arg("ui").arg(dir.path()).args([
        "--no-open",
        "--lang",
        "en",
        "--provider",
        "offline",
        "--dry-run",
    ]));
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let report = window.apply_all(&tab, &mut events, &plan).await;
    assert_eq!(report["title"], "Plan saved", "{report}");
    let lines = report["lines"].to_string();
    assert!(lines.contains("tidyup apply"), "{report}");
    assert_eq!(tree_of(dir.path()), before, "nothing changed on disk");
    let plans = std::fs::read_dir(window.data_dir().join("plans"))
        .unwrap()
        .count();
    assert_eq!(plans, 1);
}

#[tokio::test]
async fn settings_restart_the_session_and_a_folder_that_cannot_be_used_is_refused() {
    let (dir, _) = target_dir();
    let (other, _) = target_dir();
    write_file(other.path(), "report.pdf", 300);
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let missing = dir.path().join("not-there");
    let answer = window
        .post(
            "api/settings",
            &tab,
            json!({"folder": missing.display().to_string()}),
        )
        .await;
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    let text: Value = answer.json().await.unwrap();
    assert!(
        text["error"].as_str().unwrap().contains("not-there"),
        "{text}"
    );

    let answer = window
        .post(
            "api/settings",
            &tab,
            json!({"folder": other.path().display().to_string(), "lang": "zh", "names": "zh"}),
        )
        .await;
    assert_eq!(answer.status(), StatusCode::OK);
    let state: Value = answer.json().await.unwrap();
    // The page's language and the session's (the new folders' names).
    assert_eq!(state["lang"], "zh", "{state}");
    assert_eq!(state["names"], "zh", "{state}");
    assert_eq!(state["provider"], "offline");
    let folder = std::path::PathBuf::from(state["folder"].as_str().unwrap());
    assert_eq!(folder, dunce::canonicalize(other.path()).unwrap());
    assert!(
        state["start_line"].as_str().unwrap().contains("离线规划器"),
        "{state}"
    );
    let plan = window.organize(&tab, &mut events).await;
    assert_eq!(rows(&plan).len(), 1, "{plan}");
    assert_eq!(rows(&plan)[0]["to"], "文档", "{plan}");
    let places: Value = window.get("api/places").await.json().await.unwrap();
    assert_eq!(places[0]["path"], state["folder"], "{places}");
}

/// Linux without `user-dirs.dirs` names no Desktop: the folder of that name
/// in home is offered all the same.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn the_usual_places_are_offered_where_the_platform_names_none() {
    let (dir, _) = target_dir();
    let run = Tidyup::bare().arg("ui").arg(dir.path()).args([
        "--no-open",
        "--lang",
        "en",
        "--provider",
        "offline",
    ]);
    let home = run.home();
    for name in ["Desktop", "Downloads", "Documents"] {
        std::fs::create_dir_all(home.join(name)).unwrap();
    }
    let window = Window::start(run);
    let places: Value = window.get("api/places").await.json().await.unwrap();
    let labels: Vec<&str> = places
        .as_array()
        .unwrap()
        .iter()
        .map(|place| place["label"].as_str().unwrap())
        .collect();
    for label in ["Desktop", "Downloads", "Documents", "Home"] {
        assert!(labels.contains(&label), "{label} missing: {places}");
    }
}
