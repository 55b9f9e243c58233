//! A JavaScript-friendly face of the pure parts of the core, built with
//! wasm-bindgen (`--features web`) as a second artifact. The plain `.wasm`
//! hosts run (see `wasm_abi`) is built without it and stays free of
//! wasm-bindgen's imports.

use wasm_bindgen::prelude::wasm_bindgen;

use crate::planner::OfflinePlanner;
use crate::texts::Lang;

fn lang_of(code: &str) -> Lang {
    if code.eq_ignore_ascii_case("zh") {
        Lang::Zh
    } else {
        Lang::En
    }
}

/// The category `get_file_type` gives a file name (文档, 图片, ... 其他).
#[wasm_bindgen(js_name = fileCategory)]
pub fn file_category(name: &str) -> String {
    crate::file_type::category(name).to_owned()
}

/// A size as `list_files` prints it (`1.3 KB`).
#[wasm_bindgen(js_name = formatSize)]
pub fn format_size(bytes: f64) -> String {
    crate::format::format_size(if bytes.is_finite() && bytes > 0.0 {
        bytes as u64
    } else {
        0
    })
}

/// The system prompt for `target_dir` in `lang` (`en` or `zh`).
#[wasm_bindgen(js_name = systemPrompt)]
pub fn system_prompt(lang: &str, target_dir: &str) -> String {
    crate::texts::prompt::system_prompt(lang_of(lang), target_dir)
}

/// The six tool declarations, as a JSON array.
#[wasm_bindgen(js_name = toolDeclarations)]
pub fn tool_declarations() -> String {
    crate::tools::declarations().to_string()
}

/// The offline planner's chat completion (JSON) for a request body (JSON).
#[wasm_bindgen(js_name = offlineReply)]
pub fn offline_reply(lang: &str, target_dir: &str, request_json: &str) -> String {
    let request = serde_json::from_str(request_json).unwrap_or(serde_json::Value::Null);
    OfflinePlanner::new(lang_of(lang), target_dir)
        .respond(&request)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_js_face_answers_like_the_core() {
        assert_eq!(file_category("Photo.JPG"), "图片");
        assert_eq!(format_size(1280.0), "1.3 KB");
        assert_eq!(format_size(f64::NAN), "0 B");
        assert!(system_prompt("zh", "/t").contains("/t"));
        assert!(tool_declarations().contains("\"delete_file\""));
        let request = r#"{"model":"m","messages":[{"role":"user","content":"organize"}]}"#;
        assert!(offline_reply("en", "/t", request).contains("list_files"));
    }
}
