//! Plain requests to the offline planner: the words it reads in a line
//! ("only the PDFs", "把PDF放到论文文件夹", "音乐别动"), in both languages,
//! and what it says back: the line saying what it understood, and the
//! answer listing what it can do.
//!
//! English words are lower case and match whole words; Chinese ones match
//! anywhere in the line.

use super::Lang;
use crate::file_type::Category;

/// What a word for a kind of file means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum KindWord {
    /// The files of a category.
    Category(Category),
    /// The files with this extension (lower case, without the dot).
    Extension(&'static str),
    /// Screenshots, known by their names ([`SCREENSHOT_NAMES`]).
    Screenshots,
}

use Category::{Archives, Audio, Code, Documents, Images, Installers, ThreeD, Videos};
use KindWord::{Category as Of, Extension, Screenshots};

/// The words for kinds of files; where one word holds another, the longer
/// comes first.
pub const KIND_WORDS: &[(&str, KindWord)] = &[
    ("screenshots", Screenshots),
    ("screenshot", Screenshots),
    ("screen shots", Screenshots),
    ("pdfs", Extension("pdf")),
    ("pdf", Extension("pdf")),
    ("photographs", Of(Images)),
    ("photos", Of(Images)),
    ("photo", Of(Images)),
    ("pictures", Of(Images)),
    ("picture", Of(Images)),
    ("pics", Of(Images)),
    ("images", Of(Images)),
    ("image", Of(Images)),
    ("documents", Of(Documents)),
    ("document", Of(Documents)),
    ("docs", Of(Documents)),
    ("videos", Of(Videos)),
    ("video", Of(Videos)),
    ("movies", Of(Videos)),
    ("movie", Of(Videos)),
    ("films", Of(Videos)),
    ("music", Of(Audio)),
    ("audio", Of(Audio)),
    ("songs", Of(Audio)),
    ("archives", Of(Archives)),
    ("archive", Of(Archives)),
    ("zips", Of(Archives)),
    ("installers", Of(Installers)),
    ("installer", Of(Installers)),
    ("3d models", Of(ThreeD)),
    ("3d model", Of(ThreeD)),
    ("3d files", Of(ThreeD)),
    ("models", Of(ThreeD)),
    ("meshes", Of(ThreeD)),
    ("source code", Of(Code)),
    ("code", Of(Code)),
    ("scripts", Of(Code)),
    ("屏幕截图", Screenshots),
    ("截图", Screenshots),
    ("截屏", Screenshots),
    ("图片", Of(Images)),
    ("照片", Of(Images)),
    ("相片", Of(Images)),
    ("图像", Of(Images)),
    ("文档", Of(Documents)),
    ("视频", Of(Videos)),
    ("影片", Of(Videos)),
    ("电影", Of(Videos)),
    ("音乐", Of(Audio)),
    ("音频", Of(Audio)),
    ("歌曲", Of(Audio)),
    ("压缩包", Of(Archives)),
    ("压缩文件", Of(Archives)),
    ("安装包", Of(Installers)),
    ("安装程序", Of(Installers)),
    ("三维模型", Of(ThreeD)),
    ("3d模型", Of(ThreeD)),
    ("模型", Of(ThreeD)),
    ("源代码", Of(Code)),
    ("代码", Of(Code)),
    ("脚本", Of(Code)),
];

/// What a screenshot's name holds (lower case), as the systems and tools
/// that take them name them.
pub const SCREENSHOT_NAMES: &[&str] = &["screenshot", "screen shot", "截屏", "截图"];

/// Words that ask for one kind alone ("only PDFs", "只整理图片").
pub const ONLY_WORDS: &[&str] = &[
    "only",
    "just",
    "nothing but",
    "solely",
    "只整理",
    "只要",
    "只",
    "仅",
];

/// Words that ask to leave a kind where it is ("don't touch the music",
/// "音乐别动").
pub const LEAVE_WORDS: &[&str] = &[
    "don't touch",
    "dont touch",
    "do not touch",
    "don't move",
    "dont move",
    "do not move",
    "leave",
    "alone",
    "except",
    "apart from",
    "other than",
    "everything but",
    "all but",
    "keep the",
    "ignore",
    "别动",
    "不要动",
    "不动",
    "别碰",
    "不要碰",
    "不用动",
    "别整理",
    "不要整理",
    "不用整理",
    "除了",
    "保持原样",
    "留在原处",
];

/// Words for the other files, those a request names no kind of
/// ("put the PDFs in Papers and the rest by kind", "其他的按类型整理"): with
/// them the other files are organized too, without them they stay (with a
/// word of [`LEAVE_WORDS`] they stay as asked).
pub const REST_WORDS: &[&str] = &[
    "everything else",
    "anything else",
    "all else",
    "the rest",
    "all the rest",
    "other files",
    "the others",
    "remaining files",
    "其他的",
    "其他文件",
    "其它的",
    "其它文件",
    "其余",
    "剩下的",
    "剩余的",
];

