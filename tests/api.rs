//! The script API as `houserules api` lists it, for every family, and the generated
//! parts of the docs. Between `<!-- api:NAME -->` and `<!-- /api -->` a doc holds, as
//! Markdown, what `houserules api` prints of NAME: `hooks`, `state` and `bot-hooks` (the
//! contract), `host` (the host's API), `family F` (what family F adds), `rules DIR` (what
//! the scripts of scripts/DIR/ let a variant replace), `state DIR` (the state fields the scripts of
//! scripts/DIR/ keep), `bots` and `bots F` (what the engines that run bots add, for every
//! family and for F). A test makes them again and fails when a doc differs;
//! `UPDATE_API_DOCS=1 cargo test --locked --test integration api::` rewrites them.

use houserules::games;
use houserules::script::api::{self, fields, hooks, rule_hooks, state_fields, Listing};
use houserules::script::BotApi;
use std::path::Path;

/// The bot layer's functions, which the engines that run bots get.
fn bot_api() -> BotApi {
    houserules::bot::register_api
}

const START: &str = "<!-- api:";
const END: &str = "<!-- /api -->";

/// The part called `name`, as Markdown.
fn part(name: &str, scripts_dir: &Path) -> Result<String, String> {
    let family = |f: &str| games::find_or_list(f, "api").map_err(|e| e.to_string());
    Ok(match name.split_once(' ') {
        None if name == "hooks" => hooks::markdown(&hooks::RULES),
        None if name == "bot-hooks" => hooks::markdown(&hooks::BOTS),
        None if name == "state" => fields::markdown(&fields::STATE),
        None if name == "host" => api::host().markdown(),
        None if name == "bots" => api::bots(bot_api()).markdown(),
        Some(("family", f)) => api::family(family(f)?).markdown(),
        Some(("bots", f)) => api::family_bots(family(f)?, bot_api()).markdown(),
        Some(("state", dir)) => state_fields::markdown(&state_fields::read(&scripts_dir.join(dir))?),
        Some(("rules", dir)) => rule_hooks::markdown(&rule_hooks::read(&scripts_dir.join(dir))?),
        _ => {
            return Err(format!(
                "`{START}{name} -->`: no such part (hooks, state, bot-hooks, host, bots, family F, rules DIR, state DIR, bots F)"
            ))
        }
    })
}

/// `text` with every generated part made again, and the names of the parts.
fn regenerate(text: &str, scripts_dir: &Path) -> Result<(String, Vec<String>), String> {
    let mut out = String::with_capacity(text.len());
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(START) {
        let (before, from) = rest.split_at(start);
        let close = from
            .find("-->")
            .ok_or_else(|| format!("`{START}` is not closed with `-->`"))?;
        let name = from[START.len()..close].trim();
        let end = from
            .find(END)
            .ok_or_else(|| format!("`{START}{name} -->` has no `{END}` after it"))?;
        out.push_str(before);
        out.push_str(&from[..close + 3]);
        out.push_str("\n\n");
        out.push_str(part(name, scripts_dir)?.trim_end());
        out.push_str("\n\n");
        out.push_str(END);
        names.push(name.to_owned());
        rest = &from[end + END.len()..];
    }
    out.push_str(rest);
    Ok((out, names))
}

#[test]
fn a_generated_part_is_made_again_and_the_rest_kept() {
    let scripts = Path::new("no-scripts");
    let text = "# API\n\nintro\n<!-- api:bot-hooks -->\nstale\n<!-- /api -->\nafter\n";
    let (made, names) = regenerate(text, scripts).unwrap();
    let expected = format!(
        "# API\n\nintro\n<!-- api:bot-hooks -->\n\n{}\n\n<!-- /api -->\nafter\n",
        hooks::markdown(&hooks::BOTS).trim_end()
    );
    assert_eq!(made, expected);
    assert_eq!(names, ["bot-hooks"]);
    assert_eq!(regenerate(&made, scripts).unwrap().0, made);
    assert!(regenerate("<!-- api:host -->", scripts)
        .unwrap_err()
        .contains("has no"));
    assert!(regenerate("<!-- api:nothing -->\n<!-- /api -->", scripts)
        .unwrap_err()
        .contains("no such part"));
    assert!(
        regenerate("<!-- api:family chess -->\n<!-- /api -->", scripts)
            .unwrap_err()
            .contains("known families")
    );
}

