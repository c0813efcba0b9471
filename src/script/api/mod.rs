//! The script API documented from the code. Each primitive is registered with the call a
//! script writes and one line for its writer ([`Api::api`](crate::script::Api::api)); Rhai
//! keeps both as the function's metadata, and `houserules api`, scripts/README.md and the
//! families' API docs are made from that metadata, so they show what the engine really
//! has. The hooks (the script functions the host calls) are one table, [`hooks`], and the
//! fields of the state the host sets or reads another, [`fields`]: the host's calls read
//! both too. The rules a family's scripts let a variant replace are read from their
//! `rule:` comments ([`rule_hooks`]), and the state fields they keep from their `state`
//! comments ([`state_fields`]).

pub mod fields;
pub mod hooks;
mod listing;
pub mod rule_hooks;
pub mod state_fields;

pub use hooks::Hook;
pub use listing::{Entry, Group, Listing};

use super::engine::{build_engine, PrintBuffer};
use super::parent::{self, SharedLayers};
use super::stopping::Deadline;
use super::{BotApi, Family, Limits};
use crate::diagnostic::{Diagnostic, Kind};
use rhai::Engine;
use std::collections::HashSet;
use std::path::Path;

/// No family: an engine with the host's functions only.
struct HostOnly;

impl Family for HostOnly {
    fn name(&self) -> &'static str {
        ""
    }

    fn about(&self) -> &'static str {
        ""
    }
}

/// An engine with the functions a variant of `family` gets (its options and data aside).
fn engine_for(family: &dyn Family) -> Engine {
    let limits = Limits::default();
    let mut engine = build_engine(
        family,
        Path::new("scripts"),
        &limits,
        &Deadline::default(),
        &PrintBuffer::default(),
    );
    parent::register(&mut engine, &SharedLayers::default());
    engine
}

/// An engine that runs the bots of a variant of `family`: the rules' functions and the
/// bots' own (`bot_api`, the bot layer's, handed in so that the rules know no bot).
fn bot_engine_for(family: &dyn Family, bot_api: BotApi) -> Engine {
    let mut engine = engine_for(family);
    bot_api(&mut engine, family);
    engine
}

/// The functions of `engine` that none of `below` has.
fn added(engine: &Engine, below: &[Engine]) -> Listing {
    let known: HashSet<u64> = below
        .iter()
        .flat_map(|e| e.collect_fn_metadata(None, |f| Some(f.metadata.hash), false))
        .collect();
    Listing::read(engine, |f| known.contains(&f.hash))
}

/// The host's API: what the scripts of every family get.
pub fn host() -> Listing {
    added(&engine_for(&HostOnly), &[])
}

/// What `family` adds to the host's API.
pub fn family(family: &dyn Family) -> Listing {
    added(&engine_for(family), &[engine_for(&HostOnly)])
}

/// What the engines that run bots add to the host's API, for every family.
pub fn bots(bot_api: BotApi) -> Listing {
    added(
        &bot_engine_for(&HostOnly, bot_api),
        &[engine_for(&HostOnly)],
    )
}

/// What the engines that run the bots of `family` add to the family's API and to
/// [`bots`].
pub fn family_bots(family: &dyn Family, bot_api: BotApi) -> Listing {
    added(
        &bot_engine_for(family, bot_api),
        &[engine_for(family), bot_engine_for(&HostOnly, bot_api)],
    )
}

/// A family's part of the API: its functions, its bots', the rules its scripts let a
/// variant replace and the state fields they keep.
struct FamilyApi {
    family: &'static dyn Family,
    functions: Listing,
    bots: Listing,
    rules: Vec<rule_hooks::RuleHook>,
    state: Vec<state_fields::StateField>,
}

impl FamilyApi {
    fn read(
        family: &'static dyn Family,
        scripts_dir: &Path,
        bot_api: BotApi,
    ) -> Result<FamilyApi, Diagnostic> {
        let folder = scripts_dir.join(family.name());
        let problem = |e| Diagnostic::new(Kind::Script, e);
        Ok(FamilyApi {
            family,
            functions: self::family(family),
            bots: family_bots(family, bot_api),
            rules: rule_hooks::read(&folder).map_err(problem)?,
            state: state_fields::read(&folder).map_err(problem)?,
        })
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "name": self.family.name(),
            "about": self.family.about(),
            "functions": self.functions.groups,
            "bots": self.bots.groups,
            "rules": self.rules,
            "state": self.state,
        })
    }

    fn text(&self) -> String {
        let name = self.family.name();
        let mut out = format!(
            "\nThe family `{name}`: {}\n\n{}",
            self.family.about(),
            self.functions.text()
        );
        if !self.bots.groups.is_empty() {
            out.push_str(&format!(
                "\nFor its bots only (the engines that run bots have these, never the rules')\n\n{}",
                self.bots.text()
            ));
        }
        if !self.rules.is_empty() {
            out.push_str(&format!(
                "\nRules a variant may replace (scripts/{name}/, marked `rule:`)\n{}",
                rule_hooks::text(&self.rules)
            ));
        }
        if !self.state.is_empty() {
            out.push_str(&format!(
                "\nThe state its rules keep (scripts/{name}/, marked `state`)\n{}",
                state_fields::text(&self.state)
            ));
        }
        out
    }
}

/// What `houserules api [FAMILY]` prints: the contract (hooks and state fields), the
/// host's API and the bots', and for a family its own API, its bots' and the rules its
/// scripts (`scripts_dir/FAMILY/`) let a variant replace.
pub fn command(
    family: Option<&'static dyn Family>,
    scripts_dir: &Path,
    bot_api: BotApi,
    json: bool,
) -> Result<String, Diagnostic> {
    let family = family
        .map(|family| FamilyApi::read(family, scripts_dir, bot_api))
        .transpose()?;
    let host = host();
    let bots = bots(bot_api);
    if json {
        let value = serde_json::json!({
            "hooks": { "rules": hooks::RULES, "bots": hooks::BOTS },
            "state": fields::STATE,
            "host": host.groups,
            "bots": bots.groups,
            "family": family.as_ref().map(FamilyApi::json),
        });
        return Ok(format!("{value:#}\n"));
    }
    let mut out = format!(
        "The rules contract: script functions the host calls\n{}\nFields of the game state the host sets or reads\n{}\nBot hooks\n{}\nThe host's API (every family)\n\n{}\nFor bots only (the engines that run bots have these, never the rules')\n\n{}",
        hooks::text(&hooks::RULES),
        fields::text(&fields::STATE),
        hooks::text(&hooks::BOTS),
        host.text(),
        bots.text()
    );
    if let Some(family) = family {
        out.push_str(&family.text());
    }
    Ok(out)
}
