//! Reviewing the offline planner's plan before the go-ahead, natively:
//! `show` pages the whole plan (every file, by destination) without a
//! model call and without changing the plan; `skip NAME` leaves a folder
//! or a file out, and "yes" then carries out only the rest. Small folders
//! (a move per file) and large ones (from the large-folder threshold on:
//! a move per category), in English and Chinese.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use serde_json::Value;
use tidyup_core::{
    Agent, CallOutput, Capabilities, HostError, HttpReply, LARGE_FOLDER_ENTRIES, Lang, ModelClient,
    OfflinePlanner, Outcome, folder_name,
};
use tidyup_test_kit::{MTIME, MemFs, Recorder, TARGET, offline_config};

/// The offline planner, counting the requests it answers.
struct Counted {
    planner: OfflinePlanner,
    requests: usize,
}

impl ModelClient for Counted {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        self.requests += 1;
        self.planner.chat_completion(body)
    }

    fn tools_answered(&mut self, outputs: Vec<CallOutput>) {
        self.planner.tools_answered(outputs);
    }
}

/// An offline session on `fs`.
struct Session<'a> {
    agent: Agent,
    model: Counted,
    fs: &'a mut MemFs,
    events: Recorder,
}

impl<'a> Session<'a> {
    fn new(lang: Lang, fs: &'a mut MemFs) -> Self {
        let agent = Agent::new(offline_config(lang));
        Self {
            agent,
            model: Counted {
                planner: OfflinePlanner::new(lang, TARGET),
                requests: 0,
            },
            fs,
            events: Recorder::default(),
        }
    }

    /// Sends `line`; returns its outcome, the requests it made and the
    /// events it showed.
    fn line(&mut self, line: &str) -> (Outcome, usize, Recorder) {
        self.events.clear();
        let before = self.model.requests;
        let outcome = self.agent.handle_line(
            line,
            &mut Capabilities {
                model: &mut self.model,
                files: &mut *self.fs,
                events: &mut self.events,
            },
        );
        (outcome, self.model.requests - before, self.events.clone())
    }
}

fn only(texts: Vec<String>) -> String {
    assert_eq!(texts.len(), 1, "{texts:#?}");
    texts.into_iter().next().unwrap()
}

/// A small folder: two photos, a document and its copy, an installer, a
/// folder and a hidden file.
fn small_folder() -> MemFs {
    MemFs::new()
        .dir("Projects")
        .file(".DS_Store", "x")
        .file("cat.jpg", "cat")
        .file("dog.png", "dog")
        .file("setup.exe", "setup")
        .file_with("Budget 2025.xlsx", "budget", 6, MTIME)
        .file_with("Budget 2025 (2).xlsx", "budget", 6, MTIME + 60)
}

#[test]
fn show_pages_the_whole_small_plan_without_a_model_call_and_yes_still_works() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = small_folder();
        let mut session = Session::new(lang, &mut fs);
        let (_, _, events) = session.line("organize");
        let plan = only(events.answers());
        assert!(plan.contains(lang.plan_review_hint()), "{plan}");
        let history = session.agent.history().to_vec();

        let show = match lang {
            Lang::En => "show",
            Lang::Zh => "显示",
        };
        let (outcome, requests, events) = session.line(show);
        assert_eq!((outcome, requests), (Outcome::Answered, 0));
        assert_eq!(session.agent.history(), history, "the plan is unchanged");
        let page = only(events.pages());
        assert!(events.answers().is_empty());
        let images = folder_name("图片", lang);
        let duplicates = lang.duplicates_folder();
        for line in [
            format!("  cat.jpg → {images}/cat.jpg"),
            format!("  dog.png → {images}/dog.png"),
            format!("  setup.exe → {}/setup.exe", folder_name("安装包", lang)),
            format!("  Budget 2025 (2).xlsx → {duplicates}/Budget 2025 (2).xlsx"),
            "  .DS_Store".to_owned(),
            "  Projects".to_owned(),
        ] {
            assert!(page.lines().any(|l| l.starts_with(&line)), "{line}\n{page}");
        }
        assert!(page.contains(&lang.page_heading(5)), "{page}");
        assert_eq!(page.matches("Budget 2025 (2).xlsx →").count(), 1, "{page}");

        let (outcome, requests, _) = session.line("yes");
        assert_eq!(outcome, Outcome::Answered);
        assert!(requests > 0);
        assert!(fs.exists(&format!("{images}/cat.jpg")), "{lang:?}");
    }
}

