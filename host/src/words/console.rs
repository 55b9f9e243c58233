//! The console texts of a session: the start message, tool lines, notices
//! and the causes of failed model calls, and of a core that stopped.

use tidyup_core::{Lang, limit_text};

/// The words of `console` only the host says.
pub(crate) trait ConsoleWords {
    /// Cause of a stop: the core asked for more than its `limit_bytes` of memory.
    fn core_out_of_memory(self, limit_bytes: u64) -> String;

    /// Cause of a stop: any other fault of the core, with the runtime's words.
    fn core_fault(self, detail: &str) -> String;

    /// `tidyup demo`: the folder was created.
    fn demo_created(self, count: usize, dir: &str, command: &str) -> String;
}

impl ConsoleWords for Lang {
    fn core_out_of_memory(self, limit_bytes: u64) -> String {
        let limit = limit_text(limit_bytes);
        self.pick(
            format!("out of memory: the core may use {limit}"),
            format!("内存不足：核心最多可用 {limit}"),
        )
    }

    fn core_fault(self, detail: &str) -> String {
        self.pick(format!("fault: {detail}"), format!("故障：{detail}"))
    }

    fn demo_created(self, count: usize, dir: &str, command: &str) -> String {
        let files = self.counted(count, tidyup_core::Noun::File);
        self.pick(
            format!(
                "Created a messy demo folder with {files}: {dir}\nOrganize it with the offline planner (no key, no network):\n  {command}\nthen type \"organize\" and answer \"yes\"."
            ),
            format!(
                "已创建一个杂乱的演示文件夹，共 {count} 个文件：{dir}\n用离线规划器整理它（无需密钥、无需联网）：\n  {command}\n然后输入“整理”，再回复“好”。"
            ),
        )
    }
}
