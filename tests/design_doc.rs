//! DESIGN.md's layout is the map a new contributor reads first: it must name every
//! source file and every test module, so a file added or moved without a word there
//! fails here.

use std::path::Path;

/// The layout block of DESIGN.md: the first fenced block after "## Layout".
fn layout() -> String {
    let design =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("DESIGN.md")).unwrap();
    let after = &design[design.find("## Layout").expect("a Layout section")..];
    let block = &after[after.find("```").unwrap() + 3..];
    block[..block.find("```").unwrap()].to_owned()
}

/// The `.rs` files below `dir`, as paths relative to the crate.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_layout_names_every_source_file_and_test_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let layout = layout();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    let missing: Vec<String> = files
        .iter()
        .filter(|p| p.file_name().unwrap() != "mod.rs")
        .filter(|p| {
            let name = p.file_name().unwrap().to_str().unwrap();
            let stem = p.file_stem().unwrap().to_str().unwrap();
            let in_tests = p.strip_prefix(root.join("tests")).is_ok();
            // Source files by file name; test modules by module name.
            !(layout.contains(name) || in_tests && layout.contains(stem))
        })
        .map(|p| p.strip_prefix(root).unwrap().display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "DESIGN.md's layout does not name: {missing:?}"
    );
}
