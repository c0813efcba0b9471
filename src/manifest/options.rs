//! Typed variant options: an integer with a range, a switch, or one of a list of words.
//! The type comes from the default value, so a manifest author never writes a type name.

use crate::diagnostic::{Diagnostic, Kind};
use rhai::Dynamic;
use std::collections::BTreeMap;
use std::fmt;

/// A value an option can take.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Int(i64),
    Bool(bool),
    Text(String),
}

impl OptionValue {
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            OptionValue::Int(i) => Dynamic::from_int(*i),
            OptionValue::Bool(b) => Dynamic::from_bool(*b),
            OptionValue::Text(s) => Dynamic::from(s.clone()),
        }
    }
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Int(i) => write!(f, "{i}"),
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Text(s) => write!(f, "{s}"),
        }
    }
}

/// What values an option accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    Int { min: i64, max: i64 },
    Bool,
    Choice(Vec<String>),
}

/// One option of a resolved variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: String,
    pub default: OptionValue,
    pub kind: OptionKind,
    pub help: String,
    /// Where the option (or its latest override) is written, for error messages.
    pub defined_in: String,
}

impl OptionSpec {
    /// Checks that `value` fits this option; the message says what would fit.
    pub fn check(&self, value: &OptionValue) -> Result<(), String> {
        match (&self.kind, value) {
            (OptionKind::Int { min, max }, OptionValue::Int(i)) => {
                if (*min..=*max).contains(i) {
                    Ok(())
                } else {
                    Err(format!("value {i} is out of range {min}..={max}"))
                }
            }
            (OptionKind::Bool, OptionValue::Bool(_)) => Ok(()),
            (OptionKind::Choice(choices), OptionValue::Text(s)) => {
                if choices.contains(s) {
                    Ok(())
                } else {
                    Err(format!("`{s}` is not one of: {}", choices.join(", ")))
                }
            }
            _ => Err(format!("expected {}", self.kind_name())),
        }
    }

    /// Parses a value typed on the command line or in the REPL (`--set k=v`).
    pub fn parse(&self, text: &str) -> Result<OptionValue, String> {
        let value = match &self.kind {
            OptionKind::Int { .. } => text
                .trim()
                .parse::<i64>()
                .map(OptionValue::Int)
                .map_err(|_| format!("`{text}` is not a whole number"))?,
            OptionKind::Bool => match text.trim() {
                "true" | "yes" | "on" => OptionValue::Bool(true),
                "false" | "no" | "off" => OptionValue::Bool(false),
                _ => return Err(format!("`{text}` is not true or false")),
            },
            OptionKind::Choice(_) => OptionValue::Text(text.trim().to_owned()),
        };
        self.check(&value)?;
        Ok(value)
    }

    pub fn kind_name(&self) -> String {
        match &self.kind {
            OptionKind::Int { min, max } => format!("a whole number in {min}..={max}"),
            OptionKind::Bool => "true or false".to_owned(),
            OptionKind::Choice(c) => format!("one of: {}", c.join(", ")),
        }
    }
}

/// Option values chosen for one game: every option of the variant, defaults filled in.
pub type OptionValues = BTreeMap<String, OptionValue>;

/// "unknown option `name`", with the nearest of the `known` options when one is close.
pub fn unknown(name: &str, known: &[&str]) -> String {
    let near = crate::vocabulary::nearest(name, known);
    crate::vocabulary::suggesting(format!("unknown option `{name}`"), near)
}

/// Applies `k=v` overrides on top of the defaults of `specs`.
///
/// Errors name the override, the option's manifest and what values would be accepted.
pub fn resolve(
    specs: &BTreeMap<String, OptionSpec>,
    overrides: &[(String, String)],
) -> Result<OptionValues, Diagnostic> {
    let mut values: OptionValues = specs
        .iter()
        .map(|(k, s)| (k.clone(), s.default.clone()))
        .collect();
    for (key, text) in overrides {
        let spec = specs.get(key).ok_or_else(|| {
            let known: Vec<&str> = specs.keys().map(String::as_str).collect();
            Diagnostic::about(Kind::Usage, "--set", unknown(key, &known)).with_help(format!(
                "the options of this variant are: {}",
                known.join(", ")
            ))
        })?;
        let value = spec.parse(text).map_err(|why| {
            Diagnostic::about(Kind::Usage, "--set", format!("option `{key}`: {why}")).with_help(
                format!(
                    "`{key}` takes {} ({}; defined in {})",
                    spec.kind_name(),
                    spec.help,
                    spec.defined_in
                ),
            )
        })?;
        values.insert(key.clone(), value);
    }
    Ok(values)
}

/// Splits `k=v`.
pub fn parse_assignment(text: &str) -> Result<(String, String), Diagnostic> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_owned(), v.trim().to_owned())),
        _ => Err(Diagnostic::about(
            Kind::Usage,
            "--set",
            format!("`{text}` is not of the form key=value"),
        )
        .with_help("write it as --set KEY=VALUE (`options` lists the keys)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens() -> BTreeMap<String, OptionSpec> {
        let spec = OptionSpec {
            name: "tokens".into(),
            default: OptionValue::Int(4),
            kind: OptionKind::Int { min: 1, max: 10 },
            help: "tokens per colour".into(),
            defined_in: "variants/x.toml:3".into(),
        };
        BTreeMap::from([("tokens".to_owned(), spec)])
    }

    #[test]
    fn overrides_replace_defaults() {
        let values = resolve(&tokens(), &[("tokens".into(), "5".into())]).unwrap();
        assert_eq!(values["tokens"], OptionValue::Int(5));
        let values = resolve(&tokens(), &[]).unwrap();
        assert_eq!(values["tokens"], OptionValue::Int(4));
    }

    #[test]
    fn bad_overrides_say_why() {
        let e = resolve(&tokens(), &[("tokens".into(), "50".into())]).unwrap_err();
        assert_eq!(
            e.message,
            "option `tokens`: value 50 is out of range 1..=10"
        );
        let e = resolve(&tokens(), &[("token".into(), "5".into())]).unwrap_err();
        assert_eq!(e.kind, Kind::Usage);
        assert_eq!(e.message, "unknown option `token`; did you mean `tokens`?");
        let e = resolve(&tokens(), &[("colour".into(), "5".into())]).unwrap_err();
        assert_eq!(e.message, "unknown option `colour`");
        assert_eq!(parse_assignment("tokens").unwrap_err().kind, Kind::Usage);
    }
}
