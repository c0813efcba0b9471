//! The rules folder: `variants/` (manifests and their data) beside `scripts/` (Rhai).
//! Found once at start-up so that `houserules` works from a checkout or from an installed
//! binary next to a copy of the folders. A user's own rules live in a folder of their own
//! (`$XDG_CONFIG_HOME/houserules`, or `--home`/`HOUSERULES_HOME`), with the same two
//! folders, either optional, layered over the shipped ones: a variant or a script is
//! looked for there first, so a house rule never edits the checkout.

use crate::diagnostic::{Diagnostic, Kind};
use crate::vocabulary;
use std::path::{Path, PathBuf};

/// The environment variable that points at the user's rules folder.
pub const HOME_VAR: &str = "HOUSERULES_HOME";

/// The shipped rules folder, and the user's own rules layered over it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Library {
    /// The shipped rules (`variants/` and `scripts/`).
    pub root: PathBuf,
    /// The user's rules folder, when there is one besides the shipped rules.
    pub user: Option<PathBuf>,
    /// The folder `--home` named, when a command run without it would not find these
    /// rules: the commands the program advises repeat it.
    pub home_flag: Option<PathBuf>,
}

impl Library {
    /// Finds the shipped rules (the current folder or one of its parents, else beside the
    /// executable, else this source tree) and the user's folder over them: `explicit`
    /// (`--home`), else `$HOUSERULES_HOME`, else the default one when it exists. A named
    /// folder must exist; when no shipped rules are found, it must hold them all.
    pub fn locate(explicit: Option<&Path>) -> Result<Library, Diagnostic> {
        let from_env = std::env::var_os(HOME_VAR).map(PathBuf::from);
        let home_flag = explicit
            .filter(|dir| from_env.as_deref() != Some(*dir))
            .map(Path::to_path_buf);
        let named = explicit.map(Path::to_path_buf).or(from_env);
        if let Some(dir) = named.as_ref().filter(|d| !d.is_dir()) {
            return Err(Diagnostic::in_file(
                Kind::NotFound,
                dir.display().to_string(),
                "this rules folder does not exist",
            )
            .with_help(format!(
                "point {HOME_VAR} or --home at a folder holding variants/ (and scripts/)"
            )));
        }
        let Some(root) = shipped_rules() else {
            return match named {
                Some(dir) => Ok(Library {
                    home_flag,
                    ..Library::at(&dir)?
                }),
                None => Err(Diagnostic::in_file(
                    Kind::NotFound,
                    ".",
                    "no rules folder (with variants/ and scripts/) found",
                )
                .with_help(format!("run from a houserules checkout, or set {HOME_VAR}"))),
            };
        };
        let user = named
            .or_else(|| default_user_folder().filter(|d| d.is_dir()))
            .filter(|d| !same_folder(d, &root));
        let home_flag = home_flag.filter(|_| user.is_some());
        Ok(Library {
            root,
            user,
            home_flag,
        })
    }

    /// Makes the user's folder `locate` would find (`explicit`, `$HOUSERULES_HOME` or the
    /// default) when it does not exist yet.
    pub fn make_user_folder(explicit: Option<&Path>) -> Result<(), Diagnostic> {
        let named = explicit
            .map(Path::to_path_buf)
            .or_else(|| std::env::var_os(HOME_VAR).map(PathBuf::from));
        let Some(dir) = named.or_else(default_user_folder) else {
            return Ok(());
        };
        std::fs::create_dir_all(&dir).map_err(|e| {
            Diagnostic::in_file(Kind::Io, dir.display().to_string(), e.to_string())
                .with_help("choose a folder you can write with --home")
        })
    }

