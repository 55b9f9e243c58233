//! What the MCP server (`tidyup mcp`) says: its instructions to the
//! client, the refusal without roots, and the log lines of a connection.

use tidyup_core::{Lang, Noun};

/// What the server was started to allow, as its instructions describe it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct McpMode {
    /// `read_file` is declared.
    pub read_contents: bool,
    /// Paths are confined to the roots.
    pub sandbox: bool,
    /// Nothing on disk changes; the changes become a plan.
    pub dry_run: bool,
}

/// Where the tools may work, as the server knows it at `initialize`.
pub enum McpRoots<'a> {
    /// The directories given on the command line.
    Given(&'a [String]),
    /// The roots the client offers.
    Client,
    /// Neither: every tool is refused.
    Nowhere,
}

/// The `instructions` of the `initialize` result: where the tools work,
/// and what the server was started to allow.
pub fn instructions(lang: Lang, roots: &McpRoots<'_>, mode: McpMode) -> String {
    let mut text = lang.pick(
        "tidyup's file tools, for organizing folders. list_files, get_file_type, \
         summarize_folder and find_files only read; create_folder, move_file, rename_file, \
         delete_file, move_matching, move_by_type and move_files change files. Every change is journaled \
         and reversible with `tidyup undo`; deleted items go to tidyup's trash, and \
         delete_file needs confirm: true. Show the user your plan and wait for their go-ahead \
         before moving or deleting anything."
            .to_owned(),
        "tidyup 的文件工具，用于整理文件夹。list_files、get_file_type、summarize_folder 和 \
         find_files 只读；create_folder、move_file、rename_file、delete_file、move_matching、 \
         move_by_type 和 move_files 会改动文件。每个改动都有日志记录，可用 `tidyup undo` 撤销；删除的项目进入 \
         tidyup 的回收站，delete_file 需要 confirm: true。移动或删除之前，先向用户展示计划并等待确认。"
            .to_owned(),
    );
    text.push(' ');
    text.push_str(&roots_sentence(lang, roots));
    for sentence in mode_sentences(lang, mode) {
        text.push(' ');
        text.push_str(&sentence);
    }
    text
}

/// Where the tools work.
fn roots_sentence(lang: Lang, roots: &McpRoots<'_>) -> String {
    match roots {
        McpRoots::Given(dirs) => {
            let first = dirs.first().map(String::as_str).unwrap_or_default();
            lang.pick(
                format!(
                    "The tools work in: {}; relative paths resolve against {first}.",
                    dirs.join(", ")
                ),
                format!(
                    "工具的工作范围：{}；相对路径以 {first} 为基准。",
                    dirs.join(", ")
                ),
            )
        }
        McpRoots::Client => lang.pick(
            "The tools work in the roots this client offers; relative paths resolve against \
             the first one."
                .to_owned(),
            "工具的工作范围是客户端提供的根目录；相对路径以第一个根目录为基准。".to_owned(),
        ),
        McpRoots::Nowhere => no_folder(lang, None),
    }
}

/// What the server was started to allow, beyond the base tools.
fn mode_sentences(lang: Lang, mode: McpMode) -> Vec<String> {
    let mut sentences = Vec::new();
    if mode.read_contents {
        sentences.push(
            lang.pick(
                "read_file only reads too: it tells what a file holds (its real kind and an \
             excerpt of its text)."
                    .to_owned(),
                "read_file 同样只读：它说明文件的内容（真实类型和一段文字摘录）。".to_owned(),
            ),
        );
    }
    if !mode.sandbox {
        sentences.push(lang.pick(
            "The sandbox is off: absolute paths may reach any path on this machine.".to_owned(),
            "沙箱已关闭：绝对路径可以访问本机的任何路径。".to_owned(),
        ));
    }
    if mode.dry_run {
        sentences.push(
            lang.pick(
                "Dry run: nothing on disk changes; the changes become a plan, saved for \
             `tidyup apply` when the connection ends."
                    .to_owned(),
                "演练模式：磁盘上不会有任何改动；改动成为整理计划，在连接结束时保存，可用 \
             `tidyup apply` 执行。"
                    .to_owned(),
            ),
        );
    }
    sentences
}

/// Why every tool is refused: no directory given and no usable root
/// (`rejected` says what the client offered, when it offered something).
pub fn no_folder(lang: Lang, rejected: Option<&str>) -> String {
    let mut text = lang.pick(
        "tidyup has no folder to work in: the server was started without a directory and \
         the client offers no usable root, so every tool is refused. Start it as \
         `tidyup mcp DIR`, or open a folder or workspace in the client."
            .to_owned(),
        "tidyup 没有可用的文件夹：服务器启动时没有指定目录，客户端也没有提供可用的根目录，\
         因此所有工具都被拒绝。请以 `tidyup mcp DIR` 启动，或在客户端中打开一个文件夹或工作区。"
            .to_owned(),
    );
    if let Some(rejected) = rejected {
        text.push(' ');
        text.push_str(&lang.pick(
            format!("Roots offered but not usable: {rejected}."),
            format!("客户端提供但无法使用的根目录：{rejected}。"),
        ));
    }
    text
}

/// The result of a call during which the core stopped.
pub fn core_stopped(lang: Lang, cause: &str) -> String {
    lang.pick(
        format!(
            "tool execution failed: tidyup's core stopped ({cause}); the call did not finish. \
             Changes it made before are journaled; a fresh core serves the next call."
        ),
        format!(
            "工具执行失败：tidyup 的核心停止了（{cause}）；本次调用没有完成。之前做出的改动已记录在日志中；\
             下一次调用由新的核心处理。"
        ),
    )
}

