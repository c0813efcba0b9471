//! Save files: a game is (variant, option overrides, seed, moves), so that is all a save
//! holds, with who chose the moves (so that a game resumed stays honest about it). Loading replays the moves under the current rules. Writes are atomic: a crash
//! mid-save leaves the previous file intact.

use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::OptionSpec;
use crate::players::Run;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The first line of every save file, so a wrong file is recognised at once.
pub const FORMAT: &str = "houserules-save";
/// Bumped when the layout changes incompatibly.
pub const VERSION: i64 = 1;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    pub format: String,
    pub version: i64,
    pub variant: String,
    pub seed: u64,
    /// Option overrides as `key = "value"`, exactly as they were given.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Move labels in the order played.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Who chose the moves, in runs (missing in older saves: unknown).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played_by: Vec<Run>,
    /// Every option's value when the game was saved: if a variant's default changes
    /// later, the save still loads as the game that was played.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub played_with: BTreeMap<String, String>,
    /// The rules folder the game was played from when `--home` named it (nothing else
    /// finds it again): the command that goes on with the game carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<PathBuf>,
}

impl SaveFile {
    /// The same game: variant, seed and options (the moves may differ).
    pub fn same_game(&self, other: &SaveFile) -> bool {
        self.variant == other.variant && self.seed == other.seed && self.options == other.options
    }

    /// The program as the command that reaches the game's rules: `houserules`, with
    /// `--home DIR` when the game was played from a rules folder `--home` named.
    pub fn program(&self) -> String {
        crate::manifest::program(self.rules.as_deref())
    }

    /// The help for a game whose variant `library` lacks: the rules folder the game was
    /// played from, when `--home` named another, with `reach` saying what the program
    /// that finds them does; else `lacking`, the library's own help.
    pub fn help_to_its_rules(
        &self,
        library: &crate::manifest::Library,
        lacking: Option<String>,
        reach: impl Fn(&str) -> String,
    ) -> Option<String> {
        match self.rules.as_deref() {
            Some(rules) if library.home_flag.as_deref() != Some(rules) => Some(format!(
                "it was played from the rules in {}: {}",
                rules.display(),
                reach(&self.program())
            )),
            _ => lacking,
        }
    }

    /// The variant and its options as a command line names them: `VARIANT --set k=v …`.
    pub fn variant_with_options(&self) -> String {
        let options = self.options.iter().map(|(k, v)| format!(" --set {k}={v}"));
        std::iter::once(self.variant.clone())
            .chain(options)
            .collect()
    }

    /// Writes the save to `path`, but never over another game's save or over a file
    /// that is not a save, unless `force`.
    pub fn write_over(&self, path: &Path, force: bool) -> Result<(), Diagnostic> {
        self.refusal(path, force)?;
        self.write(path)
    }

    /// Whether [`write_over`](Self::write_over) would be refused at `path` before any
    /// write is tried: for a command that works long before it saves (`solve`), so the
    /// refusal comes first and the work is not lost.
    pub fn check_over(&self, path: &Path, force: bool) -> Result<(), Diagnostic> {
        self.refusal(path, force)?;
        check_writable(path)
    }

    fn refusal(&self, path: &Path, force: bool) -> Result<(), Diagnostic> {
        // A folder or a device is never replaced, `--force` or not: say so first.
        not_special(path)?;
        if !force && path.exists() {
            let shown = path.display().to_string();
            let help = format!("`save {shown} --force` replaces it, or save under another name");
            match SaveFile::read(path) {
                Ok(old) if old.same_game(self) => {}
                Ok(old) => {
                    return Err(Diagnostic::in_file(
                        Kind::Save,
                        shown,
                        format!(
                            "holds another game ({}, seed {}, {})",
                            old.variant,
                            old.seed,
                            crate::script::words::count(old.moves.len(), "move")
                        ),
                    )
                    .with_help(help))
                }
                Err(_) => {
                    return Err(Diagnostic::in_file(
                        Kind::Save,
                        shown,
                        "exists and is not a houserules save",
                    )
                    .with_help(help))
                }
            }
        }
        Ok(())
    }

