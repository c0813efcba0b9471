//! What the host asks of a game family. A family is a plug-in: the primitives of one kind
//! of game (a tile board, a production wheel…) with their Rhai API, the data files they
//! read and the picture they draw. The host knows this trait and the registry that lists
//! the families (`crate::games`), never a family itself.

use rhai::{Dynamic, Engine, Map};

/// A data file the family could not read: the message and where in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

/// A word of a loaded table that the family's vocabulary does not know (a card's cost in
/// a good there is not): the data entry, the entry of its list and the field, so the host
/// points at the line that wrote it, in a data file or in a manifest's changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataProblem {
    /// The `[data]` key (`buildings`).
    pub key: String,
    /// The entry's id in its list (`F41`).
    pub entry: Option<String>,
    pub field: Option<String>,
    /// The word not known, as written (a card's id, a good): an entry a manifest removed
    /// is found by it.
    pub word: String,
    pub message: String,
    /// What would be right: the words there are.
    pub help: String,
}

/// What `render` hands a family: the state as the rules keep it, the score map as
/// `score()` gives it, and the lines of the legend the host has written already
/// (variant, seed, result, how the game stands).
pub struct PictureInput<'a> {
    pub state: &'a Map,
    pub score: &'a Map,
    pub legend: Vec<String>,
    /// The legal moves, for a picture that draws them as targets to click (the web
    /// table): an element drawn for a move carries `data-move="LABEL"`, the label the
    /// REPL accepts. Empty for `render`, whose file is a picture only.
    pub moves: &'a [crate::script::Move],
    /// Texts in the rules' words for the picture to write (the rules' `captions()`).
    pub captions: &'a Map,
}

/// One game family, found by the manifest's `game` value.
pub trait Family: Sync {
    /// The manifest's `game` value, which the registry finds the family by.
    fn name(&self) -> &'static str;

    /// One line for messages that list the families.
    fn about(&self) -> &'static str;

    /// Registers the family's types and functions on an engine (after the host's own).
    fn register(&self, _engine: &mut Engine) {}

    /// Registers what only the family's bots ask (aggregates a bot's evaluation reads in
    /// one call), on the engines that run bots: a rules engine does not have them.
    fn register_bot_api(&self, _engine: &mut Engine) {}

    /// The data entries the family's primitives cannot do without (a tile set, say): a
    /// variant that lacks one is refused at its manifest, not deep in a script.
    fn required_data(&self) -> &'static [&'static str] {
        &[]
    }

    /// A data entry the family reads into a host object (`None`: not one of its keys, so
    /// the host reads it as a plain TOML table).
    fn load_data(&self, _key: &str, _text: &str) -> Option<Result<Dynamic, DataError>> {
        None
    }

    /// The names a host object of the family's data gives to things (a card's name),
    /// which scripts may turn into the names of functions they call: a house rule's
    /// function of that name is not reported as one nothing calls (see `lint.rs`).
    fn data_names(&self, _value: &Dynamic) -> Vec<String> {
        Vec::new()
    }

    /// Checks the loaded tables against each other and the family's words (a card's
    /// cost against the goods table), when the manifest is loaded: a typo is refused
    /// there instead of making a card no one can build.
    fn check_data(&self, _data: &Map) -> Result<(), DataProblem> {
        Ok(())
    }

    /// The table as an SVG picture, or `None` when the family draws no picture.
    fn svg(&self, _input: PictureInput) -> Option<Result<String, String>> {
        None
    }
}

/// A family shows as its name (a [`crate::manifest::Variant`] holds one).
impl std::fmt::Debug for dyn Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
