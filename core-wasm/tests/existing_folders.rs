//! Folders the user already made: a loose file goes into one when the
//! folder's name clearly means it (invoices, taxes of a year, photos of a
//! year by the date taken or in the name, books, a client's name) or when
//! the folder holds files like it; hidden and project folders never take
//! a file. On a small folder (a line per file) and on one too large to
//! list whole, in both languages.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use tidyup_core::Lang;
use tidyup_test_kit::{MTIME, MemFs, converse, in_target};

/// A JPEG whose EXIF data says it was taken on 2023-07-14.
const PHOTO: &[u8] = include_bytes!("fixtures/piexif_stray_next_ifd.jpg");

fn small_home() -> MemFs {
    MemFs::new()
        .file("Invoices/Invoice_2024-01_Initech.pdf", "january")
        .file("Taxes 2023/1098 Mortgage 2023.pdf", "mortgage")
        .dir("Photos 2023")
        .file("Work/Sprint 1 review.docx", "sprint one")
        .file("Clients/Globex/Globex logo.png", "the old logo")
        .dir("Books")
        .file("Papers/package.json", "{}")
        .dir(".bills")
        .file("Invoice_2024-06_Initech.pdf", "june")
        .file("W-2 2023.pdf", "wages 2023")
        .file("W-2 2022.pdf", "wages 2022")
        .file("IMG_20230810_120000.jpg", "summer")
        .file("IMG_20240810_120000.jpg", "next summer")
        .file_bytes("DSC00042.JPG", PHOTO)
        .file("Sprint 2 review.docx", "sprint two")
        .file("recipe.pdf", "soup")
        .file("receipt-march.pdf", "coffee")
        .file("2403.01234v2.pdf", "a paper")
        .file("Globex logo.png", "logo")
        .file("Dune.epub", "spice")
}

#[test]
fn loose_files_go_into_the_folders_the_user_made() {
    let mut fs = small_home();
    let (_, events, _) = converse(Lang::En, &mut fs, &["organize", "yes"]);
    let plan = &events.answers()[0];
    for line in [
        "Invoices/ (into your existing Invoices/, 2 files)",
        "Photos 2023/ (into your existing Photos 2023/, 2 files)",
        "Clients/Globex/ (into your existing Clients/Globex/, 1 file)",
    ] {
        assert!(plan.contains(line), "{line}\n{plan}");
    }
    for place in [
        "Invoices/Invoice_2024-06_Initech.pdf",
        "Taxes 2023/W-2 2023.pdf",
        "Documents/W-2 2022.pdf",
        "Photos 2023/IMG_20230810_120000.jpg",
        "Photos 2023/DSC00042.JPG",
        "Images/IMG_20240810_120000.jpg",
        "Work/Sprint 2 review.docx",
        "Documents/recipe.pdf",
        "Invoices/receipt-march.pdf",
        "Documents/2403.01234v2.pdf",
        "Clients/Globex/Globex logo (2).png",
        "Books/Dune.epub",
        "Papers/package.json",
    ] {
        assert!(fs.exists(&in_target(place)), "{place}\n{plan}");
    }
    assert_eq!(fs.count_in(&in_target("Papers")), 1);
    // A name taken inside a client's folder is never replaced.
    assert_eq!(fs.count_in(&in_target("Clients/Globex")), 2);
    assert_eq!(fs.count_in(&in_target(".bills")), 0);
}

#[test]
fn loose_files_go_into_the_folders_the_user_made_in_chinese() {
    let mut fs = MemFs::new()
        .file("发票/发票_2024-01_美团.pdf", "一月")
        .dir("2023年照片")
        .file("发票_2024-03_滴滴.pdf", "三月")
        .file("dzfp_24312000000012345678_某某公司_20240320.pdf", "电子")
        .file("微信图片_20230605101010.jpg", "夏天")
        .file("微信图片_20240605101010.jpg", "明年夏天")
        .file("会议纪要.docx", "纪要");
    let (_, events, _) = converse(Lang::Zh, &mut fs, &["整理", "好"]);
    let plan = &events.answers()[0];
    assert!(
        plan.contains("发票/（放进你已有的 发票/，2 个文件）"),
        "{plan}"
    );
    assert!(
        plan.contains("2023年照片/（放进你已有的 2023年照片/，1 个文件）"),
        "{plan}"
    );
    for place in [
        "发票/发票_2024-03_滴滴.pdf",
        "发票/dzfp_24312000000012345678_某某公司_20240320.pdf",
        "2023年照片/微信图片_20230605101010.jpg",
        "图片/微信图片_20240605101010.jpg",
        "文档/会议纪要.docx",
    ] {
        assert!(fs.exists(&in_target(place)), "{place}\n{plan}");
    }
}

