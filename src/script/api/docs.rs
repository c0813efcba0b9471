//! The generated parts of the docs. Between `<!-- api:NAME -->` and `<!-- /api -->` a doc
//! holds, as Markdown, what `houserules api` prints of NAME: `hooks`, `state` and
//! `bot-hooks` (the contract), `host` (the host's API), `family F` (what family F adds), `rules F` (what
//! the scripts of F let a variant replace), `state DIR` (the state fields the scripts of
//! scripts/DIR/ keep), `bots` and `bots F` (what the engines that
//! run bots add, for every family and for F). A test makes them again and fails when
//! a doc differs; `UPDATE_API_DOCS=1 cargo test --locked --lib api::docs` rewrites them.

use super::{fields, hooks, rule_hooks, state_fields, BotApi};
use std::path::Path;

const START: &str = "<!-- api:";
const END: &str = "<!-- /api -->";

/// The part called `name`, as Markdown.
pub fn part(name: &str, scripts_dir: &Path, bot_api: BotApi) -> Result<String, String> {
    let family = |f: &str| crate::games::find_or_list(f, "api").map_err(|e| e.to_string());
    Ok(match name.split_once(' ') {
        None if name == "hooks" => hooks::markdown(&hooks::RULES),
        None if name == "bot-hooks" => hooks::markdown(&hooks::BOTS),
        None if name == "state" => fields::markdown(&fields::STATE),
        None if name == "host" => super::host().markdown(),
        None if name == "bots" => super::bots(bot_api).markdown(),
        Some(("family", f)) => super::family(family(f)?).markdown(),
        Some(("bots", f)) => super::family_bots(family(f)?, bot_api).markdown(),
        Some(("state", dir)) => state_fields::markdown(&state_fields::read(&scripts_dir.join(dir))?),
        Some(("rules", f)) => {
            rule_hooks::markdown(&rule_hooks::read(&scripts_dir.join(family(f)?.name()))?)
        }
        _ => {
            return Err(format!(
                "`{START}{name} -->`: no such part (hooks, state, bot-hooks, host, bots, family F, rules F, state DIR, bots F)"
            ))
        }
    })
}

/// `text` with every generated part made again, and the names of the parts.
pub fn regenerate(
    text: &str,
    scripts_dir: &Path,
    bot_api: BotApi,
) -> Result<(String, Vec<String>), String> {
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
        out.push_str(part(name, scripts_dir, bot_api)?.trim_end());
        out.push_str("\n\n");
        out.push_str(END);
        names.push(name.to_owned());
        rest = &from[end + END.len()..];
    }
    out.push_str(rest);
    Ok((out, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`regenerate`] with the bots' API.
    fn regenerate(text: &str, scripts_dir: &Path) -> Result<(String, Vec<String>), String> {
        super::regenerate(text, scripts_dir, crate::bot::register_api)
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

    /// The docs that hold generated parts, and the parts each must hold.
    const DOCS: [(&str, &[&str]); 2] = [
        (
            "scripts/README.md",
            &[
                "hooks",
                "state",
                "rules carcassonne",
                "state carcassonne",
                "host",
                "state pig",
                "family carcassonne",
                "rules ora_et_labora",
                "bot-hooks",
                "bots",
                "bots carcassonne",
            ],
        ),
        (
            "scripts/ora_et_labora/API.md",
            &["state ora_et_labora", "family ora_et_labora"],
        ),
    ];

    /// The docs are compared with the API as registered (and rewritten when
    /// `UPDATE_API_DOCS` is set).
    #[test]
    fn the_docs_show_the_api_as_registered() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for (doc, parts) in DOCS {
            let path = root.join(doc);
            let text = std::fs::read_to_string(&path).unwrap();
            let (made, names) = regenerate(&text, &root.join("scripts")).unwrap();
            assert_eq!(names, parts, "the generated parts of {doc}");
            if std::env::var_os("UPDATE_API_DOCS").is_some() {
                std::fs::write(&path, made).unwrap();
                continue;
            }
            assert!(
                text == made,
                "{doc} is out of date with the registered API: after an intended change run\n  UPDATE_API_DOCS=1 cargo test --locked --lib api::docs"
            );
        }
    }
}
