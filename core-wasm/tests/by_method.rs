//! Judgement by method, on folders of kinds the first planner never met:
//! 3D models and scenes have a folder of their own, camera originals are
//! videos, lab data is data (never an archive for being gzipped), and a
//! file's bytes win over a code ending that lies about them; on a small
//! folder (a move per file) and a large one (the bulk tools), in both
//! languages.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use tidyup_core::{Category, Lang, Outcome, folder_name, kind};
use tidyup_test_kit::{MTIME, MemFs, converse};

/// `count` ordinary notes, to make a folder large (over 200 entries).
fn filler(fs: MemFs, count: usize) -> MemFs {
    let notes = (0..count).map(|i| (format!("note {i:03}.txt"), 10, MTIME));
    fs.files_with(notes)
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0";
const ZIP: &[u8] = b"PK\x03\x04\x14\0\0\0\x08\0\0\0\0\0";
const GZIP: &[u8] = b"\x1f\x8b\x08\0\0\0\0\0\0\x03";

/// Files of 3D, video and lab work, and files whose ending lies, each
/// with the category its folder is for.
fn made_by_tools() -> (MemFs, Vec<(&'static str, Category)>) {
    let fs = MemFs::new()
        .file("sword.fbx", "Kaydara FBX Binary  \0")
        .file("benchy.stl", "solid benchy\nendsolid benchy\n")
        .file_bytes("cable_clip.3mf", &[ZIP, b"3D/3dmodel.model"].concat())
        .file_bytes("sneaker.usdz", &[ZIP, b"sneaker.usdc"].concat())
        .file("chair.glb", "glTF\u{2}\0\0\0")
        .file("tavern.blend", "BLENDER-v293")
        .file("rig_test.ma", "//Maya ASCII 2024 scene\n")
        .file(
            "A002C005_250312_R2KB.MXF",
            "\u{6}\u{e}+4\u{2}\u{5}\u{1}\u{1}",
        )
        .file("A001_C003_0312XY_001.R3D", "RED2")
        .file("take 4.braw", "braw")
        .file("SLog3_to_Rec709.cube", "LUT_3D_SIZE 33\n")
        .file("Lower Third.mogrt", "PK\u{3}\u{4}")
        .file_bytes("Ctrl1_S1_L001_R1_001.fastq.gz", &[GZIP, b"@r1"].concat())
        .file_bytes("cohort.vcf.gz", &[GZIP, b"##fileformat=VCF"].concat())
        .file_bytes("tumor_sorted.bam", &[GZIP, b"BAM\x01"].concat())
        .file("H3K27ac_peaks.bed", "chr1\t10\t20\n")
        .file("gencode.v45.annotation.gff3", "##gff-version 3\n")
        .file("pbmc3k.h5ad", "\u{89}HDF\r\n")
        .file("confocal_001.czi", "ZISRAWFILE")
        .file_bytes("uv_checker.py", PNG)
        .file("rubric.js", "%PDF-1.7\n%\u{e2}\u{e3}\n")
        .file_bytes("samples.json", &[ZIP, b"samples/"].concat())
        .file("real_script.py", "print('hello')\n")
        .file("settings.json", r#"{"theme": "dark"}"#);
    let expected = vec![
        ("sword.fbx", Category::ThreeD),
        ("benchy.stl", Category::ThreeD),
        ("cable_clip.3mf", Category::ThreeD),
        ("sneaker.usdz", Category::ThreeD),
        ("chair.glb", Category::ThreeD),
        ("tavern.blend", Category::ThreeD),
        ("rig_test.ma", Category::ThreeD),
        ("A002C005_250312_R2KB.MXF", Category::Videos),
        ("A001_C003_0312XY_001.R3D", Category::Videos),
        ("take 4.braw", Category::Videos),
        ("SLog3_to_Rec709.cube", Category::Videos),
        ("Lower Third.mogrt", Category::Videos),
        ("Ctrl1_S1_L001_R1_001.fastq.gz", Category::Documents),
        ("cohort.vcf.gz", Category::Documents),
        ("tumor_sorted.bam", Category::Documents),
        ("H3K27ac_peaks.bed", Category::Documents),
        ("gencode.v45.annotation.gff3", Category::Documents),
        ("pbmc3k.h5ad", Category::Documents),
        ("confocal_001.czi", Category::Images),
        ("uv_checker.py", Category::Images),
        ("rubric.js", Category::Documents),
        ("samples.json", Category::Archives),
        ("real_script.py", Category::Code),
        ("settings.json", Category::Code),
    ];
    (fs, expected)
}

fn every_kind_has_its_folder(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let (fs, expected) = made_by_tools();
        let mut fs = filler(fs, extra);
        let (outcomes, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        assert_eq!(outcomes, [Outcome::Answered, Outcome::Answered]);
        let plan = &events.answers()[0];
        for (name, category) in &expected {
            let folder = folder_name(category.name(), lang);
            assert!(
                fs.exists(&format!("{folder}/{name}")),
                "{lang:?}, {extra} more: {name} → {folder}/\n{plan}"
            );
        }
    }
}

#[test]
fn three_d_video_and_lab_files_go_to_their_folders_on_a_small_folder() {
    every_kind_has_its_folder(0);
}

#[test]
fn three_d_video_and_lab_files_go_to_their_folders_on_a_large_folder() {
    every_kind_has_its_folder(250);
}

#[test]
fn three_d_models_are_a_category_of_their_own_in_both_languages() {
    assert_eq!(kind("castle.BLEND1"), Category::ThreeD);
    assert_eq!(folder_name("三维模型", Lang::En), "3D");
    assert_eq!(folder_name("三维模型", Lang::Zh), "三维模型");
    // `get_file_type` keeps its table: a model is still 其他 to it.
    assert_eq!(tidyup_core::category("benchy.stl"), "其他");
}

/// Files of one content: tiny ones of different kinds or names (no
/// copies), a tiny one named as a copy, and a larger copy.
fn same_bytes(fs: MemFs) -> MemFs {
    let report = format!("%PDF-1.7\n{}", "quarterly figures ".repeat(8));
    fs.file("settings.json", "{}")
        .file("empty.ipynb", "{}")
        .file("ideas.md", "# TODO\n")
        .file("README.md", "# TODO\n")
        .file("todo.md", "- milk\n")
        .file("todo (1).md", "- milk\n")
        .file("report.pdf", &report)
        .file("report copy.pdf", &report)
}

fn copies_are_of_one_kind_and_more_than_a_few_bytes(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = filler(same_bytes(MemFs::new()), extra);
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        let duplicates = match lang {
            Lang::En => "Duplicates",
            Lang::Zh => "重复文件",
        };
        for copy in ["todo (1).md", "report copy.pdf"] {
            assert!(
                fs.exists(&format!("{duplicates}/{copy}")),
                "{lang:?}, {extra}: {copy} set aside\n{plan}"
            );
        }
        for name in ["settings.json", "empty.ipynb", "ideas.md", "README.md"] {
            assert!(
                !fs.exists(&format!("{duplicates}/{name}")),
                "{lang:?}, {extra}: {name} is no copy\n{plan}"
            );
        }
    }
}

#[test]
fn a_small_folder_sets_aside_only_copies_of_one_kind_and_size() {
    copies_are_of_one_kind_and_more_than_a_few_bytes(0);
}

#[test]
fn a_large_folder_sets_aside_only_copies_of_one_kind_and_size() {
    copies_are_of_one_kind_and_more_than_a_few_bytes(250);
}

#[test]
fn find_duplicates_says_which_files_of_one_content_are_no_copies() {
    let mut fs = same_bytes(MemFs::new());
    let text = tidyup_test_kit::run_tool_value(
        &mut fs,
        Lang::En,
        "find_duplicates",
        serde_json::json!({ "path": "." }),
    );
    assert!(text.contains("report copy.pdf"), "{text}");
    assert!(text.contains("todo (1).md"), "{text}");
    assert!(!text.contains("empty.ipynb"), "{text}");
    assert!(
        text.contains("4 files share their bytes with a file of another kind, or are 64 bytes or smaller without a copy's name, and are not counted as copies."),
        "{text}"
    );
}

/// Keys and credentials the first planner filed among documents and code,
/// beside files whose names only sound secret.
fn secrets(fs: MemFs) -> MemFs {
    let client = r#"{"installed":{"client_id":"1234-abc.apps.googleusercontent.com","project_id":"lab","client_secret":"GOCSPX-x","redirect_uris":["http://localhost"]}}"#;
    let wallet = r#"{"address":"ab","version":3,"crypto":{"cipher":"aes-128-ctr","ciphertext":"00","kdf":"scrypt"}}"#;
    fs.file_bytes(
        "keystore.jks",
        b"\xfe\xed\xfe\xed\0\0\0\x02\0\0\0\x01upload",
    )
    .file(
        "key.properties",
        "storePassword=x\nkeyPassword=y\nkeyAlias=upload\n",
    )
    .file(
        "client_secret_1234-abc.apps.googleusercontent.com.json",
        client,
    )
    .file(
        "hpc-login.pub",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5 postdoc@hpc\n",
    )
    .file("wallet-backup.key", wallet)
    .file(
        "AccessKey.csv",
        "AccessKey ID,AccessKey Secret\nLTAI5t,abc\n",
    )
    .file("keyboard-shortcuts.pdf", "%PDF-1.7\nshortcuts")
    .file("secretary-schedule.xlsx", "PK\u{3}\u{4}schedule")
    .file("密钥管理制度.docx", "PK\u{3}\u{4}policy")
}

const SECRETS: [&str; 6] = [
    "keystore.jks",
    "key.properties",
    "client_secret_1234-abc.apps.googleusercontent.com.json",
    "hpc-login.pub",
    "wallet-backup.key",
    "AccessKey.csv",
];

fn keys_stay_and_look_alikes_move(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = filler(secrets(MemFs::new()), extra);
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        for name in SECRETS {
            assert!(fs.exists(name), "{lang:?}, {extra}: {name} stays\n{plan}");
        }
        let documents = folder_name("文档", lang);
        for name in [
            "keyboard-shortcuts.pdf",
            "secretary-schedule.xlsx",
            "密钥管理制度.docx",
        ] {
            assert!(
                fs.exists(&format!("{documents}/{name}")),
                "{lang:?}, {extra}: {name} is a document\n{plan}"
            );
        }
    }
}

#[test]
fn a_small_folder_leaves_every_key_where_it_is() {
    keys_stay_and_look_alikes_move(0);
}

#[test]
fn a_large_folder_leaves_every_key_where_it_is() {
    keys_stay_and_look_alikes_move(250);
}

/// Where the file `name` is after organizing: `""` when it stayed, else
/// the category folder (in `lang`) it went to.
fn folder_of(fs: &MemFs, lang: Lang, name: &str) -> Option<String> {
    if fs.exists(name) {
        return Some(String::new());
    }
    Category::ALL
        .into_iter()
        .map(|category| folder_name(category.name(), lang).to_owned())
        .find(|folder| fs.exists(&format!("{folder}/{name}")))
}

/// Sets of files useless apart, each by a row of the companion table.
fn companion_sets(fs: MemFs) -> (MemFs, Vec<Vec<&'static str>>) {
    let fs = fs
        .file("crate.obj", "mtllib crate.mtl\no crate\n")
        .file("crate.mtl", "newmtl wood\nmap_Kd crate_diffuse.png\n")
        .file_bytes("crate_diffuse.png", PNG)
        .file_bytes("crate_normal.png", &[PNG, b"n"].concat())
        .file("helmet.gltf", r#"{"asset":{"version":"2.0"}}"#)
        .file("helmet.bin", "buffer")
        .file_bytes("helmet_baseColor.png", &[PNG, b"h"].concat())
        .file("castle.blend", "BLENDER-v293 castle")
        .file("castle.blend1", "BLENDER-v293 castle earlier")
        .file("tumor_sorted.bam", "BAM\u{1} tumor")
        .file("tumor_sorted.bam.bai", "BAI\u{1}")
        .file("Ctrl1_S1_L001_R1_001.fastq.gz", "@r1 reads")
        .file("Ctrl1_S1_L001_R2_001.fastq.gz", "@r2 reads")
        .file(
            "Ctrl1_S1_L001_R1_001.fastq.gz.md5",
            "abc  Ctrl1_S1_L001_R1_001.fastq.gz\n",
        )
        .file(
            "Ctrl1_S1_L001_R2_001.fastq.gz.md5",
            "def  Ctrl1_S1_L001_R2_001.fastq.gz\n",
        )
        .file("C0001.MP4", "\0\0\0\u{18}ftypmp42 clip one")
        .file("C0001M01.XML", "<NonRealTimeMeta/>")
        .file("A001_C003_0312XY_001.R3D", "RED2 clip")
        .file("A001_C003_0312XY.RMD", "<rmd/>")
        .file("dzfp_2503_滴滴出行_20250312.pdf", "%PDF-1.7 fapiao")
        .file("dzfp_2503_滴滴出行_20250312.ofd", "PK\u{3}\u{4}ofd")
        .file("dzfp_2503_滴滴出行_20250312.xml", "<EInvoice/>")
        .file("Miles Davis - Kind of Blue.flac", "fLaC rip")
        .file(
            "Miles Davis - Kind of Blue.cue",
            "FILE \"Miles Davis - Kind of Blue.flac\" WAVE\n",
        )
        .file("Miles Davis - Kind of Blue.log", "Exact Audio Copy V1.6\n")
        .file("Archive backup 2024-12.zip", "PK\u{3}\u{4}backup")
        .file(
            "Archive backup 2024-12.zip.sha256",
            "0a1b  Archive backup 2024-12.zip\n",
        )
        .file(
            "gd77-05-08.md5",
            "1  gd77-05-08d1t01.flac\n2  gd77-05-08d1t02.flac\n",
        )
        .file("gd77-05-08d1t01.flac", "fLaC one")
        .file("gd77-05-08d1t02.flac", "fLaC two");
    let sets = vec![
        vec![
            "crate.obj",
            "crate.mtl",
            "crate_diffuse.png",
            "crate_normal.png",
        ],
        vec!["helmet.gltf", "helmet.bin", "helmet_baseColor.png"],
        vec!["castle.blend", "castle.blend1"],
        vec!["tumor_sorted.bam", "tumor_sorted.bam.bai"],
        vec![
            "Ctrl1_S1_L001_R1_001.fastq.gz",
            "Ctrl1_S1_L001_R2_001.fastq.gz",
            "Ctrl1_S1_L001_R1_001.fastq.gz.md5",
            "Ctrl1_S1_L001_R2_001.fastq.gz.md5",
        ],
        vec!["C0001.MP4", "C0001M01.XML"],
        vec!["A001_C003_0312XY_001.R3D", "A001_C003_0312XY.RMD"],
        vec![
            "dzfp_2503_滴滴出行_20250312.pdf",
            "dzfp_2503_滴滴出行_20250312.ofd",
            "dzfp_2503_滴滴出行_20250312.xml",
        ],
        vec![
            "Miles Davis - Kind of Blue.flac",
            "Miles Davis - Kind of Blue.cue",
            "Miles Davis - Kind of Blue.log",
        ],
        vec![
            "Archive backup 2024-12.zip",
            "Archive backup 2024-12.zip.sha256",
        ],
        vec![
            "gd77-05-08.md5",
            "gd77-05-08d1t01.flac",
            "gd77-05-08d1t02.flac",
        ],
    ];
    (fs, sets)
}

fn companion_sets_move_as_one(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let (fs, sets) = companion_sets(MemFs::new());
        let mut fs = filler(fs, extra);
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        for set in sets {
            let main = folder_of(&fs, lang, set[0]);
            assert!(
                main.as_deref().is_some_and(|folder| !folder.is_empty()),
                "{lang:?}, {extra}: {} moved\n{plan}",
                set[0]
            );
            for member in &set[1..] {
                assert_eq!(
                    folder_of(&fs, lang, member),
                    main,
                    "{lang:?}, {extra}: {member} goes with {}\n{plan}",
                    set[0]
                );
            }
        }
    }
}

#[test]
fn a_small_folder_moves_each_companion_set_as_one() {
    companion_sets_move_as_one(0);
}

#[test]
fn a_large_folder_moves_each_companion_set_as_one() {
    companion_sets_move_as_one(250);
}

#[test]
fn an_open_video_project_stays_with_its_lock_and_folders() {
    for extra in [0, 250] {
        let mut fs = filler(MemFs::new(), extra)
            .file("Client Spot.prproj", "\u{1f}\u{8b} project")
            .file("Client Spot.prlock", "<Lock user=\"alex\"/>")
            .file("Old Spot 2023.prproj", "\u{1f}\u{8b} old project")
            .file("Adobe Premiere Pro Auto-Save/Client Spot--1.prproj", "x")
            .file("Adobe Premiere Pro Video Previews/Client Spot.PRV", "x");
        let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        for name in [
            "Client Spot.prproj",
            "Client Spot.prlock",
            "Adobe Premiere Pro Auto-Save/Client Spot--1.prproj",
            "Adobe Premiere Pro Video Previews/Client Spot.PRV",
        ] {
            assert!(fs.exists(name), "{extra}: {name} stays\n{plan}");
        }
        assert!(fs.exists("Videos/Old Spot 2023.prproj"), "{plan}");
    }
}

#[test]
fn a_scene_takes_its_cache_folder_along() {
    let mut fs = MemFs::new()
        .file("castle.blend", "BLENDER-v293")
        .file("blendcache_castle/cache_000001.bphys", "x")
        .file("notes.txt", "notes");
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let plan = &events.answers()[0];
    assert!(fs.exists("3D/castle.blend"), "{plan}");
    assert!(
        fs.exists("3D/blendcache_castle/cache_000001.bphys"),
        "{plan}"
    );
    assert!(
        plan.contains("castle.blend (+ its folder blendcache_castle)"),
        "{plan}"
    );
}

/// The person's own folders, told by their names and what they hold,
/// beside a hidden folder and a project whose files look alike.
fn own_folders(fs: MemFs) -> MemFs {
    fs.file(
        "Statements 2025/Chase Statement 2025-01.pdf",
        "%PDF-1.7 jan",
    )
    .file(
        "Statements 2025/Chase Statement 2025-02.pdf",
        "%PDF-1.7 feb",
    )
    .file("BIO101/BIO101 syllabus.pdf", "%PDF-1.7 syllabus")
    .file("Cassette transfers/Tape 01 side A.wav", "RIFF a")
    .file("Cassette transfers/Tape 01 side B.wav", "RIFF b")
    .file("Cassette transfers/Tape 02 side A.wav", "RIFF c")
    .file("Plasmid maps/pET-28a(+).dna", "dna")
    .file("Plasmid maps/pUC19.gb", "LOCUS pUC19")
    .file(
        "Essay 2 graded/Essay2 - Brown, E - graded.pdf",
        "%PDF-1.7 e",
    )
    .file(
        "Essay 2 graded/Essay2 - Garcia, M - graded.pdf",
        "%PDF-1.7 m",
    )
    .file(".stversions/Tape 03 side A.wav", "RIFF old")
    .file("site/package.json", "{}")
    .file("site/Chase Statement 2025-09.pdf", "%PDF-1.7 site")
    .file("Chase Statement 2025-03.pdf", "%PDF-1.7 mar")
    .file("Chase Statement 2024-12.pdf", "%PDF-1.7 dec")
    .file("BIO101 quiz 4.pdf", "%PDF-1.7 quiz")
    .file("Tape 07 side B.wav", "RIFF 7b")
    .file("pGEX-4T-1.gb", "LOCUS pGEX")
    .file("Essay2 - Lee, K - graded.pdf", "%PDF-1.7 k")
    .file("Essay1 - Lee, K - graded.pdf", "%PDF-1.7 k1")
}

fn loose_files_join_the_folders_like_them(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = filler(own_folders(MemFs::new()), extra);
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        for (name, folder) in [
            ("Chase Statement 2025-03.pdf", "Statements 2025"),
            ("BIO101 quiz 4.pdf", "BIO101"),
            ("Tape 07 side B.wav", "Cassette transfers"),
            ("pGEX-4T-1.gb", "Plasmid maps"),
            ("Essay2 - Lee, K - graded.pdf", "Essay 2 graded"),
        ] {
            assert!(
                fs.exists(&format!("{folder}/{name}")),
                "{lang:?}, {extra}: {name} → {folder}/\n{plan}"
            );
        }
        let documents = folder_name("文档", lang);
        for name in [
            "Chase Statement 2024-12.pdf",
            "Essay1 - Lee, K - graded.pdf",
        ] {
            assert!(
                fs.exists(&format!("{documents}/{name}")),
                "{lang:?}, {extra}: {name} is no folder's\n{plan}"
            );
        }
        assert_eq!(
            fs.count_in(".stversions"),
            1,
            "a hidden folder takes nothing"
        );
        assert_eq!(fs.count_in("site"), 2, "a project takes nothing");
        let why = match lang {
            Lang::En => "(like the 2 files in Statements 2025/)",
            Lang::Zh => "（与 Statements 2025/ 里的 2 个文件同样命名）",
        };
        assert!(plan.contains(why), "{lang:?}, {extra}: {why}\n{plan}");
    }
}

