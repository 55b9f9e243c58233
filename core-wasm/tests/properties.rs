//! Properties over generated inputs: size texts, the extension rule, tools
//! and reply parsing on arbitrary input, and the history after arbitrary
//! scripted conversations.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{Map, Value, json};
use tidyup_core::{
    CATEGORIES, ErrorCode, Lang, OTHER_CATEGORY, Outcome, Reply, category, extension,
    format_local_time, format_size, read_reply, tool_names,
};
use tidyup_test_kit::{
    MemFs, ScriptedModel, World, assert_well_formed, call_raw, completion, http, run_tool_value,
    text_reply, tool_reply,
};

const KIB: u64 = 1024;
const MIB: u64 = KIB * KIB;
const GIB: u64 = MIB * KIB;

/// The size text computed with f64 and half-up rounding; exact below 2^49 bytes.
fn reference_size(bytes: u64) -> String {
    let (unit, name) = match bytes {
        b if b < KIB => return format!("{b} B"),
        b if b < MIB => (KIB, "KB"),
        b if b < GIB => (MIB, "MB"),
        _ => (GIB, "GB"),
    };
    #[allow(clippy::cast_precision_loss)]
    let tenths = (bytes as f64 * 10.0 / unit as f64 + 0.5).floor();
    format!("{:.1} {name}", tenths / 10.0)
}

/// `(unit index, value in tenths or bytes)` of a size text, ordered like the size.
fn size_rank(text: &str) -> (u8, u128) {
    let (number, unit) = text.split_once(' ').unwrap();
    let unit = match unit {
        "B" => return (0, number.parse().unwrap()),
        "KB" => 1,
        "MB" => 2,
        "GB" => 3,
        other => panic!("unknown unit {other}"),
    };
    let (whole, tenth) = number.split_once('.').unwrap();
    assert_eq!(tenth.len(), 1, "one decimal in {text}");
    (
        unit,
        whole.parse::<u128>().unwrap() * 10 + tenth.parse::<u128>().unwrap(),
    )
}

/// Sizes where f64 arithmetic is exact: small ones, any below 2^49, and
/// ones near a power of two (the unit boundaries among them).
fn exact_sizes() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..4096,
        0u64..(1 << 49),
        (1u32..49, -64i64..64)
            .prop_map(|(power, delta)| u64::try_from((1i64 << power) + delta).unwrap_or(0)),
    ]
}

/// Any size, the whole `u64` range included.
fn sizes() -> impl Strategy<Value = u64> {
    prop_oneof![3 => exact_sizes(), 1 => any::<u64>()]
}

