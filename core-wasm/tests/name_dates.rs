//! Dates in names: plans by date use a photo's date taken first, then the
//! date its name carries (`IMG_20230715_…`, `微信截图_2024…`, `Screenshot
//! 2024-03-12 at …`, `Invoice_2024-03_…`, Zoom's `GMT2024…`), then its
//! modification time, on a small folder and on one too large to list
//! whole, in both languages.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use tidyup_core::Lang;
use tidyup_test_kit::{MTIME, MemFs, converse, in_target};

/// A JPEG whose EXIF data says it was taken on 2023-07-14.
const PHOTO: &[u8] = include_bytes!("fixtures/piexif_stray_next_ifd.jpg");

/// Files whose names carry dates other than their time (March 2024).
fn dated_names() -> MemFs {
    MemFs::new()
        .file_with("IMG_20210715_101500.jpg", "a photo", 7, MTIME)
        .file_with("微信截图_20220206090713.png", "a screenshot", 12, MTIME)
        .file_with("Invoice_2020-03_Hetzner.pdf", "an invoice", 10, MTIME)
        .file_with("GMT20190402-093000_Recording.mp4", "a call", 6, MTIME)
        .file_with("Screen Shot 2018-05-01 at 9.00.00.png", "a shot", 6, MTIME)
        .file_with("notes.txt", "plain notes", 11, MTIME)
        // EXIF says July 2023: the date taken comes before the name's.
        .file_bytes("IMG_20170101_000000.jpg", PHOTO)
}

#[test]
fn by_year_goes_by_the_date_in_the_name_before_the_time() {
    for (lang, line) in [(Lang::En, "sort by year"), (Lang::Zh, "按年份整理")] {
        let mut fs = dated_names();
        let (_, events, _) = converse(lang, &mut fs, &[line, "yes"]);
        let plan = &events.answers()[0];
        let said = match lang {
            Lang::En => "other files by the date in their name, else by modification time",
            Lang::Zh => "其他文件按名字里的日期，没有时按修改时间",
        };
        assert!(plan.contains(said), "{plan}");
        for place in [
            "2021/IMG_20210715_101500.jpg",
            "2022/微信截图_20220206090713.png",
            "2020/Invoice_2020-03_Hetzner.pdf",
            "2019/GMT20190402-093000_Recording.mp4",
            "2018/Screen Shot 2018-05-01 at 9.00.00.png",
            "2024/notes.txt",
            "2023/IMG_20170101_000000.jpg",
        ] {
            assert!(fs.exists(&in_target(place)), "{place}\n{plan}");
        }
    }
}

#[test]
fn by_month_uses_the_month_in_the_name() {
    let mut fs = dated_names();
    converse(Lang::En, &mut fs, &["sort by month", "yes"]);
    assert!(fs.exists(&in_target("2021/07/IMG_20210715_101500.jpg")));
    assert!(fs.exists(&in_target("2020/03/Invoice_2020-03_Hetzner.pdf")));
    assert!(fs.exists(&in_target("2024/03/notes.txt")));
}

#[test]
fn a_large_folder_by_year_goes_by_the_date_in_the_name_too() {
    for (lang, line) in [(Lang::En, "sort by year"), (Lang::Zh, "按年份整理")] {
        let notes = (0..250).map(|i| (format!("note {i:03}.txt"), 10, MTIME));
        let photos = (1..=30).map(|i| (format!("IMG_202107{i:02}_120000.jpg"), 10, MTIME));
        let shots = (1..=20).map(|i| (format!("屏幕截图 2022-05-{i:02} 101530.png"), 10, MTIME));
        let mut fs = MemFs::new().files_with(notes.chain(photos).chain(shots));
        let (_, events, _) = converse(lang, &mut fs, &[line, "yes"]);
        let plan = &events.answers()[0];
        assert_eq!(fs.count_in(&in_target("2024")), 250, "{plan}");
        assert_eq!(fs.count_in(&in_target("2021")), 30, "{plan}");
        assert_eq!(fs.count_in(&in_target("2022")), 20, "{plan}");
    }
}

#[test]
fn dates_written_day_first_by_month_name_or_in_chinese_are_read() {
    let mut fs = MemFs::new()
        .file_with("Rechnung 05.03.2019.pdf", "an invoice", 10, MTIME)
        .file_with("Bank Statement March 2018.pdf", "a statement", 11, MTIME)
        .file_with("Scan Jan 05 2017.pdf", "a scan", 6, MTIME)
        .file_with("会议纪要2016年11月5日.docx", "minutes", 7, MTIME)
        .file_with("notes.txt", "plain notes", 11, MTIME);
    let (_, events, _) = converse(Lang::En, &mut fs, &["sort by month", "yes"]);
    let plan = &events.answers()[0];
    for place in [
        "2019/03/Rechnung 05.03.2019.pdf",
        "2018/03/Bank Statement March 2018.pdf",
        "2017/01/Scan Jan 05 2017.pdf",
        "2016/11/会议纪要2016年11月5日.docx",
        "2024/03/notes.txt",
    ] {
        assert!(fs.exists(&in_target(place)), "{place}\n{plan}");
    }
}
