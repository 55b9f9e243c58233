//! The demo folder: a realistic mess to try tidyup on without a real one.
//!
//! Pure data; a host writes it to disk (the CLI's `tidyup demo`) or into an
//! in-memory file system (a browser page).

/// One file of the demo folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoFile {
    /// Path relative to the demo folder, `/`-separated.
    pub path: &'static str,
    /// Size in bytes.
    pub size: u64,
}

const KB: u64 = 1024;

/// The demo folder's files: all seven categories and some unknown types,
/// mixed-case extensions, names with spaces and Chinese characters, hidden
/// files and a couple of subfolders.
pub const DEMO_FILES: &[DemoFile] = &[
    // 文档
    file("Q3 Report.PDF", 412 * KB),
    file("meeting notes.txt", 2_345),
    file("Budget 2026.xlsx", 48 * KB),
    file("简历.docx", 36 * KB),
    file("presentation final v2.pptx", 1_900 * KB),
    file("contacts.csv", 1_280),
    file("发票_2026-10.pdf", 95 * KB),
    file("letter.RTF", 7 * KB),
    // 图片
    file("IMG_0042.JPG", 2_400 * KB),
    file("Screenshot 2026-11-02 at 09.14.png", 310 * KB),
    file("cat.gif", 880 * KB),
    file("logo.svg", 4 * KB),
    file("头像.jpeg", 120 * KB),
    file("wallpaper.WebP", 640 * KB),
    file("favicon.ico", 1_150),
    file("scan 001.tiff", 1_500 * KB),
    // 视频
    file("holiday.MP4", 3_100 * KB),
    file("clip.mov", 900 * KB),
    file("会议录像.mkv", 2_050 * KB),
    file("old movie.avi", 1_200 * KB),
    // 音频
    file("song.mp3", 860 * KB),
    file("voice memo.M4A", 210 * KB),
    file("podcast episode 12.ogg", 1_100 * KB),
    file("录音.wav", 730 * KB),
    file("track 01.flac", 1_700 * KB),
    // 代码
    file("main.py", 3_210),
    file("App.java", 5_400),
    file("index.html", 2_048),
    file("style.css", 900),
    file("script.JS", 1_700),
    file("config.yaml", 310),
    file("data.json", 12 * KB),
    file("query.sql", 640),
    file("build.sh", 220),
    // 压缩包
    file("backup.zip", 2_200 * KB),
    file("photos.tar.gz", 1_800 * KB),
    file("old project.rar", 950 * KB),
    file("archive.7z", 400 * KB),
    // 安装包
    file("setup.exe", 2_900 * KB),
    file("Docker.dmg", 2_500 * KB),
    file("tool_1.2.3_amd64.deb", 780 * KB),
    file("installer.MSI", 1_300 * KB),
    // 其他
    file("notes", 512),
    file("data.bin", 64 * KB),
    file("未命名", 128),
    file("license.key", 300),
    // hidden: left alone
    file(".DS_Store", 6 * KB),
    file(".env.local", 180),
    // subfolders: left alone
    file("old stuff/letter to ana.doc", 24 * KB),
    file("old stuff/photo.png", 150 * KB),
    file("projects/todo.txt", 420),
    file("projects/website/index.html", 1_024),
];

const fn file(path: &'static str, size: u64) -> DemoFile {
    DemoFile { path, size }
}

/// Deterministic content of `size` bytes for a demo file: readable lines
/// naming the file, so the files are not empty placeholders.
pub fn content(file: &DemoFile) -> Vec<u8> {
    let line = format!("tidyup demo file: {}\n", file.path);
    line.bytes()
        .cycle()
        .take(usize::try_from(file.size).unwrap_or(0))
        .collect()
}
