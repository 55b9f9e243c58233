use super::*;
use crate::file_type::Category::{Audio, Documents, Images, Videos};
use crate::texts::requests::KindWord::{Category as Of, Extension, Screenshots};

const PDF: KindWord = Extension("pdf");

fn into(kind: KindWord, folder: &str) -> Vec<(KindWord, String)> {
    vec![(kind, folder.to_owned())]
}

#[test]
fn reads_a_named_folder_for_a_kind() {
    for line in [
        "put the pdfs in a folder called Papers",
        "Put the PDFs in Papers",
        "move all PDFs into the Papers folder",
        "PDFs to \"Papers\" please.",
        "move the pdf files to a folder called “Papers” please",
        "把PDF放到Papers文件夹",
    ] {
        let request = Request::read(line);
        assert_eq!(request.into, into(PDF, "Papers"), "{line}");
        assert!(
            request.only.is_empty() && request.leave.is_empty(),
            "{line}"
        );
    }
    assert_eq!(Request::read("把PDF放到论文文件夹").into, into(PDF, "论文"));
    assert_eq!(
        Request::read("把照片放进“旅行”文件夹里").into,
        into(Of(Images), "旅行")
    );
    assert_eq!(
        Request::read("move my movies to a folder named Film Night").into,
        into(Of(Videos), "Film Night")
    );
}

#[test]
fn reads_only_one_kind() {
    for (line, kind) in [
        ("just the screenshots", Screenshots),
        ("only PDFs", PDF),
        ("organize only the pictures", Of(Images)),
        ("tidy my photos", Of(Images)),
        ("只整理图片", Of(Images)),
        ("只整理截图", Screenshots),
        ("仅整理视频", Of(Videos)),
    ] {
        let request = Request::read(line);
        assert_eq!(request.only, vec![kind], "{line}");
        assert!(
            request.into.is_empty() && request.by_date.is_none(),
            "{line}"
        );
    }
}

#[test]
fn reads_a_kind_left_alone() {
    for line in [
        "don't touch the music",
        "organize everything except the music",
        "leave my music alone",
        "音乐别动",
        "不要动音乐",
        "除了音乐都整理",
    ] {
        let request = Request::read(line);
        assert_eq!(request.leave, vec![Of(Audio)], "{line}");
        assert!(request.only.is_empty(), "{line}");
    }
}

#[test]
fn reads_dates() {
    let year = Request::read("sort my photos by date");
    assert_eq!(year.by_date, Some(Dates::Year));
    assert_eq!(year.only, vec![Of(Images)]);
    assert_eq!(Request::read("organize by year").only, vec![]);
    assert_eq!(
        Request::read("organize by month").by_date,
        Some(Dates::Month)
    );
    assert_eq!(
        Request::read("sort by year and month").by_date,
        Some(Dates::Month)
    );
    assert_eq!(Request::read("按日期整理").by_date, Some(Dates::Year));
    assert_eq!(Request::read("按年月整理").by_date, Some(Dates::Month));
    let photos = Request::read("把照片按拍摄日期整理");
    assert_eq!(
        (photos.by_date, photos.only),
        (Some(Dates::Year), vec![Of(Images)])
    );
}

#[test]
fn reads_requests_together() {
    let request = Request::read("put the PDFs in Papers and leave the music alone");
    assert_eq!(request.into, into(PDF, "Papers"));
    assert_eq!(request.leave, vec![Of(Audio)]);
    let request = Request::read("把PDF放到论文文件夹，音乐别动");
    assert_eq!(request.into, into(PDF, "论文"));
    assert_eq!(request.leave, vec![Of(Audio)]);
    let request = Request::read("only photos and videos");
    assert_eq!(request.only, vec![Of(Images), Of(Videos)]);
}

#[test]
fn plain_or_unreadable_lines_ask_nothing() {
    for line in [
        "organize",
        "tidy up my downloads",
        "clean up my Documents folder",
        "整理",
        "what's the weather",
        "organize by type",
    ] {
        assert!(
            Request::read(line).is_empty(),
            "{line}: {:?}",
            Request::read(line)
        );
    }
}

