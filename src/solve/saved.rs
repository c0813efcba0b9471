//! The saved game `solve --from` improves: read, checked to be the same game, and
//! played where the planning starts.

use crate::diagnostic::{Diagnostic, Kind};
use crate::players::{self, Player};
use crate::save::SaveFile;
use crate::script::{Move, Rules};
use crate::session::Session;
use rhai::ImmutableString;
use std::path::{Path, PathBuf};

/// A saved game `solve` improves (`--from`): its file and its moves.
pub(super) struct Saved {
    file: PathBuf,
    pub(super) moves: Vec<ImmutableString>,
    /// Who played each move (unknown where the save's record of it is damaged), for
    /// `--keep`, which plays them as they were.
    players: Vec<Player>,
}

impl Saved {
    /// The game saved in `file`, which must be `session`'s game (variant and options; the
    /// seed only orders the detours in a game without chance).
    pub(super) fn read(session: &Session, file: &Path) -> Result<Saved, Diagnostic> {
        let save = SaveFile::read(file)?;
        let ours = session.to_save();
        if save.variant != ours.variant || save.options != ours.options {
            return Err(Diagnostic::in_file(
                Kind::Save,
                file.display().to_string(),
                format!(
                    "holds a game of {}, not of {}",
                    save.variant_with_options(),
                    ours.variant_with_options()
                ),
            )
            .with_help(format!(
                "improve it with `{} solve {} --from {}`",
                session.variant().library.program(),
                save.variant_with_options(),
                file.display()
            )));
        }
        let count = save.moves.len();
        Ok(Saved {
            file: file.to_owned(),
            moves: save.moves.iter().map(|m| m.as_str().into()).collect(),
            players: players::per_move(&save.played_by, count)
                .unwrap_or_else(|_| vec![Player::Unknown; count]),
        })
    }

    /// Whether `path` is the saved game's file.
    pub(super) fn is(&self, path: &Path) -> bool {
        match (self.file.canonicalize(), path.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }

    pub(super) fn name(&self) -> String {
        format!("from {}", self.file.display())
    }

    /// The position after the saved moves, played from `root`; an error names the file
    /// and the first move the game refuses.
    pub(super) fn position(
        &self,
        rules: &Rules,
        root: &rhai::Dynamic,
    ) -> Result<rhai::Dynamic, Diagnostic> {
        let mut state = root.clone();
        for (number, label) in self.moves.iter().enumerate() {
            let moves = rules.moves(&mut state)?;
            let mv = self.find(&moves, number, label)?;
            rules.play(&mut state, mv)?;
        }
        Ok(state)
    }

    /// Plays the saved moves in `session`, each by whoever played it in the save
    /// (`--keep`: the planning starts where they end); returns how many. A game they
    /// finish leaves nothing to plan.
    pub(super) fn play_kept(&self, session: &mut Session) -> Result<usize, Diagnostic> {
        for (number, (label, by)) in self.moves.iter().zip(&self.players).enumerate() {
            let moves = session.moves()?;
            session.play_move(self.find(&moves, number, label)?, by)?;
        }
        if session.over()?.is_some() {
            return Err(Diagnostic::in_file(
                Kind::Usage,
                self.file.display().to_string(),
                "the saved game is over: --keep leaves no move to plan",
            )
            .with_help("leave out --keep to improve the whole game"));
        }
        Ok(self.moves.len())
    }

    /// Saved move `number` (from 0), `label`, among the `moves` the game offers; an
    /// error names the file and the move when it is not there.
    fn find<'m>(
        &self,
        moves: &'m [Move],
        number: usize,
        label: &str,
    ) -> Result<&'m Move, Diagnostic> {
        moves.iter().find(|m| m.label == label).ok_or_else(|| {
            Diagnostic::in_file(
                Kind::NoLongerLegal,
                self.file.display().to_string(),
                format!("move {} `{label}` is not legal in this game", number + 1),
            )
            .with_help(format!(
                "the save was made under other rules or with another seed: `load {}` at the REPL shows where it goes wrong",
                self.file.display()
            ))
        })
    }
}
