//! The window applies exactly what it showed: every row is one step of the
//! dry run, known by its id and never by the name it shows, and a row's
//! reason is the one its step was made for (a copy names the file of its
//! very bytes).

use reqwest::StatusCode;
use serde_json::{Value, json};
use tidyup_test_kit::e2e::{set_mtime, target_dir, tree_of, write_file};

use super::window::{Window, rows};

#[tokio::test]
async fn a_copy_s_reason_names_the_file_of_its_very_bytes_among_files_of_its_size() {
    let (dir, _) = target_dir();
    // Many invoices of one size, each its own bytes; one of them has a copy.
    // A large folder, as people have.
    for n in 1..=40 {
        let name = format!("Invoice-INV-2026-{n:04}.pdf");
        let path = write_file(dir.path(), &name, 4000);
        set_mtime(&path, 1_700_000_000 + n);
    }
    for n in 0..200 {
        write_file(dir.path(), &format!("note-{n:03}.txt"), 64);
    }
    let twin = dir.path().join("Invoice-INV-2026-0027.pdf");
    let copy = dir.path().join("scan-from-printer.pdf");
    std::fs::copy(&twin, &copy).unwrap();
    set_mtime(&copy, 1_800_000_000);
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let all = rows(&plan);
    let copies: Vec<&Value> = all
        .iter()
        .filter(|row| row["why"]["type"] == "duplicate")
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    let row = copies[0];
    assert_eq!(row["name"], "scan-from-printer.pdf", "{row}");
    assert_eq!(
        row["why"]["text"], "same bytes as Invoice-INV-2026-0027.pdf",
        "{row}"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn two_files_shown_alike_are_two_rows_and_applying_every_row_moves_both() {
    use std::os::unix::ffi::OsStrExt;
    let (dir, _) = target_dir();
    let literal = dir.path().join("caf%E9.txt");
    std::fs::write(&literal, b"the literal name").unwrap();
    let raw = dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xE9.txt"));
    std::fs::write(&raw, b"a name in Latin-1").unwrap();
    write_file(dir.path(), "report.pdf", 300);
    // Named between the two, so the two moves fall in different batches
    // of the apply.
    for n in 0..300 {
        write_file(dir.path(), &format!("caf%E9%1-{n:03}.txt"), 20);
    }
    let before = tree_of(dir.path());
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let all = rows(&plan);
    assert_eq!(all.len(), 303, "a row for each file: {plan}");
    let ids: std::collections::BTreeSet<&str> =
        all.iter().map(|row| row["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 303, "every row its own id: {plan}");
    let report = window.apply_all(&tab, &mut events, &plan).await;
    assert_eq!(report["moved"], 303, "{report}");
    assert_eq!(report["left"], 0, "{report}");
    let names: Vec<Vec<u8>> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().as_bytes().to_vec())
        .filter(|name| {
            name.starts_with(b"caf") && name.ends_with(b"9.txt") || name == b"caf\xE9.txt"
        })
        .collect();
    assert!(names.is_empty(), "both files moved: {names:?}");
    assert_ne!(tree_of(dir.path()), before);

    // Undo puts both back, byte for byte.
    let answer = window.post("api/undo", &tab, json!({})).await;
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    events.until("report").await;
    assert_eq!(std::fs::read(&literal).unwrap(), b"the literal name");
    assert_eq!(std::fs::read(&raw).unwrap(), b"a name in Latin-1");
}

#[tokio::test]
async fn a_row_id_not_of_the_plan_is_refused() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "report.pdf", 300);
    let before = tree_of(dir.path());
    let window = Window::offline(dir.path());
    let (tab, mut events) = window.tab().await;
    let plan = window.organize(&tab, &mut events).await;
    let answer = window
        .post(
            "api/apply",
            &tab,
            json!({"plan": plan["plan"], "rows": [{"id": "r999"}]}),
        )
        .await;
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    assert_eq!(tree_of(dir.path()), before);
}

/// A folder as people have one: photos, screenshots, PDFs, office files,
/// music, a film with its subtitles, a copy, a hidden file, a folder of
/// the user's for invoices and category folders holding a file of a loose
/// file's name; `each` files of each kind, every file its own bytes but
/// the copy.
#[cfg(unix)]
fn downloads(root: &std::path::Path, each: usize) {
    let kinds = [
        "IMG_202307{d:02}_1011{i:02}.jpg",
        "Été à Nice {i}.png",
        "Screenshot 2024-03-{d:02} at 10.11.{i:02}.png",
        "Invoice_2024-{m:02}_{i:04}.pdf",
        "论文 {i}.pdf",
        "letter {i}.docx",
        "budget {i}.xlsx",
        "script_{i}.py",
        "backup {i}.zip",
        "setup {i}.exe",
        "track {i}.mp3",
    ];
    for i in 0..each {
        for kind in kinds {
            let name = kind
                .replace("{d:02}", &format!("{:02}", 1 + i % 28))
                .replace("{m:02}", &format!("{:02}", 1 + i % 12))
                .replace("{i:02}", &format!("{i:02}"))
                .replace("{i:04}", &format!("{i:04}"))
                .replace("{i}", &i.to_string());
            write_file(root, &name, 40);
        }
    }
    for name in [
        "film.mkv",
        "film.srt",
        ".hidden notes",
        "Invoices/Invoice_2023-01_0001.pdf",
        "Images/Été à Nice 0.png",
        "Documents/letter 1.docx",
    ] {
        write_file(root, name, 40);
    }
    std::fs::copy(root.join("letter 0.docx"), root.join("letter 0 (1).docx")).unwrap();
}

/// The moves a plan event's rows name, relative to the folder.
#[cfg(unix)]
fn moves_of_rows(plan: &Value) -> std::collections::BTreeSet<tidyup_test_kit::e2e::Move> {
    let at = |folder: &Value, name: &Value| {
        let (folder, name) = (folder.as_str().unwrap(), name.as_str().unwrap());
        match folder {
            "" => name.to_owned(),
            folder => format!("{folder}/{name}"),
        }
    };
    rows(plan)
        .iter()
        .map(|row| {
            let from_name = row.get("from_name").unwrap_or(&row["name"]);
            (at(&row["from"], from_name), at(&row["to"], &row["name"]))
        })
        .collect()
}

#[cfg(unix)]
#[tokio::test]
async fn every_row_applied_is_exactly_the_moves_on_disk_and_undo_restores_the_tree() {
    use tidyup_test_kit::e2e::{items_of, moves_differ, moves_made};
    // Below the large-folder limit, and above it; by type, and by date.
    let requests = [json!({}), json!({"request": "sort my photos by date"})];
    for (each, request) in [3, 40]
        .into_iter()
        .flat_map(|each| requests.iter().map(move |r| (each, r)))
    {
        let (dir, _) = target_dir();
        downloads(dir.path(), each);
        let tree = tree_of(dir.path());
        let before = items_of(dir.path());
        let window = Window::offline(dir.path());
        let (tab, mut events) = window.tab().await;
        let answer = window.post("api/organize", &tab, request.clone()).await;
        assert_eq!(answer.status(), StatusCode::ACCEPTED);
        let plan = events.until("plan").await;
        let shown = moves_of_rows(&plan);
        assert!(shown.len() >= 3 * each, "{} rows: {plan}", shown.len());
        let report = window.apply_all(&tab, &mut events, &plan).await;
        assert_eq!(report["moved"], shown.len(), "{report}");
        let made = moves_made(&before, &items_of(dir.path()));
        assert!(made.lost.is_empty(), "{:?}", made.lost);
        if let Some(diff) = moves_differ(&shown, &made.moves) {
            panic!(
                "{} items, {request}: the rows are not the moves made\n{diff}",
                before.len()
            );
        }

        let answer = window.post("api/undo", &tab, json!({})).await;
        assert_eq!(answer.status(), StatusCode::ACCEPTED);
        events.until("report").await;
        assert!(tree_of(dir.path()) == tree, "undo gives back the tree");
    }
}
