//! The words of folder names people make, and of the files that belong in
//! them, in English and Chinese: what the offline planner reads to file a
//! loose file into a folder the user already made (`planner/existing`).
//! Compared in lower case; an English word stands whole in a name (between
//! spaces, `_`, `-`, `.` or digits), a Chinese one anywhere.

/// What a folder of the user's is for, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Topic {
    /// Invoices, bills and receipts.
    Invoices,
    /// Tax forms.
    Taxes,
    /// Scientific papers.
    Papers,
    /// E-books.
    Books,
    /// Sound samples and loops.
    Samples,
    /// Photos of one year (the folder's name carries the year).
    Photos,
    /// A client's folders, one per client inside it.
    Clients,
    /// Work: it takes files like those it holds.
    Work,
}

/// Why a loose file goes into one of the person's folders, as the plan
/// says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evidence {
    /// Its name begins with the folder's name.
    NamedAfter,
    /// Its name holds the words of the folder's subject (these).
    Subject(String),
    /// It is named like the files of its kind the folder holds (so many).
    LikeHeld(usize),
    /// It has one of the endings only the folder's files have (these, and
    /// how many files).
    Format(String, usize),
    /// The folder's name says what it is for, and the file is one of those
    /// (an invoice for `Invoices/`).
    Topic,
}

/// Words of folder names too plain to say a subject, in lower case and
/// singular: a file whose name holds one is no more the folder's for it.
pub const GENERIC_FOLDER_WORDS: &[&str] = &[
    "old",
    "new",
    "the",
    "and",
    "for",
    "file",
    "folder",
    "stuff",
    "thing",
    "misc",
    "other",
    "temp",
    "tmp",
    "backup",
    "copy",
    "archive",
    "archived",
    "unsorted",
    "sorted",
    "random",
    "various",
    "keep",
    "saved",
    "save",
    "important",
    "personal",
    "private",
    "shared",
    "share",
    "download",
    "desktop",
    "my",
    "our",
    "your",
    "todo",
    "inbox",
    "done",
    "final",
    "draft",
    "version",
    "untitled",
    "新建文件夹",
    "文件夹",
    "新建",
    "其他",
    "临时",
    "备份",
];

/// Each topic with the words of folder names that mean it.
pub const FOLDER_TOPICS: &[(Topic, &[&str])] = &[
    (
        Topic::Invoices,
        &[
            "invoice", "invoices", "bill", "bills", "receipt", "receipts", "发票", "账单", "收据",
            "票据",
        ],
    ),
    (Topic::Taxes, &["tax", "taxes", "税", "报税", "税务"]),
    (
        Topic::Papers,
        &[
            "paper",
            "papers",
            "articles",
            "literature",
            "publications",
            "论文",
            "文献",
        ],
    ),
    (
        Topic::Books,
        &["books", "ebooks", "e-books", "电子书", "书籍", "图书"],
    ),
    (
        Topic::Samples,
        &["samples", "loops", "sounds", "采样", "音色"],
    ),
    (
        Topic::Photos,
        &[
            "photo", "photos", "pictures", "pics", "images", "照片", "相片", "相册", "图片",
        ],
    ),
    (Topic::Clients, &["clients", "customers", "客户"]),
    (Topic::Work, &["work", "工作"]),
];

/// Words of file names that say a file is an invoice, a bill or a receipt.
pub const INVOICE_WORDS: &[&str] = &[
    "invoice", "invoices", "bill", "receipt", "发票", "账单", "收据", "fapiao", "dzfp",
];

/// Words that say a file or folder is an account's statement, not an
/// invoice, though a bill's word is inside (`对账单` holds `账单`).
pub const NOT_INVOICE_WORDS: &[&str] = &["对账单", "statement", "kontoauszug"];

/// Words of file names that say a file is a tax form.
pub const TAX_WORDS: &[&str] = &[
    "tax", "w-2", "w2", "1099", "1098", "1040", "w-9", "1095", "税", "个税",
];

/// Words of file names that say a file is a paper: publishers' names and
/// conference words (an arXiv number is told by its shape).
pub const PAPER_WORDS: &[&str] = &[
    "1-s2.0",
    "physrev",
    "physrevlett",
    "pnas",
    "nihms",
    "jmlr",
    "paper",
    "proceedings",
    "et al",
    "neurips",
    "icml",
    "iclr",
    "cvpr",
    "acl",
    "emnlp",
    "arxiv",
    "preprint",
];

/// Endings of e-books.
pub const BOOK_ENDINGS: &[&str] = &["epub", "mobi", "azw", "azw3", "fb2", "djvu", "ibooks"];

/// Words of a file made to be shown, not a paper, whatever conference or
/// journal its name carries.
pub const NOT_PAPER_WORDS: &[&str] = &["poster", "slides", "handout", "海报", "幻灯片", "讲义"];

/// The endings of sounds a samples' folder takes (a music program's
/// project or preset named like a loop is no sample).
pub const SAMPLE_ENDINGS: &[&str] = &[
    "wav", "aif", "aiff", "flac", "mp3", "ogg", "m4a", "rex", "rx2",
];

/// Words of file names that say a sound is a sample or a loop.
pub const SAMPLE_WORDS: &[&str] = &[
    "kick", "snare", "hat", "hihat", "hi-hat", "clap", "perc", "rim", "crash", "tom", "cymbal",
    "shaker", "loop", "bpm", "oneshot", "one shot", "808", "909",
];

/// First words of file names too common to say two files belong
/// together (cameras', scanners' and programs' names).
pub const COMMON_FIRST_WORDS: &[&str] = &[
    "img",
    "dsc",
    "dscn",
    "dcim",
    "vid",
    "pxl",
    "mvi",
    "scan",
    "screenshot",
    "screen",
    "photo",
    "image",
    "document",
    "doc",
    "file",
    "untitled",
    "new",
    "copy",
    "final",
    "draft",
    "download",
    "export",
    "mmexport",
    "微信图片",
    "微信截图",
    "屏幕截图",
];
