//! What the REPL's commands do to the game in hand: draw it, list and play its moves, let
//! a bot play, take moves back and play them again, score, save, export, render, reload
//! and simulate it. `Repl` (commands.rs) parses the line and finds the game.

use super::narration::{game_over, next_question, played, story};
use super::progress;
use crate::bot;
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::Library;
use crate::picture;
use crate::records::GameRecord;
use crate::script::api::fields::kept_by_host;
use crate::script::words::count;
use crate::script::{interrupt, Limits, ViewOptions};
use crate::session::{Session, STEP};
use crate::sheet::Sheet;
use crate::sim::SimArgs;
use std::fmt::Write;
use std::path::Path;

pub(super) fn show(session: &mut Session, options: &ViewOptions) -> Result<String, Diagnostic> {
    let view = session.view(options)?;
    let mut out = view.unwrap_or_else(|| own_fields(session));
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&game_over(session, options.ansi)?);
    Ok(out)
}

/// What `show` prints of rules without a `view()`: the state's fields one a line, as
/// the scripts' `to_string()` gives them, but the host's (options, seed, generator, data,
/// events), which are alike in every game.
fn own_fields(session: &Session) -> String {
    let state = session.state();
    let Some(map) = state.read_lock::<rhai::Map>() else {
        return format!("{state}\n");
    };
    let mut out = "the rules define no `view()`; the game's fields:\n".to_owned();
    for (name, value) in map.iter().filter(|(name, _)| !kept_by_host(name)) {
        let _ = writeln!(out, "  {name}: {}", session.rules().shown(value));
    }
    out
}

/// The legal moves, numbered, each with what it would do when the rules say; at a
/// terminal (`columns`), a long line is broken between words under its text.
pub(super) fn list_moves(
    session: &mut Session,
    ansi: bool,
    columns: Option<usize>,
) -> Result<String, Diagnostic> {
    let moves = session.moves()?;
    if moves.is_empty() {
        return game_over(session, ansi);
    }
    let mut out = String::new();
    if let Some(question) = session.question()? {
        let _ = writeln!(out, "{question}");
    }
    let width = moves
        .iter()
        .map(|m| m.label.chars().count())
        .max()
        .unwrap_or(0);
    for (i, m) in moves.iter().enumerate() {
        match session.describe(m)? {
            Some(text) => {
                let line = format!("{:>3}  {:<width$}  {text}", i + 1, m.label);
                // Hanging under the text; no deeper than half the width when labels are long.
                let line = match columns {
                    Some(columns) => {
                        crate::terminal::fit(&line, columns, (width + 7).min(columns / 2))
                    }
                    None => line,
                };
                let _ = writeln!(out, "{line}");
            }
            None => {
                let _ = writeln!(out, "{:>3}  {}", i + 1, m.label);
            }
        }
    }
    Ok(out)
}

pub(super) fn play(session: &mut Session, choice: &str, ansi: bool) -> Result<String, Diagnostic> {
    let before = session.moves_played();
    let label = session.play(choice)?;
    played(session, &label, before, ansi)
}

/// `auto`: the bot's moves, each told on one line unless `told` is `None` (`--quiet`;
/// else whether the lines may be coloured).
pub(super) fn auto(
    session: &mut Session,
    limit: Option<usize>,
    bot_name: &str,
    limits: Limits,
    told: Option<bool>,
) -> Result<String, Diagnostic> {
    let ansi = told.unwrap_or(false);
    let before = session.moves_played();
    // Seeded by the game and its length, so `auto` from the same position repeats.
    let seed = session
        .seed()
        .wrapping_mul(31)
        .wrapping_add(session.moves_played() as u64);
    let source = bot::find(session.variant(), bot_name)?;
    // The bot does not follow each statement to name a line: Rhai's debugger copies
    // every argument of every call, and a bot's are whole games (four times the time).
    // A bot stopped without a line is asked again, following them, to name it.
    let unlocated = Limits {
        locate: false,
        ..limits
    };
    let mut bot = source.load(session.variant(), unlocated)?.start(seed);
    let played = match progress::auto(session, bot.as_mut(), limit) {
        Err(e) if limits.locate && e.stopped_without_line() && !interrupt::requested() => {
            let mut located = source.load(session.variant(), limits)?.start(seed);
            let moves = session.moves()?;
            return Err(located.choose(session.state(), &moves).err().unwrap_or(e));
        }
        played => played?,
    };
    let story = match told {
        Some(ansi) => story(session, before, ansi),
        None => String::new(),
    };
    Ok(format!(
        "{story}{} played {} ({})\n{}",
        bot.name(),
        count(played.len(), "move"),
        bot::catalog::provenance(&source.files_shown()),
        game_over(session, ansi)?
    ))
}

