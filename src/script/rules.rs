//! A variant's compiled rules and the calls of the rules contract (the hooks of
//! [`hooks::RULES`]: `setup`, `moves`, `play`, `over`, `score`, and the optional ones),
//! each run with `this` bound to the game state. The state is one Rhai object map owned
//! by the caller; its fields are the rules' own but for those of [`fields::STATE`],
//! which the host sets (or reads, as the bots' turn search reads `turn`).

use super::api::{fields, hooks, Hook};
use super::data;
use super::diagnostics::{advised, parse_error, runtime_error, Sources};
use super::engine::{build_engine, PrintBuffer};
use super::limits::Limits;
use super::lint;
use super::parent::{self, SharedLayers};
use super::rng::Rng;
use super::stopping::Deadline;
use super::tables::{self, Tables};
use super::view::ViewOptions;
use super::words::count;
use super::Family;
use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::{OptionValues, ScriptFile, Variant};
use rhai::{CallFnOptions, Dynamic, Engine, FuncArgs, ImmutableString, Map, Scope, AST};
use sha2::{Digest, Sha256};

/// Registers the bots' API (the host's and the family's) on the engine of a bot: the
/// bot layer's, handed in so that the rules know no bot.
pub type BotApi = fn(&mut Engine, &dyn Family);

/// One legal move: its label (what a player types) and the value `play` receives.
/// The label is the script's own string, shared rather than copied: a bot reads dozens
/// of moves for every one it plays.
#[derive(Debug, Clone)]
pub struct Move {
    pub label: ImmutableString,
    pub value: Dynamic,
}

/// A move's label as text: a string as it is, anything else as Rhai prints it.
fn label_text(label: &Dynamic) -> ImmutableString {
    match label.read_lock::<ImmutableString>() {
        Some(text) => text.clone(),
        None => label.to_string().into(),
    }
}

/// One goal as the rules judge it: `goals()` returns an array of
/// `#{ id: "G1", text: "Scoring a road worth at least 10 points", reached: true }`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub id: String,
    pub text: String,
    pub reached: bool,
}

/// A variant's scripts compiled and merged, with an engine to run them.
pub struct Rules {
    pub variant: Variant,
    engine: Engine,
    ast: AST,
    sources: Sources,
    data: Tables,
    limits: Limits,
    deadline: Deadline,
    prints: PrintBuffer,
    has_view: bool,
    has_goals: bool,
    scripts_hash: String,
}

/// The advice for an expression typed at `eval` that failed: a mistyped variable is
/// the usual slip, so it names the one variable there is.
const EVAL_HELP: &str = "fix the expression and type it again (the game is `state`)";

impl Rules {
    /// Compiles the variant's scripts in manifest order; later functions override earlier
    /// ones with the same name and arity.
    pub fn compile(variant: Variant, limits: Limits) -> Result<Rules, Diagnostic> {
        Rules::compile_all(variant, limits, &[], None)
    }

    /// Compiles a bot (its files in merge order, the bot itself last) together with the
    /// variant's rules, for the bot's own use, on an engine with the bots' API. The bot
    /// comes first, so a rule function wins over a bot function of the same name: the
    /// bot's copy of the rules plays exactly like the game's.
    pub fn compile_with_bot(
        variant: Variant,
        limits: Limits,
        bot: &[ScriptFile],
        bot_api: BotApi,
    ) -> Result<Rules, Diagnostic> {
        let rules = Rules::compile_with_helpers(variant, limits, bot, bot_api)?;
        if !rules.defines(&hooks::CHOOSE) {
            let shown = bot.last().map(|f| f.shown.as_str()).unwrap_or("bot");
            let choose = hooks::CHOOSE.call();
            return Err(Diagnostic::in_file(
                Kind::Script,
                shown,
                format!("this bot defines no `{choose}`"),
            )
            .with_help(format!(
                "a bot script must define fn {choose}; see scripts/README.md, 'Bots'"
            )));
        }
        Ok(rules)
    }

    /// Compiles bot helpers (files in merge order) before the variant's rules, as
    /// [`Rules::compile_with_bot`] does, for a bot written in Rust that calls the helpers
    /// (`bot_value`, `bot_after`, …) and defines no `choose` of its own.
    pub fn compile_with_helpers(
        variant: Variant,
        limits: Limits,
        helpers: &[ScriptFile],
        bot_api: BotApi,
    ) -> Result<Rules, Diagnostic> {
        Rules::compile_all(variant, limits, helpers, Some(bot_api))
    }

