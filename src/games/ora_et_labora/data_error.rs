//! Why a data file of the family was refused, with the line and column to point at, and
//! the small helpers the loaders share to find them.

use std::fmt;

/// A data file the family could not read (the host's type: message, 1-based line and
/// column), with the constructors the loaders share.
pub use crate::script::DataError;

impl DataError {
    /// An error at byte `offset` of `text` (or nowhere in particular).
    pub fn at(text: &str, offset: Option<usize>, message: impl Into<String>) -> DataError {
        let (line, column) = match offset.and_then(|o| text.get(..o)) {
            Some(before) => {
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                (
                    Some(before.matches('\n').count() + 1),
                    Some(before[line_start..].chars().count() + 1),
                )
            }
            None => (None, None),
        };
        DataError {
            message: message.into(),
            line,
            column,
        }
    }

    /// A TOML syntax or shape error, where the parser saw it.
    pub fn from_toml(text: &str, e: &toml::de::Error) -> DataError {
        DataError::at(
            text,
            e.span().map(|s| s.start),
            crate::vocabulary::toml_message(e),
        )
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for DataError {}

/// Parses a data file into its raw shape.
pub fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| DataError::from_toml(text, &e))
}

/// The files' format version this code reads; a file of another is refused, not guessed.
pub const SCHEMA_VERSION: i64 = 1;

pub fn check_schema(version: i64) -> Result<(), DataError> {
    (version == SCHEMA_VERSION)
        .then_some(())
        .ok_or_else(|| DataError {
            message: format!(
                "schema_version {version} is not one this program reads ({SCHEMA_VERSION})"
            ),
            line: None,
            column: None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_becomes_line_and_column() {
        let e = DataError::at("a = 1\nbb = x\n", Some(11), "bad");
        assert_eq!((e.line, e.column), (Some(2), Some(6)));
        assert_eq!(e.to_string(), "line 2, column 6: bad");
        assert_eq!(DataError::at("", None, "m").to_string(), "m");
    }

    #[test]
    fn toml_errors_carry_their_position() {
        let e = parse::<toml::Table>("a = 1\nb = = 2\n").unwrap_err();
        assert_eq!(e.line, Some(2));
    }
}
