//! Files in use are never moved by `tidyup apply`: a saved plan's step
//! whose source looks in use when the plan is carried out (a download
//! still being written, or a file a download manager writes beside) is
//! refused, and the rest goes on.

use serde_json::json;

use tidyup_test_kit::e2e::*;

#[tokio::test]
async fn apply_leaves_files_in_use_where_they_are() {
    let (dir, _) = target_dir();
    write_file(dir.path(), "big.zip.crdownload", 10);
    write_file(dir.path(), "movie.mp4", 10);
    write_file(dir.path(), "report.pdf", 10);
    let provider = MockProvider::start(vec![
        tool_reply(numbered_calls(&[
            (
                "move_file",
                json!({ "source": "big.zip.crdownload", "destination": "Later/big.zip.crdownload" }),
            ),
            (
                "move_file",
                json!({ "source": "movie.mp4", "destination": "Videos/movie.mp4" }),
            ),
            (
                "move_file",
                json!({ "source": "report.pdf", "destination": "Docs/report.pdf" }),
            ),
        ])),
        text_reply("planned"),
    ])
    .await;
    let data = tempfile::tempdir().unwrap();
    let data_dir = data.path().display().to_string();
    let outcome = Tidyup::new(dir.path(), &provider)
        .env("TIDYUP_DATA_DIR", &data_dir)
        .arg("--dry-run")
        .stdin("go\n")
        .run()
        .await;
    outcome.assert_clean_exit();
    let plan = outcome.saved_plan();
    // A browser starts writing movie.mp4 anew after the plan was made.
    write_file(dir.path(), "movie.mp4.part", 3);
    let applied = Tidyup::bare()
        .env("TIDYUP_DATA_DIR", &data_dir)
        .args(["apply", &plan])
        .run()
        .await;
    assert_eq!(applied.code(), 1, "{applied}");
    assert!(applied.stdout.contains("looks in use now"), "{applied}");
    for stays in ["big.zip.crdownload", "movie.mp4", "movie.mp4.part"] {
        assert!(dir.path().join(stays).exists(), "{stays} stays\n{applied}");
    }
    assert!(
        dir.path().join("Docs").join("report.pdf").exists(),
        "{applied}"
    );
}
