//! The `houserules` command: argument parsing and error reporting only; the work is
//! done by the library.

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use houserules::bot;
use houserules::diagnostic::{Diagnostic, Kind};
use houserules::games;
use houserules::manifest::{Library, Variant};
use houserules::picture;
use houserules::records;
use houserules::repl::grammar::{HistoryArgs, NewArgs};
use houserules::repl::{self, NewGame, Repl, Start};
use houserules::script::{advised, api, Limits};
use houserules::session::Session;
use houserules::sim::{self, Outputs, SimArgs};
use houserules::solve::{self, SolveArgs};
use houserules::terminal::{fit_error, fit_output, print, print_error};
use houserules::vocabulary::whole_number;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// A rules sandbox for solo board games: rules in Rhai, variants in TOML.
///
/// With no command, starts the REPL.
#[derive(Parser)]
#[command(name = "houserules", version)]
struct Cli {
    /// The rules folder (holding variants/ and scripts/); default: found from the current
    /// folder, the executable, or $HOUSERULES_HOME.
    #[arg(long, global = true, value_name = "DIR")]
    home: Option<PathBuf>,
    /// The games database; default: $HOUSERULES_DB, else games.sqlite in
    /// $XDG_DATA_HOME/houserules (or ~/.local/share/houserules).
    #[arg(long, global = true, value_name = "FILE")]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The REPL's table in a browser, for the commands that start the REPL.
#[derive(Args)]
struct WebArgs {
    /// Also serve the table in a browser: prints a local address to open (see the
    /// REPL's `help web`).
    #[arg(long)]
    web: bool,
    /// The web table's port (default: a free one); implies --web.
    #[arg(long, value_name = "N", value_parser = whole_number::<u16>, allow_negative_numbers = true)]
    port: Option<u16>,
}

impl WebArgs {
    /// The port to serve on (0: a free one), or `None` for no table.
    fn port(&self) -> Option<u16> {
        self.port.or(self.web.then_some(0))
    }
}

#[derive(Subcommand)]
enum Command {
    /// Start the REPL on a new game of VARIANT.
    Play {
        #[command(flatten)]
        game: NewArgs,
        #[command(flatten)]
        web: WebArgs,
    },
    /// List the variants.
    Variants,
    /// The options of VARIANT: what `--set KEY=VALUE` may change, with ranges and defaults.
    Options {
        /// A variant name (see `houserules variants`) or a manifest file.
        variant: String,
    },
    /// List the games recorded (newest first).
    History(HistoryArgs),
    /// The goals checklist of a variant: which goals were reached, when and in which game.
    Goals {
        /// A variant name or a manifest file; default: the variant of the newest recorded game.
        variant: Option<String>,
    },
    /// Go on with the game left unfinished when the REPL last ended.
    Resume {
        /// Instead, the game kept N places before it (the last few are kept).
        #[arg(value_name = "N", conflicts_with = "from_history", value_parser = whole_number::<usize>, allow_negative_numbers = true)]
        before: Option<usize>,
        /// After a crash: rebuild the game the last session at a terminal left, from the
        /// lines in the REPL's history that replay it.
        #[arg(long)]
        from_history: bool,
        #[command(flatten)]
        web: WebArgs,
    },
    /// Start the REPL on recorded game ID (see `houserules history`).
    Replay {
        /// The game's number.
        #[arg(value_parser = whole_number::<i64>, allow_negative_numbers = true)]
        id: i64,
        #[command(flatten)]
        web: WebArgs,
    },
    /// Draw a game, finished or running, as an SVG picture (when its family draws one).
    Render {
        /// A save file (`save FILE` in the REPL) or a recorded game's number.
        game: String,
        /// The picture to write.
        #[arg(long, value_name = "FILE")]
        svg: PathBuf,
    },
    /// Start a house rule of your own: NAME's manifest, extending VARIANT, and an empty
    /// rule file (listing the rules it may replace) in your rules folder.
    NewRule {
        /// The new variant's name (lower-case letters, digits and `-`).
        name: String,
        /// The variant it changes.
        #[arg(long)]
        from: String,
    },
    /// Validate a variant, and name the rules that a few seconds of bot games never ran
    Check {
        /// A variant name or a manifest file.
        variant: String,
    },
    /// Play many seeded games with a bot on every core and report the results.
    ///
    /// Example: houserules sim VARIANT --games 10000 --bot greedy --vs-set KEY=VALUE
    Sim {
        /// A variant name (see `houserules variants`) or a manifest file.
        variant: String,
        #[command(flatten)]
        args: SimArgs,
    },
    /// Plan the best whole game of VARIANT, a game without chance, and write it as a save
    /// to step through at the REPL (Ctrl-C keeps the best game so far).
    ///
    /// Example: houserules solve ora-et-labora-solo-ireland --budget 1000000
    Solve {
        /// A variant name (see `houserules variants`) or a manifest file.
        variant: String,
        #[command(flatten)]
        args: SolveArgs,
    },
    /// Merge the results files of the shards of one `sim` run (`--shard I/N --json FILE`).
    Merge {
        /// The shards' JSON files, in any order.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        outputs: Outputs,
    },
    /// The script API: the contract (the hooks the host calls, the state's fields), the
    /// host's functions and the bots', and for FAMILY its own, its bots' and the rules its
    /// scripts let a variant replace.
    Api {
        /// A game family (the `game` of a manifest); default: the host's API only.
        family: Option<String>,
        /// As JSON.
        #[arg(long)]
        json: bool,
    },
    /// Measure complete games per second played by bots.
    Bench {
        /// Variant names (see `houserules variants`).
        #[arg(required = true)]
        variants: Vec<String>,
        /// Games per variant and bot.
        #[arg(long, default_value_t = 500, value_parser = whole_number::<usize>, allow_negative_numbers = true)]
        games: usize,
        /// The base seed (as for `sim`).
        #[arg(long, default_value_t = 1, value_parser = whole_number::<u64>, allow_negative_numbers = true)]
        seed: u64,
        /// The bots that play (repeatable), as for `sim --bot` (`search:ms=500`, …);
        /// default: random and greedy.
        #[arg(long = "bot", value_name = "NAME")]
        bots: Vec<String>,
        /// Worker threads.
        #[arg(long, default_value_t = 1, value_parser = whole_number::<usize>, allow_negative_numbers = true)]
        threads: usize,
        /// Also tell where the rules' time went, by rule function and line (plays on
        /// one thread, several times slower).
        #[arg(long)]
        profile: bool,
    },
}

fn main() -> ExitCode {
    let matches = help_width(Cli::command()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match run(cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            print_error(&fit_error(&format!("error: {e}\n")));
            ExitCode::FAILURE
        }
    }
}

/// `--help` broken between words at a terminal's width (at most 100 columns, to stay
/// readable), and left whole through a pipe, as the rest of the output is.
fn help_width(command: clap::Command) -> clap::Command {
    match std::io::stdout().is_terminal() {
        true => command.max_term_width(100),
        false => command.term_width(0),
    }
}

/// Runs the command; `Ok(false)` when a piped REPL session had a failed command.
fn run(cli: Cli) -> Result<bool, Diagnostic> {
    if matches!(cli.command, Some(Command::NewRule { .. })) {
        // Your first rule makes your rules folder.
        Library::make_user_folder(cli.home.as_deref())?;
    }
    let library = Library::locate(cli.home.as_deref())?;
    let limits = Limits::default();
    let db = records::db_path(cli.db.as_deref());
    match cli.command {
        None => return Ok(repl::run(recording_repl(library, db), None, None)),
        Some(Command::Play { game, web }) => {
            let game = NewGame::from_args(&game)?;
            return Ok(repl::run(
                recording_repl(library, db),
                Some(Start::New(game)),
                web.port(),
            ));
        }
        Some(Command::Resume {
            from_history: true,
            web,
            ..
        }) => {
            return Ok(repl::run(
                recording_repl(library, db),
                Some(Start::from_history()?),
                web.port(),
            ));
        }
        Some(Command::Resume {
            before,
            from_history: false,
            web,
        }) => {
            let newest = unfinished_path().ok_or_else(|| {
                Diagnostic::about(
                    Kind::NotFound,
                    "resume",
                    "no data folder (neither XDG_DATA_HOME nor HOME is set)",
                )
            })?;
            let path = repl::unfinished::nth(&newest, before.unwrap_or(0));
            if !path.is_file() {
                return Err(Diagnostic::in_file(
                    Kind::NotFound,
                    path.display().to_string(),
                    "no unfinished game is kept",
                )
                .with_help(format!(
                    "a game left unfinished when the REPL ends is kept here; the {} before it as `houserules resume N`",
                    repl::unfinished::KEPT - 1
                )));
            }
            return Ok(repl::run(
                recording_repl(library, db),
                Some(Start::Load(path)),
                web.port(),
            ));
        }
        Some(Command::Replay { id, web }) => {
            return Ok(repl::run(
                recording_repl(library, db),
                Some(Start::Replay(id)),
                web.port(),
            ));
        }
        Some(Command::History(args)) => {
            let listed = records::history(&db?, &args.query(), args.json)?;
            print(&match args.json {
                true => listed,
                false => fit_output(&listed),
            });
        }
        Some(Command::Render { game, svg }) => {
            houserules::save::svg_name(&svg, "--svg")?;
            let mut session = records::open_game(&game, &db, &library, limits)?;
            picture::write_svg(&mut session, &svg)?;
            print(&format!("wrote {}\n", svg.display()));
        }
        Some(Command::Goals { variant }) => {
            let db = db?;
            let variant = match variant {
                Some(variant) => variant,
                None => records::last_variant(&db)?,
            };
            let mut session = Session::new(&library, &variant, &[], 0, limits)?;
            print(&fit_output(&records::goals(&db, &mut session)?));
        }
        Some(Command::Variants) => {
            print(&fit_output(
                &Repl::new(library, limits).execute("variants").output,
            ));
        }
        Some(Command::Options { variant }) => {
            print(&fit_output(&repl::options_listing(
                &Variant::load(&library, &variant)?,
                None,
            )));
        }
        Some(Command::NewRule { name, from }) => {
            print(&fit_output(&houserules::new_rule::write(
                &library, &name, &from,
            )?));
        }
        Some(Command::Check { variant }) => {
            // As at the REPL: a person reads the answer, so errors carry their line.
            let advice = format!(
                "fix the script, then run `{} check {variant}` again",
                library.program()
            );
            print(&fit_output(
                &repl::check(&library, &variant, Limits::interactive())
                    .map_err(|d| advised(d, &advice))?,
            ));
        }
        Some(Command::Sim { variant, args }) => {
            let advice = try_then(&library, &variant, "run the sim again");
            let variant = Variant::load(&library, &variant)?;
            print(&fit_output(
                &sim::sim(&library, variant, &[], &args, true, db.as_deref().ok())
                    .map_err(|d| advised(d, &advice))?,
            ));
        }
        Some(Command::Solve { variant, args }) => {
            let advice = try_then(&library, &variant, "solve again");
            solve::catch_ctrl_c();
            let report =
                solve::solve(&library, &variant, &args).map_err(|d| advised(d, &advice))?;
            print(&fit_output(&report));
        }
        Some(Command::Merge { files, outputs }) => {
            print(&fit_output(&sim::merge(&files, &outputs)?));
        }
        Some(Command::Api { family, json }) => {
            let scripts = library.scripts_dir();
            let family = family
                .map(|name| games::find_or_list(&name, "api"))
                .transpose()?;
            print!(
                "{}",
                api::command(family, &scripts, bot::register_api, json)?
            );
        }
        Some(Command::Bench {
            variants,
            games,
            seed,
            bots,
            threads,
            profile,
        }) => {
            let bots = if bots.is_empty() {
                vec!["random".to_owned(), "greedy".to_owned()]
            } else {
                bots
            };
            for v in variants {
                let advice = try_then(&library, &v, "run bench again");
                let advised = |d| advised(d, &advice);
                for bot in &bots {
                    if profile {
                        let report =
                            houserules::bench::profile::run(&library, &v, bot, games, seed)
                                .map_err(advised)?;
                        print(&format!("{report}\n"));
                    } else {
                        let report = houserules::bench::run(
                            &library,
                            &v,
                            bot,
                            games,
                            seed,
                            threads,
                            Limits::default(),
                        )
                        .map_err(advised)?;
                        print(&format!("{report}\n"));
                    }
                }
            }
        }
    }
    Ok(true)
}

/// The advice for a rule's error in a command that is not the REPL: fix, try the rules
/// with `check`, then `again`.
fn try_then(library: &Library, variant: &str, again: &str) -> String {
    format!(
        "fix the script, try it with `{} check {variant}`, then {again}",
        library.program()
    )
}

/// A REPL that records finished games, or says once why it cannot.
/// Where the game left unfinished when the REPL ends is kept.
fn unfinished_path() -> Option<PathBuf> {
    houserules::user_data::data_dir().map(|d| d.join("unfinished.save"))
}

/// The REPL of `play`, `resume`, `replay` and of no command: a person waits on each
/// command, so its rules run under [`Limits::interactive`].
fn recording_repl(library: Library, db: Result<PathBuf, Diagnostic>) -> Repl {
    let mut repl = Repl::new(library, Limits::interactive());
    if let Some(path) = unfinished_path() {
        repl = repl.with_unfinished(path);
    }
    match db {
        Ok(path) => repl.with_db(path),
        Err(e) => {
            print_error(&format!(
                "warning: finished games will not be recorded: {e}\n"
            ));
            repl
        }
    }
}
