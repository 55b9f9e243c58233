//! Matching files to rules, and excludes.

use pretty_assertions::assert_eq;
use tidyup_core::Rules;

use super::{example, file, to};

// --- matching -----------------------------------------------------------------

#[test]
fn first_rule_wins() {
    let rules = example();
    let mut bill = file("report.jpg");
    bill.text = Some("Your ELECTRICITY BILL for March");
    assert_eq!(rules.destination(&bill), to(0, "Bills/2024"));
    assert_eq!(
        rules.destination(&file("report.jpg")),
        to(1, "Photos/2024-03")
    );
    assert_eq!(rules.destination(&file("report.pdf")), to(2, "Reports"));
    assert_eq!(rules.destination(&file("notes.pdf")), None);
}

#[test]
fn all_conditions_must_hold() {
    let rules = Rules::parse(
        "[[rule]]\nname = \"scan*\"\nextensions = [\"pdf\"]\ncontent = \"total\"\nto = \"Scans\"\n",
    )
    .unwrap();
    let mut facts = file("scan1.pdf");
    facts.text = Some("total: 3");
    assert_eq!(rules.destination(&facts), to(0, "Scans"));
    for (name, text) in [
        ("scan1.txt", "total: 3"),
        ("other.pdf", "total: 3"),
        ("scan1.pdf", "nothing"),
    ] {
        facts.name = name;
        facts.text = Some(text);
        assert_eq!(rules.destination(&facts), None, "{name} {text}");
    }
}

#[test]
fn name_and_extension_ignore_case() {
    let rules = example();
    assert_eq!(rules.destination(&file("IMG_1.JPG")).unwrap().rule, 1);
    assert_eq!(rules.destination(&file("a.Heic")).unwrap().rule, 1);
    assert_eq!(rules.destination(&file("Report-Q1.PDF")).unwrap().rule, 2);
    assert_eq!(rules.destination(&file("REPORT")).unwrap().rule, 2);
}

#[test]
fn extensions_written_loosely() {
    let rules =
        Rules::parse("[[rule]]\nextensions = [\".PDF\", \"tar.gz\"]\nto = \"A\"\n").unwrap();
    assert!(rules.destination(&file("x.pdf")).is_some());
    assert!(rules.destination(&file("x.TAR.GZ")).is_some());
    assert!(rules.destination(&file("x.gz")).is_none());
    assert!(rules.destination(&file(".pdf")).is_none());
    assert!(rules.destination(&file("pdf")).is_none());
}

#[test]
fn name_is_the_last_component() {
    let rules = example();
    assert_eq!(rules.destination(&file("sub/report.txt")).unwrap().rule, 2);
    assert_eq!(rules.destination(&file("report\\x.txt")), None);
}

#[test]
fn content_rule_needs_read_text() {
    let rules = example();
    let mut facts = file("bill.pdf");
    assert_eq!(rules.destination(&facts), None);
    facts.text = Some("electricity bill");
    assert_eq!(rules.destination(&facts), to(0, "Bills/2024"));
    facts.text = Some("water bill");
    assert_eq!(rules.destination(&facts), None);
}

#[test]
fn placeholders_are_filled() {
    let rules = Rules::parse("[[rule]]\nto = \"By/{category}/{ext}/{year}/{month}\"\n").unwrap();
    let mut facts = file("Photo.JPEG");
    facts.category = "Images";
    facts.date = Some((2023, 7));
    assert_eq!(rules.destination(&facts), to(0, "By/Images/jpeg/2023/07"));
    facts.date = Some((987, 12));
    assert_eq!(
        rules.destination(&facts).unwrap().folder,
        "By/Images/jpeg/0987/12"
    );
}

#[test]
fn unfillable_placeholders_fall_through() {
    let rules = Rules::parse(
        "[[rule]]\nto = \"Dated/{year}\"\n[[rule]]\nto = \"Ext/{ext}\"\n[[rule]]\nto = \"Rest\"\n",
    )
    .unwrap();
    let mut facts = file("README");
    assert_eq!(rules.destination(&facts), to(0, "Dated/2024"));
    facts.date = None;
    assert_eq!(rules.destination(&facts), to(2, "Rest"));
    facts.date = Some((2024, 13));
    assert_eq!(rules.destination(&facts), to(2, "Rest"));
    facts.name = "readme.md";
    assert_eq!(rules.destination(&facts), to(1, "Ext/md"));
    facts.name = ".bashrc";
    assert_eq!(rules.destination(&facts), to(2, "Rest"));
}

