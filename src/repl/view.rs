//! The settings of `show` at this REPL: colours as decided at start, and the terminal's
//! size when standard output is one (read at each `show`: the window may have changed).

use crate::script::ViewOptions;
use std::io::IsTerminal;

/// Plain `show`: what fits the terminal, no legend; no size when output is not a terminal.
pub fn at_terminal(ansi: bool) -> ViewOptions {
    let size = std::io::stdout()
        .is_terminal()
        .then(crossterm::terminal::size)
        .and_then(Result::ok)
        // A terminal that does not know its size says 0 by 0.
        .filter(|&(w, h)| w > 0 && h > 0);
    ViewOptions {
        ansi,
        all: false,
        legend: false,
        width: size.map(|(w, _)| usize::from(w)),
        height: size.map(|(_, h)| usize::from(h)),
    }
}