#[test]
fn a_small_folders_loose_files_join_the_folders_they_are_like() {
    loose_files_join_the_folders_like_them(0);
}

#[test]
fn a_large_folders_loose_files_join_the_folders_they_are_like() {
    loose_files_join_the_folders_like_them(250);
}

#[test]
fn a_set_joins_a_persons_folder_whole_whatever_its_members_are_named() {
    for extra in [0, 250] {
        let mut fs = filler(MemFs::new(), extra)
            .file("Plasmid maps/pET-28a(+).dna", "dna")
            .file("Plasmid maps/pUC19.gb", "LOCUS pUC19")
            .file("pGEX-4T-1.gb", "LOCUS pGEX")
            .file("pGEX-4T-1.gb.md5", "0a1b  pGEX-4T-1.gb\n")
            .file("发票/dzfp_1_顺丰_20250115.pdf", "%PDF-1.7 a")
            .file("发票/dzfp_2_滴滴_20250203.pdf", "%PDF-1.7 b")
            .file("dzfp_3_携程_20250310.pdf", "%PDF-1.7 c")
            .file("dzfp_3_携程_20250310.ofd", "PK\u{3}\u{4}c")
            .file("dzfp_3_携程_20250310.xml", "<EInvoice/>");
        let (_, events, _) = converse(Lang::Zh, &mut fs, &["整理", "好"]);
        let plan = &events.answers()[0];
        for path in [
            "Plasmid maps/pGEX-4T-1.gb",
            "Plasmid maps/pGEX-4T-1.gb.md5",
            "发票/dzfp_3_携程_20250310.pdf",
            "发票/dzfp_3_携程_20250310.ofd",
            "发票/dzfp_3_携程_20250310.xml",
        ] {
            assert!(fs.exists(path), "{extra}: {path}\n{plan}");
        }
    }
}

