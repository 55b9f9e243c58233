//! The offline planner's whole conversation against the real agent, natively:
//! the demo folder in memory, "organize" then "yes" (or "no").
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use tidyup_core::{DEMO_FILES, Event, Lang, OfflinePlanner, Outcome, folder_name, kind};
use tidyup_test_kit::{MemFs, Snap, TARGET, converse, demo_fs};

/// The demo tree (keyed relative to the target) with every loose, visible
/// file in its kind's folder.
fn organized(before: &BTreeMap<String, Snap>, lang: Lang) -> BTreeMap<String, Snap> {
    let mut after = BTreeMap::new();
    for (name, snap) in before {
        let loose = matches!(snap, Snap::File(..)) && !name.contains('/') && !name.starts_with('.');
        if loose {
            let folder = folder_name(kind(name).name(), lang);
            after.insert(folder.to_owned(), Snap::Dir);
            after.insert(format!("{folder}/{name}"), snap.clone());
        } else {
            after.insert(name.clone(), snap.clone());
        }
    }
    after
}

#[test]
fn organize_and_yes_put_every_file_in_its_category_folder() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = demo_fs();
        let before = fs.snapshot();
        let (outcomes, events, agent) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        assert_eq!(fs.snapshot(), organized(&before, lang));

        let answers: Vec<&str> = events
            .events
            .iter()
            .filter_map(|e| {
                if let Event::Answer { text, .. } = e {
                    Some(text.as_str())
                } else {
                    None
                }
            })
            .collect();
        let report = answers[1];
        for file in DEMO_FILES
            .iter()
            .filter(|f| !f.path.contains('/') && !f.path.starts_with('.'))
        {
            let destination = format!(
                "{}/{}",
                folder_name(kind(file.path).name(), lang),
                file.path
            );
            assert!(
                answers[0].contains(&format!("{} → {destination}", file.path)),
                "plan lists {}",
                file.path
            );
            assert!(
                report.contains(&format!("✓ {} → {destination}", file.path)),
                "report lists {}",
                file.path
            );
        }
        let tools: Vec<&str> = events
            .events
            .iter()
            .filter_map(|e| {
                if let Event::Tool { name, .. } = e {
                    Some(name.as_str())
                } else {
                    None
                }
            })
            .collect();
        assert!(!tools.contains(&"delete_file"));
        assert!(agent.history().len() > 10);
    }
}

#[test]
fn no_changes_nothing_and_a_stray_yes_asks_for_a_plan() {
    let mut fs = demo_fs();
    let before = fs.snapshot();
    let (outcomes, events, _) =
        converse(Lang::En, &mut fs, &["tidy up please", "no", "yes", "what?"]);
    assert_eq!(outcomes, [Outcome::Answered; 4]);
    assert_eq!(fs.snapshot(), before);
    let last_answers: Vec<String> = events
        .events
        .iter()
        .rev()
        .take(3)
        .map(|e| e.text().to_owned())
        .collect();
    assert!(last_answers[2].starts_with("OK, nothing was changed."));
    assert!(last_answers[1].starts_with("There is no plan waiting"));
    assert!(last_answers[0].contains("offline planner"));
}

#[test]
fn failed_moves_are_reported_from_the_tool_results() {
    let mut fs = demo_fs().fail(
        &[tidyup_test_kit::Op::Rename],
        &format!("{TARGET}/song.mp3"),
    );
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let report = events.events.last().unwrap().text().to_owned();
    assert!(report.contains("moved 45 of 46 files"), "{report}");
    assert!(report.contains("✗ song.mp3: Failed to move"), "{report}");
    assert!(fs.exists(&format!("{TARGET}/song.mp3")));
}

#[test]
fn a_file_named_like_a_folder_is_never_overwritten() {
    let mut fs = MemFs::new()
        .dir(TARGET)
        .file(&format!("{TARGET}/Images"), "not a folder")
        .file(&format!("{TARGET}/cat.png"), "meow");
    let (_, _, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    // The file "Images" (no extension) is itself sorted into Others.
    assert_eq!(
        fs.snapshot().get("Others/Images"),
        Some(&Snap::File("not a folder".into(), 12))
    );
    assert!(fs.exists(&format!("{TARGET}/Images (2)/cat.png")));
}

#[test]
fn replies_are_well_formed_chat_completions() {
    let planner = OfflinePlanner::new(Lang::En, TARGET);
    let body =
        serde_json::json!({"model": "x", "messages": [{"role": "user", "content": "organize"}]});
    let reply = planner.respond(&body);
    assert_eq!(reply["object"], "chat.completion");
    assert_eq!(reply["choices"][0]["finish_reason"], "tool_calls");
    assert_eq!(
        reply["choices"][0]["message"]["tool_calls"][0]["function"]["name"],
        "list_files"
    );
    assert!(
        reply.get("usage").is_none(),
        "no model was called: no token usage"
    );
    let http = tidyup_core::HttpReply::new(200, reply.to_string());
    assert!(tidyup_core::read_reply(&http, Lang::En).is_ok());
}
