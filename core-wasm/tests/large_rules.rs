//! The rules file at every folder size: the offline planner places every
//! file the same way on a folder it lists whole and on one too large to
//! list (rules first, through the bulk tools, then categories), and its
//! plan names a rule it cannot follow.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::collections::BTreeMap;

use pretty_assertions::assert_eq;
use tidyup_core::{
    Agent, AgentConfig, Capabilities, Lang, OfflinePlanner, Provider, Rules, folder_name,
};
use tidyup_test_kit::{MTIME, MemFs, Recorder, Snap, TARGET};

/// A content rule with a date, an extension rule with a date, a name rule
/// and an extension rule that the name rule comes before, and an exclude.
const RULES: &str = r#"
exclude = ["keep-*"]

[[rule]]
content = "(?i)electricity bill"
to = "Bills/{year}"

[[rule]]
extensions = ["jpg", "heic"]
to = "Photos/{year}"

[[rule]]
name = "report*"
to = "Reports"

[[rule]]
extensions = ["pdf"]
to = "Papers"
"#;

/// Seconds in a (non-leap) year, to spread the files over years.
const YEAR: i64 = 365 * 24 * 3600;

/// `n` files of every kind the rules care about, each with its own bytes
/// (no two are copies) and some a year older than the others.
fn folder(n: usize) -> MemFs {
    let kinds = [
        ("bill{}.txt", "ELECTRICITY BILL no. {}"),
        ("note{}.txt", "just a note {}"),
        ("IMG_{}.jpg", "not really a photo {}"),
        ("report-{}.pdf", "quarterly report {}"),
        ("report-bill-{}.txt", "Electricity bill report {}"),
        ("paper-{}.pdf", "a paper {}"),
        ("song {}.mp3", "la la {}"),
        ("keep-{}.pdf", "left alone {}"),
        ("clip{}.mp4", "a clip {}"),
        ("data{}.zip", "zipped {}"),
    ];
    let per_kind = n / kinds.len();
    let mut fs = MemFs::new();
    for (i, (name, text)) in kinds.iter().enumerate() {
        for k in 0..per_kind {
            let name = name.replace("{}", &format!("{k:03}"));
            let text = text.replace("{}", &format!("{i}-{k}"));
            let mtime = MTIME - YEAR * i64::from(k % 2 == 1);
            fs = fs.file_with(&name, &text, text.len() as u64, mtime);
        }
    }
    fs
}

/// Runs "organize" then "yes" in `lang` on `fs` with the offline planner
/// following `rules`; returns the console.
fn organize(lang: Lang, fs: &mut MemFs, rules: &str, read_contents: bool) -> Recorder {
    let lines = match lang {
        Lang::En => ["organize", "yes"],
        Lang::Zh => ["整理", "好"],
    };
    session(lang, fs, rules, read_contents, &lines)
}

/// Runs `lines` in `lang` on `fs` with the offline planner following
/// `rules`; with `read_contents` the session is the offline provider's
/// (which may read files, locally), else the planner stands in for a
/// remote model in a session not allowed to read contents. Returns the
/// console.
fn session(
    lang: Lang,
    fs: &mut MemFs,
    rules: &str,
    read_contents: bool,
    lines: &[&str],
) -> Recorder {
    let mut planner =
        OfflinePlanner::new(lang, TARGET).with_rules(Some(Rules::parse(rules).unwrap()));
    let mut agent = Agent::new(AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: TARGET.to_owned(),
        model: "m".to_owned(),
        lang,
        provider: match read_contents {
            true => Provider::Offline,
            false => Provider::Remote,
        },
        calls: Default::default(),
        limits: Default::default(),
        read_contents,
        rules: read_contents.then(|| rules.to_owned()),
    });
    let mut events = Recorder::default();
    for line in lines {
        agent.handle_line(
            line,
            &mut Capabilities {
                model: &mut planner,
                files: fs,
                events: &mut events,
            },
        );
    }
    events
}

