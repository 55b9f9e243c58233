//! Names whose bytes are not UTF-8 (GBK, as old ZIP archives and Windows
//! shares leave them on Linux) are listed readably, reached by the name
//! shown, moved with their bytes kept, and put back exactly by `undo`.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use serde_json::json;
use tidyup_test_kit::e2e::{
    MockProvider, Outcome, Tidyup, numbered_calls, raw_tree_of, target_dir, text_reply, tool_reply,
};

/// `text` in GBK bytes (not UTF-8).
fn gbk(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(
        !unmappable && std::str::from_utf8(&bytes).is_err(),
        "{text}"
    );
    bytes.into_owned()
}

/// Writes a file named by raw `name` bytes in `dir`.
fn write_raw(dir: &Path, name: &[u8], contents: &[u8]) {
    std::fs::write(dir.join(OsStr::from_bytes(name)), contents).unwrap();
}

fn undo(data: &Path) -> Outcome {
    Tidyup::bare()
        .env("TIDYUP_DATA_DIR", data.to_str().unwrap())
        .args(["undo", "--lang", "en"])
        .run_blocking()
}

#[test]
fn the_offline_planner_organizes_gbk_names_and_undo_restores_their_bytes() {
    let (temp, _) = target_dir();
    let target = temp.path();
    let data = tempfile::tempdir().unwrap();
    let minutes = gbk("会议纪要.docx");
    let photo = gbk("照片.jpg");
    write_raw(target, &minutes, b"PK\x03\x04 minutes");
    write_raw(target, &photo, b"\xff\xd8\xff\xe0 photo");
    write_raw(target, "报告.pdf".as_bytes(), b"%PDF-1.4 report");
    let before = raw_tree_of(target);

    let out = Tidyup::bare()
        .arg(target)
        .args(["--provider", "offline", "--lang", "en"])
        .env("TIDYUP_DATA_DIR", data.path().to_str().unwrap())
        .stdin("organize\nyes\nquit\n")
        .run_blocking();
    assert_eq!(out.code(), 0, "{out}");
    assert!(out.stdout.contains("会议纪要.docx"), "{out}");
    assert!(!out.stdout.contains('\u{fffd}'), "{out}");
    let after = raw_tree_of(target);
    let documents = [b"Documents/".as_slice(), &minutes].concat();
    let images = [b"Images/".as_slice(), &photo].concat();
    assert_eq!(
        after.get(&documents),
        before.get(&minutes),
        "{out}\n{after:?}"
    );
    assert_eq!(after.get(&images), before.get(&photo), "{out}\n{after:?}");
    assert!(!after.contains_key(&minutes), "{out}");

    let undone = undo(data.path());
    assert_eq!(undone.code(), 0, "{undone}");
    assert_eq!(
        raw_tree_of(target),
        before,
        "undo puts every byte back: {undone}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_model_moves_a_gbk_name_as_listed_and_undo_restores_its_bytes() {
    let (temp, _) = target_dir();
    let target = temp.path();
    let data = tempfile::tempdir().unwrap();
    let minutes = gbk("会议纪要.docx");
    write_raw(target, &minutes, b"minutes");
    // A UTF-8 name that the GBK one would decode to: that one is escaped.
    write_raw(target, &gbk("报告.pdf"), b"gbk report");
    write_raw(target, "报告.pdf".as_bytes(), b"utf-8 report");
    let before = raw_tree_of(target);

    let calls = numbered_calls(&[
        ("list_files", json!({ "path": "." })),
        (
            "move_file",
            json!({ "source": "会议纪要.docx", "destination": "Docs/会议纪要.docx" }),
        ),
        (
            "move_file",
            json!({ "source": "%B1%A8%B8%E6.pdf", "destination": "Docs/%B1%A8%B8%E6.pdf" }),
        ),
        ("list_files", json!({ "path": "Docs" })),
    ]);
    let provider = MockProvider::start(vec![tool_reply(calls), text_reply("Done.")]).await;
    let out = Tidyup::new(target, &provider)
        .env("TIDYUP_DATA_DIR", data.path().to_str().unwrap())
        .stdin("go\n")
        .run()
        .await;
    out.assert_clean_exit();
    let results = provider.requests()[1].trailing_tool_results();
    for name in ["会议纪要.docx", "报告.pdf", "%B1%A8%B8%E6.pdf"] {
        assert!(results[0].contains(name), "{name}: {results:?}");
    }
    assert!(!results[0].contains('\u{fffd}'), "{results:?}");
    assert!(!results[1].contains("does not exist"), "{results:?}");
    assert!(!results[2].contains("does not exist"), "{results:?}");
    assert!(results[3].contains("会议纪要.docx"), "{results:?}");

    let after = raw_tree_of(target);
    let moved = [b"Docs/".as_slice(), &minutes].concat();
    assert_eq!(after.get(&moved), Some(&b"minutes".to_vec()), "{after:?}");
    let escaped = [b"Docs/".as_slice(), &gbk("报告.pdf")].concat();
    assert_eq!(
        after.get(&escaped),
        Some(&b"gbk report".to_vec()),
        "{after:?}"
    );
    assert_eq!(
        after.get("报告.pdf".as_bytes()),
        Some(&b"utf-8 report".to_vec())
    );

    let undone = undo(data.path());
    assert_eq!(undone.code(), 0, "{undone}");
    assert_eq!(
        raw_tree_of(target),
        before,
        "undo puts every byte back: {undone}"
    );
}
