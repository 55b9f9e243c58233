//! What the offline planner says: its plans (a line per file, or by
//! category for a large folder), its answers, and its reports.

use super::folder_words::Evidence;
use super::{Lang, Noun};
use crate::file_type::Category;
use crate::format::group_digits;
use crate::groups::Role;
use crate::in_use::InUse;

/// A folder a plan fills: its name, the target's separator shown after it,
/// and whether it is there already.
#[derive(Debug, Clone, Copy)]
pub struct PlanFolder<'a> {
    /// The folder, relative to the target.
    pub name: &'a str,
    /// The target's path separator.
    pub separator: char,
    /// It exists before the plan runs.
    pub exists: bool,
}

/// The kinds of items a plan leaves where they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftAlone {
    /// Project folders, left whole.
    Projects,
    /// Folders.
    Folders,
    /// Hidden files.
    Hidden,
    /// Files of no known type.
    Unclassified,
    /// Items the rules file excludes.
    Excluded,
    /// What the user left out of the plan (`skip NAME`).
    Skipped,
    /// Files some program is writing or holding, of one kind.
    InUse(InUse),
    /// What the user's line asked to leave ("音乐别动").
    Asked,
    /// What the user's line did not name ("only PDFs": the other files).
    NotAsked,
}

impl Lang {
    /// The first line of every plan.
    pub fn plan_heading(self) -> &'static str {
        match self {
            Lang::En => "Here is my plan (offline planner, rules, no AI):",
            Lang::Zh => "整理方案（离线规划器，基于规则，非 AI）：",
        }
    }

    /// The question every plan ends with.
    pub fn plan_question(self) -> &'static str {
        match self {
            Lang::En => "Reply \"yes\" to go ahead, or \"no\" to leave everything as it is.",
            Lang::Zh => "回复“好”或“yes”开始整理，回复“不”保持原样。",
        }
    }

    /// Why files go to a group: their category (`图片, `).
    pub fn why_category(self, category: Category) -> String {
        match self {
            Lang::En => format!("{}, ", category.name()),
            Lang::Zh => String::new(),
        }
    }

    /// Why files go to a group: a rule of the rules file (1-based).
    pub fn why_rule(self, number: usize) -> String {
        self.pick(format!("rule {number}, "), format!("规则 {number}，"))
    }

    /// Why files go to a group: they are copies of files kept elsewhere.
    pub fn why_copies(self) -> String {
        self.pick(
            "copies of files kept elsewhere, ".to_owned(),
            "内容相同的副本，".to_owned(),
        )
    }

    /// The heading of a group going into a folder the user made
    /// (`Invoices/ (into your existing Invoices/, 3 files)`).
    pub fn plan_existing_group(self, folder: PlanFolder<'_>, count: usize) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let files = self.counted(count, Noun::File);
        self.pick(
            format!("{name}{separator} (into your existing {name}{separator}, {files})"),
            format!("{name}{separator}（放进你已有的 {name}{separator}，{count} 个文件）"),
        )
    }

    /// Why a file goes into the person's folder `folder` (relative,
    /// `/`-separated), as its plan line ends: empty when the folder's
    /// topic alone says so.
    pub fn existing_evidence(self, evidence: &Evidence, folder: &str) -> String {
        if *evidence == Evidence::Topic {
            return String::new();
        }
        let why = self.plan_why_existing(folder, evidence);
        self.pick(format!(" ({why})"), format!("（{why}）"))
    }

    /// A group's heading: its folder, `why` (one of the `why_` texts) and
    /// how many files go there (`Images/ (图片, new folder, 3 files)`).
    pub fn plan_group(self, folder: PlanFolder<'_>, why: &str, count: usize) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let files = self.counted(count, Noun::File);
        match (self, folder.exists) {
            (Lang::En, false) => format!("{name}{separator} ({why}new folder, {files})"),
            (Lang::En, true) => format!("{name}{separator} ({why}existing folder, {files})"),
            (Lang::Zh, false) => format!("{name}{separator}（{why}新建文件夹，{count} 个文件）"),
            (Lang::Zh, true) => format!("{name}{separator}（{why}已有文件夹，{count} 个文件）"),
        }
    }

    /// The folder copies are set aside in: `Duplicates` (`重复文件`).
    pub fn duplicates_folder(self) -> &'static str {
        match self {
            Lang::En => "Duplicates",
            Lang::Zh => "重复文件",
        }
    }

    /// ` (same bytes as KEPT)`, after a copy's move.
    pub fn same_bytes_as(self, kept: &str) -> String {
        self.pick(
            format!(" (same bytes as {kept})"),
            format!("（与 {kept} 内容相同）"),
        )
    }

    /// What follows an online-only file's line in a plan: its content
    /// lives in the cloud, and it is moved without being read.
    pub fn online_only_mark(self) -> &'static str {
        match self {
            Lang::En => " (online-only: moved without downloading it)",
            Lang::Zh => "（仅在云端：只移动，不下载）",
        }
    }

    /// The line naming the `items` of one kind a plan leaves alone.
    pub fn left_alone(self, kind: LeftAlone, items: &[String]) -> String {
        let separator = match self {
            Lang::En => ", ",
            Lang::Zh => "、",
        };
        let label = match (self, kind) {
            (_, LeftAlone::InUse(why)) => return self.left_in_use(why, items.len(), items),
            (_, LeftAlone::NotAsked) => {
                let heading = self.page_left_heading(LeftAlone::NotAsked, items.len());
                return format!("{heading} {}", items.join(separator));
            }
            (Lang::En, LeftAlone::Projects) => "Projects left whole: ",
            (Lang::Zh, LeftAlone::Projects) => "保持完整的项目文件夹：",
            (Lang::En, LeftAlone::Folders) => "Folders left as they are: ",
            (Lang::Zh, LeftAlone::Folders) => "保持不动的文件夹：",
            (Lang::En, LeftAlone::Hidden) => "Hidden files left alone: ",
            (Lang::Zh, LeftAlone::Hidden) => "保持不动的隐藏文件：",
            (Lang::En, LeftAlone::Unclassified) => "Files left alone (type unknown): ",
            (Lang::Zh, LeftAlone::Unclassified) => "未分类、保持不动的文件：",
            (Lang::En, LeftAlone::Excluded) => "Left alone by the rules file: ",
            (Lang::Zh, LeftAlone::Excluded) => "规则文件要求保持不动：",
            (Lang::En, LeftAlone::Skipped) => "Left out by you: ",
            (Lang::Zh, LeftAlone::Skipped) => "你要求保持不动：",
            (Lang::En, LeftAlone::Asked) => "Left where they are, as you asked: ",
            (Lang::Zh, LeftAlone::Asked) => "按你的要求保持不动：",
        };
        format!("{label}{}", items.join(separator))
    }

    /// The line of a large plan counting the files of one kind that stay
    /// (`total` in all), each part a kind with its count ("documents 23").
    pub fn left_counted(self, kind: LeftAlone, total: usize, parts: &[String]) -> String {
        let separator = match self {
            Lang::En => ", ",
            Lang::Zh => "、",
        };
        let heading = self.page_left_heading(kind, total);
        format!("{heading} {}", parts.join(separator))
    }

    /// What moves with a file, after its line in a plan: the other
    /// members of its group of related files (` (+ 2 subtitles)`).
    pub fn moving_with(self, members: &[(String, Role)]) -> String {
        let mut counts: Vec<(Role, usize)> = Vec::new();
        for (_, role) in members {
            match counts.iter_mut().find(|(r, _)| r == role) {
                Some((_, n)) => *n += 1,
                None => counts.push((*role, 1)),
            }
        }
        counts.sort();
        let parts: Vec<String> = counts
            .into_iter()
            .map(|(role, n)| {
                let folder = members
                    .iter()
                    .find(|(_, r)| *r == role)
                    .map_or("", |(name, _)| name.as_str());
                self.members_of(role, n, folder)
            })
            .collect();
        match self {
            Lang::En => format!(" (+ {})", parts.join(", ")),
            Lang::Zh => format!("（连同 {}）", parts.join("、")),
        }
    }

    /// `n` members of one role, as [`Self::moving_with`] names them; a
    /// page's `folder` by its name.
    fn members_of(self, role: Role, n: usize, folder: &str) -> String {
        let count = group_digits(n);
        let plural = if n == 1 { "" } else { "s" };
        match (self, role) {
            (Lang::En, Role::Subtitle) => format!("{count} subtitle{plural}"),
            (Lang::Zh, Role::Subtitle) => format!("{count} 个字幕文件"),
            (Lang::En, Role::Sidecar) => format!("{count} sidecar{plural}"),
            (Lang::Zh, Role::Sidecar) => format!("{count} 个附属文件"),
            (Lang::En, Role::Raw) => format!("{count} raw original{plural}"),
            (Lang::Zh, Role::Raw) => format!("{count} 个 RAW 原片"),
            (Lang::En, Role::Companion) => format!("{count} companion file{plural}"),
            (Lang::Zh, Role::Companion) => format!("{count} 个配套文件"),
            (Lang::En, Role::Part) => format!("{count} more part{plural}"),
            (Lang::Zh, Role::Part) => format!("其余 {count} 个分卷"),
            (Lang::En, Role::PageFolder) => format!("its folder {folder}"),
            (Lang::Zh, Role::PageFolder) => format!("网页文件夹 {folder}"),
            (Lang::En, Role::Folder) if n == 1 => format!("its folder {folder}"),
            (Lang::En, Role::Folder) => format!("{count} folders"),
            (Lang::Zh, Role::Folder) if n == 1 => format!("配套文件夹 {folder}"),
            (Lang::Zh, Role::Folder) => format!("{count} 个配套文件夹"),
        }
    }

    /// Said when the folder to organize is itself a project (it holds
    /// `marker`): nothing is proposed.
    pub fn target_is_project(self, marker: &str) -> String {
        match self {
            Lang::En => format!(
                "This folder looks like a project (it has {marker}). tidyup leaves projects whole, so I propose no changes here. To organize a folder inside it, run tidyup on that folder."
            ),
            Lang::Zh => format!(
                "这个文件夹看起来是一个项目（其中有 {marker}）。tidyup 会保持项目完整，所以这里不提出任何改动。如需整理其中的某个文件夹，请对那个文件夹运行 tidyup。"
            ),
        }
    }

    /// Said when there is nothing to move.
    pub fn nothing_to_organize(self) -> &'static str {
        match self {
            Lang::En => "There is nothing to organize here: no loose files to sort.",
            Lang::Zh => "这里没有需要整理的文件。",
        }
    }

    /// Said when the folder itself could not be listed (`cause`, the
    /// listing's result): nothing is planned, and it is not called empty.
    pub fn folder_unlisted(self, cause: &str) -> String {
        match self {
            Lang::En => format!("I could not look at this folder, so I planned nothing: {cause}"),
            Lang::Zh => format!("无法查看这个文件夹，所以没有制定任何方案：{cause}"),
        }
    }

    /// Said on "yes" when no plan is waiting.
    pub fn no_plan_pending(self) -> String {
        match self {
            Lang::En => "There is no plan waiting for a go-ahead. Say \"organize\" and I will scan the folder and propose one.",
            Lang::Zh => "目前没有待确认的方案。说“整理”，我会扫描文件夹并给出方案。",
        }
        .to_owned()
    }

    /// Said on "yes" after a plan was stopped before its end: nothing
    /// waits, the files it did not reach stay, and how to plan them again.
    pub fn plan_cut_short(self) -> String {
        match self {
            Lang::En => "The last plan was stopped before its end, so nothing is waiting for a go-ahead: the files it had not reached stay where they are. Say \"organize\" and I will plan them again.",
            Lang::Zh => "上一个方案在完成前被停止了，所以没有待确认的方案：尚未处理的文件仍在原处。说“整理”，我会重新为它们制定方案。",
        }
        .to_owned()
    }

    /// Said when a line is not understood while a plan waits for the
    /// go-ahead: the plan still waits, and what may be said to it.
    pub fn plan_still_waiting(self) -> &'static str {
        match self {
            Lang::En => {
                "I did not understand that. The plan is still waiting: say \"yes\" to carry it out, \"no\" to drop it, \"show\" to see every file, or \"skip NAME\" to leave a folder or a file out."
            }
            Lang::Zh => {
                "没有看懂这句话。方案仍在等待确认：说“好”执行，说“不”放弃，说“显示”查看每个文件，或说“跳过 名称”把某个文件夹或文件留在原处。"
            }
        }
    }

    /// Said on "no".
    pub fn plan_declined(self) -> String {
        self.pick(
            "OK, nothing was changed.".to_owned(),
            "好的，没有做任何改动。".to_owned(),
        )
    }

    /// The report heading after carrying out a plan; in a dry run
    /// (`dry_run`), what carrying it out would do. `folders`: how many it
    /// created, `None` when that is not known (folders named by dates).
    pub fn plan_report_heading(
        self,
        folders: Option<usize>,
        moved: usize,
        planned: usize,
        dry_run: bool,
    ) -> String {
        let planned_en = format!("{planned} {}", self.noun(planned, Noun::File));
        let Some(folders) = folders else {
            // Folders named by dates or nested: not counted.
            return match dry_run {
                true => self.pick(
                    format!("Dry run, nothing on disk changed. Carrying out the plan would move {moved} of {planned_en}:"),
                    format!("演练，磁盘上没有任何改动。执行这个方案将移动 {moved}/{planned} 个文件："),
                ),
                false => self.pick(
                    format!("Done. Moved {moved} of {planned_en}:"),
                    format!("整理完成：移动了 {moved}/{planned} 个文件："),
                ),
            };
        };
        let folders_en = format!("{folders} {}", self.noun(folders, Noun::Folder));
        if dry_run {
            return self.pick(
                format!("Dry run, nothing on disk changed. Carrying out the plan would create {folders_en} and move {moved} of {planned_en}:"),
                format!("演练，磁盘上没有任何改动。执行这个方案将新建 {folders} 个文件夹，移动 {moved}/{planned} 个文件："),
            );
        }
        self.pick(
            format!("Done. Created {folders_en} and moved {moved} of {planned_en}:"),
            format!("整理完成：新建 {folders} 个文件夹，移动了 {moved}/{planned} 个文件："),
        )
    }

    /// One report line of a move that failed, with the tool's result.
    pub fn plan_report_failure(self, file: &str, result: &str) -> String {
        self.pick(
            format!("  ✗ {file}: {result}"),
            format!("  ✗ {file}：{result}"),
        )
    }

    /// A step skipped at the go-ahead: `to` appeared since the plan was
    /// shown, and the file stays.
    pub fn plan_report_stays(self, file: &str, to: &str) -> String {
        self.pick(
            format!("  – {file} stays: {to} appeared since the plan was shown"),
            format!("  – {file} 留在原处：{to} 是在计划给出之后出现的"),
        )
    }
}

