//! One shape for every user-facing error: its [`Kind`], for code and tests to match on;
//! where it is, a file and a line in it, or the command, flag or name it is about; what
//! went wrong and what to do. It renders as `file:line:column: message`, the offending
//! source line with a caret under the column, and a hint on what to do, so a player
//! editing a house rule sees at once where and why.

use std::fmt;
use std::path::{Path, PathBuf};

/// What went wrong, for code and tests to match on (the message says it for people).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A move the rules refuse now: not a legal one, or the game is over.
    Refused,
    /// `undo` with no move played.
    NothingToUndo,
    /// `redo` with no move taken back.
    NothingToRedo,
    /// A move of a log, save or record that the rules no longer accept when it is replayed.
    NoLongerLegal,
    /// A script stopped before it ended: a limit reached (operations, time, memory, call
    /// depth, size) or Ctrl-C.
    Stopped,
    /// A command, flag or value typed wrong, or a command that cannot run now.
    Usage,
    /// Something named that is not there: a variant, a manifest, a bot, a recorded game.
    NotFound,
    /// A manifest (or another file of settings) that is wrong.
    Manifest,
    /// A rule or bot script: a syntax error, an error while it ran, or a hook's answer of
    /// the wrong shape.
    Script,
    /// A variant's data: a data file or table the family or the rules refuse.
    Data,
    /// A save file, or a file a save would replace.
    Save,
    /// The games database.
    Records,
    /// A simulation results file (the shards of a run).
    Results,
    /// A file that cannot be read or written, or another call to the system that failed.
    Io,
}

impl Kind {
    /// What an error of this kind is shown under when it points at no file and no name.
    fn noun(self) -> &'static str {
        match self {
            Kind::Refused => "move",
            Kind::NothingToUndo => "undo",
            Kind::NothingToRedo => "redo",
            Kind::NoLongerLegal => "replay",
            Kind::Stopped => "stopped",
            Kind::Usage => "usage",
            Kind::NotFound => "not found",
            Kind::Manifest => "manifest",
            Kind::Script => "script",
            Kind::Data => "data",
            Kind::Save => "save",
            Kind::Records => "games database",
            Kind::Results => "results",
            Kind::Io => "file",
        }
    }
}

/// A place in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file, as the user would type it (relative to the rules folder when possible).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// The text of the offending line, shown with a caret.
    pub source_line: Option<String>,
}

/// What an error points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    File(Location),
    /// What the error is about when no file is: a command (`save`), a flag (`--set`), a
    /// variant or a bot.
    Named(String),
}

/// A user-facing error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub kind: Kind,
    /// Where it is; without one it is shown under its kind's noun (`move: …`).
    pub target: Option<Target>,
    pub message: String,
    /// What the user can do about it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error that points nowhere in particular.
    pub fn new(kind: Kind, message: impl Into<String>) -> Self {
        Diagnostic {
            kind,
            target: None,
            message: message.into(),
            help: None,
        }
    }

    /// An error in `file` (as the user would type it), not yet at a line.
    pub fn in_file(kind: Kind, file: impl Into<String>, message: impl Into<String>) -> Self {
        let location = Location {
            file: file.into(),
            line: None,
            column: None,
            source_line: None,
        };
        Diagnostic {
            target: Some(Target::File(location)),
            ..Diagnostic::new(kind, message)
        }
    }

    /// An error about `name`: a command, a flag, a variant or a bot.
    pub fn about(kind: Kind, name: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            target: Some(Target::Named(name.into())),
            ..Diagnostic::new(kind, message)
        }
    }

    /// Points an error in a file at a 1-based line and column of `text` (the file's
    /// text), keeping that line to show.
    pub fn at_line(mut self, text: &str, line: usize, column: usize) -> Self {
        if let Some(Target::File(location)) = &mut self.target {
            location.line = Some(line);
            location.column = Some(column);
            location.source_line = text.lines().nth(line.saturating_sub(1)).map(str::to_owned);
        }
        self
    }

    /// Points an error in a file at a byte offset of `text` (as TOML spans give them).
    pub fn at_offset(self, text: &str, offset: usize) -> Self {
        let (line, column) = line_column(text, offset);
        self.at_line(text, line, column)
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The same error, its message after `what` (`game 3: …`), to say which of several
    /// things it is about.
    pub fn within(mut self, what: impl fmt::Display) -> Self {
        self.message = format!("{what}: {}", self.message);
        self
    }

    /// The place in a file the error points at, if it points into one.
    pub fn location(&self) -> Option<&Location> {
        match &self.target {
            Some(Target::File(location)) => Some(location),
            _ => None,
        }
    }

    /// The file the error points into, if any.
    pub fn file(&self) -> Option<&str> {
        self.location().map(|l| l.file.as_str())
    }

    /// A script stopped (a limit, or Ctrl-C) where no line was followed: see
    /// [`crate::script::Limits::locate`].
    pub fn stopped_without_line(&self) -> bool {
        self.kind == Kind::Stopped && self.location().and_then(|at| at.line).is_none()
    }
}

