//! `bench --profile`: the games of a bench run with the rules' profile on, and the
//! report of where the time went, by rule function and by line, with each line's code.

use super::BenchReport;
use crate::bot;
use crate::diagnostic::Diagnostic;
use crate::manifest::{Library, Variant};
use crate::script::profile::{self, Cost, Place};
use crate::script::{Limits, Rules};
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// How many functions and lines the report lists.
const SHOWN: usize = 15;

/// A bench run and its profile.
pub struct ProfileReport {
    pub bench: BenchReport,
    costs: HashMap<Place, Cost>,
    library: Library,
    /// The rules and bot helpers as the games ran them, to name each function's file.
    rules: Rc<Rules>,
}

/// Plays as `bench` does, on one thread (a profile follows one thread's steps), with the
/// profile on and the time limit of a call stretched to match.
pub fn run(
    library: &Library,
    variant: &str,
    bot_name: &str,
    games: usize,
    seed: u64,
) -> Result<ProfileReport, Diagnostic> {
    // Compiled before the profile starts: only the games' engines record.
    let rules = rules_played(library, variant, bot_name)?;
    profile::start();
    let limits = Limits::default().profiled();
    let bench = super::run(library, variant, bot_name, games, seed, 1, limits);
    let costs = profile::finish();
    Ok(ProfileReport {
        bench: bench?,
        costs,
        library: library.clone(),
        rules,
    })
}

/// The variant's rules with the bot's helpers, as the bot plays them.
fn rules_played(library: &Library, variant: &str, bot_name: &str) -> Result<Rc<Rules>, Diagnostic> {
    let variant = Variant::load(library, variant)?;
    match bot::find(&variant, bot_name)?
        .load(&variant, Limits::default())?
        .rules()
    {
        Some(rules) => Ok(rules.clone()),
        None => Ok(Rc::new(Rules::compile(variant, Limits::default())?)),
    }
}

impl ProfileReport {
    /// The file defining `function` (the last definition: the one that runs).
    fn file(&self, function: &str) -> String {
        if function.is_empty() {
            return "(top level)".into();
        }
        // Rhai names a closure `anon$…`; which file holds it, it does not say.
        if function.starts_with("anon$") {
            return "(a closure)".into();
        }
        self.rules.defining_file(function)
    }

    /// Line `line` of a rules file, trimmed; nothing where the file is not known.
    fn code(&self, file: &str, line: usize) -> String {
        std::fs::read_to_string(self.library.root.join(file))
            .ok()
            .and_then(|text| text.lines().nth(line.wrapping_sub(1)).map(str::to_owned))
            .map(|l| l.trim().to_owned())
            .unwrap_or_default()
    }
}

impl fmt::Display for ProfileReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total: f64 = self.costs.values().map(|c| c.time.as_secs_f64()).sum();
        let share = |c: &Cost| 100.0 * c.time.as_secs_f64() / total.max(f64::MIN_POSITIVE);
        writeln!(f, "{}", self.bench)?;
        writeln!(
            f,
            "where the rules' time went ({:.2} s in scripts; the profile slows every step, so read the shares, not the speed):",
            total
        )?;
        writeln!(
            f,
            "by function (a line's share includes the host calls it makes):"
        )?;
        for (function, cost) in profile::by_function(&self.costs).iter().take(SHOWN) {
            writeln!(
                f,
                "  {:5.1}%  {function}  {}",
                share(cost),
                self.file(function)
            )?;
        }
        writeln!(f, "by line:")?;
        for (place, cost) in profile::by_line(&self.costs).iter().take(SHOWN) {
            let file = self.file(&place.function);
            writeln!(
                f,
                "  {:5.1}%  {file}:{}  {}  {}",
                share(cost),
                place.line,
                place.function,
                self.code(&file, place.line)
            )?;
        }
        Ok(())
    }
}
