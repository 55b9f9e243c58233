use std::collections::BTreeMap;

use super::*;

fn files(names: &[&str]) -> Groups {
    Groups::form(names.iter().map(|name| (*name, false)))
}

/// How many members of `group` have each role, in role order.
fn roles(group: &Related) -> Vec<(Role, usize)> {
    let mut counts: BTreeMap<Role, usize> = BTreeMap::new();
    for (_, role) in &group.members {
        *counts.entry(*role).or_default() += 1;
    }
    counts.into_iter().collect()
}

fn members(groups: &Groups, main: &str) -> Vec<String> {
    let group = groups.of(main).expect(main);
    assert_eq!(group.main, main);
    group.members.iter().map(|(name, _)| name.clone()).collect()
}

#[test]
fn a_film_keeps_its_subtitles_in_every_language() {
    let groups = files(&[
        "Film 2024.mp4",
        "Film 2024.srt",
        "Film 2024.en.srt",
        "film 2024.zh-Hans.ass",
        "Film 2024.chs.srt",
        "Film 2024.en.forced.srt",
        "Film 2024.sub",
        "Film 2024.idx",
        "Other.srt",
    ]);
    assert_eq!(
        members(&groups, "Film 2024.mp4"),
        [
            "Film 2024.chs.srt",
            "Film 2024.en.forced.srt",
            "Film 2024.en.srt",
            "Film 2024.idx",
            "Film 2024.srt",
            "Film 2024.sub",
            "film 2024.zh-Hans.ass",
        ]
    );
    assert_eq!(groups.of("Film 2024.mp4").unwrap().kind(), Category::Videos);
    assert!(groups.of("Other.srt").is_none(), "no film, no group");
    assert!(groups.is_member("Film 2024.srt"));
    assert!(!groups.is_member("Film 2024.mp4"));
}

#[test]
fn raw_and_jpeg_go_with_the_jpeg_and_their_sidecars() {
    let groups = files(&[
        "IMG_0001.CR2",
        "IMG_0001.JPG",
        "IMG_0001.xmp",
        "IMG_0001.CR2.xmp",
        "IMG_0002.NEF",
        "IMG_0002.xmp",
        "IMG_0003.HEIC",
        "IMG_0003.AAE",
        "clip.MOV",
        "clip.THM",
    ]);
    let first = groups.of("IMG_0001.JPG").unwrap();
    assert_eq!(first.kind(), Category::Images);
    assert_eq!(
        members(&groups, "IMG_0001.JPG"),
        ["IMG_0001.CR2", "IMG_0001.CR2.xmp", "IMG_0001.xmp"]
    );
    assert_eq!(roles(first), [(Role::Sidecar, 2), (Role::Raw, 1)]);
    assert_eq!(members(&groups, "IMG_0002.NEF"), ["IMG_0002.xmp"]);
    assert_eq!(members(&groups, "IMG_0003.HEIC"), ["IMG_0003.AAE"]);
    assert_eq!(members(&groups, "clip.MOV"), ["clip.THM"]);
}

#[test]
fn cue_sheets_and_shapefiles_stay_with_their_data() {
    let groups = files(&[
        "album.cue",
        "album.flac",
        "game.cue",
        "game.bin",
        "roads.shp",
        "roads.shx",
        "roads.dbf",
        "roads.prj",
        "roads.cpg",
        "roads.shp.xml",
        "lonely.dbf",
    ]);
    assert_eq!(members(&groups, "album.flac"), ["album.cue"]);
    assert_eq!(members(&groups, "game.bin"), ["game.cue"]);
    // A disc image's name tells no kind; its cue sheet's does.
    assert_eq!(
        groups.of("game.bin").map(Related::kind),
        Some(Category::Audio)
    );
    assert_eq!(
        groups.of("album.flac").map(Related::kind),
        Some(Category::Audio)
    );
    assert_eq!(
        members(&groups, "roads.shp"),
        [
            "roads.cpg",
            "roads.dbf",
            "roads.prj",
            "roads.shp.xml",
            "roads.shx"
        ]
    );
    assert!(groups.of("lonely.dbf").is_none());
}

#[test]
fn split_archives_are_one_with_the_part_an_archiver_opens() {
    let groups = files(&[
        "x.zip.001",
        "x.zip.002",
        "x.zip.003",
        "big.7z.002",
        "big.7z.001",
        "game.part1.rar",
        "game.part2.rar",
        "game.part10.rar",
        "set.part01.zip",
        "set.part02.zip",
        "old.z01",
        "old.z02",
        "old.zip",
        "legacy.r00",
        "legacy.r01",
        "legacy.rar",
        "raw.001",
        "raw.002",
        "single.zip.001",
        "plain.zip",
    ]);
    assert_eq!(members(&groups, "x.zip.001"), ["x.zip.002", "x.zip.003"]);
    assert_eq!(groups.of("x.zip.001").unwrap().kind(), Category::Archives);
    assert_eq!(members(&groups, "big.7z.001"), ["big.7z.002"]);
    assert_eq!(
        members(&groups, "game.part1.rar"),
        ["game.part10.rar", "game.part2.rar"]
    );
    assert_eq!(
        groups.of("game.part1.rar").unwrap().kind(),
        Category::Archives
    );
    assert_eq!(members(&groups, "set.part01.zip"), ["set.part02.zip"]);
    assert_eq!(members(&groups, "old.zip"), ["old.z01", "old.z02"]);
    assert_eq!(members(&groups, "legacy.rar"), ["legacy.r00", "legacy.r01"]);
    assert_eq!(members(&groups, "raw.001"), ["raw.002"]);
    assert!(groups.of("single.zip.001").is_none());
    assert!(groups.of("plain.zip").is_none());
}