/// The log line when the roots are set: where the tools work, and the
/// journal session (or that this is a dry run).
pub fn working_in(lang: Lang, roots: &[String], session: Option<&str>) -> String {
    let roots = roots.join(", ");
    match session {
        Some(session) => lang.pick(
            format!(
                "working in {roots}; changes are journaled as session {session} \
                 (`tidyup undo {session}` reverses them)"
            ),
            format!(
                "工作范围 {roots}；改动记录为会话 {session}（`tidyup undo {session}` 可以撤销）"
            ),
        ),
        None => lang.pick(
            format!("working in {roots}; dry run: nothing on disk changes"),
            format!("工作范围 {roots}；演练模式：磁盘上不会有任何改动"),
        ),
    }
}

/// The log line for a journaled session at the end of a connection.
pub fn journaled(lang: Lang, session: &str) -> String {
    lang.pick(
        format!("Changes journaled as session {session}; `tidyup undo {session}` reverses them."),
        format!("改动已记录为会话 {session}；`tidyup undo {session}` 可以撤销。"),
    )
}

/// The log line for a saved dry-run plan.
pub fn plan_saved(lang: Lang, steps: usize, shown: &str) -> String {
    let steps_en = lang.counted(steps, Noun::Step);
    lang.pick(
        format!(
            "Dry run: nothing on disk was changed. The plan ({steps_en}) is saved to {shown}; \
             carry it out with: tidyup apply \"{shown}\""
        ),
        format!(
            "演练：磁盘上没有任何改动。整理计划（{steps} 步）已保存到 {shown}；执行：tidyup apply \"{shown}\""
        ),
    )
}

/// The log line when a connection changed nothing.
pub fn nothing_changed(lang: Lang, dry_run: bool) -> String {
    if dry_run {
        lang.pick(
            "Dry run: no changes planned.".to_owned(),
            "演练：没有计划任何改动。".to_owned(),
        )
    } else {
        lang.pick(
            "No changes made.".to_owned(),
            "没有做出任何改动。".to_owned(),
        )
    }
}

/// The client's `roots/list` failed.
pub fn roots_unreadable(lang: Lang, cause: &str) -> String {
    lang.pick(
        format!("the client's roots could not be read: {cause}"),
        format!("无法读取客户端的根目录：{cause}"),
    )
}

/// The client did not answer `roots/list` in time.
pub fn roots_timed_out(lang: Lang, seconds: u64) -> String {
    lang.pick(
        format!("the client did not list its roots within {seconds} s"),
        format!("客户端没有在 {seconds} 秒内列出它的根目录"),
    )
}

/// Roots that are no local directories.
pub fn roots_left_out(lang: Lang, rejected: &str) -> String {
    lang.pick(
        format!("roots left out: {rejected}"),
        format!("未采用的根目录：{rejected}"),
    )
}

/// Why a root the client offered is not a directory tidyup can work in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RootRejection {
    /// Not a URI (the parser's cause).
    NotUri(String),
    /// A URI of another scheme (the scheme).
    NotFileUri(String),
    /// A `file://` URI that names no local path.
    NotLocalPath,
    /// Something other than a directory.
    NotDirectory,
    /// A directory that cannot be opened (the system's cause).
    CannotOpen(String),
}

/// `URI: why`, a root the client offered and why it was left out.
pub fn root_rejected(lang: Lang, uri: &str, why: &RootRejection) -> String {
    let why = match why {
        RootRejection::NotUri(cause) => lang.pick(
            format!("not a URI ({cause})"),
            format!("不是 URI（{cause}）"),
        ),
        RootRejection::NotFileUri(scheme) => lang.pick(
            format!("not a file:// URI (scheme {scheme})"),
            format!("不是 file:// URI（协议为 {scheme}）"),
        ),
        RootRejection::NotLocalPath => {
            lang.pick("not a local path".to_owned(), "不是本地路径".to_owned())
        }
        RootRejection::NotDirectory => {
            lang.pick("not a directory".to_owned(), "不是目录".to_owned())
        }
        RootRejection::CannotOpen(cause) => lang.pick(
            format!("cannot be opened ({cause})"),
            format!("无法打开（{cause}）"),
        ),
    };
    lang.pick(format!("{uri}: {why}"), format!("{uri}：{why}"))
}

/// The roots left out, each with why, as one list.
pub fn rejected_roots(lang: Lang, rejected: &[String]) -> String {
    rejected.join(&lang.pick("; ".to_owned(), "；".to_owned()))
}

/// The roots cannot be opened.
pub fn roots_unusable(lang: Lang, cause: &str) -> String {
    lang.pick(
        format!("the roots cannot be used: {cause}"),
        format!("这些根目录无法使用：{cause}"),
    )
}

/// The connection ended with an error.
pub fn connection_failed(lang: Lang, cause: &str) -> String {
    lang.pick(
        format!("the connection ended with an error: {cause}"),
        format!("连接因错误而结束：{cause}"),
    )
}

/// The server was asked to stop.
pub fn stopping(lang: Lang) -> String {
    lang.pick("stopping".to_owned(), "正在停止".to_owned())
}

/// A message (one line) over the size limit of `limit_mib`, answered as an
/// invalid request: the limit is fixed, since no tool call comes near it.
pub fn message_too_large(lang: Lang, limit_mib: usize) -> String {
    lang.pick(
        format!(
            "message too large: more than {limit_mib} MiB on one line, the most tidyup mcp reads of one message (a fixed limit: no tool call needs more); it was not read"
        ),
        format!(
            "消息过大：一行超过 {limit_mib} MiB，这是 tidyup mcp 对一条消息读取的上限（固定的上限：任何工具调用都用不到更多）；该消息未被读取"
        ),
    )
}