#[test]
fn rule_without_conditions_takes_everything() {
    let rules = Rules::parse("[[rule]]\nto = \"./Misc/\"\n").unwrap();
    assert!(!rules.needs_content());
    assert_eq!(rules.destination(&file("anything")), to(0, "Misc"));
}

#[test]
fn to_is_normalized() {
    let rules = Rules::parse("[[rule]]\nto = 'Bills \\ {year} //'\n").unwrap();
    assert_eq!(rules.destination(&file("a")), to(0, "Bills/2024"));
}

#[test]
fn category_must_be_a_plain_name() {
    let rules = Rules::parse("[[rule]]\nto = \"{category}\"\n").unwrap();
    for category in ["", ".", "..", "a/b", "a\\b"] {
        let mut facts = file("a.txt");
        facts.category = category;
        assert_eq!(rules.destination(&facts), None, "{category}");
    }
}

// --- excludes -----------------------------------------------------------------

#[test]
fn excludes_files_and_folders() {
    let rules = example();
    assert!(rules.is_excluded("important.txt", false));
    assert!(rules.is_excluded("IMPORTANT.TXT", false));
    assert!(!rules.is_excluded("sub/important.txt", false));
    assert!(!rules.is_excluded("important.txt.bak", false));
    assert!(rules.is_excluded("Keep", true));
    assert!(!rules.is_excluded("Keep", false));
    assert!(!rules.is_excluded("Keeper", true));
    assert!(!rules.is_excluded("", true));
}

#[test]
fn excludes_cover_everything_below() {
    for pattern in ["Keep/**", "Keep", "/Keep", "./Keep/**", "Keep/*"] {
        let rules = Rules::parse(&format!("exclude = [\"{pattern}\"]")).unwrap();
        assert!(rules.is_excluded("Keep/a/b.txt", false), "{pattern}");
        assert!(rules.is_excluded("Keep/a", true), "{pattern}");
        assert!(rules.is_excluded("Keep", true), "{pattern}");
        assert!(!rules.is_excluded("Other/Keep.txt", false), "{pattern}");
    }
}

#[test]
fn excludes_read_backslash_paths() {
    let rules = example();
    assert!(rules.is_excluded("Keep\\a\\b.txt", false));
    assert!(rules.is_excluded("./Keep/a.txt", false));
    assert!(rules.is_excluded("/Keep//a.txt", false));
    let rules = Rules::parse("exclude = ['Docs\\Keep\\**']").unwrap();
    assert!(rules.is_excluded("Docs\\Keep\\x", false));
    assert!(!rules.is_excluded("Docs\\x", false));
}

#[test]
fn exclude_stars_stay_in_one_component() {
    let rules = Rules::parse("exclude = [\"*.txt\", \"**/*.key\"]").unwrap();
    assert!(rules.is_excluded("a.txt", false));
    assert!(!rules.is_excluded("sub/a.txt", false));
    assert!(rules.is_excluded("a.key", false));
    assert!(rules.is_excluded("x/y/a.key", false));
}

/// macOS and many archives store `é` decomposed (`e` + U+0301); a rules file
/// typed on any keyboard holds it composed. Both spell one name.
#[test]
fn excludes_and_rules_match_names_however_their_accents_are_stored() {
    let composed = Rules::parse(
        "exclude = [\"Résumé.pdf\", \"Café/**\"]\n[[rule]]\nname = \"Élan*\"\nto = \"Élan\"",
    )
    .unwrap();
    let decomposed_resume = "Re\u{301}sume\u{301}.pdf";
    assert!(composed.is_excluded(decomposed_resume, false));
    assert!(composed.is_excluded("Cafe\u{301}/menu.txt", false));
    assert!(composed.is_excluded("Cafe\u{301}", true));
    assert!(composed.is_excluded("RE\u{301}SUME\u{301}.PDF", false));
    assert_eq!(
        composed.destination(&file("E\u{301}lan notes.txt")),
        to(0, "Élan")
    );

    let decomposed = Rules::parse("exclude = [\"Re\u{301}sume\u{301}.pdf\"]").unwrap();
    assert!(decomposed.is_excluded("Résumé.pdf", false));
    assert!(!decomposed.is_excluded("Resume.pdf", false));
}
