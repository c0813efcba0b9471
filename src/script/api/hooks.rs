//! The contract between the host and the scripts: every script function the host calls,
//! in one table. The host's calls take a hook's name and parameters from here, and
//! `houserules api` and scripts/README.md show the same entries (when the host calls it,
//! what it must return), so the documented contract is the one the host keeps.

use serde::Serialize;

/// A script function the host calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Hook {
    pub name: &'static str,
    pub params: &'static [&'static str],
    /// Every variant (or every bot) must define it.
    pub required: bool,
    /// When the host calls it, and what is bound.
    pub when: &'static str,
    /// What it must return.
    pub returns: &'static str,
}

impl Hook {
    pub fn arity(&self) -> usize {
        self.params.len()
    }

    /// The hook as a script defines it: `play(mv)`.
    pub fn call(&self) -> String {
        format!("{}({})", self.name, self.params.join(", "))
    }
}

pub const SETUP: Hook = Hook {
    name: "setup",
    params: &[],
    required: true,
    when: "a new game; `this.options`, `this.seed`, `this.rng` and `this.data` are set",
    returns: "nothing; builds the table",
};

pub const MOVES: Hook = Hook {
    name: "moves",
    params: &[],
    required: true,
    when: "before each decision; it must not change the state",
    returns: "an array of maps, each with a unique `label` string and what `play` needs",
};

pub const PLAY: Hook = Hook {
    name: "play",
    params: &["mv"],
    required: true,
    when: "a move was chosen (by a player, a bot or a replay)",
    returns: "nothing; resolves every forced step itself",
};

pub const OVER: Hook = Hook {
    name: "over",
    params: &[],
    required: true,
    when: "after each move",
    returns: "`()` while the game runs, else a string saying why it ended",
};

pub const SCORE: Hook = Hook {
    name: "score",
    params: &[],
    required: true,
    when: "on demand and at the end",
    returns: "a map with a whole-number `total` (round a decimal) and any breakdown; optionally a `rank` string",
};

pub const VIEW: Hook = Hook {
    name: "view",
    params: &[],
    required: false,
    when: "the REPL's `show` (`view_options()` says how to draw); without it, `show` lists the state's own fields",
    returns: "a string",
};

pub const QUESTION: Hook = Hook {
    name: "question",
    params: &[],
    required: false,
    when: "with `moves` and after a move",
    returns: "`()`, or the question the moves answer now (games that choose in steps), best after the move it belongs to: \"use Farmyard at 2,1: which good?\"",
};

pub const GOALS: Hook = Hook {
    name: "goals",
    params: &[],
    required: false,
    when: "at the end (recorded), for `goals`, and after each game of a simulation",
    returns: "an array of `#{ id, text, reached }` with unique string ids; `sim` counts how often each was reached",
};

pub const CHECK_DATA: Hook = Hook {
    name: "check_data",
    params: &["data"],
    required: false,
    when: "once, when the rules are compiled (no `this`)",
    returns: "`()` if the manifest's tables are usable, else `#{ entry, problem }`, reported at that `[data]` entry",
};

pub const SHEET: Hook = Hook {
    name: "sheet",
    params: &[],
    required: false,
    when: "the REPL's `score`, the end of a game, the SVG legend",
    returns: "the score sheet `#{ how, columns, rows, notes }`, every entry optional; without it the host lists the score map",
};

pub const MOVES_HELP: Hook = Hook {
    name: "moves_help",
    params: &[],
    required: false,
    when: "`help moves`",
    returns: "what the labels of the moves mean, as text",
};

pub const DESCRIBE_MOVE: Hook = Hook {
    name: "describe_move",
    params: &["mv"],
    required: false,
    when: "`moves` at the REPL, for each move (never for bots)",
    returns: "`()`, or what the move would do",
};

pub const WHY_NOT: Hook = Hook {
    name: "why_not",
    params: &["choice"],
    required: false,
    when: "a typed word is not a legal move",
    returns: "`()`, or why not",
};

pub const TURNS: Hook = Hook {
    name: "turns",
    params: &[],
    required: false,
    when: "at the end of a `bench` or `sim` game",
    returns: "how many turns were played (tiles placed, rounds), a whole number; `bench` reports turns per second",
};

pub const CARD_TEXT: Hook = Hook {
    name: "card_text",
    params: &["name"],
    required: false,
    when: "the REPL's `card NAME`, the name as typed (`view_options()` gives the width)",
    returns: "`()` when nothing of the game has that name, else what it is, costs and does and where it is now, as text",
};

pub const CARD_NAMES: Hook = Hook {
    name: "card_names",
    params: &[],
    required: false,
    when: "`card` alone, a name `card_text` does not know (the nearest are suggested), Tab completion after `card`",
    returns: "the names `card` knows, an array of strings (`()`: none)",
};