    /// The overrides that make this save the game it was: its own, and the saved value
    /// of every option whose default has changed since; with a note for each of those.
    pub fn overrides_under(
        &self,
        specs: &BTreeMap<String, OptionSpec>,
    ) -> (Vec<(String, String)>, Vec<String>) {
        let mut overrides: Vec<(String, String)> = self.options.clone().into_iter().collect();
        let mut notes = Vec::new();
        for (key, value) in &self.played_with {
            if self.options.contains_key(key) {
                continue;
            }
            match specs.get(key) {
                Some(spec) if spec.default.to_string() != *value => {
                    notes.push(format!(
                        "option `{key}` was {value} when this game was saved; its default is now {}: the game goes on with {key}={value}",
                        spec.default
                    ));
                    overrides.push((key.clone(), value.clone()));
                }
                Some(_) => {}
                None => notes.push(format!(
                    "option `{key}` ({value} when this game was saved) no longer exists"
                )),
            }
        }
        (overrides, notes)
    }

    pub fn write(&self, path: &Path) -> Result<(), Diagnostic> {
        let text = toml::to_string(self).map_err(|e| {
            Diagnostic::in_file(
                Kind::Save,
                path.display().to_string(),
                format!("cannot encode the game: {e}"),
            )
        })?;
        write_atomically(path, &text)
    }

    pub fn read(path: &Path) -> Result<SaveFile, Diagnostic> {
        let shown = path.display().to_string();
        let text = read_regular_file(path, "the save file", MAX_SAVE_BYTES)?;
        let help = "this is not a houserules save file, or it was damaged; saves are written by `save FILE`";
        let save: SaveFile = toml::from_str(&text).map_err(|e| {
            let d = Diagnostic::in_file(
                Kind::Save,
                &shown,
                format!("corrupt save file: {}", crate::vocabulary::toml_message(&e)),
            );
            match e.span() {
                Some(s) => d.at_offset(&text, s.start),
                None => d,
            }
            .with_help(help)
        })?;
        if save.format != FORMAT {
            return Err(Diagnostic::in_file(
                Kind::Save,
                &shown,
                format!("not a save file (format = \"{}\")", save.format),
            )
            .with_help(help));
        }
        if save.version != VERSION {
            return Err(Diagnostic::in_file(
                Kind::Save,
                &shown,
                format!(
                    "save file version {} is not supported (this program reads version {VERSION})",
                    save.version
                ),
            )
            .with_help("open it with the houserules version that wrote it"));
        }
        Ok(save)
    }
}

/// The largest save file read: a game of ten thousand moves is far smaller.
const MAX_SAVE_BYTES: u64 = 4 << 20;

/// Reads `what`, a regular file of at most `max` bytes: a device, a pipe or a folder is
/// refused before it is opened for reading (a pipe would block, /dev/zero never ends).
pub fn read_regular_file(path: &Path, what: &str, max: u64) -> Result<String, Diagnostic> {
    let shown = path.display().to_string();
    let cannot = |e: std::io::Error| {
        Diagnostic::in_file(Kind::Io, &shown, format!("cannot read {what}: {e}"))
            .with_help("check the file name")
    };
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        return Err(Diagnostic::in_file(Kind::Io, &shown, "not a regular file")
            .with_help("give the path of a file"));
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_string(&mut text))
        .map_err(cannot)?;
    if text.len() as u64 > max {
        return Err(Diagnostic::in_file(
            Kind::Io,
            &shown,
            format!("the file is larger than {max} bytes"),
        )
        .with_help("this is not a file houserules wrote"));
    }
    Ok(text)
}

/// The folder a file is written in: its parent, or the current folder.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Refuses a picture's file name that does not end in `.svg`: the pictures are SVG, and
/// under another name (`.png`) no viewer would open them. `option` is where the name was
/// given (`render`, `--plot`), so the help shows how to write it.
pub fn svg_name(path: &Path, option: &str) -> Result<(), Diagnostic> {
    if path.extension().and_then(|e| e.to_str()) == Some("svg") {
        return Ok(());
    }
    Err(Diagnostic::about(
        Kind::Usage,
        option,
        format!("`{}` is not an .svg file name", path.display()),
    )
    .with_help(format!(
        "the picture is SVG: write `{option} NAME.svg` (convert it to PNG with any SVG tool)"
    )))
}

/// Whether [`write_atomically`] could write `path`, asked before long work whose result
/// it writes (a run of `sim`, `solve`'s planning): nothing at `path` but a regular file,
/// and a folder that takes a new file.
pub fn check_writable(path: &Path) -> Result<(), Diagnostic> {
    not_special(path)?;
    tempfile::NamedTempFile::new_in(folder_of(path))
        .map(drop)
        .map_err(|e| {
            Diagnostic::in_file(
                Kind::Io,
                path.display().to_string(),
                format!("cannot write a file there: {}", why_not_written(&e, path)),
            )
            .with_help("check that the folder exists, is writable and has room, or write elsewhere")
        })
}