proptest! {
    #[test]
    fn format_size_matches_the_f64_reference(bytes in exact_sizes()) {
        prop_assert_eq!(format_size(bytes), reference_size(bytes));
    }

    #[test]
    fn format_size_is_monotonic(a in sizes(), b in sizes()) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        prop_assert!(size_rank(&format_size(lo)) <= size_rank(&format_size(hi)), "{} {}", lo, hi);
    }

    #[test]
    fn format_size_picks_the_unit_by_range(bytes in sizes()) {
        let text = format_size(bytes);
        let expected_unit = match bytes {
            b if b < KIB => "B",
            b if b < MIB => "KB",
            b if b < GIB => "MB",
            _ => "GB",
        };
        prop_assert!(text.ends_with(&format!(" {expected_unit}")), "{}", text);
        let (unit, value) = size_rank(&text);
        if unit > 0 {
            // Never below 1.0 of its unit, never above 1024.0 below GB.
            prop_assert!(value >= 10);
            if unit < 3 {
                prop_assert!(value <= 10240);
            }
        }
    }

    #[test]
    fn local_time_is_utc_time_shifted(seconds in -10_000_000_000i64..10_000_000_000, offset in -50_400i32..50_400) {
        let text = format_local_time(seconds, offset);
        prop_assert_eq!(&text, &format_local_time(seconds + i64::from(offset), 0));
        let bytes = text.as_bytes();
        prop_assert_eq!(bytes.len(), 16);
        prop_assert!(text.chars().enumerate().all(|(i, c)| match i {
            4 | 7 => c == '-',
            10 => c == ' ',
            13 => c == ':',
            _ => c.is_ascii_digit(),
        }), "{}", text);
        let local = seconds + i64::from(offset);
        let minute: i64 = text[14..].parse().unwrap();
        let hour: i64 = text[11..13].parse().unwrap();
        prop_assert_eq!(hour * 60 + minute, local.rem_euclid(86_400) / 60);
    }

    #[test]
    fn extension_follows_the_rule(name in prop_oneof!["[.a-zA-Z0-9/\\\\]{0,12}", ".*", "[^./\\\\]{0,6}\\.[A-Za-zÀ-ÿ]{0,4}"]) {
        let ext = extension(&name);
        let last = name.rsplit(['/', '\\']).next().unwrap();
        let expected = match last.rfind('.') {
            Some(dot) if dot != 0 && dot + 1 != last.len() => last[dot + 1..].to_lowercase(),
            Some(_) | None => String::new(),
        };
        prop_assert_eq!(&ext, &expected);
        prop_assert!(!ext.contains(['.', '/', '\\']));
        prop_assert!(!ext.chars().any(|c| c.is_ascii_uppercase()));
        if last.starts_with('.') && last[1..].find('.').is_none() {
            prop_assert_eq!(ext.as_str(), "");
        }
        let cat = category(&name);
        prop_assert!(cat == OTHER_CATEGORY || CATEGORIES.iter().any(|(c, _)| *c == cat));
    }

    #[test]
    fn every_known_extension_in_any_case(
        stem in "[^./\\\\]{1,8}",
        row in 0usize..7,
        pick in any::<prop::sample::Index>(),
        upper in prop::collection::vec(any::<bool>(), 8),
    ) {
        let (name, extensions) = CATEGORIES[row];
        let ext: String = pick
            .get(extensions)
            .chars()
            .zip(upper.iter().cycle())
            .map(|(c, up)| if *up { c.to_ascii_uppercase() } else { c })
            .collect();
        prop_assert_eq!(category(&format!("{stem}.{ext}")), name);
    }
}