#[test]
fn skip_leaves_a_folder_or_a_file_of_a_small_plan_where_it_is() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = small_folder();
        let mut session = Session::new(lang, &mut fs);
        session.line("organize");
        let installers = folder_name("安装包", lang);
        let skip = match lang {
            Lang::En => "skip",
            Lang::Zh => "跳过",
        };

        let (outcome, requests, events) = session.line(&format!("{skip} {installers}"));
        assert_eq!((outcome, requests), (Outcome::Answered, 0));
        let answer = only(events.answers());
        assert!(
            answer.starts_with(&lang.skipped(&format!("{installers}/"), Some(1))),
            "{answer}"
        );
        assert!(!answer.contains("setup.exe →"), "{answer}");
        assert!(
            answer.contains(lang.plan_question()),
            "shown again: {answer}"
        );

        let (_, _, events) = session.line(&format!("{skip} cat.JPG."));
        let answer = only(events.answers());
        assert!(
            answer.starts_with(&lang.skipped("cat.jpg", None)),
            "{answer}"
        );
        assert!(!answer.contains("cat.jpg →"), "{answer}");

        let (_, requests, events) = session.line(&format!("{skip} nothing.txt"));
        assert_eq!(requests, 0);
        let answer = only(events.answers());
        let images = folder_name("图片", lang);
        assert!(answer.contains("nothing.txt"), "{answer}");
        assert!(
            answer.contains(images),
            "names what can be skipped: {answer}"
        );

        session.line("yes");
        for stays in ["setup.exe", "cat.jpg"] {
            assert!(fs.exists(stays), "{stays} stays ({lang:?})");
        }
        let documents = folder_name("文档", lang);
        assert!(fs.exists(&format!("{documents}/Budget 2025.xlsx")));
        assert!(fs.exists(&format!("{images}/dog.png")));
        assert!(!fs.exists(installers), "no folder for nothing");
    }
}

#[test]
fn skipping_every_file_leaves_no_plan_waiting() {
    let mut fs = MemFs::new().file("cat.jpg", "cat");
    let mut session = Session::new(Lang::En, &mut fs);
    session.line("organize");
    let (_, _, events) = session.line("skip Images");
    assert!(only(events.answers()).contains(Lang::En.plan_emptied()));
    let (_, _, events) = session.line("yes");
    assert_eq!(only(events.answers()), Lang::En.no_plan_pending());
    assert!(fs.exists("cat.jpg"));
}

/// A large folder (past the large-folder threshold): photos, two
/// installers, and a budget with its newer copy.
fn large_folder() -> MemFs {
    let photos = LARGE_FOLDER_ENTRIES + 10;
    (0..photos)
        .fold(MemFs::new().dir("Projects"), |fs, i| {
            fs.file(&format!("IMG_{i:04}.jpg"), &format!("photo {i}"))
        })
        .file(".hidden", "x")
        .file("setup.exe", "setup")
        .file("tool.msi", "tool")
        .file_with("Budget 2025.xlsx", "budget", 6, MTIME)
        .file_with("Budget 2025 (2).xlsx", "budget", 6, MTIME + 60)
}

#[test]
fn a_large_plan_shows_a_copy_set_aside_in_one_place_only() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = large_folder();
        let mut session = Session::new(lang, &mut fs);
        let (_, _, events) = session.line("organize");
        let plan = only(events.answers());
        assert!(plan.contains(lang.duplicates_folder()), "{plan}");
        assert_eq!(
            plan.lines()
                .filter(|l| l.contains("Budget 2025 (2).xlsx"))
                .count(),
            1,
            "set aside, never also sampled under its category:\n{plan}"
        );
        assert!(plan.contains(lang.plan_review_hint()), "{plan}");
        assert!(
            plan.contains("Budget *.xlsx 1") && !plan.contains("Budget *.xlsx 2"),
            "the pattern counts only what moves there:\n{plan}"
        );
    }
}