/// Where each file of the target ended up: its name → its path relative
/// to the target, `/`-separated.
fn placement(fs: &MemFs) -> BTreeMap<String, String> {
    fs.snapshot_under(TARGET)
        .into_iter()
        .filter(|(_, snap)| !matches!(snap, Snap::Dir))
        .map(|(path, _)| {
            let name = path.rsplit('/').next().unwrap().to_owned();
            (name, path)
        })
        .collect()
}

/// Where the rules, then the categories, send the file `name` (its mtime
/// year is 2024, or 2023 when `older`).
fn expected(name: &str, lang: Lang) -> String {
    let index: usize = name
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap();
    let year = if index % 2 == 1 { 2023 } else { 2024 };
    let folder = if name.starts_with("bill") || name.starts_with("report-bill") {
        format!("Bills/{year}")
    } else if name.starts_with("IMG_") {
        format!("Photos/{year}")
    } else if name.starts_with("report-") {
        "Reports".to_owned()
    } else if name.starts_with("paper-") {
        "Papers".to_owned()
    } else if name.starts_with("keep-") {
        return name.to_owned();
    } else {
        let category = tidyup_core::category(name);
        folder_name(category, lang).to_owned()
    };
    format!("{folder}/{name}")
}

#[test]
fn the_rules_place_every_file_alike_on_a_small_and_a_large_folder() {
    for lang in [Lang::En, Lang::Zh] {
        let mut small = folder(30);
        let mut large = folder(300);
        let small_console = organize(lang, &mut small, RULES, true);
        let large_console = organize(lang, &mut large, RULES, true);
        let small = placement(&small);
        let large = placement(&large);
        assert_eq!(small.len(), 30, "{small:#?}");
        assert_eq!(large.len(), 300, "{large:#?}");
        for (name, path) in &large {
            assert_eq!(
                path,
                &expected(name, lang),
                "{lang:?}\n{}",
                large_console.texts().join("\n")
            );
            if let Some(small_path) = small.get(name) {
                assert_eq!(small_path, path, "{}", small_console.texts().join("\n"));
            }
        }
        let tools: Vec<String> = large_console.tools().into_iter().map(|(n, _)| n).collect();
        assert!(
            !tools
                .iter()
                .any(|name| name == "move_file" || name == "read_file"),
            "{tools:?}"
        );
    }
}

#[test]
fn a_large_plan_shows_the_rules_first_then_the_categories_and_counts_them_after() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = folder(300);
        let console = organize(lang, &mut fs, RULES, true);
        let answers = console.answers();
        let plan = answers.first().expect("a plan");
        let rule = |n: usize| match lang {
            Lang::En => format!("rule {n}"),
            Lang::Zh => format!("规则 {n}"),
        };
        let positions: Vec<usize> = (1..=4)
            .map(|n| {
                plan.find(&rule(n))
                    .unwrap_or_else(|| panic!("{}\n{plan}", rule(n)))
            })
            .collect();
        let music = plan.find(folder_name("音频", lang)).expect(plan);
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{plan}");
        assert!(positions[3] < music, "{plan}");
        let report = answers.last().unwrap();
        // Rule 1 takes the 30 bills and the 30 billing reports before rule
        // 3 could; rule 3 the 30 other reports before rule 4 could.
        let lines = match lang {
            Lang::En => [
                "Bills/{year}/ (rule 1): 60 files moved",
                "Photos/{year}/ (rule 2): 30 files moved",
                "Reports/ (rule 3): 30 files moved",
                "Papers/ (rule 4): 30 files moved",
            ],
            Lang::Zh => [
                "Bills/{year}/（规则 1）：已移动 60 个文件",
                "Photos/{year}/（规则 2）：已移动 30 个文件",
                "Reports/（规则 3）：已移动 30 个文件",
                "Papers/（规则 4）：已移动 30 个文件",
            ],
        };
        for line in lines {
            assert!(report.contains(line), "{line}\n{report}");
        }
        let moved = match lang {
            Lang::En => "Moved 270 of 270 files",
            Lang::Zh => "移动了 270/270 个文件",
        };
        assert!(report.contains(moved), "{report}");
    }
}

