//! The words of the plan table (see [`crate::plan_table`]): what kind a
//! row's item is, and why it goes where it goes.

use super::Lang;
use super::folder_words::Evidence;
use crate::file_type::Category;
use crate::format::group_digits;

impl Lang {
    /// A row's kind: its category's name in this language (`Documents`,
    /// `文档`).
    pub fn plan_kind(self, category: Category) -> &'static str {
        match self {
            Lang::En => category.english(),
            Lang::Zh => category.name(),
        }
    }

    /// A row's kind when the row moves a folder.
    pub fn plan_kind_folder(self) -> &'static str {
        match self {
            Lang::En => "Folder",
            Lang::Zh => "文件夹",
        }
    }

    /// Why a file goes where it goes: rule `number` (1-based) of the rules
    /// file, in its own `words` (`rule 2: *.pdf → Papers`).
    pub fn plan_why_rule(self, number: usize, words: &str) -> String {
        self.pick(
            format!("rule {number}: {words}"),
            format!("规则 {number}：{words}"),
        )
    }

    /// Why a file is set aside: it has the same bytes as `kept`, or as a
    /// file kept in the folder when that one is not known.
    pub fn plan_why_duplicate(self, kept: Option<&str>) -> String {
        match (self, kept) {
            (Lang::En, Some(kept)) => format!("same bytes as {kept}"),
            (Lang::Zh, Some(kept)) => format!("与 {kept} 内容相同"),
            (Lang::En, None) => "same bytes as a file kept here".to_owned(),
            (Lang::Zh, None) => "与保留的文件内容相同".to_owned(),
        }
    }

    /// Why a file goes where it goes: it belongs with `main`, which goes
    /// there too.
    pub fn plan_why_group(self, main: &str) -> String {
        self.pick(format!("with {main}"), format!("与 {main} 一起"))
    }

    /// Why a file goes where it goes: its kind (`kind`, a [`Lang::plan_kind`]
    /// or [`Lang::plan_kind_folder`] word).
    pub fn plan_why_category(self, kind: &str) -> String {
        self.pick(format!("by type: {kind}"), format!("按类型：{kind}"))
    }

    /// Why an item is deleted when it is no copy: the request asked so; it
    /// goes to the trash.
    pub fn plan_why_delete(self) -> String {
        self.pick(
            "deleted as asked (to the trash)".to_owned(),
            "按要求删除（移到回收站）".to_owned(),
        )
    }

    /// Why a file goes into the person's folder `folder`: the evidence
    /// (that the folder is theirs, for its topic alone), as the plan table
    /// says it and, in brackets, a plan's line.
    pub fn plan_why_existing(self, folder: &str, evidence: &Evidence) -> String {
        let count = |n: &usize| group_digits(*n);
        match (self, evidence) {
            (Lang::En, Evidence::NamedAfter) => format!("named after {folder}/"),
            (Lang::Zh, Evidence::NamedAfter) => format!("名字以 {folder} 开头"),
            (Lang::En, Evidence::Subject(words)) => format!("its name says \"{words}\""),
            (Lang::Zh, Evidence::Subject(words)) => format!("名字里有“{words}”"),
            (Lang::En, Evidence::LikeHeld(n)) => {
                format!("like the {} files in {folder}/", count(n))
            }
            (Lang::Zh, Evidence::LikeHeld(n)) => {
                format!("与 {folder}/ 里的 {} 个文件同样命名", count(n))
            }
            (Lang::En, Evidence::Format(endings, n)) => {
                format!("a {endings} file, like the {} in {folder}/", count(n))
            }
            (Lang::Zh, Evidence::Format(endings, n)) => {
                format!("{endings} 文件，与 {folder}/ 里的 {} 个文件同类", count(n))
            }
            (Lang::En, Evidence::Topic) => format!("into your folder {folder}/"),
            (Lang::Zh, Evidence::Topic) => format!("放进你的文件夹 {folder}/"),
        }
    }

    /// Why an item moves when neither a rule, a copy, a group nor its type
    /// explains it: the request asked so.
    pub fn plan_why_request(self) -> String {
        self.pick("as asked".to_owned(), "按你的要求".to_owned())
    }
}