#[test]
fn show_pages_every_file_of_a_large_plan() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = large_folder();
        let mut session = Session::new(lang, &mut fs);
        session.line("organize");
        let history = session.agent.history().to_vec();
        let (outcome, requests, events) = session.line("show");
        assert_eq!((outcome, requests), (Outcome::Answered, 0));
        assert_eq!(session.agent.history(), history);
        let page = only(events.pages());
        let images = folder_name("图片", lang);
        for i in 0..LARGE_FOLDER_ENTRIES + 10 {
            let line = format!("  IMG_{i:04}.jpg → {images}/IMG_{i:04}.jpg");
            assert!(page.lines().any(|l| l == line), "{line}\n{page}");
        }
        assert_eq!(page.matches("Budget 2025 (2).xlsx →").count(), 1, "{page}");
        assert!(page.contains("  Budget 2025.xlsx → "), "{page}");
        assert!(page.lines().any(|l| l == "  .hidden"), "{page}");
        assert!(page.lines().any(|l| l == "  Projects"), "{page}");
        assert!(page.contains(&lang.page_heading(LARGE_FOLDER_ENTRIES + 10 + 4)));
    }
}

#[test]
fn skips_in_a_large_plan_are_left_by_the_moves_by_type() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = large_folder();
        let mut session = Session::new(lang, &mut fs);
        session.line("organize");
        let skip = match lang {
            Lang::En => "skip",
            Lang::Zh => "跳过",
        };
        let installers = folder_name("安装包", lang);
        let (_, requests, events) = session.line(&format!("{skip} {installers}"));
        assert_eq!(requests, 0);
        let answer = only(events.answers());
        assert!(
            answer.starts_with(&lang.skipped(&format!("{installers}/"), Some(2))),
            "{answer}"
        );
        let (_, _, events) = session.line(&format!("{skip} IMG_0007.jpg"));
        let answer = only(events.answers());
        let count = (LARGE_FOLDER_ENTRIES + 9).to_string();
        assert!(answer.contains(&count), "the count less one: {answer}");
        assert!(answer.contains(&format!("IMG_*.jpg {count}")), "{answer}");
        let (_, _, events) = session.line(&format!("{skip} Budget 2025 (2).xlsx"));
        let answer = only(events.answers());
        assert!(!answer.contains(lang.duplicates_folder()), "{answer}");
        let (_, _, events) = session.line(&format!("{skip} nope.jpg"));
        let answer = only(events.answers());
        assert!(
            answer.contains("nope.jpg") && answer.contains(images(lang)),
            "{answer}"
        );

        let (_, _, events) = session.line("show");
        let page = only(events.pages());
        assert!(!page.contains("IMG_0007.jpg →"), "{page}");
        assert!(page.lines().any(|l| l == "  IMG_0007.jpg"), "{page}");
        assert!(page.lines().any(|l| l == "  setup.exe"), "{page}");

        let (outcome, _, _) = session.line("yes");
        assert_eq!(outcome, Outcome::Answered);
        for stays in [
            "setup.exe",
            "tool.msi",
            "IMG_0007.jpg",
            "Budget 2025 (2).xlsx",
        ] {
            assert!(fs.exists(stays), "{stays} stays ({lang:?})");
        }
        assert!(!fs.exists(lang.duplicates_folder()));
        assert!(fs.exists(&format!("{}/IMG_0008.jpg", images(lang))));
        assert!(fs.exists(&format!("{}/Budget 2025.xlsx", folder_name("文档", lang))));
    }
}

fn images(lang: Lang) -> &'static str {
    folder_name("图片", lang)
}

#[test]
fn with_a_model_show_and_skip_are_lines_for_the_model() {
    use tidyup_test_kit::{ScriptedModel, World, text_reply};
    let model = ScriptedModel::new([
        text_reply("Plan: move cat.jpg to Images. Shall I?"),
        text_reply("cat.jpg → Images/cat.jpg"),
        text_reply("OK, cat.jpg stays."),
    ]);
    let mut world = World::en(MemFs::new().file("cat.jpg", "cat"), model);
    for line in ["organize", "show", "skip cat.jpg"] {
        assert_eq!(world.line(line), Outcome::Answered);
    }
    assert_eq!(world.model.remaining(), 0, "each line went to the model");
    assert!(world.events.pages().is_empty());
    let last = world
        .model
        .messages(2)
        .iter()
        .rev()
        .find(|m| m["role"] == "user");
    assert_eq!(last.unwrap()["content"], "skip cat.jpg");
}

