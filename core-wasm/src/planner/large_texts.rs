//! What the offline planner says about a large folder, in English and
//! Chinese: a plan by category (never a line per file) and its report.

use crate::Lang;
use crate::tools::group_digits;

use super::large::{LargeGroup, LargePlan};
use super::set_aside::SetAside;
use super::texts::{plan_heading, question, same_bytes_as};

/// Copies named one by one in a plan; the rest are counted.
const COPIES_NAMED: usize = 50;

/// The plan: why it goes by type, one paragraph per category with its
/// count, size, name patterns and samples, then the question.
pub fn plan_text(plan: &LargePlan, lang: Lang, separator: char) -> String {
    let items = plan.items.map(group_digits);
    let why = match (lang, items) {
        (Lang::En, Some(items)) => format!("This folder is large ({items} items), so the plan goes by type: one folder per category, each filled in one step. Folders and hidden files stay where they are."),
        (Lang::En, None) => "This folder is large, so the plan goes by type: one folder per category, each filled in one step. Folders and hidden files stay where they are.".to_owned(),
        (Lang::Zh, Some(items)) => format!("这个文件夹很大（{items} 个项目），所以按类型整理：每个类别一个文件夹，每类一步移完。文件夹和隐藏文件保持不动。"),
        (Lang::Zh, None) => "这个文件夹很大，所以按类型整理：每个类别一个文件夹，每类一步移完。文件夹和隐藏文件保持不动。".to_owned(),
    };
    let mut text = format!("{}\n{why}", plan_heading(lang));
    if !plan.set_aside.copies.is_empty() {
        text.push_str("\n\n");
        text.push_str(&set_aside_text(&plan.set_aside, lang, separator));
    }
    for group in &plan.groups {
        text.push_str("\n\n");
        text.push_str(&group_heading(group, lang, separator));
        if !group.patterns.is_empty() {
            let patterns: Vec<String> = group
                .patterns
                .iter()
                .map(|(pattern, count)| format!("{pattern} {}", group_digits(*count)))
                .collect();
            text.push_str(&match lang {
                Lang::En => format!("\n  Name patterns: {}", patterns.join(" · ")),
                Lang::Zh => format!("\n  文件名模式：{}", patterns.join(" · ")),
            });
        }
        if let Some(samples) = &group.samples {
            text.push_str(&match lang {
                Lang::En => format!("\n  For example: {samples}"),
                Lang::Zh => format!("\n  例如：{samples}"),
            });
        }
    }
    text.push_str("\n\n");
    text.push_str(question(lang));
    text
}

/// The paragraph of the copies set aside: the folder and every copy with
/// the file kept.
fn set_aside_text(set_aside: &SetAside, lang: Lang, separator: char) -> String {
    let (folder, count) = (&set_aside.folder, set_aside.copies.len());
    let mut text = match (lang, set_aside.folder_exists) {
        (Lang::En, false) => format!(
            "{folder}{separator} (copies of files kept elsewhere, new folder, {count} files)"
        ),
        (Lang::En, true) => format!(
            "{folder}{separator} (copies of files kept elsewhere, existing folder, {count} files)"
        ),
        (Lang::Zh, false) => {
            format!("{folder}{separator}（内容相同的副本，新建文件夹，{count} 个文件）")
        }
        (Lang::Zh, true) => {
            format!("{folder}{separator}（内容相同的副本，已有文件夹，{count} 个文件）")
        }
    };
    for copy in set_aside.copies.iter().take(COPIES_NAMED) {
        text.push_str(&format!("\n  {} → {}", copy.file, copy.destination));
        text.push_str(&same_bytes_as(lang, &copy.kept));
    }
    if count > COPIES_NAMED {
        text.push_str("\n  ");
        text.push_str(&and_more(lang, count - COPIES_NAMED));
    }
    text
}

/// `Images/ (图片, new folder, 3,412 files, 1.2 GB)`.
fn group_heading(group: &LargeGroup, lang: Lang, separator: char) -> String {
    let folder = &group.folder;
    let count = group_digits(group.count);
    let size = &group.size;
    match (lang, group.folder_exists) {
        (Lang::En, false) => format!(
            "{folder}{separator} ({}, new folder, {count} files, {size})",
            group.category.name()
        ),
        (Lang::En, true) => format!(
            "{folder}{separator} ({}, existing folder, {count} files, {size})",
            group.category.name()
        ),
        (Lang::Zh, false) => format!("{folder}{separator}（新建文件夹，{count} 个文件，{size}）"),
        (Lang::Zh, true) => format!("{folder}{separator}（已有文件夹，{count} 个文件，{size}）"),
    }
}

/// A report line: a category's move ran and moved `moved` of `total`.
pub fn group_done(
    lang: Lang,
    group: &LargeGroup,
    separator: char,
    moved: usize,
    total: usize,
) -> String {
    let folder = &group.folder;
    let (moved, all) = (group_digits(moved), group_digits(total));
    let category = group.category.name();
    match (lang, moved == all) {
        (Lang::En, true) => format!("  ✓ {folder}{separator} ({category}): {moved} files moved"),
        (Lang::En, false) => format!(
            "  ✗ {folder}{separator} ({category}): {moved} of {all} files moved; not moved:"
        ),
        (Lang::Zh, true) => format!("  ✓ {folder}{separator}：已移动 {moved} 个文件"),
        (Lang::Zh, false) => {
            format!("  ✗ {folder}{separator}：已移动 {moved}/{all} 个文件；未移动：")
        }
    }
}

/// A report line: a category's move did not run, and why.
pub fn group_refused(lang: Lang, group: &LargeGroup, separator: char, cause: &str) -> String {
    let folder = &group.folder;
    match lang {
        Lang::En => format!(
            "  ✗ {folder}{separator} ({}): {cause}",
            group.category.name()
        ),
        Lang::Zh => format!("  ✗ {folder}{separator}：{cause}"),
    }
}

/// The line standing for failures the move's result did not name.
pub fn and_more(lang: Lang, more: usize) -> String {
    let more = group_digits(more);
    match lang {
        Lang::En => format!("... and {more} more"),
        Lang::Zh => format!("……另有 {more} 个"),
    }
}

/// A report line: `moved` of the `count` copies were set aside in `folder`.
pub fn copies_set_aside(
    lang: Lang,
    folder: &str,
    separator: char,
    moved: usize,
    count: usize,
) -> String {
    let mark = if moved == count { '✓' } else { '✗' };
    match lang {
        Lang::En => format!("  {mark} {folder}{separator}: {moved} of {count} copies set aside"),
        Lang::Zh => format!("  {mark} {folder}{separator}：已移出 {moved}/{count} 个副本"),
    }
}
