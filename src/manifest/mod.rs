//! Variant manifests: what a variant is made of (scripts, data files, typed options) and
//! how a derived variant inherits from its parent. The TOML is read into [`raw`] types,
//! then checked and resolved in one place into a [`Variant`] that later code trusts.

mod library;
pub mod options;
mod patch;
mod raw;

pub use library::{program, Library, HOME_VAR};
pub use options::{OptionKind, OptionSpec, OptionValue, OptionValues};
pub use patch::entry_at as patch_entry_at;

use crate::diagnostic::{Diagnostic, Kind};
use crate::script::Family;
use raw::{RawData, RawManifest, RawOption};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use toml::Spanned;

/// A rule script of a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptFile {
    pub path: PathBuf,
    /// The path as shown in messages (relative to the rules folder).
    pub shown: String,
}

/// Where a data entry comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum DataSource {
    File(PathBuf),
    /// A table written in the manifest (shown as the manifest's path in messages).
    Inline {
        table: toml::Table,
        manifest: PathBuf,
        /// Where the entry starts in the manifest (a byte offset): errors in the table
        /// point there, since the loaders see the table re-written, not the manifest.
        at: usize,
    },
    /// An inherited entry with the changes a manifest makes to it (`add`, `change`,
    /// `remove`: see `patch`), merged into `table`.
    Patched {
        table: toml::Table,
        base: Box<DataSource>,
        manifest: PathBuf,
        /// Where the changes start in the manifest (a byte offset).
        at: usize,
        written: patch::Written,
    },
}

/// A manifest with its `extends` chain followed and every path and option checked.
#[derive(Debug, Clone)]
pub struct Variant {
    pub name: String,
    pub title: String,
    pub description: String,
    /// The family of primitives the manifest's `game` names, found once here.
    pub family: &'static dyn Family,
    pub manifest: PathBuf,
    /// Ancestors' names, nearest first.
    pub parents: Vec<String>,
    /// In merge order: the root ancestor's scripts first.
    pub scripts: Vec<ScriptFile>,
    /// How many of `scripts` are the root ancestor's (the game's own); the rest are
    /// house rules of derived variants, which `check` lints.
    pub root_scripts: usize,
    /// How many of `scripts`, at the end, the variant's own manifest adds (`check` names
    /// those of its functions that its games never ran).
    pub own_scripts: usize,
    pub data: BTreeMap<String, DataSource>,
    pub options: BTreeMap<String, OptionSpec>,
    pub library: Library,
}

impl Variant {
    /// Loads the variant named `name_or_path` (a name in `variants/`, or a manifest path).
    pub fn load(library: &Library, name_or_path: &str) -> Result<Variant, Diagnostic> {
        let path = library.resolve_manifest(name_or_path)?;
        load_chain(library, &path, &mut Vec::new())
    }

