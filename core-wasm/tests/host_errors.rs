//! A host's failure is data (`code`, `path`, `detail`), worded by the core
//! in the session's language; hosts that predate `path` and `detail` are
//! still read.

use pretty_assertions::assert_eq;
use tidyup_core::{ErrorCode, HostError, Lang};

#[test]
fn a_refusal_with_only_its_path_is_worded_by_its_code_in_both_languages() {
    let own = HostError::at(ErrorCode::TidyupData, "/d/.tidyup-trash/x");
    assert_eq!(
        Lang::En.host_failure(&own),
        "tidyup's own data (its journal, trash, plans, cache or settings) is never touched by tools: /d/.tidyup-trash/x"
    );
    assert_eq!(
        Lang::Zh.host_failure(&own),
        "工具从不触碰 tidyup 自己的数据（日志、回收站、计划、缓存或设置）：/d/.tidyup-trash/x"
    );
    let taken = HostError::at(ErrorCode::AlreadyExists, "/d/a.txt");
    assert_eq!(Lang::En.host_failure(&taken), "/d/a.txt already exists");
    assert_eq!(Lang::Zh.host_failure(&taken), "/d/a.txt 已存在");
    let windows = HostError::at(ErrorCode::NotAllowedOnWindows, r"C:\d\CON");
    assert!(
        Lang::En
            .host_failure(&windows)
            .starts_with("the name \"CON\" is not allowed")
    );
}

#[test]
fn the_systems_own_words_are_shown_as_they_are() {
    let io = HostError::new(ErrorCode::Io, "Input/output error (os error 5)");
    assert_eq!(
        Lang::En.host_failure(&io),
        "Input/output error (os error 5)"
    );
    assert_eq!(
        Lang::Zh.host_failure(&io),
        "Input/output error (os error 5)"
    );
}

#[test]
fn the_wire_carries_code_path_and_detail_and_reads_an_older_hosts_message() {
    let err = HostError::at(ErrorCode::Denied, "/etc");
    let wire = serde_json::to_value(&err).unwrap();
    assert_eq!(wire, serde_json::json!({"code": "denied", "path": "/etc"}));
    let old: HostError =
        serde_json::from_value(serde_json::json!({"code": "denied", "message": "/etc"})).unwrap();
    assert_eq!(old, err);
    let old: HostError =
        serde_json::from_value(serde_json::json!({"code": "io", "message": "Input/output error"}))
            .unwrap();
    assert_eq!(old, HostError::new(ErrorCode::Io, "Input/output error"));
}

/// A file system whose listing of the folder itself fails, as a remote
/// folder's does with wrong credentials or a server that does not answer.
struct Unlistable(tidyup_test_kit::MemFs);

impl tidyup_core::FileSystem for Unlistable {
    #[allow(clippy::wildcard_enum_match_arm)]
    fn call(
        &mut self,
        request: &tidyup_core::FsRequest<'_>,
    ) -> Result<tidyup_core::FsAnswer, HostError> {
        match request {
            tidyup_core::FsRequest::List { .. } => Err(HostError::new(
                ErrorCode::PermissionDenied,
                "the server refused the credentials",
            )),
            _ => self.0.call(request),
        }
    }
}

#[test]
fn a_folder_that_cannot_be_listed_is_never_called_empty() {
    use tidyup_core::{Agent, Capabilities, Event, OfflinePlanner};
    use tidyup_test_kit::{MemFs, Recorder, TARGET, offline_config};
    for lang in [Lang::En, Lang::Zh] {
        let mut fs = Unlistable(MemFs::new().file("report.pdf", "%PDF"));
        let mut model = OfflinePlanner::new(lang, TARGET);
        let mut events = Recorder::default();
        let mut agent = Agent::new(offline_config(lang));
        agent.handle_line(
            "organize",
            &mut Capabilities {
                model: &mut model,
                files: &mut fs,
                events: &mut events,
            },
        );
        let answer = events
            .events
            .iter()
            .find_map(|event| {
                let Event::Answer { text, .. } = event else {
                    return None;
                };
                Some(text.clone())
            })
            .unwrap_or_default();
        let nothing = lang.nothing_to_organize();
        assert!(!answer.contains(nothing), "{answer}");
        assert!(
            answer.contains("the server refused the credentials"),
            "{answer}"
        );
    }
}
