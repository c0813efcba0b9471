//! Progress for `auto`: a long run shows how far it is after about a second, on standard
//! error and only at a terminal, so piped output stays as it was.

use crate::bot::{self, Bot, LoopWatch};
use crate::diagnostic::{Diagnostic, Kind};
use crate::script::words::count;
use crate::session::Session;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How long a command runs before its progress is shown.
const QUIET_FOR: Duration = Duration::from_secs(1);

/// Lets `bot` play up to `limit` moves (all when `None`) as [`bot::play_out`] does, one
/// move at a time so that progress can be drawn between them.
pub fn auto(
    session: &mut Session,
    bot: &mut dyn Bot,
    limit: Option<usize>,
) -> Result<Vec<String>, Diagnostic> {
    let started = Instant::now();
    let bar = match limit {
        Some(n) => ProgressBar::with_draw_target(Some(n as u64), ProgressDrawTarget::hidden()),
        None => ProgressBar::hidden(),
    };
    bar.set_style(
        ProgressStyle::with_template("{wide_bar} {pos}/{len} moves  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let mut played = Vec::new();
    let mut watch = LoopWatch::default();
    while limit.is_none_or(|n| played.len() < n) {
        let step = bot::play_watched(session, bot, Some(1), &mut watch).map_err(|e| {
            bar.finish_and_clear();
            if crate::script::interrupt::requested() {
                Diagnostic::about(
                    Kind::Stopped,
                    bot.name().to_owned(),
                    format!("interrupted (Ctrl-C) after {}", count(played.len(), "move")),
                )
            } else {
                e
            }
        })?;
        if step.is_empty() {
            break;
        }
        played.extend(step);
        if bar.is_hidden() && started.elapsed() > QUIET_FOR && std::io::stderr().is_terminal() {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            if limit.is_none() {
                bar.set_style(
                    ProgressStyle::with_template("{spinner} {pos} moves  {msg}")
                        .unwrap_or_else(|_| ProgressStyle::default_spinner()),
                );
            }
        }
        bar.set_position(played.len() as u64);
        bar.set_message(format!("Ctrl-C stops ({} s)", started.elapsed().as_secs()));
    }
    bar.finish_and_clear();
    Ok(played)
}
