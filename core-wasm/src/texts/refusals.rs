//! Why a host's file system refused a change or a move failed: the causes
//! it words itself (the operating system's own messages pass through as
//! they are).

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

    /// A path that does not end in a name (`..`, `/`) where one is needed.
    pub fn no_name_at_end(self, path: &str) -> String {
        self.pick(
            format!("{path} does not end in a name"),
            format!("{path} 没有以名称结尾"),
        )
    }

    /// A folder on the way of a move to another file system changed.
    pub fn changed_on_the_way(self) -> String {
        self.pick(
            "a folder on the way changed during the move; nothing was moved".to_owned(),
            "移动途中经过的文件夹发生了变化；没有移动任何东西".to_owned(),
        )
    }

    /// Leftovers of earlier moves (`base`-…) take every free name.
    pub fn leftovers_in_the_way(self, base: &str) -> String {
        self.pick(
            format!("100 leftover {base} items are in the way; remove them"),
            format!("有 100 个遗留的 {base} 项目挡住了去路；请删除它们"),
        )
    }

    /// A device, pipe or socket cannot change file system.
    pub fn special_file_not_moved_across(self) -> String {
        self.pick(
            "a device, pipe or socket cannot be moved to another file system".to_owned(),
            "设备、管道或套接字不能移动到另一个文件系统".to_owned(),
        )
    }

    /// Folders nested deeper than `depth` do not change file system.
    pub fn too_deep_to_move_across(self, depth: usize) -> String {
        self.pick(
            format!("folders nested more than {depth} deep are not moved to another file system"),
            format!("嵌套超过 {depth} 层的文件夹不会移动到另一个文件系统"),
        )
    }

    /// A symlink cannot change file system on this platform.
    pub fn symlink_not_moved_across(self) -> String {
        self.pick(
            "moving a symlink to another file system is not supported here".to_owned(),
            "此平台不支持把符号链接移动到另一个文件系统".to_owned(),
        )
    }

    /// What was to be read is not a regular file: only regular files are
    /// read, so nothing waits on a pipe or a device.
    pub fn not_a_regular_file(self) -> String {
        self.pick(
            "not a regular file (a pipe, device, socket or folder, perhaps behind a link): only regular files are read".to_owned(),
            "不是普通文件（可能经由链接指向管道、设备、套接字或文件夹）：只读取普通文件".to_owned(),
        )
    }
}
