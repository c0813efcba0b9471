//! The width that tables and listings fit: the terminal's, or 80 columns when the output
//! is not a terminal (a pipe, a file), so that piped output is the same everywhere; long
//! lines broken between words where a terminal would break them mid-word; printing that
//! outlives its reader; and a word quoted for a command line.

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

/// What clears a terminal: the cursor to the top left, then the screen erased.
pub const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J";

/// Columns to fit.
pub fn width() -> usize {
    match crossterm::terminal::size() {
        Ok((columns, _)) if std::io::stdout().is_terminal() && columns > 0 => usize::from(columns),
        _ => 80,
    }
}

/// `text` with each of its `error:` and `help:` lines wider than `width` broken between
/// words (a terminal would break them mid-word), the rest of the message indented under
/// it; other lines (a script's source under its error) as they are.
pub fn wrap_messages(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches('\n');
        if bare.starts_with("error: ") || bare.starts_with("help: ") {
            out.push_str(&fit(bare, width, 2));
            out.push_str(&line[bare.len()..]);
        } else {
            out.push_str(line);
        }
    }
    out
}

/// `text` with each line wider than `width` broken between words (a terminal would break
/// it mid-word), hanging two columns under the line's own indent: the prose of a move
/// played, `auto`, `undo` and the like (not tables, which a break between words would
/// scatter).
pub fn fit_lines(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches('\n');
        let indent = bare.len() - bare.trim_start().len() + 2;
        out.push_str(&fit(bare, width, indent.min(width / 2)));
        out.push_str(&line[bare.len()..]);
    }
    out
}

/// `line` broken between words to fit `width` columns, each line after the first indented
/// by `indent` spaces; as it is when it fits.
pub fn fit(line: &str, width: usize, indent: usize) -> String {
    if line.chars().count() <= width {
        return line.to_owned();
    }
    let hanging = " ".repeat(indent);
    textwrap::fill(
        line,
        textwrap::Options::new(width).subsequent_indent(&hanging),
    )
}

/// A word as a shell (and the REPL's line splitting) reads it back: quoted only where it
/// must be.
pub fn quoted(word: &str) -> String {
    shlex::try_quote(word).map_or_else(|_| word.to_owned(), |q| q.into_owned())
}

#[cfg(test)]
mod tests {
    use super::{fit, fit_lines, wrap_messages};

    #[test]
    fn only_long_error_and_help_lines_are_broken_between_words() {
        let text = "error: move: `at 3,0` is not a legal move here\n   3 | let x = a_long_line_of_source_code_left_whole;\nhelp: legal moves: at 3,1, at 4,1\nplayed\n";
        assert_eq!(
            wrap_messages(text, 30),
            "error: move: `at 3,0` is not a\n  legal move here\n   3 | let x = a_long_line_of_source_code_left_whole;\nhelp: legal moves: at 3,1, at\n  4,1\nplayed\n"
        );
        assert_eq!(wrap_messages(text, 200), text);
    }

    #[test]
    fn a_listed_line_keeps_its_leading_spaces_and_hangs_under_its_text() {
        assert_eq!(
            fit("  1  use Farmyard  Produce grain or livestock", 30, 17),
            "  1  use Farmyard  Produce\n                 grain or\n                 livestock"
        );
    }

    #[test]
    fn a_long_line_of_prose_hangs_under_its_own_indent() {
        let text = "took back 3 moves: fell trees at 1,0, cut peat at 0,0, pass\n  12  use Farmyard at 2,1 with a lay brother\nshort\n";
        assert_eq!(
            fit_lines(text, 30),
            "took back 3 moves: fell trees\n  at 1,0, cut peat at 0,0,\n  pass\n  12  use Farmyard at 2,1 with\n    a lay brother\nshort\n"
        );
        assert_eq!(fit_lines(text, 200), text);
    }
}
