//! The context budget through the binary: a reply asking for more results
//! than the budget holds gets them shortened for the model, the person is
//! told on stdout, and the line and the session go on.

use pretty_assertions::assert_eq;
use serde_json::json;
use tidyup_core::group_digits;
use tidyup_test_kit::e2e::{
    MockProvider, Tidyup, assert_well_formed, call_json, target_dir, text_reply, tool_reply,
};

#[tokio::test(flavor = "multi_thread")]
async fn a_reply_whose_results_pass_the_budget_is_shortened_and_the_line_goes_on() {
    let (dir, _root) = target_dir();
    for i in 0..30 {
        std::fs::write(dir.path().join(format!("report number {i:02}.txt")), "r").unwrap();
    }
    // 1,000 listings of 30 files: some 480,000 tokens, over the budget of
    // 200,000; their assistant message alone is far within it.
    let calls: Vec<_> = (0..1_000)
        .map(|i| call_json(&format!("c{i}"), "list_files", json!({"path": "."})))
        .collect();
    let provider = MockProvider::start(vec![
        tool_reply(calls),
        text_reply("Listed."),
        text_reply("Still here."),
    ])
    .await;
    let outcome = Tidyup::new(dir.path(), &provider)
        .args(["--context-tokens", "200000"])
        .stdin("tidy up\nand now?\n")
        .run()
        .await;
    outcome.assert_clean_exit();

    let requests = provider.requests();
    assert_eq!(requests.len(), 3, "{outcome}");
    let results = requests[1].trailing_tool_results();
    assert_eq!(results.len(), 1_000);
    let whole = results.last().unwrap();
    let shortened = results.iter().filter(|result| *result != whole).count();
    assert!((1..1_000).contains(&shortened), "{shortened} shortened");
    assert!(results[0].contains("[cut to fit the context budget: the first 200 of its "));
    let told = format!(
        "{} of the 1,000 results of the last tool calls were shortened for the model to fit the context budget of 200000 tokens; raise it with --context-tokens or context_tokens in the config file if the model reads more",
        group_digits(shortened)
    );
    let lines = outcome.stdout_lines();
    let at = lines.iter().position(|line| *line == told);
    assert!(at.is_some(), "{outcome}");
    assert!(lines.contains(&"Listed."), "{outcome}");
    assert!(!outcome.stdout.contains("rolled back"), "{outcome}");

    // The next line goes on from the whole first one.
    let next = requests[2].messages();
    assert_well_formed(next);
    assert_eq!(next[1]["content"], "tidy up");
    assert_eq!(next.last().unwrap()["content"], "and now?");
    assert!(lines.contains(&"Still here."), "{outcome}");
}
