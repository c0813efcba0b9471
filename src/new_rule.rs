//! `houserules new-rule NAME --from VARIANT`: the start of a house rule in the user's own
//! rules folder, so that it never edits the shipped rules: a manifest that extends
//! VARIANT, with its options and data tables listed for a house rule made of TOML alone,
//! and an empty rule file, which lists the rules of the game it may replace.

use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::{Library, Variant};
use crate::script::api::rule_hooks;
use crate::terminal;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes NAME's manifest and rule file; says where and what to do next.
pub fn write(library: &Library, name: &str, from: &str) -> Result<String, Diagnostic> {
    check_name(name)?;
    if let Ok(existing) = library.find(name) {
        return Err(Diagnostic::about(
            Kind::Usage,
            "new-rule",
            format!(
                "a variant `{name}` exists already ({})",
                library.show(&existing)
            ),
        )
        .with_help("choose another name"));
    }
    let base = Variant::load(library, from)?;
    let folder = library.user_folder().ok_or_else(|| {
        Diagnostic::about(Kind::Usage, "new-rule", "no folder for your rules")
            .with_help("set HOUSERULES_HOME or --home to a folder for your own rules")
    })?;
    let script_rel = format!("house/{name}.rhai");
    let manifest = folder.join("variants").join(format!("{name}.toml"));
    let script = folder.join("scripts").join(&script_rel);
    let files: Vec<PathBuf> = base.scripts.iter().map(|s| s.path.clone()).collect();
    let hooks = rule_hooks::read_files(&files).unwrap_or_default();
    let program = library.program();
    create(&script, &rule_text(name, &base, &hooks, &program))?;
    create(&manifest, &manifest_text(name, &base, &script_rel))?;
    Ok(format!(
        "wrote {} and {}\nwrite your rule in {}, then `{program} check {name}` and `{program} play {name}`\n",
        manifest.display(),
        script.display(),
        script.display()
    ))
}

/// A variant name is a file name others can type: lower-case letters, digits and `-`.
fn check_name(name: &str) -> Result<(), Diagnostic> {
    let fine = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if fine {
        return Ok(());
    }
    Err(Diagnostic::about(
        Kind::Usage,
        "new-rule",
        format!("`{name}` cannot name a variant"),
    )
    .with_help("use lower-case letters, digits and `-`: my-house-rule"))
}

fn manifest_text(name: &str, base: &Variant, script: &str) -> String {
    format!(
        "# {name}: a house rule on {from} (written by `houserules new-rule`).\n\
         name = \"{name}\"\n\
         title = \"{title} — {name}\"\n\
         description = \"{from} with a house rule: say here what it changes.\"\n\
         extends = \"{from}\"\n\
         scripts = [\"{script}\"]    # after {from}'s own: its functions replace theirs\n\
         {options}{data}",
        from = base.name,
        title = base.title,
        options = options_text(base),
        data = data_text(base),
    )
}

/// The variant's options as lines to uncomment, each at its default: a house rule that
/// only changes defaults needs no script.
fn options_text(base: &Variant) -> String {
    if base.options.is_empty() {
        return String::new();
    }
    let mut out = format!(
        "\n# {}'s options, for other defaults (uncomment a line and change its value):\n",
        base.name
    );
    for spec in base.options.values() {
        // As TOML writes it: a choice quoted, a number or a switch bare.
        let value = toml::Value::try_from(&spec.default)
            .map_or_else(|_| spec.default.to_string(), |v| v.to_string());
        // A help of several lines would end the comment: it is written on one.
        let help = spec.help.split_whitespace().collect::<Vec<_>>().join(" ");
        out += &format!("# options.{}.default = {value}    # {help}\n", spec.name);
    }
    out
}

/// The variant's data tables, and how to change one entry without restating its table.
fn data_text(base: &Variant) -> String {
    if base.data.is_empty() {
        return String::new();
    }
    let keys: Vec<&str> = base.data.keys().map(String::as_str).collect();
    format!(
        "\n# Its data tables ({}): change one entry, named by its id or name, as\n\
         # variants/README.md shows (\"Changing data entries without restating the table\"):\n\
         # [data.KEY.change.ID]\n\
         # FIELD = VALUE\n",
        keys.join(", ")
    )
}

/// How wide the rule file's comments are, as the shipped scripts are written.
const COMMENT_WIDTH: usize = 100;

fn rule_text(name: &str, base: &Variant, hooks: &[rule_hooks::RuleHook], program: &str) -> String {
    let mut out = comment(
        &format!(
            "{name}: a house rule on {from}. A function defined here replaces the rule of \
             the same name; `this.parent(\"name\", [args])` runs the one it replaces (see \
             scripts/README.md, \"Composing rules\"). `{program} check {name}` tries it.",
            from = base.name,
        ),
        "// ",
        "// ",
    );
    out += "//\n";
    if hooks.is_empty() {
        let shown: Vec<&str> = base.scripts.iter().map(|s| s.shown.as_str()).collect();
        out += &comment(
            &format!(
                "Its scripts ({}) mark no function as a rule (`/// rule:`): any of theirs may \
                 be replaced.",
                shown.join(", ")
            ),
            "// ",
            "// ",
        );
    } else {
        let intro = format!("The rules of {} a house rule may replace:", base.name);
        out += &comment(&intro, "// ", "// ");
    }
    for h in hooks {
        let first = format!("//   {:<32} ", h.call);
        out += &comment(
            &h.doc,
            &first,
            &format!("//{}", " ".repeat(first.len() - 2)),
        );
    }
    out
}

/// `text` as comment lines of at most [`COMMENT_WIDTH`] columns, the first starting with
/// `first`, the others with `rest`.
fn comment(text: &str, first: &str, rest: &str) -> String {
    terminal::fill(text, COMMENT_WIDTH, first, rest) + "\n"
}

/// Writes a new file (never over an existing one), with its folder.
fn create(path: &Path, text: &str) -> Result<(), Diagnostic> {
    let fail = |e: std::io::Error| {
        Diagnostic::in_file(Kind::Save, path.display().to_string(), e.to_string())
            .with_help("choose another name, or check the folder can be written")
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(fail)?;
    }
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(fail)?;
    file.write_all(text.as_bytes()).map_err(fail)
}
