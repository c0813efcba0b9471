//! The table file: wheel sides, landscape prices, the heartland layouts, the district
//! and plot sides, and what empty spaces add to settlements. All of it is data a user
//! may change; nothing here decides which of it a game uses.

use super::data_error::{check_schema, parse, DataError};
use super::space::{SpaceDef, Terrain};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// One column of a plot side: its terrain, and whether it spans both rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotColumn {
    pub col: i32,
    pub space: SpaceDef,
    pub span: u8,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TableData {
    pub wheel_sides: BTreeMap<String, Vec<i64>>,
    pub solo_indicators: Vec<String>,
    pub prices: BTreeMap<String, Vec<i64>>,
    /// Rows from the top; each row spans columns 0..
    pub heartlands: BTreeMap<String, Vec<Vec<SpaceDef>>>,
    /// Each side: the spaces of columns 0..
    pub districts: BTreeMap<String, Vec<SpaceDef>>,
    pub plots: BTreeMap<String, Vec<PlotColumn>>,
    pub empty_dwelling: BTreeMap<Terrain, i64>,
}

/// The columns districts and the heartland cover.
pub const DISTRICT_COLUMNS: std::ops::RangeInclusive<i32> = 0..=4;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    schema_version: i64,
    wheel: RawWheel,
    prices: BTreeMap<String, Vec<i64>>,
    heartland: BTreeMap<String, Spanned<Vec<Vec<String>>>>,
    district: BTreeMap<String, Spanned<Vec<String>>>,
    plot: BTreeMap<String, Spanned<Vec<RawPlotColumn>>>,
    #[serde(default)]
    empty_dwelling: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWheel {
    front: Vec<i64>,
    back: Vec<i64>,
    solo_indicators: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlotColumn {
    col: i32,
    space: String,
    #[serde(default = "one")]
    span: u8,
}

fn one() -> u8 {
    1
}

fn spaces(row: &[String]) -> Result<Vec<SpaceDef>, String> {
    row.iter().map(|s| SpaceDef::parse(s)).collect()
}

impl TableData {
    pub fn from_toml_str(text: &str) -> Result<TableData, DataError> {
        let raw: RawFile = parse(text)?;
        check_schema(raw.schema_version)?;
        let width = DISTRICT_COLUMNS.count();
        let at = |offset: usize, m: String| DataError::at(text, Some(offset), m);
        let mut heartlands = BTreeMap::new();
        for (name, rows) in raw.heartland {
            let offset = rows.span().start;
            let rows = rows
                .into_inner()
                .iter()
                .map(|r| spaces(r))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| at(offset, format!("heartland `{name}`: {m}")))?;
            if rows.iter().any(|r| r.len() != width) {
                return Err(at(
                    offset,
                    format!("heartland `{name}`: every row needs {width} spaces"),
                ));
            }
            heartlands.insert(name, rows);
        }
        let mut districts = BTreeMap::new();
        for (side, row) in raw.district {
            let offset = row.span().start;
            let row =
                spaces(row.get_ref()).map_err(|m| at(offset, format!("district `{side}`: {m}")))?;
            if row.len() != width {
                return Err(at(
                    offset,
                    format!("district `{side}` needs {width} spaces"),
                ));
            }
            districts.insert(side, row);
        }
        let mut plots = BTreeMap::new();
        for (side, columns) in raw.plot {
            let offset = columns.span().start;
            let fail = |m: String| at(offset, format!("plot `{side}`: {m}"));
            let columns = columns
                .into_inner()
                .into_iter()
                .map(|c| {
                    let space = SpaceDef::parse(&c.space)?;
                    if !(1..=2).contains(&c.span) {
                        return Err(format!("span {} (1 or 2)", c.span));
                    }
                    Ok(PlotColumn {
                        col: c.col,
                        space,
                        span: c.span,
                    })
                })
                .collect::<Result<Vec<_>, String>>()
                .map_err(fail)?;
            let left = columns.iter().all(|c| c.col < *DISTRICT_COLUMNS.start());
            let right = columns.iter().all(|c| c.col > *DISTRICT_COLUMNS.end());
            if columns.is_empty() || !(left || right) {
                return Err(at(
                    offset,
                    format!("plot `{side}`: its columns must all lie left of 0 or right of 4"),
                ));
            }
            plots.insert(side, columns);
        }
        let empty_dwelling = raw
            .empty_dwelling
            .into_iter()
            .map(|(t, v)| {
                Terrain::by_name(&t).map(|t| (t, v)).ok_or_else(|| {
                    DataError::at(text, None, format!("empty_dwelling: no terrain `{t}`"))
                })
            })
            .collect::<Result<_, _>>()?;
        let wheel_sides = BTreeMap::from([
            ("front".to_owned(), raw.wheel.front),
            ("back".to_owned(), raw.wheel.back),
        ]);
        Ok(TableData {
            wheel_sides,
            solo_indicators: raw.wheel.solo_indicators,
            prices: raw.prices,
            heartlands,
            districts,
            plots,
            empty_dwelling,
        })
    }

    /// What an empty space of this terrain adds to a neighbouring settlement.
    pub fn empty_dwelling(&self, terrain: Terrain) -> i64 {
        self.empty_dwelling.get(&terrain).copied().unwrap_or(0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::ora_et_labora::space::Content;

    pub const TABLE_FILE: &str = include_str!("../../../variants/data/ora-et-labora-table.toml");

    pub fn table() -> TableData {
        TableData::from_toml_str(TABLE_FILE).unwrap()
    }

    #[test]
    fn the_table_file_loads() {
        let t = table();
        assert_eq!(
            t.wheel_sides["front"],
            [0, 2, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10]
        );
        assert_eq!(
            t.wheel_sides["back"],
            [0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10]
        );
        assert_eq!(t.solo_indicators.len(), 7);
        assert_eq!(t.prices["district_solo"], [8, 7, 6, 5, 5, 4, 4, 3, 2]);
        assert_eq!(t.prices["plot_solo"], [7, 6, 6, 5, 5, 5, 4, 4, 3]);
        let player = &t.heartlands["player"];
        assert_eq!(player[0][4].to_string(), "hillside+L1");
        assert_eq!(player[1][0].content, Content::Moor);
        assert_eq!(t.districts["hills"][3].terrain, Terrain::Hillside);
        assert_eq!(t.plots["mountain"][1].span, 2);
        assert_eq!(t.empty_dwelling(Terrain::Water), 3);
        assert_eq!(t.empty_dwelling(Terrain::Mountain), 0);
    }

    #[test]
    fn bad_tables_name_the_entry() {
        let bad = TABLE_FILE.replace("\"hillside+L1\"]", "\"lava\"]");
        let e = TableData::from_toml_str(&bad).unwrap_err();
        assert!(e.message.contains("lava"), "{e}");
        assert!(e.line.is_some());
        let short = TABLE_FILE.replace(
            "\"plains\", \"plains\", \"plains\", \"hillside\"]",
            "\"hillside\"]",
        );
        assert!(TableData::from_toml_str(&short)
            .unwrap_err()
            .message
            .contains("5 spaces"));
        let middle = TABLE_FILE.replace("{ col = -2,", "{ col = 2,");
        assert!(TableData::from_toml_str(&middle).is_err());
    }
}
