//! Putting a run split over machines back together: `merge` checks that the files are
//! the N shards of one run and rebuilds the whole run's document from their games.

use super::run::{Run, SideRun, FORMAT, VERSION};
use super::shard::{Shard, MAX_GAMES};
use crate::diagnostic::{Diagnostic, Kind};
use serde::Deserialize;
use std::path::Path;

/// A shard file's own numbers agree: a part between 1 and N, N no more than the games,
/// and no more games than a run may have. Checked before anything is sized by them.
fn check_numbers(name: &str, run: &Run, shard: Shard) -> Result<(), Diagnostic> {
    let why = if run.games > MAX_GAMES {
        Some(format!(
            "it claims {} games, more than a run may have ({MAX_GAMES})",
            run.games
        ))
    } else if shard.count == 0 || shard.index == 0 || shard.index > shard.count {
        Some(format!("its shard {shard} is not a part from 1 to N"))
    } else if shard.count > run.games.max(1) {
        Some(format!(
            "it claims {} shards of {} games",
            shard.count, run.games
        ))
    } else {
        None
    };
    match why {
        Some(why) => Err(Diagnostic::in_file(
            Kind::Results,
            name,
            format!("this shard file is inconsistent: {why}"),
        )
        .with_help("the file was changed by hand or damaged; run this shard again")),
        None => Ok(()),
    }
}

/// What a results file says it is. Read before the rest, so that a file of another
/// version is refused for its version rather than for a field that version lacks.
#[derive(Deserialize)]
struct Stamp {
    format: String,
    version: u32,
}

/// Reads a results file written by `sim --json`.
pub fn read(path: &Path) -> Result<Run, Diagnostic> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::in_file(Kind::Io, &shown, format!("cannot read the file: {e}")))?;
    let not_results = |e: serde_json::Error| {
        Diagnostic::in_file(
            Kind::Results,
            &shown,
            format!("not a simulation results file: {e}"),
        )
        .at_line(&text, e.line(), e.column())
        .with_help("merge takes the files written by `houserules sim … --shard I/N --json FILE`")
    };
    let stamp: Stamp = serde_json::from_str(&text).map_err(not_results)?;
    if stamp.format != FORMAT || stamp.version != VERSION {
        let by = if stamp.format != FORMAT {
            "another program"
        } else if stamp.version < VERSION {
            "an older houserules"
        } else {
            "a newer houserules"
        };
        return Err(Diagnostic::in_file(
            Kind::Results,
            &shown,
            format!(
                "results file of format `{}` version {}, expected `{FORMAT}` version {VERSION}: written by {by}",
                stamp.format, stamp.version
            ),
        )
        .with_help("shards are merged by the houserules that wrote them: run them again with this one, or merge with that one"));
    }
    let run: Run = serde_json::from_str(&text).map_err(not_results)?;
    // This version writes a run as exactly what it reads; anything more came from
    // elsewhere (another version's fields under this one's number, a hand edit).
    let found: serde_json::Value = serde_json::from_str(&text).map_err(not_results)?;
    let written = serde_json::to_value(&run).unwrap_or_default();
    if let Some(at) = unwritten(&found, &written, "") {
        return Err(Diagnostic::in_file(
            Kind::Results,
            &shown,
            format!("this file says it is `{FORMAT}` version {VERSION}, which never writes {at}"),
        )
        .with_help("it was written by another program or changed by hand: run this shard again"));
    }
    Ok(run)
}

/// The first place (a JSON path) where `found` holds what `written` does not.
fn unwritten(found: &serde_json::Value, written: &serde_json::Value, at: &str) -> Option<String> {
    use serde_json::Value;
    match (found, written) {
        (Value::Object(found), Value::Object(written)) => found.iter().find_map(|(key, value)| {
            let at = format!("{at}.{key}");
            match written.get(key) {
                Some(w) => unwritten(value, w, &at),
                None => Some(format!("`{}`", &at[1..])),
            }
        }),
        (Value::Array(found), Value::Array(written)) if found.len() == written.len() => found
            .iter()
            .zip(written)
            .enumerate()
            .find_map(|(i, (f, w))| unwritten(f, w, &format!("{at}[{i}]"))),
        _ => (found != written).then(|| format!("`{}` as it is", at.trim_start_matches('.'))),
    }
}

