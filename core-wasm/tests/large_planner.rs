//! The offline planner on a folder too large to list whole, natively: a
//! plan by category from `summarize_folder` (never a line per file), then
//! one `move_by_type` per category and a report of counts and failures.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use serde_json::Value;
use tidyup_core::{Category, Lang, Outcome, folder_name};
use tidyup_test_kit::{
    MTIME, MemFs, Op, Recorder, Snap, TARGET, assert_well_formed, converse, message_json,
};

/// How many files of each kind the generated folder holds.
const KINDS: [(&str, usize); 9] = [
    ("IMG_{}.jpg", 1500),
    ("Screenshot 2026-01-02 at {}.png", 600),
    ("invoice_2026-{}.pdf", 400),
    ("track {}.mp3", 200),
    ("clip{}.mp4", 100),
    ("script_{}.py", 80),
    ("backup {}.zip", 50),
    ("setup{}.exe", 20),
    ("notes {}", 50),
];

/// A few thousand loose files of every category, hidden files, two
/// folders, a folder named like the images' folder already holding a file
/// of the same name as one to move, and a file named like the documents'
/// folder.
fn large_folder(lang: Lang) -> MemFs {
    let loose = KINDS.iter().flat_map(|(pattern, count)| {
        (0..*count).map(move |i| (pattern.replace("{}", &format!("{i:04}")), 1000, MTIME))
    });
    let hidden = (0..30).map(|i| (format!(".cache{i:02}"), 10, MTIME));
    let images = folder_name("图片", lang);
    let documents = folder_name("文档", lang);
    MemFs::new()
        .dir("Projects")
        .file("Projects/plan.txt", "keep me")
        .file(&format!("{images}/IMG_0001.jpg"), "older photo")
        .file(documents, "a file, not a folder")
        .file(".hidden.jpg", "secret")
        .files_with(loose.chain(hidden))
}

/// The number of loose, visible files: every kind, and the file named like
/// the documents' folder.
const LOOSE: usize = 3000 + 1;

fn tool_names(events: &Recorder) -> Vec<String> {
    events.tools().into_iter().map(|(name, _)| name).collect()
}

/// The folder each category goes to in the generated folder.
fn destination_folder(category: Category, lang: Lang) -> String {
    let folder = folder_name(category.name(), lang).to_owned();
    if category == Category::Documents {
        format!("{folder} (2)")
    } else {
        folder
    }
}

/// The tree after organizing: every loose visible file in its category's
/// folder; the one name already taken there gets ` (2)`.
fn organized(before: &BTreeMap<String, Snap>, lang: Lang) -> BTreeMap<String, Snap> {
    let mut after = BTreeMap::new();
    for (name, snap) in before {
        let loose = matches!(snap, Snap::File(..)) && !name.contains('/') && !name.starts_with('.');
        if !loose {
            after.insert(name.clone(), snap.clone());
            continue;
        }
        let category = Category::of(name);
        let folder = destination_folder(category, lang);
        let taken = before.contains_key(&format!("{folder}/{name}"));
        let kept_name = match taken {
            true => name.replace(".jpg", " (2).jpg"),
            false => name.clone(),
        };
        after.insert(folder.clone(), Snap::Dir);
        after.insert(format!("{folder}/{kept_name}"), snap.clone());
    }
    after
}

