//! Turns Rhai's parse and runtime errors into [`Diagnostic`]s that name the script file,
//! line and column of the innermost failure (Rhai wraps errors raised in nested calls),
//! followed by the chain of rule functions that led there.

use crate::diagnostic::Diagnostic;
use rhai::{EvalAltResult, ParseError, Position};
use std::collections::BTreeMap;

/// The merged scripts of a variant, kept to quote failing lines and to tell which file
/// a function comes from (`AST::merge` keeps only one source name for the whole AST).
#[derive(Debug, Clone, Default)]
pub struct Sources {
    /// Script text by file name.
    pub texts: BTreeMap<String, String>,
    /// The file that defines each function name (the last definition wins, as in merge).
    pub function_files: BTreeMap<String, String>,
}

fn located(sources: &Sources, source: &str, pos: Position, message: String) -> Diagnostic {
    let file = if source.is_empty() {
        "<script>"
    } else {
        source
    };
    let d = Diagnostic::new(file, message);
    match (pos.line(), sources.texts.get(source)) {
        (Some(line), Some(text)) => d.at_line(text, line, pos.position().unwrap_or(1)),
        (Some(line), None) => Diagnostic {
            line: Some(line),
            column: pos.position(),
            ..d
        },
        _ => d,
    }
}

/// A syntax error in `source`.
pub fn parse_error(sources: &Sources, source: &str, err: &ParseError) -> Diagnostic {
    located(
        sources,
        source,
        err.position(),
        format!("syntax error: {}", err.err_type()),
    )
    .with_help("fix the script, then `reload` (or run `houserules check`)")
}

/// A runtime error from hook `hook`, located at its innermost frame.
pub fn runtime_error(sources: &Sources, hook: &str, err: &EvalAltResult) -> Diagnostic {
    let mut frames = Vec::new();
    let mut current = err;
    let mut source = String::new();
    loop {
        match current {
            EvalAltResult::ErrorInFunctionCall(name, src, inner, _) => {
                let file = sources.function_files.get(name).unwrap_or(src);
                frames.push((name.clone(), file.clone()));
                source = file.clone();
                current = inner;
            }
            EvalAltResult::ErrorInModule(_, inner, _) => current = inner,
            _ => break,
        }
    }
    if source.is_empty() {
        // The error is in the called function itself.
        source = sources
            .function_files
            .get(hook)
            .cloned()
            .unwrap_or_default();
    }
    let pos = current.position();
    let message = match current {
        EvalAltResult::ErrorTooManyOperations(_) => {
            "the script ran too many operations (an endless loop?)".to_owned()
        }
        EvalAltResult::ErrorTerminated(token, _) if token.to_string() == "interrupted" => {
            "interrupted (Ctrl-C)".to_owned()
        }
        EvalAltResult::ErrorTerminated(..) => {
            "the script ran past its time limit (an endless loop?)".to_owned()
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
    let mut d = located(sources, file, pos, format!("in {hook}(): {message}"));
    let trail: Vec<String> = frames
        .iter()
        .rev()
        .map(|(name, src)| format!("in {name}() of {src}"))
        .collect();
    let mut help =
        String::from("the game is unchanged; fix the script and `reload`, or choose another move");
    if !trail.is_empty() {
        help = format!("{}\n{help}", trail.join("\n"));
    }
    d.help = Some(help);
    d
}
