//! Loading and checking a tile set from TOML. Every check here is one the
//! board would otherwise trip over mid-game, so a bad house set fails at load
//! time, with the line of the offending tile.

use serde::Deserialize;
use toml::Spanned;

use super::geometry::{HALF_EDGE_NAMES as HALF, SIDE_LETTERS as SIDE};
use super::points::PointValues;
use super::tile::{Orientation, SegmentDef, SegmentKind, Terrain, TileType, TileTypeId};
use crate::diagnostic::line_column;

/// Why a tile file was refused; `line` and `column` are 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", location(.line, .column))]
pub struct TileSetError {
    pub fault: Fault,
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

/// What is wrong with a tile file, for code and tests to match on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Not TOML, or not the shape of a tile file (a key unknown or missing).
    Toml,
    /// Two tiles have this id.
    TwiceDefined(String),
    /// The tile of this id contradicts itself: its sides, segments or copies.
    Tile(String),
    /// Not exactly one tile starts on the table (`start_tile_copies = 1`).
    StartTile,
}

impl TileSetError {
    fn at(text: &str, offset: Option<usize>, fault: Fault, message: String) -> TileSetError {
        let (line, column) = offset.map(|o| line_column(text, o)).unzip();
        TileSetError {
            fault,
            message,
            line,
            column,
        }
    }
}

/// "line L, column C: " when the position is known.
fn location(line: &Option<usize>, column: &Option<usize>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!("line {line}, column {column}: "),
        _ => String::new(),
    }
}

/// The tile types of one game, with their rotations precomputed.
#[derive(Clone, Debug)]
pub struct TileSet {
    types: Vec<TileType>,
    orientations: Vec<[Orientation; 4]>,
    start: TileTypeId,
    points: PointValues,
}

impl TileSet {
    pub fn from_toml_str(text: &str) -> Result<TileSet, TileSetError> {
        let file: FileDef = toml::from_str(text).map_err(|e| {
            let offset = e.span().map(|s| s.start);
            TileSetError::at(
                text,
                offset,
                Fault::Toml,
                crate::vocabulary::toml_message(&e),
            )
        })?;
        let mut types: Vec<TileType> = Vec::with_capacity(file.tile.len());
        for spanned in file.tile {
            let offset = spanned.span().start;
            let fail = |fault, message| TileSetError::at(text, Some(offset), fault, message);
            let def = spanned.into_inner();
            let id = def.id.clone();
            if types.iter().any(|t| t.id == id) {
                let message = format!("tile {id} is defined twice");
                return Err(fail(Fault::TwiceDefined(id), message));
            }
            let why = |m| fail(Fault::Tile(id.clone()), format!("tile {id}: {m}"));
            types.push(def.build().map_err(why)?);
        }
        let starts: Vec<TileTypeId> = (0..types.len())
            .filter(|&i| types[i].start_copies > 0)
            .collect();
        let start = match *starts.as_slice() {
            [one] if types[one].start_copies == 1 => one,
            _ => {
                let message = "exactly one tile must have start_tile_copies = 1".to_string();
                return Err(TileSetError::at(text, None, Fault::StartTile, message));
            }
        };
        let orientations = types
            .iter()
            .map(|t| [0, 1, 2, 3].map(|r| Orientation::new(t, r)))
            .collect();
        Ok(TileSet {
            types,
            orientations,
            start,
            points: file.points,
        })
    }

    pub fn types(&self) -> &[TileType] {
        &self.types
    }

    pub fn by_id(&self, id: &str) -> Option<TileTypeId> {
        self.types.iter().position(|t| t.id == id)
    }

    /// The type whose one copy starts on the table.
    pub fn start_tile(&self) -> TileTypeId {
        self.start
    }

    /// Every copy except the start tile, in type order: the caller shuffles
    /// with its own seeded generator so games replay.
    pub fn draw_pile(&self) -> Vec<TileTypeId> {
        self.types
            .iter()
            .enumerate()
            .flat_map(|(i, t)| std::iter::repeat_n(i, (t.count - t.start_copies) as usize))
            .collect()
    }

    /// All copies, the start tile included.
    pub fn total(&self) -> usize {
        self.types.iter().map(|t| t.count as usize).sum()
    }

    pub fn points(&self) -> PointValues {
        self.points
    }

