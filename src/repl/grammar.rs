//! The REPL's command grammar, as clap definitions: one source for parsing, `help`,
//! `help CMD` and `CMD --help`. The arguments that `houserules play` and
//! `houserules history` take on the command line are the same structs, so a command
//! reads the same in both places.

use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::parse_assignment;
use crate::records::HistoryQuery;
use crate::sim::SimArgs;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;

/// How to start a game: `new` in the REPL, `houserules play` on the command line.
#[derive(Args, Debug, Clone, Default)]
pub struct NewArgs {
    /// A variant name (see `variants`) or a manifest file.
    pub variant: String,
    /// The game's seed; the same seed and moves always give the same game.
    #[arg(long, value_parser = crate::vocabulary::whole_number::<u64>, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Change an option for this game (repeatable; `options VARIANT` lists them).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl NewArgs {
    /// The option changes as (name, value) pairs, each checked for its `=`.
    pub fn overrides(&self) -> Result<Vec<(String, String)>, Diagnostic> {
        self.set.iter().map(|s| parse_assignment(s)).collect()
    }
}

/// Which recorded games to list: `history` in the REPL and on the command line.
#[derive(Args, Debug, Clone, Default)]
pub struct HistoryArgs {
    /// Only the games of this variant.
    #[arg(long)]
    pub variant: Option<String>,
    /// Best result first.
    #[arg(long)]
    pub best: bool,
    /// At most N games (at least 1).
    #[arg(long, value_name = "N", value_parser = crate::vocabulary::whole_number::<std::num::NonZeroUsize>, allow_negative_numbers = true)]
    pub limit: Option<std::num::NonZeroUsize>,
    /// JSON for tools: an array of game records with their `id`.
    #[arg(long)]
    pub json: bool,
}

impl HistoryArgs {
    pub fn query(&self) -> HistoryQuery {
        HistoryQuery {
            variant: self.variant.clone(),
            best_first: self.best,
            limit: self.limit.map(std::num::NonZeroUsize::get),
        }
    }
}

/// One REPL line whose first word is a command.
#[derive(Parser, Debug)]
#[command(
    multicall = true,
    disable_help_subcommand = true,
    disable_version_flag = true
)]
pub struct Line {
    #[command(subcommand)]
    pub command: Command,
}