    /// SHA-256 of what the manifests set that changes a game: each option's default and
    /// range, and each data table (a data file's text, or an inline table); help texts
    /// and layout do not count. Records compare it with the shipped variant's
    /// (`records::shipped`). A data file that cannot be read counts as empty.
    pub fn fingerprint(&self) -> String {
        let mut hasher = Sha256::new();
        let mut field = |text: &str| {
            // Length first, so that text moving from one field to the next changes the hash.
            hasher.update((text.len() as u64).to_le_bytes());
            hasher.update(text.as_bytes());
        };
        for (name, spec) in &self.options {
            field(name);
            field(&spec.default.to_string());
            field(&format!("{:?}", spec.kind));
        }
        for (key, source) in &self.data {
            field(key);
            match source {
                DataSource::File(path) => field(&std::fs::read_to_string(path).unwrap_or_default()),
                DataSource::Inline { table, .. } | DataSource::Patched { table, .. } => {
                    field(&table.to_string())
                }
            }
        }
        hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

/// A manifest file's text and parsed content, kept together for error positions.
struct Parsed {
    path: PathBuf,
    shown: String,
    text: String,
    raw: RawManifest,
    /// Where each line starts: a manifest of thousands of options finds each one's line
    /// by a search, not by counting from the top (which made loading quadratic).
    line_starts: Vec<usize>,
}

impl Parsed {
    /// The 1-based line of byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset)
    }

    fn error<T>(&self, spanned: &Spanned<T>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::in_file(Kind::Manifest, &self.shown, message)
            .at_offset(&self.text, spanned.span().start)
    }
}

fn parse(library: &Library, path: &Path) -> Result<Parsed, Diagnostic> {
    let shown = library.show(path);
    let text = std::fs::read_to_string(path).map_err(|e| {
        Diagnostic::in_file(Kind::Io, &shown, format!("cannot read the manifest: {e}"))
            .with_help("check the file name and that the file is readable")
    })?;
    let raw: RawManifest = toml::from_str(&text).map_err(|e| {
        let d = Diagnostic::in_file(Kind::Manifest, &shown, crate::vocabulary::toml_message(&e));
        let d = match e.span() {
            Some(span) => d.at_offset(&text, span.start),
            None => d,
        };
        d.with_help("see variants/README.md for the keys a manifest may have")
    })?;
    let line_starts = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    Ok(Parsed {
        path: path.to_path_buf(),
        shown,
        text,
        raw,
        line_starts,
    })
}

fn load_chain(
    library: &Library,
    path: &Path,
    visiting: &mut Vec<PathBuf>,
) -> Result<Variant, Diagnostic> {
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    visiting.push(canonical);
    let file = parse(library, path)?;
    let raw = &file.raw;
    let mut variant = match &raw.extends {
        Some(parent) => {
            let parent_path = find_parent(library, &file, parent)?;
            let parent_canonical = parent_path.canonicalize().unwrap_or(parent_path.clone());
            if visiting.contains(&parent_canonical) {
                let names: Vec<String> = visiting.iter().map(|p| library.show(p)).collect();
                return Err(file
                    .error(
                        parent,
                        format!(
                            "`extends` makes a cycle: {} -> {}",
                            names.join(" -> "),
                            library.show(&parent_path)
                        ),
                    )
                    .with_help("a variant cannot extend itself or one of its descendants"));
            }
            let mut v = load_chain(library, &parent_path, visiting)?;
            v.parents.insert(0, v.name.clone());
            v
        }
        None => {
            let game = raw.game.as_ref().ok_or_else(|| {
                file.error(&raw.name, "this manifest has neither `game` nor `extends`")
                    .with_help(format!(
                        "add `game = \"FAMILY\"`, a family of primitives ({}), or `extends = \"VARIANT\"`",
                        crate::games::names()
                    ))
            })?;
            let family = crate::games::find(game.get_ref()).ok_or_else(|| {
                file.error(game, format!("no game family `{}`", game.get_ref()))
                    .with_help(format!(
                        "`game` names a family of primitives: {} (DESIGN.md, 'Families')",
                        crate::games::names()
                    ))
            })?;
            Variant {
                name: String::new(),
                title: String::new(),
                description: String::new(),
                family,
                manifest: PathBuf::new(),
                parents: Vec::new(),
                scripts: Vec::new(),
                root_scripts: 0,
                own_scripts: 0,
                data: BTreeMap::new(),
                options: BTreeMap::new(),
                library: library.clone(),
            }
        }
    };
    apply(&file, &mut variant)?;
    if raw.extends.is_none() {
        variant.root_scripts = variant.scripts.len();
    }
    visiting.pop();
    Ok(variant)
}

/// A variant is found by its file name, so `name` must be the file's name.
fn check_name(file: &Parsed) -> Result<(), Diagnostic> {
    let name = file.raw.name.get_ref();
    let stem = file
        .path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned());
    if name.is_empty() {
        return Err(file
            .error(&file.raw.name, "`name` is empty")
            .with_help(format!("write name = \"{}\"", stem.unwrap_or_default())));
    }
    match stem {
        Some(stem) if &stem != name => Err(file
            .error(
                &file.raw.name,
                format!("`name = \"{name}\"` differs from the file name `{stem}.toml`"),
            )
            .with_help(format!(
                "variants are found by file name: write name = \"{stem}\", or rename the file to {name}.toml"
            ))),
        _ => Ok(()),
    }
}

