//! One shape for every user-facing error that points into a file: a manifest, a rule
//! script, a data file or a save file. It renders as `file:line:column: message`, the
//! offending source line with a caret under the column, and a hint on what to do, so a
//! player editing a house rule sees at once where and why.

use std::fmt;
use std::path::{Path, PathBuf};

/// An error located in a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, as the user would type it (relative to the rules folder when possible).
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    pub message: String,
    /// The text of the offending line, shown with a caret.
    pub source_line: Option<String>,
    /// What the user can do about it.
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn new(file: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            file: file.into(),
            line: None,
            column: None,
            message: message.into(),
            source_line: None,
            help: None,
        }
    }

    /// Points the diagnostic at a 1-based line and column of `text`, keeping that line.
    pub fn at_line(mut self, text: &str, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self.source_line = text.lines().nth(line.saturating_sub(1)).map(str::to_owned);
        self
    }

    /// Points the diagnostic at a byte offset of `text` (as TOML spans give them).
    pub fn at_offset(self, text: &str, offset: usize) -> Self {
        let (line, column) = line_column(text, offset);
        self.at_line(text, line, column)
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
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
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        write!(f, ": {}", self.message)?;
        if let (Some(line), Some(text)) = (self.line, &self.source_line) {
            let gutter = line.to_string().len();
            write!(f, "\n{:gutter$} |\n{line} | {text}", "")?;
            if let Some(column) = self.column {
                let pad: String = text
                    .chars()
                    .take(column.saturating_sub(1))
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "\n{:gutter$} | {pad}^", "")?;
            }
        }
        if let Some(help) = &self.help {
            write!(f, "\nhelp: {help}")?;
        }
        Ok(())
    }
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
        let d = Diagnostic::new("variants/x.toml", "unknown key `colour`")
            .at_line("name = \"x\"\ncolour = 3\n", 2, 1)
            .with_help("remove the key");
        assert_eq!(
            d.to_string(),
            "variants/x.toml:2:1: unknown key `colour`\n  |\n2 | colour = 3\n  | ^\nhelp: remove the key"
        );
    }
}
