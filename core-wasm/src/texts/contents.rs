//! The `read_file` tool result text, in English or Chinese.

use std::fmt::Write;

use super::Lang;
use crate::contents::{Contents, Kind};

/// The tool result text: a first line with the kind (and pages, dimensions
/// or duration where known, and the encoding of non-UTF-8 text), a line per
/// known fact, then the excerpt. The excerpt is `contents.text` as it is;
/// the lines before it are bounded by the bounds of the facts.
pub fn render(contents: &Contents, lang: Lang) -> String {
    let mut lines = vec![first_line(contents, lang)];
    lines.extend(fact_lines(contents, lang));
    lines.extend(entry_lines(contents, lang));
    lines.extend(excerpt_lines(contents, lang));
    lines.join("\n")
}

/// Picks the English or the Chinese text.
fn pick(lang: Lang, en: &str, zh: &str) -> String {
    lang.pick(en.to_owned(), zh.to_owned())
}

/// The kind, then the encoding, pages, dimensions, duration and entries
/// where known.
fn first_line(c: &Contents, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let sep = if zh { "，" } else { ", " };
    let mut first = kind_name(c, zh);
    if let Some(enc) = &c.encoding {
        first += &pick(
            lang,
            &format!(" (encoding: {enc})"),
            &format!("（编码：{enc}）"),
        );
    }
    if let Some(n) = c.pages {
        first += sep;
        first += &match (c.kind, zh) {
            (Kind::Presentation, false) => plural(n, "slide"),
            (Kind::Presentation, true) => format!("{n} 张幻灯片"),
            (_, false) => plural(n, "page"),
            (_, true) => format!("{n} 页"),
        };
    }
    if let Some((w, h)) = c.dimensions {
        let _ = write!(first, "{sep}{w}×{h}");
    }
    if let Some(secs) = c.duration_secs {
        let _ = write!(first, "{sep}{}", duration(secs));
    }
    if let Some(n) = c.entries {
        let more = if c.entries_at_least {
            pick(lang, "at least ", "至少 ")
        } else {
            String::new()
        };
        first += sep;
        first += &if zh {
            format!("{more}{n} 个条目")
        } else {
            format!(
                "{more}{}",
                plural(u32::try_from(n).unwrap_or(u32::MAX), "entry")
            )
        };
    }
    first
}

/// A line per known fact: title, artist, album, year, when and with what
/// a photo was taken, whether it records where.
fn fact_lines(c: &Contents, lang: Lang) -> Vec<String> {
    let facts = [
        (&c.title, pick(lang, "Title", "标题")),
        (&c.artist, pick(lang, "Artist", "艺术家")),
        (&c.album, pick(lang, "Album", "专辑")),
        (&c.year, pick(lang, "Year", "年份")),
        (&c.taken, pick(lang, "Taken", "拍摄时间")),
        (&c.camera, pick(lang, "Camera", "相机")),
    ];
    let mut lines: Vec<String> = facts
        .into_iter()
        .filter_map(|(value, label)| {
            let value = value.as_ref()?;
            Some(match lang {
                Lang::En => format!("{label}: {value}"),
                Lang::Zh => format!("{label}：{value}"),
            })
        })
        .collect();
    if c.has_location {
        lines.push(pick(
            lang,
            "Records where it was taken (GPS).",
            "记录了拍摄地点（GPS）。",
        ));
    }
    lines
}

/// An archive's entry names, after a line saying whether they are all.
fn entry_lines(c: &Contents, lang: Lang) -> Vec<String> {
    if c.entry_names.is_empty() {
        return Vec::new();
    }
    let shown = c.entry_names.len();
    let heading = match c.entries {
        Some(n) if n > shown => pick(
            lang,
            &format!("First {shown} entries:"),
            &format!("前 {shown} 个条目："),
        ),
        Some(_) | None => pick(lang, "Entries:", "条目："),
    };
    std::iter::once(heading)
        .chain(c.entry_names.iter().map(|n| format!("  {n}")))
        .collect()
}

/// The excerpt after a blank line, or a line saying there is no text for
/// kinds that usually have some.
fn excerpt_lines(c: &Contents, lang: Lang) -> Vec<String> {
    let wants_text = matches!(
        c.kind,
        Kind::Text
            | Kind::Pdf
            | Kind::Document
            | Kind::Spreadsheet
            | Kind::Presentation
            | Kind::Binary
    );
    if !c.text.is_empty() {
        let mut lines = vec![String::new(), c.text.clone()];
        if c.truncated {
            lines.push(pick(lang, "[… truncated]", "[……已截断]"));
        }
        lines
    } else if wants_text {
        vec![pick(lang, "(no readable text)", "（没有可读的文本）")]
    } else {
        Vec::new()
    }
}

/// The name of the kind, with the format where it says more.
fn kind_name(c: &Contents, zh: bool) -> String {
    let f = c.format.as_str();
    let with = |en: &str, cn: &str| match (f.is_empty(), zh) {
        (true, false) => en.to_owned(),
        (true, true) => cn.to_owned(),
        (false, false) => format!("{f} {}", en.to_lowercase()),
        (false, true) => format!("{f} {cn}"),
    };
    match c.kind {
        Kind::Empty => with("Empty file", "空文件"),
        Kind::Text => with("Text file", "文本文件"),
        Kind::Pdf => with("Document", "文档"),
        Kind::Document => with("Document", "文档"),
        Kind::Spreadsheet => with("Spreadsheet", "电子表格"),
        Kind::Presentation => with("Presentation", "演示文稿"),
        Kind::Image => with("Image", "图片"),
        Kind::Audio => with("Audio", "音频"),
        Kind::Video => with("Video", "视频"),
        Kind::Archive => with("Archive", "压缩包"),
        Kind::Binary => with("Binary file", "二进制文件"),
    }
}

/// "1 page", "2 pages".
fn plural(n: u32, word: &str) -> String {
    match (n, word) {
        (1, _) => format!("1 {word}"),
        (_, "entry") => format!("{n} entries"),
        _ => format!("{n} {word}s"),
    }
}

/// A duration as `m:ss` or `h:mm:ss`.
fn duration(secs: u64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}