    pub(crate) fn orientations(&self, tile: TileTypeId) -> Option<&[Orientation; 4]> {
        self.orientations.get(tile)
    }

    /// Panics on an unknown type: only called for tiles already validated.
    pub(crate) fn orientation(&self, tile: TileTypeId, rotation: u8) -> &Orientation {
        &self.orientations[tile][usize::from(rotation)]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileDef {
    points: PointValues,
    tile: Vec<Spanned<TileDef>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileDef {
    id: String,
    name: String,
    count: u32,
    #[serde(default)]
    start_tile_copies: u32,
    edges: [Terrain; 4],
    #[serde(default)]
    cloister: bool,
    #[serde(default)]
    city: Vec<CityDef>,
    #[serde(default)]
    road: Vec<RoadDef>,
    #[serde(default)]
    field: Vec<FieldDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CityDef {
    id: String,
    edges: Vec<Side>,
    #[serde(default)]
    pennant: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoadDef {
    id: String,
    edges: Vec<Side>,
    terminus: Option<Terminus>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FieldDef {
    id: String,
    half_edges: Vec<HalfEdge>,
    #[serde(default)]
    borders_cities: Vec<String>,
}

#[derive(Deserialize, Clone, Copy)]
enum Side {
    N,
    E,
    S,
    W,
}

#[derive(Deserialize, Clone, Copy)]
enum HalfEdge {
    Nw,
    Ne,
    En,
    Es,
    Se,
    Sw,
    Ws,
    Wn,
}

/// Where a one-sided road stops. Only checked against the tile: the board
/// does not need it, since a one-sided road segment simply has one edge.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Terminus {
    Junction,
    Cloister,
    City,
}

/// A bit set from a list of indices, refusing repeats and empty lists.
fn bit_set(indices: impl IntoIterator<Item = usize>, what: &str) -> Result<u8, String> {
    let mut bits = 0u8;
    for i in indices {
        if bits & (1 << i) != 0 {
            return Err(format!("{what} lists a side twice"));
        }
        bits |= 1 << i;
    }
    if bits == 0 {
        return Err(format!("{what} reaches no side"));
    }
    Ok(bits)
}

impl TileDef {
    fn build(self) -> Result<TileType, String> {
        if self.start_tile_copies > self.count {
            return Err("start_tile_copies is more than count".to_string());
        }
        let sides = |list: &[Side], what: String| bit_set(list.iter().map(|&s| s as usize), &what);
        let mut segments = Vec::new();
        for c in &self.city {
            let edges = sides(&c.edges, format!("city {}", c.id))?;
            let pennant = c.pennant;
            segments.push(SegmentDef {
                edges,
                pennant,
                ..bare(SegmentKind::City, &c.id)
            });
        }
        for r in &self.road {
            let edges = sides(&r.edges, format!("road {}", r.id))?;
            self.check_terminus(r, edges.count_ones())?;
            segments.push(SegmentDef {
                edges,
                ..bare(SegmentKind::Road, &r.id)
            });
        }
        if self.cloister {
            segments.push(bare(SegmentKind::Cloister, "cloister"));
        }
        for f in &self.field {
            let what = format!("field {}", f.id);
            let half_edges = bit_set(f.half_edges.iter().map(|&h| h as usize), &what)?;
            let mut borders = Vec::new();
            for city in &f.borders_cities {
                let index = self
                    .city
                    .iter()
                    .position(|c| c.id == *city)
                    .ok_or_else(|| format!("{what} borders unknown city {city}"))?;
                if borders.contains(&index) {
                    return Err(format!("{what} lists city {city} twice"));
                }
                borders.push(index);
            }
            segments.push(SegmentDef {
                half_edges,
                borders,
                ..bare(SegmentKind::Field, &f.id)
            });
        }
        for (i, s) in segments.iter().enumerate() {
            if segments[..i].iter().any(|o| o.id == s.id) {
                return Err(format!("segment id {} is used twice", s.id));
            }
        }
        check_coverage(&self.edges, &segments)?;
        Ok(TileType {
            id: self.id,
            name: self.name,
            count: self.count,
            start_copies: self.start_tile_copies,
            edges: self.edges,
            segments,
        })
    }

    fn check_terminus(&self, road: &RoadDef, sides: u32) -> Result<(), String> {
        let id = &road.id;
        match (sides, road.terminus) {
            (2, None) => Ok(()),
            (2, Some(_)) => Err(format!(
                "road {id} runs through the tile, so it has no terminus"
            )),
            (1, None) => Err(format!(
                "road {id} ends on the tile: say where with terminus"
            )),
            (1, Some(Terminus::Cloister)) if !self.cloister => Err(format!(
                "road {id} ends at a cloister but the tile has none"
            )),
            (1, Some(Terminus::City)) if self.city.is_empty() => Err(format!(
                "road {id} ends at a city gate but the tile has no city"
            )),
            (1, Some(Terminus::Junction)) if self.road.len() < 3 => Err(format!(
                "road {id} ends at a junction of fewer than 3 roads"
            )),
            (1, Some(_)) => Ok(()),
            _ => Err(format!("road {id} must reach 1 or 2 sides")),
        }
    }
}

/// A segment touching nothing yet; the caller fills in what it reaches.
fn bare(kind: SegmentKind, id: &str) -> SegmentDef {
    SegmentDef {
        kind,
        id: id.to_string(),
        edges: 0,
        half_edges: 0,
        pennant: false,
        borders: Vec::new(),
    }
}

/// Each city or road side belongs to exactly one segment of that kind, field
/// sides to none; each half-side of a non-city side to exactly one field.
fn check_coverage(edges: &[Terrain; 4], segments: &[SegmentDef]) -> Result<(), String> {
    let mut side_owner: [Option<&SegmentDef>; 4] = [None; 4];
    let mut half_owner: [Option<&SegmentDef>; 8] = [None; 8];
    for s in segments {
        for (i, slot) in side_owner.iter_mut().enumerate() {
            if s.edges & (1 << i) != 0 {
                if let Some(other) = slot.replace(s) {
                    return Err(format!(
                        "{} and {} both reach side {}",
                        other.id, s.id, SIDE[i]
                    ));
                }
            }
        }
        for (i, slot) in half_owner.iter_mut().enumerate() {
            if s.half_edges & (1 << i) != 0 {
                if let Some(other) = slot.replace(s) {
                    return Err(format!(
                        "{} and {} both touch half-side {}",
                        other.id, s.id, HALF[i]
                    ));
                }
            }
        }
    }
    for (side, terrain) in edges.iter().enumerate() {
        let owner = side_owner[side].map(|s| s.kind);
        let expected = match terrain {
            Terrain::City => Some(SegmentKind::City),
            Terrain::Road => Some(SegmentKind::Road),
            Terrain::Field => None,
        };
        if owner != expected {
            return Err(format!(
                "side {} is {terrain} in edges but its segments disagree",
                SIDE[side]
            ));
        }
        for half in [2 * side, 2 * side + 1] {
            match (terrain, half_owner[half]) {
                (Terrain::City, Some(f)) => {
                    return Err(format!(
                        "field {} touches {}, on a city side",
                        f.id, HALF[half]
                    ))
                }
                (Terrain::Road | Terrain::Field, None) => {
                    return Err(format!("no field touches half-side {}", HALF[half]))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::carcassonne::points::tests::BASE;

    const BASE_TILES: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/variants/data/carcassonne-base-tiles.toml"
    ));

    pub(crate) fn base() -> TileSet {
        TileSet::from_toml_str(BASE_TILES).expect("base tile set loads")
    }

    #[test]
    fn base_set_totals() {
        let set = base();
        assert_eq!(set.types().len(), 24);
        assert_eq!(set.total(), 72);
        let counts: String = set
            .types()
            .iter()
            .map(|t| format!("{}{}", t.id, t.count))
            .collect();
        assert_eq!(counts, "A2B4C1D4E5F2G1H3I2J3K3L3M2N3O2P3Q1R3S2T1U8V9W4X1");
        let copies_with = |kind: SegmentKind, pennant: bool| -> u32 {
            set.types()
                .iter()
                .filter(|t| {
                    t.segments
                        .iter()
                        .any(|s| s.kind == kind && s.pennant >= pennant)
                })
                .map(|t| t.count)
                .sum()
        };
        assert_eq!(copies_with(SegmentKind::Cloister, false), 6);
        assert_eq!(copies_with(SegmentKind::City, true), 10);
        assert_eq!(set.types()[set.start_tile()].id, "D");
        assert_eq!(set.by_id("D"), Some(set.start_tile()));
        let pile = set.draw_pile();
        assert_eq!(pile.len(), 71);
        assert_eq!(pile.iter().filter(|&&t| t == set.start_tile()).count(), 3);
        assert!(pile.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(set.points(), BASE);
    }

    #[test]
    fn segments_follow_the_data() {
        let set = base();
        let h = &set.types()[set.by_id("H").unwrap()];
        let labels: Vec<String> = h.segments.iter().map(|s| s.label(0)).collect();
        assert_eq!(labels, ["city:E", "city:W", "field:NwNeSeSw"]);
        assert_eq!(h.segments[2].borders, [0, 1]);
        let a = &set.types()[set.by_id("A").unwrap()];
        let labels: Vec<String> = a.segments.iter().map(|s| s.label(1)).collect();
        assert_eq!(labels, ["road:W", "cloister", "field:NwNeEnEsSeSwWsWn"]);
    }

    fn load_err(text: &str) -> TileSetError {
        TileSet::from_toml_str(text).expect_err("should be refused")
    }

    /// The base file with one line of tile E replaced.
    fn base_with(old: &str, new: &str) -> String {
        assert!(BASE_TILES.contains(old), "{old}");
        BASE_TILES.replacen(old, new, 1)
    }

    /// The 1-based line of `text` that is `line`.
    fn line_of(text: &str, line: &str) -> Option<usize> {
        text.lines().position(|l| l == line).map(|i| i + 1)
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        let err = load_err("[points]\nroad_tile = 1\ncity_tile = = 2\n");
        assert_eq!(
            (err.fault.clone(), err.line, err.column),
            (Fault::Toml, Some(3), Some(13))
        );
        assert!(err.to_string().starts_with("line 3, column 13: "), "{err}");
    }

    #[test]
    fn unknown_keys_are_refused_at_their_line() {
        for (old, new, key) in [
            ("count = 5\n", "count = 5\ngarden = 1\n", "garden = 1"),
            (
                "farm_incomplete_city = 0",
                "farm_incomplete_city = 0\nbonus = 1",
                "bonus = 1",
            ),
        ] {
            let text = base_with(old, new);
            let err = load_err(&text);
            assert_eq!(
                (err.fault.clone(), err.line),
                (Fault::Toml, line_of(&text, key))
            );
        }
    }

    #[test]
    fn shape_errors_name_the_tile() {
        let cases = [
            // a half-side of a field side left uncovered
            (
                r#""En", "Es", "Se", "Sw", "Ws", "Wn"], borders"#,
                r#""En", "Es", "Se", "Sw", "Ws"], borders"#,
            ),
            // a field on a city side
            (
                r#""En", "Es", "Se", "Sw", "Ws", "Wn"], borders"#,
                r#""Nw", "En", "Es", "Se", "Sw", "Ws", "Wn"], borders"#,
            ),
            // a field bordering a city the tile does not have
            (
                r#"borders_cities = ["c1"] }]"#,
                r#"borders_cities = ["c9"] }]"#,
            ),
            // a road side that no road reaches
            (
                r#"edges = ["city", "field", "field", "field"]"#,
                r#"edges = ["city", "field", "road", "field"]"#,
            ),
        ];
        let line = line_of(BASE_TILES, "id = \"E\"").unwrap();
        for (old, new) in cases {
            let err = load_err(&base_with(old, new));
            assert_eq!(err.fault, Fault::Tile("E".into()), "{err}");
            assert!(
                err.line.is_some_and(|l| l.abs_diff(line) <= 2),
                "{err:?} near {line}"
            );
        }
        // a road ending on tile A without saying where
        let err = load_err(&base_with(r#", terminus = "cloister""#, ""));
        assert_eq!(err.fault, Fault::Tile("A".into()), "{err}");
        let err = load_err(&base_with("start_tile_copies = 1\n", ""));
        assert_eq!(err.fault, Fault::StartTile, "{err}");
        let twice = BASE_TILES.replacen("id = \"E\"", "id = \"D\"", 1);
        assert_eq!(load_err(&twice).fault, Fault::TwiceDefined("D".into()));
    }
}
