//! The go-ahead given as a command (a window's button): the offline
//! planner carries its plan out without reading the line's words. A client
//! that hides those words from the planner shows it: typed, the hidden
//! "yes" is not understood and the plan waits; given as a command, the
//! same hidden line carries the plan out. Small and large folders, in
//! English and Chinese.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use serde_json::Value;
use tidyup_core::{
    Agent, CallOutput, Capabilities, HostError, HttpReply, LARGE_FOLDER_ENTRIES, Lang, ModelClient,
    OfflinePlanner, Outcome,
};
use tidyup_test_kit::{MTIME, MemFs, Recorder, TARGET, demo_fs, offline_config};

/// The offline planner, with every user line that says yes hidden from it.
struct Hiding(OfflinePlanner);

impl ModelClient for Hiding {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        let mut body = body.clone();
        for message in body["messages"].as_array_mut().unwrap() {
            if message["role"] == "user"
                && ["yes", "好"].contains(&message["content"].as_str().unwrap_or(""))
            {
                message["content"] = Value::from("…");
            }
        }
        self.0.chat_completion(&body)
    }

    fn tools_answered(&mut self, outputs: Vec<CallOutput>) {
        self.0.tools_answered(outputs);
    }

    fn go_ahead_given(&mut self) {
        self.0.go_ahead_given();
    }

    fn reads_whole_conversation(&self) -> bool {
        self.0.reads_whole_conversation()
    }
}

fn large() -> MemFs {
    let files = (0..LARGE_FOLDER_ENTRIES + 20).map(|i| (format!("IMG_{i:04}.jpg"), 100, MTIME));
    MemFs::new().files_with(files)
}

#[test]
fn a_go_ahead_given_as_a_command_carries_the_plan_out_whatever_its_words() {
    for lang in [Lang::En, Lang::Zh] {
        for (mut fs, moved) in [(demo_fs(), "contacts.csv"), (large(), "IMG_0000.jpg")] {
            let mut agent = Agent::new(offline_config(lang));
            let mut model = Hiding(OfflinePlanner::new(lang, TARGET));
            let mut events = Recorder::default();
            let organize = match lang {
                Lang::En => "organize",
                Lang::Zh => "整理",
            };
            let typed = lang.go_ahead_line();
            {
                let mut caps = Capabilities {
                    model: &mut model,
                    files: &mut fs,
                    events: &mut events,
                };
                assert_eq!(agent.handle_line(organize, &mut caps), Outcome::Answered);
                assert_eq!(agent.handle_line(typed, &mut caps), Outcome::Answered);
            }
            assert!(fs.exists(moved), "{lang:?}: hidden words moved nothing");
            {
                let mut caps = Capabilities {
                    model: &mut model,
                    files: &mut fs,
                    events: &mut events,
                };
                assert_eq!(agent.handle_go_ahead(&mut caps), Outcome::Answered);
            }
            assert!(!fs.exists(moved), "{lang:?}: the command carried it out");
            let last = agent
                .history()
                .iter()
                .rev()
                .find_map(|message| match message {
                    tidyup_core::Message::User { content } => Some(content.clone()),
                    tidyup_core::Message::System { .. }
                    | tidyup_core::Message::Assistant(_)
                    | tidyup_core::Message::Tool { .. } => None,
                });
            assert_eq!(last.as_deref(), Some(typed), "the model reads the go-ahead");
        }
    }
}
