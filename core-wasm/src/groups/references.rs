//! Files that name other files, read where it is cheap: a playlist its
//! tracks (`.m3u`, `.m3u8`, `.pls`), a cue sheet its audio, a Wavefront
//! model its material library and a material library its textures
//! (`mtllib`, `map_Kd` …), a glTF model its buffers and images (`"uri"`),
//! a checksum list the files it checks (`md5sum`'s and `sha256sum`'s
//! lines, BSD's `MD5 (name) = …`, `.sfv`, `.ffp`). The files named travel
//! with the file naming them (`Groups::form_with`). Pure: the host's
//! bytes are read by the tools ([`REFERENCE_BYTES`] of each).

/// Bytes of a file's head read for the names it holds.
pub const REFERENCE_BYTES: u64 = 16 * 1024;

/// A file naming more files than this is no set (a whole disc's or
/// folder's checksums): it names none.
const MOST_NAMED: usize = 64;

/// Endings (lowercase) of the files that name others.
const NAMERS: [&str; 14] = [
    "m3u", "m3u8", "pls", "cue", "mtl", "obj", "gltf", "md5", "sha1", "sha256", "sha512", "sfv",
    "ffp", "st5",
];

/// Whether a file of this name (lowercase) may name other files.
pub fn names_others(lower: &str) -> bool {
    lower
        .rsplit_once('.')
        .is_some_and(|(stem, ending)| !stem.is_empty() && NAMERS.contains(&ending))
}

/// The names of the files that the file `name` (a playlist, cue sheet,
/// model, checksum list) names in `text`, without their folders, each
/// once; none when it names more than [`MOST_NAMED`].
pub fn named_in(name: &str, text: &str) -> Vec<String> {
    let ending = name
        .rsplit_once('.')
        .map(|(_, ending)| ending.to_lowercase())
        .unwrap_or_default();
    let mut named: Vec<String> = Vec::new();
    // A glTF file is JSON, its `uri`s anywhere on a line.
    let pieces: Vec<&str> = match ending.as_str() {
        "gltf" => text.split("\"uri\"").skip(1).collect(),
        _ => text.lines().map(str::trim).collect(),
    };
    for piece in pieces {
        let Some(path) = path_in(&ending, piece) else {
            continue;
        };
        let base = path.rsplit(['/', '\\']).next().unwrap_or(path).trim();
        if !base.is_empty() && base != name && !named.iter().any(|known| known == base) {
            named.push(base.to_owned());
        }
        if named.len() > MOST_NAMED {
            return Vec::new();
        }
    }
    named
}

/// The path one line of a file of `ending` names, if any.
fn path_in<'l>(ending: &str, line: &'l str) -> Option<&'l str> {
    if line.is_empty() {
        return None;
    }
    match ending {
        "m3u" | "m3u8" => (!line.starts_with('#') && !line.contains("://")).then_some(line),
        "pls" => {
            let (key, value) = line.split_once('=')?;
            let file = key.get(..4)?.eq_ignore_ascii_case("file");
            (file && !value.contains("://")).then_some(value)
        }
        "cue" => {
            let rest = line.strip_prefix("FILE ")?.trim();
            match rest.strip_prefix('"') {
                Some(quoted) => quoted.split('"').next(),
                None => rest.split_whitespace().next(),
            }
        }
        "mtl" => {
            let mut words = line.split_whitespace();
            let key = words.next()?.to_lowercase();
            let map = key.starts_with("map_")
                || ["bump", "disp", "decal", "norm", "refl"].contains(&key.as_str());
            map.then(|| words.last()).flatten()
        }
        "obj" => line.strip_prefix("mtllib ").map(str::trim),
        "gltf" => {
            let value = line.trim_start().strip_prefix(':')?.trim_start();
            let uri = value.strip_prefix('"')?.split('"').next()?;
            (!uri.starts_with("data:") && !uri.contains("://")).then_some(uri)
        }
        "sfv" => {
            let (file, _crc) = line.rsplit_once(char::is_whitespace)?;
            (!line.starts_with(';')).then_some(file.trim())
        }
        "ffp" | "st5" => line.rsplit_once(':').map(|(file, _)| file),
        _ => checksum_line(line),
    }
}

/// The file a checksum line names: `HASH  NAME`, `HASH *NAME` (GNU), or
/// `ALGO (NAME) = HASH` (BSD).
fn checksum_line(line: &str) -> Option<&str> {
    if let Some(open) = line.find(" (")
        && let Some(close) = line.rfind(") = ")
        && open < close
    {
        return Some(&line[open + 2..close]);
    }
    let (hash, rest) = line.split_once(char::is_whitespace)?;
    let hex = hash.len() >= 32 && hash.chars().all(|c| c.is_ascii_hexdigit());
    hex.then(|| rest.trim_start().trim_start_matches('*'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_file_names_its_files() {
        assert_eq!(
            named_in(
                "Road Trip.m3u",
                "#EXTM3U\n#EXTINF:1,x\nMusic/Dreams.mp3\nhttp://radio/x\n"
            ),
            ["Dreams.mp3"]
        );
        assert_eq!(
            named_in(
                "a.pls",
                "[playlist]\nFile1=C:\\Music\\One.flac\nTitle1=One\n"
            ),
            ["One.flac"]
        );
        assert_eq!(
            named_in("a.cue", "FILE \"Kind of Blue.flac\" WAVE\n"),
            ["Kind of Blue.flac"]
        );
        assert_eq!(
            named_in("crate.obj", "mtllib crate.mtl\nv 0 0 0\n"),
            ["crate.mtl"]
        );
        assert_eq!(
            named_in(
                "crate.mtl",
                "newmtl wood\nmap_Kd textures/wood.png\nbump -bm 1 wood_n.png\n"
            ),
            ["wood.png", "wood_n.png"]
        );
        assert_eq!(
            named_in(
                "h.gltf",
                "{\"buffers\":[{\"uri\": \"h.bin\"}],\n\"images\":[{\"uri\":\"data:x\"}]}"
            ),
            ["h.bin"]
        );
        let md5 = "d41d8cd98f00b204e9800998ecf8427e  gd77d1t01.flac\nd41d8cd98f00b204e9800998ecf8427e *gd77d1t02.flac\n";
        assert_eq!(
            named_in("gd77.md5", md5),
            ["gd77d1t01.flac", "gd77d1t02.flac"]
        );
        assert_eq!(
            named_in("x.sha256", "SHA256 (ubuntu.iso) = ab12\n"),
            ["ubuntu.iso"]
        );
        assert_eq!(
            named_in("x.sfv", "; comment\ntrack 01.flac 1A2B3C4D\n"),
            ["track 01.flac"]
        );
        assert_eq!(named_in("x.ffp", "t01.flac:0123abcd\n"), ["t01.flac"]);
        assert!(names_others("gd77.md5") && !names_others("notes.txt") && !names_others(".m3u"));
    }

    #[test]
    fn a_gltf_names_every_uri_of_a_line() {
        assert_eq!(
            named_in(
                "h.gltf",
                r#"{"buffers":[{"uri":"a.bin"}],"images":[{"uri":"b.png"}]}"#
            ),
            ["a.bin", "b.png"]
        );
    }

    #[test]
    fn a_file_naming_too_many_names_none() {
        let many: String = (0..100)
            .map(|i| format!("{i:032x}  file{i}.iso\n"))
            .collect();
        assert!(named_in("SHA256SUMS.sha256", &many).is_empty());
    }
}
