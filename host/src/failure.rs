//! Failures below the commands (the file systems, the journal, saved
//! plans, the core's runtime) as values worded in the language the process
//! speaks, however deep in a chain of causes they sit.

use std::fmt;
use std::sync::OnceLock;

use tidyup_core::Lang;

/// A failure tidyup words itself; `Display` words it in the language set
/// with [`speak`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No data directory for the journal.
    NoDataDir,
    /// No journal for the session named.
    NoSuchSession {
        /// The session named.
        session: String,
        /// Where its journal would be.
        path: String,
    },
    /// A journal without its first record.
    JournalWithoutHeader(String),
    /// The directories of a session cannot be opened again.
    CannotOpenSessionRoots(String),
    /// A session's trash cannot be removed.
    CannotPurge(String),
    /// A file cannot be read.
    CannotRead(String),
    /// A file that is no saved plan.
    NotAPlan(String),
    /// The directories a plan names cannot be opened.
    CannotOpenPlanRoots,
    /// The core instance is gone (a restart failed before).
    CoreNotRunning,
    /// The core stopped (the cause) and a fresh instance could not start.
    CoreNotRestarted(String),
    /// The core stopped (the cause) and the conversation was not restored.
    CoreNotRestored(String),
    /// The core stopped (the cause) with nothing to restore.
    CoreHalted(String),
    /// The core speaks another ABI version.
    AbiMismatch {
        /// The core's version.
        found: i32,
        /// This host's.
        expected: i32,
    },
    /// The core exports no memory.
    CoreWithoutMemory,
    /// Input over the ABI's buffer limit (its size in bytes).
    CoreInputTooLarge(usize),
    /// The core could not allocate a buffer of this many bytes.
    CoreCannotAllocate(u32),
    /// The core's reply lies outside its memory.
    CoreReplyOutsideMemory,
    /// The core's reply is not the JSON of the ABI.
    CoreReplyUnreadable,
    /// The core `.wasm` does not compile.
    #[cfg_attr(not(feature = "compiler"), allow(dead_code))]
    CoreDoesNotCompile,
    /// The build did not precompile the embedded core for this target.
    CoreNotPrecompiled,
    /// The embedded core `.wasm` does not inflate (a damaged binary).
    EmbeddedCoreDamaged,
    /// A core that is not the build's precompiled one, in a tidyup built
    /// without the compiler (the cargo feature `compiler`).
    NoCompiler,
    /// A lock guarding this (`journal`, `plan`, `workspace`, `file system`)
    /// was poisoned.
    LockPoisoned(&'static str),
    /// The API key cannot travel in an HTTP header.
    KeyNotHeaderSafe,
    /// `watch` cannot listen for SIGTERM.
    CannotListenForSigterm,
    /// A folder moved to a place inside itself (the destination).
    MoveIntoItself(String),
    /// A move onto a folder that has contents (the destination).
    FolderWithContentsAt(String),
    /// The journal could not record a change (the cause); nothing changed.
    JournalNotWritten(String),
    /// A failed move whose replaced item stays in the trash.
    ReplacedItemKeptInTrash {
        /// Why the move failed.
        failure: String,
        /// Where the replaced item is.
        trash: String,
        /// Why it could not be put back.
        cause: String,
    },
    /// A path inside tidyup's own data.
    OwnDataInside {
        /// The path.
        path: String,
        /// The data it is in.
        place: String,
    },
    /// A folder holding tidyup's own data.
    OwnDataHolder {
        /// The folder.
        path: String,
        /// The data it holds.
        place: String,
    },
    /// The user cancelled.
    CancelledByUser,
    /// The core asked with a request over the ABI's buffer limit (bytes).
    CoreRequestTooLarge(usize),
    /// The core's request lies outside its memory.
    CoreRequestOutsideMemory,
    /// The core's request is not the JSON of the ABI (the parser's cause).
    CoreRequestUnreadable(String),
    /// `--core` names a file that cannot be read (its path).
    CannotReadCore(String),
    /// A plan saved by an earlier version (its path).
    PlanFromAnEarlierVersion(String),
    /// A plan's target or root is not an absolute path of plain names.
    PlanFolderNotPlain {
        /// The plan file.
        plan: String,
        /// The folder it names.
        folder: String,
    },
    /// A plan's step leaves the plan's folders.
    PlanStepOutside {
        /// The plan file.
        plan: String,
        /// The step's path.
        step: String,
    },
    /// A plan's step names a source its fingerprint does not identify.
    PlanSourceUnidentified {
        /// The plan file.
        plan: String,
        /// The step's source.
        step: String,
    },
    /// A plan's target is no longer a folder (its path).
    PlanTargetGone(String),
    /// A plan's target is reached through a symlink or another name.
    PlanTargetNotPlain {
        /// The target the plan names.
        target: String,
        /// Where it leads.
        real: String,
    },
    /// A folder given with `--allow` is not a folder.
    NotAFolderToAllow(String),
    /// A plan made without the sandbox (its target), applied without
    /// `--no-sandbox`.
    PlanMadeWithoutSandbox(String),
    /// A plan's root beyond its target that `--allow` does not give now.
    PlanReachesBeyond(String),
    /// The rules file a plan was made under is gone (its path).
    PlanRulesGone(String),
    /// The rules file a plan was made under changed since (its path).
    PlanRulesChanged(String),
    /// A path that does not end in a name where one is needed.
    NoNameAtEnd(String),
    /// A folder on the way of a cross-device move changed.
    ChangedOnTheWay,
    /// Leftovers of earlier moves (the name they start with) take every
    /// free name.
    LeftoversInTheWay(String),
    /// A device, pipe or socket cannot change file system.
    SpecialFileNotMovedAcross,
    /// Folders nested deeper than this do not change file system.
    TooDeepToMoveAcross(usize),
    /// A symlink cannot change file system on this platform.
    #[cfg(not(unix))]
    SymlinkNotMovedAcross,
    /// What was to be read is not a regular file (a pipe, device, socket
    /// or folder, perhaps behind a link).
    NotARegularFile,
    /// What was to be read or copied is a cloud drive's online-only file:
    /// reading it would download it.
    OnlineOnly,
}

