//! `houserules bench`: complete seeded games played by a bot, timed. A measurement, not
//! a test: the figures go to the closing notes and the README, never into assertions.

use crate::bot::{self, play_out};
use crate::diagnostic::Diagnostic;
use crate::manifest::{Library, Variant};
use crate::script::{Limits, Rules};
use crate::session::Session;
use std::time::Instant;

/// What a run measured.
#[derive(Debug, Clone)]
pub struct BenchReport {
    pub variant: String,
    pub bot: String,
    pub games: usize,
    pub moves: usize,
    pub seconds: f64,
    pub mean_result: f64,
}

impl BenchReport {
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.seconds
    }

    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.seconds
    }
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} games by `{}` in {:.2} s on one thread: {:.0} games/s, {:.0} moves/s ({:.1} moves per game), mean result {:.1}",
            self.variant,
            self.games,
            self.bot,
            self.seconds,
            self.games_per_second(),
            self.moves_per_second(),
            self.moves as f64 / self.games.max(1) as f64,
            self.mean_result
        )
    }
}

/// Plays `games` complete games with seeds `seed..seed+games` on the current thread.
/// The scripts are compiled once; each game starts from a fresh state.
pub fn run(
    library: &Library,
    variant: &str,
    bot_name: &str,
    games: usize,
    seed: u64,
) -> Result<BenchReport, Diagnostic> {
    let variant = Variant::load(library, variant)?;
    let name = variant.name.clone();
    let loaded = bot::find(&variant, bot_name)?.load(&variant, Limits::default())?;
    let rules = std::rc::Rc::new(Rules::compile(variant, Limits::default())?);
    let start = Instant::now();
    let mut moves = 0;
    let mut total = 0.0;
    for i in 0..games as u64 {
        let mut session = Session::start_shared(rules.clone(), &[], seed + i, Limits::default())?;
        let mut bot = loaded.start(seed + i);
        moves += play_out(&mut session, bot.as_mut(), None)?.len();
        total += session
            .score()?
            .get("total")
            .and_then(|t| t.as_int().ok())
            .unwrap_or(0) as f64;
    }
    Ok(BenchReport {
        variant: name,
        bot: bot_name.to_owned(),
        games,
        moves,
        seconds: start.elapsed().as_secs_f64(),
        mean_result: total / games.max(1) as f64,
    })
}
