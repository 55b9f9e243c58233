//! `get_file_type`: the category of a file name, by its extension.

use super::{Args, Tool, ToolContext, ToolData, ToolResult};
use crate::file_type::Category;

pub(super) const TOOL: Tool = Tool {
    name: "get_file_type",
    group: super::Group::Base,
    description: "Classify a file by its extension: returns one of 文档, 图片, 视频, 音频, 代码, 压缩包, 安装包, 其他.",
    parameters: &[("filename", "string", "The file name, with its extension.")],
    run,
};

fn run(args: &Args, ctx: &mut ToolContext<'_>) -> ToolResult {
    let category = Category::of(args.string("filename")?);
    ctx.data = ToolData::Kind(category);
    Ok(category.name().to_owned())
}
