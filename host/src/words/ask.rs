//! What `tidyup ask` says when it cannot answer.

use tidyup_core::Lang;

/// The words of `ask` only the host says.
pub(crate) trait AskWords {
    /// `ask` without a model service.
    fn ask_needs_model(self) -> String;

    /// `--image` names a file that is not an image by its extension.
    fn not_an_image(self, image: &str) -> String;

    /// `--image` names a file that cannot be read.
    fn cannot_read_image(self, image: &str) -> String;

    /// The core could not be started.
    fn core_failed_to_start(self) -> String;

    /// `ask` cancelled by the user.
    fn ask_cancelled(self) -> String;

    /// `ask` ended without an answer.
    fn no_answer(self) -> String;
}

impl AskWords for Lang {
    fn ask_needs_model(self) -> String {
        self.pick(
            "tidyup ask needs a model service: set TIDYUP_API_KEY (or a provider's key) and, if needed, --provider, --base-url and --model".to_owned(),
            "tidyup ask 需要模型服务：请设置 TIDYUP_API_KEY（或服务商自己的密钥），需要时再用 --provider、--base-url 和 --model 指定".to_owned(),
        )
    }

    fn not_an_image(self, image: &str) -> String {
        self.pick(
            format!("{image}: not an image file (png, jpg, gif, webp, bmp, svg, tiff, ico)"),
            format!("{image}：不是图片文件（png、jpg、gif、webp、bmp、svg、tiff、ico）"),
        )
    }

    fn cannot_read_image(self, image: &str) -> String {
        self.pick(
            format!("cannot read the image {image}"),
            format!("无法读取图片 {image}"),
        )
    }

    fn core_failed_to_start(self) -> String {
        self.pick(
            "the tidyup core failed to start".to_owned(),
            "tidyup 核心启动失败".to_owned(),
        )
    }

    fn ask_cancelled(self) -> String {
        self.pick("cancelled".to_owned(), "已取消".to_owned())
    }

    fn no_answer(self) -> String {
        self.pick("no answer".to_owned(), "没有回答".to_owned())
    }
}
