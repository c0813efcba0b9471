//! The games `check` plays: the random bot's on seeds 1 to 5, then the greedy bot's,
//! for a few seconds, and which of the variant's own rule functions never ran in them. A
//! rule that never fired was not checked by these games, so `check` names it rather than
//! saying "ok" as if it had been.

use crate::bot::{self, Bot, LoadedBot, LoopWatch, RandomBot};
use crate::diagnostic::Diagnostic;
use crate::manifest::{Library, Variant};
use crate::script::words::count;
use crate::script::{profile, Limits, Rules, ViewOptions};
use crate::session::Session;
use std::collections::BTreeSet;
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Once the first game is played through, no game starts after this, and a game under
/// way then is cut short: `check` answers in seconds even on a slow build.
const BUDGET: Duration = Duration::from_secs(3);
/// Seeds a bot plays at most.
const SEEDS: usize = 5;
/// Games at most: the seeds for each bot.
const MAX_GAMES: usize = 2 * SEEDS;
/// How many functions that never ran are named; the rest are counted.
const NAMED: usize = 8;

/// What the games of a check played, and what of the rules they left unrun.
pub struct Tryout {
    pub variant: Variant,
    games: Vec<Game>,
    elapsed: Duration,
    /// The variant's own rule functions: its house rules' when it has any, else all.
    own: usize,
    /// Those of them that never ran, with the file of each.
    never_ran: Vec<(String, String)>,
}

/// One game of a check.
struct Game {
    bot: &'static str,
    seed: u64,
    moves: usize,
    /// Why the game ended and its result; `None` when the time budget cut it short.
    ended: Option<(String, String)>,
}

/// Plays the check's games of variant `name` and notes which rule functions ran.
pub fn play(library: &Library, name: &str, limits: Limits) -> Result<Tryout, Diagnostic> {
    let start = Instant::now();
    let (played, ran) = profile::covering(|| play_games(library, name, limits, start));
    let (rules, games) = match played {
        Ok(played) => played,
        // Stepping through the rules changes how Rhai reports some errors (a call too
        // deep loses its inner frames): the games again, unwatched, tell it as a game
        // would.
        Err(watched) => {
            play_games(library, name, limits, Instant::now())?;
            return Err(watched);
        }
    };
    let variant = rules.variant.clone();
    let own_files: BTreeSet<&str> = variant.scripts[variant.scripts.len() - variant.own_scripts..]
        .iter()
        .map(|s| s.shown.as_str())
        .collect();
    let own: Vec<(&str, &str)> = rules
        .functions()
        .filter(|(function, file)| own_files.contains(file) && !function.starts_with("anon$"))
        .collect();
    let never_ran = own
        .iter()
        .filter(|(function, _)| !ran.contains(*function))
        .map(|&(function, file)| (function.to_owned(), file.to_owned()))
        .collect();
    Ok(Tryout {
        own: own.len(),
        never_ran,
        variant,
        games,
        elapsed: start.elapsed(),
    })
}

/// The games: the random bot's on seeds 1 to 5, the first played through, then the
/// greedy bot's (slower: it weighs every move) on the same seeds while the budget lasts.
fn play_games(
    library: &Library,
    name: &str,
    limits: Limits,
    start: Instant,
) -> Result<(Rc<Rules>, Vec<Game>), Diagnostic> {
    let variant = Variant::load(library, name)?;
    let rules = Rc::new(Rules::compile(variant.clone(), limits)?);
    let mut greedy: Option<LoadedBot> = None;
    let mut games = Vec::new();
    for n in 0..MAX_GAMES {
        let until = (n > 0).then_some(start + BUDGET);
        if until.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        let seed = (n % SEEDS) as u64 + 1;
        let (name, mut bot): (&'static str, Box<dyn Bot>) = if n < SEEDS {
            ("random", Box::new(RandomBot::seeded(seed)))
        } else {
            let loaded = match greedy.take() {
                Some(loaded) => loaded,
                None => bot::find(&variant, bot::catalog::GREEDY)?.load(&variant, limits)?,
            };
            let bot = loaded.start(seed);
            greedy = Some(loaded);
            ("greedy", bot)
        };
        let mut session = Session::start_shared(rules.clone(), &[], seed, limits)?;
        let (moves, ended) = play_game(&mut session, bot.as_mut(), until)
            .map_err(|e| e.within(format!("the {name} bot's game of seed {seed}")))?;
        games.push(Game {
            bot: name,
            seed,
            moves,
            ended,
        });
    }
    Ok((rules, games))
}

