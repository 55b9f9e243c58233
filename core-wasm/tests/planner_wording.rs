//! The offline planner never reads its own words: a plan is carried out
//! whatever its answer says, and what its calls did is counted from how
//! they ended, whatever their results say. Between the agent and the
//! planner sits a filter that rewords what passes.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use serde_json::Value;
use tidyup_core::{
    CallOutput, DEMO_FILES, HostError, HttpReply, Lang, ModelClient, OfflinePlanner, folder_name,
    kind,
};
use tidyup_test_kit::{
    MemFs, Op, TARGET, converse_with, demo_fs, in_target, scans_with_two_copies,
};

/// The offline planner behind a filter: the answers showing a plan
/// reworded on the way out (and the plan taken off them, when asked), the
/// results of the chosen calls reworded on the way in.
struct Reworded {
    planner: OfflinePlanner,
    /// The words replacing every answer that shows a plan.
    answer: Option<&'static str>,
    /// Whether the plan the planner attached to an answer is taken off.
    drop_plan: bool,
    /// `(tool, argument value, new result)`: a call of that tool naming
    /// that value in its arguments is answered, to the planner, with the
    /// new result.
    results: Vec<(&'static str, String, String)>,
}

impl Reworded {
    fn new(lang: Lang) -> Self {
        Self {
            planner: OfflinePlanner::new(lang, TARGET),
            answer: None,
            drop_plan: false,
            results: Vec::new(),
        }
    }

    /// The planner's view of `body`: the chosen results reworded.
    fn reword_results(&self, body: &mut Value) {
        let messages = body["messages"].as_array_mut().unwrap();
        let mut replaced = Vec::new();
        for message in messages.iter() {
            for call in message["tool_calls"].as_array().into_iter().flatten() {
                let name = call["function"]["name"].as_str().unwrap();
                let arguments = call["function"]["arguments"].as_str().unwrap();
                for (tool, value, result) in &self.results {
                    if name == *tool && arguments.contains(&format!("\"{value}\"")) {
                        replaced.push((call["id"].clone(), result.clone()));
                    }
                }
            }
        }
        for message in messages.iter_mut() {
            for (id, result) in &replaced {
                if message["role"] == "tool" && message["tool_call_id"] == *id {
                    message["content"] = Value::from(result.as_str());
                }
            }
        }
    }

    /// The planner's reply, reworded when it shows a plan.
    fn reword_answer(&self, reply: HttpReply) -> HttpReply {
        let mut completion: Value = serde_json::from_str(&reply.body).unwrap();
        let message = &mut completion["choices"][0]["message"];
        if message.get("tidyup_plan").is_some() {
            if let Some(answer) = self.answer {
                message["content"] = Value::from(answer);
            }
            if self.drop_plan {
                message.as_object_mut().unwrap().remove("tidyup_plan");
            }
        }
        HttpReply::new(reply.status, completion.to_string())
    }
}

impl ModelClient for Reworded {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        let mut body = body.clone();
        self.reword_results(&mut body);
        let reply = self.planner.chat_completion(&body)?;
        Ok(self.reword_answer(reply))
    }

    fn tools_answered(&mut self, outputs: Vec<CallOutput>) {
        self.planner.tools_answered(outputs);
    }
}

/// Runs "organize" then "yes" with `model`; the plain answers.
fn organize_and_go(lang: Lang, fs: &mut MemFs, model: &mut Reworded) -> Vec<String> {
    let go = match lang {
        Lang::En => "yes",
        Lang::Zh => "好",
    };
    let (_, events, _) = converse_with(lang, fs, model, &["organize", go]);
    events.answers()
}

/// The loose, visible files of the demo folder.
fn demo_loose_files() -> impl Iterator<Item = &'static str> {
    DEMO_FILES
        .iter()
        .map(|file| file.path)
        .filter(|path| !path.contains('/') && !path.starts_with('.'))
}

#[test]
fn a_plan_whose_words_were_replaced_is_still_carried_out() {
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = demo_fs();
        let mut model = Reworded::new(lang);
        model.answer = Some("A plan, in other words.");
        let answers = organize_and_go(lang, &mut fs, &mut model);
        assert_eq!(answers[0], "A plan, in other words.");
        for file in demo_loose_files() {
            let folder = folder_name(kind(file).name(), lang);
            assert!(
                fs.exists(&in_target(&format!("{folder}/{file}"))),
                "{file} moved"
            );
        }
    }
}

#[test]
fn without_its_plan_data_a_plan_is_not_carried_out() {
    let mut fs = demo_fs();
    let before = fs.snapshot();
    let mut model = Reworded::new(Lang::En);
    model.drop_plan = true;
    let answers = organize_and_go(Lang::En, &mut fs, &mut model);
    assert!(
        answers[0].contains("Reply \"yes\" to go ahead"),
        "{}",
        answers[0]
    );
    assert!(
        answers[1].starts_with("There is no plan waiting"),
        "{}",
        answers[1]
    );
    assert_eq!(fs.snapshot(), before);
}

#[test]
fn results_in_other_words_are_counted_by_how_their_calls_ended() {
    let mut fs = demo_fs();
    let mut model = Reworded::new(Lang::En);
    for file in demo_loose_files() {
        model.results.push((
            "move_file",
            file.to_owned(),
            "done, said otherwise".to_owned(),
        ));
    }
    for category in [
        "文档",
        "图片",
        "视频",
        "音频",
        "代码",
        "压缩包",
        "安装包",
        "其他",
    ] {
        let folder = folder_name(category, Lang::En).to_owned();
        model
            .results
            .push(("create_folder", folder, "there now".to_owned()));
    }
    let answers = organize_and_go(Lang::En, &mut fs, &mut model);
    assert!(
        answers[1].starts_with("Done. Created 8 folders and moved 46 of 46 files:"),
        "{}",
        answers[1]
    );
    assert!(!answers[1].contains('✗'), "{}", answers[1]);
}

#[test]
fn a_failed_move_is_not_counted_even_in_the_words_of_success() {
    let mut fs = demo_fs().fail(&[Op::Rename], &in_target("song.mp3"));
    let mut model = Reworded::new(Lang::En);
    let success = Lang::En.moved("song.mp3", &in_target("Audio/song.mp3"));
    model
        .results
        .push(("move_file", "song.mp3".to_owned(), success.clone()));
    let answers = organize_and_go(Lang::En, &mut fs, &mut model);
    let report = &answers[1];
    assert!(report.contains("moved 45 of 46 files"), "{report}");
    assert!(
        report.contains(&format!("✗ song.mp3: {success}")),
        "{report}"
    );
    assert!(fs.exists(&in_target("song.mp3")));
}

#[test]
fn a_large_folder_plan_in_other_words_is_carried_out_and_counted() {
    let mut fs = scans_with_two_copies();
    let mut model = Reworded::new(Lang::En);
    model.answer = Some("Shall I?");
    for copy in ["scan007 (copy).pdf", "scan100 (copy).pdf"] {
        model
            .results
            .push(("move_file", copy.to_owned(), "ok".to_owned()));
    }
    let answers = organize_and_go(Lang::En, &mut fs, &mut model);
    // The plan shown is the one its rehearsal made exact, in the plan's
    // own words.
    assert!(answers[0].contains("250 files"), "{}", answers[0]);
    assert_eq!(fs.count_in(&in_target("Documents")), 250);
    assert_eq!(fs.count_in(&in_target("Duplicates")), 2);
    assert!(
        answers[1].contains("Duplicates/: 2 of 2 copies set aside"),
        "{}",
        answers[1]
    );
}