fn find_parent(
    library: &Library,
    file: &Parsed,
    parent: &Spanned<String>,
) -> Result<PathBuf, Diagnostic> {
    let name = parent.get_ref();
    if Path::new(name).components().count() > 1 || Path::new(name).is_absolute() {
        return Err(file
            .error(
                parent,
                format!("`extends = \"{name}\"` is a path: it names a variant"),
            )
            .with_help(
                "write the parent's name, as `houserules variants` lists it: `extends = \"NAME\"`",
            ));
    }
    let sibling = file
        .path
        .parent()
        .unwrap_or(Path::new("."))
        .join(format!("{name}.toml"));
    if sibling.is_file() {
        return Ok(sibling);
    }
    library.find(parent.get_ref()).map_err(|e| {
        file.error(
            parent,
            format!("`extends` names an unknown variant `{}`", parent.get_ref()),
        )
        .with_help(e.help.unwrap_or_default())
    })
}

/// Applies one manifest file on top of what its ancestors gave.
fn apply(file: &Parsed, variant: &mut Variant) -> Result<(), Diagnostic> {
    let raw = &file.raw;
    if let Some(game) = &raw.game {
        if game.get_ref() != variant.family.name() {
            return Err(file.error(
                game,
                format!(
                    "`game = \"{}\"` differs from the parent's `{}`",
                    game.get_ref(),
                    variant.family.name()
                ),
            ));
        }
    }
    check_name(file)?;
    variant.name = raw.name.get_ref().clone();
    // An untitled house rule is shown as what it changes: "the parent's title — name".
    variant.title = match &raw.title {
        Some(title) => title.clone(),
        None if variant.title.is_empty() => variant.name.clone(),
        None => format!("{} — {}", variant.title, variant.name),
    };
    if let Some(d) = &raw.description {
        variant.description = d.clone();
    }
    variant.manifest = file.path.clone();
    let library = variant.library.clone();
    variant.own_scripts = raw.scripts.len();
    for script in &raw.scripts {
        let path = resolve_path(file, &library, script, "scripts", script.get_ref())?;
        if !path.is_file() {
            return Err(file
                .error(script, format!("script `{}` not found (looked at {})", script.get_ref(), library.show(&path)))
                .with_help("script paths are relative to scripts/, or to this manifest when they start with ./"));
        }
        variant.scripts.push(ScriptFile {
            shown: library.show(&path),
            path,
        });
    }
    for (key, entry) in &raw.data {
        let source = match entry.get_ref() {
            RawData::Inline(table) if patch::is_patch(table) => {
                patched(file, &library, key, entry, table, variant.data.get(key))?
            }
            RawData::Inline(table) => DataSource::Inline {
                table: table.clone(),
                manifest: file.path.clone(),
                at: entry.span().start,
            },
            RawData::File(rel) => {
                let path = resolve_path(file, &library, entry, "variants", rel)?;
                if !path.is_file() {
                    return Err(file
                        .error(entry, format!("data file `{rel}` for `{key}` not found"))
                        .with_help("data paths are relative to variants/, or to this manifest when they start with ./"));
                }
                DataSource::File(path)
            }
        };
        variant.data.insert(key.clone(), source);
    }
    for (name, option) in &raw.options {
        let inherited = variant.options.get(name);
        if inherited.is_none() && option.get_ref().help.is_none() {
            let known: Vec<&str> = variant.options.keys().map(String::as_str).collect();
            return Err(file
                .error(option, options::unknown(name, &known))
                .with_help(format!(
                "known options: {}; a new option needs `default`, `help`, and `range` or `choices`",
                if known.is_empty() { "none".to_owned() } else { known.join(", ") }
            )));
        }
        if inherited.is_none() && variant.options.len() == MAX_OPTIONS {
            return Err(file
                .error(option, format!("too many options: `{name}` would be option {} of this variant", MAX_OPTIONS + 1))
                .with_help(format!("a variant has at most {MAX_OPTIONS} options (with those it inherits); fold related ones into one option with `choices`")));
        }
        let spec = merge_option(file, name, option, inherited)?;
        variant.options.insert(name.clone(), spec);
    }
    Ok(())
}

