//! The dry run's overlay keeps what it plans below a folder with that
//! folder, and only that folder: names that merely start alike stay put.

use tidyup::{OverlayFs, SandboxFs};
use tidyup_core::FileSystemExt;

use super::support::World;

fn names(files: &mut OverlayFs<SandboxFs>, folder: &str) -> Vec<String> {
    let mut names: Vec<String> = files
        .list(folder)
        .unwrap()
        .into_iter()
        .map(|entry| entry.name)
        .collect();
    names.sort();
    names
}

#[test]
fn a_planned_folder_moves_with_its_contents_and_alike_names_stay() {
    let world = World::new();
    // Paths as the core hands them to a host: in the platform's separators.
    let at = |name: &str| {
        let path = name
            .split('/')
            .fold(world.target.clone(), |path, part| path.join(part));
        path.to_str().unwrap().to_owned()
    };
    for name in ["one.txt", "two.txt", "three.txt"] {
        std::fs::write(world.target.join(name), name).unwrap();
    }
    let mut files = OverlayFs::new(SandboxFs::new(std::slice::from_ref(&world.target)).unwrap());
    for folder in ["Box", "Box-2", "Box0"] {
        files.create_dir_all(&at(folder)).unwrap();
    }
    files.rename(&at("one.txt"), &at("Box/one.txt")).unwrap();
    files.rename(&at("two.txt"), &at("Box-2/two.txt")).unwrap();
    files
        .rename(&at("three.txt"), &at("Box0/three.txt"))
        .unwrap();
    files.rename(&at("Box"), &at("Moved")).unwrap();

    assert_eq!(names(&mut files, &at("Moved")), ["one.txt"]);
    assert!(files.stat(&at("Box/one.txt")).unwrap().is_none());
    assert_eq!(names(&mut files, &at("Box-2")), ["two.txt"]);
    assert_eq!(names(&mut files, &at("Box0")), ["three.txt"]);
    let digests = files
        .digests(
            &[at("Moved/one.txt"), at("Box/one.txt"), at("Box0/three.txt")],
            None,
        )
        .unwrap();
    assert!(digests[0].is_ok() && digests[1].is_err() && digests[2].is_ok());

    files.remove_dir_all(&at("Moved")).unwrap();
    assert!(files.stat(&at("Moved/one.txt")).unwrap().is_none());
    assert_eq!(names(&mut files, &at("Box0")), ["three.txt"]);
    assert!(world.target.join("one.txt").exists());
}
