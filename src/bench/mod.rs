//! `houserules bench`: complete seeded games played by a bot, timed. A measurement, not
//! a test: the figures go to the closing notes and the README, never into assertions.
//! Games are played by the simulation runner, so what is measured is what `sim` does.

use crate::bot;
use crate::diagnostic::Diagnostic;
use crate::manifest::{Library, Variant};
use crate::script::Limits;
use crate::sim::{Plan, Side};

pub mod profile;

/// What a run measured.
#[derive(Debug, Clone)]
pub struct BenchReport {
    pub variant: String,
    pub bot: String,
    pub games: usize,
    pub threads: usize,
    pub moves: usize,
    /// Turns over all games (tiles placed, rounds played), when the rules count them:
    /// a move is one decision, and games differ in how many a turn takes.
    pub turns: Option<u64>,
    /// Interpreter operations over all games (rules and bot): unlike the seconds, the
    /// same on every machine and every day, so two versions of a script compare by it.
    pub operations: u64,
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

    pub fn turns_per_second(&self) -> Option<f64> {
        self.turns.map(|t| t as f64 / self.seconds)
    }

    /// Interpreter operations a turn, or a move where the rules count no turns.
    pub fn operations_per_step(&self) -> (f64, &'static str) {
        match self.turns {
            Some(turns) => (self.operations as f64 / turns.max(1) as f64, "turn"),
            None => (self.operations as f64 / self.moves.max(1) as f64, "move"),
        }
    }
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} games by `{}` in {:.2} s on {} thread{}: {}, {:.0} moves/s ({:.1} moves per game)",
            self.variant,
            self.games,
            self.bot,
            self.seconds,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            crate::sim::runner::rate(self.games_per_second()),
            self.moves_per_second(),
            self.moves as f64 / self.games.max(1) as f64,
        )?;
        if let (Some(rate), Some(turns)) = (self.turns_per_second(), self.turns) {
            write!(
                f,
                ", {rate:.0} turns/s ({:.1} turns per game)",
                turns as f64 / self.games.max(1) as f64
            )?;
        }
        let (operations, step) = self.operations_per_step();
        write!(
            f,
            ", {operations:.0} script operations per {step}, mean result {:.2}",
            self.mean_result
        )
    }
}

/// Plays `games` complete games of `variant` by `bot_name` from base seed `seed` on
/// `threads` threads, each script call within `limits`. Each thread compiles the scripts
/// once; that time is counted, as it is in `sim`.
pub fn run(
    library: &Library,
    variant: &str,
    bot_name: &str,
    games: usize,
    seed: u64,
    threads: usize,
    limits: Limits,
) -> Result<BenchReport, Diagnostic> {
    let variant = Variant::load(library, variant)?;
    let side = Side {
        bot: bot::find(&variant, bot_name)?,
        variant,
        overrides: Vec::new(),
    };
    let plan = Plan {
        limits,
        ..Plan::whole(vec![side], games, seed, threads)
    };
    let timed = plan.run()?;
    let side = &timed.run.sides[0];
    Ok(BenchReport {
        variant: side.header.variant.clone(),
        bot: side.header.bot.clone(),
        games,
        threads: timed.threads,
        moves: side.results.iter().map(|r| r.moves).sum(),
        turns: side.results.iter().map(|r| r.turns).sum(),
        operations: side.results.iter().map(|r| r.operations).sum(),
        seconds: timed.elapsed.as_secs_f64(),
        mean_result: side.summary.score.mean,
    })
}
