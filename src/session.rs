//! One game: a variant's rules, option values, a seed and the log of moves played. The
//! state is always what the log produces from the seed, so undo, redo, load and reload
//! are all replays, and a failed move is undone by replaying the log that preceded it.
//! Each move keeps who chose it ([`Player`]): a move typed is yours, a bot's move
//! (`bot::play_out`) is the bot's, and a move taken back and played again by `redo` or
//! `reload` keeps its player.

use crate::diagnostic::{Diagnostic, Kind};
use crate::manifest::options::{resolve, OptionValues};
use crate::manifest::{Library, Variant};
use crate::players::{self, Player};
use crate::save::{SaveFile, FORMAT, VERSION};
use crate::script::{events, Event, Goal, Limits, Move, Rules};
use rhai::{Dynamic, Map};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Joins the labels of the steps of a move typed whole: `use Granary > pay 1 coin`.
pub const STEP: &str = " > ";

/// A game in progress.
pub struct Session {
    rules: Rc<Rules>,
    overrides: Vec<(String, String)>,
    options: OptionValues,
    seed: u64,
    /// The log: the moves played, in order.
    played: Vec<Played>,
    /// Moves taken back, the next one to redo last.
    redo: Vec<TakenBack>,
    state: Dynamic,
    /// How many events the state held after setup.
    setup_events: usize,
    limits: Limits,
    /// The variant's [`Variant::fingerprint`] when its rules were compiled here (new,
    /// load, reload); `None` for rules compiled elsewhere (bulk runs), read when asked.
    fingerprint: Option<String>,
}

/// A move as chosen: its label, who chose it, and whether it was typed in one line with
/// the move before it (a later step of a move typed whole, ` > ` between the steps):
/// `undo` and `redo` take such a line whole, as it was typed.
#[derive(Clone)]
struct Choice {
    label: String,
    by: Player,
    joined: bool,
}

/// A move of the log.
struct Played {
    choice: Choice,
    /// How many events the state held after it: the events of the move are those after
    /// the previous move's count.
    events: usize,
}

/// A move taken back, waiting for `redo`.
#[derive(Clone)]
struct TakenBack {
    choice: Choice,
    /// A `reload` refused it (or a move before it). While every move of the redo list
    /// is such a one, the next `reload` tries them again, so that reverting a rule and
    /// reloading brings them back.
    refused: bool,
}

/// A move the rules refused while a log was replayed.
#[derive(Debug)]
pub struct Rejection {
    /// 1-based, as the `log` command numbers moves.
    pub number: usize,
    pub label: String,
    pub why: Diagnostic,
}

/// What `reload` found when it replayed the log under the new rules.
#[derive(Debug)]
pub struct ReloadReport {
    pub replayed: usize,
    /// The first move the new rules reject, if any.
    pub rejected: Option<Rejection>,
}

/// A log replayed from the seed: the state reached, how many events it held after setup
/// and after each move replayed, and the first move refused (the state is the one before
/// it).
struct Replay {
    state: Dynamic,
    setup_events: usize,
    events: Vec<usize>,
    rejected: Option<Rejection>,
}

impl Session {
    /// Starts a new game of `variant` (a name or manifest path).
    pub fn new(
        library: &Library,
        variant: &str,
        overrides: &[(String, String)],
        seed: u64,
        limits: Limits,
    ) -> Result<Session, Diagnostic> {
        let variant = Variant::load(library, variant)?;
        let fingerprint = variant.fingerprint();
        let rules = Rules::compile(variant, limits)?;
        let mut session = Session::start_shared(Rc::new(rules), overrides, seed, limits)?;
        session.fingerprint = Some(fingerprint);
        Ok(session)
    }

    /// Starts a new game with rules already compiled (bulk runs compile once per thread).
    pub fn start_shared(
        rules: Rc<Rules>,
        overrides: &[(String, String)],
        seed: u64,
        limits: Limits,
    ) -> Result<Session, Diagnostic> {
        let options = resolve(&rules.variant.options, overrides)?;
        let state = rules.new_state(&options, seed)?;
        Ok(Session {
            rules,
            overrides: overrides.to_vec(),
            options,
            seed,
            played: Vec::new(),
            redo: Vec::new(),
            setup_events: events::count(&state),
            state,
            limits,
            fingerprint: None,
        })
    }

