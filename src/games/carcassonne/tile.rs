//! One tile type and its segments, plus the per-rotation lookup tables the
//! board uses so that placing never recomputes a rotation.

use std::fmt;

use serde::Deserialize;

use super::geometry::{bit_names, rotate_half_edges, rotate_sides, HALF_EDGE_NAMES, SIDE_LETTERS};

/// Index into [`TileSet::types`](super::TileSet::types).
pub type TileTypeId = usize;

/// What lies at the middle of a tile side; neighbours must agree on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    City,
    Road,
    Field,
}

impl Terrain {
    /// Two bits per side in [`Orientation::packed`]; never 0 so a packed
    /// side can be told from "no neighbour".
    fn code(self) -> u8 {
        match self {
            Terrain::City => 1,
            Terrain::Road => 2,
            Terrain::Field => 3,
        }
    }
}

impl fmt::Display for Terrain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Terrain::City => "city",
            Terrain::Road => "road",
            Terrain::Field => "field",
        })
    }
}

/// The kind of a segment, and so of the feature it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SegmentKind {
    City,
    Road,
    Field,
    /// A cloister is a one-segment feature with no sides.
    Cloister,
}

impl SegmentKind {
    pub fn name(self) -> &'static str {
        match self {
            SegmentKind::City => "city",
            SegmentKind::Road => "road",
            SegmentKind::Field => "field",
            SegmentKind::Cloister => "cloister",
        }
    }
}

impl fmt::Display for SegmentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One printed piece of a tile, at rotation 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SegmentDef {
    pub kind: SegmentKind,
    /// The id from the data file ("c1", "r2", "f1"; "cloister").
    pub id: String,
    /// Sides reached by a city or road: bit per side, N=1 E=2 S=4 W=8.
    pub edges: u8,
    /// Half-sides touched by a field: bit i = half-side i (Nw Ne En Es Se Sw Ws Wn).
    pub half_edges: u8,
    pub pennant: bool,
    /// For a field: indices into the tile's `segments` of the cities it touches.
    pub borders: Vec<usize>,
}

impl SegmentDef {
    /// The player-facing name of this segment once rotated: kind plus the
    /// sides it reaches, e.g. "city:N", "road:EW", "field:NwNe", "cloister".
    /// Unique within a tile because segments never share a side or half-side.
    pub fn label(&self, rotation: u8) -> String {
        let sides = match self.kind {
            SegmentKind::City | SegmentKind::Road => {
                bit_names(rotate_sides(self.edges, rotation), &SIDE_LETTERS)
            }
            SegmentKind::Field => bit_names(
                rotate_half_edges(self.half_edges, rotation),
                &HALF_EDGE_NAMES,
            ),
            SegmentKind::Cloister => return self.kind.name().to_string(),
        };
        format!("{}:{}", self.kind, sides)
    }
}

/// A tile type at rotation 0. Segment order is cities, roads, the cloister,
/// then fields, each in data-file order; segment indices follow it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileType {
    pub id: String,
    pub name: String,
    pub count: u32,
    pub start_copies: u32,
    /// Terrain at the middle of N, E, S, W.
    pub edges: [Terrain; 4],
    pub segments: Vec<SegmentDef>,
}

/// A tile type turned to one rotation, seen in table directions.
#[derive(Clone, Debug)]
pub(crate) struct Orientation {
    pub edges: [Terrain; 4],
    /// `edges` as 2 bits per side, for matching a whole cell at once.
    pub packed: u8,
    /// The city or road segment at each side.
    pub side_segment: [Option<usize>; 4],
    /// The field segment at each half-side.
    pub half_segment: [Option<usize>; 8],
    pub labels: Vec<String>,
}

impl Orientation {
    pub fn new(tile: &TileType, rotation: u8) -> Orientation {
        let mut edges = [Terrain::Field; 4];
        for (side, terrain) in tile.edges.iter().enumerate() {
            edges[(side + usize::from(rotation)) % 4] = *terrain;
        }
        let mut side_segment = [None; 4];
        let mut half_segment = [None; 8];
        for (i, seg) in tile.segments.iter().enumerate() {
            let sides = rotate_sides(seg.edges, rotation);
            let halves = rotate_half_edges(seg.half_edges, rotation);
            for (side, slot) in side_segment.iter_mut().enumerate() {
                if sides & (1 << side) != 0 {
                    *slot = Some(i);
                }
            }
            for (half, slot) in half_segment.iter_mut().enumerate() {
                if halves & (1 << half) != 0 {
                    *slot = Some(i);
                }
            }
        }
        Orientation {
            edges,
            packed: pack(edges.map(Some)),
            side_segment,
            half_segment,
            labels: tile.segments.iter().map(|s| s.label(rotation)).collect(),
        }
    }
}

/// Packs up to 4 side terrains, 2 bits each; `None` packs as 0.
pub(crate) fn pack(edges: [Option<Terrain>; 4]) -> u8 {
    edges
        .iter()
        .enumerate()
        .map(|(side, t)| t.map_or(0, Terrain::code) << (2 * side))
        .fold(0, |a, b| a | b)
}
