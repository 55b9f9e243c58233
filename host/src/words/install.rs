//! What tidyup says about itself as an installed program: the first start's
//! compile of the core, and `tidyup man`.

use tidyup_core::Lang;

/// The words of `install` only the host says.
pub(crate) trait InstallWords {
    /// Standard error, while the core is compiled for this machine (the
    /// first start, or after an update) and it has taken a while.
    fn preparing_core(self) -> String;

    /// `man NAME` of no subcommand; `known` lists the pages there are.
    fn no_man_page(self, name: &str, known: &str) -> String;
}

impl InstallWords for Lang {
    fn preparing_core(self) -> String {
        self.pick(
            "preparing tidyup's core for this machine, once (a few seconds)…".to_owned(),
            "正在为本机准备 tidyup 的核心，只需一次（几秒钟）…".to_owned(),
        )
    }

    fn no_man_page(self, name: &str, known: &str) -> String {
        self.pick(
            format!("there is no manual page for {name}; there are: {known}"),
            format!("没有 {name} 的手册页；已有的是：{known}"),
        )
    }
}
