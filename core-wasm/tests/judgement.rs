//! What a careful person does with folders the planner was not built
//! from: keys and credentials stay, launchers and links stay, every tool's
//! files get a kind, and companions go where their main file goes (and
//! take its date), on a small folder (a move per file) and a large one
//! (the bulk tools), in both languages.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::{Category, Lang, Outcome, folder_name, kind};
use tidyup_test_kit::{MemFs, converse, run_tool_value};

/// `en` or `zh`, as `lang` speaks.
fn pick<'a>(lang: Lang, en: &'a str, zh: &'a str) -> &'a str {
    match lang {
        Lang::En => en,
        Lang::Zh => zh,
    }
}

/// `count` ordinary notes, to make a folder large (over 200 entries).
fn filler(fs: MemFs, count: usize) -> MemFs {
    let notes = (0..count).map(|i| (format!("note {i:03}.txt"), 10, tidyup_test_kit::MTIME));
    fs.files_with(notes)
}

/// Keys and credentials: by name, and by contents where the name says
/// nothing (`deploy.key`, a service account's JSON, a VPN profile).
fn keys(fs: MemFs) -> MemFs {
    fs.file("id_ecdsa", "-----BEGIN OPENSSH PRIVATE KEY-----\nx\n")
        .file("id_ecdsa.pub", "ecdsa-sha2-nistp256 AAAA me@laptop\n")
        .file("prod-bastion.pem", "-----BEGIN RSA PRIVATE KEY-----\nx\n")
        .file("deploy.key", "-----BEGIN PRIVATE KEY-----\nx\n")
        .file("deploy.crt", "-----BEGIN CERTIFICATE-----\nx\n")
        .file("signing.pfx", "0\u{82}\u{3}")
        .file("prod.env", "SECRET=1\n")
        .file("office.ovpn", "client\nremote vpn.example.org\n")
        .file("wg-home.conf", "[Interface]\nPrivateKey = abc=\n")
        .file("vault.kdbx", "\u{3}\u{d9}\u{a2}\u{9a}")
        .file("ci_accessKeys.csv", "Access key ID,Secret access key\n")
        .file(
            "gcp-runner.json",
            r#"{"type": "service_account", "private_key": "x"}"#,
        )
}

/// The keys above, by name.
const KEYS: [&str; 12] = [
    "ci_accessKeys.csv",
    "deploy.crt",
    "deploy.key",
    "gcp-runner.json",
    "id_ecdsa",
    "id_ecdsa.pub",
    "office.ovpn",
    "prod-bastion.pem",
    "prod.env",
    "signing.pfx",
    "vault.kdbx",
    "wg-home.conf",
];

/// Launchers, and a relative link to a folder.
fn launchers(fs: MemFs) -> MemFs {
    fs.dir("Projects")
        .file("Krita.desktop", "[Desktop Entry]\nExec=krita\n")
        .file("Word.lnk", "L\0\0\0")
        .file("Wiki.url", "[InternetShortcut]\nURL=https://example.org\n")
        .file("Docs.webloc", "<plist/>")
        .symlink("current project", "Projects")
}

const LAUNCHERS: [&str; 5] = [
    "Krita.desktop",
    "Word.lnk",
    "Wiki.url",
    "Docs.webloc",
    "current project",
];

/// Files a person would name that moved as ordinary files: a Keynote
/// deck (a ZIP, not a key), a settings file, a data file.
fn ordinary(fs: MemFs) -> MemFs {
    fs.file_bytes("talk.key", b"PK\x03\x04Keynote")
        .file("settings.json", r#"{"theme": "dark"}"#)
        .file("report.pdf", "%PDF-1.7")
}

fn left_lines(lang: Lang) -> [String; 2] {
    match lang {
        Lang::En => [
            "Left where they are: 12 keys and credentials (".to_owned(),
            "Left where they are: 5 launchers and links (".to_owned(),
        ],
        Lang::Zh => [
            "保持不动：12 个密钥和凭据（".to_owned(),
            "保持不动：5 个快捷方式和链接（".to_owned(),
        ],
    }
}

fn keys_and_launchers_stay(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = filler(ordinary(launchers(keys(MemFs::new()))), extra);
        let (outcomes, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        let plan = &events.answers()[0];
        for name in KEYS.iter().chain(&LAUNCHERS) {
            assert!(fs.exists(name), "{lang:?}: {name} stays\n{plan}");
        }
        assert!(fs.exists("Projects"));
        for line in left_lines(lang) {
            assert!(plan.contains(&line), "{lang:?}: {line:?} in\n{plan}");
        }
        let secrets_why = pick(
            lang,
            "tidyup does not file secrets",
            "tidyup 不整理密钥和凭据",
        );
        assert!(plan.contains(secrets_why), "{plan}");
        let documents = folder_name("文档", lang);
        let code = folder_name("代码", lang);
        assert!(fs.exists(&format!("{documents}/talk.key")), "{plan}");
        assert!(fs.exists(&format!("{documents}/report.pdf")), "{plan}");
        assert!(fs.exists(&format!("{code}/settings.json")), "{plan}");
    }
}

#[test]
fn a_small_folder_leaves_keys_and_launchers_where_they_are() {
    keys_and_launchers_stay(0);
}

#[test]
fn a_large_folder_leaves_keys_and_launchers_where_they_are() {
    keys_and_launchers_stay(250);
}

#[test]
fn the_bulk_tools_never_take_a_key_or_a_launcher() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = launchers(keys(MemFs::new())).file("plain.txt", "text");
        for category in ["文档", "代码", "其他", "安装包"] {
            run_tool_value(
                &mut fs,
                lang,
                "move_by_type",
                json!({ "path": ".", "category": category, "destination": category }),
            );
        }
        run_tool_value(
            &mut fs,
            lang,
            "move_matching",
            json!({ "path": ".", "pattern": "*", "destination": "All" }),
        );
        for name in KEYS.iter().chain(&LAUNCHERS) {
            assert!(fs.exists(name), "{lang:?}: {name} stays");
        }
        let summary = run_tool_value(&mut fs, lang, "summarize_folder", json!({ "path": "." }));
        let label = pick(lang, "keys and credentials (12)", "密钥和凭据 (12)");
        assert!(summary.contains(label), "{summary}");
    }
}