/// Words for the byte-identical copies the planner sets aside ("set the
/// duplicates aside", "重复文件别动").
pub const DUPLICATE_WORDS: &[&str] = &[
    "duplicates",
    "duplicate",
    "dupes",
    "copies",
    "重复文件",
    "重复的",
    "副本",
];

/// Words asking to organize the whole folder ("tidy up", "整理"): a
/// request part made of one of them and nothing it names leaves no file
/// out.
pub const GENERAL_WORDS: &[&str] = &[
    "organize", "organise", "tidy", "clean up", "sort", "arrange", "整理", "归类", "分类", "收拾",
    "清理",
];

/// Words that ask to sort by date.
pub const DATE_WORDS: &[&str] = &[
    "by date",
    "by the date",
    "by year",
    "by month",
    "by when",
    "date taken",
    "chronolog",
    "按日期",
    "按时间",
    "按年",
    "按月",
    "按拍摄",
    "按照日期",
    "按照时间",
    "按照年",
    "按照月",
];

/// Words that, with a date, ask for a folder per month within each year.
pub const MONTH_WORDS: &[&str] = &["month", "月"];

/// Words before the folder a kind goes to ("put the PDFs in Papers",
/// "把PDF放到论文文件夹"), the most telling first.
pub const INTO_WORDS: &[&str] = &[
    "called",
    "named",
    "into",
    "in",
    "to",
    "under",
    "移动到",
    "整理到",
    "放到",
    "放进",
    "放入",
    "放在",
    "移到",
    "挪到",
    "归到",
    "存到",
    "移入",
    "归入",
];

/// Words around a folder's name that are not part of it, at its start.
pub const FOLDER_LEADS: &[&str] = &[
    "a new folder called",
    "a new folder named",
    "a folder called",
    "a folder named",
    "the folder called",
    "the folder named",
    "a new folder",
    "a folder",
    "the folder",
    "folder",
    "my",
    "the",
    "a",
    "一个叫做",
    "一个叫",
    "一个名为",
    "名为",
    "叫做",
    "叫",
    "新建的",
    "新建",
    "一个",
];

/// Words around a folder's name that are not part of it, at its end.
pub const FOLDER_TAILS: &[&str] = &[
    "please",
    "folder",
    "directory",
    "文件夹里面",
    "文件夹里",
    "文件夹中",
    "文件夹内",
    "文件夹",
    "目录里",
    "目录",
    "里面",
    "里",
    "中",
];

/// First words of what follows an [`INTO_WORDS`] word that is not a
/// folder ("organize the photos in this folder").
pub const NOT_FOLDERS: &[&str] = &[
    "this",
    "these",
    "that",
    "here",
    "there",
    "it",
    "them",
    "order",
    "place",
    "folders",
    "one",
    "each",
    "their",
    "its",
    "separate",
    "different",
    "own",
];

/// Words that join two requests in one line ("put the PDFs in Papers and
/// leave the music alone"); English ones split only before a verb of
/// [`CLAUSE_VERBS`] or a word of [`REST_WORDS`] ("... and the rest by
/// kind").
pub const JOINING_WORDS: &[&str] = &["and", "but", "then"];

/// Verbs that start a request of their own after a joining word.
pub const CLAUSE_VERBS: &[&str] = &[
    "leave", "don't", "dont", "do", "put", "move", "sort", "keep", "only", "just", "organize",
    "organise", "tidy", "place", "file", "ignore", "not",
];

/// Marks that always separate two requests.
pub const CLAUSE_MARKS: &[&str] = &[
    ",", ";", "，", "；", "。", "然后", "并且", "另外", "但是", "但",
];

impl Lang {
    /// A kind of file as a plan names it ("PDFs", "音乐").
    pub fn kind_label(self, kind: KindWord) -> String {
        let (en, zh) = match kind {
            Extension(ext) => {
                return self.pick(format!("{}s", ext.to_uppercase()), ext.to_uppercase());
            }
            Screenshots => ("screenshots", "截图"),
            Of(Images) => ("pictures", "图片"),
            Of(Documents) => ("documents", "文档"),
            Of(Videos) => ("videos", "视频"),
            Of(Audio) => ("music and audio", "音频"),
            Of(Code) => ("code", "代码"),
            Of(Archives) => ("archives", "压缩包"),
            Of(Installers) => ("installers", "安装包"),
            Of(ThreeD) => ("3D models", "三维模型"),
            Of(Category::Other) => ("other files", "其他文件"),
        };
        self.pick(en.to_owned(), zh.to_owned())
    }

    /// Several kinds, joined ("PDFs and music", "PDF、音乐").
    pub fn kind_labels(self, kinds: &[KindWord]) -> String {
        let labels: Vec<String> = kinds.iter().map(|kind| self.kind_label(*kind)).collect();
        match self {
            Lang::En => labels.join(" and "),
            Lang::Zh => labels.join("、"),
        }
    }

    /// The first line of a plan made for a request: what was understood,
    /// from the `parts` below.
    pub fn understood(self, parts: &[String]) -> String {
        match self {
            Lang::En => format!("I read this as: {}.", parts.join("; ")),
            Lang::Zh => format!("我的理解：{}。", parts.join("；")),
        }
    }

