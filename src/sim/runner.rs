//! Playing the games of a run on every core. Each worker thread compiles its own rules
//! and bot (Rhai engines are not shared between threads) and plays whole games; a game's
//! result depends only on its seed, and results are put back in game order, so the
//! output is the same whatever the number of threads.

use super::run::{Run, SideHeader, SideRun};
use super::seeds::game_seed;
use super::shard::{Shard, MAX_GAMES};
use super::side::{GameResult, Side, Table};
use crate::diagnostic::{Diagnostic, Kind};
use crate::script::{interrupt, Limits};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use rayon::ThreadPool;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// More worker threads than this only cost memory.
const MAX_THREADS: usize = 1024;

/// What to run.
#[derive(Debug, Clone)]
pub struct Plan {
    /// One side, or two to compare on the same seeds.
    pub sides: Vec<Side>,
    /// Games per side in the whole run.
    pub games: usize,
    pub seed: u64,
    /// Play only this part of the games.
    pub shard: Option<Shard>,
    /// Worker threads; all cores when `None`.
    pub threads: Option<usize>,
    /// Draw a progress bar on standard error (only ever drawn when it is a terminal).
    pub progress: bool,
    /// Keep every game's moves in its result (to record the games afterwards).
    pub keep_moves: bool,
    /// Play games 0 and 1 first, and stop there when every side played them alike
    /// (see [`without_chance`]): `sim` does, `bench` measures every game.
    pub stop_without_chance: bool,
    /// The limits of every script call (`bench --profile` allows slower calls).
    pub limits: Limits,
}

/// A finished run and how long it took.
pub struct Timed {
    pub run: Run,
    pub elapsed: Duration,
    pub threads: usize,
    /// Ctrl-C stopped the run: it holds the games every side had finished.
    pub stopped: bool,
}

impl Plan {
    /// All `games` from base seed `seed` on `threads` threads, with no progress bar and
    /// no moves kept: a run for its figures alone (`bench`, tests).
    pub fn whole(sides: Vec<Side>, games: usize, seed: u64, threads: usize) -> Plan {
        Plan {
            sides,
            games,
            seed,
            shard: None,
            threads: Some(threads),
            progress: false,
            keep_moves: false,
            stop_without_chance: false,
            limits: Limits::default(),
        }
    }

