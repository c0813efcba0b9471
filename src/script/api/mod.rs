//! The script API documented from the code. Each primitive is registered with the call a
//! script writes and one line for its writer ([`Api::api`]); Rhai keeps both as the
//! function's metadata, and `houserules api`, scripts/README.md and the families' API
//! docs are made from that metadata, so they show what the engine really has. The hooks
//! (the script functions the host calls) are one table, [`hooks`], that the host's calls
//! read too; the rules a family's scripts let a variant replace are read from their
//! `rule:` comments ([`rule_hooks`]).

mod define;
pub mod docs;
pub mod hooks;
mod listing;
pub mod rule_hooks;

pub use define::Api;
pub use hooks::Hook;
pub use listing::{Entry, Group, Listing};

use super::engine::{build_engine, PrintBuffer};
use super::parent::{self, SharedLayers};
use super::stopping::Deadline;
use super::{Family, Limits};
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

/// The host's API: what the scripts of every family get.
pub fn host() -> Listing {
    Listing::read(&engine_for(&HostOnly), |_| false)
}

/// What `family` adds to the host's API.
pub fn family(family: &dyn Family) -> Listing {
    let host: HashSet<u64> = engine_for(&HostOnly)
        .collect_fn_metadata(None, |f| Some(f.metadata.hash), false)
        .into_iter()
        .collect();
    Listing::read(&engine_for(family), |f| host.contains(&f.hash))
}

/// The family called `name`, or an error that lists the families.
pub fn find_family(name: &str) -> Result<&'static dyn Family, Diagnostic> {
    crate::games::find(name).ok_or_else(|| {
        Diagnostic::about(Kind::NotFound, "api", format!("no game family `{name}`"))
            .with_help(format!("known families: {}", crate::games::names()))
    })
}

/// What `houserules api [FAMILY]` prints: the hooks and the host's API, and for a family
/// its own API and the rules its scripts (`scripts_dir/FAMILY/`) let a variant replace.
pub fn command(
    family_name: Option<&str>,
    scripts_dir: &Path,
    json: bool,
) -> Result<String, Diagnostic> {
    let family = family_name.map(find_family).transpose()?;
    let host = host();
    let own = family.map(|f| (f, self::family(f)));
    let rules = match family {
        Some(f) => rule_hooks::read(&scripts_dir.join(f.name()))
            .map_err(|e| Diagnostic::new(Kind::Script, e))?,
        None => Vec::new(),
    };
    if json {
        let value = serde_json::json!({
            "hooks": { "rules": hooks::RULES, "bots": hooks::BOTS },
            "host": host.groups,
            "family": own.as_ref().map(|(f, listing)| serde_json::json!({
                "name": f.name(),
                "about": f.about(),
                "functions": listing.groups,
                "rules": rules,
            })),
        });
        return Ok(format!("{value:#}\n"));
    }
    let mut out = format!(
        "The rules contract: script functions the host calls\n{}\nBot hooks\n{}\nThe host's API (every family)\n\n{}",
        hooks::text(&hooks::RULES),
        hooks::text(&hooks::BOTS),
        host.text()
    );
    if let Some((f, listing)) = own {
        out.push_str(&format!(
            "\nThe family `{}`: {}\n\n{}",
            f.name(),
            f.about(),
            listing.text()
        ));
        if !rules.is_empty() {
            out.push_str(&format!(
                "\nRules a variant may replace (scripts/{}/, marked `rule:`)\n{}",
                f.name(),
                rule_hooks::text(&rules)
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Registered by files not converted to documented registrations yet: the lists and
    /// the bots' helpers (being moved into a bots-only package).
    const NOT_YET_DOCUMENTED: [&str; 8] =
        ["blob", "blob", "min", "pad", "pad", "pad", "pad", "sum"];

    fn names(signatures: &[String]) -> Vec<&str> {
        signatures
            .iter()
            .map(|s| s.split('(').next().unwrap_or(s))
            .collect()
    }

    #[test]
    fn every_function_a_script_gets_is_documented() {
        assert_eq!(names(&host().undocumented), NOT_YET_DOCUMENTED);
        for f in crate::games::families() {
            let listing = family(*f);
            // A family documents all its functions, or (not converted yet) none.
            assert!(
                listing.undocumented.is_empty() || listing.groups.is_empty(),
                "{}: undocumented {:?}",
                f.name(),
                listing.undocumented
            );
        }
    }

    #[test]
    fn api_lists_the_hooks_the_host_and_a_family_and_names_the_families_it_knows() {
        let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
        let host_only = command(None, &scripts, false).unwrap();
        assert!(host_only.contains("  setup() (required)\n      when: a new game"));
        assert!(host_only.contains("  choose(state, moves) (required)"));
        assert!(host_only.contains("  pile(items) -> Pile\n"), "{host_only}");
        for f in crate::games::families() {
            let text = command(Some(f.name()), &scripts, false).unwrap();
            assert!(text.starts_with(&host_only), "{}", f.name());
            assert!(text.contains(f.about()), "{}", f.name());
            let json: serde_json::Value =
                serde_json::from_str(&command(Some(f.name()), &scripts, true).unwrap()).unwrap();
            assert_eq!(json["family"]["name"], f.name());
            assert_eq!(json["hooks"]["rules"][0]["name"], "setup");
        }
        let unknown = command(Some("chess"), &scripts, false).unwrap_err();
        assert_eq!(unknown.kind, Kind::NotFound);
        let shown = unknown.to_string();
        assert!(shown.contains("no game family `chess`"), "{shown}");
        assert!(shown.contains(&crate::games::names()), "{shown}");
    }
}
