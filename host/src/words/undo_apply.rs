//! Why `undo` skipped a change and why `apply` refused a step.

use tidyup_core::Lang;

/// The words of `undo_apply` only the host says.
pub(crate) trait UndoApplyWords {
    /// `undo`: the item now resolves outside the session's directories.
    fn undo_outside_now(self, path: &str) -> String;

    /// `undo`: a moved item is gone, so its old place stays empty.
    fn undo_moved_item_gone(self, to: &str, from: &str) -> String;

    /// `undo`: another item is where a moved item went.
    fn undo_moved_item_replaced(self, to: &str, from: &str) -> String;

    /// `undo`: something took a moved item's old place.
    fn undo_old_place_taken(self, from: &str, to: &str) -> String;

    /// `undo`: a deleted or replaced item is no longer in the trash.
    fn undo_not_in_trash(self, trash: &str, path: &str) -> String;

    /// `undo`: something took a deleted item's place.
    fn undo_trashed_place_taken(self, path: &str, trash: &str) -> String;

    /// `undo`: a created folder now holds something.
    fn undo_folder_not_empty(self, path: &str) -> String;

    /// `undo`: a created folder was replaced by something else.
    fn undo_no_longer_a_folder(self, path: &str) -> String;

    /// `apply`: a step's source changed after the dry run.
    fn apply_changed_since_plan(self, path: &str) -> String;

    /// `apply`: a step's source is gone.
    fn apply_source_gone(self, path: &str) -> String;

    /// `apply`: a planned folder not made, since no move into it was.
    fn apply_folder_not_needed(self) -> String;

    /// `apply`: a move's destination is taken.
    fn apply_destination_taken(self, to: &str) -> String;
}

impl UndoApplyWords for Lang {
    fn undo_outside_now(self, path: &str) -> String {
        self.pick(
            format!("{path} now leads outside the session's directories; left as it is"),
            format!("{path} 现在指向会话目录之外；保持原样"),
        )
    }

    fn undo_moved_item_gone(self, to: &str, from: &str) -> String {
        self.pick(
            format!("{to} is no longer there; {from} not restored"),
            format!("{to} 已不在；{from} 未还原"),
        )
    }

    fn undo_moved_item_replaced(self, to: &str, from: &str) -> String {
        self.pick(
            format!("{to} is another item now; left as it is, {from} not restored"),
            format!("{to} 现在是另一个项目；保持原样，{from} 未还原"),
        )
    }

    fn undo_old_place_taken(self, from: &str, to: &str) -> String {
        self.pick(
            format!("something is at {from} now; {to} left where it is"),
            format!("{from} 现在已有其他内容；{to} 保留在原处"),
        )
    }

    fn undo_not_in_trash(self, trash: &str, path: &str) -> String {
        self.pick(
            format!("{trash} is no longer in the trash; {path} not restored"),
            format!("{trash} 已不在回收站中；{path} 未还原"),
        )
    }

    fn undo_trashed_place_taken(self, path: &str, trash: &str) -> String {
        self.pick(
            format!("something is at {path} now; its earlier version stays in {trash}"),
            format!("{path} 现在已有其他内容；它先前的版本留在 {trash}"),
        )
    }

    fn undo_folder_not_empty(self, path: &str) -> String {
        self.pick(
            format!("{path} is not empty; left in place"),
            format!("{path} 不是空的；保留在原处"),
        )
    }

    fn undo_no_longer_a_folder(self, path: &str) -> String {
        self.pick(
            format!("{path} is no longer a folder; left in place"),
            format!("{path} 已不再是文件夹；保留在原处"),
        )
    }

    fn apply_changed_since_plan(self, path: &str) -> String {
        self.pick(
            format!("{path} has changed since the plan"),
            format!("{path} 在计划之后已有改动"),
        )
    }

    fn apply_source_gone(self, path: &str) -> String {
        self.pick(format!("{path} is gone"), format!("{path} 已不存在"))
    }

    fn apply_folder_not_needed(self) -> String {
        self.pick(
            "not created: none of the moves into it was carried out".to_owned(),
            "未创建：没有任何移入该文件夹的操作被执行".to_owned(),
        )
    }

    fn apply_destination_taken(self, to: &str) -> String {
        self.pick(
            format!("something is at {to} now"),
            format!("{to} 现在已有其他内容"),
        )
    }
}
