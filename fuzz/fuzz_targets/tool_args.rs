//! A tool call's arguments: the first byte picks the tool, the rest is the
//! arguments text the model sent. Checked and run on an in-memory folder.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tidyup_core::{Lang, ToolContext, ToolSet, run_tool, tool_names_in};
use tidyup_test_kit::{MemFs, TARGET};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let names: Vec<&str> = tool_names_in(ToolSet::ALL).collect();
    let name = names[usize::from(pick) % names.len()];
    let arguments = Value::String(String::from_utf8_lossy(rest).into_owned());
    let mut files = MemFs::new()
        .file("notes.txt", "hello")
        .file("report.pdf", "%PDF-1.4")
        .file("copy of notes.txt", "hello")
        .file("docs/a.md", "# a")
        .dir("empty");
    let mut ctx = ToolContext::new(&mut files, TARGET, Lang::En).with_tools(ToolSet::ALL);
    ctx.limits.large_folder_entries = 3;
    let _ = run_tool(name, &arguments, &mut ctx);
});
