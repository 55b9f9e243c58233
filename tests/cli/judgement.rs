//! The offline planner's judgement on a real folder through the binary,
//! and `undo` putting everything back exactly: keys and credentials and
//! launchers and links stay, every tool's files get their kind's folder,
//! companions go with their main file (and its date).

use std::path::Path;

use tidyup_test_kit::e2e::*;

/// Runs tidyup with `args` and `stdin` in `lang`, its data kept in `data`
/// across runs.
fn run(data: &Path, lang: &str, args: &[&str], stdin: &str) -> Outcome {
    Tidyup::bare()
        .args(args)
        .args(["--lang", lang])
        .env("TIDYUP_DATA_DIR", &data.display().to_string())
        .stdin(stdin)
        .run_blocking()
}

/// Writes each `(path, bytes)` under `folder`.
fn write_all(folder: &Path, files: &[(&str, &[u8])]) {
    for (path, bytes) in files {
        let path = folder.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

/// Organizes `folder` offline with `lines` in `lang`, checks `check`
/// on the result, then undoes the session and compares the tree.
fn organize_then_undo(folder: &Path, lang: &str, lines: &str, check: impl Fn(&str)) {
    let before = tree_of(folder);
    let data = folder.parent().unwrap().join("data");
    let target = folder.to_str().unwrap();
    let out = run(&data, lang, &["--provider", "offline", target], lines);
    out.assert_clean_exit();
    check(&out.stdout);
    let undone = run(&data, lang, &["undo"], "");
    undone.assert_clean_exit();
    assert_eq!(tree_of(folder), before, "undo put everything back");
}

#[test]
fn keys_credentials_and_launchers_stay_where_they_are() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("Downloads");
    write_all(
        &folder,
        &[
            ("id_rsa", b"-----BEGIN OPENSSH PRIVATE KEY-----\n"),
            ("id_rsa.pub", b"ssh-rsa AAAA me@laptop\n"),
            ("tls.key", b"-----BEGIN PRIVATE KEY-----\n"),
            ("bank.p12", b"0\x82\x03"),
            ("local.env", b"TOKEN=1\n"),
            ("rootkey.csv", b"AWSAccessKeyId=x\n"),
            ("Setup.exe", b"MZ\x90\0"),
            ("letter.pdf", b"%PDF-1.7"),
            ("Editor.desktop", b"[Desktop Entry]\n"),
            ("Portal.url", b"[InternetShortcut]\n"),
            ("Work/plan.txt", b"inside"),
        ],
    );
    // A link to a folder is a launcher too (made where making one needs no
    // privilege).
    #[cfg(unix)]
    std::os::unix::fs::symlink("Work", folder.join("work link")).unwrap();
    let launchers = if cfg!(unix) { 3 } else { 2 };
    organize_then_undo(&folder, "en", "organize\nyes\nquit\n", |stdout| {
        for name in [
            "id_rsa",
            "id_rsa.pub",
            "tls.key",
            "bank.p12",
            "local.env",
            "rootkey.csv",
            "Editor.desktop",
            "Portal.url",
        ] {
            assert!(folder.join(name).is_file(), "{name} stays: {stdout}");
        }
        #[cfg(unix)]
        {
            let link = std::fs::read_link(folder.join("work link")).unwrap();
            assert_eq!(link, Path::new("Work"), "{stdout}");
        }
        assert!(folder.join("Installers/Setup.exe").is_file(), "{stdout}");
        assert!(folder.join("Documents/letter.pdf").is_file(), "{stdout}");
        assert!(
            stdout.contains("Left where they are: 6 keys and credentials (")
                && stdout.contains("— tidyup does not file secrets"),
            "{stdout}"
        );
        assert!(
            stdout.contains(&format!(
                "Left where they are: {launchers} launchers and links ("
            )),
            "{stdout}"
        );
    });
}

#[test]
fn every_tools_files_get_their_kinds_folder_in_chinese() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("下载");
    write_all(
        &folder,
        &[
            ("原型.xd", b"PK\x03\x04\x14\0\0\0\0\0"),
            ("歌曲.als", b"\x1f\x8b\x08\0\0\0\0\0"),
            ("节拍.flp", b"FLhd"),
            ("海报.indd", b"\x06\x06\xed\xf5"),
            ("平面图.dwg", b"AC1032"),
            ("数据.h5", b"\x89HDF\r\n\x1a\n"),
            ("Dockerfile", b"FROM debian\n"),
            ("Anaconda3-2024.02-1-Linux-x86_64.sh", b"#!/bin/sh\n"),
        ],
    );
    organize_then_undo(&folder, "zh", "整理\n好\n退出\n", |stdout| {
        for path in [
            "图片/原型.xd",
            "音频/歌曲.als",
            "音频/节拍.flp",
            "文档/海报.indd",
            "文档/平面图.dwg",
            "文档/数据.h5",
            "代码/Dockerfile",
            "安装包/Anaconda3-2024.02-1-Linux-x86_64.sh",
        ] {
            assert!(folder.join(path).is_file(), "{path}: {stdout}");
        }
        assert!(!folder.join("其他").exists(), "{stdout}");
        assert!(!folder.join("压缩包").exists(), "{stdout}");
    });
}

