//! Carcassonne primitives: tile data, the table, the feature graph, point
//! values, and pictures of the table as text and as SVG.
//!
//! Plain Rust with no scripting types and no rule of who scores: the rules
//! scripts ask questions ("where can this tile go", "what did it complete",
//! "who has the majority", "what is it worth") and decide for themselves.

mod board;
mod features;
mod geometry;
mod grid;
mod points;
mod render;
mod svg;
mod tile;
mod tile_set;

#[cfg(test)]
mod tests;

pub use board::{Board, BoardError, MeepleView, PlacedTile, SegmentView};
pub use features::{FeatureId, FeatureInfo};
pub use geometry::{Placement, Pos};
pub use points::PointValues;
pub use render::{render_board, render_tile, RenderOptions};
pub use svg::{render_svg, Seat};
pub use tile::{SegmentDef, SegmentKind, Terrain, TileType, TileTypeId};
pub use tile_set::{TileSet, TileSetError};
