//! The result texts of the spec tools and the causes of a tool failure.

use crate::ports::{ErrorCode, HostError};
use crate::texts::Lang;

impl Lang {
    /// Tool result: the model named a tool that does not exist.
    pub fn unknown_tool(self, name: &str) -> String {
        self.pick(
            format!("Error: unknown tool {name}"),
            format!("错误：未知工具 {name}"),
        )
    }

    /// Tool result: the tool could not run (bad arguments, IO failure...).
    pub fn tool_failed(self, cause: &str) -> String {
        self.pick(
            format!("tool execution failed: {cause}"),
            format!("工具执行失败: {cause}"),
        )
    }

    /// Cause: a file primitive failed, worded from its data: a refused
    /// path (`denied`), a protected root (`protected`), an excluded item
    /// (`excluded`) and a name Windows refuses by their code; otherwise the
    /// system's own words when the host gave them, else tidyup's own data,
    /// an item already there or missing by its code; else the error as it
    /// renders.
    // Codes of other hosts, and codes without a wording of their own, show
    // what the host gave.
    #[allow(clippy::wildcard_enum_match_arm)]
    pub fn host_failure(self, err: &HostError) -> String {
        let path = err.path.as_deref();
        let said = || err.to_string();
        match (&err.code, path) {
            (ErrorCode::Denied, Some(path)) => self.pick(
                format!("the path is outside the allowed directories: {path}"),
                format!("路径不在允许的目录内：{path}"),
            ),
            (ErrorCode::NotAllowedOnWindows, Some(path)) => {
                let name = crate::paths::file_name(path);
                self.pick(
                    format!(
                        "the name \"{name}\" is not allowed on Windows (device names such as CON, NUL, AUX, COM1; a trailing dot or space; any of < > : \" | ? *)"
                    ),
                    format!(
                        "Windows 不允许使用名称 \"{name}\"（CON、NUL、AUX、COM1 等设备名；以点或空格结尾；含有 < > : \" | ? * 之一）"
                    ),
                )
            }
            (ErrorCode::Excluded, Some(path)) => self.pick(
                format!(
                    "protected by the rules file, which excludes it (or something in it): {path}"
                ),
                format!("受规则文件保护（它或其中的内容被排除）：{path}"),
            ),
            (ErrorCode::Protected, Some(path)) => self.pick(
                format!("an allowed root directory itself cannot be moved or deleted: {path}"),
                format!("不能移动或删除允许的根目录本身：{path}"),
            ),
            (_, _) if err.detail.is_some() => said(),
            (ErrorCode::TidyupData, Some(path)) => self.pick(
                format!(
                    "tidyup's own data (its journal, trash, plans, cache or settings) is never touched by tools: {path}"
                ),
                format!(
                    "工具从不触碰 tidyup 自己的数据（日志、回收站、计划、缓存或设置）：{path}"
                ),
            ),
            (ErrorCode::AlreadyExists, Some(path)) => {
                self.pick(format!("{path} already exists"), format!("{path} 已存在"))
            }
            (ErrorCode::NotFound, Some(path)) => {
                self.pick(format!("{path} does not exist"), format!("{path} 不存在"))
            }
            _ => said(),
        }
    }

    /// `read_file` given a folder.
    pub fn read_file_of_a_folder(self, path: &str) -> String {
        self.pick(
            format!("{path} is a folder; read_file reads files (list_files shows a folder)"),
            format!("{path} 是文件夹；read_file 只读取文件（文件夹请用 list_files 查看）"),
        )
    }

    /// Cause: `read_file` of an online-only file, which is never read.
    pub fn read_file_online_only(self, path: &str) -> String {
        self.pick(
            format!("{path} is online-only: its content lives in the cloud and reading it would download it, so tidyup does not read it (classify it by its name)"),
            format!("{path} 仅在云端：内容存放在云中，读取会把它下载下来，所以 tidyup 不读取它（请按文件名分类）"),
        )
    }

    /// Cause: a required argument is missing.
    pub fn missing_argument(self, name: &str) -> String {
        self.pick(
            format!("missing argument '{name}'"),
            format!("缺少参数 '{name}'"),
        )
    }

    /// Cause: an argument has the wrong JSON type.
    pub fn wrong_type(self, name: &str, expected: &str) -> String {
        self.pick(
            format!("argument '{name}' must be a {expected}"),
            format!("参数 '{name}' 必须是 {expected}"),
        )
    }

    /// Cause: the arguments text is not a JSON object.
    pub fn arguments_not_object(self, detail: &str) -> String {
        self.pick(
            format!("arguments are not a JSON object ({detail})"),
            format!("参数不是 JSON 对象（{detail}）"),
        )
    }

    /// list_files: the directory is missing or not a directory.
    pub fn dir_missing(self, path: &str) -> String {
        self.pick(
            format!("Directory does not exist: {path}"),
            format!("目录不存在: {path}"),
        )
    }

    /// list_files: the directory has no entries.
    pub fn dir_empty(self, path: &str) -> String {
        self.pick(
            format!("Directory is empty: {path}"),
            format!("目录为空: {path}"),
        )
    }

    /// list_files: the first line, starting with the item count.
    pub fn dir_count(self, count: usize, path: &str) -> String {
        self.pick(
            format!("{count} items in {path}:"),
            format!("{count} 个项目，位于 {path}："),
        )
    }

    /// create_folder: done.
    pub fn folder_created(self, path: &str) -> String {
        self.pick(
            format!("Created folder: {path}"),
            format!("已创建文件夹: {path}"),
        )
    }

    /// create_folder in a dry run: planned.
    pub fn folder_would_be_created(self, path: &str) -> String {
        self.pick(
            format!("Dry run, nothing on disk changed: would create folder {path}"),
            format!("演练，磁盘上没有改动：将创建文件夹 {path}"),
        )
    }