/// The REPL's commands, in the order `help` lists them. A line whose first word is none
/// of these is a move.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the variants.
    Variants,
    /// Start a game.
    New(NewArgs),
    /// The options of the game (or of VARIANT) with their values.
    Options {
        /// A variant name or a manifest file; default: the game in hand.
        variant: Option<String>,
    },
    /// Draw the game as its rules show it.
    ///
    /// A picture larger than the terminal may be cropped; `--all` shows all of it.
    Show {
        /// The whole picture, however large.
        #[arg(long)]
        all: bool,
        /// Explain the signs the picture uses.
        #[arg(long)]
        legend: bool,
    },
    /// List the legal moves, numbered, with what each would do where the rules say.
    Moves,
    /// What a card of the game is: its cost, function and values, and where it is now.
    ///
    /// The name is the rest of the line, in any case and without quotes (`card builders'
    /// market`); Tab completes it. `card` alone lists the names.
    Card {
        /// The card's name.
        #[arg(num_args = 0.., allow_hyphen_values = true)]
        name: Vec<String>,
    },
    /// Play a move: its label or its number in `moves` (or just type the move).
    Play {
        /// A label, a number, or the labels of a move's steps joined by ` > `.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        choice: Vec<String>,
    },
    /// Let a bot play N moves (default: to the end of the game).
    Auto {
        /// How many moves.
        #[arg(value_parser = crate::vocabulary::whole_number::<usize>, allow_negative_numbers = true)]
        moves: Option<usize>,
        /// The bot (see `sim --help`, `search:iterations=100` takes settings).
        #[arg(long, default_value = "random", value_name = "NAME")]
        bot: String,
        /// Leave out the moves' story (one line a move, with what the rules announced).
        #[arg(long)]
        quiet: bool,
    },
    /// Many seeded games of this variant and options (the game in hand is not touched).
    ///
    /// At the REPL `sim` plays 100 random-bot games a side, which takes seconds; ask for
    /// more with `--games 1000 --bot greedy`. Ctrl-C stops it.
    Sim {
        #[command(flatten)]
        args: SimArgs,
    },
    /// Take back the last move, or the last N (`undo all`: back to the start).
    ///
    /// A move typed whole (`A > B > C`) is taken back whole, as it was typed; `undo N`
    /// counts each of its steps. A loaded game (a `solve` study, say) is stepped through
    /// from its start with `undo all`, then `redo` or `redo N`, each move told with its
    /// story.
    Undo {
        /// How many moves (default: the last, as typed), or `all`.
        #[arg(value_parser = moves_or_all)]
        moves: Option<usize>,
    },
    /// Play again the move taken back, or the next N of them (`redo all`).
    Redo {
        /// How many moves (default: the next, as typed), or `all`.
        #[arg(value_parser = moves_or_all)]
        moves: Option<usize>,
    },
    /// The moves played so far, each with what happened during it.
    Log {
        /// JSON for tools: an array of moves with their events.
        #[arg(long)]
        json: bool,
    },
    /// The score sheet now (the result once the game is over).
    Score,
    /// Write the game (variant, options, seed, moves) to FILE.
    Save {
        /// The save file to write (a new one, or this game's save).
        file: PathBuf,
        /// Replace a file that holds another game's save.
        #[arg(long)]
        force: bool,
    },
    /// Replay a saved game.
    Load {
        /// A file `save` wrote (or `solve --save`).
        file: PathBuf,
    },
    /// Re-read the manifest and scripts and replay the game under them.
    Reload,
    /// Evaluate Rhai with `state` in scope (the game is not changed).
    ///
    /// Everything after `eval` is the expression, as typed: `eval state.scores`.
    Eval {
        /// The Rhai expression.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        expression: Vec<String>,
    },
    /// Validate a variant, and name the rules that a few seconds of bot games never ran
    Check {
        /// A variant name or a manifest file.
        variant: String,
    },
    /// The games recorded (newest first).
    History(HistoryArgs),
    /// The goals of the variant: reached in which game, and in this one.
    Goals,
    /// Load a recorded game (see `history`).
    Replay {
        /// The game's number.
        id: i64,
    },
    /// Write the finished game's record as JSON.
    Export {
        /// The JSON file to write.
        file: PathBuf,
    },
    /// Draw the game as an SVG picture (when its family draws one).
    Render {
        /// The picture to write; its name ends in `.svg`.
        file: PathBuf,
    },
    /// The seed of the game.
    Seed,
    /// Clear the screen (as Ctrl-L does); the game is not touched.
    Clear,
    /// Show the table in a browser beside the REPL, and play by clicking.
    ///
    /// Serves the game in hand on 127.0.0.1 only and prints the page's address, with a
    /// token that keeps other users of this machine out; nothing opens by itself. The
    /// page follows every move, undo, load or reload typed here; a move clicked there is
    /// played here, as if typed. It stops when the REPL ends.
    Web {
        /// The port (0: a free one).
        #[arg(long, default_value_t = 0, value_parser = crate::vocabulary::whole_number::<u16>, allow_negative_numbers = true)]
        port: u16,
    },
    /// The commands, or one command's help (`help moves` also explains the moves' labels).
    Help {
        /// A command's name.
        command: Option<String>,
    },
    /// Leave (also `exit` or Ctrl-D); an unfinished game is kept for `houserules resume`.
    #[command(alias = "exit")]
    Quit,
}

/// The grammar with the REPL's own defaults: a `sim` typed at the REPL is a quick look
/// (100 random-bot games), not the command line's long run. Its help is left unbroken:
/// the REPL fits its output to the terminal (`terminal::fit_lines`), a pipe takes it whole.
pub fn grammar() -> clap::Command {
    Line::command().term_width(0).mut_subcommand("sim", |sim| {
        sim.mut_arg("games", |a| a.default_value(QUICK_SIM.0))
            .mut_arg("bot", |a| a.default_value(QUICK_SIM.1))
    })
}

/// A count of moves for `undo` and `redo`: a number from 1, or `all` (as many as there
/// are, as is a number too large to hold).
fn moves_or_all(word: &str) -> Result<usize, String> {
    if word.eq_ignore_ascii_case("all") {
        return Ok(usize::MAX);
    }
    match word.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Ok(usize::MAX),
        _ => Err(format!(
            "`{word}` is not a number of moves (1, 2, … or `all`)"
        )),
    }
}

/// The REPL's `sim` defaults: games a side and bot.
pub const QUICK_SIM: (&str, &str) = ("100", "random");

/// The names of the commands (with aliases), for completion and for telling a command
/// from a move.
pub fn command_names() -> Vec<String> {
    grammar()
        .get_subcommands()
        .flat_map(|c| std::iter::once(c.get_name()).chain(c.get_all_aliases()))
        .map(str::to_owned)
        .collect()
}

/// The commands of `houserules` itself that the prompt does not take (long runs, files
/// for a designer): typed at the prompt, they are answered with the shell's command.
pub const SHELL_ONLY: [&str; 6] = ["resume", "new-rule", "solve", "merge", "api", "bench"];

/// Is `word` a command's name (or alias)?
pub fn is_command(word: &str) -> bool {
    static NAMES: std::sync::LazyLock<Vec<String>> = std::sync::LazyLock::new(command_names);
    NAMES.iter().any(|n| n == word)
}