/// Arbitrary JSON, with keys and strings that often mean something to the tools.
fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "[a-z./ 文\\\\]{0,8}".prop_map(Value::String),
        select(vec![
            "a.txt",
            ".",
            "docs",
            "/",
            "..",
            "docs/x.pdf",
            "ghost",
            "a.txt/..",
            "",
            "docs/"
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        let key = prop_oneof![
            select(vec![
                "path",
                "source",
                "destination",
                "new_name",
                "confirm",
                "filename"
            ])
            .prop_map(str::to_owned),
            "[a-z]{1,4}",
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(key, inner, 0..4)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

/// `function.arguments` as providers might send it: text, JSON-ish text, or raw values.
fn arguments() -> impl Strategy<Value = Value> {
    prop_oneof![
        json_value(),
        json_value().prop_map(|v| Value::String(v.to_string())),
        any::<String>().prop_map(Value::String),
        "[{}\\[\\]\":, a-z0-9.]{0,24}".prop_map(Value::String),
    ]
}

fn tool_name() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(tool_names().collect::<Vec<_>>()).prop_map(str::to_owned),
        1 => ".{0,12}",
    ]
}

fn small_tree() -> MemFs {
    MemFs::new()
        .file("a.txt", "A")
        .file("docs/x.pdf", "X")
        .dir("empty")
        .symlink("link", "docs")
}

proptest! {
    #[test]
    fn tools_never_panic_and_always_answer(
        name in tool_name(),
        args in arguments(),
        zh in any::<bool>(),
    ) {
        let lang = if zh { Lang::Zh } else { Lang::En };
        let mut fs = small_tree();
        let result = run_tool_value(&mut fs, lang, &name, args);
        prop_assert!(!result.is_empty());
        if !tool_names().any(|known| known == name) {
            let expected = match lang {
                Lang::En => format!("Error: unknown tool {name}"),
                Lang::Zh => format!("错误：未知工具 {name}"),
            };
            prop_assert_eq!(result, expected);
            prop_assert!(fs.calls.is_empty());
        }
    }

    #[test]
    fn delete_without_a_true_confirm_never_deletes(
        path in json_value(),
        confirm in json_value(),
    ) {
        prop_assume!(confirm != Value::Bool(true));
        let mut fs = small_tree();
        let before = fs.snapshot_under("/");
        let args = json!({ "path": path, "confirm": confirm });
        let result = run_tool_value(&mut fs, Lang::En, "delete_file", args);
        prop_assert_eq!(fs.snapshot_under("/"), before);
        prop_assert!(!result.starts_with("Deleted"), "{}", result);
    }

    #[test]
    fn read_reply_never_panics(
        status in prop_oneof![Just(200u16), 100u16..600, any::<u16>()],
        body in prop_oneof![
            any::<String>(),
            json_value().prop_map(|v| v.to_string()),
            json_value().prop_map(|message| json!({"choices": [{"message": message}]}).to_string()),
            (json_value(), prop::collection::vec(json_value(), 0..3)).prop_map(|(content, calls)| {
                json!({"choices": [{"message": {"role": "assistant", "content": content, "tool_calls": calls}}]}).to_string()
            }),
        ],
        zh in any::<bool>(),
    ) {
        let lang = if zh { Lang::Zh } else { Lang::En };
        match read_reply(&http(status, &body), lang) {
            Err(cause) => {
                prop_assert!(!cause.is_empty());
                if !(200..300).contains(&status) {
                    prop_assert!(cause.starts_with(&format!("HTTP {status}")), "{}", cause);
                }
            }
            Ok(Reply::Answer { message, text }) => {
                prop_assert!((200..300).contains(&status));
                prop_assert_eq!(message.get("content"), Some(&Value::String(text)));
                prop_assert!(!message.contains_key("tool_calls"));
                prop_assert!(!message.contains_key("role"));
            }
            Ok(Reply::ToolCalls { message, calls }) => {
                prop_assert!((200..300).contains(&status));
                prop_assert!(!calls.is_empty());
                let sent = message.get("tool_calls").and_then(Value::as_array).map(Vec::len);
                prop_assert_eq!(sent, Some(calls.len()));
            }
        }
    }
}

/// One scripted model reply of a generated conversation.
#[derive(Debug, Clone)]
enum Step {
    Tools(Vec<(String, Value)>),
    Text(String),
    Content(Value),
    Http(u16, String),
    Transport,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => prop::collection::vec((tool_name(), arguments()), 0..4).prop_map(Step::Tools),
        2 => ".{0,10}".prop_map(Step::Text),
        1 => json_value().prop_map(Step::Content),
        1 => (400u16..600, ".{0,10}").prop_map(|(s, b)| Step::Http(s, b)),
        1 => Just(Step::Transport),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_history_stays_well_formed(
        steps in prop::collection::vec(step(), 0..40),
        lines in 1usize..5,
    ) {
        let mut model = ScriptedModel::default().or_else(text_reply("fallback"));
        for (n, step) in steps.iter().enumerate() {
            match step {
                Step::Tools(calls) => {
                    let calls: Vec<Value> = calls
                        .iter()
                        .enumerate()
                        .map(|(k, (name, args))| call_raw(&format!("c{n}_{k}"), name, args.clone()))
                        .collect();
                    model.push(tool_reply(&calls));
                }
                Step::Text(text) => model.push(text_reply(text)),
                Step::Content(content) => {
                    let mut message = Map::new();
                    message.insert("role".to_owned(), json!("assistant"));
                    message.insert("content".to_owned(), content.clone());
                    model.push(completion(&Value::Object(message)));
                }
                Step::Http(status, body) => model.push(http(*status, body)),
                Step::Transport => model.push_transport_error(ErrorCode::Connect, "refused"),
            }
        }
        let mut world = World::en(small_tree(), model);
        for line in 0..lines {
            let before = world.model.requests.len();
            let outcome = world.line(&format!("line {line}"));
            let made = world.model.requests.len() - before;
            prop_assert!((1..=15).contains(&made));
            prop_assert!(outcome != Outcome::Ignored && outcome != Outcome::Quit);
            if outcome == Outcome::RoundLimit {
                prop_assert_eq!(made, 15);
            }
            assert_well_formed(&world.history_json());
        }
        for request in &world.model.requests {
            let messages = request["messages"].as_array().unwrap();
            assert_well_formed(messages);
            for message in messages {
                if message["role"] == "assistant" && message.get("tool_calls").is_none() {
                    prop_assert!(message["content"].is_string(), "{}", message);
                }
            }
        }
    }
}
