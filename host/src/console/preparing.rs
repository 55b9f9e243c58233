//! The line on standard error while the core is compiled for this machine
//! (the first start, or the first after an update), when that is slow.

use crate::words::InstallWords;
use std::io::IsTerminal;

use tidyup_core::Lang;

use super::{DIM, RESET, colour_allowed, print_line, write_out};
use crate::runtime::SlowCompile;

/// Says, in its language, that the core is being prepared: on a terminal
/// (colours allowed) a line that is erased when compiling ends, otherwise
/// one plain line. Standard output is never touched.
#[derive(Debug, Clone, Copy)]
pub struct Preparing {
    lang: Lang,
}

impl Preparing {
    /// The notice in `lang`.
    pub fn new(lang: Lang) -> Self {
        Self { lang }
    }
}

impl SlowCompile for Preparing {
    fn slow(&self) -> Box<dyn Send> {
        let text = self.lang.preparing_core();
        if colour_allowed() && std::io::stderr().is_terminal() {
            write_out(true, &format!("\r{DIM}{text}{RESET}"));
            Box::new(EraseLine)
        } else {
            print_line(true, &text);
            Box::new(())
        }
    }
}

/// Erases the terminal's current line when dropped.
struct EraseLine;

impl Drop for EraseLine {
    fn drop(&mut self) {
        write_out(true, "\r\x1b[2K");
    }
}
