//! The width that tables and listings fit: the terminal's, or 80 columns when the output
//! is not a terminal (a pipe, a file), so that piped output is the same everywhere.

use std::io::IsTerminal;

/// Columns to fit.
pub fn width() -> usize {
    match crossterm::terminal::size() {
        Ok((columns, _)) if std::io::stdout().is_terminal() && columns > 0 => usize::from(columns),
        _ => 80,
    }
}