    /// Compiles `first` and then the variant's scripts, on an engine with the rules' API
    /// and, for a bot, the bots' API.
    fn compile_all(
        variant: Variant,
        limits: Limits,
        first: &[ScriptFile],
        bot_api: Option<BotApi>,
    ) -> Result<Rules, Diagnostic> {
        let family = variant.family;
        let deadline = Deadline::default();
        let prints = PrintBuffer::default();
        let mut engine = build_engine(
            family,
            &variant.library.scripts_dir(),
            &limits,
            &deadline,
            &prints,
        );
        if let Some(register) = bot_api {
            register(&mut engine, family);
        }
        let layers = SharedLayers::default();
        parent::register(&mut engine, &layers);
        let mut compiled = Vec::new();
        let mut sources = Sources {
            scripts_dir: variant.library.scripts_dir(),
            root: variant.library.root.clone(),
            ..Sources::default()
        };
        let mut ast = AST::empty();
        let mut hasher = Sha256::new();
        for script in first.iter().chain(&variant.scripts) {
            let text = std::fs::read_to_string(&script.path).map_err(|e| {
                Diagnostic::in_file(
                    Kind::Io,
                    &script.shown,
                    format!("cannot read the script: {e}"),
                )
            })?;
            // Length first, so that moving text from one script to the next changes the hash.
            hasher.update((text.len() as u64).to_le_bytes());
            hasher.update(text.as_bytes());
            sources.texts.insert(script.shown.clone(), text.clone());
            let mut layer = engine
                .compile(&text)
                .map_err(|e| parse_error(&sources, &script.shown, &e))?;
            layer.set_source(script.shown.as_str());
            lint::functions_only(&layer, &script.shown, &sources)?;
            for f in layer.iter_functions() {
                sources
                    .function_files
                    .insert(f.name.to_owned(), script.shown.clone());
            }
            ast = ast.merge(&layer);
            compiled.push((script.shown.clone(), layer));
        }
        for hook in hooks::RULES.iter().filter(|h| h.required) {
            if !defines(&ast, hook) {
                let files: Vec<&str> = variant.scripts.iter().map(|s| s.shown.as_str()).collect();
                return Err(Diagnostic::in_file(
                    Kind::Script,
                    variant.library.show(&variant.manifest),
                    format!(
                        "the scripts of `{}` define no `{}` with {}",
                        variant.name,
                        hook.name,
                        count(hook.arity(), "parameter")
                    ),
                )
                .with_help(format!(
                    "scripts merged: {}; see DESIGN.md, 'The rules contract'",
                    files.join(", ")
                )));
            }
        }
        let data = Tables::new(data::load_all(&variant, family)?);
        // A derived variant's own scripts are the designer's: linted, and where errors are
        // shown (a game's own variants lint nothing).
        let added = first.len()
            + variant
                .root_scripts
                .max(variant.scripts.len() - variant.own_scripts);
        sources.base = compiled
            .iter()
            .take(added)
            .map(|(f, _)| f.clone())
            .collect();
        lint::check_overrides(
            &compiled,
            added,
            &sources.texts,
            &lint::data_names(data.map(), |v| family.data_names(v)),
        )?;
        lint::unknown_options(
            &compiled,
            added,
            &sources.texts,
            variant.options.keys().map(String::as_str),
        )?;
        layers.borrow_mut().set(compiled, ast.clone());
        let has_view = defines(&ast, &hooks::VIEW);
        let has_goals = defines(&ast, &hooks::GOALS);
        let options = variant.options.keys().map(String::as_str);
        tables::register_keys(
            &mut engine,
            options.chain(data.map().keys().map(|k| k.as_str())),
        );
        let rules = Rules {
            variant,
            engine,
            ast,
            sources,
            data,
            limits,
            deadline,
            prints,
            has_view,
            has_goals,
            scripts_hash: hasher
                .finalize()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        };
        rules.check_data()?;
        Ok(rules)
    }

