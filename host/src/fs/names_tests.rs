use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use super::*;

fn gbk(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(text);
    assert!(!unmappable);
    bytes.into_owned()
}

fn os(bytes: &[u8]) -> OsString {
    OsString::from_vec(bytes.to_vec())
}

#[test]
fn a_gbk_name_is_shown_decoded_and_maps_back_to_its_bytes() {
    let bytes = gbk("会议纪要.docx");
    assert!(std::str::from_utf8(&bytes).is_err());
    assert_eq!(shown(&os(&bytes)), "会议纪要.docx");
    assert_eq!(candidates("会议纪要.docx"), vec![os(&bytes)]);
}

#[test]
fn utf8_names_are_shown_as_they_are() {
    for name in ["会议纪要.docx", "plain.txt", "a%FF.txt", "\u{1b}[2J"] {
        assert_eq!(shown(OsStr::new(name)), name);
    }
    assert!(candidates("plain.txt").is_empty());
}

#[test]
fn bytes_that_are_not_gb18030_are_escaped_reversibly() {
    // Latin-1 `café.txt`: 0xE9 then `.` is no GB18030 sequence.
    let latin = b"caf\xe9.txt";
    assert_eq!(shown(OsStr::from_bytes(latin)), "caf%E9.txt");
    assert_eq!(candidates("caf%E9.txt"), vec![os(latin)]);
    // A `%` or `\` of such a name is escaped too, so every escape maps back
    // and no escaped name holds what the core takes for a separator.
    let marks = b"50%\\b\xff";
    assert_eq!(shown(OsStr::from_bytes(marks)), "50%25%5Cb%FF");
    assert_eq!(candidates("50%25%5Cb%FF"), vec![os(marks)]);
    // A lone byte that GB18030 reads as another character's bytes (0x80 is
    // the euro sign, encoded back as A2 E3) is escaped: it would not map back.
    assert_eq!(shown(OsStr::from_bytes(b"\x80.txt")), "%80.txt");
}

#[test]
fn only_canonical_escapes_map_back() {
    for text in ["%41.txt", "%ff.txt", "a%F", "a%.txt", "100%", "a%20b.pdf"] {
        assert!(candidates(text).is_empty(), "{text}");
    }
}

#[test]
fn a_decoded_name_equal_to_a_utf8_neighbour_is_shown_escaped() {
    let bytes = gbk("报告.pdf");
    let names = [OsString::from("报告.pdf"), os(&bytes), os(&gbk("其他.pdf"))];
    let shown = listed(&names);
    assert_eq!(shown[0], "报告.pdf");
    assert_eq!(shown[1], "%B1%A8%B8%E6.pdf");
    assert_eq!(shown[2], "其他.pdf");
    assert_eq!(shown.iter().collect::<HashSet<_>>().len(), 3);
}

/// A folder on paper: the real paths that exist.
fn disk(paths: &[&[u8]]) -> impl Fn(&Path) -> bool + use<> {
    let paths: HashSet<PathBuf> = paths
        .iter()
        .map(|p| PathBuf::from(OsStr::from_bytes(p)))
        .collect();
    move |path: &Path| {
        let path = path.components().collect::<PathBuf>();
        path.as_os_str().is_empty() || paths.contains(&path)
    }
}

#[test]
fn resolve_maps_each_shown_name_back_and_an_exact_name_wins() {
    let folder = gbk("旧文件夹");
    let file = [folder.as_slice(), b"/", gbk("会议纪要.docx").as_slice()].concat();
    let exists = disk(&[&folder, &file, "报告.pdf".as_bytes(), &gbk("报告.pdf")]);
    assert_eq!(
        resolve(Path::new("旧文件夹/会议纪要.docx"), &exists),
        PathBuf::from(os(&file))
    );
    assert_eq!(
        resolve(Path::new("报告.pdf"), &exists),
        PathBuf::from("报告.pdf")
    );
    assert_eq!(
        resolve(Path::new("%B1%A8%B8%E6.pdf"), &exists),
        PathBuf::from(os(&gbk("报告.pdf")))
    );
    // An escaped name reaches its item where it is listed decoded too.
    let alone = disk(&[&gbk("报告.pdf")]);
    assert_eq!(
        resolve(Path::new("%B1%A8%B8%E6.pdf"), &alone),
        PathBuf::from(os(&gbk("报告.pdf")))
    );
    // A name in neither form stays as written, and so does the rest.
    assert_eq!(
        resolve(Path::new("旧文件夹/新的/会议纪要.docx"), &exists),
        PathBuf::from(os(
            &[folder.as_slice(), "/新的/会议纪要.docx".as_bytes()].concat()
        ))
    );
}