/// Why a file at `path` could not be written, in the user's terms: the folder, not the
/// temporary file beside it that the error names.
fn why_not_written(e: &std::io::Error, path: &Path) -> String {
    let folder = folder_of(path).display();
    match e.kind() {
        std::io::ErrorKind::NotFound => format!("the folder {folder} does not exist"),
        std::io::ErrorKind::PermissionDenied => {
            format!("you may not write in the folder {folder}")
        }
        // `tempfile` wraps the system's error with the temporary file's path: its kind
        // says enough (`no storage space`); an error of its own is told as it is.
        kind if e.get_ref().is_some() => kind.to_string(),
        _ => e.to_string(),
    }
}

/// Writes with `write` at `path`, or, should that fail after all (the folder gone, the
/// disk full), under the same name in `fallback` (the user's data folder), so that long
/// work is not lost; returns where it went, and why there when it is not `path`.
pub fn write_or_fall_back(
    path: &Path,
    fallback: Option<PathBuf>,
    write: impl Fn(&Path) -> Result<(), Diagnostic>,
) -> Result<(PathBuf, Option<String>), Diagnostic> {
    let Err(e) = write(path) else {
        return Ok((path.to_owned(), None));
    };
    let name = path.file_name().unwrap_or(path.as_os_str());
    let other = fallback
        .filter(|dir| std::fs::create_dir_all(dir).is_ok())
        .map(|dir| dir.join(name))
        .filter(|other| other != path && write(other).is_ok());
    match other {
        Some(other) => {
            let why = format!(
                "{}: {}; written to {} instead",
                path.display(),
                e.message,
                other.display()
            );
            Ok((other, Some(why)))
        }
        None => Err(e),
    }
}

/// Refuses anything at `path` that is not a regular file (a folder, a link, a pipe, a
/// device).
fn not_special(path: &Path) -> Result<(), Diagnostic> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            Err(
                Diagnostic::in_file(Kind::Io, path.display().to_string(), "a folder, not a file")
                    .with_help(format!(
                        "name a file in it: {}",
                        path.join("NAME").display()
                    )),
            )
        }
        Ok(meta) if !meta.is_file() => Err(Diagnostic::in_file(
            Kind::Io,
            path.display().to_string(),
            "not a regular file: it is not replaced",
        )
        .with_help("write to a new file name")),
        _ => Ok(()),
    }
}

/// Writes `text` to a new temporary file beside `path` (a unique name, so two writers
/// never share it), then renames it over `path`: a crash mid-write leaves the previous
/// file intact. Anything at `path` that is not a regular file (a link, a pipe, a device)
/// is left alone and refused.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), Diagnostic> {
    let shown = path.display().to_string();
    not_special(path)?;
    let result = (|| {
        let mut tmp = tempfile::NamedTempFile::new_in(folder_of(path))?;
        tmp.write_all(text.as_bytes())?;
        // The temporary file is private; the file it becomes keeps the permissions of the
        // one it replaces, or those of an ordinary new file.
        let permissions = match std::fs::metadata(path) {
            Ok(meta) => meta.permissions(),
            Err(_) => std::fs::Permissions::from_mode(0o644),
        };
        tmp.as_file().set_permissions(permissions)?;
        tmp.as_file().sync_all()?;
        tmp.persist(path).map_err(|e| e.error)?;
        Ok::<(), std::io::Error>(())
    })();
    result.map_err(|e| {
        let why = why_not_written(&e, path);
        Diagnostic::in_file(Kind::Io, &shown, format!("cannot write the file: {why}"))
            .with_help("check that the folder exists, is writable and has room, or write elsewhere")
    })
}

#[cfg(test)]
mod tests {
    use super::why_not_written;
    use std::io::{Error, ErrorKind};
    use std::path::Path;

    #[test]
    fn a_file_not_written_is_explained_by_its_folder_or_the_systems_words() {
        let path = Path::new("/games/out.save");
        let wrapped = |kind| Error::new(kind, "disk trouble at path \"/games/.tmpX\"");
        assert_eq!(
            why_not_written(&wrapped(ErrorKind::NotFound), path),
            "the folder /games does not exist"
        );
        assert_eq!(
            why_not_written(&wrapped(ErrorKind::PermissionDenied), path),
            "you may not write in the folder /games"
        );
        assert_eq!(
            why_not_written(&wrapped(ErrorKind::StorageFull), path),
            "no storage space"
        );
        let plain = Error::from_raw_os_error(28);
        assert_eq!(why_not_written(&plain, path), plain.to_string());
    }
}
