//! The silent mistakes of a house rule, caught when the rules are compiled: a function
//! that replaces nothing and that nothing calls (a misspelled hook would otherwise leave
//! the old rule quietly in force), and one that shadows a rule with another number of
//! parameters (it would be a new function beside the old rule).
//!
//! Only the scripts a derived variant adds are checked: a game's own scripts define
//! functions that the host or other scripts find by name at run time. Those found by a
//! computed name are known by how they are found: `Fn("frame_" + kind)` reaches every
//! function whose name starts with `frame_`, and a name computed otherwise
//! (`Fn(this.function_of(card))`) the functions named after the data's names (a card
//! "Work Prize" gives `work_prize`, see [`words::snake_case`](super::words::snake_case)).

use super::api::hooks;
use super::diagnostics::Sources;
use super::words::count;
use super::words::snake_case;
use crate::diagnostic::{Diagnostic, Kind};
use rhai::{ASTNode, Dynamic, Expr, Stmt, AST};
use std::collections::{BTreeMap, BTreeSet};

/// Functions the host calls by name: the rules contract and the bots' hooks.
fn hooks<'a>() -> impl Iterator<Item = &'a str> {
    hooks::RULES.iter().chain(&hooks::BOTS).map(|h| h.name)
}

/// The function names a computed `Fn(…)` may make from the data: every string in the
/// data's plain tables and every name `named` finds in a host object (a family's cards),
/// as identifiers.
pub fn data_names(data: &rhai::Map, named: impl Fn(&Dynamic) -> Vec<String>) -> BTreeSet<String> {
    fn walk(value: &Dynamic, named: &dyn Fn(&Dynamic) -> Vec<String>, out: &mut BTreeSet<String>) {
        if let Some(text) = value.read_lock::<rhai::ImmutableString>() {
            out.insert(snake_case(&text));
        } else if let Some(map) = value.read_lock::<rhai::Map>() {
            map.values().for_each(|v| walk(v, named, out));
        } else if let Some(array) = value.read_lock::<rhai::Array>() {
            array.iter().for_each(|v| walk(v, named, out));
        } else {
            out.extend(named(value).iter().map(|n| snake_case(n)));
        }
    }
    let mut out = BTreeSet::new();
    data.values().for_each(|v| walk(v, &named, &mut out));
    out
}

/// Checks layers `from..` of `layers` (file name, compiled script) against every layer
/// below each; `texts` holds each file's text, to point at a function's line, and
/// `names` the function names made from the data (see [`data_names`]). Every function
/// nothing reaches is reported, in one diagnostic at the first.
pub fn check_overrides(
    layers: &[(String, AST)],
    from: usize,
    texts: &BTreeMap<String, String>,
    names: &BTreeSet<String>,
) -> Result<(), Diagnostic> {
    let reach = Reach::of(layers);
    let mut unused: Vec<(&str, &str, Option<&str>)> = Vec::new();
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
                let line = line_of(texts, other_file, name).unwrap_or(1);
                let message = format!(
                    "`{name}` here has {}, but {other_file}:{line} defines it with {other}: this would be a new function and the old rule would quietly stay",
                    count(arity, "parameter")
                );
                return Err(at_fn(texts, file, name, message).with_help(format!(
                    "give `{name}` {}, as the rule it replaces",
                    count(other, "parameter")
                )));
            }
            if !reach.reaches(name, names) {
                let nearest = below
                    .iter()
                    .map(|&(n, _, _)| n)
                    .chain(hooks())
                    .map(|n| (distance(n, name), n))
                    .min()
                    .filter(|&(d, _)| close(d, name))
                    .map(|(_, n)| n);
                unused.push((file, name, nearest));
            }
        }
    }
    // In the order of the files and of their lines (a script's functions come unordered).
    let place = |&(f, n, _): &(&str, &str, _)| {
        (
            layers.iter().position(|(l, _)| l == f),
            line_of(texts, f, n),
        )
    };
    unused.sort_by_key(place);
    let Some(&(file, name, _)) = unused.first() else {
        return Ok(());
    };
    let others: Vec<String> = unused[1..]
        .iter()
        .map(|&(f, n, _)| match line_of(texts, f, n) {
            Some(line) => format!("`fn {n}` ({f}:{line})"),
            None => format!("`fn {n}` ({f})"),
        })
        .collect();
    let message = match others.is_empty() {
        true => format!("`fn {name}` replaces no rule and nothing calls it"),
        false => format!(
            "`fn {name}` replaces no rule and nothing calls it; nor {}",
            others.join(", ")
        ),
    };
    let guesses: Vec<String> = match unused.as_slice() {
        [(_, _, Some(nearest))] => vec![format!("did you mean `{nearest}`?")],
        _ => unused
            .iter()
            .filter_map(|&(_, n, nearest)| Some(format!("did you mean `{}` for `{n}`?", nearest?)))
            .collect(),
    };
    let mut help = guesses;
    help.push("A house rule replaces a function of the same name and number of parameters (scripts/README.md lists the hooks)".into());
    Err(at_fn(texts, file, name, message).with_help(help.join(" ")))
}

