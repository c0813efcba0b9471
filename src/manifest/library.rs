//! The rules folder: `variants/` (manifests and their data) beside `scripts/` (Rhai).
//! Found once at start-up so that `houserules` works from a checkout, from an installed
//! binary next to a copy of the folders, or wherever `HOUSERULES_HOME` points.

use crate::diagnostic::{Diagnostic, Kind};
use std::path::{Path, PathBuf};

/// The environment variable that points at a rules folder.
pub const HOME_VAR: &str = "HOUSERULES_HOME";

/// A rules folder holding `variants/` and `scripts/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    pub root: PathBuf,
}

impl Library {
    /// Finds the rules folder: the explicit one, else `$HOUSERULES_HOME`, else the current
    /// folder or one of its parents, else beside the executable, else this source tree.
    pub fn locate(explicit: Option<&Path>) -> Result<Library, Diagnostic> {
        if let Some(dir) = explicit {
            return Library::at(dir);
        }
        if let Some(dir) = std::env::var_os(HOME_VAR) {
            return Library::at(Path::new(&dir));
        }
        let cwd = std::env::current_dir().ok();
        let exe = std::env::current_exe().ok();
        let candidates = cwd
            .iter()
            .chain(exe.iter())
            .flat_map(|p| p.ancestors().map(Path::to_path_buf).collect::<Vec<_>>())
            .chain(std::iter::once(PathBuf::from(env!("CARGO_MANIFEST_DIR"))));
        for dir in candidates {
            if is_library(&dir) {
                return Ok(Library { root: dir });
            }
        }
        Err(Diagnostic::in_file(
            Kind::NotFound,
            ".",
            "no rules folder (with variants/ and scripts/) found",
        )
        .with_help(format!("run from a houserules checkout, or set {HOME_VAR}")))
    }

    /// A library at `dir`, which must hold `variants/`.
    pub fn at(dir: &Path) -> Result<Library, Diagnostic> {
        if is_library(dir) {
            Ok(Library {
                root: dir.to_path_buf(),
            })
        } else {
            Err(Diagnostic::in_file(
                Kind::NotFound,
                dir.display().to_string(),
                "this folder has no variants/ and scripts/ folders",
            )
            .with_help(format!(
                "point {HOME_VAR} or --home at a houserules rules folder"
            )))
        }
    }

    pub fn variants_dir(&self) -> PathBuf {
        self.root.join("variants")
    }

    pub fn scripts_dir(&self) -> PathBuf {
        self.root.join("scripts")
    }

    /// A path as the user should see it: relative to the rules folder when inside it.
    pub fn show(&self, path: &Path) -> String {
        crate::diagnostic::display_path(path, &self.root)
    }

    /// Every manifest file in `variants/`, sorted by name.
    pub fn manifest_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.variants_dir())
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        files
    }

    /// The manifest file of the variant called `name` (its file is `variants/NAME.toml`).
    pub fn find(&self, name: &str) -> Result<PathBuf, Diagnostic> {
        let path = self.variants_dir().join(format!("{name}.toml"));
        if path.is_file() {
            return Ok(path);
        }
        let known: Vec<String> = self
            .manifest_files()
            .iter()
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .collect();
        Err(Diagnostic::in_file(
            Kind::NotFound,
            self.show(&self.variants_dir()),
            format!("no variant `{name}`"),
        )
        .with_help(format!("known variants: {}", known.join(", "))))
    }

    /// Resolves a variant name or a manifest path given by the user.
    pub fn resolve_manifest(&self, name_or_path: &str) -> Result<PathBuf, Diagnostic> {
        let as_path = Path::new(name_or_path);
        if name_or_path.ends_with(".toml") || name_or_path.contains(std::path::MAIN_SEPARATOR) {
            if as_path.is_file() {
                return Ok(as_path.to_path_buf());
            }
            return Err(
                Diagnostic::in_file(Kind::NotFound, name_or_path, "no such manifest file")
                    .with_help("give a variant name (see `houserules variants`) or a .toml path"),
            );
        }
        self.find(name_or_path)
    }
}

fn is_library(dir: &Path) -> bool {
    dir.join("variants").is_dir() && dir.join("scripts").is_dir()
}
