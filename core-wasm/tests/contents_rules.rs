//! What a file holds reaches the rules and the planner as data: a
//! `content` rule sees the file's own words and its facts in one fixed
//! form, whatever the session's language, and a photo's date taken decides
//! `{year}` without a word of `read_file`'s result being read.

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use tidyup_core::{
    Agent, AgentConfig, Capabilities, Lang, ModelClient, OfflinePlanner, Provider, Rules,
};
use tidyup_test_kit::{MemFs, Recorder, Snap, TARGET};

/// A rule on a word of the file's text, a rule on a photo's camera as its
/// facts give it (by year taken), and a rule taking the rest: every file
/// is placed by a rule, so no category folder (named in the session's
/// language) enters the comparison.
pub const RULES: &str = r#"
[[rule]]
content = '(?i)\bimage\b'
to = "Image notes"

[[rule]]
content = '(?m)^camera: PixelCam 9$'
to = "Photos/{year}"

[[rule]]
to = "Other"
"#;

/// A JPEG taken on 2023-07-14 with a PixelCam 9 (its file time is 2024).
pub const PHOTO: &[u8] = include_bytes!("fixtures/piexif_stray_next_ifd.jpg");

/// A photo, a note whose words say "image", a note that does not, and
/// `extra` further plain notes (enough make the folder large).
pub fn folder(extra: usize) -> MemFs {
    let mut fs = MemFs::new()
        .file_bytes("IMG_0002.jpg", PHOTO)
        .file("sea.txt", "An image of the sea at dawn.")
        .file("plain.txt", "Nothing to see here.");
    for i in 0..extra {
        fs = fs.file(&format!("note{i:03}.txt"), &format!("note number {i}"));
    }
    fs
}

/// Where each file is meant to go, whatever the language.
pub fn expected(extra: usize) -> BTreeMap<String, String> {
    let mut places: BTreeMap<String, String> = [
        ("IMG_0002.jpg", "Photos/2023/IMG_0002.jpg"),
        ("sea.txt", "Image notes/sea.txt"),
        ("plain.txt", "Other/plain.txt"),
    ]
    .into_iter()
    .map(|(name, path)| (name.to_owned(), path.to_owned()))
    .collect();
    for i in 0..extra {
        let name = format!("note{i:03}.txt");
        places.insert(name.clone(), format!("Other/{name}"));
    }
    places
}

/// Runs "organize" then the go-ahead in `lang` on `fs`, the offline
/// provider's session reading contents and following `rules`, with
/// `model` answering (the offline planner, or one that wraps it).
pub fn organize(lang: Lang, fs: &mut MemFs, model: &mut dyn ModelClient) -> Recorder {
    let mut agent = Agent::new(AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: TARGET.to_owned(),
        model: "m".to_owned(),
        lang,
        provider: Provider::Offline,
        calls: Default::default(),
        limits: Default::default(),
        read_contents: true,
        rules: Some(RULES.to_owned()),
    });
    let lines = match lang {
        Lang::En => ["organize", "yes"],
        Lang::Zh => ["整理", "好"],
    };
    let mut events = Recorder::default();
    for line in lines {
        agent.handle_line(
            line,
            &mut Capabilities {
                model: &mut *model,
                files: fs,
                events: &mut events,
            },
        );
    }
    events
}

/// The offline planner in `lang` following [`RULES`].
pub fn planner(lang: Lang) -> OfflinePlanner {
    OfflinePlanner::new(lang, TARGET).with_rules(Some(Rules::parse(RULES).unwrap()))
}

/// Where each file of the target ended up: its name → its path.
pub fn placement(fs: &MemFs) -> BTreeMap<String, String> {
    fs.snapshot_under(TARGET)
        .into_iter()
        .filter(|(_, snap)| !matches!(snap, Snap::Dir))
        .map(|(path, _)| (path.rsplit('/').next().unwrap().to_owned(), path))
        .collect()
}

#[test]
fn content_rules_place_every_file_alike_in_both_languages() {
    for extra in [0, 210] {
        for lang in Lang::ALL {
            let mut fs = folder(extra);
            let console = organize(lang, &mut fs, &mut planner(lang));
            assert_eq!(
                placement(&fs),
                expected(extra),
                "{lang:?}, {extra} more\n{}",
                console.texts().join("\n")
            );
        }
    }
}
