//! The silent mistakes of a house rule, caught when the rules are compiled: a function
//! that replaces nothing and that nothing calls (a misspelled hook would otherwise leave
//! the old rule quietly in force), and one that shadows a rule with another number of
//! parameters (it would be a new function beside the old rule).
//!
//! Only the scripts a derived variant adds are checked: a game's own scripts define
//! functions that the host or other scripts find by name at run time.

use super::api::hooks;
use super::diagnostics::Sources;
use crate::diagnostic::{Diagnostic, Kind};
use rhai::{ASTNode, Expr, Stmt, AST};
use std::collections::{BTreeMap, BTreeSet};

/// Functions the host calls by name: the rules contract and the bots' hooks.
fn hooks<'a>() -> impl Iterator<Item = &'a str> {
    hooks::RULES.iter().chain(&hooks::BOTS).map(|h| h.name)
}

/// Checks layers `from..` of `layers` (file name, compiled script) against every layer
/// below each; `texts` holds each file's text, to point at a function's line.
pub fn check_overrides(
    layers: &[(String, AST)],
    from: usize,
    texts: &BTreeMap<String, String>,
) -> Result<(), Diagnostic> {
    let (called, dynamic) = called_names(layers);
    for (i, (file, ast)) in layers.iter().enumerate().skip(from) {
        let below: Vec<(&str, usize, &str)> = layers[..i]
            .iter()
            .flat_map(|(f, a)| {
                a.iter_functions()
                    .map(move |d| (d.name, d.params.len(), f.as_str()))
            })
            .collect();
        for def in ast.iter_functions() {
            let (name, arity) = (def.name, def.params.len());
            if below.iter().any(|&(n, a, _)| n == name && a == arity) {
                continue;
            }
            if let Some(&(_, other, other_file)) = below.iter().rev().find(|&&(n, _, _)| n == name)
            {
                let line = at_fn(texts, other_file, name, String::new())
                    .location()
                    .and_then(|at| at.line)
                    .unwrap_or(1);
                let message = format!(
                    "`{name}` here has {arity} parameter(s), but {other_file}:{line} defines it with {other}: this would be a new function and the old rule would quietly stay"
                );
                return Err(at_fn(texts, file, name, message).with_help(format!(
                    "give `{name}` {other} parameter(s), as the rule it replaces"
                )));
            }
            // `anon$…`: a closure (`|x| …`), called where it is written.
            if dynamic
                || hooks().any(|h| h == name)
                || name.starts_with("bot_")
                || name.starts_with("anon$")
                || called.contains(name)
            {
                continue;
            }
            let nearest = below
                .iter()
                .map(|&(n, _, _)| n)
                .chain(hooks())
                .min_by_key(|n| distance(n, name))
                .unwrap_or("score");
            let message = format!("`fn {name}` replaces no rule and nothing calls it");
            return Err(at_fn(texts, file, name, message)
                .with_help(format!(
                    "did you mean `{nearest}`? A house rule replaces a function of the same name and number of parameters (scripts/README.md lists the hooks)"
                )));
        }
    }
    Ok(())
}

/// A rule file holds functions only: the host never runs top-level statements, so one
/// there (a `loop {}`, an `import`, a `let`) would be silently ignored.
pub fn functions_only(layer: &AST, file: &str, sources: &Sources) -> Result<(), Diagnostic> {
    let Some(first) = layer.statements().first() else {
        return Ok(());
    };
    let d = Diagnostic::in_file(
        Kind::Script,
        file,
        "a statement outside any function: the host never runs it",
    );
    let d = match (first.position().line(), sources.texts.get(file)) {
        (Some(line), Some(text)) => d.at_line(text, line, first.position().position().unwrap_or(1)),
        _ => d,
    };
    Err(d.with_help("rule files hold functions only: move it into a function (an `import` into the function that uses it)"))
}

/// Every function name called anywhere, directly, as a method or through `Fn("name")`;
/// and whether some script makes a function pointer from a computed name (then any new
/// function may be one it calls, as Ora et Labora's card functions are, and "nothing
/// calls it" cannot be told).
fn called_names(layers: &[(String, AST)]) -> (BTreeSet<String>, bool) {
    let mut names = BTreeSet::new();
    let mut dynamic = false;
    for (_, ast) in layers {
        ast.walk(&mut |path: &[ASTNode]| {
            // A call is an expression, or a statement of its own (`f();`).
            let call = match path.last() {
                Some(ASTNode::Expr(Expr::FnCall(call, _) | Expr::MethodCall(call, _))) => {
                    Some(call)
                }
                Some(ASTNode::Stmt(Stmt::FnCall(call, _))) => Some(call),
                _ => None,
            };
            if let Some(call) = call {
                names.insert(call.name.to_string());
                if matches!(call.name.as_str(), "Fn" | "parent") {
                    match call.args.first() {
                        Some(Expr::StringConstant(target, _)) => {
                            names.insert(target.to_string());
                        }
                        _ => dynamic |= call.name == "Fn",
                    }
                }
            }
            true
        });
    }
    (names, dynamic)
}