/// Merges the shards of one run, given in any order, into the whole run.
pub fn merge(paths: &[&Path]) -> Result<Run, Diagnostic> {
    let shards = paths
        .iter()
        .map(|p| read(p).map(|run| (p.display().to_string(), run)))
        .collect::<Result<Vec<_>, _>>()?;
    let Some((first_name, first)) = shards.first() else {
        return Err(Diagnostic::about(Kind::Usage, "merge", "no files to merge")
            .with_help("give the results files of every shard: houserules merge part-*.json"));
    };
    for (name, run) in &shards {
        if let Some(shard) = run.shard {
            check_numbers(name, run, shard)?;
        }
    }
    let count = first.shard.map_or(1, |s| s.count);
    let mut seen = vec![None; count];
    for (name, run) in &shards {
        let mismatch = |what: &str| {
            Diagnostic::in_file(Kind::Results, name, format!("this shard is not of the same run as {first_name}: {what} differ"))
                .with_help("merge only the shards of one `sim` command (same variant, options, bot, games, seed and rules)")
        };
        if run.games != first.games || run.seed != first.seed {
            return Err(mismatch("the games or the base seed"));
        }
        if run.sides.len() != first.sides.len()
            || run
                .sides
                .iter()
                .zip(&first.sides)
                .any(|(a, b)| a.header != b.header)
        {
            return Err(mismatch("the sides (variant, options, bot or rule files)"));
        }
        let shard = run.shard.ok_or_else(|| {
            Diagnostic::in_file(
                Kind::Results,
                name,
                "this file holds a whole run, not a shard",
            )
            .with_help("merge the files written with --shard I/N")
        })?;
        if shard.count != count {
            return Err(mismatch("the number of shards"));
        }
        if let Some(other) = seen[shard.index - 1].replace(name.clone()) {
            return Err(Diagnostic::in_file(
                Kind::Results,
                name,
                format!("shard {shard} is also in {other}"),
            )
            .with_help("give each shard once"));
        }
        check_games(name, run, shard)?;
    }
    let missing: Vec<String> = (1..=count)
        .filter(|i| seen[i - 1].is_none())
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(Diagnostic::about(
            Kind::Results,
            "merge",
            format!(
                "{} {} missing",
                if missing.len() == 1 {
                    "shard"
                } else {
                    "shards"
                },
                missing.join(", ")
            ),
        )
        .with_help("give the results files of every shard"));
    }
    let sides = (0..first.sides.len())
        .map(|s| {
            let results = shards
                .iter()
                .flat_map(|(_, run)| run.sides[s].results.iter().cloned())
                .collect();
            SideRun::new(first.sides[s].header.clone(), results)
        })
        .collect();
    Ok(Run::new(first.games, first.seed, None, sides))
}

/// Every side of a shard holds exactly the shard's games.
fn check_games(name: &str, run: &Run, shard: Shard) -> Result<(), Diagnostic> {
    let expected = shard.games(run.games);
    for side in &run.sides {
        let games: Vec<usize> = side.results.iter().map(|r| r.game).collect();
        if games != expected {
            return Err(Diagnostic::in_file(
                Kind::Results,
                name,
                format!(
                    "shard {shard} should hold games {} but holds {}",
                    describe(&expected),
                    describe(&games)
                ),
            )
            .with_help("the file was changed or cut short; run this shard again"));
        }
    }
    Ok(())
}

fn describe(games: &[usize]) -> String {
    match games {
        [] => "none".to_owned(),
        [one] => one.to_string(),
        [first, .., last] => format!("{} games from {first} to {last}", games.len()),
    }
}