impl Failure {
    /// The failure, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Failure::NoDataDir => lang.pick(
                    "no data directory for the journal; set TIDYUP_DATA_DIR".to_owned(),
                    "找不到存放日志的数据目录；请设置 TIDYUP_DATA_DIR".to_owned(),
                ),
            Failure::NoSuchSession { session, path } => lang.pick(
                    format!("no session {session} ({path})"),
                    format!("没有会话 {session}（{path}）"),
                ),
            Failure::JournalWithoutHeader(session) => lang.pick(
                    format!("the journal of {session} has no header"),
                    format!("会话 {session} 的日志缺少开头记录"),
                ),
            Failure::CannotOpenSessionRoots(session) => lang.pick(
                    format!("cannot open the roots of {session}"),
                    format!("无法打开会话 {session} 的根目录"),
                ),
            Failure::CannotPurge(path) => lang.pick(format!("cannot purge {path}"), format!("无法清除 {path}")),
            Failure::CannotRead(path) => lang.pick(format!("cannot read {path}"), format!("无法读取 {path}")),
            Failure::NotAPlan(path) => lang.pick(
                    format!("{path} is not a tidyup plan"),
                    format!("{path} 不是 tidyup 的整理计划"),
                ),
            Failure::CannotOpenPlanRoots => lang.pick(
                    "cannot open the plan's directories".to_owned(),
                    "无法打开计划涉及的目录".to_owned(),
                ),
            Failure::CoreNotRunning => lang.pick(
                    "the core is not running".to_owned(),
                    "核心没有在运行".to_owned(),
                ),
            Failure::CoreNotRestarted(cause) => lang.pick(
                    format!("the core stopped ({cause}) and could not be restarted"),
                    format!("核心已停止（{cause}），且无法重新启动"),
                ),
            Failure::CoreNotRestored(cause) => lang.pick(
                    format!("the core stopped ({cause}) and could not be restored"),
                    format!("核心已停止（{cause}），且无法恢复对话"),
                ),
            Failure::CoreHalted(cause) => lang.pick(
                    format!("the core stopped ({cause})"),
                    format!("核心已停止（{cause}）"),
                ),
            Failure::AbiMismatch { found, expected } => lang.pick(
                    format!("the core speaks ABI version {found}, this host speaks {expected}"),
                    format!("核心使用 ABI 版本 {found}，本程序使用 {expected}"),
                ),
            Failure::CoreWithoutMemory => lang.pick(
                    "the core exports no memory".to_owned(),
                    "核心没有导出内存".to_owned(),
                ),
            Failure::CoreInputTooLarge(bytes) => lang.pick(
                    format!("input of {bytes} bytes is too large"),
                    format!("{bytes} 字节的输入过大"),
                ),
            Failure::CoreCannotAllocate(bytes) => lang.pick(
                    format!("the core could not allocate {bytes} bytes"),
                    format!("核心无法分配 {bytes} 字节"),
                ),
            Failure::CoreReplyOutsideMemory => lang.pick(
                    "the core replied outside its memory".to_owned(),
                    "核心的回复超出了它的内存".to_owned(),
                ),
            Failure::CoreReplyUnreadable => lang.pick(
                    "unreadable reply from the core".to_owned(),
                    "无法读取核心的回复".to_owned(),
                ),
            Failure::CoreDoesNotCompile => lang.pick(
                    "the core .wasm does not compile".to_owned(),
                    "核心 .wasm 无法编译".to_owned(),
                ),
            Failure::CoreNotPrecompiled => lang.pick(
                    "the build did not precompile the core for this target".to_owned(),
                    "构建时没有为此目标平台预编译核心".to_owned(),
                ),
            Failure::EmbeddedCoreDamaged => lang.pick(
                    "the core .wasm embedded in this binary is damaged".to_owned(),
                    "此程序内置的核心 .wasm 已损坏".to_owned(),
                ),
            Failure::NoCompiler => lang.pick(
                    "this tidyup was built without the `compiler` feature: it runs only the core its build precompiled (a build with `--features compiler` also runs a core given as a .wasm file)".to_owned(),
                    "此 tidyup 构建时未启用 `compiler` 特性：它只运行构建时预编译的核心（用 `--features compiler` 构建的版本也能运行以 .wasm 文件给出的核心）".to_owned(),
                ),
            Failure::LockPoisoned(what) => {
                let what_zh = match *what {
                    "journal" => "日志",
                    "plan" => "计划",
                    "file system" => "文件系统",
                    _ => "工作区",
                };
                lang.pick(
                    format!("the {what} lock was poisoned"),
                    format!("{what_zh}的锁已损坏"),
                )
            }
            Failure::KeyNotHeaderSafe => lang.pick(
                    "the API key contains characters not allowed in a header".to_owned(),
                    "API 密钥含有 HTTP 头中不允许的字符".to_owned(),
                ),
            Failure::CannotListenForSigterm => lang.pick(
                    "cannot listen for SIGTERM".to_owned(),
                    "无法监听 SIGTERM".to_owned(),
                ),
            Failure::MoveIntoItself(destination) => lang.pick(
                    format!("a folder cannot be moved into itself: {destination}"),
                    format!("文件夹不能移动到它自身之中：{destination}"),
                ),
            Failure::FolderWithContentsAt(destination) => lang.pick(
                    format!("a folder that is not empty is already at {destination}"),
                    format!("{destination} 处已有一个非空文件夹"),
                ),
            Failure::JournalNotWritten(cause) => lang.pick(
                    format!("cannot write the journal, nothing was changed: {cause}"),
                    format!("无法写入日志，未做任何改动：{cause}"),
                ),
            Failure::ReplacedItemKeptInTrash { failure, trash, cause, } => lang.pick(
                    format!(
                        "{failure}; the item it was to replace is kept in the trash ({trash}), and `tidyup undo` puts it back: {cause}"
                    ),
                    format!(
                        "{failure}；原本要被替换的项目保存在回收站（{trash}），`tidyup undo` 可以把它放回：{cause}"
                    ),
                ),
            Failure::OwnDataInside { path, place } => lang.pick(
                    format!(
                        "tidyup's own data (its journal, trash, plans, cache or settings) is never touched by tools: {path} is in {place}"
                    ),
                    format!(
                        "工具从不触碰 tidyup 自己的数据（日志、回收站、计划、缓存或设置）：{path} 位于 {place} 之中"
                    ),
                ),
            Failure::OwnDataHolder { path, place } => lang.pick(
                    format!(
                        "a folder holding tidyup's own data (its journal, trash, plans, cache or settings) is never moved or deleted: {path} holds {place}"
                    ),
                    format!(
                        "存放 tidyup 自己数据（日志、回收站、计划、缓存或设置）的文件夹从不被移动或删除：{path} 中有 {place}"
                    ),
                ),
            Failure::CancelledByUser => lang.pick(
                    "cancelled by the user".to_owned(),
                    "已被用户取消".to_owned(),
                ),
            Failure::CoreRequestTooLarge(bytes) => lang.pick(
                    format!("request of {bytes} bytes is too large"),
                    format!("{bytes} 字节的请求过大"),
                ),
            Failure::CoreRequestOutsideMemory => lang.pick(
                    "request buffer is outside guest memory".to_owned(),
                    "请求缓冲区不在核心的内存之内".to_owned(),
                ),
            Failure::CoreRequestUnreadable(cause) => lang.pick(
                    format!("unreadable request: {cause}"),
                    format!("无法读取的请求：{cause}"),
                ),
            Failure::CannotReadCore(path) => lang.pick(
                    format!("cannot read the core {path}"),
                    format!("无法读取核心 {path}"),
                ),
            Failure::PlanFromAnEarlierVersion(path) => lang.pick(
                    format!("{path} was saved by an earlier version of tidyup, whose plans cannot show every edit made since; make the plan again with --dry-run"),
                    format!("{path} 由较早版本的 tidyup 保存，这种计划无法反映之后的所有改动；请用 --dry-run 重新生成计划"),
                ),
            Failure::PlanFolderNotPlain { plan, folder } => lang.pick(
                    format!("{plan} is refused: {folder} is not an absolute path of plain names (no `.` or `..`)"),
                    format!("已拒绝 {plan}：{folder} 不是只由普通名称组成的绝对路径（不能含 `.` 或 `..`）"),
                ),
            Failure::PlanStepOutside { plan, step } => lang.pick(
                    format!("{plan} is refused: its step on {step} lies outside the plan's folder"),
                    format!("已拒绝 {plan}：其中针对 {step} 的步骤不在计划的文件夹内"),
                ),
            Failure::PlanSourceUnidentified { plan, step } => lang.pick(
                    format!("{plan} is refused: its fingerprint of {step} does not identify an item; make the plan again with --dry-run"),
                    format!("已拒绝 {plan}：其中 {step} 的指纹无法识别具体项目；请用 --dry-run 重新生成计划"),
                ),
            Failure::PlanTargetGone(target) => lang.pick(
                    format!("the plan's folder {target} is not a folder (any more)"),
                    format!("计划的文件夹 {target} 已不是文件夹"),
                ),
            Failure::PlanTargetNotPlain { target, real } => lang.pick(
                    format!("the plan's folder {target} leads to {real} (a symlink on the way); make the plan again on {real}"),
                    format!("计划的文件夹 {target} 实际指向 {real}（路径上有符号链接）；请在 {real} 上重新生成计划"),
                ),
            Failure::NotAFolderToAllow(path) => lang.pick(
                    format!("--allow {path}: not a folder"),
                    format!("--allow {path}：不是文件夹"),
                ),
            Failure::PlanMadeWithoutSandbox(target) => lang.pick(
                    format!("the plan for {target} was made without the sandbox and may reach any path; to apply it so, give --no-sandbox to tidyup apply"),
                    format!("{target} 的计划是在关闭沙盒时生成的，可能涉及任意路径；如确要这样执行，请给 tidyup apply 加上 --no-sandbox"),
                ),
            Failure::PlanReachesBeyond(root) => lang.pick(
                    format!("the plan reaches beyond its folder into {root}; to allow that, give --allow {root} to tidyup apply"),
                    format!("计划超出了它的文件夹，涉及 {root}；如要允许，请给 tidyup apply 加上 --allow {root}"),
                ),
            Failure::PlanRulesGone(path) => lang.pick(
                    format!("the rules file {path} the plan was made under is gone; make the plan again with --dry-run"),
                    format!("生成计划时所依据的规则文件 {path} 已不存在；请用 --dry-run 重新生成计划"),
                ),
            Failure::PlanRulesChanged(path) => lang.pick(
                    format!("the rules file {path} changed since the plan was made; make the plan again with --dry-run"),
                    format!("规则文件 {path} 在生成计划之后已被修改；请用 --dry-run 重新生成计划"),
                ),
            Failure::NoNameAtEnd(path) => lang.pick(
                    format!("{path} does not end in a name"),
                    format!("{path} 没有以名称结尾"),
                ),
            Failure::ChangedOnTheWay => lang.pick(
                    "a folder on the way changed during the move; nothing was moved".to_owned(),
                    "移动途中经过的文件夹发生了变化；没有移动任何东西".to_owned(),
                ),
            Failure::LeftoversInTheWay(base) => lang.pick(
                    format!("100 leftover {base} items are in the way; remove them"),
                    format!("有 100 个遗留的 {base} 项目挡住了去路；请删除它们"),
                ),
            Failure::SpecialFileNotMovedAcross => lang.pick(
                    "a device, pipe or socket cannot be moved to another file system".to_owned(),
                    "设备、管道或套接字不能移动到另一个文件系统".to_owned(),
                ),
            Failure::TooDeepToMoveAcross(depth) => lang.pick(
                    format!("folders nested more than {depth} deep are not moved to another file system"),
                    format!("嵌套超过 {depth} 层的文件夹不会移动到另一个文件系统"),
                ),
            #[cfg(not(unix))]
            Failure::SymlinkNotMovedAcross => lang.pick(
                    "moving a symlink to another file system is not supported here".to_owned(),
                    "此平台不支持把符号链接移动到另一个文件系统".to_owned(),
                ),
            Failure::NotARegularFile => lang.pick(
                    "not a regular file (a pipe, device, socket or folder, perhaps behind a link): only regular files are read".to_owned(),
                    "不是普通文件（可能经由链接指向管道、设备、套接字或文件夹）：只读取普通文件".to_owned(),
                ),
            Failure::OnlineOnly => lang.pick(
                    "online-only: its content lives in the cloud, and reading or copying it would download it; tidyup moves it only by renaming it, within one drive".to_owned(),
                    "仅在云端：内容存放在云中，读取或复制会把它下载下来；tidyup 只在同一个磁盘内以重命名的方式移动它".to_owned(),
                ),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(spoken()))
    }
}

impl std::error::Error for Failure {}

/// The language every [`Failure`] is worded in: set once, at start.
static LANGUAGE: OnceLock<Lang> = OnceLock::new();

/// Sets the language the process speaks (the first call wins); until then,
/// and in a library that never calls it, failures are worded in English.
pub fn speak(lang: Lang) {
    let _ = LANGUAGE.set(lang);
}

/// The language set with [`speak`]; English until then.
pub fn spoken() -> Lang {
    LANGUAGE.get().copied().unwrap_or_default()
}

/// `err` worded in the language set with [`speak`], as the model is told
/// it: a file system's failure is data until it is spoken.
pub fn worded(err: &tidyup_core::HostError) -> String {
    spoken().host_failure(err)
}