#[test]
fn a_move_keeps_the_bytes_of_a_name_and_a_new_name_its_encoding() {
    let own = PathBuf::from(os(&gbk("会议纪要.docx")));
    let nothing = |_: &Path| false;
    let kept = destination(&own, PathBuf::from("文档/会议纪要.docx"), nothing);
    assert_eq!(kept, Path::new("文档").join(os(&gbk("会议纪要.docx"))));
    let renamed = destination(&own, PathBuf::from("文档/新名字.docx"), nothing);
    assert_eq!(renamed, Path::new("文档").join(os(&gbk("新名字.docx"))));
    // An ASCII name has one form; a UTF-8 source keeps UTF-8.
    let plain = destination(&own, PathBuf::from("文档/notes.docx"), nothing);
    assert_eq!(plain, PathBuf::from("文档/notes.docx"));
    let utf8 = destination(
        Path::new("会议.docx"),
        PathBuf::from("文档/会议.docx"),
        nothing,
    );
    assert_eq!(utf8, PathBuf::from("文档/会议.docx"));
    // The trash's `0001-NAME` keeps the bytes too.
    let trashed = destination(&own, PathBuf::from("/t/0001-会议纪要.docx"), nothing);
    assert_eq!(
        trashed.file_name().unwrap().as_bytes(),
        [b"0001-".as_slice(), &gbk("会议纪要.docx")].concat()
    );
    // An escaped name keeps its bytes.
    let latin = PathBuf::from(OsStr::from_bytes(b"caf\xe9.txt"));
    let moved = destination(&latin, PathBuf::from("Docs/caf%E9.txt"), nothing);
    assert_eq!(moved.file_name().unwrap().as_bytes(), b"caf\xe9.txt");
}

#[test]
fn shown_path_shows_each_name() {
    let path = PathBuf::from(os(&[b"/tmp/".as_slice(), &gbk("下载")].concat()));
    assert_eq!(shown_path(&path), "/tmp/下载");
}

#[test]
fn no_two_names_of_a_folder_are_listed_alike_and_each_maps_back() {
    // A literal escape beside the bytes it spells; a GBK name whose decoded
    // form is the escape of UTF-8 text with a Latin-1 byte; both decoded
    // and escaped forms of a GBK name taken by literal names.
    let names = [
        OsString::from("caf%E9.txt"),
        os(b"caf\xe9.txt"),
        os(&[gbk("文").as_slice(), b"%E9"].concat()),
        os(&["文".as_bytes(), b"\xe9"].concat()),
        OsString::from("报告.pdf"),
        OsString::from("%B1%A8%B8%E6.pdf"),
        os(&gbk("报告.pdf")),
    ];
    let shown = listed(&names);
    assert_eq!(shown[1], "caf%E9%00.txt");
    assert_eq!(shown[2], "文%E9");
    assert_eq!(shown[6], "%B1%A8%B8%E6%00.pdf");
    assert_eq!(shown.iter().collect::<HashSet<_>>().len(), names.len());
    for (name, text) in names.iter().zip(&shown) {
        // As `resolve` finds it: the name as written, else the first
        // candidate the folder holds.
        let found = if names.contains(&OsString::from(text)) {
            OsString::from(text)
        } else {
            candidates(text)
                .into_iter()
                .find(|candidate| names.contains(candidate))
                .unwrap()
        };
        assert_eq!(&found, name, "{text}");
    }
}

#[test]
fn exact_paths_are_their_bytes() {
    let path = PathBuf::from(os(b"/t/caf\xe9.txt"));
    assert_eq!(exact_path(&exact(&path)), Some(path.clone()));
    assert_eq!(resolve(Path::new(&exact(&path)), |_| false), path);
    assert_eq!(exact_path("/t/caf%E9.txt"), None);
}
