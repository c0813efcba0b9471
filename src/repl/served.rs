//! The REPL while the web table is served. A session is not `Send`, so this thread keeps
//! the game and waits on one channel for both inputs: the lines a reader thread reads
//! (each waits until it has run, so output and prompt keep their order) and the page's
//! questions from the server's threads. What a click played is printed as a typed line's
//! output is; while a line is being edited, through the editor, which redraws it below.

use super::{emit, grammar, table, Console, Lines, Step};
use crate::web::{Answer, Ask, Asked, Table};
use reedline::ExternalPrinter;
use serde_json::json;
use std::sync::mpsc::{self, Receiver, Sender};

/// How many messages may wait for the editor to print them.
const WAITING_MESSAGES: usize = 64;

/// What reaches the REPL's thread.
enum Input {
    /// A line read (`None`: the end of input), and whether to read another once it ran.
    Line(Option<Result<String, String>>, Sender<bool>),
    /// A question from the page.
    Web(Asked),
}

/// The server, and the channel it and the reader send on.
pub struct Served {
    table: Table,
    inputs: Receiver<Input>,
    to_repl: Sender<Input>,
}

impl Served {
    /// Starts the server on 127.0.0.1:`port` (0: a free one).
    pub fn open(port: u16) -> Result<Served, String> {
        let (to_repl, inputs) = mpsc::channel();
        let forward = to_repl.clone();
        let table = Table::serve(
            port,
            Box::new(move |asked| forward.send(Input::Web(asked)).is_ok()),
        )?;
        Ok(Served {
            table,
            inputs,
            to_repl,
        })
    }

    /// Runs the REPL until `quit` or the end of input, answering the page between lines.
    pub fn run(self, console: &mut Console, lines: Lines) {
        self.tell_address(console);
        let printer = console
            .interactive
            .then(|| ExternalPrinter::new(WAITING_MESSAGES));
        let print = printer.as_ref().map(ExternalPrinter::sender);
        let show = move |text: &str| {
            // The editor prints a message as lines of its own.
            let message = text.trim_end().to_owned();
            match &print {
                Some(printer) if !message.is_empty() => {
                    if printer.try_send(message).is_err() {
                        emit(text);
                    }
                }
                Some(_) => {}
                None => emit(text),
            }
        };
        let to_repl = self.to_repl.clone();
        std::thread::spawn(move || read(&lines, printer, &to_repl));
        for input in &self.inputs {
            match input {
                Input::Line(None, _) => break,
                Input::Line(Some(read), go_on) => {
                    let step = console.typed(read);
                    if step.web.is_some() {
                        self.tell_address(console);
                    }
                    self.table.changed();
                    let _ = go_on.send(!step.quit);
                    if step.quit {
                        break;
                    }
                }
                Input::Web(asked) => {
                    let playing = matches!(asked.ask, Ask::Play(_));
                    let answer = answer(console, asked.ask, &show);
                    let _ = asked.reply.send(answer);
                    if playing {
                        self.table.changed();
                    }
                }
            }
        }
    }

    fn tell_address(&self, console: &Console) {
        emit(&console.repl.fitted(format!(
            "the table is at {} (open it in a browser beside this REPL; `web` prints it again)\n",
            self.table.url()
        )));
    }
}

/// Reads lines and sends them to the REPL, one at a time.
fn read(lines: &Lines, printer: Option<ExternalPrinter<String>>, to_repl: &Sender<Input>) {
    let mut source = lines.open(printer);
    loop {
        let read = source.read_line();
        let end = read.is_none();
        let (go_on, asked_on) = mpsc::channel();
        if to_repl.send(Input::Line(read, go_on)).is_err() || end {
            return;
        }
        if asked_on.recv() != Ok(true) {
            return;
        }
    }
}

/// Answers the page: the table, or the move it played.
fn answer(console: &mut Console, ask: Ask, show: &dyn Fn(&str)) -> Answer {
    match ask {
        Ask::State => {
            // A Ctrl-C pressed while nothing ran must not stop the drawing.
            crate::script::interrupt::clear();
            let state = console
                .repl
                .budgeted(|repl| table::state(repl.session_mut()));
            Answer {
                status: 200,
                json: state.to_string(),
            }
        }
        Ask::Play(label) => {
            let label = label.trim();
            if label.is_empty() || label.contains(char::is_control) {
                return played(400, false, "a move's label is one line of text");
            }
            let line = line_for(label);
            show(&format!("{line}    (played on the web table)\n"));
            let step: Step = console.command(&line, show);
            played(200, !step.failed, &plain(&step.output))
        }
    }
}

fn played(status: u16, ok: bool, output: &str) -> Answer {
    Answer {
        status,
        json: json!({ "ok": ok, "output": output }).to_string(),
    }
}

/// The REPL line that plays `label`: the label as typed, or `play` and the label when its
/// first word is a command's name.
fn line_for(label: &str) -> String {
    let first = label.split_whitespace().next().unwrap_or_default();
    if !grammar::is_command(first) {
        return label.to_owned();
    }
    match shlex::try_quote(label) {
        Ok(quoted) => format!("play {quoted}"),
        Err(_) => format!("play {label}"),
    }
}

/// `text` without the terminal's colour escapes (the page has its own look).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // An escape runs to its final letter.
            chars.by_ref().find(char::is_ascii_alphabetic);
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{line_for, plain};

    #[test]
    fn a_label_is_typed_as_is_unless_it_starts_with_a_command() {
        assert_eq!(line_for("0,-1@90"), "0,-1@90");
        assert_eq!(line_for("use Fence at 2,1"), "use Fence at 2,1");
        assert_eq!(line_for("score road@1,0"), "play 'score road@1,0'");
    }

    #[test]
    fn the_page_gets_output_without_colour_escapes() {
        assert_eq!(plain("\u{1b}[31mred\u{1b}[0m 7\n"), "red 7\n");
    }
}