impl Lang {
    /// Why a large folder's plan goes by type (`items`: how many it holds,
    /// when known).
    pub fn large_plan_why(self, items: Option<usize>) -> String {
        match (self, items.map(group_digits)) {
            (Lang::En, Some(items)) => format!("This folder is large ({items} items), so the plan goes by type: one folder per category, each filled in one step. Folders and hidden files stay where they are."),
            (Lang::En, None) => "This folder is large, so the plan goes by type: one folder per category, each filled in one step. Folders and hidden files stay where they are.".to_owned(),
            (Lang::Zh, Some(items)) => format!("这个文件夹很大（{items} 个项目），所以按类型整理：每个类别一个文件夹，每类一步移完。文件夹和隐藏文件保持不动。"),
            (Lang::Zh, None) => "这个文件夹很大，所以按类型整理：每个类别一个文件夹，每类一步移完。文件夹和隐藏文件保持不动。".to_owned(),
        }
    }

    /// A category's heading in a large plan
    /// (`Images/ (图片, new folder, 3,412 files, 1.2 GB)`).
    pub fn large_plan_group(
        self,
        folder: PlanFolder<'_>,
        category: Category,
        count: usize,
        size: &str,
    ) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let files = self.counted(count, Noun::File);
        let (category, count) = (category.name(), group_digits(count));
        match (self, folder.exists) {
            (Lang::En, false) => {
                format!("{name}{separator} ({category}, new folder, {files}, {size})")
            }
            (Lang::En, true) => {
                format!("{name}{separator} ({category}, existing folder, {files}, {size})")
            }
            (Lang::Zh, false) => format!("{name}{separator}（新建文件夹，{count} 个文件，{size}）"),
            (Lang::Zh, true) => format!("{name}{separator}（已有文件夹，{count} 个文件，{size}）"),
        }
    }

    /// A category's name patterns with their counts, after its heading.
    pub fn name_patterns(self, patterns: &[(String, usize)]) -> String {
        let patterns: Vec<String> = patterns
            .iter()
            .map(|(pattern, count)| format!("{pattern} {}", group_digits(*count)))
            .collect();
        let patterns = patterns.join(" · ");
        self.pick(
            format!("  Name patterns: {patterns}"),
            format!("  文件名模式：{patterns}"),
        )
    }

    /// A category's sample names, after its heading.
    pub fn for_example(self, samples: &str) -> String {
        self.pick(
            format!("  For example: {samples}"),
            format!("  例如：{samples}"),
        )
    }

    /// A report line: a category's move ran and moved `moved` of `total`.
    pub fn category_moved(
        self,
        folder: PlanFolder<'_>,
        category: Category,
        moved: usize,
        total: usize,
    ) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let (moved_en, all_en) = (
            self.counted(moved, Noun::File),
            self.counted(total, Noun::File),
        );
        let (all_moved, moved, all) = (moved == total, group_digits(moved), group_digits(total));
        let category = category.name();
        match (self, all_moved) {
            (Lang::En, true) => format!("  ✓ {name}{separator} ({category}): {moved_en} moved"),
            (Lang::En, false) => {
                format!("  ✗ {name}{separator} ({category}): {moved} of {all_en} moved; not moved:")
            }
            (Lang::Zh, true) => format!("  ✓ {name}{separator}：已移动 {moved} 个文件"),
            (Lang::Zh, false) => {
                format!("  ✗ {name}{separator}：已移动 {moved}/{all} 个文件；未移动：")
            }
        }
    }

    /// A report line: a category's move found none of its files left to
    /// move; `placed`: earlier steps of the plan moved files (which took
    /// them, or left none of its kind), else they are no longer there.
    pub fn category_nothing_left(
        self,
        folder: PlanFolder<'_>,
        category: Category,
        placed: bool,
    ) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let category = category.name();
        match (self, placed) {
            (Lang::En, true) => format!(
                "  – {name}{separator} ({category}): nothing left to move after the steps above"
            ),
            (Lang::En, false) => format!(
                "  – {name}{separator} ({category}): nothing left to move, its files are no longer there"
            ),
            (Lang::Zh, true) => {
                format!("  – {name}{separator}：上面的步骤之后，没有剩下要移动的文件")
            }
            (Lang::Zh, false) => {
                format!("  – {name}{separator}：没有剩下要移动的文件，它们已不在原处")
            }
        }
    }

    /// A report line: a category's move did not run, and why.
    pub fn category_refused(
        self,
        folder: PlanFolder<'_>,
        category: Category,
        cause: &str,
    ) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        match self {
            Lang::En => format!("  ✗ {name}{separator} ({}): {cause}", category.name()),
            Lang::Zh => format!("  ✗ {name}{separator}：{cause}"),
        }
    }

    /// A report line: `moved` of the `count` files a folder the user made
    /// takes were moved into it.
    pub fn existing_moved(self, folder: PlanFolder<'_>, moved: usize, count: usize) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let mark = if moved == count { '✓' } else { '✗' };
        let files = self.counted(count, Noun::File);
        self.pick(
            format!("  {mark} {name}{separator} (your existing folder): {moved} of {files} moved"),
            format!("  {mark} {name}{separator}（你已有的文件夹）：已移动 {moved}/{count} 个文件"),
        )
    }

    /// A report line: `moved` of the `count` copies were set aside in `folder`.
    pub fn copies_set_aside(self, folder: PlanFolder<'_>, moved: usize, count: usize) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let mark = if moved == count { '✓' } else { '✗' };
        let copies = self.counted(count, Noun::Copy);
        self.pick(
            format!("  {mark} {name}{separator}: {moved} of {copies} set aside"),
            format!("  {mark} {name}{separator}：已移出 {moved}/{count} 个副本"),
        )
    }
}