    /// Plays every game of the plan.
    pub fn run(&self) -> Result<Timed, Diagnostic> {
        let mut indices = self.indices()?;
        let limits = self.limits;
        // Compile once here first, so a broken script or bot is reported before any
        // thread starts, and read what every game shares.
        let mut headers = Vec::new();
        for side in &self.sides {
            let table = side.prepare(limits)?;
            headers.push(SideHeader {
                variant: side.variant.name.clone(),
                bot: side.bot.name().to_owned(),
                bot_files: side.bot.files_shown(),
                set: side
                    .overrides
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect(),
                options: side.options()?,
                fingerprint: side.fingerprint()?,
                goal_list: table.goal_list(side, game_seed(self.seed, 0))?,
            });
        }
        // Started from the REPL, the workers stop at Ctrl-C as the REPL does.
        let listening = interrupt::listening();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            // As the main thread has: a rule may recurse to the sandbox's depth limit.
            .stack_size(8 << 20)
            .start_handler(move |_| {
                if listening {
                    interrupt::listen();
                }
            })
            .build()
            .map_err(|e| {
                Diagnostic::about(
                    Kind::Io,
                    "--threads",
                    format!("cannot start the threads: {e}"),
                )
            })?;
        let bar = self.progress_bar((indices.len() * self.sides.len()) as u64);
        let start = Instant::now();
        let play = |indices: &[usize], keep_moves: bool| {
            play_all(
                &pool,
                &self.sides,
                indices,
                self.seed,
                limits,
                keep_moves,
                &bar,
            )
        };
        // Games 0 and 1 first when they may settle the run (their moves kept, to compare).
        let probe = if self.stop_without_chance && self.shard.is_none() {
            indices.len().min(2)
        } else {
            0
        };
        let (mut results, mut failure) = play(&indices[..probe], true);
        let exact = probe == 2 && failure.is_none() && without_chance(&results);
        if exact {
            results.iter_mut().for_each(|side| side.truncate(1));
            indices.truncate(1);
        } else if failure.is_none() && !interrupt::requested() {
            let (rest, more_failure) = play(&indices[probe..], self.keep_moves);
            results
                .iter_mut()
                .zip(rest)
                .for_each(|(side, more)| side.extend(more));
            failure = more_failure;
        }
        if !self.keep_moves {
            for result in results.iter_mut().flatten().flatten() {
                result.log.clear();
            }
        }
        bar.finish_and_clear();
        // After Ctrl-C a failure is the game it stopped; otherwise it stops the run.
        let stopped = interrupt::requested();
        if let (Some(e), false) = (failure, stopped) {
            return Err(e);
        }
        // Ctrl-C during the first two games leaves only those: the rest were never started.
        let started = results.iter().map(Vec::len).min().unwrap_or(0);
        let finished: Vec<bool> = (0..started)
            .map(|at| results.iter().all(|side| side[at].is_some()))
            .collect();
        if !finished.contains(&true) {
            return Err(Diagnostic::about(
                Kind::Stopped,
                "sim",
                "interrupted (Ctrl-C) before any game finished",
            ));
        }
        let sides = headers
            .into_iter()
            .zip(results)
            .map(|(header, results)| {
                let kept = results.into_iter().zip(&finished);
                SideRun::new(header, kept.filter_map(|(r, &f)| r.filter(|_| f)).collect())
            })
            .collect();
        Ok(Timed {
            run: if exact {
                Run::exact(self.seed, sides)
            } else {
                Run::new(self.games, self.seed, self.shard, sides)
            },
            elapsed: start.elapsed(),
            threads: pool.current_num_threads(),
            stopped,
        })
    }

    /// The games this run plays: all, or the shard's. Sizes are checked first: a run's
    /// results are held in memory.
    fn indices(&self) -> Result<Vec<usize>, Diagnostic> {
        if self.games == 0 {
            return Err(Diagnostic::about(
                Kind::Usage,
                "--games",
                "a run needs at least one game",
            ));
        }
        if self.games > MAX_GAMES {
            return Err(Diagnostic::about(
                Kind::Usage,
                "--games",
                format!("{} games: a side plays at most {MAX_GAMES}", self.games),
            )
            .with_help(
                "for more, split the run over machines with --shard I/N and `merge` the files",
            ));
        }
        if let Some(threads) = self.threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
            return Err(Diagnostic::about(
                Kind::Usage,
                "--threads",
                format!("{threads} threads: a run needs 1 to {MAX_THREADS}"),
            )
            .with_help("leave --threads out to use every core"));
        }
        let Some(shard) = self.shard else {
            return Ok((0..self.games).collect());
        };
        let games = shard.games(self.games);
        if games.is_empty() {
            return Err(Diagnostic::about(
                Kind::Usage,
                "--shard",
                format!(
                    "shard {shard} of a run of {} games holds no game",
                    self.games
                ),
            )
            .with_help(format!(
                "split {} games into at most {} shards",
                self.games, self.games
            )));
        }
        Ok(games)
    }

    fn progress_bar(&self, total: u64) -> ProgressBar {
        if !self.progress || !std::io::stderr().is_terminal() {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(total);
        // indicatif's own `{per_sec}` shows four decimals: a whole number reads better.
        let style =
            ProgressStyle::with_template("{wide_bar} {pos}/{len} games  {rate}  {eta} left")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&rate(state.per_sec()));
                    },
                );
        bar.set_style(style);
        bar
    }
}