#[test]
fn a_request_filters_and_makes_rules() {
    let request = Request::read("put the PDFs in Papers and leave the music alone");
    assert!(request.keeps("a.pdf"));
    assert_eq!(request.stays("b.jpg"), Some(Stays::NotNamed));
    assert_eq!(request.stays("song.mp3"), Some(Stays::Asked));
    let rest = Request::read("put the PDFs in Papers and the rest by kind");
    assert!(rest.keeps("b.jpg") && rest.keeps("a.pdf") && rest.rest);
    assert_eq!(rest.into, into(PDF, "Papers"));
    let music = Request::read("音乐别动");
    assert!(music.keeps("b.jpg") && !music.keeps("song.mp3"));
    let made = request.made_rules(Lang::En);
    assert_eq!(made.len(), 1);
    assert_eq!(
        (made[0].extension.as_deref(), made[0].to.as_str()),
        (Some("pdf"), "Papers")
    );
    let shots = Request::read("just the screenshots");
    assert!(shots.keeps("Screenshot 2024-01-02.png") && !shots.keeps("cat.png"));
    let dates = Request::read("sort my photos by month").made_rules(Lang::Zh);
    assert_eq!(dates[0].to, "图片/{year}/{month}");
    assert_eq!(dates[0].category.as_deref(), Some(Images.name()));
    assert!(
        Request::read("sort by date").made_rules(Lang::En)[0]
            .category
            .is_none()
    );
    assert_eq!(category_of(PDF), Documents);
}

#[test]
fn says_what_it_understood() {
    let request = Request::read("put the PDFs in Papers");
    assert_eq!(
        request.understood(Lang::En, false, '/').unwrap(),
        "I read this as: PDFs → Papers/; everything else stays where it is."
    );
    let request = Request::read("把PDF放到论文文件夹，音乐别动");
    assert_eq!(
        request.understood(Lang::Zh, false, '/').unwrap(),
        "我的理解：PDF → 论文/；音频保持不动；其他文件保持不动。"
    );
    let request = Request::read("sort my photos by date");
    assert_eq!(
        request.understood(Lang::En, true, '/').unwrap(),
        "I read this as: only pictures; by year (pictures by the date taken, other files by the date in their name, else by modification time); everything else stays where it is."
    );
    let request = Request::read("don't touch the music");
    assert_eq!(
        request.understood(Lang::En, true, '\\').unwrap(),
        "I read this as: music and audio left where they are; everything else by kind."
    );
    assert_eq!(
        Request::read("organize").understood(Lang::En, true, '/'),
        None
    );
}

#[test]
fn copies_are_set_aside_by_a_request_for_the_whole_folder_or_when_named() {
    for line in [
        "organize",
        "don't touch the music",
        "sort by year",
        "tidy up and put the pdfs in Papers",
    ] {
        assert!(Request::read(line).sets_copies_aside(), "{line}");
    }
    for line in [
        "only pictures",
        "put the pdfs in Papers",
        "sort my photos by year",
    ] {
        assert!(!Request::read(line).sets_copies_aside(), "{line}");
    }
    let named = Request::read("only pictures, and set the duplicates aside");
    assert!(named.sets_copies_aside() && named.is_limited());
    assert!(!Request::read("organize but leave the duplicates").sets_copies_aside());
}

#[test]
fn dates_asked_beside_a_folder_for_a_kind_go_within_it() {
    let made = Request::read("put the pdfs in Papers, by year").made_rules(Lang::En);
    assert_eq!(made.len(), 1);
    assert_eq!(made[0].to, "Papers/{year}");
    let made = Request::read("put the pdfs in Papers and the rest by year").made_rules(Lang::En);
    assert_eq!(
        made.iter().map(|rule| rule.to.as_str()).collect::<Vec<_>>(),
        ["Papers", "{year}"]
    );
}