/// A name at edit distance `d` from `name` is a likely misspelling of it, not another
/// word (`totl` of `total`, not `double_it` of `lowest`).
fn close(d: usize, name: &str) -> bool {
    d <= (name.chars().count() / 3).max(1)
}

/// Every `….options.NAME` (or `….options["NAME"]`) that layers `from..` read must be one
/// of the variant's `options`: one that is not would fail only when it is read (see
/// `tables.rs`). A game's own scripts may read an option only some variants declare,
/// after asking (`"players" in this.options`).
pub fn unknown_options<'a>(
    layers: &[(String, AST)],
    from: usize,
    texts: &BTreeMap<String, String>,
    options: impl Iterator<Item = &'a str> + Clone,
) -> Result<(), Diagnostic> {
    for (file, ast) in &layers[from.min(layers.len())..] {
        let mut found = None;
        ast.walk(&mut |path: &[ASTNode]| {
            if let Some(ASTNode::Expr(Expr::Dot(x, ..) | Expr::Index(x, ..))) = path.last() {
                let read = match (&x.lhs, &x.rhs) {
                    (Expr::Property(p, _), Expr::Dot(y, ..) | Expr::Index(y, ..))
                        if p.2 == "options" =>
                    {
                        option_name(&y.lhs)
                    }
                    (Expr::Property(p, _), name) if p.2 == "options" => option_name(name),
                    _ => None,
                };
                if let Some((name, pos)) = read.filter(|(n, _)| !options.clone().any(|o| o == n)) {
                    found = Some((name, pos));
                    return false;
                }
            }
            true
        });
        if let Some((name, pos)) = found {
            let message = super::tables::unknown_option(&name, options.clone());
            let d = Diagnostic::in_file(Kind::Script, file, message);
            let d = match (pos.line(), texts.get(file)) {
                (Some(line), Some(text)) => d.at_line(text, line, pos.position().unwrap_or(1)),
                _ => d,
            };
            let nearest = options
                .clone()
                .map(|o| (distance(o, &name), o))
                .min()
                .filter(|&(d, _)| close(d, &name));
            return Err(match nearest {
                Some((_, o)) => d.with_help(format!("did you mean `{o}`?")),
                None => d,
            });
        }
    }
    Ok(())
}

/// The option an `options.NAME` or `options["NAME"]` reads, and where.
fn option_name(expr: &Expr) -> Option<(String, rhai::Position)> {
    match expr {
        Expr::Property(p, pos) => Some((p.2.to_string(), *pos)),
        Expr::StringConstant(name, pos) => Some((name.to_string(), *pos)),
        _ => None,
    }
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

/// How the scripts reach functions: by name (a call, a method call, `Fn("name")`,
/// `parent("name", …)`), by a name that starts with a fixed prefix (`Fn("frame_" + kind)`),
/// or by a name computed otherwise.
struct Reach {
    called: BTreeSet<String>,
    prefixes: BTreeSet<String>,
    computed: bool,
}

impl Reach {
    fn of(layers: &[(String, AST)]) -> Reach {
        let mut reach = Reach {
            called: BTreeSet::new(),
            prefixes: BTreeSet::new(),
            computed: false,
        };
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
                    reach.called.insert(call.name.to_string());
                    if matches!(call.name.as_str(), "Fn" | "parent") {
                        match call.args.first().map(prefix) {
                            Some(Some((text, true))) => {
                                reach.called.insert(text);
                            }
                            Some(Some((text, false))) => {
                                reach.prefixes.insert(text);
                            }
                            _ => reach.computed |= call.name == "Fn",
                        }
                    }
                }
                true
            });
        }
        reach
    }

    /// Whether a function `name` may be called: a hook, a bot's helper, a closure
    /// (`anon$…`, called where it is written), or reached as [`Reach`] says.
    fn reaches(&self, name: &str, data_names: &BTreeSet<String>) -> bool {
        hooks().any(|h| h == name)
            || name.starts_with("bot_")
            || name.starts_with("anon$")
            || self.called.contains(name)
            || self.prefixes.iter().any(|p| name.starts_with(p.as_str()))
            || (self.computed && data_names.contains(name))
    }
}

