//! The pure helpers: size and time texts, the extension rule and category
//! table.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use pretty_assertions::assert_eq;
use tidyup_core::{
    CATEGORIES, OTHER_CATEGORY, category, extension, format_local_time, format_size,
};

const KIB: u64 = 1024;
const MIB: u64 = KIB * KIB;
const GIB: u64 = MIB * KIB;

#[test]
fn sizes_at_every_boundary() {
    let cases = [
        (0, "0 B"),
        (1, "1 B"),
        (1023, "1023 B"),
        (1024, "1.0 KB"),
        (1075, "1.0 KB"),
        (1076, "1.1 KB"),
        (1280, "1.3 KB"),
        (1536, "1.5 KB"),
        (10 * KIB, "10.0 KB"),
        (MIB - 52, "1023.9 KB"),
        (MIB - 51, "1024.0 KB"),
        (MIB - 1, "1024.0 KB"),
        (MIB, "1.0 MB"),
        (MIB + MIB / 20, "1.0 MB"),
        (MIB + MIB / 20 + 1, "1.1 MB"),
        (5 * MIB / 2, "2.5 MB"),
        (GIB - 1, "1024.0 MB"),
        (GIB, "1.0 GB"),
        (3 * GIB + GIB / 4, "3.3 GB"),
        (1024 * GIB, "1024.0 GB"),
        (u64::MAX, "17179869184.0 GB"),
    ];
    for (bytes, text) in cases {
        assert_eq!(format_size(bytes), text, "{bytes} bytes");
    }
}

#[test]
fn times_in_local_time() {
    let cases = [
        (1_710_495_000, 0, "2024-03-15 09:30"),
        (1_710_495_000, 8 * 3600, "2024-03-15 17:30"),
        (1_710_495_000, -10 * 3600, "2024-03-14 23:30"),
        (1_710_495_000, 5 * 3600 + 45 * 60, "2024-03-15 15:15"),
        (1_709_251_199, 0, "2024-02-29 23:59"),
        (1_709_251_199, 1, "2024-03-01 00:00"),
        (0, 0, "1970-01-01 00:00"),
        (-1, 0, "1969-12-31 23:59"),
        (i64::MAX, 0, "????-??-?? ??:??"),
        (i64::MIN, -1, "????-??-?? ??:??"),
    ];
    for (seconds, offset, text) in cases {
        assert_eq!(
            format_local_time(seconds, offset),
            text,
            "{seconds} {offset}"
        );
    }
}

#[test]
fn extension_rule() {
    let cases = [
        ("report.PDF", "pdf"),
        ("archive.tar.gz", "gz"),
        (".bashrc", ""),
        (".config.json", "json"),
        ("trailing.", ""),
        ("noext", ""),
        ("", ""),
        (".", ""),
        ("..", ""),
        ("a..b", "b"),
        ("dir.d/file", ""),
        ("dir/.hidden", ""),
        ("C:\\x.y\\photo.JpG", "jpg"),
        ("照片.PNG", "png"),
        ("文件.文档", "文档"),
    ];
    for (name, ext) in cases {
        assert_eq!(extension(name), ext, "{name:?}");
    }
}

#[test]
fn the_category_table_is_the_spec_table() {
    let expected: [(&str, &[&str]); 7] = [
        (
            "文档",
            &[
                "doc", "docx", "pdf", "txt", "rtf", "xls", "xlsx", "ppt", "pptx", "csv",
            ],
        ),
        (
            "图片",
            &[
                "jpg", "jpeg", "png", "gif", "bmp", "svg", "webp", "ico", "tiff",
            ],
        ),
        ("视频", &["mp4", "avi", "mov", "mkv", "wmv", "flv"]),
        ("音频", &["mp3", "wav", "flac", "aac", "ogg", "m4a"]),
        (
            "代码",
            &[
                "java", "py", "js", "ts", "html", "css", "cpp", "c", "go", "rs", "rb", "php", "sh",
                "sql", "json", "xml", "yaml", "yml",
            ],
        ),
        ("压缩包", &["zip", "rar", "7z", "tar", "gz", "bz2"]),
        ("安装包", &["exe", "msi", "app", "dmg", "deb", "rpm"]),
    ];
    assert_eq!(CATEGORIES, expected);
    assert_eq!(OTHER_CATEGORY, "其他");
    for (name, extensions) in expected {
        for ext in extensions {
            assert_eq!(category(&format!("file.{ext}")), name);
            assert_eq!(category(&format!("FILE.{}", ext.to_uppercase())), name);
        }
    }
    for other in [
        "x.jav", "x.htm", "x.tgz", "x.md", "x", ".zip", "zip", "x.zip.",
    ] {
        assert_eq!(category(other), OTHER_CATEGORY, "{other}");
    }
}