/// How fast games are played, `per_sec` a second, in words that stay readable for slow
/// games: "480 games/s", "26.1 games/s", or "41.0 s a game" below one a second.
pub fn rate(per_sec: f64) -> String {
    match per_sec {
        r if r >= 100.0 => format!("{r:.0} games/s"),
        r if r >= 1.0 => format!("{r:.1} games/s"),
        r if r > 0.0 => format!("{:.1} s a game", 1.0 / r),
        _ => "no game finished yet".to_owned(),
    }
}

/// Each side's results by game position (`None`: not played, when the run stopped).
type Results = Vec<Vec<Option<GameResult>>>;

/// Whether every side played its first two games (two seeds) move for move alike, to
/// the same result: then neither the game nor the bot draws on chance, every seed plays
/// that one game, and more games would only repeat it.
fn without_chance(results: &Results) -> bool {
    results.iter().all(|side| match &side[..] {
        [Some(a), Some(b)] => a.log == b.log && a.total == b.total && a.score == b.score,
        _ => false,
    })
}

/// Plays the games `indices` on every thread of `pool`, each game by every side in turn
/// (so that a run stopped by Ctrl-C has games to compare), and returns each side's
/// results with the failure first in game order, if any. Each thread compiles the rules
/// once per side and takes the next game whenever it is free (games differ in length).
/// A failing game, or Ctrl-C, stops the run.
fn play_all(
    pool: &ThreadPool,
    sides: &[Side],
    indices: &[usize],
    base_seed: u64,
    limits: Limits,
    keep_moves: bool,
    bar: &ProgressBar,
) -> (Results, Option<Diagnostic>) {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let per_thread = pool.broadcast(|_| {
        let mut played = Vec::new();
        // With fewer games than threads, a thread that would find none compiles nothing.
        if next.load(Ordering::Relaxed) >= indices.len() {
            return (played, None);
        }
        let tables = match sides
            .iter()
            .map(|s| s.prepare(limits))
            .collect::<Result<Vec<Table>, _>>()
        {
            Ok(tables) => tables,
            Err(e) => {
                // No game can be played: reported before any game's error.
                failed.store(true, Ordering::Relaxed);
                return (played, Some((0, e)));
            }
        };
        while !failed.load(Ordering::Relaxed) && !interrupt::requested() {
            let at = next.fetch_add(1, Ordering::Relaxed);
            let Some(&game) = indices.get(at) else {
                break;
            };
            for (i, (side, table)) in sides.iter().zip(&tables).enumerate() {
                let seed = game_seed(base_seed, game);
                match table.play(side, game, seed, keep_moves) {
                    Ok(result) => played.push((i, at, result)),
                    Err(e) => {
                        failed.store(true, Ordering::Relaxed);
                        return (
                            played,
                            Some((at, e.within(format!("game {game} (seed {seed})")))),
                        );
                    }
                }
                bar.inc(1);
            }
        }
        (played, None)
    });
    let mut results: Results = sides
        .iter()
        .map(|_| (0..indices.len()).map(|_| None).collect())
        .collect();
    let mut first_error: Option<(usize, Diagnostic)> = None;
    for (played, error) in per_thread {
        for (side, at, result) in played {
            results[side][at] = Some(result);
        }
        if let Some((at, e)) = error {
            if first_error.as_ref().is_none_or(|(first, _)| at < *first) {
                first_error = Some((at, e));
            }
        }
    }
    (results, first_error.map(|(_, e)| e))
}

#[cfg(test)]
mod tests {
    use super::rate;

    #[test]
    fn a_rate_reads_as_games_a_second_or_seconds_a_game() {
        assert_eq!(rate(480.4), "480 games/s");
        assert_eq!(rate(26.14), "26.1 games/s");
        assert_eq!(rate(1.0 / 41.0), "41.0 s a game");
        assert_eq!(rate(0.0), "no game finished yet");
    }
}