/// The inherited entry `key` with the changes `patch` written at `entry` of `file`.
fn patched(
    file: &Parsed,
    library: &Library,
    key: &str,
    entry: &Spanned<RawData>,
    patch: &toml::Table,
    inherited: Option<&DataSource>,
) -> Result<DataSource, Diagnostic> {
    let base = inherited.ok_or_else(|| {
        file.error(entry, format!("[data.{key}] changes entries, but no parent has `{key}`"))
            .with_help(format!("`add`, `change` and `remove` change an inherited table: extend a variant with `{key}`, or write the whole table"))
    })?;
    let table = match base {
        DataSource::File(path) => {
            let shown = library.show(path);
            let text = std::fs::read_to_string(path).map_err(|e| {
                Diagnostic::in_file(Kind::Io, &shown, format!("cannot read the data file: {e}"))
            })?;
            toml::from_str(&text).map_err(|e| {
                let d =
                    Diagnostic::in_file(Kind::Data, &shown, crate::vocabulary::toml_message(&e));
                match e.span() {
                    Some(span) => d.at_offset(&text, span.start),
                    None => d,
                }
            })?
        }
        DataSource::Inline { table, .. } | DataSource::Patched { table, .. } => table.clone(),
    };
    let (table, written) = patch::apply(&table, patch, &file.text, key, entry.span().start)
        .map_err(|e| {
            Diagnostic::in_file(Kind::Manifest, &file.shown, e.message)
                .at_offset(&file.text, e.at)
                .with_help(e.help)
        })?;
    Ok(DataSource::Patched {
        table,
        base: Box::new(base.clone()),
        manifest: file.path.clone(),
        at: entry.span().start,
        written,
    })
}

/// The most options a variant may have: far more than a game needs, and a bound on what
/// a mistyped or generated manifest can make every game carry (the options are handed
/// to the scripts as one map).
const MAX_OPTIONS: usize = 1_000;

/// A path written in a manifest: relative to the manifest when it starts with `./` or
/// `../`, else under `sub` (`scripts` or `variants`) of the user's rules or the shipped
/// ones, the user's first. It may not be absolute, nor climb with `..` out of the rules
/// folders: a variant shared with others must not read files elsewhere on their machine.
fn resolve_path(
    file: &Parsed,
    library: &Library,
    at: &Spanned<impl Sized>,
    sub: &str,
    rel: &str,
) -> Result<PathBuf, Diagnostic> {
    let refuse = |why: &str| {
        Err(file
            .error(at, format!("`{rel}` {why}"))
            .with_help("write paths relative to scripts/ or variants/ (or to this manifest with ./), inside the rules folder"))
    };
    if Path::new(rel).is_absolute() {
        return refuse("is an absolute path");
    }
    let path = if rel.starts_with("./") || rel.starts_with("../") {
        file.path.parent().unwrap_or(Path::new(".")).join(rel)
    } else {
        library.layered(sub, rel)
    };
    let climbs = Path::new(rel)
        .components()
        .any(|c| c == Component::ParentDir);
    if climbs && !library.holds(&lexical(&path)) {
        return refuse("leads out of the rules folder");
    }
    Ok(path)
}