pub const CAPTIONS: Hook = Hook {
    name: "captions",
    params: &[],
    required: false,
    when: "a picture of the table is drawn (`render`, the web table)",
    returns: "texts the family's picture writes on the table's parts, in the rules' own words: an object map (say `#{ costs: #{ A1: \"1 wood, 1 clay\" } }`, the cost of each card by its id); `()`: none",
};

pub const CHANCE: Hook = Hook {
    name: "chance",
    params: &[],
    required: false,
    when: "a bot or `solve` asks whether the game ahead can still draw on luck",
    returns: "`false` when nothing hidden or random lies ahead (no pile to draw, no die): bots then plan instead of sampling futures, and `solve` plans whole games; without it (or `true`) the game has chance",
};

/// For a terminal: each hook, when it is called and what it returns.
pub fn text(hooks: &[Hook]) -> String {
    hooks
        .iter()
        .map(|h| {
            let required = if h.required { " (required)" } else { "" };
            format!(
                "  {}{required}
      when: {}
      returns: {}
",
                h.call(),
                h.when,
                h.returns
            )
        })
        .collect()
}

/// For the docs: a table.
pub fn markdown(hooks: &[Hook]) -> String {
    let rows: Vec<Vec<String>> = hooks
        .iter()
        .map(|h| {
            let required = if h.required { " (required)" } else { "" };
            vec![
                format!("`{}`{required}", h.call()),
                h.when.to_owned(),
                h.returns.to_owned(),
            ]
        })
        .collect();
    super::listing::table(&["function", "when", "returns"], &rows)
}

/// The rules' hooks, called with `this` bound to the game state (but `check_data`).
pub const RULES: [Hook; 18] = [
    SETUP,
    MOVES,
    PLAY,
    OVER,
    SCORE,
    VIEW,
    QUESTION,
    GOALS,
    CHECK_DATA,
    SHEET,
    MOVES_HELP,
    DESCRIBE_MOVE,
    WHY_NOT,
    TURNS,
    CARD_TEXT,
    CARD_NAMES,
    CAPTIONS,
    CHANCE,
];

pub const CHOOSE: Hook = Hook {
    name: "choose",
    params: &["state", "moves"],
    required: true,
    when: "a script bot's turn, when there are two moves or more; `state` is the bot's view of the game",
    returns: "an index into `moves`, a move of `moves`, or its label",
};

pub const BOT_VALUE: Hook = Hook {
    name: "bot_value",
    params: &["s"],
    required: false,
    when: "the bots' turn loops (`best_turn_after`, …) judge position `s`",
    returns: "how good `s` is, a whole number, higher is better",
};

pub const BOT_AFTER: Hook = Hook {
    name: "bot_after",
    params: &["state", "mv"],
    required: true,
    when: "the search bot and the bots' turn loops play `mv` (and finish the turn it starts)",
    returns: "`#{ value, state }` after the move",
};

pub const BOT_RANKED: Hook = Hook {
    name: "bot_ranked",
    params: &["state", "moves"],
    required: true,
    when: "the search bot ranks the moves it will look at",
    returns: "every move's `#{ index, value }`, best first",
};

pub const BOT_CLOCK: Hook = Hook {
    name: "bot_clock",
    params: &["s"],
    required: false,
    when: "the planner (the search bot in a game without chance, `solve`'s beams) after each step it plans",
    returns: "a number that grows with the game's time (actions taken, rounds): a step that leaves it as it was (a purchase beside an action) is planned within the same level as the action after it; without it, every step is a level",
};

pub const BOT_STARTS: Hook = Hook {
    name: "bot_starts",
    params: &[],
    required: false,
    when: "`solve`, before it plans",
    returns: "the names of the bots whose games `solve` plays first (Rhai bots, named as `sim --bot` names them); it detours from the best of them, that bot playing on after each detour; without it, `[\"greedy\"]`",
};

/// The bots' hooks, called without `this`: `choose` is a script bot's, the helpers are
/// the search bot's and the planner's (`scripts/bots/_search.rhai` defines the required
/// ones for every game).
pub const BOTS: [Hook; 6] = [
    CHOOSE, BOT_VALUE, BOT_AFTER, BOT_RANKED, BOT_CLOCK, BOT_STARTS,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hooks_have_unique_names_and_the_required_rules_come_first() {
        let mut names: Vec<&str> = RULES.iter().chain(&BOTS).map(|h| h.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), RULES.len() + BOTS.len());
        let required: Vec<String> = RULES
            .iter()
            .filter(|h| h.required)
            .map(Hook::call)
            .collect();
        assert_eq!(
            required,
            ["setup()", "moves()", "play(mv)", "over()", "score()"]
        );
        assert!(RULES[..5].iter().all(|h| h.required));
    }
}
