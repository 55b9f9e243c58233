//! The kind of a file as tidyup's own judgement sees it: the offline
//! planner and the bulk tools place files by it. It answers with the
//! categories of `get_file_type`, whose own table stays exactly the tool's
//! contract with models ([`Category::of`]); this one knows more kinds.

use crate::file_type::Category;

/// The kind of the file named `name`, by its name alone.
pub fn kind(name: &str) -> Category {
    Category::of(name)
}