    /// A library of the rules at `dir` alone, which must hold `variants/` and `scripts/`
    /// (tests use it: they never see a user's folder).
    pub fn at(dir: &Path) -> Result<Library, Diagnostic> {
        if is_library(dir) {
            Ok(Library {
                root: dir.to_path_buf(),
                user: None,
                home_flag: None,
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

    /// The program as a command the user may type to reach these rules again:
    /// `houserules`, with `--home DIR` when that is how they were found.
    pub fn program(&self) -> String {
        program(self.home_flag.as_deref())
    }

    /// Where `new-rule` writes: the user's folder, else the default one.
    pub fn user_folder(&self) -> Option<PathBuf> {
        self.user.clone().or_else(default_user_folder)
    }

    /// The folders looked in, the user's first.
    fn layers(&self) -> impl Iterator<Item = &Path> {
        self.user
            .iter()
            .map(PathBuf::as_path)
            .chain(std::iter::once(self.root.as_path()))
    }

    /// `rel` under `sub` (`scripts` or `variants`) of the first layer holding it, else
    /// of the shipped rules (for the message saying it is missing).
    pub fn layered(&self, sub: &str, rel: &str) -> PathBuf {
        self.layers()
            .map(|l| l.join(sub).join(rel))
            .find(|p| p.exists())
            .unwrap_or_else(|| self.root.join(sub).join(rel))
    }

    /// The `scripts/` folders of the layers, the user's first.
    pub fn scripts_dirs(&self) -> Vec<PathBuf> {
        self.layers().map(|l| l.join("scripts")).collect()
    }

    /// Whether `path` lies in one of the layers.
    pub fn holds(&self, path: &Path) -> bool {
        self.layers().any(|l| path.starts_with(l))
    }

    /// Whether `path` is one of the user's own files.
    pub fn is_users(&self, path: &Path) -> bool {
        self.user.as_ref().is_some_and(|u| path.starts_with(u))
    }

    pub fn variants_dir(&self) -> PathBuf {
        self.root.join("variants")
    }

    pub fn scripts_dir(&self) -> PathBuf {
        self.root.join("scripts")
    }

    /// A path as the user should see it: relative to the rules folder when inside it
    /// (the user's folder for the user's files), with `your ` before a file of the
    /// user's that has a shipped namesake (a script copied to be changed), which the
    /// same relative path would not tell apart from the shipped file.
    pub fn show(&self, path: &Path) -> String {
        let Some(rel) = self.user.as_ref().and_then(|u| path.strip_prefix(u).ok()) else {
            return crate::diagnostic::display_path(path, &self.root);
        };
        let shown = rel.display().to_string();
        if self.root.join(rel).exists() {
            format!("your {shown}")
        } else {
            shown
        }
    }

    /// Every manifest file of the layers' `variants/`, sorted by name; a user's variant
    /// hides a shipped one of the same name.
    pub fn manifest_files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = Vec::new();
        for layer in self.layers() {
            let found = std::fs::read_dir(layer.join("variants"))
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "toml"));
            for path in found {
                if !files.iter().any(|f| f.file_name() == path.file_name()) {
                    files.push(path);
                }
            }
        }
        files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
        files
    }

    /// The manifest file of the variant called `name` (its file is `variants/NAME.toml`,
    /// the user's first).
    pub fn find(&self, name: &str) -> Result<PathBuf, Diagnostic> {
        let path = self.layered("variants", &format!("{name}.toml"));
        if path.is_file() {
            return Ok(path);
        }
        let known: Vec<String> = self
            .manifest_files()
            .iter()
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .collect();
        let words: Vec<&str> = known.iter().map(String::as_str).collect();
        let near = vocabulary::nearest(name, &words);
        let message = vocabulary::suggesting(format!("no variant `{name}`"), near);
        // With a likely name given, the whole list would bury it.
        let which = match near {
            Some(_) => format!(
                "the `variants` command lists all {} with their titles",
                known.len()
            ),
            None => format!("known variants: {}", known.join(", ")),
        };
        let yours = match &self.user {
            Some(folder) => format!("yours are read from {}", folder.display()),
            None => format!(
                "a rule of your own is read from your rules folder, {}, or the one --home DIR or {HOME_VAR} names",
                default_user_folder().map_or("~/.config/houserules".into(), |d| d.display().to_string())
            ),
        };
        Err(
            Diagnostic::in_file(Kind::NotFound, self.show(&self.variants_dir()), message)
                .with_help(format!("{which}; {yours}")),
        )
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

/// The shipped rules: the current folder or one of its parents, else beside the
/// executable, else this source tree.
fn shipped_rules() -> Option<PathBuf> {
    let cwd = std::env::current_dir().ok();
    let exe = std::env::current_exe().ok();
    cwd.iter()
        .chain(exe.iter())
        .flat_map(|p| p.ancestors().map(Path::to_path_buf).collect::<Vec<_>>())
        .chain(std::iter::once(PathBuf::from(env!("CARGO_MANIFEST_DIR"))))
        .find(|dir| is_library(dir))
}

/// The user's rules folder when none is named: `$XDG_CONFIG_HOME/houserules`, else
/// `~/.config/houserules`.
fn default_user_folder() -> Option<PathBuf> {
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(config.join("houserules"))
}

fn same_folder(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// `houserules`, with `--home DIR` (quoted for a shell) when the rules are in `home`.
pub fn program(home: Option<&Path>) -> String {
    match home {
        Some(dir) => format!(
            "houserules --home {}",
            crate::terminal::quoted(&dir.to_string_lossy())
        ),
        None => "houserules".to_owned(),
    }
}
