//! Ora et Labora, the solo game: the harness every Ora et Labora test uses, and the tests
//! of the round, the neutral player and the whole game; each building's tests are in
//! `buildings_*.rs`.

mod bot_evaluation;
mod buildings_a;
mod buildings_b;
mod buildings_france;
mod france;
mod game;
mod lab;
mod neutral_order;
mod once_per_action;
mod payments;
mod refusals;
mod svg;
mod text_view;
mod transcript;
mod words;

use crate::common::{assert_in_order, houserules, Game};

/// Runs `input` in a piped REPL on a new game of `variant` and checks that it succeeded
/// and printed `expected`, in order.
pub(crate) fn piped_session(variant: &str, seed: &str, input: &str, expected: &[&str]) {
    let run = houserules(&["play", variant, "--seed", seed], input);
    assert!(run.ok, "{}\n{}", run.stdout, run.stderr);
    assert_in_order(&run.stdout, expected);
}

/// A solo game of Ora et Labora whose table a test arranges through the state (goods,
/// buildings placed, the wheel), then plays moves through the real rules.
pub(crate) struct Oel {
    pub g: Game,
}

impl Oel {
    /// A fresh Ireland game (seed 1): round 1, two actions, nothing held.
    pub fn ireland() -> Oel {
        Oel::variant("ora-et-labora-solo-ireland", &[])
    }

    /// A fresh game of `variant` with `options`; food, energy and money are paid the
    /// suggested way (`auto_pay`) unless `options` say otherwise: the tests of paying
    /// (payments.rs) choose.
    pub fn variant(name: &str, options: &[(&str, &str)]) -> Oel {
        let mut options = options.to_vec();
        if !options.iter().any(|(k, _)| *k == "auto_pay") {
            options.push(("auto_pay", "true"));
        }
        Oel {
            g: Game::new(name, &options, 1),
        }
    }

    /// Gives goods: `"wood 2, clay 1"`.
    pub fn give(&mut self, goods: &str) {
        for part in goods.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (good, n) = part.split_once(' ').expect("`good n`");
            let (good, n) = (good.trim(), n.trim());
            self.g.set(
                "goods",
                &format!("let g = state.goods; g.add(\"{good}\", {n}); g"),
            );
        }
    }

    /// How many of `good` you hold.
    pub fn count(&self, good: &str) -> i64 {
        self.g.int(&format!("state.goods.get(\"{good}\")"))
    }

    /// What you hold, as the ledger writes it: "2 wood, 1 clay" or "nothing".
    pub fn goods(&self) -> String {
        self.g.text("state.goods.to_string()")
    }

    /// Puts card `id` on an empty space of your landscape (no cost, no check of terrain).
    pub fn place(&mut self, id: &str, col: i64, row: i64) {
        self.g.set(
            "landscape",
            &format!("let l = state.landscape; l.build({col}, {row}, \"{id}\"); l"),
        );
    }

    /// Puts card `id` on the neutral heartland (empty space or over a building).
    pub fn place_neutral(&mut self, id: &str, col: i64, row: i64) {
        self.g.set(
            "neutral",
            &format!(
                "let l = state.neutral; if l.space({col}, {row}).id == () {{ l.build({col}, {row}, \"{id}\"); }} else {{ l.overbuild({col}, {row}, \"{id}\"); }} l"
            ),
        );
    }

    /// Plays a move, or the steps of one joined by " > ".
    pub fn play(&mut self, labels: &str) {
        for label in labels.split(" > ") {
            self.g.play(label);
        }
    }

    /// Plays the steps of a move until one is refused; the refusal's message.
    pub fn refused(&mut self, labels: &str) -> String {
        for label in labels.split(" > ") {
            if let Err(e) = self.g.try_play(label) {
                return e.message;
            }
        }
        panic!("`{labels}` was accepted")
    }

    pub fn moves(&mut self) -> Vec<String> {
        self.g.moves()
    }

    pub fn has_move(&mut self, label: &str) -> bool {
        self.moves().iter().any(|m| m == label)
    }

    /// The kinds of the events announced since there were `from`.
    pub fn events_since(&self, from: i64) -> Vec<String> {
        let all = self
            .g
            .eval(&format!("state.events.extract({from}).map(|e| e.kind)"));
        all.into_typed_array().unwrap()
    }

    pub fn event_count(&self) -> i64 {
        self.g.int("state.events.len()")
    }

    /// The score map's `key` (`total`, `goods`, `economic`, `settlements`).
    pub fn score(&self, key: &str) -> i64 {
        self.g.int(&format!("state.score().{key}"))
    }

    pub fn phase(&self) -> String {
        self.g.text("state.phase")
    }

    pub fn round(&self) -> i64 {
        self.g.int("state.round")
    }

    /// Plays on, taking nothing, until `round` begins: every action a pass, the neutral
    /// player's buildings on the first space offered, no neutral prior, no settling.
    pub fn pass_until(&mut self, round: i64) {
        while self.round() < round && self.g.over().is_none() {
            self.pass_once();
        }
    }

    /// One move of doing nothing in whatever phase the game is in.
    pub fn pass_once(&mut self) {
        let phase = self.phase();
        match phase.as_str() {
            "actions" => self.g.play("pass"),
            "neutral_prior" => self.g.play("no neutral prior"),
            "settle" => self.g.play("end the settlement phase"),
            _ => self.g.play("1"),
        }
    }
}