/// `message` at the line of `fn name` in `file`.
fn at_fn(texts: &BTreeMap<String, String>, file: &str, name: &str, message: String) -> Diagnostic {
    let d = Diagnostic::in_file(Kind::Script, file, message);
    let Some(text) = texts.get(file) else {
        return d;
    };
    let needle = format!("fn {name}(");
    match text
        .lines()
        .position(|l| l.trim_start().starts_with(&needle))
    {
        Some(i) => {
            let column = text
                .lines()
                .nth(i)
                .map_or(1, |l| l.len() - l.trim_start().len() + 1);
            d.at_line(text, i + 1, column)
        }
        None => d,
    }
}

/// Edit distance (Levenshtein) between two names.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (previous + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            previous = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layers(scripts: &[(&str, &str)]) -> (Vec<(String, AST)>, BTreeMap<String, String>) {
        let engine = rhai::Engine::new();
        let list = scripts
            .iter()
            .map(|(f, t)| (f.to_string(), engine.compile(t).unwrap()))
            .collect();
        let texts = scripts
            .iter()
            .map(|(f, t)| (f.to_string(), t.to_string()))
            .collect();
        (list, texts)
    }

    fn check(scripts: &[(&str, &str)]) -> Result<(), String> {
        let (list, texts) = layers(scripts);
        check_overrides(&list, 1, &texts).map_err(|d| d.to_string())
    }

    const BASE: (&str, &str) = (
        "base.rhai",
        "fn score() { this.total() }\nfn total() { 1 }\nfn end_game(reason) { reason }\n",
    );

    #[test]
    fn an_override_a_helper_it_calls_and_a_hook_pass() {
        assert_eq!(
            check(&[
                BASE,
                (
                    "house.rhai",
                    "fn total() { this.bonus() + 1 }\nfn bonus() { 2 }\nfn view() { \"\" }\n"
                )
            ]),
            Ok(())
        );
    }

    #[test]
    fn a_helper_called_as_a_statement_and_a_closure_pass() {
        assert_eq!(
            check(&[
                BASE,
                (
                    "house.rhai",
                    "fn total() { let a = [2, 1]; a.sort(|x, y| x - y); log_it(); a[0] }\nfn log_it() { print(1) }\n"
                )
            ]),
            Ok(())
        );
    }

    #[test]
    fn a_misspelled_override_names_the_nearest_rule() {
        let e = check(&[BASE, ("house.rhai", "\nfn totl() { 2 }\n")]).unwrap_err();
        assert!(
            e.starts_with("house.rhai:2:1: `fn totl` replaces no rule and nothing calls it"),
            "{e}"
        );
        assert!(e.contains("did you mean `total`?"), "{e}");
    }

    #[test]
    fn an_override_with_another_arity_names_both_places() {
        let e = check(&[BASE, ("house.rhai", "fn end_game() { 0 }\n")]).unwrap_err();
        assert!(
            e.starts_with("house.rhai:1:1: `end_game` here has 0 parameter(s), but base.rhai:3 defines it with 1"),
            "{e}"
        );
    }

    #[test]
    fn the_games_own_first_scripts_are_not_checked() {
        let (list, texts) = layers(&[BASE, ("more.rhai", "fn lonely() { 1 }\n")]);
        assert!(check_overrides(&list, 2, &texts).is_ok());
        assert!(check_overrides(&list, 1, &texts).is_err());
    }

    #[test]
    fn a_function_pointer_made_from_a_computed_name_may_call_any_new_function() {
        let base = (
            "base.rhai",
            "fn run(name) { this.call(Fn(\"card_\" + name)) }\n",
        );
        assert_eq!(
            check(&[base, ("cards.rhai", "fn card_granary() { 1 }\n")]),
            Ok(())
        );
        assert!(
            check(&[base, ("cards.rhai", "fn run() { 1 }\n")]).is_err(),
            "arity is still checked"
        );
    }

    #[test]
    fn edit_distance() {
        assert_eq!(distance("score", "scroe"), 2);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("total", "totl"), 1);
    }
}
