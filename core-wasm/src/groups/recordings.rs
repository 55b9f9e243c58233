//! A Zoom cloud recording's files: the video, its audio alone and its
//! transcript, all named after the meeting's start in UTC
//! (`GMT20240402-093000_Recording_1920x1080.mp4`,
//! `GMT20240402-093000_Recording.m4a`,
//! `GMT20240402-093000_Recording.transcript.vtt`; Zoom support, "Cloud
//! recording file types"). Their stems differ, so the companions' rule of
//! one stem does not join them: the meeting's prefix does.

use std::collections::HashMap;

use foldhash::fast::RandomState;

use super::{NameFacts, Related, Role};
use crate::file_type::Category;

/// The meeting a Zoom recording's file belongs to: its lowercased name's
/// `gmtYYYYMMDD-HHMMSS_recording` prefix.
fn meeting(lower: &str) -> Option<&str> {
    let prefix = lower.get(..28)?;
    let bytes = prefix.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
    let zoom = prefix.starts_with("gmt")
        && digits(3..11)
        && bytes[11] == b'-'
        && digits(12..18)
        && prefix.ends_with("_recording");
    zoom.then_some(prefix)
}

/// The recordings among `files` with two files or more: the video is the
/// main file (else the audio), the others follow it.
pub(super) fn groups(files: &[(&str, &NameFacts)]) -> Vec<Related> {
    let mut by_meeting: HashMap<&str, Vec<(&str, &NameFacts)>, RandomState> = HashMap::default();
    for (name, facts) in files {
        if let Some(key) = meeting(&facts.lower) {
            by_meeting.entry(key).or_default().push((name, facts));
        }
    }
    let rank = |facts: &NameFacts| match facts.kind() {
        Category::Videos => 0,
        Category::Audio => 1,
        Category::Documents
        | Category::Images
        | Category::Code
        | Category::Archives
        | Category::Installers
        | Category::ThreeD
        | Category::Other => 2,
    };
    let mut formed = Vec::new();
    for (_, mut files) in by_meeting.into_iter().filter(|(_, files)| files.len() > 1) {
        files.sort_by(|a, b| (rank(a.1), a.0).cmp(&(rank(b.1), b.0)));
        let (main, facts) = files[0];
        if rank(facts) == 2 {
            continue;
        }
        let members = files[1..].iter().map(|(name, facts)| {
            let role = match facts.follower {
                Some(super::companions::Follower::Subtitle) => Role::Subtitle,
                Some(_) | None => Role::Companion,
            };
            ((*name).to_owned(), role)
        });
        formed.push(Related {
            main: main.to_owned(),
            kind_name: main.to_owned(),
            members: members.collect(),
        });
    }
    formed
}

#[cfg(test)]
mod tests {
    use super::meeting;

    #[test]
    fn a_meeting_is_named_by_its_start() {
        let name = "gmt20240402-093000_recording_1920x1080.mp4";
        assert_eq!(meeting(name), Some("gmt20240402-093000_recording"));
        assert_eq!(meeting("gmt20240402-093000_recording.m4a"), meeting(name));
        assert_eq!(meeting("gmt2024040-0930000_recording.m4a"), None);
        assert_eq!(meeting("recording.mp4"), None);
    }
}