    /// The rules' own check of the manifest's tables: `check_data(data)`, when defined,
    /// returns `()` or `#{ entry: "pyramid", problem: "…" }`, reported at that entry of
    /// the manifest (the manifest is the cause, not the script that would trip on it).
    fn check_data(&self) -> Result<(), Diagnostic> {
        if !self.defines(&hooks::CHECK_DATA) {
            return Ok(());
        }
        let data = Dynamic::from_map(self.data.map().clone());
        let answer = self.call_function(&hooks::CHECK_DATA, (data,))?;
        if answer.is_unit() {
            return Ok(());
        }
        let found = answer.read_lock::<Map>().and_then(|m| {
            Some((
                m.get("entry")?.clone().into_string().ok()?,
                m.get("problem")?.to_string(),
            ))
        });
        match found {
            Some((entry, problem)) => Err(data::problem_at(&self.variant, &entry, &problem)),
            None => Err(Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::CHECK_DATA.name),
                format!("check_data() returned {answer}: it must return () or #{{ entry: \"…\", problem: \"…\" }}"),
            )),
        }
    }

    /// The family whose primitives the rules use.
    pub fn family(&self) -> &'static dyn Family {
        self.variant.family
    }

    /// Whether the merged scripts define `hook` (with its number of parameters).
    pub fn defines(&self, hook: &Hook) -> bool {
        defines(&self.ast, hook)
    }

    /// A command starts (at the REPL, where [`Limits::command_time`] is set): the hook
    /// calls until [`Rules::end_command`] share its time budget.
    pub fn start_command(&self) {
        if let Some(budget) = self.limits.command_time {
            self.deadline.start_command(budget);
        }
    }

    /// The command ended; later hook calls are bounded by their own time limit.
    pub fn end_command(&self) {
        self.deadline.end_command();
    }

    /// Calls `hook` with `this` bound to `state`.
    fn call(
        &self,
        state: &mut Dynamic,
        hook: &Hook,
        args: impl FuncArgs,
        tag: Option<Dynamic>,
    ) -> Result<Dynamic, Diagnostic> {
        self.call_with(Some(state), hook, args, tag)
    }

    /// Calls a hook that takes no `this` (a bot's `choose(state, moves)`).
    pub fn call_function(&self, hook: &Hook, args: impl FuncArgs) -> Result<Dynamic, Diagnostic> {
        self.call_with(None, hook, args, None)
    }

    /// Interpreter operations this engine has run so far (a call under way counted in
    /// steps of 256): the same count for the same calls on any machine (see
    /// [`crate::bot::search`]'s `kops`, and `bench`).
    pub fn operations(&self) -> u64 {
        self.deadline.operations()
    }

    fn call_with(
        &self,
        this: Option<&mut Dynamic>,
        hook: &Hook,
        args: impl FuncArgs,
        tag: Option<Dynamic>,
    ) -> Result<Dynamic, Diagnostic> {
        let mut scope = Scope::new();
        let mut options = CallFnOptions::new().eval_ast(false);
        if let Some(state) = this {
            options = options.bind_this_ptr(state);
        }
        if let Some(tag) = tag {
            options = options.with_tag(tag);
        }
        self.deadline.start(self.limits.time_limit);
        let result = self
            .engine
            .call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, hook.name, args);
        self.deadline.clear();
        result.map_err(|e| runtime_error(&self.sources, hook.name, &e, &self.deadline))
    }

    /// Calls a hook that must return an array. Returns the array and how to report an
    /// entry that is wrong (`help` says what the hook must return).
    fn call_list<'a>(
        &'a self,
        state: &mut Dynamic,
        hook: &'a Hook,
        help: &'a str,
    ) -> Result<(rhai::Array, impl Fn(String) -> Diagnostic + 'a), Diagnostic> {
        let bad = move |why: String| {
            Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hook.name),
                format!("{}() {why}", hook.name),
            )
            .with_help(help)
        };
        let array = self
            .call(state, hook, (), None)?
            .try_cast::<rhai::Array>()
            .ok_or_else(|| bad("did not return an array".into()))?;
        Ok((array, bad))
    }

    /// A new game: the state map gets `options`, `seed`, `rng` and `data`, then `setup()`.
    pub fn new_state(&self, options: &OptionValues, seed: u64) -> Result<Dynamic, Diagnostic> {
        let mut map = Map::new();
        let opts: Map = options
            .iter()
            .map(|(k, v)| (k.as_str().into(), v.to_dynamic()))
            .collect();
        map.insert(
            fields::OPTIONS.name.into(),
            Dynamic::from(Tables::options(opts)),
        );
        map.insert(fields::SEED.name.into(), Dynamic::from_int(seed as i64));
        map.insert(fields::RNG.name.into(), Dynamic::from(Rng::seeded(seed)));
        map.insert(fields::DATA.name.into(), Dynamic::from(self.data.clone()));
        let mut state = Dynamic::from_map(map);
        self.start_command();
        let _ = self.call(&mut state, &hooks::SETUP, (), None)?;
        Ok(state)
    }

    /// The legal moves, checked: an array of maps with unique `label` strings.
    pub fn moves(&self, state: &mut Dynamic) -> Result<Vec<Move>, Diagnostic> {
        let (array, bad) = self.call_list(
            state,
            &hooks::MOVES,
            "moves() must return an array of object maps, each with a unique `label` string",
        )?;
        let mut moves = Vec::with_capacity(array.len());
        for value in array {
            let label = value
                .read_lock::<Map>()
                .and_then(|m| m.get("label").map(label_text))
                .ok_or_else(|| bad(format!("returned an entry without a label: {value}")))?;
            moves.push(Move { label, value });
        }
        // Sorted and compared side by side: cheaper than hashing for a few dozen moves.
        let mut labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
        labels.sort_unstable();
        if let Some(twice) = labels.windows(2).find(|pair| pair[0] == pair[1]) {
            return Err(bad(format!("returned the label `{}` twice", twice[0])));
        }
        Ok(moves)
    }

    /// Plays `mv`. On error the state may be partly changed: the caller restores it.
    /// Each move of a command gets the whole command budget (see [`Limits::command_time`]).
    pub fn play(&self, state: &mut Dynamic, mv: &Move) -> Result<(), Diagnostic> {
        self.start_command();
        self.call(state, &hooks::PLAY, (mv.value.clone(),), None)
            .map(|_| ())
    }

    /// Why the game ended, or `None` while it runs.
    pub fn over(&self, state: &mut Dynamic) -> Result<Option<String>, Diagnostic> {
        let v = self.call(state, &hooks::OVER, (), None)?;
        if v.is_unit() {
            return Ok(None);
        }
        v.into_string().map(Some).map_err(|kind| {
            Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::OVER.name),
                format!("over() returned a {kind}: it must return () while the game runs, else a string saying why it ended"),
            )
            .with_help("return for example \"the last tile was placed\"")
        })
    }

    /// The score map: `total` plus any breakdown.
    pub fn score(&self, state: &mut Dynamic) -> Result<Map, Diagnostic> {
        let v = self.call(state, &hooks::SCORE, (), None)?;
        let map = v.try_cast::<Map>().ok_or_else(|| {
            Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::SCORE.name),
                "score() did not return an object map",
            )
            .with_help("return for example #{ total: 12 }")
        })?;
        match map.get("total") {
            None => Err(Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::SCORE.name),
                "score() returned no `total`",
            )
            .with_help("return for example #{ total: 12, red: 14 }")),
            Some(total) if !total.is_int() => Err(Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::SCORE.name),
                format!(
                    "score() returned the total {total} ({}): results are whole numbers",
                    total.type_name()
                ),
            )
            .with_help("round it, for example `(sum / n).to_int()` or integer division `sum / n`")),
            Some(_) => Ok(map),
        }
    }

    /// The game as text, drawn as `options` ask (scripts read them with `view_options()`:
    /// they are the call's tag).
    pub fn view(
        &self,
        state: &mut Dynamic,
        options: &ViewOptions,
    ) -> Result<Option<String>, Diagnostic> {
        if !self.has_view {
            return Ok(None);
        }
        let v = self.call(
            state,
            &hooks::VIEW,
            (),
            Some(Dynamic::from(options.clone())),
        )?;
        Ok(Some(v.to_string()))
    }

    /// What the rules are asking now, when they say (`question()`, optional: the
    /// question whose options are the moves, in games that choose in steps).
    pub fn question(&self, state: &mut Dynamic) -> Result<Option<String>, Diagnostic> {
        self.optional_text(state, &hooks::QUESTION, ())
    }

    /// What the labels of the moves mean (`moves_help()`, optional), for `help moves`.
    pub fn moves_help(&self, state: &mut Dynamic) -> Result<Option<String>, Diagnostic> {
        self.optional_text(state, &hooks::MOVES_HELP, ())
    }

    /// What a legal move would do, in words (`describe_move(mv)`, optional), for `moves`:
    /// asked only at the REPL, so the move lists bots read cost nothing more.
    pub fn describe_move(
        &self,
        state: &mut Dynamic,
        mv: &Move,
    ) -> Result<Option<String>, Diagnostic> {
        self.optional_text(state, &hooks::DESCRIBE_MOVE, (mv.value.clone(),))
    }

    /// Why a typed choice is not a legal move now (`why_not(choice)`, optional).
    pub fn why_not(&self, state: &mut Dynamic, choice: &str) -> Result<Option<String>, Diagnostic> {
        self.optional_text(state, &hooks::WHY_NOT, (choice.to_owned(),))
    }

    /// What a card (or any named piece) of the game is, does and where it is, drawn as
    /// `options` ask (`card_text(name)`, optional); `None` when the rules know no such name.
    pub fn card_text(
        &self,
        state: &mut Dynamic,
        name: &str,
        options: &ViewOptions,
    ) -> Result<Option<String>, Diagnostic> {
        if !self.defines(&hooks::CARD_TEXT) {
            return Ok(None);
        }
        let tag = Some(Dynamic::from(options.clone()));
        let v = self.call(state, &hooks::CARD_TEXT, (name.to_owned(),), tag)?;
        Ok((!v.is_unit()).then(|| v.to_string()))
    }

    /// The names `card_text` knows (`card_names()`, optional): none without it.
    pub fn card_names(&self, state: &mut Dynamic) -> Result<Vec<String>, Diagnostic> {
        if !self.defines(&hooks::CARD_NAMES) {
            return Ok(Vec::new());
        }
        let v = self.call(state, &hooks::CARD_NAMES, (), None)?;
        if v.is_unit() {
            return Ok(Vec::new());
        }
        let bad = || {
            Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::CARD_NAMES.name),
                "card_names() did not return an array of strings",
            )
            .with_help("return for example [\"Town Hall\", \"Mill\"]")
        };
        v.try_cast::<rhai::Array>()
            .ok_or_else(bad)?
            .into_iter()
            .map(|name| name.into_string().map_err(|_| bad()))
            .collect()
    }

    /// The texts a picture writes in the rules' words (`captions()`, optional): none
    /// without it.
    pub fn captions(&self, state: &mut Dynamic) -> Result<Map, Diagnostic> {
        if !self.defines(&hooks::CAPTIONS) {
            return Ok(Map::new());
        }
        let v = self.call(state, &hooks::CAPTIONS, (), None)?;
        if v.is_unit() {
            return Ok(Map::new());
        }
        v.try_cast::<Map>().ok_or_else(|| {
            Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::CAPTIONS.name),
                "captions() did not return an object map",
            )
            .with_help(
                "return for example #{ costs: #{ G01: \"1 wood, 1 clay\" } }, or () for none",
            )
        })
    }

    /// The score sheet (`sheet()`, optional; see [`crate::sheet`]).
    pub fn sheet(&self, state: &mut Dynamic) -> Result<Option<Map>, Diagnostic> {
        if !self.defines(&hooks::SHEET) {
            return Ok(None);
        }
        let v = self.call(state, &hooks::SHEET, (), None)?;
        v.try_cast::<Map>().map(Some).ok_or_else(|| {
            Diagnostic::in_file(Kind::Script, self.defining_file(hooks::SHEET.name), "sheet() did not return an object map")
                .with_help("return for example #{ how: \"the lowest score\", columns: [\"colour\", \"points\"], rows: [[\"red\", 12]] }")
        })
    }

    /// An optional hook that answers with text, or with `()` for nothing to say.
    fn optional_text(
        &self,
        state: &mut Dynamic,
        hook: &Hook,
        args: impl FuncArgs,
    ) -> Result<Option<String>, Diagnostic> {
        if !self.defines(hook) {
            return Ok(None);
        }
        let v = self.call(state, hook, args, None)?;
        Ok((!v.is_unit()).then(|| v.to_string()))
    }

    /// How many turns the game has had, when the rules say (`turns()`, optional: tiles
    /// placed, rounds played): `bench` reports turns per second beside moves.
    pub fn turns(&self, state: &mut Dynamic) -> Result<Option<u64>, Diagnostic> {
        if !self.defines(&hooks::TURNS) {
            return Ok(None);
        }
        let v = self.call(state, &hooks::TURNS, (), None)?;
        v.as_int()
            .ok()
            .and_then(|n| u64::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| {
                Diagnostic::in_file(
                    Kind::Script,
                    self.defining_file(hooks::TURNS.name),
                    format!("turns() returned {v}: it must return a whole number, 0 or more"),
                )
            })
    }

    /// Whether luck can still play a part from this position: the rules say so with
    /// `chance()` (optional); without it the host cannot know that the generator is
    /// never drawn, and assumes chance.
    pub fn chance(&self, state: &mut Dynamic) -> Result<bool, Diagnostic> {
        if !self.defines(&hooks::CHANCE) {
            return Ok(true);
        }
        let v = self.call(state, &hooks::CHANCE, (), None)?;
        v.as_bool().map_err(|_| {
            Diagnostic::in_file(
                Kind::Script,
                self.defining_file(hooks::CHANCE.name),
                format!("chance() returned {v}: it must return true or false"),
            )
        })
    }

    /// The variant's goals with whether this game reached them, in the order the rules
    /// list them; empty when the rules define no `goals()`.
    pub fn goals(&self, state: &mut Dynamic) -> Result<Vec<Goal>, Diagnostic> {
        if !self.has_goals {
            return Ok(Vec::new());
        }
        let (array, bad) = self.call_list(
            state,
            &hooks::GOALS,
            "goals() must return an array of maps like #{ id: \"G1\", text: \"…\", reached: true }, with unique ids",
        )?;
        let mut goals: Vec<Goal> = Vec::with_capacity(array.len());
        for value in array {
            let goal = value
                .read_lock::<Map>()
                .and_then(|m| {
                    Some(Goal {
                        id: m.get("id")?.clone().into_string().ok()?,
                        text: m.get("text")?.clone().into_string().ok()?,
                        reached: m.get("reached")?.as_bool().ok()?,
                    })
                })
                .ok_or_else(|| bad(format!("returned an entry without a string `id`, a string `text` and a bool `reached`: {value}")))?;
            if goals.iter().any(|g| g.id == goal.id) {
                return Err(bad(format!("returned the id `{}` twice", goal.id)));
            }
            goals.push(goal);
        }
        Ok(goals)
    }

    /// Evaluates a REPL expression with `state` in scope (a copy: the game is not changed)
    /// and the rule functions callable.
    pub fn eval(&self, state: &Dynamic, expr: &str) -> Result<Dynamic, Diagnostic> {
        let mut sources = self.sources.clone();
        sources.texts.insert("eval".into(), expr.to_owned());
        let mut ast = self
            .engine
            .compile(expr)
            .map_err(|e| parse_error(&sources, "eval", &e).with_help(EVAL_HELP))?;
        ast.set_source("eval");
        let ast = self.ast.merge(&ast);
        let mut scope = Scope::new();
        scope.push("state", state.clone());
        self.deadline.start(self.limits.time_limit);
        let result = self.engine.eval_ast_with_scope::<Dynamic>(&mut scope, &ast);
        self.deadline.clear();
        result.map_err(|e| {
            // The chain of rule functions stays; the advice is about the typed line.
            advised(
                runtime_error(&sources, "eval", &e, &self.deadline),
                EVAL_HELP,
            )
        })
    }

    /// A value as a script's `print` shows it: the engine's `to_string` knows the host's
    /// types (an announced event shows its fields), where Rust's formatting of a value
    /// names the type of each one.
    pub fn shown(&self, value: &Dynamic) -> String {
        let mut scope = Scope::new();
        scope.push("value", value.clone());
        self.engine
            .eval_with_scope::<ImmutableString>(&mut scope, "value.to_string()")
            .map_or_else(|_| value.to_string(), |text| text.to_string())
    }

    /// The SHA-256 of the scripts in merge order (hex): which rules a recorded game was
    /// played under.
    pub fn scripts_hash(&self) -> &str {
        &self.scripts_hash
    }

    /// What the scripts printed since the last call.
    pub fn take_prints(&self) -> Vec<String> {
        self.prints.borrow_mut().take()
    }

    /// Each rule function by name, with the file whose definition runs (the last).
    pub fn functions(&self) -> impl Iterator<Item = (&str, &str)> {
        self.sources
            .function_files
            .iter()
            .map(|(function, file)| (function.as_str(), file.as_str()))
    }

    /// The file that defines `function` (for messages about what it returned).
    pub fn defining_file(&self, function: &str) -> String {
        self.sources
            .function_files
            .get(function)
            .cloned()
            .unwrap_or_else(|| self.variant.name.clone())
    }
}

fn defines(ast: &AST, hook: &Hook) -> bool {
    ast.iter_functions()
        .any(|f| f.name == hook.name && f.params.len() == hook.arity())
}