/// Plays `session` to its end, or until `until`: the moves played, and how it ended.
fn play_game(
    session: &mut Session,
    bot: &mut dyn Bot,
    until: Option<Instant>,
) -> Result<(usize, Option<(String, String)>), Diagnostic> {
    let mut moves = 0;
    let mut watch = LoopWatch::default();
    while until.is_none_or(|t| Instant::now() < t) {
        // No move played: the game is over (an unfinished game without moves is an error).
        if bot::play_watched(session, bot, Some(1), &mut watch)?.is_empty() {
            break;
        }
        moves += 1;
    }
    let Some(reason) = session.over()? else {
        return Ok((moves, None));
    };
    // What the REPL and the picture show of an ended game: these rules run too.
    shown(session)?;
    let total = session.score()?.get("total").map(ToString::to_string);
    Ok((moves, Some((reason, total.unwrap_or_default()))))
}

/// Runs the rules that show a game (the view, the score sheet, the goals, the picture's
/// captions, the moves' help, every card the rules tell of), so that an error in one of
/// them is found by `check`, not by the first player who asks.
fn shown(session: &mut Session) -> Result<(), Diagnostic> {
    let options = ViewOptions::default();
    session.view(&options)?;
    session.sheet_hook()?;
    session.goals()?;
    session.captions()?;
    session.moves_help()?;
    for name in session.card_names()? {
        session.card_text(&name, &options)?;
    }
    Ok(())
}

impl fmt::Display for Tryout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = &self.variant;
        writeln!(
            f,
            "ok: {} — {}, {}",
            v.name,
            count(v.scripts.len(), "script"),
            count(v.options.len(), "option")
        )?;
        let seeds = match self.games.iter().map(|g| g.seed).max().unwrap_or(1) {
            1 => "seed 1".to_owned(),
            last => format!("seeds 1 to {last}"),
        };
        let mut bots: Vec<&str> = self.games.iter().map(|g| g.bot).collect();
        bots.dedup();
        bots.truncate(2);
        let cut = self.games.iter().filter(|g| g.ended.is_none()).count();
        write!(
            f,
            "played {} in {:.1} s (bot {}, {seeds})",
            count(self.games.len(), "game"),
            self.elapsed.as_secs_f64(),
            bots.join(" and "),
        )?;
        if let Some(Game {
            moves,
            ended: Some((reason, total)),
            ..
        }) = self.games.first()
        {
            write!(
                f,
                "; the first, random, of {} ended ({reason}) with result {total}",
                count(*moves, "move")
            )?;
        }
        if cut > 0 {
            write!(f, "; {cut} cut short at the time limit")?;
        }
        writeln!(f)?;
        if self.own == 0 {
            return writeln!(
                f,
                "{}: these games played the rules it extends",
                if self.variant.own_scripts == 0 {
                    "it has no scripts of its own (its options and data change the game)"
                } else {
                    "its own scripts define no function yet"
                }
            );
        }
        let ran = self.own - self.never_ran.len();
        if self.never_ran.is_empty() {
            return writeln!(f, "every one of its rule functions ran ({})", self.own);
        }
        let named: Vec<String> = self
            .never_ran
            .iter()
            .take(NAMED)
            .map(|(function, file)| format!("`{function}` ({file})"))
            .collect();
        let more = self.never_ran.len().saturating_sub(NAMED);
        writeln!(
            f,
            "{ran} of its {} ran; never run, so not checked by these games: {}{}",
            count(self.own, "rule function"),
            named.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        )
    }
}
