//! The user's rules on a large folder: what a plan says of each rule's
//! step and of a rule it cannot follow, the report lines of those steps,
//! and the failures of the bulk moves' undeclared `rules` argument.

use serde::{Deserialize, Serialize};

use super::{Lang, Noun, PlanFolder};
use crate::file_type::Category;
use crate::format::group_digits;

/// Why a rule cannot be followed on a large folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unfollowable {
    /// It looks at contents, and the session may not read them.
    Contents,
    /// Its folder is one the rules file protects.
    Protected,
}

/// One rule's step as a plan or a report shows it.
#[derive(Debug, Clone, Copy)]
pub struct RuleFolder<'a> {
    /// The rule's `to`, placeholders unfilled, with the target's separator.
    pub to: &'a str,
    /// The target's path separator.
    pub separator: char,
    /// The rule's number (1-based) in the rules file; `None` for a rule
    /// the user's line asked for.
    pub number: Option<usize>,
}

impl Lang {
    /// A rule as a plan names it: `rule 3`, or `as you asked`.
    fn rule_label(self, number: Option<usize>) -> String {
        match (self, number) {
            (Lang::En, Some(number)) => format!("rule {number}"),
            (Lang::Zh, Some(number)) => format!("规则 {number}"),
            (Lang::En, None) => "as you asked".to_owned(),
            (Lang::Zh, None) => "按你的要求".to_owned(),
        }
    }

    /// Why a large folder's plan follows rules, then goes by type: the
    /// rules file's, what the user's line `asked` (by date), or both.
    pub fn large_plan_why_rules(self, items: Option<usize>, asked: bool, file: bool) -> String {
        let (first_en, first_zh) = match (asked, file) {
            (true, false) => ("does what you asked first", "先按你的要求整理"),
            (true, true) => (
                "does what you asked first, then follows the rules file, one step per rule",
                "先按你的要求整理，再按规则文件整理，每条规则一步",
            ),
            (false, _) => (
                "follows the rules file first, one step per rule",
                "先按规则文件整理，每条规则一步",
            ),
        };
        match (self, items.map(group_digits)) {
            (Lang::En, Some(items)) => format!(
                "This folder is large ({items} items), so the plan {first_en}, then goes by type: one folder per category, each filled in one step. Folders and hidden files stay where they are."
            ),
            (Lang::En, None) => format!(
                "This folder is large, so the plan {first_en}, then goes by type: one folder per category, each filled in one step. Folders and hidden files stay where they are."
            ),
            (Lang::Zh, Some(items)) => format!(
                "这个文件夹很大（{items} 个项目），所以{first_zh}，再按类型整理：每个类别一个文件夹，每类一步移完。文件夹和隐藏文件保持不动。"
            ),
            (Lang::Zh, None) => format!(
                "这个文件夹很大，所以{first_zh}，再按类型整理：每个类别一个文件夹，每类一步移完。文件夹和隐藏文件保持不动。"
            ),
        }
    }

    /// The heading of a large plan's rule steps: the rules file's, what
    /// the user's line `asked`, or both.
    pub fn large_rules_heading(self, asked: bool, file: bool) -> String {
        match (asked, file) {
            (true, false) => self.pick("First what you asked:".to_owned(), "先按你的要求：".to_owned()),
            (true, true) => self.pick(
                "First what you asked, then the rules file, in its order (a file goes by the first rule it matches):"
                    .to_owned(),
                "先按你的要求，再按规则文件的顺序（文件归入第一条匹配的规则）：".to_owned(),
            ),
            (false, _) => self.pick(
                "First the rules file, in its order (a file goes by the first rule it matches):"
                    .to_owned(),
                "先按规则文件的顺序（文件归入第一条匹配的规则）：".to_owned(),
            ),
        }
    }

    /// One rule's step in a large plan: its folder, how many files it
    /// takes (`exact`, or at most that many) and whether their text is
    /// read (`reads`, on this computer).
    pub fn large_rule_step(
        self,
        folder: RuleFolder<'_>,
        count: usize,
        exact: bool,
        reads: bool,
    ) -> String {
        let RuleFolder {
            to,
            separator,
            number,
        } = folder;
        let rule = self.rule_label(number);
        let files = self.counted(count, Noun::File);
        let count = group_digits(count);
        match (self, exact, reads) {
            (Lang::En, true, _) => format!("  {to}{separator} ({rule}, {files})"),
            (Lang::En, false, false) => format!("  {to}{separator} ({rule}, up to {files})"),
            (Lang::En, false, true) => format!(
                "  {to}{separator} ({rule}, up to {files}; their text is read on this computer)"
            ),
            (Lang::Zh, true, _) => format!("  {to}{separator}（{rule}，{count} 个文件）"),
            (Lang::Zh, false, false) => {
                format!("  {to}{separator}（{rule}，最多 {count} 个文件）")
            }
            (Lang::Zh, false, true) => {
                format!("  {to}{separator}（{rule}，最多 {count} 个文件；在本机读取文件内容）")
            }
        }
    }

