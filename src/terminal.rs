//! The width that tables and listings fit: the terminal's, or 80 columns when the output
//! is not a terminal (a pipe, a file), so that piped output is the same everywhere; and
//! printing that outlives its reader; and a word quoted for a command line.

use std::io::{IsTerminal, Write};

/// Prints `text` on standard output. A reader gone (`houserules history | head`, a closed
/// terminal) is no error: there is no one left to tell, and `print!` would panic.
pub fn print(text: &str) {
    write_to(&mut std::io::stdout().lock(), text);
}

/// As [`print`], on standard error.
pub fn print_error(text: &str) {
    write_to(&mut std::io::stderr().lock(), text);
}

fn write_to(out: &mut impl Write, text: &str) {
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Columns to fit.
pub fn width() -> usize {
    match crossterm::terminal::size() {
        Ok((columns, _)) if std::io::stdout().is_terminal() && columns > 0 => usize::from(columns),
        _ => 80,
    }
}

/// A word as a shell (and the REPL's line splitting) reads it back: quoted only where it
/// must be.
pub fn quoted(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| word.to_owned(), |q| q.into_owned())
}
