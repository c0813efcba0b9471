//! The width that tables and listings fit: the terminal's, or 80 columns when the output
//! is not a terminal (a pipe, a file), so that piped output is the same everywhere; long
//! lines broken between words where a terminal would break them mid-word; printing that
//! outlives its reader; and a word quoted for a command line.

use std::io::{IsTerminal, Write};
use textwrap::core::display_width;

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
    each_line(text, |line| {
        match line.starts_with("error: ") || line.starts_with("help: ") {
            true => fit(line, width, 2),
            false => line.to_owned(),
        }
    })
}

/// `text`, prose about to go to standard output (a listing, a report in words): at a
/// terminal broken between words at its width ([`fit_lines`]), through a pipe whole.
pub fn fit_output(text: &str) -> String {
    match std::io::stdout().is_terminal() {
        true => fit_lines(text, width()),
        false => text.to_owned(),
    }
}

/// `text`, an error about to go to standard error, with its long `error:` and `help:`
/// lines broken between words when standard error is a terminal (see [`wrap_messages`]).
pub fn fit_error(text: &str) -> String {
    match error_width() {
        Some(width) => wrap_messages(text, width),
        None => text.to_owned(),
    }
}

/// The width of the terminal that standard error goes to, if it goes to one.
pub fn error_width() -> Option<usize> {
    match crossterm::terminal::size() {
        Ok((columns, _)) if std::io::stderr().is_terminal() && columns > 0 => {
            Some(usize::from(columns))
        }
        _ => None,
    }
}

/// `text` with each line wider than `width` broken between words (a terminal would break
/// it mid-word): a line of columns (`variants`' names and titles, `auto`'s moves and what
/// they did) hangs under its last column, another two columns under its own indent. Not for drawings, wide
/// tables or data, which a break between words would scatter.
pub fn fit_lines(text: &str, width: usize) -> String {
    each_line(text, |line| fit(line, width, hanging_indent(line, width)))
}

/// `text` with each of its lines (without its line end) replaced by `redo`'s.
fn each_line(text: &str, redo: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches('\n');
        out.push_str(&redo(bare));
        out.push_str(&line[bare.len()..]);
    }
    out
}

/// Where the rest of `line` goes once broken, in columns (colours take none): under its
/// last column, the text after its last gap of two spaces or more, when that leaves it
/// 20 columns of `width`; else two columns in from its own indent.
fn hanging_indent(line: &str, width: usize) -> usize {
    let text = line.trim_start();
    let indent = line.len() - text.len();
    let column = text
        .rfind("  ")
        .map(|gap| display_width(&line[..line.len() - text[gap..].trim_start().len()]));
    match column {
        Some(column) if column + 20 <= width => column,
        _ => indent + 2,
    }
}

/// `line` broken between words to fit `width` columns, each line after the first indented
/// by `indent` spaces; as it is when it fits.
pub fn fit(line: &str, width: usize, indent: usize) -> String {
    if display_width(line) <= width {
        return line.to_owned();
    }
    fill(line, width, "", &" ".repeat(indent))
}

/// `text` in lines of at most `width` columns, broken between words, the first line
/// starting with `first` and the others with `rest`. A word is never broken: not a name
/// at its hyphens (`my-house-rule-variant`), nor a path longer than the width, which a
/// terminal then wraps and still copies whole.
pub fn fill(text: &str, width: usize, first: &str, rest: &str) -> String {
    let options = textwrap::Options::new(width)
        .initial_indent(first)
        .subsequent_indent(rest)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .break_words(false);
    textwrap::fill(text, options)
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
            fit("  1  use Workshop  Produce bread or chocolate", 30, 17),
            "  1  use Workshop  Produce\n                 bread or\n                 chocolate"
        );
    }

    #[test]
    fn a_long_line_hangs_under_its_own_indent_or_its_last_column() {
        let text = "took back 3 moves: draw cards at 1,0, take one at 0,0, pass\n  you use Workshop at 2,1 with a new partner\nshort\n";
        assert_eq!(
            fit_lines(text, 32),
            "took back 3 moves: draw cards at\n  1,0, take one at 0,0, pass\n  you use Workshop at 2,1 with a\n    new partner\nshort\n"
        );
        assert_eq!(fit_lines(text, 200), text);
        let listed = "big-bank-rule   Bookkeeping, The Bankroll, hard";
        assert_eq!(
            fit_lines(listed, 40),
            "big-bank-rule   Bookkeeping, The\n                Bankroll, hard"
        );
        assert_eq!(
            fit_lines(
                "  3  2 wood (the joker)  you take 2 wood; round 2 of 31",
                50
            ),
            "  3  2 wood (the joker)  you take 2 wood; round 2\n                         of 31",
            "a line of three columns goes on under the last"
        );
        assert_eq!(
            fit_lines(listed, 30),
            "big-bank-rule   Bookkeeping,\n  The Bankroll, hard",
            "under 20 columns for the title, it goes on two columns in"
        );
    }

    #[test]
    fn punctuation_beyond_ascii_takes_one_column() {
        // A dash and an ellipsis are one column wide at a terminal: counted as two, a line
        // holding one broke early and hung a column too far.
        let line = "  convert \u{2026}  a conversion at any time (grain to straw, coins)";
        assert_eq!(
            fit_lines(line, 44),
            "  convert \u{2026}  a conversion at any time (grain\n             to straw, coins)"
        );
        let title = "Pig \u{2014} a dice game \u{2014} solo";
        assert_eq!(fit_lines(title, 24), title, "24 columns fit it whole");
    }

    #[test]
    fn a_word_is_never_broken() {
        assert_eq!(
            fit(
                "with helpers scripts/bots/my-house-rule/_evaluation.rhai",
                40,
                2
            ),
            "with helpers\n  scripts/bots/my-house-rule/_evaluation.rhai"
        );
    }

    #[test]
    fn colours_take_no_columns() {
        let green = "\x1b[32mgreen\x1b[0m";
        let line = format!("  12  {green}  scores 4 for the road at 0,-1");
        assert_eq!(fit(&line, 42, 2), line);
        assert_eq!(
            fit_lines(&format!("{line} with 2 markers\n"), 40),
            format!("  12  {green}  scores 4 for the road at\n             0,-1 with 2 markers\n")
        );
    }
}