#[test]
fn a_large_plan_names_a_rule_it_cannot_follow_and_why() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = folder(300);
        // The planner follows rules that need contents, in a session that
        // may not read them.
        let console = organize(lang, &mut fs, RULES, false);
        let plan = console.answers().first().cloned().expect("a plan");
        let why = match lang {
            Lang::En => "Rule 1 cannot be followed here",
            Lang::Zh => "无法执行规则 1",
        };
        assert!(plan.contains(why), "{plan}");
        // The other rules still hold.
        let placed = placement(&fs);
        assert_eq!(placed["IMG_001.jpg"], "Photos/2023/IMG_001.jpg");
        assert_eq!(placed["report-002.pdf"], "Reports/report-002.pdf");
    }
}

#[test]
fn the_whole_large_plan_lists_the_files_of_each_rule_before_those_by_type() {
    let mut fs = folder(300);
    let console = session(Lang::En, &mut fs, RULES, true, &["organize", "show"]);
    let page = console.pages().concat();
    for line in [
        // The plan's rehearsal read which reports are bills (rule 1): the
        // counts are exact, and each file is under the rule that takes it.
        "Reports/ (rule 3, 30 files)",
        "report-000.pdf → Reports/report-000.pdf",
        "paper-000.pdf → Papers/paper-000.pdf",
        "Bills/{year}/ (rule 1, 60 files)",
        "bill001.txt → Bills/2023/bill001.txt",
        "IMG_001.jpg → Photos/2023/IMG_001.jpg",
        "Left alone by the rules file",
        "keep-000.pdf",
    ] {
        assert!(page.contains(line), "{line}\n{page}");
    }
    assert!(!page.contains("report-000.pdf → Documents"), "{page}");
    assert!(!page.contains("keep-000.pdf → "), "{page}");
}

#[test]
fn a_rule_into_a_protected_folder_is_named_and_its_files_go_by_type() {
    let rules = "exclude = [\"Keep/**\"]\n\n[[rule]]\nextensions = [\"pdf\"]\nto = \"Keep/PDFs\"\n";
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = folder(300);
        let console = organize(lang, &mut fs, rules, true);
        let plan = console.answers().first().cloned().expect("a plan");
        let why = match lang {
            Lang::En => "Rule 1 cannot be followed here: its folder is one the rules file protects",
            Lang::Zh => "无法执行规则 1：它的目标文件夹受规则文件保护",
        };
        assert!(plan.contains(why), "{plan}");
        let documents = folder_name("文档", lang);
        assert_eq!(
            placement(&fs)["paper-000.pdf"],
            format!("{documents}/paper-000.pdf")
        );
    }
}

/// A session without leave to read contents cannot learn them through a
/// rule on a bulk move: handed one through the core's API, the move is
/// refused and nothing moves; a model cannot hand one at all (a `rules` it
/// adds is no argument of the tool, so no rule decides anything).
#[test]
fn a_rule_on_contents_in_a_bulk_move_needs_leave_to_read() {
    use tidyup_core::{BulkOptions, RulesSpec, ToolContext, ToolSet, run_tool};
    let folder = || {
        MemFs::new()
            .file("bill.txt", "Electricity bill")
            .file("note.txt", "hi")
    };
    let arguments = serde_json::json!({ "path": ".", "pattern": "*", "destination": "Bills" });
    let rule = serde_json::json!({ "rule": [{ "content": "(?i)electricity", "to": "Bills" }] });
    let rule: RulesSpec = serde_json::from_value(rule).unwrap();
    let mut fs = folder();
    let before = fs.snapshot();
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En).with_tools(ToolSet::WITH_BULK);
    ctx.options = BulkOptions {
        except: Vec::new(),
        rules: Some(rule.clone()),
    };
    let output = run_tool("move_matching", &arguments, &mut ctx);
    assert!(
        output
            .text
            .contains("reading contents is not allowed in this session"),
        "{}",
        output.text
    );
    assert_eq!(fs.snapshot(), before);

    let mut fs = folder();
    let mut sent = arguments.clone();
    sent["rules"] = serde_json::to_value(&rule).unwrap();
    let result = tidyup_test_kit::run_tool_value(&mut fs, Lang::En, "move_matching", sent);
    assert!(result.contains("2 of 2"), "{result}");
    assert!(fs.exists("Bills/note.txt"), "the glob alone decided");
}
