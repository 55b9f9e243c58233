//! The result texts of large listings and the bulk tools, in both languages.

use tidyup_core::Lang;

/// The words of `bulk` only the host says.
pub(crate) trait BulkWords {
    /// A progress bar's rate: `per_second` files a second.
    fn files_per_second(self, per_second: f64) -> String;

    /// A progress bar's estimate of the time left, in seconds.
    fn time_left(self, seconds: u64) -> String;
}

impl BulkWords for Lang {
    fn files_per_second(self, per_second: f64) -> String {
        // Whole files: a rate below one a second shows as 0.
        let whole = tidyup_core::group_digits(per_second.max(0.0).round() as usize);
        self.pick(format!("{whole} files/s"), format!("每秒 {whole} 个文件"))
    }

    fn time_left(self, seconds: u64) -> String {
        let (minutes, seconds) = (seconds / 60, seconds % 60);
        match (self, minutes) {
            (Lang::En, 0) => format!("about {seconds} s left"),
            (Lang::En, _) => format!("about {minutes} min {seconds:02} s left"),
            (Lang::Zh, 0) => format!("约剩 {seconds} 秒"),
            (Lang::Zh, _) => format!("约剩 {minutes} 分 {seconds:02} 秒"),
        }
    }
}