    pub fn variant(&self) -> &Variant {
        &self.rules.variant
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The fingerprint of what the variant's manifests set (options, data), as when the
    /// rules were compiled (see [`Variant::fingerprint`]).
    pub fn variant_fingerprint(&self) -> String {
        self.fingerprint
            .clone()
            .unwrap_or_else(|| self.rules.variant.fingerprint())
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn options(&self) -> &OptionValues {
        &self.options
    }

    pub fn overrides(&self) -> &[(String, String)] {
        &self.overrides
    }

    /// The labels of the moves played, in order.
    pub fn log(&self) -> Vec<String> {
        self.played.iter().map(|p| p.choice.label.clone()).collect()
    }

    /// How many moves have been played.
    pub fn moves_played(&self) -> usize {
        self.played.len()
    }

    /// Who chose each move of the log.
    pub fn players(&self) -> Vec<Player> {
        self.played.iter().map(|p| p.choice.by.clone()).collect()
    }

    pub fn state(&self) -> &Dynamic {
        &self.state
    }

    /// What the rules announced during move `n` of the log (1-based; 0: while setting up).
    pub fn events_of(&self, n: usize) -> Vec<Event> {
        let end = self.events_after_moves(n).unwrap_or(0);
        let start = match n {
            0 => 0,
            n => self.events_after_moves(n - 1).unwrap_or(0),
        };
        let mut list = events::since(&self.state, start);
        list.truncate(end.saturating_sub(start));
        list
    }

    /// How many events the state held after the first `n` moves of the log.
    fn events_after_moves(&self, n: usize) -> Option<usize> {
        match n {
            0 => Some(self.setup_events),
            n => self.played.get(n - 1).map(|p| p.events),
        }
    }

    /// What the rules announced during the moves after the first `n` of the log.
    pub fn events_after(&self, n: usize) -> Vec<Event> {
        (n + 1..=self.played.len())
            .flat_map(|i| self.events_of(i))
            .collect()
    }

    pub fn can_redo(&self) -> usize {
        self.redo.len()
    }

    /// The legal moves now (empty when the game is over).
    pub fn moves(&mut self) -> Result<Vec<Move>, Diagnostic> {
        if self.over()?.is_some() {
            return Ok(Vec::new());
        }
        self.rules.moves(&mut self.state)
    }

    /// Why the game ended, or `None` while it runs.
    pub fn over(&mut self) -> Result<Option<String>, Diagnostic> {
        self.rules.over(&mut self.state)
    }

    pub fn score(&mut self) -> Result<Map, Diagnostic> {
        self.rules.score(&mut self.state)
    }

    /// The variant's goals and whether this game reached them (empty without `goals()`).
    pub fn goals(&mut self) -> Result<Vec<Goal>, Diagnostic> {
        self.rules.goals(&mut self.state)
    }

    /// How many turns the game has had, if the rules say (see `Rules::turns`).
    pub fn turns(&mut self) -> Result<Option<u64>, Diagnostic> {
        self.rules.turns(&mut self.state)
    }

    /// What the rules are asking now, if they say (see `Rules::question`).
    pub fn question(&mut self) -> Result<Option<String>, Diagnostic> {
        self.rules.question(&mut self.state)
    }

    /// The rules' score sheet, when they draw one (see [`crate::sheet`]).
    pub fn sheet_hook(&mut self) -> Result<Option<rhai::Map>, Diagnostic> {
        self.rules.sheet(&mut self.state)
    }

    /// The texts the rules give a picture to write (see `Rules::captions`).
    pub fn captions(&mut self) -> Result<rhai::Map, Diagnostic> {
        self.rules.captions(&mut self.state)
    }

    /// What the rules say their moves' labels mean.
    pub fn moves_help(&mut self) -> Result<Option<String>, Diagnostic> {
        self.rules.moves_help(&mut self.state)
    }

    /// What a legal move would do, when the rules say.
    pub fn describe(&mut self, mv: &Move) -> Result<Option<String>, Diagnostic> {
        self.rules.describe_move(&mut self.state, mv)
    }

    /// What the rules tell of the card called `name`, if they know it (see
    /// `Rules::card_text`).
    pub fn card_text(
        &mut self,
        name: &str,
        options: &crate::script::ViewOptions,
    ) -> Result<Option<String>, Diagnostic> {
        self.rules.card_text(&mut self.state, name, options)
    }

    /// The names of the cards the rules tell of.
    pub fn card_names(&mut self) -> Result<Vec<String>, Diagnostic> {
        self.rules.card_names(&mut self.state)
    }

    /// The game as the rules' `view()` draws it, with the host's settings of this `show`.
    pub fn view(
        &mut self,
        options: &crate::script::ViewOptions,
    ) -> Result<Option<String>, Diagnostic> {
        self.rules.view(&mut self.state, options)
    }

    /// Plays the move you typed: its label, or its 1-based number in the move list, or
    /// a move made of steps typed whole (their labels joined by [`STEP`]). An illegal
    /// choice or a failing script leaves the game as it was.
    pub fn play(&mut self, choice: &str) -> Result<String, Diagnostic> {
        self.play_as(choice, &Player::You, false)
    }

    /// [`Session::play`], the move chosen by `by`; `joined` when it was typed in one line
    /// with the move before it (a step redone).
    fn play_as(&mut self, choice: &str, by: &Player, joined: bool) -> Result<String, Diagnostic> {
        if let Some(reason) = self.over()? {
            return Err(
                Diagnostic::new(Kind::Refused, format!("the game is over ({reason})"))
                    .with_help("`undo` to go back, or `new` to start another game"),
            );
        }
        let moves = self.rules.moves(&mut self.state)?;
        match pick(&moves, choice) {
            Ok(mv) => {
                self.play_chosen(&mv, by, joined)?;
                Ok(mv.label.to_string())
            }
            Err(_) if choice.contains(STEP) => self.play_steps(choice, by),
            Err(e) => Err(self.explained(e, choice)?),
        }
    }

    /// A refusal of `choice` with the rules' reason added, when they give one.
    fn explained(&mut self, refusal: Diagnostic, choice: &str) -> Result<Diagnostic, Diagnostic> {
        Ok(match self.rules.why_not(&mut self.state, choice.trim())? {
            Some(why) => Diagnostic {
                message: format!("{}: {why}", refusal.message),
                ..refusal
            },
            None => refusal,
        })
    }

    /// Would `choice` be taken as a move now (a legal label or number, or steps)?
    pub fn takes_as_move(&mut self, choice: &str) -> Result<bool, Diagnostic> {
        Ok(choice.contains(STEP) || pick(&self.moves()?, choice).is_ok())
    }

    /// Plays each step of a move typed whole; if one is refused, every step is taken back.
    fn play_steps(&mut self, choice: &str, by: &Player) -> Result<String, Diagnostic> {
        let (before, redo) = (self.played.len(), self.redo.clone());
        let mut played = Vec::new();
        for (i, step) in choice.split(STEP).enumerate() {
            // A step refused is explained in the position it was typed in.
            let outcome = match self.rules.moves(&mut self.state).map(|m| pick(&m, step)) {
                Ok(Ok(mv)) => self
                    .play_chosen(&mv, by, i > 0)
                    .map(|()| mv.label.to_string()),
                Ok(Err(refusal)) if i > 0 && self.rules.question(&mut self.state)?.is_none() => {
                    Err(nothing_more_asked(refusal, &played))
                }
                Ok(Err(refusal)) => Err(self.explained(refusal, step)?),
                Err(e) => Err(e),
            };
            match outcome {
                Ok(label) => played.push(label),
                Err(e) => {
                    self.state = self.replay_prefix(before)?;
                    self.played.truncate(before);
                    self.redo = redo;
                    return Err(e.within(format!("step {} `{step}` of `{choice}`", i + 1)));
                }
            }
        }
        Ok(played.join(STEP))
    }

    /// Plays a move taken from `moves()`, chosen by `by`, restoring the state if the
    /// script fails. A move other than the next one to redo forgets the redo list.
    pub fn play_move(&mut self, mv: &Move, by: &Player) -> Result<(), Diagnostic> {
        self.play_chosen(mv, by, false)
    }

    /// [`Session::play_move`], `joined` when typed in one line with the move before it.
    fn play_chosen(&mut self, mv: &Move, by: &Player, joined: bool) -> Result<(), Diagnostic> {
        if let Err(e) = self.rules.play(&mut self.state, mv) {
            self.state = self.replay_prefix(self.played.len())?;
            return Err(e);
        }
        self.played.push(Played {
            choice: Choice {
                label: mv.label.to_string(),
                by: by.clone(),
                joined,
            },
            events: events::count(&self.state),
        });
        if self.redo.last().is_some_and(|t| t.choice.label == mv.label) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<String, Diagnostic> {
        let mut taken = self.take_back(1)?;
        Ok(taken.remove(0))
    }

    /// Takes back the last move as it was typed: a move typed whole (its steps joined by
    /// [`STEP`]) with all its steps. Returns the labels, as [`Session::take_back`] does.
    pub fn take_back_line(&mut self) -> Result<Vec<String>, Diagnostic> {
        let joined = self
            .played
            .iter()
            .rev()
            .take_while(|p| p.choice.joined)
            .count();
        self.take_back(joined + 1)
    }

    /// Takes back the last `n` moves (all of them when fewer were played), the game
    /// rebuilt once from the seed; each waits for `redo`, the earliest first. Returns
    /// their labels in the order they were played.
    pub fn take_back(&mut self, n: usize) -> Result<Vec<String>, Diagnostic> {
        if self.played.is_empty() {
            return Err(Diagnostic::new(
                Kind::NothingToUndo,
                "there is no move to undo",
            ));
        }
        let kept = self.played.len().saturating_sub(n);
        self.state = self.replay_prefix(kept)?;
        let taken: Vec<Played> = self.played.drain(kept..).collect();
        self.redo.extend(taken.iter().rev().map(|p| TakenBack {
            choice: p.choice.clone(),
            refused: false,
        }));
        Ok(taken.into_iter().map(|p| p.choice.label).collect())
    }

    /// Plays again the last move taken back, as chosen by whoever chose it.
    pub fn redo(&mut self) -> Result<String, Diagnostic> {
        let Choice { label, by, joined } = self
            .redo
            .last()
            .map(|t| t.choice.clone())
            .ok_or_else(|| Diagnostic::new(Kind::NothingToRedo, "there is no move to redo"))?;
        self.play_as(&label, &by, joined)
    }

    /// Whether the next move to redo was typed in one line with the one before it.
    pub fn redo_continues_line(&self) -> bool {
        self.redo.last().is_some_and(|t| t.choice.joined)
    }

    /// The state after the first `n` moves of the log, rebuilt from the seed.
    fn replay_prefix(&self, n: usize) -> Result<Dynamic, Diagnostic> {
        let labels: Vec<&str> = self.played[..n]
            .iter()
            .map(|p| p.choice.label.as_str())
            .collect();
        let replay = replay(&self.rules, &self.options, self.seed, &labels)?;
        match replay.rejected {
            None => Ok(replay.state),
            Some(r) => Err(Diagnostic::new(
                Kind::NoLongerLegal,
                format!(
                    "move {} `{}` no longer replays: {}",
                    r.number, r.label, r.why.message
                ),
            )
            .with_help("the rules changed under the game; `reload` to replay under the new rules")),
        }
    }

    pub fn to_save(&self) -> SaveFile {
        SaveFile {
            format: FORMAT.to_owned(),
            version: VERSION,
            variant: self.rules.variant.name.clone(),
            seed: self.seed,
            options: self.overrides.iter().cloned().collect(),
            moves: self.log(),
            played_by: players::runs(&self.players()),
            played_with: self
                .options
                .iter()
                .map(|(k, v)| (k.clone(), v.to_string()))
                .collect(),
            rules: self.rules_folder(),
        }
    }

    /// The rules folder `--home` named for this game, absolute (the game may be taken up
    /// again from another folder); none for the shipped and default folders.
    pub fn rules_folder(&self) -> Option<PathBuf> {
        let home = self.rules.variant.library.home_flag.as_ref()?;
        Some(std::path::absolute(home).unwrap_or_else(|_| home.clone()))
    }

    /// Saves the game to `path`; another game's save there is replaced only if `force`.
    pub fn save(&self, path: &Path, force: bool) -> Result<(), Diagnostic> {
        self.to_save().write_over(path, force)
    }

    /// Loads a saved game, replaying every move; any move the rules reject is an error.
    /// Returns the notes of [`SaveFile::overrides_under`] with it.
    pub fn load(
        library: &Library,
        path: &Path,
        limits: Limits,
    ) -> Result<(Session, Vec<String>), Diagnostic> {
        let save = SaveFile::read(path)?;
        let in_file = |e: Diagnostic| e.within(path.display());
        let variant = Variant::load(library, &save.variant).map_err(|e| {
            if library.find(&save.variant).is_ok() {
                return in_file(e);
            }
            // A game of a variant these rules do not have: said of the save, with the
            // rules folder it was played from when `--home` named one.
            let mut d = Diagnostic::in_file(e.kind, path.display().to_string(), e.message);
            d.help = save.help_to_its_rules(library, e.help, |program| {
                format!("`{program}` finds them (with `resume`, or `load` at its prompt)")
            });
            d
        })?;
        let (_, notes) = save.overrides_under(&variant.options);
        let session = Session::from_save(library, &save, limits).map_err(in_file)?;
        Ok((session, notes))
    }

    /// The game of a save, replayed; a default changed since the save is overridden
    /// with the value the game was played with.
    pub fn from_save(
        library: &Library,
        save: &SaveFile,
        limits: Limits,
    ) -> Result<Session, Diagnostic> {
        let variant = Variant::load(library, &save.variant)?;
        let by = players::per_move(&save.played_by, save.moves.len())
            .map_err(|why| Diagnostic::new(Kind::Save, why).with_help(
                "the save was edited or damaged: make `played_by` count every move, or remove it (who played becomes unknown)",
            ))?;
        let (overrides, _) = save.overrides_under(&variant.options);
        let fingerprint = variant.fingerprint();
        let rules = Rules::compile(variant, limits)?;
        let mut session = Session::start_shared(Rc::new(rules), &overrides, save.seed, limits)?;
        session.fingerprint = Some(fingerprint);
        let choices: Vec<Choice> = save
            .moves
            .iter()
            .zip(by)
            .map(|(label, by)| Choice {
                label: label.clone(),
                by,
                joined: false,
            })
            .collect();
        let mut replay = replay(
            &session.rules,
            &session.options,
            save.seed,
            &labels(&choices),
        )?;
        if let Some(r) = replay.rejected.take() {
            return Err(Diagnostic::new(
                Kind::NoLongerLegal,
                format!(
                    "move {} `{}` is not legal: {}",
                    r.number, r.label, r.why.message
                ),
            )
            .with_help("the save was made under other rules; `new` starts a fresh game"));
        }
        session.adopt(replay, choices);
        Ok(session)
    }

    /// Re-reads the manifest and scripts and replays the log under them. On a manifest or
    /// script error the session keeps its old rules; a rejected move ends the replay there,
    /// and it and the moves after it wait in the redo list.
    pub fn reload(&mut self) -> Result<ReloadReport, Diagnostic> {
        let library = self.rules.variant.library.clone();
        let manifest = self.rules.variant.manifest.display().to_string();
        let variant = Variant::load(&library, &manifest)?;
        let fingerprint = variant.fingerprint();
        let rules = Rc::new(Rules::compile(variant, self.limits)?);
        let options = resolve(&rules.variant.options, &self.overrides)?;
        // The moves the last reload refused are tried again while they are the redo list.
        let retried = self.redo.iter().all(|t| t.refused);
        let mut choices: Vec<Choice> = self.played.iter().map(|p| p.choice.clone()).collect();
        if retried {
            choices.extend(self.redo.iter().rev().map(|t| t.choice.clone()));
        }
        let mut replay = replay(&rules, &options, self.seed, &labels(&choices))?;
        let rejected = replay.rejected.take();
        let replayed = replay.events.len();
        self.rules = rules;
        self.fingerprint = Some(fingerprint);
        self.options = options;
        let refused = self.adopt(replay, choices);
        // The moves the new rules refused wait in the redo list, so that reverting the
        // rule and reloading (or `redo`) brings them back.
        if retried || !refused.is_empty() {
            self.redo = refused
                .into_iter()
                .rev()
                .map(|choice| TakenBack {
                    choice,
                    refused: true,
                })
                .collect();
        }
        Ok(ReloadReport { replayed, rejected })
    }

    /// Makes the game the one `replay` reached by replaying `choices`; returns the
    /// choices it did not replay.
    fn adopt(&mut self, replay: Replay, mut choices: Vec<Choice>) -> Vec<Choice> {
        let refused = choices.split_off(replay.events.len());
        self.state = replay.state;
        self.setup_events = replay.setup_events;
        self.played = choices
            .into_iter()
            .zip(replay.events)
            .map(|(choice, events)| Played { choice, events })
            .collect();
        refused
    }
}

/// The labels of `choices`, in order.
fn labels(choices: &[Choice]) -> Vec<&str> {
    choices.iter().map(|c| c.label.as_str()).collect()
}

/// `result: N`, with the rules' ranking when the score map has one (`, rank: R`).
pub fn result_text(score: &Map) -> String {
    let total = score
        .get("total")
        .map(ToString::to_string)
        .unwrap_or_default();
    match score.get("rank") {
        Some(rank) => format!("result: {total}, rank: {rank}"),
        None => format!("result: {total}"),
    }
}

/// Finds a move by label, or by its 1-based number in `moves`.
/// A step typed after a move that was already whole: the steps before it asked for
/// nothing more (a question answered by the rules, say the only clergyman free).
fn nothing_more_asked(refusal: Diagnostic, played: &[String]) -> Diagnostic {
    let whole = played.join(STEP);
    Diagnostic {
        message: format!("`{whole}` was a whole move: nothing more was asked"),
        ..refusal
    }
    .with_help(format!(
        "type `{whole}` alone (`moves` lists what may follow)"
    ))
}

pub fn pick(moves: &[Move], choice: &str) -> Result<Move, Diagnostic> {
    let choice = choice.trim();
    if let Some(m) = moves.iter().find(|m| m.label == choice) {
        return Ok(m.clone());
    }
    if let Ok(n) = choice.parse::<usize>() {
        if (1..=moves.len()).contains(&n) {
            return Ok(moves[n - 1].clone());
        }
        return Err(
            Diagnostic::new(Kind::Refused, format!("there is no move {n} here")).with_help(
                format!(
                    "`moves` numbers the legal moves 1 to {}; type one of those numbers or a label",
                    moves.len()
                ),
            ),
        );
    }
    // Labels with commas of their own (payments: "pay 4 wood, 1 peat") are quoted, so that
    // the commas between them still part them.
    let quoted = moves.iter().any(|m| m.label.contains(", "));
    let shown: Vec<String> = moves
        .iter()
        .take(12)
        .map(|m| match quoted {
            true => format!("`{}`", m.label),
            false => m.label.to_string(),
        })
        .collect();
    let more = if moves.len() > 12 {
        format!(" … ({} in all)", moves.len())
    } else {
        String::new()
    };
    // Labels are exact; one typed in another case or spacing is named.
    let loose = |label: &str| {
        label
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let meant = moves.iter().find(|m| loose(&m.label) == loose(choice));
    let meant = meant.map_or_else(String::new, |m| {
        format!(
            "did you mean `{}`? (a label is typed as `moves` lists it) ",
            m.label
        )
    });
    Err(Diagnostic::new(
        Kind::Refused,
        format!("`{choice}` is not a legal move here"),
    )
    .with_help(format!(
        "{meant}legal moves: {}{more}; type `moves` to list them with numbers",
        shown.join(", ")
    )))
}

/// Replays `log` from a fresh state, stopping at the first move the rules refuse.
fn replay(
    rules: &Rules,
    options: &OptionValues,
    seed: u64,
    log: &[&str],
) -> Result<Replay, Diagnostic> {
    let mut state = rules.new_state(options, seed)?;
    let setup_events = events::count(&state);
    let mut counts = Vec::with_capacity(log.len());
    for (i, &label) in log.iter().enumerate() {
        if crate::script::interrupt::requested() {
            return Err(Diagnostic::new(
                Kind::Stopped,
                format!("interrupted (Ctrl-C) after replaying {i} moves"),
            ));
        }
        let outcome = rules
            .moves(&mut state)
            .and_then(|moves| {
                moves.into_iter().find(|m| m.label == label).ok_or_else(|| {
                    Diagnostic::new(
                        Kind::NoLongerLegal,
                        format!("`{label}` is not among the legal moves"),
                    )
                })
            })
            // Played in place: copying the state before every move would cost more than
            // the move. A refused move may have half-changed it, so then the moves before
            // it are replayed again (they all passed just now).
            .and_then(|mv| rules.play(&mut state, &mv));
        match outcome {
            Ok(()) => counts.push(events::count(&state)),
            Err(why) => {
                let before = replay(rules, options, seed, &log[..i])?;
                let rejected = Rejection {
                    number: i + 1,
                    label: label.to_owned(),
                    why,
                };
                return Ok(Replay {
                    state: before.state,
                    setup_events,
                    events: counts,
                    rejected: Some(rejected),
                });
            }
        }
    }
    Ok(Replay {
        state,
        setup_events,
        events: counts,
        rejected: None,
    })
}
