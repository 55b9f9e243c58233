//! The words for files in use (see [`crate::in_use`]): what plans leave
//! where it is, the note a `move_file` of such a file gets, the rows of a
//! summary, and `apply`'s refusal.

use tidyup_core::{InUse, Lang};

/// The words of `in_use` only the host says.
pub(crate) trait InUseWords {
    /// `tidyup apply`: a step refused because its source looks in use now.
    fn apply_source_in_use(self, path: &str, why: InUse) -> String;
}

impl InUseWords for Lang {
    fn apply_source_in_use(self, path: &str, why: InUse) -> String {
        let what = self.in_use_label(why, 1);
        self.pick(
            format!("{path} looks in use now ({what}); it stays where it is"),
            format!("{path} 现在看起来正在使用中（{what}），保持不动"),
        )
    }
}