/// The docs under `scripts` (and one folder down) that hold generated parts.
fn docs(scripts: &Path) -> Vec<std::path::PathBuf> {
    let folders = std::fs::read_dir(scripts)
        .unwrap()
        .flatten()
        .map(|e| e.path());
    let mut docs: Vec<_> = std::iter::once(scripts.to_path_buf())
        .chain(folders.filter(|p| p.is_dir()))
        .flat_map(|dir| std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .filter(|p| std::fs::read_to_string(p).unwrap().contains(START))
        .collect();
    docs.sort();
    docs
}

/// The parts some doc must hold: the contract's and the host's, and for each family
/// and each scripts folder the parts that have something to say.
fn parts_due(scripts: &Path) -> Vec<String> {
    let said = |listing: Listing| listing.groups.iter().any(|g| !g.entries.is_empty());
    let mut due: Vec<String> = ["hooks", "state", "host", "bot-hooks", "bots"]
        .map(str::to_owned)
        .into();
    for f in games::families() {
        let name = f.name();
        if said(api::family(*f)) {
            due.push(format!("family {name}"));
        }
        if said(api::family_bots(*f, bot_api())) {
            due.push(format!("bots {name}"));
        }
    }
    for dir in std::fs::read_dir(scripts)
        .unwrap()
        .flatten()
        .map(|e| e.path())
    {
        if !dir.is_dir() {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if !rule_hooks::read(&dir).unwrap().is_empty() {
            due.push(format!("rules {name}"));
        }
        if !state_fields::read(&dir).unwrap().is_empty() {
            due.push(format!("state {name}"));
        }
    }
    due
}

/// The docs are compared with the API as registered (and rewritten when
/// `UPDATE_API_DOCS` is set), and together hold every part that has something to say.
#[test]
fn the_docs_show_the_api_as_registered() {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let mut held = Vec::new();
    for path in docs(&scripts) {
        let text = std::fs::read_to_string(&path).unwrap();
        let (made, names) = regenerate(&text, &scripts).unwrap();
        held.extend(names);
        if std::env::var_os("UPDATE_API_DOCS").is_some() {
            std::fs::write(&path, made).unwrap();
            continue;
        }
        assert!(
            text == made,
            "{} is out of date with the registered API: after an intended change run\n  UPDATE_API_DOCS=1 cargo test --locked --test integration api::",
            path.display()
        );
    }
    let missing: Vec<_> = parts_due(&scripts)
        .into_iter()
        .filter(|part| !held.contains(part))
        .collect();
    assert!(missing.is_empty(), "no doc holds the parts {missing:?}: add `<!-- api:PART -->` … `<!-- /api -->` to scripts/README.md or the family's API.md");
}

#[test]
fn every_function_a_script_or_a_bot_gets_is_documented() {
    let undocumented = |listing: Listing| listing.undocumented;
    assert_eq!(undocumented(api::host()), Vec::<String>::new());
    assert_eq!(undocumented(api::bots(bot_api())), Vec::<String>::new());
    for f in games::families() {
        assert_eq!(
            undocumented(api::family(*f)),
            Vec::<String>::new(),
            "{}",
            f.name()
        );
        assert_eq!(
            undocumented(api::family_bots(*f, bot_api())),
            Vec::<String>::new(),
            "{}",
            f.name()
        );
    }
}

#[test]
fn the_bots_functions_are_listed_apart_from_the_rules() {
    let calls = |listing: &Listing| -> Vec<String> {
        let entries = listing.groups.iter().flat_map(|g| &g.entries);
        entries.flat_map(|e| e.calls.clone()).collect()
    };
    let host = calls(&api::host());
    let bots = calls(&api::bots(bot_api()));
    assert!(bots.contains(&"state.redeal()".to_owned()), "{bots:?}");
    assert!(host.contains(&"list.sum()".to_owned()), "{host:?}");
    assert!(!host.iter().any(|c| bots.contains(c)), "{host:?}");
    let mut families_with_bot_calls = 0;
    for f in games::families() {
        let own = calls(&api::family(*f));
        let own_bots = calls(&api::family_bots(*f, bot_api()));
        families_with_bot_calls += usize::from(!own_bots.is_empty());
        let shared: Vec<_> = own_bots
            .iter()
            .filter(|c| own.contains(c) || bots.contains(c))
            .collect();
        assert!(shared.is_empty(), "{}: {shared:?}", f.name());
    }
    assert!(families_with_bot_calls > 0);
}

#[test]
fn api_lists_the_hooks_the_host_and_a_family() {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let host_only = api::command(None, &scripts, bot_api(), false).unwrap();
    assert!(host_only.contains("  setup() (required)\n      when: a new game"));
    assert!(host_only.contains("  choose(state, moves) (required)"));
    assert!(host_only.contains("  this.turn (kept by the rules)"));
    assert!(host_only.contains("  pile(items) -> Pile\n"), "{host_only}");
    assert!(host_only.contains("For bots only"), "{host_only}");
    for f in games::families() {
        let text = api::command(Some(*f), &scripts, bot_api(), false).unwrap();
        assert!(text.starts_with(&host_only), "{}", f.name());
        assert!(text.contains(f.about()), "{}", f.name());
        let json: serde_json::Value =
            serde_json::from_str(&api::command(Some(*f), &scripts, bot_api(), true).unwrap())
                .unwrap();
        assert_eq!(json["family"]["name"], f.name());
        assert_eq!(json["hooks"]["rules"][0]["name"], "setup");
    }
}