/// 250 notes, the user's invoices' folder and photos' folder of 2023, 20
/// invoices, 15 photos of 2023 and 10 of 2024; `invoices` names the
/// invoices' folder and files.
fn large_home(invoices: &str, photos: &str) -> MemFs {
    let notes = (0..250).map(|i| (format!("note {i:03}.txt"), 10, MTIME));
    let bills = (0..20).map(|i| (format!("{invoices}_2024-05_Acme_{i:02}.pdf"), 10, MTIME));
    let of_2023 = (1..=15).map(|i| (format!("IMG_202307{i:02}_120000.jpg"), 10, MTIME));
    let of_2024 = (1..=10).map(|i| (format!("IMG_202407{i:02}_120000.jpg"), 10, MTIME));
    MemFs::new()
        .file(
            &format!("{invoices}/{invoices}_2024-01_Acme.pdf"),
            "january",
        )
        .dir(photos)
        .files_with(notes.chain(bills).chain(of_2023).chain(of_2024))
}

#[test]
fn a_large_folder_files_into_the_folders_the_user_made() {
    for (lang, invoices, photos) in [
        (Lang::En, "Invoices", "Photos 2023"),
        (Lang::Zh, "发票", "2023年照片"),
    ] {
        let mut fs = large_home(invoices, photos);
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let answers = events.answers();
        let heading = match lang {
            Lang::En => "Invoices/ (into your existing Invoices/, 20 files)".to_owned(),
            Lang::Zh => "发票/（放进你已有的 发票/，20 个文件）".to_owned(),
        };
        assert!(answers[0].contains(&heading), "{}", answers[0]);
        let report = match lang {
            Lang::En => "✓ Invoices/ (your existing folder): 20 of 20 files moved",
            Lang::Zh => "✓ 发票/（你已有的文件夹）：已移动 20/20 个文件",
        };
        assert!(answers[1].contains(report), "{}", answers[1]);
        let (documents, images) = match lang {
            Lang::En => ("Documents", "Images"),
            Lang::Zh => ("文档", "图片"),
        };
        assert_eq!(fs.count_in(&in_target(invoices)), 21, "{}", answers[0]);
        assert_eq!(fs.count_in(&in_target(photos)), 15, "{}", answers[0]);
        assert_eq!(fs.count_in(&in_target(images)), 10, "{}", answers[0]);
        assert_eq!(fs.count_in(&in_target(documents)), 250, "{}", answers[0]);
    }
}

#[test]
fn a_large_plan_shows_and_skips_a_folder_of_the_users() {
    let mut fs = large_home("Invoices", "Photos 2023");
    let lines = [
        "organize",
        "show",
        "skip Invoices",
        "skip IMG_20230701_120000.jpg",
        "yes",
    ];
    let (_, events, _) = converse(Lang::En, &mut fs, &lines);
    let page = events.pages().join("\n");
    assert!(
        page.contains("Invoices/ (into your existing Invoices/, 20 files)\n  Invoices_2024-05_Acme_00.pdf → Invoices/Invoices_2024-05_Acme_00.pdf"),
        "{page}"
    );
    assert_eq!(fs.count_in(&in_target("Invoices")), 1);
    assert!(fs.exists(&in_target("Invoices_2024-05_Acme_00.pdf")));
    assert!(fs.exists(&in_target("IMG_20230701_120000.jpg")));
    assert_eq!(fs.count_in(&in_target("Photos 2023")), 14);
}

/// A link and a key named like what the user's folders take stay where
/// they are on a large folder: the folders never take what every plan
/// leaves.
#[test]
fn a_large_folder_never_files_a_link_or_a_key_into_the_users_folders() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = large_home("Invoices", "Photos 2023")
            .symlink("Invoices_2024-05_latest.pdf", "Invoices")
            .file(
                "Invoices_2024-05_portal.pem",
                "-----BEGIN PRIVATE KEY-----\n",
            );
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let answers = events.answers();
        assert!(
            fs.exists(&in_target("Invoices_2024-05_latest.pdf")),
            "{}",
            answers[0]
        );
        assert!(
            fs.exists(&in_target("Invoices_2024-05_portal.pem")),
            "{}",
            answers[0]
        );
        assert_eq!(fs.count_in(&in_target("Invoices")), 21, "{}", answers[0]);
    }
}

/// A paper's folder takes papers, not a poster named for its conference;
/// a samples' folder takes sounds, not a music program's project named
/// like a loop.
#[test]
fn papers_take_no_poster_and_samples_take_no_project() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = MemFs::new()
            .file("Papers/2301.00001v1.pdf", "an older paper")
            .file("Samples/Snare 90bpm.wav", "snare")
            .file("2403.01234v2.pdf", "a paper")
            .file("ICML2024_camera_ready.pdf", "a paper of a conference")
            .file("poster_ICML2024_final.pdf", "a poster")
            .file("Kick 808 Deep.wav", "kick")
            .file("Beat 142bpm.flp", "a project");
        let (_, events, _) = converse(lang, &mut fs, &["organize", "yes"]);
        let plan = &events.answers()[0];
        for place in [
            "Papers/2403.01234v2.pdf",
            "Papers/ICML2024_camera_ready.pdf",
            "Samples/Kick 808 Deep.wav",
        ] {
            assert!(fs.exists(&in_target(place)), "{place}\n{plan}");
        }
        for gone in [
            "Papers/poster_ICML2024_final.pdf",
            "Samples/Beat 142bpm.flp",
        ] {
            assert!(!fs.exists(&in_target(gone)), "{gone}\n{plan}");
        }
    }
}