/// Converts a byte offset into a 1-based (line, column), counting columns in characters.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Shows `path` relative to `base` when it lies below it, so messages stay short.
pub fn display_path(path: &Path, base: &Path) -> String {
    path.strip_prefix(base)
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| PathBuf::from(path))
        .display()
        .to_string()
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.target {
            Some(Target::File(at)) => {
                write!(f, "{}", at.file)?;
                if let Some(line) = at.line {
                    write!(f, ":{line}")?;
                    if let Some(column) = at.column {
                        write!(f, ":{column}")?;
                    }
                }
            }
            Some(Target::Named(name)) => write!(f, "{name}")?,
            None => write!(f, "{}", self.kind.noun())?,
        }
        write!(f, ": {}", self.message)?;
        if let Some(at) = self.location() {
            write_source_line(f, at)?;
        }
        if let Some(help) = &self.help {
            write!(f, "\nhelp: {help}")?;
        }
        Ok(())
    }
}

/// The offending line under a gutter of its number, with a caret under the column.
fn write_source_line(f: &mut fmt::Formatter<'_>, at: &Location) -> fmt::Result {
    let (Some(line), Some(text)) = (at.line, &at.source_line) else {
        return Ok(());
    };
    let gutter = line.to_string().len();
    write!(f, "\n{:gutter$} |\n{line} | {text}", "")?;
    if let Some(column) = at.column {
        let pad: String = text
            .chars()
            .take(column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "\n{:gutter$} | {pad}^", "")?;
    }
    Ok(())
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let text = "a = 1\nbb = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        assert_eq!(line_column(text, 9), (2, 4));
    }

    #[test]
    fn renders_file_line_caret_and_help() {
        let d = Diagnostic::in_file(Kind::Manifest, "variants/x.toml", "unknown key `colour`")
            .at_line("name = \"x\"\ncolour = 3\n", 2, 1)
            .with_help("remove the key");
        assert_eq!(
            d.to_string(),
            "variants/x.toml:2:1: unknown key `colour`\n  |\n2 | colour = 3\n  | ^\nhelp: remove the key"
        );
        assert_eq!(d.location().and_then(|at| at.line), Some(2));
    }

    #[test]
    fn an_error_in_no_file_is_shown_under_its_name_or_its_kind() {
        let d = Diagnostic::about(Kind::Usage, "--set", "unknown option `x`").at_line("x", 1, 1);
        assert_eq!(d.to_string(), "--set: unknown option `x`");
        assert_eq!(d.file(), None);
        let d = Diagnostic::new(Kind::NothingToUndo, "there is no move to undo").within("game 3");
        assert_eq!(d.to_string(), "undo: game 3: there is no move to undo");
    }
}
