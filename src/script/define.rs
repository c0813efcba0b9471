//! Registering a primitive with its documentation: the call as a script writes it and one
//! line for the script writer, kept by Rhai as the function's metadata (the `metadata`
//! feature), where `houserules api` and the generated docs read them back.

use rhai::{Engine, FuncRegistration, RhaiNativeFunc, Variant};

/// A call as a script writes it, taken apart: `pile(items)`, `p.draw()`, `p.len` (a
/// property), `e[field]` (an indexer), `a == b` (an operator).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// Rhai's name for the function: `draw`, `get$len`, `index$get$`, `==`.
    pub name: String,
    /// The parameters' names, the receiver first.
    pub params: Vec<String>,
    /// Whether the first parameter is written before the name (`p.draw()`, `p[i]`, `a == b`).
    pub receiver: bool,
}

impl Call {
    /// Takes `call` apart; the parameters are the words between its parentheses, and a
    /// setter is written as an assignment (`t[key] = value`).
    pub fn parse(call: &str) -> Call {
        if let Some((target, value)) = call.split_once(" = ") {
            let mut setter = Call::parse(target);
            setter.name = setter.name.replacen("get$", "set$", 1);
            setter.params.push(value.trim().to_owned());
            return setter;
        }
        let operator = (!call.contains('('))
            .then(|| call.split_once(' '))
            .flatten();
        if let Some((left, rest)) = operator {
            let (op, right) = rest.split_once(' ').unwrap_or((rest, ""));
            return Call {
                name: op.to_owned(),
                params: vec![left.to_owned(), right.to_owned()],
                receiver: true,
            };
        }
        if let Some((target, key)) = call.strip_suffix(']').and_then(|c| c.split_once('[')) {
            return Call {
                name: "index$get$".to_owned(),
                params: vec![target.to_owned(), key.to_owned()],
                receiver: true,
            };
        }
        let (head, args) = match call.split_once('(') {
            Some((head, rest)) => (head, Some(rest.trim_end_matches(')'))),
            None => (call, None),
        };
        let (target, name) = match head.rsplit_once('.') {
            Some((target, name)) => (Some(target), name),
            None => (None, head),
        };
        let mut params: Vec<String> = target.into_iter().map(str::to_owned).collect();
        if let Some(args) = args {
            params.extend(
                args.split(',')
                    .map(str::trim)
                    .filter(|w| !w.is_empty())
                    .map(str::to_owned),
            );
        }
        Call {
            name: match args {
                Some(_) => name.to_owned(),
                None => format!("get${name}"),
            },
            params,
            receiver: target.is_some(),
        }
    }
}

/// Registration with documentation: `engine.api("p.draw()", "the top item…", |p: &mut Pile| …)`.
pub trait Api {
    /// Registers `func` under the name `call` gives it, with `doc`, one line that says what
    /// it does for a script writer. The call names every parameter, the receiver first.
    fn api<A: 'static, const N: usize, const X: bool, R: Variant + Clone, const F: bool, FUNC>(
        &mut self,
        call: &str,
        doc: &str,
        func: FUNC,
    ) -> &mut Self
    where
        FUNC: RhaiNativeFunc<A, N, X, R, F> + 'static;
}

impl Api for Engine {
    fn api<A: 'static, const N: usize, const X: bool, R: Variant + Clone, const F: bool, FUNC>(
        &mut self,
        call: &str,
        doc: &str,
        func: FUNC,
    ) -> &mut Self
    where
        FUNC: RhaiNativeFunc<A, N, X, R, F> + 'static,
    {
        let parsed = Call::parse(call);
        assert_eq!(
            parsed.params.len(),
            N,
            "`{call}` names another number of parameters than the function takes ({} against {N})",
            parsed.params.len()
        );
        assert!(
            !doc.trim().is_empty() && !doc.contains('\n'),
            "`{call}`: the doc is one line"
        );
        let mut info: Vec<String> = parsed
            .params
            .iter()
            .zip(FUNC::param_names())
            .map(|(name, rust)| format!("{name}: {}", type_shown(self, rust)))
            .collect();
        info.push(type_shown(self, FUNC::return_type_name()).to_owned());
        FuncRegistration::new(parsed.name)
            .with_comments([format!("/// {call}"), format!("/// {doc}")])
            .with_params_info(info)
            .register_into_engine(self, func);
        self
    }
}

