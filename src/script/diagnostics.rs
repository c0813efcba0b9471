//! Turns Rhai's parse and runtime errors into [`Diagnostic`]s that name the script file,
//! line and column of the innermost failure (Rhai wraps errors raised in nested calls),
//! followed by the chain of rule functions that led there.

use super::stopping::Deadline;
use crate::diagnostic::{Diagnostic, Kind};
use rhai::{EvalAltResult, ParseError, Position};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// The merged scripts of a variant, kept to quote failing lines and to tell which file
/// a function comes from (`AST::merge` keeps only one source name for the whole AST).
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// Script text by file name.
    pub texts: BTreeMap<String, String>,
    /// The file that defines each function name (the last definition wins, as in merge).
    pub function_files: BTreeMap<String, String>,
    /// Where imported modules are (`import "house/helpers"`), and the rules folder their
    /// files are shown relative to.
    pub scripts_dir: PathBuf,
    pub root: PathBuf,
    /// The game's own scripts and the bot's, below those a derived variant adds (a
    /// designer's house rules, and the modules they import): an error raised in them
    /// below a designer's function is shown at that function's line.
    pub base: BTreeSet<String>,
}

impl Sources {
    /// The file a failing function came from. A rule function's frame carries the merged
    /// scripts' one source name, so its file is looked up by name, except in a parent
    /// call, whose frame names its layer; any other source is a module imported by path,
    /// whose text is read to quote the line.
    fn file_of(&mut self, function: &str, source: &str) -> String {
        if let Some(file) = source.strip_prefix(super::parent::LAYER_SOURCE) {
            return file.to_owned();
        }
        if source.is_empty() || self.texts.contains_key(source) {
            return self
                .function_files
                .get(function)
                .cloned()
                .unwrap_or_else(|| source.to_owned());
        }
        let path = self.scripts_dir.join(format!("{source}.rhai"));
        let shown = crate::diagnostic::display_path(&path, &self.root);
        if let Ok(text) = std::fs::read_to_string(&path) {
            self.texts.insert(shown.clone(), text);
        }
        shown
    }
}

/// The advice that ends a script's error (a runtime error, or a syntax error met at
/// `reload`), for the REPL, where a game goes on under the rules it had.
pub const AT_THE_REPL: &str = "fix the script and `reload`, or choose another move";

/// `d` with `advice` instead of the REPL's (a rule's error read under `check`, `sim` or
/// `bench`, or as a game starts, where there is no `reload` and no move to choose). The chain of rule
/// functions before it stays.
pub fn advised(d: Diagnostic, advice: &str) -> Diagnostic {
    match d.help.as_deref() {
        Some(help) if help.contains(AT_THE_REPL) => {
            let help = help.replace(AT_THE_REPL, advice);
            d.with_help(help)
        }
        _ => d,
    }
}

/// An error of `kind` at `pos` of script `source`.
fn located(
    sources: &Sources,
    kind: Kind,
    source: &str,
    pos: Position,
    message: String,
) -> Diagnostic {
    let d = Diagnostic::in_file(kind, source, message);
    let text = sources.texts.get(source).map_or("", String::as_str);
    match pos.line() {
        Some(line) => d.at_line(text, line, pos.position().unwrap_or(1)),
        None => d,
    }
}

/// A syntax error in `source`.
pub fn parse_error(sources: &Sources, source: &str, err: &ParseError) -> Diagnostic {
    located(
        sources,
        Kind::Script,
        source,
        err.position(),
        format!("syntax error: {}", err.err_type()),
    )
    .with_help(AT_THE_REPL)
}

/// A runtime error from hook `hook`, located at its innermost frame. Rhai raises a stack
/// overflow with no position and no frames: there the last statement the script ran
/// (known where steps are followed, see `stopping.rs`) locates it. A script stopped by
/// `deadline` (or by Rhai's own limits) is [`Kind::Stopped`].
pub fn runtime_error(
    sources: &Sources,
    hook: &str,
    err: &EvalAltResult,
    deadline: &Deadline,
) -> Diagnostic {
    let mut sources = sources.clone();
    // (function, its file, where its caller called it)
    let mut frames = Vec::new();
    let mut current = err;
    loop {
        match current {
            EvalAltResult::ErrorInFunctionCall(name, src, inner, at) => {
                let file = sources.file_of(name, src);
                frames.push((name.clone(), file, *at));
                current = inner;
            }
            EvalAltResult::ErrorInModule(_, inner, _) => current = inner,
            _ => break,
        }
    }
    // The error is in the called function itself when there is no frame.
    let mut source = match frames.last() {
        Some((_, file, _)) => file.clone(),
        None => sources
            .function_files
            .get(hook)
            .cloned()
            .unwrap_or_default(),
    };
    let mut pos = current.position();
    if let (EvalAltResult::ErrorStackOverflow(_), Some((function, at))) =
        (current, deadline.last_step())
    {
        if let Some(file) = sources.function_files.get(function.as_str()) {
            source = file.clone();
        }
        pos = at;
    }
    // Raised in the game's own scripts below a designer's function: shown at its call
    // there, when the designer's scripts are told apart (a derived variant's).
    let mut raised = None;
    let designers = |(_, f, _): &(String, String, Position)| !sources.base.contains(f);
    if let Some(i) = frames.iter().rposition(designers).filter(|&i| {
        !sources.base.is_empty() && i + 1 < frames.len() && sources.base.contains(&source)
    }) {
        let line = pos.line().map_or(String::new(), |l| format!(":{l}"));
        raised = Some(format!("raised at {source}{line}"));
        source = frames[i].1.clone();
        pos = frames[i + 1].2;
    }
    let kind = match current {
        EvalAltResult::ErrorStackOverflow(_)
        | EvalAltResult::ErrorTooManyOperations(_)
        | EvalAltResult::ErrorDataTooLarge(..)
        | EvalAltResult::ErrorTerminated(..) => Kind::Stopped,
        EvalAltResult::ErrorRuntime(..) if deadline.stopped() => Kind::Stopped,
        _ => Kind::Script,
    };
    let message = match current {
        EvalAltResult::ErrorStackOverflow(_) => {
            "functions called one another too deep (a function that calls itself without end?)"
                .to_owned()
        }
        EvalAltResult::ErrorTooManyOperations(_) => {
            "the script ran too many operations (an endless loop?)".to_owned()
        }
        // The stopper's token is the whole message.
        EvalAltResult::ErrorTerminated(why, _) => why.to_string(),
        EvalAltResult::ErrorRuntime(value, _) if value.is_unit() => {
            "the script threw without a message (`throw` with nothing after it)".to_owned()
        }
        EvalAltResult::ErrorRuntime(value, _) => value.to_string(),
        other => {
            // Rhai appends " (line L, position C)": the location is shown separately.
            let text = other.to_string();
            let suffix = format!(" ({pos})");
            text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
        }
    };
    // An error outside any function (an `eval` line) belongs to the hook's own source.
    let file = if source.is_empty() {
        hook
    } else {
        source.as_str()
    };
    let mut d = located(&sources, kind, file, pos, format!("in {hook}(): {message}"));
    let trail: Vec<String> = raised
        .into_iter()
        .chain(
            frames
                .iter()
                .rev()
                .map(|(name, src, _)| match name.starts_with("anon$") {
                    true => format!("in a closure (`|…| …`) of {src}"),
                    false => format!("in {name}() of {src}"),
                }),
        )
        .collect();
    let mut help = String::from(AT_THE_REPL);
    if !trail.is_empty() {
        help = format!("{}\n{help}", trail.join("\n"));
    }
    d.help = Some(help);
    d
}