#[test]
fn companions_keep_their_main_files_folder_and_date_on_a_large_folder() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("Pictures");
    let notes: Vec<(String, Vec<u8>)> = (0..210)
        .map(|i| (format!("note {i:03}.txt"), format!("note {i}").into_bytes()))
        .collect();
    let notes: Vec<(&str, &[u8])> = (notes.iter())
        .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
        .collect();
    write_all(&folder, &notes);
    write_all(
        &folder,
        &[
            ("IMG_0002.JPG", b"\xff\xd8\xff\xe0"),
            ("IMG_0002.CR2", b"II*\0raw"),
            ("IMG_0002.xmp", b"<x:xmpmeta/>"),
            ("IMG_0003.JPG", b"\xff\xd8\xff\xe1"),
            ("IMG_0003.xmp", b"<x:xmpmeta/>"),
            ("IMG_0004.HEIC", b"heic"),
            ("IMG_0004.MOV", b"mov"),
            ("Take 1.wav", b"RIFF"),
            ("Take 1.wav.asd", b"analysis"),
        ],
    );
    let day = |date: &str| {
        let seconds = match date {
            "2023" => 1_682_899_200,
            "2024" => 1_705_276_800,
            _ => 1_767_225_600,
        };
        std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds)
    };
    for (name, year) in [
        ("IMG_0002.JPG", "2023"),
        ("IMG_0003.JPG", "2023"),
        ("IMG_0004.HEIC", "2023"),
        ("Take 1.wav", "2023"),
        ("IMG_0002.CR2", "2026"),
        ("IMG_0004.MOV", "2026"),
        ("Take 1.wav.asd", "2026"),
        ("IMG_0002.xmp", "2024"),
        ("IMG_0003.xmp", "2024"),
    ] {
        let file = std::fs::File::options()
            .write(true)
            .open(folder.join(name))
            .unwrap();
        file.set_modified(day(year)).unwrap();
    }
    organize_then_undo(&folder, "en", "organize by year\nyes\nquit\n", |stdout| {
        for name in [
            "IMG_0002.JPG",
            "IMG_0002.CR2",
            "IMG_0002.xmp",
            "IMG_0003.JPG",
            "IMG_0003.xmp",
            "IMG_0004.HEIC",
            "IMG_0004.MOV",
            "Take 1.wav",
            "Take 1.wav.asd",
        ] {
            assert!(folder.join("2023").join(name).is_file(), "{name}: {stdout}");
        }
        assert!(!folder.join("Duplicates").exists(), "{stdout}");
    });
}
