//! The fields of the game state that the contract names: those the host sets and those it
//! reads. Every other field is the rules' own. The host's code takes these names from
//! here, and `houserules api` and scripts/README.md show the same table.

use serde::Serialize;

/// Who writes a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Keeper {
    /// The host sets it; the rules read it.
    Host,
    /// The rules may keep it; the host reads it when they do.
    Rules,
}

/// A field of the state (`this.NAME`) that the contract names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Field {
    pub name: &'static str,
    pub kept_by: Keeper,
    /// What it holds, and who reads it.
    pub holds: &'static str,
}

pub const OPTIONS: Field = Field {
    name: "options",
    kept_by: Keeper::Host,
    holds: "the option values, read-only (`this.options.x`; `to_map()` makes a copy to change)",
};

pub const SEED: Field = Field {
    name: "seed",
    kept_by: Keeper::Host,
    holds: "the game's seed, a whole number",
};

pub const RNG: Field = Field {
    name: "rng",
    kept_by: Keeper::Host,
    holds:
        "the game's generator (`Rng`): all chance comes from it; a bot's view has one of its own",
};

pub const DATA: Field = Field {
    name: "data",
    kept_by: Keeper::Host,
    holds: "the manifest's `[data]` tables, read-only and shared by every copy of the state",
};

pub const EVENTS: Field = Field {
    name: "events",
    kept_by: Keeper::Host,
    holds: "the events announced so far (`this.announce` makes it); a bot's view has none",
};

pub const TURN: Field = Field {
    name: "turn",
    kept_by: Keeper::Rules,
    holds: "optional: a value that changes when a turn ends and not before; the bots' turn search plays a turn's decisions until it changes or `over()` says the game ended",
};

/// The fields the contract names, those the host sets first.
pub const STATE: [Field; 6] = [OPTIONS, SEED, RNG, DATA, EVENTS, TURN];

/// Whether the state's field `name` is one the host sets (options, seed, generator,
/// data, events): alike in every position of a game but for its past and its chance.
pub fn kept_by_host(name: &str) -> bool {
    STATE
        .iter()
        .any(|f| f.name == name && f.kept_by == Keeper::Host)
}

fn keeper(field: &Field) -> &'static str {
    match field.kept_by {
        Keeper::Host => "the host",
        Keeper::Rules => "the rules",
    }
}

/// For a terminal: each field, who keeps it and what it holds.
pub fn text(fields: &[Field]) -> String {
    fields
        .iter()
        .map(|f| {
            format!(
                "  this.{} (kept by {})\n      {}\n",
                f.name,
                keeper(f),
                f.holds
            )
        })
        .collect()
}

/// For the docs: a table.
pub fn markdown(fields: &[Field]) -> String {
    let rows: Vec<Vec<String>> = fields
        .iter()
        .map(|f| {
            vec![
                format!("`this.{}`", f.name),
                keeper(f).to_owned(),
                f.holds.to_owned(),
            ]
        })
        .collect();
    super::listing::table(&["field", "kept by", "holds"], &rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_have_unique_names_and_show_who_keeps_them() {
        let mut names: Vec<&str> = STATE.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), STATE.len());
        assert!(text(&STATE).contains("  this.turn (kept by the rules)\n      optional:"));
        assert_eq!(
            markdown(&[SEED]).lines().nth(2),
            Some("| `this.seed` | the host | the game's seed, a whole number |")
        );
    }
}