/// A Rust type as scripts know it: `int`, `string`, `Pile`; empty for nothing (`()`) and
/// for a value of any type. A fallible function's type is the one it returns on success.
fn type_shown<'a>(engine: &'a Engine, rust: &'a str) -> &'a str {
    let plain = rust.strip_prefix("&mut ").unwrap_or(rust);
    let success = plain
        .strip_prefix("core::result::Result<")
        .and_then(|rest| rest.rsplit_once(", "));
    if let Some((ok, _error)) = success {
        return type_shown(engine, ok);
    }
    match engine.map_type_name(plain) {
        "i64" => "int",
        "f64" => "float",
        "()" => "",
        name if name.ends_with("::Dynamic") => "",
        name => name.rsplit("::").next().unwrap_or(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, params: &[&str], receiver: bool) -> Call {
        Call {
            name: name.to_owned(),
            params: params.iter().map(|p| p.to_string()).collect(),
            receiver,
        }
    }

    #[test]
    fn calls_are_taken_apart_as_scripts_write_them() {
        assert_eq!(Call::parse("pile(items)"), call("pile", &["items"], false));
        assert_eq!(
            Call::parse("view_options()"),
            call("view_options", &[], false)
        );
        assert_eq!(
            Call::parse("rng.shuffled(array)"),
            call("shuffled", &["rng", "array"], true)
        );
        assert_eq!(
            Call::parse("this.announce(kind, text, fields)"),
            call("announce", &["this", "kind", "text", "fields"], true)
        );
        assert_eq!(Call::parse("p.len"), call("get$len", &["p"], true));
        assert_eq!(
            Call::parse("e[field]"),
            call("index$get$", &["e", "field"], true)
        );
        assert_eq!(Call::parse("a == b"), call("==", &["a", "b"], true));
        assert_eq!(
            Call::parse("t[key] = value"),
            call("index$set$", &["t", "key", "value"], true)
        );
        assert_eq!(
            Call::parse("this.parent(name, args)"),
            call("parent", &["this", "name", "args"], true)
        );
    }

    fn joined(texts: &[impl AsRef<str>], separator: &str) -> String {
        texts
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<&str>>()
            .join(separator)
    }

    #[test]
    fn a_function_keeps_its_call_doc_and_types_as_metadata() {
        let mut engine = Engine::new_raw();
        engine.api("n.twice()", "the number doubled", |n: &mut i64| *n * 2);
        engine.api(
            "n.half()",
            "half the number, if even",
            |n: &mut i64| -> Result<i64, Box<rhai::EvalAltResult>> {
                match *n % 2 {
                    0 => Ok(*n / 2),
                    _ => Err("odd".into()),
                }
            },
        );
        let found = engine.collect_fn_metadata(
            None,
            |f| {
                Some((
                    f.metadata.name.to_string(),
                    joined(f.metadata.params_info.as_slice(), ", "),
                    f.metadata.return_type.to_string(),
                    joined(f.metadata.comments.as_slice(), " "),
                ))
            },
            false,
        );
        let mut found = found;
        found.sort();
        let entry = |name: &str, returns: &str, comments: &str| {
            (
                name.to_owned(),
                "n: int".to_owned(),
                returns.to_owned(),
                comments.to_owned(),
            )
        };
        assert_eq!(
            found,
            [
                entry("half", "int", "/// n.half() /// half the number, if even"),
                entry("twice", "int", "/// n.twice() /// the number doubled"),
            ]
        );
        assert_eq!(engine.eval::<i64>("let n = 4; n.twice()").unwrap(), 8);
    }

    #[test]
    #[should_panic(
        expected = "names another number of parameters than the function takes (1 against 2)"
    )]
    fn a_call_that_names_too_few_parameters_is_refused() {
        Engine::new_raw().api("sum(a)", "a and b", |a: i64, b: i64| a + b);
    }
}