/// The text a name expression starts with, and whether that is the whole name:
/// `"score"` is the whole, `"frame_" + kind` and `` `frame_${kind}` `` start with `frame_`.
fn prefix(expr: &Expr) -> Option<(String, bool)> {
    match expr {
        Expr::StringConstant(text, _) => Some((text.to_string(), true)),
        Expr::FnCall(call, _) if call.name == "+" => match call.args.first()? {
            Expr::StringConstant(text, _) if !text.is_empty() => Some((text.to_string(), false)),
            _ => None,
        },
        Expr::InterpolatedString(parts, _) => match parts.first()? {
            Expr::StringConstant(text, _) if !text.is_empty() => Some((text.to_string(), false)),
            _ => None,
        },
        _ => None,
    }
}

/// The line of `fn name` in `file`.
fn line_of(texts: &BTreeMap<String, String>, file: &str, name: &str) -> Option<usize> {
    at_fn(texts, file, name, String::new())
        .location()
        .and_then(|at| at.line)
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
        let names = BTreeSet::from(["work_prize".to_owned()]);
        check_overrides(&list, 1, &texts, &names).map_err(|d| d.to_string())
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
            e.starts_with("house.rhai:1:1: `end_game` here has 0 parameters, but base.rhai:3 defines it with 1"),
            "{e}"
        );
    }

    #[test]
    fn the_games_own_first_scripts_are_not_checked() {
        let (list, texts) = layers(&[BASE, ("more.rhai", "fn lonely() { 1 }\n")]);
        let names = BTreeSet::new();
        assert!(check_overrides(&list, 2, &texts, &names).is_ok());
        assert!(check_overrides(&list, 1, &texts, &names).is_err());
    }

    #[test]
    fn a_function_pointer_made_from_a_prefix_reaches_the_names_with_that_prefix() {
        for run in ["Fn(\"card_\" + name)", "Fn(`card_${name}`)"] {
            let base = (
                "base.rhai",
                format!("fn run(name) {{ this.call({run}) }}\n"),
            );
            let base = (base.0, base.1.as_str());
            assert_eq!(
                check(&[base, ("cards.rhai", "fn card_granary() { 1 }\n")]),
                Ok(())
            );
            let e = check(&[base, ("cards.rhai", "fn crad_granary() { 1 }\n")]).unwrap_err();
            assert!(e.contains("`fn crad_granary` replaces no rule"), "{e}");
            assert!(
                check(&[base, ("cards.rhai", "fn run() { 1 }\n")]).is_err(),
                "arity is still checked"
            );
        }
    }

    #[test]
    fn a_function_pointer_made_from_a_computed_name_reaches_the_datas_names() {
        let base = (
            "base.rhai",
            "fn run(card) { this.call(Fn(this.name_of(card))) }\n",
        );
        assert_eq!(
            check(&[base, ("cards.rhai", "fn work_prize() { 1 }\n")]),
            Ok(())
        );
        let e = check(&[base, ("cards.rhai", "fn work_prise() { 1 }\n")]).unwrap_err();
        assert!(e.contains("`fn work_prise` replaces no rule"), "{e}");
        let without = [BASE, ("cards.rhai", "fn work_prize() { 1 }\n")];
        assert!(check(&without).is_err(), "no computed name, no data names");
    }

    #[test]
    fn every_unused_function_is_reported_with_close_guesses_only() {
        let e = check(&[
            BASE,
            (
                "house.rhai",
                "fn double_it() { 2 }\nfn score() { 1 }\nfn totl() { 3 }\n",
            ),
        ])
        .unwrap_err();
        assert!(
            e.starts_with("house.rhai:1:1: `fn double_it` replaces no rule and nothing calls it; nor `fn totl` (house.rhai:3)"),
            "{e}"
        );
        assert!(e.contains("did you mean `total` for `totl`?"), "{e}");
        assert!(!e.contains("for `double_it`"), "{e}");
    }

    #[test]
    fn a_far_name_gets_no_guess() {
        let e = check(&[BASE, ("house.rhai", "fn double_it() { 2 }\n")]).unwrap_err();
        assert!(!e.contains("did you mean"), "{e}");
    }

    #[test]
    fn edit_distance() {
        assert_eq!(distance("score", "scroe"), 2);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("total", "totl"), 1);
    }
}