/// `undo N`: the last `n` moves taken back, named when few; `undo`: the last move as it
/// was typed (a move typed whole, all its steps).
pub(super) fn undo(session: &mut Session, n: Option<usize>) -> Result<String, Diagnostic> {
    let taken = match n {
        Some(n) => session.take_back(n)?,
        None => session.take_back_line()?,
    };
    Ok(match taken.as_slice() {
        [one] => format!("took back {one}\n"),
        _ if n.is_none() => format!("took back `{}`\n", taken.join(STEP)),
        _ if taken.len() <= TAKEN_NAMED => format!(
            "took back {} moves: {}\n",
            taken.len(),
            taken
                .iter()
                .map(|m| format!("`{m}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => format!(
            "took back {} moves: the game stands {} (`redo` or `redo N` plays them again, told)\n",
            taken.len(),
            match session.moves_played() {
                0 => "at its start".to_owned(),
                k => format!("after move {k}"),
            }
        ),
    })
}

/// The most moves `undo N` names one by one.
const TAKEN_NAMED: usize = 5;

/// `redo [N]`: the next `n` moves taken back played again (as many as wait; without
/// `n`, the next move as it was typed, all the steps of a move typed whole), told as
/// `auto` tells its moves, then the next question: one move or many, told one way.
pub(super) fn redo(
    session: &mut Session,
    n: Option<usize>,
    ansi: bool,
) -> Result<String, Diagnostic> {
    let before = session.moves_played();
    session.redo()?;
    let more = |session: &Session| match n {
        Some(n) => session.moves_played() - before < n && session.can_redo() > 0,
        None => session.redo_continues_line(),
    };
    while more(session) {
        session.redo()?;
    }
    Ok(format!(
        "{}played again {}\n{}{}",
        story(session, before, ansi),
        count(session.moves_played() - before, "move"),
        next_question(session)?,
        game_over(session, ansi)?
    ))
}

/// `sim …` on the game's variant and options (the game itself is not touched).
pub(super) fn sim(
    session: &Session,
    args: &SimArgs,
    library: &Library,
    db: Option<&Path>,
) -> Result<String, Diagnostic> {
    crate::sim::sim(
        library,
        session.variant().clone(),
        session.overrides(),
        args,
        true,
        db,
    )
}

/// The score sheet now: the result so far and how it is made.
pub(super) fn score(session: &mut Session, ansi: bool) -> Result<String, Diagnostic> {
    Ok(Sheet::of(session)?.text(ansi))
}

/// Writes the finished game's record to a file, for when the database cannot take it.
pub(super) fn export(session: &mut Session, file: &Path) -> Result<String, Diagnostic> {
    if session.over()?.is_none() {
        return Err(Diagnostic::about(
            Kind::Usage,
            "export",
            "the game is not over: only a finished game has a record",
        )
        .with_help("`save FILE` keeps a game in progress; `auto` plays it to the end"));
    }
    GameRecord::of_session(session)?.export(file)?;
    Ok(format!("wrote the game's record to {}\n", file.display()))
}

/// `render FILE.svg`: only an SVG name, so a picture never lands in a `.png` file.
pub(super) fn render(session: &mut Session, file: &Path) -> Result<String, Diagnostic> {
    crate::save::svg_name(file, "render")?;
    picture::write_svg(session, file)?;
    Ok(format!("wrote {}\n", file.display()))
}

pub(super) fn save(session: &Session, file: &Path, force: bool) -> Result<String, Diagnostic> {
    session.save(file, force)?;
    Ok(format!(
        "saved {} to {}\n",
        count(session.moves_played(), "move"),
        file.display()
    ))
}

pub(super) fn reload(session: &mut Session, ansi: bool) -> Result<String, Diagnostic> {
    let report = session.reload()?;
    let mut out = format!(
        "reloaded {}: replayed {}\n",
        session.variant().name,
        count(report.replayed, "move")
    );
    if let Some(r) = report.rejected {
        let (n, label, why) = (r.number, r.label, r.why);
        let _ = writeln!(
            out,
            "move {n} `{label}` is rejected by the new rules: {}\nthe game stands after move {}; `redo` plays the {} from there on again (or revert the rule and `reload`)",
            why.message,
            n - 1,
            count(session.can_redo(), "move")
        );
    }
    out.push_str(&game_over(session, ansi)?);
    Ok(out)
}