/// Files that name the files they go with, whatever those are called.
fn namers(fs: MemFs) -> MemFs {
    fs.file("barrel.obj", "mtllib barrel.mtl\no barrel\n")
        .file(
            "barrel.mtl",
            "newmtl oak\nmap_Kd oak_planks.png\nmap_Bump textures/oak_bump.png\n",
        )
        .file_bytes("oak_planks.png", &[PNG, b"oak"].concat())
        .file_bytes("oak_bump.png", &[PNG, b"bump"].concat())
        .file(
            "lantern.gltf",
            r#"{"buffers":[{"uri":"lantern_data.bin"}],"images":[{"uri":"glass.png"}]}"#,
        )
        .file("lantern_data.bin", "buffer")
        .file_bytes("glass.png", &[PNG, b"glass"].concat())
        .file("Playlists/Summer.m3u", "#EXTM3U\n")
        .file("Playlists/Winter.m3u", "#EXTM3U\n")
        .file(
            "Road Trip.m3u",
            "#EXTM3U\nFleetwood Mac - Dreams.mp3\nFree Fallin.flac\n",
        )
        .file("Fleetwood Mac - Dreams.mp3", "ID3 dreams")
        .file("Free Fallin.flac", "fLaC fallin")
}

fn named_files_travel_with_the_file_naming_them(extra: usize) {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = filler(namers(MemFs::new()), extra);
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        let models = folder_name("三维模型", lang);
        for name in [
            "barrel.obj",
            "barrel.mtl",
            "oak_planks.png",
            "oak_bump.png",
            "lantern.gltf",
            "lantern_data.bin",
            "glass.png",
        ] {
            assert!(
                fs.exists(&format!("{models}/{name}")),
                "{lang:?}, {extra}: {name} → {models}/\n{plan}"
            );
        }
        for name in [
            "Road Trip.m3u",
            "Fleetwood Mac - Dreams.mp3",
            "Free Fallin.flac",
        ] {
            assert!(
                fs.exists(&format!("Playlists/{name}")),
                "{lang:?}, {extra}: {name} → Playlists/\n{plan}"
            );
        }
    }
}

#[test]
fn a_small_folder_moves_the_files_a_file_names_with_it() {
    named_files_travel_with_the_file_naming_them(0);
}

#[test]
fn a_large_folder_moves_the_files_a_file_names_with_it() {
    named_files_travel_with_the_file_naming_them(250);
}
