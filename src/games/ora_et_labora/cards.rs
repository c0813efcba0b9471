//! The building, basic-building and settlement cards as data: what they cost, what they
//! are worth, where they may stand, and their function as text and as effect entries
//! the scripts read. Which cards a game uses (variant, solo) is the scripts' filter.

use super::data_error::{check_schema, parse, DataError};
use super::names::{short_names, SHORT};
use super::space::Terrain;
use crate::vocabulary;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub name: String,
    /// basic | building | settlement
    pub kind: String,
    /// france | ireland | both
    pub variant: String,
    /// basic | start | A | B | C | D
    pub age: String,
    /// used | removed | neutral_start
    pub solo: String,
    pub cost: BTreeMap<String, i64>,
    pub economic: i64,
    pub dwelling: i64,
    pub terrain: Vec<Terrain>,
    pub cloister: bool,
    pub raises_work_contract_price: bool,
    pub function: String,
    /// The function's parts as written in the file (tables).
    pub effect: Vec<toml::Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    schema_version: i64,
    card: Vec<Spanned<RawCard>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    kind: String,
    variant: String,
    age: String,
    solo: String,
    cost: BTreeMap<String, i64>,
    economic: i64,
    dwelling: i64,
    terrain: Vec<String>,
    cloister: bool,
    #[serde(default)]
    raises_work_contract_price: bool,
    function: String,
    #[serde(default)]
    effect: Vec<toml::Table>,
}

const KINDS: [&str; 3] = ["basic", "building", "settlement"];
const VARIANTS: [&str; 3] = ["france", "ireland", "both"];
const AGES: [&str; 6] = ["basic", "start", "A", "B", "C", "D"];
const SOLO: [&str; 3] = ["used", "removed", "neutral_start"];

/// `value` of `field` is one of `allowed`, or the message names it, the nearest when
/// close, and the list.
fn one_of(field: &str, value: &str, allowed: &[&str]) -> Result<(), String> {
    if allowed.contains(&value) {
        return Ok(());
    }
    let article = if field.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    let (message, _) = vocabulary::unknown(value, &format!("{article} {field}"), allowed);
    Err(format!("{message} ({field}: {})", allowed.join(", ")))
}