/// Files of creative, scientific and audio-production tools, build files
/// and installers, each with the kind a person gives it.
const KNOWN: [(&str, Category); 30] = [
    ("beat.flp", Category::Audio),
    ("song.als", Category::Audio),
    ("mix.rpp", Category::Audio),
    ("session.ptx", Category::Audio),
    ("lead.fxp", Category::Audio),
    ("strings.nki", Category::Audio),
    ("brochure.indd", Category::Documents),
    ("book.afpub", Category::Documents),
    ("logo.afdesign", Category::Images),
    ("retouch.afphoto", Category::Images),
    ("intro.aep", Category::Videos),
    ("cut.prproj", Category::Videos),
    ("app.xd", Category::Images),
    ("screens.sketch", Category::Images),
    ("palette.ase", Category::Images),
    ("scan.h5", Category::Documents),
    ("table.parquet", Category::Documents),
    ("weights.npy", Category::Documents),
    ("trial.mat", Category::Documents),
    ("frame.feather", Category::Documents),
    ("plain.bst", Category::Documents),
    ("Dockerfile", Category::Code),
    ("Makefile", Category::Code),
    ("house.dwg", Category::Documents),
    ("site.dxf", Category::Documents),
    ("flow.drawio", Category::Documents),
    ("model.R", Category::Code),
    ("notes.Rmd", Category::Code),
    ("Miniconda3-latest-Linux-x86_64.sh", Category::Installers),
    ("NVIDIA-Linux-x86_64-550.run", Category::Installers),
];

#[test]
fn every_tools_files_have_a_kind() {
    for (name, category) in KNOWN {
        assert_eq!(kind(name), category, "{name}");
    }
}

fn known_kinds_get_their_folders(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = MemFs::new()
            // A ZIP inside an Adobe XD file, a gzip inside an Ableton set:
            // the ending says what they are.
            .file_bytes("app.xd", b"PK\x03\x04\x14\0\0\0\0\0manifest")
            .file_bytes("song.als", b"\x1f\x8b\x08\0\0\0\0\0");
        for (name, _) in KNOWN.iter().filter(|(name, _)| !name.ends_with(".xd")) {
            if *name != "song.als" {
                fs = fs.file(name, name);
            }
        }
        let mut fs = filler(fs, extra);
        let (outcomes, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        let plan = &events.answers()[0];
        for (name, category) in KNOWN {
            let folder = folder_name(category.name(), lang);
            assert!(
                fs.exists(&format!("{folder}/{name}")),
                "{lang:?}: {folder}/{name}\n{plan}"
            );
        }
        assert!(!fs.exists(folder_name("其他", lang)), "{plan}");
    }
}

#[test]
fn a_small_folder_gives_every_tools_files_their_folder() {
    known_kinds_get_their_folders(0);
}

#[test]
fn a_large_folder_gives_every_tools_files_their_folder() {
    known_kinds_get_their_folders(250);
}

/// 2023-05-01, 2024-01-15 and 2026-01-01, 00:00 UTC.
const Y2023: i64 = 1_682_899_200;
const Y2024: i64 = 1_705_276_800;
const Y2026: i64 = 1_767_225_600;