/// `path` with `.` and `..` worked out without asking the file system.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Builds an option from its own entry, on top of the inherited one when there is one.
fn merge_option(
    file: &Parsed,
    name: &str,
    option: &Spanned<RawOption>,
    inherited: Option<&OptionSpec>,
) -> Result<OptionSpec, Diagnostic> {
    let raw = option.get_ref();
    let at = |span: &std::ops::Range<usize>, message: String| {
        Diagnostic::in_file(
            Kind::Manifest,
            &file.shown,
            format!("option `{name}`: {message}"),
        )
        .at_offset(&file.text, span.start)
    };
    let line = file.line_of(option.span().start);
    let defined_in = format!("{}:{line}", file.shown);
    let default = match (&raw.default, inherited) {
        (Some(v), _) => Some((
            toml_to_option(v.get_ref()).map_err(|m| at(&v.span(), m))?,
            v.span(),
        )),
        (None, Some(_)) => None,
        (None, None) => {
            return Err(
                at(&option.span(), "a new option needs a `default`".into()).with_help(
                    "give it a default value; its type (number, true/false, word) follows from it",
                ),
            )
        }
    };
    if let (Some(range), Some(_)) = (&raw.range, &raw.choices) {
        return Err(at(
            &range.span(),
            "an option has a `range` (a whole number) or `choices` (a word), not both".into(),
        ));
    }
    let kind = if let Some(range) = &raw.range {
        let &[min, max] = range.get_ref().as_slice() else {
            return Err(at(
                &range.span(),
                format!(
                    "`range` takes two numbers, [min, max], not {:?}",
                    range.get_ref()
                ),
            ));
        };
        if min > max {
            return Err(at(&range.span(), format!("range [{min}, {max}] is empty")));
        }
        if let Some(OptionKind::Int {
            min: low,
            max: high,
        }) = inherited.map(|s| &s.kind)
        {
            if min < *low || max > *high {
                return Err(at(
                    &range.span(),
                    format!("range [{min}, {max}] widens the inherited range [{low}, {high}] ({})", inherited.map_or("", |s| s.defined_in.as_str())),
                )
                .with_help("a variant may narrow an option's range, not widen it: the rules were written for those values (a new option with its own name and rules can go further)"));
            }
        }
        OptionKind::Int { min, max }
    } else if let Some(choices) = &raw.choices {
        let list = choices.get_ref();
        let twice = (1..list.len()).find(|&i| list[..i].contains(&list[i]));
        if let Some(i) = twice {
            return Err(at(
                &choices.span(),
                format!("choice `{}` is listed twice", list[i]),
            ));
        }
        let known = match inherited.map(|s| &s.kind) {
            Some(OptionKind::Choice(known)) => known.as_slice(),
            _ => &[],
        };
        let added = list.iter().find(|c| !known.contains(c));
        if let (Some(new), Some(spec), true) = (added, inherited, file.raw.scripts.is_empty()) {
            return Err(at(
                &choices.span(),
                format!("choice `{new}` is not one of the inherited choices ({}; {}), and this variant adds no script to read it", known.join(", "), spec.defined_in),
            )
            .with_help("a variant may leave choices out; one that adds a choice adds the rule for it (a script), or it would play as another"));
        }
        OptionKind::Choice(list.clone())
    } else if let Some(spec) = inherited {
        spec.kind.clone()
    } else {
        match &default {
            Some((OptionValue::Int(_), span)) => {
                return Err(at(
                    span,
                    "a whole-number option needs a `range = [min, max]`".into(),
                ))
            }
            Some((OptionValue::Text(_), span)) => {
                return Err(at(span, "a text option needs `choices = [...]`".into()))
            }
            _ => OptionKind::Bool,
        }
    };
    let (default, default_span) = match default {
        Some((v, span)) => (v, span),
        None => (
            inherited
                .map(|s| s.default.clone())
                .unwrap_or(OptionValue::Bool(false)),
            option.span(),
        ),
    };
    let spec = OptionSpec {
        name: name.to_owned(),
        default,
        kind,
        help: raw
            .help
            .clone()
            .or_else(|| inherited.map(|s| s.help.clone()))
            .unwrap_or_default(),
        defined_in,
    };
    spec.check(&spec.default)
        .map_err(|why| at(&default_span, format!("default: {why}")))?;
    Ok(spec)
}

fn toml_to_option(value: &toml::Value) -> Result<OptionValue, String> {
    match value {
        toml::Value::Integer(i) => Ok(OptionValue::Int(*i)),
        toml::Value::Boolean(b) => Ok(OptionValue::Bool(*b)),
        toml::Value::String(s) => Ok(OptionValue::Text(s.clone())),
        other => Err(format!(
            "a default must be a whole number, true/false or text, not {}",
            other.type_str()
        )),
    }
}
