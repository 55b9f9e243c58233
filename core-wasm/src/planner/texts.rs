//! What the offline planner says, in English and Chinese.

use crate::Lang;

use super::plan::{Group, Plan, Reason};

/// The first line of every plan.
pub fn plan_heading(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Here is my plan (offline planner, rules, no AI):",
        Lang::Zh => "整理方案（离线规划器，基于规则，非 AI）：",
    }
}

/// The plan, grouped by category, ending with the question; folders are
/// shown with `separator`, the target's.
pub fn plan_text(plan: &Plan, lang: Lang, separator: char) -> String {
    let mut text = String::from(plan_heading(lang));
    for group in &plan.groups {
        text.push('\n');
        text.push_str(&group_heading(group, lang, separator));
        for step in &group.moves {
            text.push_str(&format!("\n  {} → {}", step.file, step.destination));
            if let Some(kept) = plan.copy_of.get(&step.file) {
                text.push_str(&same_bytes_as(lang, kept));
            }
        }
    }
    let left = left_alone(plan, lang);
    if !left.is_empty() {
        text.push_str("\n\n");
        text.push_str(&left);
    }
    text.push_str("\n\n");
    text.push_str(question(lang));
    text
}

/// A group's line, after a line break: its folder, why files go there,
/// and how many (`Images/ (图片, new folder, 3 files)`).
fn group_heading(group: &Group, lang: Lang, separator: char) -> String {
    let folder = &group.folder;
    let count = group.moves.len();
    let why = match (lang, group.reason) {
        (Lang::En, Reason::Category(category)) => format!("{}, ", category.name()),
        (Lang::En, Reason::Rule(number)) => format!("rule {number}, "),
        (Lang::Zh, Reason::Category(_)) => String::new(),
        (Lang::Zh, Reason::Rule(number)) => format!("规则 {number}，"),
        (Lang::En, Reason::Duplicate) => "copies of files kept elsewhere, ".to_owned(),
        (Lang::Zh, Reason::Duplicate) => "内容相同的副本，".to_owned(),
    };
    match (lang, group.folder_exists) {
        (Lang::En, false) => format!("\n{folder}{separator} ({why}new folder, {count} files)"),
        (Lang::En, true) => format!("\n{folder}{separator} ({why}existing folder, {count} files)"),
        (Lang::Zh, false) => format!("\n{folder}{separator}（{why}新建文件夹，{count} 个文件）"),
        (Lang::Zh, true) => format!("\n{folder}{separator}（{why}已有文件夹，{count} 个文件）"),
    }
}

/// ` (same bytes as KEPT)`, after a copy's move.
pub fn same_bytes_as(lang: Lang, kept: &str) -> String {
    match lang {
        Lang::En => format!(" (same bytes as {kept})"),
        Lang::Zh => format!("（与 {kept} 内容相同）"),
    }
}

/// The question every plan ends with.
pub fn question(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Reply \"yes\" to go ahead, or \"no\" to leave everything as it is.",
        Lang::Zh => "回复“好”或“yes”开始整理，回复“不”保持原样。",
    }
}

fn left_alone(plan: &Plan, lang: Lang) -> String {
    let mut lines = Vec::new();
    let mut add = |items: &[String], en: &str, zh: &str| {
        if !items.is_empty() {
            let label = match lang {
                Lang::En => en,
                Lang::Zh => zh,
            };
            lines.push(format!("{label}{}", items.join(", ")));
        }
    };
    add(
        &plan.folders_left,
        "Folders left as they are: ",
        "保持不动的文件夹：",
    );
    add(
        &plan.hidden_left,
        "Hidden files left alone: ",
        "不动的隐藏文件：",
    );
    add(
        &plan.unclassified,
        "Files left alone (type unknown): ",
        "未分类、保持不动的文件：",
    );
    add(
        &plan.excluded,
        "Left alone by the rules file: ",
        "规则文件要求保持不动：",
    );
    lines.join("\n")
}

/// Said when there is nothing to move.
pub fn nothing_to_organize(plan: &Plan, lang: Lang) -> String {
    let head = match lang {
        Lang::En => "There is nothing to organize here: no loose files to sort.",
        Lang::Zh => "这里没有需要整理的文件。",
    };
    let left = left_alone(plan, lang);
    if left.is_empty() {
        head.to_owned()
    } else {
        format!("{head}\n{left}")
    }
}

/// Said on "yes" when no plan is waiting.
pub fn no_plan_pending(lang: Lang) -> String {
    match lang {
        Lang::En => "There is no plan waiting for a go-ahead. Say \"organize\" and I will scan the folder and propose one.",
        Lang::Zh => "目前没有待确认的方案。说“整理”，我会扫描文件夹并给出方案。",
    }
    .to_owned()
}

/// Said on "no".
pub fn declined(lang: Lang) -> String {
    match lang {
        Lang::En => "OK, nothing was changed.",
        Lang::Zh => "好的，没有做任何改动。",
    }
    .to_owned()
}

/// Said to anything else.
pub fn help(lang: Lang) -> String {
    match lang {
        Lang::En => "I am tidyup's offline planner (rules, no AI). Say \"organize\" and I will scan the folder, sort the files by type and show you a plan; then answer \"yes\" to carry it out or \"no\" to leave everything as it is. I never delete anything.",
        Lang::Zh => "我是 tidyup 的离线规划器（基于规则，非 AI）。说“整理”，我会扫描文件夹、按类型给文件分类并给出方案；回复“好”执行，回复“不”保持原样。我从不删除任何文件。",
    }
    .to_owned()
}

/// The report heading after carrying out a plan.
pub fn report_heading(lang: Lang, folders: usize, moved: usize, planned: usize) -> String {
    match lang {
        Lang::En => {
            format!("Done. Created {folders} folders and moved {moved} of {planned} files:")
        }
        Lang::Zh => format!("整理完成：新建 {folders} 个文件夹，移动了 {moved}/{planned} 个文件："),
    }
}

/// One report line of a move that failed, with the tool's result.
pub fn report_failure(lang: Lang, file: &str, result: &str) -> String {
    match lang {
        Lang::En => format!("  ✗ {file}: {result}"),
        Lang::Zh => format!("  ✗ {file}：{result}"),
    }
}