#[test]
fn skipping_the_duplicates_folder_of_a_large_plan_leaves_every_copy() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = large_folder();
        let mut session = Session::new(lang, &mut fs);
        session.line("organize");
        let duplicates = lang.duplicates_folder();
        let (_, _, events) = session.line(&format!("skip {duplicates}"));
        let answer = only(events.answers());
        assert!(
            answer.starts_with(&lang.skipped(&format!("{duplicates}/"), Some(1))),
            "{answer}"
        );
        session.line("yes");
        assert!(fs.exists("Budget 2025 (2).xlsx"), "{lang:?}");
        assert!(!fs.exists(duplicates));
        let documents = folder_name("文档", lang);
        assert!(fs.exists(&format!("{documents}/Budget 2025.xlsx")));
        assert!(!fs.exists(&format!("{documents}/Budget 2025 (2).xlsx")));
    }
}

#[test]
fn move_by_type_leaves_the_names_its_caller_names_and_no_model_can() {
    use serde_json::json;
    use tidyup_core::{BulkOptions, ToolContext, ToolSet, run_tool};
    use tidyup_test_kit::{TARGET, run_tool_value};
    let folder = || {
        MemFs::new()
            .file("a.jpg", "a")
            .file("b.jpg", "b")
            .file("c.png", "c")
    };
    let arguments = json!({ "path": ".", "category": "图片", "destination": "Images" });
    // Through the core's API (the planner's rehearsal): b.jpg stays.
    let mut fs = folder();
    let mut ctx = ToolContext::new(&mut fs, TARGET, Lang::En).with_tools(ToolSet::WITH_BULK);
    ctx.options = BulkOptions {
        except: vec!["b.jpg".to_owned()],
        rules: None,
    };
    let output = run_tool("move_by_type", &arguments, &mut ctx);
    assert!(!output.is_error, "{}", output.text);
    assert!(fs.exists("b.jpg") && fs.exists("Images/a.jpg") && fs.exists("Images/c.png"));
    // A model (or an MCP client) has only the declared arguments: an
    // `except` it adds is no argument of the tool, and changes nothing.
    let mut fs = folder();
    let mut sent = arguments.clone();
    sent["except"] = json!(["b.jpg"]);
    let result = run_tool_value(&mut fs, Lang::En, "move_by_type", sent);
    assert!(result.contains("3 of 3"), "{result}");
    assert!(fs.exists("Images/b.jpg"));
}

#[test]
fn show_or_skip_with_no_plan_waiting_says_so() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = MemFs::new().file("cat.jpg", "cat");
        let mut session = Session::new(lang, &mut fs);
        for line in ["show", "skip cat.jpg", "跳过 cat.jpg"] {
            let (_, _, events) = session.line(line);
            assert_eq!(only(events.answers()), lang.no_plan_pending(), "{line}");
        }
        session.line("organize");
        session.line("no");
        let (_, _, events) = session.line("show");
        assert_eq!(only(events.answers()), lang.no_plan_pending());
        assert!(events.pages().is_empty());
    }
}

#[test]
fn a_line_not_understood_keeps_the_plan_waiting_and_says_what_is_possible() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = small_folder();
        let mut session = Session::new(lang, &mut fs);
        session.line("organize");
        for unknown in ["clear", "what?", "嗯"] {
            let (outcome, _, events) = session.line(unknown);
            assert_eq!(outcome, Outcome::Answered);
            let answer = only(events.answers());
            assert_eq!(answer, lang.plan_still_waiting(), "{unknown} ({lang:?})");
        }
        let (_, requests, events) = session.line("show");
        assert_eq!(requests, 0, "the plan is still reviewed by the agent");
        assert_eq!(events.pages().len(), 1);

        let (_, _, events) = session.line("yes");
        let images = folder_name("图片", lang);
        assert!(
            fs.exists(&format!("{images}/cat.jpg")),
            "{lang:?}: {:#?}",
            events.answers()
        );
    }
}

#[test]
fn a_line_not_understood_without_a_plan_gets_the_help() {
    let mut fs = small_folder();
    let mut session = Session::new(Lang::En, &mut fs);
    let (_, _, events) = session.line("what?");
    assert_ne!(only(events.answers()), Lang::En.plan_still_waiting());
    let (_, _, events) = session.line("yes");
    assert_eq!(only(events.answers()), Lang::En.no_plan_pending());
}