impl RawCard {
    fn check(self) -> Result<Card, String> {
        one_of("kind", &self.kind, &KINDS)?;
        one_of("variant", &self.variant, &VARIANTS)?;
        one_of("age", &self.age, &AGES)?;
        one_of("solo", &self.solo, &SOLO)?;
        if let Some((good, n)) = self.cost.iter().find(|(_, n)| **n < 0) {
            return Err(format!("cost of {n} {good}: costs cannot be negative"));
        }
        let terrain = self
            .terrain
            .iter()
            .map(|t| {
                let names = Terrain::ALL.map(Terrain::name);
                one_of("terrain", t, &names)?;
                Ok::<_, String>(Terrain::by_name(t).expect("one of the names"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Card {
            id: self.id,
            name: self.name,
            kind: self.kind,
            variant: self.variant,
            age: self.age,
            solo: self.solo,
            cost: self.cost,
            economic: self.economic,
            dwelling: self.dwelling,
            terrain,
            cloister: self.cloister,
            raises_work_contract_price: self.raises_work_contract_price,
            function: self.function,
            effect: self.effect.into_iter().map(toml::Value::Table).collect(),
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Cards {
    cards: Vec<Card>,
}

impl Cards {
    pub fn from_toml_str(text: &str) -> Result<Cards, DataError> {
        let raw: RawFile = parse(text)?;
        check_schema(raw.schema_version)?;
        let mut cards: Vec<Card> = Vec::new();
        for spanned in raw.card {
            let at = spanned.span().start;
            let raw = spanned.into_inner();
            let id = raw.id.clone();
            let card = raw
                .check()
                .map_err(|m| DataError::at(text, Some(at), format!("card `{id}`: {m}")))?;
            if cards.iter().any(|c| c.id == card.id) {
                return Err(DataError::at(
                    text,
                    Some(at),
                    format!("card `{id}` is listed twice"),
                ));
            }
            cards.push(card);
        }
        Ok(Cards { cards })
    }

    /// The cards of one variant (`france`, `ireland`): its own and the shared ones.
    pub fn for_variant(&self, variant: &str) -> Cards {
        let cards = self
            .cards
            .iter()
            .filter(|c| c.variant == variant || c.variant == "both")
            .cloned()
            .collect();
        Cards { cards }
    }

    /// The cards in the solo game: without those marked `removed`.
    pub fn for_solo(&self) -> Cards {
        let cards = self
            .cards
            .iter()
            .filter(|c| c.solo != "removed")
            .cloned()
            .collect();
        Cards { cards }
    }

    pub fn all(&self) -> &[Card] {
        &self.cards
    }

    pub fn get(&self, id: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.id == id)
    }

    pub fn by_name(&self, name: &str) -> Option<&Card> {
        self.cards.iter().find(|c| c.name == name)
    }

    /// Every card's short name by id (see `names::abbreviate`): the name where it fits in
    /// `SHORT` characters, no two alike.
    pub fn short_names(&self) -> BTreeMap<String, String> {
        let shorts = short_names(self.cards.iter().map(|c| c.name.as_str()), SHORT);
        self.cards
            .iter()
            .map(|c| c.id.clone())
            .zip(shorts)
            .collect()
    }

    /// The card called `name`, or whose short name is `name`, whatever the case.
    pub fn lookup(&self, name: &str) -> Option<&Card> {
        let name = name.trim().to_lowercase();
        let shorts = self.short_names();
        self.cards.iter().find(|c| {
            c.name.to_lowercase() == name
                || shorts.get(&c.id).is_some_and(|s| s.to_lowercase() == name)
        })
    }

    pub fn is_cloister(&self, id: &str) -> bool {
        self.get(id).is_some_and(|c| c.cloister)
    }

    /// A card's dwelling value; 0 for an id that is not a card.
    pub fn dwelling(&self, id: &str) -> i64 {
        self.get(id).map_or(0, |c| c.dwelling)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub const CARDS_FILE: &str =
        include_str!("../../../variants/data/ora-et-labora-buildings.toml");

    pub fn cards() -> Cards {
        Cards::from_toml_str(CARDS_FILE).unwrap()
    }

    fn buildings(cards: &Cards) -> Vec<&str> {
        cards
            .all()
            .iter()
            .filter(|c| c.kind == "building")
            .map(|c| c.id.as_str())
            .collect()
    }

    #[test]
    fn each_variant_has_41_buildings() {
        let all = cards();
        let ireland = all.for_variant("ireland");
        let france = all.for_variant("france");
        assert_eq!(buildings(&ireland).len(), 41);
        assert_eq!(buildings(&france).len(), 41);
        assert_eq!(buildings(&ireland.for_solo()).len(), 41);
        let ages = |cards: &Cards, age: &str| {
            cards
                .all()
                .iter()
                .filter(|c| c.kind == "building" && c.age == age)
                .count()
        };
        for (age, n) in [("start", 13), ("A", 6), ("B", 7), ("C", 7), ("D", 8)] {
            assert_eq!(ages(&ireland, age), n, "Ireland {age}");
            assert_eq!(ages(&france, age), n, "France {age}");
        }
        for cards in [&ireland, &france] {
            let basics: Vec<_> = cards.all().iter().filter(|c| c.kind == "basic").collect();
            let settlements = cards
                .all()
                .iter()
                .filter(|c| c.kind == "settlement")
                .count();
            assert_eq!((basics.len(), settlements), (3, 8));
        }
    }

    #[test]
    fn france_solo_leaves_out_the_carpentry_the_grapevines_and_quarry_c() {
        let solo = cards().for_variant("france").for_solo();
        let ids = buildings(&solo);
        assert_eq!(ids.len(), 37);
        for gone in ["F10", "F14", "F29", "F31"] {
            assert!(!ids.contains(&gone), "{gone}");
        }
        assert_eq!(solo.get("G13").unwrap().solo, "neutral_start");
    }

    #[test]
    fn card_fields_and_the_readings_kept_in_data() {
        let all = cards();
        let tower = all.get("I35").unwrap();
        assert_eq!((tower.dwelling, tower.economic), (9, 6));
        assert_eq!(tower.terrain, [Terrain::Hillside]);
        let distillery = all.by_name("Whiskey Distillery").unwrap();
        assert_eq!(
            distillery.cost,
            BTreeMap::from([("clay".into(), 2), ("straw".into(), 2)])
        );
        assert!(distillery.raises_work_contract_price);
        assert!(all.get("F21").unwrap().raises_work_contract_price);
        assert!(!all.get("G01").unwrap().raises_work_contract_price);
        assert!(all.is_cloister("L3"));
        assert!(!all.is_cloister("L1"));
        assert_eq!(all.dwelling("S01"), -3);
        assert_eq!(all.dwelling("nothing"), 0);
        let castle = all.get("G28").unwrap();
        assert_eq!(castle.terrain, [Terrain::Hillside, Terrain::Mountain]);
        let kiln = all.get("G07").unwrap();
        assert_eq!(kiln.effect.len(), 2);
        assert_eq!(kiln.effect[1]["join"].as_str(), Some("additionally"));
        assert_eq!(
            all.get("G41").unwrap().effect[0]["rate"]["solo"].as_float(),
            Some(1.0)
        );
        assert!(all.get("S08").unwrap().effect.is_empty());
    }

    #[test]
    fn a_card_is_found_by_its_name_or_short_name_in_any_case() {
        let all = cards();
        assert_eq!(all.short_names()["L3"], "CloistOff");
        assert_eq!(all.short_names()["G01"], "Priory");
        for name in ["Priory", "priory", " PRIORY "] {
            assert_eq!(
                all.lookup(name).map(|c| c.id.as_str()),
                Some("G01"),
                "{name}"
            );
        }
        assert_eq!(all.lookup("cloistoff").unwrap().name, "Cloister Office");
        assert_eq!(all.lookup("builders' market").unwrap().id, "G13");
        assert!(all.lookup("Priori").is_none());
    }

    #[test]
    fn bad_cards_are_refused_at_their_line() {
        let bad = CARDS_FILE.replace(
            "terrain = [\"hillside\", \"mountain\"]",
            "terrain = [\"lava\"]",
        );
        let e = Cards::from_toml_str(&bad).unwrap_err();
        assert!(
            e.message.contains("G28") && e.message.contains("lava"),
            "{e}"
        );
        let line = CARDS_FILE
            .lines()
            .position(|l| l == "id = \"G28\"")
            .unwrap()
            + 1;
        assert_eq!(e.line, Some(line - 1));
        let twice = CARDS_FILE.replace("id = \"G28\"", "id = \"G26\"");
        assert!(Cards::from_toml_str(&twice)
            .unwrap_err()
            .message
            .contains("twice"));
        let kind = CARDS_FILE.replace("kind = \"basic\"", "kind = \"castle\"");
        assert!(Cards::from_toml_str(&kind).is_err());
    }
}