    /// move_file in a dry run: planned.
    pub fn would_move(self, name: &str, destination: &str) -> String {
        self.pick(
            format!("Dry run, nothing on disk changed: would move {name} to {destination}"),
            format!("演练，磁盘上没有改动：将移动 {name} 到 {destination}"),
        )
    }

    /// rename_file in a dry run: planned.
    pub fn would_rename(self, old: &str, new_name: &str) -> String {
        self.pick(
            format!("Dry run, nothing on disk changed: would rename {old} to {new_name}"),
            format!("演练，磁盘上没有改动：将把 {old} 重命名为 {new_name}"),
        )
    }

    /// delete_file in a dry run: planned.
    pub fn would_delete(self, path: &str) -> String {
        self.pick(
            format!("Dry run, nothing on disk changed: would delete {path}"),
            format!("演练，磁盘上没有改动：将删除 {path}"),
        )
    }

    /// create_folder: a folder is already there; nothing changed.
    pub fn folder_exists(self, path: &str) -> String {
        self.pick(
            format!("Folder already exists: {path}"),
            format!("文件夹已存在: {path}"),
        )
    }

    /// create_folder: a file (not a folder) already has that name.
    pub fn folder_blocked_by_file(self, path: &str) -> String {
        self.pick(
            format!("Failed to create folder: a file already exists at {path}"),
            format!("创建文件夹失败：{path} 已存在同名文件"),
        )
    }

    /// create_folder: the file system refused.
    pub fn folder_failed(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to create folder {path}: {cause}"),
            format!("创建文件夹失败 {path}: {cause}"),
        )
    }

    /// move_file / rename_file: the source is missing.
    pub fn source_missing(self, path: &str) -> String {
        self.pick(
            format!("Source does not exist: {path}"),
            format!("源路径不存在: {path}"),
        )
    }

    /// move_file: done.
    pub fn moved(self, name: &str, destination: &str) -> String {
        self.pick(
            format!("Moved {name} to {destination}"),
            format!("已移动 {name} 到 {destination}"),
        )
    }

    /// move_file: the file system refused.
    pub fn move_failed(self, source: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to move {source}: {cause}"),
            format!("移动失败 {source}: {cause}"),
        )
    }

    /// A move of a reviewed plan refused: an item appeared at its
    /// destination `to` since the plan was shown.
    pub fn appeared_since(self, to: &str) -> String {
        self.pick(
            format!("{to} appeared since the plan was shown; nothing was replaced"),
            format!("{to} 是在计划给出之后出现的；没有替换任何东西"),
        )
    }

    /// rename_file: done.
    pub fn renamed(self, old: &str, new_name: &str) -> String {
        self.pick(
            format!("Renamed {old} to {new_name}"),
            format!("已将 {old} 重命名为 {new_name}"),
        )
    }

    /// rename_file: something already has the new name; nothing changed.
    pub fn rename_target_exists(self, path: &str) -> String {
        self.pick(
            format!("Target already exists: {path}; nothing was renamed"),
            format!("目标已存在: {path}，未重命名"),
        )
    }

    /// rename_file: the file system refused.
    pub fn rename_failed(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to rename {path}: {cause}"),
            format!("重命名失败 {path}: {cause}"),
        )
    }

    /// rename_file: `new_name` is not a plain name.
    pub fn bad_new_name(self, new_name: &str) -> String {
        self.pick(
            format!(
                "new_name must be a plain name without '/', '\\', '.' or '..', not empty: {new_name:?}"
            ),
            format!("new_name 必须是不含 '/'、'\\'、'.' 或 '..' 的非空名称: {new_name:?}"),
        )
    }

    /// delete_file: `confirm` was not `true`; nothing deleted.
    pub fn delete_cancelled(self, path: &str) -> String {
        self.pick(
            format!("Deletion cancelled: confirm was not true, nothing was deleted ({path})"),
            format!("删除已取消：未确认（confirm 不为 true），未删除任何内容（{path}）"),
        )
    }

    /// delete_file: nothing at the path.
    pub fn delete_missing(self, path: &str) -> String {
        self.pick(
            format!("Path does not exist: {path}"),
            format!("路径不存在: {path}"),
        )
    }

    /// delete_file: a file was deleted.
    pub fn deleted_file(self, path: &str) -> String {
        self.pick(
            format!("Deleted file: {path}"),
            format!("已删除文件: {path}"),
        )
    }

    /// delete_file: a folder and its contents were deleted.
    pub fn deleted_folder(self, path: &str) -> String {
        self.pick(
            format!("Deleted folder and all its contents: {path}"),
            format!("已删除文件夹及其全部内容: {path}"),
        )
    }

    /// delete_file: the file system refused.
    pub fn delete_failed(self, path: &str, cause: &str) -> String {
        self.pick(
            format!("Failed to delete {path}: {cause}"),
            format!("删除失败 {path}: {cause}"),
        )
    }

    /// Tool result of a call not run because the user cancelled.
    pub fn call_cancelled(self) -> String {
        self.pick(
            "Not executed: the user cancelled this turn.".to_owned(),
            "未执行：用户取消了本轮操作。".to_owned(),
        )
    }

    /// Tool result of a call not run because the reply was cut off.
    pub fn call_truncated(self) -> String {
        self.pick(
            "Not executed: your reply was cut off by the length limit (finish_reason \"length\"), so this call may be incomplete. Send fewer or shorter tool calls.".to_owned(),
            "未执行：你的回复因长度限制被截断（finish_reason 为 \"length\"），这个调用可能不完整。请发送更少或更短的工具调用。".to_owned(),
        )
    }
}