#[test]
fn a_saved_page_keeps_its_folder_whatever_the_browser_named_it() {
    for folder in [
        "Page_files",
        "Page.files",
        "Page-Dateien",
        "Page_archivos",
        "Page_fichiers",
        "Page_file",
        "page_FILES",
    ] {
        let groups = Groups::form([("Page.html", false), (folder, true), ("Other_files", true)]);
        assert_eq!(members(&groups, "Page.html"), [folder], "{folder}");
        assert_eq!(
            roles(groups.of("Page.html").unwrap()),
            [(Role::PageFolder, 1)]
        );
        assert!(groups.of("Other_files").is_none());
    }
    let groups = Groups::form([("网页.htm", false), ("网页_files", true)]);
    assert_eq!(members(&groups, "网页.htm"), ["网页_files"]);
}

#[test]
fn unrelated_files_of_one_stem_stay_apart() {
    let groups = files(&[
        "report.pdf",
        "report.docx",
        "photo.jpg",
        "photo.png",
        ".x.srt",
    ]);
    assert!(groups.all().is_empty(), "{:?}", groups.all());
}

#[test]
fn a_group_renamed_to_fit_keeps_its_members_matching() {
    let taken = |name: &str| ["Film.mp4", "x.zip.002"].contains(&name);
    assert_eq!(
        group_names(&["Film.mp4", "Film.en.srt"], &taken).unwrap(),
        ["Film (2).mp4", "Film (2).en.srt"]
    );
    assert_eq!(
        group_names(&["x.zip.001", "x.zip.002"], &taken).unwrap(),
        ["x.zip (2).001", "x.zip (2).002"]
    );
    assert_eq!(
        group_names(&["game.part1.rar", "game.part2.rar"], &|n| n
            == "game.part1.rar")
        .unwrap(),
        ["game (2).part1.rar", "game (2).part2.rar"]
    );
    assert_eq!(
        group_names(&["Page.html", "Page_files"], &|n| n == "Page_files").unwrap(),
        ["Page (2).html", "Page (2)_files"]
    );
    assert_eq!(
        group_names(&["a.mp4", "a.srt"], &|_| false).unwrap(),
        ["a.mp4", "a.srt"]
    );
}

#[test]
fn projects_are_known_by_their_markers() {
    assert_eq!(project_marker([".git", "src"]), Some(".git"));
    assert_eq!(
        project_marker(["README.md", "Cargo.toml"]),
        Some("Cargo.toml")
    );
    assert_eq!(project_marker(["App.xcodeproj"]), Some("App.xcodeproj"));
    assert_eq!(project_marker(["Tool.sln"]), Some("Tool.sln"));
    assert_eq!(project_marker([".vscode"]), Some(".vscode"));
    assert_eq!(project_marker(["notes.txt", "photo.jpg"]), None);
    assert_eq!(target_project_marker([".vscode", "Makefile"]), None);
    assert_eq!(
        target_project_marker([".vscode", "package.json"]),
        Some("package.json")
    );
}

#[test]
fn the_companion_table_joins_sets_by_name_and_leaves_look_alikes_apart() {
    let groups = files(&[
        "crate.obj",
        "crate.mtl",
        "crate_normal.png",
        "brick_wall_4k_nor_gl.png",
        "x_R1_001.fastq.gz",
        "x_R2_001.fastq.gz",
        "x_R2_001.fastq.gz.md5",
        "ab.md5",
        "abacus.flac",
        "report.pdf",
        "report.docx",
    ]);
    assert_eq!(
        members(&groups, "crate.obj"),
        ["crate.mtl", "crate_normal.png"]
    );
    assert_eq!(
        members(&groups, "x_R1_001.fastq.gz"),
        ["x_R2_001.fastq.gz", "x_R2_001.fastq.gz.md5"],
        "a chain ends at the file the others follow"
    );
    assert!(groups.of("brick_wall_4k_nor_gl.png").is_none(), "no model");
    assert!(groups.of("ab.md5").is_none(), "a prefix too short to tell");
    assert!(groups.of("report.pdf").is_none());
}

#[test]
fn an_application_folder_goes_with_its_one_project_only() {
    let one = Groups::form([
        ("Titles.aep", false),
        ("Adobe After Effects Auto-Save", true),
    ]);
    assert_eq!(
        members(&one, "Titles.aep"),
        ["Adobe After Effects Auto-Save"]
    );
    let two = Groups::form([
        ("Titles.aep", false),
        ("Intro.aep", false),
        ("Adobe After Effects Auto-Save", true),
    ]);
    assert!(two.all().is_empty(), "whose auto-saves they are is unknown");
}