/// Does the line ask for its command's help (`-h`, `--help` after the command)?
pub fn asks_help(line: &str) -> bool {
    let mut words = line.split_whitespace().skip(1);
    words.next().is_some_and(|w| w == "--help" || w == "-h") && words.next().is_none()
}

/// What parsing a command line gave: a command to run, or text to show (`--help`).
pub enum Parsed {
    Run(Box<Command>),
    Show(String),
}

/// Parses `words` (the command's name first) with the REPL's grammar.
pub fn parse(words: &[String]) -> Result<Parsed, Diagnostic> {
    let name = words.first().map(String::as_str).unwrap_or_default();
    match grammar().try_get_matches_from(words) {
        Ok(matches) => Line::from_arg_matches(&matches)
            .map(|line| Parsed::Run(Box::new(line.command)))
            .map_err(|e| usage_error(name, &e)),
        Err(e) if is_help(&e) => Ok(Parsed::Show(e.to_string().replace("Usage:  ", "Usage: "))),
        Err(e) => Err(usage_error(name, &e)),
    }
}

fn is_help(e: &clap::Error) -> bool {
    use clap::error::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    )
}

/// clap's error as a diagnostic: its first line, and the usage line as help.
fn usage_error(name: &str, e: &clap::Error) -> Diagnostic {
    let text = e.to_string();
    let mut lines = text.lines();
    let mut first = lines.next().unwrap_or_default().to_owned();
    // "the following required arguments were not provided:" names them on the next line.
    if first.ends_with(':') {
        first = format!("{first} {}", lines.next().unwrap_or_default().trim());
    }
    let usage = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("Usage: "))
        .map(|u| format!("usage: {u}; "))
        .unwrap_or_default();
    Diagnostic::about(
        Kind::Usage,
        name,
        first.strip_prefix("error: ").unwrap_or(&first),
    )
    .with_help(format!("{usage}`{name} --help` says more"))
}

/// `help`: every command with the first line of its help.
pub fn help_list() -> String {
    // The unmodified grammar keeps the commands in the order they are declared.
    let g = Line::command();
    let width = g
        .get_subcommands()
        .map(|c| c.get_name().len())
        .max()
        .unwrap_or(0);
    let mut out = String::from("commands (`help CMD` or `CMD --help` for one of them):\n");
    for c in g.get_subcommands() {
        let about = c.get_about().map(|a| a.to_string()).unwrap_or_default();
        out += &format!("  {:<width$}  {about}\n", c.get_name());
    }
    out.push_str("A move is typed by its label (see `moves`) or its number.\n");
    out += &format!(
        "In a shell, `houserules` also has: {} (`houserules --help`).\n",
        SHELL_ONLY.join(", ")
    );
    out
}

/// `help CMD`: what `CMD --help` shows, or `None` when there is no such command.
pub fn help_for(name: &str) -> Option<String> {
    if !is_command(name) {
        return None;
    }
    match parse(&[name.to_owned(), "--help".to_owned()]) {
        Ok(Parsed::Show(text)) => Some(text),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn the_grammar_is_consistent() {
        grammar().debug_assert();
    }

    #[test]
    fn sim_at_the_repl_has_quick_defaults() {
        let Ok(Parsed::Run(command)) = parse(&words("sim")) else {
            panic!("sim did not parse");
        };
        let Command::Sim { args } = *command else {
            panic!("sim parsed as {command:?}");
        };
        assert_eq!((args.games, args.bot.as_str()), (100, "random"));
    }

    #[test]
    fn help_flags_show_help_and_bad_flags_name_the_command() {
        let Ok(Parsed::Show(text)) = parse(&words("render --help")) else {
            panic!("render --help did not show help");
        };
        assert!(text.contains("Usage: render <FILE>"), "{text}");
        let e = parse(&words("auto --nope")).err().unwrap().to_string();
        assert!(e.starts_with("auto: unexpected argument '--nope'"), "{e}");
        assert!(e.contains("usage: auto"), "{e}");
    }

    #[test]
    fn exit_is_quit() {
        assert!(matches!(parse(&words("exit")), Ok(Parsed::Run(c)) if matches!(*c, Command::Quit)));
        assert!(command_names().contains(&"exit".to_owned()));
    }

    #[test]
    fn a_typo_finds_the_nearest_commands() {
        let names = command_names();
        assert_eq!(
            crate::vocabulary::closest("shwo", names.iter().map(String::as_str)),
            vec!["show"]
        );
        assert!(crate::vocabulary::closest("xyzzy", names.iter().map(String::as_str)).is_empty());
    }

    #[test]
    fn help_for_a_command_is_its_long_help() {
        let text = help_for("show").unwrap();
        assert!(text.contains("--legend"), "{text}");
        assert!(help_for("exit").unwrap().contains("Leave"));
        assert!(help_for("nope").is_none());
    }
}