    /// Part of the understood line: `kinds` go to `folder` (shown with
    /// the separator after it).
    pub fn asked_into(self, kinds: &str, folder: &str) -> String {
        self.pick(format!("{kinds} → {folder}"), format!("{kinds} → {folder}"))
    }

    /// Part of the understood line: only `kinds` are organized.
    pub fn asked_only(self, kinds: &str) -> String {
        self.pick(format!("only {kinds}"), format!("只整理{kinds}"))
    }

    /// Part of the understood line: `kinds` stay where they are.
    pub fn asked_leave(self, kinds: &str) -> String {
        self.pick(
            format!("{kinds} left where they are"),
            format!("{kinds}保持不动"),
        )
    }

    /// Part of the understood line: by date, a folder per year (or per
    /// month within it, `months`); pictures by the date taken when
    /// `taken`, other files by the date in their name, else by their
    /// modification time (`dates`).
    pub fn asked_by_date(self, months: bool, taken: bool) -> String {
        let by = match (self, months) {
            (Lang::En, false) => "by year",
            (Lang::En, true) => "by year and month",
            (Lang::Zh, false) => "按年份",
            (Lang::Zh, true) => "按年月",
        };
        let which = match (self, taken) {
            (Lang::En, true) => {
                " (pictures by the date taken, other files by the date in their name, else by modification time)"
            }
            (Lang::En, false) => " (by the date in the name, else by modification time)",
            (Lang::Zh, true) => "（照片按拍摄日期，其他文件按名字里的日期，没有时按修改时间）",
            (Lang::Zh, false) => "（按名字里的日期，没有时按修改时间）",
        };
        format!("{by}{which}")
    }

    /// Last part of the understood line: the other files by kind.
    pub fn asked_rest_by_kind(self) -> String {
        self.pick(
            "everything else by kind".to_owned(),
            "其余按类型".to_owned(),
        )
    }

    /// Last part of the understood line: the request named what moves,
    /// and the other files stay.
    pub fn asked_rest_stays(self) -> String {
        self.pick(
            "everything else stays where it is".to_owned(),
            "其他文件保持不动".to_owned(),
        )
    }

    /// Part of the understood line: the copies are set aside (`set_aside`)
    /// or left as they are.
    pub fn asked_copies(self, set_aside: bool) -> String {
        let folder = self.duplicates_folder();
        match (self, set_aside) {
            (Lang::En, true) => format!("copies of the same bytes set aside in {folder}"),
            (Lang::En, false) => "copies not set aside".to_owned(),
            (Lang::Zh, true) => format!("内容相同的副本移到 {folder}"),
            (Lang::Zh, false) => "副本不单独移出".to_owned(),
        }
    }

    /// Part of the understood line on a large folder: sorting by date is
    /// not done at this size; the files go by kind.
    pub fn asked_date_too_large(self) -> String {
        self.pick(
            "not by date on a folder this large, so by kind".to_owned(),
            "文件夹太大，不按日期，改为按类型".to_owned(),
        )
    }

    /// Why files go to a group: the user asked for it.
    pub fn why_request(self) -> String {
        self.pick("as you asked, ".to_owned(), "按你的要求，".to_owned())
    }

    /// Said to a line the planner cannot read: what it can do, with
    /// examples.
    pub fn planner_help(self) -> String {
        match self {
            Lang::En => "I am tidyup's offline planner (rules, no AI), and I did not understand that. Here is what I can do; I show a plan first and move nothing before you answer \"yes\", and I never delete anything:\n\
                - organize by kind: \"organize\"\n\
                - by date, a folder per year or per month: \"sort my photos by date\", \"organize by year and month\"\n\
                - one kind only: \"just the screenshots\", \"only PDFs\"\n\
                - a folder of your choice for a kind: \"put the PDFs in a folder called Papers\"\n\
                - leave a kind alone: \"don't touch the music\"\n\
                - together: \"put the PDFs in Papers and leave the music alone\"\n\
                - what a request does not name stays where it is, unless you say so: \"put the PDFs in Papers and the rest by kind\"\n\
                Kinds I know: pictures (photos, screenshots), documents, PDFs, videos, music, archives, installers, code, 3D models.",
            Lang::Zh => "我是 tidyup 的离线规划器（基于规则，非 AI），没能理解这句话。我能做这些；我会先给出方案，你回复“好”之前什么都不移动，而且从不删除任何文件：\n\
                - 按类型整理：“整理”\n\
                - 按日期，每年或每月一个文件夹：“把照片按日期整理”、“按年月整理”\n\
                - 只整理一类：“只整理截图”、“只整理PDF”\n\
                - 把一类文件放进你指定的文件夹：“把PDF放到论文文件夹”\n\
                - 某类文件不动：“音乐别动”\n\
                - 组合：“把PDF放到论文文件夹，音乐别动”\n\
                - 没提到的文件保持不动，除非你说明：“把PDF放到论文文件夹，其他的按类型整理”\n\
                我认识的类别：图片（照片、截图）、文档、PDF、视频、音乐、压缩包、安装包、代码、三维模型。",
        }
        .to_owned()
    }
}
