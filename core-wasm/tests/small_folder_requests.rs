//! A session on a small folder sends exactly the requests it always sent:
//! the 52-file demo folder, "organize" then "yes", in both languages, with
//! the model's replies replayed from a recording. The recording holds every
//! request body as tidyup sent it before the bulk tools, the context budget,
//! reading contents and the rules file existed; the only difference allowed
//! is the existing-folders advice at the end of the system message.
//! `TIDYUP_RECORD=1` writes the recording anew (only ever from a build whose
//! requests are known to be right).
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::PathBuf;

use serde_json::{Value, json};
use tidyup_core::{
    Agent, Capabilities, HostError, HttpReply, ModelClient, OfflinePlanner, existing_folders_prompt,
};
use tidyup_test_kit::{Recorder, TARGET, demo_fs};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/demo_session_requests.json")
}

/// Answers from the offline planner or from a recording; keeps every
/// request body and reply.
struct Recording {
    planner: OfflinePlanner,
    replay: Option<Vec<Value>>,
    exchanges: Vec<Value>,
}

impl ModelClient for Recording {
    fn chat_completion(&mut self, body: &Value) -> Result<HttpReply, HostError> {
        let reply = match &self.replay {
            Some(recorded) => recorded[self.exchanges.len()]["reply"].clone(),
            None => self.planner.respond(body),
        };
        self.exchanges
            .push(json!({ "request": body, "reply": reply }));
        Ok(HttpReply::new(200, reply.to_string()))
    }
}

fn session(lang: &str, replay: Option<Vec<Value>>) -> Vec<Value> {
    let mut fs = demo_fs();
    let config = serde_json::from_value(json!({
        "target_dir": TARGET,
        "model": "demo-model",
        "lang": lang,
        "calls": { "stream": false, "max_tries": 1 },
    }))
    .unwrap();
    let mut agent = Agent::new(config);
    let parsed_lang = serde_json::from_value(json!(lang)).unwrap();
    let mut model = Recording {
        planner: OfflinePlanner::new(parsed_lang, TARGET),
        replay,
        exchanges: Vec::new(),
    };
    let mut events = Recorder::default();
    for line in ["organize", "yes"] {
        agent.handle_line(
            line,
            &mut Capabilities {
                model: &mut model,
                files: &mut fs,
                events: &mut events,
            },
        );
    }
    model.exchanges
}

#[test]
fn the_demo_session_sends_the_recorded_requests_byte_for_byte() {
    if std::env::var_os("TIDYUP_RECORD").is_some() {
        let without_advice = |lang: &str| {
            let advice = existing_folders_prompt(serde_json::from_value(json!(lang)).unwrap());
            let mut exchanges = session(lang, None);
            for exchange in &mut exchanges {
                let system = &mut exchange["request"]["messages"][0]["content"];
                let text = system.as_str().unwrap().to_owned();
                *system = json!(text.trim_end_matches(&format!("\n\n{advice}")));
            }
            exchanges
        };
        let recorded = json!({ "en": without_advice("en"), "zh": without_advice("zh") });
        std::fs::write(fixture(), serde_json::to_string(&recorded).unwrap()).unwrap();
        return;
    }
    let recorded: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture()).unwrap()).unwrap();
    for lang in ["en", "zh"] {
        let mut expected = recorded[lang].as_array().unwrap().clone();
        let advice = existing_folders_prompt(serde_json::from_value(json!(lang)).unwrap());
        for exchange in &mut expected {
            let system = &mut exchange["request"]["messages"][0]["content"];
            *system = json!(format!("{}\n\n{advice}", system.as_str().unwrap()));
        }
        let sent = session(lang, Some(expected.clone()));
        assert_eq!(sent.len(), expected.len(), "{lang}: number of requests");
        for (i, (sent, expected)) in sent.iter().zip(&expected).enumerate() {
            assert_eq!(
                sent["request"].to_string(),
                expected["request"].to_string(),
                "{lang}: request {i} differs"
            );
        }
    }
}
