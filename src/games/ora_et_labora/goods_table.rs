//! The goods of the game as data: every face of a goods tile with its values, and the
//! exchanges allowed at any time. Read once from the goods file and shared (`Arc`) by
//! every `Goods` value built over it.

use super::data_error::{check_schema, parse, DataError};
use crate::vocabulary;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// One face of a goods tile.
#[derive(Debug, Clone, PartialEq)]
pub struct GoodDef {
    pub key: String,
    pub name: String,
    pub plural: String,
    pub code: String,
    pub aliases: Vec<String>,
    pub variant: String,
    pub basic: bool,
    /// The wheel indicator that produces it, empty for none.
    pub wheel: String,
    pub food: i64,
    /// Energy in halves (straw is half an energy): the one value that is not whole.
    pub energy_halves: i64,
    pub money: i64,
    pub points: i64,
}

/// An exchange a player may make at any time (`give` for `get`, as often as wanted).
#[derive(Debug, Clone, PartialEq)]
pub struct Conversion {
    pub id: String,
    pub give: Vec<(usize, i64)>,
    pub get: Vec<(usize, i64)>,
    pub variant: String,
}

/// The goods file: the goods in file order and the conversions.
#[derive(Debug, Clone, PartialEq)]
pub struct GoodsTable {
    goods: Vec<GoodDef>,
    conversions: Vec<Conversion>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    schema_version: i64,
    good: Vec<Spanned<RawGood>>,
    #[serde(default)]
    conversion: Vec<Spanned<RawConversion>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGood {
    key: String,
    name: String,
    plural: Option<String>,
    code: String,
    #[serde(default)]
    aliases: Vec<String>,
    variant: String,
    basic: bool,
    wheel: String,
    food: i64,
    energy: f64,
    money: i64,
    points: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConversion {
    id: String,
    give: BTreeMap<String, i64>,
    get: BTreeMap<String, i64>,
    #[serde(default = "both")]
    variant: String,
}

fn both() -> String {
    "both".into()
}

impl GoodsTable {
    /// Reads the goods file; errors name the line of the offending entry.
    pub fn from_toml_str(text: &str) -> Result<GoodsTable, DataError> {
        let raw: RawFile = parse(text)?;
        check_schema(raw.schema_version)?;
        let mut goods: Vec<GoodDef> = Vec::new();
        for spanned in raw.good {
            let at = spanned.span().start;
            let g = spanned.into_inner();
            let halves = g.energy * 2.0;
            if halves.fract() != 0.0 || halves < 0.0 {
                return Err(DataError::at(
                    text,
                    Some(at),
                    format!("good `{}`: energy must be whole or a half", g.key),
                ));
            }
            if goods.iter().any(|d| d.key == g.key) {
                return Err(DataError::at(
                    text,
                    Some(at),
                    format!("good `{}` is listed twice", g.key),
                ));
            }
            if [g.food, g.money, g.points].iter().any(|v| *v < 0) {
                return Err(DataError::at(
                    text,
                    Some(at),
                    format!("good `{}`: values cannot be negative", g.key),
                ));
            }
            goods.push(GoodDef {
                plural: g.plural.unwrap_or_else(|| g.name.clone()),
                key: g.key,
                name: g.name,
                code: g.code,
                aliases: g.aliases,
                variant: g.variant,
                basic: g.basic,
                wheel: g.wheel,
                food: g.food,
                energy_halves: halves as i64,
                money: g.money,
                points: g.points,
            });
        }
        let mut table = GoodsTable {
            goods,
            conversions: Vec::new(),
        };
        for spanned in raw.conversion {
            let at = spanned.span().start;
            let c = spanned.into_inner();
            let resolve = |side: BTreeMap<String, i64>| {
                side.into_iter()
                    .map(|(k, n)| match table.index(&k) {
                        Some(i) if n > 0 => Ok((i, n)),
                        Some(_) => Err(format!(
                            "conversion `{}`: `{k}` needs a count above 0",
                            c.id
                        )),
                        None => Err(format!("conversion `{}`: {}", c.id, table.unknown(&k))),
                    })
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(|m| DataError::at(text, Some(at), m))
            };
            let conversion = Conversion {
                give: resolve(c.give)?,
                get: resolve(c.get)?,
                id: c.id,
                variant: c.variant,
            };
            table.conversions.push(conversion);
        }
        Ok(table)
    }

    pub fn goods(&self) -> &[GoodDef] {
        &self.goods
    }

    pub fn len(&self) -> usize {
        self.goods.len()
    }

    pub fn is_empty(&self) -> bool {
        self.goods.is_empty()
    }

    /// The position of a good by key (`"sheep"`), or by its name as the cards write it
    /// (`"livestock"`): a designer may write either, a key first.
    pub fn index(&self, word: &str) -> Option<usize> {
        let by_key = self.goods.iter().position(|g| g.key == word);
        by_key.or_else(|| self.goods.iter().position(|g| g.name == word))
    }

    /// The words that name a good: every key, then each name unlike its key.
    pub fn words(&self) -> Vec<&str> {
        let keys = self.goods.iter().map(|g| g.key.as_str());
        let names = self
            .goods
            .iter()
            .filter(|g| g.name != g.key)
            .map(|g| g.name.as_str());
        keys.chain(names).collect()
    }

    /// "`wod` is not a good; did you mean `wood`? (goods: …)": a word `index` does not
    /// know, with the nearest when close and the list.
    pub fn unknown(&self, word: &str) -> String {
        let (message, _) = vocabulary::unknown(word, "a good", &self.words());
        format!("{message} (goods: {})", self.words().join(", "))
    }

    /// The position of a good by notation code (`"Wo"`) or one of its older aliases.
    pub fn index_by_code(&self, code: &str) -> Option<usize> {
        self.goods.iter().position(|g| {
            !g.code.is_empty() && (g.code == code || g.aliases.iter().any(|a| a == code))
        })
    }

    pub fn def(&self, index: usize) -> &GoodDef {
        &self.goods[index]
    }

    pub fn conversions(&self) -> &[Conversion] {
        &self.conversions
    }

    pub fn conversion(&self, id: &str) -> Option<&Conversion> {
        self.conversions.iter().find(|c| c.id == id)
    }

    /// The good that change is given in: the basic good worth 1 money (the 1-coin).
    pub fn change_good(&self) -> Option<usize> {
        self.goods.iter().position(|g| g.basic && g.money == 1)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub const GOODS_FILE: &str = include_str!("../../../variants/data/ora-et-labora-goods.toml");

    pub fn table() -> GoodsTable {
        GoodsTable::from_toml_str(GOODS_FILE).unwrap()
    }

    #[test]
    fn the_goods_file_loads_with_its_values() {
        let t = table();
        assert_eq!(t.len(), 23);
        let straw = t.def(t.index("straw").unwrap());
        assert_eq!(straw.energy_halves, 1);
        let coin5 = t.def(t.index("coin5").unwrap());
        assert_eq!((coin5.food, coin5.money, coin5.points), (5, 5, 2));
        assert_eq!(t.index_by_code("Ho"), t.index("malt"));
        assert_eq!(t.index_by_code(""), None);
        let basics: Vec<_> = t
            .goods()
            .iter()
            .filter(|g| g.basic)
            .map(|g| g.key.as_str())
            .collect();
        assert_eq!(basics, ["wood", "peat", "sheep", "grain", "clay", "coin"]);
        assert_eq!(t.change_good(), t.index("coin"));
        assert_eq!(t.conversions().len(), 5);
        let whiskey = t.conversion("whiskey_to_coins").unwrap();
        assert_eq!(whiskey.get, vec![(t.index("coin").unwrap(), 2)]);
    }

    #[test]
    fn bad_goods_files_point_at_the_entry() {
        let twice = "schema_version = 1\n[[good]]\nkey = \"a\"\nname = \"a\"\ncode = \"A\"\nvariant = \"both\"\nbasic = false\nwheel = \"\"\nfood = 0\nenergy = 0\nmoney = 0\npoints = 0\n";
        let text = format!("{twice}[[good]]\n{}", &twice[28..]);
        let e = GoodsTable::from_toml_str(&text).unwrap_err();
        assert!(e.message.contains("twice"), "{e}");
        assert_eq!(e.line, Some(13));
        let half = twice.replace("energy = 0", "energy = 0.3");
        assert!(GoodsTable::from_toml_str(&half)
            .unwrap_err()
            .message
            .contains("half"));
        let conv =
            format!("{twice}[[conversion]]\nid = \"x\"\ngive = {{ b = 1 }}\nget = {{ a = 1 }}\n");
        let e = GoodsTable::from_toml_str(&conv).unwrap_err();
        assert!(e.message.contains("`b` is not a good"), "{e}");
        assert_eq!(e.line, Some(13));
        let version = twice.replace("schema_version = 1", "schema_version = 2");
        assert!(GoodsTable::from_toml_str(&version).is_err());
    }
}
