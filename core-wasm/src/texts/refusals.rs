//! Why a host's file system refused a change: the causes it words itself
//! (the operating system's own messages pass through as they are).

use super::Lang;

impl Lang {
    /// A folder moved to a place inside itself.
    pub fn move_into_itself(self, destination: &str) -> String {
        self.pick(
            format!("a folder cannot be moved into itself: {destination}"),
            format!("文件夹不能移动到它自身之中：{destination}"),
        )
    }

    /// A move onto a folder that has contents.
    pub fn folder_with_contents_at(self, destination: &str) -> String {
        self.pick(
            format!("a folder that is not empty is already at {destination}"),
            format!("{destination} 处已有一个非空文件夹"),
        )
    }

    /// Something is at a batch move's destination.
    pub fn already_there(self, path: &str) -> String {
        self.pick(format!("{path} already exists"), format!("{path} 已存在"))
    }

    /// Nothing is at a path the host was to change.
    pub fn not_there(self, path: &str) -> String {
        self.pick(format!("{path} does not exist"), format!("{path} 不存在"))
    }

    /// The journal could not record a change, so it was not made.
    pub fn journal_not_written(self, cause: &str) -> String {
        self.pick(
            format!("cannot write the journal, nothing was changed: {cause}"),
            format!("无法写入日志，未做任何改动：{cause}"),
        )
    }

    /// A failed move whose replaced item could not be put back: it stays
    /// in the trash (`trash`), and `undo` restores it.
    pub fn replaced_item_kept_in_trash(self, failure: &str, trash: &str, cause: &str) -> String {
        self.pick(
            format!(
                "{failure}; the item it was to replace is kept in the trash ({trash}), and `tidyup undo` puts it back: {cause}"
            ),
            format!(
                "{failure}；原本要被替换的项目保存在回收站（{trash}），`tidyup undo` 可以把它放回：{cause}"
            ),
        )
    }

    /// A path inside tidyup's own data (`place`).
    pub fn own_data_inside(self, path: &str, place: &str) -> String {
        self.pick(
            format!(
                "tidyup's own data (its journal, trash, plans, cache or settings) is never touched by tools: {path} is in {place}"
            ),
            format!(
                "工具从不触碰 tidyup 自己的数据（日志、回收站、计划、缓存或设置）：{path} 位于 {place} 之中"
            ),
        )
    }

    /// A folder holding tidyup's own data (`place`).
    pub fn own_data_holder(self, path: &str, place: &str) -> String {
        self.pick(
            format!(
                "a folder holding tidyup's own data (its journal, trash, plans, cache or settings) is never moved or deleted: {path} holds {place}"
            ),
            format!(
                "存放 tidyup 自己数据（日志、回收站、计划、缓存或设置）的文件夹从不被移动或删除：{path} 中有 {place}"
            ),
        )
    }

    /// A host answered fewer moves of a batch than it was given.
    pub fn batch_move_unanswered(self) -> String {
        self.pick(
            "a move of the batch was not answered".to_owned(),
            "批量移动中有一项没有得到结果".to_owned(),
        )
    }

    /// A file's digest went missing while looking for copies.
    pub fn digest_missing(self) -> String {
        self.pick(
            "a digest went missing".to_owned(),
            "有一个文件摘要丢失了".to_owned(),
        )
    }

    /// The user cancelled what the host was doing.
    pub fn cancelled_by_user(self) -> String {
        self.pick(
            "cancelled by the user".to_owned(),
            "已被用户取消".to_owned(),
        )
    }

    /// The core asked with a request over the ABI's buffer limit.
    pub fn core_request_too_large(self, bytes: usize) -> String {
        self.pick(
            format!("request of {bytes} bytes is too large"),
            format!("{bytes} 字节的请求过大"),
        )
    }

    /// The core's request lies outside its memory.
    pub fn core_request_outside_memory(self) -> String {
        self.pick(
            "request buffer is outside guest memory".to_owned(),
            "请求缓冲区不在核心的内存之内".to_owned(),
        )
    }

    /// The core's request is not the JSON of the ABI.
    pub fn core_request_unreadable(self, cause: &str) -> String {
        self.pick(
            format!("unreadable request: {cause}"),
            format!("无法读取的请求：{cause}"),
        )
    }
}
