//! What the wasm ABI decodes from the host: the first byte picks the
//! request or host result, the rest is its JSON, decoded as the ABI does
//! (`serde_json::from_slice`) and then used as the ABI uses it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_core::{
    Agent, AgentConfig, AskConfig, Entry, FileSample, HttpReply, Message, PlanRequest, ToolRun,
    WireResult, ask,
};
use tidyup_fuzz::{NoEvents, OneReply};
use tidyup_test_kit::{MemFs, TARGET, text_reply};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, json)) = data.split_first() else {
        return;
    };
    match pick % 9 {
        0 => {
            if let Ok(config) = serde_json::from_slice::<AgentConfig>(json) {
                let agent = Agent::new(config);
                let _ = agent.started();
            }
        }
        1 => {
            if let Ok(config) = serde_json::from_slice::<AskConfig>(json) {
                let mut model = OneReply::new(text_reply("yes"), Vec::new());
                let _ = ask(&config, &mut model, &mut NoEvents);
            }
        }
        2 => {
            if let Ok(call) = serde_json::from_slice::<ToolRun>(json) {
                let mut files = MemFs::new().file("a.txt", "a").dir("b");
                let _ = call.run(&mut files, &mut NoEvents);
            }
        }
        3 => {
            if let Ok(history) = serde_json::from_slice::<Vec<Message>>(json) {
                let config = AgentConfig {
                    target_name: None,
                    dry_run: false,
                    target_dir: TARGET.to_owned(),
                    model: "m".to_owned(),
                    lang: Default::default(),
                    provider: Default::default(),
                    calls: Default::default(),
                    limits: Default::default(),
                    read_contents: false,
                    rules: None,
                };
                if let Ok(agent) = Agent::restore(config, history) {
                    let _ = serde_json::to_vec(agent.history());
                }
            }
        }
        4 => drop(serde_json::from_slice::<WireResult<HttpReply>>(json)),
        5 => drop(serde_json::from_slice::<WireResult<Option<String>>>(json)),
        6 => drop(serde_json::from_slice::<WireResult<FileSample>>(json)),
        7 => drop(serde_json::from_slice::<WireResult<Vec<Entry>>>(json)),
        _ => {
            if let Ok(request) = serde_json::from_slice::<PlanRequest>(json) {
                let _ = request.table();
            }
        }
    }
});
