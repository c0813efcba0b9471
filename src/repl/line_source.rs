//! Where REPL lines come from: reedline at a terminal (history, completion, editing), or
//! plain lines when standard input is a pipe or a file, which is how tests and scripts
//! drive the REPL (reedline does not read piped input).

use super::completion::{SharedWords, WordCompleter};
use reedline::{
    default_emacs_keybindings, ColumnarMenu, DefaultPrompt, DefaultPromptSegment, Emacs,
    ExternalPrinter, FileBackedHistory, History, HistoryItem, KeyCode, KeyModifiers, MenuBuilder,
    Reedline, ReedlineEvent, ReedlineMenu, Signal, SimpleMatchHighlighter,
};
use std::io::BufRead;
use std::path::PathBuf;

/// How many lines typed before the up arrow recalls.
pub const RECALLED: usize = 1000;

/// How to open the REPL's source of lines: the editor at a terminal, plain lines
/// otherwise. Opened again on the reader's thread when the table is served (a source
/// cannot move between threads).
#[derive(Clone)]
pub struct Lines {
    pub interactive: bool,
    pub words: SharedWords,
    /// The history file, whose lines the up arrow recalls.
    pub history_file: Option<PathBuf>,
    pub ansi: bool,
}

impl Lines {
    /// The source; at a terminal, `printer` prints while a line is being edited.
    pub fn open(&self, printer: Option<ExternalPrinter<String>>) -> Box<dyn LineSource> {
        if !self.interactive {
            return Box::new(PlainLines::new(std::io::stdin().lock()));
        }
        let recent = self
            .history_file
            .as_deref()
            .map(|path| super::history::recent(path, RECALLED))
            .unwrap_or_default();
        Box::new(EditorLines::new(
            self.words.clone(),
            &recent,
            self.ansi,
            printer,
        ))
    }
}

/// A source of command lines; `None` at the end of input, `Some(Err(why))` for a line
/// that could not be read (reading goes on after it).
pub trait LineSource {
    fn read_line(&mut self) -> Option<Result<String, String>>;
}

/// Lines from a non-terminal standard input, without prompts.
pub struct PlainLines<R: BufRead> {
    input: R,
    number: usize,
}

impl<R: BufRead> PlainLines<R> {
    pub fn new(input: R) -> Self {
        PlainLines { input, number: 0 }
    }
}

impl<R: BufRead> LineSource for PlainLines<R> {
    fn read_line(&mut self) -> Option<Result<String, String>> {
        let mut bytes = Vec::new();
        match self.input.read_until(b'\n', &mut bytes) {
            Ok(0) => None,
            Ok(_) => {
                self.number += 1;
                Some(String::from_utf8(bytes).map_err(|_| {
                    format!(
                        "input line {} is not valid UTF-8 text; it was skipped",
                        self.number
                    )
                }))
            }
            Err(e) => Some(Err(format!(
                "cannot read input line {}: {e}",
                self.number + 1
            ))),
        }
    }
}

/// The interactive editor.
pub struct EditorLines {
    editor: Reedline,
    prompt: DefaultPrompt,
    /// The web table is served: a move clicked there may be running while a line is
    /// edited.
    serving: bool,
}

impl EditorLines {
    /// `recent`: the lines typed before, for the up arrow (the history file is written
    /// by [`super::history::History`], which keeps what the editor's own would drop).
    /// `ansi`: may the prompt and menus be coloured (not under NO_COLOR)? `printer`: what
    /// others print while a line is edited (the moves played on the web table).
    pub fn new(
        words: SharedWords,
        recent: &[String],
        ansi: bool,
        printer: Option<ExternalPrinter<String>>,
    ) -> EditorLines {
        let mut keybindings = default_emacs_keybindings();
        keybindings.add_binding(
            KeyModifiers::NONE,
            KeyCode::Tab,
            ReedlineEvent::UntilFound(vec![
                ReedlineEvent::Menu("completion_menu".into()),
                ReedlineEvent::MenuNext,
            ]),
        );
        let menu = ColumnarMenu::default().with_name("completion_menu");
        let mut editor = Reedline::create()
            .with_completer(Box::new(WordCompleter(words)))
            // A lone suggestion is inserted without a menu; the completer offers a common
            // prefix as a lone suggestion (see completion.rs).
            .with_quick_completions(true)
            .with_menu(ReedlineMenu::EngineCompleter(Box::new(menu)))
            .with_edit_mode(Box::new(Emacs::new(keybindings)))
            // Typed text keeps the terminal's own colour (the default highlighter paints
            // it white, unreadable on a light background).
            .with_highlighter(Box::new(SimpleMatchHighlighter::default()))
            .with_ansi_colors(ansi);
        if let Ok(mut h) = FileBackedHistory::new(RECALLED) {
            for line in recent {
                let _ = h.save(HistoryItem::from_command_line(line));
            }
            editor = editor.with_history(Box::new(h));
        }
        let serving = printer.is_some();
        if let Some(printer) = printer {
            editor = editor.with_external_printer(printer);
        }
        let prompt = DefaultPrompt::new(
            DefaultPromptSegment::Basic("houserules".into()),
            DefaultPromptSegment::Empty,
        );
        super::typeahead::keep_enter();
        EditorLines {
            editor,
            prompt,
            serving,
        }
    }
}

impl Drop for EditorLines {
    fn drop(&mut self) {
        super::typeahead::restore();
    }
}

impl LineSource for EditorLines {
    fn read_line(&mut self) -> Option<Result<String, String>> {
        loop {
            match self.editor.read_line(&self.prompt) {
                Ok(Signal::Success(line)) => return Some(Ok(line)),
                // Ctrl-C clears the line, as in a shell, and stops a move clicked on the
                // web table that is still running (the editor holds the keys meanwhile;
                // the next command lowers the flag); Ctrl-D leaves.
                Ok(Signal::CtrlC) => {
                    if self.serving {
                        crate::script::interrupt::request();
                    }
                }
                Ok(_) | Err(_) => return None,
            }
        }
    }
}
