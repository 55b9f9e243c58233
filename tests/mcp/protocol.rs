//! Requests no client library sends: each malformed one gets a JSON-RPC
//! error and the server goes on serving. Standard output carries nothing
//! but protocol messages.

use pretty_assertions::assert_eq;
use serde_json::json;

use super::support::World;

#[test]
fn malformed_requests_get_json_rpc_errors_and_the_server_goes_on() {
    let world = World::new();
    World::write(&world.target, &[("a.txt", "a")]);
    let target = world.target.display().to_string();
    let mut server = world.raw(&[&target]);
    let hello = server.initialize();
    assert_eq!(hello["id"], 0);
    assert_eq!(hello["result"]["serverInfo"]["name"], "tidyup");

    // Unparsable bytes carry no id to answer: they are skipped (as every
    // official MCP SDK does), and the next request is answered.
    server.send("{this is not json");
    let listed = server.request(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}));
    assert_eq!(listed["id"], 1);
    assert_eq!(listed["result"]["tools"].as_array().unwrap().len(), 12);

    // JSON that is no JSON-RPC message: Invalid Request.
    let invalid = server.request(&json!({"hello": "world"}));
    assert_eq!(invalid["error"]["code"], -32600, "{invalid}");

    // A method nobody serves.
    let unknown = server.request(&json!({"jsonrpc": "2.0", "id": 2, "method": "files/steal"}));
    assert_eq!(unknown["id"], 2);
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");

    // tools/call without a tool name.
    let nameless = server.request(
        &json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"arguments": {}}}),
    );
    assert_eq!(nameless["id"], 3);
    assert_eq!(nameless["error"]["code"], -32602, "{nameless}");

    // tools/call whose arguments are not an object.
    let listy = server.request(&json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
        "params": {"name": "list_files", "arguments": [1, 2]}}));
    assert_eq!(listy["id"], 4);
    assert_eq!(listy["error"]["code"], -32602, "{listy}");

    // A tool that does not exist: the core's words, as a protocol error.
    let missing = server.request(&json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "format_disk", "arguments": {}}}));
    assert_eq!(missing["id"], 5);
    assert_eq!(missing["error"]["code"], -32602, "{missing}");
    assert_eq!(
        missing["error"]["message"],
        "Error: unknown tool format_disk"
    );

    // Still serving.
    let listing = server.request(&json!({"jsonrpc": "2.0", "id": 6, "method": "tools/call",
        "params": {"name": "list_files", "arguments": {"path": "."}}}));
    assert_eq!(listing["id"], 6);
    assert_eq!(listing["result"]["isError"], false, "{listing}");
    let text = listing["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with(&format!("1 items in {target}")), "{text}");
    assert_eq!(server.finish(), Some(0));
}

#[test]
fn a_message_over_the_size_limit_gets_an_error_and_the_server_goes_on() {
    let world = World::new();
    World::write(&world.target, &[("a.txt", "a")]);
    let target = world.target.display().to_string();
    let mut server = world.raw(&[&target]);
    server.initialize();

    // 45 MB on one line: read no further than the limit, answered with
    // Invalid Request under the id it began with.
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"name":"list_files","arguments":{{"path":"{}"}}}}}}"#,
        "a".repeat(45_000_000)
    );
    let refused = server.request_line(&huge);
    assert_eq!(refused["id"], 7, "{refused}");
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    let message = refused["error"]["message"].as_str().unwrap();
    assert!(message.contains("16 MiB"), "{message}");

    let listed = server.request(&json!({"jsonrpc": "2.0", "id": 8, "method": "tools/list"}));
    assert_eq!(listed["id"], 8);
    assert_eq!(listed["result"]["tools"].as_array().unwrap().len(), 12);
    assert_eq!(server.finish(), Some(0));
}

#[test]
fn a_missing_directory_is_refused_at_start() {
    let world = World::new();
    let missing = world.target.join("nope").display().to_string();
    let (status, stdout, stderr) = world.tidyup(&["mcp", &missing]);
    assert_eq!(status, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("does not exist"), "{stderr}");
}
