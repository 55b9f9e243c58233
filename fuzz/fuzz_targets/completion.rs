//! A whole chat-completion reply: the bytes are its body. Read as a
//! success and as a failed status, then given to an agent's turn, whose
//! tool calls run on a small in-memory folder.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_core::{Agent, AgentConfig, Capabilities, HttpReply, Lang, Provider, read_completion};
use tidyup_fuzz::NoEvents;
use tidyup_test_kit::{MemFs, ScriptedModel, TARGET, text_reply};

fuzz_target!(|data: &[u8]| {
    let body = String::from_utf8_lossy(data).into_owned();
    for status in [429, 500] {
        let _ = read_completion(&HttpReply::new(status, body.clone()), Lang::Zh);
    }
    let mut model = ScriptedModel::new([HttpReply::new(200, body)]).or_else(text_reply("done"));
    let mut files = MemFs::new()
        .file("notes.txt", "hello")
        .file("photo.jpg", "")
        .dir("docs");
    let config = AgentConfig {
        target_name: None,
        dry_run: false,
        target_dir: TARGET.to_owned(),
        model: "m".to_owned(),
        lang: Lang::En,
        provider: Provider::Remote,
        calls: tidyup_core::CallSettings {
            max_tries: 1,
            ..Default::default()
        },
        limits: Default::default(),
        read_contents: true,
        rules: None,
    };
    let mut agent = Agent::new(config);
    let _ = agent.handle_line(
        "tidy",
        &mut Capabilities {
            model: &mut model,
            files: &mut files,
            events: &mut NoEvents,
        },
    );
});