/// Companions with their main files: audio programs' sidecars, a Live
/// Photo, a Zoom recording, a RAW+JPEG pair with its sidecar (dated apart)
/// and another photo whose sidecar has the same bytes.
fn companions(fs: MemFs) -> MemFs {
    fs.file_with("Bass.wav", "RIFF bass", 9, Y2023)
        .file_with("Bass.wav.asd", "analysis", 8, Y2026)
        .file_with("Vox.wav", "RIFF vox", 8, Y2023)
        .file_with("Vox.wav.reapeaks", "peaks", 5, Y2024)
        .file_with("IMG_7001.HEIC", "heic", 4, Y2023)
        .file_with("IMG_7001.MOV", "mov", 3, Y2026)
        .file_with(
            "GMT20240402-093000_Recording_1920x1080.mp4",
            "mp4",
            3,
            Y2024,
        )
        .file_with("GMT20240402-093000_Recording.m4a", "m4a", 3, Y2024)
        .file_with(
            "GMT20240402-093000_Recording.transcript.vtt",
            "WEBVTT",
            6,
            Y2024,
        )
        .file_with("DSC_0456.JPG", "jpeg", 4, Y2023)
        .file_with("DSC_0456.ARW", "raw", 3, Y2026)
        .file_with("DSC_0456.xmp", "<x:xmpmeta/>", 12, Y2024)
        .file_with("DSC_0457.JPG", "jpeg 2", 6, Y2023)
        .file_with("DSC_0457.xmp", "<x:xmpmeta/>", 12, Y2024)
}

/// Each group, its main file first.
const GROUPS: [&[&str]; 6] = [
    &["Bass.wav", "Bass.wav.asd"],
    &["Vox.wav", "Vox.wav.reapeaks"],
    &["IMG_7001.HEIC", "IMG_7001.MOV"],
    &[
        "GMT20240402-093000_Recording_1920x1080.mp4",
        "GMT20240402-093000_Recording.m4a",
        "GMT20240402-093000_Recording.transcript.vtt",
    ],
    &["DSC_0456.JPG", "DSC_0456.ARW", "DSC_0456.xmp"],
    &["DSC_0457.JPG", "DSC_0457.xmp"],
];

/// Where `name` ended, under `folders`, if anywhere.
fn found(fs: &MemFs, folders: &[String], name: &str) -> Option<String> {
    folders
        .iter()
        .map(|folder| format!("{folder}/{name}"))
        .find(|path| fs.exists(path))
}

fn companions_go_with_their_main_file(extra: usize, line: (&str, &str), by_year: bool) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = filler(companions(MemFs::new()), extra);
        let line = pick(lang, line.0, line.1);
        let (outcomes, events, _) = converse(lang, &mut fs, &[line, "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        let plan = &events.answers()[0];
        let folders: Vec<String> = match by_year {
            true => ["2023", "2024", "2026"].map(str::to_owned).to_vec(),
            false => ["图片", "视频", "音频"]
                .map(|c| folder_name(c, lang).to_owned())
                .to_vec(),
        };
        for group in GROUPS {
            let main = found(&fs, &folders, group[0]).unwrap_or_default();
            assert!(!main.is_empty(), "{lang:?}: {} moved\n{plan}", group[0]);
            let folder = main.rsplit_once('/').unwrap().0;
            if by_year {
                // The main file's year, whatever its members' dates.
                let year = match group[0].starts_with("GMT") {
                    true => "2024",
                    false => "2023",
                };
                assert_eq!(folder, year, "{main}");
            }
            for member in &group[1..] {
                let at = format!("{folder}/{member}");
                assert!(fs.exists(&at), "{lang:?}: {at} beside {main}\n{plan}");
            }
        }
        assert!(!fs.exists(folder_name("重复文件", lang)), "{plan}");
    }
}

#[test]
fn a_small_folder_keeps_companions_with_their_main_file() {
    companions_go_with_their_main_file(0, ("organize", "整理"), false);
}

#[test]
fn a_large_folder_keeps_companions_with_their_main_file() {
    companions_go_with_their_main_file(250, ("organize", "整理"), false);
}

#[test]
fn a_small_folder_by_year_gives_a_group_its_main_files_date() {
    companions_go_with_their_main_file(0, ("organize by year", "按年整理"), true);
}

#[test]
fn a_large_folder_by_year_gives_a_group_its_main_files_date() {
    companions_go_with_their_main_file(250, ("organize by year", "按年整理"), true);
}

#[test]
fn the_page_of_a_large_plan_names_the_keys_and_launchers_it_leaves() {
    for (lang, show, heading) in [
        (
            Lang::En,
            "show",
            "12 keys and credentials, left where they are:",
        ),
        (Lang::Zh, "显示", "12 个密钥和凭据，保持不动："),
    ] {
        let mut fs = filler(launchers(keys(MemFs::new())), 250);
        let (_, events, _) = converse(lang, &mut fs, &["organize", show]);
        let page = events.pages().concat();
        assert!(page.contains(heading), "{lang:?}: {heading:?} in\n{page}");
        let left = page.split_once(heading).unwrap().1;
        for name in ["deploy.key", "gcp-runner.json", "current project"] {
            assert!(left.contains(name), "{lang:?}: {name} left\n{page}");
        }
    }
}

#[test]
fn a_copy_of_a_key_is_a_key_and_stays() {
    for extra in [0, 250] {
        let mut fs = filler(keys(MemFs::new()), extra)
            .file("deploy (1).key", "-----BEGIN PRIVATE KEY-----\nx\n");
        let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        assert!(fs.exists("deploy (1).key"), "{extra}: {plan}");
        assert!(fs.exists("deploy.key"), "{extra}: {plan}");
        assert!(!fs.exists("Duplicates"), "{extra}: {plan}");
    }
}
