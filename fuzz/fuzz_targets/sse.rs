//! A streamed reply: the bytes are the event stream a provider sends,
//! delivered in pieces of varying size, read by one streamed model call
//! (`SseParser`, `Assembler`, then the completion reader).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tidyup_core::{CallSettings, HttpReply, Lang, RequestBody, complete_answer};
use tidyup_fuzz::{NoEvents, OneReply, pieces};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let n = data.len();
    let sizes = [(n % 7) as u8 + 1, (n % 31) as u8 + 1, 97, 1, 255];
    let reply = HttpReply {
        streaming: true,
        ..HttpReply::new(200, "")
    };
    let mut model = OneReply::new(reply, pieces(&text, &sizes));
    let settings = CallSettings {
        stream: true,
        max_tries: 1,
        max_reply_bytes: 64 * 1024,
        ..CallSettings::default()
    };
    let body = RequestBody::new(&serde_json::json!({ "model": "m", "messages": [] }));
    let _ = complete_answer(body, &settings, &mut model, &mut NoEvents, Lang::En);
});