    /// A rule a large plan cannot follow, and why; its files go by the
    /// later rules and by type.
    pub fn rule_not_followed(self, number: usize, why: Unfollowable) -> String {
        match (self, why) {
            (Lang::En, Unfollowable::Contents) => format!(
                "Rule {number} cannot be followed here: it looks at what files hold, and this session may not read their contents. Its files go by the later rules and by type."
            ),
            (Lang::En, Unfollowable::Protected) => format!(
                "Rule {number} cannot be followed here: its folder is one the rules file protects. Its files go by the later rules and by type."
            ),
            (Lang::Zh, Unfollowable::Contents) => format!(
                "无法执行规则 {number}：它要查看文件内容，而本次会话不能读取文件内容。它的文件按后面的规则和类型整理。"
            ),
            (Lang::Zh, Unfollowable::Protected) => format!(
                "无法执行规则 {number}：它的目标文件夹受规则文件保护。它的文件按后面的规则和类型整理。"
            ),
        }
    }

    /// Under a rule on contents on the page of a large plan: its files
    /// are listed where the later rules and their type send them, as it
    /// may take none of them.
    pub fn rule_decided_when_read(self) -> String {
        self.pick(
            "Which of them it takes is known when their text is read at the go-ahead; until then they are listed where the later rules and their type send them.".to_owned(),
            "执行时读取文件内容后才知道它收走哪些文件；在此之前它们列在后面的规则和类型所定的位置。".to_owned(),
        )
    }

    /// The heading of the moves by type after the rule steps.
    pub fn large_rules_then_by_type(self) -> String {
        self.pick(
            "Then by type, what the rules leave:".to_owned(),
            "然后按类型整理规则之外的文件：".to_owned(),
        )
    }

    /// A category's heading in a large plan once the rules took some of
    /// its files: no size, and `up_to` when they may take more.
    pub fn large_plan_group_left(
        self,
        folder: PlanFolder<'_>,
        category: Category,
        count: usize,
        up_to: bool,
    ) -> String {
        let PlanFolder {
            name, separator, ..
        } = folder;
        let files = self.counted(count, Noun::File);
        let (category, count) = (category.name(), group_digits(count));
        let (files, count) = match up_to {
            true => (format!("up to {files}"), format!("最多 {count}")),
            false => (files, count),
        };
        match (self, folder.exists) {
            (Lang::En, false) => format!("{name}{separator} ({category}, new folder, {files})"),
            (Lang::En, true) => format!("{name}{separator} ({category}, existing folder, {files})"),
            (Lang::Zh, false) => format!("{name}{separator}（新建文件夹，{count} 个文件）"),
            (Lang::Zh, true) => format!("{name}{separator}（已有文件夹，{count} 个文件）"),
        }
    }

    /// A report line: a rule's move ran and moved `moved` of `total`.
    pub fn rule_moved(self, folder: RuleFolder<'_>, moved: usize, total: usize) -> String {
        let RuleFolder {
            to,
            separator,
            number,
        } = folder;
        let rule = self.rule_label(number);
        let (moved_en, all_en) = (
            self.counted(moved, Noun::File),
            self.counted(total, Noun::File),
        );
        let (all_moved, moved, all) = (moved == total, group_digits(moved), group_digits(total));
        match (self, all_moved) {
            (Lang::En, true) => format!("  ✓ {to}{separator} ({rule}): {moved_en} moved"),
            (Lang::En, false) => {
                format!("  ✗ {to}{separator} ({rule}): {moved} of {all_en} moved; not moved:")
            }
            (Lang::Zh, true) => {
                format!("  ✓ {to}{separator}（{rule}）：已移动 {moved} 个文件")
            }
            (Lang::Zh, false) => {
                format!("  ✗ {to}{separator}（{rule}）：已移动 {moved}/{all} 个文件；未移动：")
            }
        }
    }

    /// A report line: a rule's move did not run, and why.
    pub fn rule_refused(self, folder: RuleFolder<'_>, cause: &str) -> String {
        let RuleFolder {
            to,
            separator,
            number,
        } = folder;
        let rule = self.rule_label(number);
        self.pick(
            format!("  ✗ {to}{separator} ({rule}): {cause}"),
            format!("  ✗ {to}{separator}（{rule}）：{cause}"),
        )
    }

    /// A bulk move's `rules` argument is not a rules file (the cause).
    pub fn rules_argument_bad(self, cause: &str) -> String {
        self.pick(
            format!("the 'rules' argument is not valid rules: {cause}"),
            format!("参数 'rules' 不是有效的规则：{cause}"),
        )
    }

    /// A bulk move was given a rule that looks at contents in a session
    /// that may not read them.
    pub fn rule_needs_contents(self) -> String {
        self.pick(
            "the rule looks at what files hold, and reading contents is not allowed in this session".to_owned(),
            "该规则要查看文件内容，而本次会话不允许读取文件内容".to_owned(),
        )
    }
}