#[test]
fn organize_and_yes_move_a_large_folder_by_category() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = large_folder(lang);
        let before = fs.snapshot();
        let (outcomes, events, agent) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        assert_eq!(fs.snapshot(), organized(&before, lang), "{lang:?}");

        let tools = tool_names(&events);
        // Every category but 3D models, which the folder does not hold.
        let categories = Category::ALL.len() - 1;
        // The person's folder `Projects` is listed, and its candidates
        // looked up, to know whether loose files belong in it.
        let expected = vec![
            "list_files",
            "summarize_folder",
            "find_files",
            "find_duplicates",
            "list_files",
            "find_files",
            "move_files",
        ];
        assert_eq!(tools, expected, "never a call per file");

        // The go-ahead carries out the steps the plan was made of: every
        // move in one call.
        let history: Vec<Value> = agent.history().iter().map(message_json).collect();
        assert_well_formed(&history);
        let batch = history
            .iter()
            .find(|m| m["tool_calls"][0]["function"]["name"] == "move_files")
            .unwrap();
        assert_eq!(batch["tool_calls"].as_array().unwrap().len(), 1);
        let arguments: Value = serde_json::from_str(
            batch["tool_calls"][0]["function"]["arguments"]
                .as_str()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(arguments["moves"].as_array().unwrap().len(), LOOSE);

        let answers = events.answers();
        let (plan, report) = (&answers[0], &answers[1]);
        assert!(plan.chars().count() < 4_000, "{plan}");
        assert!(plan.lines().count() < 40, "{plan}");
        let (images, documents) = match lang {
            Lang::En => (
                "Images/ (图片, existing folder, 2,100 files, 2.0 MB)",
                "Documents (2)/ (文档, new folder, 400 files, 390.6 KB)",
            ),
            Lang::Zh => (
                "图片/（已有文件夹，2,100 个文件，2.0 MB）",
                "文档 (2)/（新建文件夹，400 个文件，390.6 KB）",
            ),
        };
        assert!(plan.contains(images), "{plan}");
        assert!(plan.contains(documents), "{plan}");
        assert!(
            plan.contains("IMG_*.jpg 1,500 · Screenshot *.png 600"),
            "{plan}"
        );
        assert!(
            plan.contains("IMG_0000.jpg, IMG_0001.jpg, IMG_0002.jpg"),
            "{plan}"
        );
        assert!(!plan.contains("IMG_0500.jpg"), "no line per file");

        let heading = match lang {
            Lang::En => format!("Done. Created 7 folders and moved {LOOSE} of {LOOSE} files:"),
            Lang::Zh => format!("整理完成：新建 7 个文件夹，移动了 {LOOSE}/{LOOSE} 个文件："),
        };
        assert!(report.starts_with(&heading), "{report}");
        let images_done = match lang {
            Lang::En => "  ✓ Images/ (图片): 2,100 files moved",
            Lang::Zh => "  ✓ 图片/：已移动 2,100 个文件",
        };
        assert!(report.contains(images_done), "{report}");
        assert_eq!(report.lines().count(), 1 + categories);
    }
}

#[test]
fn failed_moves_are_reported_with_counts_and_causes() {
    let mut fs = large_folder(Lang::En)
        .fail(&[Op::Rename], "IMG_0007.jpg")
        .fail(&[Op::Rename], "track 0003.mp3");
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let report = events.answers()[1].clone();
    assert!(
        report.starts_with(&format!(
            "Done. Created 7 folders and moved {} of {LOOSE} files:",
            LOOSE - 2
        )),
        "{report}"
    );
    assert!(
        report.contains(
            "  ✗ Images/ (图片): 2,099 of 2,100 files moved; not moved:\n      IMG_0007.jpg: Permission denied (os error 13)\n"
        ),
        "{report}"
    );
    assert!(report.contains("  ✗ Audio/ (音频): 199 of 200 files moved; not moved:\n      track 0003.mp3: Permission denied (os error 13)"), "{report}");
    assert!(fs.exists("IMG_0007.jpg") && fs.exists("track 0003.mp3"));
}

#[test]
fn a_category_whose_folder_cannot_be_made_is_reported() {
    let mut fs = large_folder(Lang::En).fail(&[Op::CreateDirAll], "Videos");
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let report = events.answers()[1].clone();
    assert!(
        report.starts_with(&format!(
            "Done. Created 6 folders and moved {} of {LOOSE} files:",
            LOOSE - 100
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!(
            "  ✗ Videos/ (视频): Failed to create folder {TARGET}/Videos: Permission denied (os error 13)"
        )),
        "{report}"
    );
    assert!(fs.exists("clip0000.mp4"));
}

#[test]
fn no_after_a_large_plan_changes_nothing_and_yes_later_asks_for_a_plan() {
    let mut fs = large_folder(Lang::En);
    let before = fs.snapshot();
    let (outcomes, events, _) = converse(Lang::En, &mut fs, &["tidy up", "no", "yes"]);
    assert_eq!(outcomes, [Outcome::Answered; 3]);
    assert_eq!(fs.snapshot(), before);
    let answers = events.answers();
    assert_eq!(answers[1], "OK, nothing was changed.");
    assert!(answers[2].starts_with("There is no plan waiting"));
    assert!(!tool_names(&events).contains(&"move_by_type".to_owned()));
}

#[test]
fn a_large_folder_of_hidden_files_and_folders_has_nothing_to_organize() {
    let hidden = (0..250).map(|i| (format!(".h{i:03}"), 1, MTIME));
    let mut fs = MemFs::new().dir("Keep").files_with(hidden);
    let before = fs.snapshot();
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let answers = events.answers();
    assert_eq!(
        answers[0],
        "There is nothing to organize here: no loose files to sort."
    );
    assert!(answers[1].starts_with("There is no plan waiting"));
    assert_eq!(fs.snapshot(), before);
}
