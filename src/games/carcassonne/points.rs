//! Point values. They are data (the `[points]` table of the tile file) so a
//! house rule can change them without touching code.

use serde::Deserialize;

/// What each part of a feature is worth. Field names are the TOML keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointValues {
    /// Per tile of a completed road.
    pub road_tile: i64,
    /// Per tile of a completed city.
    pub city_tile: i64,
    /// Per pennant of a completed city.
    pub city_pennant: i64,
    /// Replaces `2 * city_tile` for a completed city of exactly 2 tiles
    /// (4 today, 2 in the first edition); pennants still add.
    pub tiny_city: i64,
    /// Per tile of an unfinished cloister's 3x3 block, the cloister included.
    pub cloister_tile: i64,
    /// A completed cloister (9 in the base game: nine tiles at one point each).
    pub cloister_complete: i64,
    /// Per tile of a road unfinished at the end.
    pub end_road_tile: i64,
    /// Per tile of a city unfinished at the end.
    pub end_city_tile: i64,
    /// Per pennant of a city unfinished at the end.
    pub end_city_pennant: i64,
    /// Per completed city a field borders.
    pub farm_completed_city: i64,
    /// Per unfinished city a field borders (0 in the base game).
    pub farm_incomplete_city: i64,
}

/// The point values' names: the TOML keys, and what `set_points` and a Carcassonne
/// variant's `[data.points]` may name.
pub const NAMES: [&str; 11] = [
    "road_tile",
    "city_tile",
    "city_pennant",
    "tiny_city",
    "cloister_tile",
    "cloister_complete",
    "end_road_tile",
    "end_city_tile",
    "end_city_pennant",
    "farm_completed_city",
    "farm_incomplete_city",
];

fn count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl PointValues {
    /// The value called `name` (one of `NAMES`), to change it.
    pub fn value_mut(&mut self, name: &str) -> Option<&mut i64> {
        Some(match name {
            "road_tile" => &mut self.road_tile,
            "city_tile" => &mut self.city_tile,
            "city_pennant" => &mut self.city_pennant,
            "tiny_city" => &mut self.tiny_city,
            "cloister_tile" => &mut self.cloister_tile,
            "cloister_complete" => &mut self.cloister_complete,
            "end_road_tile" => &mut self.end_road_tile,
            "end_city_tile" => &mut self.end_city_tile,
            "end_city_pennant" => &mut self.end_city_pennant,
            "farm_completed_city" => &mut self.farm_completed_city,
            "farm_incomplete_city" => &mut self.farm_incomplete_city,
            _ => return None,
        })
    }

    /// `name` is not a point value: the nearest when close, and the names.
    pub fn unknown(name: &str) -> (String, String) {
        crate::vocabulary::unknown(name, "a point value", &NAMES)
    }

    pub fn road(&self, tiles: usize, complete: bool) -> i64 {
        let per_tile = if complete {
            self.road_tile
        } else {
            self.end_road_tile
        };
        per_tile * count(tiles)
    }

    pub fn city(&self, tiles: usize, pennants: usize, complete: bool) -> i64 {
        if !complete {
            return self.end_city_tile * count(tiles) + self.end_city_pennant * count(pennants);
        }
        let body = if tiles == 2 {
            self.tiny_city
        } else {
            self.city_tile * count(tiles)
        };
        body + self.city_pennant * count(pennants)
    }

    /// `neighbours` = filled cells around the cloister (8 when complete).
    pub fn cloister(&self, neighbours: usize) -> i64 {
        if neighbours >= 8 {
            self.cloister_complete
        } else {
            self.cloister_tile * count(1 + neighbours)
        }
    }

    pub fn field(&self, completed_cities: usize, incomplete_cities: usize) -> i64 {
        self.farm_completed_city * count(completed_cities)
            + self.farm_incomplete_city * count(incomplete_cities)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn every_name_is_a_value() {
        let mut p = BASE;
        for name in NAMES {
            *p.value_mut(name).unwrap() += 1;
        }
        assert_eq!(p.road_tile, 2);
        assert_eq!(p.farm_incomplete_city, 1);
        assert!(p.value_mut("cloister_complet").is_none());
        assert!(PointValues::unknown("cloister_complet")
            .0
            .contains("did you mean `cloister_complete`?"));
    }

    pub(crate) const BASE: PointValues = PointValues {
        road_tile: 1,
        city_tile: 2,
        city_pennant: 2,
        tiny_city: 4,
        cloister_tile: 1,
        cloister_complete: 9,
        end_road_tile: 1,
        end_city_tile: 1,
        end_city_pennant: 1,
        farm_completed_city: 3,
        farm_incomplete_city: 0,
    };

    #[test]
    fn base_values() {
        assert_eq!(BASE.road(3, true), 3);
        assert_eq!(BASE.road(3, false), 3);
        assert_eq!(BASE.city(3, 1, true), 8);
        assert_eq!(BASE.city(3, 1, false), 4);
        assert_eq!(BASE.city(2, 1, true), 6);
        let first_edition = PointValues {
            tiny_city: 2,
            ..BASE
        };
        assert_eq!(first_edition.city(2, 0, true), 2);
        assert_eq!(first_edition.city(2, 0, false), 2);
        assert_eq!(BASE.cloister(8), 9);
        assert_eq!(BASE.cloister(3), 4);
        assert_eq!(BASE.field(2, 5), 6);
    }
}
