//! The names a group takes in the folder it moves to: its own, or, when
//! one of them is taken there, all with the same ` (n)` at the same place,
//! so the members still match one another (`Film (2).mp4` with
//! `Film (2).en.srt`, `x (2).z01` with `x (2).zip`).

/// Characters that end the shared part of a group's names.
const BOUNDARIES: [char; 3] = ['.', '_', '-'];

/// The names `names` (a group's members) take in a folder where
/// `taken(name)` says whether a name is used: their own when all are
/// free; else each with ` (n)` inserted where their shared stem ends, for
/// the first n that frees them all; `None` when they share no stem (then
/// each is named on its own).
pub fn group_names(names: &[&str], taken: &dyn Fn(&str) -> bool) -> Option<Vec<String>> {
    if !names.iter().any(|name| taken(name)) {
        return Some(names.iter().map(|name| (*name).to_owned()).collect());
    }
    let cut = shared_stem(names)?;
    (2..).find_map(|n| {
        let renamed: Vec<String> = names
            .iter()
            .map(|name| {
                let (head, tail) = name.split_at(byte_index(name, cut));
                format!("{head} ({n}){tail}")
            })
            .collect();
        (!renamed.iter().any(|name| taken(name))).then_some(renamed)
    })
}

/// The number of characters of the longest stem all `names` share (in
/// any letter case) that each follows with a boundary (`.`, `_`, `-`).
fn shared_stem(names: &[&str]) -> Option<usize> {
    let chars: Vec<Vec<char>> = names.iter().map(|name| name.chars().collect()).collect();
    let first = chars.first()?;
    let same = |i: usize| {
        chars.iter().all(|name| {
            name.get(i)
                .is_some_and(|c| c.to_lowercase().eq(first[i].to_lowercase()))
        })
    };
    let common = (0..first.len()).take_while(|&i| same(i)).count();
    (1..=common).rev().find(|&i| {
        chars
            .iter()
            .all(|name| name.get(i).is_some_and(|c| BOUNDARIES.contains(c)))
    })
}

/// The byte index of character `chars` of `name`.
fn byte_index(name: &str, chars: usize) -> usize {
    name.char_indices()
        .nth(chars)
        .map_or(name.len(), |(index, _)| index)
}
